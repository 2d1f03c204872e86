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


def area_polygons(game: Game, layout: Layout) -> dict[str, tuple[tuple[int, int], ...]]:
    out = {}
    for aid, area in game.map.areas.items():
        shape = unary_union([Polygon(layout.polygon(h)).buffer(0.01) for h in area.cells])
        if shape.geom_type != "Polygon":
            shape = max(shape.geoms, key=lambda g: g.area)
        shape = shape.simplify(0.5)
        out[aid] = tuple((round(x), round(y)) for x, y in list(shape.exterior.coords)[:-1])
    return out


def is_turn_track(game: Game, box: BoxDef) -> bool:
    """A track whose spaces are the game's turns (drawn with each turn's weather and events)."""
    return box.kind == "track" and list(box.spaces) == [str(n) for n in sorted(game.turns)]


def _track_rows(n: int, per_row_max: int) -> int:
    return math.ceil(n / math.ceil(n / per_row_max))


def tracks_board(game: Game, width: int, unit: float) -> BoardGeometry:
    """The board of tracks and holding boxes, ``width`` pixels wide, spaced in units of ``unit`` (a hex width)."""
    pad = round(unit * 0.5)
    y = round(unit * 1.1)  # below the board title
    boxes: dict[str, Rect] = {}
    inner = width - 2 * pad
    for bid, box in game.map.boxes.items():
        if box.kind != "track" or not box.spaces:
            continue
        per_row = _track_rows(len(box.spaces), 14 if is_turn_track(game, box) else 18)
        sw = inner // per_row
        sh = round(unit * (2.0 if is_turn_track(game, box) else 1.05))
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
    the_map = BoardGeometry("map", MAP_IMAGE, size, layout, frozen_map({}), frozen_map(area_polygons(game, layout)))
    return the_map, tracks_board(game, size[0], layout.hex_width)
