"""Stalingrad '42 scenarios S1-S4: turns, maps, set-ups within stacking, each unit in one place, and every set-up
fact the rules state (S1.2, 20.4, 20.6, 20.7, 22.1.1, 22.1.3, S2.3, S3.2, S3.5)."""

from __future__ import annotations

from collections import Counter

import pytest

from games import Game
from games.model import Scenario

from test_s42_data_support import s42  # noqa: F401  (the loaded game)

SCENARIOS = {"s1_fall_blau": (1, 8), "s2_caucasus": (10, 27), "s3_uranus": (28, 36), "s4_campaign": (1, 36)}
SOUTH_AREAS = set("GHJKL")  # 22.1.1 (there is no Entry Area I)


def on_map(game: Game, sc: Scenario) -> list:
    return [p for p in sc.setup if p.location in game.map.hexes]


def row(hex_id: str) -> int:
    return int(hex_id[2:])


def test_scenarios_and_their_turns(s42: Game) -> None:
    assert {k: (s.first_turn, s.last_turn) for k, s in s42.scenarios.items()} == SCENARIOS
    for sc in s42.scenarios.values():
        assert sc.special_rules and sc.victory
        assert set(sc.options) == {"reserves", "planned_offensive", "disengagement", "leaders", "contested_cities"}
    assert s42.scenarios["s3_uranus"].options["contested_cities"]  # 29.0: mandatory in Uranus


@pytest.mark.parametrize("sid", sorted(SCENARIOS))
def test_each_unit_in_one_place_and_stacking(s42: Game, sid: str) -> None:
    sc = s42.scenarios[sid]
    placements = sc.setup + sc.reinforcements
    assert not [u for u, n in Counter(p.unit for p in placements).items() if n > 1]
    per_hex: dict[str, list] = {}
    for p in on_map(s42, sc):
        if p.stacking:
            per_hex.setdefault(p.location, []).append(p)
    for hex_id, ps in per_hex.items():
        sides = {s42.units[p.unit].side for p in ps}
        assert len(sides) == 1, hex_id
        tags = [s42.tags(s42.units[p.unit], p.face) for p in ps]
        assert s42.stack_allows(sides.pop(), sc.first_turn, tags), (sid, hex_id)  # 4.1-4.3


@pytest.mark.parametrize("sid, inside", [
    ("s1_fall_blau", lambda h: int(h[:2]) <= 41 and int(h[2:]) <= 43),  # S1.1: map A only
    ("s2_caucasus", lambda h: int(h[2:]) >= 41),  # S2.1: maps C1 and C2, not their north half hexes
    ("s3_uranus", lambda h: int(h[2:]) <= 43),  # S3.1: maps A and B
])
def test_set_ups_stay_on_the_scenario_maps(s42: Game, sid: str, inside) -> None:
    sc = s42.scenarios[sid]
    assert on_map(s42, sc)
    assert all(inside(p.location) for p in on_map(s42, sc)), sid


def test_fall_blau_reserve_armies(s42: Game) -> None:
    s1, s4 = s42.scenarios["s1_fall_blau"], s42.scenarios["s4_campaign"]
    for sc in (s1, s4):
        in_3806 = [p.unit for p in sc.setup if p.location == "3806"]
        assert sorted(s42.units[u].extra["formation"] for u in in_3806) == ["6R"] * 4  # S1.2
    fifth = [p for p in s1.reinforcements if s42.units[p.unit].extra.get("formation") == "5R"]
    assert len(fifth) == 5 and {(p.turn, p.location) for p in fifth} == {(3, "M")}  # S1.2
    assert "sov_66nav" in {p.unit for p in on_map(s42, s1)}  # S1.2: released on turn 5, so on map A
    immobile = {u for im in s1.immobile if 1 in im.turns for u in im.units}
    assert immobile == {"ger_14pz", "ger_22pz", "ger_60mot"}  # S1.2


