"""A small checker for the JSON Schema subset the log schema uses, so reading a log needs no extra package.

``validator/schema/log.schema.json`` is the one description of the log format: the tests validate every test log
against it with the real ``jsonschema`` package, and the log reader checks each line against it with
:func:`first_error`, which understands exactly the keywords the schema uses (``$ref``, ``type``, ``const``,
``enum``, ``properties``, ``required``, ``additionalProperties``, ``propertyNames``, ``items``, ``minItems``,
``maxItems``, ``minimum``, ``maximum``, ``pattern``, ``oneOf``, ``allOf``, ``if``/``then`` and ``format``).
``format`` names a kind of game id (unit, hex, card ...); the caller supplies the function that checks ids.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Mapping

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema", "log.schema.json")

# format name -> checker(value) returning an error message or None
FormatCheck = Callable[[str, str], "str | None"]

_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_TYPE_WORDS = {"object": "an object", "array": "a list", "string": "a string", "integer": "a whole number",
               "number": "a number", "boolean": "true or false", "null": "null"}


def load_schema(path: str = SCHEMA_PATH) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _where(path: tuple[str, ...]) -> str:
    return "field '" + ".".join(path) + "'" if path else "the line"


@dataclass(frozen=True)
class SchemaChecker:
    """Checks values against definitions of one schema; ``formats`` checks game ids (None accepts any)."""

    schema: Mapping[str, Any]
    formats: FormatCheck | None = None

    @cached_property
    def defs(self) -> Mapping[str, Any]:
        return self.schema.get("$defs", {})

    def first_error(self, value: Any, definition: str) -> str | None:
        """The first problem of ``value`` against ``$defs/<definition>``, in plain words, or None."""
        return self._check(value, self.defs[definition], ())

    @cached_property
    def _branches(self) -> Mapping[str, Mapping[str, str]]:
        """definition -> {value of the "type" field -> definition its if/then branch points to}."""
        out: dict[str, dict[str, str]] = {}
        for name, node in self.defs.items():
            for sub in node.get("allOf", ()):
                const = sub.get("if", {}).get("properties", {}).get("type", {}).get("const")
                ref = sub.get("then", {}).get("$ref")
                if const is not None and ref:
                    out.setdefault(name, {})[const] = ref.rsplit("/", 1)[-1]
        return out

    def first_error_by_type(self, value: Any, definition: str) -> str | None:
        """Like :meth:`first_error`, going straight to the if/then branch that ``value``'s "type" field selects
        (every branch repeats the common fields), which is what makes reading a long log fast."""
        branch = self._branches.get(definition, {}).get(value.get("type")) if isinstance(value, dict) else None
        if branch is None:
            return self.first_error(value, definition)
        return self._check(value, self.defs[branch], ())

    def _resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        while "$ref" in node:
            node = self.defs[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def _check(self, v: Any, node: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
        node = self._resolve(node)
        if "type" in node:
            types = node["type"] if isinstance(node["type"], list) else [node["type"]]
            if not any(_TYPES[t](v) for t in types):
                return f"{_where(path)} must be " + " or ".join(_TYPE_WORDS[t] for t in types)
        if "const" in node and v != node["const"]:
            return f"{_where(path)} must be {json.dumps(node['const'])}"
        if "enum" in node and v not in node["enum"]:
            return f"{_where(path)}: {json.dumps(v)} is not one of {', '.join(json.dumps(e) for e in node['enum'])}"
        for check in (self._object, self._array, self._scalar, self._combinators):
            err = check(v, node, path)
            if err:
                return err
        return None

    def _object(self, v: Any, node: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
        if not isinstance(v, dict):
            return None
        for key in node.get("required", ()):
            if key not in v:
                return f"missing {_where(path + (key,))}"
        props = node.get("properties", {})
        extra = node.get("additionalProperties", True)
        for key, item in v.items():
            if "propertyNames" in node:
                err = self._check(key, node["propertyNames"], path + (key,))
                if err:
                    return err
            if key in props:
                err = self._check(item, props[key], path + (key,))
            elif extra is False:
                err = f"unknown {_where(path + (key,))}"
            elif isinstance(extra, dict):
                err = self._check(item, extra, path + (key,))
            else:
                err = None
            if err:
                return err
        return None

    def _array(self, v: Any, node: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
        if not isinstance(v, list):
            return None
        if len(v) < node.get("minItems", 0):
            return f"{_where(path)} needs at least {node['minItems']} item(s)"
        if "maxItems" in node and len(v) > node["maxItems"]:
            return f"{_where(path)} takes at most {node['maxItems']} item(s)"
        if "items" in node:
            for i, item in enumerate(v):
                err = self._check(item, node["items"], path + (str(i),))
                if err:
                    return err
        return None

    def _scalar(self, v: Any, node: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
        if _TYPES["number"](v):
            if "minimum" in node and v < node["minimum"]:
                return f"{_where(path)} must be at least {node['minimum']}"
            if "maximum" in node and v > node["maximum"]:
                return f"{_where(path)} must be at most {node['maximum']}"
        if isinstance(v, str):
            if "pattern" in node and not re.search(node["pattern"], v):
                return f"{_where(path)}: '{v}' is not well formed"
            if "format" in node and self.formats is not None:
                err = self.formats(node["format"], v)
                if err:
                    return err
        return None

    def _combinators(self, v: Any, node: Mapping[str, Any], path: tuple[str, ...]) -> str | None:
        for sub in node.get("allOf", ()):
            if "if" in sub:
                if self._check(v, sub["if"], path) is None and "then" in sub:
                    err = self._check(v, sub["then"], path)
                    if err:
                        return err
            else:
                err = self._check(v, sub, path)
                if err:
                    return err
        if "oneOf" in node:
            errors = [self._check(v, sub, path) for sub in node["oneOf"]]
            ok = [e for e in errors if e is None]
            if len(ok) != 1:
                if not ok:
                    # report the most specific failure: one about an id beats one about the shape
                    ids = [e for e in errors if e and e.startswith("unknown ")]
                    return ids[0] if ids else f"{_where(path)} does not match any allowed form ({errors[0]})"
                return f"{_where(path)} matches more than one allowed form"
        return None
