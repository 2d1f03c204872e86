"""Loading No Retreat!: what the acceptance list counts, and every malformed-data case as an exact message."""

from __future__ import annotations

import os
import shutil
from collections import Counter

import pytest

import games
from games import Game
from hexforge.cli import main


def test_counts(nr_game: Game) -> None:
    m = nr_game.map
    assert len(m.hexes) == 380
    assert sorted(a.name for a in m.areas.values()) == ["Finland", "S. Balkans", "W. Balkans"]
    assert len(m.cities) == 32
    assert len(nr_game.units) == 88
    assert len(nr_game.markers) == 56
    assert len(nr_game.cards) == 55
    assert sorted(nr_game.turns) == list(range(1, 29))
    for crt in nr_game.crts.values():
        assert len(crt.columns) == 9 and sorted(crt.rows) == [1, 2, 3, 4, 5, 6]
    assert Counter(c.mark_1945 for c in nr_game.cards.values()) == {None: 30, "remove": 15, "add": 10}


def test_terrain_counts_match_the_found_hex_table(nr_game: Game) -> None:
    terrain = Counter(h.terrain for h in nr_game.map.hexes.values())
    assert terrain == {"open": 246, "forest": 47, "marsh": 23, "mountain": 31, "city": 32, "kerch_strait": 1}
    assert {h.city for h in nr_game.map.hexes.values() if h.objective == "axis"} == {
        "Leningrad", "Moscow", "Stalingrad", "Sevastopol", None}  # None: the Caucasus oil field
    assert {h.city for h in nr_game.map.hexes.values() if h.objective == "soviet"} == {
        "Berlin", "Koenigsberg", "Prague", "Vienna"}


def test_rulebook_crt_cells(nr_game: Game) -> None:
    """Recorded plays: Soviet 4:1 die 2 -> EX, Axis 3:1 die 3-6 -> DR DR DS DD (reference 1.1)."""
    assert nr_game.crts["soviet"].result("4:1", 2) == "EX"
    assert [nr_game.crts["axis"].result("3:1", d) for d in (3, 4, 5, 6)] == ["DR", "DR", "DS", "DD"]


def test_rivers_are_symmetric_and_the_four_fixes_are_marked(nr_game: Game) -> None:
    rivers = [k for k, v in nr_game.map.hexsides.items() if "river" in v]
    assert len(rivers) == 241
    fixed = [h.id for h in nr_game.map.hexes.values() if h.source == "found+authored"]
    assert sorted(fixed) == ["0705", "0904", "2215"]


def test_every_fact_says_where_it_came_from(nr_game: Game) -> None:
    assert Counter(u.source for u in nr_game.units.values()) == {"found": 38, "authored": 50}
    assert {c.source for c in nr_game.cards.values()} == {"found", "authored"}
    assert nr_game.cards["joker"].source == "authored"


def test_campaign_places_every_starting_unit_in_an_existing_hex_with_legal_stacking(nr_game: Game) -> None:
    sc = nr_game.scenarios["campaign_1941"]
    per_loc: dict[str, list[str]] = {}
    for p in sc.setup:
        assert nr_game.map.location_exists(p.location)
        per_loc.setdefault(p.location, []).append(p.unit)
    for loc, uids in per_loc.items():
        side = nr_game.units[uids[0]].side
        assert all(nr_game.units[u].side == side for u in uids)
        assert nr_game.stacking_allows(side, 1, [nr_game.units[u].front.type for u in uids]), loc
        # on its own side of the 1941 border
        assert sc.control.get(loc, "axis") == side, (loc, uids)
    assert sc.hands == {"axis": 6, "soviet": 0}
    placed = {p.unit for p in sc.setup} | {p.unit for p in sc.reinforcements}
    assert {u.id for u in nr_game.units.values() if not u.optional} <= placed


def test_stacking_rules_by_turn(nr_game: Game) -> None:
    assert nr_game.stacking_allows("soviet", 10, ["armor", "infantry"]) is False
    assert nr_game.stacking_allows("soviet", 11, ["armor", "infantry"]) is True
    assert nr_game.stacking_allows("soviet", 11, ["mech", "infantry"]) is False
    assert nr_game.stacking_allows("soviet", 23, ["mech", "infantry"]) is True
    assert nr_game.stacking_allows("axis", 1, ["armor", "infantry", "mech"]) is False


def test_info_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", "no_retreat"]) == 0
    out = capsys.readouterr().out
    assert "map: 380 hexes" in out and "units: 88" in out and "markers: 56 round" in out and "cards: 55" in out


