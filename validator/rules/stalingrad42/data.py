"""The facts the rules of Stalingrad '42 state in their text, and the scenario facts the scenario format lacks:
``games/stalingrad42/tables/rules.toml``, read once per replay (:func:`facts`) and checked by ``hexforge info``
(:func:`check_data`: every reference to a hex, area, region, section, side, phase, trait, nationality or turns.csv
column is checked against the game).

Everything else the rules read is the game's own data: the TEC (movement costs, river and road facts, the hexes a
supply path counts), the weather chart (overland supply length, MA change, the Axis airfield modifier), the turn
track (seasons, replacement rates, events), units, areas, regions.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from games.datafiles import Table, read_toml
from games.errors import DataError
from games.model import Game

from ...engine.context import Context, once
from .data_checks import area as _area, areas as _areas, hex_ as _hex, hexes as _hexes, region as _region
from .data_checks import regions as _regions, side_value as _side, trait as _trait, units as _units

FILE = ("tables", "rules.toml")


@dataclass(frozen=True)
class Movement:
    extended_mp: int  # 5.3
    tactical_hexes: int  # 5.4
    replacement_hexes: int  # 21.4
    asu_ready_hexes: int  # 13.1.2, 18.2.2
    hq_offensive_hexes: int  # 26.2
    pickup_trait: str  # 20.1.3: units with this trait pick up units on their way (Soviet Army HQs)


@dataclass(frozen=True)
class Stacking:
    corps: int  # 4.3
    corps_hqs: frozenset[str]
    corps_trait: str


@dataclass(frozen=True)
class Rail:
    limit: int  # 5.6.2
    from_map: int  # 5.6.2
    ferry_units: int  # 5.5.7
    never: frozenset[str]  # hexes of railroads never used (5.6.6)
    unfinished: Mapping[str, int]  # hex -> first turn its railroad may be used (17.5)


@dataclass(frozen=True)
class Sea:
    shipping_side: str  # 5.7.1
    per_sea: int  # 5.7.1
    kerch_units: int  # 5.7.2
    kerch_area: str
    kerch_hex: str
    azov: str  # 16.2.4
    temryuk: str
    taman: str  # 16.2.5


@dataclass(frozen=True)
class Supply:
    airfield: Mapping[str, int]  # 16.5.4
    airfield_rail_hexes: int
    city: int
    hq: int
    cap: int
    beside_enemy: frozenset[str]  # 16.5.4: the airfields still usable next to an enemy Combat Unit (Pitomnik)


@dataclass(frozen=True)
class Release:
    garrison_hexes: int  # 20.4
    north_caucasus_hexes: int  # 20.6
    stalingrad: tuple[str, ...]
    north_caucasus_row: int
    don_from: str
    don_to: str
    volunteer_hexes: tuple[str, ...]  # 20.8
    north_caucasus_hqs: tuple[str, ...]  # 20.6
    blucher_code: str  # 20.7


@dataclass(frozen=True)
class Entry:
    north: frozenset[str]  # 22.6.3
    south: frozenset[str]
    transit: str  # 22.6.4
    transit_units: int
    baku: str  # 24.1.2
    corps_areas: frozenset[str]  # 21.3.1
    winter_closed: str  # 23.4
    winter_to: tuple[str, ...]


@dataclass(frozen=True)
class ReplacementKind:
    """What one kind of replacement restores (21.1.2): units with one of these type traits or face flags, or of one
    of these nationalities (the Axis-allied kinds)."""

    id: str
    restores: frozenset[str]
    nationalities: frozenset[str]


@dataclass(frozen=True)
class Replacements:
    guards: int  # 21.2
    eliminated_per_hex: int  # 21.3.1
    hq_rail_hexes: int
    return_delay: int  # 19.4
    kinds: Mapping[str, ReplacementKind]
    columns: Mapping[str, Mapping[str, str]]  # side -> kind -> turns.csv column
    track: Mapping[str, str]  # scenario -> the prefix of its own track's columns (S2.2)


@dataclass(frozen=True)
class Winter:
    event: str  # 23.4: the turn event that starts it
    freeze_sections: frozenset[str]
    lake_terrain: frozenset[str]


@dataclass(frozen=True)
class RailEntry:
    """S1.2: the reinforcements waiting in these Entry Areas may enter the map entrained, from a railroad that leaves
    the scenario's maps across these edges (their side has rail connections beyond them)."""

    areas: frozenset[str]
    edges: frozenset[str]  # "east", "south"


EDGES = ("east", "south")


@dataclass(frozen=True)
class Skip:
    """A slot not played (S3.4): the whole player turn of ``player`` on ``turn``, or one of its phases."""

    turn: int
    player: str
    phase: str | None


