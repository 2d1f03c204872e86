"""The ground of a combat (8.1, 9.2.3, 9.5-9.7, 11.2.1, 14.5, 22.7), read from the Terrain Effects Chart
(``tables/tec.csv``: the ``across``, ``tank_shift``, ``defense``, ``shift``, ``dd_column`` and ``advance`` columns) and
the season (Seasonal Marsh once wet, frozen rivers and lakes, Alpine hexsides in Winter).

- :func:`crossing`: what the hexside between an attacker's hex and the target is for the attack: prohibited (8.1:
  a hexside the unit may not cross in the Movement Phase; 2.2.3 Sea; 9.5.6 unfrozen Lakes; 9.5.3 the Volga but at
  a Ferry, and for the Soviets the Saratov rail bridge and the Volga Flotilla hexside, never the Vladimirovka rail
  ferry; 9.6.2 non-road Alpine hexsides but for Mountain units, 23.4 all of them in Winter), a Major River (9.5.2:
  the Volga's crossing sites, frozen Major Rivers and Lakes too, 9.5.3, 23.4), a Minor River (9.5.1), out of a
  Marsh hex (9.5.4), an attack onto the map from an Entry Area (22.7);
- :func:`ground`: the defender's hex: its terrain and settlement, the doubling it gives (9.5.4 Marsh, 9.6.1
  Mountain for Infantry-type units, 9.6.3 City), the Terrain shifts (9.9 Rough and Wooded Rough; 9.7.1 a completed
  Fortification of the defender, 9.7.6 printed ones for the Soviets only), whether Tank Shifts are barred (9.2.3),
  the Determined Defense column (11.2.1).
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine.bits import board_bits
from ...engine.context import Context
from .data import facts
from .resources import fortified
from .terrain import crossings, situation, terrain_of, winter_from

MAJOR, MINOR = "major", "minor"
RIVERS = {"halved_doubled": MAJOR, "doubled": MINOR}  # the TEC ``across`` column of a hexside


class Crossing(NamedTuple):
    """The hexside an attack crosses, as combat sees it."""

    problem: str  # why the attack may not cross it ("" when it may)
    rule: str  # the rule of the problem
    river: str  # MAJOR, MINOR or ""
    marsh: bool  # 9.5.1, 9.5.4: out of a Marsh hex
    alpine: bool  # 9.6.2: across an Alpine hexside (no Mountain doubling)
    area: bool  # 22.7: from an Entry Area onto the map


class Ground(NamedTuple):
    """The defender's hex, as combat sees it."""

    terrain: str  # TEC id (Seasonal Marsh as Marsh once wet)
    settlement: str  # "", "major_city", "minor_city", "town", "landmark"
    doubling: frozenset[str]  # TEC ``defense`` values that apply: "doubled", "doubled_infantry_type", "doubled_city"
    shift: int  # 9.9, 9.7.1: Terrain and Fortification shifts left
    fortified: bool  # 9.7.1, 9.7.6
    tanks_barred: bool  # 9.2.3
    dd_column: str  # 11.2.1: "clear", "other", "city"
    mountain: bool  # 9.6.1, 20.2: a Mountain hex (Axis mountain units attack into it doubled)
    city: bool  # 9.6.3, 20.9


def _volga_ok(ctx: Context, state, side: str, a: str, b: str, feats: frozenset[str]) -> bool:
    """9.5.3: a Volga hexside an attack may cross: a Ferry (not the Vladimirovka rail ferry), and for the Soviets the
    Saratov rail bridge and the Volga Flotilla hexside (5.5.3)."""
    if "rail_ferry" in feats:
        return False
    if "ferry" in feats:
        return True
    soviet = side == facts(ctx).volga_side
    flotilla = state.markers.flotilla
    return soviet and ("rail_bridge" in feats or (flotilla is not None and {a, b} == set(flotilla)))


