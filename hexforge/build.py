"""``hexforge build GAME``: every artefact of a game, in order, into ``build/<game>/``.

Each step is a ``(name, module)`` whose module has ``build(game, out_dir) -> list[str]`` returning the paths it
wrote. Steps are added here as the packages that own them land.
"""

from __future__ import annotations

import argparse
import importlib
import os
import time

import games
from games.atomic import Staging

STEPS: list[tuple[str, str]] = [
    ("art", "art.build"),
    ("module", "hexforge.module_step"),
    ("pnp", "art.pnp.build"),
]
STEP_OPTIONS: dict[str, tuple[str, ...]] = {"pnp": ("paper",)}  # options of `build` a step's build() takes


def game_and_output_root(p: argparse.ArgumentParser) -> None:
    """The arguments every building command has (``build``, ``art``, ``pnp``)."""
    p.add_argument("game", help="game id (e.g. no_retreat) or path to a game folder")
    p.add_argument("-o", "--out", default="build", help="output root (default: build)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``hexforge build``: the game, the output root, and the options handed to the steps that take them."""
    game_and_output_root(p)
    p.add_argument("--paper", default="letter", choices=("a4", "letter"),
                   help="paper of the print-and-play set (default: letter)")


def run(args: argparse.Namespace) -> int:
    game = games.load(args.game)
    out_dir = os.path.join(args.out, game.id)
    with Staging(out_dir, [game.root]) as folder:  # all or nothing: moved into out_dir once every step succeeded
        for name, module_name in STEPS:
            start = time.perf_counter()
            options = {key: getattr(args, key) for key in STEP_OPTIONS.get(name, ()) if hasattr(args, key)}
            written = importlib.import_module(module_name).build(game, folder, **options)
            print(f"{name}: {len(written)} files in {time.perf_counter() - start:.1f} s")
    print(f"built {game.title} into {out_dir}")
    return 0
