"""The cheapest-path search over bit masks: every location a unit reaches for its movement points, a cost level at a
time, the locations one step further out being six shifts of the bits (:mod:`.bits`) instead of hundreds of
neighbours looked at one by one.

A step goes to an open neighbour (not across an impassable hexside, ``Board.open_neighbours``) and, when the search
is given :data:`~.bits.Steps`, only by the steps those allow: hexsides closed one way or both (a ZOC bond, a river
that may be crossed only on the first step). What a step costs is the MP to enter the location for the unit's
movement class (one mask per cost: a cost table has a handful of different costs, so a whole level moves on at
once), unless a :class:`SideCosts` gives that step its own cost: a river hexside's extra, the rate of a road that
crosses the hexside. Costs are whole numbers of the game's smallest unit (a game with half-MP roads counts in
halves) and at least 1.

:func:`explore` gives the cost level of every location reached; :func:`previous` the location a step came from,
chosen as a heap search of a cheapest path chooses it (cheapest first, ties broken by location id), so paths are
those that search would find: :func:`path` to one location, :func:`found` for all.
"""

from __future__ import annotations

from typing import Iterator, Mapping, NamedTuple

from games.hexgrid import Hex, neighbours

from .bits import Steps, area_steps, board_bits, mask
from .context import Context, once, remember

CostTable = Mapping[str, tuple[int, ...]]  # location -> MP to enter it, one per movement class


class MoveBits(NamedTuple):
    """The board for movement as bits (made once per replay)."""

    bit: Mapping[str, int]  # location -> its bit (``bits``)
    name: Mapping[int, str]  # a location's bit -> the location
    steps: tuple[tuple[int, int], ...]  # (shift, the hexes whose neighbour at that shift is an open step away)
    hexes: int  # every map hex
    areas: tuple[tuple[int, int], ...]  # (an area's bit, the bits of the locations a step from it)
    near: list[tuple[int, int] | None]  # a location's bit index -> (its bit, the locations an open step from it),
    # filled when first asked for


class SideCosts(NamedTuple):
    """Steps with a cost of their own (:func:`side_costs`): per direction, (MP, the cells whose step that way costs
    that much instead of the MP to enter the hex beyond); ``any``: per direction, all those cells."""

    by_direction: tuple[tuple[tuple[int, int], ...], ...]
    any: tuple[int, ...]
    cost: Mapping[tuple[str, str], int]  # (a, b) -> the step's MP


def move_bits(ctx: Context) -> MoveBits:
    """The game's :class:`MoveBits` (made once per loaded game; asked for on every step of a replay, so looked up
    without :func:`once`'s call when made)."""
    value = ctx.tables.get("move_bits")
    return value if value is not None else once(ctx, "move_bits", _build)


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
    return MoveBits(bit, {b: loc for loc, b in bit.items()}, tuple(steps), mask(bit, m.hexes), areas,
                    [None] * max(bit.values()).bit_length())


def spread(mb: MoveBits, m: int) -> int:
    """The locations one step from a location of ``m``."""
    on = m & mb.hexes
    out = 0
    for shift, ok in mb.steps:
        x = on & ok
        out |= x << shift if shift > 0 else x >> -shift
    return area_steps(mb.areas, m, out)


_ALLOWED: dict[int, tuple] = {}  # id(steps) -> (steps, mb, the open steps it allows): a game's searches share a few


def _allowed(mb: MoveBits, steps: Steps | None) -> tuple[tuple[int, int], ...]:
    """The board's open steps, less those ``steps`` closes (remembered for the last few ``steps``, each kept alive by
    its entry)."""
    if steps is None:
        return mb.steps
    hit = _ALLOWED.get(id(steps))
    if hit is not None and hit[0] is steps and hit[1] is mb:
        return hit[2]
    out = tuple((shift, ok & allow) for (shift, ok), allow in zip(mb.steps, steps))
    remember(_ALLOWED, id(steps), (steps, mb, out), 16)
    return out


_FEW = 8  # a front of at most this many locations spreads location by location (a board's spread: about 14 k
# instructions, one location's kept neighbours about 1 k)


