"""Supply sources and Lines of Supply (16.2-16.3), Connecting Rail Hexes (17.4) and repaired rail (17.1), for a whole
side at once over bit masks (the engine's ``board_bits``).

- 16.2: Supply Sources are the friendly Entry Areas in play (not the Caspian Sea Transit Box; not Entry Area K in
  Winter, 23.4) and the Ports on a sea the side controls: the Black Sea is Soviet (``water.toml``); the Sea of Azov
  belongs to the side that controls Temryuk and traces a Line of Supply to it (16.2.4); Taman is a source for the
  Axis when Axis controlled, never for the Soviets (16.2.5). A Port holding an enemy unit, or an enemy-controlled
  City or VP Port, is no source.
- 16.3.1-16.3.2: a Line of Supply runs from the unit's hex overland at most five hexes (three in Rain and Mud:
  ``weather.csv supply_overland``; Mountain and Marsh hexes entered off-road count two: TEC ``supply_hexes``) to a
  road connected to a source, or straight into a friendly Entry Area or a source Port; it never crosses an
  impassable hexside (Sea, unfrozen Lake, Alpine in Winter), a non-road Alpine hexside, an enemy Hexside Bond; never
  enters an enemy-occupied hex, an enemy Hex Bond, a vacant enemy-controlled City or VP hex (16.3.4); never enters
  two hexes in a row that are in an EZOC without a friendly unit. Decision: the Volga and other rivers do not stop
  it (16.3.2 lets it traverse all other terrain); entering an Entry Area counts one hex.
- 16.3.3: the road portion, of any length, follows roads (Ferries join roads) and never enters an enemy-occupied
  hex, an EZOC without a friendly unit, or a vacant enemy-controlled City or VP hex.
- 16.5.1: an **Unlimited** Line of Supply has an overland portion of any length (Isolation, 16.5).
- 17.4: a Connecting Rail Hex is a rail hex joined by rail hexes, free of enemy Combat Units and of EZOCs without a
  friendly unit, to a Supply Source (a rail hex next to a friendly Entry Area in play, or a source Port); for the
  Axis every hex of the line repaired (17.1); 17.5, 5.6.6: unfinished and historical railroads are no rail.
- 17.1: the Axis rail is repaired where the scenario says (S4.1), where the Railheads have passed (``railheads``),
  and on the unhighlighted rail lines both of whose ends are repaired; a dead-end line is never repaired.
"""

from __future__ import annotations

from operator import is_
from typing import Any, Callable

from ...engine.bits import Steps, board_bits, spread
from ...engine.context import Context, once
from ...engine.paths import move_bits
from .board import in_play
from .bonds import enemy_bonds
from .data import facts, scenario_facts
from .state import State
from .terrain import crossings, minus, situation, terrain_of, union
from .zoc import ezoc_bits, locations, other, sides, winter

CITY = ("major_city", "minor_city")


def _shift(m: int, s: int) -> int:
    return m << s if s > 0 else m >> -s


class Net:
    """One side's supply in one position: its sources, road portion and Lines of Supply, and (each worked out when
    first asked for: most nets are asked only whether a hex traces a LOS) its Unlimited LOS and Connecting Rail
    Hexes."""

    __slots__ = ("sources", "road", "supplied", "_unlimited", "_rail", "_reached")

    def __init__(self, sources: int, road: int, supplied: int, unlimited: Callable[[int], int | None],
                 rail: Callable[[], int]):
        self.sources = sources  # Supply Source locations (areas and Port hexes)
        self.road = road  # hexes the road portion reaches from a source (16.3.3)
        self.supplied = supplied  # locations that trace a Line of Supply (16.3)
        self._unlimited: int | Callable[[int], int | None] = unlimited
        self._rail: int | Callable[[], int] = rail
        self._reached = 0  # locations a stopped flood reached (:meth:`unlimited_of`)

    @property
    def unlimited(self) -> int:
        """Locations that trace an Unlimited Line of Supply (16.5.1)."""
        if not isinstance(self._unlimited, int):
            self._unlimited = self._unlimited(0)  # type: ignore[assignment]
        return self._unlimited  # type: ignore[return-value]

    def unlimited_of(self, m: int) -> int:
        """The locations of ``m`` that trace an Unlimited Line of Supply (16.5.1): :attr:`unlimited` ``& m``, but the
        flood stops once it has reached every one of them (the Supply Phase asks about the few unsupplied locations
        of its units, mostly a few rings out: the whole board is flooded only when one of them is cut off)."""
        if not m or not m ^ (m & self._reached):
            return m
        if not isinstance(self._unlimited, int):
            out = self._unlimited(m)
            if out is None:  # every one reached
                self._reached = m
                return m
            self._unlimited = out
        return self._unlimited & m

    @property
    def rail(self) -> int:
        """Connecting Rail Hexes (17.4)."""
        if not isinstance(self._rail, int):
            self._rail = self._rail()
        return self._rail


