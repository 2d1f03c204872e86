"""Scenarios: ``scenarios/<id>/scenario.toml`` and the setup CSV each names (docs/data.md "scenarios"), and the
check that a setup respects the first turn's stacking limits."""

from __future__ import annotations

import os
from typing import Mapping

from .columns import row_extra
from .datafiles import Row, Table, shown
from .errors import DataError
from .fields import (
    MAX_TEXT, id_problem, row_bool, row_choice, row_int, row_source, row_text, short, toml_csv_name, toml_id, toml_ids,
    toml_int, toml_text, toml_texts,
)
from .load_game import MAX_TURN
from .loading import Loading
from .model import Game, Immobile, MapDef, MarkerPlacement, Placement, Scenario, frozen_map

SCENARIO_KEYS = ("id", "name", "first_turn", "last_turn", "setup_file", "special_rules", "victory", "hands", "control",
                 "markers", "options", "immobile")
SETUP_COLUMNS = frozenset({"unit", "location", "face", "turn", "condition", "stacking", "source", "notes"})
MAX_SCENARIOS = 100


def load_scenarios(ld: Loading, game_map: MapDef | None) -> tuple[dict[str, Scenario], dict[str, dict[str, Row]]]:
    """The scenarios, and for each the setup rows by unit (for the stacking check's messages)."""
    sdir = ld.path("scenarios")
    out: dict[str, Scenario] = {}
    rows_by_scenario: dict[str, dict[str, Row]] = {}
    if not os.path.isdir(sdir):
        ld.problems.add(DataError(ld.shown("scenarios"), "no scenarios folder (a game needs at least one scenario: "
                                                          "scenarios/<id>/scenario.toml)"))
        return out, rows_by_scenario
    names = sorted(os.listdir(sdir))
    folders = [n for n in names if os.path.isdir(os.path.join(sdir, n))]
    if not folders:
        ld.problems.add(DataError(ld.shown("scenarios"), "no scenario (expected scenarios/<id>/scenario.toml)"))
    if len(folders) > MAX_SCENARIOS:
        ld.problems.add(DataError(ld.shown("scenarios"), f"{len(folders)} scenarios (at most {MAX_SCENARIOS})"))
        folders = folders[:MAX_SCENARIOS]
    for name in folders:
        with ld.guard():
            problem = id_problem(name)
            if problem:
                raise DataError(ld.shown("scenarios"), f"scenario folder {problem}")
            t = ld.toml("scenarios", name, "scenario.toml")
            if t is not None:
                out[name], rows_by_scenario[name] = _scenario(ld, name, t, game_map)
    return out, rows_by_scenario


def _scenario(ld: Loading, name: str, t: Table, game_map: MapDef | None) -> tuple[Scenario, dict[str, Row]]:
    ld.keys(t, SCENARIO_KEYS)
    sid = toml_id(t, "id")
    if sid != name:
        raise t.error(f"the id '{sid}' differs from its folder's name '{name}'", "id")
    first, last = toml_int(t, "first_turn", 1, MAX_TURN), toml_int(t, "last_turn", 1, MAX_TURN)
    if ld.names("turns").missing(str(first)) or ld.names("turns").missing(str(last)) or first > last:
        raise t.error(f"turns {first}-{last} are not on the turn track", "last_turn")
    setup, reinforcements, rows_by_unit = _setup(ld, name, toml_csv_name(t, "setup_file"))
    markers = []
    for m in t.tables("markers"):
        with ld.guard():
            markers.append(_marker(ld, m, game_map))
    scenario = Scenario(
        sid, toml_text(t, "name"), first, last, tuple(setup), tuple(reinforcements), tuple(markers), _hands(ld, t),
        _control(ld, t, game_map), toml_texts(t, "special_rules", default=()), toml_texts(t, "victory", default=()),
        _options(t), tuple(_immobile(ld, im) for im in t.tables("immobile")))
    return scenario, rows_by_unit


def _setup(ld: Loading, folder: str, file: str) -> tuple[list[Placement], list[Placement], dict[str, Row]]:
    rows = ld.csv("scenarios", folder, file, required=("unit", "location", "turn"), known=SETUP_COLUMNS,
                  extra="setup") or []
    setup, reinforcements = [], []
    rows_by_unit: dict[str, Row] = {}
    seen: dict[str, int] = {}
    for r in rows:
        with ld.guard():
            uid = ld.unique(r, "unit", seen, "unit in the setup")
            rows_by_unit[uid] = r
            if ld.names("units").missing(uid):
                raise r.error(f"unknown unit '{uid}'")
            loc = row_text(r, "location", 64)
            turn = row_int(r, "turn", 1, MAX_TURN, None)
            cond = row_text(r, "condition", 64)
            if loc:
                if ld.location_missing(loc):
                    _unknown_location(r, loc, "set up in" if turn is None else "arriving in")
            elif turn is None and not cond:
                raise r.error(f"unit '{uid}' has neither a location nor a turn of arrival")
            if turn is not None and ld.names("turns").missing(str(turn)):
                raise r.error(f"turn {turn} is not on the turn track")
            row_text(r, "notes", MAX_TEXT)
            p = Placement(uid, loc, row_choice(r, "face", ("front", "back"), "front"), turn, cond, row_source(r),
                          row_extra(r, ld.columns.get("setup", {}), ld.refs), row_bool(r, "stacking", True))
            (setup if turn is None and not cond else reinforcements).append(p)
    return setup, reinforcements, rows_by_unit


