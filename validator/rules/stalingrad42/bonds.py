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
- 22.3.2: a unit entering the map from an Entry Area crosses the map edge of the hex it enters; a Hexside Bond
  across that edge (between two units two hexes apart along it) bars the entry.
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
from ...engine.context import Context, per_replay
from ...engine.paths import move_bits
from .data import scenario_facts
from .terrain import crossings, minus, winter_from
from .zoc import contested_bits, other, sides


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
    major: Steps  # unfrozen Major Rivers, bridged or not (7.6.1)


def _static(ctx: Context, is_winter: bool) -> _Static:
    def make(c: Context) -> _Static:
        x = crossings(c)
        barred = tuple(a | b for a, b in zip(x.no_zoc, x.volga))
        if is_winter:
            barred = tuple((a & ~f) | al for a, f, al in zip(barred, x.lake_freezes, x.alpine))
        major = minus(x.major_all, x.major_all_freezes) if is_winter else x.major_all
        return _Static(barred, major)  # type: ignore[arg-type]
    return per_replay(ctx, ("s42_bond_static", is_winter), make)


def _crossing_ok(st: _Static, grid: int, shifts, d_in: int, d_out: int, at: int) -> tuple[int, int]:
    """For cells x (the pushed bond's middle): whether the hexside entered (from x - d_in to x) and the one left
    (from x toward x + d_out) are each passable, and how many unfrozen Major Rivers they are; as masks over x:
    (passable, crossing two Major Rivers)."""
    s_in = shifts[d_in]
    first_bar = _shift(st.barred[d_in], s_in)  # cells x whose entry from x - d_in crosses a barred hexside
    first_major = _shift(st.major[d_in], s_in)
    second_bar = st.barred[d_out]
    second_major = st.major[d_out]
    ok = at & grid
    ok ^= ok & (first_bar | second_bar)  # (no negative board-sized integers: ``x ^ (x & y)`` is ``x & ~y``)
    two = first_major & second_major
    return ok, two


class Potential(NamedTuple):
    """One side's bonds before any enemy unit is taken into account (7.1, 7.5, 7.6.1): the Hex Bond hexes, and per
    direction e the cells b1 of Hexside Bonds whose hexside is b1|b1+d_e, standing when pushed into b1 (``via1``) or
    into b2 (``via2``, in b1's coordinates)."""

    hexes: int
    via1: tuple[int, ...]
    via2: tuple[int, ...]


def potential_of(ctx: Context, state, side: str) -> Potential:
    """``side``'s potential bonds now (remembered while its masks stay the same)."""
    is_winter = state.turn >= winter_from(ctx)
    mine = sides(ctx, state, side)
    shared = contested_bits(ctx, state)
    memo = ctx.derived.setdefault("s42_bonds", {})
    pot = memo.get(("potential", side, is_winter))
    if pot is None or pot[0] is not mine or pot[2] != shared:
        bonding = mine.bonding ^ (mine.bonding & shared)  # 29.1.1: no ZOC Bond from a Contested City hex
        pot = memo["potential", side, is_winter] = (mine, potential(ctx, bonding, side, is_winter), shared)
    return pot[1]


def in_hex_bond(pot: Potential, enemy: int, b: int) -> bool:
    """7.2, 7.3: whether the hex of bit ``b`` is in a Hex Bond of ``pot`` not negated by the units of ``enemy``."""
    return bool(pot.hexes & b and not enemy & b)


def crosses_bond(ctx: Context, pot: Potential, enemy: int, a: str, c: str) -> bool:
    """7.2, 7.3: whether the step a -> c crosses a Hexside Bond of ``pot`` not negated by the units of ``enemy``."""
    index = ctx.board.step_index
    d = index.get((a, c))
    if d is None:
        return _enters_across_edge_bond(ctx, pot, enemy, a, c)
    bit = board_bits(ctx).bit
    x, y = bit[a], bit[c]
    e = (d + 3) % 6
    return bool(pot.via1[d] & x and not enemy & x or pot.via2[d] & x and not enemy & y
                or pot.via1[e] & y and not enemy & y or pot.via2[e] & y and not enemy & x)


