"""Stalingrad '42's scripted test logs (``tests/logs/stalingrad42/``): each one's violations must be exactly the rules
its lines expect (``"expect": [...]``; every other line clean), and every line must fit the game's JSON Schema, checked
with the real ``jsonschema`` package. The example of ``docs/log-format.md``'s Stalingrad '42 section replays clean."""

from __future__ import annotations

import glob
import os

import jsonschema
import pytest

import log_cases
from validator.log_schema import schema_file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG_DIR = os.path.join(ROOT, "tests", "logs", "stalingrad42")
LOGS = sorted(glob.glob(os.path.join(LOG_DIR, "*.jsonl")))
# the blind referees' sets (blind_, blindc_, blindv_, blind4_ ... blind7_) and the rule sweep (sweep_) have verdict
# tests of their own (test_s42_blind*.py, test_s42_sweep.py, with their disagreements as strict xfails): they are
# not replayed a second time here
SCRIPTED = [p for p in LOGS if not os.path.basename(p).startswith(("blind", "sweep_"))]


@pytest.fixture(scope="module")
def schema_validator() -> jsonschema.protocols.Validator:
    return log_cases.schema_validator(schema_file("validator.rules.stalingrad42"))


def test_corpus_is_there() -> None:
    assert len(SCRIPTED) >= 1


@pytest.mark.parametrize("path", SCRIPTED, ids=os.path.basename)
def test_log_verdicts(path: str) -> None:
    log_cases.assert_verdicts(path)


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_log_lines_fit_the_schema(path: str, schema_validator) -> None:
    log_cases.assert_lines_fit(path, schema_validator)


def test_documented_example_is_a_clean_log() -> None:
    with open(os.path.join(ROOT, "docs", "log-format.md"), encoding="utf-8") as f:
        doc = f.read().split("## Stalingrad '42", 1)[1]
    log, game = log_cases.documented_example(doc)
    assert game.id == "stalingrad42" and [a.type for a in log.actions].count("move") == 2
