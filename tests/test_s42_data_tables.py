"""Stalingrad '42 charts: the shapes the rules describe and every example the rules give (8.3-8.6, 9.2.2, 9.5,
11.5.2, 15.2.4), the tables printed in the rules text, the TEC's stated facts, the Turn Record Track."""

from __future__ import annotations

import datetime

import pytest

from games import Game

from test_s42_data_support import odds_column, s42  # noqa: F401  (the loaded game)

COLUMNS = ("1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1")
RESULTS = ("A1", "EX", "A1/DR2", "A1/D1", "DRX", "DR2", "D1", "DR4", "DS")  # 10.1, worst to best for the attacker
DD_ABLE = {"A1/DR2", "DR2", "A1/D1", "DRX", "D1"}  # 11.1.1
RETREAT = {"DS": 4, "DR4": 4, "D1": 3, "A1/D1": 2, "DR2": 2, "A1/DR2": 2, "DRX": 2}  # 12.1.1


def test_crt_shape(s42: Game) -> None:
    crt = s42.crts["crt"]
    assert crt.columns == COLUMNS  # 8.3: no 3-2 column
    assert sorted(crt.rows) == [1, 2, 3, 4, 5, 6] and crt.dice == (1, 6)  # one die (8.3)
    cells = [crt.result(c, d) for c in COLUMNS for d in range(1, 7)]
    assert set(cells) == set(RESULTS)  # every 10.1 result, nothing else
    assert set(crt.legend) == set(RESULTS)
    assert (crt.limits.below, crt.limits.above, crt.limits.automatic, crt.limits.automatic_result) == (
        "none", "last", "10-1", "DS")  # 8.4.1


def test_crt_cells_advance_and_colour(s42: Game) -> None:
    crt = s42.crts["crt"]
    for c in COLUMNS:
        for d in range(1, 7):
            result, adv, dd = crt.result(c, d), crt.cell("adv", c, d), crt.cell("dd", c, d)
            if result in RETREAT:
                assert adv in ("2", "3", "4"), (c, d)  # 10.1: Adv 2, 3 or 4 when the defender retreats
            else:
                assert adv == "", (c, d)  # A1 and EX: no advance (EX: only a Limited Advance, 14.2.3)
            if result in ("DS", "DR4"):
                assert dd == "no", (c, d)  # 10.1: no Determined Defense
            assert dd in ("", "no", "orange")  # 11.2.2


def test_crt_gets_better_with_odds_and_die(s42: Game) -> None:
    crt = s42.crts["crt"]
    rank = {r: i for i, r in enumerate(RESULTS)}
    for c in COLUMNS:
        col = [rank[crt.result(c, d)] for d in range(1, 7)]
        assert col == sorted(col), c
    for d in range(1, 7):
        row = [rank[crt.result(c, d)] for c in COLUMNS]
        assert row == sorted(row), d


@pytest.mark.parametrize("attack, defense, shifts, column", [
    (7, 2, 0, "3-1"), (9, 4, 0, "2-1"), (6, 4, 0, "1-1"), (5, 6, 0, "1-2"),  # 8.3 step 1
    (1, 4, 0, "none"),  # 8.4.1: below 1-3 no attack
    (8, 1, -1, "7-1"), (7, 1, 1, "7-1"), (9, 1, 0, "7-1"),  # 8.4.1-8.4.2
    (25, 3, 2, "10-1"), (10, 3, 2, "5-1"),  # 8.6: Auto DS at 8-1 plus two shifts; then 10-3 plus two = 5-1
    (10, 5, 2, "4-1"), (10, 5, 1, "3-1"),  # 9.2.2: Panzer v. rifle division, v. Tank Corps
    (11, 10, 0, "1-1"), (11, 5, 0, "2-1"), (13, 10, 0, "1-1"),  # 9.5.2, 9.5.4
    (26, 5, 2, "7-1"),  # 15.2.4: breakthrough 26 to 5 with two shifts
    (40, 20, 0, "2-1"),  # 8.5: the caps, six Panzer divisions (60 -> 40) v. two 4-6-3s in a city (24 -> 20)
])
def test_odds_examples(s42: Game, attack: int, defense: int, shifts: int, column: str) -> None:
    assert odds_column(s42.crts["crt"], attack, defense, shifts) == column


def test_crt_holds_the_results_the_examples_use(s42: Game) -> None:
    crt = s42.crts["crt"]
    cells = [(crt.result(c, d), crt.cell("adv", c, d), crt.cell("dd", c, d)) for c in COLUMNS for d in range(1, 7)]
    assert ("DS", "4", "no") in cells  # 14.2.2, 15.2.4: "DS Adv 4"
    assert any(r == "D1" and dd == "" for r, _, dd in cells)  # 11.5.2: a D1 the defender may meet with DD, no -1
    assert any(dd == "orange" and r in DD_ABLE for r, _, dd in cells)  # 11.2.2: the light orange cells
    assert any(dd == "no" and r in DD_ABLE for r, _, dd in cells)  # 11.2.2: cells barring DD