def _static(ctx: Context) -> dict:
    return once(ctx, "s42_supply_static", _make_static)  # the map's alone: made once per loaded game


def _make_static(ctx: Context) -> dict:
    """Masks of the map that never change: heavy hexes (16.3.2), cities and VP hexes (16.3.4), ports by sea, rail
    hexes, areas, the hexes of each area's edge, road hexes, road and ferry steps."""
    game, board = ctx.game, ctx.board
    mb = move_bits(ctx)
    bit = mb.bit
    hexes = game.map.hexes
    out: dict = {"heavy_wet": 0, "heavy_dry": 0, "city_vp": 0, "rail": 0, "areas": 0, "ports": {}, "road_hexes": 0}
    for hid, h in hexes.items():
        b = bit[hid]
        t = game.tec[h.terrain]
        wet = game.tec.get(str(t.extra.get("becomes") or h.terrain)) if t.applies_to == "hex" else t
        if int(t.extra.get("supply_hexes") or 1) > 1:
            out["heavy_dry"] |= b
        if wet is not None and int(wet.extra.get("supply_hexes") or 1) > 1:
            out["heavy_wet"] |= b
        if h.settlement in CITY or h.vp:
            out["city_vp"] |= b
        if "rail" in h.features:
            out["rail"] |= b
        if "port" in h.features:
            for sea in h.coasts:
                out["ports"][sea] = out["ports"].get(sea, 0) | b
    for a in game.map.areas:
        out["areas"] |= bit.get(a, 0)
    # every bit a location may have: ``all ^ m`` is ``~m`` within the board, a positive integer (``&`` with a negative
    # board-sized integer is three times as slow)
    out["all"] = (1 << max(b.bit_length() for b in board_bits(ctx).bit.values())) - 1
    c = crossings(ctx)
    road = list(c.road)
    for (a, b), feats in board.features.items():
        if "ferry" in feats and (a, b) in board.step_index:
            road[board.step_index[a, b]] |= bit[a]
    out["road_steps"] = tuple(road)
    for d, s in enumerate(board_bits(ctx).shifts):
        out["road_hexes"] |= road[d] | _shift(road[d], s)
    return out


def heavy(ctx: Context, state: State) -> int:
    st = _static(ctx)
    return st["heavy_wet"] if situation(ctx, state).wet else st["heavy_dry"]


def sources(ctx: Context, state: State, side: str, with_azov: bool = True) -> int:
    """16.2: the side's Supply Sources now, as bits."""
    bit = move_bits(ctx).bit
    sf = scenario_facts(ctx)
    f = facts(ctx)
    playing = in_play(ctx)
    out = 0
    for area, owner in sf.areas.items():  # the Transit Box too: next to no hex, it supplies its own units (22.6.4)
        if owner == side and area in playing and not (area == f.entry.winter_closed and winter(ctx, state)):
            out |= bit[area]
    st = _static(ctx)
    enemy = sides(ctx, state, other(ctx, side)).units
    for sea_id, ports in st["ports"].items():
        sea = ctx.game.map.seas[sea_id]
        if sea_id == f.sea.azov:
            if not with_azov or not controls_azov(ctx, state, side):
                continue
        elif side not in sea.supply_sides:
            continue
        out |= ports
    taman = bit[f.sea.taman]
    out &= ~taman
    if state.control.get(f.sea.taman) == side and side != f.volga_side:
        out |= taman  # 16.2.5: a source for the Axis when Axis controlled, never for the Soviets
    out ^= out & (enemy | _enemy_cities(ctx, state, side))  # (``&= ~``: without negative board-sized integers)
    return out & _playing(ctx)


