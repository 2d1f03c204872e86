"""The shared rules engine on a synthetic board (``engine_toy``): what a second, very different game needs is real,
not promised. Steps closed by direction (one way or both: a ZOC bond's hexside, a river crossed only on the first
step), locations closed (a hex bond), costs by hexside (a river's extra, a road's rate in half MPs) and by movement
class, the search checked against a plain cheapest-first search on random boards; supply rings across closed
steps; zones of control switched off and stopped by hexside features; the phase/step machine filled from a game's
phases; odds and differential columns; step tracks; stacks; the rule index."""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass
from typing import Any, Mapping

import pytest

from engine_toy import COLUMNS, ROWS, hid, toy_context, toy_game
from validator.engine import odds, sequence, stacking, steps
from validator.engine.bits import board_bits, closed_steps, distance, mask, open_steps, rings
from validator.engine.context import Hooks
from validator.engine.paths import explore, found, move_bits, path, side_costs, step_cost
from validator.engine.position import enemy_zoc_set, position, zoc_set
from validator.engine.rule_index import Rule, check, index
from validator.engine.sequence import Sequence, Slot
from validator.engine.state import evolve
from validator.model import Action

BIG = 10 ** 6

@dataclass(frozen=True)
class Piece:
    """A toy game's unit state: where it is, its face, and a marker that switches its ZOC off."""

    loc: str | None
    face: str = "front"
    shaken: bool = False


def at(**where: str) -> dict[str, Piece]:
    return {uid: Piece(loc) for uid, loc in where.items()}


def search(ctx, start: str, mp: int, column: int = 1, blocked: int = 0, stops: int = 0, steps=None, first=None,
           sides=None, extra: int = 0, closed: int = 0, always: bool = False):
    return explore(ctx, start, 0, extra, blocked, closed, stops, mp, always, ctx.board.cost, column, steps=steps,
                   first=first, sides=sides)


def costs_of(ctx, s) -> dict[str, int]:
    """location -> MP of every location a search reached."""
    return {loc: level for loc, (level, _) in found(ctx, s).items()}


# -- the board and its bits ---------------------------------------------------------------------------------------

def test_every_step_has_its_direction_and_its_shift():
    ctx = toy_context(toy_game())
    b, board = board_bits(ctx), ctx.board
    for a in board.locations:
        assert len(set(board.step_index[a, n] for n in board.neighbours[a])) == len(board.neighbours[a])
        for n in board.neighbours[a]:
            d = board.step_index[a, n]
            s = b.shifts[d]
            assert (b.bit[a] << s if s > 0 else b.bit[a] >> -s) == b.bit[n]
            assert board.step_index[n, a] == (d + 3) % 6  # the opposite direction back
    assert len(board.neighbours[hid(5, 4)]) == 6 and len(board.neighbours[hid(1, 1)]) < 6


def test_costs_by_movement_class_and_impassable_hexsides():
    ctx = toy_context(toy_game(terrain={hid(5, 4): "forest"}, hexsides={(hid(3, 3), hid(4, 3)): ["cliff"]}))
    assert ctx.board.cost[hid(5, 4)] == (3, 2)  # mechanized, other
    assert ctx.board.crossing_prohibited(hid(3, 3), hid(4, 3)) and hid(4, 3) not in ctx.board.open_neighbours[hid(3, 3)]
    assert ctx.board.hexside(hid(4, 3), hid(3, 3)) == {"cliff"}
    mech = costs_of(ctx, search(ctx, hid(4, 4), 3, column=0))
    foot = costs_of(ctx, search(ctx, hid(4, 4), 3, column=1))
    assert mech[hid(5, 4)] == 3 and foot[hid(5, 4)] == 2


# -- steps closed by direction --------------------------------------------------------------------------------------

