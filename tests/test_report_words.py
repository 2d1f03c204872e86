"""Reports in the players' words (issue 21 item 5): units, cards and places named as printed with the id in
brackets; a violation of a VASSAL log cites the VASSAL step and what the player did there, not a translated line; a
violation that follows from an earlier one says so and links to it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from hexforge.cli import main
from validator.model import Violation
from validator.naming import names_of
from validator.report import _follows

LOGS = Path(__file__).parent / "logs"


@pytest.fixture(scope="module")
def names():
    return names_of(games.load("no_retreat"))


def test_ids_are_named_as_printed(names) -> None:
    say = names.say
    assert say("ger_1pz (1st Panzer) entered 1412") == "1st Panzer [ger_1pz] entered 1412"  # a plain hex: its number
    assert say("ger_1pz (1st Panzer) is at 1311") == "1st Panzer [ger_1pz] is at Kiev [1311]"  # a city: its name
    assert say("sov_west cannot go to rail_axis") == "West [sov_west] cannot go to Axis Rail Movement [rail_axis]"
    assert say("(c05, sov_west (x))") == "(Cavalry Raid / OKH [c05], West [sov_west] (x))"
    assert say("rule 8.5.1: 10 MP, turn 12, phase movement") == "rule 8.5.1: 10 MP, turn 12, phase movement"
    assert say("units removed to removed") == "units removed to removed"  # ids that are plain words stay words
    once = say("ger_1pz (1st Panzer) at 1311")
    assert say(once) == once  # already in the players' words: unchanged


def _log(tmp_path: Path, actions: list[dict]) -> Path:
    header = (LOGS / "movement_zoc.jsonl").read_text().splitlines()[0]
    path = tmp_path / "game.jsonl"
    path.write_text(header + "\n" + "".join(json.dumps(a) + "\n" for a in actions))
    return path


MOVES = [
    {"type": "move", "side": "axis", "unit": "ger_1pz", "path": ["1312", "1412", "1413"], "src": {"step": 41}},
    {"type": "move", "side": "axis", "unit": "ger_1pz", "path": ["1414", "1415", "1416", "1417", "1418", "1419"],
     "src": {"step": 44}},
]


def test_a_vassal_log_cites_its_steps_and_what_was_done(tmp_path: Path, capsys) -> None:
    path = _log(tmp_path, MOVES)  # the actions of a translated VASSAL log carry their step in "src"
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{path}: VASSAL step 41 (moved 1st Panzer [ger_1pz] along 1312 → 1412 → 1413): "
                               "turn 2 axis movement: rule 8.5.1: 1st Panzer [ger_1pz] entered")
    assert ":2:" not in lines[0]  # no line of the translation
    assert lines[1].startswith(f"{path}: VASSAL step 44 (moved 1st Panzer [ger_1pz] along 1414")
    assert lines[1].endswith("(follows from the violation at VASSAL step 41, rule 8.5.1)")


def test_the_json_report_says_where_and_what_follows(tmp_path: Path, capsys) -> None:
    path = _log(tmp_path, MOVES)
    main(["validate", str(path), "--format", "json"])
    first, second = json.loads(capsys.readouterr().out)["violations"]
    assert first["step"] == 41 and first["at"] == "VASSAL step 41" and first["follows"] is None
    assert first["did"] == "moved 1st Panzer [ger_1pz] along 1312 → 1412 → 1413"
    assert second["follows"] == 0 and second["rule"] == "8.3"
    assert second["units"] == ["ger_1pz"]  # ids stay ids for programs
    plain = [{k: v for k, v in a.items() if k != "src"} for a in MOVES]
    main(["validate", str(_log(tmp_path, plain)), "--format", "json"])
    first, _ = json.loads(capsys.readouterr().out)["violations"]
    assert first["step"] is None and first["at"] == "line 2"


def _v(action: int, turn: int, units: tuple[str, ...]) -> Violation:
    return Violation(action + 2, turn, "axis", "movement", "8.1", "m", units, (), action)


def test_what_follows_from_what() -> None:
    vs = (_v(0, 2, ("a",)), _v(1, 2, ("b",)), _v(2, 2, ("a", "b")), _v(3, 3, ("a",)), _v(3, 3, ("a",)),
          _v(-1, 3, ("a",)))
    # the third follows the latest earlier one about one of its units; a new turn starts afresh; two findings of one
    # action do not follow each other; what the end of the log shows follows the last one of its unit in that turn
    assert _follows(vs) == [None, None, 1, None, None, 4]
