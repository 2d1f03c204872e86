"""Stalingrad '42 end to end through the real VASSAL engine (issue 15's VASSAL deliverable, issue 17's Check rules):
games played with the generated module from the S1 Fall Blau set-up, logged by VASSAL, then ``hexforge validate
game.vlog`` and ``hexforge import``, and the module's Check rules command in the chat.

Each game is written first as a game log (the plan) that the validator itself checks, then played in VASSAL by
tests/vassal_playback.py: turn-tracker presses through every phase, drags hex by hex, a rail move (the drag, then
*Mark Train*), a reinforcement from the Turn Record Track into its Entry Area and on into the map, a battle by attack
marks, VASSAL's die and the Battle result report (an A1 step loss as a flip; a DR2 retreat dragged hex by hex), a
Full Retreat marker, the Weather Phase's roll. The engine is seeded so that its second to fourth rolls
(tests/vassal_playback.java_dice) are dice for which the planned battle results are right (or, for the planted one,
wrong). One JVM run plays
both games: the legal one, then the one with every planted violation (a move beyond the MA + 3 of every mode, a move into an enemy
zone of control and on, a move into an enemy Hex Bond, a move out of its phase, an overstack at the phase end, a
battle result the table does not give for VASSAL's die, and markers from the palette for advanced rules the scenario
leaves out: a Planned Offensive marker turned upside down on an HQ, a Reserve marker put on a unit and taken off in
the Combat Phase, each translated into its own line; an Automatic DS in the Movement Phase at 1-1, by attack
directions and *Mark Automatic DS*, whose defender's drags are its retreat), each
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
from PIL import Image

import games
from hexforge.cli import main as hexforge
from modgen import module, plugin
from validator.logfile import parse_log
from validator.replay import replay
from validator.vassal.vlog_input import load_vassal
from vassal_playback import java_dice, playback, units_where_vassal_left_them

pytestmark = pytest.mark.engine

HEAD = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s1_fall_blau"}
HEXFORGE = Path(sys.executable).parent / "hexforge"
PROGRAM = "hexforgeProgram"  # the Check rules plugin's preference: the hexforge it runs
SUMMARY = r"^- Check rules: (no violations|\d+ violation)"
WINDOW = "Check rules"  # the plugin's results window
SCREENSHOT = Path(__file__).resolve().parent.parent / "build" / "plugin" / "s42_check_rules.png"


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


TO_SOVIET_MOVEMENT = [A("phase", "axis", phase="initial"), A("phase", "axis", phase="movement"),
                      A("phase", "soviet", phase="initial"), A("phase", "soviet", phase="movement")]

def clean(weather: int, die: int, second: int) -> list[dict[str, Any]]:
    """The legal game, with VASSAL's dice for the turn-2 weather and for its two battles."""
    turn2 = OPENING.index(A("turn", "axis", turn=2)) + 1
    opening = [*OPENING[:turn2], A("weather", "axis", weather="clear", die=weather), *OPENING[turn2:]]
    return [*opening, A("phase", "axis", phase="combat"),
            A("battle", "axis", attackers=["ger_68id", "ger_stug191"], targets=["1720"], die=die, result="A1"),
            A("loss", "axis", unit="ger_68id"),  # the A1 step loss: the attacker flipped (10.1)
            A("battle", "axis", attackers=["cro_369", "ger_16pz"], targets=["1719"], die=second, result="DR2"),
            A("retreat", "soviet", unit="sov_277rd", path=["1820", "1919"]),  # dragged hex by hex (12.x)
            A("phase", "axis", phase="recovery")]


