"""Designers (issue 18): ``hexforge new GAME`` writes a small, complete game on the starter rules; ``hexforge build``
makes a module that loads cleanly in the real VASSAL engine; a log of a few moves in it validates, with one planted
violation flagged; games and rules packages are found by name from installed packages; ``hexforge list``; the
command line without arguments prints its help, ``--version``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games
from hexforge.cli import main

ROOT = Path(__file__).resolve().parent.parent

MOVES = [  # red and blue move up, blue attacks at 3-1 and rolls a 4 (DE), red's armor is eliminated
    {"type": "phase", "side": "red", "phase": "movement"},
    {"type": "move", "side": "red", "unit": "r_1arm", "to": "0503"},
    {"type": "move", "side": "red", "unit": "r_1inf", "to": "0402"},
    {"type": "move", "side": "red", "unit": "r_2inf", "to": "0404"},
    {"type": "phase", "side": "red", "phase": "combat"},
    {"type": "phase", "side": "blue", "phase": "movement"},
    {"type": "move", "side": "blue", "unit": "b_1inf", "to": "0603"},
    {"type": "move", "side": "blue", "unit": "b_1arm", "to": "0602"},
    {"type": "phase", "side": "blue", "phase": "combat"},
    {"type": "battle", "side": "blue", "attackers": ["b_1inf", "b_1arm"], "targets": ["0503"], "die": 4,
     "result": "DE"},
    {"type": "remove", "side": "red", "unit": "r_1arm", "to": "eliminated"},
    {"type": "turn", "side": "red", "turn": 2},
    {"type": "phase", "side": "red", "phase": "movement"},
]
PLANTED = {"type": "move", "side": "red", "unit": "r_2inf", "path": ["0504", "0505"]}  # 0504: Blue Guards' ZOC


def write_log(path: Path, actions: list[dict]) -> Path:
    header = {"format": "hexforge-log", "version": 1, "game": "my_game", "scenario": "first_battle"}
    path.write_text("".join(json.dumps(x) + "\n" for x in [header, *actions]))
    return path


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A folder where a designer ran ``hexforge new my_game``."""
    root = tmp_path_factory.mktemp("designer")
    assert main(["new", "my_game", "--dir", str(root)]) == 0
    return root


@pytest.fixture
def here(workdir: Path, monkeypatch) -> Path:
    monkeypatch.chdir(workdir)
    return workdir


def test_new_writes_a_complete_game_that_loads(workdir: Path) -> None:
    game = games.load(str(workdir / "my_game"))
    assert game.id == "my_game" and game.title == "My Game" and game.module_name == "MyGame"
    assert 30 <= len(game.map.hexes) <= 60 and len(game.units) == 6 and len(game.all_markers) >= 4
    assert set(game.crts) == {"crt"} and {"clear", "woods", "hills"} <= set(game.tec)
    assert len(game.turns) == 5 and set(game.scenarios) == {"first_battle"}
    assert game.rules_package == "validator.rules.starter"
    assert (workdir / "my_game" / "rules.md").read_text().startswith("# My Game — rules")


def test_new_refuses_what_it_should(workdir: Path, capsys) -> None:
    assert main(["new", "my_game", "--dir", str(workdir)]) == 2  # never over an existing folder
    assert "already exists" in capsys.readouterr().err
    for bad in ("../evil", "My-Game", "1game", "x" * 50):
        assert main(["new", bad, "--dir", str(workdir)]) == 2
        err = capsys.readouterr().err
        assert "is not a game id" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in workdir.iterdir()) == ["my_game"]


