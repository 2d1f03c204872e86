"""The map for print (2.2): each map section tiled across pages with overlaps, labels and alignment marks, and each
section as one full-size page for a print shop.

The print scale is ``Options.map_hex_in`` (1.00 in flat to flat unless the game's style says ``pnp.map_hex_in``) at
``Options.dpi``: the map is drawn by :func:`art.map_sheet.render_map` with ``Layout.module(spec, scale)`` so its
pixels are the printed dots. A game with sections (``map/sections.toml``: the sheets of a multi-map game) prints
each section's box of hexes on its own; a game without prints its whole map as one. A print map of more than
:data:`WHOLE_MAP_PX` pixels is never drawn whole: :class:`PrintMap` paints the window each page needs
(:class:`art.map_sheet.MapPainter`, shapes made once), so memory stays bounded whatever the map's size; a smaller
one is drawn whole once and cut (PIL rounds shapes that cross a window's edge its own way, so a window differs
from the whole picture in about 2 pixels in 100,000: a map that fits is cut from the whole, exactly).

Tiles are cut from a section on a whole-pixel grid: every tile but the last in its row and column is ``step +
overlap`` pixels, and neighbours share ``overlap`` pixels. On the seam between two tiles, half way into the
overlap, the later tile (right or below) has a dashed trim line and the earlier one a thin guide line; both carry
the same registration crosses there, so the trimmed edge laid on the guide completes them. The poster page of a
section is one image of at most :data:`POSTER_IMAGE_PX` pixels, or horizontal strips of that many laid edge to
edge (whole pixels: the decoded strips are the section's pixels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from PIL import Image

from games import Game
from games.grid import Layout
from games.hexgrid import from_offset

from ..boards import map_size
from ..map_sheet import MapPainter, render_map, supersampling
from ..style import Style, style_of
from .paper import MM_PER_IN, Options
from .pdf import GREY, Canvas, new_document, to_bytes

CROSS_R = 1.6  # mm
OVERVIEW_TEXT_MM = 30.0  # room kept on the overview page for its title and the assembly steps
POSTER_IMAGE_PX = 64_000_000  # pixels of one image of a poster page (the module map's cap, SECURITY.md)
WHOLE_MAP_PX = 64_000_000  # a print map of at most this many pixels (times the painter's supersampling) is drawn whole
BAND_PX = 16_000_000  # pixels of one band of a map painted a window at a time (at least one row of tiles)
TRIM_NOTE = "trim dashed edges · lay on the guide line so the crosses meet · glue"
SECTION_MARGIN = 0.3  # hex widths of map kept around a section's box of hexes

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in print-map pixels, end-exclusive


def map_hex_in(game: Game, options: Options, style: Style | None = None) -> float:
    """The printed hex size (in, flat to flat): the game's style ``pnp.map_hex_in`` when it gives one, else the
    option's."""
    style = style or style_of(game)
    value = style.get("pnp.map_hex_in", False)  # (Style.get raises for a missing key with the default None)
    return float(value) if value is not False else options.map_hex_in


def print_scale(game: Game, options: Options, style: Style | None = None) -> float:
    """Times the module map size at which a hex is ``map_hex_in`` wide at ``dpi``."""
    return map_hex_in(game, options, style) * options.dpi / game.map.grid.module_hex_width


@dataclass(frozen=True)
class Section:
    """A part of the map printed on its own: its id, what to call it, and its box in print-map pixels."""

    id: str  # "" for a game without sections (the whole map)
    title: str
    box: Box

    @property
    def size(self) -> tuple[int, int]:
        return self.box[2] - self.box[0], self.box[3] - self.box[1]


