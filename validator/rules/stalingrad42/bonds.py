"""ZOC Bonds (7.0), computed for a whole side at once over bit masks.

- 7.1: a hex with a Good Order Combat Unit (not under a Train marker), or two Good Order Free Stacking Units (ASUs
  count as Free Stacking, 18.2.3), bonds with another such hex two hexes away: across the one hex between them on a
  straight line (a **Hex Bond**: no enemy unit may enter that hex) or across the hexside between the two hexes next
  to both (a **Hexside Bond**: no enemy unit may cross that hexside). Disrupted units (13.2.1) and units in Full
  Retreat (13.3.2) never bond; Entry Areas have no ZOC (22.4).
- 7.3: a Hex Bond is negated by an enemy unit in its hex; a Hexside Bond by enemy units on both sides of its hexside.
- 7.4: intersecting bonds stand; each side's bonds close the other side's steps.
- 7.5, 22.3.2: a unit bonds (Hexside Bond only) with a friendly Entry Area: across the hexside between two hexes of
  the map edge next to the area that are both next to the unit, the unit not itself next to the area. Never with an
  enemy Entry Area or a neutral edge; never with the coast (7.6.2).
- 7.6.1: no bond across an impassable or Volga hexside, nor across two unfrozen Major River hexsides; a Hexside Bond
  is pushed to one side of its hexside or the other, never into a hex holding an enemy unit, and stands when either
  push crosses neither an impassable nor a Volga hexside nor two unfrozen Major Rivers.

:func:`bonds` gives, for the side that owns them, the hexes of its Hex Bonds and the steps its Hexside Bonds close
(both ways): an enemy unit is ``blocked`` from those hexes and ``steps``-closed across those hexsides in the engine's
searches (movement, supply, retreat, advance, range).
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine.bits import Steps, board_bits
from ...engine.context import Context, once
from ...engine.paths import move_bits
from ...engine.position import position
from .data import scenario_facts
from .terrain import crossings, minus, winter_from
from .zoc import other, sides


class Bonds(NamedTuple):
    """One side's ZOC Bonds in one position."""

    hexes: int  # the hexes of its Hex Bonds (7.2: enemy units never enter them)
    closed: Steps  # the steps across its Hexside Bonds, both ways (7.2: enemy units never cross them)

    def crosses(self, ctx: Context, a: str, b: str) -> bool:
        """Whether the step a -> b crosses one of these Hexside Bonds."""
        d = ctx.board.step_index.get((a, b))
        bit = board_bits(ctx).bit
        return d is not None and bool(self.closed[d] & bit[a])


def _shift(m: int, s: int) -> int:
    return m << s if s > 0 else m >> -s


class _Static(NamedTuple):
    """Per direction: the cells whose step that way crosses a hexside no bond crosses, and one that is an unbridged
    Major River (frozen ones apart, by season)."""

    barred: Steps  # impassable or Volga (7.6.1), as the season has them
    major: Steps  # unfrozen Major Rivers


def _static(ctx: Context, is_winter: bool) -> _Static:
    def make(c: Context) -> _Static:
        x = crossings(c)
        barred = tuple(a | b for a, b in zip(x.no_zoc, x.volga))
        if is_winter:
            barred = tuple((a & ~f) | al for a, f, al in zip(barred, x.lake_freezes, x.alpine))
        major = minus(x.major, x.major_freezes) if is_winter else x.major
        return _Static(barred, major)  # type: ignore[arg-type]
    return once(ctx, ("s42_bond_static", is_winter), make)


def _crossing_ok(st: _Static, grid: int, shifts, d_in: int, d_out: int, at: int) -> tuple[int, int]:
    """For cells x (the pushed bond's middle): whether the hexside entered (from x - d_in to x) and the one left
    (from x toward x + d_out) are each passable, and how many unfrozen Major Rivers they are; as masks over x:
    (passable, crossing two Major Rivers)."""
    s_in = shifts[d_in]
    first_bar = _shift(st.barred[d_in], s_in)  # cells x whose entry from x - d_in crosses a barred hexside
    first_major = _shift(st.major[d_in], s_in)
    second_bar = st.barred[d_out]
    second_major = st.major[d_out]
    ok = at & ~first_bar & ~second_bar & grid
    two = first_major & second_major
    return ok, two


