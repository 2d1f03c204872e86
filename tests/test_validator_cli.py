"""``hexforge validate``: exit codes, report formats, and one clear line for every kind of unreadable log."""

from __future__ import annotations

import json
import subprocess
import sys
import os

import pytest

from hexforge.cli import main
from validator import logfile

LOG_DIR = os.path.join(os.path.dirname(__file__), "logs")
HEADER = '{"format": "hexforge-log", "version": 1, "game": "no_retreat", "scenario": "campaign_1941"}'


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_clean_log_exits_0(capsys) -> None:
    code, out, err = run(["validate", os.path.join(LOG_DIR, "supply_rulebook_example.jsonl")], capsys)
    assert code == 0
    assert out.strip().endswith("no violations")
    assert err == ""


def test_violations_exit_1_one_line_each(capsys) -> None:
    path = os.path.join(LOG_DIR, "movement_zoc.jsonl")
    code, out, _ = run(["validate", path], capsys)
    assert code == 1
    lines = out.strip().splitlines()
    assert lines[0].startswith(f"{path}:2: turn 2 axis movement: rule 8.5.1: ")
    assert len(lines) == 6  # five violations and the summary
    assert "5 violation(s)" in lines[-1]


def test_json_report(capsys) -> None:
    code, out, _ = run(["validate", os.path.join(LOG_DIR, "movement_zoc.jsonl"), "--format", "json"], capsys)
    assert code == 1
    doc = json.loads(out)
    assert doc["clean"] is False
    assert [v["rule"] for v in doc["violations"]] == ["8.5.1", "8.5.2", "8.5.3", "8.5.1", "8.1"]
    first = doc["violations"][0]
    assert first["line"] == 2 and first["turn"] == 2 and first["side"] == "axis" and first["phase"] == "movement"
    assert first["path"] == ["1212", "1312", "1412", "1413"]


