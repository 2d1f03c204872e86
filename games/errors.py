"""Errors in game data, always reported as ``file:line: message`` (CSV, text) or ``file: key: message`` (TOML)."""

from __future__ import annotations


class DataError(Exception):
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
