"""Zones of control (6.1) and who stands where, as bits (the engine's ``move_bits``) for the searches of movement,
supply, retreat and bonds.

- 6.1: the six hexes around Combat Units (Free Stacking Units and ASUs included) are their ZOC, across every
  hexside but the Volga and impassable ones (2.2.3: Sea, unfrozen Lakes, Alpine hexsides in Winter), never into or
  out of an Entry Area (22.4); Non-Combat Units (19.2), units under a Train marker (5.6.4) and units in Full Retreat
  (13.3.2) have none. The engine counts the ZOCs of a position (``Hooks``); the Winter's changes are made here
  (23.4: frozen Lakes let ZOCs across, Alpine hexsides no longer do).
- 2.2.3: units across an impassable or Volga hexside are not adjacent; 22.4: units in an Entry Area are adjacent to
  no enemy unit (:func:`adjacent`).
- :class:`Sides`: per side, the hexes with its units, its Combat Units, and its stacks that may form a ZOC Bond
  (7.1), made once per set of that side's unit states (the engine shares a side's counts while its units stay put).
"""

from __future__ import annotations

from typing import AbstractSet, NamedTuple

from ...engine.bits import Steps, board_bits, spread
from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import counts_mask, position
from .state import GOOD_ORDER
from .terrain import allowed, crossings, union, winter_from
from .units import table


class Sides(NamedTuple):
    """What one side's units occupy, as bits."""

    units: int  # hexes and areas with any of its units
    combat: int  # ... with a Combat Unit (5.1: no enemy unit enters them)
    bonding: int  # 7.1: hexes with a Good Order Combat Unit that is not Free Stacking, or two Free Stacking ones
    zoc_units: dict  # hex -> how many of its units project a ZOC there (for the Winter's Alpine hexsides)


def sides(ctx: Context, state, side: str) -> Sides:
    """:class:`Sides` of ``side`` in the state's position (remembered per set of the side's unit states)."""
    pos = position(ctx, state.units)
    held = pos.held[side]
    memo = ctx.derived.setdefault("s42_sides", {})
    hit = memo.get((side, id(held)))
    if hit is not None and hit[0] is held:
        return hit[1]
    out = _sides(ctx, state, side, pos)
    if len(memo) >= 16:
        del memo[next(iter(memo))]
    memo[side, id(held)] = (held, out)
    return out


def _sides(ctx: Context, state, side: str, pos) -> Sides:
    bit = move_bits(ctx).bit
    info = table(ctx)
    units = state.units
    u = c = bonding = 0
    zoc_units: dict[str, int] = {}
    for loc in pos.held[side]:
        b = bit.get(loc)
        if b is None:
            continue
        u |= b
        solid = free = 0
        projecting = 0
        for uid in pos.at[loc]:
            us = units[uid]
            i = info[uid, us.face]
            if i.side != side or not i.combat:
                continue
            c |= b
            if not us.train and us.order != "full_retreat":
                projecting += 1
            if us.order == GOOD_ORDER and not us.train:
                if i.free_stacking:
                    free += 1
                else:
                    solid += 1
        if projecting:
            zoc_units[loc] = projecting
        if (solid or free >= 2) and loc not in ctx.board.areas:
            bonding |= b
    return Sides(u, c, bonding, zoc_units)


def other(ctx: Context, side: str) -> str:
    return next(s for s in ctx.game.sides if s != side)


def winter(ctx: Context, state) -> bool:
    return state.turn >= winter_from(ctx)


def ezoc_bits(ctx: Context, state, side: str) -> int:
    """The hexes in an enemy ZOC for ``side`` (6.1), as bits."""
    pos = position(ctx, state.units)
    enemy = other(ctx, side)
    base = counts_mask(ctx, pos.zoc[enemy], move_bits(ctx).bit)
    if not winter(ctx, state):
        return base
    key = ("s42_ezoc_winter", side)
    out = pos.sets.get(key)
    if out is None:
        out = pos.sets[key] = _winter_zoc(ctx, state, enemy, base)
    return out


def _winter_zoc(ctx: Context, state, enemy: str, base: int) -> int:
    """23.4: ZOCs reach across frozen Lakes and no longer across Alpine hexsides."""
    c = crossings(ctx)
    b = board_bits(ctx)
    mb = move_bits(ctx)
    s = sides(ctx, state, enemy)
    projecting = 0
    for loc in s.zoc_units:
        projecting |= mb.bit[loc]
    out = base | spread(b, projecting, c.lake_freezes) & b.grid
    alpine = spread(b, projecting, c.alpine) & b.grid
    if alpine:
        pos = position(ctx, state.units)
        counts = pos.zoc[enemy]
        name = mb.name
        index = ctx.board.step_index
        m = alpine
        while m:
            low = m & -m
            m ^= low
            hid = name[low]
            across = sum(s.zoc_units.get(n, 0) for n in ctx.board.neighbours[hid]
                         if c.alpine[index[n, hid]] & mb.bit[n])
            if counts.get(hid, 0) <= across:
                out &= ~low
    return out


def ezoc(ctx: Context, state, side: str) -> AbstractSet[str]:
    """The hexes in an enemy ZOC for ``side``, as ids (for messages and rule checks one hex at a time)."""
    from ...engine.bits import names  # noqa: PLC0415  (small helper)
    return frozenset(names(board_bits(ctx).bit, ezoc_bits(ctx, state, side)))


def no_adjacency(ctx: Context, state) -> Steps:
    """2.2.3: the steps across which units are not adjacent (impassable and Volga hexsides, as the season has them)."""
    c = crossings(ctx)
    shut = c.no_zoc
    if winter(ctx, state):
        shut = union(tuple(x & ~y for x, y in zip(shut, c.lake_freezes)), c.alpine)  # type: ignore[arg-type]
    return shut


def adjacent_bits(ctx: Context, state, m: int) -> int:
    """The map hexes adjacent to a hex of ``m`` (2.2.3; never an Entry Area, 22.4)."""
    b = board_bits(ctx)
    return spread(b, m & b.grid, allowed(ctx, no_adjacency(ctx, state))) & b.grid


def adjacent(ctx: Context, state, a: str, b: str) -> bool:
    """Whether two locations are adjacent for the rules (2.2.3, 22.4)."""
    bit = board_bits(ctx).bit
    if a not in bit or b not in bit:
        return False
    return bool(adjacent_bits(ctx, state, bit[a]) & bit[b])
