"""The facts of rules 18-34 and of the scenarios' victory conditions that the rules state in their text:
``games/stalingrad42/tables/rules.toml`` (its tables ``resources``, ``fortifications``, ``offensive``, ``reserves``,
``disengagement``, ``leaders``, ``victory``, ``campaign`` and ``scenario_rules``), read once per replay
(:func:`later`) and checked by ``hexforge info`` (:func:`check_data`: every hex, area, region, unit, marker kind,
table, turn event and formation named is checked against the game). ``data`` reads the rest of the file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

from games.datafiles import Table, read_toml
from games.errors import DataError
from games.model import Game

from ...engine.context import Context, once
from ...model import Finding
from .data import FILE
from .data_checks import areas as _areas, hex_ as _hex, region as _region, side as _side, unit as _unit

LEADER_ROLLS = ("battle", "determined", "disengage")  # 28.1: the rolls a leader may make again
ELBRUS = ("temporary", "permanent")  # 24.3, S2.5
VASILEVSKY = "vasilevsky"  # 33.1: the turn-track event of the Vasilevsky marker (turns.csv, turn 25)


@dataclass(frozen=True)
class Resources:
    points: int  # 18.1
    shifts: int  # 18.3.1
    barrage_shifts: int  # 18.5
    barrage_side: str
    mobile_sps: Mapping[str, int]  # 18.6.8


@dataclass(frozen=True)
class Fortifications:
    markers: Mapping[str, int]  # 9.7.3: side -> markers in the counter mix
    never: frozenset[str]  # 9.7.3: terrains no Fortification is built in
    printed_side: str  # 9.7.6
    groups: tuple[tuple[str, frozenset[str]], ...]  # 9.7.7: (region id, its hexes)
    control_group: str
    control_hex: str


@dataclass(frozen=True)
class Offensive:
    limit: int  # 26.2
    dice: int


@dataclass(frozen=True)
class Reserves:
    moved_hexes: int  # 25.2.1
    advance: int  # 25.2.3
    markers: Mapping[str, int]  # 25.2.2: side -> Reserve markers


@dataclass(frozen=True)
class Disengagement:
    table: str  # 27.2
    mobile_drm: int  # 27.2.2
    disrupted_drm: int
    retreat: tuple[int, int]  # 27.2.3


@dataclass(frozen=True)
class Leader:
    rolls: frozenset[str]  # 28.1.3-28.1.4: what the leader re-rolls
    rule: str  # the rule that says so


@dataclass(frozen=True)
class Victory:
    margin: int  # 24.2
    baku_vp: int  # 24.1.2
    baku_divisions: int
    baku_type: str
    division: str
    penalty_areas: tuple[str, ...]  # 24.1.4
    penalty_area_vp: int
    penalty_hexes: frozenset[str]
    major_city_vp: int
    minor_city_vp: int
    elbrus: str  # 24.3
    elbrus_vp: int


@dataclass(frozen=True)
class Campaign:
    scenarios: frozenset[str]  # S4.3
    trans_caucasus: str  # 30.0
    trans_caucasus_row: int
    trans_caucasus_units: int
    reserve_armies: frozenset[str]  # 31.0: formations
    reserve_army_turn: int
    saratov_army: str
    saratov: str
    saratov_hexes: int
    removal_steps: int  # 32.1
    removal_gd: str
    removal_panzers: int
    removal_types: Mapping[str, str]  # 32.1, 32.3: panzer / panzergrenadier / infantry -> unit type
    german: str  # 32.3: nationality
    tank_corps_steps: int  # 32.2
    tank_corps_type: str
    tank_brigades: frozenset[str]
    guards: str
    special_penalty: str  # 32.3
    wiking: str  # 32.4
    michalik: str  # 32.5
    romanian_air: str  # 33.2.1
    winter_offensives: int
    winter_sps: int
    holding_boxes: tuple[str, ...]  # 34.1.2
    box_units: int  # 34.2
    box_moves: int  # 34.4.1-34.4.2
    strategic_units: int
    box_areas: frozenset[str]
    reinforcement_areas: frozenset[str]
    defenders: int  # 34.6.2


@dataclass(frozen=True)
class ScenarioAir:
    """A scenario's own Air rules (S2.2)."""

    rule: str
    off: tuple[int, int] | None  # the first and last turn without Axis Air units
    source: str | None  # the (imaginary) hex air support is traced from, besides 9.3.5's places
    most: int | None = None  # the most German Air units a turn gives, whatever its weather allows


