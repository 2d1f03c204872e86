"""Zones of control (6.1) and who stands where, as bits (the engine's ``move_bits``) for the searches of movement,
supply, retreat and bonds.

- 6.1: the six hexes around Combat Units (Free Stacking Units and ASUs included) are their ZOC, across every
  hexside but the Volga and impassable ones (2.2.3: Sea, unfrozen Lakes, Alpine hexsides in Winter), never into or
  out of an Entry Area (22.4); Non-Combat Units (19.2), units under a Train marker (5.6.4) and units in Full Retreat
  (13.3.2) have none. They are counted here, not by the engine's positions (``Hooks.zoc_counts``), with the
  Winter's changes (23.4: frozen Lakes let ZOCs across, Alpine hexsides no longer do); the EZOC masks are one spread
  of the enemy's hexes with a ZOC, across the hexsides ZOCs cross.
- 2.2.3: units across an impassable or Volga hexside are not adjacent; 22.4: units in an Entry Area are adjacent to
  no enemy unit (:func:`adjacent`).
- :class:`Sides`: per side, the hexes with its units, its Combat Units, its stacks that may form a ZOC Bond (7.1) and
  its hexes with a ZOC, derived incrementally from the last units mapping asked about.
"""

from __future__ import annotations

from typing import AbstractSet, Mapping, NamedTuple, Sequence

from ...engine.bits import Steps, board_bits
from ...engine.context import Context, per_replay, remember
from ...engine.paths import move_bits
from ...engine.position import changes, unit_ranks
from .state import FULL_RETREAT, GOOD_ORDER, UnitState
from .terrain import allowed, crossings, union, winter_from
from .units import table


class Sides(NamedTuple):
    """What one side's units occupy, as bits (``move_bits``)."""

    units: int  # hexes and areas with any of its units
    combat: int  # ... with a Combat Unit (5.1: no enemy unit enters them)
    bonding: int  # 7.1: hexes with a Good Order Combat Unit that is not Free Stacking, or two Free Stacking ones
    projecting: int  # 6.1: hexes with a Combat Unit that has a ZOC (not under a Train marker, not in Full Retreat)
    retreating: int  # 13.3.2: locations with a unit in Full Retreat


def _flags(ctx: Context, units: Mapping[str, UnitState], side: str, here: Sequence[str], loc: str) -> tuple[bool, ...]:
    """(any unit, a Combat Unit, a bonding stack, a ZOC, a unit in Full Retreat) of ``side`` in ``loc``."""
    info = table(ctx)
    any_ = combat = projecting = retreating = False
    solid = free = 0
    for uid in here:
        us = units[uid]
        i = info[uid, us.face]
        if i.side != side:
            continue
        any_ = True
        if us.order == FULL_RETREAT:
            retreating = True
        if not i.combat:
            continue
        combat = True
        if not us.train and us.order != FULL_RETREAT:
            projecting = True
        if us.order == GOOD_ORDER and not us.train:
            if i.free_stacking:
                free += 1
            else:
                solid += 1
    bonding = bool(solid or free >= 2) and loc not in ctx.board.areas
    return any_, combat, bonding, projecting, retreating


def sides(ctx: Context, state, side: str) -> Sides:
    """:class:`Sides` of ``side`` for the state's units, derived from the last one through the units that changed
    (the same object while the side's masks stay the same, so what is remembered by it stays good). Asked 45,000
    times a campaign, mostly for the units asked about last: that answer is looked up here."""
    memo = ctx.derived.get("s42_sides")
    last = memo.get(side) if memo is not None else None
    if last is not None and last[0] is state.units:
        return last[1]
    return _sides(ctx, state.units, side)[1]


def side_at(ctx: Context, state, side: str) -> Mapping[str, tuple[str, ...]]:
    """Location (hex or area) -> ``side``'s units there (kept with :func:`sides`; shared: never change it)."""
    at = _sides(ctx, state.units, side)[2]
    ctx.derived.setdefault("s42_side_at_out", {})[side] = at  # given out: the next update copies it
    return at


def note_move(ctx: Context, before: Mapping[str, UnitState], after: Mapping[str, UnitState], uid: str) -> None:
    """The units mapping ``after`` is ``before`` with the unit ``uid`` changed (a move): each side's masks kept for
    ``before`` are brought to ``after`` now, by that unit alone (the mover's side; the other side's stay as they are),
    so that no one asking about ``after`` has the two mappings compared or the changed units sorted by side."""
    memo = ctx.derived.get("s42_sides")
    if memo is None:
        return
    mine = ctx.game.units[uid].side
    for side, last in memo.items():
        if last[0] is before:
            memo[side] = (after, *_update(ctx, last, after, side, [uid])) if side == mine else (after, *last[1:])


