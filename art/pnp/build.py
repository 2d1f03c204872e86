"""``hexforge pnp GAME`` and the ``pnp`` build step: the print-and-play PDFs into ``build/<game>/pnp/``.

Files (naming contract)::

    counters.pdf      unit and marker sheets, fronts and backs (or fold-over pages)
    cards.pdf         event cards, 9 a page, and their backs (only for a game with cards)
    calibration.pdf   the printer calibration page for --back-offset
    map_tiles.pdf     an overview page, then each map section (or the whole map) in tiles at full size
    map_poster.pdf    each map section (or the whole map) on one page of its own size, for a print shop
    aids.pdf          the Sequence of Play, then the charts and the tracks board packed onto pages

Each document is written as soon as it is composed (one at a time: memory holds one PDF), into the folder the
command stages; the folder replaces the old set only when every document succeeded.
"""

from __future__ import annotations

import argparse
import os
from typing import Callable, Iterable, Iterator

import games
from games import Game
from games.atomic import Staging, write_file
from games.errors import UserError

from ..style import Style, style_of
from .aids import player_aids
from .calibration import calibration_page
from .card_sheets import card_sheets
from .counter_sheets import FaceStore, counter_sheets
from .map_tiles import PrintMap, map_documents
from .paper import COUNTER_LAYOUTS, DUPLEX_MODES, PAPERS, OptionError, Options, parse_length, parse_offset

PNP_DIR = "pnp"


def documents(game: Game, options: Options, style: Style | None = None, faces: FaceStore | None = None
              ) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """Every print-and-play PDF: (file name, what composes it), in order (``faces``: where the counters' faces come
    from, :func:`.counter_sheets.face_images`)."""
    style = style or style_of(game)
    print_map = PrintMap(game, options, style)
    maps: list[bytes] = []  # the tiles and the poster are made in one pass over the print map

    def map_document(i: int) -> bytes:
        if not maps:
            maps.extend(map_documents(game, options, print_map))
        return maps[i]

    yield "counters.pdf", lambda: counter_sheets(game, options, style, faces)
    if game.cards:
        yield "cards.pdf", lambda: card_sheets(game, options, style)
    yield "calibration.pdf", lambda: calibration_page(game, options)
    yield "map_tiles.pdf", lambda: map_document(0)
    yield "map_poster.pdf", lambda: map_document(1)
    yield "aids.pdf", lambda: player_aids(game, options, style)


def write(docs: Iterable[tuple[str, Callable[[], bytes]]], out_dir: str) -> list[str]:
    """Compose and write every document into ``<out_dir>/pnp/``, one at a time; returns the paths written."""
    return [write_file(out_dir, f"{PNP_DIR}/{name}", make()) for name, make in docs]


def build(game: Game, out_dir: str, paper: str = "letter") -> list[str]:
    """The ``pnp`` build step: the default set (5/8 in counters, long-edge duplex) on ``paper``."""
    return write(documents(game, Options(paper=paper)), out_dir)


def add_arguments(p: argparse.ArgumentParser) -> None:
    from hexforge.build import game_and_output_root  # the same game and output arguments as `hexforge build`

    game_and_output_root(p)
    p.add_argument("--paper", default="letter", choices=sorted(PAPERS), help="paper size (default: letter)")
    p.add_argument("--counter-size", default="5/8in", metavar="LENGTH",
                   help="counter side, e.g. 5/8in (default), 1/2in, 16mm")
    p.add_argument("--duplex", default="long", choices=DUPLEX_MODES,
                   help="long / short: print both sides, flipping on that edge; fold: one side, fold over")
    p.add_argument("--back-offset", default="0,0", metavar="X,Y",
                   help="mm the backs are moved by, as read on the calibration page (default 0,0)")
    p.add_argument("--back-cut-lines", action="store_true", help="print cut lines on the backs too")
    p.add_argument("--counter-layout", default="gutter", choices=COUNTER_LAYOUTS,
                   help="gutter: each counter cut on its own lines (default); shared: counters butted together, "
                        "one cut per line")


def options_from(args: argparse.Namespace) -> Options:
    return Options(paper=args.paper, counter_mm=parse_length(args.counter_size, "--counter-size"),
                   duplex=args.duplex, back_offset=parse_offset(args.back_offset),
                   back_cut_lines=args.back_cut_lines, counter_layout=args.counter_layout)


def run(args: argparse.Namespace) -> int:
    try:
        options = options_from(args)
    except OptionError as exc:
        raise UserError(str(exc)) from None
    game = games.load(args.game)
    out_dir = os.path.join(args.out, game.id)
    with Staging(out_dir, [game.root]) as folder:  # all or nothing: moved into out_dir once every PDF is written
        written = write(documents(game, options), folder)
    print(f"pnp: {len(written)} PDFs in {os.path.join(out_dir, PNP_DIR)}")
    return 0