def test_a_hexside_closed_one_way():
    ctx = toy_context(toy_game())
    a, b = hid(4, 4), hid(5, 4)
    one_way = closed_steps(ctx, [(a, b)])
    there = costs_of(ctx, search(ctx, a, 6, steps=one_way))
    back = costs_of(ctx, search(ctx, b, 6, steps=one_way))
    assert there[b] == 2  # round the closed hexside
    assert back[a] == 1  # the other way is open
    assert path(ctx, search(ctx, a, 6, steps=one_way), b)[0] != b
    both = closed_steps(ctx, [(a, b), (b, a)])
    assert costs_of(ctx, search(ctx, b, 6, steps=both))[a] == 2


def bonds(ctx, friends: list[str], enemies: set[str]) -> tuple[set[str], set[tuple[str, str]]]:
    """A toy of ZOC bonds: two friendly units two hexes apart bond across the hexes between them. One hex between
    (a straight line): the enemy may not enter it (a hex bond), unless an enemy unit is in it; two hexes between:
    the enemy may not cross their shared hexside (a hexside bond), unless enemy units are on both sides of it."""
    board = ctx.board
    hexes, sides = set(), set()
    for i, p in enumerate(friends):
        for q in friends[i + 1:]:
            if q in board.neighbours[p] or p == q:
                continue
            mid = board.between(p, q)
            if len(mid) == 1 and mid[0] not in enemies:
                hexes.add(mid[0])
            elif len(mid) == 2 and not set(mid) <= enemies:
                sides |= {(mid[0], mid[1]), (mid[1], mid[0])}
    return hexes, sides


def test_zoc_bonds_block_movement_and_supply_across_hexsides():
    ctx = toy_context(toy_game())
    board, bit = ctx.board, move_bits(ctx).bit
    p = hid(4, 3)
    two = sorted({q for n in board.neighbours[p] for q in board.neighbours[n]} - {p, *board.neighbours[p]})
    q = next(x for x in two if len(board.between(p, x)) == 2)  # two hexes apart, two hexes between: a hexside bond
    r = next(x for x in two if len(board.between(p, x)) == 1)  # ... one hex between, a straight line: a hex bond
    mid = board.between(p, q)
    assert len(mid) == 2 and mid[1] in board.neighbours[mid[0]]
    hexes, sides = bonds(ctx, [p, q], set())
    assert not hexes and sides == {(mid[0], mid[1]), (mid[1], mid[0])}
    steps_ = closed_steps(ctx, sides)
    blocked = mask(bit, [p, q])
    near = costs_of(ctx, search(ctx, mid[0], 6, blocked=blocked, steps=steps_))
    assert near[mid[1]] > 1  # the bond's hexside is not crossed
    assert costs_of(ctx, search(ctx, mid[0], 6, blocked=blocked))[mid[1]] == 1  # without the bond it is
    # a hex bond: three in a line, the middle hex closed
    hexes, _ = bonds(ctx, [p, r], set())
    (middle,) = board.between(p, r)
    assert hexes == {middle}
    side = next(n for n in board.neighbours[middle] if n not in (p, r))
    assert middle not in costs_of(ctx, search(ctx, side, 4, blocked=mask(bit, [p, r, *hexes])))
    assert middle in costs_of(ctx, search(ctx, side, 4, blocked=mask(bit, [p, r])))
    # negated: an enemy unit in the middle hex breaks it
    assert bonds(ctx, [p, r], {middle})[0] == set()
    # supply rings stop at the bond's hexside as movement does
    b = board_bits(ctx)
    ring = rings(b, b.bit[mid[0]], ~mask(b.bit, [p, q]), steps_)
    assert 1 < distance(ring, b.bit[mid[1]]) < BIG  # round the bond: its two ends are the only common neighbours
    assert distance(rings(b, b.bit[mid[0]], ~mask(b.bit, [p, q])), b.bit[mid[1]]) == 1


# -- costs by hexside ---------------------------------------------------------------------------------------------

