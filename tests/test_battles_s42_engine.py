"""Stalingrad '42's battles declared and resolved with the module's battle command in the real VASSAL engine
(issue 22).

One scripted game (tests/s42_battles_game.py) declares and resolves a battle on every TEC row a defender can stand
in (every hex terrain, every settlement, a printed Fortification), the battles together reaching every column of
the CRT and the automatic DS, and makes a Determined Defense wherever the result allows one. Checked: what each
battle marker holds in the saved game (strengths, each shift by its rule, net shift, column, die, result, the
Determined Defense's column and result) is what the rules package computes for the same position and roll;
screenshots of a declared and a resolved battle (``build/battles-look/``); the module loads with no problem.

The log (Stalingrad '42's VASSAL translator) translates into exactly the battles played, with no CRT result the
validator disputes; with a result set by hand afterwards exactly one (10.1), at that battle.

A second, short game from S1 Fall Blau's set-up (``sg.set_up_plan``), in its own run of the same engine and module:
two Axis battles declared and resolved with the battle command, the A1's step loss and the DR2's retreat played;
its log validates clean (``hexforge validate``), and with a result set by hand on a battle marker gives exactly one
violation (10.1), at that battle.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace

import pytest

import s42_battles_game as sg
from hexforge.cli import main as hexforge
from hexforge.module_step import battle_model
from modgen import module
from test_battles_engine import without_last_step
from validator.replay import replay as validate
from validator.vassal.vlog_input import load_vassal

pytestmark = pytest.mark.engine

LOOK_DIR = os.path.join(os.path.dirname(__file__), "..", "build", "battles-look")
DD_DIE = 4
ENGINE_TIMEOUT = 1200.0  # fourteen battles on the big map: 2-3 minutes alone, several times that on a loaded machine
CLEAN_LOG = "s42-battles-clean.vlog"  # the log without its last step (the result set by hand)
SET_UP_CLEAN_LOG = "s42-set-up-battles-clean.vlog"  # the same for the game from the set-up


@pytest.fixture(scope="module")
def s42():
    import games
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def vmod(s42, s42_build) -> str:
    """The module of the session's ``hexforge build stalingrad42``: it has the battle command (module.toml)."""
    assert battle_model(s42) is not None
    return os.path.join(s42_build, module.vmod_name(s42))


@pytest.fixture(scope="module")
def plan(s42) -> list[sg.Battle]:
    return sg.plan(s42)


@pytest.fixture(scope="module")
def rules(s42, plan):
    """For each battle, what the rules package computes on the whole position: (Reading, Ground)."""
    ctx, state = sg.position(s42, sg.placed(plan))
    return ctx, [sg.reading(ctx, state, b.attackers, b.target)[:2] for b in plan]


@pytest.fixture(scope="module")
def determined(s42, plan, rules) -> dict[int, int]:
    """Battle index -> the Determined Defense's die, for every battle whose result and CRT cell allow one."""
    ctx, readings = rules
    crt = s42.crts["crt"]
    allowed = sg.dd_results(ctx)
    out = {}
    for i, (b, (r, _)) in enumerate(zip(plan, readings)):
        if r.result(ctx, b.die) in allowed and r.col.column and crt.cell("dd", r.col.column, b.die) != "no":
            out[i] = DD_DIE
    return out


@pytest.fixture(scope="module")
def played(vassal_engine, s42, vmod, plan, determined, tmp_path_factory):
    out = tmp_path_factory.mktemp("s42-battles")
    engine = replace(vassal_engine, timeout=ENGINE_TIMEOUT)
    result = engine.run_script(vmod, sg.script(s42, plan, determined), out)
    os.makedirs(LOOK_DIR, exist_ok=True)
    for s in result.steps:
        if s.shot:
            shutil.copy(s.shot["file"], LOOK_DIR)
    without_last_step(str(out / sg.LOG), str(out / CLEAN_LOG))
    return result, out


