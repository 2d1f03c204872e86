"""Sets of supply-path locations as integers, one bit per location, for the supply search (6.1, 6.3): the ring of
locations one hex further out is six shifts of the bits, which Python does far faster than adding neighbours one
by one.

Hexes and passable lake cells sit on the axial grid, one row of bits per row of hexes with a spare bit at the end
of each row (so that a shift east or west never wraps into the next row); a neighbour is then a fixed shift in
each of the six directions. Areas (Finland, the Balkans) get the bits after the grid and reach the locations
listed as adjacent to them. Built once per game from the same data as the board's ``supply_neighbours``, which
these masks mirror exactly (a test checks every location).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Iterable, Mapping

from games.grid import HexIds
from games.hexgrid import Hex, neighbours

from .board import Context, once


@dataclass(frozen=True)
class Bits:
    bit: Mapping[str, int]  # location -> its bit
    grid: int  # the bits of every location on the axial grid
    shifts: tuple[int, ...]  # how far each of the six neighbours is, in bits (positive: a higher bit)
    areas: tuple[tuple[int, int], ...]  # (an area's bit, the bits of the locations adjacent to it)


def board_bits(ctx: Context) -> Bits:
    """The game's :class:`Bits` (made once per replay)."""
    return once(ctx, "bitboard", _build)


def _build(ctx: Context) -> Bits:
    m = ctx.game.map
    ids = HexIds(m.grid)
    cells = {hid: (h.hex.q, h.hex.r) for hid, h in m.hexes.items()}
    cells.update((ids.id_of(c), (c.q, c.r)) for lake in m.lakes.values() if lake.supply_passable for c in lake.cells)
    q0 = min(q for q, _ in cells.values())
    r0 = min(r for _, r in cells.values())
    width = max(q for q, _ in cells.values()) - q0 + 2  # one spare bit per row
    bit = {loc: 1 << ((r - r0) * width + q - q0) for loc, (q, r) in cells.items()}
    grid = reduce(or_, bit.values(), 0)
    size = grid.bit_length()
    for i, aid in enumerate(m.areas):
        bit[aid] = 1 << (size + i)
    areas = tuple((bit[aid], mask(bit, ctx.board.supply_neighbours[aid])) for aid in m.areas)
    shifts = tuple(d.r * width + d.q for d in neighbours(Hex(0, 0)))
    return Bits(bit, grid, shifts, areas)


def mask(bit: Mapping[str, int], locations: Iterable[str]) -> int:
    """The bits of ``locations`` (every one a location of the supply paths)."""
    return reduce(or_, map(bit.__getitem__, locations), 0)


def rings(b: Bits, start: int, free: int) -> list[int]:
    """The locations in ``free`` 0, 1, 2 ... steps from ``start`` (its free bits), as one mask per ring, out to the
    last ring that finds any."""
    ring = start & free
    out = [ring]
    reached = ring
    while ring:
        ring = spread(b, ring) & free & ~reached
        reached |= ring
        out.append(ring)
    out.pop()
    return out


def distance(found: list[int], bit: int) -> float:
    """The ring of :func:`rings` that holds ``bit`` (infinite when none does)."""
    for k, ring in enumerate(found):
        if ring & bit:
            return k
    return float("inf")


def spread(b: Bits, m: int) -> int:
    """The bits of every location adjacent to one in ``m`` (the union of their ``supply_neighbours``)."""
    on_grid = m & b.grid
    out = 0
    for s in b.shifts:
        out |= on_grid << s if s > 0 else on_grid >> -s
    return area_steps(b.areas, m, out & b.grid)


def area_steps(areas: tuple[tuple[int, int], ...], m: int, out: int) -> int:
    """``out`` with the steps into and out of the areas from ``m`` ((area, the locations adjacent to it) bits)."""
    for area, around in areas:
        if m & area:
            out |= around
        if m & around:
            out |= area
    return out
