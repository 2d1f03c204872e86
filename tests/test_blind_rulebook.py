"""A blind referee's test: rulebook cases written from the documentation alone.

Each `tests/logs/blind_*.jsonl` was written from README.md, docs/log-format.md, the JSON Schema,
docs/rules/no_retreat.md, docs/data.md, the game data and the rules texts in ../shared/rules/, without reading the
validator's code or its other tests. The verdict the rules give is written into the log itself, before running
it: every line that breaks a rule carries `"expect": [rule numbers]` (log-format.md: ignored by the validator).
Each log is replayed through the command line entry point (`hexforge validate LOG --format json`, the console
script `hexforge.cli:main`) and must report exactly those (line, rule) pairs.

Where the validator disagrees with the rules text (or with its own rules reference), the case stays here as a
strict xfail naming the rule, so a fix shows up as an unexpected pass.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games_once import LOADED
from validator.cli import check_log

LOGS = Path(__file__).parent / "logs"
BLIND = sorted(LOGS.glob("blind_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/); the five
# disagreements the first blind run found (7.0 A, 7.2.1, 7.1, 10.3.1, 5.0) are fixed
DISAGREEMENTS: dict[str, str] = {}


def expected(log: Path) -> list[tuple[int, str]]:
    """The (line, rule) pairs written into the log's `expect` fields, sorted."""
    pairs = []
    for number, text in enumerate(log.read_text(encoding="utf-8").splitlines(), start=1):
        if text.strip():
            pairs += [(number, rule) for rule in json.loads(text).get("expect", [])]
    return sorted(pairs)


def reported(log: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    """Exit code and JSON report of `hexforge validate LOG --format json`, as `hexforge validate` of a folder checks
    each log (in-process, every game loaded once: a few hundred logs would otherwise load their game each time)."""
    outcome = check_log(str(log), cache=LOADED, fmt="json")
    assert not outcome.err and not capsys.readouterr().err, outcome.err
    return outcome.code, outcome.doc


def params(logs: list[Path], disagreements: dict[str, str]) -> list:
    """One case per log (of any blind set); its disagreements as strict xfails."""
    return [pytest.param(log, id=log.stem,
                         marks=[pytest.mark.xfail(strict=True, reason=disagreements[log.stem])]
                         if log.stem in disagreements else [])
            for log in logs]


def check_set(logs: list[Path], disagreements: dict[str, str]) -> None:
    """A whole blind set in one test (a pytest case per log cost more than the log's replay): every log gives exactly
    the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean (in-process, as `reported`);
    a log of ``disagreements`` must still differ, so a fix shows up as a failure naming it."""
    wrong, fixed = [], []
    for log in logs:
        want = expected(log)
        outcome = check_log(str(log), cache=LOADED, fmt="json")
        assert not outcome.err, f"{log.name}: {outcome.err}"
        found = outcome.doc["violations"]
        got = sorted((v["line"], v["rule"]) for v in found)
        agrees = got == want and outcome.code == (1 if want else 0) and outcome.doc["clean"] is (not want)
        if log.stem in disagreements:
            fixed += [log.stem] if agrees else []
        elif not agrees:
            wrong.append(f"{log.name}: expected {want}, got {got} (exit {outcome.code})\n  "
                         + "\n  ".join(f"{v['line']}: {v['rule']}: {v['message']}" for v in found))
    assert not wrong, "\n".join(wrong)
    assert not fixed, f"no longer disagreements, take them out of DISAGREEMENTS: {fixed}"


def check_corpus(logs: list[Path], disagreements: dict[str, str], chapters: tuple[str, ...], game: str,
                 least: int) -> None:
    """A blind set of another game or chapter: at least ``least`` logs of ``game``, clean ones and breaking ones, its
    disagreements among them, and every chapter of ``chapters`` broken by some case."""
    assert len(logs) >= least
    assert set(disagreements) <= {log.stem for log in logs}
    assert any(not expected(log) for log in logs) and any(expected(log) for log in logs)
    rules = {rule for log in logs for _, rule in expected(log)}
    assert all(any(rule.startswith(chapter) for rule in rules) for chapter in chapters), sorted(rules)
    for log in logs:
        header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        assert header["game"] == game, log.name


def test_the_corpus_is_there():
    assert len(BLIND) >= 25
    assert set(DISAGREEMENTS) <= {log.stem for log in BLIND}
    # both kinds of case: clean logs and logs with violations
    assert any(not expected(log) for log in BLIND) and any(expected(log) for log in BLIND)


@pytest.mark.parametrize("log", params(BLIND, DISAGREEMENTS))
def test_blind_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    want = expected(log)
    code, report = reported(log, capsys)
    got = sorted((v["line"], v["rule"]) for v in report["violations"])
    assert got == want, "\n".join(f"{v['line']}: {v['rule']}: {v['message']}" for v in report["violations"])
    assert code == (1 if want else 0)
    assert report["clean"] is (not want)


def test_command_line_text_report():
    """The printed form (README): `LOG:line: turn T side phase: rule N.N: message`, exit 1."""
    log = LOGS / "blind_move_ezoc.jsonl"
    done = subprocess.run([sys.executable, "-m", "hexforge.cli", "validate", str(log)],
                          capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stdout.splitlines() if ": rule " in line]
    assert done.returncode == 1, done.stderr
    assert [line.split(": rule ")[1].split(":")[0] for line in lines] == ["8.5.2", "8.5.3", "8.5.1", "8.4"]
    assert lines[0].startswith(f"{log}:4: turn 13 axis movement: rule 8.5.2: ")
