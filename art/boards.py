"""Board geometry: the contract between the art, the module writer and the log reader (2.2).

:func:`boards` is pure (no drawing): for every board image the art produces it gives the image's size, the hex
:class:`~games.grid.Layout` (for the map), the pixel rectangle of each off-map box and of each track space
(``"<box>:<space>"``), and each area's pixel polygon. The renderers draw exactly these rectangles, so VASSAL zones
and at-start stacks built from them land on the drawn boxes, and a logged pixel maps back to its box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Mapping

from shapely.geometry import Polygon
from shapely.ops import unary_union

from games import Game
from games.grid import Layout
from games.model import Box as BoxDef, frozen_map

from .style import Style, style_of

MAP_IMAGE = "images/map.png"
TRACKS_IMAGE = "images/board_tracks.png"


@dataclass(frozen=True)
class Rect:
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def centre(self) -> tuple[int, int]:
        return (self.x0 + self.x1) // 2, (self.y0 + self.y1) // 2

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1


@dataclass(frozen=True)
class BoardGeometry:
    name: str  # "map" | "board_tracks"
    image: str  # path of the PNG inside build/<game>/
    size: tuple[int, int]
    layout: Layout | None = None  # the hex layout (map only)
    boxes: Mapping[str, Rect] = field(default_factory=frozen_map)  # box id and "<box>:<space>" -> rectangle
    areas: Mapping[str, tuple[tuple[int, int], ...]] = field(default_factory=frozen_map)  # area id -> polygon
    sections: Mapping[str, Rect] = field(default_factory=frozen_map)  # map section id -> its printed box (map only)


def grid_cells(game: Game):
    """Every (col, row) cell of the grid box as axial hexes, row by row."""
    from games.hexgrid import from_offset

    spec = game.map.grid
    return [from_offset(c, r, spec.orientation, spec.offset) for r in range(spec.rows) for c in range(spec.columns)]


def map_size(game: Game, layout: Layout, style: Style | None = None) -> tuple[int, int]:
    """Image size of the map drawn with ``layout``: the grid box plus the frame margin right and below."""
    style = style or style_of(game)
    margin = style.num("map.margin") * layout.hex_width
    xs, ys = [], []
    for h in grid_cells(game):
        for x, y in layout.polygon(h):
            xs.append(x)
            ys.append(y)
    return math.ceil(max(xs) + margin), math.ceil(max(ys) + margin)


def area_polygons(game: Game, layout: Layout, style: Style | None = None, size: tuple[int, int] | None = None
                  ) -> dict[str, tuple[tuple[int, int], ...]]:
    """Area id -> pixel polygon on the map: the cells an area covers, or for an area without cells the band
    beyond the map edge along its adjacent hexes (an Entry Area), or the box the style places it in
    (``map.area_boxes.<id>``); an area with none of these has no polygon."""
    out = {}
    bands = area_bands(game, layout, style, size) if any(not a.cells for a in game.map.areas.values()) else {}
    for aid, area in game.map.areas.items():
        if area.cells:
            shape = unary_union([Polygon(layout.polygon(h)).buffer(0.01) for h in area.cells])
        elif aid in bands:
            shape = bands[aid].shape
        else:
            continue
        if shape.geom_type != "Polygon":
            shape = max(shape.geoms, key=lambda g: g.area)
        shape = shape.simplify(0.5)
        out[aid] = tuple((round(x), round(y)) for x, y in list(shape.exterior.coords)[:-1])
    return out


@dataclass(frozen=True)
class AreaBand:
    """Where an area without cells is drawn: ``kind`` "edge" (a band beyond the map edge along its hexes),
    "seam" (a strip along the edge of its hexes' section, inside the map) or "box" (a box the style places)."""

    shape: object  # shapely Polygon
    kind: str
    sides: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()  # the hexsides it runs along


def area_bands(game: Game, layout: Layout, style: Style | None = None, size: tuple[int, int] | None = None
               ) -> dict[str, AreaBand]:
    """The shapes of the areas without cells (22.0 Entry Areas, boxes): pure geometry, as :func:`area_polygons`."""
    from shapely.geometry import LineString, box as rect
    from shapely.ops import linemerge

    from games.hexgrid import directions

    from .map_shapes import side_segment

    style = style or style_of(game)
    size = size or map_size(game, layout, style)
    w = layout.hex_width
    band = w * style.num("map.area_band")
    frame = rect(1, 1, size[0] - 1, size[1] - 1)
    hexes = game.map.hexes
    water = {c for s in game.map.seas.values() for c in s.cells} | {c for k in game.map.lakes.values() for c in k.cells}
    covered = {c for a in game.map.areas.values() for c in a.cells}
    land = unary_union([Polygon(layout.polygon(h.hex)) for h in hexes.values()]) if hexes else Polygon()
    from games.hexgrid import to_offset

    def crossed(h, n) -> set[str]:
        """Which side of a map section's printed box (west, east, north, south) the step from cell h to its
        neighbour n leaves it by, for every section holding h (a shared row: two) but not n."""
        out = set()
        (c, r), (nc, nr) = (to_offset(x, layout.spec.orientation, layout.spec.offset) for x in (h, n))
        for sec in game.map.sections.values():
            (c0, r0), (c1, r1) = sec.first, sec.last
            if c0 <= c <= c1 and r0 <= r <= r1 and not (c0 <= nc <= c1 and r0 <= nr <= r1):
                out.add("north" if nr < r0 else "south" if nr > r1 else "west" if nc < c0 else "east")
        return out

    out: dict[str, AreaBand] = {}
    for aid, area in game.map.areas.items():
        if area.cells:
            continue
        edge, wet = [], []
        seams: dict[str, list] = {}  # a side of the sections' boxes -> the area's hexsides on it
        for loc in area.adjacent:
            if loc not in hexes:
                continue
            h = hexes[loc]
            for dv in directions(layout.spec.orientation).values():
                n = h.hex + dv
                other = game.map.by_hex.get(n)
                if n in covered:
                    continue
                if n in water:
                    wet.append(side_segment(layout, h.hex, n))
                elif other is None:
                    edge.append(side_segment(layout, h.hex, n))
                else:
                    for way in sorted(crossed(h.hex, n)):
                        seams.setdefault(way, []).append(side_segment(layout, h.hex, n))
        # the sheets' edge most of its hexsides lie on (a strip along the south maps' north edge, row 40, not along
        # the seam between the north maps that one of those hexes also touches)
        seam = max(seams.values(), key=len) if seams else []
        if not edge and not seam:  # reached across the water only (Crimea across the Kerch Strait): over the sea
            edge = wet
        edge = _facing_out(layout, edge, hexes, area.adjacent)
        if edge and len(edge) >= len(seam):
            shape = _extruded(edge, land.bounds, band).difference(land)
            shape = shape.buffer(band * 0.3).buffer(-band * 0.3).difference(land).intersection(frame)
            if shape.geom_type != "Polygon" and not shape.is_empty:
                shape = shape.convex_hull.difference(land).intersection(frame)
            if shape.geom_type == "MultiPolygon":
                shape = max(shape.geoms, key=lambda g: g.area)
            if not shape.is_empty:
                out[aid] = AreaBand(shape, "edge", tuple(edge))
                continue
        if seam:
            chain = linemerge(unary_union([LineString(s) for s in seam]))  # one strip along the chained sides
            shape = chain.buffer(w * 0.06, cap_style="flat", join_style="mitre")
            if shape.geom_type != "Polygon":  # sides that do not chain: the largest run (a hull would cover hexes)
                shape = max(shape.geoms, key=lambda g: g.area)
            out[aid] = AreaBand(shape, "seam", tuple(seam))
            continue
        placed = style.table(f"map.area_boxes.{aid}")
        if placed:
            from games.grid import HexIds

            try:
                at = HexIds(layout.spec).hex_of(str(placed.get("at", "")))
            except ValueError:
                from games import DataError

                raise DataError("style.toml", f"not a hex id: {str(placed.get('at'))[:20]!r}",
                                key=f"map.area_boxes.{aid}.at") from None
            cx, cy = layout.centre_f(at)
            bw, bh = w * float(placed.get("width", 2.0)) / 2, w * float(placed.get("height", 1.2)) / 2
            out[aid] = AreaBand(rect(cx - bw, cy - bh, cx + bw, cy + bh).intersection(frame), "box")
    return out


EDGES = ((0, -1), (1, 0), (0, 1), (-1, 0))  # the outward normals of the grid box's sides: north, east, south, west


def _extruded(sides, grid_box: tuple[float, float, float, float], band: float):
    """The band beyond an edge area's hexsides: for each side of the grid box they lie along (a corner area: two),
    the box across its hexsides there that reaches ``band`` beyond the farthest of them, out of the map; the map's
    hexes are cut out of it by the caller. Its outer edges are straight, as a box printed along a map edge, and
    neighbouring areas meet along a straight cut."""
    x0, y0, x1, y1 = grid_box
    groups: dict[tuple[int, int], list] = {}
    for side in sides:
        mx, my = (side[0][0] + side[1][0]) / 2, (side[0][1] + side[1][1]) / 2
        gaps = (my - y0, x1 - mx, y1 - my, mx - x0)  # how far the side lies from each edge of the grid box
        groups.setdefault(EDGES[gaps.index(min(gaps))], []).append(side)
    boxes = []
    for (nx, ny), group in groups.items():
        tx, ty = -ny, nx
        pts = [p for side in group for p in side]
        along = [x * tx + y * ty for x, y in pts]
        out = [x * nx + y * ny for x, y in pts]
        t0, t1, n0, n1 = min(along), max(along), min(out), max(out) + band
        boxes.append(Polygon([(t * tx + n * nx, t * ty + n * ny) for t, n in ((t0, n0), (t1, n0), (t1, n1), (t0, n1))]))
    return unary_union(boxes)


def _facing_out(layout: Layout, sides, hexes, adjacent) -> list:
    """The hexsides of an edge area that face the way most of them face (an area on the west edge keeps the west
    sides of its corner hexes, not their north or south sides)."""
    import math

    if not sides:
        return []
    centres = [layout.centre_f(hexes[a].hex) for a in adjacent if a in hexes]
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    normals = []
    for (ax, ay), (bx, by) in sides:
        mx, my = (ax + bx) / 2, (ay + by) / 2
        nx, ny = by - ay, -(bx - ax)  # a normal of the side; turned to point away from the hexes' middle
        n = math.hypot(nx, ny) or 1.0
        nx, ny = nx / n, ny / n
        if (mx - cx) * nx + (my - cy) * ny < 0:
            nx, ny = -nx, -ny
        normals.append((nx, ny))
    sx, sy = sum(n[0] for n in normals), sum(n[1] for n in normals)
    norm = math.hypot(sx, sy)
    if norm < 1e-9:
        return list(sides)
    return [s for s, (nx, ny) in zip(sides, normals) if (nx * sx + ny * sy) / norm >= 0.49]


def section_rects(game: Game, layout: Layout) -> dict[str, Rect]:
    """Map section id -> the pixel box of every grid cell its printed box holds (shared rows included)."""
    from games.hexgrid import from_offset

    spec = game.map.grid
    out = {}
    for sid, sec in game.map.sections.items():
        xs, ys = [], []
        for c in (sec.first[0], sec.last[0]):
            for r in range(sec.first[1], sec.last[1] + 1):
                for x, y in layout.polygon(from_offset(c, r, spec.orientation, spec.offset)):
                    xs.append(x)
                    ys.append(y)
        out[sid] = Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys)))
    return out


