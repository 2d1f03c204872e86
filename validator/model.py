"""The validator's plain data: the log header, one action, one finding of a rule check, one reported violation.

Nothing here knows a game: actions carry their fields as a mapping exactly as the log wrote them, and a rules
package (``game.rules_package``) gives them meaning.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.model import frozen_map


@dataclass(frozen=True)
class Header:
    """Line 1 of a log: which game and scenario, which options, and optionally where the log starts."""

    game: str
    scenario: str | None = None
    edition: str = ""
    options: Mapping[str, bool] = field(default_factory=frozen_map)
    players: Mapping[str, str] = field(default_factory=frozen_map)
    start: Mapping[str, Any] = field(default_factory=frozen_map)
    position: Mapping[str, Any] = field(default_factory=frozen_map)
    version: int = 1
    modes: str = "stated"  # "unstated": moves carry no mode (a translated log); the game's rules pick one


@dataclass(frozen=True)
class Action:
    """One logged action: its line in the log, type, acting side, and the rest of its fields."""

    line: int
    type: str
    side: str
    data: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@dataclass(frozen=True)
class Finding:
    """What a rule check found wrong: the rule it enforces, what was wrong and what would have been legal, and
    what to draw (units and locations, e.g. the path of a move) in a picture of the moment."""

    rule: str
    message: str
    units: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()  # (from, to) locations, e.g. attackers' hexes to a battle's target
    labels: tuple[tuple[str, str], ...] = ()  # (location, text) written on the picture, e.g. odds and result


@dataclass(frozen=True)
class Violation:
    """A finding placed in the log: line, turn, acting side and phase at that moment."""

    line: int
    turn: int
    side: str
    phase: str
    rule: str
    message: str
    units: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    action_index: int = -1  # index of the action in the log (-1: found at the end of the log)
    arrows: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"line": self.line, "turn": self.turn, "side": self.side, "phase": self.phase, "rule": self.rule,
                "message": self.message, "units": list(self.units), "path": list(self.path)}


@dataclass(frozen=True)
class GameLog:
    """A whole log as read: where it came from, its header and its actions."""

    source: str
    header: Header
    actions: tuple[Action, ...]
    lines: int = 0  # lines read, for the summary


def indefinite(word: str) -> str:
    """``word`` after its indefinite article, for messages ("an Axis unit", "a Soviet unit")."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