@dataclass(frozen=True)
class ScenarioFacts:
    maps: frozenset[str]  # map sections in play
    maps_rule: str  # the rule that sets them (S1.1, S2.1, S3.1, S4.1)
    areas: Mapping[str, str]  # Entry Area -> its side (22.2)
    order: tuple[str, ...]  # 3.0: the player turns of a turn
    switch_turn: int | None  # S3.3: from this turn ...
    switch_order: tuple[str, ...]  # ... this order
    skip: tuple[Skip, ...]
    interchange: frozenset[int]  # S3.4, 33.2.3
    tactical_first_turn: str | None  # S1.2, S4.2
    repaired: frozenset[str]  # hexes whose rail starts repaired (S4.1)
    railheads: tuple[str, ...]  # 17.2: where the Railhead markers start
    railheads_turn: int | None  # S2.2: the turn more Railheads appear ...
    railheads_later: tuple[str, ...]  # ... and where
    exits: frozenset[str]  # 24.1.2, S1.2: the other side's Entry Areas the Axis may enter
    hold: frozenset[str]  # 20.4 "garrison", 20.6 "north_caucasus"
    held_until: Mapping[str, int]  # S1.2: unit -> the turn it is released
    no_replacements: frozenset[tuple[int, str]]  # S2.4, S3.2: (turn, side) without replacements
    first_entry: Mapping[str, frozenset[str]]  # S2.2: Entry Area -> the hexes units enter by on the first turn
    rail_entry: RailEntry | None = None  # S1.2: reinforcements entrained onto the map from its edges


@dataclass(frozen=True)
class Facts:
    movement: Movement
    volga_side: str  # 5.5.3
    flotilla_limit: str
    stacking: Stacking
    rail: Rail
    sea: Sea
    supply: Supply
    railhead_count: int  # 17.2.1
    railhead_hexes: int
    release: Release
    entry: Entry
    replacements: Replacements
    winter: Winter
    scenarios: Mapping[str, ScenarioFacts]


def facts(ctx: Context) -> Facts:
    """The rules' facts (read once per loaded game; looked up without :func:`once`'s call when read)."""
    value = ctx.tables.get("s42_facts")
    return value if value is not None else once(ctx, "s42_facts", lambda c: load(c.game))


def scenario_facts(ctx: Context) -> ScenarioFacts:
    return facts(ctx).scenarios[ctx.scenario_id]


def axis(ctx: Context) -> str:
    """The side that is not the Volga's (5.5.3): the one that scores (24.1.1). Looked up once per replay (the checks
    after every line ask)."""
    out = ctx.derived.get("s42_axis")
    if out is None:
        out = ctx.derived["s42_axis"] = next(s for s in ctx.game.sides if s != facts(ctx).volga_side)
    return out


def _sides(game: Game, t: Table, key: str, values: list) -> tuple[str, ...]:
    out = tuple(_side(game, t, key, v) for v in values)
    if sorted(out) != sorted(game.sides):
        raise t.error("must list every side once", key)
    return out


def _scenario(game: Game, t: Table) -> ScenarioFacts:
    maps = t.str_list("maps")
    bad = [m for m in maps if m not in game.map.sections]
    if bad:
        raise t.error(f"'{bad[0]}' is not a map section", "maps")
    areas = t.table("areas")
    for a, side in areas.data.items():
        if a not in game.map.areas:
            raise areas.error(f"'{a}' is not an area of map/areas.toml", a)
        _side(game, areas, a, side)
    skips = []
    for s in t.tables("skip") if t.has("skip") else []:
        phase = s.str("phase", "") or None
        if phase is not None and phase not in {p.id for p in game.phases if p.player}:
            raise s.error(f"'{phase}' is not a player phase", "phase")
        turn = s.int("turn", lo=1, hi=len(game.turns))
        skips.append(Skip(turn, _side(game, s, "player", s.str("player")), phase))
    switch = t.table("switch") if t.has("switch") else None
    first = t.str("tactical_first_turn", "") or None
    later = t.table("railheads_from") if t.has("railheads_from") else None
    return ScenarioFacts(
        frozenset(maps), t.str("maps_rule"), dict(areas.data), _sides(game, t, "order", t.str_list("order")),
        switch.int("turn", lo=1, hi=len(game.turns)) if switch else None,
        _sides(game, switch, "order", switch.str_list("order")) if switch else (),
        tuple(skips), frozenset(t.list("interchange", [])), _side(game, t, "tactical_first_turn", first) if first
        else None, _regions(game, t, "repaired"), _hexes(game, t, "railheads", []),
        later.int("turn", lo=1, hi=len(game.turns)) if later else None, _hexes(game, later, "hexes") if later else (),
        frozenset(_exits(game, t)), frozenset(_holds(t)), _held_until(game, t),
        frozenset((x.int("turn", lo=1, hi=len(game.turns)), _side(game, x, "player", x.str("player")))
                  for x in (t.tables("no_replacements") if t.has("no_replacements") else [])),
        _first_entry(game, t), _rail_entry(game, t))


