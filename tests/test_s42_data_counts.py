"""Stalingrad '42 counter mix and markers: every count the rules state, the named units and the example values."""

from __future__ import annotations

from collections import Counter

from games import Game
from games.model import Unit

from test_s42_data_support import s42  # noqa: F401  (the loaded game)

AXIS_ALLIES = {"romanian", "hungarian", "italian", "slovak", "croatian", "volunteer"}  # 20.5


def values(u: Unit, face: str = "front") -> tuple[int | None, int | None, int | None]:
    f = u.face(face)
    return f.attack, f.defense, f.ma


def tagged(game: Game, tag: str) -> list[Unit]:
    """Units whose front face has ``tag`` (type id, type trait or face flag)."""
    return [u for u in game.units.values() if tag in game.tags(u)]


def test_special_unit_counts_of_rule_20(s42: Game) -> None:
    assert len(tagged(s42, "army_hq")) == 3  # 20.1
    mountain = [u for u in tagged(s42, "mountain_unit") if u.extra.get("size") == "XX"]
    assert len(mountain) == 11  # 20.2
    assert len(tagged(s42, "nkvd")) == 8  # 20.3
    assert len(tagged(s42, "garrison")) == 12  # 20.4
    assert any("garrison" in s42.tags(u) for u in tagged(s42, "nkvd"))  # 20.3: some NKVD are garrisons
    assert len(tagged(s42, "north_caucasus")) == 15  # 20.6
    nc_fronts = [u for u in tagged(s42, "command_hq") if u.side == "soviet" and u.extra.get("formation") == "NCF"]
    assert sorted(u.front.name for u in nc_fronts) == ["BlkSea Group", "NCau Front"]  # 20.6: plus two Front HQs
    assert len([u for u in s42.units.values() if u.code == "Blü"]) == 5  # 20.7
    assert len([u for u in s42.units.values() if u.nationality == "volunteer"]) == 6  # 20.8
    assert [u.front.name for u in tagged(s42, "city_attack")] == ["Linden"]  # 20.9
    assert "no_replacement" in s42.tags(s42.units["ger_linden"])


def test_counts_of_other_rules(s42: Game) -> None:
    reserve_armies = tagged(s42, "holding_box")
    assert len(reserve_armies) == 6 and {u.code for u in reserve_armies} == {"21"}  # 34.1.1
    assert all(values(u) == (0, 0, 3) for u in reserve_armies)  # the 2.3 sample: 0-0-3
    mobile = Counter(u.side for u in tagged(s42, "supply") if u.front.ma)
    assert mobile == {"axis": 5, "soviet": 4}  # 18.6.8
    air = Counter(u.nationality for u in tagged(s42, "aircraft"))
    assert air == {"luftwaffe": 2, "romanian": 1}  # 9.3.8, 9.3.9: two German, one leaves on turn 27
    assert all(u.side == "axis" for u in tagged(s42, "aircraft"))  # 9.3.1
    assert sorted(u.front.name for u in tagged(s42, "commander")) == ["Chuikov", "Manstein"]  # 28.1
    assert len(tagged(s42, "artillery_division")) >= 2  # 18.5: a Massive Barrage needs two, or one and a Front HQ


def test_reserve_armies_of_rule_31(s42: Game) -> None:
    by_army = Counter(u.extra.get("formation") for u in s42.units.values())
    assert by_army["5R"] == 5  # S1.2: the 5th Reserve Army's five units
    assert by_army["6R"] == 4  # S1.2: the 6th Reserve Army's four units
    assert by_army["7R"] > 0 and by_army["8R"] > 0  # 31.0: the 7th and 8th Reserve Armies exist too


def test_marker_counts(s42: Game) -> None:
    count = Counter(m.kind for m in s42.all_markers)
    assert count["fort_axis"] == 12 and count["fort_soviet"] == 24  # 9.7.3
    assert count["reserve_axis"] == 3 and count["reserve_soviet"] == 3  # 25.2.2
    assert count["railhead"] == 4  # 17.2.1
    assert count["frozen"] == 4  # 31.0
    assert count["maskirovka"] == 6  # 34.1.1
    assert count["offensive_axis"] == 2 and count["offensive_soviet"] == 2  # 26.2: at most two on the map
    for kind in ("city_battle", "disrupted", "full_retreat", "auto_ds", "train", "out_of_supply", "control",
                 "replacement", "volga_flotilla", "vasilevsky", "mud", "weather", "vp", "game_turn"):
        assert count[kind] >= 1, kind