def test_a_river_costs_extra_and_may_be_crossed_only_on_the_first_step():
    ctx = toy_context(toy_game())
    board = ctx.board
    river = [(hid(5, r), n) for r in range(1, ROWS + 1) for n in board.neighbours[hid(5, r)] if n[:2] == "06"]
    crossing = {(a, b): board.cost[b][1] + 2 for a, b in river} | {(b, a): board.cost[a][1] + 2 for a, b in river}
    sides = side_costs(ctx, crossing)
    s = search(ctx, hid(5, 4), 6, sides=sides)
    assert costs_of(ctx, s)[hid(6, 4)] == 3  # clear 1 + river 2
    assert step_cost(s, hid(5, 4), hid(6, 4)) == 3 and step_cost(s, hid(4, 4), hid(5, 4)) == 1
    # a major river: only a unit that starts next to it crosses (the first step), later steps may not
    later = closed_steps(ctx, crossing)
    start_next = costs_of(ctx, search(ctx, hid(5, 4), 6, sides=sides, steps=later, first=None))
    assert hid(6, 4) not in start_next  # the first step is bound by ``steps`` too unless ``first`` opens it
    opened = costs_of(ctx, search(ctx, hid(5, 4), 6, sides=sides, steps=later, first=closed_steps(ctx, [])))
    assert opened[hid(6, 4)] == 3 and hid(7, 4) in opened
    far = costs_of(ctx, search(ctx, hid(4, 4), 8, sides=sides, steps=later, first=closed_steps(ctx, [])))
    assert not [loc for loc in far if loc[:2] in ("06", "07", "08", "09")]


def test_a_road_rate_in_half_movement_points():
    """Costs in the game's smallest unit: half MPs. Clear costs 2 (1 MP), a road along the row costs 1 (1/2 MP)."""
    game = toy_game()
    ctx = toy_context(game)
    ctx2 = evolve(ctx, board=evolve(ctx.board, cost={k: (2 * a, 2 * o) for k, (a, o) in ctx.board.cost.items()}),
                  derived={})
    row = [hid(c, 4) for c in range(1, COLUMNS + 1)]
    road = {}
    for a, b in zip(row, row[1:]):
        road[a, b] = road[b, a] = 1
    s = search(ctx2, hid(1, 4), 8, sides=side_costs(ctx2, road))
    got = costs_of(ctx2, s)
    assert got[hid(9, 4)] == 8 and path(ctx2, s, hid(9, 4)) == tuple(row[1:])  # 8 road hexes for 4 MP
    assert got[hid(1, 2)] == 4 and got[hid(1, 3)] == 2  # off the road: 1 MP a hex


# -- the search against a plain cheapest-first search ---------------------------------------------------------------

