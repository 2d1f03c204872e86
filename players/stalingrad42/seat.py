"""The Stalingrad '42 random player's seat (:class:`players.seat.Seat`): its actions go through
:func:`validator.rules.stalingrad42.step` (the first action is the log's line 2), it asks the rules whether a unit
fits a hex (4.1-4.3), and before any other line it makes the automatic retreats the rules hold owed (13.3.2: an enemy
unit came next to units in Full Retreat; :meth:`Player.auto_retreat`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from validator.engine.position import position
from validator.rules.stalingrad42 import retreat, step
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.combat_state import battles
from validator.rules.stalingrad42.stacking import problem
from validator.rules.stalingrad42.state import State

from ..seat import Seat


@dataclass
class Player(Seat):
    state: State
    step = staticmethod(step)
    first_line = 2

    def before(self, kind: str, fields: dict[str, Any]) -> None:
        self._owed_first(kind, fields.get("unit"))

    def fits(self, uid: str, loc: str) -> bool:
        """Whether ``uid`` may end a phase in ``loc`` with the units of its side there (4.1-4.3)."""
        side = self.game.units[uid].side
        here = [u for u in position(self.ctx, self.state.units).at.get(loc, ()) if u != uid
                and self.game.units[u].side == side]
        return problem(self.ctx, self.state, loc, side, here + [uid]) is None

    def auto_retreat(self, uid: str, tries: int | None = 20) -> bool:
        """13.3.2: ``uid`` (in Full Retreat, next to an enemy Combat Unit) retreats two hexes: one of the retreats
        ``retreat.options`` lists that keeps it alive and that the rules accept (the first ``tries`` of them)."""
        loc = self.state.units[uid].loc
        opts = retreat.options(self.ctx, self.state, uid, loc, combat_facts(self.ctx).auto_retreat)
        self.rng.shuffle(opts)
        opts.sort(key=lambda o: (bool(o.walk.eliminated), o.stop != "", not self.fits(uid, o.path[-1])))
        side = self.game.units[uid].side
        return any(not o.walk.eliminated and self.try_act("retreat", side, unit=uid, path=list(o.path))
                   for o in opts[:tries])

    def _owed_first(self, kind: str, unit: Any) -> None:
        """The automatic retreats the rules hold owed (13.3.2), made before any line but one of them."""
        if kind == "retreat" and unit in battles(self.state).auto_owed:
            return
        for _ in range(8):  # a retreat may come next to other units in Full Retreat in turn
            owed = battles(self.state).auto_owed
            if not owed:
                return
            for uid in sorted(owed):
                if uid in battles(self.state).auto_owed:
                    self.auto_retreat(uid, None)
