"""The scripted test logs in tests/logs: each one's violations must be exactly the rules its lines expect (the blind
referees' logs are checked in test_blind*_rulebook.py).

A log line may carry ``"expect": ["8.5.1", ...]``: the rule numbers the validator must report on that line (the
validator itself ignores the field). Every other line must be clean. Every line must also fit the JSON Schema of
the log format, checked with the real ``jsonschema`` package.
"""

from __future__ import annotations

import glob
import json
import os

import jsonschema
import pytest

from validator.log_schema import schema_file
from validator.logfile import parse_log, read_log
from validator.replay import replay
from validator.report import text_lines
from validator.schema_check import load_schema

NR_SCHEMA = schema_file("validator.rules.no_retreat")  # the No Retreat! log schema

LOG_DIR = os.path.join(os.path.dirname(__file__), "logs")
LOGS = sorted(glob.glob(os.path.join(LOG_DIR, "*.jsonl")))
# the blind referees' logs have verdict tests of their own (test_blind*_rulebook.py: through the command line, their
# disagreements with the rules as strict xfails)
SCRIPTED = [p for p in LOGS if not os.path.basename(p).startswith("blind")]


@pytest.fixture(scope="module")
def schema_validator() -> jsonschema.protocols.Validator:
    schema = load_schema(NR_SCHEMA)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_corpus_is_there() -> None:
    assert len(SCRIPTED) >= 10


@pytest.mark.parametrize("path", SCRIPTED, ids=os.path.basename)
def test_log_verdicts(path: str) -> None:
    log, game = read_log(path)
    result = replay(log, game)
    got = sorted((v.line, v.rule) for v in result.violations)
    want = sorted((a.line, rule) for a in log.actions for rule in a.get("expect", ()))
    assert got == want, "\n".join(text_lines(result))


def test_documented_example_is_a_clean_log() -> None:
    with open(os.path.join(LOG_DIR, "..", "..", "docs", "log-format.md"), encoding="utf-8") as f:
        doc = f.read()
    example = doc.split("```jsonl\n", 1)[1].split("```", 1)[0]
    log, game = parse_log("log-format.md", example.encode())
    result = replay(log, game)
    assert result.clean, "\n".join(text_lines(result))
    assert [a.type for a in log.actions].count("move") == 2


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_log_lines_fit_the_schema(path: str, schema_validator) -> None:
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if line.strip():
                errors = list(schema_validator.iter_errors(json.loads(line)))
                assert not errors, f"{path}:{n}: {errors[0].message}"
