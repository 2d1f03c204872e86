"""The random legal player's seat at the table: the game being written (the engine's context and state, the log
lines so far) and the two ways it acts: :meth:`Player.act` (an action the rules must find legal) and
:meth:`Player.try_act` (an action kept only when it is). Each action goes through the rules at once
(:func:`validator.rules.stalingrad42.step`), so the player always sees the true state; an action :meth:`Player.act`
writes that the rules reject is a bug of the player or of the rules and raises ``AssertionError``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.model import Game
from validator.engine.context import Context
from validator.engine.position import position
from validator.model import Action
from validator.rules.stalingrad42 import step
from validator.rules.stalingrad42.stacking import problem
from validator.rules.stalingrad42.state import State


@dataclass
class Player:
    game: Game
    rng: random.Random
    ctx: Context
    state: State
    lines: list[dict[str, Any]] = field(default_factory=list)
    move_share: float = 0.5

    def act(self, kind: str, side: str, /, **fields: Any) -> None:
        line = {"type": kind, "side": side, **fields}
        new, findings = step(self.ctx, self.state, Action(len(self.lines) + 2, kind, side, dict(fields)))
        if findings:
            raise AssertionError(f"the random player broke a rule at {line}: {findings}")
        self.state = new
        self.lines.append(line)

    def try_act(self, kind: str, side: str, /, **fields: Any) -> bool:
        new, findings = step(self.ctx, self.state, Action(len(self.lines) + 2, kind, side, dict(fields)))
        if findings:
            return False
        self.state = new
        self.lines.append({"type": kind, "side": side, **fields})
        return True

    def fits(self, uid: str, loc: str) -> bool:
        """Whether ``uid`` may end a phase in ``loc`` with the units of its side there (4.1-4.3)."""
        side = self.game.units[uid].side
        here = [u for u in position(self.ctx, self.state.units).at.get(loc, ()) if u != uid
                and self.game.units[u].side == side]
        return problem(self.ctx, self.state, loc, side, here + [uid]) is None
