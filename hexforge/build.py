"""``hexforge build GAME``: every artefact of a game, in order, into ``build/<game>/``: the art, the VASSAL module,
the print-and-play PDFs (:mod:`hexforge.rebuild`, through the build cache in ``build/<game>/.cache/``: only what a
change touched is made again, and the files are the same bytes as a clean build's).

``--watch`` builds again whenever a file of the game folder changes (:mod:`hexforge.watch`); ``--no-cache`` makes
everything afresh (and leaves the cache as it was).
"""

from __future__ import annotations

import argparse
import os

import games

# the steps in order, each with the module of its own command (``hexforge art``, ``pnp``: the same outputs, uncached)
STEPS: list[tuple[str, str]] = [
    ("art", "art.build"),
    ("module", "hexforge.module_step"),
    ("pnp", "art.pnp.build"),
]
STEP_OPTIONS: dict[str, tuple[str, ...]] = {"pnp": ("paper",)}  # options of `build` a step's build() takes


def game_and_output_root(p: argparse.ArgumentParser) -> None:
    """The arguments every building command has (``build``, ``art``, ``pnp``, ``preview``)."""
    p.add_argument("game", help="game id (e.g. no_retreat) or path to a game folder")
    p.add_argument("-o", "--out", default="build", help="output root (default: build)")


def add_arguments(p: argparse.ArgumentParser) -> None:
    """``hexforge build``: the game, the output root, the options handed to the steps that take them, the loop."""
    game_and_output_root(p)
    p.add_argument("--paper", default="letter", choices=("a4", "letter"),
                   help="paper of the print-and-play set (default: letter)")
    p.add_argument("--watch", action="store_true",
                   help="build, then build again each time a file of the game folder is saved (Ctrl-C stops)")
    p.add_argument("--no-cache", action="store_true", help="make every output afresh, without the build cache")
    p.add_argument("--interval", type=float, default=0.5, metavar="SECONDS",
                   help="--watch: how often the game folder is checked for saved changes (default 0.5, 0.1 to 10)")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "watch", False):
        from .watch import watch

        return watch(args.game, args.out, use_cache=not args.no_cache, interval=args.interval, paper=args.paper)
    from .rebuild import build_game

    game = games.load(args.game)
    out_dir = os.path.join(args.out, game.id)
    build_game(game, out_dir, use_cache=not getattr(args, "no_cache", False), say=print,
               paper=getattr(args, "paper", "letter"))
    print(f"built {game.title} into {out_dir}")
    return 0