def test_determined_defense_table(s42: Game) -> None:
    dd = s42.tables["determined_defense"]
    assert dd.columns == ("clear", "other", "city")  # 11.2.1
    assert dd.clamp and sorted(dd.rows) == list(range(0, 8))
    assert set(dd.legend) == {"S", "P", "F"}  # 11.4.1
    assert {m.value for m in dd.modifiers} == {1, -1} and len(dd.modifiers) == 4  # 11.2.4

    def roll(column: str, die: int, drm: int) -> tuple[str, str]:
        r = dd.row_for(die + drm)
        return dd.result(column, r), dd.cell("losses", column, r)

    # 11.5.2: a D1 in Woods ("Other"); elite Lead Unit (+1). Roll 2 -> 3: F -/-; the Desperate Defense costs the
    # Lead Unit a step; roll 4 -> 5: S -/1, the retreat is cancelled at the cost of another step.
    lost = 1  # the D1 step, taken from the regular division
    result, losses = roll("other", 2, +1)
    assert (result, losses) == ("F", "-/-")
    lost += 1  # 11.5.2: a Fail in a Desperate Defense: one step from the Lead Unit, roll again
    result, losses = roll("other", 4, +1)
    assert (result, losses) == ("S", "-/1")
    lost += int(losses.split("/")[1])
    assert lost == 3  # "The defender lost a total of three steps."
    rank = {"F": 0, "P": 1, "S": 2}
    for c in dd.columns:
        col = [rank[dd.result(c, r)] for r in range(0, 8)]
        assert col == sorted(col), c
    for r in range(0, 8):
        assert rank[dd.result("clear", r)] <= rank[dd.result("other", r)] <= rank[dd.result("city", r)]
    assert dd.row_for(-2) == 0 and dd.row_for(9) == 7


def test_tables_printed_in_the_rules(s42: Game) -> None:
    t = s42.tables
    assert [t["rally"].result("result", r) for r in range(1, 7)] == ["stay"] * 4 + ["recover"] * 2  # 13.5
    assert sorted(m.value for m in t["rally"].modifiers) == [-1, 1, 2] and t["rally"].clamp
    assert [t["isolation_attrition"].result("result", r) for r in range(1, 7)] == ["lose_step"] * 4 + ["no_effect"] * 2
    assert sorted(m.value for m in t["isolation_attrition"].modifiers) == [-1, 1, 1, 1, 2]  # 16.5.4
    disengage = [t["disengagement"].result("result", r) for r in range(1, 7)]
    assert disengage == ["no", "no", "yes_step", "yes", "yes", "yes"]  # 27.2
    w = t["weather"]  # 23.1
    assert w.columns == ("summer", "early_fall", "rasputitsa", "winter")
    assert [w.result("summer", r) for r in range(1, 7)] == ["clear"] * 6
    assert [w.result("early_fall", r) for r in range(1, 7)] == ["overcast"] * 2 + ["clear"] * 4
    assert [w.result("rasputitsa", r) for r in range(1, 7)] == ["rain"] * 2 + ["overcast"] * 2 + ["clear"] * 2
    assert [w.result("winter", r) for r in range(1, 7)] == ["snow"] * 2 + ["overcast_w"] * 2 + ["clear"] * 2
    assert w.row_for(7) == 6  # +1 after Rain or Snow
    assert s42.weather["overcast"].extra["air"] == "one_german" and s42.weather["rain"].extra["supply_overland"] == 3


