"""Typed, bounded values from CSV rows and TOML tables: every number in a range, every text within a length, every
id in the id pattern, with the file, line (or key) and the expected form in the message.

These sit beside :mod:`games.datafiles` (which reads files and gives raw rows and tables) and are what the loaders
use for every field.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Iterable

from .datafiles import MAX_INT_DIGITS, Row, Table, read_text, shown
from .errors import DataError, DataErrors, Problems

# An id: a plain name, never a path (SECURITY.md): ids become file and zip-entry names (the game id and module name,
# unit, marker, card, table and scenario ids) and every other id follows the same pattern.
ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-]{0,63}")
ID_FORM = "1-64 letters, digits, _ or -, starting with a letter or digit"
WHOLE = re.compile(r"[-+]?[0-9]{1,%d}" % MAX_INT_DIGITS)  # ASCII digits only, checked before int()
HALF = re.compile(r"\+?([0-9]{1,3})(?:/([0-9]{1,2})|\.([0-9]{1,3}))?")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
MAX_NAME = 120  # names, labels, titles
MAX_TEXT = 2000  # texts, notes, rules in our words
SOURCES = ("found", "authored", "found+authored")
_MISSING = object()


def short(text: str, n: int = 40) -> str:
    """A value as it may appear in a message: at most ``n`` characters."""
    return text if len(text) <= n else text[: n - 3] + "..."


def _shown(key: str, value: str) -> str:
    v = value if len(value) <= 40 else value[:37] + "..."
    return f"column '{key}': '{v}'"


def id_problem(value: str) -> str | None:
    """Why ``value`` is not an id (:data:`ID`: a plain name), or None when it is one."""
    return None if ID.fullmatch(value) else f"{shown(value)} is not a plain name ({ID_FORM})"


def file_name_problem(value: str, extension: str, what: str) -> str | None:
    """Why ``value`` is not the plain name of a ``what`` file (an id, then ``.extension``: no folder), or None."""
    stem, dot, ext = value.rpartition(".")
    if dot and ext == extension and ID.fullmatch(stem):
        return None
    return f"{shown(value)} is not a plain name of {what} ({ID_FORM}, then .{extension})"


# --- CSV ------------------------------------------------------------------------------------------------------


def printable(text: str) -> bool:
    """No control or line-separator characters (a name or text is printed on one line)."""
    return text.isprintable()


def row_text(r: Row, key: str, max_len: int = MAX_NAME, required: bool = False) -> str:
    v = r.get(key)
    if required and not v:
        raise r.error(f"column '{key}' is empty")
    if len(v) > max_len:
        raise r.error(f"column '{key}' is {len(v)} characters long (at most {max_len})")
    if not printable(v):
        raise r.error(f"column '{key}' holds a control or line-break character")
    return v


def row_id(r: Row, key: str, required: bool = True) -> str:
    """An id (1-64 of A-Z a-z 0-9 _ -); "" when empty and not required."""
    v = r.get(key)
    if not v and not required:
        return ""
    if not v:
        raise r.error(f"column '{key}' is empty")
    problem = id_problem(v)
    if problem:
        raise r.error(f"column '{key}': {problem}")
    return v


def row_ids(r: Row, key: str) -> tuple[str, ...]:
    """A space-separated list of ids, each once."""
    words = r.get(key).split()
    for w in words:
        problem = id_problem(w)
        if problem:
            raise r.error(f"column '{key}': {problem}")
    if len(set(words)) != len(words):
        raise r.error(f"column '{key}' lists '{next(w for w in words if words.count(w) > 1)}' twice")
    return tuple(words)


def parse_whole(text: str) -> int | None:
    """A whole number of at most 9 digits, or None."""
    return int(text) if WHOLE.fullmatch(text) else None


def row_int(r: Row, key: str, lo: int, hi: int, default: Any = _MISSING) -> int | None:
    """A whole number in ``lo..hi``; an empty cell gives ``default`` (an error when there is none)."""
    v = r.get(key)
    if not v:
        if default is _MISSING:
            raise r.error(f"column '{key}' is empty (expected a whole number {lo}..{hi})")
        return default
    n = parse_whole(v)
    if n is None:
        raise r.error(f"{_shown(key, v)} is not a whole number (expected {lo}..{hi})")
    if not lo <= n <= hi:
        raise r.error(f"column '{key}': {n} is out of range (expected {lo}..{hi})")
    return n


def row_bool(r: Row, key: str, default: bool = False) -> bool:
    return r.bool(key, default)


def row_choice(r: Row, key: str, allowed: Iterable[str], default: str | None = None) -> str:
    """One of ``allowed``; an empty cell gives ``default`` (an error when it is None)."""
    allowed = tuple(allowed)
    v = r.get(key)
    if not v and default is not None:
        return default
    if v not in allowed:
        shown = ", ".join(sorted(allowed)) if len(allowed) <= 12 else ", ".join(sorted(allowed)[:12]) + " ..."
        what = f"unknown value '{v[:40]}'" if v else "empty"
        raise r.error(f"column '{key}': {what} (expected one of {shown})")
    return v


def row_colour(r: Row, key: str, default: str | None = None) -> str:
    v = r.get(key) or (default or "")
    if not COLOUR.fullmatch(v):
        raise r.error(f"{_shown(key, v)} is not a colour like #a1b2c3")
    return v


def row_source(r: Row) -> str:
    """The record's ``source``: found / authored / found+authored; "authored" when the column is absent or empty."""
    return row_choice(r, "source", SOURCES, default="authored")


MP_FORM = "a movement cost 0..99 such as 2, +2, 1/2 or 0.5; P = prohibited"


