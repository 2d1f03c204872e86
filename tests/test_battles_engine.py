"""Battles declared and resolved with the module's battle command in the real VASSAL engine (issue 22).

One scripted game (tests/battles_game.py: a plan the validator finds clean, then played in VASSAL) declares and
resolves eleven battles that cover every column of No Retreat!'s CRTs, the automatic CA below the table and every
terrain of the TEC that shifts a battle, tries declarations the rules forbid, and takes screenshots of a declared
and a resolved battle (kept in ``build/battles-look/``). Checked: what the battle markers hold in the saved games is
what the rules package computes for the same position and roll, shift by shift; the log translates into those
battles and validates clean; the same log with one result set by hand afterwards has exactly one violation, at
that battle; refused declarations say why in one line and change nothing; the module loads with no problem.
"""

from __future__ import annotations

import os
import re
import shutil
import zipfile

import pytest

import battles_game as bg
from art.build import build as build_art
from games.vassal_codec import decode, encode
from hexforge.module_step import battle_model
from modgen import module
from modgen.battle_exprs import Compiler
from modgen.names import UNIT_ID
from modgen.savegame import ESC, deobfuscate, obfuscate
from validator.replay import replay as validate
from validator.rules.no_retreat.combat import evaluate, spec_of
from validator.rules.no_retreat.declaration import current
from validator.model import Action
from validator.vassal.commands import decode_command
from validator.vassal.module import read_module
from validator.vassal.replay import replay
from validator.vassal.savefile import read_save
from validator.vassal.translate import dynamic_values
from validator.vassal.vlog_input import load_vassal

pytestmark = pytest.mark.engine

LOOK_DIR = os.path.join(os.path.dirname(__file__), "..", "build", "battles-look")
LOG = "battles.vlog"  # the game, then a result set by hand (its last step)
CLEAN_LOG = "battles-clean.vlog"  # the same log without that last step


@pytest.fixture(scope="module")
def vmod(nr_game, tmp_path_factory) -> str:
    out = str(tmp_path_factory.mktemp("battles") / "no_retreat")
    build_art(nr_game, out)
    return module.build(nr_game, out, battle_model(nr_game))[0]


@pytest.fixture(scope="module")
def plan(nr_game) -> list[dict]:
    return bg.plan(nr_game)


@pytest.fixture(scope="module")
def played(vassal_engine, nr_game, vmod, plan):
    script, numbers = bg.script(nr_game, plan, LOG)
    out = os.path.dirname(vmod)
    result = vassal_engine.run_script(vmod, script, out)
    without_last_step(os.path.join(out, LOG), os.path.join(out, CLEAN_LOG))
    os.makedirs(LOOK_DIR, exist_ok=True)
    for s in result.steps:
        if s.shot:
            shutil.copy(s.shot["file"], LOOK_DIR)
    return result, out, numbers, script


def without_last_step(path: str, to: str) -> None:
    """The log as VASSAL would have written it one step earlier: the last top-level LOG entry dropped."""
    with zipfile.ZipFile(path) as z:
        entries = {n: z.read(n) for n in z.namelist()}
    text = deobfuscate(entries["savedGame"].decode("ascii"))
    parts = decode(text, ESC)
    assert parts[-1].startswith("LOG\t")
    entries["savedGame"] = obfuscate(encode(parts[:-1], ESC)).encode("ascii")
    with zipfile.ZipFile(to, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)


def battle_markers(path: str, vmod: str, game) -> dict[str, dict[str, str]]:
    """Battle number -> the battle marker's Dynamic Properties, in a saved game (read by our own reader)."""
    root = decode_command(read_save(path).text)
    _, rp = next(replay(root, read_module(vmod), game))
    out = {}
    for view in rp.state().pieces.values():
        if view.piece.markers().get("Kind") == "battle":
            v = dynamic_values(view.piece)
            out[v["BattleNo"]] = v
    return out


