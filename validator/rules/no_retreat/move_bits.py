"""Movement (8.0-8.6) over bit masks: the cheapest movement from a unit's location found a cost level at a time, the
locations one step further out being six shifts of the bits (as ``bitboard`` does for supply) instead of hundreds of
neighbours looked at one by one.

Locations have the bits ``bitboard`` gives them (hexes on the axial grid, then the areas). A step goes to a
neighbour not across a prohibited hexside (the board's ``open_neighbours``): for each of the six directions, the
hexes whose neighbour that way is such a location shift by that direction's distance; an area reaches the locations
listed as adjacent to it. The MP to enter a location is one mask per cost (a cost table has a handful of
different costs), so a whole level of locations moves on at once.

:func:`explore` gives the cost level of every location reached; :func:`previous` the location a step came from,
chosen as the heap search of a cheapest path chooses it (cheapest first, ties broken by location id), so paths
are those that search would find.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from games.hexgrid import Hex, neighbours

from .bitboard import area_steps, board_bits, mask
from .board import Context, once


class MoveBits(NamedTuple):
    """The board for movement as bits (made once per replay)."""

    bit: Mapping[str, int]  # location -> its bit (``bitboard``)
    name: Mapping[int, str]  # a location's bit -> the location
    steps: tuple[tuple[int, int], ...]  # (shift, the hexes whose neighbour at that shift is a step away)
    hexes: int  # every map hex
    areas: tuple[tuple[int, int], ...]  # (an area's bit, the bits of the locations a step from it)


def move_bits(ctx: Context) -> MoveBits:
    """The game's :class:`MoveBits` (made once per replay)."""
    return once(ctx, "move_bits", _build)


def _build(ctx: Context) -> MoveBits:
    board, m = ctx.board, ctx.game.map
    bit = {loc: b for loc, b in board_bits(ctx).bit.items() if loc in board.locations}
    by_hex = {(h.hex.q, h.hex.r): hid for hid, h in m.hexes.items()}
    steps = []
    for d, shift in zip(neighbours(Hex(0, 0)), board_bits(ctx).shifts):
        ok = 0
        for (q, r), hid in by_hex.items():
            n = by_hex.get((q + d.q, r + d.r))
            if n is not None and n in board.open_neighbours[hid]:
                ok |= bit[hid]
        steps.append((shift, ok))
    areas = tuple((bit[aid], mask(bit, board.open_neighbours[aid])) for aid in m.areas)
    return MoveBits(bit, {b: loc for loc, b in bit.items()}, tuple(steps), mask(bit, m.hexes), areas)


def spread(mb: MoveBits, m: int) -> int:
    """The locations one step from a location of ``m``."""
    on = m & mb.hexes
    out = 0
    for shift, ok in mb.steps:
        x = on & ok
        out |= x << shift if shift > 0 else x >> -shift
    return area_steps(mb.areas, m, out)


def cost_masks(ctx: Context, table: Mapping[str, tuple[int, int]], column: int) -> tuple[tuple[int, int], ...]:
    """(MP, the locations that cost that much to enter) by MP, for armor (``column`` 0) or other units (1), from a
    cost table (location -> (armor, other)); remembered for the last few tables (each kept alive by its entry)."""
    memo = ctx.derived.get("cost_masks")
    if memo is None:
        memo = ctx.derived["cost_masks"] = {}
    hit = memo.get((id(table), column))
    if hit is not None and hit[0] is table:
        return hit[1]
    bit = move_bits(ctx).bit
    by_cost: dict[int, int] = {}
    for loc, b in bit.items():
        c = table[loc][column]
        if c < 1:  # a level is settled before the next: every step must cost something
            raise ValueError(f"entering {loc} costs {c} MP; the movement search needs at least 1 (TEC)")
        by_cost[c] = by_cost.get(c, 0) | b
    out = tuple(sorted(by_cost.items()))
    if len(memo) >= 8:
        del memo[next(iter(memo))]
    memo[(id(table), column)] = (table, out)
    return out


