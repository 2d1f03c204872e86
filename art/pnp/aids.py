"""Player aids (4.0, 8.0, 10.7, 13.0): each chart of :func:`art.charts.chart_tables` (both CRTs, the TEC, the
weather effects, the turn track) on its own page, then the board of tracks and holding boxes fitted to a page.

A chart is printed with rows of at most ``CELL_MM`` (text near 10 pt) and smaller when that is what fits, in the
page orientation that lets it be largest; it is rendered for that size at ``Options.dpi`` or more.
"""

from __future__ import annotations

import math

from PIL import Image

from games import Game

from ..boards import boards
from ..charts import chart_tables, render_chart
from ..style import Style, style_of
from ..track_board import render_tracks_board
from .marks import header
from .paper import MM_PER_IN, Options
from .pdf import Canvas, new_document, to_bytes

CELL_MM = 12.0  # a chart's row unit when the page has room (its text is a third of it)
HEAD_MM = 6.0  # room under the header line


def _fit(size: tuple[float, float], options: Options, enough: float = math.inf) -> tuple[tuple[float, float], float]:
    """The page orientation for ``size`` (any unit) and the largest scale (mm per unit) that fits it there:
    portrait if it allows ``enough``, else whichever allows the larger scale."""
    w, h = options.page
    m = options.margin_mm
    fits = [(page, min((page[0] - 2 * m) / size[0], (page[1] - 2 * m - HEAD_MM) / size[1]))
            for page in ((w, h), (h, w))]
    return fits[0] if fits[0][1] >= enough else max(fits, key=lambda f: f[1])


def printed_width(img: Image.Image, options: Options) -> float:
    """``img`` at ``dpi``, or smaller if that is what fits (its resolution only goes up)."""
    return min(img.width / options.dpi * MM_PER_IN, _fit(img.size, options, img.width / options.dpi * MM_PER_IN
                                                          / img.width)[1] * img.width)


def chart_page_images(game: Game, options: Options, style: Style) -> list[tuple[str, Image.Image, float]]:
    """(title, image, printed width mm) of every chart and of the tracks board."""
    out = []
    base = style.num("charts.cell_px")
    for name, table in chart_tables(game, style).items():
        natural = render_chart(game, name, base, style).size
        _, k = _fit(natural, options, CELL_MM / base)
        cell_mm = min(CELL_MM, k * base)
        img = render_chart(game, name, math.ceil(cell_mm / MM_PER_IN * options.dpi), style)
        out.append((table.title, img, printed_width(img, options)))
    tracks = boards(game, 1.0, style)[1]
    _, k = _fit(tracks.size, options)  # mm per module pixel
    board = boards(game, k / MM_PER_IN * options.dpi * (1 + 1e-6), style)[1]
    img = render_tracks_board(game, board, style)
    out.append(("Tracks and boxes", img, printed_width(img, options)))
    return out


def player_aids(game: Game, options: Options, style: Style | None = None) -> bytes:
    """The player aids as a PDF, one chart per page."""
    style = style or style_of(game)
    pdf = new_document(f"{game.title} · player aids")
    m = options.margin_mm
    for title, img, width in chart_page_images(game, options, style):
        page, _ = _fit(img.size, options, width / img.width)
        pdf.add_page(format=page)
        c = Canvas(pdf)
        header(c, page, m, m * 0.7, f"{game.title} · player aid · {title}", "print at actual size (100%)")
        height = width * img.height / img.width
        c.image(img, (page[0] - width) / 2, m + HEAD_MM, width, height)
    return to_bytes(pdf)
