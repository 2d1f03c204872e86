"""VASSAL's turn tracker + and - buttons on a ``TURN`` state, without Java: ``TurnTracker.next``/``prev`` over
``ListTurnLevel``s (``TurnLevel.advance``/``retreat``, ``setLow``/``setHigh``; items switched off are skipped and a
level rolls over when it passes its ``first`` item), as VASSAL 3.6-3.7 does them. Only list levels (our modules'
trackers have no counters): a level's state is ``SE(';')[current, current sub-level, first, active flags,
sub-level states...]``, the tracker's ``SE('|')[current level, level states...]``. Used by the log writers to press
the tracker as a player does (tests/s42_vlog_writer.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.vassal_codec import decode, encode


@dataclass
class _Level:
    current: int
    sub: int
    first: int
    active: list[bool]
    children: list[_Level] = field(default_factory=list)

    @classmethod
    def read(cls, state: str) -> _Level:
        t = decode(state, ";")
        return cls(int(t[0]), int(t[1]), int(t[2]), [x == "true" for x in decode(t[3], ",")],
                   [cls.read(c) for c in t[4:]])

    def text(self) -> str:
        flags = encode(["true" if a else "false" for a in self.active], ",")
        return encode([self.current, self.sub, self.first, flags, *(c.text() for c in self.children)], ";")

    def low(self) -> None:
        self.current = self.first
        if self.children:
            self.sub = 0
            self.children[0].low()

    def high(self) -> None:
        self.current = (self.first - 1) % len(self.active)
        if self.children:
            self.sub = len(self.children) - 1
            self.children[-1].high()

    def step(self, forward: bool) -> bool:
        """``advance`` (or ``retreat``): whether the level rolled over."""
        if self.children:
            child = self.children[self.sub]
            if not child.step(forward):
                return False
            self.sub += 1 if forward else -1
            within = 0 <= self.sub < len(self.children)
            self.sub %= len(self.children)
            (self.children[self.sub].low if forward else self.children[self.sub].high)()
            if within:
                return False
        return self._move(forward)

    def _move(self, forward: bool) -> bool:
        idx, rolled, n = self.current, False, len(self.active)
        for _ in range(n):
            if forward:
                idx = (idx + 1) % n
                rolled |= idx == self.first
            else:
                rolled |= idx == self.first
                idx = (idx - 1) % n
            if self.active[idx]:
                self.current = idx
                return rolled
        self.current = idx
        return True if forward else rolled


def press(state: str, forward: bool = True) -> str:
    """The tracker's state after its + button (``forward``) or - button."""
    t = decode(state, "|")
    current, levels = int(t[0] or 0), [_Level.read(x) for x in t[1:]]
    if levels[current].step(forward):
        current = (current + (1 if forward else -1)) % len(levels)
        (levels[current].low if forward else levels[current].high)()
    return encode([current, *(x.text() for x in levels)], "|")