class Search(NamedTuple):
    """What :func:`explore` was asked, and the cost levels it found."""

    start: str
    spent: int  # MP spent before (the start's level)
    extra: int  # MP to leave the start (an EZOC, 8.5.2)
    closed: int  # locations the start may not step into (blocked ones; EZOCs without friends when it is in one)
    stops: int  # locations a unit stops in (EZOCs, 8.5.1), the start apart
    cost: Mapping[str, tuple[int, int]]  # the cost table
    column: int
    levels: dict[int, int]  # MP spent -> the locations reached for that much and no less
    reached: int


def explore(ctx: Context, start: str, spent: int, extra: int, blocked: int, closed: int, stops: int, mp: int,
            always: bool, table: Mapping[str, tuple[int, int]], column: int, dest: str | None = None) -> Search:
    """Every location reached from ``start`` for at most ``mp`` (the first step whatever it costs when ``always``),
    never into ``blocked`` (nor, from the start, into ``closed``), not going on from ``stops``; stops once ``dest``
    is reached (its level is then final: every location costs the same to enter from any side)."""
    mb = move_bits(ctx)
    here = mb.bit[start]
    classes = cost_masks(ctx, table, column)
    goal = mb.bit.get(dest, 0) if dest is not None and dest != start else 0
    levels: dict[int, int] = {spent: here}
    reached = here
    free = ~blocked
    near = spread(mb, here) & free & ~closed & ~reached
    base = spent + extra
    for c, m in classes:
        new = near & m
        if new and (base + c <= mp or always):
            levels[base + c] = levels.get(base + c, 0) | new
            reached |= new
    level = spent + 1
    while level <= mp and not reached & goal:
        front = levels.get(level, 0) & ~stops
        if front:
            near = spread(mb, front) & free & ~reached
            if near:
                for c, m in classes:
                    to = level + c
                    if to > mp:
                        break
                    new = near & m
                    if new:
                        levels[to] = levels.get(to, 0) | new
                        reached |= new
        elif level > max(levels):
            break
        level += 1
    return Search(start, spent, extra, closed | blocked, stops, table, column, levels, reached)


def level_of(s: Search, b: int) -> int | None:
    for level, m in s.levels.items():
        if m & b:
            return level
    return None


def previous(ctx: Context, s: Search, loc: str, level: int) -> str:
    """The location a cheapest step into ``loc`` (reached at ``level``) came from: the start when its step is one of
    the cheapest (it is taken first), else the first by id among the neighbours at the level before that do not
    stop there."""
    mb = move_bits(ctx)
    enter = s.cost[loc][s.column]
    nbrs = ctx.board.open_neighbours[loc]
    if s.start in nbrs and level == s.spent + s.extra + enter and not s.closed & mb.bit[loc]:
        return s.start
    before = s.levels.get(level - enter, 0) & ~s.stops
    return min(n for n in nbrs if mb.bit[n] & before and n != s.start)


def path(ctx: Context, s: Search, dest: str) -> tuple[str, ...]:
    """The path to a reached ``dest``, the start left out."""
    out = []
    loc, level = dest, level_of(s, move_bits(ctx).bit[dest])
    while loc != s.start:
        out.append(loc)
        prev = previous(ctx, s, loc, level)
        level = s.spent if prev == s.start else level - s.cost[loc][s.column]
        loc = prev
    return tuple(reversed(out))


def found(ctx: Context, s: Search) -> dict[str, tuple[int, str | None]]:
    """Every location reached: location -> (MP spent, the location before), cheapest first, then by id."""
    name = move_bits(ctx).name
    out: dict[str, tuple[int, str | None]] = {}
    for level in sorted(s.levels):
        m = s.levels[level]
        here = []
        while m:
            low = m & -m
            here.append(name[low])
            m ^= low
        for loc in sorted(here):
            out[loc] = (level, None if loc == s.start else previous(ctx, s, loc, level))
    return out
