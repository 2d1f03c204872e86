"""Reading data files safely: size limit, strict UTF-8, CSV rows with their line numbers, TOML with key paths.

Every failure becomes a :class:`DataError` naming the file and the line (or key) at fault.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
import stat
import tomllib
from dataclasses import dataclass
from typing import Any, Iterator, Mapping

from .errors import DataError

MAX_FILE_BYTES = 4 * 1024 * 1024
READ_CHUNK = 1024 * 1024
MAX_INT_DIGITS = 9  # digits of a whole number in data (checked before int(); no game counts past a billion)
MAX_NUMBER = 10 ** MAX_INT_DIGITS - 1  # the largest magnitude of any number in data, whole or not
MAX_TOML_DEPTH = 24  # tables, arrays and dotted keys nested in one TOML file (tomllib recurses; real data: 4)
MAX_TEXT = 64 * 1024  # characters of one text value in TOML (a card text is under 2,000)
SHOWN = 60  # characters of a bad value quoted in a message


def shown(value: Any) -> str:
    """A value as quoted in a message: its ``repr``, cut to :data:`SHOWN` characters."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


def display_path(path: str) -> str:
    """A short path for messages: relative to the working directory when that is shorter."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if len(rel) < len(path) else path


def open_regular(path: str, shown: str | None = None) -> int:
    """A file descriptor for reading ``path``, which must be a regular file (symbolic links followed): checked
    before opening, so a FIFO or a device is never opened for a blocking read, and again on the open file."""
    shown = shown or display_path(path)
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise DataError(shown, "cannot read file: Is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise DataError(shown, f"not a regular file ({file_kind(st.st_mode)})")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except DataError:
        raise
    except FileNotFoundError:
        raise DataError(shown, "file not found") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise DataError(shown, f"cannot read file: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the two looks
        os.close(fd)
        raise DataError(shown, "not a regular file")
    return fd


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words (for messages)."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bytes(path: str, max_bytes: int, shown: str | None = None) -> bytes:
    """The bytes of the regular file ``path`` (:func:`open_regular`), refused when more than ``max_bytes`` can be
    read from it (the bytes actually read count, not the size the file system reports)."""
    shown = shown or display_path(path)
    fd = open_regular(path, shown)
    size = os.fstat(fd).st_size
    if size > max_bytes:
        os.close(fd)
        raise DataError(shown, f"file too large ({size} bytes, limit {max_bytes})")
    chunks: list[bytes] = []
    total = 0
    try:
        while total <= max_bytes:
            chunk = os.read(fd, min(READ_CHUNK, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise DataError(shown, f"cannot read file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise DataError(shown, f"file too large (more than {max_bytes} bytes read, limit {max_bytes})")
    return b"".join(chunks)


def read_head(path: str, size: int, shown: str | None = None) -> bytes:
    """The first ``size`` bytes (or fewer) of the regular file ``path`` (:func:`open_regular`)."""
    shown = shown or display_path(path)
    fd = open_regular(path, shown)
    try:
        return os.read(fd, size)
    except OSError as exc:
        raise DataError(shown, f"cannot read file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_text(path: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """Strict UTF-8 text of a regular file of at most ``max_bytes`` (a leading BOM dropped)."""
    shown = display_path(path)
    data = read_bytes(path, max_bytes, shown)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataError(shown, f"invalid UTF-8 (byte 0x{data[exc.start]:02x})", line=line) from None
    return text.removeprefix("\ufeff")


@dataclass(frozen=True)
class Row:
    """One CSV record with the file and line it came from."""

    path: str
    line: int
    values: Mapping[str, str]

    def error(self, message: str) -> DataError:
        return DataError(self.path, message, line=self.line)

    def get(self, key: str, default: str = "") -> str:
        return (self.values.get(key) or default).strip()

    def req(self, key: str) -> str:
        v = self.get(key)
        if not v:
            raise self.error(f"column '{key}' is empty")
        return v

    def bool(self, key: str, default: bool = False) -> bool:
        v = self.get(key).lower()
        if not v:
            return default
        if v in ("yes", "true", "1", "y"):
            return True
        if v in ("no", "false", "0", "n"):
            return False
        raise self.error(f"column '{key}': '{v}' is not yes/no")



def read_csv(path: str, required: tuple[str, ...] = ()) -> list[Row]:
    """The records of a CSV file (``#`` lines are comments), each with its 1-based physical line number."""
    text = read_text(path)
    shown = display_path(path)
    lines = text.splitlines(keepends=True)
    # drop comment lines but keep numbering: remember which physical line each kept line was
    kept: list[str] = []
    numbers: list[int] = []
    for i, ln in enumerate(lines, start=1):
        if ln.lstrip().startswith("#") or not ln.strip():
            continue
        kept.append(ln)
        numbers.append(i)
    if not kept:
        raise DataError(shown, "no header line", line=1)
    reader = csv.reader(io.StringIO("".join(kept)), strict=True)
    try:
        header = [h.strip() for h in next(reader)]
    except csv.Error as exc:
        raise DataError(shown, f"bad CSV: {exc}", line=numbers[0]) from None
    if len(set(header)) != len(header):
        dup = next(h for h in header if header.count(h) > 1)
        raise DataError(shown, f"column '{dup}' appears twice in the header", line=numbers[0])
    missing = [c for c in required if c not in header]
    if missing:
        raise DataError(shown, f"missing column(s): {', '.join(missing)}", line=numbers[0])
    rows: list[Row] = []
    while True:
        try:
            record = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            raise DataError(shown, f"bad CSV: {exc}", line=numbers[min(reader.line_num, len(numbers)) - 1]) from None
        line = numbers[reader.line_num - 1]
        if len(record) != len(header):
            raise DataError(shown, f"expected {len(header)} fields, found {len(record)}", line=line)
        rows.append(Row(shown, line, dict(zip(header, record))))
    return rows


@dataclass(frozen=True)
class Table:
    """A TOML table with its file and key path, for messages."""

    path: str
    key: str
    data: Mapping[str, Any]

    def error(self, message: str, key: str | None = None) -> DataError:
        k = f"{self.key}.{key}" if self.key and key else (key or self.key)
        return DataError(self.path, message, key=k or None)

    def has(self, key: str) -> bool:
        return key in self.data

    def table(self, key: str, required: bool = True) -> Table:
        v = self.data.get(key)
        if v is None:
            if required:
                raise self.error("missing table", key)
            v = {}
        if not isinstance(v, dict):
            raise self.error("expected a table", key)
        return Table(self.path, f"{self.key}.{key}" if self.key else key, v)

    def tables(self, key: str) -> list[Table]:
        v = self.data.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            raise self.error("expected an array of tables", key)
        base = f"{self.key}.{key}" if self.key else key
        return [Table(self.path, f"{base}[{i}]", x) for i, x in enumerate(v)]

    def items(self) -> Iterator[tuple[str, Table]]:
        for k, v in self.data.items():
            if isinstance(v, dict):
                yield k, Table(self.path, f"{self.key}.{k}" if self.key else k, v)

    def _typed(self, key: str, kind: type | tuple[type, ...], what: str, default: Any) -> Any:
        if key not in self.data:
            if default is _REQUIRED:
                raise self.error("missing value", key)
            return default
        v = self.data[key]
        if isinstance(v, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
            raise self.error(f"expected {what}, found {shown(v)}", key)
        if not isinstance(v, kind):
            raise self.error(f"expected {what}, found {shown(v)}", key)
        return v

    def _ranged(self, key: str, v: Any, lo: float, hi: float, expected: str) -> Any:
        if key in self.data and not lo <= v <= hi:  # (NaN is in no range)
            raise self.error(f"{shown(v)} is out of range (expected {expected})", key)
        return v

    def str(self, key: str, default: Any = None) -> str:
        return self._typed(key, str, "text", _REQUIRED if default is None else default)

    def int(self, key: str, default: Any = None, lo: int = -MAX_NUMBER, hi: int = MAX_NUMBER) -> int:
        """A whole number from ``lo`` to ``hi``."""
        v = self._typed(key, int, "a whole number", _REQUIRED if default is None else default)
        return self._ranged(key, v, lo, hi, f"{lo}..{hi}")

    def float(self, key: str, default: Any = None, lo: float = -MAX_NUMBER, hi: float = MAX_NUMBER) -> float:
        """A number (whole or not) from ``lo`` to ``hi``."""
        v = self._typed(key, (int, float), "a number", _REQUIRED if default is None else default)
        return float(self._ranged(key, v, lo, hi, f"a number {lo:g}..{hi:g}"))

    def bool(self, key: str, default: Any = None) -> bool:
        return self._typed(key, bool, "true or false", _REQUIRED if default is None else default)

    def list(self, key: str, default: Any = None) -> list:
        return self._typed(key, list, "an array", _REQUIRED if default is None else default)

    def str_list(self, key: str, default: Any = None) -> list[str]:
        v = self.list(key, default)
        if not all(isinstance(x, str) for x in v):
            raise self.error("expected an array of text values", key)
        return v


_REQUIRED = object()


def read_toml(path: str) -> Table:
    """A TOML file as a :class:`Table`: its nesting checked before ``tomllib`` parses it (:func:`toml_depth`), every
    value after (:func:`check_values`)."""
    text = read_text(path)
    shown_path = display_path(path)
    line, depth = toml_depth(text)
    if depth > MAX_TOML_DEPTH:
        raise DataError(shown_path, f"nested more than {MAX_TOML_DEPTH} levels deep (tables, arrays, dotted keys)",
                        line=line)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            raise DataError(shown_path, f"bad TOML: {msg[: m.start()].strip()}", line=int(m.group(1))) from None
        raise DataError(shown_path, f"bad TOML: {msg}") from None
    except (ValueError, RecursionError) as exc:  # an integer past Python's digit limit; nesting missed above
        raise DataError(shown_path, f"bad TOML: {str(exc)[:SHOWN]}") from None
    check_values(shown_path, data)
    return Table(shown_path, "", data)


# What tomllib nests: [ and { open, ] and } close, and every dot of a key goes one level deeper. Strings and comments
# are skipped whole (their brackets and dots count for nothing); any other character is passed over.
_TOML_TOKEN = re.compile(r'''
    (?P<skip> """(?:[^\\]|\\.)*?""""{0,2}   # multi-line basic string
            | \'\'\'.*?\'\'\'\'{0,2}              # multi-line literal string
            | "(?:[^"\\\n]|\\.)*"                 # basic string
            | '[^'\n]*'                           # literal string
            | \#[^\n]*                             # comment
            | [0-9][0-9_]*\.[0-9]                   # a number's decimal point
            | [0-9_]+
            | [^\[\]{}.\n"'\#0-9]+ )
    | (?P<open>[\[{]) | (?P<close>[\]}]) | (?P<dot>\.) | (?P<newline>\n) | (?P<other>.)
''', re.VERBOSE | re.DOTALL)


def toml_depth(text: str) -> tuple[int, int]:
    """An upper bound of how deep ``tomllib`` will nest ``text`` (brackets open at a point plus the dots of a key
    on that line), and the line where it is deepest: checked before parsing, since ``tomllib`` recurses and a key
    of many dots costs it time and memory growing with their square."""
    depth = dots = 0
    deepest, where, line = 0, 1, 1
    for m in _TOML_TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "skip":
            line += m.group().count("\n")
            continue
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "dot":
            dots += 1
        elif kind == "newline":
            line, dots = line + 1, 0
            continue
        if depth + dots > deepest:
            deepest, where = depth + dots, line
    return where, deepest


def check_values(path: str, data: Mapping[str, Any]) -> None:
    """Every value of parsed data within the limits: numbers finite and at most :data:`MAX_NUMBER` in size, texts at
    most :data:`MAX_TEXT` characters, nesting at most :data:`MAX_TOML_DEPTH` deep; a DataError naming the key."""
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    while stack:
        key, v, depth = stack.pop()
        if isinstance(v, dict):
            items = [(f"{key}.{k}" if key else str(k), x) for k, x in v.items()]
        elif isinstance(v, list):
            items = [(f"{key}[{i}]", x) for i, x in enumerate(v)]
        else:
            if isinstance(v, bool):
                continue
            if isinstance(v, (int, float)) and not (math.isfinite(v) and abs(v) <= MAX_NUMBER):
                raise DataError(path, f"{shown(v)} is out of range (numbers in data are at most {MAX_NUMBER})",
                                key=key)
            if isinstance(v, str) and len(v) > MAX_TEXT:
                raise DataError(path, f"text longer than {MAX_TEXT} characters", key=key)
            continue
        if depth >= MAX_TOML_DEPTH:
            raise DataError(path, f"nested more than {MAX_TOML_DEPTH} levels deep", key=key)
        stack.extend((k, x, depth + 1) for k, x in items)
