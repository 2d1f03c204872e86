"""VASSAL's ``HexGrid`` and ``HexGridNumbering``, reproduced exactly (see docs/vassal-format.md §f).

Pixel positions are board-local integer pixels. All arithmetic mirrors the Java code of VASSAL 3.7
(``HexGrid.hexPoint``, ``HexGridNumbering.getRawRow``/``getRawColumn``/``getCenterPoint``,
``RegularGridNumbering.getName``/``getLocation``): Java ``(int)`` casts truncate toward zero, ``Math.round`` rounds
half up, and in a ``sideways`` grid every point is swapped x↔y on the way in and out, *including* the origin
(``x0`` is then applied to the screen's y axis).

This module knows nothing about any game: it is the VASSAL side of the contract. ``games.grid`` builds one of
these from a game's grid definition; the VASSAL log reader builds one from any module's ``buildFile.xml``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Union

Point = tuple[int, int]


def jtrunc(v: float) -> int:
    """Java ``(int) v``: truncation toward zero."""
    return int(v)


def jround(v: float) -> int:
    """Java ``Math.round(v)``: floor(v + 0.5)."""
    return math.floor(v + 0.5)


def _jround_f(v: float) -> int:
    """Java ``Math.round(float)`` on a float value (same rule)."""
    return math.floor(v + 0.5)


def _f32(v: float) -> float:
    """Round a double to the nearest IEEE single, as a Java ``(float)`` cast does."""
    import struct

    return struct.unpack("f", struct.pack("f", v))[0]


@dataclass(frozen=True)
class VassalHexGrid:
    """``VASSAL.build.module.map.boardPicker.board.HexGrid`` geometry.

    ``dx`` is VASSAL's "hex width" (the distance between column centres) and ``dy`` its "hex height" (the
    distance between centres within a column); both are measured in the rotated frame when ``sideways``.
    """

    dx: float
    dy: float
    x0: int = 0
    y0: int = 32
    sideways: bool = False
    snap_to: bool = True

    # -- frame helpers --
    def _rot(self, p: Point) -> Point:
        return (p[1], p[0]) if self.sideways else p

    # -- hex centres --
    def raw_centre(self, nx: int, ny: int) -> Point:
        """Centre of the hex at raw column ``nx`` / raw row ``ny`` (rotated frame indices), in board pixels."""
        x = jtrunc(self.dx * nx + self.x0)
        if nx % 2 == 0:
            y = jtrunc(self.dy * ny + self.y0)
        else:
            y = jtrunc(self.dy * ny + jtrunc(self.dy / 2) + self.y0)
        return self._rot((x, y))

    def hex_polygon_rotated(self, cx: int, cy: int) -> list[Point]:
        """``HexGrid.getSingleHexShape`` (not reversed) in the rotated frame: integer vertices, with the 1-pixel
        expansion on the right and bottom edges."""
        dx = _f32(self.dx)
        dy = _f32(self.dy)
        r = _f32(2.0 * dx / 3.0)
        x, y = float(cx), float(cy)
        x1, y1 = _f32(x - r), y
        x2, y2 = _f32(x - _f32(0.5 * r)), _f32(y - _f32(0.5 * dy))
        x3, y3 = _f32(x + _f32(0.5 * r)), y2
        x4, y4 = _f32(x + r), y
        x5, y5 = x3, _f32(y + _f32(0.5 * dy))
        x6, y6 = x2, y5
        return [
            (_jround_f(x1), _jround_f(y1)),
            (_jround_f(x2), _jround_f(y2)),
            (_jround_f(x3) + 1, _jround_f(y3)),
            (_jround_f(x4) + 1, _jround_f(y4)),
            (_jround_f(x5) + 1, _jround_f(y5) + 1),
            (_jround_f(x6), _jround_f(y6) + 1),
        ]

    def _raw_centre_rotated(self, nx: int, ny: int) -> Point:
        x = jtrunc(self.dx * nx + self.x0)
        y = jtrunc(self.dy * ny + self.y0) if nx % 2 == 0 else jtrunc(self.dy * ny + jtrunc(self.dy / 2) + self.y0)
        return x, y

    def _hex_point(self, x: int, y: int) -> Point:
        """``HexGrid.hexPoint`` (3.7): rectangle guess, then a polygon test on the guess and four neighbours."""
        nx = math.floor((x - self.x0 + self.dx / 2) / self.dx)
        if nx % 2 == 0:
            ny = math.floor((y - self.y0 + self.dy / 2) / self.dy)
        else:
            ny = math.floor((y - self.y0) / self.dy)
        first = self._raw_centre_rotated(nx, ny)
        if _contains(self.hex_polygon_rotated(*first), x, y):
            return first
        offsets = ((-1, -1), (-1, 0), (1, -1), (1, 0)) if nx % 2 == 0 else ((-1, 0), (-1, 1), (1, 0), (1, 1))
        for ox, oy in offsets:
            c = self._raw_centre_rotated(nx + ox, ny + oy)
            if _contains(self.hex_polygon_rotated(*c), x, y):
                return c
        return first

    def snap(self, p: Point) -> Point:
        """``HexGrid.snapTo`` for a grid that snaps to hex centres only."""
        if not self.snap_to:
            return p
        return self._rot(self._hex_point(*self._rot(p)))

    # -- raw indices used by the numbering --
    def raw_column(self, p: Point) -> int:
        x, _ = self._rot(p)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def raw_row(self, p: Point) -> int:
        x, y = self._rot(p)
        nx = jround((x - self.x0) / self.dx)
        if nx % 2 == 0:
            return jround((y - self.y0) / self.dy)
        return jround((y - self.y0 - self.dy / 2) / self.dy)

    def range(self, p1: Point, p2: Point) -> int:
        """``HexGrid.range`` of 3.7+: odd-q offset → cube distance of the raw indices of both (snapped) points."""
        a, b = self.snap(p1), self.snap(p2)

        def cube(p: Point) -> tuple[int, int, int]:
            col, row = self.raw_column(p), self.raw_row(p)
            q = col
            r = row - (col - (col & 1)) // 2
            return q, r, -q - r

        qa, ra, sa = cube(a)
        qb, rb, sb = cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def _contains(poly: list[Point], x: float, y: float) -> bool:
    """Point-in-polygon with Java's insideness rule (boundary points count when the interior lies to the right
    / below), implemented as a half-open crossing test, which is what ``java.awt.geom.Area.contains`` gives for
    these integer polygons."""
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 <= y < y2) or (y2 <= y < y1):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xc:
                inside = not inside
    return inside


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ALPHA_MATCH = "-?(?:" + "|".join(c + "+" for c in ALPHABET) + ")"


def format_index(value: int, kind: str, leading: int) -> str:
    """``RegularGridNumbering.getName(int, char, int)``: numeric with zero padding, or repeated letters."""
    out = "-" if value < 0 else ""
    value = abs(value)
    if kind == "A":  # VASSAL adds the letter of value % 26 and takes 26 off until below zero: that letter, repeated
        return out + ALPHABET[value % 26] * (value // 26 + 1)
    while leading > 0 and value < 10.0 ** leading:
        leading -= 1
        out += "0"
    return out + str(value)


def parse_index(name: str, kind: str) -> int:
    """``RegularGridNumbering.parseName``."""
    if kind == "A":
        value, index, negative = 0, 0, name.startswith("-")
        if negative:
            index = 1
        while index < len(name) and name[index].isupper():
            value += 26 if index < len(name) - 1 else ALPHABET.index(name[index])
            index += 1
        return -value if negative else value
    return int(name)


@dataclass(frozen=True)
class RegularNumbering:
    """``RegularGridNumbering``: the fields and naming shared by the hex and square numberings (``stagger`` belongs
    to ``HexGridNumbering`` and only the hex numbering reads it). Subclasses give ``row``, ``column`` and
    ``centre_point``. ``board_width``/``board_height`` are only needed for descending numbering."""

    grid: object
    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"
    board_width: int = 0
    board_height: int = 0

    def row(self, p: Point) -> int:
        raise NotImplementedError

    def column(self, p: Point) -> int:
        raise NotImplementedError

    def centre_point(self, col: int, row: int) -> Point:
        raise NotImplementedError

    def name_of(self, row: int, column: int) -> str:
        """``getName(row, column)``: ``$gridLocation$`` for numbering coordinates."""
        row_name = format_index(row + self.v_off, self.v_type, self.v_leading)
        col_name = format_index(column + self.h_off, self.h_type, self.h_leading)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name

    def location_name(self, p: Point) -> str:
        """``RegularGridNumbering.locationName``: the text VASSAL puts in move reports for a board point."""
        row, col = self.row(p), self.column(p)
        text = self.location_format.replace("$gridLocation$", self.name_of(row, col))
        text = text.replace("$row$", format_index(row + self.v_off, self.v_type, self.v_leading))
        return text.replace("$column$", format_index(col + self.h_off, self.h_type, self.h_leading))

    def location(self, name: str) -> Point | None:
        """``RegularGridNumbering.getLocation``: the point VASSAL gives for a location name, or None (BadCoords)."""
        parsed = self.parse_location(name)
        return None if parsed is None else self.centre_point(*parsed)

    def parse_location(self, name: str) -> tuple[int, int] | None:
        """Numbering (column, row) of a location name with offsets removed, or None when ``name`` does not match
        ``locationFormat``."""
        tokens = self.location_format.split("$")
        regex, groups, col_group, row_group = "", 0, 0, 0
        is_property = True
        for i, token in enumerate(tokens):
            is_property = not is_property
            if not token:
                continue
            last = i == len(tokens) - 1
            if not is_property or last:
                regex += re.escape(token)
            elif token == "gridLocation":
                h = "(" + _index_pattern(self.h_type, self.h_leading) + ")"
                v = "(" + _index_pattern(self.v_type, self.v_leading) + ")"
                if self.first == "H":
                    regex += h + (re.escape(self.sep) if self.sep else "") + v
                    col_group, row_group = groups + 1, groups + 2
                else:
                    regex += v + re.escape(self.sep) + h
                    row_group, col_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                groups += 1
                regex += "(" + _index_pattern(self.v_type, self.v_leading) + ")"
                row_group = groups
            elif token == "column":
                groups += 1
                regex += "(" + _index_pattern(self.h_type, self.h_leading) + ")"
                col_group = groups
        if not regex or not col_group or not row_group:
            return None
        m = re.fullmatch(regex, name)
        if m is None:
            return None
        row = parse_index(m.group(row_group), self.v_type)
        col = parse_index(m.group(col_group), self.h_type)
        return col - self.h_off, row - self.v_off


def _index_pattern(kind: str, leading: int) -> str:
    return _ALPHA_MATCH if kind == "A" else "-?[0-9]{%d,}" % (leading + 1)


@dataclass(frozen=True)
class VassalHexNumbering(RegularNumbering):
    """``HexGridNumbering`` attached to a :class:`VassalHexGrid` (fields and naming: :class:`RegularNumbering`)."""

    grid: VassalHexGrid

    def _max_rows(self) -> int:
        return math.floor(self.board_height / self.grid.dx + 0.5)

    def _max_columns(self) -> int:
        return math.floor(self.board_width / self.grid.dy + 0.5)

    def column(self, p: Point) -> int:
        x = self.grid.raw_column(p)
        if self.v_descend and self.grid.sideways:
            x = self._max_rows() - x
        if self.h_descend and not self.grid.sideways:
            x = self._max_columns() - x
        return x

    def row(self, p: Point) -> int:
        ny = self.grid.raw_row(p)
        sideways = self.grid.sideways
        if self.v_descend and not sideways:
            ny = self._max_rows() - ny
        if self.h_descend and sideways:
            ny = self._max_columns() - ny
        if self.stagger and self.grid.raw_column(p) % 2 != 0:
            descending = self.h_descend if sideways else self.v_descend
            ny += -1 if descending else 1
        return ny

    def centre_point(self, col: int, row: int) -> Point:
        """``HexGridNumbering.getCenterPoint`` for numbering coordinates (offsets already removed)."""
        g = self.grid
        if self.stagger and col % 2 != 0:
            descending = self.h_descend if g.sideways else self.v_descend
            row += 1 if descending else -1
        if g.sideways:
            if self.v_descend:
                col = self._max_rows() - col
            if self.h_descend:
                row = self._max_columns() - row
        else:
            if self.h_descend:
                col = self._max_columns() - col
            if self.v_descend:
                row = self._max_rows() - row
        x = jtrunc(col * g.dx) + g.x0
        y = jtrunc(row * g.dy) if col % 2 == 0 else jtrunc(row * g.dy + g.dy / 2)
        y += g.y0
        return (y, x) if g.sideways else (x, y)


# --- SquareGrid --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VassalSquareGrid:
    """``VASSAL.build.module.map.boardPicker.board.SquareGrid`` (3.7): cells ``dx`` by ``dy`` whose (0, 0) centre is
    at ``(x0, y0)``."""

    dx: float = 48.0
    dy: float = 48.0
    x0: int = 24
    y0: int = 24
    snap_to: bool = True
    edges_legal: bool = False
    corners_legal: bool = False
    snap_scale: int = 0

    def snap(self, p: Point) -> Point:
        """``SquareGrid.snapTo(p)``: to the nearest centre, or edge/corner point when those are legal."""
        if not self.snap_to:
            return p
        dx, dy = self.dx, self.dy
        ox, oy = p[0] - self.x0, p[1] - self.y0
        nx = jround(ox / (0.5 * dx))
        ny = jround(oy / (0.5 * dy))
        if not self.corners_legal or not self.edges_legal:
            if self.corners_legal:
                nx = 2 * jround(ox / dx) if ny % 2 == 0 else 1 + 2 * jround(ox / dx - 0.5)
            elif self.edges_legal:
                if ny % 2 != 0 or nx % 2 == 0:
                    nx = 2 * jround(ox / dx)
            else:
                nx = 2 * jround(ox / dx)
                ny = 2 * jround(oy / dy)
                if self.snap_scale > 0:
                    return self._fine_snap(ox, oy, nx, ny)
        return self.x0 + jround(nx * dx / 2), self.y0 + jround(ny * dy / 2)

    def _fine_snap(self, ox: int, oy: int, nx: int, ny: int) -> Point:
        s, dx, dy = self.snap_scale, self.dx, self.dy

        def delta(offset: int, n: int, d: float) -> int:
            v = offset - jround(n * d / 2)
            v = jround(v / (0.5 * d / s))
            v = min(max(v, 1 - s), s - 1)
            return jround(v * 0.5 * d / s)

        return (jround(nx * dx / 2 + delta(ox, nx, dx)) + self.x0,
                jround(ny * dy / 2 + delta(oy, ny, dy)) + self.y0)

    def raw_column(self, p: Point) -> int:
        """``SquareGridNumbering.getColumn`` before descending: floor."""
        return math.floor((p[0] - self.x0) / self.dx + 0.5)

    def raw_row(self, p: Point) -> int:
        """``SquareGridNumbering.getRow`` before descending: a Java ``(int)`` cast, so it truncates toward zero."""
        return jtrunc((p[1] - self.y0) / self.dy + 0.5)


@dataclass(frozen=True)
class VassalSquareNumbering(RegularNumbering):
    """``SquareGridNumbering`` attached to a :class:`VassalSquareGrid` (``stagger`` is not used)."""

    grid: VassalSquareGrid

    def _max_rows(self) -> int:
        return jtrunc(self.board_height / self.grid.dy + 0.5)

    def _max_columns(self) -> int:
        return jtrunc(self.board_width / self.grid.dx + 0.5)

    def column(self, p: Point) -> int:
        col = self.grid.raw_column(p)
        return self._max_columns() - col if self.h_descend else col

    def row(self, p: Point) -> int:
        row = self.grid.raw_row(p)
        return self._max_rows() - row if self.v_descend else row

    def centre_point(self, col: int, row: int) -> Point:
        if self.v_descend:
            row = self._max_rows() - row
        if self.h_descend:
            col = self._max_columns() - col
        return jtrunc(col * self.grid.dx + self.grid.x0), jtrunc(row * self.grid.dy + self.grid.y0)


# --- whole grids of a board: numbered hex/square grids, regions, zones -------------------------------------------------


@dataclass(frozen=True)
class NumberedGrid:
    """A HexGrid or SquareGrid with its numbering, if any (``locationName`` is None without a numbering)."""

    grid: VassalHexGrid | VassalSquareGrid
    numbering: VassalHexNumbering | VassalSquareNumbering | None = None

    def snap(self, p: Point) -> Point:
        return self.grid.snap(p)

    def location_name(self, p: Point) -> str | None:
        return None if self.numbering is None else self.numbering.location_name(p)

    def location(self, name: str) -> Point | None:
        return None if self.numbering is None else self.numbering.location(name)


@dataclass(frozen=True)
class Region:
    """A named point of a ``RegionGrid``."""

    name: str
    x: int
    y: int


@dataclass(frozen=True)
class VassalRegionGrid:
    """``RegionGrid``: named points; a position is named after the nearest one (``doSnap``)."""

    regions: tuple[Region, ...]
    snap_to: bool = True

    def _nearest(self, p: Point) -> Region | None:
        best, best_d = None, math.inf
        seen: dict[tuple[int, int], Region] = {}
        for r in self.regions:  # keyed by origin in VASSAL: a later region at the same point replaces an earlier one
            seen[(r.x, r.y)] = r
        for r in seen.values():
            d = (p[0] - r.x) ** 2 + (p[1] - r.y) ** 2
            if d < best_d:
                best, best_d = r, d
        return best

    def snap(self, p: Point) -> Point:
        r = self._nearest(p) if self.snap_to else None
        return p if r is None else (r.x, r.y)

    def location_name(self, p: Point) -> str | None:
        r = self._nearest(p)
        return None if r is None else r.name

    def location(self, name: str) -> Point | None:
        r = next((r for r in self.regions if r.name == name), None)
        return None if r is None else (r.x, r.y)


MapGrid = Union[NumberedGrid, VassalRegionGrid, "VassalZonedGrid"]


@dataclass(frozen=True)
class Zone:
    """A ``Zone`` of a ``ZonedGrid``: a polygon in board pixels, named by ``locationFormat`` (``$name$``,
    ``$gridLocation$`` from its own grid or, with ``use_parent_grid``, the ZonedGrid's background grid)."""

    name: str
    points: tuple[Point, ...]
    location_format: str = "$name$"
    grid: MapGrid | None = None
    use_parent_grid: bool = False

    def contains(self, p: Point) -> bool:
        return len(self.points) > 2 and _contains(list(self.points), p[0], p[1])

    def own_grid(self, parent: MapGrid | None) -> MapGrid | None:
        return parent if self.use_parent_grid else self.grid

    def location_name(self, p: Point, parent: MapGrid | None = None) -> str:
        grid = self.own_grid(parent)
        grid_location_text = grid.location_name(p) if grid is not None else None
        text = self.location_format.replace("$name$", self.name)
        return text.replace("$gridLocation$", grid_location_text or "")


@dataclass(frozen=True)
class VassalZonedGrid:
    """``ZonedGrid``: the first zone containing a point names it, else the background grid."""

    zones: tuple[Zone, ...]
    background: MapGrid | None = None

    def zone_at(self, p: Point) -> Zone | None:
        return next((z for z in self.zones if z.contains(p)), None)

    def snap(self, p: Point) -> Point:
        z = self.zone_at(p)
        if z is not None:
            grid = z.own_grid(self.background)
            return grid.snap(p) if grid is not None else p
        return self.background.snap(p) if self.background is not None else p

    def location_name(self, p: Point) -> str | None:
        z = self.zone_at(p)
        if z is not None:
            return z.location_name(p, self.background)
        return self.background.location_name(p) if self.background is not None else None

    def location(self, name: str) -> Point | None:
        for z in self.zones:
            if z.name == name and z.points:
                return _zone_point(z)
        return self.background.location(name) if self.background is not None else None


def _zone_point(z: Zone) -> Point:
    """``Zone.getLocation`` without a grid: the mean of the vertices, or the first vertex if outside (concave)."""
    n = len(z.points)
    p = (jtrunc(sum(x for x, _ in z.points) / n), jtrunc(sum(y for _, y in z.points) / n))
    return p if z.contains(p) else z.points[0]
