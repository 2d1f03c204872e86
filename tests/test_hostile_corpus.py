"""Every hostile input that once broke hexforge (issue 20), kept as a regression case (tests/hostile/, README there):
each is run as a user would run it (in this process; in a child process under the memory limit and the timeout of
tests/hostile.py for the inputs that once hung or exhausted memory, and for all of them under ``make fuzz``), and
must end in one clean line with exit code 2 (or be read cleanly when it is only strange), with its inputs
unchanged and nothing written where it should not be."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import zipfile

import pytest

from games.errors import one_line
from hexforge import cli
from hostile import CHILD, CORPUS, HEXFORGE, check, check_workspace, fingerprint, fresh_game, listing, run
from test_hostile_fuzz import _mutate_file
from validator.vassal.archive import Caps, SafeZip

SAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "..", "shared", "vassal-samples")
ZXVT = os.path.join(SAMPLES, "zxvt", "5x5_startup.vlog")


def _cases(kind: str) -> list[str]:
    return sorted(os.listdir(os.path.join(CORPUS, kind)))


def _expand(text: str) -> str:
    """``<<s*n>>`` in a case stands for ``s`` repeated ``n`` times (to keep the corpus small)."""
    return re.sub(r"<<(.+?)\*(\d+)>>", lambda m: m.group(1) * int(m.group(2)), text)


# -- logs ------------------------------------------------------------------------------------------------------------

LOG_MESSAGES = {
    "int_5000_digits": "value out of limits: a whole number of more than 15 digits",
    "float_overflow": "value out of limits: number 1e999 is out of range",
    "nan": "value out of limits: NaN is not a JSON number",
    "infinity_in_header": "value out of limits: Infinity is not a JSON number",
    "nested_17": "arrays and objects nested more than 16 deep",
    "long_string": "a string of more than 65536 characters",
    "control_characters_in_ids": "unknown unit 'ger\\u2028\\x00\\x0a\\u202e1pz'",
    "game_is_a_path": "header: game must be an id, not a path",
    "game_with_newline": "header: game must be an id, not a path: 'no_retreat\\n'",
    "huge_version": "value out of limits",
    "not_utf8": "not UTF-8 text",
    "lone_surrogate": "game.jsonl:2: value out of limits: a lone surrogate \\ud800 in a string (not Unicode text)",
    "no_break_space_in_location": "header: unknown location '\\xa0'",
    # Stalingrad '42 logs: bad ids, hexes off the map, wrong types
    "s42_unit_unknown": "action 'move': unknown unit 'ger_999id'",
    "s42_hex_off_map": "action 'move': unknown hex or area '9999'",
    "s42_path_is_string": "action 'move': field 'path' must be a list",
    "s42_die_string": "action 'weather': field 'die' must be a whole number",
    "s42_flotilla_three": "action 'flotilla': field 'hexside' takes at most 2 item(s)",
    "s42_position_forts_bad_hex": "header: unknown hex '9999'",
    "s42_position_order_bad": "header: field 'position.units.ger_57id' does not match any allowed form",
    "s42_start_turn_37": "header: start: turn 37 is not on the turn track",
    "s42_railhead_from_offmap": "action 'railhead': unknown hex '0000'",
    "s42_supply_oos_unknown": "action 'supply': unknown unit 'ger_x'",
    # Stalingrad '42 combat lines (8.x-15.x): bad ids, hexes off the map, wrong types
    "s42_battle_attacker_unknown": "action 'battle': unknown unit 'ger_999id'",
    "s42_battle_target_off_map": "action 'battle': unknown hex or area '7599'",
    "s42_battle_die_seven": "action 'battle': field 'die' must be at most 6",
    "s42_battle_result_number": "action 'battle': field 'result' must be a string",
    "s42_battle_shifts_string": "action 'battle': field 'shifts' must be a whole number",
    "s42_determined_lead_unknown": "action 'determined': unknown unit 'sov_x'",
    "s42_advance_path_off_map": "action 'advance': unknown hex or area '9999'",
    "s42_auto_ds_attackers_string": "action 'auto_ds': field 'attackers' must be a list",
    "s42_rally_die_zero": "action 'rally': field 'die' must be at least 1",
    "s42_loss_remnant_unknown": "action 'loss': unknown unit 'sov_rem_x'",
    "s42_position_auto_ds_string": "header: field 'position.units.ger_57id' does not match any allowed form",
    "s42_position_city_battle_string": "header: field 'position.city_battle.1724'",
    # ... and in the lines of rules 18-34 (the second blind check)
    "s42_winter_offensive_sp_unknown": "action 'winter_offensive': unknown unit 'sov_sp_9'",
    "s42_hold_box_unknown": "action 'hold': unknown box 'reserve_army_9'",
    "s42_release_units_string": "action 'release': field 'units' must be a list",
    "s42_battle_four_dice": "action 'battle': field 'dice' takes at most 3 item(s)",
    "s42_reroll_die_seven": "action 'battle': field 'reroll.die' must be at most 6",
    "s42_victory_vp_string": "action 'victory': field 'vp' must be a whole number",
    "s42_absorb_to_off_map": "action 'absorb': unknown hex '9999'",
    "s42_place_pay_unknown": "action 'place': field 'pay': \"gold\" is not one of",
    "s42_disengage_result_bad": "action 'disengage': field 'result': \"maybe\" is not one of",
    "s42_position_elbrus_string": "header: field 'position.elbrus' must be true or false",
    "s42_maskirovka_unit_is_box": "action 'maskirovka': unknown unit 'reserve_army_1'",
}


@pytest.mark.parametrize("name", _cases("logs"))
def test_hostile_log(tmp_path, name: str) -> None:
    shutil.copy(os.path.join(CORPUS, "logs", name), tmp_path / "game.jsonl")
    before, inputs = listing(tmp_path), fingerprint([str(tmp_path / "game.jsonl")])
    o = run(["validate", "game.jsonl", "--html", "report.html"], str(tmp_path))
    check(o, allowed=(2,))
    assert LOG_MESSAGES[name.removesuffix(".jsonl")] in o.err
    assert fingerprint([str(tmp_path / "game.jsonl")]) == inputs
    check_workspace(str(tmp_path), before)


S42_HEAD = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign"}

# A Stalingrad '42 log that names a sea cell of the grid (a known id, docs/log-format.md) where a unit goes: once an
# internal failure (exit 2, "the validator failed"), now the rule it breaks, exit 1
SEA_CELLS = {
    "move_into_the_sea": ({"turn": 5, "player": "axis", "phase": "movement"}, {"ger_57id": "1050"},
                          {"type": "move", "side": "axis", "unit": "ger_57id", "path": ["1051"]}, "rule 2.2.3"),
    "railhead_into_the_sea": ({"turn": 5, "player": "axis", "phase": "supply", "step": "railheads"},
                              {"ger_57id": "1430"},
                              {"type": "railhead", "side": "axis", "from": "1402", "path": ["1051"]}, "rule 17.2.1"),
    "attrition_at_sea": ({"turn": 5, "player": "axis", "phase": "supply", "step": "attrition"}, {"ger_57id": "1051"},
                         {"type": "attrition", "side": "axis", "unit": "ger_57id", "die": 3}, "rule 16.5.3"),
}


@pytest.mark.parametrize("name", sorted(SEA_CELLS))
def test_a_stalingrad42_unit_sent_to_sea_is_a_violation(tmp_path, name: str) -> None:
    start, units, action, rule = SEA_CELLS[name]
    header = dict(S42_HEAD, start=start, position={"units": units})
    (tmp_path / "game.jsonl").write_text(json.dumps(header) + "\n" + json.dumps(action) + "\n", encoding="utf-8")
    o = run(["validate", "game.jsonl"], str(tmp_path))
    check(o, allowed=(1,))
    assert "game.jsonl:2: turn 5 axis " in o.out and rule in o.out


GENERATED_LOGS = {
    "nested_100000": ("[" * 100000 + "]" * 100000, "nested more than 16 deep"),
    "line_over_1_MiB": ('{"type": "note", "side": "axis", "note": "' + "x" * (1 << 20) + '"}', "line longer than"),
    "many_lines_of_numbers": ("\n".join(["1"] * 300_000), "expected a JSON object on each line"),
}


@pytest.mark.parametrize("name", sorted(GENERATED_LOGS))
def test_hostile_log_too_big_to_keep(tmp_path, name: str) -> None:
    text, message = GENERATED_LOGS[name]
    (tmp_path / "game.jsonl").write_text(
        '{"format": "hexforge-log", "version": 1, "game": "no_retreat"}\n' + text + "\n", encoding="utf-8")
    o = run(["validate", "game.jsonl"], str(tmp_path))
    check(o, allowed=(2,))
    assert message in o.err


@pytest.mark.parametrize("name", [b"a\nb.jsonl", b"\xff\xfe.jsonl", b"\xed\xa0\x80.jsonl"])
def test_a_log_whose_name_is_not_text_is_reported_with_its_name_escaped(tmp_path, name: bytes) -> None:
    """A file name holding a newline or bytes that are not UTF-8: each report line stays one line, and the replay
    page (once an internal error: the name could not be written as UTF-8) shows it escaped."""
    log = os.fsdecode(name)
    shutil.copy(os.path.join(os.path.dirname(CORPUS), "logs", "blind10_entrain_twice.jsonl"), tmp_path / log)
    o = run(["validate", log, "--html", "report.html"], str(tmp_path))
    check(o, allowed=(1,))
    shown = one_line(log)
    lines = [ln for ln in o.out.splitlines() if ln]
    assert lines and all(ln.startswith(shown + ":") for ln in lines)
    assert html.escape(shown) in (tmp_path / "report.html").read_text(encoding="utf-8")


def test_a_byte_order_mark_before_a_log_is_ignored(tmp_path) -> None:
    data = open(os.path.join(os.path.dirname(CORPUS), "logs", "supply_rulebook_example.jsonl"), "rb").read()
    (tmp_path / "game.jsonl").write_bytes(b"\xef\xbb\xbf" + data)
    check(run(["validate", "game.jsonl"], str(tmp_path)), allowed=(0,))


# -- VASSAL files -------------------------------------------------------------------------------------------------------

VASSAL_MESSAGES = {
    "bare_stream_not_utf8.vlog": "file: not UTF-8 text (bad byte at offset 15)",
    "checksum_lie.vsav": "zip entry 'savedGame' is damaged: its checksum (CRC-32) does not match",
    "compressed_size_too_large.vsav": "damaged: data after the end of its compressed stream",
    "compressed_size_too_small.vsav": "damaged: its compressed stream ends early",
    "deep_metadata.vsav": "moduledata: bad XML (Excessive depth",
    # a module's turn levels nested 150 deep (once a RecursionError, exit 3): read by vassal-dump; import and
    # validate refuse the log (not made with our module) before they read it (so the modules below too)
    "deep_turn_levels.vmod": "buildFile.xml: line 1: elements nested more than 100 deep",
    # a grid numbering padded to 999999999999 digits (once an OverflowError naming a location, exit 3)
    "numbering_leading_huge.vmod": "SquareGridNumbering vLeading='999999999999' must be between -32 and 32",
    # a grid 4.9e-324 pixels apart (once an OverflowError: a row number past any float, exit 3)
    "grid_spacing_subnormal.vmod": "SquareGrid dy='4.9e-324' must be a number 1..1048576",
    "directory_size_lie.vsav": "zip records a directory of 2147483647 bytes, more than the cap",
    "entity_expansion.vsav": None,  # entities are never expanded: read as it is
    "entry_over_cap.vsav": "zip entry 'savedGame' inflates to more than the cap of 50331648 bytes",
    "image_size_lies.vmod": None,  # a module: sizes that cannot be are unknown sizes
    "many_commands.vlog": "savedGame: more than 30000 commands (40001), the cap",
    "module_as_save.vsav": "zip has no 'savedGame' entry",
    "path_in_entry_name.vsav": "zip entry '../../savedGame': '..' in path refused",
    "ratio_bomb.vsav": "zip entry 'savedGame' inflates more than 100:1",
    "size_recorded_too_large.vsav": "damaged: it inflates to 33 bytes, not the 83 it records",
    "size_recorded_too_small.vsav": "damaged: it inflates to more than the 1000 bytes it records",
    "unknown_compression.vsav": "unsupported compression method 99",
    # a zip64 extra field placing the entry at 2**63 + 5 (once a ValueError from seek, exit 3)
    "zip64_offset_past_the_end.vsav": "zip entry 'savedGame' is damaged: the directory points past the end",
}


@pytest.mark.parametrize("name", _cases("vassal"))
@pytest.mark.parametrize("command", ["vassal-dump", "import", "validate"])
def test_hostile_vassal_file(tmp_path, name: str, command: str) -> None:
    shutil.copy(os.path.join(CORPUS, "vassal", name), tmp_path / name)
    if name.endswith(".vmod"):
        if not os.path.isfile(ZXVT):
            pytest.skip("the real VASSAL samples are not here")
        argv = [command, ZXVT, "--module", name] if command != "validate" else [command, ZXVT]
    else:
        argv = [command, name]
    before, inputs = listing(tmp_path), fingerprint([str(tmp_path / name)])
    o = run(argv + (["-o", "out.jsonl"] if command != "validate" else []), str(tmp_path))
    check(o)
    message = VASSAL_MESSAGES[name]
    if message is not None and (command == "vassal-dump" or not name.endswith(".vmod")):
        assert o.code == 2 and message in o.err
    assert fingerprint([str(tmp_path / name)]) == inputs
    check_workspace(str(tmp_path), before, ["out.jsonl"])


def test_the_recorded_entry_count_is_checked_before_the_directory_is_read(tmp_path) -> None:
    data = open(os.path.join(CORPUS, "vassal", "deep_metadata.vsav"), "rb").read()
    from games.errors import DataError

    with pytest.raises(DataError, match="zip records 2 entries, more than the cap of 1"):
        SafeZip("x.vsav", data, Caps(entries=1))


def test_a_piece_of_thousands_of_quoted_trait_levels_is_read_in_time(tmp_path) -> None:
    """A piece type of 4,000 decorator levels whose innermost ends in a quote is split level by level (the quoting
    rules apply there), each level decoding all the text inside it: once cubic (minutes on 8 MB, a hang), now kept
    as one opaque level past a few thousand characters of work."""
    from games.vassal_codec import encode

    levels = "".join("mark;x" + "\\" * k + "\t" for k in range(4000)) + "piece;;;a.png;n'"
    (tmp_path / "deep.vlog").write_text("begin_save\x1b+/" + encode(["1", levels, ""], "/"), encoding="utf-8")
    o = run(["vassal-dump", "deep.vlog", "-o", "out.jsonl"], str(tmp_path), subprocess_=True)
    check(o, allowed=(0,))


TURN = "VASSAL.build.module.turn."
# Numbers in a VASSAL stream that pass str.isdigit but not int() ('²'), or that int() refuses (over 4,300 digits):
# once internal errors (ValueError, exit 3) in a dice report, a TURN state, a map named MapN, a Footprint's points
ODD_NUMBERS = {
    "dice_report_5000_digits": "CHAT** 2d6 = " + "9" * 5000 + " *** <me>",
    "turn_state_superscript": "TURNTurnTracker0\t\u00b2|1;0;;;",
    "turn_state_5000_digits": "TURNTurnTracker0\t" + "9" * 5000 + "|1;0;;;",
    "map_index_superscript": "+/1/piece;;;a.png;n/Map\u00b2;10;10;;0",
    "map_index_5000_digits": "+/1/piece;;;a.png;n/Map" + "9" * 5000 + ";10;10;;0",
    "footprint_count_superscript": "+/1/footprint;a;b\tpiece;;;a.png;n/true;Main;\u00b2\tMain;10;10;;0",
    "footprint_point_two_minus": "+/1/footprint;a;b\tpiece;;;a.png;n/true;Main;1;--5,1\tMain;10;10;;0",
}


@pytest.mark.parametrize("name", sorted(ODD_NUMBERS))
def test_numbers_int_refuses_are_read_as_no_number(tmp_path, name: str) -> None:
    (tmp_path / "odd.vlog").write_text("begin_save\x1b" + ODD_NUMBERS[name], encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "turn.vmod", "w") as z:
        z.writestr("buildFile.xml", f'<VASSAL.build.GameModule name="X"><{TURN}TurnTracker name="t"><{TURN}'
                                    f'CounterTurnLevel name="l" property="p"/></{TURN}TurnTracker>'
                                    '</VASSAL.build.GameModule>')
    o = run(["vassal-dump", "odd.vlog", "--module", "turn.vmod", "-o", "out.jsonl"], str(tmp_path))
    check(o, allowed=(0,))


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "loop", "folder"])
@pytest.mark.parametrize("command", ["validate", "import", "vassal-dump", "module"])
def test_an_input_that_is_not_a_regular_file_is_refused_at_once(tmp_path, kind: str, command: str) -> None:
    _mutate_file(str(tmp_path / "input"), kind, str(tmp_path))
    if command == "module":
        if not os.path.isfile(ZXVT):
            pytest.skip("the real VASSAL samples are not here")
        argv = ["vassal-dump", ZXVT, "--module", "input"]
    else:
        argv = [command, "input"]
    o = run(argv, str(tmp_path), subprocess_=CHILD or kind in ("fifo", "dev_zero"))  # these once hung or blew up
    check(o, allowed=(2,))
    assert "input: " in o.err


# -- game folders ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", _cases("data"))
def test_hostile_game_folder(tmp_path, name: str) -> None:
    with open(os.path.join(CORPUS, "data", name), encoding="utf-8") as f:
        case = json.load(f)
    game = fresh_game(str(tmp_path))
    if "edit" in case:
        rel, old, new = case["edit"]
        path = os.path.join(game, rel)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        assert old in text, (rel, old)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace(old, _expand(new), 1))
    if "file" in case:
        rel, op = case["file"]
        _mutate_file(os.path.join(game, rel), op, str(tmp_path))
    command = case.get("command", "info")
    argv = [command, "./nr"] + (["-o", "out"] if command != "info" else [])
    before, inputs = listing(tmp_path), fingerprint([game])
    o = run(argv, str(tmp_path), timeout=60)
    check(o, allowed=(2,))
    assert case["message"] in o.err, o.err
    assert fingerprint([game]) == inputs
    check_workspace(str(tmp_path), before)


# -- the command line --------------------------------------------------------------------------------------------------

def test_a_closed_pipe_ends_the_output_quietly(hostile_base, tmp_path) -> None:
    p = subprocess.Popen([HEXFORGE, "vassal-dump", hostile_base.save], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(10)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait(timeout=60) == 0 and err == b""


def test_list_shows_the_names_and_titles_of_folders_here_escaped(tmp_path) -> None:
    """``list`` reads game folders in the working folder that nobody checked: a title holding a terminal escape
    sequence or a newline, or a folder so named, once went to the terminal as it was."""
    for folder, title in (("evil", "\\u001b]0;pwned\\u0007\\u001b[31mred"), ("a\nb", "two\\nlines"),
                          ("long", "x" * 3000)):
        os.makedirs(tmp_path / folder)
        (tmp_path / folder / "game.toml").write_text(f'title = "{title}"\n', encoding="utf-8")
    o = run(["list"], str(tmp_path))
    check(o, allowed=(0,))
    lines = o.out.splitlines()
    assert all(ln.isprintable() and len(ln) < 300 for ln in lines)
    assert any(ln.startswith("evil ") and "\\x1b]0;pwned\\x07" in ln for ln in lines)
    assert any(ln.startswith("a\\x0ab ") and "two\\x0alines" in ln for ln in lines)


def test_a_usage_error_is_one_line(tmp_path) -> None:
    for argv in (["validate"], ["bogus"], ["pnp", "no_retreat", "--paper", "a\nb"], ["validate", "x", "--format", "\u2028"],
                 ["info", "absent", "--format", "--format", "\x00"]):
        o = run(argv, str(tmp_path), subprocess_=False)
        check(o, allowed=(2,))
        assert len(o.err.splitlines()) == 1


def test_a_bug_is_an_internal_error_exit_3_with_the_traceback_behind_debug(tmp_path, monkeypatch, capsys) -> None:
    import hexforge.info

    def broken(args):
        raise ZeroDivisionError("a bug\nwith two lines")

    monkeypatch.setattr(hexforge.info, "run", broken)
    assert cli.main(["info", "no_retreat"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("hexforge info: internal error (ZeroDivisionError: a bug\\x0awith two lines)")
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert cli.main(["--debug", "info", "no_retreat"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and err.splitlines()[-1].startswith("hexforge info: internal error")


def test_sigterm_leaves_no_staging_folder(tmp_path) -> None:
    """A build ended by SIGTERM cleans up as one that fails: no staging folder, no half output."""
    import signal
    import time

    p = subprocess.Popen([HEXFORGE, "art", "no_retreat", "-o", str(tmp_path / "out")], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (tmp_path / "out").exists():
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    p.wait(timeout=60)
    assert not (tmp_path / "out").exists() or os.listdir(tmp_path / "out") in ([], ["no_retreat"])
    assert not [n for n in listing(str(tmp_path)) if ".staging-" in n]


def test_the_largest_real_save_reads_within_the_memory_limit(samples_dir, tmp_path) -> None:
    """PathsOfGlory's save (a 28 MB savedGame, the largest real one we know) is read, decoded and dumped within the
    caps and the 512 MB the reading commands promise."""
    save = os.path.join(samples_dir, "pathsofglory", "Historical10-8.vsav")
    with zipfile.ZipFile(save) as z:
        assert z.getinfo("savedGame").file_size < Caps().entry_bytes
    o = run(["vassal-dump", save, "-o", "out.jsonl"], str(tmp_path), subprocess_=True, timeout=120)
    check(o, allowed=(0,))
    assert os.path.getsize(tmp_path / "out.jsonl") > 0
