"""What a unit of one side meets on the map at one moment (:class:`Ground`): the enemy's units and zones of control
and its own side's units, for movement (8.3-8.5) and the moves events give.

A ground depends on the units mapping alone. It is made from the mapping's position, except while only the side's
own units changed since the last ground made for the side, by actions that noted them (the moves and entrainments
of its Movement Phase): then the enemy's part is that ground's, and the side's own locations are counted again
where its units left or came, when first asked for (most moves ask only about the enemy), so a move derives no
position (the next rule that asks for one derives it once, for all of them).
"""

from __future__ import annotations

from typing import AbstractSet

from ...engine.bits import board_bits
from ...engine.context import Context
from ...engine.position import (enemy_zoc_mask, enemy_zoc_set, held_by_others, noted_changes, position,
                                spots_of_others, unit_sides)
from .state import State


class Ground:
    """What a unit of one side meets on the map at one moment: ``ezoc`` (the locations in an enemy zone of control),
    ``enemy`` (the locations holding enemy units), ``friendly`` (the locations holding the side's own units), and
    ``memo``: the bits and counts behind them, and what searches make of them (:func:`ground_bits`).

    A ground kept across the side's own moves (:func:`kept_ground`) counts its own units when first asked for them
    (``friendly``, or their bits): most moves ask only about the enemy."""

    __slots__ = ("ezoc", "enemy", "memo")

    def __init__(self, ezoc: AbstractSet[str], enemy: AbstractSet[str], memo: dict) -> None:
        self.ezoc = ezoc
        self.enemy = enemy
        self.memo = memo

    @property
    def friendly(self) -> AbstractSet[str]:
        return _own(self.memo)[0].keys()


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
        g = pos.sets[key] = Ground(enemy_zoc_set(pos, side), held_by_others(pos, side),
                                   {"spots": pos.spots, "zoc": pos.zoc, "held": pos.held[side], "side": side,
                                    "own": pos.spots[side], "where": (ctx.board.locations, board_bits(ctx).bit)})
    ctx.derived[key] = (units, g)
    return g


def kept_ground(ctx: Context, state: State, side: str) -> Ground | None:
    """The side's ground now when the last one made for it serves (made for these units, or for units that only
    ``side``'s noted actions changed since), else None (no position is derived). Its own units are counted when
    first asked for (:func:`_own`): from the last ground that counted them, through every unit changed since."""
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
    memo = last[1].memo
    if "held" in memo:  # (counted: the base of the count to come)
        base, since = (memo, last[0]), dict.fromkeys(changed)
    else:
        base, since = memo["base"], {**memo["since"], **dict.fromkeys(changed)}
    bits = memo.get("bits")
    out = {"spots": memo["spots"], "zoc": memo["zoc"], "side": side, "where": memo["where"], "base": base,
           "since": since, "units": units}
    if bits is not None:
        out["bits"] = [bits[0], bits[1], None]
    g = Ground(last[1].ezoc, last[1].enemy, out)
    ctx.derived[("ground", side)] = (units, g)  # (the units kept alive with it: their id stays theirs)
    return g


def _own(memo: dict) -> tuple[dict[str, int], int]:
    """(location -> how many of the side's units are there, those locations as bits) of a ground: counted from the
    base ground's through each unit changed since (where it stood then, where it stands now), when first asked."""
    held = memo.get("held")
    if held is not None:
        return held, memo["own"]
    (base, was), units = memo["base"], memo["units"]
    counts, own = base["held"], base["own"]
    locations, bit = memo["where"]
    fresh = False
    for uid in memo["since"]:
        a, b = was[uid].loc, units[uid].loc
        if a == b:
            continue
        if not fresh:
            counts, fresh = counts.copy(), True
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
    memo["held"], memo["own"] = counts, own
    del memo["base"], memo["since"], memo["units"]  # (counted: the older units may go)
    return counts, own


def ground_bits(ctx: Context, g: Ground, what: int) -> int:
    """The enemy units (``what`` 0), the EZOCs (1) or the friendly units (2) of the ground as bits (``board_bits``,
    which the moves' bits share): the units' locations kept as bits (the enemy's as the base ground had them: only
    the side's own units changed since), the zone from the counts of the units projecting it."""
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
            out = _own(memo)[1]
        bits[what] = out
    return out
