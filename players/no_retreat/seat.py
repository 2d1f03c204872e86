"""The No Retreat! random player's seat (:class:`players.seat.Seat`): its actions go through
:func:`validator.rules.no_retreat.step`, and it asks the rules whether a unit fits a hex (stacking) and which face
it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from validator.engine.state import face_of, occupants
from validator.rules.no_retreat import step
from validator.rules.no_retreat.placement import expected_face, kind_of
from validator.rules.no_retreat.state import State

from ..seat import Seat


@dataclass
class Player(Seat):
    """The game being written (:class:`players.seat.Seat`) through :func:`validator.rules.no_retreat.step`."""

    state: State
    move_share: float = 0.6
    step = staticmethod(step)

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
