"""The terrain as the season makes it, for movement, supply and bonds: what each hexside is (5.2-5.5, 2.2.3, 9.6.2),
which hexsides a unit may not cross now, what a step costs, and the Seasonal Marsh, frozen rivers and lakes of
Rain and Winter (23.2.3, 23.4).

- :func:`situation`: the weather's effects on the ground this turn: Rain/Mud (23.2.3, 23.3.3), Seasonal Marsh
  turned Marsh for the rest of the game after the first Rain, the Russian Winter from its turn (23.4);
- :func:`cost_table`: half MPs to enter each location (TEC), Seasonal Marsh as Marsh once wet;
- :func:`closed`: the steps a unit may not take (engine ``Steps``, as allowed masks): the Volga but at its crossing
  sites (5.5.3: Ferries for both sides; the Saratov rail bridge and the Volga Flotilla hexside for the Soviets),
  unfrozen Lakes (2.2.3), non-road Alpine hexsides for all but Mountain units, every Alpine hexside in Winter
  (9.6.2, 23.4), the Vladimirovka rail ferry (5.5.7: rail only), and unbridged unfrozen Major Rivers (5.5.2: only as
  the first step, or at a Pontoon Bridge, 5.5.5: see ``movement``);
- :func:`step_costs`: the steps with a cost of their own: a road the step follows (5.2: its rate, Secondary Roads 1
  MP to mechanized units in Rain and Mud), river extras (5.5.1 Minor +1 in Rain and Mud unbridged; 5.5.2 Major
  +2/+3; 5.5.4 rail bridges +1/+2, road bridges nothing; 5.5.6 Ferries +2/+3; 23.4 frozen +1/+2), Alpine (+1).

Every cost is the TEC's (``tables/tec.csv``), doubled (half MPs).
"""

from __future__ import annotations

from operator import invert, or_
from typing import Mapping, NamedTuple

from ...engine.bits import Steps, board_bits
from ...engine.context import Context, once
from ...engine.paths import SideCosts, side_costs
from .board import MOVE_CLASSES, halves, terrain_cost
from .data import facts

ROADS = ("primary_road", "secondary_road")
BRIDGES = ("road_bridge", "rail_bridge", "primary_road", "secondary_road", "railroad")  # 5.2: roads, rails bridge


class Situation(NamedTuple):
    """What the weather does to the ground on one turn."""

    mud: bool  # 23.2.3, 23.3.3: Rain or Mud
    wet: bool  # 23.2.3: Seasonal Marsh is Marsh
    winter: bool  # 23.4: the Russian Winter


def winter_from(ctx: Context) -> int:
    """The first turn of the Russian Winter (23.4: its turn-track event; looked up once per replay: asked about 35,000
    times in a campaign)."""
    out = ctx.derived.get("s42_winter_from")
    if out is None:
        out = ctx.derived["s42_winter_from"] = ctx.first_turn_of.get(facts(ctx).winter.event, 10 ** 6)
    return out


def closed_in_winter(ctx: Context, turn: int, loc: str) -> bool:
    """23.4: from the Russian Winter on Entry Area K is not usable (no unit enters it, by movement or placement)."""
    return loc == facts(ctx).entry.winter_closed and turn >= winter_from(ctx)


def situation(ctx: Context, state) -> Situation:
    """The weather's effects on the ground now: Rain and Mud (23.2.3, 23.3.3), Seasonal Marsh, the Russian Winter
    (23.4)."""
    w = ctx.game.weather.get(state.weather)
    mud = bool(w and w.extra.get("mud_effects"))
    return Situation(mud, state.wet or mud, state.turn >= winter_from(ctx))


def _becomes(ctx: Context, terrain: str) -> str:
    return str(ctx.game.tec[terrain].extra.get("becomes") or terrain)


def cost_table(ctx: Context, sit: Situation) -> Mapping[str, tuple[int, int]]:
    """Half MPs to enter each location by movement class (TEC), Seasonal Marsh as Marsh once wet (23.2.3)."""
    if not sit.wet:
        return ctx.board.cost
    return once(ctx, "s42_wet_costs", _wet_costs)


