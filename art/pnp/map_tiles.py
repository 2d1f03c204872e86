"""The map for print (2.2): tiled across pages with overlaps, labels and alignment marks, and as one full-size
page for a print shop.

The print scale is ``Options.map_hex_in`` (1.00 in flat to flat) at ``Options.dpi``: the map is rendered by
:func:`art.map_sheet.render_map` with ``Layout.module(spec, scale)`` so its pixels are the printed dots. Tiles are
cut from that one image on a whole-pixel grid: every tile but the last in its row and column is ``step + overlap``
pixels, and neighbours share ``overlap`` pixels. On the seam between two tiles, half way into the overlap, the
later tile (right or below) has a dashed trim line and the earlier one a thin guide line; both carry the same
registration crosses there, so the trimmed edge laid on the guide completes them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

from games import Game
from games.grid import Layout

from ..map_sheet import render_map
from ..style import Style, style_of
from .paper import MM_PER_IN, Options
from .pdf import GREY, Canvas, new_document, to_bytes

CROSS_R = 1.6  # mm
OVERVIEW_TEXT_MM = 30.0  # room kept on the overview page for its title and the assembly steps


def print_scale(game: Game, options: Options) -> float:
    """Times the module map size at which a hex is ``map_hex_in`` wide at ``dpi``."""
    return options.map_hex_in * options.dpi / game.map.grid.module_hex_width


def render_print_map(game: Game, options: Options, style: Style | None = None) -> Image.Image:
    return render_map(game, Layout.module(game.map.grid, print_scale(game, options)), style or style_of(game))


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in map pixels, end-exclusive

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1}"


@dataclass(frozen=True)
class Tiling:
    page: tuple[float, float]  # mm, the orientation chosen
    cols: int
    rows: int
    step: tuple[int, int]  # px between tile origins
    overlap: int  # px shared by neighbours
    size: tuple[int, int]  # the map image, px
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


def tiling(size: tuple[int, int], options: Options) -> Tiling:
    """The fewest pages (portrait on a tie) that cover a ``size`` image with overlapping tiles."""
    best = None
    w, h = options.page
    overlap = round(options.tile_overlap_mm / MM_PER_IN * options.dpi)
    for page in ((w, h), (h, w)):
        avail = [math.floor((d - 2 * options.margin_mm) / MM_PER_IN * options.dpi) for d in page]
        (cols, sx), (rows, sy) = _count(size[0], avail[0], overlap), _count(size[1], avail[1], overlap)
        if best is None or cols * rows < best.cols * best.rows:
            tiles = tuple(Tile(c, r, (c * sx, r * sy, min(size[0], (c + 1) * sx + overlap),
                                      min(size[1], (r + 1) * sy + overlap)))
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


def overview(pdf, game: Game, t: Tiling, image: Image.Image, options: Options) -> None:
    """A first page: the whole map small, with the tile grid and names, and how to assemble it."""
    pdf.add_page(format=t.page)
    c = Canvas(pdf)
    m = options.margin_mm
    width = min(t.page[0] - 2 * m, (t.page[1] - 2 * m - OVERVIEW_TEXT_MM) * image.width / image.height)
    px_w = math.ceil(width / MM_PER_IN * options.dpi)
    small = image.resize((px_w, round(image.height * px_w / image.width)), Image.Resampling.LANCZOS)
    k = width / image.width  # mm per map pixel on this page
    height = image.height * k
    ox, oy = (t.page[0] - width) / 2, m + 6
    c.text(m, m + 2, f"{game.title} · map in {t.cols * t.rows} tiles ({t.cols} columns × {t.rows} rows), "
                 f"{options.map_hex_in:g} in hexes", 10, bold=True)
    c.image(small, ox, oy, width, height)
    for tile in t.tiles:
        x0, y0, x1, y1 = tile.box
        c.rect(ox + x0 * k, oy + y0 * k, (x1 - x0) * k, (y1 - y0) * k, colour=(200, 30, 30), width=0.3)
        c.text(ox + (x0 + x1) / 2 * k, oy + (y0 + y1) / 2 * k, tile.name, 16, bold=True, align="centre",
               colour=(200, 30, 30))
    steps = ("Print the tiles at actual size (100%, no 'fit to page').",
             "Trim each tile along its dashed edges (left and top); keep the overlap on its right and bottom.",
             "Lay a trimmed edge on the thin guide line of the tile to its left or above it: the half crosses on "
             "the edge complete the crosses underneath. Glue, row by row, then join the rows.")
    y = oy + height + 4
    for i, step in enumerate(steps, 1):
        y = c.paragraph(m, y, t.page[0] - 2 * m, f"{i}. {step}", 8) + 1


def map_tiles(game: Game, options: Options, image: Image.Image) -> bytes:
    """The print map (``image``, from :func:`render_print_map`) tiled across pages."""
    t = tiling(image.size, options)
    pdf = new_document(f"{game.title} · map tiles")
    overview(pdf, game, t, image, options)
    m = options.margin_mm
    for tile in t.tiles:
        pdf.add_page(format=t.page)
        c = Canvas(pdf)
        ox, oy = t.origin(tile, m)
        x0, y0, x1, y1 = tile.box
        w, h = t.mm(x1 - x0), t.mm(y1 - y0)
        c.image(image.crop(tile.box), ox, oy, w, h)
        _seam_marks(c, t, tile, ox, oy)
        _neighbour_labels(c, t, tile, (ox, oy, ox + w, oy + h))
        c.text(m, oy - 4.5, f"Map tile {tile.name} of {t.cols}×{t.rows}", 8, bold=True)
        c.text(t.page[0] - m, oy - 4.5, "trim dashed edges · lay on the guide line so the crosses meet · glue",
               6.5, align="right", colour=GREY)
    return to_bytes(pdf)


def map_poster(game: Game, options: Options, image: Image.Image) -> bytes:
    """The whole print map on one page of exactly its size, for a print shop."""
    pdf = new_document(f"{game.title} · map, full size")
    w, h = image.width / options.dpi * MM_PER_IN, image.height / options.dpi * MM_PER_IN
    pdf.add_page(format=(w, h))
    Canvas(pdf).image(image, 0, 0, w, h)
    return to_bytes(pdf)
