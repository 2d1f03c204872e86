"""Map geometry with shapely: terrain regions merged across hexes and smoothed, water and coasts, rivers chained
into continuous lines along their hexsides, region borders and friendly map edges (2.2). Pure functions of the
game and a :class:`~games.grid.Layout`; :mod:`art.map_sheet` draws what they return.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, unary_union

from games import Game
from games.grid import Layout
from games.hexgrid import Hex, directions, side_corners

from .boards import grid_cells

Point = tuple[float, float]


def hex_poly(layout: Layout, h: Hex) -> Polygon:
    return Polygon(layout.polygon(h))


def merge(layout: Layout, cells) -> BaseGeometry:
    """Union of hex cells (slightly grown so that shared edges weld without slivers)."""
    cells = list(cells)
    if not cells:
        return Polygon()
    eps = layout.hex_width * 1e-4
    return unary_union([hex_poly(layout, h).buffer(eps, join_style="mitre") for h in cells])


def smooth(shape: BaseGeometry, radius: float) -> BaseGeometry:
    """Round convex and concave corners alike (an opening then a closing by ``radius``)."""
    if shape.is_empty or radius <= 0:
        return shape
    opened = shape.buffer(-radius).buffer(radius)
    return opened.buffer(radius).buffer(-radius)


def _noise(x: float, y: float, period: float) -> float:
    """A smooth deterministic field in [-1, 1] (sum of fixed sines): same position, same value. Uses libm's sin
    (not a SIMD path that may differ between CPUs) so the outlines are the same on every machine."""
    k = 2 * math.pi / period
    return (math.sin(k * (0.91 * x + 0.42 * y) + 1.3) * 0.5 + math.sin(k * (-0.37 * x + 1.13 * y) * 1.7 + 0.4) * 0.3
            + math.sin(k * (1.21 * x - 0.77 * y) * 2.9 + 2.1) * 0.2)


def wobble(shape: BaseGeometry, amplitude: float, period: float) -> BaseGeometry:
    """Let outlines wander like a hand-drawn map: every vertex moves by a smooth field of its position (rounded
    to 1/64 px so that float noise cannot change a drawn pixel)."""
    if shape.is_empty or amplitude <= 0:
        return shape
    dense = shapely.segmentize(shape, period / 8)

    def move(coords: np.ndarray) -> np.ndarray:
        out = [(round((x + _noise(x, y, period) * amplitude) * 64) / 64,
                round((y + _noise(y + 17.0 * period, x, period) * amplitude) * 64) / 64) for x, y in coords.tolist()]
        return np.array(out, dtype=float).reshape(-1, 2)

    return shapely.transform(dense, move).buffer(0)


def polygons(shape: BaseGeometry) -> list[Polygon]:
    if shape.is_empty:
        return []
    if shape.geom_type == "Polygon":
        return [shape]
    return [g for g in getattr(shape, "geoms", []) if g.geom_type == "Polygon"]


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
    land: BaseGeometry  # the map's hexes and areas
    water: BaseGeometry  # seas, lakes and lake hexsides, smoothed
    offmap: BaseGeometry  # land beyond the map edge
    terrain: dict[str, BaseGeometry]  # terrain id -> smoothed region (inside the land)
    areas: dict[str, BaseGeometry]


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


def lake_hexsides(game: Game, layout: Layout, width: float) -> BaseGeometry:
    """Lake hexsides as thin lakes ``width`` hex widths wide."""
    w = layout.hex_width
    segs = [LineString(side_segment(layout, e.a, e.b)) for e, f in game.map.hexsides.items() if "lake" in f]
    if not segs:
        return Polygon()
    return unary_union(segs).buffer(w * 0.5 * width, cap_style="round")


def ghost_water(game: Game, water_cells: set[Hex]) -> set[Hex]:
    """Water cells plus their neighbours outside the grid box, so seas run out to the frame."""
    from games.hexgrid import neighbours

    inside = set(grid_cells(game))
    return water_cells | {n for c in water_cells for n in neighbours(c) if n not in inside}


def map_shapes(game: Game, layout: Layout, smoothing: float, wobble_frac: float, lake_width: float) -> MapShapes:
    """Everything the map fills, in ``layout`` pixels; ``grid_box`` is the framed rectangle around the grid."""
    w = layout.hex_width
    hexes, area_cells, water_cells = cell_sets(game)
    box = shapely.box(*merge(layout, grid_cells(game)).bounds)
    land = merge(layout, hexes | area_cells)
    water = merge(layout, ghost_water(game, water_cells))
    water = wobble(smooth(water, w * smoothing * 0.6), w * wobble_frac, w * 0.9).intersection(box)
    water = unary_union([water, lake_hexsides(game, layout, lake_width)]).difference(
        merge(layout, hexes | area_cells).buffer(-w * 0.42))
    offmap = box.difference(land).difference(water)
    by_terrain: dict[str, list[Hex]] = defaultdict(list)
    for h in game.map.hexes.values():
        by_terrain[h.terrain].append(h.hex)
    terrain = {}
    for t, cells in sorted(by_terrain.items()):
        shape = wobble(smooth(merge(layout, cells), w * smoothing), w * wobble_frac, w * 0.9)
        terrain[t] = shape.intersection(land).difference(water)
    areas = {aid: merge(layout, a.cells).difference(water) for aid, a in game.map.areas.items()}
    return MapShapes(box, land, water, offmap, terrain, areas)


# --- lines along hexsides ---------------------------------------------------------------------------------------


def _key(p: Point) -> tuple[int, int]:
    return round(p[0] * 8), round(p[1] * 8)


def chain_hexsides(game: Game, layout: Layout, feature: str) -> list[list[Point]]:
    """The hexsides carrying ``feature``, joined corner to corner into continuous polylines."""
    segs = [side_segment(layout, e.a, e.b) for e, f in sorted(game.map.hexsides.items()) if feature in f]
    if not segs:
        return []
    merged = linemerge(MultiLineString([list(s) for s in segs]))
    return [[(float(x), float(y)) for x, y in ln] for ln in lines(merged)]


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