def reference(ctx, start: str, mp: int, column: int, blocked: set[str], stops: set[str], closed_edges: set,
              first_edges: set | None, costs: Mapping[tuple[str, str], int], extra: int) -> dict[str, int]:
    """Cheapest first with a heap: location -> MP, never into ``blocked``, not on from ``stops``, not by
    ``closed_edges`` (``first_edges`` from the start), a step's cost from ``costs`` or the hex entered."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        c, x = heapq.heappop(heap)
        if c > best[x] or (x in stops and x != start):
            continue
        shut = first_edges if x == start and first_edges is not None else closed_edges
        for n in ctx.board.open_neighbours[x]:
            if n in blocked or (x, n) in shut:
                continue
            step = costs.get((x, n), ctx.board.cost[n][column]) + (extra if x == start else 0)
            if c + step <= mp and (n not in best or c + step < best[n]):
                best[n] = c + step
                heapq.heappush(heap, (c + step, n))
    return best


@pytest.mark.parametrize("seed", range(12))
def test_the_level_search_finds_the_cheapest_costs(seed):
    rng = random.Random(seed)
    hexes = [hid(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]
    terrain = {h: rng.choice(["clear", "clear", "forest", "marsh"]) for h in hexes}
    ctx = toy_context(toy_game(terrain=terrain))
    board, bit = ctx.board, move_bits(ctx).bit
    start = rng.choice(hexes)
    blocked = set(rng.sample([h for h in hexes if h != start], 6))
    stops = set(rng.sample([h for h in hexes if h != start], 8))
    edges = [(a, b) for a in hexes for b in board.neighbours[a]]
    closed = set(rng.sample(edges, 25))
    priced = {e: board.cost[e[1]][1] + rng.choice((1, 2, 3)) for e in rng.sample(edges, 30)}
    if seed % 3 == 0:
        priced = {e: max(1, c - 3) for e, c in priced.items()}  # cheaper than the terrain: a road
    first = set() if seed % 2 else None
    extra = seed % 3
    mp = 5 + seed % 4
    s = explore(ctx, start, 0, extra, mask(bit, blocked), 0, mask(bit, stops), mp, False, board.cost, 1,
                steps=closed_steps(ctx, closed), first=closed_steps(ctx, first) if first is not None else None,
                sides=side_costs(ctx, priced) if seed % 4 else None)
    want = reference(ctx, start, mp, 1, blocked, stops, closed, first, priced if seed % 4 else {}, extra)
    got = {loc: level for loc, (level, _) in found(ctx, s).items()}
    assert got == want
    for loc, level in got.items():  # every path is legal and costs what its level says
        if loc == start:
            continue
        full = (start, *path(ctx, s, loc))
        assert all(b in board.open_neighbours[a] and b not in blocked for a, b in zip(full, full[1:]))
        assert not [st for st in zip(full, full[1:]) if st in (closed if st[0] != start or first is None else first)]
        assert not set(full[1:-1]) & stops
        assert extra + sum(step_cost(s, a, b) for a, b in zip(full, full[1:])) == level
    for dest in sorted(got)[::5]:  # a search that stops once the destination's cost is known finds the same
        s1 = explore(ctx, start, 0, extra, mask(bit, blocked), 0, mask(bit, stops), mp, False, board.cost, 1, dest,
                     steps=s.steps, first=s.first, sides=s.sides)
        assert {loc: lv for loc, (lv, _) in found(ctx, s1).items()}[dest] == got[dest]


# -- positions and zones of control -------------------------------------------------------------------------------

def test_zones_of_control_by_the_games_hooks():
    units = {"r1": ("red", "inf", 3, 4), "r2": ("red", "hq", 0, 4), "b1": ("blue", "inf", 3, 4)}
    game = toy_game(units=units, hexsides={(hid(5, 4), hid(6, 4)): ["volga"]})
    no_volga = lambda c: {a: tuple(n for n in ns if "volga" not in c.board.hexside(a, n))  # noqa: E731
                          for a, ns in c.board.open_neighbours.items()}
    ctx = toy_context(game, Hooks(zoc_reach=no_volga, zoc_off=lambda us: us.shaken))
    pos = position(ctx, {**at(r1=hid(5, 4), r2=hid(2, 2)), "b1": Piece(hid(8, 6))})
    red = zoc_set(pos, "red")
    assert hid(4, 4) in red and hid(6, 4) not in red  # not across the Volga
    assert hid(2, 3) not in red  # a unit type without a ZOC
    assert hid(5, 4) not in enemy_zoc_set(pos, "red") and hid(7, 6) in enemy_zoc_set(pos, "red")
    shaken = position(ctx, {**at(r1=hid(5, 4), r2=hid(2, 2)), "b1": Piece(hid(8, 6), shaken=True)})
    assert not zoc_set(shaken, "blue")  # a marker switches it off
    assert shaken.held["blue"] == {hid(8, 6): 1}



def test_a_position_derived_unit_by_unit_is_the_one_made_from_scratch():
    """A new position is derived from the last one through the units that changed: moves, a stack joined in the
    game's unit order, a unit entering and leaving the map, a box to another, a marker switching a ZOC off and on."""
    units = {"r1": ("red", "inf", 3, 4), "r2": ("red", "inf", 3, 4), "r3": ("red", "hq", 0, 4),
             "b1": ("blue", "inf", 3, 4), "b2": ("blue", "inf", 3, 4)}
    game = toy_game(units=units)
    hooks = Hooks(zoc_off=lambda us: us.shaken)
    ctx = toy_context(game, hooks)
    now = {**at(r1=hid(2, 2), r2=hid(2, 3), r3=hid(5, 5), b1=hid(8, 6)), "b2": Piece(None)}
    position(ctx, now)
    changes = [("r2", hid(3, 3)), ("r3", hid(3, 3)), ("r1", hid(3, 3)), ("b2", hid(7, 6)), ("b1", "shaken"),
               ("r1", "box"), ("r1", "other box"), ("b1", hid(7, 5)), ("r3", hid(4, 3)), ("b2", None)]
    for uid, where in changes:
        now = {**now, uid: Piece(now[uid].loc, shaken=True) if where == "shaken" else Piece(where)}
        derived, made = position(ctx, now), position(toy_context(game, hooks), now)
        assert (derived.at, derived.held, derived.zoc) == (made.at, made.held, made.zoc)
        assert all(zoc_set(derived, side) == zoc_set(made, side) for side in ("red", "blue"))
    assert derived.at[hid(3, 3)] == ("r2",) and zoc_set(derived, "blue") == zoc_set(made, "blue") != frozenset()

