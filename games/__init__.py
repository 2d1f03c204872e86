"""Game definitions as data: the typed model, hex geometry, and loading/checking of ``games/<id>/`` folders."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .errors import MAX_ERRORS, DataError, DataErrors

if TYPE_CHECKING:
    from .loader import Checked
    from .model import Game

GAMES_DIR = os.path.dirname(os.path.abspath(__file__))


def game_dir(game: str) -> str:
    """The folder of a game given by path, or by id (``no_retreat``): a game of this package, else an installed one
    (entry point group ``hexforge.games``, :mod:`.installed`), else the folder of that name in the current folder
    (where ``hexforge new`` writes one)."""
    if os.sep in game or game.startswith("."):
        return game
    builtin = os.path.join(GAMES_DIR, game)
    if os.path.isfile(os.path.join(builtin, "game.toml")):
        return builtin
    from .fields import ID
    from .installed import game_folder

    if not ID.fullmatch(game):
        return builtin
    installed = game_folder(game)
    if installed is not None:
        return installed
    here = os.path.join(os.curdir, game)
    return here if os.path.isfile(os.path.join(here, "game.toml")) else builtin


def _root(game: str) -> str:
    root = game_dir(game)
    if not os.path.isfile(os.path.join(root, "game.toml")):
        raise DataError(game, "no such game (no game.toml in its folder)")
    return root


def load(game: str) -> Game:
    """Load and check a game by id or folder path; raises :class:`DataError` (:class:`DataErrors` with every problem
    found, each ``file:line: message``)."""
    from .loader import load_folder

    return load_folder(_root(game))


def check(game: str, max_errors: int = MAX_ERRORS) -> Checked:
    """Load a game by id or folder path and collect every problem (``hexforge info``): the game, as far as it could
    be loaded, and the problems."""
    from .loader import check_folder

    return check_folder(_root(game), max_errors)


def __getattr__(name: str):
    """``games.Game``, imported when first asked for (importing ``games.errors`` alone makes no model class)."""
    if name == "Game":
        from .model import Game

        return Game
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DataError", "DataErrors", "Game", "load", "check", "game_dir", "GAMES_DIR"]