def parse_mp(text: str) -> Fraction | str:
    """A movement cost: "P" (prohibited), or a whole number or half ("2", "+2" extra to cross, "1/2", "0.5"), at
    most 99; ValueError otherwise."""
    if text == "P":
        return "P"
    m = HALF.fullmatch(text)
    value = None
    if m and m.group(2):
        value = Fraction(int(m.group(1)), int(m.group(2))) if int(m.group(2)) else None
    elif m and m.group(3):
        value = Fraction(f"{m.group(1)}.{m.group(3)}")
    elif m:
        value = Fraction(int(m.group(1)))
    if value is None or value > 99:
        raise ValueError(text)
    return value


def row_mp(r: Row, key: str) -> Fraction | str | None:
    """A movement cost cell (:func:`parse_mp`); None when empty (not applicable)."""
    v = r.get(key)
    if not v:
        return None
    try:
        return parse_mp(v)
    except ValueError:
        raise r.error(f"{_shown(key, v)} is not {MP_FORM}; empty = not applicable") from None


def check_columns(rows: list[Row], known: Iterable[str], hint: str = "") -> None:
    """Every column of the file (seen on its first record) is one the loader knows."""
    if not rows:
        return
    known = set(known)
    unknown = [k for k in rows[0].values if k not in known]
    if unknown:
        raise DataError(rows[0].path, f"unknown column(s) {', '.join(repr(k[:40]) for k in unknown)}"
                        + (f" ({hint})" if hint else ""), line=header_line(rows[0].path))


def header_line(path: str) -> int:
    """The line of a CSV file's header: its first line that is not blank or a comment (read again: rare path)."""
    for i, ln in enumerate(read_text(path).splitlines(), start=1):
        if ln.strip() and not ln.lstrip().startswith("#"):
            return i
    return 1


# --- TOML -----------------------------------------------------------------------------------------------------


def toml_int(t: Table, key: str, lo: int, hi: int, default: Any = _MISSING) -> int:
    if default is not _MISSING and key not in t.data:
        return default
    return t.int(key, lo=lo, hi=hi)


def toml_number(t: Table, key: str, lo: float, hi: float, default: Any = _MISSING) -> float:
    if default is not _MISSING and key not in t.data:
        return default
    return t.float(key, lo=lo, hi=hi)


def toml_text(t: Table, key: str, max_len: int = MAX_NAME, default: Any = _MISSING) -> str:
    if default is not _MISSING and key not in t.data:
        return default
    v = t.str(key)
    if len(v) > max_len:
        raise t.error(f"{len(v)} characters long (at most {max_len})", key)
    if not printable(v):
        raise t.error("holds a control or line-break character", key)
    return v


def toml_texts(t: Table, key: str, max_len: int = MAX_TEXT, default: Any = _MISSING) -> tuple[str, ...]:
    if default is not _MISSING and key not in t.data:
        return default
    values = t.str_list(key)
    for v in values:
        if len(v) > max_len:
            raise t.error(f"an entry is {len(v)} characters long (at most {max_len})", key)
        if not printable(v):
            raise t.error("an entry holds a control or line-break character", key)
    return tuple(values)


def toml_id(t: Table, key: str, default: Any = _MISSING) -> str:
    """An id; with a default, a missing key or an empty text gives it."""
    if default is not _MISSING and not t.data.get(key):
        return default
    v = t.str(key)
    problem = id_problem(v)
    if problem:
        raise t.error(problem, key)
    return v


def toml_ids(t: Table, key: str, default: Any = _MISSING) -> tuple[str, ...]:
    if default is not _MISSING and key not in t.data:
        return default
    values = t.str_list(key)
    for v in values:
        problem = id_problem(v)
        if problem:
            raise t.error(problem, key)
    return tuple(values)


def toml_csv_name(t: Table, key: str) -> str:
    """The name of a CSV file beside the TOML file (no folders)."""
    v = t.str(key)
    problem = file_name_problem(v, "csv", "a CSV file in the same folder")
    if problem:
        raise t.error(problem, key)
    return v


def toml_colour(t: Table, key: str, default: str | None = None) -> str:
    v = t.str(key, default)
    if not COLOUR.fullmatch(v):
        raise t.error(f"'{v[:40]}' is not a colour like #a1b2c3", key)
    return v


def toml_source(t: Table) -> str:
    v = t.str("source", "authored")
    if v not in SOURCES:
        raise t.error(f"unknown source '{v[:40]}' (expected one of {', '.join(SOURCES)})", "source")
    return v


def key_id(t: Table, key: str) -> str:
    """A table key that is an id (a record of a TOML file named by its key)."""
    problem = id_problem(key)
    if problem:
        raise t.error(problem, short(key))
    return key


def check_keys(t: Table, known: Iterable[str]) -> None:
    """Every key of ``t`` is one the loader knows (each unknown key is one error)."""
    known = set(known)
    errors = [t.error(f"unknown key (expected one of {', '.join(sorted(known))})", short(k)) for k in t.data
              if k not in known]
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise DataErrors(errors)


def records(t: Table, problems: Problems | None = None) -> list[tuple[str, Table]]:
    """The sub-tables of ``t`` as (id, table); a key that is not a table or not an id is an error (with ``problems``:
    recorded there, and the other records are still read)."""
    out = []
    for k, v in t.data.items():
        try:
            if not isinstance(v, dict):
                raise t.error("expected a table", short(k))
            out.append((key_id(t, k), t.table(k)))
        except DataError as err:
            if problems is None:
                raise
            problems.add(err)
    return out