@pytest.fixture(scope="module")
def set_up_played(vassal_engine, s42, s42_build, vmod, tmp_path_factory):
    """The short game from S1's set-up, in its own run of the same engine and module (after the empty board's game
    in the same run, the tracker's turn number is not the turn's: the Russian Winter applied on turn 2), logged
    beside a copy of the module (where ``hexforge validate`` finds it)."""
    out = tmp_path_factory.mktemp("s42-set-up-battles")
    copy = out / os.path.basename(vmod)
    shutil.copyfile(vmod, copy)
    script = sg.set_up_script(s42, module.context(s42, s42_build).point)
    result = replace(vassal_engine, timeout=ENGINE_TIMEOUT).run_script(str(copy), script, out)
    without_last_step(str(out / sg.SET_UP_LOG), str(out / SET_UP_CLEAN_LOG))
    return result, out


def markers(played) -> dict[int, dict[str, str]]:
    """Battle number -> the battle marker's properties when the game was saved (before the result set by hand)."""
    result, _ = played
    dump = next(s for s in result.steps if s.do == "dump")
    return {int(p.properties["BattleNo"]): p.properties for p in dump.pieces
            if p.properties.get("Kind") == "battle"}


def test_the_plan_covers_every_column_and_every_terrain(s42, plan, rules) -> None:
    crt = s42.crts["crt"]
    ctx, readings = rules
    got = {crt.limits.automatic_result if r.col.automatic else r.col.column for r, _ in readings}
    assert got == set(crt.columns) | {crt.limits.automatic_result}
    assert [b.column for b in plan] == [crt.limits.automatic_result if r.col.automatic else r.col.column
                                        for r, _ in readings]  # each battle's alone = on the whole position
    rows = {t.id for t in s42.tec.values() if t.applies_to in ("hex", "settlement")} | {"fort"}
    assert {b.what for b in plan} == rows
    assert len({b.target for b in plan}) == len(plan)


def test_the_game_plays_without_a_problem(played) -> None:
    result, _ = played
    assert not result.problems, result.problems  # every expression of the module evaluated cleanly


def test_every_battle_marker_holds_what_the_rules_compute(s42, plan, rules, played) -> None:
    ctx, readings = rules
    crt = s42.crts["crt"]
    model = battle_model(s42)
    saved = markers(played)
    assert sorted(saved) == list(range(1, len(plan) + 1))
    for n, (b, (r, _)) in enumerate(zip(plan, readings), start=1):
        v = saved[n]
        where = (b.what, b.target, v)
        assert (int(v["BattleAttack"]), int(v["BattleDefence"])) == (r.attack.total, r.defense.total), where
        by_rule: dict[str, int] = {}
        for s in r.shifts:
            by_rule[s.rule] = by_rule.get(s.rule, 0) + s.value
        assert int(v["TerrainShift"]) == by_rule.pop("9.9", 0), where
        mine: dict[str, int] = {}
        for i, s in enumerate(model.shifts):
            mine[s.rule] = mine.get(s.rule, 0) + int(v[f"Shift_{i}"])
        assert {k: x for k, x in mine.items() if x} == by_rule, where
        assert int(v["BattleShift"]) == r.net, where
        if r.col.automatic:
            assert (int(v["BattleColumnIndex"]), v["BattleAuto"]) == (-1, crt.limits.automatic_result), where
        else:
            assert int(v["BattleColumnIndex"]) == crt.columns.index(r.col.column) and v["BattleAuto"] == "", where
        assert int(v["BattleDie"]) == b.die
        assert v["BattleOutcome"] == v["TableOutcome"] == r.result(ctx, b.die), where


def test_the_determined_defense_is_the_table_s(s42, plan, rules, determined, played) -> None:
    """11.2: the column of the defender's hex, the CRT cell's colour, the table's letter and losses."""
    ctx, readings = rules
    crt = s42.crts["crt"]
    t = s42.tables["determined_defense"]
    saved = markers(played)
    assert determined, "no battle allowed a Determined Defense"
    for i, (b, (r, g)) in enumerate(zip(plan, readings)):
        v = saved[i + 1]
        if i not in determined:
            assert v.get("Stage_determined_Result", "") == "", b
            continue
        drm = -1 if crt.cell("dd", r.col.column, b.die) == "orange" else 0
        row = t.row_for(DD_DIE + drm)
        want = f"{t.result(g.dd_column, row)} {t.cell('losses', g.dd_column, row)}"
        assert (v["Stage_determined_Column"], v["Stage_determined_Result"]) == (g.dd_column, want), (b, v)
        assert int(v["Stage_determined_Die"]) == DD_DIE


