"""Game definitions as data: the typed model, hex geometry, and loading/checking of ``games/<id>/`` folders."""

from __future__ import annotations

import os

from .errors import DataError
from .model import Game

GAMES_DIR = os.path.dirname(os.path.abspath(__file__))


def game_dir(game: str) -> str:
    """The folder of a game given by id (``no_retreat``) or by path."""
    if os.sep in game or game.startswith("."):
        return game
    return os.path.join(GAMES_DIR, game)


def load(game: str) -> Game:
    """Load and check a game by id or folder path; raises :class:`DataError` with ``file:line: message``."""
    from .loader import load_folder

    root = game_dir(game)
    if not os.path.isfile(os.path.join(root, "game.toml")):
        raise DataError(game, "no such game (no game.toml in its folder)")
    return load_folder(root)


__all__ = ["DataError", "Game", "load", "game_dir", "GAMES_DIR"]