def rules_view(game, plan: list[dict]):
    """For each planned battle, what the rules compute: (CRT, odds, modifiers, result) for its position and die."""
    p = bg.Planner(game)
    out = []
    for a in plan:
        if a["type"] == "battle":
            ctx, state = p.state()
            c = current(state)
            data = {k: v for k, v in a.items() if k not in ("type", "side")}
            spec = spec_of(ctx, state, c, c.battle, Action(0, "battle", a["side"], data))
            out.append((a, evaluate(ctx, state, spec, a["die"])))
        p.actions.append(a)
    return out


def test_the_plan_covers_every_column_and_terrain_and_is_legal(nr_game, plan) -> None:
    assert bg.violations(nr_game, plan) == ()
    battles = [a for a in plan if a["type"] == "battle"]
    columns = {a.get("odds", "automatic") for a in battles}
    assert columns == set(nr_game.crts["axis"].columns) | {"automatic"}
    m = nr_game.map
    terrains = {m.hexes[t].terrain if t in m.hexes else m.areas[t].terrain for a in battles for t in a["targets"]}
    assert terrains == {row.id for row in nr_game.tec.values() if row.applies_to in ("hex", "area")}
    assert any(m.hexes[t].objective for a in battles for t in a["targets"] if t in m.hexes)


def test_the_game_plays_without_a_problem(played) -> None:
    result, *_ = played
    assert not result.problems, result.problems  # every expression of the module evaluated cleanly


def test_every_battle_marker_holds_what_the_rules_compute(nr_game, vmod, plan, played) -> None:
    """Column, net shift, each shift by its rule, die and result of every battle, in the saved games."""
    _, out, numbers, _ = played
    saved = {"axis": battle_markers(os.path.join(out, "axis.vsav"), vmod, nr_game),
             "soviet": battle_markers(os.path.join(out, "soviet.vsav"), vmod, nr_game)}
    model = battle_model(nr_game)
    checked = 0
    for a, (crt, odds, mods, result) in rules_view(nr_game, plan):
        phase = "axis" if a.get("kind") == "counterattack" else a["side"]
        v = saved[phase][str(numbers[",".join(a["targets"])])]
        assert v["BattleCrt"] == crt.id, a
        assert int(v["BattleColumnIndex"]) == (crt.columns.index(odds.final) if odds.final else -1), a
        assert v["BattleAuto"] == ("" if odds.final else result)
        net = odds.shift if odds.initial is not None else sum(m.shift for m in mods)  # (off the table: not applied)
        assert int(v["BattleShift"]) == net and int(v["BattleDie"]) == a["die"]
        assert v["BattleOutcome"] == v["TableOutcome"] == result == a["result"]
        assert (int(v["BattleAttack"]), int(v["BattleDefence"])) == (odds.attack, odds.defence)
        by_rule = {}
        for mod in mods:
            by_rule[mod.rule] = by_rule.get(mod.rule, 0) + mod.shift
        assert int(v["TerrainShift"]) == by_rule.pop("10.6.1", 0), a
        for i, s in enumerate(model.shifts):
            assert int(v[f"Shift_{i}"]) == by_rule.pop(s.rule, 0), (a, s.reason)
        assert (v["Adjust_support"] == "1") == ("10.6.2" in by_rule) == bool(a.get("support"))
        by_rule.pop("10.6.2", None)
        assert by_rule == {}, a
        assert v["BattleKind"] == a.get("kind", "voluntary")
        checked += 1
    assert checked == len(bg.FIGHTS)


def test_the_log_translates_into_the_battles_and_validates_clean(played, plan) -> None:
    _, out, _, _ = played
    v = load_vassal(os.path.join(out, CLEAN_LOG))
    assert v.translation.notes == 0
    fought = [a for a in v.translation.actions if a["type"] == "battle"]
    planned = [a for a in plan if a["type"] == "battle"]
    assert [{k: x for k, x in a.items() if k != "src"} for a in fought] == planned
    assert validate(v.log, v.game, keep_states=False).violations == ()


