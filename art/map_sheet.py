"""The map sheet (2.2): terrain, water and coasts, rivers and lake hexsides, cities, objectives, oil fields, VP
hexes, friendly map edges, region borders, areas, hex outlines and ids, title, legend and compass.

:func:`render_map` draws any game's map with any :class:`~games.grid.Layout`: ``Layout.module(spec)`` for the
module board (hex centres exactly VASSAL's), ``Layout.module(spec, scale)`` for print. A print map too big to hold is
painted a window at a time (:class:`MapPainter`, :func:`render_map_window`, art.map_canvas).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping, Sequence

import numpy as np
import shapely
from PIL import Image, ImageDraw

from games import Game
from games.grid import HexIds, Layout

from . import map_legend, map_lines, map_places
from .boards import map_size
from .canvas import font
from .map_canvas import MapCanvas
from .map_shapes import (HEX_ID_RISE, MapShapes, dashes, drawn_as, map_edges, map_shapes, organic_of, points_along,
                         polygons, region_border, seed_of, streams)
from .noise import fbm, hash_unit
from .style import RGB, Style, parse_colour, style_of

Draw = ImageDraw.ImageDraw


def fill_shape(img: MapCanvas, shape, colour: RGB) -> None:
    """Fill a (multi)polygon: straight onto the canvas, or through a mask of its bounding box (within a window's
    canvas) when it has holes."""
    d = img.draw
    for poly in polygons(shape):
        if not poly.interiors:
            d.polygon(list(poly.exterior.coords), fill=colour)
            continue
        x0, y0, x1, y1 = img.clip((int(math.floor(poly.bounds[0])), int(math.floor(poly.bounds[1])),
                                   int(math.ceil(poly.bounds[2])) + 1, int(math.ceil(poly.bounds[3])) + 1))
        if x1 <= x0 or y1 <= y0:
            continue
        mask = Image.new("L", (x1 - x0, y1 - y0), 0)
        md = ImageDraw.Draw(mask)
        md.polygon([(x - x0, y - y0) for x, y in poly.exterior.coords], fill=255)
        for ring in poly.interiors:
            md.polygon([(x - x0, y - y0) for x, y in ring.coords], fill=0)
        img.paste(colour, (x0, y0, x1, y1), mask)


def outline_shape(d: Draw, shape, colour: RGB, width: int) -> None:
    for poly in polygons(shape):
        for ring in [poly.exterior, *poly.interiors]:
            d.line(list(ring.coords), fill=colour, width=width, joint="curve")


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def motif_points(shape, keepout, w: float, look: Mapping, seed: int, clip: Sequence[float] | None = None
                 ) -> list[tuple[float, float, float]]:
    """Where a terrain's motifs go (x, y, size jitter in [-1, 1)): a jittered lattice ``look["spacing"]`` hex
    widths apart, thinned by a clumping noise field into masses (``look["density"]``), plus a row along the
    region's outline so its edge reads as a tree line or a mountain front. Never in ``keepout``: the cores of
    hexes of other terrains and the hex ids stay clear.

    ``clip`` (x0, y0, x1, y1): only what a window needs: every motif inside the box, exactly as without ``clip``
    (each point depends only on its own lattice cell or its own place along the outline), and few others."""
    size = w * float(look["size"])
    sp = w * float(look["spacing"])
    inner = shape.buffer(-size * 0.3)
    if inner.is_empty:
        return []
    x0, y0, x1, y1 = inner.bounds
    rows = np.arange(math.floor(y0 / (sp * 0.866)), math.ceil(y1 / (sp * 0.866)) + 1)
    cols = np.arange(math.floor(x0 / sp) - 1, math.ceil(x1 / sp) + 1)
    if clip is not None:  # a point strays under 0.88 lattice steps from its cell: two steps of slack
        rows = rows[(rows >= math.floor(clip[1] / (sp * 0.866)) - 2) & (rows <= math.ceil(clip[3] / (sp * 0.866)) + 2)]
        cols = cols[(cols >= math.floor(clip[0] / sp) - 2) & (cols <= math.ceil(clip[2] / sp) + 2)]
    i, j = (a.ravel() for a in np.meshgrid(cols, rows))
    x = (i + 0.5 * (j % 2) + 0.38 * hash_unit(i, j, seed)) * sp
    y = (j + 0.38 * hash_unit(i, j, seed + 1)) * sp * 0.866
    clump = fbm(x, y, w * float(look["clump"]), seed + 2) + 0.25 * hash_unit(i, j, seed + 3)
    keep = clump > 0.5 - float(look["density"])
    edge = [np.empty((0, 2))]
    for ring in (r for p in polygons(inner) for r in (p.exterior, *p.interiors)):
        if clip is not None and not _meets(ring.bounds, clip):
            continue
        n = max(2, int(ring.length / (size * 1.3)))
        along = points_along(ring, np.arange(n) / n)
        if clip is not None:
            along = along[(along[:, 0] >= clip[0]) & (along[:, 0] <= clip[2]) & (along[:, 1] >= clip[1]) &
                          (along[:, 1] <= clip[3])]
        edge.append(along)
    e = np.concatenate(edge)
    x, y = np.concatenate([x[keep], e[:, 0]]), np.concatenate([y[keep], e[:, 1]])
    shapely.prepare(inner)
    ok = shapely.contains_xy(inner, x, y)
    ok[ok] = keepout.clear(x[ok], y[ok], size)
    x, y = x[ok], y[ok]
    k = hash_unit(np.round(x * 8).astype(np.int64), np.round(y * 8).astype(np.int64), seed + 4)
    order = np.lexsort((x, y))
    return [(float(x[n]), float(y[n]), float(k[n])) for n in order]


def _meets(bounds: Sequence[float], box: Sequence[float]) -> bool:
    return bounds[0] <= box[2] and bounds[2] >= box[0] and bounds[1] <= box[3] and bounds[3] >= box[1]


NAME_DROP = 0.31  # city and oil names sit this many hex widths below the centre


def ground_of(game: Game, style: Style) -> str:
    """The terrain drawn as the plain ground under the map: style ``map.ground``, else the most common terrain."""
    named = str(style.get("map.ground", ""))
    if named:
        return named
    counts: dict[str, int] = {}
    for h in game.map.hexes.values():
        counts[h.terrain] = counts.get(h.terrain, 0) + 1
    return max(sorted(counts), key=lambda t: counts[t]) if counts else ""


def is_plain(style: Style, terrain: str, ground: str) -> bool:
    """Drawn as the plain ground: the ground terrain itself, or a terrain styled ``plain`` (a place symbol shows
    it)."""
    return terrain == ground or bool(style.terrain(terrain).get("plain"))


def terrain_palette(style: Style, terrain: str, ground: str | None = None) -> tuple[RGB, ...]:
    """Every colour a terrain is painted with: its ground, and for patterned terrain the motif ink with a lit
    and a shaded tone of it. A hex's centre always shows colours of its own terrain's palette."""
    ground = str(style.get("map.ground", "")) if ground is None else ground
    if ground and is_plain(style, terrain, ground):
        return (style.terrain_colour(ground),)
    base = style.terrain_colour(terrain)
    ts = style.terrain(terrain)
    if "pattern" not in ts:
        return (base,)
    ink = parse_colour(ts["ink"], f"terrain.{terrain}.ink")
    return base, ink, _mix(ink, base, 0.55), _mix(ink, (0, 0, 0), 0.3)


def draw_motifs(d: Draw, pattern: str, pts, w: float, palette: tuple[RGB, ...], size: float) -> None:
    """Draw a terrain's motifs (back to front) in its ``palette``: forest tree crowns that merge into masses,
    marsh reeds over open water streaks, mountain peaks lit from the west. ``size`` is in hex widths."""
    _, ink, light, dark = palette
    lw = max(1, round(w * 0.012))
    for x, y, j in pts:
        r = w * size * (1 + 0.22 * j)
        if pattern == "forest":
            d.ellipse((x - r * 0.8, y - r * 0.62, x + r * 1.15, y + r * 1.1), fill=dark)
            d.ellipse((x - r, y - r, x + r, y + r * 0.9), fill=ink)
            d.ellipse((x - r * 0.62, y - r * 0.72, x + r * 0.08, y - r * 0.05), fill=light)
        elif pattern == "mountain":
            h, top = r * 1.1, (x + r * 0.15 * j, y - r * 1.1)
            d.polygon([(x - r * 1.3, y + h * 0.5), top, (x + r * 1.3, y + h * 0.5)], fill=ink)
            d.polygon([(x - r * 1.3, y + h * 0.5), top, (x - r * 0.05, y + h * 0.5)], fill=light)
            d.line([(x - r * 1.3, y + h * 0.5), top, (x + r * 1.3, y + h * 0.5)], fill=ink, width=lw)
        elif pattern == "marsh":
            d.line([(x - r * 1.2, y), (x + r * 1.2, y)], fill=ink, width=lw)
            d.line([(x - r * 0.6, y + r * 0.4), (x + r * 0.7, y + r * 0.4)], fill=ink, width=lw)
            for k in (-0.5, -0.17, 0.17, 0.5):
                d.line([(x + r * k, y - lw * 0.5), (x + r * k * 1.8, y - r * (1.1 - abs(k) * 0.5))], fill=dark,
                       width=lw)
        elif pattern == "alpine":  # snow-capped peaks: shaded flank, lit flank, a white cap
            h, top = r * 1.3, (x + r * 0.15 * j, y - r * 1.3)
            d.polygon([(x - r * 1.2, y + h * 0.45), top, (x + r * 1.2, y + h * 0.45)], fill=dark)
            d.polygon([(x - r * 1.2, y + h * 0.45), top, (x, y + h * 0.45)], fill=light)
            cap = 0.42
            d.polygon([(top[0] - r * 1.2 * cap, top[1] + h * 1.45 * cap), top,
                       (top[0] + r * 1.2 * cap, top[1] + h * 1.45 * cap)], fill=(250, 250, 250))
        elif pattern == "rough":  # broken ground: short hachured ridges
            for k in (-1, 0, 1):
                x0 = x + r * 0.55 * k
                d.line([(x0 - r * 0.45, y + r * 0.3), (x0, y - r * (0.35 + 0.15 * j)), (x0 + r * 0.45, y + r * 0.3)],
                       fill=ink if k else dark, width=lw)
        elif pattern == "desert":  # sand stipple
            s = max(1.0, r * 0.5)
            d.ellipse((x - s, y - s, x + s, y + s), fill=ink)
            d.ellipse((x + r * 1.6 - s * 0.7, y + r * 0.9 - s * 0.7, x + r * 1.6 + s * 0.7, y + r * 0.9 + s * 0.7),
                      fill=dark)
        elif pattern == "hatch":  # a generated terrain: diagonal strokes
            d.line([(x - r, y + r), (x + r, y - r)], fill=ink, width=max(1, lw * 2))


def draw_polyline(d: Draw, pts, colour: RGB, width: int) -> None:
    if len(pts) >= 2:
        d.line(pts, fill=colour, width=width, joint="curve")
        r = width / 2
        for x, y in (pts[0], pts[-1]):
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _scaled_layout(layout: Layout, k: int) -> Layout:
    return Layout(layout.spec, layout.hex_width * k, (layout.origin[0] * k, layout.origin[1] * k))


def text_halo(d: Draw, style: Style, xy, text: str, role: str, px: float, fill: RGB, halo: RGB,
              anchor: str = "mm") -> None:
    f = font(style, role, px)
    d.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=max(1, round(px * 0.12)), stroke_fill=halo)


def supersampling(layout: Layout) -> int:
    """How many times larger the map is painted than it is shown (small hexes are drawn at twice the size, then
    reduced)."""
    return 2 if layout.hex_width < 160 else 1


class MapPainter:
    """The map of ``game`` at ``layout`` (default: the module board), ready to be painted whole or a window at a
    time: the shapes (vectors) are made once, the pixels only for the window asked (:meth:`window`)."""

    MARGIN = 0.5  # hex widths of map (at least MIN_MARGIN pixels) painted around a window and cut away: PIL fills a
    # shape that runs past an image's left or top edge a little differently near that edge (measured: up to 34 px in)
    MIN_MARGIN = 48

    def __init__(self, game: Game, layout: Layout | None = None, style: Style | None = None):
        self.game = game
        self.style = style or style_of(game)
        layout = layout or Layout.module(game.map.grid)
        self.size = map_size(game, layout, self.style)
        self.k = supersampling(layout)
        self.lay = _scaled_layout(layout, self.k)
        self.shapes = map_shapes(game, self.lay, organic_of(self.style), self.style.num("map.hex_id_size"))
        self.ground = ground_of(game, self.style)
        self.margin = max(self.MIN_MARGIN, math.ceil(layout.hex_width * self.MARGIN))

    @cached_property
    def motifs(self) -> dict[str, list[tuple[float, float, float]]]:
        """Where each patterned terrain's motifs go, all over the map (made once for every window)."""
        return self._motifs(None)

    def motifs_for(self, canvas: MapCanvas) -> dict[str, list[tuple[float, float, float]]]:
        """The motifs a canvas can show (``_terrain`` draws those within two hex widths of it): all of them when
        they are made already or the canvas is the whole map, else only those near it (the same points)."""
        x0, y0, x1, y1 = canvas.box
        if "motifs" in self.__dict__ or canvas.box == (0, 0, *canvas.size):
            return self.motifs
        m = 2 * self.lay.hex_width
        return self._motifs((x0 - m, y0 - m, x1 + m, y1 + m))

    def _motifs(self, clip: tuple[float, float, float, float] | None) -> dict[str, list[tuple[float, float, float]]]:
        style, w = self.style, self.lay.hex_width
        out = {}
        for t, shape in self.shapes.terrain.items():
            pattern = style.terrain(t).get("pattern")
            if pattern and not is_plain(style, t, self.ground):
                out[t] = motif_points(shape, self.shapes.keepout[t], w, style.get(f"patterns.{pattern}"), seed_of(t),
                                      clip)
        return out

    @cached_property
    def water(self) -> WaterShapes:
        return water_shapes(self.lay, self.shapes)

    def window(self, box: tuple[int, int, int, int] | None = None) -> Image.Image:
        """The map's pixels in ``box`` (x0, y0, x1, y1; default the whole map): the whole map's picture cropped,
        drawn with only the window (and a margin) in memory."""
        box = box or (0, 0, *self.size)
        k, m = self.k, self.margin * self.k
        full = (self.size[0] * k, self.size[1] * k)
        whole = box == (0, 0, *self.size)
        grown = (0, 0, *full) if whole else (max(0, box[0] * k - m), max(0, box[1] * k - m),
                                             min(full[0], box[2] * k + m), min(full[1], box[3] * k + m))
        canvas = MapCanvas(full, grown, self.style.colour("map.paper"))
        self._paint(canvas)
        img = canvas.image.reduce(k) if k > 1 else canvas.image
        if whole:
            return img
        x0, y0 = box[0] - grown[0] // k, box[1] - grown[1] // k
        return img.crop((x0, y0, x0 + box[2] - box[0], y0 + box[3] - box[1]))

    def _paint(self, img: MapCanvas) -> None:
        game, lay, style, shapes, ground = self.game, self.lay, self.style, self.shapes, self.ground
        d = img.draw
        _terrain(img, d, game, lay, style, shapes, ground, self.motifs_for(img))
        _water(img, d, lay, style, self.water)
        map_lines.draw_lines(d, game, lay, style)
        _grid(d, game, lay, style)
        _hexside_lines(d, game, lay, style)
        map_lines.draw_crossings(d, game, lay, style)
        _borders(d, game, lay, style, shapes)
        _edges(d, game, lay, style)
        map_places.draw_sections(d, game, lay, style, img.box)
        _places(d, game, lay, style, shapes)
        map_places.draw_places(d, game, lay, style)
        _hex_ids_on_top(d, game, lay, style)
        _frame(d, game, lay, style, shapes, img.size)
        map_places.draw_area_bands(d, game, lay, style, img.size)  # over the frame: they lie beyond the map's edge
        map_legend.draw_legend(img, d, game, lay, style, shapes, ground)