OPENING = [
    *TO_SOVIET_MOVEMENT,
    A("move", "soviet", unit="sov_333rd", path=["2021", "1920", "1820"]),  # by road and clear terrain (5.1)
    A("move", "soviet", unit="sov_14tb", path=["1702", "1701", "1700"]),
    A("rail", "soviet", unit="sov_15tb", to="2725"),  # a Rail Move (5.6): dragged, then Mark Train
    A("move", "soviet", unit="sov_140rd", path=["1921"]),  # out of an EZOC, one hex (6.2)
    A("full_retreat", "soviet", units=["sov_79cav"]),  # Mark Full Retreat (13.1.3)
    A("turn", "axis", turn=2),
    A("phase", "axis", phase="initial"),
    A("place", "axis", unit="ger_71id", to="X"),  # a turn-2 reinforcement into Entry Area X (22.x)
    A("phase", "axis", phase="movement"),
    A("move", "axis", unit="ger_71id", path=["1004", "1104"]),  # out of its Entry Area onto the map
]

PLANTED_ACTIONS = [
    A("phase", "axis", phase="initial"),
    A("offensive", "axis", unit="ger_hq_6a"),  # a Planned Offensive marker, advanced rule 26 not in play: 26.1
    *TO_SOVIET_MOVEMENT[1:],
    # 7 MP with an MA of 3, beyond even Extended Movement's 6 (VASSAL cannot say a move's mode: the validator tries
    # each, 5.3, 5.4): 5.1 on its last drag
    A("move", "soviet", unit="sov_102rd", path=["2323", "2424", "2524", "2625", "2724"]),
    A("move", "soviet", unit="sov_4rd", path=["2327"]),  # into an enemy Hex Bond: 7.2
    A("move", "soviet", unit="sov_106rd", path=["1722", "1622"]),  # into an EZOC and on: 6.2
    A("reserve", "soviet", units=["sov_212rd"]),  # a Reserve marker, advanced rule 25 not in play: 25.2.1
    A("auto_ds", "soviet", attackers=["sov_31rd", "sov_339rd"], target="2633"),  # at 1-1, not 10-1: 8.6.1
    A("retreat", "axis", unit="ger_198id", path=["2533", "2434", "2334", "2235"]),  # its DS: four hexes (12.1.1)
    A("move", "soviet", unit="sov_278rd", path=["1721"]),  # a third Soviet unit in 1721 ...
    A("move", "axis", unit="ger_9pz", path=["1401"]),  # an Axis move in the Soviet Movement Phase: 3.0
    A("phase", "soviet", phase="combat"),  # ... when the Movement Phase ends: 4.1
    A("activate", "soviet", units=["sov_212rd"]),  # its marker taken off in the Combat Phase (25.2.3)
]
PLANTED = {  # rule -> (the plan's action index, the units it names)
    "26.1": (1, {"ger_hq_6a"}), "5.1": (5, {"sov_102rd"}), "7.2": (6, {"sov_4rd"}), "6.2": (7, {"sov_106rd"}),
    "25.2.1": (8, {"sov_212rd"}), "8.6.1": (9, set()), "3.0": (12, set()),
    "4.1": (13, {"sov_278rd", "sov_51rd", "sov_34cav"}), "10.1": (15, {"sov_162rd", "sov_22tc"}),
}


