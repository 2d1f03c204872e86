"""The log reader's own schema checker (validator/schema_check.py) against the real ``jsonschema`` package: on lines of
the test logs, damaged at random, it accepts exactly what jsonschema accepts (ids aside: formats are game ids)."""

from __future__ import annotations

import glob
import json
import os

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from nr_played import HEAD, encode
from validator.log_schema import schema_file
from validator.logfile import LogError, parse_log
from validator.schema_check import SchemaChecker, load_schema

NR_SCHEMA = schema_file("validator.rules.no_retreat")  # the No Retreat! log schema

LOGS = os.path.join(os.path.dirname(__file__), "logs")
SCHEMA = load_schema(NR_SCHEMA)
LINES = [json.loads(line) for path in sorted(glob.glob(os.path.join(LOGS, "*.jsonl")))
         for line in open(path, encoding="utf-8") if line.strip()]
VALUES = [None, True, 0, -1, 2.5, "", "x", "0712", "axis", [], ["0712"], [1], {}, {"step": 1}, {"step": "a"}]
KEYS = ["type", "side", "unit", "to", "path", "cards", "pay", "note", "src", "extra", "turn", "phase"]


@st.composite
def damaged(draw) -> tuple[dict, str]:
    line = json.loads(json.dumps(draw(st.sampled_from(LINES))))
    target = line
    if draw(st.booleans()):
        nested = [v for v in line.values() if isinstance(v, (dict, list)) and v]
        if nested:
            target = draw(st.sampled_from(nested))
    how = draw(st.sampled_from(["drop", "set", "add"]))
    value = json.loads(json.dumps(draw(st.sampled_from(VALUES))))
    if isinstance(target, dict) and target and how == "drop":
        del target[draw(st.sampled_from(sorted(target)))]
    elif isinstance(target, dict):
        target[draw(st.sampled_from(sorted(target) if how == "set" and target else KEYS))] = value
    elif how == "set":
        target[draw(st.integers(0, len(target) - 1))] = value
    else:
        target.append(value)
    return line, "header" if "format" in line else "action"


@settings(max_examples=400, deadline=None)
@given(damaged())
def test_the_checker_accepts_what_jsonschema_accepts(case: tuple[dict, str]) -> None:
    line, definition = case
    schema = {**SCHEMA, "$ref": f"#/$defs/{definition}"}
    valid = not list(jsonschema.validators.validator_for(SCHEMA)(schema).iter_errors(line))
    checker = SchemaChecker(SCHEMA)
    assert (checker.first_error(line, definition) is None) == valid
    if definition == "action":
        assert checker.first_error_by_type(line, definition) == checker.first_error(line, definition)


@pytest.mark.parametrize("kind", [["move"], {"a": 1}, 7])
def test_an_action_type_of_the_wrong_kind_is_a_reading_error(kind) -> None:
    with pytest.raises(LogError, match=r"^t.jsonl:2: action: field 'type': .* is not one of"):
        parse_log("t.jsonl", encode([HEAD, {"type": kind, "side": "axis"}]))


@pytest.mark.parametrize("version", [True, 1.5, "1"])
def test_json_true_is_not_the_number_one(version) -> None:
    """JSON equality for const/enum (found by the property test above): Python's True == 1 must not let it pass."""
    header = {"format": "hexforge-log", "version": version, "game": "no_retreat"}
    assert SchemaChecker(SCHEMA).first_error(header, "header") == "field 'version' must be 1"
    assert SchemaChecker(SCHEMA).first_error({**header, "version": 1}, "header") is None