@dataclass(frozen=True)
class ScenarioRules:
    """One scenario's victory conditions and the special rules the scenario format does not carry (S1-S4)."""

    rule: str
    turn_vp: int | None  # S1.3: the Axis wins with this many VPs in any Victory Determination Phase
    final_vp: int | None  # S2.5, S3.5, S4.4: ... in the last one
    automatic: bool  # 24.2
    elbrus: str  # 24.3 / S2.5
    isolated_count: bool  # S1.3
    hold_hexes: tuple[str, ...]  # S3.5
    hold_turn: int | None
    exits: Mapping[str, tuple[str, ...]]  # S1.3: edge -> Entry Areas
    exit_steps: int
    exit_vp: int
    south_row: int | None  # S1.3
    south_vp: int
    benchmark_check: str  # S4.4: a turn event code
    first_moves: tuple[str, tuple[str, ...]] | None  # S3.4: (side, modes)
    premove: tuple[str, tuple[str, ...]] | None  # S2.4: (side, modes) of the pre-move before the first Player Turn
    free_from: Mapping[str, int]  # S1.2: formation -> turn
    rail_limit: Mapping[str, int]  # S1.2: formation -> units
    no_return: frozenset[str]  # S1.2
    points: Mapping[str, tuple[int, int]]  # S2.2, S2.3: side -> (Resource Points a turn, first turn)
    special: str  # the rule number of the scenario's special rules (S1.2, S2.4, S3.4, S4.2)
    control: Mapping[str, str]  # hex -> the side that controls it at the start (the set-up leaves it vacant)
    air: ScenarioAir | None = None  # S2.2


@dataclass(frozen=True)
class Later:
    resources: Resources
    fortifications: Fortifications
    offensive: Offensive
    reserves: Reserves
    disengagement: Disengagement
    leaders: Mapping[str, Leader]  # 28.1: leader unit -> what it re-rolls
    victory: Victory
    campaign: Campaign
    scenarios: Mapping[str, ScenarioRules]


def later(ctx: Context) -> Later:
    """The facts of rules 18-34 (read once per loaded game; looked up without :func:`once`'s call when read)."""
    value = ctx.tables.get("s42_later")
    return value if value is not None else once(ctx, "s42_later", lambda c: load(c.game))


def scenario_rules(ctx: Context) -> ScenarioRules:
    return later(ctx).scenarios[ctx.scenario_id]


def campaign_rules(ctx: Context) -> bool:
    """S4.3: rules 30-34 are in force in this scenario."""
    return ctx.scenario_id in later(ctx).campaign.scenarios


def not_in_force(ctx: Context, what: str) -> list[Finding]:
    """S4.3: rules 30-34 are the Campaign Game's; a line of one of them (``what``: its rule, for the message) in
    another scenario is reported under S4.3 (not under the rule itself, whose conditions the scenario never meets)."""
    if campaign_rules(ctx):
        return []
    return [Finding("S4.3", f"{what} is a Campaign Game rule (30.0-34.0), not in force in {ctx.scenario.name}")]


# --- checked readers ----------------------------------------------------------------------------------------------

def _per_side(game: Game, t: Table, key: str) -> Mapping[str, Any]:
    sub = t.table(key)
    for s in sub.data:
        if s not in game.sides:
            raise sub.error(f"'{s}' is not a side", s)
    return dict(sub.data)


def _marker_counts(game: Game, t: Table, key: str) -> dict[str, int]:
    """side -> how many markers of the kind named the counter mix has (markers.csv)."""
    out = {}
    for side, kind in _per_side(game, t, key).items():
        n = sum(1 for m in game.all_markers if m.kind == kind)
        if not n:
            raise t.table(key).error(f"no marker of kind '{kind}' in markers.csv", side)
        out[side] = n
    return out


def _formations(game: Game, t: Table, key: str, values: Any) -> frozenset[str]:
    known = {str(u.extra.get("formation") or "") for u in game.units.values()}
    out = frozenset(values)
    bad = sorted(out - known)
    if bad:
        raise t.error(f"'{bad[0]}' is no unit's formation in units.csv", key)
    return out


def _type(game: Game, t: Table, key: str, v: str) -> str:
    if v not in game.unit_types:
        raise t.error(f"'{v}' is not a unit type of game.toml", key)
    return v


def _types(game: Game, t: Table, key: str) -> dict[str, str]:
    sub = t.table(key)
    return {k: _type(game, sub, k, sub.str(k)) for k in sub.data}


def _nationality(game: Game, t: Table, key: str) -> str:
    v = t.str(key)
    if v not in game.nationalities:
        raise t.error(f"'{v}' is not a nationality of game.toml", key)
    return v


def _event(game: Game, t: Table, key: str) -> str:
    v = t.str(key, "")
    if v and v not in {e.code for turn in game.turns.values() for e in turn.events}:
        raise t.error(f"no turn event '{v}' in turn_events.csv", key)
    return v


