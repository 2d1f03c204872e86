"""The grid as geometry in hex space: hex ids, centres, polygons, hexsides and the corner graph along which rivers
and ridges run. The hex maths is games.hexgrid's and the layout games.grid's (hex width 1, cell (0, 0) at the
origin), so the generator and the art agree on where every hex is.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from shapely.geometry import Polygon

from games.grid import HexIds, Layout
from games.hexgrid import Hex, corner_offsets, directions, from_offset, side_corners, to_offset
from games.model import GridSpec

from .config import GridConfig

Side = tuple[str, str]  # (hex id, direction) with the hex that comes first in id order


@dataclass(frozen=True)
class HexSpace:
    grid: GridConfig

    @cached_property
    def spec(self) -> GridSpec:
        g = self.grid
        return GridSpec(g.orientation, g.offset, g.columns, g.rows, g.id_digits,  # type: ignore[arg-type]
                        first_column=g.first_column, first_row=g.first_row)

    @cached_property
    def layout(self) -> Layout:
        return Layout(self.spec, 1.0, (0, 0))

    @cached_property
    def hex_ids(self) -> HexIds:
        return HexIds(self.spec)

    @cached_property
    def dirs(self) -> dict[str, Hex]:
        return directions(self.grid.orientation)  # type: ignore[arg-type]

    # -- ids --
    def id_of(self, h: Hex) -> str:
        return self.hex_ids.id_of(h)

    def hex_of(self, hex_id: str) -> Hex | None:
        """The cell of an id, or None when it is not a well-formed id inside the grid box."""
        try:
            h = self.hex_ids.hex_of(hex_id)
        except ValueError:
            return None
        return h if h in self.ids else None

    @cached_property
    def cells(self) -> tuple[Hex, ...]:
        """Every cell of the grid box, in id order."""
        g = self.grid
        out = [from_offset(c, r, g.orientation, g.offset)  # type: ignore[arg-type]
               for c in range(g.columns) for r in range(g.rows)]
        return tuple(sorted(out, key=self.id_of))

    @cached_property
    def ids(self) -> dict[Hex, str]:
        return {h: self.id_of(h) for h in self.cells}

    def offset(self, h: Hex) -> tuple[int, int]:
        return to_offset(h, self.grid.orientation, self.grid.offset)  # type: ignore[arg-type]

    # -- geometry --
    def centre(self, h: Hex) -> tuple[float, float]:
        return self.layout.centre_f(h)

    def polygon(self, h: Hex) -> Polygon:
        return Polygon(self.layout.polygon(h))

    @cached_property
    def hex_area(self) -> float:
        return Polygon(corner_offsets(1.0, self.grid.orientation)).area  # type: ignore[arg-type]

    def neighbour(self, h: Hex, direction: str) -> Hex | None:
        n = h + self.dirs[direction]
        return n if n in self.ids else None

    def side_key(self, h: Hex, direction: str) -> Side | None:
        """The canonical key of a hexside inside the grid: from the hex whose id sorts first."""
        n = self.neighbour(h, direction)
        if n is None:
            return None
        a, b = self.ids[h], self.ids[n]
        return (a, direction) if a < b else (b, self.direction_between(n, h))

    def direction_between(self, a: Hex, b: Hex) -> str:
        delta = b - a
        return next(name for name, vec in self.dirs.items() if vec == delta)

    def side_segment(self, h: Hex, direction: str) -> tuple[tuple[float, float], tuple[float, float]]:
        i, j = side_corners(direction, self.grid.orientation)  # type: ignore[arg-type]
        pts = self.layout.polygon(h)
        return pts[i], pts[j]

    def side_midpoint(self, h: Hex, direction: str) -> tuple[float, float]:
        (x1, y1), (x2, y2) = self.side_segment(h, direction)
        return (x1 + x2) / 2, (y1 + y2) / 2

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The cell whose centre is nearest (the cell containing the point), or None outside the box."""
        g = self.grid
        step = self.layout.row_spacing
        if g.orientation == "flat":
            c0, r0 = round(x / step), round(y)
        else:
            c0, r0 = round(x), round(y / step)
        best, best_d = None, math.inf
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c, r = c0 + dc, r0 + dr
                if not (0 <= c < g.columns and 0 <= r < g.rows):
                    continue
                h = from_offset(c, r, g.orientation, g.offset)  # type: ignore[arg-type]
                cx, cy = self.centre(h)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best, best_d = h, d
        return best

    # -- the corner graph --
    @cached_property
    def corner_graph(self) -> tuple[dict[tuple[int, int], tuple[float, float]], dict[Side, tuple]]:
        """Corners (keyed by rounded position) and, per interior hexside, the two corners it joins."""
        corners: dict[tuple[int, int], tuple[float, float]] = {}
        sides: dict[Side, tuple] = {}
        for h in self.cells:
            for d in self.dirs:
                key = self.side_key(h, d)
                if key is None or key in sides:
                    continue
                ends = []
                for p in self.side_segment(h, d):
                    k = (round(p[0] * 1000), round(p[1] * 1000))
                    corners.setdefault(k, p)
                    ends.append(k)
                sides[key] = tuple(ends)
        return corners, sides

    def hexes_of_side(self, side: Side) -> tuple[Hex, Hex]:
        h = self.hex_of(side[0])
        assert h is not None
        n = self.neighbour(h, side[1])
        assert n is not None
        return h, n
