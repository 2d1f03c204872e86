"""``hexforge build GAME``: every artefact of a game, in order, into ``build/<game>/``.

Each step is a ``(name, module)`` whose module has ``build(game, out_dir) -> list[str]`` returning the paths it
wrote. Steps are added here as the packages that own them land. The module step also gets the game's battles as its
rules package describes them (its ``battle_model`` module, issue 22): the command line is what may hand the rules'
description to the module writer.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import time

import games
from games.atomic import Staging

STEPS: list[tuple[str, str]] = [
    ("art", "art.build"),
    ("module", "modgen.module"),
    ("pnp", "art.pnp.build"),
]


def battle_model(game: games.Game):
    """What the game's rules package says about its battles (``<rules_package>.battle_model.battle_model(game)``),
    or None: the module writer then reads the battles from the game data alone."""
    if not game.rules_package or importlib.util.find_spec(game.rules_package) is None:
        return None
    name = f"{game.rules_package}.battle_model"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name).battle_model(game)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (e.g. no_retreat) or path to a game folder")
    p.add_argument("-o", "--out", default="build", help="output root (default: build)")


def run(args: argparse.Namespace) -> int:
    game = games.load(args.game)
    out_dir = os.path.join(args.out, game.id)
    extra = {"module": {"battles": battle_model(game)}}
    with Staging(out_dir, [game.root]) as folder:  # all or nothing: moved into out_dir once every step succeeded
        for name, module_name in STEPS:
            start = time.perf_counter()
            written = importlib.import_module(module_name).build(game, folder, **extra.get(name, {}))
            print(f"{name}: {len(written)} files in {time.perf_counter() - start:.1f} s")
    print(f"built {game.title} into {out_dir}")
    return 0
