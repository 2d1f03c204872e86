"""Special units where they touch movement (20.4, 20.6-20.8) and the Entry Areas the Axis may exit through.

- 20.4: a Garrison (its unit type box blue: trait ``garrison``) may not leave its starting hex until an enemy
  Combat Unit moves within five hexes of it; then it is released for good (``state.released``: ``garrison:<unit>``).
- 20.6: in the Campaign Game and Fall Blau (``rules.toml hold``) the Soviet units that start south of Rostov (trait
  ``north_caucasus``, and the two Front HQs) may not move until an Axis Combat Unit crosses the Don between the Sea
  of Azov and Kalach (the chain of Major River hexsides from Azov to Kalach) or moves within five hexes of a
  Stalingrad City hex (``north_caucasus``); S1.2: the 66th Naval Rifle Brigade also from turn 5. A unit that has
  left its set-up hex is not held.
- 20.7: the Plan Blücher units (code Blü) leave Entry Area W only across the Kerch Strait (``entry``, ``sea``).
- 24.1.2, S1.2: the other side's Entry Areas the Axis may enter (:func:`exits`).
"""

from __future__ import annotations

from collections import deque
from operator import is_
from typing import Mapping, Sequence

from ...engine.bits import board_bits
from ...engine.context import Context, once, per_replay
from ...engine.paths import move_bits
from ...engine.state import evolve
from .data import facts, scenario_facts
from .state import State
from .units import table
from .zoc import step_out

NORTH_CAUCASUS = "north_caucasus"
GARRISON = "garrison"


def exits(ctx: Context, side: str) -> frozenset[str]:
    """The Entry Areas of the other side that ``side`` may enter (24.1.2, S1.2): the scenario's exits, for the side
    that does not own them."""
    sf = scenario_facts(ctx)
    return frozenset(a for a in sf.exits if sf.areas.get(a) not in (None, side))


def _setup(ctx: Context) -> dict[str, str]:
    return per_replay(ctx, "s42_setup_at", lambda c: {p.unit: p.location for p in c.scenario.setup})


def _groups(ctx: Context) -> Mapping[tuple[str, str], tuple[str, ...]]:
    """(unit, face) -> the held groups it belongs to (20.4, 20.6) in this scenario, for the units in one (made once
    per loaded game and scenario: asked at every move, about units that mostly belong to none)."""
    def make(c: Context) -> dict[tuple[str, str], tuple[str, ...]]:
        sf = scenario_facts(c)
        hqs = facts(c).release.north_caucasus_hqs
        out = {}
        for (uid, face), i in table(c).items():
            groups = tuple(g for g, on in ((GARRISON, GARRISON in i.tags),
                                           (NORTH_CAUCASUS, NORTH_CAUCASUS in i.tags or uid in hqs))
                           if on and g in sf.hold)
            if groups:
                out[uid, face] = groups
        return out
    return once(ctx, ("s42_held_groups", ctx.scenario_id), make)


def held(ctx: Context, state: State, uid: str) -> tuple[str, str] | None:
    """(rule, why) when a unit may not move yet (20.4, 20.6, S1.2), else None."""
    groups = _groups(ctx).get((uid, state.units[uid].face))
    if not groups or _setup(ctx).get(uid) != state.units[uid].loc:
        return None
    if GARRISON in groups and f"{GARRISON}:{uid}" not in state.released:
        return "20.4", "a Garrison stays in its starting hex until an enemy Combat Unit moves within five hexes of it"
    if NORTH_CAUCASUS in groups and NORTH_CAUCASUS not in state.released:
        until = scenario_facts(ctx).held_until.get(uid)
        if until is not None and state.turn >= until:
            return None
        return "20.6", ("the North Caucasus units are held until an Axis Combat Unit crosses the Don between the Sea "
                        "of Azov and Kalach or moves within five hexes of a Stalingrad City hex")
    return None


def don(ctx: Context) -> frozenset[tuple[str, str]]:
    """20.6: the Don between the Sea of Azov and Kalach: the shortest chain of Major River hexsides from a hexside of
    ``don_from`` to one of ``don_to`` (hexsides that meet at a corner follow each other), both orders."""
    return once(ctx, "s42_don", _don)  # (the map's alone: made once per loaded game)


def _don(ctx: Context) -> frozenset[tuple[str, str]]:
    board = ctx.board
    r = facts(ctx).release
    rivers = {tuple(sorted(k)) for k, f in board.features.items() if "major_river" in f}
    start = [h for h in rivers if r.don_from in h]
    goal = {h for h in rivers if r.don_to in h}
    prev: dict[tuple, tuple | None] = {h: None for h in start}
    queue = deque(start)
    end = None
    while queue:
        h = queue.popleft()
        if h in goal:
            end = h
            break
        a, b = h
        for x, y in ((a, b), (b, a)):
            for n in board.neighbours[x]:
                if n != y and board.adjacent(n, y) and tuple(sorted((x, n))) in rivers:
                    nxt = tuple(sorted((x, n)))
                    if nxt not in prev:
                        prev[nxt] = h
                        queue.append(nxt)
    out: set[tuple[str, str]] = set()
    while end is not None:
        out |= {end, (end[1], end[0])}
        end = prev[end]
    return frozenset(out)


def near(ctx: Context, hid: str, radius: int) -> int:
    """The hexes within ``radius`` hexes of ``hid`` (plain distance), as bits (remembered)."""
    memo = ctx.tables.setdefault("s42_near", {})  # (the map's alone: kept for every replay of the game)
    out = memo.get((hid, radius))
    if out is None:
        b = board_bits(ctx)
        grid = move_bits(ctx).hexes
        out = ring = b.bit[hid]
        every = (b.grid,) * 6
        for _ in range(radius):
            ring = step_out(ctx, ring, every) & grid & ~out  # type: ignore[arg-type]
            out |= ring
        memo[hid, radius] = out
    return out


