"""Map geometry with shapely: terrain regions merged across hexes with natural outlines that never take a hex's
core from its own terrain, water with natural coasts, rivers chained into continuous meandering lines along their
hexsides, region borders and friendly map edges (2.2). Pure functions of the game and a
:class:`~games.grid.Layout`; :mod:`art.map_sheet` draws what they return.
"""

from __future__ import annotations

import math
import zlib
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, unary_union

from games import Game
from games.grid import Layout
from games.hexgrid import Hex, directions, neighbours, side_corners

from .boards import grid_cells
from .noise import fbm

Point = tuple[float, float]

HEX_ID_RISE = 0.37  # hex ids sit this many hex widths above the centre


def _grown(layout: Layout, cells) -> np.ndarray:
    """The hex cells as polygons, slightly grown so that shared edges weld without slivers."""
    eps = layout.hex_width * 1e-4
    return shapely.buffer(shapely.polygons([layout.polygon(h) for h in sorted(cells)]), eps, join_style="mitre")


def merge(layout: Layout, cells) -> BaseGeometry:
    """Union of hex cells (slightly grown so that shared edges weld without slivers)."""
    if not cells:
        return Polygon()
    return shapely.union_all(_grown(layout, cells))


def merged_bounds(layout: Layout, cells) -> tuple[float, float, float, float]:
    """``merge(layout, cells).bounds`` without the union: a union's outermost vertices are its cells' own."""
    b = shapely.bounds(_grown(layout, cells))
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())


def smooth(shape: BaseGeometry, radius: float) -> BaseGeometry:
    """Round convex and concave corners alike (an opening then a closing by ``radius``)."""
    if shape.is_empty or radius <= 0:
        return shape
    opened = shape.buffer(-radius, quad_segs=6).buffer(radius, quad_segs=6)
    return opened.buffer(radius, quad_segs=6).buffer(-radius, quad_segs=6)


def displace(shape: BaseGeometry, amplitude: float, period: float, seed: int) -> BaseGeometry:
    """Let outlines wander like a hand-drawn map: every vertex (after densifying) moves by a smooth fractal
    vector field of its position (:func:`art.noise.fbm`), rounded to 1/64 px, so shared edges move alike and the
    result is the same on every machine. Polygons come back valid; lines stay lines."""
    if shape.is_empty or amplitude <= 0:
        return shape
    dense = shapely.segmentize(shape, period / 16)

    def move(coords: np.ndarray) -> np.ndarray:
        x, y = coords[:, 0], coords[:, 1]
        dx = fbm(x, y, period, seed) * amplitude
        dy = fbm(x, y, period, seed + 7919) * amplitude
        return np.round(np.column_stack([x + dx, y + dy]) * 64) / 64

    moved = shapely.transform(dense, move)
    return moved if shape.geom_type in ("LineString", "MultiLineString") else moved.buffer(0)


def centres(layout: Layout, cells) -> np.ndarray:
    return np.array([layout.centre_f(h) for h in sorted(cells)], dtype=float).reshape(-1, 2)


def cores(layout: Layout, cells, radius: float) -> BaseGeometry:
    """Discs of ``radius`` (under half a hex width: they never touch) around the cells' centres: the part of each
    hex that must show its own terrain."""
    xy = centres(layout, cells)
    if not len(xy):
        return Polygon()
    return shapely.multipolygons(shapely.buffer(shapely.points(xy), radius, quad_segs=8))


def organic(shape: BaseGeometry, w: float, look: "Organic", seed: int) -> BaseGeometry:
    """A union of hexes made natural: corners rounded (an opening and a closing), then the outline displaced by
    fractal noise, so that no hex corner or straight hexside remains."""
    if shape.is_empty:
        return shape
    shape = smooth(shape, w * look.smoothing)
    return displace(shape, w * look.amplitude, w * look.period, seed)


@dataclass(frozen=True)
class Organic:
    """How natural outlines are drawn (``[map]`` style, fractions of the hex width)."""

    smoothing: float  # corner rounding radius
    amplitude: float  # how far outlines wander
    period: float  # distance between the outline's large bends
    core: float  # radius kept for each hex's own terrain, as a fraction of the inscribed radius
    lake_width: float  # widest part of a lake hexside
    lakes: tuple[str, ...] = ("lake",)  # the hexside features drawn as lakes (style ``hexsides.<id>.draw = "lake"``)


