"""The Check rules plugin in the real VASSAL engine (issue 17), with the module built from the real art.

Three games are played through VASSAL (tests/vassal_playback.py): one with planted violations and a logfile being
recorded, one clean game without a logfile (then the preference that checks at each phase end), and one where
hexforge cannot be found, then fails, then answers nonsense. A fourth run plays and saves a game in a module built
without the plugin; each module then loads the other's save. The plugin is given the installed hexforge of this checkout (its preference), or a
wrapper around it that keeps the log it is handed, so that the test can compare it with VASSAL's own logfile.
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
from modgen.archive import zip_bytes
from nr_build import copy_art
from nr_played import HEAD, encode
from validator.logfile import parse_log
from validator.replay import replay
from validator.vassal.savefile import read_save
from validator.vassal.vlog_input import load_vassal
from vassal_playback import playback

pytestmark = pytest.mark.engine

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "build" / "plugin" / "check_rules.png"
HEXFORGE = Path(sys.executable).parent / "hexforge"
PROGRAM, EACH_PHASE = "hexforgeProgram", "hexforgeCheckEachPhase"  # the plugin's preferences
WINDOW = "Check rules"
SUMMARY = r"^- Check rules: (no violations|\d+ violation)"


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


PLANTED = [A("phase", "axis", phase="movement"),
           A("move", "axis", unit="ger_2pz", path=["1005"]),  # a third unit in 1005 at the phase end: 8.4.1
           A("move", "axis", unit="ger_16", path=["1205", "1305"]),  # on from an enemy zone of control: 8.5.1
           A("phase", "axis", phase="combat")]
CLEAN = [A("phase", "axis", phase="movement"),
         A("move", "axis", unit="ger_17", path=["0908", "1007", "1107", "1207"]),
         A("move", "axis", unit="ger_18", path=["1104"])]


def rules_broken(plan: list[dict[str, Any]]) -> list[str]:
    log, game = parse_log("plan.jsonl", encode([HEAD, *plan]))
    return sorted(v.rule for v in replay(log, game, keep_states=False).violations)


def chat_checks(result) -> list[str]:
    return [line for line in result.chat if line.startswith("- Check rules:")]


@pytest.fixture(scope="module")
def vmods(nr_game, nr_build, tmp_path_factory) -> tuple[str, str]:
    """The module with the plugin, and the same module built without it (both from the real art: a copy of the
    session's, tests/nr_build.py)."""
    if not plugin.class_files():
        pytest.skip("the plugin cannot be compiled here (no JDK or engine jar)")
    if not HEXFORGE.is_file():
        pytest.skip(f"no installed hexforge at {HEXFORGE}")
    out = tmp_path_factory.mktemp("plugin-engine")
    copy_art(nr_build, str(out / "no_retreat"))
    with_plugin = module.build(nr_game, str(out / "no_retreat"))[0]
    with pytest.MonkeyPatch.context() as m:
        m.setattr(plugin, "class_files", lambda: {})
        bare = out / "bare" / "NoRetreat.vmod"
        bare.parent.mkdir()
        bare.write_bytes(zip_bytes(module.module_entries(nr_game, str(out / "no_retreat"))))
    return with_plugin, str(bare)


@pytest.fixture(scope="module")
def planted(vassal_engine, nr_game, vmods, tmp_path_factory):
    """The planted game, logged; Check rules through a wrapper that keeps what it is handed; a double-click on the
    first violation; a screenshot; then VASSAL ends the logfile, one more move is checked, and the game is saved."""
    assert rules_broken(PLANTED) == ["8.4.1", "8.5.1"]
    out = tmp_path_factory.mktemp("planted")
    wrapper = out / "hexforge-wrapper"
    wrapper.write_text(f'#!/bin/sh\nn=$(ls "{out}" | grep -c "^handed-")\ncp "$2" "{out}/handed-$n.vlog"\n'
                       f'printf "%s\\n" "$@" > "{out}/argv"\nexec "{HEXFORGE}" "$@"\n')
    wrapper.chmod(0o755)
    script = playback(nr_game, HEAD, PLANTED, "planted.vlog")
    assert script[-1] == {"do": "end_log"}
    script = script[:-1] + [
        {"do": "pref", "name": PROGRAM, "value": str(wrapper)},
        {"do": "show"},
        {"do": "map_view"},
        {"do": "button", "name": "Check rules"},
        {"do": "wait_chat", "pattern": SUMMARY},
        {"do": "rows", "window": WINDOW},
        {"do": "click_list", "window": WINDOW, "row": 0, "count": 2},
        {"do": "map_view"},
        {"do": "screenshot", "window": "main", "above": [WINDOW], "file": "check_rules.png"},
        {"do": "screenshot", "window": WINDOW, "file": "check_rules_window.png"},
        {"do": "end_log"},
        {"do": "move", "piece": {"UnitId": "ger_16"}, "to": "1306"},
        {"do": "button", "name": "Check rules"},
        {"do": "wait_chat", "pattern": SUMMARY},
        {"do": "save", "file": "with_plugin.vsav"},
    ]
    result = vassal_engine.run_script(vmods[0], script, out)
    SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(out / "check_rules.png", SCREENSHOT)
    return result, out


def step(result, do: str, n: int = -1):
    return [s for s in result.steps if s.do == do][n]


def test_check_rules_shows_each_planted_violation_with_its_rule(planted) -> None:
    result, _ = planted
    lines = chat_checks(result)[:3]
    assert [line.split(": rule ")[1].split(":")[0] for line in lines[:-1]] == ["8.5.1", "8.4.1"]
    assert all(line.startswith("- Check rules: turn 1 axis ") for line in lines[:-1])
    assert lines[-1] == f"- Check rules: 2 violation(s) in {lines[-1].split(' in ')[1]}"
    assert step(result, "rows", 0).info["rows"] == [line.removeprefix("- Check rules: ") for line in lines[:-1]]
    assert not result.problems, result.problems


def test_what_it_checks_is_what_validate_checks_on_the_saved_log(planted, vmods, capsys) -> None:
    """The log handed to hexforge holds exactly the text VASSAL's End Logfile wrote, and validating that logfile
    gives the violations the chat showed."""
    result, out = planted
    handed, written = read_save(str(out / "handed-0.vlog")), read_save(str(out / "planted.vlog"))
    assert handed.text == written.text and handed.obfuscated
    assert written.text.startswith("begin_save") and written.text.count("LOG\t") > 10  # the setup, then every step
    assert handed.metadata["moduledata"] == written.metadata["moduledata"]
    argv = (out / "argv").read_text().splitlines()
    assert argv[0] == "validate" and argv[1].endswith(".vlog")
    assert argv[2:] == ["--format", "json", "--module", vmods[0]]
    assert hexforge(["validate", str(out / "planted.vlog"), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    shown = [line.removeprefix("- Check rules: ") for line in chat_checks(result)[:2]]
    assert shown == [f"turn {v['turn']} {v['side']} {v['phase']}: rule {v['rule']}: {v['message']}"
                     for v in report["violations"]]


def test_after_the_logfile_ends_the_check_starts_from_where_it_ended(planted) -> None:
    """Ending a logfile hands VASSAL's kept commands to the file (taking their sub-commands): the next check starts
    from the game as it stood then, and holds the one move made since."""
    result, out = planted
    last = chat_checks(result)[-1]
    assert last.startswith("- Check rules: ") and last.endswith((" in 1 action", "(1 action checked)")), last
    after = load_vassal(str(out / "handed-1.vlog"))
    assert after.translation.steps == 1
    assert [(a["type"], a.get("unit"), a.get("path")) for a in after.translation.actions] == [
        ("move", "ger_16", ["1306"])]


def test_double_click_centres_the_map_on_the_violations_hex(planted, capsys) -> None:
    result, out = planted
    assert hexforge(["validate", str(out / "planted.vlog"), "--format", "json"]) == 1
    first = json.loads(capsys.readouterr().out)["violations"][0]
    assert first["location"] == "1305"  # where ger_16's move through the zone of control ended
    before, after = step(result, "map_view", 0).info["map_view"], step(result, "map_view").info["map_view"]
    assert before["location"] != "1305" and after["location"] == "1305"


def test_the_screenshot_shows_the_dialog_and_the_chat(planted) -> None:
    """The main window's screenshot holds the results window (kept above the window that owns it, as a window
    manager keeps it), pixel for pixel as its own screenshot shows it."""
    from PIL import Image, ImageChops

    result, _ = planted
    main, dialog = step(result, "screenshot", 0).shot, step(result, "screenshot", 1).shot
    assert main["title"] != WINDOW and dialog["title"] == WINDOW
    mx, my, mw, mh = main["bounds"]
    dx, dy, dw, dh = dialog["bounds"]
    assert mx <= dx and my <= dy and dx + dw <= mx + mw and dy + dh <= my + mh  # inside the main window
    with Image.open(SCREENSHOT) as shot, Image.open(dialog["file"]) as alone:
        assert shot.size[0] >= 1000 and sum(1 for n in shot.convert("L").histogram() if n) > 16  # painted, not blank
        seen = shot.convert("RGB").crop((dx - mx, dy - my, dx - mx + dw, dy - my + dh))
        assert ImageChops.difference(seen, alone.convert("RGB")).getbbox() is None


def test_a_clean_game_without_a_logfile_shows_no_violations_and_checks_each_phase_when_asked(
        vassal_engine, nr_game, vmods, tmp_path) -> None:
    assert rules_broken(CLEAN) == []
    script = [a for a in playback(nr_game, HEAD, CLEAN) if a["do"] not in ("begin_log", "end_log")]
    script += [
        {"do": "pref", "name": PROGRAM, "value": str(HEXFORGE)},
        {"do": "turn", "step": "next"},  # the phase-end check is off by default
        {"do": "button", "name": "Check rules"},
        {"do": "wait_chat", "pattern": SUMMARY},
        {"do": "pref", "name": EACH_PHASE, "value": True},
        {"do": "turn", "step": "next"},
        {"do": "wait_chat", "pattern": r"^- Check rules: end of phase: no violations"},
        {"do": "move", "piece": {"UnitId": "ger_18"}, "to": "1105"},  # a move out of its phase: 4.0
        {"do": "turn", "step": "next"},
        {"do": "wait_chat", "pattern": r"^- Check rules: end of phase: 1 violation"},
        {"do": "turn", "step": "next"},
        {"do": "wait_chat", "pattern": r"^- Check rules: end of phase: 1 violation"},
    ]
    r = vassal_engine.run_script(vmods[0], script, tmp_path)
    lines = chat_checks(r)
    actions = int(lines[0].split("(")[1].split()[0])
    assert lines[0] == f"- Check rules: no violations ({actions} actions checked)" and actions >= 5
    assert lines[1].startswith("- Check rules: end of phase: no violations (")
    assert lines[2].startswith("- Check rules: turn 1 axis ") and ": rule 4.0: " in lines[2]
    assert lines[3].startswith("- Check rules: end of phase: 1 violation(s) in ") and lines[3].endswith(", 1 new")
    assert lines[4].endswith(", 0 new") and len(lines) == 5  # the violation is not reported again
    assert not r.problems, r.problems


def test_without_hexforge_or_when_it_fails_one_line_says_so_and_the_game_goes_on(
        vassal_engine, vmods, nr_game, tmp_path) -> None:
    java_dir = os.path.dirname(shutil.which("java") or "/usr/bin/java")
    assert shutil.which("hexforge", path=java_dir) is None
    failing, garbled = tmp_path / "failing", tmp_path / "garbled"
    failing.write_text("#!/bin/sh\necho 'Traceback: not this line' >&2\necho 'hexforge validate: x.vlog: broken' >&2\n"
                       "exit 2\n")
    garbled.write_text("#!/bin/sh\necho 'not json'\nexit 0\n")
    for f in (failing, garbled):
        f.chmod(0o755)
    engine = replace(vassal_engine, env={"PATH": java_dir})
    sc = nr_game.scenarios[HEAD["scenario"]]
    check = [{"do": "button", "name": "Check rules"}, {"do": "wait_chat", "pattern": r"^- Check rules: "}]
    r = engine.run_script(vmods[0], [
        {"do": "new_game", "setup": sc.name}, {"do": "side", "side": "Axis"},
        *check,
        {"do": "pref", "name": PROGRAM, "value": str(failing)}, *check,
        {"do": "pref", "name": PROGRAM, "value": str(garbled)}, *check,
        {"do": "move", "piece": {"UnitId": "ger_18"}, "to": "1105"},
    ], tmp_path)
    missing, failed, unreadable = chat_checks(r)
    assert missing.startswith("- Check rules: hexforge cannot be run ('hexforge' on the PATH: ")
    assert "install hexforge" in missing and "Preferences > Check rules" in missing
    assert failed == "- Check rules: hexforge could not check the game: hexforge validate: x.vlog: broken"
    assert unreadable.startswith(f"- Check rules: '{garbled}' gave no report the check can read (")
    assert not any("Exception" in x or "\tat " in x for x in r.chat)
    assert any("18th Army" in x and "1105" in x for x in r.steps[-1].chat)
    assert r.piece(UnitId="ger_18").location == "1105"
    assert not r.problems, r.problems


def test_saves_load_both_ways_between_modules_with_and_without_the_plugin(
        vassal_engine, vmods, planted, nr_game, tmp_path) -> None:
    with_plugin, bare = vmods
    result, out = planted
    sc = nr_game.scenarios[HEAD["scenario"]]
    made_bare = vassal_engine.run_script(bare, [
        {"do": "new_game", "setup": sc.name}, {"do": "side", "side": "Axis"},
        {"do": "move", "piece": {"UnitId": "ger_18"}, "to": "1105"}, {"do": "save", "file": "bare.vsav"}], tmp_path)
    for vmod, save, played in ((bare, out / "with_plugin.vsav", result), (with_plugin, tmp_path / "bare.vsav",
                                                                         made_bare)):
        loaded = vassal_engine.decode(vmod, save, replay=True, commands=False)
        assert not loaded.problems, loaded.problems
        where = {p.properties.get("UnitId"): (p.map, p.location) for p in played.pieces if p.properties.get("UnitId")}
        assert {p.properties.get("UnitId"): (p.map, p.location) for p in loaded.pieces
                if p.properties.get("UnitId")} == where
