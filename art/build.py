"""``hexforge art GAME`` and the ``art`` build step: every image of a game into ``build/<game>/images/``.

Naming contract (the module writer and print-and-play rely on it)::

    images/map.png, images/board_tracks.png
    images/units/<unit_id>_front.png, _back.png
    images/markers/<kind>_front.png, _back.png        (round and square markers)
    images/cards/<card_id>.png, images/cards/back.png    (a game with cards)
    images/charts/<name>.png                          (crt_<id>, tec, weather, turn_track)
    contact_sheet.png                                 (next to images/)

Everything is rendered in memory first and written only when all of it succeeded, so a build error (for example
text that does not fit a card) leaves no half-written set behind.
"""

from __future__ import annotations

import argparse
import os
from typing import Callable, Iterator

from PIL import Image

import games
from games import Game
from games.atomic import Staging, inside, write_file

from games.errors import MAX_ERRORS, DataErrors

from . import banded_png
from .boards import boards
from .check import style_problems
from .canvas import save_png
from .cards import render_card, render_card_back
from .charts import chart_tables, render_chart
from .counters import marker_kinds, render_marker, render_unit
from .map_sheet import render_map
from .style import Style, style_of
from .track_board import render_tracks_board

FACES = ("front", "back")
CONTACT_SHEET = "contact_sheet.png"

Job = tuple[str, str, Callable[[], Image.Image]]  # (kind, relative path, renderer)


def jobs(game: Game, style: Style | None = None) -> Iterator[Job]:
    """Every image of the game as (artefact kind, path relative to ``build/<game>/``, renderer), in a fixed order."""
    style = style or style_of(game)
    the_map, tracks = boards(game, 1.0, style)
    yield "map", the_map.image, lambda: render_map(game, the_map.layout, style)
    yield "board", tracks.image, lambda: render_tracks_board(game, tracks, style)
    unit_px = int(style.num("counters.module_px"))
    for uid in game.units:
        for face in FACES:
            yield "unit", f"images/units/{uid}_{face}.png", (lambda u=uid, f=face: render_unit(game, u, f, unit_px,
                                                                                                style))
    marker_px = int(style.num("markers.module_px"))
    for kind, marker in marker_kinds(game).items():
        px = marker_px if marker.shape == "round" else unit_px
        for face in FACES:
            yield "marker", f"images/markers/{kind}_{face}.png", (lambda k=kind, f=face, p=px: render_marker(
                game, k, f, p, style))
    dpi = style.num("cards.module_dpi")
    for cid in game.cards:
        yield "card", f"images/cards/{cid}.png", (lambda c=cid: render_card(game, c, dpi, style))
    if game.cards:  # (a game without cards has no card back either)
        yield "card", "images/cards/back.png", lambda: render_card_back(game, dpi, style)
    for name in chart_tables(game, style):
        yield "chart", f"images/charts/{name}.png", (lambda n=name: render_chart(game, n, None, style))


def contact_sheet(rendered: dict[str, Image.Image], style: Style, halves: dict | None = None) -> Image.Image:
    """All counters, markers and cards on one image, in build order, for review. ``halves``: the cards' half-size
    tiles of an earlier sheet, kept by the caller between builds (by image object: a rebuild hands the unchanged
    images again as the same objects, :mod:`hexforge.rebuild`); the tiles made now are added to it."""
    paper = style.colour("board.paper")

    def half(im: Image.Image) -> Image.Image:
        known = halves.get(id(im)) if halves is not None else None
        if known is not None and known[0] is im:  # (the dict holds ``im``: its id is not reused meanwhile)
            return known[1]
        out = im.resize((im.width // 2, im.height // 2), Image.Resampling.LANCZOS)
        if halves is not None:
            halves[id(im)] = (im, out)
        return out
    groups = [
        [im for p, im in rendered.items() if p.startswith("images/units/")],
        [im for p, im in rendered.items() if p.startswith("images/markers/")],
        [half(im) for p, im in rendered.items() if p.startswith("images/cards/")],
    ]
    width = 2400
    gap = 6
    placed: list[tuple[Image.Image, int, int]] = []
    y = gap
    for group in groups:
        x, row_h = gap, 0
        for im in group:
            if x + im.width + gap > width:
                x, y = gap, y + row_h + gap
                row_h = 0
            placed.append((im, x, y))
            x += im.width + gap
            row_h = max(row_h, im.height)
        y += row_h + gap * 4
    sheet = Image.new("RGB", (width, y), paper)
    for im, x, yy in placed:
        sheet.paste(im, (x, yy), im if im.mode == "RGBA" else None)
    return sheet


def contact_sheet_png(sheet: Image.Image, style: Style) -> bytes:
    """The contact sheet as a PNG, encoded in bands (:mod:`art.banded_png`): encoding it again after a few counters
    changed compresses only the rows they are in."""
    return banded_png.png_bytes(sheet, int(style.num("png.compress_level")))


def render_all(game: Game, style: Style | None = None) -> dict[str, Image.Image]:
    style = style or style_of(game)
    return {path: render() for _, path, render in jobs(game, style)}


def check_style(game: Game) -> None:
    """Refuse a game whose style has no look for something its data names (:mod:`art.check`, what ``hexforge info``
    reports): every problem, up to the cap, in one error."""
    problems = style_problems(game)
    if problems:
        raise DataErrors(problems[:MAX_ERRORS], len(problems) > MAX_ERRORS)


def build(game: Game, out_dir: str) -> list[str]:
    """The ``art`` build step: check the style (:func:`check_style`), render everything, then write it; returns the
    paths written."""
    check_style(game)
    style = style_of(game)
    rendered = render_all(game, style)
    sheet = contact_sheet_png(contact_sheet(rendered, style), style)
    return [save_png(im, inside(out_dir, path), style) for path, im in rendered.items()] + \
        [write_file(out_dir, CONTACT_SHEET, sheet)]


def add_arguments(p: argparse.ArgumentParser) -> None:
    from hexforge.build import game_and_output_root  # the same game and output arguments as `hexforge build`

    game_and_output_root(p)


def run(args: argparse.Namespace) -> int:
    game = games.load(args.game)
    out_dir = os.path.join(args.out, game.id)
    with Staging(out_dir, [game.root]) as folder:
        written = build(game, folder)
    print(f"art: {len(written)} images in {os.path.join(out_dir, 'images')}")
    return 0
