"""The Stalingrad '42 random player's seat (:class:`players.seat.Seat`): its actions go through
:func:`validator.rules.stalingrad42.step` (the first action is the log's line 2), and it asks the rules whether a
unit fits a hex (4.1-4.3)."""

from __future__ import annotations

from dataclasses import dataclass

from validator.engine.position import position
from validator.rules.stalingrad42 import step
from validator.rules.stalingrad42.stacking import problem
from validator.rules.stalingrad42.state import State

from ..seat import Seat


@dataclass
class Player(Seat):
    state: State
    step = staticmethod(step)
    first_line = 2

    def fits(self, uid: str, loc: str) -> bool:
        """Whether ``uid`` may end a phase in ``loc`` with the units of its side there (4.1-4.3)."""
        side = self.game.units[uid].side
        here = [u for u in position(self.ctx, self.state.units).at.get(loc, ()) if u != uid
                and self.game.units[u].side == side]
        return problem(self.ctx, self.state, loc, side, here + [uid]) is None
