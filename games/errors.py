"""Errors in user input, always reported on one line: ``file:line: message`` (CSV, text) or ``file: key: message``
(TOML) for data, ``path: message`` for a path or an option given on the command line.

Every such error is an :class:`InputError` (exit code 2); :func:`one_line` is how any text from the input is shown,
so that a name holding a newline, NUL or U+2028 can neither split an error in two nor hide bytes in it.

Loading a game collects every problem it finds (:class:`Problems`), like a compiler, and raises them together as
one :class:`DataErrors`; each is still one line.
"""

from __future__ import annotations

from typing import Callable, Iterable, TypeVar

T = TypeVar("T")

MAX_ERRORS = 50  # problems reported by one load before it stops


def one_line(text: str) -> str:
    """``text`` with every character that is not printable (controls, format characters, line and paragraph
    separators, spaces other than the plain space, surrogates, unassigned ones: what ``str.isprintable`` refuses)
    escaped as ``\\xNN``, ``\\uNNNN`` or ``\\UNNNNNNNN`` (a backslash stays a backslash): one line, every character
    visible."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        else:
            n = ord(ch)
            out.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}")
    return "".join(out)


class InputError(Exception):
    """Bad input (a data file, log, archive, path or option): one line for the user, exit code 2."""

    def lines(self) -> list[str]:
        """The lines to print for this error (one; several for :class:`DataErrors`)."""
        return [str(self)]


class UserError(InputError):
    """A problem with a path or an option given on the command line; ``str(err)`` is the one-line message."""


class DataError(InputError):
    """One problem in a data file. ``str(err)`` is the one-line message users see."""

    def __init__(self, path: str, message: str, line: int | None = None, key: str | None = None):
        self.path = path
        self.line = line
        self.key = key
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.path}:{self.line}: {self.message}"
        if self.key:
            return f"{self.path}: {self.key}: {self.message}"
        return f"{self.path}: {self.message}"


class DataErrors(DataError):
    """Several problems found in one load; ``lines()`` gives one line each (``str`` the first and a count)."""

    def __init__(self, errors: list[DataError], truncated: bool = False):
        self.errors = tuple(errors)
        self.truncated = truncated
        first = self.errors[0]
        super().__init__(first.path, first.message, first.line, first.key)

    def __str__(self) -> str:
        first = str(self.errors[0])
        rest = len(self.errors) - 1
        return first if not rest else f"{first} (and {rest} more problem{'s' if rest > 1 else ''})"

    def lines(self) -> list[str]:
        out = [str(e) for e in self.errors]
        if self.truncated:
            out.append(f"too many problems: stopped after {len(self.errors)}")
        return out


def each(errors: Iterable[DataError]) -> list[DataError]:
    """One :class:`DataError` per problem (a :class:`DataErrors` gives each of its own)."""
    return [e for err in errors for e in (err.errors if isinstance(err, DataErrors) else (err,))]


class Reported(Exception):
    """A problem already recorded (e.g. a file that could not be read): ends the checks that depend on it, quietly."""


class _Full(Exception):
    """Raised inside :class:`Problems` when the limit is reached; ends the load."""


class Problems:
    """The problems found so far in one load. ``guard()`` records a :class:`DataError` raised inside it and lets
    the load go on with the next record; at ``limit`` problems the load stops (``finish`` raises them)."""

    def __init__(self, limit: int = MAX_ERRORS):
        self.limit = limit
        self.errors: list[DataError] = []
        self.truncated = False

    def add(self, err: DataError) -> None:
        for e in each([err]):
            if len(self.errors) >= self.limit:
                self.truncated = True
                raise _Full
            self.errors.append(e)

    def guard(self) -> _Guard:
        return _Guard(self)

    @property
    def count(self) -> int:
        return len(self.errors)

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors, self.truncated)


class _Guard:
    """``with problems.guard():`` records a :class:`DataError` raised inside and ends the block quietly (also on
    :class:`Reported`); anything else goes on up."""

    __slots__ = ("problems",)

    def __init__(self, problems: Problems):
        self.problems = problems

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type | None, err: BaseException | None, tb: object) -> bool:
        if isinstance(err, DataError):
            self.problems.add(err)
            return True
        return isinstance(err, Reported)


def collect(limit: int, work: Callable[[Problems], T]) -> tuple[T | None, Problems]:
    """Run ``work(problems)``; its result (None when it stopped at ``limit`` problems) and the problems found."""
    problems = Problems(limit)
    try:
        return work(problems), problems
    except _Full:
        return None, problems
