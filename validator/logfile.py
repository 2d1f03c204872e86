"""Reading a JSON Lines game log: size limits, line numbers, one-line errors, structure checked by the schema.

Every problem that makes a log unreadable raises :class:`LogError` whose text is ``FILE:LINE: what is wrong``:
a file too large, not UTF-8, malformed or truncated JSON, an object with one key twice (which of its two values is
meant is ambiguous: the log is refused, never read with the last one), a line that is not an object, a header that is
not a hexforge log or names an unknown game, an action that does not fit the game's schema (``validator/schema``: the
core's and the game's own action kinds, ``validator.log_schema``), an id that is not in the game (unit, hex, card,
side, phase ...). Rule violations are not reading errors: an action in the
wrong phase reads fine and is reported by the replay.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterable, Mapping

import games
from games.datafiles import read_bytes, shown
from games.errors import DataError, InputError
from games.fields import id_problem
from games.grid import HexIds
from games.model import Game, frozen_map

from .log_schema import CORE_SCHEMA
from .model import Action, GameLog, Header
from .schema_check import SchemaChecker, load_schema

MAX_BYTES = 16 * 1024 * 1024  # a 28-turn game with every action is well under 1 MiB
MAX_LINE = 1024 * 1024
MAX_DEPTH = 16  # arrays and objects nested in one line (the format's deepest is 4)
MAX_STRING = 64 * 1024  # characters in one string
MAX_INT_DIGITS = 15  # digits of one integer (so that no int() meets Python's 4,300-digit limit)
MAX_NUMBER_CHARS = 40  # characters of one number with a fraction or exponent
FORMAT_NAME = "hexforge-log"
VERSIONS = (1,)


class LogError(InputError):
    """A log that cannot be read; ``str()`` is one line ``FILE:LINE: message``."""

    def __init__(self, source: str, message: str, line: int | None = None):
        self.source, self.line, self.message = source, line, message
        super().__init__(f"{source}:{line}: {message}" if line else f"{source}: {message}")


def id_checker(game: Game):
    """The ``format`` check for the schema: each format names a kind of id of ``game``."""
    m = game.map
    steps = {s for p in game.phases for s, _ in p.steps}
    ids = HexIds(m.grid)
    water = {ids.id_of(c) for w in (*m.seas.values(), *m.lakes.values()) for c in w.cells}
    kinds = {
        "unit": (game.units, "unit"),
        "card": (game.cards, "card"),
        "side": (game.sides, "side"),
        "phase": ({p.id for p in game.phases}, "phase"),
        "step": (steps, "step"),
        "weather": (game.weather, "weather"),
        "hex": (m.hexes, "hex"),
        "area": (m.areas, "area"),
        "box": (m.boxes, "box"),
    }

    def check(fmt: str, value: str) -> str | None:
        if fmt in kinds:
            ids, word = kinds[fmt]
            return None if value in ids else f"unknown {word} '{value}'"
        if fmt == "map-location":  # a sea or lake hex is known: entering it is a violation, not a reading error
            if m.location_exists(value) or value in water:
                return None
            if value in m.boxes:  # a known id in the wrong place: say so, not "unknown"
                return f"'{value}' is a box, not a hex or area: units enter and leave boxes by their own actions"
            return f"unknown hex or area '{value}'"
        if fmt == "location":
            ok = m.location_exists(value) or value in m.boxes or value in water
            return None if ok else f"unknown location '{value}' (not a hex, area or box)"
        return None

    return check


def _lines(source: str, data: bytes):
    for n, raw in enumerate(data.removeprefix(b"\xef\xbb\xbf").split(b"\n"), start=1):
        if len(raw) > MAX_LINE:
            raise LogError(source, f"line longer than {MAX_LINE} bytes", n)
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            raise LogError(source, f"not UTF-8 text (byte {exc.start + 1})", n) from None
        if text:
            yield n, text


class _Limit(ValueError):
    """A JSON value past one of the limits above."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Limit(f"a whole number of more than {MAX_INT_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise _Limit(f"number {text[:MAX_NUMBER_CHARS]} is out of range")
    return value


def _constant(name: str) -> Any:
    raise _Limit(f"{name} is not a JSON number")


_SURROGATE = re.compile("[\ud800-\udfff]")  # in a string only from a \\u escape: UTF-8 text cannot hold one
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # what may make one (a line without it is walked no further)


def _check_value(value: Any) -> None:
    """Nesting and string length within the limits, and no lone surrogate in a string (it cannot be written as
    UTF-8: a page or report showing it would fail); numbers are checked while parsing."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, str):
            if len(v) > MAX_STRING:
                raise _Limit(f"a string of more than {MAX_STRING} characters")
            lone = _SURROGATE.search(v)
            if lone:
                raise _Limit(f"a lone surrogate \\u{ord(lone.group()):04x} in a string (not Unicode text)")
            continue
        if isinstance(v, dict):
            items = [*v.keys(), *v.values()]
        elif isinstance(v, list):
            items = v
        else:
            continue
        if depth > MAX_DEPTH:
            raise _Limit(f"arrays and objects nested more than {MAX_DEPTH} deep")
        stack.extend((item, depth + 1) for item in items)


class _Duplicate(ValueError):
    """A JSON object that gives one key twice; ``key``: that key."""

    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it gives a key twice (json keeps the last value silently)."""
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen: set[str] = set()
        raise _Duplicate(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return obj


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_int=_int, parse_float=_float,
                            parse_constant=_constant)  # (json.loads makes one a call)


def _within_limits(text: str) -> bool:
    """Whether no value of this line can pass :func:`_check_value`'s limits, seen from its text alone: no string is
    longer than the line, and no nesting deeper than its brackets and braces (a walk of every value is then
    useless)."""
    return len(text) <= MAX_STRING and text.count("[") + text.count("{") <= MAX_DEPTH


def _parse(source: str, n: int, text: str, last: bool) -> dict[str, Any]:
    try:
        if text.startswith("\ufeff"):  # what json.loads says of a byte order mark
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        obj = _DECODER.decode(text)
        if not _within_limits(text) or _SURROGATE_ESCAPE.search(text):
            _check_value(obj)
    except json.JSONDecodeError as exc:
        hint = "truncated line (the file ends inside it)" if last else "malformed JSON"
        raise LogError(source, f"{hint}: {exc.msg} (column {exc.colno})", n) from None
    except RecursionError:
        raise LogError(source, f"malformed JSON: arrays and objects nested more than {MAX_DEPTH} deep", n) from None
    except _Limit as exc:
        raise LogError(source, f"value out of limits: {exc}", n) from None
    except _Duplicate as exc:
        raise LogError(source, f"duplicate key {shown(exc.key)} in a JSON object: two values for one key are "
                               "ambiguous", n) from None
    if not isinstance(obj, dict):
        raise LogError(source, "expected a JSON object on each line", n)
    return obj


def game_schema(source: str, game: Game) -> dict:
    """The schema of ``game``'s logs (its rules package's, ``validator.log_schema``)."""
    from .rules_packages import schema

    if not game.rules_package:
        raise LogError(source, f"header: game '{game.id}' names no rules package (game.toml rules_package)")
    try:
        return schema(game.rules_package)
    except ValueError as exc:
        raise LogError(source, f"header: game '{game.id}': {exc}") from None
    except OSError:
        raise LogError(source, f"header: no log schema for game '{game.id}' (validator.log_schema writes it)") from None


def read_header(source: str, n: int, obj: dict[str, Any], checker: SchemaChecker,
                game: Game | None = None, known: Mapping[str, Game] | None = None) -> tuple[Header, Game, dict]:
    """The header line checked (first against the core's header, ``checker``, then against the game's schema);
    the game it names is loaded unless it is ``game`` (already loaded by the caller) or in ``known`` (games already
    loaded, by id: a batch of logs loads each game once). Returns the header, the game and the game's log schema."""
    if obj.get("format") != FORMAT_NAME:
        raise LogError(source, f"not a hexforge log: the header needs \"format\": \"{FORMAT_NAME}\"", n)
    if obj.get("version") not in VERSIONS:
        raise LogError(source, f"unsupported log version {obj.get('version')!r} (this reader knows "
                               f"{', '.join(map(str, VERSIONS))})", n)
    err = SchemaChecker(checker.schema).first_error(obj, "header")
    if err:
        raise LogError(source, f"header: {err}", n)
    game_id = obj["game"]
    problem = id_problem(game_id)
    if problem:
        raise LogError(source, f"header: game must be an id, not a path: {problem}", n)
    if (game is None or game.id != game_id) and known:
        game = known.get(game_id, game)
    if game is None or game.id != game_id:
        try:
            game = games.load(game_id)
        except DataError as exc:
            raise LogError(source, f"header: cannot load game '{game_id}': {exc}", n) from None
    scenario = obj.get("scenario")
    if scenario is None and len(game.scenarios) == 1:
        scenario = next(iter(game.scenarios))
    if scenario not in game.scenarios:
        raise LogError(source, f"header: unknown scenario '{scenario}' (known: {', '.join(game.scenarios)})", n)
    schema = game_schema(source, game)
    ids = SchemaChecker(schema, id_checker(game))
    err = ids.first_error(obj, "header")
    if err:
        raise LogError(source, f"header: {err}", n)
    header = Header(game_id, scenario, obj.get("edition", ""), frozen_map(obj.get("options")),
                    frozen_map(obj.get("players")), frozen_map(obj.get("start")), frozen_map(obj.get("position")),
                    obj["version"], obj.get("modes", "stated"))
    return header, game, schema


def parse_log(source: str, data: bytes, known: Mapping[str, Game] | None = None) -> tuple[GameLog, Game]:
    """Parse the bytes of a log; raises :class:`LogError` on the first problem. ``known``: games already loaded."""
    if len(data) > MAX_BYTES:
        raise LogError(source, f"file too large ({len(data)} bytes; the limit is {MAX_BYTES})")
    lines = list(_lines(source, data))
    if not lines:
        raise LogError(source, "empty log (no header line)")
    cut = not data.rstrip(b" \t\r").endswith(b"\n")  # the last line has no end: the file may be truncated
    last = len(lines) - 1
    return read_lines(source, ((n, _parse(source, n, text, cut and i == last)) for i, (n, text) in enumerate(lines)),
                      known=known)


def read_lines(source: str, lines: Iterable[tuple[int, dict[str, Any]]], game: Game | None = None,
               unchecked: Mapping[str, tuple[str, ...]] | None = None,
               known: Mapping[str, Game] | None = None) -> tuple[GameLog, Game]:
    """A log given as its lines' objects ``(line number, JSON object)``, header first: every check of
    :func:`parse_log` after the JSON itself (schema, ids, one header). A translator hands its lines here directly,
    with the game it already has; the objects are kept as given (plain JSON values: dicts, lists, strings,
    numbers). A translator whose actions are built from a table that fits the schema gives ``unchecked``: action
    type -> the fields whose values it copies from its input without checking them; only those fields are checked
    then (the header is checked in full)."""
    rows = iter(lines)
    first = next(rows, None)
    if first is None:
        raise LogError(source, "empty log (no header line)")
    n0, obj0 = first
    header, game, schema = read_header(source, n0, obj0, SchemaChecker(load_schema(CORE_SCHEMA)), game, known)
    checker = SchemaChecker(schema, id_checker(game))
    actions = []
    n = n0
    for n, obj in rows:
        if "format" in obj and "type" not in obj:
            raise LogError(source, "a second header line (only line 1 is the header)", n)
        kind = obj.get("type")
        if unchecked is None:
            err = checker.first_error_by_type(obj, "action")
        else:
            fields = unchecked.get(kind)
            err = checker.first_field_error(obj, "action", fields) if fields else None
        if err:
            what = f"action '{kind}'" if isinstance(kind, str) else "action"
            raise LogError(source, f"{what}: {err}", n)
        data = {k: v for k, v in obj.items() if k not in ("type", "side")}
        actions.append(Action(n, kind, obj["side"], data))
    return GameLog(source, header, tuple(actions), n), game


def read_log(path: str, known: Mapping[str, Game] | None = None) -> tuple[GameLog, Game]:
    """Read a JSON Lines log file; raises :class:`LogError` (one line) if it cannot be read. ``known``: games
    already loaded, by id."""
    try:
        data = read_bytes(path, MAX_BYTES, path)
    except DataError as exc:
        raise LogError(path, f"cannot read: {exc.message}") from None
    return parse_log(path, data, known)
