"""The random legal player's seat at the table, whatever the game: the game being written (the engine's context and
state, the log lines so far) and the two ways it acts: :meth:`Seat.act` (an action the rules must find legal) and
:meth:`Seat.try_act` (an action kept only when it is).

Each action goes through the game's rules package at once (its ``step``), so the player always sees the true
state; an action :meth:`Seat.act` writes that the rules reject is a bug of the player or of the rules and raises
``AssertionError``. Each game's player subclasses :class:`Seat` with its ``step`` and what else it asks the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from games.model import Game
from validator.engine.context import Context
from validator.model import Action, Finding


@dataclass
class Seat:
    game: Game
    rng: random.Random
    ctx: Context
    state: Any
    lines: list[dict[str, Any]] = field(default_factory=list)
    move_share: float = 0.5

    step: ClassVar[Callable[[Context, Any, Action], tuple[Any, list[Finding]]]]  # the rules package's step
    first_line: ClassVar[int] = 1  # the log line of the first action (after the header when it counts)

    def before(self, kind: str, fields: dict[str, Any]) -> None:
        """What the game's player does before each line it writes (nothing, unless a game's rules owe something at
        once)."""

    def _try(self, kind: str, side: str, fields: dict[str, Any]) -> list[Finding]:
        self.before(kind, fields)
        action = Action(len(self.lines) + self.first_line, kind, side, dict(fields))
        new, findings = type(self).step(self.ctx, self.state, action)
        if not findings:
            self.state = new
            self.lines.append({"type": kind, "side": side, **fields})
        return findings

    def act(self, kind: str, side: str, /, **fields: Any) -> None:
        findings = self._try(kind, side, fields)
        if findings:
            raise AssertionError(f"the random player broke a rule at {({'type': kind, 'side': side, **fields})}: "
                                 f"{findings}")

    def try_act(self, kind: str, side: str, /, **fields: Any) -> bool:
        """Act only when the rules find nothing wrong with the action."""
        return not self._try(kind, side, fields)