def planted(die: int) -> list[dict[str, Any]]:
    """The game with every planted violation, with VASSAL's die for its battle: an A1 the CRT does not give for that
    die (10.1; its step loss is taken, so nothing else is owed)."""
    return [*PLANTED_ACTIONS,
            A("battle", "soviet", attackers=["sov_162rd", "sov_22tc"], targets=["1717"], die=die, result="A1"),
            A("loss", "soviet", unit="sov_162rd"), A("phase", "soviet", phase="recovery")]


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
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def played(vassal_engine, s42, s42_build, tmp_path_factory):
    """Both games in one JVM run, each logged beside a copy of the module (where ``hexforge validate`` finds it)."""
    first = [d for d in range(1, 7) if broken(clean(1, d, 6)) == []]  # the dice for which the planned A1 is right
    second = [d for d in range(1, 7) if broken(clean(1, min(first), d)) == []]  # ... and the DR2
    wrong = [d for d in range(1, 7) if sorted(broken(planted(d))) == sorted((r, i) for r, (i, _) in PLANTED.items())]
    seed = next(s for s in range(1, 10_000) if java_dice(s, 4)[1] in first and java_dice(s, 4)[2] in second
                and java_dice(s, 4)[3] in wrong)
    plan = clean(*java_dice(seed, 4)[:3])
    assert broken(plan) == []
    out = tmp_path_factory.mktemp("s42_e2e")
    vmod = str(out / os.path.basename(module.vmod_path(s42, s42_build)))
    shutil.copyfile(module.vmod_path(s42, s42_build), vmod)
    ctx = module.context(s42, s42_build)
    with_plugin = bool(plugin.class_files()) and HEXFORGE.is_file()
    script = []
    for actions, name in ((plan, "clean.vlog"), (planted(java_dice(seed, 4)[3]), "planted.vlog")):
        part = playback(s42, HEAD, actions, name, cards=False, area_point=ctx.point)
        assert part[-1] == {"do": "end_log"}
        script += part[:-1] + check_rules(with_plugin) + [part[-1]]
    if with_plugin:  # the planted game's results window: its rows, and the main window with it above
        script += [{"do": "show"}, {"do": "rows", "window": WINDOW},
                   {"do": "screenshot", "window": "main", "above": [WINDOW], "file": "s42_check_rules.png"}]
    result = replace(vassal_engine, seed=seed).run_script(vmod, script, out)
    if with_plugin:
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(out / "s42_check_rules.png", SCREENSHOT)
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
    assert rolled[:-1] == [a["die"] for a in plan if "die" in a]  # the seed's dice: the planned weather's and battle's


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
    weather = [i for i, a in enumerate(lines) if a.get("type") == "weather"]
    assert [{k: v for k, v in lines[i].items() if k != "src"} for i in weather] == [
        a for a in plan if a["type"] == "weather"]
    assert [lines[i + 1]["phase"] for i in weather] == ["initial"]  # where the Weather Phase ended
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
        assert line["type"] in ("move", "phase", "battle", "offensive", "reserve", "auto_ds"), (rule, line)
    moves = {a["unit"]: a["src"]["step"] for a in actions if a["type"] == "move"}  # each unit's last drag
    assert got["5.1"]["step"] == moves["sov_102rd"] and got["6.2"]["step"] == moves["sov_106rd"]
    assert got["3.0"]["step"] == moves["ger_9pz"]
    assert got["7.2"]["step"] == next(a["src"]["step"] for a in actions if a.get("unit") == "sov_4rd")
    ends = next(a for a in actions if a["type"] == "phase" and a["phase"] == "combat" and a["side"] == "soviet")
    assert got["4.1"]["step"] == ends["src"]["step"]  # the overstack: where the Movement Phase ended
    assert got["10.1"]["step"] == next(a["src"]["step"] for a in actions if a["type"] == "battle")
    kinds = ("offensive", "reserve", "activate", "auto_ds", "retreat")  # markers put on and taken off, the DS retreat
    marked = [{k: v for k, v in a.items() if k != "src"} for a in actions if a["type"] in kinds]
    assert marked == [a for a in PLANTED_ACTIONS if a["type"] in kinds]
    assert got["26.1"]["step"] == next(a["src"]["step"] for a in actions if a["type"] == "offensive")
    assert got["25.2.1"]["step"] == next(a["src"]["step"] for a in actions if a["type"] == "reserve")
    assert got["8.6.1"]["step"] == next(a["src"]["step"] for a in actions if a["type"] == "auto_ds")


def test_the_translation_ends_where_vassal_ends(played, s42) -> None:
    """Every unit on the board in VASSAL's final state (the planted game's, played last) is where the validator's
    replay of the translation puts it."""
    result, out, _, _ = played
    v = load_vassal(str(out / "planted.vlog"))
    final = replay(v.log, v.game, keep_states=False).final
    assert units_where_vassal_left_them(s42, result.pieces, final) >= 150


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
    rows = [s for s in result.steps if s.do == "rows"][-1].info["rows"]  # the window lists what the chat shows
    assert rows == [line.removeprefix("- Check rules: ") for line in planted[:-1]]
    with Image.open(SCREENSHOT) as shot:  # painted, not blank
        assert shot.size[0] >= 1000 and sum(1 for n in shot.convert("L").histogram() if n) > 16