def render_map(game: Game, layout: Layout | None = None, style: Style | None = None) -> Image.Image:
    """The map at ``layout`` (default: the module board) as an RGB image of :func:`art.boards.map_size`."""
    return MapPainter(game, layout, style).window()


def render_map_window(game: Game, layout: Layout, style: Style | None, box: tuple[int, int, int, int]
                      ) -> Image.Image:
    """``render_map(game, layout, style).crop(box)``, holding only the window in memory (print maps)."""
    return MapPainter(game, layout, style).window(box)


def _terrain(img: MapCanvas, d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes, ground: str,
             motifs: Mapping[str, list[tuple[float, float, float]]]) -> None:
    fill_shape(img, shapes.grid_box, style.terrain_colour(ground))
    fill_shape(img, shapes.offmap, style.colour("map.offmap"))
    w = lay.hex_width
    for t, shape in shapes.terrain.items():
        if is_plain(style, t, ground):
            continue
        palette = terrain_palette(style, t, ground)
        fill_shape(img, shape, palette[0])
        if t in motifs:
            pattern = style.terrain(t)["pattern"]
            x0, y0, x1, y1 = img.box
            pts = [p for p in motifs[t] if x0 - 2 * w <= p[0] <= x1 + 2 * w and y0 - 2 * w <= p[1] <= y1 + 2 * w]
            draw_motifs(d, pattern, pts, w, palette, float(style.get(f"patterns.{pattern}")["size"]))
    for aid, shape in shapes.areas.items():
        fill_shape(img, shape, style.terrain_colour(game.map.areas[aid].terrain))