def test_campaign_set_up_facts(s42: Game) -> None:
    sc = s42.scenarios["s4_campaign"]
    where = {p.unit: p for p in sc.setup}
    names = {h.id: h.name for h in s42.map.hexes.values()}
    garrisons = [u for u in s42.units.values() if "garrison" in u.front.flags]
    assert all(u.id in where for u in garrisons)  # 20.4: all twelve start on the map
    for u in garrisons:
        place = where[u.id]
        assert place.location in s42.map.hexes, u.id
        if u.front.name in names.values():
            assert names[place.location] == u.front.name, u.id  # in the city it is named after
    assert names[where["sov_10nkvd"].location] == "Stalingrad"
    rostov_row = row(next(h for h, n in names.items() if n == "Rostov"))
    for u in s42.units.values():
        if "north_caucasus" in u.front.flags:
            assert row(where[u.id].location) >= rostov_row, u.id  # 20.6: south of Rostov
    blu = [u.id for u in s42.units.values() if u.code == "Blü"]
    for sid in ("s1_fall_blau", "s2_caucasus", "s4_campaign"):
        starts = {p.unit: p.location for p in s42.scenarios[sid].setup}
        assert all(starts.get(u) == "W" for u in blu), sid  # 20.7: in Entry Area W
    reduced = {p.unit for p in sc.setup if p.face == "back"}
    assert reduced == {u.id for u in s42.units.values() if "triangle" in u.front.flags}  # 22.1.3
    assert all(p.location == "trans_caucasus" for p in sc.setup if s42.units[p.unit].code == "TC")  # 30.0


@pytest.mark.parametrize("sid", ["s1_fall_blau", "s4_campaign"])
def test_june_28_set_up_keeps_to_the_start_line(s42: Game, sid: str) -> None:
    west = s42.map.regions["west_of_start_line"].locations
    sc = s42.scenarios[sid]
    for p in on_map(s42, sc):
        assert (s42.units[p.unit].side == "axis") == (p.location in west), (sid, p.unit, p.location)
    assert {sc.control[h] for h in west} == {"axis"}  # 24.1.4: west of the start line is Axis


def test_reinforcements_arrive_where_their_codes_say(s42: Game) -> None:
    for sid, sc in s42.scenarios.items():
        first, last = SCENARIOS[sid]
        for p in sc.reinforcements:
            u = s42.units[p.unit]
            if p.condition:
                continue
            assert first < p.turn <= last or (sid == "s2_caucasus" and p.turn == first), (sid, p.unit)
            entry = set(p.extra.get("entry", ()))
            assert p.location in entry, (sid, p.unit)
            if u.side == "axis":
                assert entry <= set("WXYZQR") | {"north_edge"}, (sid, p.unit)  # 22.1.1, S2.2, S3.2
            elif u.code.endswith("C"):
                assert entry <= SOUTH_AREAS, (sid, p.unit)  # 22.1.1, S2.3
            elif sid == "s1_fall_blau" and u.extra.get("formation") == "5R":
                assert entry == {"M"}, p.unit  # S1.2
            elif "holding_box" not in s42.tags(u):
                assert entry <= set("ABC"), (sid, p.unit)  # 22.1.1
    s3 = {p.unit: p for p in s42.scenarios["s3_uranus"].reinforcements}
    assert (s3["ss_wiking_4"].turn, set(s3["ss_wiking_4"].extra["entry"])) == (35, {"Q", "R"})  # S3.2
    s1 = s42.scenarios["s1_fall_blau"].reinforcements
    assert all(set(p.extra["entry"]) <= {"A", "B", "M"} for p in s1 if s42.units[p.unit].side == "soviet")  # S1.2


def test_uranus_starts_with_the_axis_in_stalingrad(s42: Game) -> None:
    sc = s42.scenarios["s3_uranus"]
    stalingrad = {h.id for h in s42.map.hexes.values() if h.name == "Stalingrad"}
    axis_in = [p for p in sc.setup if p.location in stalingrad and s42.units[p.unit].side == "axis"]
    assert axis_in  # S3.5: the Axis holds Stalingrad hexes to start with
    vp = [m for m in sc.markers if m.marker_kind == "vp"]
    assert [m.location for m in vp] == ["vp_track:15"]  # S3.5: the Axis starts with 15 VPs


def test_every_counter_is_used(s42: Game) -> None:
    sc = s42.scenarios["s4_campaign"]
    used = {p.unit for p in sc.setup + sc.reinforcements}
    pool = {u.id for u in s42.units.values() if "remnant" in u.front.flags or "supply" in s42.tags(u)}
    assert set(s42.units) - pool - used == set()  # every unit but Remnants and spare SPs enters the campaign
