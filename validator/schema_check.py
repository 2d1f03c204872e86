"""A small checker for the JSON Schema subset the log schemas use, so reading a log needs no extra package.

``validator/schema/<game>.schema.json`` (made by ``validator.log_schema`` from the core and the game's declaration)
is the one description of a game's log format: the tests validate every test log against it with the real
``jsonschema`` package, and the log reader checks each line against it with :func:`first_error`, which understands exactly the keywords the schema uses (``$ref``, ``type``, ``const``,
``enum``, ``properties``, ``required``, ``additionalProperties``, ``propertyNames``, ``items``, ``minItems``,
``maxItems``, ``minimum``, ``maximum``, ``pattern``, ``oneOf``, ``allOf``, ``if``/``then`` and ``format``).
``format`` names a kind of game id (unit, hex, card ...); the caller supplies the function that checks ids.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Mapping

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


def load_schema(path: str) -> dict:
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
        return self._definition(definition)(value, ())

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
        kind = value.get("type") if isinstance(value, dict) else None
        branch = self._branches.get(definition, {}).get(kind) if isinstance(kind, str) else None
        if branch is None:
            return self.first_error(value, definition)
        return self._definition(branch)(value, ())

    def first_field_error(self, value: dict[str, Any], definition: str, fields: tuple[str, ...]) -> str | None:
        """The first problem of these fields of ``value`` (those it has), against the if/then branch of
        ``definition`` that its "type" field selects: what :meth:`first_error_by_type` reports about them, for a
        producer that guarantees the rest of the object (the VASSAL translator, whose actions come from a fixed
        table)."""
        branch = self._branches[definition][value["type"]]
        for name in fields:
            if name in value:
                err = self._field(branch, name)(value[name], (name,))
                if err:
                    return err
        return None

    def _field(self, branch: str, name: str) -> Check:
        key = f"{branch}/properties/{name}"
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = self._compile(self.defs[branch]["properties"][name])
        return found

    # -- each schema node is compiled once into a function (value, path) -> first error or None --
    @cached_property
    def _compiled(self) -> dict[str, Check]:
        return {}  # definition name (or "<branch>/properties/<field>": :meth:`_field`) -> its check, on first use

    def _definition(self, name: str) -> Check:
        found = self._compiled.get(name)
        if found is not None:
            return found
        body: list[Check] = []
        self._compiled[name] = lambda v, path: body[0](v, path)  # stands in while a recursive definition compiles
        body.append(self._compile(self.defs[name]))
        self._compiled[name] = body[0]
        return body[0]

    def _compile(self, node: Mapping[str, Any]) -> Check:
        """The checks of one node in the order the errors are reported: type, const, enum, object, array, scalar,
        combinators (a ``$ref`` stands for the definition it names, as its siblings are ignored)."""
        if "$ref" in node:
            return self._definition(node["$ref"].rsplit("/", 1)[-1])
        if node.get("type") == "string" and set(node) == {"type", "format"} and self.formats is not None:
            return _id_string(node["format"], self.formats)  # the usual leaf: a game id
        checks = [c for c in (_type(node), _const(node), _enum(node), self._object(node), self._array(node),
                              self._scalar(node), self._combinators(node)) if c is not None]
        if not checks:
            return _accept
        if len(checks) == 1:
            return checks[0]

        def check(v: Any, path: tuple[str, ...]) -> str | None:
            for c in checks:
                err = c(v, path)
                if err:
                    return err
            return None

        return check

    def _object(self, node: Mapping[str, Any]) -> Check | None:
        required = tuple(node.get("required", ()))
        props = {key: self._compile(sub) for key, sub in node.get("properties", {}).items()}
        extra = node.get("additionalProperties", True)
        extra_check = self._compile(extra) if isinstance(extra, dict) else None
        names = self._compile(node["propertyNames"]) if "propertyNames" in node else None
        if not required and not props and extra is True and names is None:
            return None

        def check(v: Any, path: tuple[str, ...]) -> str | None:
            if not isinstance(v, dict):
                return None
            for key in required:
                if key not in v:
                    return f"missing {_where(path + (key,))}"
            for key, item in v.items():
                if names is not None:
                    err = names(key, path + (key,))
                    if err:
                        return err
                sub = props.get(key)
                if sub is not None:
                    err = sub(item, path + (key,))
                elif extra is False:
                    err = f"unknown {_where(path + (key,))}"
                elif extra_check is not None:
                    err = extra_check(item, path + (key,))
                else:
                    err = None
                if err:
                    return err
            return None

        return check

    def _array(self, node: Mapping[str, Any]) -> Check | None:
        least, most = node.get("minItems"), node.get("maxItems")
        items = self._compile(node["items"]) if "items" in node else None
        if least is None and most is None and items is None:
            return None

        def check(v: Any, path: tuple[str, ...]) -> str | None:
            if not isinstance(v, list):
                return None
            if least is not None and len(v) < least:
                return f"{_where(path)} needs at least {least} item(s)"
            if most is not None and len(v) > most:
                return f"{_where(path)} takes at most {most} item(s)"
            if items is not None:
                for i, item in enumerate(v):
                    err = items(item, path + (str(i),))
                    if err:
                        return err
            return None

        return check

    def _scalar(self, node: Mapping[str, Any]) -> Check | None:
        low, high = node.get("minimum"), node.get("maximum")
        pattern = re.compile(node["pattern"]) if "pattern" in node else None
        fmt, formats = node.get("format"), self.formats
        if formats is None:
            fmt = None
        if low is None and high is None and pattern is None and fmt is None:
            return None

        def check(v: Any, path: tuple[str, ...]) -> str | None:
            if (low is not None or high is not None) and _TYPES["number"](v):
                if low is not None and v < low:
                    return f"{_where(path)} must be at least {low}"
                if high is not None and v > high:
                    return f"{_where(path)} must be at most {high}"
            if isinstance(v, str):
                if pattern is not None and not pattern.search(v):
                    return f"{_where(path)}: '{v}' is not well formed"
                if fmt is not None:
                    err = formats(fmt, v)  # type: ignore[misc]
                    if err:
                        return err
            return None

        return check

    def _combinators(self, node: Mapping[str, Any]) -> Check | None:
        parts: list[tuple[Check | None, Check | None]] = []  # (if, then) or (None, a plain sub-schema)
        for sub in node.get("allOf", ()):
            if "if" in sub:
                parts.append((self._compile(sub["if"]), self._compile(sub["then"]) if "then" in sub else None))
            else:
                parts.append((None, self._compile(sub)))
        one_of = [self._compile(sub) for sub in node["oneOf"]] if "oneOf" in node else None
        if not parts and one_of is None:
            return None

        def check(v: Any, path: tuple[str, ...]) -> str | None:
            for cond, then in parts:
                if cond is not None:
                    if cond(v, path) is None and then is not None:
                        err = then(v, path)
                        if err:
                            return err
                else:
                    err = then(v, path)  # type: ignore[misc]
                    if err:
                        return err
            if one_of is not None:
                errors = [c(v, path) for c in one_of]
                ok = [e for e in errors if e is None]
                if len(ok) != 1:
                    if not ok:
                        # report the most specific failure: one about an id beats one about the shape
                        ids = [e for e in errors if e and e.startswith("unknown ")]
                        return ids[0] if ids else f"{_where(path)} does not match any allowed form ({errors[0]})"
                    return f"{_where(path)} matches more than one allowed form"
            return None

        return check


Check = Callable[[Any, tuple[str, ...]], "str | None"]


def _accept(v: Any, path: tuple[str, ...]) -> str | None:
    return None


def _id_string(fmt: str, formats: FormatCheck) -> Check:
    """``{"type": "string", "format": fmt}`` in one step (what :meth:`SchemaChecker._compile` would check)."""

    def check(v: Any, path: tuple[str, ...]) -> str | None:
        if not isinstance(v, str):
            return f"{_where(path)} must be {_TYPE_WORDS['string']}"
        return formats(fmt, v) or None

    return check


def _type(node: Mapping[str, Any]) -> Check | None:
    if "type" not in node:
        return None
    types = node["type"] if isinstance(node["type"], list) else [node["type"]]
    tests = [_TYPES[t] for t in types]
    words = " or ".join(_TYPE_WORDS[t] for t in types)
    if len(tests) == 1:
        test = tests[0]
        return lambda v, path: None if test(v) else f"{_where(path)} must be {words}"

    def check(v: Any, path: tuple[str, ...]) -> str | None:
        for test in tests:
            if test(v):
                return None
        return f"{_where(path)} must be {words}"

    return check


def _const(node: Mapping[str, Any]) -> Check | None:
    if "const" not in node:
        return None
    const = node["const"]
    return lambda v, path: f"{_where(path)} must be {json.dumps(const)}" if not _same(v, const) else None


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1, as Python's ``True == 1`` would have it."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _enum(node: Mapping[str, Any]) -> Check | None:
    if "enum" not in node:
        return None
    values = node["enum"]
    words = ", ".join(json.dumps(e) for e in values)
    return lambda v, path: (f"{_where(path)}: {json.dumps(v)} is not one of {words}"
                            if not any(_same(v, e) for e in values) else None)