def drawn_as(style, kind: str) -> tuple[str, ...]:
    """The hexside features the style draws as ``kind`` (river, lake, road, rail, bridge, ferry, ridge, strait)."""
    return tuple(sorted(f for f, look in style.table("hexsides").items() if look.get("draw") == kind))


def organic_of(style) -> Organic:
    return Organic(style.num("map.smoothing"), style.num("map.wobble"), style.num("map.wobble_period"),
                   style.num("map.core"), style.num("map.lake_width"), drawn_as(style, "lake"))


def polygons(shape: BaseGeometry) -> list[Polygon]:
    if shape.is_empty:
        return []
    if shape.geom_type == "Polygon":
        return [shape]
    return [g for g in getattr(shape, "geoms", []) if g.geom_type == "Polygon"]


def points_along(line: BaseGeometry, at: np.ndarray) -> np.ndarray:
    """The points at fractions ``at`` (in [0, 1)) of a line's length, as (x, y) rows: exactly (bit for bit)
    ``shapely.line_interpolate_point(line, at, normalized=True)``, GEOS's walk along the segments (the length a
    running sum of ``sqrt(dx * dx + dy * dy)``, the first segment whose running end passes the distance, the point
    ``(p1 - p0) * fraction + p0``), made once for all the points instead of walking the line again for each (a
    ring of the map's outlines has thousands of vertices and hundreds of points)."""
    xy = shapely.get_coordinates(line)
    at = np.asarray(at, dtype=np.float64)
    if len(xy) < 2:
        return np.repeat(xy[:1], len(at), axis=0) if len(xy) else np.empty((0, 2))
    dx, dy = xy[1:, 0] - xy[:-1, 0], xy[1:, 1] - xy[:-1, 1]
    seg = np.sqrt(dx * dx + dy * dy)
    run = np.cumsum(seg)  # (a running sum, in order, as GEOS adds)
    target = at * run[-1]
    i = np.minimum(np.searchsorted(run, target, side="right"), len(seg))
    out = np.repeat(xy[-1:], len(at), axis=0)  # past the end: the last vertex
    inside = (i < len(seg)) & (target > 0)
    k = i[inside]
    frac = (target[inside] - np.where(k > 0, run[np.maximum(k - 1, 0)], 0.0)) / seg[k]
    p0, p1 = xy[k], xy[k + 1]
    out[inside] = np.where((frac <= 0)[:, None], p0, np.where((frac >= 1)[:, None], p1, (p1 - p0) * frac[:, None] + p0))
    out[target <= 0] = xy[0]
    return out


def lines(shape: BaseGeometry) -> list[list[Point]]:
    if shape.is_empty:
        return []
    if shape.geom_type in ("LineString", "LinearRing"):
        return [list(shape.coords)]
    out = []
    for g in getattr(shape, "geoms", []):
        out += lines(g)
    return out


@dataclass(frozen=True)
class MapShapes:
    grid_box: BaseGeometry  # every cell of the grid
    land: BaseGeometry  # the map's hexes and areas (exact hexes: the playable map)
    water: BaseGeometry  # seas, lakes and lake hexsides, with natural shorelines
    offmap: BaseGeometry  # land beyond the map edge
    terrain: dict[str, BaseGeometry]  # terrain id -> natural region (inside the land, out of the water)
    areas: dict[str, BaseGeometry]
    keepout: dict[str, "Keepout"]  # terrain id -> where its pattern motifs never go


@dataclass(frozen=True)
class Keepout:
    """Where a terrain's pattern motifs never go: into the core of a cell of another terrain, or over a hex id or
    a settlement's symbol."""

    centres: BaseGeometry  # the centres of the nearby cells of other terrains (MultiPoint)
    radius: float  # their core radius
    ids: BaseGeometry  # the hex id boxes and settlement symbol discs

    def clear(self, x: np.ndarray, y: np.ndarray, margin: float) -> np.ndarray:
        """Which points (x, y) lie ``margin`` or more outside the keep-out zones."""
        pts = shapely.points(np.column_stack([x, y]))
        return ~(shapely.dwithin(self.centres, pts, self.radius + margin) | shapely.dwithin(self.ids, pts, margin))