def _spread_by(mb: MoveBits, m: int, moves: tuple[tuple[int, int], ...]) -> int:
    """:func:`spread` by the open steps ``moves``; a small front over the board's own open steps as the union of
    its locations' kept neighbours (the same bits: a spread is the union of its locations' spreads)."""
    if moves is mb.steps and m.bit_count() <= _FEW:
        near, out = mb.near, 0
        while m:
            i = m.bit_length() - 1
            x = near[i]
            if x is None:
                x = near[i] = (1 << i, spread(mb, 1 << i))
            out |= x[1]
            m ^= x[0]
        return out
    on = m & mb.hexes
    out = 0
    for shift, ok in moves:
        x = on & ok
        out |= x << shift if shift > 0 else x >> -shift
    return area_steps(mb.areas, m, out)


def cost_masks(ctx: Context, table: CostTable, column: int) -> tuple[tuple[int, int], ...]:
    """(MP, the locations that cost that much to enter) by MP for movement class ``column``, from a cost table
    (location -> MP per class); remembered for the last few tables (each kept alive by its entry)."""
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


def side_costs(ctx: Context, costs: Mapping[tuple[str, str], int]) -> SideCosts:
    """:class:`SideCosts` from the MP of directed steps between grid hexes ((a, b) -> MP, at least 1): a step
    across a river hexside costs the hex beyond plus the river, a step along a road the road's rate."""
    mb = move_bits(ctx)
    index = ctx.board.step_index
    by: list[dict[int, int]] = [{} for _ in range(6)]
    for (a, b), c in costs.items():
        if c < 1:
            raise ValueError(f"the step {a}-{b} costs {c} MP; the movement search needs at least 1")
        d = index.get((a, b))
        if d is None or a not in mb.bit:
            raise ValueError(f"{a}-{b} is not a step between two map hexes")
        by[d][c] = by[d].get(c, 0) | mb.bit[a]
    by_direction = tuple(tuple(sorted(x.items())) for x in by)
    return SideCosts(by_direction, tuple(_union(x.values()) for x in by), dict(costs))


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


class Search(NamedTuple):
    """What :func:`explore` was asked, and the cost levels it found."""

    start: str
    spent: int  # MP spent before (the start's level)
    extra: int  # MP to leave the start (an enemy zone of control)
    closed: int  # locations the start may not step into (blocked ones; EZOCs without friends when it is in one)
    stops: int  # locations a unit stops in (enemy zones of control), the start apart
    cost: CostTable  # the cost table
    column: int  # the movement class
    levels: dict[int, int]  # MP spent -> the locations reached for that much and no less
    reached: int
    steps: Steps | None = None  # the steps allowed after the first, None: every open step
    first: Steps | None = None  # the steps allowed from the start
    sides: SideCosts | None = None  # steps with a cost of their own


def explore(ctx: Context, start: str, spent: int, extra: int, blocked: int, closed: int, stops: int, mp: int,
            always: bool, table: CostTable, column: int, dest: str | None = None, steps: Steps | None = None,
            first: Steps | None = None, sides: SideCosts | None = None) -> Search:
    """Every location reached from ``start`` for at most ``mp`` (the first step whatever it costs when ``always``),
    never into ``blocked`` (nor, from the start, into ``closed``), not going on from ``stops``, only by the steps
    ``steps`` allows (``first`` for the first step; default ``steps``), paying ``sides`` for the steps it prices;
    stops once the cost of ``dest`` is known."""
    if sides is not None:
        return _explore_sides(ctx, start, spent, extra, blocked, closed, stops, mp, always, table, column, dest,
                              steps, first if first is not None else steps, sides)
    mb = move_bits(ctx)
    here = mb.bit[start]
    classes = cost_masks(ctx, table, column)
    goal = mb.bit.get(dest, 0) if dest is not None and dest != start else 0
    levels: dict[int, int] = {spent: here}
    reached = here
    later = _allowed(mb, steps)
    opening = later if first is None else _allowed(mb, first)
    # ``a ^ (a & b)`` for ``a & ~b``: the same bits, without a negative board-sized integer (three times as slow)
    near = _spread_by(mb, here, opening)
    near ^= near & (blocked | closed | reached)
    base = spent + extra
    for c, m in classes:
        new = near & m
        if new and (base + c <= mp or always):
            levels[base + c] = levels.get(base + c, 0) | new
            reached |= new
    level = spent + 1
    while level <= mp and not reached & goal:
        front = levels.get(level, 0)
        front ^= front & stops
        if front:
            near = _spread_by(mb, front, later)
            near ^= near & (blocked | reached)
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
    return Search(start, spent, extra, closed | blocked, stops, table, column, levels, reached, steps, first)