def units_in(ctx: Context, state, loc: str) -> tuple[str, ...]:
    """Every unit in the location ``loc`` (both sides'), in the game's unit order: what the engine's position lists
    there, read from the units by location that each side keeps per move (no position derived for it)."""
    a, b = ctx.game.sides
    x = _sides(ctx, state.units, a)[2].get(loc, ())
    y = _sides(ctx, state.units, b)[2].get(loc, ())
    here = x + y if x and y else x or y
    return here if len(here) < 2 else tuple(sorted(here, key=unit_ranks(ctx).__getitem__))


def holds(ctx: Context, state, side: str, loc: str) -> bool:
    """Whether ``side`` has a unit in the location ``loc``."""
    return bool(sides(ctx, state, side).units & move_bits(ctx).bit.get(loc, 0))


def units_by_location(ctx: Context, state, side: str) -> Mapping[str, tuple[str, ...]]:
    """Location -> ``side``'s units there, as :func:`side_at` keeps it but not given out: read it at once (the next
    move changes it in place)."""
    return _sides(ctx, state.units, side)[2]


def units_at(ctx: Context, state, side: str, loc: str) -> tuple[str, ...]:
    """``side``'s units in the location ``loc`` (read from what :func:`side_at` keeps, without giving it out)."""
    return _sides(ctx, state.units, side)[2].get(loc, ())


def _sides(ctx: Context, units: Mapping[str, UnitState], side: str) -> tuple:
    memo = ctx.derived.setdefault("s42_sides", {})
    last = memo.get(side)
    if last is not None and last[0] is units:
        return last
    changed = changes(ctx, last[0], units) if last is not None else None
    if changed is None:
        out = (units, *_all(ctx, units, side))
    else:
        mine = [u for u in changed if ctx.game.units[u].side == side]
        out = (units, *last[1:]) if not mine else (units, *_update(ctx, last, units, side, mine))
    memo[side] = out
    return out


def _all(ctx: Context, units: Mapping[str, UnitState], side: str) -> tuple[Sides, dict, dict]:
    """(the side's masks, its units by location, each location's :func:`_flags`: what :func:`_update` keeps)."""
    bit = move_bits(ctx).bit
    at: dict[str, tuple[str, ...]] = {}
    for uid, us in units.items():
        if us.loc in bit and ctx.game.units[uid].side == side:
            at[us.loc] = at.get(us.loc, ()) + (uid,)
    masks = [0, 0, 0, 0, 0]
    flags = {}
    for loc, here in at.items():
        b = bit[loc]
        flags[loc] = f = _flags(ctx, units, side, here, loc)
        for k, on in enumerate(f):
            if on:
                masks[k] |= b
    return Sides(*masks), at, flags


_NONE = (False,) * 5  # the flags of a location without the side's units


def _update(ctx: Context, last: tuple, units: Mapping[str, UnitState], side: str, changed: list[str]
            ) -> tuple[Sides, dict, dict]:
    """:func:`_all` for ``units`` from the last one (``before``) through the side's units that changed: their old
    and new locations' flags are made again and compared with those kept, and only a location whose flags changed
    has its bits flipped (no board-sized operation for the others). The mappings are changed in place."""
    before, old, at0, flags = last
    bit = move_bits(ctx).bit
    # the mapping is changed in place unless :func:`side_at` gave it out (the memo holds the last one only)
    out = ctx.derived.get("s42_side_at_out")
    at = dict(at0) if out is not None and out.get(side) is at0 else at0
    locs = set()
    for u in changed:
        a, b = before[u].loc, units[u].loc
        if a in bit:
            here = tuple(x for x in at.get(a, ()) if x != u)
            if here:
                at[a] = here
            else:
                at.pop(a, None)
            locs.add(a)
        if b in bit:
            at[b] = tuple(x for x in at.get(b, ()) if x != u) + (u,)
            locs.add(b)
    masks = None
    for loc in locs:
        here = at.get(loc)
        new = _flags(ctx, units, side, here, loc) if here else _NONE
        was = flags.get(loc, _NONE)
        if new == was:
            continue
        if here:
            flags[loc] = new
        else:
            del flags[loc]
        if masks is None:
            masks = list(old)
        b = bit[loc]
        for k, (on, was_on) in enumerate(zip(new, was)):
            if on != was_on:  # the bit is flipped only when it changes (no new mask otherwise)
                masks[k] ^= b
    return (Sides(*masks) if masks is not None else old), at, flags


def other(ctx: Context, side: str) -> str:
    """The side that is not ``side``."""
    pair = ctx.derived.get("s42_other")
    if pair is None:
        a, b = ctx.game.sides
        pair = ctx.derived["s42_other"] = {a: b, b: a}
    return pair[side]


def step_out(ctx: Context, m: int, steps: Steps) -> int:
    """The grid cells one allowed step (``steps``) from a grid cell of ``m`` (areas apart: the engine's ``spread``
    without them)."""
    out = 0
    for s, ok in zip(board_bits(ctx).shifts, steps):
        x = m & ok
        if x:
            out |= x << s if s > 0 else x >> -s
    return out


def winter(ctx: Context, state) -> bool:
    return state.turn >= winter_from(ctx)


