"""The random legal player's seat at the table: the game being written (the engine's context and state, the log
lines so far) and the two ways it acts: :meth:`Player.act` (an action the rules must find legal) and
:meth:`Player.try_act` (an action kept only when it is). Each action goes through the rules at once
(:func:`validator.rules.stalingrad42.step`), so the player always sees the true state; an action :meth:`Player.act`
writes that the rules reject is a bug of the player or of the rules and raises ``AssertionError``. Before any other
line, the automatic retreats the rules hold owed are made first (13.3.2: an enemy unit came next to units in
Full Retreat; :meth:`Player.auto_retreat`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.model import Game
from validator.engine.context import Context
from validator.engine.position import position
from validator.model import Action
from validator.rules.stalingrad42 import retreat, step
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.combat_state import battles
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
        self._owed_first(kind, fields.get("unit"))
        line = {"type": kind, "side": side, **fields}
        new, findings = step(self.ctx, self.state, Action(len(self.lines) + 2, kind, side, dict(fields)))
        if findings:
            raise AssertionError(f"the random player broke a rule at {line}: {findings}")
        self.state = new
        self.lines.append(line)

    def try_act(self, kind: str, side: str, /, **fields: Any) -> bool:
        self._owed_first(kind, fields.get("unit"))
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