def crossing(ctx: Context, state, side: str, mountain_unit: bool, a: str, b: str) -> Crossing:
    """The hexside from attacker hex ``a`` to the target ``b`` (8.1, 9.5, 9.6.2, 22.7). 9.5.5: only the rivers of the
    hexsides count (a river inside a hex, as at the Izium bend 1521, is no hexside of the map)."""
    board = ctx.board
    if a in ctx.game.map.areas:
        ok = b in board.neighbours.get(a, ())
        return Crossing("" if ok else f"{b} is not next to Entry Area {a}", "22.7", "", False, False, True)
    if b not in board.neighbours.get(a, ()):
        return Crossing(f"{a} is not adjacent to {b}", "8.1", "", False, False, False)
    feats = board.hexside(a, b)
    winter = state.turn >= winter_from(ctx)
    sit = situation(ctx, state)
    tec = ctx.game.tec
    marsh = tec[terrain_of(ctx, sit, a)].extra.get("across") == "doubled"
    river = ""
    if "sea" in feats or "kerch_strait" in feats:
        return Crossing(f"the hexside {a}-{b} is sea", "2.2.3", "", marsh, False, False)
    if "volga" in feats:
        if not _volga_ok(ctx, state, side, a, b, feats):
            return Crossing(f"the Volga hexside {a}-{b} is no crossing site of the {ctx.game.sides[side].name} player "
                            "(a Ferry; for the Soviets also the Saratov rail bridge and the Volga Flotilla)", "9.5.3",
                            "", marsh, False, False)
        river = MAJOR
    if "lake" in feats:
        frozen = winter and _lake_freezes(ctx, a, b)
        if not frozen:
            return Crossing(f"the Lake hexside {a}-{b} is not frozen", "9.5.6", "", marsh, False, False)
        river = MAJOR
    alpine = "alpine_side" in feats
    if alpine:
        if winter:
            return Crossing(f"the Alpine hexside {a}-{b} is impassable in Winter", "23.4", "", marsh, True, False)
        roads = crossings(ctx).road
        d = board.step_index.get((a, b))
        on_road = d is not None and bool(roads[d] & board_bits(ctx).bit[a])
        if not on_road and not mountain_unit:
            return Crossing(f"only Mountain units attack across the Alpine hexside {a}-{b}", "9.6.2", "", marsh, True,
                            False)
    for f in feats:
        t = tec.get(f)
        if t is not None and t.applies_to == "hexside":
            kind = RIVERS.get(str(t.extra.get("across") or ""))
            if kind == MAJOR or (kind == MINOR and not river):
                river = kind
    return Crossing("", "", river, marsh, alpine, False)


def _lake_freezes(ctx: Context, a: str, b: str) -> bool:
    lakes = facts(ctx).winter.lake_terrain
    hexes = ctx.game.map.hexes
    return hexes[a].terrain in lakes or hexes[b].terrain in lakes


def ground(ctx: Context, state, hid: str, side: str) -> Ground:
    """The defender's hex ``hid`` for the defending ``side`` (9.2.3, 9.5.4, 9.6, 9.7.1, 9.7.6, 9.9, 11.2.1)."""
    h = ctx.game.map.hexes[hid]
    tec = ctx.game.tec
    sit = situation(ctx, state)
    terrain = terrain_of(ctx, sit, hid)
    settlement = h.settlement or ""
    parts = [tec[terrain]] + ([tec[settlement]] if settlement in tec else [])
    fort = fortified(ctx, state, hid, side)
    doubling = frozenset(str(t.extra["defense"]) for t in parts if t.extra.get("defense"))
    shift = sum(t.defense_shift for t in parts) + (tec["fortification"].defense_shift if fort else 0)
    barred = fort or any(t.extra.get("tank_shift") == "barred" for t in parts)
    if settlement in ("major_city", "minor_city"):
        column = "city"
    elif fort or any(t.extra.get("dd_column") == "other" for t in parts):
        column = "other"
    else:
        column = str(tec[terrain].extra.get("dd_column") or "other")
    mountain = tec[terrain].extra.get("defense") == "doubled_infantry_type"
    return Ground(terrain, settlement, doubling, shift, fort, barred, column, mountain,
                  settlement in ("major_city", "minor_city"))