BAD = {
    "malformed": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_4" "to": "1006"}\n', ":2: malformed JSON"),
    "truncated": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_4", "to": "10', ":2: truncated line"),
    "unknown unit": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_99", "to": "1006"}\n',
                     ":2: action 'move': unknown unit 'ger_99'"),
    "unknown hex": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_4", "to": "9999"}\n',
                    ":2: action 'move': unknown hex or area '9999'"),
    "unknown box": (HEADER + '\n{"type": "remove", "side": "axis", "unit": "ger_4", "to": "limbo"}\n',
                    "unknown box 'limbo'"),
    "unknown action": (HEADER + '\n{"type": "fly", "side": "axis", "unit": "ger_4"}\n', ":2: action 'fly': "),
    "missing field": (HEADER + '\n{"type": "move", "side": "axis", "path": ["1006"]}\n',
                      ":2: action 'move': missing field 'unit'"),
    "unknown field": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_4", "to": "1006", "mp": 3}\n',
                      ":2: action 'move': unknown field 'mp'"),
    "unknown side": (HEADER + '\n{"type": "move", "side": "finns", "unit": "ger_4", "to": "1006"}\n',
                     "unknown side 'finns'"),
    "not an object": (HEADER + "\n[1, 2]\n", ":2: expected a JSON object"),
    "duplicate key in an action": (HEADER + '\n{"type": "move", "side": "axis", "unit": "ger_4", "to": "1006", '
                                   '"to": "1007"}\n', ":2: duplicate key 'to' in a JSON object"),
    "duplicate key in the header": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "position": '
                                    '{"units": {"ger_6": "0906", "ger_6": "1912"}}}\n',
                                    ":1: duplicate key 'ger_6' in a JSON object"),
    "duplicate hostile key": (HEADER + '\n{"type": "note", "side": "axis", "text": "x", "a\\nb": 1, "a\\nb": 2}\n',
                              ":2: duplicate key 'a\\nb' in a JSON object"),
    "no header": ('{"type": "move", "side": "axis", "unit": "ger_4", "to": "1006"}\n', ":1: not a hexforge log"),
    "empty": ("", "empty log"),
    "bad version": ('{"format": "hexforge-log", "version": 9, "game": "no_retreat"}\n', "unsupported log version"),
    "unknown game": ('{"format": "hexforge-log", "version": 1, "game": "chess"}\n', "cannot load game 'chess'"),
    "unknown scenario": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "scenario": "x"}\n',
                         "unknown scenario 'x'"),
    "bad start": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"phase": "movement"}}\n',
                  ":1: header: start: phase 'movement' belongs to a player turn"),
    "not utf-8": (HEADER + '\n{"type": "note", "side": "axis", "text": "\xff"}\n', None),
    "card in two hands": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 3}, '
                          '"position": {"hands": {"axis": ["c30"], "soviet": ["c30"]}}}\n',
                          ":1: header: position: card c30 is in the Axis hand and in the Soviet hand"),
    "card twice in a hand": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 3}, '
                             '"position": {"hands": {"axis": ["c30", "c30"]}}}\n', "card c30 is twice in the Axis"),
    "card in a hand and discarded": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": '
                                     '{"turn": 3}, "position": {"hands": {"soviet": ["c12"]}, "discards": ["c12"]}}\n',
                                     "card c12 is in the Soviet hand and in the discard pile"),
    "unit in the sea": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 7}, '
                        '"position": {"units": {"ger_6": "0101", "sov_south": "2012"}}}\n',
                        ":1: header: position: unit ger_6 is on 0101, a hex of the Baltic Sea"),
    "enemies in one hex": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 7}, '
                           '"position": {"units": {"ger_6": "2012", "sov_south": "2012"}}}\n',
                           ":1: header: position: 2012 holds units of both sides"),
    "unit moved onto the enemy": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "position": '
                                  '{"keep_scenario": true, "units": {"sov_south": "1204"}}}\n', "holds units of both"),
    "ally in Finland": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 7}, '
                        '"position": {"units": {"hun_2": "finland"}}}\n', "unit hun_2 is in finland, which its"),
    "unit in the enemy's box": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 7}, '
                                '"position": {"units": {"ger_6": "rail_soviet"}}}\n', "a box of the other side"),
    "rail box over capacity": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 7}, '
                               '"position": {"units": {"sov_kalinin": "rail_soviet", "sov_caucasus": "rail_soviet", '
                               '"sov_volkhov": "rail_soviet", "sov_crimean": "rail_soviet"}}}\n',
                               ":1: header: position: rail_soviet holds 4 units"),
    "weather against the track": ('{"format": "hexforge-log", "version": 1, "game": "no_retreat", "start": {"turn": 1, '
                                  '"weather": "snow"}}\n', ":1: header: start: turn 1 has clear weather on the turn"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_unreadable_logs_exit_2_with_one_line(case: str, tmp_path, capsys) -> None:
    text, expected = BAD[case]
    path = tmp_path / "bad.jsonl"
    if case == "not utf-8":
        path.write_bytes(text.encode("latin-1"))
        expected = ":2: not UTF-8 text"
    else:
        path.write_text(text, encoding="utf-8")
    html = tmp_path / "out.html"
    code, out, err = run(["validate", str(path), "--html", str(html)], capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert expected in err
    assert "Traceback" not in err
    assert not html.exists()


def test_huge_and_missing_files_exit_2(tmp_path, capsys, monkeypatch) -> None:
    path = tmp_path / "huge.jsonl"
    path.write_text(HEADER + "\n" + '{"type": "note", "side": "axis", "text": "x"}\n' * 200, encoding="utf-8")
    monkeypatch.setattr(logfile, "MAX_BYTES", 1000)
    code, _, err = run(["validate", str(path)], capsys)
    assert code == 2 and "file too large" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(["validate", str(tmp_path / "absent.jsonl")], capsys)
    assert code == 2 and "cannot read" in err


def test_vassal_files_are_recognised(tmp_path, capsys) -> None:
    path = tmp_path / "game.vlog"
    path.write_bytes(b"PK\x03\x04" + bytes(40))
    code, out, err = run(["validate", str(path)], capsys)
    assert code == 2 and out == "" and "not a readable zip archive" in err and len(err.strip().splitlines()) == 1


def test_wrong_phase_is_a_violation_not_an_error(tmp_path, capsys) -> None:
    path = tmp_path / "phase.jsonl"
    path.write_text(HEADER + '\n{"type": "detrain", "side": "axis", "unit": "ger_4", "to": "1006"}\n', encoding="utf-8")
    code, out, _ = run(["validate", str(path)], capsys)
    assert code == 1
    assert ": rule 4.0: " in out


def test_validate_imports_only_what_it_needs() -> None:
    """The command line imports the chosen subcommand only: validating needs neither Pillow, shapely nor fpdf2
    (their imports were a third of `hexforge validate`'s start-up)."""
    code = ("import sys; from hexforge.cli import main; "
            f"rc = main(['validate', {os.path.join(LOG_DIR, 'supply_rulebook_example.jsonl')!r}]); "
            "print(rc, sorted(m for m in ('PIL', 'shapely', 'fpdf', 'art', 'modgen') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "0 []"


def test_only_the_process_command_line_keeps_its_objects_from_the_exit_collection(monkeypatch, capsys) -> None:
    """``main()`` as the process's command line (argv from ``sys.argv``) leaves what is alive out of the collection
    Python's exit makes (games.lasting.kept_to_exit); ``main(argv)``, as a test or a caller in a longer process runs
    it, leaves the collector as it found it."""
    import gc

    log = os.path.join(LOG_DIR, "supply_rulebook_example.jsonl")
    try:
        assert main(["validate", log]) == 0 and gc.get_freeze_count() == 0
        monkeypatch.setattr(sys, "argv", ["hexforge", "validate", log])
        assert main() == 0 and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    capsys.readouterr()


def test_an_html_report_that_cannot_be_written_is_one_line(tmp_path, capsys) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    html = blocker / "out.html"  # its folder is a file
    code, out, err = run(["validate", os.path.join(LOG_DIR, "combat_odds.jsonl"), "--html", str(html)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"hexforge validate: {html}: cannot write: ") and len(err.strip().splitlines()) == 1


def test_an_html_report_is_readable_by_all(tmp_path, capsys) -> None:
    html = tmp_path / "out.html"
    log = os.path.join(LOG_DIR, "blind_odds_examples_wrong.jsonl")
    code, _, _ = run(["validate", log, "--html", str(html)], capsys)
    assert code == 1 and (html.stat().st_mode & 0o777) == 0o644 and os.listdir(tmp_path) == ["out.html"]