def _wet_costs(ctx: Context) -> Mapping[str, tuple[int, int]]:
    game = ctx.game
    out = dict(ctx.board.cost)
    for hid, h in game.map.hexes.items():
        t = game.tec[h.terrain]
        if t.extra.get("becomes") and t.applies_to == "hex":
            out[hid] = terrain_cost(game, _becomes(ctx, h.terrain))
    return out


def terrain_of(ctx: Context, sit: Situation, hid: str) -> str:
    """The TEC terrain of a hex now (Seasonal Marsh is Marsh once wet)."""
    t = ctx.game.map.hexes[hid].terrain
    return _becomes(ctx, t) if sit.wet and ctx.game.tec[t].applies_to == "hex" and \
        ctx.game.tec[t].extra.get("becomes") else t


class Crossings(NamedTuple):
    """Per direction 0-5, the grid cells whose step that way crosses a hexside of each kind (made once)."""

    volga: Steps  # a Volga hexside that is not a Ferry (5.5.3)
    volga_all: Steps  # every Volga hexside
    volga_rail: Steps  # the Volga at the Saratov rail bridge (Soviets cross it)
    lake: Steps  # 2.2.3
    lake_freezes: Steps  # 23.4: a Lake hexside in or touching Desert
    alpine_offroad: Steps  # 9.6.2: an Alpine hexside no road crosses
    alpine: Steps  # every Alpine hexside (23.4: impassable in Winter)
    major: Steps  # 5.5.2: an unbridged Major River (not the Volga)
    major_freezes: Steps  # 23.4: ... on maps A and B
    major_all: Steps  # 7.6.1: every Major River hexside, bridged or not
    major_all_freezes: Steps  # 23.4: ... on maps A and B
    rail_ferry: Steps  # 5.5.7: rail only
    no_zoc: Steps  # 6.1: the hexsides ZOCs never cross (TEC zoc = blocked)
    road: Steps  # 5.2, 16.3.2: a road crosses the hexside
    railroad: Steps  # 5.6, 17.4: a railroad crosses the hexside


def crossings(ctx: Context) -> Crossings:
    return once(ctx, "s42_crossings", _crossings)


def _crossings(ctx: Context) -> Crossings:
    game, board = ctx.game, ctx.board
    bit = board_bits(ctx).bit
    w = facts(ctx).winter
    hexes = game.map.hexes
    no_zoc = {k for k, t in game.tec.items() if t.applies_to == "hexside" and t.extra.get("zoc") == "blocked"}
    kinds: dict[str, list[int]] = {k: [0] * 6 for k in Crossings._fields}
    for (a, b), feats in board.features.items():
        d = board.step_index.get((a, b))
        if d is None or a not in hexes or b not in hexes:
            continue
        here = bit[a]

        def on(kind: str) -> None:
            kinds[kind][d] |= here
        bridged = any(f in feats for f in BRIDGES)
        if "volga" in feats:
            on("volga_all")
        if "volga" in feats and "ferry" not in feats:
            on("volga")
            if "rail_bridge" in feats:
                on("volga_rail")
        if "lake" in feats:
            on("lake")
            if hexes[a].terrain in w.lake_terrain or hexes[b].terrain in w.lake_terrain:
                on("lake_freezes")
        if "alpine_side" in feats:
            on("alpine")
            if not any(r in feats for r in ROADS):
                on("alpine_offroad")
        if "major_river" in feats:
            freezes = hexes[a].section in w.freeze_sections or hexes[b].section in w.freeze_sections
            on("major_all")
            if freezes:
                on("major_all_freezes")
            if not bridged:
                on("major")
                if freezes:
                    on("major_freezes")
        if "rail_ferry" in feats:
            on("rail_ferry")
        if feats & no_zoc:
            on("no_zoc")
        if any(r in feats for r in ROADS):
            on("road")
        if "railroad" in feats:
            on("railroad")
    return Crossings(*(tuple(kinds[k]) for k in Crossings._fields))  # type: ignore[arg-type]