def _enters_across_edge_bond(ctx: Context, pot: Potential, enemy: int, area: str, c: str) -> bool:
    """22.3.2 with 7.2: a unit entering the map from the Entry Area ``area`` into ``c`` crosses the map edge of
    ``c``; a Hexside Bond of ``pot`` along that edge (two units two hexes apart, the hexside between ``c`` and the
    cell off the map next to both) bars the entry, unless pushed into ``c`` while it holds one of ``enemy``'s units."""
    b = board_bits(ctx)
    y = b.bit.get(c, 0)
    if not y or y & b.grid == 0 or c not in ctx.board.neighbours.get(area, ()):
        return False
    for k in range(6):
        n = _shift(y, b.shifts[k])
        if not n or n & b.grid:
            continue  # a hex of the map (or a lake cell) there: not the edge
        if (pot.via1[k] & y or pot.via2[(k + 3) % 6] & n) and not enemy & y:
            return True
    return False


def bonds(ctx: Context, state, side: str) -> Bonds:
    """``side``'s ZOC Bonds now (7.1-7.6): its potential bonds (remembered while its masks stay the same) less those
    the enemy's units negate (7.3; remembered while the enemy's masks stay the same)."""
    is_winter = state.turn >= winter_from(ctx)
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    memo = ctx.derived.setdefault("s42_bonds", {})
    hit = memo.get((side, is_winter))
    shared = contested_bits(ctx, state)
    if hit is not None and hit[0] is mine and hit[1] is theirs and hit[3] == shared:
        return hit[2]
    out = negated(ctx, potential_of(ctx, state, side), theirs.units)
    memo[side, is_winter] = (mine, theirs, out, shared)
    return out


def negated(ctx: Context, pot: Potential, enemy: int) -> Bonds:
    """7.3: the bonds that stand with enemy units in ``enemy``: a Hex Bond without one in its hex, a Hexside Bond
    pushed into a hex without one (7.6.1). Only enemy units in the hexes of the bonds or pushed into count, so the
    bonds are remembered per potential by those units (the same while the enemy moves elsewhere)."""
    memo = ctx.derived.setdefault("s42_negated", {})
    hit = memo.get(id(pot))
    if hit is None or hit[0] is not pot:
        hit = (pot, _negating(ctx, pot), {})
        if len(memo) >= 8:
            del memo[next(iter(memo))]
        memo[id(pot)] = hit
    there = enemy & hit[1]
    out = hit[2].get(there)
    if out is None:
        if len(hit[2]) >= 32:
            del hit[2][next(iter(hit[2]))]
        out = hit[2][there] = _negated(ctx, pot, there)
    return out


def _negating(ctx: Context, pot: Potential) -> int:
    """The hexes where an enemy unit may negate a bond of ``pot`` (7.3): its Hex Bonds' hexes and the hexes its
    Hexside Bonds are pushed into."""
    shifts = board_bits(ctx).shifts
    out = pot.hexes
    for e in range(6):
        out |= pot.via1[e] | _shift(pot.via2[e], shifts[e])
    return out


def _negated(ctx: Context, pot: Potential, enemy: int) -> Bonds:
    shifts = board_bits(ctx).shifts
    closed = [0] * 6
    for e in range(6):
        v1, v2 = pot.via1[e], pot.via2[e]
        if not (v1 or v2):
            continue
        stand = (v1 ^ (v1 & enemy)) | (v2 ^ (v2 & _shift(enemy, -shifts[e])))  # (as in _crossing_ok)
        closed[e] |= stand
        closed[(e + 3) % 6] |= _shift(stand, shifts[e])
    return Bonds(pot.hexes ^ (pot.hexes & enemy), tuple(closed))  # type: ignore[arg-type]