_WAYS: dict[tuple[int, int], tuple] = {}  # (id(open steps), id(sides)) -> (them, per direction: what a step needs)


def _ways(moves: tuple[tuple[int, int], ...], sides: SideCosts) -> tuple[tuple[int, int, int, tuple], ...]:
    """Per direction (shift, the cells with an open step that way, those whose step has a cost of its own, (MP, those
    cells) by MP): one tuple a level walks (remembered for the last few pairs, each kept alive by its entry)."""
    hit = _WAYS.get((id(moves), id(sides)))
    if hit is not None and hit[0] is moves and hit[1] is sides:
        return hit[2]
    out = tuple((shift, ok, own, by) for (shift, ok), own, by in zip(moves, sides.any, sides.by_direction))
    remember(_WAYS, (id(moves), id(sides)), (moves, sides, out), 16)
    return out


def _explore_sides(ctx: Context, start: str, spent: int, extra: int, blocked: int, closed: int, stops: int, mp: int,
                   always: bool, table: CostTable, column: int, dest: str | None, steps: Steps | None,
                   first: Steps | None, sides: SideCosts) -> Search:
    """:func:`explore` when steps have costs of their own: a location's cost is final only when its level comes up
    (a later level may reach it for less across a cheaper hexside), so levels are tentative until then. A level's
    steps are gathered by their MP first and each MP offered once: a location ends at the least level offered to it
    whatever the order of the offers, so the levels are those of offering each step on its own."""
    mb = move_bits(ctx)
    here = mb.bit[start]
    classes = cost_masks(ctx, table, column)
    goal = mb.bit.get(dest, 0) if dest is not None and dest != start else 0
    levels: dict[int, int] = {spent: here}
    seen = here  # every location of every level (a location moves between levels, never leaves them)
    hexes, areas = mb.hexes, mb.areas

    def step_from(front: int, level: int, ways: tuple[tuple[int, int, int, tuple], ...], shut: int,
                  limit: bool) -> None:
        nonlocal seen
        on = front & hexes
        shut |= blocked
        plain = 0
        by_mp: dict[int, int] = {}  # MP -> the locations a step of that cost reaches
        for shift, ok, priced, by in ways:
            x = on & ok
            if not x:
                continue
            own = x & priced
            if own:
                x ^= own  # (own is a part of x)
                for c, src in by:  # (a cell has one cost a direction: done when none is left)
                    y = own & src
                    if y:
                        by_mp[c] = by_mp.get(c, 0) | (y << shift if shift > 0 else y >> -shift)
                        own ^= y
                        if not own:
                            break
            plain |= x << shift if shift > 0 else x >> -shift
        plain = area_steps(areas, front, plain)
        for c, m in classes:
            new = plain & m
            if new:
                by_mp[c] = by_mp.get(c, 0) | new
        for c, new in by_mp.items():
            to = level + c
            if to > mp and limit:
                continue
            new ^= new & shut
            if not new:
                continue
            if not new & seen:  # none reached yet: no level to take them from
                levels[to] = levels.get(to, 0) | new
                seen |= new
                continue
            seen |= new
            for k, m in levels.items():
                if k <= to:
                    new ^= new & m
            if not new:
                continue
            for k, m in levels.items():
                if k > to and m & new:
                    levels[k] = m ^ (m & new)
            levels[to] = levels.get(to, 0) | new

    step_from(here, spent + extra, _ways(_allowed(mb, first), sides), closed | here, not always)
    later = _ways(_allowed(mb, steps), sides)
    level = spent + 1
    while level <= mp:
        front = levels.get(level, 0)
        if front:
            if front & goal:
                break
            front ^= front & stops
            if front:
                step_from(front, level, later, here, True)
        elif level > max(levels):
            break
        level += 1
    for k in [k for k, m in levels.items() if not m]:
        del levels[k]
    reached = _union(levels.values())
    return Search(start, spent, extra, closed | blocked, stops, table, column, levels, reached, steps, first, sides)


def level_of(s: Search, b: int) -> int | None:
    for level, m in s.levels.items():
        if m & b:
            return level
    return None


def step_cost(s: Search, a: str, b: str) -> int:
    """The MP of the step from ``a`` into ``b`` in this search."""
    if s.sides is not None:
        c = s.sides.cost.get((a, b))
        if c is not None:
            return c
    return s.cost[b][s.column]