def union(*steps: Steps) -> Steps:
    if len(steps) == 2:  # the common case, without the loops (a move's plan makes several)
        return tuple(map(or_, *steps))  # type: ignore[return-value]
    out = [0] * 6
    for s in steps:
        for d in range(6):
            out[d] |= s[d]
    return tuple(out)  # type: ignore[return-value]


def minus(a: Steps, b: Steps) -> Steps:
    """The steps of ``a`` not in ``b`` (``x ^ (x & y)``, the bits of ``x & ~y``: an ``&`` with a negative board-sized
    integer is about half again as slow)."""
    return tuple(x ^ (x & y) for x, y in zip(a, b))  # type: ignore[return-value]


def allowed(ctx: Context, shut: Steps) -> Steps:
    """The allowed-steps masks (the engine's ``Steps``) of a set of closed steps (the last few remembered)."""
    memo = ctx.derived.setdefault("s42_allowed", {})
    hit = memo.get(id(shut))
    if hit is not None and hit[0] is shut:
        return hit[1]
    grid = board_bits(ctx).grid
    out = tuple(map(grid.__and__, map(invert, shut)))
    if len(memo) >= 16:
        del memo[next(iter(memo))]
    memo[id(shut)] = (shut, out)
    return out  # type: ignore[return-value]


def closed(ctx: Context, sit: Situation, side: str, mech: bool, mountain: bool,
           flotilla: tuple[str, str] | None) -> Steps:
    """The steps a unit of ``side`` may never take now (unbridged Major Rivers apart: :func:`major_closed`): the Volga
    but at its Ferries (5.5.6: permanent Pontoon Bridges) and the Soviets' sites (5.5.3), Lakes (2.2.3), Alpine
    hexsides (9.6.2, 23.4), the Vladimirovka rail ferry (5.5.7)."""
    key = ("s42_closed", sit.winter, side, mech, mountain, flotilla)
    out = ctx.derived.get(key)
    if out is not None:
        return out
    c = crossings(ctx)
    volga = c.volga
    if side == facts(ctx).volga_side:  # 5.5.3: the Soviets also cross at the Saratov rail bridge
        volga = minus(volga, c.volga_rail)
    parts = [volga, c.rail_ferry, minus(c.lake, c.lake_freezes) if sit.winter else c.lake]
    if sit.winter:
        parts.append(c.alpine)
    elif mech or not mountain:
        parts.append(c.alpine_offroad)
    out = union(*parts)
    if flotilla is not None:
        out = _open_hexside(ctx, out, flotilla)
    ctx.derived[key] = out
    return out


def _open_hexside(ctx: Context, steps: Steps, hexside: tuple[str, str]) -> Steps:
    a, b = hexside
    bit = board_bits(ctx).bit
    out = list(steps)
    for x, y in ((a, b), (b, a)):
        d = ctx.board.step_index.get((x, y))
        if d is not None:
            out[d] &= ~bit[x]
    return tuple(out)  # type: ignore[return-value]


def major_closed(ctx: Context, sit: Situation) -> Steps:
    """5.5.2, 23.4: the unbridged Major River steps closed after the first step (those of maps A and B thaw into
    frozen rivers in Winter, which anyone crosses)."""
    c = crossings(ctx)
    return once(ctx, "s42_major_winter", lambda _: minus(c.major, c.major_freezes)) if sit.winter else c.major


