"""Stalingrad '42's turn tracker in the real VASSAL engine on a turn whose Soviet Player Turn comes first (S3.3: the
Uranus scenario from its second turn, turn 29). From the module's S3 set-up save the tracker's + button is pressed
straight through turn 28 and on into turn 29: VASSAL shows the Soviet phases first there, a Soviet unit dragged in
the Soviet Movement Phase validates without a 3.0, every state VASSAL logs is the one tests/tracker_press.py computes
for the same press (the log writers press the tracker with it), and a screenshot of the main window with the tracker
docked in its toolbar on the Soviet Initial Phase of turn 29 is kept in build/plugin/ to look at.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from PIL import Image

import games
from hexforge.cli import main as hexforge
from modgen import module
from validator.vassal.commands import SetTurn, decode_command, walk
from validator.vassal.savefile import read_save
from validator.vassal.turn_sequence import phase_sequence

from tracker_press import press

pytestmark = pytest.mark.engine

SCENARIO = "s3_uranus"
DOCKED = "turnDocked"  # VASSAL's preference that docks the tracker in the main window's toolbar
SCREENSHOT = Path(__file__).resolve().parent.parent / "build" / "plugin" / "s42_tracker_soviet_first.png"


@pytest.fixture(scope="module")
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def pressed(vassal_engine, s42, s42_build, tmp_path_factory):
    """Turn 28 pressed through, then turn 29's phases up to the Soviet Movement Phase, a Soviet drag there, and on
    to the Axis Movement Phase; the main window, with the tracker docked in its toolbar, shot on turn 29's Soviet
    Initial Phase."""
    out = tmp_path_factory.mktemp("s42_tracker")
    vmod = str(out / os.path.basename(module.vmod_path(s42, s42_build)))
    shutil.copyfile(module.vmod_path(s42, s42_build), vmod)
    per_turn = len(phase_sequence(s42))
    turn = {"do": "turn", "step": "next"}
    script = [{"do": "pref", "name": DOCKED, "value": True},
              {"do": "new_game", "setup": s42.scenarios[SCENARIO].name}, {"do": "side", "side": "Soviet"},
              {"do": "begin_log", "file": "uranus.vlog"}, *[turn] * (per_turn + 1), {"do": "show"},
              {"do": "screenshot", "window": "main", "file": "tracker.png"}, turn,
              {"do": "move", "piece": {"UnitId": "sov_160rd"}, "to": "2704"}, *[turn] * 5, {"do": "end_log"},
              {"do": "pref", "name": DOCKED, "value": False}]
    result = vassal_engine.run_script(vmod, script, out)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out / "tracker.png", SCREENSHOT)
    return result, out


def test_vassal_shows_the_soviet_phases_first_on_turn_29(pressed, s42) -> None:
    result, _ = pressed
    assert not result.problems, result.problems
    shown = [s.turn for s in result.steps if s.do == "turn"]
    per_turn = len(phase_sequence(s42))
    last28 = shown[per_turn - 2]  # (the set-up save is on turn 28's Weather Phase: 12 presses to its end)
    assert last28.startswith("Turn 28 ") and last28.endswith(": Victory Determination Phase")
    turn29 = [s.split(": ", 1)[1] for s in shown[per_turn - 1:]]
    assert all(s.startswith("Turn 29 ") for s in shown[per_turn - 1:])
    assert turn29 == ["Weather Phase", "Soviet Initial Phase", "Soviet Movement Phase", "Soviet Combat Phase",
                      "Soviet Recovery Phase", "Soviet Supply Phase", "Axis Initial Phase", "Axis Movement Phase"]
    assert [s.split(": ", 1)[1] for s in shown[:6]] == [
        "Axis Initial Phase", "Axis Movement Phase", "Axis Combat Phase", "Axis Recovery Phase", "Axis Supply Phase",
        "Soviet Initial Phase"]  # turn 28 as before: the Axis Player Turn first (skipped in play, S3.4)


def test_each_state_vassal_logs_is_the_one_the_log_writers_press(pressed) -> None:
    """From the save's own state (its restore part), each logged press gives the state tests/tracker_press.py does."""
    result, out = pressed
    root = decode_command(read_save(str(out / "uranus.vlog")).text)
    states = [c.state for c in walk(root) if isinstance(c, SetTurn)]
    assert len(states) == 1 + len([s for s in result.steps if s.do == "turn"])
    for before, after in zip(states, states[1:]):
        assert press(before) == after


def test_the_soviet_move_on_turn_29_validates_without_a_sequence_violation(pressed, capsys) -> None:
    _, out = pressed
    hexforge(["validate", str(out / "uranus.vlog"), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert [v for v in report["violations"] if v["rule"] == "3.0"] == []
    target = out / "uranus.jsonl"
    assert hexforge(["import", str(out / "uranus.vlog"), "-o", str(target)]) == 0
    lines = [json.loads(x) for x in target.read_text(encoding="utf-8").splitlines()]
    move = next(a for a in lines[1:] if a["type"] == "move")
    assert (move["side"], move["unit"]) == ("soviet", "sov_160rd")
    before = [a for a in lines[1:] if a["type"] == "phase" and a["src"]["step"] < move["src"]["step"]][-1]
    assert (before["side"], before["phase"]) == ("soviet", "movement")


def test_the_screenshot_shows_the_tracker(pressed) -> None:
    with Image.open(SCREENSHOT) as shot:  # painted, not blank (look at it: build/plugin/)
        assert shot.size[0] >= 1000 and sum(1 for n in shot.convert("L").histogram() if n) > 4