def test_stacks_over_a_limit_the_game_decides():
    units = {f"u{i}": ("red", "hq" if i == 3 else "inf", 2, 4) for i in range(4)}
    ctx = toy_context(toy_game(units=units))
    here = at(u0=hid(3, 3), u1=hid(3, 3), u2=hid(3, 3), u3=hid(3, 3))
    assert stacking.stacks(ctx, here) == [(hid(3, 3), "red", ("u0", "u1", "u2", "u3"))]

    def two_plus_free_hq(loc, side, mine):  # e.g. two combat units, plus one unit that stacks free
        return len([u for u in mine if ctx.game.units[u].front.type != "hq"]) <= 2

    assert stacking.over(ctx, here, ("limit", 2), two_plus_free_hq) == [(hid(3, 3), "red", ("u0", "u1", "u2", "u3"))]
    fewer = at(u0=hid(3, 3), u1=hid(3, 3), u3=hid(3, 3), u2=hid(4, 4))
    assert stacking.over(ctx, fewer, ("limit", 2), two_plus_free_hq) == []


# -- the phase/step machine -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clock:
    turn: int
    player: str | None
    phase: str
    step: str | None
    moved: tuple = ()
    ended: tuple = ()


def toy_sequence(ends: list) -> Sequence:
    def leave(ctx, state, slot):
        ends.append(slot)
        return state, []

    def fresh(ctx, slot):
        return {"moved": ()} if slot.phase == "move" else {}

    return Sequence("3.0", {"move": ("move", "march", "phasing"), "rail": ("move", "rail", "phasing"),
                            "attack": ("fight", None, "phasing")}, {}, fresh, leave)


def act(kind: str, side: str, **data: Any) -> Action:
    return Action(2, kind, side, data)