def _playing(ctx: Context) -> int:
    def make(c: Context) -> int:
        bit = move_bits(c).bit
        m = 0
        for loc in in_play(c):
            m |= bit.get(loc, 0)
        return m
    return once(ctx, ("s42_playing_bits", ctx.scenario_id), make)  # the scenario's maps: once per loaded game


def _enemy_cities(ctx: Context, state: State, side: str) -> int:
    """16.3.4: City and VP hexes the enemy controls (a LOS never enters them while vacant); remembered per side while
    the control of hexes stays the same (a net asks two or three times)."""
    memo = ctx.derived.setdefault("s42_enemy_cities", {})
    hit = memo.get(side)
    if hit is not None and hit[0] is state.control:
        return hit[1]
    bit = move_bits(ctx).bit
    out = 0
    for h, owner in state.control.items():
        if owner != side and h in bit:
            out |= bit[h]
    out &= _static(ctx)["city_vp"]
    memo[side] = (state.control, out)
    return out


def controls_azov(ctx: Context, state: State, side: str) -> bool:
    """16.2.4: ``side`` controls the Sea of Azov (:func:`azov_controller`; no Line of Supply is traced for a side that
    does not control Temryuk)."""
    return state.control.get(facts(ctx).sea.temryuk) == side and azov_controller(ctx, state) == side


def azov_controller(ctx: Context, state: State) -> str | None:
    """16.2.4: the side that controls Temryuk and traces a Line of Supply to it controls the Sea of Azov. The trace
    (no Unlimited LOS, no rail) is worked out only when what decides it changed: a LOS into Temryuk runs through the
    locations at most its overland length plus one step from it (:func:`_near`), so the same sources, road ends,
    enterable locations, EZOCs and open steps there give the same answer (most moves are far from Temryuk)."""
    f = facts(ctx)
    side = state.control.get(f.sea.temryuk)
    if side is None:
        return None
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    memo = ctx.derived.setdefault("s42_azov", {})
    key = (side, state.weather, state.wet, state.turn)
    hit = memo.get(key)
    if hit is None or hit[0] is not mine or hit[1] is not theirs or hit[2] is not state.control:
        src = sources(ctx, state, side, with_azov=False)
        blocks = _blocks(ctx, state, side)
        _, ez, open_, _ = blocks
        # its road portion flooded on from the last one of this test (the net's, with the Sea of Azov's ports among its
        # sources, never holds for it)
        road, targets, ok = _road_portion(ctx, side, src, blocks, "road without the Azov", 0)
        ctx.derived.setdefault("s42_road_hint", {})[side] = (blocks, src, road)  # the net's flood goes on from it
        temryuk = move_bits(ctx).bit[f.sea.temryuk]
        near = _near(ctx, temryuk, _overland_hexes(ctx, state))
        seen = (src & near, targets & near, ok & near, ez & near, tuple(o & near for o in open_))
        last = memo.get(("window", key))
        if last is not None and last[0] == seen:
            traced = last[1]
        else:
            traced = _overland(ctx, state, src, targets, ok, ez, open_, near) & temryuk != 0
            memo["window", key] = (seen, traced)
        hit = memo[key] = (mine, theirs, state.control, traced)
        if len(memo) > 16:
            del memo[next(iter(memo))]
    return side if hit[3] else None


def _near(ctx: Context, here: int, overland: int) -> int:
    """The locations at most ``overland`` + 1 steps from ``here`` (the board's steps, areas included, whatever blocks
    them): every location a Line of Supply into ``here`` may run through (remembered per location and length)."""
    memo = ctx.derived.setdefault("s42_near", {})
    out = memo.get((here, overland))
    if out is None:
        b = board_bits(ctx)
        out = here
        for _ in range(overland + 1):
            out |= spread(b, out)
        memo[here, overland] = out
    return out


def net(ctx: Context, state: State, side: str) -> Net:
    """The side's supply now (remembered while both sides' masks, the control of hexes, the repaired rail, the turn's
    rail and the weather stay the same)."""
    known = _recall(ctx, "s42_net", state, side)
    return known if known is not None else _keep(ctx, "s42_net", state, side, _net(ctx, state, side))


def _known_net(ctx: Context, state: State, side: str) -> Net | None:
    """The side's net when it is remembered for this state (:func:`net`), else None."""
    return _recall(ctx, "s42_net", state, side)