def previous(ctx: Context, s: Search, loc: str, level: int) -> str:
    """The location a cheapest step into ``loc`` (reached at ``level``) came from: the start when its step is one of
    the cheapest (it is taken first), else the first by id among the neighbours at the level before that do not
    stop there."""
    if s.sides is None and s.steps is None and s.first is None:
        return next(_plain_back(ctx, s, loc, level))
    mb = move_bits(ctx)
    nbrs = ctx.board.open_neighbours[loc]
    # (the step's cost and whether it is open worked out here, the cheap tests first: a path asks per hex)
    bit, levels, allowed, index = mb.bit, s.levels, s.steps, ctx.board.step_index
    priced = s.sides.cost if s.sides is not None else None
    stops, start = s.stops, s.start
    enter = s.cost[loc][s.column]
    if start in nbrs and not s.closed & bit[loc] and level == s.spent + s.extra + (
            priced.get((start, loc), enter) if priced is not None else enter):
        opening = s.first if s.first is not None else allowed
        d = index.get((start, loc)) if opening is not None else None
        if d is None or opening[d] & bit[start]:  # type: ignore[index]
            return start
    # the first by id of the neighbours (the start apart) whose step into ``loc`` is open and that were reached, not
    # stopping there, for the level less the step's cost
    for n in _by_id(ctx)[loc]:  # the neighbours in id order: the first that qualifies is the one
        if n == start:
            continue
        b = bit[n]
        if allowed is not None:
            d = index.get((n, loc))
            if d is not None and not allowed[d] & b:
                continue
        c = priced.get((n, loc), enter) if priced is not None else enter
        if levels.get(level - c, 0) & b and not stops & b:  # (the stops tested only for a neighbour at the level)
            return n
    raise ValueError("min() arg is an empty sequence")  # as the search's min() said (never for a reached loc)


def _by_id(ctx: Context) -> Mapping[str, tuple[str, ...]]:
    """Location -> its open neighbours sorted by id (made once per loaded game; looked up without :func:`once`'s call
    when made: a path asks per hex)."""
    value = ctx.tables.get("open_neighbours_by_id")
    return value if value is not None else once(ctx, "open_neighbours_by_id", lambda c: {
        loc: tuple(sorted(near)) for loc, near in c.board.open_neighbours.items()})


def path(ctx: Context, s: Search, dest: str) -> tuple[str, ...]:
    """The path to a reached ``dest``, the start left out."""
    if s.sides is None and s.steps is None and s.first is None:
        back = [dest, *_plain_back(ctx, s, dest, level_of(s, move_bits(ctx).bit[dest]))]
        back.pop()  # (the start)
        back.reverse()
        return tuple(back)
    out = []
    loc, level = dest, level_of(s, move_bits(ctx).bit[dest])
    while loc != s.start:
        out.append(loc)
        prev = previous(ctx, s, loc, level)
        level = s.spent if prev == s.start else level - step_cost(s, prev, loc)
        loc = prev
    return tuple(reversed(out))


def _plain_back(ctx: Context, s: Search, loc: str, level: int) -> Iterator[str]:
    """In a search with every open step allowed at the cost of the location entered: the locations a cheapest path
    into ``loc`` (reached at ``level``) came through, one by one back to the start (the last): the start when its
    step is one of the cheapest (it is taken first), else the first by id among the neighbours at the level before
    that do not stop there (one loop: a path asks per hex)."""
    bit, by_id, nbrs = move_bits(ctx).bit, _by_id(ctx), ctx.board.open_neighbours
    cost, column, levels, stops, start, closed = s.cost, s.column, s.levels, s.stops, s.start, s.closed
    first = s.spent + s.extra
    while True:
        enter = cost[loc][column]
        if level == first + enter and start in nbrs[loc] and not closed & bit[loc]:
            yield start
            return
        before = levels.get(level - enter, 0)
        before ^= before & stops  # (``a & ~b`` without a negative board-sized integer)
        for n in by_id[loc]:  # the neighbours in id order: the first reached at the level before is the one
            if bit[n] & before and n != start:
                break
        else:
            raise ValueError("min() arg is an empty sequence")  # as the search's min() said (never for a reached loc)
        yield n
        level -= enter
        loc = n


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