def cell_sets(game: Game) -> tuple[set[Hex], set[Hex], set[Hex]]:
    """(map hexes, area cells, water cells) as axial hexes."""
    hexes = {h.hex for h in game.map.hexes.values()}
    areas = {c for a in game.map.areas.values() for c in a.cells}
    water = {c for s in game.map.seas.values() for c in s.cells} | {c for k in game.map.lakes.values() for c in k.cells}
    return hexes, areas, water


def side_segment(layout: Layout, a: Hex, b: Hex) -> tuple[Point, Point]:
    """The two corners of the side of hex ``a`` that it shares with ``b``."""
    orient = layout.spec.orientation
    delta = b - a
    name = next(n for n, v in directions(orient).items() if v == delta)
    i, j = side_corners(name, orient)
    poly = layout.polygon(a)
    return poly[i], poly[j]


def lake_hexsides(game: Game, layout: Layout, look: Organic) -> BaseGeometry:
    """Lake hexsides as long thin lakes along their hexsides: widest (``lake_width`` hex widths) mid-chain,
    tapering to the chain's ends, with a wandering shore."""
    w = layout.hex_width
    blobs = []
    for chain in chain_hexsides(game, layout, look.lakes):
        line = LineString(chain)
        n = max(2, math.ceil(line.length / (w * 0.03)))
        ts = np.arange(n + 1) / n
        pts = shapely.line_interpolate_point(line, ts, normalized=True)
        xy = shapely.get_coordinates(pts)
        taper = np.sqrt(np.clip(4 * ts * (1 - ts), 0.0, 1.0)) * 0.8 + 0.2
        swell = 1.0 + 0.4 * fbm(xy[:, 0], xy[:, 1], w * 0.5, seed_of("lake"))
        blobs.append(shapely.buffer(pts, w * 0.5 * look.lake_width * taper * swell, quad_segs=6))
    if not blobs:
        return Polygon()
    return displace(unary_union(np.concatenate(blobs)), w * look.amplitude * 0.3, w * look.period * 0.5,
                    seed_of("lake shore"))


def ghost_water(game: Game, water_cells: set[Hex]) -> set[Hex]:
    """Water cells plus their neighbours outside the grid box, so seas run out to the frame."""
    inside = set(grid_cells(game))
    return water_cells | {n for c in water_cells for n in neighbours(c) if n not in inside}


def seed_of(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))


SYMBOL_CLEAR = 0.2  # hex widths around a settlement's centre that no pattern motif enters (its symbol)


def id_boxes(game: Game, layout: Layout, size: float) -> BaseGeometry:
    """Where the small hex ids are printed (top of each map hex), ``size`` hex widths tall, and the settlement
    symbols (a disc at the centre: a landmark's triangle among mountains stays visible)."""
    w = layout.hex_width
    boxes = []
    for h in game.map.hexes.values():
        cx, cy = layout.centre_f(h.hex)
        y = cy - w * HEX_ID_RISE
        boxes.append(shapely.box(cx - w * 0.19, y - w * size * 0.6, cx + w * 0.19, y + w * size * 0.6))
        if h.settlement:
            boxes.append(shapely.Point(cx, cy).buffer(w * SYMBOL_CLEAR))
    return unary_union(boxes)


