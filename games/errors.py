"""Errors in user input, always reported on one line: ``file:line: message`` (CSV, text) or ``file: key: message``
(TOML) for data, ``path: message`` for a path or an option given on the command line.

Every such error is an :class:`InputError` (exit code 2); :func:`one_line` is how any text from the input is shown,
so that a name holding a newline, NUL or U+2028 can neither split an error in two nor hide bytes in it.
"""

from __future__ import annotations


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