def test_a_result_set_by_hand_is_reported_at_its_battle(played, plan, nr_game) -> None:
    _, out, numbers, _ = played
    v = load_vassal(os.path.join(out, LOG))
    violations = validate(v.log, v.game, keep_states=False).violations
    assert len(violations) == 1 and violations[0].rule == "10.5"
    target = bg.HAND_RESULT[0]
    line = next(a.line for a in v.log.actions if a.type == "battle" and target in a["targets"])
    assert violations[0].line == line and bg.HAND_RESULT[1] in violations[0].message


def test_a_forbidden_declaration_is_refused_in_one_line_citing_the_rule(played) -> None:
    result, _, _, script = played
    steps = [s for s in result.steps if s.do == "button" and any("not declared" in c for c in s.chat)]
    reasons = [s.chat for s in steps]
    assert len(reasons) == 6 and all(len(c) == 1 for c in reasons), reasons
    expected = ["(10.0)", "no enemy unit is selected", "is not next to every hex it attacks (10.3.3)",
                "attacked already", "cannot attack across Lake hexside (10.1)", "which is not resolved yet"]
    for words in expected:
        assert any(words in c[0] for c in reasons), words
    for s in steps:  # nothing but the machinery's global properties changed: the battle units the selected
        added: set[str] = set()  # counters placed to check the declaration are gone again, no counter changed
        removed: set[str] = set()
        for x in (x for c in s.commands for x in c.split(ESC)):
            what = re.match(r"([-+DM])/(\d+)", x)
            if what is None:
                continue
            assert what[1] != "M", x
            if what[1] == "+":
                assert "BattleProxy" in x, x
                added.add(what[2])
            else:
                assert what[2] in added, x
                if what[1] == "-":
                    removed.add(what[2])
        assert added and removed == added, s.commands


def test_screenshots_of_a_declared_and_a_resolved_battle(played) -> None:
    from PIL import Image

    for name in ("battle-declared.png", "battle-resolved.png"):
        path = os.path.join(LOOK_DIR, name)
        with Image.open(path) as img:
            assert img.size[0] >= 1000 and img.size[1] >= 700
            assert len(img.convert("RGB").resize((64, 48)).getcolors(4096) or ()) > 50  # a map, counters, the chat


def test_the_tracker_reminds_and_cleans_up(played) -> None:
    result, *_ = played
    chat = [line for s in result.steps for line in s.chat]
    assert any(line.startswith("* Soviet attacks on the Soviet Combat Results Table") for line in chat)
    assert any("clears the attack marks, battle results, battle markers" in line for line in chat)
    final = {p.properties.get("BattleNo"): p for p in result.pieces if p.properties.get("Kind") == "battle"}
    assert sorted(final) == ["1", "2", "3", "4", "5"]  # the Soviet phase's only: the Axis phase's were cleared
    assert all(p.properties["BattleSide"] == "soviet" for p in final.values())
    assert result.piece(UnitId="ger_4pz").properties["Battle"] == ""  # fought in the Axis Combat Phase


def test_the_module_loads_with_no_problem(vassal_engine, vmod) -> None:
    check = vassal_engine.check(vmod)
    assert check.clean, check.problems


def test_each_new_turn_reads_its_number_and_sets_its_printed_weather(vassal_engine, nr_game, vmod, tmp_path) -> None:
    """The tracker's next turn, as a player steps to it with the window shown: the battles read the turn number the
    tracker shows and the weather printed for it (turn 3: Mud), not the first turn's (a value a hot key set through a
    BeanShell expression stayed the expression's text)."""
    read = {"do": "eval", "piece": {UNIT_ID: "ger_4pz"}, "expressions": ["{" + Compiler.turn_now() + "}", "{Weather}"]}
    phases = len(nr_game.turn_sequence)
    actions = [{"do": "new_game"}, {"do": "show"}, {"do": "place", "slot": "4th Panzer [ger_4pz]", "at": "1204"},
               read] + [{"do": "turn"}] * (2 * phases) + [read]
    result = vassal_engine.run_script(vmod, actions, tmp_path)
    first, third = [s.info["values"] for s in result.steps if s.do == "eval"]
    assert first == ["1", nr_game.turns[1].weather]
    assert nr_game.turns[3].weather != nr_game.turns[1].weather
    assert third == ["3", nr_game.turns[3].weather]