def _state_of(ctx: Context, state: State, side: str) -> tuple[tuple, tuple]:
    """(the key, what the answer depends on) of a side's supply answer kept by :func:`_keep`: per side, weather and
    turn, while both sides' masks, the control of hexes and the repaired rail stay the same objects."""
    return ((side, state.weather, state.wet, state.turn),
            (sides(ctx, state, side), sides(ctx, state, other(ctx, side)), state.control, state.markers.repaired))


def _recall(ctx: Context, name: str, state: State, side: str) -> Any:
    """What :func:`_keep` kept under ``name`` for this state and side, else None."""
    key, deps = _state_of(ctx, state, side)
    hit = ctx.derived.get(name, {}).get(key)
    if hit is not None and all(map(is_, hit[0], deps)):
        return hit[1]
    return None


def _keep(ctx: Context, name: str, state: State, side: str, value: Any) -> Any:
    """``value`` kept under ``name`` for this state and side (the last few per name), and returned."""
    key, deps = _state_of(ctx, state, side)
    memo = ctx.derived.setdefault(name, {})
    if len(memo) > 8:
        del memo[next(iter(memo))]
    memo[key] = (deps, value)
    return value


def _blocks(ctx: Context, state: State, side: str) -> tuple[int, int, Steps, Steps]:
    """(hexes a LOS never enters, EZOC hexes without a friendly unit, steps it never takes overland, steps of the
    road portion). Remembered while both sides' masks, the control of hexes and the season stay the same (the same
    object then: :func:`_lines` goes on from what it found with it)."""
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    is_winter = winter(ctx, state)
    memo = ctx.derived.setdefault("s42_blocks", {})
    hit = memo.get((side, is_winter))
    if hit is not None and hit[0] is mine and hit[1] is theirs and hit[2] is state.control:
        return hit[3]
    bonds = enemy_bonds(ctx, state, side)
    playing = _playing(ctx)
    st = _static(ctx)
    cities = _enemy_cities(ctx, state, side)
    never = (theirs.units | bonds.hexes | (cities ^ (cities & mine.units)) | (st["all"] ^ playing)) & \
        (board_bits(ctx).grid | st["areas"])
    ez = ezoc_bits(ctx, state, side)
    ez ^= ez & mine.units
    c = crossings(ctx)
    shut = minus(union(c.no_zoc, c.alpine_offroad), c.volga_all)  # decision: the Volga does not stop a LOS
    shut = union(shut, bonds.closed)
    if is_winter:
        shut = union(minus(shut, c.lake_freezes), c.alpine)
    grid = board_bits(ctx).grid
    open_ = tuple(grid ^ (grid & x) for x in shut)
    road = tuple(r & o for r, o in zip(_static(ctx)["road_steps"], open_))
    out = (never, ez, open_, road)
    memo[side, is_winter] = (mine, theirs, state.control, out)
    return out  # type: ignore[return-value]


_AREAS: dict[int, tuple] = {}  # id(areas) -> (areas, the lowest area bit's place, place above it -> hexes around)


def _into_areas(b, x: int) -> int:
    """The hexes next to the areas of ``x`` (their step into the area). The area bits are read from ``x`` shifted down
    to them (a small integer), not tested area by area against the whole board's integer."""
    if not x:
        return 0
    hit = _AREAS.get(id(b.areas))
    if hit is None or hit[0] is not b.areas:
        base = min(area.bit_length() for area, _ in b.areas) - 1 if b.areas else 0
        around = {}
        for area, near in b.areas:
            k = area.bit_length() - 1 - base
            around[k] = around.get(k, 0) | near
        if len(_AREAS) >= 8:
            _AREAS.clear()
        hit = _AREAS[id(b.areas)] = (b.areas, base, around)
    around = hit[2]
    y = x >> hit[1]
    out = k = 0
    while y:
        if y & 1:
            out |= around.get(k, 0)
        y >>= 1
        k += 1
    return out


def _back(b) -> tuple[tuple[int, int], ...]:
    """Per direction d, (left, right): ``x << left >> right`` are the cells whose step in direction d leads into a
    cell of x (one of the two is 0; no call per shift in the loops of a net)."""
    return tuple((-s, 0) if s < 0 else (0, s) for s in b.shifts)