class PrintMap:
    """The print map of a game, drawn a window at a time (:meth:`window`)."""

    def __init__(self, game: Game, options: Options, style: Style | None = None):
        self.game = game
        self.options = options
        self.style = style or style_of(game)
        self.layout = Layout.module(game.map.grid, print_scale(game, options, self.style))
        self.size = map_size(game, self.layout, self.style)

    @cached_property
    def painter(self) -> MapPainter:
        return MapPainter(self.game, self.layout, self.style)

    @property
    def drawn_whole(self) -> bool:
        """Whether the map is small enough to be drawn whole (and cut exactly)."""
        return self.size[0] * self.size[1] * supersampling(self.layout) ** 2 <= WHOLE_MAP_PX

    @cached_property
    def _whole(self) -> Image.Image:
        return self.painter.window()

    def window(self, box: Box) -> Image.Image:
        """The print map's pixels in ``box`` (the whole picture itself, not a copy, when ``box`` is all of it)."""
        if not self.drawn_whole:
            return self.painter.window(box)
        return self._whole if tuple(box) == (0, 0, *self.size) else self._whole.crop(box)

    def overview(self, width: int) -> Image.Image:
        """The whole map ``width`` pixels wide (the tiles' overview page): the whole print map reduced, or, for a map
        too big to draw whole, the map drawn at that size."""
        if self.drawn_whole:
            img = self._whole
            return img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)
        layout = Layout.module(self.game.map.grid, self.layout.hex_width / self.game.map.grid.module_hex_width
                               * width / self.size[0])
        return render_map(self.game, layout, self.style)

    @cached_property
    def sections(self) -> tuple[Section, ...]:
        """Each map section's box of hexes (with a margin of map around it), or the whole map for a game without
        sections."""
        m = self.game.map
        if not m.sections:
            return (Section("", self.game.title, (0, 0, *self.size)),)
        out = []
        pad = self.layout.hex_width * SECTION_MARGIN
        grid = m.grid
        for sid, s in m.sections.items():
            xs, ys = [], []
            for col in range(s.first[0], s.last[0] + 1):
                for row in range(s.first[1], s.last[1] + 1):
                    for x, y in self.layout.polygon(from_offset(col, row, grid.orientation, grid.offset)):
                        xs.append(x)
                        ys.append(y)
            box = (max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad)),
                   min(self.size[0], math.ceil(max(xs) + pad)), min(self.size[1], math.ceil(max(ys) + pad)))
            out.append(Section(sid, s.name, box))
        return tuple(out)


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    box: Box  # in the section's pixels, end-exclusive
    section: str = ""

    @property
    def name(self) -> str:
        own = f"{chr(ord('A') + self.col)}{self.row + 1}"
        return f"{self.section}-{own}" if self.section else own


@dataclass(frozen=True)
class Tiling:
    page: tuple[float, float]  # mm, the orientation chosen
    cols: int
    rows: int
    step: tuple[int, int]  # px between tile origins
    overlap: int  # px shared by neighbours
    size: tuple[int, int]  # the image tiled, px
    dpi: int
    tiles: tuple[Tile, ...]

    def tile(self, col: int, row: int) -> Tile | None:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return self.tiles[row * self.cols + col]
        return None

    def seam_x(self, col: int) -> float:
        """Map x of the vertical seam between column ``col - 1`` and ``col``."""
        return col * self.step[0] + self.overlap / 2

    def seam_y(self, row: int) -> float:
        return row * self.step[1] + self.overlap / 2

    def origin(self, tile: Tile, margin: float) -> tuple[float, float]:
        """Where the tile's top-left pixel is printed, mm: the tile centred in the page's printable area."""
        w, h = self.mm(tile.box[2] - tile.box[0]), self.mm(tile.box[3] - tile.box[1])
        return margin + (self.page[0] - 2 * margin - w) / 2, margin + (self.page[1] - 2 * margin - h) / 2

    def mm(self, px: float) -> float:
        return px / self.dpi * MM_PER_IN


def _count(length: int, avail: int, overlap: int) -> tuple[int, int]:
    n = max(1, math.ceil((length - overlap) / (avail - overlap)))
    return n, math.ceil((length - overlap) / n)


def tiling(size: tuple[int, int], options: Options, section: str = "") -> Tiling:
    """The fewest pages (portrait on a tie) that cover a ``size`` image with overlapping tiles."""
    best = None
    w, h = options.page
    overlap = round(options.tile_overlap_mm / MM_PER_IN * options.dpi)
    for page in ((w, h), (h, w)):
        avail = [math.floor((d - 2 * options.margin_mm) / MM_PER_IN * options.dpi) for d in page]
        (cols, sx), (rows, sy) = _count(size[0], avail[0], overlap), _count(size[1], avail[1], overlap)
        if best is None or cols * rows < best.cols * best.rows:
            tiles = tuple(Tile(c, r, (c * sx, r * sy, min(size[0], (c + 1) * sx + overlap),
                                      min(size[1], (r + 1) * sy + overlap)), section)
                          for r in range(rows) for c in range(cols))
            best = Tiling(page, cols, rows, (sx, sy), overlap, size, options.dpi, tiles)
    assert best is not None
    return best


