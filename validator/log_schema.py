"""The JSON Schema of each game's log, made from one core and the game's own action kinds.

The log format has one **core** (``validator/schema/source/core.json``): the header (with the starting position's
units, control, start and options), the actions every game has (``turn``, ``phase``, ``move``, ``battle``,
``loss``, ``retreat``, ``advance``, ``remove``, ``place``, ``supply``, ``victory``, ``note``) and the fields every
action may carry (``note``, ``expect``, ``src``). Each rules package **declares** what its game adds, as data
(its ``log_actions.json``): definitions (``defs``), fields of the header's ``position`` and of a unit in it
(``position``, ``position_unit``), fields added to core actions (``extend``), its own action kinds (``actions``)
and, optionally, the order of all kinds (``order``, as error messages list them). :func:`build` merges the two into
one complete JSON Schema (draft 2020-12) per game, written to ``validator/schema/<package>.schema.json``; the log
reader loads it, and ``tests/test_log_schema.py`` checks every written file is what :func:`build` makes.
``core.schema.json`` is the core alone with an open ``position``: what the reader checks a header against before
it knows the game.

Regenerate after changing a source: ``.venv/bin/python -m validator.log_schema``.
"""

from __future__ import annotations

import copy
import json
import os
import re
import sys
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA_DIR = os.path.join(HERE, "schema")
CORE_SOURCE = os.path.join(SCHEMA_DIR, "source", "core.json")
CORE_SCHEMA = os.path.join(SCHEMA_DIR, "core.schema.json")
DECLARATION = "log_actions.json"  # the file a rules package declares its log with
DRAFT = "https://json-schema.org/draft/2020-12/schema"
_NAME = re.compile(r"[a-z][a-z0-9_]*")


def read_json(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _action(kind: str, spec: dict[str, Any], common: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "object", "required": ["type", "side", *spec.get("required", ())],
                            "additionalProperties": False}
    body.update({k: v for k, v in spec.items() if k not in ("def", "required", "properties")})
    body["properties"] = {"type": {"const": kind}, "side": _ref("side"), **spec.get("properties", {}), **common}
    return body


def _extended(spec: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(spec)
    out["required"] = [*out.get("required", ()), *more.get("required", ())]
    out["properties"] = {**out.get("properties", {}), **more.get("properties", {})}
    return out


def build(core: dict[str, Any], game: dict[str, Any] | None, name: str) -> dict[str, Any]:
    """The schema of a game's log: ``core`` with ``game``'s declaration (None: the core alone, its position open)."""
    decl = game or {}
    kinds = {k: _extended(v, decl.get("extend", {}).get(k, {})) for k, v in core["actions"].items()}
    unknown = set(decl.get("extend", {})) - set(kinds)
    clash = set(decl.get("actions", {})) & set(kinds)
    if unknown or clash:
        raise ValueError(f"{name}: 'extend' names no core action ({sorted(unknown)}) or 'actions' redefines one "
                         f"({sorted(clash)})")
    kinds.update(decl.get("actions", {}))
    order = list(decl.get("order") or kinds)
    if sorted(order) != sorted(kinds):
        raise ValueError(f"{name}: 'order' must list every action kind once: {sorted(set(order) ^ set(kinds))}")
    header = copy.deepcopy(core["header"])
    position = header["properties"]["position"]
    if game is None:
        header["properties"]["position"] = {"type": "object"}
    else:
        position["properties"].update(decl.get("position", {}))
        unit = position["properties"]["units"]["additionalProperties"]["oneOf"][1]
        unit["properties"].update(decl.get("position_unit", {}))
    defs: dict[str, Any] = {**core["defs"], **decl.get("defs", {}), "header": header}
    names = {k: kinds[k].get("def", k) for k in order}
    defs["action"] = {"type": "object", "required": ["type", "side"],
                      "properties": {"type": {"enum": order}, "side": _ref("side")},
                      "allOf": [{"if": {"properties": {"type": {"const": k}}}, "then": _ref(names[k])} for k in order]}
    for k in order:
        defs[names[k]] = _action(k, kinds[k], core["common"])
    return {"$schema": DRAFT, "$id": f"https://hexforge.invalid/schema/{name}.schema.json",
            "title": f"{core['title']}: {name}" if game is not None else core["title"],
            "description": core["description"],
            "oneOf": [_ref("header"), _ref("action")], "$defs": defs}


def schema_file(package: str) -> str:
    """The schema file of a rules package (``validator.rules.<name>``): ``validator/schema/<name>.schema.json``."""
    name = package.rpartition(".")[2]
    if not _NAME.fullmatch(name):
        raise ValueError(f"'{package}' is not a rules package name")
    return os.path.join(SCHEMA_DIR, f"{name}.schema.json")


def declaration_file(package: str) -> str:
    """Where a rules package (``validator.rules.<name>``) declares its log."""
    name = package.rpartition(".")[2]
    if not _NAME.fullmatch(name):
        raise ValueError(f"'{package}' is not a rules package name")
    return os.path.join(HERE, "rules", name, DECLARATION)


def packages() -> list[str]:
    """Every rules package that declares its log."""
    root = os.path.join(HERE, "rules")
    return sorted(f"validator.rules.{d}" for d in os.listdir(root)
                  if os.path.isfile(os.path.join(root, d, DECLARATION)))


def dumps(value: Any, indent: int = 0, width: int = 116) -> str:
    """JSON with short objects and lists on one line (the schema files stay readable and small)."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 1, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dumps(v, indent + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def expected_files() -> dict[str, str]:
    """path -> text of every schema file: the core's and one per rules package."""
    core = read_json(CORE_SOURCE)
    out = {CORE_SCHEMA: dumps(build(core, None, "core")) + "\n"}
    for package in packages():
        name = package.rpartition(".")[2]
        out[schema_file(package)] = dumps(build(core, read_json(declaration_file(package)), name)) + "\n"
    return out


def main() -> int:
    for path, text in expected_files().items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