def _follow(b, start: int, steps: Steps, within: int) -> int:
    """The cells of ``within`` reached from ``start`` by the steps ``steps`` allows (a road, a railroad)."""
    along = tuple(zip(b.shifts, steps))
    reach = ring = start
    while ring:
        nxt = 0
        for s, allow in along:
            x = ring & allow
            nxt |= x << s if s > 0 else x >> -s
        ring = nxt & within
        ring ^= ring & reach
        reach |= ring
    return reach


def _follow_on(ctx: Context, key: tuple, b, start: int, steps: Steps, within: int, reached: int = 0) -> int:
    """:func:`_follow`, going on from the last flood of the same kind (``key``: the road portion or the rail of a
    side) when it still holds: every source it started from is still one, every cell it reached may still be entered,
    and no step it could take out of a reached cell is closed now. Each cell it reached is then reached again the
    same way, so the new flood is the one from the sources and those cells (a net is made after a few units moved:
    most of a long road is not flooded ring by ring again). ``reached``: cells known to be reached from ``start``."""
    memo = ctx.derived.setdefault("s42_floods", {})
    last = memo.get(key)
    more = 0
    if last is not None:
        s0, steps0, reach0 = last
        if s0 & start == s0 and reach0 & within == reach0 and (steps0 is steps or not any(
                (x & reach0) ^ (x & reach0 & y) for x, y in zip(steps0, steps))):
            more = reach0
    out = _follow(b, start | reached | more, steps, within)
    memo[key] = (start, steps, out)
    return out


def _net(ctx: Context, state: State, side: str) -> Net:
    """The side's Supply Sources (16.2) and Lines of Supply (16.3) now; its Unlimited LOS (16.5.1) and Connecting
    Rail Hexes (17.4) when first asked for."""
    src = sources(ctx, state, side)
    road, supplied, targets, ok, ez, open_ = _lines(ctx, state, side, src)
    b = board_bits(ctx)
    # both with the same state and masks as the net's (a net is remembered by them)
    def unlimited(stop: int) -> int | None:
        out = _flood(b, targets, ok & b.grid, ez, open_, _static(ctx), stop ^ (stop & supplied))
        return None if out is None else out | supplied
    return Net(src, road, supplied, unlimited, lambda: _rail(ctx, state, side, src))


def _lines(ctx: Context, state: State, side: str, src: int) -> tuple[int, int, int, int, int, Steps]:
    """16.3 from the sources ``src``: (the road portion's hexes, the locations that trace a Line of Supply, the hexes
    where its overland portion may end, the locations a LOS may enter, the EZOC hexes without a friendly unit, the
    steps it may take overland)."""
    blocks = _blocks(ctx, state, side)
    _, ez, open_, _ = blocks
    # the last answer for the same blocks: the same when the sources are; with more sources, the road portion goes on
    # from the last one's
    key = (side, state.weather, state.wet, state.turn)
    memo = ctx.derived.setdefault("s42_lines", {})
    prior = memo.get(key)
    if prior is not None and prior[0] is not blocks:
        prior = None
    if prior is not None and prior[1] == src:
        return prior[2]
    old = prior[2][0] if prior is not None and prior[1] & src == prior[1] else 0  # (reached from fewer sources)
    hint = ctx.derived.get("s42_road_hint", {}).get(side)  # the Sea of Azov's test's, without its ports (16.2.4)
    if not old and hint is not None and hint[0] is blocks and hint[1] & src == hint[1]:
        old = hint[2]
    road, targets, ok = _road_portion(ctx, side, src, blocks, "road", old)
    supplied = _overland(ctx, state, src, targets, ok, ez, open_)
    out = (road, supplied, targets, ok, ez, open_)
    if len(memo) > 8:
        del memo[next(iter(memo))]
    memo[key] = (blocks, src, out)
    return out


