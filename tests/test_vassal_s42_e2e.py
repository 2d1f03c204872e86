"""Stalingrad '42 end to end through the real VASSAL engine (issue 15's VASSAL deliverable, issue 17's Check rules):
games played with the generated module from the S1 Fall Blau set-up, logged by VASSAL, then ``hexforge validate
game.vlog`` and ``hexforge import``, and the module's Check rules command in the chat.

Each game is written first as a game log (the plan) that the validator itself checks, then played in VASSAL by
tests/vassal_playback.py: turn-tracker presses through every phase, drags hex by hex, a rail move (the drag, then
*Mark Train*), a reinforcement from the Turn Record Track into its Entry Area and on into the map, a battle by attack
marks, VASSAL's die and the Battle result report (its A1 step loss a flip). The engine is seeded so that its first
roll (tests/vassal_playback.java_dice) is a die for which the planned result is right. One JVM run plays
both games: the legal one, then the one with every planted violation (a move beyond the MA, a move into an enemy
zone of control and on, a move into an enemy Hex Bond, a move out of its phase, an overstack at the phase end), each
followed by Check rules while its logfile is still being written.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hexforge.cli import main as hexforge
from modgen import module, plugin
from validator.logfile import parse_log
from validator.replay import replay
from validator.vassal.vlog_input import load_vassal
from vassal_playback import java_dice, playback

pytestmark = pytest.mark.engine

HEAD = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s1_fall_blau"}
HEXFORGE = Path(sys.executable).parent / "hexforge"
PROGRAM = "hexforgeProgram"  # the Check rules plugin's preference: the hexforge it runs
SUMMARY = r"^- Check rules: (no violations|\d+ violation)"


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


TO_SOVIET_MOVEMENT = [A("phase", "axis", phase="initial"), A("phase", "axis", phase="movement"),
                      A("phase", "soviet", phase="initial"), A("phase", "soviet", phase="movement")]

def clean(die: int) -> list[dict[str, Any]]:
    """The legal game, with VASSAL's die for its battle."""
    return [*OPENING, A("phase", "axis", phase="combat"),
            A("battle", "axis", attackers=["ger_68id", "ger_stug191"], targets=["1720"], die=die, result="A1"),
            A("loss", "axis", unit="ger_68id"),  # the A1 step loss: the attacker flipped (10.1)
            A("phase", "axis", phase="recovery")]


OPENING = [
    *TO_SOVIET_MOVEMENT,
    A("move", "soviet", unit="sov_333rd", path=["2021", "1920", "1820"]),  # by road and clear terrain (5.1)
    A("move", "soviet", unit="sov_14tb", path=["1702", "1701", "1700"]),
    A("rail", "soviet", unit="sov_15tb", to="2725"),  # a Rail Move (5.6): dragged, then Mark Train
    A("move", "soviet", unit="sov_140rd", path=["1921"]),  # out of an EZOC, one hex (6.2)
    A("turn", "axis", turn=2),
    A("phase", "axis", phase="initial"),
    A("place", "axis", unit="ger_71id", to="X"),  # a turn-2 reinforcement into Entry Area X (22.x)
    A("phase", "axis", phase="movement"),
    A("move", "axis", unit="ger_71id", path=["1004", "1104"]),  # out of its Entry Area onto the map
]

PLANTED_ACTIONS = [
    *TO_SOVIET_MOVEMENT,
    A("move", "soviet", unit="sov_102rd", path=["2122", "2023"]),  # 4 MP with an MA of 3: 5.1
    A("move", "soviet", unit="sov_4rd", path=["2327"]),  # into an enemy Hex Bond: 7.2
    A("move", "soviet", unit="sov_106rd", path=["1722", "1622"]),  # into an EZOC and on: 6.2
    A("move", "soviet", unit="sov_278rd", path=["1721"]),  # a third Soviet unit in 1721 ...
    A("move", "axis", unit="ger_9pz", path=["1401"]),  # an Axis move in the Soviet Movement Phase: 3.0
    A("phase", "soviet", phase="combat"),  # ... when the Movement Phase ends: 4.1
]
PLANTED = {  # rule -> (the plan's action index, the units it names)
    "5.1": (4, {"sov_102rd"}), "7.2": (5, {"sov_4rd"}), "6.2": (6, {"sov_106rd"}), "3.0": (8, set()),
    "4.1": (9, {"sov_278rd", "sov_51rd", "sov_34cav"}),
}


