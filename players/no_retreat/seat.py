"""The random legal player's seat at the table: the game being written (the engine's context and state, the log
lines so far) and the two ways it acts: :meth:`Player.act` (an action the engine must find legal) and
:meth:`Player.try_act` (an action kept only when it is).

Each action goes through the rules at once (:func:`validator.rules.no_retreat.step`), so the player always sees
the true state; an action :meth:`Player.act` writes that the engine rejects is a bug in the player or the engine
and raises ``AssertionError``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.model import Game
from validator.engine.context import Context
from validator.engine.state import face_of, occupants
from validator.model import Action
from validator.rules.no_retreat import step
from validator.rules.no_retreat.placement import expected_face, kind_of
from validator.rules.no_retreat.state import State


@dataclass
class Player:
    """The game being written: the engine's context and state, the deck, and the log lines so far."""

    game: Game
    rng: random.Random
    ctx: Context
    state: State
    lines: list[dict[str, Any]] = field(default_factory=list)
    move_share: float = 0.6

    def act(self, kind: str, side: str, /, **fields: Any) -> None:
        line = {"type": kind, "side": side, **fields}
        action = Action(len(self.lines) + 1, kind, side, {k: v for k, v in fields.items()})
        new, findings = step(self.ctx, self.state, action)
        if findings:
            raise AssertionError(f"the random player broke a rule at {line}: {findings}")
        self.state = new
        self.lines.append(line)

    def try_act(self, kind: str, side: str, /, **fields: Any) -> bool:
        """Act only when the engine finds nothing wrong with the action."""
        action = Action(len(self.lines) + 1, kind, side, dict(fields))
        new, findings = step(self.ctx, self.state, action)
        if findings:
            return False
        self.state = new
        self.lines.append({"type": kind, "side": side, **fields})
        return True

    # -- stacking --------------------------------------------------------------------------------------------
    def fits(self, uid: str, loc: str) -> bool:
        side = self.game.units[uid].side
        here = [u for u in occupants(self.ctx, self.state).get(loc, []) if u != uid]
        if any(self.game.units[u].side != side for u in here):
            return False
        types = [face_of(self.ctx, self.state, u).type for u in here] + [self.face_type(uid)]
        return self.game.stacking_allows(side, self.state.turn, types)

    def face_type(self, uid: str) -> str:
        """The unit type of the face ``uid`` shows, or will show when placed on the map (7.7-7.9)."""
        if self.state.units[uid].loc in self.ctx.board.locations:
            return face_of(self.ctx, self.state, uid).type
        kind, _ = kind_of(self.ctx, self.state, uid)
        face = expected_face(self.ctx, self.state, uid, kind) if kind else self.state.units[uid].face
        return self.ctx.unit_type[uid, face]