def _rail_entry(game: Game, t: Table) -> RailEntry | None:
    """S1.2: ``rail_entry = { areas = [...], edges = ["east", "south"] }``."""
    if not t.has("rail_entry"):
        return None
    r = t.table("rail_entry")
    areas = r.str_list("areas")
    if not areas or any(a not in game.map.areas for a in areas):
        raise r.error("areas: Entry Areas of map/areas.toml", "areas")
    edges = r.str_list("edges")
    if not edges or any(e not in EDGES for e in edges):
        raise r.error(f"edges: some of {', '.join(EDGES)}", "edges")
    return RailEntry(frozenset(areas), frozenset(edges))


def _first_entry(game: Game, t: Table) -> Mapping[str, frozenset[str]]:
    """S2.2: the hexes through which units leave an Entry Area on the scenario's first turn (area -> region)."""
    out = {}
    for area, region in (t.table("first_turn_entry").data.items() if t.has("first_turn_entry") else ()):
        if area not in game.map.areas or not isinstance(region, str):
            raise t.error(f"'{area}' = a region of map/regions.toml, for an area of map/areas.toml", "first_turn_entry")
        out[area] = _region(game, t, "first_turn_entry", region)
    return out


def _exits(game: Game, t: Table) -> list[str]:
    out = t.str_list("exits", [])
    if any(a not in game.map.areas for a in out):
        raise t.error("not an area of map/areas.toml", "exits")
    return out


HOLDS = ("garrison", "north_caucasus")


def _holds(t: Table) -> list[str]:
    out = t.str_list("hold", [])
    if any(h not in HOLDS for h in out):
        raise t.error(f"a hold is one of {', '.join(HOLDS)}", "hold")
    return out


def _held_until(game: Game, t: Table) -> dict[str, int]:
    h = t.table("held_until", required=False)
    for uid in h.data:
        if uid not in game.units:
            raise h.error(f"'{uid}' is not a unit of units.csv", uid)
    return {uid: h.int(uid, lo=1, hi=len(game.turns)) for uid in h.data}


def _kinds(game: Game, t: Table) -> dict[str, ReplacementKind]:
    out = {}
    known = set(game.traits) | set(game.unit_types)
    for kid, k in t.items():
        restores = k.str_list("restores", [])
        nats = k.str_list("nationalities", [])
        bad = [x for x in restores if x not in known] or [x for x in nats if x not in game.nationalities]
        if bad:
            raise k.error(f"'{bad[0]}' is not a trait, unit type or nationality of game.toml", kid)
        out[kid] = ReplacementKind(kid, frozenset(restores), frozenset(nats))
    return out


def _track(game: Game, t: Table) -> dict[str, str]:
    for sid in t.data:
        if sid not in game.scenarios:
            raise t.error(f"'{sid}' is not a scenario of the game", sid)
    return {sid: t.str(sid) for sid in t.data}


def _columns(game: Game, t: Table, kinds: Mapping[str, ReplacementKind]) -> dict[str, dict[str, str]]:
    declared = set(game.columns.get("turns", {}))
    out: dict[str, dict[str, str]] = {}
    for side, cols in t.items():
        _side(game, t, side, side)
        for kind, col in cols.data.items():
            if kind not in kinds:
                raise cols.error(f"'{kind}' is not a replacement kind", kind)
            if col not in declared:
                raise cols.error(f"'{col}' is not a column of turns.csv", kind)
        out[side] = dict(cols.data)
    return out