def is_turn_track(game: Game, box: BoxDef) -> bool:
    """A track whose spaces are the game's turns (drawn with each turn's weather and events)."""
    return box.kind == "track" and list(box.spaces) == [str(n) for n in sorted(game.turns)]


def _track_rows(n: int, per_row_max: int) -> int:
    return math.ceil(n / math.ceil(n / per_row_max))


def tracks_board(game: Game, width: int, unit: float, turn_height: float = 2.0, turn_row: int = 14
                 ) -> BoardGeometry:
    """The board of tracks and holding boxes, ``width`` pixels wide, spaced in units of ``unit`` (a hex width);
    a turn track's spaces are ``turn_height`` units tall and at most ``turn_row`` a row (style ``board``)."""
    pad = round(unit * 0.5)
    y = round(unit * 1.1)  # below the board title
    boxes: dict[str, Rect] = {}
    inner = width - 2 * pad
    for bid, box in game.map.boxes.items():
        if box.kind != "track" or not box.spaces:
            continue
        per_row = _track_rows(len(box.spaces), turn_row if is_turn_track(game, box) else 18)
        sw = inner // per_row
        sh = round(unit * (turn_height if is_turn_track(game, box) else 1.05))
        y += round(unit * 0.45)  # the track's heading
        rows = math.ceil(len(box.spaces) / per_row)
        x0 = pad + (inner - sw * per_row) // 2
        for i, space in enumerate(box.spaces):
            r, c = divmod(i, per_row)
            boxes[f"{bid}:{space}"] = Rect(x0 + c * sw, y + r * sh, x0 + (c + 1) * sw, y + (r + 1) * sh)
        boxes[bid] = Rect(x0, y, x0 + sw * per_row, y + rows * sh)
        y += rows * sh + round(unit * 0.3)
    holding = [b for b in game.map.boxes.values() if b.kind == "holding"]
    groups: list[list[BoxDef]] = [[b for b in holding if b.side == s] for s in game.sides]
    groups.append([b for b in holding if b.side not in game.sides])
    per_row = max(1, max(len(g) for g in groups))
    gap = round(unit * 0.2)
    bw = (inner - gap * (per_row - 1)) // per_row
    bh = round(unit * 2.3)
    for group in groups:
        for i in range(0, len(group), per_row):
            y += gap
            for c, b in enumerate(group[i:i + per_row]):
                x = pad + c * (bw + gap)
                boxes[b.id] = Rect(x, y, x + bw, y + bh)
            y += bh
    return BoardGeometry("board_tracks", TRACKS_IMAGE, (width, y + pad), None, frozen_map(boxes))


def boards(game: Game, scale: float = 1.0, style: Style | None = None) -> tuple[BoardGeometry, ...]:
    """The geometry of every board the art draws, at ``scale`` times the module size (pure: no rendering).

    The map's hex centres are ``Layout.module(game.map.grid, scale).centre(hex)``; at scale 1 these are the
    module's (and VASSAL's) centres."""
    style = style or style_of(game)
    layout = Layout.module(game.map.grid, scale)
    size = map_size(game, layout, style)
    the_map = BoardGeometry("map", MAP_IMAGE, size, layout, frozen_map({}),
                            frozen_map(area_polygons(game, layout, style, size)),
                            frozen_map(section_rects(game, layout)))
    return the_map, tracks_board(game, size[0], layout.hex_width, style.num("board.turn_height"),
                                 int(style.num("board.turn_row")))
