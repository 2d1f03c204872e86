"""Loading checks everything (issue 20 items 4-5): types, ranges, lengths and references of every value, with
``file:line`` (or ``file: key``) and the expected form; ``hexforge info`` reports every problem of a folder in one
run, the rules package's own data files included, and stops at 50."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import games
from game_template import write_game
from hexforge.cli import main

LINE = re.compile(r"^hexforge info: \S+(:\d+)?: .+$")


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The template game in ./mini (messages name 'mini/...')."""
    monkeypatch.chdir(tmp_path)
    return write_game(tmp_path / "mini")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _info(capsys: pytest.CaptureFixture[str], folder: str = "./mini") -> list[str]:
    """The lines ``info`` prints for a broken folder: exit 2, one clean line each, nothing on stdout."""
    assert main(["info", folder]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert not captured.out and lines and all(LINE.match(x) for x in lines), lines
    return [x.removeprefix("hexforge info: ") for x in lines]


# --- every problem in one run -------------------------------------------------------------------------------------


def test_no_retreat_with_planted_errors_in_six_files_reports_each(tmp_path, monkeypatch, capsys) -> None:
    """The acceptance case: several planted errors in different files, the rules package's data files among them."""
    shutil.copytree(games.game_dir("no_retreat"), tmp_path / "nr")
    monkeypatch.chdir(tmp_path)
    nr = tmp_path / "nr"
    _edit(nr / "game.toml", 'module_origin = [118, 248]', 'module_origin = [118, 248]\nhex_size = 3')
    _edit(nr / "units.csv", "1st Panzer,armor,7,6", "1st Panzer,armor,77777,6")
    _edit(nr / "map" / "hexes.csv", "1601,forest,", "1601,jungle,")
    _edit(nr / "tables" / "crt_axis.csv", "2,CA,CA,-,-,CB,EX,DR,DR,DS", "2,CA,CA,-,-,CB,EX,DR,DR,XX")
    _edit(nr / "tables" / "combat.toml", "counterblows = 5", 'counterblows = "five"')
    _edit(nr / "tables" / "card_effects.toml", "[c02.axis]", "[c77.axis]")
    assert _info(capsys, "./nr") == [
        "nr/game.toml: grid.hex_size: unknown key (expected one of columns, first_column, first_row, id_digits, "
        "module_hex_width, module_origin, offset, orientation, rows)",
        "nr/map/hexes.csv:2: unknown terrain 'jungle' (expected one of city, forest, kerch_strait, marsh, mountain, "
        "open)",
        "nr/units.csv:10: column 'front_strength': 77777 is out of range (expected 0..99)",
        "nr/tables/crt_axis.csv:5: column '6:1': unknown result 'XX' (expected one of - CB CA DR DS DD EX)",
        "nr/tables/combat.toml: declaration.counterblows: expected a whole number, found 'five'",
        "nr/tables/card_effects.toml: c77: no card 'c77' in cards.csv",
    ]


def test_the_load_stops_at_fifty_problems(mini, capsys) -> None:
    rows = "".join(f"x{n},red,reds,A,inf,1,1,1,,A,inf,1,1,1,,9,,,authored\n" for n in range(80))
    with open(mini / "units.csv", "a", encoding="utf-8") as fh:
        fh.write(rows)
    assert main(["info", "./mini"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 51 and err[-1] == "hexforge info: too many problems: stopped after 50"
    assert err[0] == "hexforge info: mini/units.csv:6: column 'steps': 9 is out of range (expected 1..4)"


def test_a_file_that_fails_stops_only_the_checks_that_need_it(mini, capsys) -> None:
    """units.csv unreadable: the setup's units are not reported unknown; the turn track is still checked."""
    (mini / "units.csv").write_bytes(b"id,side\n\xff\n")
    _edit(mini / "turns.csv", "2,July,", "2,Jul\u2028y,")
    assert _info(capsys) == ["mini/units.csv:2: invalid UTF-8 (byte 0xff)",
                             "mini/turns.csv:3: column 'date' holds a control or line-break character"]


def test_a_record_with_a_problem_is_still_known_to_its_references(mini, capsys) -> None:
    _edit(mini / "units.csv", "r1,red,reds,1st Inf,inf,3,5,3", "r1,red,reds,1st Inf,inf,3,5,33333")
    _edit(mini / "tables" / "tec.csv", "woods,Woods,hex,2,3,1,yes", "woods,Woods,hex,2,3,12,yes")
    assert _info(capsys) == ["mini/tables/tec.csv:3: column 'shift': 12 is out of range (expected -9..9)",
                             "mini/units.csv:2: column 'front_ma': 33333 is out of range (expected 0..99)"]


# --- ranges and sizes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("old, new, expected", [
    ("columns = 4", "columns = 2000", "mini/game.toml: grid.columns: 2000 is out of range (expected 1..90)"),
    ("rows = 3", "rows = -1", "mini/game.toml: grid.rows: -1 is out of range (expected 1..100)"),
    ("module_hex_width = 64.0", "module_hex_width = 0", "mini/game.toml: grid.module_hex_width: 0 is out of range "
                                                        "(expected a number 24..256)"),
    ("module_hex_width = 64.0", "module_hex_width = 300", "mini/game.toml: grid.module_hex_width: 300 is out of range "
                                                          "(expected a number 24..256)"),
    # NaN and infinity are refused when the TOML is read, before any key is looked at (SECURITY.md)
    ("module_hex_width = 64.0", "module_hex_width = nan", "mini/game.toml: grid.module_hex_width: nan is out of range "
                                                          "(numbers in data are at most 999999999)"),
    ("module_hex_width = 64.0", "module_hex_width = inf", "mini/game.toml: grid.module_hex_width: inf is out of range "
                                                          "(numbers in data are at most 999999999)"),
    ("module_origin = [48, 48]", "module_origin = [48, 1e9]", "mini/game.toml: grid.module_origin[1]: 1000000000.0 is "
                                                              "out of range (numbers in data are at most 999999999)"),
    ("module_origin = [48, 48]", "module_origin = [48, 4097]", "mini/game.toml: grid.module_origin: expected two whole "
                                                               "numbers 0..4096"),
    ('id = "mini"', 'id = "../../x"', "mini/game.toml: id: '../../x' is not a plain name (1-64 letters, digits, _ or "
                                      "-, starting with a letter or digit)"),
    ('module_name = "Mini"', 'module_name = "/tmp/x"', "mini/game.toml: module_name: '/tmp/x' is not a plain name "
                                                       "(1-64 letters, digits, _ or -, starting with a letter or "
                                                       "digit)"),
    ('module_name = "Mini"', 'rules_package = "antigravity"\nmodule_name = "Mini"',
     "mini/game.toml: rules_package: 'antigravity' is not a rules package name (validator.rules.<name>, or a name "
     "an installed package registers in the hexforge.rules entry points)"),
    ('title = "Mini"', f'title = "{"T" * 500}"', "mini/game.toml: title: 500 characters long (at most 120)"),
    ("low = 0", "low = 5000", "mini/game.toml: vp_track.low: 5000 is out of range (expected -999..999)"),
])
def test_game_toml_values_are_bounded(mini, capsys, old: str, new: str, expected: str) -> None:
    _edit(mini / "game.toml", old, new)
    assert expected in _info(capsys)


def test_a_grid_too_big_for_the_module_board(mini, capsys) -> None:
    _edit(mini / "game.toml", "columns = 4\nrows = 3\nmodule_hex_width = 64.0",
          "columns = 40\nrows = 40\nmodule_hex_width = 256")  # within the grid's and the hex's own caps
    assert any("grid.module_hex_width: the module board would have" in x for x in _info(capsys))


@pytest.mark.parametrize("file, old, new, expected", [
    ("markers.csv", "control,round,4,", "control,round,100000000000000000000000,",
     "mini/markers.csv:2: column 'count': '100000000000000000000000' is not a whole number (expected 1..999)"),
    ("units.csv", "r3,red,reds,Red HQ,hq,0,0,6", "r3,red,reds,Red HQ,hq,0,-1,6",
     "mini/units.csv:4: column 'front_defense': -1 is out of range (expected 0..99)"),
    ("units.csv", "b1,blue,blues,Blue Inf,inf,4,6,3,low", "b1,blue,blues,Blue Inf,inf,4,6,3,low elite",
     "mini/units.csv:5: column 'front_flags': 'low' and 'elite' are both of group 'tq'"),
    ("units.csv", "b1,blue,blues,Blue Inf,inf,4,6,3,low", "b1,blue,blues,Blue Inf,inf,4,6,3,shiny",
     "mini/units.csv:5: column 'front_flags': unknown trait 'shiny' (declare it in game.toml [traits])"),
    ("units.csv", ",C,,authored", ",C" + "x" * 40 + ",,authored",
     "mini/units.csv:3: column 'code' is 41 characters long (at most 16)"),
    ("turns.csv", "1,June,clear,summer,2,", "1,June,clear,autumn,2,",
     "mini/turns.csv:2: column 'season': unknown value 'autumn' (expected one of summer, winter)"),
    ("turns.csv", "1,June,clear,summer,2,", "1,June,clear,summer,99,",
     "mini/turns.csv:2: column 'benchmark': '99' is not a whole number -10..30"),
    ("turns.csv", "2,July,clear", "2,July,sleet", "mini/turns.csv:3: unknown weather 'sleet'"),
    ("tables/tec.csv", "woods,Woods,hex,2,3,", "woods,Woods,hex,2,1/0,",
     "mini/tables/tec.csv:3: column 'mp_mech': '1/0' is not a movement cost 0..99 such as 2, +2, 1/2 or 0.5; P = "
     "prohibited; empty = not applicable"),
    ("tables/weather.csv", "rain,Rain,#6b8fb0,1,", "rain,Rain,#6b8fb0,1e3,",
     "mini/tables/weather.csv:3: column 'red_shift': '1e3' is not a whole number (expected -9..9)"),
    ("map/hexes.csv", "1000,clear,town,Alpha", "1000,clear,village,Alpha",
     "mini/map/hexes.csv:2: unknown settlement 'village' (expected one of city, town)"),
    ("map/hexes.csv", "1000,clear,town,Alpha,rail", "1000,clear,town,Alpha,rail rail",
     "mini/map/hexes.csv:2: column 'features' lists 'rail' twice"),
    ("map/hexes.csv", "1302,clear,,,,B", "1302,clear,,,,A",
     "mini/map/hexes.csv:13: hex 1302 is outside section A's box"),
    ("map/hexes.csv", "1302,clear", "1402,clear", "mini/map/hexes.csv:13: hex '1402' is outside the 4x3 grid"),
    ("map/hexes.csv", "1302,clear", "0902,clear", "mini/map/hexes.csv:13: hex '0902' is outside the 4x3 grid"),
    ("map/hexsides.csv", "1101,N,", "1100,N,", "mini/map/hexsides.csv:3: side N of 1100 leads off the grid"),
    ("map/hexsides.csv", "1101,N,primary_road,authored", "1101,N,primary_road,authored\n1100,S,railroad,found",
     "mini/map/hexsides.csv:4: hexside 1100 S (1100-1101) is listed twice (first on line 3)"),
    ("map/hexsides.csv", "1000,SE,minor_river", "1100,NW,minor_river", None),
    ("map/hexsides.csv", "minor_river", "creek", "mini/map/hexsides.csv:2: unknown hexside feature 'creek' (expected "
                                                  "one of minor_river, primary_road)"),
    ("map/hexsides.csv", "1000,SE", "1000,E", "mini/map/hexsides.csv:2: unknown direction 'E' (expected SE S SW NW N "
                                              "NE)"),
    ("map/areas.toml", 'adjacent = ["1000"', 'adjacent = ["1400"', "mini/map/areas.toml: W.adjacent: adjacent location "
                                                                   "'1400' does not exist"),
    ("map/areas.toml", 'side = "red"', 'side = "green"', "mini/map/areas.toml: W.side: unknown side 'green' (expected "
                                                         "one of red, blue)"),
    ("map/sections.toml", 'last = "1102"', 'last = "0902"', "mini/map/sections.toml: A.last: hex '0902' is outside "
                                                            "the 4x3 grid"),
    ("scenarios/s1/setup.csv", "r1,1000", "r1,W", None),
    ("scenarios/s1/setup.csv", "b1,1302", "b1,1000",
     "mini/scenarios/s1/setup.csv:5: unit 'b1' is set up in 1000 together with enemy units"),
])
def test_csv_and_toml_values_are_checked(mini, capsys, file: str, old: str, new: str, expected: str | None) -> None:
    _edit(mini / file, old, new)
    if expected is None:  # a legal edit: the game still loads
        games.load("./mini")
        return
    assert expected in _info(capsys)


def test_the_setup_overstacks_without_the_hq(mini, capsys) -> None:
    """The HQ raises Red's limit to 2 (the free-stacking tank does not count); moved away, the hex is overstacked."""
    _edit(mini / "scenarios" / "s1" / "setup.csv", "r3,1000", "r3,1100")
    _edit(mini / "units.csv", "2nd Tank,tank,10,8,6,free_stacking", "2nd Tank,tank,10,8,6,")
    assert _info(capsys) == ["mini/scenarios/s1/setup.csv:3: 2 red units set up in 1000; the stacking limit on turn 1 "
                             "is 1"]


@pytest.mark.parametrize("file, text, expected", [
    ("tables/crt_adv.csv", "die,1-2,1-1,2-1\n1,,,\n2,,,2\n3,,2,2\n4,,2,2\n5,2,2,2\n",
     "mini/tables/crt_adv.csv:6: no row for roll 6"),
    ("tables/crt_adv.csv", "die,1-2,1-1,3-1\n1,,,\n2,,,2\n3,,2,2\n4,,2,2\n5,2,2,2\n6,2,2,2\n",
     "mini/tables/crt_adv.csv: its columns differ from the table's"),
    ("tables/crt_adv.csv", "die,1-2,1-1,2-1\n1,,,\n2,,,2\n3,,2,2\n4,,2,2\n5,2,2,2\n6,2,2,3\n",
     "mini/tables/crt_adv.csv:7: column '2-1': unknown result '3' (expected one of 2)"),
    ("tables/crt.csv", "die,2-1,1-1,1-2\n1,-,-,-\n2,-,-,-\n3,-,-,-\n4,-,-,-\n5,-,-,-\n6,-,-,-\n",
     "mini/tables/crt.csv: the odds columns must increase from left to right"),
    ("tables/crt.csv", "die,1-2,1-1,2-1\n1,-,-,-\n1,-,-,-\n3,-,-,-\n4,-,-,-\n5,-,-,-\n6,-,-,-\n",
     "mini/tables/crt.csv:3: roll 1 appears twice (first on line 2)"),
    ("tables/crt.csv", "die,1-2,1-1,2-1\n1,-,-,-\n2,-,-,\n3,-,-,-\n4,-,-,-\n5,-,-,-\n6,-,-,-\n",
     "mini/tables/crt.csv:3: column '2-1': missing result (expected one of - DR A1/D1)"),
    ("tables/rally.csv", "roll,result\n0-4,-\n4-7,R\n",
     "mini/tables/rally.csv:3: roll 4 appears twice (first on line 2)"),
    ("tables/rally.csv", "roll,result\n0-4,-\n5-9,R\n", "mini/tables/rally.csv:3: roll 8 is outside the table's rolls "
                                                        "0..7"),
    ("tables/weather_table.csv", "die,summer,winter\n1-2,clear,snow\n3-6,clear,clear\n",
     "mini/tables/tables.toml: tables.weather: unknown weather 'snow' in its cells"),
    ("tables/crt.toml", '[results]\nX = "x"\n[tables.crt]\nname = "CRT"\nfile = "../../etc/passwd.csv"\n',
     "mini/tables/crt.toml: tables.crt.file: '../../etc/passwd.csv' is not a plain name of a CSV file in the same "
     "folder (1-64 letters, digits, _ or -, starting with a letter or digit, then .csv)"),
])
def test_table_files_are_checked(mini, capsys, file: str, text: str, expected: str) -> None:
    (mini / file).write_text(text, encoding="utf-8")
    assert expected in _info(capsys)


def test_declarations_are_checked(mini, capsys) -> None:
    _edit(mini / "game.toml", '[columns.units.arrival]\ntype = "text"',
          '[columns.units.arrival]\ntype = "ref"\nto = "areas"')
    _edit(mini / "game.toml", "[columns.turns.benchmark]\ntype = \"int\"\nmin = -10",
          "[columns.turns.benchmark]\ntype = \"int\"\nmin = 40")
    _edit(mini / "units.csv", ",C,,authored", ",C,Q,authored")
    assert _info(capsys) == ["mini/game.toml: columns.turns.benchmark.max: min 40 is more than max 30",
                             "mini/units.csv:3: column 'arrival': unknown area 'Q'"]


def test_unknown_columns_and_keys(mini, capsys) -> None:
    _edit(mini / "units.csv", "id,side", "id,sdie,side")
    _edit(mini / "units.csv", "r1,red", "r1,,red")
    _edit(mini / "units.csv", "r2,red", "r2,,red")
    _edit(mini / "units.csv", "r3,red", "r3,,red")
    _edit(mini / "units.csv", "b1,blue", "b1,,blue")
    _edit(mini / "map" / "boxes.toml", 'kind = "holding"', 'kind = "holding"\ncapcity = 3')
    assert _info(capsys) == [
        "mini/map/boxes.toml: eliminated.capcity: unknown key (expected one of capacity, kind, name, notes, side, "
        "source, spaces)",
        "mini/units.csv:1: unknown column(s) 'sdie' (declare it in game.toml [columns.units])"]


def test_player_phases_follow_each_other(mini, capsys) -> None:
    _edit(mini / "game.toml", 'id = "victory"\nname = "Victory Phase"\nplayer = false',
          'id = "victory"\nname = "Victory Phase"\nplayer = true')
    _edit(mini / "game.toml", 'id = "combat"\nname = "Combat Phase"\nplayer = true',
          'id = "combat"\nname = "Combat Phase"\nplayer = false')
    assert _info(capsys) == ["mini/game.toml: phases: the player phases must follow each other (mutual phases go "
                             "before or after them)"]


def test_no_scenario(mini, capsys) -> None:
    shutil.rmtree(mini / "scenarios")
    assert _info(capsys) == ["mini/scenarios: no scenarios folder (a game needs at least one scenario: "
                             "scenarios/<id>/scenario.toml)"]


def test_scenario_id_is_its_folder(mini, capsys) -> None:
    (mini / "scenarios" / "s1").rename(mini / "scenarios" / "s2")
    assert _info(capsys) == ["mini/scenarios/s2/scenario.toml: id: the id 's1' differs from its folder's name 's2'"]


def test_a_rules_package_not_installed_is_a_note(mini, capsys) -> None:
    _edit(mini / "game.toml", 'module_name = "Mini"', 'module_name = "Mini"\nrules_package = "validator.rules.mini"')
    assert main(["info", "./mini"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == ("note: rules package validator.rules.mini is not installed; "
                                                        "its data files were not checked")


def test_areas_without_a_stacking_limit_and_placements_that_do_not_count(mini, capsys) -> None:
    """Entry Areas have no stacking limit (Stalingrad '42 22.4: stacking = false); a set-up row may not count for
    stacking (31.0, S1.2: the frozen 6th Reserve Army's four units in 3806: stacking = no)."""
    setup = mini / "scenarios" / "s1" / "setup.csv"
    setup.write_text("unit,location,turn,stacking\nr1,1000,,\nr2,1000,,\nr3,1100,,\nb1,1302,,\n", encoding="utf-8")
    _edit(mini / "units.csv", "2nd Tank,tank,10,8,6,free_stacking", "2nd Tank,tank,10,8,6,")
    assert _info(capsys) == ["mini/scenarios/s1/setup.csv:3: 2 red units set up in 1000; the stacking limit on turn 1 "
                             "is 1"]
    _edit(setup, "r2,1000,,", "r2,1000,,no")
    assert [p.stacking for p in games.load("./mini").scenarios["s1"].setup] == [True, False, True, True]
    setup.write_text("unit,location,turn\nr1,W,\nr2,W,\nr3,1100,\nb1,1302,\n", encoding="utf-8")
    assert _info(capsys) == ["mini/scenarios/s1/setup.csv:3: 2 red units set up in W; the stacking limit on turn 1 "
                             "is 1"]
    _edit(mini / "map" / "areas.toml", 'kind = "entry"', 'kind = "entry"\nstacking = false')
    assert not games.load("./mini").map.areas["W"].stacking
