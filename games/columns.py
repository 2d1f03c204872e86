"""Columns a game declares for itself (``game.toml`` ``[columns.<file>.<column>]``): their types, ranges and
references, and the typed values they give each record (``record.extra``).

A declaration has a ``type`` (int, number, text, bool, choice, ref), its bounds or vocabulary, ``list`` (a
space-separated list in CSV, an array in TOML), ``required``, and ``name``/``rule`` for people. References (``ref``)
are checked once everything is loaded (:func:`check_refs`), so a column may refer to any kind of record.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from .datafiles import Row, Table
from .errors import DataError, Problems
from .fields import (
    MAX_NAME, MAX_TEXT, MP_FORM, check_keys, id_problem, parse_mp, parse_whole, records, toml_ids, toml_int,
    toml_number, toml_text,
)

FILES = ("hexes", "hexsides", "units", "markers", "tec", "weather", "turns", "turn_events", "areas", "boxes", "setup")
TYPES = ("int", "number", "text", "bool", "choice", "ref", "mp")
REFS = ("sides", "nationalities", "unit_types", "traits", "units", "markers", "terrain", "weather", "hexes", "areas",
        "boxes", "regions", "turns", "tables")
SINGULAR = {"sides": "side", "nationalities": "nationality", "unit_types": "unit type", "traits": "trait",
            "units": "unit", "markers": "marker kind", "terrain": "TEC row", "hexes": "hex", "areas": "area",
            "boxes": "box", "regions": "region", "turns": "turn", "tables": "table"}
_KEYS = ("type", "min", "max", "max_length", "values", "to", "list", "required", "name", "rule")


@dataclass(frozen=True)
class Column:
    """One declared column."""

    file: str
    id: str
    type: str
    required: bool = False
    many: bool = False  # a list of values
    min: float | None = None
    max: float | None = None
    max_length: int = MAX_NAME
    values: tuple[str, ...] = ()  # choice
    to: str = ""  # ref
    name: str = ""
    rule: str = ""


@dataclass
class PendingRefs:
    """References in declared columns, checked when every kind of record is loaded."""

    items: list[tuple[Callable[[str], DataError], str, str]] = field(default_factory=list)

    def add(self, error: Callable[[str], DataError], to: str, value: str) -> None:
        self.items.append((error, to, value))


def read_declarations(t: Table, builtin: Mapping[str, frozenset[str]], problems: Problems
                      ) -> dict[str, dict[str, Column]]:
    """``[columns]`` of game.toml: file -> column id -> :class:`Column`. ``builtin`` gives each file's own columns,
    which a declaration may not redefine. A bad declaration is a problem; the column is still known (so the files
    that have it do not give a second problem)."""
    out: dict[str, dict[str, Column]] = {}
    for file, ft in records(t, problems):
        if file not in FILES:
            problems.add(t.error(f"unknown file (expected one of {', '.join(FILES)})", file))
            continue
        out[file] = {}
        for cid, ct in records(ft, problems):
            out[file][cid] = Column(file, cid, "text", max_length=MAX_TEXT)
            with problems.guard():
                if cid in builtin.get(file, ()) or _is_builtin_pattern(file, cid):
                    raise ct.error(f"'{cid}' is a column the loader already reads")
                out[file][cid] = _declaration(file, cid, ct)
    return out


def _is_builtin_pattern(file: str, cid: str) -> bool:
    if file == "units":
        return cid.startswith(("front_", "back_"))
    if file == "tec":
        return cid.startswith("mp_")
    return False


def _declaration(file: str, cid: str, t: Table) -> Column:
    check_keys(t, _KEYS)
    kind = t.str("type")
    if kind not in TYPES:
        raise t.error(f"unknown type '{kind[:40]}' (expected one of {', '.join(TYPES)})", "type")
    common = dict(required=t.bool("required", False), many=t.bool("list", False), name=toml_text(t, "name", default=""),
                  rule=toml_text(t, "rule", default=""))
    if kind == "int":
        lo, hi = toml_int(t, "min", -10**9 + 1, 10**9 - 1), toml_int(t, "max", -10**9 + 1, 10**9 - 1)
        if lo > hi:
            raise t.error(f"min {lo} is more than max {hi}", "max")
        return Column(file, cid, kind, min=lo, max=hi, **common)
    if kind == "number":
        lo, hi = toml_number(t, "min", -1e9, 1e9), toml_number(t, "max", -1e9, 1e9)
        if lo > hi:
            raise t.error(f"min {lo:g} is more than max {hi:g}", "max")
        return Column(file, cid, kind, min=lo, max=hi, **common)
    if kind == "text":
        return Column(file, cid, kind, max_length=toml_int(t, "max_length", 1, MAX_TEXT, MAX_NAME), **common)
    if kind == "choice":
        values = toml_ids(t, "values")
        if not values:
            raise t.error("a choice needs at least one value", "values")
        return Column(file, cid, kind, values=values, **common)
    if kind == "ref":
        to = t.str("to")
        if to not in REFS:
            raise t.error(f"unknown reference '{to[:40]}' (expected one of {', '.join(REFS)})", "to")
        return Column(file, cid, kind, to=to, **common)
    return Column(file, cid, kind, **common)


def _one(col: Column, text: str, fail: Callable[[str], DataError], refs: PendingRefs) -> Any:
    """The typed value of one item of a CSV cell."""
    if col.type == "int":
        n = parse_whole(text)
        if n is None or not col.min <= n <= col.max:
            raise fail(f"'{text[:40]}' is not a whole number {col.min:g}..{col.max:g}")
        return n
    if col.type == "number":
        try:
            x = float(text) if len(text) <= 24 else math.nan
        except ValueError:
            x = math.nan
        if not math.isfinite(x) or not col.min <= x <= col.max:
            raise fail(f"'{text[:40]}' is not a number {col.min:g}..{col.max:g}")
        return x
    if col.type == "mp":
        try:
            return parse_mp(text)
        except ValueError:
            raise fail(f"'{text[:40]}' is not {MP_FORM}") from None
    if col.type == "bool":
        v = text.lower()
        if v in ("yes", "true", "1", "y"):
            return True
        if v in ("no", "false", "0", "n"):
            return False
        raise fail(f"'{text[:40]}' is not yes/no")
    if col.type == "choice":
        if text not in col.values:
            raise fail(f"unknown value '{text[:40]}' (expected one of {', '.join(col.values)})")
        return text
    if col.type == "ref":
        problem = id_problem(text)
        if problem:
            raise fail(problem)
        refs.add(fail, col.to, text)
        return text
    if len(text) > col.max_length:
        raise fail(f"{len(text)} characters long (at most {col.max_length})")
    return text


def row_extra(r: Row, decls: Mapping[str, Column], refs: PendingRefs) -> Mapping[str, Any]:
    """The declared columns of a CSV record, typed; empty cells are left out."""
    out: dict[str, Any] = {}
    for cid, col in decls.items():
        text = r.get(cid)
        if not text:
            if col.required:
                raise r.error(f"column '{cid}' is empty")
            continue

        def fail(message: str, cid: str = cid) -> DataError:
            return r.error(f"column '{cid}': {message}")

        out[cid] = tuple(_one(col, w, fail, refs) for w in text.split()) if col.many else _one(col, text, fail, refs)
    return out


def toml_extra(t: Table, decls: Mapping[str, Column], refs: PendingRefs) -> Mapping[str, Any]:
    """The declared keys of a TOML record, typed."""
    out: dict[str, Any] = {}
    for cid, col in decls.items():
        if cid not in t.data:
            if col.required:
                raise t.error("missing value", cid)
            continue
        value = t.data[cid]
        items = value if col.many else [value]
        if col.many and not isinstance(value, list):
            raise t.error("expected an array", cid)

        def fail(message: str, cid: str = cid) -> DataError:
            return t.error(message, cid)

        typed = []
        for v in items:
            if col.type == "bool" and isinstance(v, bool):
                typed.append(v)
            elif col.type in ("int", "number") and isinstance(v, (int, float)) and not isinstance(v, bool):
                typed.append(_one(col, str(v), fail, refs))
            elif col.type == "mp" and isinstance(v, int) and not isinstance(v, bool):
                typed.append(_one(col, str(v), fail, refs))
            elif isinstance(v, str) and col.type not in ("int", "number", "bool"):
                typed.append(_one(col, v, fail, refs))
            else:
                raise fail(f"expected {_expected(col)}, found {str(v)[:40]!r}")
        out[cid] = tuple(typed) if col.many else typed[0]
    return out


def _expected(col: Column) -> str:
    return {"int": "a whole number", "number": "a number", "bool": "true or false"}.get(col.type, "text")


class Known(Protocol):
    def missing(self, value: str) -> bool: ...


def check_refs(refs: PendingRefs, names: Mapping[str, Known]) -> list[DataError]:
    """The references that name nothing (``missing`` is False for every value of a kind whose file failed)."""
    return [error(f"unknown {SINGULAR.get(to, to)} '{value}'") for error, to, value in refs.items
            if names[to].missing(value)]