def test_the_sequence_of_play_from_the_games_phases():
    ctx = toy_context(toy_game())
    ends: list = []
    seq = toy_sequence(ends)
    state = Clock(1, None, "weather", None)
    state, f = sequence.timing(seq, ctx, state, act("move", "red"))
    assert f and f[0].rule == "3.0" and "belongs to the Movement Phase of the phasing player" in f[0].message
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "red", phase="move"))
    assert not f and (state.player, state.phase, state.step) == ("red", "move", "rail")
    assert ends == [Slot(None, "weather", None)]
    state = evolve(state, moved=("x",))
    state, f = sequence.timing(seq, ctx, state, act("move", "red"))  # a later step starts by itself
    assert not f and state.step == "march" and state.moved == ("x",)  # the same phase: nothing started afresh
    state, f = sequence.timing(seq, ctx, state, act("rail", "red"))
    assert f[0].rule == "3.0" and "comes before" in f[0].message and state.step == "march"
    state, f = sequence.timing(seq, ctx, state, act("move", "blue"))
    assert "only the phasing player" in f[0].message
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "blue", phase="move"))
    assert (state.player, state.phase, state.step, state.moved) == ("blue", "move", "rail", ())
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "red", phase="fight"))
    assert f[0].rule == "3.0" and "phases go in order" in f[0].message
    state, f = sequence.handle_turn(seq, ctx, state, act("turn", "red", turn=3))
    assert [x.message for x in f] == ["turn 3 cannot follow turn 1; turns advance one at a time"]
    assert (state.turn, state.phase) == (3, "weather")
    assert ends[-2:] == [Slot("blue", "fight", None), Slot(None, "victory", None)]  # the turn's last slots ended
    assert sequence.handle_turn(seq, ctx, state, act("turn", "red", turn=9))[1][0].message.startswith(
        "the scenario ends after turn 3")


def test_mutual_phases_at_both_ends_and_the_turn_order_switched():
    """A mutual phase listed after the player phases ends the turn; a game whose sides change places in the turn
    (Stalingrad '42's Uranus switch) gives the order per turn, as the state has it (a switch a player decides)."""
    ctx = toy_context(toy_game())
    assert ctx.slots[0] == (None, "weather", None) and ctx.slots[-1] == (None, "victory", None)
    ends: list = []
    seq = evolve(toy_sequence(ends), order=lambda c, turn, s: ("blue", "red") if turn >= 2 else ("red", "blue"))
    state = Clock(1, "red", "fight", None)
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "blue", phase="move"))
    assert not f and state.player == "blue"  # turn 1: red, then blue
    state, f = sequence.handle_turn(seq, ctx, state, act("turn", "red", turn=2))
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "blue", phase="fight"))
    assert not f and ends[-1] == Slot("blue", "move", "march")  # turn 2: blue first
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "red", phase="move"))
    assert not f and ends[-1] == Slot("blue", "fight", None)
    state, f = sequence.timing(seq, ctx, state, act("attack", "blue"))
    assert f and "belongs to the Combat Phase" in f[0].message


def test_what_begins_with_a_new_phase():
    """``Sequence.begin`` runs when a new phase begins (after ``fresh``), not when a phase moves on to its next step:
    a game's markers that turn over as a player's phase opens (Stalingrad '42's Fortifications, 9.7.2)."""
    ctx = toy_context(toy_game())
    ends: list = []
    begun: list = []

    def begin(c, state, slot):
        begun.append(slot)
        return evolve(state, ended=state.ended + (slot.phase,))

    seq = evolve(toy_sequence(ends), begin=begin)
    state = Clock(1, "red", "fight", None)
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "blue", phase="move", step="rail"))
    assert not f and [s.phase for s in begun] == ["move"] and state.ended == ("move",)
    state, f = sequence.handle_phase(seq, ctx, state, act("phase", "blue", phase="fight"))
    assert not f and [s.phase for s in begun] == ["move", "fight"]


def test_steps_open_only_along_a_net():
    """A road or rail net: only its steps are open (a supply path's road leg, rail movement)."""
    ctx = toy_context(toy_game())
    b = board_bits(ctx)
    row = [hid(c, 4) for c in range(2, 8)]
    net = [(a, c) for a, c in zip(row, row[1:])] + [(c, a) for a, c in zip(row, row[1:])]
    found_ = rings(b, b.bit[row[0]], b.grid, open_steps(ctx, net))
    assert [ring.bit_count() for ring in found_] == [1] * len(row)  # one hex a ring, along the road
    assert distance(found_, b.bit[row[-1]]) == len(row) - 1 and distance(found_, b.bit[hid(2, 3)]) > BIG