def map_shapes(game: Game, layout: Layout, look: Organic, id_size: float) -> MapShapes:
    """Everything the map fills, in ``layout`` pixels; ``grid_box`` is the framed rectangle around the grid.

    Outlines are natural (:func:`organic`) but every cell keeps its own terrain on a disc of ``look.core`` times
    its inscribed radius around the centre: a hex is never ambiguous."""
    w = layout.hex_width
    core = w * 0.5 * look.core
    hexes, area_cells, water_cells = cell_sets(game)
    cells = grid_cells(game)
    box = shapely.box(*merged_bounds(layout, cells))
    land = merge(layout, hexes | area_cells)
    dry = [c for c in cells if c not in water_cells]
    water = organic(merge(layout, ghost_water(game, water_cells)), w, look, seed_of("water"))
    water = unary_union([water, cores(layout, water_cells, core), lake_hexsides(game, layout, look)])
    water = water.difference(cores(layout, dry, core)).intersection(box)
    # beyond the map edge: neither map nor water, nor the beach where a sea recedes from a map hex
    beach = land.buffer(w * 0.45, join_style="mitre").intersection(merge(layout, water_cells))
    offmap = box.difference(unary_union([land, water, beach]))
    ground = box.difference(water).difference(offmap)
    by_terrain: dict[str, list[Hex]] = defaultdict(list)
    for h in game.map.hexes.values():
        by_terrain[h.terrain].append(h.hex)
    terrain = {}
    dry_set = set(dry)
    ids = id_boxes(game, layout, id_size)
    shapely.prepare(ids)
    keepout = {}
    for t, own in sorted(by_terrain.items()):
        mine = set(own)
        others = {n for c in own for n in neighbours(c) if n in dry_set and n not in mine}
        shape = organic(merge(layout, own), w, look, seed_of(t)).union(cores(layout, own, core))
        terrain[t] = shape.difference(cores(layout, others, core)).intersection(ground)
        keepout[t] = Keepout(shapely.multipoints(centres(layout, others)), core, ids)
        shapely.prepare(keepout[t].centres)
    areas = {aid: merge(layout, a.cells).difference(water) for aid, a in game.map.areas.items() if a.cells}
    return MapShapes(box, land, water, offmap, terrain, areas, keepout)


# --- lines along hexsides ---------------------------------------------------------------------------------------


def _key(p: Point) -> tuple[int, int]:
    return round(p[0] * 8), round(p[1] * 8)


def chain_hexsides(game: Game, layout: Layout, feature: str | tuple[str, ...]) -> list[list[Point]]:
    """The hexsides carrying ``feature`` (or any of several), joined corner to corner into continuous polylines."""
    wanted = {feature} if isinstance(feature, str) else set(feature)
    # a corner computed from the centres of different hexes differs in the last bits: snap before chaining
    segs = [[(round(x * 64) / 64, round(y * 64) / 64) for x, y in side_segment(layout, e.a, e.b)]
            for e, f in sorted(game.map.hexsides.items()) if wanted & f]
    if not segs:
        return []
    merged = linemerge(MultiLineString(segs))
    return join_through(sorted([[(float(x), float(y)) for x, y in ln] for ln in lines(merged)]))


def join_through(polylines: list[list[Point]]) -> list[list[Point]]:
    """Where three or more polylines end at one point (a river and its tributary), join the two that continue
    each other most straightly, so the main stream flows through the confluence and can be smoothed there."""
    out = [list(p) for p in polylines]
    while True:
        ends: dict[tuple[int, int], list[tuple[int, bool]]] = defaultdict(list)  # point -> (line, at its end)
        for i, p in enumerate(out):
            if _key(p[0]) != _key(p[-1]):
                ends[_key(p[0])].append((i, False))
                ends[_key(p[-1])].append((i, True))
        best = None
        for key in sorted(ends):
            here = ends[key]
            if len(here) < 3:
                continue
            for a in range(len(here)):
                for b in range(a + 1, len(here)):
                    straight = _heading(out, *here[a]) @ _heading(out, *here[b])  # -1: straight on
                    if best is None or straight < best[0]:
                        best = (straight, here[a], here[b])
        if best is None:
            return out
        (i, i_end), (j, j_end) = best[1], best[2]
        first = out[i] if i_end else out[i][::-1]
        second = out[j][::-1] if j_end else out[j]
        out = [p for n, p in enumerate(out) if n not in (i, j)] + [first + second[1:]]


def _heading(polylines: list[list[Point]], i: int, at_end: bool) -> np.ndarray:
    """Unit direction of polyline ``i`` leaving the end point it has there."""
    p = polylines[i]
    (x0, y0), (x1, y1) = (p[-1], p[-2]) if at_end else (p[0], p[1])
    v = np.array([x1 - x0, y1 - y0])
    return v / np.hypot(*v)