def step_costs(ctx: Context, sit: Situation, column: int) -> SideCosts:
    """The half MPs of every step across a hexside with a road or a cost of its own, for a unit of movement class
    ``column`` (remembered per situation): 5.2 road rates, 5.5.1 Minor Rivers, 5.5.2 Major Rivers, 5.5.4 bridges,
    5.5.6 Ferries (and the Volga Flotilla's hexside, 5.5.3: every Volga hexside is priced as a Ferry, the closed
    steps decide which may be crossed), 23.4 frozen rivers and lakes, 9.6.2 Alpine hexsides (+1, for the Mountain
    units that may cross them)."""
    key = ("s42_step_costs", sit, column)
    out = ctx.tables.get(key)  # from the game alone: made once per loaded game (``once``)
    if out is None:
        out = ctx.tables[key] = side_costs(ctx, _costs(ctx, sit, column))
    return out


def _mp_table(ctx: Context) -> Mapping[tuple[str, int, bool], int]:
    """(feature, movement class, Rain/Mud) -> half MPs (the TEC; the ``mud_mp_*`` columns in Rain and Mud)."""
    def make(c: Context) -> dict:
        out = {}
        for fid, t in c.game.tec.items():
            for column, cls in enumerate(MOVE_CLASSES):
                out[fid, column, False] = halves(t.mp.get(cls), 0)
                wet = t.extra.get(f"mud_mp_{cls}")
                out[fid, column, True] = halves(wet, 0) if wet is not None else out[fid, column, False]  # type: ignore
        return out
    return once(ctx, "s42_mp", make)


class _Side(NamedTuple):
    """One directed step across a hexside with a road or a cost of its own, classified once."""

    a: str
    b: str
    minor: bool  # an unbridged Minor River
    major: str  # "" or the TEC row of its Major River crossing: road_bridge (free), rail_bridge, major_river
    freezes: bool  # its Major River freezes in Winter (maps A and B)
    volga: str  # "" or the TEC row of the Volga crossing priced: ferry, rail_bridge
    lake_freezes: bool
    alpine: bool  # an Alpine hexside no road crosses
    roads: tuple[str, ...]


def _sides_static(ctx: Context) -> tuple[_Side, ...]:
    def make(c: Context) -> tuple[_Side, ...]:
        board, hexes = c.board, c.game.map.hexes
        w = facts(c).winter
        out = []
        for (a, b), feats in board.features.items():
            if a not in hexes or b not in hexes or (a, b) not in board.step_index:
                continue
            bridged = any(f in feats for f in BRIDGES)
            roads = tuple(r for r in ROADS if r in feats)
            major = ""
            if "major_river" in feats:
                major = "road_bridge" if "road_bridge" in feats or roads else \
                    "rail_bridge" if "rail_bridge" in feats or "railroad" in feats else "major_river"
            volga = ("rail_bridge" if "rail_bridge" in feats else "ferry") if "volga" in feats else ""
            out.append(_Side(a, b, "minor_river" in feats and not bridged, major,
                             hexes[a].section in w.freeze_sections or hexes[b].section in w.freeze_sections, volga,
                             "lake" in feats and (hexes[a].terrain in w.lake_terrain or hexes[b].terrain in w.lake_terrain),
                             "alpine_side" in feats and not roads, roads))
        return tuple(out)
    return once(ctx, "s42_sides_static", make)


def _costs(ctx: Context, sit: Situation, column: int) -> dict[tuple[str, str], int]:
    table = cost_table(ctx, sit)
    mp = _mp_table(ctx)
    minor = mp["minor_river", column, sit.mud]
    out: dict[tuple[str, str], int] = {}
    for x in _sides_static(ctx):
        enter = table[x.b][column]
        extra = minor if x.minor else 0
        if x.major and x.major != "road_bridge":
            extra += mp["frozen_major_river" if x.major == "major_river" and sit.winter and x.freezes else x.major,
                        column, False]
        if x.volga:
            extra += mp[x.volga, column, False]
        if x.lake_freezes and sit.winter:
            extra += mp["frozen_lake", column, False]
        if x.alpine:
            extra += mp["alpine_side", column, False]
        cost = enter + extra
        if x.roads:
            cost = min(cost, max(1, min(mp[r, column, sit.mud] for r in x.roads)))
        if cost != enter:
            out[x.a, x.b] = max(1, cost)
    return out
