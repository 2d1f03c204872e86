"""End to end through the real VASSAL engine (issue 9, item 6): games played with our module (built with the real
art), logged by VASSAL, then ``hexforge validate game.vlog`` and ``hexforge import``.

Each game is written first as a game log (the plan), checked by the validator itself, then played in VASSAL by
tests/vassal_playback.py: drags, unit menus, the turn tracker, the die, cards drawn into a hand. Two JVM runs: a
legal opening of two turns, and one game that holds every planted violation (overstacking, moving on through an
enemy zone of control, a battle result the table does not give, a one-hex retreat). The die is VASSAL's: the
engine is seeded so that its first rolls (tests/vassal_playback.java_dice) are ones for which the planned results
are right, and the test checks VASSAL rolled them.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from typing import Any

import pytest

from hexforge.cli import main as hexforge
from modgen import module
from nr_build import copy_art
from nr_played import HEAD, encode
from validator.logfile import parse_log
from validator.replay import replay
from vassal_playback import java_dice, playback, units_where_vassal_left_them

pytestmark = pytest.mark.engine


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


def opening(die: int) -> list[dict[str, Any]]:
    """Two legal turns: moves (hex by hex and to a far hex), entraining and detraining, a declared battle with its
    die and result, the retreat and the advance, the Soviet draws, a reinforcement placed."""
    return [
        A("phase", "axis", phase="movement"),
        A("entrain", "axis", unit="ger_16"),
        A("move", "axis", unit="ger_17", path=["0908", "1007", "1107", "1207"]),
        A("move", "axis", unit="ger_9", to="1207"),
        A("move", "axis", unit="ger_18", path=["1104"]),
        A("phase", "axis", phase="combat"),
        A("declare", "axis", targets=["1304"]),
        A("battle", "axis", attackers=["ger_4pz"], targets=["1304"], die=die, result="DR"),
        A("retreat", "soviet", unit="sov_northwest", path=["1404", "1503"]),
        A("advance", "axis", unit="ger_4pz", path=["1304"]),
        A("phase", "axis", phase="detraining"),
        A("detrain", "axis", unit="ger_16", to="1105"),
        A("phase", "soviet", phase="card"),
        A("draw", "soviet", cards=["c29", "c43", "c22", "c42"]),  # VASSAL draws its own: compared by count
        A("phase", "soviet", phase="movement"),
        A("move", "soviet", unit="sov_reserve", path=["1607", "1506", "1406"]),
        A("turn", "axis", turn=2),
        A("phase", "axis", phase="organization"),
        A("place", "axis", unit="ger_2", to="0913"),
        A("phase", "axis", phase="movement"),
        A("move", "axis", unit="ger_2", path=["1013"]),
    ]


def violations(first: int, second: int) -> list[dict[str, Any]]:
    """Planted: 8.5.1 (ger_16 goes on from an enemy zone of control), 8.4.1 (three units in 1005 when the phase
    ends), 10.5 (a CA no die gives in that column), 10.7.5 (a DR defender retreats one hex)."""
    return [
        A("phase", "axis", phase="movement"),
        A("move", "axis", unit="ger_2pz", path=["1005"]),
        A("move", "axis", unit="ger_16", path=["1205", "1305"]),
        A("phase", "axis", phase="combat"),
        A("declare", "axis", targets=["1304", "1010"]),
        A("battle", "axis", attackers=["ger_4pz"], targets=["1304"], die=first, result="CA"),
        A("battle", "axis", attackers=["ger_1pz", "ger_6"], targets=["1010"], die=second, result="DR"),
        A("retreat", "soviet", unit="sov_southwest", path=["1110"]),
        A("phase", "axis", phase="removal"),
    ]


PLANTED = ["8.4.1", "8.5.1", "10.5", "10.7.5"]


def check_plan(actions: list[dict[str, Any]]) -> list[str]:
    """The rules the validator finds broken in a plan (as a JSON Lines log)."""
    log, game = parse_log("plan.jsonl", encode([HEAD, *actions]))
    return sorted((v.rule for v in replay(log, game, keep_states=False).violations), key=_rule_key)


def _rule_key(rule: str) -> tuple[int, ...]:
    return tuple(int(p) for p in rule.split("."))


def seed_for(allowed: list[set[int]]) -> int:
    return next(s for s in range(1, 10_000) if all(d in a for d, a in zip(java_dice(s, len(allowed)), allowed)))


@pytest.fixture(scope="module")
def vmod(nr_game, nr_build, tmp_path_factory) -> str:
    """The module built once with the real art (a copy of the session's, tests/nr_build.py); games are logged beside
    it, where ``hexforge validate`` finds the module."""
    out = copy_art(nr_build, str(tmp_path_factory.mktemp("e2e") / "no_retreat"))
    return module.build(nr_game, out)[0]


def play(engine, nr_game, vmod: str, actions: list[dict[str, Any]], name: str, seed: int):
    script = playback(nr_game, HEAD, actions, name)
    result = replace(engine, seed=seed).run_script(vmod, script, os.path.dirname(vmod))
    return result, os.path.join(os.path.dirname(vmod), name)


@pytest.fixture(scope="module")
def clean_game(vassal_engine, nr_game, vmod):
    allowed = [{d for d in range(1, 7) if check_plan(opening(d)) == []}]
    seed = seed_for(allowed)
    result, path = play(vassal_engine, nr_game, vmod, opening(java_dice(seed, 1)[0]), "opening.vlog", seed)
    return result, path, opening(java_dice(seed, 1)[0])


@pytest.fixture(scope="module")
def bad_game(vassal_engine, nr_game, vmod):
    second = {d for d in range(1, 7) if check_plan(violations(1, d)) == PLANTED}
    first = {d for d in range(1, 7) if check_plan(violations(d, min(second))) == PLANTED}
    seed = seed_for([first, second])
    dice = java_dice(seed, 2)
    result, path = play(vassal_engine, nr_game, vmod, violations(*dice), "violations.vlog", seed)
    return result, path, violations(*dice)


def rolled(result) -> list[int]:
    return [int(line.split("=")[1].split("*")[0]) for s in result.steps for line in s.chat if "1d6 =" in line]


def validate_json(path: str, capsys) -> tuple[int, dict[str, Any], str]:
    code = hexforge(["validate", path, "--format", "json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


def normalized(actions: list[dict[str, Any]], game) -> list[dict[str, Any]]:
    """The game actions of a log as VASSAL can show them: no phases (the tracker passes every phase), a path
    dragged hex by hex is one move a hex, drawn cards by count, no ``src``."""
    out = []
    for a in actions:
        a = {k: v for k, v in a.items() if k != "src"}
        if a["type"] in ("phase", "note"):
            continue
        if a["type"] == "move" and len(a.get("path", ())) > 1:
            out += [{**a, "path": [h]} for h in a["path"]]
        elif a["type"] == "draw":
            out.append({**a, "cards": len(a["cards"])})
        elif a["type"] == "place":
            out.append({"face": "front", **a})
        else:
            out.append(a)
    return out


def test_vassal_rolled_the_dice_the_seed_gives(clean_game, bad_game) -> None:
    for result, _, plan in (clean_game, bad_game):
        assert rolled(result) == [a["die"] for a in plan if a["type"] == "battle"]
        assert not result.problems, result.problems


def test_the_legal_opening_validates_clean(clean_game, capsys) -> None:
    _, path, _ = clean_game
    code, report, err = validate_json(path, capsys)
    assert code == 0 and report["violations"] == [] and report["clean"]
    assert "0 not interpreted" in err and len(err.strip().splitlines()) == 1


def test_import_gives_back_the_planned_actions(clean_game, nr_game, tmp_path, capsys) -> None:
    _, path, plan = clean_game
    out = tmp_path / "opening.jsonl"
    assert hexforge(["import", path, "-o", str(out)]) == 0
    assert "0 not interpreted" in capsys.readouterr().err
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    sc = nr_game.scenarios[HEAD["scenario"]]
    assert lines[0] == {**HEAD, "edition": nr_game.edition, "options": dict(sc.options),
                        "players": {"axis": "Tester"}}
    assert normalized(lines[1:], nr_game) == normalized(plan, nr_game)
    phases = [(a["side"], a["phase"]) for a in lines[1:] if a["type"] == "phase"]
    planned = [(a["side"], a["phase"]) for a in plan if a["type"] == "phase"]
    assert all(p in phases for p in planned) and len(phases) > len(planned)  # every phase the tracker passed
    assert all(isinstance(a["src"]["step"], int) for a in lines[1:])


def test_the_translation_ends_where_vassal_ends(clean_game, nr_game) -> None:
    """Every unit on the board in VASSAL's final state is where the validator's replay of the translation puts it."""
    result, path, _ = clean_game
    from validator.vassal.vlog_input import load_vassal

    v = load_vassal(path)
    final = replay(v.log, v.game, keep_states=False).final
    assert units_where_vassal_left_them(nr_game, result.pieces, final) >= 20


def test_exactly_the_planted_violations_are_flagged(bad_game, capsys) -> None:
    _, path, plan = bad_game
    assert check_plan(plan) == PLANTED  # the plan itself, as a JSON Lines log
    code, report, err = validate_json(path, capsys)
    assert code == 1
    got = sorted(report["violations"], key=lambda v: _rule_key(v["rule"]))
    assert [v["rule"] for v in got] == PLANTED
    units = {v["rule"]: set(v["units"]) for v in got}
    assert {"ger_2pz", "ger_3pz", "ger_9"} <= units["8.4.1"]
    assert "ger_16" in units["8.5.1"] and "sov_southwest" in units["10.7.5"]
    assert "ger_4pz" in units["10.5"]
    assert "0 not interpreted" in err
