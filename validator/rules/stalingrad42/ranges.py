"""Range (18.4), as ASUs (18.3), Planned Offensive HQs (26.2) and Leaders (28.1.2) trace it: a path of at most the
unit's printed range in hexes that may enter and cross any terrain but non-road Alpine and impassable hexsides (Sea,
unfrozen Lake, Alpine in Winter), never enters an enemy-occupied hex, never enters or crosses an enemy ZOC Bond,
never enters two hexes in a row that are in an EZOC (friendly units negate the EZOC in their hex). Computed over bit
masks from the unit outward (the hexes it reaches, remembered per position).

- 18.3.3: a unit in an Entry Area reaches only the map hexes next to that Entry Area.
"""

from __future__ import annotations

from typing import Iterable

from ...engine.bits import board_bits, spread
from ...engine.context import Context
from ...engine.paths import move_bits
from .bonds import enemy_bonds
from .board import in_play
from .state import State
from .terrain import crossings, minus, union
from .zoc import ezoc_bits, other, sides, winter


def _open(ctx: Context, state: State, side: str):
    """The steps a range path may take: not across impassable, non-road Alpine or enemy Hexside Bond hexsides (the
    Volga is crossed, as rivers are)."""
    c = crossings(ctx)
    shut = minus(union(c.no_zoc, c.alpine_offroad), c.volga_all)
    if winter(ctx, state):
        shut = union(minus(shut, c.lake_freezes), c.alpine)
    shut = union(shut, enemy_bonds(ctx, state, side).closed)
    grid = board_bits(ctx).grid
    return tuple(grid & ~x for x in shut)


def _playing(ctx: Context) -> int:
    key = "s42_range_playing"
    out = ctx.derived.get(key)
    if out is None:
        bit = move_bits(ctx).bit
        out = 0
        for loc in in_play(ctx):
            out |= bit.get(loc, 0)
        ctx.derived[key] = out
    return out


def reach(ctx: Context, state: State, side: str, start: str, radius: int) -> int:
    """The locations a range path of ``side``'s unit in ``start`` reaches within ``radius`` hexes, as bits (18.4)."""
    memo = ctx.derived.setdefault("s42_reach", {})
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    key = (side, start, radius, winter(ctx, state))
    hit = memo.get(key)
    if hit is not None and hit[0] is mine and hit[1] is theirs:
        return hit[2]
    b = board_bits(ctx)
    bit = move_bits(ctx).bit
    if start in ctx.game.map.areas:
        out = bit.get(start, 0)
        for h in ctx.game.map.areas[start].adjacent:
            out |= bit.get(h, 0)
        out &= _playing(ctx) | bit.get(start, 0)
    else:
        never = theirs.units | enemy_bonds(ctx, state, side).hexes | ~_playing(ctx)
        ok = ~never & b.grid
        ez = ezoc_bits(ctx, state, side) & ~mine.units
        steps = _open(ctx, state, side)
        here = bit.get(start, 0)
        out = here
        free, tight = here, 0  # the last hexes entered: not in an EZOC (or the start), in one
        for _ in range(radius):
            nxt = ((spread(b, free, steps) & ok) | (spread(b, tight, steps) & ok & ~ez)) & ~out  # type: ignore[arg-type]
            if not nxt:
                break
            out |= nxt
            free, tight = nxt & ~ez, nxt & ez
    if len(memo) > 64:
        memo.clear()
    memo[key] = (mine, theirs, out)
    return out


def in_range(ctx: Context, state: State, side: str, start: str, radius: int, targets: Iterable[str]) -> bool:
    """Whether any of ``targets`` lies within ``radius`` of ``start`` by a range path (18.4)."""
    r = reach(ctx, state, side, start, radius)
    bit = move_bits(ctx).bit
    return any(r & bit.get(t, 0) for t in targets)


def unit_range(ctx: Context, uid: str) -> int:
    """The range printed on a unit (units.csv ``range``; 0 for none)."""
    return int(ctx.game.units[uid].extra.get("range") or 0)
