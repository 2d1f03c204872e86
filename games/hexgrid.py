"""Hex coordinate maths: axial, cube and offset coordinates, neighbours, distance, rings, lines and hexsides.

The layers follow the Red Blob Games hexagon guide. Axial ``Hex(q, r)`` is the working coordinate; cube adds
``s = -q - r``; offset ``(col, row)`` is what people (and VASSAL's grid numbering) count in.

Orientation ``pointy`` means pointy-topped hexes in horizontal rows (VASSAL ``sideways=true``); ``flat`` means
flat-topped hexes in vertical columns (VASSAL's default). ``offset`` says which rows (pointy) or columns (flat),
counted from 0, are shoved half a hex right (pointy) or down (flat): ``odd`` or ``even``.

Hexsides are first-class: :func:`hexside` gives a canonical key for the edge between two adjacent hexes, the
same key from either side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal

Orientation = Literal["pointy", "flat"]
Parity = Literal["odd", "even"]


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """An axial hex coordinate (q grows east, r grows south for pointy-top grids)."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)


# Direction vectors, in the order used everywhere (clockwise from east for pointy-top grids).
POINTY_DIRECTIONS: dict[str, Hex] = {
    "E": Hex(1, 0),
    "SE": Hex(0, 1),
    "SW": Hex(-1, 1),
    "W": Hex(-1, 0),
    "NW": Hex(0, -1),
    "NE": Hex(1, -1),
}
# Flat-topped grids have no E/W sides; their sides face N, NE, SE, S, SW, NW.
FLAT_DIRECTIONS: dict[str, Hex] = {
    "SE": Hex(1, 0),
    "S": Hex(0, 1),
    "SW": Hex(-1, 1),
    "NW": Hex(-1, 0),
    "N": Hex(0, -1),
    "NE": Hex(1, -1),
}
OPPOSITE: dict[str, str] = {
    "E": "W", "W": "E", "N": "S", "S": "N",
    "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW",
}


def directions(orientation: Orientation) -> dict[str, Hex]:
    """The six direction names and vectors of a grid orientation."""
    return POINTY_DIRECTIONS if orientation == "pointy" else FLAT_DIRECTIONS


def neighbour(h: Hex, direction: Hex) -> Hex:
    return h + direction


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes, clockwise from east (pointy) / south-east (flat)."""
    return tuple(h + d for d in POINTY_DIRECTIONS.values())


def direction_between(a: Hex, b: Hex, orientation: Orientation = "pointy") -> str | None:
    """The name of the side of ``a`` that faces ``b``, or None when they are not adjacent."""
    delta = b - a
    for name, vec in directions(orientation).items():
        if vec == delta:
            return name
    return None


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def ring(centre: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` away from ``centre`` (one hex for radius 0)."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [centre]
    dirs = list(POINTY_DIRECTIONS.values())
    result: list[Hex] = []
    h = centre + dirs[4].scale(radius)  # start NW ... walk the six sides
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = h + dirs[side]
    return result


def spiral(centre: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within ``radius`` of ``centre``, ring by ring."""
    for k in range(radius + 1):
        yield from ring(centre, k)


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b`` inclusive (cube lerp with a nudge, so ties are stable)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    eps_q, eps_r = 1e-6, 2e-6
    out = []
    for i in range(n + 1):
        t = i / n
        fq = a.q + eps_q + (b.q - a.q) * t
        fr = a.r + eps_r + (b.r - a.r) * t
        out.append(_cube_round(fq, fr))
    return out


# --- offset coordinates -------------------------------------------------------------------------------------


def to_offset(h: Hex, orientation: Orientation, parity: Parity) -> tuple[int, int]:
    """Axial → offset ``(col, row)`` (0-based raw indices)."""
    if orientation == "pointy":
        row = h.r
        col = h.q + (row - (row & 1)) // 2 if parity == "odd" else h.q + (row + (row & 1)) // 2
        return col, row
    col = h.q
    row = h.r + (col - (col & 1)) // 2 if parity == "odd" else h.r + (col + (col & 1)) // 2
    return col, row


def from_offset(col: int, row: int, orientation: Orientation, parity: Parity) -> Hex:
    """Offset ``(col, row)`` → axial."""
    if orientation == "pointy":
        q = col - (row - (row & 1)) // 2 if parity == "odd" else col - (row + (row & 1)) // 2
        return Hex(q, row)
    r = row - (col - (col & 1)) // 2 if parity == "odd" else row - (col + (col & 1)) // 2
    return Hex(col, r)


# --- hexsides ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True, slots=True)
class Hexside:
    """The edge between two adjacent hexes; ``a < b`` always, so the key is canonical."""

    a: Hex
    b: Hex


def hexside(h1: Hex, h2: Hex) -> Hexside:
    """The canonical key of the edge between two adjacent hexes (same key from either side)."""
    if distance(h1, h2) != 1:
        raise ValueError(f"{h1} and {h2} are not adjacent")
    return Hexside(h1, h2) if h1 < h2 else Hexside(h2, h1)


def hexsides_of(h: Hex) -> tuple[Hexside, ...]:
    return tuple(hexside(h, n) for n in neighbours(h))


# --- float pixel geometry (for drawing) ----------------------------------------------------------------------


SQRT3 = 3 ** 0.5


def corner_offsets(width: float, orientation: Orientation) -> list[tuple[float, float]]:
    """The six corner offsets of a regular hex whose flat-to-flat size is ``width``, clockwise from the top
    (pointy) or from the east corner (flat)."""
    radius = width / SQRT3  # centre to corner
    if orientation == "pointy":
        return [
            (0.0, -radius), (width / 2, -radius / 2), (width / 2, radius / 2),
            (0.0, radius), (-width / 2, radius / 2), (-width / 2, -radius / 2),
        ]
    return [
        (radius, 0.0), (radius / 2, width / 2), (-radius / 2, width / 2),
        (-radius, 0.0), (-radius / 2, -width / 2), (radius / 2, -width / 2),
    ]


def side_corners(direction: str, orientation: Orientation) -> tuple[int, int]:
    """Indices (into :func:`corner_offsets`) of the two corners bounding the side facing ``direction``."""
    if orientation == "pointy":
        order = {"NE": (0, 1), "E": (1, 2), "SE": (2, 3), "SW": (3, 4), "W": (4, 5), "NW": (5, 0)}
    else:
        order = {"SE": (0, 1), "S": (1, 2), "SW": (2, 3), "NW": (3, 4), "N": (4, 5), "NE": (5, 0)}
    return order[direction]
