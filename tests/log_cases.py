"""What the scripted log tests of every game share (tests/test_validator_logs.py, tests/test_s42_logs.py): a log's
violations are exactly the rules its lines expect (``"expect": [...]``, every other line clean), every line fits the
game's JSON Schema (checked with the real ``jsonschema`` package), and a documented example replays clean."""

from __future__ import annotations

import json

import jsonschema

from games_once import parse_log, read_log
from validator.replay import replay
from validator.report import text_lines
from validator.schema_check import load_schema


def schema_validator(schema_path: str) -> jsonschema.protocols.Validator:
    """A checker for the JSON Schema at ``schema_path`` (itself checked against its metaschema)."""
    schema = load_schema(schema_path)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def assert_verdicts(path: str) -> None:
    """The log's (line, rule) violations are exactly those its `expect` fields name."""
    log, game = read_log(path)  # each game loaded once per test process (tests/games_once.py)
    result = replay(log, game)
    got = sorted((v.line, v.rule) for v in result.violations)
    want = sorted((a.line, rule) for a in log.actions for rule in a.get("expect", ()))
    assert got == want, "\n".join(text_lines(result))


def assert_lines_fit(path: str, checker: jsonschema.protocols.Validator, seen: set[str] | None = None) -> None:
    """Every line of the log fits the schema; ``seen``: the texts of lines already checked (in other logs), which are
    not checked again (a third of the corpus's lines repeat another's: a phase, a note, a loss)."""
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            text = line.strip()
            if text and (seen is None or text not in seen):
                errors = list(checker.iter_errors(json.loads(text)))
                assert not errors, f"{path}:{n}: {errors[0].message}"
                if seen is not None:
                    seen.add(text)


def documented_example(doc: str):
    """The first JSON Lines block of ``doc`` replayed: (its log, the replay's result), the result asserted clean."""
    example = doc.split("```jsonl\n", 1)[1].split("```", 1)[0]
    log, game = parse_log("log-format.md", example.encode())
    result = replay(log, game)
    assert result.clean, "\n".join(text_lines(result))
    return log, game