def _seam_marks(canvas: Canvas, t: Tiling, tile: Tile, ox: float, oy: float) -> None:
    """Trim lines on the tile's left/top seams, guide lines on its right/bottom seams, crosses on all of them."""
    x0, y0, x1, y1 = tile.box

    def at(px: float, py: float) -> tuple[float, float]:
        return ox + t.mm(px - x0), oy + t.mm(py - y0)

    seams = []  # (map x or None, map y or None, trim?)
    if tile.col > 0:
        seams.append((t.seam_x(tile.col), None, True))
    if tile.col + 1 < t.cols:
        seams.append((t.seam_x(tile.col + 1), None, False))
    if tile.row > 0:
        seams.append((None, t.seam_y(tile.row), True))
    if tile.row + 1 < t.rows:
        seams.append((None, t.seam_y(tile.row + 1), False))
    for sx, sy, trim in seams:
        style = dict(width=0.25, colour=(0, 0, 0), dash=2.0) if trim else dict(width=0.12, colour=GREY)
        if sx is not None:
            canvas.line(*at(sx, y0), *at(sx, y1), **style)
            crosses = [(sx, y0 + (y1 - y0) * f) for f in (0.25, 0.75)]
        else:
            canvas.line(*at(x0, sy), *at(x1, sy), **style)
            crosses = [(x0 + (x1 - x0) * f, sy) for f in (0.25, 0.75)]
        for cx, cy in crosses:
            canvas.cross(*at(cx, cy), CROSS_R)


def _neighbour_labels(canvas: Canvas, t: Tiling, tile: Tile, box: tuple[float, float, float, float]) -> None:
    x0, y0, x1, y1 = box
    for dc, dr, text_at in ((-1, 0, (x0 - 1.5, (y0 + y1) / 2, "right", "← {}")),
                            (1, 0, (x1 + 1.5, (y0 + y1) / 2, "left", "{} →")),
                            (0, -1, ((x0 + x1) / 2, y0 - 1.5, "centre", "↑ {}")),
                            (0, 1, ((x0 + x1) / 2, y1 + 3.5, "centre", "↓ {}"))):
        other = t.tile(tile.col + dc, tile.row + dr)
        if other:
            x, y, align, fmt = text_at
            canvas.text(x, y, fmt.format(other.name), 7, bold=True, align=align, colour=GREY)


def overview(pdf, game: Game, tilings: list[tuple[Section, Tiling]], pm: PrintMap, options: Options) -> None:
    """A first page: the whole map small, with every section's tile grid and names, and how to assemble it."""
    page = tilings[0][1].page
    pdf.add_page(format=page)
    c = Canvas(pdf)
    m = options.margin_mm
    w_px, h_px = pm.size
    width = min(page[0] - 2 * m, (page[1] - 2 * m - OVERVIEW_TEXT_MM) * w_px / h_px)
    px_w = math.ceil(width / MM_PER_IN * options.dpi)
    small = pm.overview(px_w)
    k = width / w_px  # mm per map pixel on this page
    height = h_px * k
    ox, oy = (page[0] - width) / 2, m + 6
    n = sum(t.cols * t.rows for _, t in tilings)
    if len(tilings) == 1:
        t = tilings[0][1]
        what = f"map in {n} tiles ({t.cols} columns × {t.rows} rows)"
    else:
        what = f"map in {len(tilings)} sections, {n} tiles"
    c.text(m, m + 2, f"{game.title} · {what}, {map_hex_in(game, options, pm.style):g} in hexes", 10, bold=True)
    c.image(small, ox, oy, width, height)
    for section, t in tilings:
        sx, sy = section.box[:2]
        if section.id:
            x0, y0, x1, y1 = section.box
            c.rect(ox + x0 * k, oy + y0 * k, (x1 - x0) * k, (y1 - y0) * k, colour=(30, 30, 200), width=0.5)
        for tile in t.tiles:
            x0, y0, x1, y1 = tile.box
            c.rect(ox + (sx + x0) * k, oy + (sy + y0) * k, (x1 - x0) * k, (y1 - y0) * k, colour=(200, 30, 30),
                   width=0.3)
            c.text(ox + (sx + (x0 + x1) / 2) * k, oy + (sy + (y0 + y1) / 2) * k, tile.name,
                   16 if not section.id else 9, bold=True, align="centre", colour=(200, 30, 30))
    steps = ("Print the tiles at actual size (100%, no 'fit to page').",
             "Trim each tile along its dashed edges (left and top); keep the overlap on its right and bottom.",
             "Lay a trimmed edge on the thin guide line of the tile to its left or above it: the half crosses on "
             "the edge complete the crosses underneath. Glue, row by row, then join the rows.")
    if len(tilings) > 1:
        steps += ("Each map section is assembled on its own, as the printed maps of the game; the sections overlap "
                  "where their boxes of hexes share rows or columns.",)
    y = oy + height + 4
    for i, step in enumerate(steps, 1):
        y = c.paragraph(m, y, page[0] - 2 * m, f"{i}. {step}", 8) + 1