@dataclass(frozen=True)
class WaterShapes:
    """Lakes and seas, their deep middles, two ripple lines and the coast: buffered once for every window."""

    water: Any
    deep: Any
    ripples: tuple[Any, Any]
    coast: Any


def water_shapes(lay: Layout, shapes: MapShapes) -> WaterShapes:
    w = lay.hex_width
    return WaterShapes(shapes.water, shapes.water.buffer(-w * 0.32),
                       (shapes.water.buffer(-w * 0.07), shapes.water.buffer(-w * 0.14)),
                       shapes.water.intersection(shapes.grid_box.buffer(-1)))


def _water(img: MapCanvas, d: Draw, lay: Layout, style: Style, water: WaterShapes) -> None:
    w = lay.hex_width
    fill_shape(img, water.water, style.colour("map.water"))
    fill_shape(img, water.deep, style.colour("map.water_deep"))
    coast = style.colour("map.coast")
    ripple = tuple(int(0.5 * a + 0.5 * b) for a, b in zip(coast, style.colour("map.water")))
    outline_shape(d, water.ripples[0], ripple, max(1, round(w * 0.008)))
    outline_shape(d, water.ripples[1], ripple, max(1, round(w * 0.006)))
    outline_shape(d, water.coast, coast, max(1, round(w * 0.018)))