def test_found_by_name_and_listed(here: Path, capsys) -> None:
    assert main(["info", "my_game"]) == 0
    assert "map: 48 hexes" in capsys.readouterr().out
    assert main(["list"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert any(r.split()[0] == "my_game" and r.endswith("./my_game") for r in rows)
    assert any(r.split()[0] == "no_retreat" and r.endswith("built in") for r in rows)


def test_a_log_of_a_few_moves_validates_and_the_planted_violation_is_flagged(here: Path, capsys) -> None:
    clean = write_log(here / "clean.jsonl", MOVES)
    assert main(["validate", str(clean)]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.strip().endswith("no violations")
    planted = write_log(here / "planted.jsonl", MOVES + [PLANTED])
    assert main(["validate", str(planted), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [(v["line"], v["rule"]) for v in doc["violations"]] == [(len(MOVES) + 2, "2.2")]
    assert doc["violations"][0]["message"].startswith("2nd Infantry [r_2inf]")
    assert doc["violations"][0]["location"] == "0505"


@pytest.mark.parametrize("action, rule", [
    ({"type": "move", "side": "red", "unit": "r_1inf", "path": ["0302", "0402", "0502"]}, "2.1"),  # woods: 2 MP
    ({"type": "move", "side": "red", "unit": "r_1inf", "path": ["0404"]}, "2.4"),  # not adjacent
    ({"type": "move", "side": "blue", "unit": "b_1inf", "to": "0603"}, "1.0"),  # not blue's phase
])
def test_starter_movement_rules(here: Path, capsys, action: dict, rule: str) -> None:
    log = write_log(here / "m.jsonl", [{"type": "phase", "side": "red", "phase": "movement"}, action])
    assert main(["validate", str(log), "--format", "json"]) == 1
    assert [v["rule"] for v in json.loads(capsys.readouterr().out)["violations"]] == [rule]


def test_starter_combat_rules(here: Path, capsys) -> None:
    wrong = [dict(a) for a in MOVES[:10]]
    wrong[-1] = {**wrong[-1], "result": "EX"}  # 3-1 with a 4 is DE
    log = write_log(here / "c.jsonl", wrong)
    assert main(["validate", str(log), "--format", "json"]) == 1
    (v,) = json.loads(capsys.readouterr().out)["violations"]
    assert v["rule"] == "4.4" and "9 vs 3: 3-1" in v["message"] and "gives DE, not EX" in v["message"]
    three = [MOVES[0]] + [{"type": "move", "side": "red", "unit": u, "to": "0203"} for u in ("r_1arm", "r_1inf",
                                                                                          "r_2inf")] + [MOVES[4]]
    assert main(["validate", str(write_log(here / "s.jsonl", three)), "--format", "json"]) == 1
    v, end = json.loads(capsys.readouterr().out)["violations"]
    assert v["rule"] == "3.0" and "3 units of red in Redford [0203]" in v["message"] and v["line"] == 6
    assert end["rule"] == "3.0" and end["at"] == "end of the log" and end["follows"] == 0


def test_the_command_line_helps(capsys) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: hexforge") and "new" in out and "validate" in out and "examples:" in out
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0 and capsys.readouterr().out.startswith("hexforge ")


def test_an_installed_game_and_rules_package_are_found_by_name(tmp_path: Path, workdir: Path) -> None:
    """A game published as its own package: entry points hexforge.games and hexforge.rules."""
    site = tmp_path / "site"
    pkg = site / "pubgame_pkg"
    import shutil

    shutil.copytree(workdir / "my_game", pkg)
    (pkg / "__init__.py").write_text('"""A published hexforge game."""\n')
    toml = (pkg / "game.toml").read_text().replace('id = "my_game"', 'id = "pubgame"')
    (pkg / "game.toml").write_text(toml.replace('rules_package = "validator.rules.starter"',
                                                'rules_package = "pub_rules"'))
    dist = site / "pubgame_pkg-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: pubgame-pkg\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[hexforge.games]\npubgame = pubgame_pkg\n\n"
                                           "[hexforge.rules]\npub_rules = validator.rules.starter\n")
    log = tmp_path / "pub.jsonl"
    log.write_text(json.dumps({"format": "hexforge-log", "version": 1, "game": "pubgame"}) + "\n"
                   + "".join(json.dumps(a) + "\n" for a in MOVES + [PLANTED]))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}

    def hexforge(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "hexforge.cli", *args], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=300)

    listed = hexforge("list")
    assert any(r.split()[0] == "pubgame" and "installed (pubgame_pkg)" in r for r in listed.stdout.splitlines())
    checked = hexforge("validate", str(log), "--format", "json")
    assert checked.returncode == 1, checked.stderr
    assert [v["rule"] for v in json.loads(checked.stdout)["violations"]] == ["2.2"]
    # a game folder naming a package nobody registered is refused when it loads, in one line, nothing imported
    (pkg / "game.toml").write_text(toml.replace('rules_package = "validator.rules.starter"', 'rules_package = "os"'))
    refused = hexforge("validate", str(log))
    assert refused.returncode == 2 and "rules_package: 'os' is not a rules package name" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


@pytest.mark.engine
def test_built_module_loads_cleanly_in_vassal(here: Path, vassal_engine, capsys) -> None:
    assert main(["build", "my_game"]) == 0
    capsys.readouterr()
    vmod = here / "build" / "my_game" / "MyGame.vmod"
    assert vmod.is_file()
    checked = vassal_engine.check(vmod)
    assert checked.clean, checked.summary()
    assert checked.game_started
    palette = [s for s in checked.slots if s.kind == "piece"]
    assert len(palette) >= 6 and all(s.roundtrip for s in checked.slots)


def test_the_rules_the_game_prints_are_the_rules_the_package_enforces(workdir: Path) -> None:
    """Every rule number of the new game's rules.md tables is in the starter's rule index and back: each violation
    links to its entry in the replay page's bundled reference."""
    import re

    from validator.rules.starter import RULES

    text = (workdir / "my_game" / "rules.md").read_text()
    printed = {re.findall(r"\d+\.\d+", line.split("|")[1])[0] for line in text.splitlines()
               if line.startswith("| ") and not line.startswith("| rule")}
    assert printed == set(RULES)