def bands(section: Section, t: Tiling, pm: PrintMap) -> Iterator[tuple[int, int, Image.Image]]:
    """The section's pixels in horizontal bands, top to bottom: (first tile row, last tile row + 1, image of those
    rows' pixels, overlaps included, from the band's first row). A map drawn whole is one band; a bigger one a band
    of as many tile rows as fit :data:`BAND_PX` pixels (at least one)."""
    sx0, sy0, sx1, sy1 = section.box
    per_band = t.rows if pm.drawn_whole else max(1, BAND_PX // (section.size[0] * max(1, t.step[1] + t.overlap)))
    for first in range(0, t.rows, per_band):
        last = min(t.rows, first + per_band)
        top = t.tile(0, first).box[1]
        bottom = t.tile(0, last - 1).box[3]
        yield first, last, pm.window((sx0, sy0 + top, sx1, sy0 + bottom))


def map_documents(game: Game, options: Options, pm: PrintMap) -> tuple[bytes, bytes]:
    """``map_tiles.pdf`` and ``map_poster.pdf`` in one pass over the print map, band by band: every section tiled
    across pages after an overview page, and every section on one page of exactly its size (the whole map for a
    game without sections), for a print shop, made of strips of at most :data:`POSTER_IMAGE_PX` pixels."""
    tilings = [(s, tiling(s.size, options, s.id)) for s in pm.sections]
    tiles = new_document(f"{game.title} · map tiles")
    overview(tiles, game, tilings, pm, options)
    poster = new_document(f"{game.title} · map, full size")
    m = options.margin_mm
    mm = MM_PER_IN / options.dpi
    for section, t in tilings:
        where = f"{section.title} · " if section.id else ""
        width, height = section.size
        poster.add_page(format=(width * mm, height * mm))
        for first, last, band in bands(section, t, pm):
            top = t.tile(0, first).box[1]
            for tile in (t.tile(c, r) for r in range(first, last) for c in range(t.cols)):
                tiles.add_page(format=t.page)
                c = Canvas(tiles)
                ox, oy = t.origin(tile, m)
                x0, y0, x1, y1 = tile.box
                w, h = t.mm(x1 - x0), t.mm(y1 - y0)
                c.image(band.crop((x0, y0 - top, x1, y1 - top)), ox, oy, w, h)
                _seam_marks(c, t, tile, ox, oy)
                _neighbour_labels(c, t, tile, (ox, oy, ox + w, oy + h))
                c.text(m, oy - 4.5, f"{where}Map tile {tile.name} of {t.cols}×{t.rows}", 8, bold=True)
                c.text(t.page[0] - m, oy - 4.5, TRIM_NOTE, 6.5, align="right", colour=GREY)
            own_bottom = height if last == t.rows else t.tile(0, last).box[1]  # the next band's rows are its own
            rows = max(1, POSTER_IMAGE_PX // width)
            for y in range(top, own_bottom, rows):
                y1 = min(own_bottom, y + rows)
                strip = band if (y, y1) == (0, band.height) else band.crop((0, y - top, width, y1 - top))
                Canvas(poster).image(strip, 0, y * mm, width * mm, (y1 - y) * mm)
    return to_bytes(tiles), to_bytes(poster)
