"""The log schemas: one core, each game's own action kinds declared by its rules package, one complete JSON Schema
per game made from them (``validator.log_schema``), and the reader checking each log against its game's."""

from __future__ import annotations

import json

import jsonschema
import pytest

from validator import log_schema
from validator.logfile import LogError, parse_log
from validator.schema_check import SchemaChecker

CORE_KINDS = {"turn", "phase", "move", "battle", "loss", "retreat", "advance", "remove", "place", "supply", "victory",
              "note"}
NR_KINDS = {"weather", "event", "draw", "discard", "play", "flip", "reorganize", "entrain", "detrain", "declare",
            "counterblow"}


def test_every_schema_file_is_what_its_sources_make():
    """Regenerate with ``.venv/bin/python -m validator.log_schema`` after changing a source."""
    for path, text in log_schema.expected_files().items():
        with open(path, encoding="utf-8") as f:
            assert f.read() == text, f"{path} is stale: run python -m validator.log_schema"


def test_each_schema_is_a_valid_json_schema():
    for path in log_schema.expected_files():
        jsonschema.Draft202012Validator.check_schema(log_schema.read_json(path))


def test_the_core_and_no_retreats_own_kinds():
    core = log_schema.read_json(log_schema.CORE_SCHEMA)
    nr = log_schema.read_json(log_schema.schema_file("validator.rules.no_retreat"))
    assert set(core["$defs"]["action"]["properties"]["type"]["enum"]) == CORE_KINDS
    assert set(nr["$defs"]["action"]["properties"]["type"]["enum"]) == CORE_KINDS | NR_KINDS
    # No Retreat!'s fields on core actions are its own: the core battle has no cards, the core supply no markers
    assert "cards" not in core["$defs"]["battle"]["properties"] and "cards" in nr["$defs"]["battle"]["properties"]
    assert nr["$defs"]["supply"]["required"] == ["type", "side", "unsupplied"]
    assert core["$defs"]["supply"]["required"] == ["type", "side"]
    # the core's header leaves the position to the game; the game's lists its own fields
    assert core["$defs"]["header"]["properties"]["position"] == {"type": "object"}
    assert "hands" in nr["$defs"]["header"]["properties"]["position"]["properties"]


def test_a_second_game_declares_its_own_kinds_and_fields():
    core = log_schema.read_json(log_schema.CORE_SOURCE)
    decl = {"actions": {"rail": {"required": ["unit", "to"], "properties": {
                "unit": {"$ref": "#/$defs/unit"}, "to": {"$ref": "#/$defs/map_location"}}}},
            "extend": {"move": {"properties": {"mode": {"enum": ["road", "extended", "tactical"]}}}},
            "position_unit": {"steps": {"type": "integer", "minimum": 1, "maximum": 3}}}
    schema = log_schema.build(core, decl, "toy")
    check = SchemaChecker(schema)
    assert check.first_error_by_type({"type": "rail", "side": "a", "unit": "u1", "to": "0101"}, "action") is None
    assert check.first_error_by_type({"type": "move", "side": "a", "unit": "u1", "to": "0101", "mode": "road"},
                                     "action") is None
    assert check.first_error_by_type({"type": "move", "side": "a", "unit": "u1", "to": "0101", "mode": "rail"},
                                     "action") == 'field \'mode\': "rail" is not one of "road", "extended", "tactical"'
    assert "unknown field 'pay'" in check.first_error_by_type({"type": "place", "side": "a", "unit": "u1",
                                                                "to": "0101", "pay": []}, "action")
    assert check.first_error({"format": "hexforge-log", "version": 1, "game": "toy",
                              "position": {"units": {"u1": {"at": "0101", "steps": 2}}}}, "header") is None
    jsonschema.Draft202012Validator(schema).validate({"type": "rail", "side": "a", "unit": "u1", "to": "0101"})


@pytest.mark.parametrize("decl,words", [
    ({"extend": {"warp": {"properties": {"x": {}}}}}, "'extend' names no core action"),
    ({"actions": {"move": {"properties": {}}}}, "redefines one"),
    ({"actions": {"rail": {}}, "order": ["turn"]}, "'order' must list every action kind once"),
])
def test_a_declaration_that_does_not_fit_the_core(decl, words):
    with pytest.raises(ValueError, match=words):
        log_schema.build(log_schema.read_json(log_schema.CORE_SOURCE), decl, "toy")


def test_the_reader_checks_a_log_against_its_games_schema():
    head = {"format": "hexforge-log", "version": 1, "game": "no_retreat"}
    ok = [head, {"type": "draw", "side": "axis", "cards": ["c01"]}]
    log, _ = parse_log("t.jsonl", "".join(json.dumps(x) + "\n" for x in ok).encode())
    assert [a.type for a in log.actions] == ["draw"]
    bad = [head, {"type": "rail", "side": "axis", "unit": "ger_6", "to": "0909"}]
    with pytest.raises(LogError, match=r"t.jsonl:2: action 'rail': field 'type': \"rail\" is not one of \"turn\""):
        parse_log("t.jsonl", "".join(json.dumps(x) + "\n" for x in bad).encode())
    wrong = [{**head, "position": {"hands": {"axis": ["nope"]}}}]
    with pytest.raises(LogError, match="header: unknown card 'nope'"):
        parse_log("t.jsonl", "".join(json.dumps(x) + "\n" for x in wrong).encode())


def test_a_rules_package_name_never_makes_a_path():
    with pytest.raises(ValueError):
        log_schema.schema_file("validator.rules.../../etc")
    assert log_schema.schema_file("validator.rules.no_retreat").endswith("no_retreat.schema.json")
