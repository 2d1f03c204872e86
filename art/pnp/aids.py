"""Player aids: the Sequence of Play, generated from the game's phases, then every chart of
:func:`art.charts.chart_tables` (combat results, terrain effects, weather, the game's other tables, the turn track)
and the board of tracks and holding boxes, packed onto as few pages as they fit.

The Sequence of Play is vector text: the mutual phases that open a game turn, each player turn's phases (once, for
every side in player order) with their steps and rule numbers, the markers each phase clears (``markers.csv``
``clear_phase``), and the mutual phases that close the turn.

A chart is printed with rows of at most ``CELL_MM`` (text near 10 pt), smaller when that is what fits the page's
width or height, and rendered for that size at ``Options.dpi`` or more. Charts are packed in order into shelves:
left to right while a shelf is wide enough, shelves top to bottom while the page is tall enough, then a new page;
a chart that fits a portrait page only much smaller than a landscape one goes onto landscape pages of its own
kind.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from games import Game
from games.model import Phase

from ..boards import boards
from ..charts import chart_tables, render_chart
from ..style import Style, style_of
from ..track_board import render_tracks_board
from .marks import header
from .paper import MM_PER_IN, Options
from .pdf import Canvas, new_document, to_bytes

CELL_MM = 9.0  # a chart's row unit when the page has room (its text is a third of it, near 8.5 pt)
HEAD_MM = 6.0  # room under the header line
GAP_MM = 6.0  # between two charts on a page
LANDSCAPE_GAIN = 1.25  # a chart goes landscape when that prints it this much larger than portrait


@dataclass(frozen=True)
class Aid:
    """A chart as printed: its title, image, and printed size in mm."""

    title: str
    image: Image.Image
    width: float

    @property
    def height(self) -> float:
        return self.width * self.image.height / self.image.width


def _scale(size: tuple[float, float], page: tuple[float, float], options: Options) -> float:
    """The largest scale (mm per unit of ``size``) at which ``size`` fits ``page``'s printable area."""
    m = options.margin_mm
    return min((page[0] - 2 * m) / size[0], (page[1] - 2 * m - HEAD_MM) / size[1])


def orientation(size: tuple[float, float], options: Options, cap: float = math.inf) -> tuple[float, float]:
    """Portrait, unless landscape prints ``size`` :data:`LANDSCAPE_GAIN` times larger (scales at most ``cap``)."""
    w, h = options.page
    portrait, landscape = (min(cap, _scale(size, page, options)) for page in ((w, h), (h, w)))
    return (h, w) if landscape > LANDSCAPE_GAIN * portrait else (w, h)


def chart_aids(game: Game, options: Options, style: Style) -> list[tuple[tuple[float, float], Aid]]:
    """(page, aid) of every chart and of the tracks board, each as large as it may be on its page."""
    out = []
    base = style.num("charts.cell_px")
    for name, table in chart_tables(game, style).items():
        natural = render_chart(game, name, base, style).size
        page = orientation(natural, options, CELL_MM / base)
        cell_mm = min(CELL_MM, _scale(natural, page, options) * base)
        img = render_chart(game, name, math.ceil(cell_mm / MM_PER_IN * options.dpi), style)
        width = min(img.width / options.dpi * MM_PER_IN, _scale(img.size, page, options) * img.width)
        out.append((page, Aid(table.title, img, width)))
    tracks = boards(game, 1.0, style)[1]
    page = orientation(tracks.size, options)
    k = _scale(tracks.size, page, options)  # mm per module pixel
    board = boards(game, k / MM_PER_IN * options.dpi * (1 + 1e-6), style)[1]
    img = render_tracks_board(game, board, style)
    out.append((page, Aid("Tracks and boxes", img, min(img.width / options.dpi * MM_PER_IN, k * tracks.size[0]))))
    return out


def pack(aids: list[tuple[tuple[float, float], Aid]], options: Options
         ) -> list[tuple[tuple[float, float], list[tuple[Aid, float, float]]]]:
    """Pages of (aid, x, y) in mm, first fit in order: an aid goes beside the last one on the first page of its
    orientation where that shelf has room, or on a new shelf below, else on a new page."""
    m = options.margin_mm
    pages: list[tuple[tuple[float, float], list[tuple[Aid, float, float]]]] = []
    shelves: list[tuple[float, float, float]] = []  # per page: (last shelf's top, its next x, its height)
    for page, aid in aids:
        right, bottom = page[0] - m, page[1] - m
        for i, (pg, items) in enumerate(pages):
            if pg != page:
                continue
            y, x, h = shelves[i]
            if x + aid.width <= right + 1e-6 and y + aid.height <= bottom + 1e-6:  # beside the last one
                items.append((aid, x, y))
                shelves[i] = (y, x + aid.width + GAP_MM, max(h, aid.height))
                break
            if y + h + GAP_MM + aid.height <= bottom + 1e-6:  # a new shelf below
                items.append((aid, m, y + h + GAP_MM))
                shelves[i] = (y + h + GAP_MM, m + aid.width + GAP_MM, aid.height)
                break
        else:
            pages.append((page, [(aid, m, m + HEAD_MM)]))
            shelves.append((m + HEAD_MM, m + aid.width + GAP_MM, aid.height))
    return pages