def _road_portion(ctx: Context, side: str, src: int, blocks: tuple[int, int, Steps, Steps], flood: str, old: int
                  ) -> tuple[int, int, int]:
    """16.3.3 from the sources ``src`` with the side's blocks (:func:`_blocks`): (the road portion's hexes, the hexes
    where the overland portion may end, the locations a LOS may enter). ``flood``: which of the side's last road floods
    this one goes on from; ``old``: hexes known to be reached."""
    b = board_bits(ctx)
    grid = b.grid
    never, ez, _, road_steps = blocks
    st = _static(ctx)
    ok = st["all"] ^ never  # (``~never`` within the board: every mask below is)
    # 16.3.3: the road portion, from the sources along roads, never into an EZOC without a friend
    road_ok = ok & grid
    road_ok ^= road_ok & ez
    start = (src & grid | _into_areas(b, src & st["areas"]) & st["road_hexes"]) & road_ok
    road = _follow_on(ctx, (flood, side), b, start, road_steps, road_ok, old)
    # the hexes where the overland portion may end: the road, a road hex a road step leads from into it, a source
    ends = road
    for (left, right), allow in zip(_back(b), road_steps):
        ends |= (road << left >> right) & allow & ok
    return road, (ends | src) & ok, ok


def _overland_hexes(ctx: Context, state: State) -> int:
    """16.3.1: the overland portion's length in the weather (``weather.csv supply_overland``)."""
    return int(ctx.game.weather[state.weather].extra.get("supply_overland") or 5)


def _overland(ctx: Context, state: State, src: int, targets: int, ok: int, ez: int, open_: Steps, near: int = 0
              ) -> int:
    """16.3.1-16.3.2: the locations that trace a Line of Supply overland to ``targets`` (or are sources). ``near``:
    only for the location whose window (:func:`_near`) it is: every mask is cut to the window (shifted down to its
    lowest bit when it holds no Entry Area, for short integers), and the answer holds for that location alone."""
    b = board_bits(ctx)
    grid = b.grid
    st = _static(ctx)
    every = st["all"]
    hv = heavy(ctx, state)
    areas = st["areas"]
    road_steps = st["road_steps"]
    low = 0
    if near:
        low = (near & -near).bit_length() - 1 if not near & areas else 0

        def cut(x: int) -> int:
            return (x & near) >> low
        src, targets, ok, ez, grid, every, hv, areas = (cut(x) for x in (src, targets, ok, ez, grid, near, hv, areas))
        open_ = tuple(cut(x) for x in open_)
        road_steps = tuple(cut(x) for x in road_steps)
    overland = _overland_hexes(ctx, state)
    # per direction: its shifts back, the open steps, the open road steps, the open steps off-road
    ways = [(left, right, o, r & o, o ^ (r & o)) for (left, right), o, r in zip(_back(b), open_, road_steps)]
    not_ez = every ^ ez
    not_hv = every ^ hv
    levels = [targets]
    for k in range(1, overland + 1):
        one, two = levels[k - 1], levels[k - 2] if k >= 2 else 0
        # 16.3.2: a light hex is entered by any open step, a heavy one for one hex along a road, else for two
        light, heavy1, heavy2 = one & not_hv, one & hv, two & hv
        light_e, heavy1_e, heavy2_e = light & not_ez, heavy1 & not_ez, heavy2 & not_ez
        reach_n = reach_e = 0
        for left, right, o, r, off in ways:
            if light:
                reach_n |= (light << left >> right) & o
                reach_e |= (light_e << left >> right) & o
            if heavy1:
                reach_n |= (heavy1 << left >> right) & r
                reach_e |= (heavy1_e << left >> right) & r
            if heavy2:
                reach_n |= (heavy2 << left >> right) & off
                reach_e |= (heavy2_e << left >> right) & off
        into = _into_areas(b, one & areas)
        levels.append(one | ((reach_n | into) & not_ez | (reach_e | into) & ez) & ok & grid)
    hexes = levels[-1]
    last = levels[-2] if len(levels) > 1 else 0
    before = levels[-3] if len(levels) > 2 else 0
    supplied = targets | src
    light, heavy1, heavy2 = last & not_hv, last & hv, before & hv
    for left, right, o, r, off in ways:
        supplied |= (light << left >> right) & o | (heavy1 << left >> right) & r | (heavy2 << left >> right) & off
    supplied |= hexes | _into_areas(b, last & areas)
    return supplied << low