# -- odds, tables, step losses, the rule index ------------------------------------------------------------------------

def test_odds_columns_and_differential_columns():
    cols = ("1:2", "1:1", "3:2", "2:1", "3:1")
    assert odds.compute(cols, 12, 9, 0).final == "1:1" and odds.compute(cols, 14, 9, 0).final == "3:2"
    assert odds.compute(cols, 24, 2, 0).final == "3:1"  # above the last: the last
    below = odds.compute(cols, 2, 5, 3)
    assert below.initial is None and below.final is None and below.shift == 0  # below the first: not shifted
    assert odds.compute(cols, 10, 10, -1).final == "1:2" and odds.compute(cols, 10, 10, -2).final is None
    assert odds.compute(("1-2", "1-1", "2-1"), 9, 4, 0).final == "2-1"  # "a-b" odds
    diff = ("-3", "-1", "0", "+1", "+3")
    assert odds.compute(diff, 8, 9, 0, odds.DIFFERENTIAL).final == "-1"
    assert odds.compute(diff, 7, 9, 0, odds.DIFFERENTIAL).final == "-3"  # -2 reaches -3, not -1
    assert odds.compute(diff, 12, 9, 0, odds.DIFFERENTIAL).final == "+3"
    assert odds.compute(diff, 3, 9, 0, odds.DIFFERENTIAL).final is None
    assert odds.column_value("3:2") == odds.column_value("-1", odds.DIFFERENTIAL) + 2.5
    rows = {1: ("AE", "AR", "DR"), 2: ("AR", "EX", "DE")}
    assert odds.lookup(("1:1", "2:1", "3:1"), rows, "2:1", 2) == "EX"


def test_odds_as_if_the_ladder_went_on_past_both_ends():
    cols = ("1-3", "1-2", "1-1", "2-1", "3-1")
    assert [odds.virtual_index(cols, a, d) for a, d in ((7, 2), (5, 6), (1, 3))] == [4, 1, 0]  # printed columns
    assert odds.virtual_index(cols, 8, 2) == 5 and odds.virtual_label(cols, 5) == "4-1"  # one past "3-1"
    assert odds.virtual_index(cols, 25, 3) == 9 and odds.virtual_label(cols, 9) == "8-1"  # 25 to 3, rounded down
    assert odds.virtual_index(cols, 1, 4) == -1 and odds.virtual_label(cols, -1) == "1-4"
    assert odds.virtual_index(cols, 2, 7) == -1 and odds.virtual_index(cols, 1, 7) == -4  # 2 to 7 is 1-4 (rounded)
    assert odds.virtual_index(cols, 3, 0) > 100 and odds.virtual_index(cols, 0, 3) < -100  # no defence / no attack
    assert odds.virtual_index(("1:2", "1:1", "3:1"), 9, 2) == 3 and odds.virtual_label(("1:2", "1:1", "3:1"), 3) == "4:1"


def test_step_losses_along_a_track():
    track = ("full", "reduced", "cadre")  # three steps: two faces and a step marker, say
    assert steps.steps_left(track, "full") == 3 and steps.steps_left(track, "cadre") == 1
    assert steps.after_losses(track, "full") == "reduced" and steps.after_losses(track, "full", 2) == "cadre"
    assert steps.after_losses(track, "reduced", 2) is None


def test_a_rule_index():
    def f():
        """checks 7.2"""
    rules = index([Rule("7.2", "ZOC bond effects", f), Rule("7.3", "negating bonds", f)])
    assert check(rules, "7.2") == "7.2"
    with pytest.raises(ValueError, match="not in the rule index"):
        check(rules, "7.9")
    with pytest.raises(ValueError, match="listed twice"):
        index([Rule("7.2", "a", f), Rule("7.2", "b", f)])
