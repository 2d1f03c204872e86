"""The tutorial ``docs/designing.md`` works (issue 21 item 6): every command of its ``sh`` blocks is run, in order,
in one shell in an empty folder, with the exit code it says (0, or the ``# exits N`` it is marked with; a command
marked ``# runs until Ctrl-C`` is started, stopped with Ctrl-C once it has built, and must end cleanly); a ``text``
block right after a block is the output its last command must print. No command is skipped: the script reports each
one it ran. Then the game it made is checked (its own terrain and results, no cards, weather or VP track), and its
module is loaded in the real VASSAL engine."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import games

from children import ctrl_c_reaches

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "designing.md"
BIN = Path(sys.executable).parent
LONG_RUNNING = "# runs until Ctrl-C"
EXITS = re.compile(r"#\s*exits (\d+)\s*$")
WAIT_S = 900  # for the first build of a command that runs until Ctrl-C, on a busy machine


@dataclass(frozen=True)
class Command:
    text: str  # as written (heredocs and continuation lines included)
    exits: int = 0
    long_running: bool = False
    output: str = ""  # what it must print (the text block after its block), line by line


def blocks(doc: str) -> list[tuple[str, str]]:
    """(info string, body) of every fenced block, in order."""
    return [(m.group(1).strip(), m.group(2)) for m in re.finditer(r"^```([^\n]*)\n(.*?)^```\s*$", doc, re.S | re.M)]


def commands(doc: str) -> list[Command]:
    out: list[Command] = []
    found = blocks(doc)
    for i, (info, body) in enumerate(found):
        if info != "sh":
            continue
        lines = body.splitlines()
        block: list[Command] = []
        k = 0
        while k < len(lines):
            line = lines[k]
            k += 1
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            text = [line]
            heredoc = re.search(r"<<'?(\w+)'?", line)
            while text[-1].endswith("\\") and k < len(lines):
                text.append(lines[k])
                k += 1
            if heredoc:
                end = heredoc.group(1)
                while k < len(lines):
                    text.append(lines[k])
                    k += 1
                    if text[-1] == end:
                        break
                else:
                    raise AssertionError(f"heredoc {end} not closed in {DOC.name}: {line}")
            m = EXITS.search(line)
            block.append(Command("\n".join(text), int(m.group(1)) if m else 0, LONG_RUNNING in line))
        nxt = found[i + 1] if i + 1 < len(found) else None
        if nxt and nxt[0] == "text" and block:
            block[-1] = Command(block[-1].text, block[-1].exits, block[-1].long_running, nxt[1])
        out += block
    return out


def script(cmds: list[Command]) -> str:
    """One bash script running every command, checking each exit code, printing ``@@ran N`` after each."""
    parts = ["set -m  # background commands get Ctrl-C like a terminal's", "set +e", "ran() { echo \"@@ran $1\"; }"]
    for n, c in enumerate(cmds):
        if c.long_running:
            parts.append(f"""{c.text.split(" #")[0]} > .out{n} 2>&1 &
pid=$!
for _ in $(seq 1 {WAIT_S * 2}); do
  grep -q " built " .out{n} && break; kill -0 $pid 2>/dev/null || break; sleep 0.5
done
grep " built " .out{n} >/dev/null || {{ cat .out{n}; echo "@@failed {n} (no build)"; exit 1; }}
kill -INT $pid; wait $pid; rc=$?
cat .out{n}
[ $rc -eq 0 ] && grep -q "^stopped" .out{n} || {{ echo "@@failed {n} rc=$rc"; exit 1; }}
ran {n}""")
        else:
            check = ""
            if c.output:
                expected = "\n".join(c.output.splitlines())
                check = f"""
while IFS= read -r want; do
  grep -qxF -- "$want" .out{n} || {{ echo "@@failed {n}: not printed: $want"; exit 1; }}
done <<'@@EXPECTED'
{expected}
@@EXPECTED"""
            parts.append(f"""{{ {c.text}
}} > .out{n} 2>&1
rc=$?
cat .out{n}
[ $rc -eq {c.exits} ] || {{ echo "@@failed {n}: exit $rc, not {c.exits}"; exit 1; }}{check}
ran {n}""")
    return "\n".join(parts) + "\n"


@pytest.fixture(scope="module")
def tutorial(tmp_path_factory) -> tuple[Path, list[Command], str]:
    """The folder where every command of the tutorial was run, the commands, and what the run printed."""
    here = tmp_path_factory.mktemp("tutorial")
    cmds = commands(DOC.read_text(encoding="utf-8"))
    (here / ".tutorial.sh").write_text(script(cmds), encoding="utf-8")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("PYTHONPATH", None)  # the tutorial sets its own
    run = subprocess.run(["bash", str(here / ".tutorial.sh")], cwd=here, env=env, capture_output=True, text=True,
                         timeout=3600, preexec_fn=ctrl_c_reaches)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-6000:]
    return here, cmds, out


def test_the_doc_has_the_steps_of_a_design() -> None:
    cmds = commands(DOC.read_text(encoding="utf-8"))
    first_words = [shlex.split(c.text.splitlines()[0], comments=True)[:2] for c in cmds]
    assert first_words[0] == ["hexforge", "new"]
    for step in (["hexforge", "info"], ["hexforge", "preview"], ["hexforge", "build"], ["hexforge", "validate"]):
        assert step in first_words, step
    assert sum(c.long_running for c in cmds) == 2 and {c.exits for c in cmds} == {0, 1, 2}
    assert any(c.output for c in cmds)


def test_every_command_ran_with_its_exit_code(tutorial) -> None:
    _, cmds, out = tutorial
    assert re.findall(r"^@@ran (\d+)$", out, re.M) == [str(n) for n in range(len(cmds))]
    assert "Traceback" not in out and "internal error" not in out


def test_the_game_is_its_own(tutorial, monkeypatch) -> None:
    here, _, out = tutorial
    monkeypatch.syspath_prepend(str(here))  # where the tutorial registered its rules package (section 8)
    monkeypatch.syspath_prepend(str(here / "site"))
    game = games.load(str(here / "marsh_war"))
    assert set(game.tec) == {"meadow", "fen", "ridge", "town", "city"}
    assert {h.terrain for h in game.map.hexes.values()} == {"meadow", "fen", "ridge"}
    crt = next(iter(game.crts.values()))
    assert set(crt.legend) == {"Hold", "Bounce", "Push", "Bleed", "Rout"}
    assert game.cards == {} and game.weather == {} and game.vp_track is None
    assert game.unit_types["jaeger"].symbol == "mountain" and "b_1jg" in game.units
    assert set(game.scenarios) == {"first_battle", "night_raid"} and game.rules_package == "marsh_rules"
    # the two mistakes of section 7 were reported together, by one run
    assert re.search(r"hexes\.csv:\d+: .*rigde", out) and re.search(r"units\.csv:\d+: .*three", out)
    built = here / "build" / "marsh_war"
    assert (built / "MarshWar.vmod").is_file() and (built / "images" / "units" / "b_1jg_front.png").is_file()
    assert not (built / "images" / "charts" / "weather.png").exists()  # no weather: no weather chart
    assert (here / "first.html").is_file()


@pytest.mark.engine
def test_the_module_loads_cleanly_in_vassal(tutorial, vassal_engine) -> None:
    here, _, _ = tutorial
    checked = vassal_engine.check(here / "build" / "marsh_war" / "MarshWar.vmod")
    assert checked.clean, checked.summary()
    assert checked.game_started
    pieces = [s for s in checked.slots if s.kind == "piece"]
    assert len(pieces) >= 7 and all(s.roundtrip for s in checked.slots)