def _flood(b, targets: int, ok: int, ez: int, open_: Steps, st: dict, stop: int = 0) -> int | None:
    """16.5.1: the hexes with an Unlimited LOS: the overland rules without a length. With ``stop``: None as soon as
    the flood has reached every location of it (all of them trace one), the whole flood otherwise."""
    ways = tuple(zip(_back(b), open_))
    areas = st["areas"]
    not_ez = st["all"] ^ ez
    reach = targets
    ring = targets
    while ring:
        n_ = 0
        for (left, right), o in ways:
            n_ |= (ring << left >> right) & o
        free = ring & not_ez
        if free == ring:  # no hex of the ring in an EZOC: every step out of it is the same either way
            e_ = n_
        else:
            e_ = 0
            for (left, right), o in ways:
                e_ |= (free << left >> right) & o
        into = _into_areas(b, ring & areas)
        new = ((n_ | into) & not_ez | e_ & ez) & ok
        new ^= new & reach
        # a hex in an EZOC reached before only through an EZOC may be reached again through a free hex
        ring = new
        reach |= new
        if stop and stop & reach == stop:
            return None
    out = reach
    for (left, right), o in ways:
        out |= (reach << left >> right) & o
    return out


# --- rail (17.1, 17.4) ---------------------------------------------------------------------------------------------

def all_rail_hexes(ctx: Context) -> int:
    """Every rail hex in play, usable or not (to name the rule a rail route breaks)."""
    return _static(ctx)["rail"] & _playing(ctx)


def rail_hexes(ctx: Context, state: State, side: str) -> int:
    """The rail hexes ``side`` may use now: never the historical lines (5.6.6), unfinished ones only from their turn
    (17.5), for the Axis only repaired ones (17.1)."""
    f = facts(ctx)
    out = all_rail_hexes(ctx) & ~_lines_off(ctx, frozenset(f.rail.never) | frozenset(
        h for h, turn in f.rail.unfinished.items() if state.turn < turn))
    if side != f.volga_side:
        out &= repaired(ctx, state)
    return out


def _lines_off(ctx: Context, off: frozenset[str]) -> int:
    """The hexes of the rail lines not in use (``off``: the hexes of their regions), as bits; a hex where such a line
    meets a line in use (Saratov, Ilovlya, Gudermes: a railroad hexside to a rail hex outside ``off``) stays a rail
    hex of the line in use: 17.5 ignores the line, not the town it leaves from. (Remembered per set of hexes.)"""
    memo = ctx.derived.setdefault("s42_lines_off", {})
    hit = memo.get(off)
    if hit is None:
        bit = move_bits(ctx).bit
        board = ctx.board
        rail = {h for h, x in ctx.game.map.hexes.items() if "rail" in x.features}
        hit = 0
        for h in off:
            if not any(n in rail and n not in off and "railroad" in board.hexside(h, n)
                       for n in board.neighbours.get(h, ())):
                hit |= bit.get(h, 0)
        memo[off] = hit
    return hit


def repaired(ctx: Context, state: State) -> int:
    """17.1: the Axis's repaired rail hexes (remembered per set of hexes the Railheads repaired)."""
    key = "s42_repaired"
    hit = ctx.derived.get(key)
    if hit is not None and hit[0] is state.markers.repaired:
        return hit[1]
    out = _repaired(ctx, state.markers.repaired)
    ctx.derived[key] = (state.markers.repaired, out)
    return out


def _repaired(ctx: Context, done: frozenset[str]) -> int:
    """17.1: the scenario's repaired rail, the green hexes the Railheads entered, and the unhighlighted lines all of
    whose ends are repaired (never a dead end)."""
    game = ctx.game
    bit = move_bits(ctx).bit
    st = _static(ctx)
    sf = scenario_facts(ctx)
    green = {h for h, x in game.map.hexes.items() if "repair" in x.features}
    rail = {h for h, x in game.map.hexes.items() if "rail" in x.features}
    fixed = {h for h in rail if h in sf.repaired} | (set(done) & rail)
    ok = set(fixed)
    board = ctx.board

    def rail_next(h: str) -> list[str]:
        return [n for n in board.neighbours[h] if n in rail and "railroad" in board.hexside(h, n)]

    loose = rail - green - fixed
    seen: set[str] = set()
    for h in sorted(loose):
        if h in seen:
            continue
        part, todo, ends = {h}, [h], set()
        while todo:
            x = todo.pop()
            for n in rail_next(x):
                if n in loose and n not in part:
                    part.add(n)
                    todo.append(n)
                elif n not in loose:
                    ends.add(n)
        seen |= part
        if len(ends) >= 2 and ends <= fixed:
            ok |= part
    out = 0
    for h in ok:
        out |= bit[h]
    return out & st["rail"]