def _grid(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    colour = style.colour("map.grid")
    width = max(1, round(lay.hex_width * style.num("map.grid_width")))
    ids = HexIds(game.map.grid)
    idc = style.colour("map.hex_id")
    px = lay.hex_width * style.num("map.hex_id_size")
    f = font(style, "condensed", px)
    halo = style.get("map.hex_id_halo", False)
    for h in game.map.hexes.values():
        poly = lay.polygon(h.hex)
        d.line(poly + [poly[0]], fill=colour, width=width)
        if not halo:
            cx, cy = lay.centre_f(h.hex)
            d.text((cx, cy - lay.hex_width * HEX_ID_RISE), ids.id_of(h.hex), font=f, fill=idc, anchor="mm")


def _hex_ids_on_top(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    """With ``map.hex_id_halo``, the hex ids go on top of every line and mark, each in a halo of the paper colour
    (a map dense with roads, rails and fortifications keeps every id legible)."""
    if not style.get("map.hex_id_halo", False):
        return
    ids = HexIds(game.map.grid)
    px = lay.hex_width * style.num("map.hex_id_size")
    f = font(style, "condensed", px)
    idc, halo = style.colour("map.hex_id"), style.colour("map.paper")
    for h in game.map.hexes.values():
        cx, cy = lay.centre_f(h.hex)
        d.text((cx, cy - lay.hex_width * HEX_ID_RISE), ids.id_of(h.hex), font=f, fill=idc, anchor="mm",
               stroke_width=max(1, round(px * 0.1)), stroke_fill=halo)


def river_look(style: Style, feature: str) -> tuple[RGB, float]:
    """Colour and width (hex widths) of a river feature: its ``hexsides.<id>`` colour and width, else the map's."""
    look = style.table(f"hexsides.{feature}")
    colour = parse_colour(look["colour"], f"hexsides.{feature}.colour") if "colour" in look else \
        style.colour("map.river")
    width = float(look.get("width", style.num("map.river_width")))
    return colour, width


def _hexside_lines(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    w = lay.hex_width
    rivers = drawn_as(style, "river")
    looks = {f: river_look(style, f) for f in rivers}
    drawn = streams(game, lay, rivers, style.num("map.river_meander"))
    for f in sorted(rivers, key=lambda f: looks[f][1]):  # the widest last: a tributary's mouth tucks under it
        colour, width = looks[f]
        for kind, pts in drawn:
            if kind == f:
                draw_polyline(d, pts, colour, max(1, round(w * width)))


def _borders(d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes) -> None:
    w = lay.hex_width
    for rid, region in sorted(game.map.regions.items()):
        if not region.border_colour:
            continue
        colour = parse_colour(region.border_colour, f"regions.{rid}.border")
        width = max(1, round(w * 0.035))
        for ln in region_border(game, lay, rid, shapes):
            if region.border_style == "solid":
                parts = [ln]
            elif region.border_style == "dotted":
                parts = dashes(ln, w * 0.05, w * 0.08)
            else:
                parts = dashes(ln, w * 0.2, w * 0.1)
            for p in parts:
                draw_polyline(d, p, colour, width)


def _edges(d: Draw, game: Game, lay: Layout, style: Style) -> None:
    w = lay.hex_width
    width = max(1, round(w * style.num("map.edge_width")))
    for side, pls in sorted(map_edges(game, lay).items()):
        colour = parse_colour(game.sides[side].colour, f"sides.{side}.colour")
        for pts in pls:
            draw_polyline(d, pts, colour, width)


def _places(d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes) -> None:
    w = lay.hex_width
    paper = style.colour("map.paper")
    name_ink = style.colour("map.city_name")
    owidth = max(1, round(w * style.num("map.objective_width")))
    for h in sorted(game.map.hexes.values(), key=lambda h: h.id):
        cx, cy = lay.centre_f(h.hex)
        if h.objective:
            colour = parse_colour(game.sides[h.objective].colour, f"sides.{h.objective}.colour")
            inner = [(cx + (x - cx) * 0.86, cy + (y - cy) * 0.86) for x, y in lay.polygon(h.hex)]
            d.line(inner + [inner[0], inner[1]], fill=colour, width=owidth, joint="curve")
        # symbols sit inside the core, names and VP stars just outside the ring where the terrain shows
        if h.city and not h.settlement:  # legacy: a city name on a hex of a city terrain (its settlement style)
            look = style.table(f"settlements.{h.terrain}")
            s = w * float(look.get("size", 0.13))
            fill = city_colour(style, h.terrain)
            d.rounded_rectangle((cx - s, cy - s, cx + s, cy + s), radius=s * 0.3, fill=fill,
                                outline=(40, 20, 15), width=max(1, round(w * 0.014)))
            text_halo(d, style, (cx, cy + w * NAME_DROP), h.city, "condensed",
                      w * float(look.get("name_size", style.num("map.city_name_size"))), name_ink, paper)
        if h.oil:
            oil_icon(d, (cx, cy - w * 0.02), w * 0.2, style.colour("map.oil"))
            text_halo(d, style, (cx, cy + w * NAME_DROP), h.oil.replace(" oil field", ""), "condensed",
                      w * style.num("map.city_name_size") * 0.85, name_ink, paper)
        if h.vp:
            vp_mark(d, style, (cx + w * 0.27, cy - w * 0.14), w * style.num("map.vp_size"), h.vp)
    for aid, area in game.map.areas.items():
        if aid not in shapes.areas:
            continue  # an area drawn beyond the map's edge (map_places.draw_area_bands)
        shape = shapes.areas[aid]
        outline_shape(d, shape, (60, 50, 40), max(1, round(w * 0.03)))
        p = shape.representative_point() if shape.geom_type != "Polygon" else shape.centroid
        if not shape.contains(p):
            p = shape.representative_point()
        text_halo(d, style, (p.x, p.y), area.name.upper(), "serif", w * style.num("map.area_name_size"),
                  (60, 50, 40), style.terrain_colour(area.terrain))
        if area.vp:
            vp_mark(d, style, (p.x, p.y + w * 0.32), w * style.num("map.vp_size"), area.vp)
    water_ink = style.colour("map.water_name")
    for sea in game.map.seas.values():
        if sea.cells:
            xy, px = _sea_label(sea.name, [lay.centre_f(c) for c in sea.cells], shapes.water, style,
                                w * style.num("map.sea_name_size"))
            text_halo(d, style, xy, sea.name, "italic", px, water_ink, style.colour("map.water"))


def _sea_label(name: str, centres: list[tuple[float, float]], water, style: Style, largest: float
               ) -> tuple[tuple[float, float], float]:
    """Where a sea's name goes and how large: the largest size (down to half of ``largest``) at which it lies on
    open water at one of the sea's most central cells, else the most central cell at half size."""
    central = sorted(centres, key=lambda p: (sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for q in centres), p))
    shapely.prepare(water)
    for step in range(6):
        px = largest * (1 - step * 0.1)
        f = font(style, "italic", px)
        for x, y in central[:6]:
            x0, y0, x1, y1 = f.getbbox(name, anchor="mm")
            if water.contains(shapely.box(x + x0 - px * 0.2, y + y0 - px * 0.2, x + x1 + px * 0.2, y + y1 + px * 0.2)):
                return (x, y), px
    return central[0], largest * 0.5


def city_colour(style: Style, terrain: str) -> RGB:
    """The fill of a legacy city's square: its ``settlements.<terrain>`` colour, else the terrain's."""
    look = style.table(f"settlements.{terrain}")
    if "colour" in look:
        return parse_colour(look["colour"], f"settlements.{terrain}.colour")
    return style.terrain_colour(terrain)


def oil_icon(d: Draw, xy, size: float, ink: RGB) -> None:
    x, y = xy
    lw = max(1, round(size * 0.1))
    d.line([(x - size * 0.35, y + size * 0.5), (x, y - size * 0.5), (x + size * 0.35, y + size * 0.5)], fill=ink,
           width=lw)
    d.line([(x - size * 0.2, y + size * 0.05), (x + size * 0.2, y + size * 0.05)], fill=ink, width=lw)
    d.line([(x - size * 0.5, y + size * 0.5), (x + size * 0.5, y + size * 0.5)], fill=ink, width=lw)
    d.ellipse((x - size * 0.12, y - size * 0.75, x + size * 0.12, y - size * 0.5), fill=ink)


def vp_mark(d: Draw, style: Style, xy, r: float, vp: int) -> None:
    """A VP hex's mark (style ``map.vp_mark``): a gold star with the number when over 1, or a ring in
    ``map.vp`` with the number inside."""
    from .symbols import star_points

    x, y = xy
    if style.get("map.vp_mark", "star") == "circle":
        colour = style.colour("map.vp")
        d.ellipse((x - r * 1.25, y - r * 1.25, x + r * 1.25, y + r * 1.25), fill=(255, 255, 255), outline=colour,
                  width=max(1, round(r * 0.32)))
        d.text((x, y + r * 0.05), str(vp), font=font(style, "bold", r * 1.3), fill=colour, anchor="mm")
        return
    d.polygon(star_points(x, y, r * 1.15, inner=0.5), fill=style.colour("map.vp"), outline=(60, 40, 0))
    if vp > 1:
        d.text((x, y + r * 0.1), str(vp), font=font(style, "bold", r), fill=(0, 0, 0), anchor="mm")


def _frame(d: Draw, game: Game, lay: Layout, style: Style, shapes: MapShapes, size) -> None:
    w = lay.hex_width
    x0, y0, x1, y1 = shapes.grid_box.bounds
    d.rectangle((x0, y0, x1, y1), outline=style.colour("map.frame"), width=max(1, round(w * 0.03)))
    title = style.get("map.title", game.title) or game.title
    px = min(w * style.num("map.title_size"), y0 * 0.8)  # in the frame above the grid, however narrow
    if px >= 8:
        d.text(((x0 + x1) / 2, y0 / 2), title, font=font(style, "serif", px), fill=style.colour("map.frame"),
               anchor="mm")
