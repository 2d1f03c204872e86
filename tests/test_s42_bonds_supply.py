"""Stalingrad '42's ZOC Bonds (7.x) and Lines of Supply (16.3), computed for a whole side at once over bit masks, against
plain implementations written from the rules one hex and one pair of units at a time, on random positions of the
real map: the bonds each side has (Hex Bonds, Hexside Bonds, bonds with a friendly Entry Area, negated, pushed), and
the units that trace a Line of Supply, an Unlimited one, or none."""

from __future__ import annotations

import heapq
import random

import pytest

from validator.model import Header
from validator.rules import stalingrad42 as rules
from validator.rules.stalingrad42 import bonds, supply
from validator.rules.stalingrad42.data import facts, scenario_facts
from validator.rules.stalingrad42.state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, UnitState
from validator.rules.stalingrad42.units import table
from validator.rules.stalingrad42.zoc import ezoc_bits, locations, other
from validator.engine.state import evolve
from test_s42_data_support import s42  # noqa: F401  (the loaded game)

REGION = [f"{c:02d}{r:02d}" for c in range(10, 32) for r in range(0, 22)]  # the north-west of map A, its edges too


def _ctx(game):
    return rules.context(game, Header(game.id, "s4_campaign"))


def _random_state(ctx, rng: random.Random, n: int = 110, turn: int = 2):
    game = ctx.game
    hexes = [h for h in REGION if h in game.map.hexes]
    units = {u: UnitState(None) for u in game.units}
    pool = {side: [u for u, x in game.units.items() if x.side == side and table(ctx)[u, "front"].combat]
            for side in game.sides}
    for side, ids in pool.items():
        for uid in rng.sample(ids, n // 2):
            order = rng.choices([GOOD_ORDER, DISRUPTED, FULL_RETREAT], weights=(8, 1, 1))[0]
            units[uid] = UnitState(rng.choice(hexes), order=order, train=rng.random() < 0.05)
    state = rules.start(ctx)
    return evolve(state, units=units, turn=turn, control={})


def _barred(ctx, winter: bool, a: str, b: str) -> bool:
    feats = ctx.board.hexside(a, b)
    blocked = {k for k, t in ctx.game.tec.items() if t.extra.get("zoc") == "blocked"} | {"volga"}
    hexes = ctx.game.map.hexes
    if winter and "lake" in feats and (hexes[a].terrain == "desert" or hexes[b].terrain == "desert"):
        feats = feats - {"lake"}
    return bool(feats & blocked) or (winter and "alpine_side" in feats)


def _major(ctx, winter: bool, a: str, b: str) -> bool:
    hexes = ctx.game.map.hexes
    frozen = winter and (hexes[a].section in "AB" or hexes[b].section in "AB")
    return "major_river" in ctx.board.hexside(a, b) and not frozen


def _bonding(ctx, state, side: str) -> set[str]:
    out = set()
    here: dict[str, list[str]] = {}
    for uid, us in state.units.items():
        if us.loc in ctx.game.map.hexes and ctx.game.units[uid].side == side:
            here.setdefault(us.loc, []).append(uid)
    for loc, ids in here.items():
        good = [u for u in ids if state.units[u].order == GOOD_ORDER and not state.units[u].train
                and table(ctx)[u, state.units[u].face].combat]
        free = [u for u in good if table(ctx)[u, state.units[u].face].free_stacking]
        if len(good) > len(free) or len(free) >= 2:
            out.add(loc)
    return out


def naive_bonds(ctx, state, side: str) -> tuple[set[str], set[frozenset[str]]]:
    """7.1-7.6, pair by pair: the Hex Bond hexes and the hexsides of Hexside Bonds (edge bonds included)."""
    winter = False
    hexes = ctx.game.map.hexes
    board = ctx.board
    mine = _bonding(ctx, state, side)
    enemy = {us.loc for u, us in state.units.items() if us.loc in hexes and ctx.game.units[u].side != side}

    def route_ok(a: str, x: str, c: str | None) -> bool:
        legs = [(a, x)] + ([(x, c)] if c else [])
        if any(_barred(ctx, winter, p, q) for p, q in legs):
            return False
        return sum(_major(ctx, winter, p, q) for p, q in legs) < 2

    hex_bonds, side_bonds = set(), set()
    for a in mine:
        for m in board.neighbours[a]:
            for c in board.neighbours.get(m, ()):
                if c not in mine or c <= a or c in board.neighbours[a] or c == a:
                    continue
                between = tuple(x for x in board.between(a, c) if x in hexes)  # never an Entry Area
                if len(between) == 1:
                    x = between[0]
                    if x not in enemy and route_ok(a, x, c):
                        hex_bonds.add(x)
                elif len(between) == 2:
                    if any(x not in enemy and route_ok(a, x, c) for x in between):
                        side_bonds.add(frozenset(between))
    edge = set()
    for area, owner in scenario_facts(ctx).areas.items():
        if owner == side:
            edge |= set(board.neighbours.get(area, ()))
    for a in mine - edge:
        near = [n for n in board.neighbours[a] if n in edge]
        for b1 in near:
            for b2 in near:
                if b1 < b2 and b2 in board.neighbours[b1]:
                    if any(x not in enemy and route_ok(a, x, None) for x in (b1, b2)):
                        side_bonds.add(frozenset((b1, b2)))
    return hex_bonds, side_bonds


def _mask_bonds(ctx, state, side: str) -> tuple[set[str], set[frozenset[str]]]:
    got = bonds.bonds(ctx, state, side)
    hexes = set(locations(ctx, got.hexes))
    pairs = set()
    for (a, b), d in ctx.board.step_index.items():
        if a in ctx.game.map.hexes and b in ctx.game.map.hexes and got.crosses(ctx, a, b):
            pairs.add(frozenset((a, b)))
    return hexes, pairs


@pytest.mark.parametrize("seed", range(6))
def test_bonds_as_the_rules_give_them_pair_by_pair(s42, seed):
    ctx = _ctx(s42)
    state = _random_state(ctx, random.Random(seed))
    made = 0
    for side in s42.sides:
        want = naive_bonds(ctx, state, side)
        got = _mask_bonds(ctx, state, side)
        assert got[0] == want[0], f"Hex Bonds of {side}"
        assert got[1] == want[1], f"Hexside Bonds of {side}"
        made += len(want[0]) + len(want[1])
    assert made > 5  # the positions do make bonds


# --- supply --------------------------------------------------------------------------------------------------------

def naive_supply(ctx, state, side: str) -> dict[str, str]:
    """16.2-16.3 and 16.5.1 hex by hex: '' (a Line of Supply), 'oos' (only an Unlimited one), 'isolated'."""
    game, board = ctx.game, ctx.board
    hexes = game.map.hexes
    enemy_side = other(ctx, side)
    occupied = {side: set(), enemy_side: set()}
    for u, us in state.units.items():
        if us.loc in board.locations:
            occupied[game.units[u].side].add(us.loc)
    ez = set(locations(ctx, ezoc_bits(ctx, state, side))) - occupied[side]
    enemy_bonds = bonds.enemy_bonds(ctx, state, side)
    bond_hexes = set(locations(ctx, enemy_bonds.hexes))
    vp = {h for h, x in hexes.items() if x.settlement in ("major_city", "minor_city") or x.vp}
    enemy_cities = {h for h, s in state.control.items() if s != side and h in vp} - occupied[side]
    sources = set(locations(ctx, supply.sources(ctx, state, side)))
    areas = set(game.map.areas)
    playing = set(scenario_facts(ctx).areas) | {h for h, x in hexes.items() if x.section in scenario_facts(ctx).maps}

    def ok(h: str) -> bool:
        return h in playing and h not in occupied[enemy_side] and h not in bond_hexes and h not in enemy_cities

    def step_ok(a: str, b: str, road_only: bool = False) -> bool:
        if a in areas or b in areas:
            return True
        feats = board.hexside(a, b)
        road = bool(feats & {"primary_road", "secondary_road"})
        if road_only and not (road or "ferry" in feats):
            return False
        if feats & {"sea", "lake", "kerch_strait"}:
            return False
        if "alpine_side" in feats and not road:
            return False
        return not enemy_bonds.crosses(ctx, a, b)

    road: set[str] = set()
    todo = []
    for s in sources:
        starts = [s] if s in hexes else [n for n in board.neighbours.get(s, ()) if n in hexes and any(
            board.hexside(n, m) & {"primary_road", "secondary_road", "ferry"} for m in board.neighbours[n])]
        for h in starts:
            if ok(h) and h not in ez and h not in road:
                road.add(h)
                todo.append(h)
    while todo:
        h = todo.pop()
        for n in board.neighbours[h]:
            if n in hexes and n not in road and ok(n) and n not in ez and step_ok(h, n, road_only=True):
                road.add(n)
                todo.append(n)
    ends = set(road) | {h for h in hexes if ok(h) and any(n in road and step_ok(h, n, road_only=True)
                                                           for n in board.neighbours[h])}
    targets = {h for h in ends | sources if ok(h)}
    overland = int(game.weather[state.weather].extra.get("supply_overland") or 5)
    heavy = {h for h, x in hexes.items() if int(game.tec[x.terrain].extra.get("supply_hexes") or 1) > 1}

    def search(start: str, limit: float) -> bool:
        if start in targets:
            return True
        best = {(start, False): 0}
        queue = [(0, start, False)]
        while queue:
            cost, h, last = heapq.heappop(queue)
            if cost > best.get((h, last), 1e9):
                continue
            for n in board.neighbours.get(h, ()):
                if not ok(n) or not step_ok(h, n):
                    continue
                if n in areas and n not in sources:
                    continue
                road_step = bool(board.hexside(h, n) & {"primary_road", "secondary_road"})
                c = 2 if n in heavy and not road_step else 1
                now = n in ez
                if last and now:
                    continue
                total = cost + c
                if total > limit:
                    continue
                if n in targets:
                    return True
                if total < best.get((n, now), 1e9):
                    best[n, now] = total
                    heapq.heappush(queue, (total, n, now))
        return False

    out = {}
    for u, us in state.units.items():
        if us.loc in hexes and game.units[u].side == side:
            out[u] = "" if search(us.loc, overland) else "oos" if search(us.loc, 1e9) else "isolated"
    return out


@pytest.mark.parametrize("seed", range(5))
def test_supply_as_the_rules_give_it_hex_by_hex(s42, seed):
    from validator.rules.stalingrad42 import supply_phase
    ctx = _ctx(s42)
    state = _random_state(ctx, random.Random(100 + seed), n=90)
    seen = set()
    for side in s42.sides:
        want = naive_supply(ctx, state, side)
        got = {u: supply_phase.status(ctx, state, side, state.units[u].loc) for u in want}
        assert got == want, side
        seen |= set(want.values())
    assert len(seen) >= 2  # the positions do cut some units off


def test_a_bridge_does_not_stop_a_river_counting_for_bonds(s42):
    """7.6.1 speaks of Major River hexsides: a bridged one counts (a bridge is for movement)."""
    ctx = _ctx(s42)
    assert any(("major_river" in f) and ("road_bridge" in f) for f in ctx.board.features.values())
    from validator.rules.stalingrad42.terrain import crossings
    c = crossings(ctx)
    assert any(a & ~b for a, b in zip(c.major_all, c.major))  # bridged Major Rivers are in major_all only
    assert facts(ctx).stacking.corps == 2


@pytest.mark.parametrize("seed", range(3))
def test_zones_of_control_hex_by_hex(s42, seed):
    """6.1: a hex is in an enemy ZOC when an enemy Combat Unit with a ZOC (not under a Train marker, not in Full
    Retreat) is next to it across a hexside ZOCs cross (not the Volga, Sea, Lake; Alpine in Winter), never in or out
    of an Entry Area."""
    ctx = _ctx(s42)
    for turn in (2, 30):  # summer and the Russian Winter
        state = _random_state(ctx, random.Random(200 + seed), turn=turn)
        for side in s42.sides:
            projecting = {us.loc for u, us in state.units.items() if us.loc in s42.map.hexes
                          and s42.units[u].side != side and table(ctx)[u, us.face].combat and not us.train
                          and us.order != FULL_RETREAT}
            want = {n for h in projecting for n in ctx.board.neighbours[h]
                    if n in s42.map.hexes and not _barred(ctx, turn >= 28, h, n)}
            assert set(locations(ctx, ezoc_bits(ctx, state, side))) == want