def centred(items: list[tuple[Aid, float, float]], page: tuple[float, float], options: Options
            ) -> list[tuple[Aid, float, float]]:
    """Each shelf centred across the page."""
    shelves: dict[float, list[tuple[Aid, float, float]]] = {}
    for item in items:
        shelves.setdefault(item[2], []).append(item)
    out = []
    for row in shelves.values():
        used = row[-1][1] + row[-1][0].width - row[0][1]
        dx = (page[0] - 2 * options.margin_mm - used) / 2
        out += [(aid, x + dx, y) for aid, x, y in row]
    return out


def sequence_of_play(pdf, game: Game, options: Options) -> None:
    """The Sequence of Play as text, from ``game.phases`` and the player order (one page, or more)."""
    page = options.page
    m = options.margin_mm
    width = page[0] - 2 * m
    clears: dict[str, list[str]] = {}
    for marker in game.all_markers:
        label = marker.front.label if marker.front.label == marker.back.label else \
            f"{marker.front.label} / {marker.back.label}"
        if marker.clear_phase and label not in clears.setdefault(marker.clear_phase, []):
            clears[marker.clear_phase].append(label)
    order = [game.sides[s].name for s in (game.player_order or tuple(game.sides))]
    player = [p for p in game.phases if p.player]
    first = next((i for i, p in enumerate(game.phases) if p.player), len(game.phases))
    last = max((i for i, p in enumerate(game.phases) if p.player), default=-1)

    def named(p: Phase, number: str = "") -> str:
        return number + p.name + (f" ({p.rule})" if p.rule else "")

    blocks: list[tuple[str, list[tuple[str, Phase]]]] = [(named(p), [("", p)]) for p in game.phases[:first]]
    if player:
        turns = " Player Turn, then the ".join(order) + " Player Turn"
        blocks.append((f"Each Player Turn: the {turns}; the player whose turn it is (the phasing player):",
                       [(named(p, f"{i}. "), p) for i, p in enumerate(player, 1)]))
    blocks += [(named(p), [("", p)]) for p in (game.phases[last + 1:] if last >= 0 else ())]

    pdf.add_page(format=page)
    c = Canvas(pdf)
    header(c, page, m, m * 0.7, f"{game.title} · player aid · Sequence of Play", "print at actual size (100%)")
    y = m + HEAD_MM
    c.text(m, y + 5, f"{game.title}: Sequence of Play", 14, bold=True)
    y += 10
    c.paragraph(m, y, width, f"Each game turn ({len(game.turns)} in all) is played in this order.", 9)
    y += 7

    def need(h: float) -> None:
        nonlocal y, c
        if y + h > page[1] - m:
            pdf.add_page(format=page)
            c = Canvas(pdf)
            header(c, page, m, m * 0.7, f"{game.title} · player aid · Sequence of Play (continued)",
                   "print at actual size (100%)")
            y = m + HEAD_MM

    for n, (title, phases) in enumerate(blocks):
        need(12)
        y = c.paragraph(m, y, width, f"{chr(ord('A') + n)}. {title}", 11, bold=True) + 1.5
        for name, phase in phases:
            if name:
                need(8)
                y = c.paragraph(m + 5, y, width - 5, name, 10, bold=True) + 0.8
            lines = [step for _, step in phase.steps]
            if clears.get(phase.id):
                lines.append(f"Remove every {', '.join(clears[phase.id])} marker from the map (toolbar: Clear)")
            for line in lines:
                need(5)
                y = c.paragraph(m + 10, y, width - 10, f"• {line}", 9) + 0.4
            y += 1.5
        y += 2.5


def player_aids(game: Game, options: Options, style: Style | None = None) -> bytes:
    """The player aids as a PDF: the Sequence of Play, then the charts and the tracks board packed onto pages."""
    style = style or style_of(game)
    pdf = new_document(f"{game.title} · player aids")
    sequence_of_play(pdf, game, options)
    m = options.margin_mm
    for page, items in pack(chart_aids(game, options, style), options):
        pdf.add_page(format=page)
        c = Canvas(pdf)
        titles = " · ".join(aid.title for aid, _, _ in items)
        header(c, page, m, m * 0.7, f"{game.title} · player aid · {titles}", "print at actual size (100%)")
        for aid, x, y in centred(items, page, options):
            c.image(aid.image, x, y, aid.width, aid.height)
    return to_bytes(pdf)