def potential(ctx: Context, bonding: int, side: str, is_winter: bool) -> Potential:
    """7.1 forming, 7.4 intersecting bonds each standing, 7.5 with friendly Entry Areas, 7.6.1 terrain (the
    push), 7.6.2 no other anchor: the bonds of these bonding hexes before enemy units negate any (7.3)."""
    b = board_bits(ctx)
    grid, shifts = move_bits(ctx).hexes, b.shifts  # map hexes only (never a lake cell)
    st = _static(ctx, is_winter)
    mine = bonding & grid
    hexes = 0
    via1, via2 = [0] * 6, [0] * 6
    if mine:
        for d in range(3):  # a straight line through m: m - d and m + d both bond (7.1)
            e = d + 3
            ends = _shift(mine, shifts[d]) & _shift(mine, shifts[e])
            ok, two = _crossing_ok(st, grid, shifts, d, d, ends)
            hexes |= ok ^ (ok & two)
        for i in range(6):  # the two hexes b1 = a + d_i and b2 = a + d_(i+1) next to a and c = a + d_i + d_(i+1)
            j = (i + 1) % 6
            e = (i + 2) % 6  # b2 = b1 + d_e
            pairs = _shift(mine, shifts[i]) & _shift(mine, -shifts[j])  # cells b1 with a and c bonding
            if pairs:
                p1, p2 = _pushes(st, grid, shifts, i, j, e, pairs)
                via1[e] |= p1
                via2[e] |= p2
        edge = _edge(ctx, side)
        if edge:
            _edge_bonds(b, grid, st, mine, edge, via1, via2)
    return Potential(hexes, tuple(via1), tuple(via2))


def _edge(ctx: Context, side: str) -> int:
    """7.5: the map hexes next to ``side``'s Entry Areas in play."""
    def make(c: Context) -> int:
        bit = board_bits(c).bit
        out = 0
        for area, owner in scenario_facts(c).areas.items():
            if owner == side and area in c.board.locations:
                for h in c.board.neighbours.get(area, ()):
                    out |= bit.get(h, 0)
        return out
    return per_replay(ctx, ("s42_edge", side), make)


def _pushes(st: _Static, grid: int, shifts, i: int, j: int, e: int, b1: int) -> tuple[int, int]:
    """The cells b1 (of the Hexside Bond between a = b1 - d_i and c = b1 + d_j) whose bond may stand pushed into b1
    (crossing a|b1 and b1|c) and pushed into b2 = b1 + d_e (crossing a|b2 and b2|c), as far as terrain goes
    (7.6.1); an enemy unit in the hex pushed into is :func:`negated`'s."""
    ok1, two1 = _crossing_ok(st, grid, shifts, i, j, b1)
    b2 = _shift(b1, shifts[e])
    # from a, b2 is a + d_j; from b2, c is b2 + d_i
    ok2, two2 = _crossing_ok(st, grid, shifts, j, i, b2)
    return ok1 ^ (ok1 & two1), _shift(ok2 ^ (ok2 & two2), -shifts[e])


def _edge_bonds(b, grid: int, st: _Static, mine: int, edge: int, via1: list[int], via2: list[int]) -> None:
    """7.5: Hexside Bonds between a unit and a friendly Entry Area, across the hexside of two edge hexes next to it
    (7.6.2: the only edge a bond is anchored to; never the coast). ``edge``: the hexes next to the side's Entry
    Areas."""
    shifts = b.shifts
    units = mine ^ (mine & edge)
    for i in range(6):
        j, e = (i + 1) % 6, (i + 2) % 6
        b1 = _shift(units, shifts[i]) & edge & _shift(edge, -shifts[e])
        if not b1:
            continue
        x = b1 & grid
        via1[e] |= x ^ (x & _shift(st.barred[i], shifts[i]))
        y = _shift(b1, shifts[e]) & grid  # (b2)
        via2[e] |= _shift(y ^ (y & _shift(st.barred[j], shifts[j])), -shifts[e])


def enemy_bonds(ctx: Context, state, side: str) -> Bonds:
    """The bonds that block ``side``'s units: the other side's (7.2)."""
    return bonds(ctx, state, other(ctx, side))