def bonds(ctx: Context, state, side: str) -> Bonds:
    """``side``'s ZOC Bonds now (7.1; remembered with the position)."""
    pos = position(ctx, state.units)
    is_winter = state.turn >= winter_from(ctx)
    key = ("s42_bonds", side, is_winter)
    out = pos.sets.get(key)
    if out is None:
        out = pos.sets[key] = _bonds(ctx, state, side, is_winter)
    return out


def _bonds(ctx: Context, state, side: str, is_winter: bool) -> Bonds:
    """7.1 forming, 7.3 negated by enemy units, 7.4 intersecting bonds each standing, 7.5 with friendly Entry Areas,
    7.6.1 terrain."""
    b = board_bits(ctx)
    grid, shifts = move_bits(ctx).hexes, b.shifts  # map hexes only (never a lake cell)
    st = _static(ctx, is_winter)
    mine = sides(ctx, state, side).bonding & grid
    enemy = sides(ctx, state, other(ctx, side)).units & grid
    hexes = 0
    closed = [0] * 6
    if mine:
        for d in range(3):  # a straight line through m: m - d and m + d both bond (7.1)
            e = d + 3
            ends = _shift(mine, shifts[d]) & _shift(mine, shifts[e])
            ok, two = _crossing_ok(st, grid, shifts, d, d, ends)
            hexes |= ok & ~two & ~enemy
        for i in range(6):  # the two hexes b1 = a + d_i and b2 = a + d_(i+1) next to a and c = a + d_i + d_(i+1)
            j = (i + 1) % 6
            e = (i + 2) % 6  # b2 = b1 + d_e
            pairs = _shift(mine, shifts[i]) & _shift(mine, -shifts[j])  # cells b1 with a and c bonding
            closed_b1 = pairs & _pushes(st, grid, shifts, i, j, e, pairs, enemy)
            closed[e] |= closed_b1
            closed[(e + 3) % 6] |= _shift(closed_b1, shifts[e])
    for area, owner in scenario_facts(ctx).areas.items():
        if owner == side and area in ctx.board.locations:
            _edge_bonds(ctx, b, grid, st, mine, enemy, area, closed)
    return Bonds(hexes, tuple(closed))  # type: ignore[arg-type]


def _pushes(st: _Static, grid: int, shifts, i: int, j: int, e: int, b1: int, enemy: int) -> int:
    """The cells b1 (of the Hexside Bond between a = b1 - d_i and c = b1 + d_j) whose bond stands: pushed into b1
    (crossing a|b1 and b1|c) or into b2 = b1 + d_e (crossing a|b2 and b2|c), never into an enemy unit (7.6.1)."""
    ok1, two1 = _crossing_ok(st, grid, shifts, i, j, b1)
    via_b1 = ok1 & ~two1 & ~enemy
    b2 = _shift(b1, shifts[e])
    # from a, b2 is a + d_j; from b2, c is b2 + d_i
    ok2, two2 = _crossing_ok(st, grid, shifts, j, i, b2)
    via_b2 = ok2 & ~two2 & ~enemy
    return via_b1 | _shift(via_b2, -shifts[e])


def _edge_bonds(ctx: Context, b, grid: int, st: _Static, mine: int, enemy: int, area: str, closed: list[int]
                ) -> None:
    """7.5: Hexside Bonds between a unit and a friendly Entry Area, across the hexside of two edge hexes next to it
    (7.6.2: the only edge a bond is anchored to; never the coast)."""
    shifts = b.shifts
    edge = 0
    for h in ctx.board.neighbours.get(area, ()):
        if h in b.bit:
            edge |= b.bit[h]
    units = mine & ~edge
    for i in range(6):
        j, e = (i + 1) % 6, (i + 2) % 6
        b1 = _shift(units, shifts[i]) & edge & _shift(edge, -shifts[e])
        if not b1:
            continue
        via_b1 = b1 & ~_shift(st.barred[i], shifts[i]) & ~enemy
        b2 = _shift(b1, shifts[e])
        via_b2 = b2 & ~_shift(st.barred[j], shifts[j]) & ~enemy
        stand = via_b1 | _shift(via_b2, -shifts[e])
        closed[e] |= stand & grid
        closed[(e + 3) % 6] |= _shift(stand, shifts[e]) & grid


def enemy_bonds(ctx: Context, state, side: str) -> Bonds:
    """The bonds that block ``side``'s units: the other side's (7.2)."""
    return bonds(ctx, state, other(ctx, side))