def _rail(ctx: Context, state: State, side: str, src: int) -> int:
    """17.4: the Connecting Rail Hexes of ``side``."""
    b = board_bits(ctx)
    st = _static(ctx)
    c = crossings(ctx)
    mine, theirs = sides(ctx, state, side), sides(ctx, state, other(ctx, side))
    usable = rail_hexes(ctx, state, side) & ~theirs.combat & ~(ezoc_bits(ctx, state, side) & ~mine.units)
    start = (src & b.grid | _into_areas(b, src & st["areas"])) & usable
    return _follow_on(ctx, ("rail", side), b, start, c.railroad, usable)


def connecting_rail(ctx: Context, state: State, side: str) -> int:
    """17.4: the side's Connecting Rail Hexes now: the net's when one is made for this state, else worked out alone
    (they need the sources, not the Lines of Supply; remembered as a net is). A Strategic Air range (9.3.5), a
    Railhead (17.3.2) and an HQ's replacements ask for them."""
    n = _known_net(ctx, state, side)
    if n is not None:
        return n.rail
    out = _recall(ctx, "s42_connecting_rail", state, side)
    if out is None:
        out = _keep(ctx, "s42_connecting_rail", state, side, _rail(ctx, state, side, sources(ctx, state, side)))
    return out


def connecting(ctx: Context, state: State, side: str, hid: str) -> bool:
    """Whether ``hid`` is a Connecting Rail Hex of ``side`` (17.4)."""
    return bool(connecting_rail(ctx, state, side) & move_bits(ctx).bit.get(hid, 0))


def traces(ctx: Context, state: State, side: str, loc: str, unlimited: bool = False) -> bool:
    """Whether a unit of ``side`` in ``loc`` traces a Line of Supply (16.3; an Unlimited one: 16.5.1). A Line of
    Supply of one location, when no net is made for this state yet, is traced in that location's window only (the
    road portion and the sources as the net's; the overland portion near it, :func:`_near`): a replacement and a
    retreat ask about one hex, and most of the lines between them move units."""
    here = move_bits(ctx).bit.get(loc, 0)
    if not here:
        return False
    n = _known_net(ctx, state, side) if not unlimited else None
    if unlimited or n is not None:
        n = n or net(ctx, state, side)
        return bool((n.unlimited if unlimited else n.supplied) & here)
    # the sources and road portion kept for the state's next question (a retreat asks about each way's end)
    hit = _recall(ctx, "s42_trace_roads", state, side)
    if hit is None:
        src = sources(ctx, state, side)
        blocks = _blocks(ctx, state, side)
        road = _road_portion(ctx, side, src, blocks, "road", 0)
        hit = _keep(ctx, "s42_trace_roads", state, side, (src, blocks, road))
    src, blocks, (_, targets, ok) = hit
    if src & here:
        return True
    _, ez, open_, _ = blocks
    near = _near(ctx, here, _overland_hexes(ctx, state))
    return bool(_overland(ctx, state, src, targets, ok, ez, open_, near) & here)


def pocket(ctx: Context, state: State, side: str, loc: str) -> list[str]:
    """16.5.4: the hexes a unit in ``loc`` reaches by an Unlimited LOS (its pocket), its own included, for the
    Airfield, City and HQ modifiers: the overland rules from the unit outward (never two EZOC hexes in a row)."""
    b = board_bits(ctx)
    never, ez, open_, _ = _blocks(ctx, state, side)
    ok = ~never & b.grid
    start = b.bit.get(loc, 0)  # a unit off the map (a box, a sea cell of a hostile log) has no pocket
    reach = start
    free, tight = start, 0  # the last hexes entered: not in an EZOC (or the start), in one
    while free or tight:
        nxt = (spread(b, free, open_) & ok) | (spread(b, tight, open_) & ok & ~ez)
        nxt &= ~reach
        reach |= nxt
        free, tight = nxt & ~ez, nxt & ez
    return locations(ctx, reach & move_bits(ctx).hexes)


def terrain_words(ctx: Context, state: State, hid: str) -> str:
    return terrain_of(ctx, situation(ctx, state), hid)