def _turn(game: Game, t: Table, key: str, v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v not in game.turns:
        raise t.error(f"'{v}' is not a turn of turns.csv", key)
    return v


def _scenario_rules(game: Game, t: Table) -> ScenarioRules:
    hold = t.table("hold", required=False)
    exits = t.table("exits", required=False)
    first = t.table("first_moves", required=False)
    pre = t.table("premove", required=False)
    elbrus = t.str("elbrus", "temporary")
    if elbrus not in ELBRUS:
        raise t.error(f"elbrus is one of {', '.join(ELBRUS)}", "elbrus")
    free = t.table("free_from", required=False)
    rail = t.table("rail_limit", required=False)
    points = t.table("points", required=False)
    pts: dict[str, tuple[int, int]] = {}
    for side, p in points.items() if points.data else ():
        if side not in game.sides:
            raise points.error(f"'{side}' is not a side", side)
        pts[side] = (p.int("points", lo=0, hi=9), _turn(game, p, "from", p.int("from", lo=1, hi=99)))
    return ScenarioRules(
        t.str("rule"),
        t.int("turn_vp", lo=0, hi=99) if t.has("turn_vp") else None,
        t.int("final_vp", lo=0, hi=99) if t.has("final_vp") else None,
        t.bool("automatic", False), elbrus, t.bool("isolated_count", False),
        tuple(hold.str_list("hexes", [])) if hold.data else (),
        _turn(game, hold, "turn", hold.int("turn", lo=1, hi=99)) if hold.data else None,
        {edge: _areas(game, exits, edge) for edge in exits.data} if exits.data else {},
        t.int("exit_steps", 0, lo=0, hi=99), t.int("exit_vp", 0, lo=0, hi=99),
        t.int("south_row", lo=0, hi=999) if t.has("south_row") else None, t.int("south_vp", 0, lo=0, hi=99),
        _event(game, t, "benchmark_check"),
        (_side(game, first, "side"), tuple(first.str_list("modes"))) if first.data else None,
        (_side(game, pre, "side"), tuple(pre.str_list("modes"))) if pre.data else None,
        {f: free.int(f, lo=1, hi=99) for f in _formations(game, free, "free_from", free.data)} if free.data else {},
        {f: rail.int(f, lo=0, hi=99) for f in _formations(game, rail, "rail_limit", rail.data)} if rail.data else {},
        frozenset(_areas(game, t, "no_return", t.str_list("no_return", []))), pts, t.str("special"),
        _control(game, t), _air(game, t))


def _air(game: Game, t: Table) -> ScenarioAir | None:
    """S2.2: the turns without Axis Air units, the hex air support is traced from and the most German Air units a
    turn (one on each Clear or Overcast turn)."""
    air = t.table("air", required=False)
    if not air.data:
        return None
    off = air.list("off", [])
    if off and len(off) != 2:
        raise air.error("off is [first turn, last turn]", "off")
    turns = tuple(_turn(game, air, "off", v) for v in off)
    source = air.str("from", "") or None
    if source is not None and source not in game.map.hexes:
        raise air.error(f"'{source}' is not a map hex", "from")
    most = air.int("german", lo=0, hi=9) if air.has("german") else None
    return ScenarioAir(air.str("rule"), (turns[0], turns[1]) if turns else None, source, most)


def _control(game: Game, t: Table) -> dict[str, str]:
    sub = t.table("control", required=False)
    for h, side in sub.data.items():
        if h not in game.map.hexes:
            raise sub.error(f"'{h}' is not a map hex", h)
        if side not in game.sides:
            raise sub.error(f"'{side}' is not a side", h)
    return dict(sub.data)


def _check_hold(game: Game, t: Table) -> None:
    hold = t.table("hold", required=False)
    bad = [h for h in hold.str_list("hexes", []) if h not in game.map.hexes] if hold.data else []
    if bad:
        raise hold.error(f"'{bad[0]}' is not a map hex", "hexes")


def load(game: Game) -> Later:
    """Read the tables of rules 18-34 of ``tables/rules.toml`` (a problem raises a :class:`DataError` naming the
    file and key)."""
    t = read_toml(os.path.join(game.root, *FILE))
    r, f, o, rs, d, ld, v, c = (t.table(k) for k in ("resources", "fortifications", "offensive", "reserves",
                                                      "disengagement", "leaders", "victory", "campaign"))
    terrains = f.str_list("never")
    if any(x not in game.tec for x in terrains):
        raise f.error("not a TEC terrain", "never")
    groups = tuple((g, _region(game, f, "groups", g)) for g in f.str_list("groups"))
    if f.str("control_group") not in dict(groups):
        raise f.error("not one of the groups", "control_group")
    if d.str("table") not in game.tables:
        raise d.error(f"'{d.str('table')}' is not a table of tables.toml", "table")
    retreat = d.list("retreat")
    if len(retreat) != 2 or not all(isinstance(x, int) and 0 < x < 9 for x in retreat):
        raise d.error("two numbers of hexes", "retreat")
    leaders = {}
    for uid, x in ld.items():
        if uid not in game.units:
            raise ld.error(f"'{uid}' is not a unit of units.csv", uid)
        rolls = x.str_list("rolls")
        if any(r not in LEADER_ROLLS for r in rolls):
            raise x.error(f"a leader re-rolls one of {', '.join(LEADER_ROLLS)}", "rolls")
        leaders[uid] = Leader(frozenset(rolls), x.str("rule"))
    if v.str("baku_type") not in game.unit_types:
        raise v.error("not a unit type of game.toml", "baku_type")
    sr = t.table("scenario_rules")
    for sid, x in sr.items():
        if sid not in game.scenarios:
            raise sr.error(f"'{sid}' is not a scenario of the game", sid)
        _check_hold(game, x)
    missing = sorted(set(game.scenarios) - set(sr.data))
    if missing:
        raise sr.error(f"no rules for scenario '{missing[0]}'")
    boxes = c.str_list("holding_boxes")
    if any(b not in game.map.boxes for b in boxes) or c.str("trans_caucasus") not in game.map.boxes:
        raise c.error("not a box of map/boxes.toml", "holding_boxes")
    scen = c.str_list("scenarios")
    if any(s not in game.scenarios for s in scen):
        raise c.error("not a scenario of the game", "scenarios")
    return Later(
        Resources(r.int("points", lo=0, hi=9), r.int("shifts", lo=0, hi=9), r.int("barrage_shifts", lo=0, hi=9),
                  _side(game, r, "barrage_side"),
                  {s: int(n) for s, n in _per_side(game, r, "mobile_sps").items()}),
        Fortifications(_marker_counts(game, f, "markers"), frozenset(terrains), _side(game, f, "printed_side"), groups,
                       f.str("control_group"), _hex(game, f, "control_hex")),
        Offensive(o.int("limit", lo=0, hi=9), o.int("dice", lo=1, hi=3)),
        Reserves(rs.int("moved_hexes", lo=0, hi=9), rs.int("advance", lo=0, hi=9), _marker_counts(game, rs, "markers")),
        Disengagement(d.str("table"), d.int("mobile_drm", lo=-9, hi=9), d.int("disrupted_drm", lo=-9, hi=9),
                      (retreat[0], retreat[1])),
        leaders,
        Victory(v.int("margin", lo=0, hi=99), v.int("baku_vp", lo=0, hi=99), v.int("baku_divisions", lo=0, hi=99),
                v.str("baku_type"), v.str("division"), _areas(game, v, "penalty_areas"),
                v.int("penalty_area_vp", lo=0, hi=99), _region(game, v, "penalty_region", v.str("penalty_region")),
                v.int("major_city_vp", lo=0, hi=99), v.int("minor_city_vp", lo=0, hi=99), _hex(game, v, "elbrus"),
                v.int("elbrus_vp", lo=0, hi=99)),
        Campaign(frozenset(scen), c.str("trans_caucasus"), c.int("trans_caucasus_row", lo=0, hi=999),
                 c.int("trans_caucasus_units", lo=0, hi=99), _formations(game, c, "reserve_armies",
                                                                          c.str_list("reserve_armies")),
                 c.int("reserve_army_turn", lo=1, hi=99), c.str("saratov_army"), _hex(game, c, "saratov"),
                 c.int("saratov_hexes", lo=0, hi=99), c.int("removal_steps", lo=0, hi=99), _unit(game, c, "removal_gd"),
                 c.int("removal_panzers", lo=0, hi=9), _types(game, c, "removal_types"),
                 _nationality(game, c, "german"), c.int("tank_corps_steps", lo=0, hi=9),
                 _type(game, c, "tank_corps_type", c.str("tank_corps_type")),
                 frozenset(_type(game, c, "tank_brigades", x) for x in c.str_list("tank_brigades")),
                 _nationality(game, c, "guards"), _unit(game, c, "special_penalty"), _unit(game, c, "wiking"),
                 _unit(game, c, "michalik"), _unit(game, c, "romanian_air"), c.int("winter_offensives", lo=0, hi=9),
                 c.int("winter_sps", lo=0, hi=9), tuple(boxes), c.int("box_units", lo=0, hi=99),
                 c.int("box_moves", lo=0, hi=9), c.int("strategic_units", lo=0, hi=9),
                 frozenset(_areas(game, c, "box_areas")), frozenset(_areas(game, c, "reinforcement_areas")),
                 c.int("defenders", lo=0, hi=9)),
        {sid: _scenario_rules(game, x) for sid, x in sr.items()})


def check_data(game: Game) -> list[DataError]:
    """``hexforge info``'s hook for these tables: their problem, if any."""
    try:
        load(game)
    except DataError as err:
        return [err]
    return []