def ezoc_bits(ctx: Context, state, side: str) -> int:
    """The hexes in an enemy ZOC for ``side`` (6.1; 23.4: across frozen Lakes, never across Alpine hexsides in
    Winter), as bits: one step from the enemy's hexes with a ZOC, across the hexsides ZOCs cross."""
    enemy = sides(ctx, state, other(ctx, side))
    is_winter = winter(ctx, state)
    shared = contested_bits(ctx, state)
    memo = ctx.derived.setdefault("s42_ezoc", {})
    hit = memo.get((side, is_winter))
    if hit is not None and hit[0] is enemy and hit[2] == shared:
        return hit[1]
    b = board_bits(ctx)
    grid = move_bits(ctx).hexes
    projecting = enemy.projecting ^ (enemy.projecting & shared)  # 29.1.1: no ZOC out of a Contested City hex
    out = step_out(ctx, projecting & b.grid, allowed(ctx, no_adjacency(ctx, state))) & grid
    memo[side, is_winter] = (enemy, out, shared)
    return out


CONTESTED_CITIES = "contested_cities"  # the option of 29.0


def contested_bits(ctx: Context, state) -> int:
    """29.1.1: the Contested City hexes now, as bits: City Battle markers (11.6.2) over units of both sides, with
    the option ``contested_cities`` (none without it). Their units exert no ZOC and form no ZOC Bond."""
    marked = state.markers.city_battle
    if not marked or not ctx.option(CONTESTED_CITIES):
        return 0
    a, b = ctx.game.sides
    bit = move_bits(ctx).bit
    out = 0
    for h in marked:
        out |= bit.get(h, 0)
    return out & sides(ctx, state, a).units & sides(ctx, state, b).units


def reaching(ctx: Context, state, loc: str) -> int:
    """The grid cells whose ZOC would reach the map hex ``loc`` (6.1, 23.4: across the hexsides ZOCs cross, as
    :func:`ezoc_bits` spreads them): ``loc`` is in an enemy ZOC when an enemy hex with a ZOC is one of them. For
    the rules that ask about a hex or two, not the whole board's EZOCs (remembered per hex and season)."""
    is_winter = winter(ctx, state)
    memo = ctx.tables.setdefault("s42_reaching", {})  # (the map's alone: kept for every replay of the game)
    hit = memo.get((loc, is_winter))
    if hit is None:
        b = board_bits(ctx)
        here = move_bits(ctx).bit[loc]
        hit = 0
        if here & move_bits(ctx).hexes:
            for s, ok in zip(b.shifts, allowed(ctx, no_adjacency(ctx, state))):
                hit |= (here >> s if s > 0 else here << -s) & ok  # the cell whose step ``s`` leads into ``loc``
            hit &= b.grid
        memo[loc, is_winter] = hit
    return hit


def locations(ctx: Context, m: int) -> list[str]:
    """The locations of the bits of ``m`` (map hexes and areas)."""
    name = move_bits(ctx).name
    out = []
    while m:
        low = m & -m
        m ^= low
        loc = name.get(low)
        if loc is not None:
            out.append(loc)
    return out


def ezoc(ctx: Context, state, side: str) -> AbstractSet[str]:
    """The hexes in an enemy ZOC for ``side``, as ids (for messages and rule checks one hex at a time)."""
    return frozenset(locations(ctx, ezoc_bits(ctx, state, side)))


def no_adjacency(ctx: Context, state) -> Steps:
    """2.2.3, 6.1: the steps across which units are not adjacent and ZOCs do not reach (impassable and Volga
    hexsides, as the season has them)."""
    c = crossings(ctx)
    if not winter(ctx, state):
        return c.no_zoc
    return per_replay(ctx, "s42_no_adjacency_winter", lambda _: union(
        tuple(x & ~y for x, y in zip(c.no_zoc, c.lake_freezes)), c.alpine))  # type: ignore[arg-type]


def adjacent_bits(ctx: Context, state, m: int) -> int:
    """The map hexes adjacent to a hex of ``m`` (2.2.3; never an Entry Area, 22.4). Remembered for the last masks
    asked about (each kept alive by its entry): the enemy's units stay the same object through a Movement Phase, and
    an Extended Movement asks about them at each step."""
    key = (id(m), winter(ctx, state))
    memo = ctx.derived.setdefault("s42_adjacent", {})
    hit = memo.get(key)
    if hit is not None and hit[0] is m:
        return hit[1]
    b = board_bits(ctx)
    out = step_out(ctx, m & b.grid, allowed(ctx, no_adjacency(ctx, state))) & b.grid
    remember(memo, key, (m, out), 64)
    return out


def adjacent(ctx: Context, state, a: str, b: str) -> bool:
    """Whether two locations are adjacent for the rules (2.2.3, 22.4)."""
    bit = board_bits(ctx).bit
    if a not in bit or b not in bit:
        return False
    return bool(adjacent_bits(ctx, state, bit[a]) & bit[b])