def broken(plan: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """(rule, index of the plan's action) of each violation the validator finds in a plan (as a JSON Lines log)."""
    text = "".join(json.dumps(x) + "\n" for x in [HEAD, *plan]).encode()
    log, game = parse_log("plan.jsonl", text)
    return [(v.rule, v.line - 2) for v in replay(log, game, keep_states=False).violations]


def check_rules(vmod_has_plugin: bool) -> list[dict[str, Any]]:
    """The Check rules command pressed, and its summary line awaited (nothing when the module has no plugin)."""
    if not vmod_has_plugin:
        return []
    return [{"do": "pref", "name": PROGRAM, "value": str(HEXFORGE)}, {"do": "button", "name": "Check rules"},
            {"do": "wait_chat", "pattern": SUMMARY}]


@pytest.fixture(scope="module")
def played(vassal_engine, s42_build, tmp_path_factory):
    """Both games in one JVM run, each logged beside a copy of the module (where ``hexforge validate`` finds it)."""
    s42 = __import__("games").load("stalingrad42")
    allowed = [d for d in range(1, 7) if broken(clean(d)) == []]  # the dice for which the planned A1 is right
    seed = next(s for s in range(1, 10_000) if java_dice(s, 1)[0] in allowed)
    plan = clean(java_dice(seed, 1)[0])
    assert sorted(broken(PLANTED_ACTIONS)) == sorted((r, i) for r, (i, _) in PLANTED.items())
    out = tmp_path_factory.mktemp("s42_e2e")
    vmod = str(out / os.path.basename(module.vmod_path(s42, s42_build)))
    shutil.copyfile(module.vmod_path(s42, s42_build), vmod)
    ctx = module.context(s42, s42_build)
    with_plugin = bool(plugin.class_files()) and HEXFORGE.is_file()
    script = []
    for actions, name in ((plan, "clean.vlog"), (PLANTED_ACTIONS, "planted.vlog")):
        part = playback(s42, HEAD, actions, name, cards=False, area_point=ctx.point)
        assert part[-1] == {"do": "end_log"}
        script += part[:-1] + check_rules(with_plugin) + [part[-1]]
    result = replace(vassal_engine, seed=seed).run_script(vmod, script, out)
    return result, out, with_plugin, plan


def validate_json(path: str, capsys) -> tuple[int, dict[str, Any], str]:
    code = hexforge(["validate", path, "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def test_vassal_played_both_games_without_a_problem(played) -> None:
    result, _, _, plan = played
    assert not result.problems, result.problems
    chat = [line for s in result.steps for line in s.chat]
    assert any("15 TB [sov_15tb] in 2725 marked Train" in line for line in chat)
    assert any("71 ID moves Turn Record Track 2 → Entry Area X (Kursk)" in line for line in chat)
    rolled = [int(line.split("=")[1].split("*")[0]) for line in chat if "1d6 =" in line]
    assert rolled == [a["die"] for a in plan if a["type"] == "battle"]  # the seed's die, the planned battle's


def test_the_legal_game_validates_clean(played, capsys) -> None:
    _, out, _, plan = played
    code, report, err = validate_json(str(out / "clean.vlog"), capsys)
    assert code == 0 and report["violations"] == [] and report["clean"] and report["game"] == "stalingrad42"
    assert "0 not interpreted" in err and len(err.strip().splitlines()) == 1


def test_import_gives_back_the_planned_actions(played, tmp_path, capsys) -> None:
    """The translation is the plan, drag by drag (a path dragged hex by hex is one move a hex), with every phase the
    tracker passed; the rail move is one ``rail`` line from the drag and its Train marker."""
    _, out, _, plan = played
    target = tmp_path / "clean.jsonl"
    assert hexforge(["import", str(out / "clean.vlog"), "-o", str(target)]) == 0
    assert "0 not interpreted" in capsys.readouterr().err
    lines = [json.loads(x) for x in target.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["game"] == "stalingrad42" and lines[0]["scenario"] == "s1_fall_blau"
    assert "position" not in lines[0] and "start" not in lines[0]  # the log begins at the set-up
    got = [{k: v for k, v in a.items() if k != "src"} for a in lines[1:] if a["type"] != "phase"]
    want = []
    for a in plan:
        if a["type"] == "move":
            want += [{**a, "path": [h]} for h in a["path"]]
        elif a["type"] == "rail":
            want.append({"type": "rail", "side": a["side"], "unit": a["unit"], "path": [a["to"]]})
        elif a["type"] == "place":
            want.append({**a, "face": "front"})
        elif a["type"] != "phase":
            want.append(a)
    assert got == want
    phases = [(a["side"], a["phase"]) for a in lines[1:] if a["type"] == "phase"]
    assert ("soviet", "supply") in phases and ("axis", "victory") in phases  # every phase the tracker passed
    assert all(isinstance(a["src"]["step"], int) for a in lines[1:])


def test_exactly_the_planted_violations_are_flagged_at_their_vassal_steps(played, capsys) -> None:
    _, out, _, plan = played
    path = str(out / "planted.vlog")
    code, report, err = validate_json(path, capsys)
    assert code == 1 and "0 not interpreted" in err
    got = {v["rule"]: v for v in report["violations"]}
    assert sorted(got) == sorted(PLANTED) and len(report["violations"]) == len(PLANTED)
    actions = load_vassal(path).translation.actions
    for rule, (_, units) in PLANTED.items():
        v = got[rule]
        assert units <= set(v["units"]), (rule, v["units"])
        step = v["step"]
        line = next(a for a in actions if a["src"]["step"] == step)
        assert line["type"] in ("move", "phase"), (rule, line)
    moves = {a["unit"]: a["src"]["step"] for a in actions if a["type"] == "move"}  # each unit's last drag
    assert got["5.1"]["step"] == moves["sov_102rd"] and got["6.2"]["step"] == moves["sov_106rd"]
    assert got["3.0"]["step"] == moves["ger_9pz"]
    assert got["7.2"]["step"] == next(a["src"]["step"] for a in actions if a.get("unit") == "sov_4rd")
    ends = next(a for a in actions if a["type"] == "phase" and a["phase"] == "combat" and a["side"] == "soviet")
    assert got["4.1"]["step"] == ends["src"]["step"]  # the overstack: where the Movement Phase ended


def chat_checks(result) -> list[str]:
    return [line for s in result.steps for line in s.chat if line.startswith("- Check rules:")]


def test_check_rules_shows_no_violations_then_each_planted_one_with_its_rule(played) -> None:
    result, _, with_plugin, _ = played
    if not with_plugin:
        pytest.skip("the module was built without the Check rules plugin (no JDK or engine jar) or no hexforge")
    lines = chat_checks(result)
    clean, planted = lines[0], lines[1:]
    assert clean.startswith("- Check rules: no violations (")
    shown = [line.split(": rule ")[1].split(":")[0] for line in planted[:-1]]
    assert sorted(shown) == sorted(PLANTED)
    assert planted[-1].startswith(f"- Check rules: {len(PLANTED)} violation(s) in ")
    assert all(line.startswith("- Check rules: turn 1 ") for line in planted[:-1])