def test_screenshots_of_a_declared_and_a_resolved_battle(played) -> None:
    from PIL import Image

    for name in ("s42-battle-declared.png", "s42-battle-resolved.png"):
        with Image.open(os.path.join(LOOK_DIR, name)) as img:
            assert img.size[0] >= 1000 and img.size[1] >= 700
            assert len(img.convert("RGB").resize((64, 48)).getcolors(4096) or ()) > 50  # a map, counters, the chat


def test_the_log_translates_into_the_battles_and_a_result_by_hand_is_reported(s42, plan, played) -> None:
    """The log translates into exactly the battles played (attackers, target, die, result) with no CRT result the
    validator disputes; the same log with a result set by hand afterwards has exactly one (10.1), at that battle."""
    _, out = played
    v = load_vassal(str(out / CLEAN_LOG))
    fought = [a for a in v.translation.actions if a["type"] == "battle"]
    ctx, state = sg.position(s42, sg.placed(plan))
    want = [(sorted(b.attackers), [b.target], b.die,
             sg.reading(ctx, state, b.attackers, b.target)[0].result(ctx, b.die)) for b in plan]
    assert [(sorted(a["attackers"]), list(a["targets"]), a["die"], a["result"]) for a in fought] == want

    def disputed(x) -> bool:  # 10.1: the CRT gives another result (not the steps an unplayed result still owes)
        return x.rule == "10.1" and x.message.startswith("on the CRT")
    assert [x for x in validate(v.log, v.game, keep_states=False).violations if disputed(x)] == []
    w = load_vassal(str(out / sg.LOG))
    after = [x for x in validate(w.log, w.game, keep_states=False).violations if disputed(x)]
    n, result = sg.hand_result(s42, plan)
    line = next(a.line for a in w.log.actions if a.type == "battle" and plan[n - 1].target in a["targets"])
    assert len(after) == 1 and after[0].line == line and f"not {result}" in after[0].message, after


def test_the_set_up_game_is_legal_and_its_hand_result_one_violation() -> None:
    """The plan of the game from the set-up, as a game log: clean; with the result set by hand, one 10.1 there."""
    from test_vassal_s42_e2e import broken  # (rule, action index) the validator reports in a plan from S1's set-up

    _, actions = sg.set_up_plan()
    assert broken(actions) == []
    n, result = sg.SET_UP_HAND
    k = [i for i, a in enumerate(actions) if a["type"] == "battle"][n - 1]
    assert broken([dict(a, result=result) if i == k else a for i, a in enumerate(actions)]) == [("10.1", k)]


def test_the_log_validates_clean(set_up_played, capsys) -> None:
    """The game from S1's set-up, its battles declared and resolved with the module's battle command and their
    losses and retreats played: ``hexforge validate`` finds no violation; the same log with a result set by hand
    on a battle marker afterwards exactly one (10.1), at that battle."""
    played, out = set_up_played
    assert not played.problems, played.problems
    _, actions = sg.set_up_plan()
    v = load_vassal(str(out / SET_UP_CLEAN_LOG))
    assert v.translation.notes == 0
    fought = ("battle", "loss", "retreat")  # the battles and what their results required, as planned
    want = [a for a in actions if a["type"] in fought]
    got = [{k: a[k] for k in w} for a, w in zip((a for a in v.translation.actions if a["type"] in fought), want)]
    assert got == want and len([a for a in v.translation.actions if a["type"] in fought]) == len(want)
    assert hexforge(["validate", str(out / SET_UP_CLEAN_LOG)]) == 0, capsys.readouterr()
    capsys.readouterr()
    assert hexforge(["validate", str(out / sg.SET_UP_LOG), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    n, result = sg.SET_UP_HAND
    w = load_vassal(str(out / sg.SET_UP_LOG))
    line = [a for a in w.translation.actions if a["type"] == "battle"][n - 1]
    assert [(x["rule"], x["step"]) for x in report["violations"]] == [("10.1", line["src"]["step"])], report
    assert f"not {result}" in report["violations"][0]["message"]


def test_the_module_loads_with_no_problem(vassal_engine, vmod) -> None:
    check = vassal_engine.check(vmod)
    assert check.clean, check.problems
