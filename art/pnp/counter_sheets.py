"""Counter sheets (2.3): both faces of every unit and every physical marker, fronts on one page and backs where
the duplex flip (or the fold) puts them behind their fronts (see :mod:`art.pnp.imposition`).

Each counter is printed at its cut size plus a bleed: the art's edge, just inside its drawn border, is repeated
outward for ``bleed_mm``, so a cut a little off the line still shows the counter's colour to the edge. Round
markers are printed as their disc on a square tile of the face's colour (cut square like a unit; the disc's ring
is a guide for a circle punch). Units come first, then the markers from a fresh row, in data order.

Two layouts (``Options.counter_layout``): ``gutter`` gives every counter its own bleed and a strip of spare paper
between neighbours (two cuts between two counters); ``shared`` butts the counters together, so one cut along each
line separates two rows or columns, the bleed kept only around the block's outer edge (each page's block is one
image composed pixel for pixel: no seam, no overlap).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Callable

import numpy as np
from PIL import Image

from games import Game
from games.model import Marker

from ..counters import marker_face, render_marker, render_unit
from ..style import Style, parse_colour, style_of
from .imposition import SheetLayout, impose
from .marks import cut_lines
from .paper import Options, length_name, px_for
from .pdf import new_document, to_bytes
from .sheets import Art, draw_sheets

DISC = 0.92  # a round marker's disc diameter, as a fraction of its square tile
BORDER_TOLERANCE = 30  # max channel difference from the style's counter border colour that counts as border


def counter_groups(game: Game) -> list[list[str]]:
    """The items of the counter sheets, in order: every unit, then every physical marker."""
    return [[f"unit/{uid}" for uid in game.units], [f"marker/{m.id}" for m in game.all_markers]]


def counter_px(options: Options) -> int:
    return px_for(options.counter_mm, options.dpi)


def bleed_px(options: Options) -> int:
    return math.ceil(options.bleed_mm / (options.counter_mm / counter_px(options)) - 1e-9)


def bleed_mm(options: Options) -> float:
    """The bleed as printed: a whole number of the counter image's pixels."""
    return bleed_px(options) * options.counter_mm / counter_px(options)


def counter_layout(game: Game, options: Options) -> SheetLayout:
    size = options.counter_mm
    if options.counter_layout == "shared":  # butted; the block's bleed stays inside the margins and the fold gap
        bleed = bleed_mm(options)
        return impose(counter_groups(game), (size, size), (size, size),
                      replace(options, fold_gap_mm=options.fold_gap_mm + bleed), options.margin_mm + bleed)
    pitch = size + 2 * bleed_mm(options) + options.gutter_mm
    return impose(counter_groups(game), (size, size), (pitch, pitch), options, options.margin_mm)


def border_depth(img: Image.Image, border: tuple[int, int, int]) -> int:
    """How many pixels in from the edge the art's drawn border (and its antialiased rim) reaches: the deepest of
    the four sides, measured at their midpoints, at most 5 % of the side."""
    arr = np.asarray(img.convert("RGB")).astype(int)
    s = arr.shape[0]
    mid = s // 2
    rays = (arr[:, mid], arr[::-1, mid], arr[mid, :], arr[mid, ::-1])
    depth = 0
    for ray in rays:
        near = np.abs(ray[: max(1, s // 20)] - np.array(border)).max(axis=1) <= BORDER_TOLERANCE
        run = int(np.argmin(near)) if not near.all() else len(near)
        depth = max(depth, run)
    return min(depth + 2, max(1, s // 20))


def with_bleed(img: Image.Image, bleed: int, depth: int) -> Image.Image:
    """``img`` grown by ``bleed`` pixels on every side, repeating its pixels ``depth`` inside the edge outward."""
    arr = np.asarray(img.convert("RGB"))
    s = arr.shape[0]
    inner = arr[depth:s - depth, depth:arr.shape[1] - depth]
    pad = depth + bleed
    out = np.pad(inner, ((pad, pad), (pad, pad), (0, 0)), mode="edge")
    out[bleed:bleed + s, bleed:bleed + arr.shape[1]] = arr
    return Image.fromarray(out)


def marker_tile(game: Game, marker: Marker, face: str, px: int, style: Style) -> Image.Image:
    """A marker face as a square RGB tile: square markers as drawn, round ones as a disc on the face colour."""
    art = render_marker(game, marker.kind, face, px if marker.shape == "square" else round(px * DISC), style)
    if art.mode != "RGBA":
        return art.convert("RGB")
    tile = Image.new("RGB", (px, px), parse_colour(marker_face(marker, face).colour, f"markers.csv: {marker.kind}"))
    off = (px - art.width) // 2
    tile.paste(art, (off, off), art)
    return tile


FaceStore = Callable[[str, str, Callable[[Game], Image.Image]], Image.Image]


def face_images(game: Game, options: Options, style: Style, faces: FaceStore | None = None
                ) -> dict[tuple[str, str], Art]:
    """The printed image (art plus bleed) of every face of every item; markers of a kind share one image.
    ``faces(item, face, draw)``: where a face comes from (``draw(game)`` makes it; a build cache may have it
    already, :mod:`hexforge.rebuild`); by default each is drawn."""
    px, bleed = counter_px(options), bleed_px(options)
    border = style.colour("counters.border")
    get = faces or (lambda item, face, draw: draw(game))

    def bled(img: Image.Image) -> Image.Image:
        return with_bleed(img, bleed, border_depth(img, border))

    markers = {m.id: m for m in game.all_markers}
    by_kind: dict[tuple[str, str], Art] = {}
    out = {}
    for group in counter_groups(game):
        for item in group:
            kind, ident = item.split("/", 1)
            for face in ("front", "back"):
                if kind == "unit":
                    img = Art(get(item, face, lambda g, u=ident, f=face: bled(render_unit(g, u, f, px, style))), bleed)
                else:
                    m = markers[ident]
                    key = (m.kind, face)
                    if key not in by_kind:
                        by_kind[key] = Art(get(f"marker/{m.kind}", face, lambda g, m=m, f=face: bled(
                            marker_tile(g, m, f, px, style))), bleed)
                    img = by_kind[key]
                out[(item, face)] = img
    return out


def counter_sheets(game: Game, options: Options, style: Style | None = None, faces: FaceStore | None = None
                   ) -> bytes:
    """The counter sheets as a PDF (``faces``: see :func:`face_images`)."""
    style = style or style_of(game)
    layout = counter_layout(game, options)
    shared = options.counter_layout == "shared"
    title = f"{game.title} · counters {length_name(options.counter_mm)}" + (" · shared cut lines" if shared else "")
    pdf = new_document(title)
    draw_sheets(pdf, layout, face_images(game, options, style, faces), options, title, cut_lines, butted=shared)
    return to_bytes(pdf)
