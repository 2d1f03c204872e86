"""VASSAL's ``SequenceEncoder``: the one escaping rule behind piece definitions, commands and saves.

Reproduces ``VASSAL.tools.SequenceEncoder`` (3.7) exactly, in both directions, so that what we write is what
VASSAL writes and what VASSAL wrote decodes and re-encodes byte-identically (docs/vassal-format.md §c.1).
Nested lists are encoded inner-first and passed as single tokens to the outer encoder; decoding must go level by
level (never a flat split).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

UGLY_DELIMITERS = "-.0123456789EINaefilnrstuy"


def _escape(s: str, delim: str) -> str:
    return s.replace(delim, "\\" + delim)


def encode_token(value: object, delim: str) -> str:
    """One token as ``SequenceEncoder.append`` writes it (strings, ints, floats, booleans, None)."""
    if type(value) is str:  # the common case first
        if not value:
            return ""
        if value[0] == "\\" or (value[0] == "'" and value[-1] == "'"):
            return "'" + _escape(value, delim) + "'"
        return value.replace(delim, "\\" + delim) if delim in value else value
    if value is None:
        return ""
    if isinstance(value, bool):
        s = "true" if value else "false"
        return _escape(s, delim) if delim in UGLY_DELIMITERS else s
    if isinstance(value, int):
        s = str(value)
        return _escape(s, delim) if delim in UGLY_DELIMITERS else s
    if isinstance(value, float):
        s = java_double(value)
        return _escape(s, delim) if delim in UGLY_DELIMITERS else s
    s = str(value)
    if not s:
        return ""
    if s[0] == "\\" or (s[0] == "'" and s[-1] == "'"):
        return "'" + _escape(s, delim) + "'"
    return _escape(s, delim)


def encode(values: Iterable[object], delim: str) -> str:
    """``SequenceEncoder`` over all values (``getValue``; an empty list gives the empty string)."""
    return delim.join([encode_token(v, delim) for v in values])


def java_double(v: float) -> str:
    """Java ``String.valueOf(double)`` for the values VASSAL writes (plain decimals, ``1.0`` style)."""
    if v == int(v) and abs(v) < 1e7:
        return f"{int(v)}.0"
    return repr(v)


@lru_cache(maxsize=None)
def _real_delimiter(delim: str) -> re.Pattern[str]:
    """A delimiter that is not preceded by a backslash (the lookbehind also sees the character before ``pos``)."""
    return re.compile(r"(?<!\\)" + re.escape(delim))


class Decoder:
    """``SequenceEncoder.Decoder``: iterate the tokens of ``value`` split on ``delim`` (None gives no tokens)."""

    def __init__(self, value: str | None, delim: str):
        self._val = value
        self._delim = delim
        self._start = 0
        self._stop = len(value) if value is not None else 0
        self._real_left: int | None = None

    def has_more(self) -> bool:
        return self._val is not None

    def remaining(self) -> str:
        return "" if self._val is None else self._val[self._start:self._stop]

    def next(self) -> str:
        """``Decoder.nextToken``: the next token, escapes removed and single quotes stripped.

        Same result as VASSAL's character loop, found with ``str.find`` so that multi-megabyte saves decode fast: a
        delimiter preceded by a backslash (at any absolute position, as in Java) is literal and loses the backslash.
        """
        if self._val is None:
            raise StopIteration
        val, delim, stop = self._val, self._delim, self._stop
        start = self._start
        if start == stop:
            self._val = None
            return ""
        i = val.find(delim, start, stop)
        if i > 0 and val[i - 1] == "\\":
            # escaped delimiters: find the first one not preceded by a backslash, then unescape the whole token
            if self._real_left is None:  # real (unescaped) delimiters from here on, counted once per decoder
                self._real_left = val.count(delim, start, stop) - val.count("\\" + delim, start, stop)
            if self._real_left == 0:
                i = -1  # every delimiter left is escaped (the usual case for a nested inner string)
            else:
                m = _real_delimiter(delim).search(val, i + 1, stop)
                i = m.start() if m else -1
            text = (val[start:stop] if i < 0 else val[start:i]).replace("\\" + delim, delim)
        else:
            text = val[start:stop] if i < 0 else val[start:i]
        if i < 0:
            self._val = None
        else:
            self._start = i + 1
            if self._real_left is not None:
                self._real_left -= 1
        if len(text) > 1 and text[0] == "'" and text[-1] == "'":
            text = text[1:-1]
        return text

    def __iter__(self) -> Iterator[str]:
        while self._val is not None:
            yield self.next()

    def next_or(self, default: str) -> str:
        return self.next() if self._val is not None else default

    def next_int(self, default: int) -> int:
        if self._val is None:
            return default
        tok = self.next()
        try:
            return int(tok)
        except ValueError:
            return default

    def next_bool(self, default: bool) -> bool:
        return self.next() == "true" if self._val is not None else default


def decode(value: str | None, delim: str) -> list[str]:
    """All tokens of ``value``: exactly what :class:`Decoder` (``SequenceEncoder.Decoder``) gives to the end, found
    with whole-string splits because saves decode millions of tokens.

    VASSAL's character loop makes a delimiter literal when the character before it is a backslash (at any absolute
    position) and drops that one backslash; nothing else is escaped. So the text is split on every delimiter, and a
    part ending in a backslash (its delimiter escaped) loses that backslash and is joined to the next part, delimiter
    and all; a token wrapped in single quotes is unwrapped last. Each character is looked at once by the split: nested
    levels escape their delimiters with runs of backslashes, and searching such a text for a backslash-delimiter pair
    (or replacing the pairs) costs several times a split's time.
    """
    if value is None:
        return []
    parts = value.split(delim)
    tokens = _joined(parts, delim) if len(parts) > 1 and "\\" in value else parts
    if "'" in value:
        tokens = [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in tokens]
    return tokens


def _joined(parts: list[str], delim: str) -> list[str]:
    """The tokens of a text split on every ``delim``: a part ending in a backslash was followed by an escaped
    delimiter (the backslash dropped, the next part joined to it); the last part ends the text, not a delimiter."""
    tokens: list[str] = []
    run: list[str] = []  # the parts of a token whose delimiters are escaped, each without its backslash
    last = len(parts) - 1
    for i, part in enumerate(parts):
        if part[-1:] == "\\" and i < last:
            run.append(part[:-1])
        elif run:
            run.append(part)
            tokens.append(delim.join(run))
            run = []
        else:
            tokens.append(part)
    return tokens


def decode_canonical(value: str, delim: str) -> list[str] | None:
    """The tokens of ``value`` when ``encode`` gives ``value`` back from them (the text is what VASSAL would write for
    its tokens), else None: a reader that must stay byte-identical keeps such a text raw.

    Without quotes, re-encoding a token puts back exactly the backslashes decoding took (every delimiter inside a
    token was escaped), so it changes a token only when the token starts with a backslash (it would be quoted). A text
    with quotes is decoded and re-encoded in full.
    """
    tokens = decode(value, delim)
    if "'" not in value:
        for t in tokens:
            if t[:1] == "\\":
                return None
        return tokens
    return tokens if encode(tokens, delim) == value else None
