"""Stalingrad '42's scripted test logs (``tests/logs/stalingrad42/``): each one's violations must be exactly the rules
its lines expect (``"expect": [...]``; every other line clean), and every line must fit the game's JSON Schema, checked
with the real ``jsonschema`` package. The example of ``docs/log-format.md``'s Stalingrad '42 section replays clean."""

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG_DIR = os.path.join(ROOT, "tests", "logs", "stalingrad42")
LOGS = sorted(glob.glob(os.path.join(LOG_DIR, "*.jsonl")))


@pytest.fixture(scope="module")
def schema_validator() -> jsonschema.protocols.Validator:
    schema = load_schema(schema_file("validator.rules.stalingrad42"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def test_corpus_is_there() -> None:
    assert len(LOGS) >= 1


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_log_verdicts(path: str) -> None:
    log, game = read_log(path)
    result = replay(log, game)
    got = sorted((v.line, v.rule) for v in result.violations)
    want = sorted((a.line, rule) for a in log.actions for rule in a.get("expect", ()))
    assert got == want, "\n".join(text_lines(result))


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_log_lines_fit_the_schema(path: str, schema_validator) -> None:
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if line.strip():
                errors = list(schema_validator.iter_errors(json.loads(line)))
                assert not errors, f"{path}:{n}: {errors[0].message}"


def test_documented_example_is_a_clean_log() -> None:
    with open(os.path.join(ROOT, "docs", "log-format.md"), encoding="utf-8") as f:
        doc = f.read().split("## Stalingrad '42", 1)[1]
    example = doc.split("```jsonl\n", 1)[1].split("```", 1)[0]
    log, game = parse_log("log-format.md", example.encode())
    result = replay(log, game)
    assert result.clean, "\n".join(text_lines(result))
    assert game.id == "stalingrad42" and [a.type for a in log.actions].count("move") == 2