def load(game: Game) -> Facts:
    """Read ``tables/rules.toml`` (a problem raises a :class:`DataError` naming the file and key)."""
    t = read_toml(os.path.join(game.root, *FILE))
    m, r, s, su, v = t.table("movement"), t.table("rail"), t.table("sea"), t.table("supply"), t.table("volga")
    st = t.table("stacking")
    rh, rel, e, rp, w = t.table("railheads"), t.table("release"), t.table("entry"), t.table("replacements"), \
        t.table("winter")
    unfinished: dict[str, int] = {}
    later = r.table("unfinished")
    for region in later.data:
        turn = later.int(region, lo=1, hi=len(game.turns))
        unfinished.update((h, turn) for h in _region(game, later, region, region))
    airfield = su.table("airfield")
    for side in airfield.data:
        _side(game, airfield, side, side)
    kinds = _kinds(game, rp.table("kinds"))
    if w.str("event") not in {ev.code for turn in game.turns.values() for ev in turn.events}:
        raise w.error(f"no turn event '{w.str('event')}' in turn_events.csv", "event")
    sections = w.str_list("freeze_sections")
    if any(x not in game.map.sections for x in sections):
        raise w.error("not a map section", "freeze_sections")
    terrain = w.str_list("lake_terrain")
    if any(x not in game.tec for x in terrain):
        raise w.error("not a TEC terrain", "lake_terrain")
    return Facts(
        Movement(m.int("extended_mp", lo=0, hi=9), m.int("tactical_hexes", lo=1, hi=9),
                 m.int("replacement_hexes", lo=0, hi=9), m.int("asu_ready_hexes", lo=0, hi=9),
                 m.int("hq_offensive_hexes", lo=0, hi=9), _trait(game, m, "pickup_trait")),
        _side(game, v, "side", v.str("side")), _hex(game, v, "flotilla_limit"),
        Stacking(st.int("corps", lo=0, hi=99), frozenset(_units(game, st, "corps_hqs")), _trait(game, st, "corps_trait")),
        Rail(r.int("limit", lo=0, hi=99), r.int("from_map", lo=0, hi=99), r.int("ferry_units", lo=0, hi=9),
             _regions(game, r, "never"), unfinished),
        Sea(_side(game, s, "shipping_side", s.str("shipping_side")), s.int("per_sea", lo=0, hi=9), s.int("kerch_units", lo=0, hi=9), _area(game, s, "kerch_area"),
            _hex(game, s, "kerch_hex"), _sea(game, s, "azov"), _hex(game, s, "temryuk"), _hex(game, s, "taman")),
        Supply(dict(airfield.data), su.int("airfield_rail_hexes", lo=0, hi=99), su.int("city", lo=0, hi=9),
               su.int("hq", lo=0, hi=9), su.int("modifier_cap", lo=0, hi=9),
               frozenset(_hexes(game, su, "airfield_beside_enemy"))),
        rh.int("count", lo=0, hi=99), rh.int("hexes", lo=0, hi=99),
        Release(rel.int("garrison_hexes", lo=0, hi=99), rel.int("north_caucasus_hexes", lo=0, hi=99),
                _hexes(game, rel, "stalingrad"), rel.int("north_caucasus_row", lo=0, hi=999),
                _hex(game, rel, "don_from"), _hex(game, rel, "don_to"), _hexes(game, rel, "volunteer_hexes"),
                _units(game, rel, "north_caucasus_hqs"), rel.str("blucher_code")),
        Entry(frozenset(_areas(game, e, "north")), frozenset(_areas(game, e, "south")), _area(game, e, "transit"),
              e.int("transit_units", lo=0, hi=99), _area(game, e, "baku"), frozenset(_areas(game, e, "corps_areas")),
              _area(game, e, "winter_closed"), _areas(game, e, "winter_to")),
        Replacements(rp.int("guards", lo=0, hi=99), rp.int("eliminated_per_hex", lo=0, hi=99),
                     rp.int("hq_rail_hexes", lo=0, hi=99), rp.int("return_delay", lo=0, hi=99), kinds,
                     _columns(game, rp.table("columns"), kinds), _track(game, rp.table("track", required=False))),
        Winter(w.str("event"), frozenset(sections), frozenset(terrain)),
        {sid: _scenario(game, x) for sid, x in t.table("scenarios").items() if _known_scenario(game, t, sid)})


def _sea(game: Game, t: Table, key: str) -> str:
    v = t.str(key)
    if v not in game.map.seas:
        raise t.error(f"'{v}' is not a sea of map/water.toml", key)
    return v


def _known_scenario(game: Game, t: Table, sid: str) -> bool:
    if sid not in game.scenarios:
        raise t.table("scenarios").error(f"'{sid}' is not a scenario of the game", sid)
    return True


def _complete(game: Game, f: Facts) -> None:
    missing = sorted(set(game.scenarios) - set(f.scenarios))
    if missing:
        raise DataError(os.path.join(*FILE), f"scenarios: no facts for scenario '{missing[0]}' (maps, areas, order)")


def check_data(game: Game) -> list[DataError]:
    """``hexforge info``'s hook: the problem ``tables/rules.toml`` has, if any (the reader stops at its first)."""
    readers: tuple[Callable[[Game], Any], ...] = (lambda g: _complete(g, load(g)),)
    out: list[DataError] = []
    for reader in readers:
        try:
            reader(game)
        except DataError as err:
            out.append(err)
    return out
