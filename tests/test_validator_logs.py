"""The scripted test logs in tests/logs: each one's violations must be exactly the rules its lines expect (the blind
referees' logs are checked in test_blind*_rulebook.py).

A log line may carry ``"expect": ["8.5.1", ...]``: the rule numbers the validator must report on that line (the
validator itself ignores the field). Every other line must be clean. Every line must also fit the JSON Schema of
the log format, checked with the real ``jsonschema`` package.
"""

from __future__ import annotations

import glob
import os

import jsonschema
import pytest

import log_cases
from validator.log_schema import schema_file

NR_SCHEMA = schema_file("validator.rules.no_retreat")  # the No Retreat! log schema

LOG_DIR = os.path.join(os.path.dirname(__file__), "logs")
LOGS = sorted(glob.glob(os.path.join(LOG_DIR, "*.jsonl")))
# the blind referees' logs and the rule-by-rule sweep have verdict tests of their own (test_blind*_rulebook.py,
# test_sweep_rulebook.py, test_mutations.py: through the command line's checker, their disagreements with the rules
# named in each set's DISAGREEMENTS)
SCRIPTED = [p for p in LOGS if not os.path.basename(p).startswith(("blind", "sweep_", "mut_"))]


@pytest.fixture(scope="module")
def schema_validator() -> jsonschema.protocols.Validator:
    return log_cases.schema_validator(NR_SCHEMA)


def test_corpus_is_there() -> None:
    assert len(SCRIPTED) >= 10


@pytest.mark.parametrize("path", SCRIPTED, ids=os.path.basename)
def test_log_verdicts(path: str) -> None:
    log_cases.assert_verdicts(path)


def test_documented_example_is_a_clean_log() -> None:
    with open(os.path.join(LOG_DIR, "..", "..", "docs", "log-format.md"), encoding="utf-8") as f:
        doc = f.read()
    log, game = log_cases.documented_example(doc)
    assert [a.type for a in log.actions].count("move") == 2


def test_log_lines_fit_the_schema(schema_validator) -> None:
    """Every line of every log fits the schema, in one test (a pytest case per log cost more than its check; the
    message names the file and line)."""
    assert len(LOGS) > len(SCRIPTED)
    seen: set[str] = set()  # a line's text checked once, wherever it repeats
    for path in LOGS:
        log_cases.assert_lines_fit(path, schema_validator, seen)