def _unknown_location(r: Row, loc: str, verb: str) -> None:
    if loc[:1].isdigit():
        raise r.error(f"unit '{r.get('unit')}' {verb} hex '{loc}', which is not on the map")
    raise r.error(f"unit '{r.get('unit')}' {verb} '{loc}', which is not a hex, area or box")


def _marker(ld: Loading, m: Table, game_map: MapDef | None) -> MarkerPlacement:
    ld.keys(m, ("kind", "location", "face", "count"))
    kind = toml_id(m, "kind")
    if ld.names("markers").missing(kind):
        raise m.error(f"unknown marker kind '{kind}'", "kind")
    loc = toml_text(m, "location", 64)
    box, _, space = loc.partition(":")
    if ld.location_missing(box if space else loc):
        raise m.error(f"unknown location '{loc}'", "location")
    if space and game_map is not None and box in game_map.boxes and space not in game_map.boxes[box].spaces:
        raise m.error(f"box '{box}' has no space '{space}'", "location")
    face = m.str("face", "front")
    if face not in ("front", "back"):
        raise m.error(f"'{face[:20]}' is not front or back", "face")
    return MarkerPlacement(kind, loc, face, toml_int(m, "count", 1, 999, 1))


def _hands(ld: Loading, t: Table) -> Mapping[str, int]:
    hands = t.table("hands", required=False)
    out = {}
    for side in hands.data:
        ld.side_ref(side, lambda msg: hands.error(msg, short(side)))
        out[side] = toml_int(hands, side, 0, 99)
    return frozen_map(out)


def _control(ld: Loading, t: Table, game_map: MapDef | None) -> Mapping[str, str]:
    control: dict[str, str] = {}
    ct = t.table("control", required=False)
    for region_id, side in ct.data.items():
        if ld.names("regions").missing(region_id):
            raise t.error(f"unknown region '{region_id[:40]}'", f"control.{region_id[:40]}")
        if not isinstance(side, str) or (ld.sides_ok and side not in ld.sides):
            raise t.error(f"unknown side {shown(side)}", f"control.{region_id[:40]}")
        region = game_map.regions.get(region_id) if game_map is not None else None
        for loc in sorted(region.locations) if region is not None else ():  # (none: the region had a problem)
            control[loc] = side
    return frozen_map(control)


def _options(t: Table) -> Mapping[str, bool]:
    options = t.table("options", required=False).data
    for key, value in options.items():
        problem = id_problem(key)
        if problem:
            raise t.error(f"option {problem}", f"options.{key[:40]}")
        if not isinstance(value, bool):
            raise t.error(f"expected true or false, found {str(value)[:40]!r}", f"options.{key[:40]}")
    return frozen_map(options)


def _immobile(ld: Loading, t: Table) -> Immobile:
    """A scenario's ``[[immobile]]`` table: units that may not move on some turns."""
    ld.keys(t, ("units", "turns", "text"))
    listed = toml_ids(t, "units")
    for uid in listed:
        if ld.names("units").missing(uid):
            raise t.error(f"unknown unit '{uid}'", "units")
    on = t.list("turns")
    for turn in on:
        if isinstance(turn, bool) or not isinstance(turn, int) or ld.names("turns").missing(str(turn)):
            raise t.error(f"turn {str(turn)[:20]} is not on the turn track", "turns")
    return Immobile(tuple(listed), tuple(on), toml_text(t, "text", MAX_TEXT))


def stacking_problems(game: Game, scenario: Scenario, rows: Mapping[str, Row]) -> list[DataError]:
    """Setup units must respect the first turn's stacking limits (except in areas without one, and the placements that
    do not count), and not share a hex with enemy units."""
    per_loc: dict[str, list[str]] = {}
    counts = {p.unit for p in scenario.setup if p.stacking}
    for p in scenario.setup:
        if game.map.location_exists(p.location) and p.unit in game.units:
            per_loc.setdefault(p.location, []).append(p.unit)
    out = []
    for loc, uids in sorted(per_loc.items()):
        side = game.units[uids[0]].side
        enemy = next((u for u in uids if game.units[u].side != side), None)
        if enemy is not None:
            out.append(rows[enemy].error(f"unit '{enemy}' is set up in {loc} together with enemy units"))
            continue
        area = game.map.areas.get(loc)
        if side not in game.stacking or (area is not None and not area.stacking):
            continue
        faces = {p.unit: p.face for p in scenario.setup}
        pieces = [game.tags(game.units[u], faces[u]) for u in uids if u in counts]
        if not game.stack_allows(side, scenario.first_turn, pieces):
            limit = game.stacking_limit(side, scenario.first_turn)
            out.append(rows[uids[-1]].error(
                f"{len(pieces)} {side} units set up in {loc}; the stacking limit on turn {scenario.first_turn} is "
                f"{limit.limit}" + (f" plus one {limit.extra}" if limit.extra else "")))
    return out