def after_move(ctx: Context, state: State, uid: str, path: Sequence[str]) -> State:
    """A unit entered ``path``: held units it releases (20.4, 20.6)."""
    sf = scenario_facts(ctx)
    if not sf.hold:
        return state
    i = table(ctx)[uid, state.units[uid].face]
    if not i.combat:
        return state
    bit = move_bits(ctx).bit
    where = 0
    for h in path:
        where |= bit.get(h, 0)
    r = facts(ctx).release
    new = set()
    if GARRISON in sf.hold and where & _garrison_zone(ctx, state, i.side):
        for g, key in _garrisons(ctx):
            loc = state.units[g].loc
            if loc in ctx.game.map.hexes and ctx.game.units[g].side != i.side and \
                    key not in state.released and where & near(ctx, loc, r.garrison_hexes):
                new.add(key)
    if NORTH_CAUCASUS in sf.hold and NORTH_CAUCASUS not in state.released and \
            _releases_caucasus(ctx, state, uid, path, where):
        new.add(NORTH_CAUCASUS)
    return evolve(state, released=state.released | new) if new else state


def _near_stalingrad(ctx: Context) -> int:
    """20.6: the hexes within five hexes of a Stalingrad hex, as bits (made once per replay)."""
    def make(c: Context) -> int:
        r = facts(c).release
        out = 0
        for s in r.stalingrad:
            out |= near(c, s, r.north_caucasus_hexes)
        return out
    return per_replay(ctx, "s42_near_stalingrad", make)


def _garrisons(ctx: Context) -> tuple[tuple[str, str], ...]:
    """(unit, its release key) of every Garrison unit."""
    return per_replay(ctx, "s42_garrisons", lambda c: tuple(
        (u, f"{GARRISON}:{u}") for u in c.game.units if GARRISON in table(c)[u, "front"].tags))


def _enemy_garrisons(ctx: Context, side: str) -> tuple[tuple[str, str], ...]:
    """:func:`_garrisons` of the sides other than ``side`` (made once per replay: asked at every move)."""
    return per_replay(ctx, ("s42_enemy_garrisons", side), lambda c: tuple(
        (g, key) for g, key in _garrisons(c) if c.game.units[g].side != side))


def _garrison_zone(ctx: Context, state: State, mover_side: str) -> int:
    """The hexes within five hexes of an unreleased Garrison of the other side (20.4), remembered per set of releases
    and Garrison locations. Asked at every move: the last answer per side is kept with the Garrisons' unit states
    and the releases it was made for, and given again while they are the same objects (a campaign's Garrisons stay
    put and unreleased for long stretches: no location is looked up then)."""
    enemy = _enemy_garrisons(ctx, mover_side)
    if not enemy:
        return 0
    units = state.units
    states = tuple(map(units.__getitem__, _garrison_ids(ctx, mover_side)))
    last = ctx.derived.setdefault("s42_garrison_last", {}).get(mover_side)
    if last is not None and last[1] is state.released and all(map(is_, states, last[0])):
        return last[2]
    r = facts(ctx).release
    spots = tuple((us.loc, key) for us, (_, key) in zip(states, enemy))
    memo = ctx.derived.setdefault("s42_garrison_zone", {})
    key = (mover_side, spots, state.released)
    out = memo.get(key)
    if out is None:
        out = 0
        for loc, k in spots:
            if loc in ctx.game.map.hexes and k not in state.released:
                out |= near(ctx, loc, r.garrison_hexes)
        if len(memo) > 32:
            memo.clear()
        memo[key] = out
    ctx.derived["s42_garrison_last"][mover_side] = (states, state.released, out)
    return out


def _garrison_ids(ctx: Context, side: str) -> tuple[str, ...]:
    """The units of :func:`_enemy_garrisons` (made once per replay)."""
    return per_replay(ctx, ("s42_enemy_garrison_ids", side), lambda c: tuple(g for g, _ in _enemy_garrisons(c, side)))


def _held_side(ctx: Context) -> str:
    """20.6: the side of the held North Caucasus units ("" when the game has none; made once per loaded game: asked
    at every move)."""
    return once(ctx, "s42_held_side", lambda c: next(
        (c.game.units[u].side for u in facts(c).release.north_caucasus_hqs), ""))


def _don_banks(ctx: Context) -> int:
    """The hexes on either side of the Don's hexsides of :func:`don`, as bits: a move that enters none of them
    crossed no step of it."""
    def make(c: Context) -> int:
        bit = move_bits(c).bit
        out = 0
        for a, b in don(c):
            out |= bit.get(a, 0) | bit.get(b, 0)
        return out
    return once(ctx, "s42_don_banks", make)


def _releases_caucasus(ctx: Context, state: State, uid: str, path: Sequence[str], where: int) -> bool:
    """20.6: the mover is an enemy of the held units and crossed the Don, or came within five hexes of Stalingrad."""
    if ctx.game.units[uid].side == _held_side(ctx):
        return False
    if where & _near_stalingrad(ctx):
        return True
    if not where & _don_banks(ctx):  # every step of the Don's line enters a hex on its banks (one of ``path``)
        return False
    line = don(ctx)
    moved = state.moved.get(uid)
    if moved is not None and moved.path[-len(path):] == tuple(path):  # a move: its record holds this line's path
        trail = (moved.start,) + tuple(moved.path)  # (a continued move's line begins where the last one ended)
    else:
        trail = tuple(path)
    return any((a, b) in line for a, b in zip(trail, trail[1:]))
