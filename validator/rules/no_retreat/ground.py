"""What a unit of one side meets on the map at one moment (:class:`Ground`): the enemy's units and zones of control
and its own side's units, for movement (8.3-8.5) and the moves events give.

A ground depends on the units mapping alone. It is made from the mapping's position, except while only the side's
own units changed since the last ground made for the side, by actions that noted them (the moves and entrainments
of its Movement Phase): then the enemy's part is that ground's, and the side's own locations are counted again
where its units left or came, so a move derives no position (the next rule that asks for one derives it once, for
all of them).
"""

from __future__ import annotations

from typing import AbstractSet, Mapping, NamedTuple

from ...engine.bits import board_bits
from ...engine.context import Context
from ...engine.position import (enemy_zoc_mask, enemy_zoc_set, held_by, held_by_others, noted_changes, position,
                                spots_of_others, unit_sides)
from .state import State, UnitState


class Ground(NamedTuple):
    """What a unit of one side meets on the map at one moment."""

    ezoc: AbstractSet[str]  # the locations in an enemy zone of control
    enemy: AbstractSet[str]  # the locations holding enemy units
    friendly: AbstractSet[str]  # the locations holding the side's own units
    memo: dict  # the bits and counts behind the above, and what searches make of them (:func:`ground_bits`)


def ground(ctx: Context, state: State, side: str) -> Ground:
    """What a unit of ``side`` meets now: from the last ground made for the side (kept on the context) when only
    ``side``'s units changed since, as an action noted (:func:`~...engine.position.note_changes`), else from the
    position."""
    g = kept_ground(ctx, state, side)
    if g is not None:
        return g
    units = state.units
    key = ("ground", side)
    pos = position(ctx, units)
    g = pos.sets.get(key)
    if g is None:  # (the ground holds what the position holds, not the position: no cycle to collect)
        g = pos.sets[key] = Ground(enemy_zoc_set(pos, side), held_by_others(pos, side), held_by(pos, side),
                                   {"spots": pos.spots, "zoc": pos.zoc, "held": pos.held[side], "side": side})
    ctx.derived[key] = (units, g)
    return g


def kept_ground(ctx: Context, state: State, side: str) -> Ground | None:
    """The side's ground now when the last one made for it serves (made for these units, or for units that only
    ``side``'s noted actions changed since), else None (no position is derived)."""
    last = ctx.derived.get(("ground", side))
    if last is None:
        return None
    units = state.units
    if last[0] is units:
        return last[1]
    changed = noted_changes(ctx, last[0], units)
    if changed is None:
        return None
    sides = unit_sides(ctx)
    for uid in changed:  # (only ``side``'s units changed)
        if sides[uid] != side:
            return None
    g = _after_own_moves(ctx, last[1], last[0], units, changed, side)
    ctx.derived[("ground", side)] = (units, g)  # (the units kept alive with it: their id stays theirs)
    return g


def _after_own_moves(ctx: Context, last: Ground, was: Mapping[str, UnitState], units: Mapping[str, UnitState],
                     changed: list[str], side: str) -> Ground:
    """``last`` (made for the units ``was``) once only ``side``'s units ``changed``: the same enemy units and zones of
    control (and their bits, when made); the friendly locations counted again where those units left or came."""
    memo = last.memo
    counts, own = memo["held"], memo["spots"][memo["side"]]
    locations, bit = ctx.board.locations, board_bits(ctx).bit
    fresh = None
    for uid in changed:
        a, b = was[uid].loc, units[uid].loc
        if a == b:
            continue
        if fresh is None:
            fresh = counts = counts.copy()
        if a in locations:
            n = counts[a] - 1
            if n:
                counts[a] = n
            else:
                del counts[a]
                own ^= bit[a]
        if b in locations:
            n = counts.get(b, 0)
            counts[b] = n + 1
            if not n:
                own |= bit[b]
    if fresh is None:  # (no unit changed location: the same ground)
        return last
    spots = dict(memo["spots"])
    spots[side] = own
    out = {"spots": spots, "zoc": memo["zoc"], "held": counts, "side": side}
    bits = memo.get("bits")
    if bits is not None:
        out["bits"] = [bits[0], bits[1], None]
    return Ground(last.ezoc, last.enemy, counts.keys(), out)


def ground_bits(ctx: Context, g: Ground, what: int) -> int:
    """The enemy units (``what`` 0), the EZOCs (1) or the friendly units (2) of the ground as bits (``board_bits``,
    which the moves' bits share): the units' locations kept as bits, the zone from the counts of the units
    projecting it."""
    bits = g.memo.get("bits")
    if bits is None:
        bits = g.memo["bits"] = [None, None, None]
    out = bits[what]
    if out is None:
        memo, side = g.memo, g.memo["side"]
        if what == 1:
            out = enemy_zoc_mask(ctx, memo["zoc"], side)
        elif what == 0:
            out = spots_of_others(memo["spots"], side)
        else:
            out = memo["spots"][side]
        bits[what] = out
    return out