# --- malformed data ---------------------------------------------------------------------------------------------


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A private copy of the game folder to break; the cwd is its parent so messages show 'nr/...'."""
    shutil.copytree(games.game_dir("no_retreat"), tmp_path / "nr")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "nr"


def _edit(path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _problems(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Every line ``info`` prints for a broken folder (exit 2, no traceback)."""
    assert main(["info", "./nr"]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and not captured.out
    return captured.err.strip().splitlines()


def _fails(capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``info`` prints for a folder with one problem."""
    lines = _problems(capsys)
    assert len(lines) == 1, lines
    return lines[0]


def test_duplicate_unit_id(broken, capsys) -> None:
    """The renamed unit's old id is now unknown where the turn track and the setup name it: three problems."""
    _edit(broken / "units.csv", "ger_2pz,axis", "ger_1pz,axis")
    assert _problems(capsys) == [
        "hexforge info: nr/units.csv:11: duplicate unit id 'ger_1pz' (first on line 10)",
        "hexforge info: nr/turn_events.csv:24: unknown unit 'ger_2pz'",
        "hexforge info: nr/scenarios/campaign_1941/setup.csv:10: unknown unit 'ger_2pz'"]


def test_unknown_terrain(broken, capsys) -> None:
    _edit(broken / "map" / "hexes.csv", "1601,forest,", "1601,jungle,")
    assert _fails(capsys) == ("hexforge info: nr/map/hexes.csv:2: unknown terrain 'jungle' (expected one of city, "
                              "forest, kerch_strait, marsh, mountain, open)")


def test_river_on_one_side_only(broken, capsys) -> None:
    _edit(broken / "map" / "hexes.csv", "1004,open,,baltic,,,,W,", "1004,open,,baltic,,,,,")
    assert _fails(capsys) == "hexforge info: nr/map/hexes.csv:37: river on side E of 0904 is not listed on side W of 1004"


def test_unit_set_up_in_a_hex_that_does_not_exist(broken, capsys) -> None:
    _edit(broken / "scenarios" / "campaign_1941" / "setup.csv", "sov_west,1206,", "sov_west,0101,")
    assert _fails(capsys) == ("hexforge info: nr/scenarios/campaign_1941/setup.csv:20: unit 'sov_west' set up in hex "
                              "'0101', which is not on the map")


def test_card_number_twice(broken, capsys) -> None:
    _edit(broken / "cards.csv", "\n7,c07,", "\n1,c07,")
    assert _fails(capsys) == "hexforge info: nr/cards.csv:13: duplicate card number '1' (first on line 7)"


def test_crt_row_with_a_missing_column(broken, capsys) -> None:
    _edit(broken / "tables" / "crt_axis.csv", "2,CA,CA,-,-,CB,EX,DR,DR,DS", "2,CA,CA,-,-,CB,EX,DR,DR")
    assert _fails(capsys) == "hexforge info: nr/tables/crt_axis.csv:5: expected 10 fields, found 9"


def test_non_numeric_strength(broken, capsys) -> None:
    _edit(broken / "units.csv", "1st Panzer,armor,7,6", "1st Panzer,armor,seven,6")
    assert _fails(capsys) == ("hexforge info: nr/units.csv:10: column 'front_strength': 'seven' is not a whole number "
                              "(expected 0..99)")


def test_unreadable_file(broken, capsys) -> None:
    os.remove(broken / "markers.csv")
    os.mkdir(broken / "markers.csv")
    assert _fails(capsys) == "hexforge info: nr/markers.csv: cannot read file: Is a directory"


def test_missing_file(broken, capsys) -> None:
    os.remove(broken / "turns.csv")
    assert _fails(capsys) == "hexforge info: nr/turns.csv: file not found"


def test_bad_utf8(broken, capsys) -> None:
    path = broken / "cards.csv"
    data = path.read_bytes()
    at = data.index(b"Gott Mit Uns")
    path.write_bytes(data[:at] + b"\xff" + data[at:])
    line = data[:at].count(b"\n") + 1
    assert _fails(capsys) == f"hexforge info: nr/cards.csv:{line}: invalid UTF-8 (byte 0xff)"


def test_file_too_large(broken, capsys) -> None:
    with open(broken / "units.csv", "a", encoding="utf-8") as fh:
        fh.write("#" + " " * (4 * 1024 * 1024) + "\n")
    err = _fails(capsys)
    assert err.startswith("hexforge info: nr/units.csv: file too large (") and "limit 4194304" in err


def test_bad_toml(broken, capsys) -> None:
    _edit(broken / "game.toml", 'title = "No Retreat! The Russian Front"', "title = No Retreat")
    err = _fails(capsys)
    assert err.startswith("hexforge info: nr/game.toml:") and "bad TOML" in err


def test_toml_type_error_names_the_key(broken, capsys) -> None:
    _edit(broken / "game.toml", "columns = 25", 'columns = "25"')
    assert _fails(capsys) == "hexforge info: nr/game.toml: grid.columns: expected a whole number, found '25'"


def test_overstacked_setup(broken, capsys) -> None:
    _edit(broken / "scenarios" / "campaign_1941" / "setup.csv", "sov_central,1208,", "sov_central,1206,")
    assert _fails(capsys) == ("hexforge info: nr/scenarios/campaign_1941/setup.csv:21: 2 soviet units set up in 1206; "
                              "the stacking limit on turn 1 is 1")


def test_scenario_immobile_units_are_checked(broken, capsys) -> None:
    _edit(broken / "scenarios" / "campaign_1941" / "scenario.toml", '"rum_3", "rum_4"]', '"rum_3", "rum_9"]')
    assert _fails(capsys) == ("hexforge info: nr/scenarios/campaign_1941/scenario.toml: immobile[0].units: unknown "
                              "unit 'rum_9'")


def test_scenario_option_that_is_not_true_or_false(broken, capsys) -> None:
    """Before, a non-boolean option (or a key written after [options], which TOML puts inside it) vanished silently."""
    _edit(broken / "scenarios" / "campaign_1941" / "scenario.toml", "cadres = false", 'cadres = "no"')
    assert _fails(capsys) == ("hexforge info: nr/scenarios/campaign_1941/scenario.toml: options.cadres: expected true "
                              "or false, found 'no'")


def test_campaign_special_rules_and_immobile_units(nr_game: Game) -> None:
    s = nr_game.scenarios["campaign_1941"]
    assert len(s.special_rules) == 3 and len(s.victory) == 5
    assert [(im.units, im.turns) for im in s.immobile] == [(("rum_3", "rum_4"), (1,))]


def test_no_such_game(capsys) -> None:
    assert main(["info", "no_such_game"]) == 2
    assert capsys.readouterr().err.strip() == "hexforge info: no_such_game: no such game (no game.toml in its folder)"