def test_named_units_and_example_values(s42: Game) -> None:
    u = s42.units
    wiking4 = u["ss_wiking_4"]
    assert values(wiking4) == (8, 10, 6) and wiking4.steps == 4 and "black_dot" in wiking4.front.flags  # 32.4
    assert wiking4.extra["upgrade_of"] == "ss_wiking" and u["ss_wiking"].steps == 3
    assert u["ger_23pz"].steps == 3 and u["ger_75id"].steps == 3  # 2.3.5: their three steps
    assert values(u["ger_75id"]) == (4, 6, 3)  # 8.5.2: the 4-6-3 infantry
    panzer = [x for x in s42.units.values() if values(x) == (10, 8, 6) and x.front.type == "tank"]
    assert panzer and all("red_dot" in x.front.flags for x in panzer)  # 9.2.2: 10-8-6 earns two shifts
    assert values(u["sov_160rd"]) == (3, 5, 3) and not u["sov_160rd"].front.flags & {"black_dot", "red_dot"}
    assert values(u["sov_13tc"]) == (7, 5, 5) and "black_dot" in u["sov_13tc"].front.flags  # 9.2.2: one shift
    for uid in ("ger_9pz", "ger_11pz", "ger_14pz", "ger_22pz", "ger_60mot", "ger_gd", "ss_1rfss", "ger_kg_michalik",
                "ger_27pz", "ita_barbo", "sov_13tc", "sov_14tc", "sov_28tc", "sov_66nav", "ger_hq_4pza", "ger_hq_6a",
                "sov_hq_1ga", "sov_hq_5sa", "ger_manstein", "sov_chuikov"):
        assert uid in u, uid
    assert u["ger_27pz"].extra["upgrade_of"] == "ger_kg_michalik"  # 32.5
    assert u["ita_barbo"].nationality == "italian" and u["ita_barbo"].front.type == "cavalry"  # 32.3
    assert u["ss_1rfss"].steps >= 2  # 32.3: it can be reduced
    tank_army, shock_army = u["sov_hq_5ta"], u["sov_hq_5sa"]  # the 2.3 samples
    assert (values(tank_army), tank_army.code) == ((0, 0, 6), "23")
    assert (values(shock_army), shock_army.code) == ((0, 0, 3), "32")


def test_removals_have_candidates(s42: Game) -> None:
    elite_panzer = [x for x in tagged(s42, "tank") if x.side == "axis" and x.nationality == "german"
                    and "elite" in x.front.flags and x.steps == 3]
    assert len(elite_panzer) >= 2  # 32.1: two elite Panzer divisions
    assert u_steps(s42, ["ger_9pz", "ger_11pz", "ger_gd"]) >= 7  # 32.1: at least seven steps
    assert len([x for x in tagged(s42, "infantry") if x.nationality == "german" and x.steps == 3]) >= 2  # 32.3


def u_steps(game: Game, ids: list[str]) -> int:
    return sum(game.units[i].steps for i in ids)


def test_every_three_step_type_has_a_remnant(s42: Game) -> None:
    remnants = {(x.side, x.front.type) for x in tagged(s42, "remnant")}
    for x in s42.units.values():
        if x.steps == 3:
            assert (x.side, x.front.type) in remnants or (x.side, "infantry") in remnants, x.id


def test_faces_and_flags(s42: Game) -> None:
    for x in s42.units.values():
        tags = s42.tags(x)
        if "non_combat" in tags:
            assert not x.front.defense, x.id  # 19.1: defense 0
        elif "aircraft" not in tags:
            assert x.front.defense and x.front.defense > 0, x.id  # 2.3.1: a combat unit
        if x.flip == "step":
            a, d, _ = values(x)
            ra, rd, _ = values(x, "back")
            assert ra <= a and rd <= d and (ra, rd) != (a, d), x.id  # the back is the reduced side
        assert (x.nationality in AXIS_ALLIES) == ("axis_ally" in x.front.flags), x.id  # 20.5
        if x.nationality == "guards":
            assert "elite" in x.front.flags or "non_combat" in tags, x.id  # 2.3.2: all Guards are elite
    assert all("boxed_ma" in x.front.flags for x in tagged(s42, "asu"))  # 18.2.2: no Extended Movement when Ready


def test_sources(s42: Game) -> None:
    source = Counter(x.source for x in s42.units.values())
    assert set(source) <= {"found", "authored", "found+authored"} and source["authored"] > source["found"]
    assert s42.units["ger_75id"].source == "found+authored"
    assert s42.units["sov_160rd"].source == "authored"