def streams(game: Game, layout: Layout, feature: str | tuple[str, ...], meander: float, seed: int | None = None
            ) -> list[tuple[str, list[Point]]]:
    """Hexside lines (rivers) as drawn, with the feature of each: chained per feature, smoothed, meandering
    ``meander`` hex widths about their hexsides (the noise seeded by the feature's name unless ``seed``), and with
    each tributary running on to meet the smoothed stream it flows into, of its own class or another."""
    w = layout.hex_width
    features = (feature,) if isinstance(feature, str) else feature
    chains, kinds = [], []
    for f in features:
        for c in chain_hexsides(game, layout, f):
            chains.append(c)
            kinds.append(f)
    drawn = [displace(LineString(chaikin(c, 3)), w * meander, w * 0.6, seed_of(f) if seed is None else seed)
             for c, f in zip(chains, kinds)]
    inner = [{_key(q) for q in c[1:-1]} for c in chains]
    out = []
    for n, (chain, line) in enumerate(zip(chains, drawn)):
        pts = [(float(x), float(y)) for x, y in line.coords]
        for at_end in (False, True):
            into = [m for m in range(len(chains)) if m != n and _key(chain[-1 if at_end else 0]) in inner[m]]
            if into:
                end = drawn[into[0]].interpolate(drawn[into[0]].project(shapely.Point(pts[-1 if at_end else 0])))
                pts = pts + [(end.x, end.y)] if at_end else [(end.x, end.y)] + pts
        out.append((kinds[n], pts))
    return out


def chaikin(points: list[Point], rounds: int = 2) -> list[Point]:
    """Corner cutting that keeps the ends (closed rings stay closed)."""
    closed = len(points) > 2 and _key(points[0]) == _key(points[-1])
    pts = points
    for _ in range(rounds):
        out = [] if closed else [pts[0]]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            out += [(0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1), (0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1)]
        if closed:
            out.append(out[0])
        else:
            out.append(pts[-1])
        pts = out
    return pts


def map_edges(game: Game, layout: Layout) -> dict[str, list[list[Point]]]:
    """Friendly map edges (2.2): for each side, the outer sides of its edge hexes, inset by nothing, chained."""
    hexes, area_cells, water_cells = cell_sets(game)
    inside = hexes | area_cells | water_cells
    segs: dict[str, list[tuple[Point, Point]]] = defaultdict(list)
    for h in game.map.hexes.values():
        if not h.edge:
            continue
        for d in directions(layout.spec.orientation).values():
            n = h.hex + d
            if n not in inside:
                segs[h.edge].append(side_segment(layout, h.hex, n))
    out = {}
    for side, ss in segs.items():
        merged = linemerge(MultiLineString([list(s) for s in ss]))
        out[side] = [[(float(x), float(y)) for x, y in ln] for ln in lines(merged)]
    return out


def region_border(game: Game, layout: Layout, region_id: str, shapes: MapShapes) -> list[list[Point]]:
    """The outline of a region drawn only across land (not along coasts or the map edge)."""
    region = game.map.regions[region_id]
    cells = [game.map.hexes[loc].hex for loc in region.locations if loc in game.map.hexes]
    cells += [c for loc in region.locations if loc in game.map.areas for c in game.map.areas[loc].cells]
    shape = merge(layout, cells)
    w = layout.hex_width
    interior = shapes.land.buffer(-w * 0.05).difference(shapes.water.buffer(w * 0.08))
    return [ln for ln in lines(shape.boundary.intersection(interior)) if len(ln) >= 2]


def dashes(points: list[Point], on: float, off: float) -> list[list[Point]]:
    """Split a polyline into dashes of length ``on`` separated by ``off``."""
    line = LineString(points)
    out = []
    pos, total = 0.0, line.length
    while pos < total:
        seg = shapely.ops.substring(line, pos, min(pos + on, total))
        if seg.length > 0:
            out.append([(float(x), float(y)) for x, y in seg.coords])
        pos += on + off
    return out