def test_tec_facts_the_rules_state(s42: Game) -> None:
    tec = s42.tec
    from fractions import Fraction as F

    def mp(row: str) -> tuple[F | None, F | None]:
        return tec[row].mp.get("mech"), tec[row].mp.get("nonmech")

    assert mp("minor_river") == (0, 0) and tec["minor_river"].extra["mud_mp_mech"] == 1  # 5.5.1
    assert mp("major_river") == (3, 2) and tec["major_river"].extra["start_adjacent"]  # 5.5.2
    assert tec["major_river"].extra["across"] == "halved_doubled" and tec["minor_river"].extra["across"] == "doubled"
    assert mp("frozen_major_river") == (2, 1)  # 23.4
    assert mp("road_bridge") == (0, 0) and mp("rail_bridge") == (2, 1)  # 5.5.4
    assert mp("ezoc") == (2, 2) and mp("entry_area") == (1, 1) and mp("extended_movement") == (3, 3)  # 6.2 22.3.1 5.3
    assert tec["primary_road"].mp["mech"] == F(1, 2)  # 5.3 example
    assert tec["secondary_road"].extra["mud_mp_mech"] == 1  # 23.2.3
    for row in ("volga", "lake", "sea"):
        assert {"mech", "nonmech"} <= tec[row].prohibited, row  # 2.2.3, 5.5.3
    for row in ("woods", "wooded_rough", "marsh", "mountain", "alpine", "major_city", "minor_city", "fort",
                "fortification"):
        assert tec[row].extra["tank_shift"] == "barred", row  # 9.2.3
    assert {r for r, t in tec.items() if t.defense_shift} == {"rough", "wooded_rough", "fort", "fortification"}  # 9.9
    assert tec["marsh"].extra["defense"] == "doubled" and tec["mountain"].extra["defense"] == "doubled_infantry_type"
    assert tec["major_city"].extra["defense"] == tec["minor_city"].extra["defense"] == "doubled_city"  # 9.6.3
    assert {r for r, t in tec.items() if t.extra.get("supply_hexes") == 2} == {"marsh", "mountain", "alpine"}  # 16.3.2
    assert {r for r, t in tec.items() if t.extra.get("fort_allowed") is False} >= {
        "major_city", "minor_city", "mountain", "marsh", "wooded_rough"}  # 9.7.3
    assert {r for r, t in tec.items() if t.extra.get("dd_column") == "clear"} == {"clear", "desert", "seasonal_marsh"}
    assert tec["major_city"].extra["dd_column"] == "city" and tec["town"].extra["dd_column"] == "other"  # 11.2.1
    assert tec["marsh"].extra["advance"] == "stop_unless_road"  # 14.5
    assert tec["mountain"].extra["advance"] == "stop_unless_road_no_mech"
    for row in ("minor_river", "major_city", "town", "desert", "rough", "woods", "wooded_rough"):
        assert tec[row].extra["advance"] == "no_effect", row  # 14.5: no effect
    assert tec["desert"].extra["isolation_drm"] == -1  # 16.5.4
    assert tec["seasonal_marsh"].extra["becomes"] == "marsh"  # 23.2.3


def test_turn_record_track(s42: Game) -> None:
    turns = s42.turns
    assert sorted(turns) == list(range(1, 37))  # S4.1
    assert turns[1].date.startswith("Jun 28") and "Dec" in turns[36].date  # 1.0
    assert [n for n, t in turns.items() if t.weather == "clear"] == list(range(1, 17))  # 23.1
    assert all(turns[n].weather == "" for n in range(17, 37))
    season = {n: t.extra["season"] for n, t in turns.items()}
    assert all(season[n] == "rasputitsa" for n in range(21, 27)) and all(season[n] == "winter" for n in range(28, 37))
    bench = [turns[n].extra["benchmark"] for n in range(1, 37)]
    assert bench[27] == 24 and bench == sorted(bench)  # S4.4; authored series, rising to the turn 28 benchmark
    assert bench[7] + 6 > 8  # S1.3 asks 8 VPs by turn 8: no automatic Axis win below it
    for n, t in turns.items():
        assert all(isinstance(v, int) and v >= 0 for k, v in t.extra.items() if k.startswith(("repl_", "cau_")))
        assert ("cau_repl_axis_infantry" in t.extra) == (10 <= n <= 27), n  # the Caucasus track (S2.2)


def _start(date: str) -> datetime.date:
    month, day = date.split(",")[0].split("-")[0].split()
    return datetime.datetime.strptime(f"{month} {day} 1942", "%b %d %Y").date()


def test_turn_dates_hold_the_dated_events(s42: Game) -> None:
    starts = {n: _start(t.date) for n, t in s42.turns.items()}
    assert starts == dict(sorted(starts.items(), key=lambda kv: kv[1]))  # in order
    assert starts[8] <= datetime.date(1942, 7, 28) < starts[9]  # 11.1.2: Order 227 is turn 8
    assert starts[28] == datetime.date(1942, 11, 19)  # Operation Uranus opens turn 28 (S3)


def test_turn_events(s42: Game) -> None:
    codes = {(n, e.code) for n, t in s42.turns.items() for e in t.events}
    for n, code in [(2, "reserve_army_release"), (8, "not_one_step_back"), (9, "remove_german_infantry"),
                    (10, "german_removals"), (11, "remove_unit"), (13, "wiking_upgrade"), (15, "release_reserve_army"),
                    (17, "weather_rolls"), (17, "remove_german_infantry"), (20, "michalik_upgrade"),
                    (21, "maskirovka"), (23, "remove_unit"), (25, "vasilevsky"), (27, "air_to_mediterranean"),
                    (28, "russian_winter")]:
        assert (n, code) in codes, (n, code)
    units = {(n, e.unit) for n, t in s42.turns.items() for e in t.events if e.unit}
    assert {(11, "ss_1rfss"), (13, "ss_wiking"), (20, "ger_kg_michalik"), (23, "ita_barbo")} <= units
