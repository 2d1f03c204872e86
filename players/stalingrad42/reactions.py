"""What the random player's opponent does at once when the player's units come next to his (13.3.2): units in Full
Retreat next to an enemy Combat Unit, not stacked with a friendly Combat Unit that is not in Full Retreat, retreat
two hexes (one of the retreats ``retreat.options`` lists that the rules accept; when none is, the unit stays and the
rules eliminate it at the start of the next Movement or Combat Phase)."""

from __future__ import annotations

from validator.rules.stalingrad42 import retreat
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.state import FULL_RETREAT

from .seat import Player


def auto_retreats(p: Player, side: str) -> None:
    """13.3.2: the other side's Full Retreat units that ``side``'s units now stand next to retreat two hexes."""
    length = combat_facts(p.ctx).auto_retreat
    hexes = p.game.map.hexes
    for uid, us in sorted(p.state.units.items()):
        if p.game.units[uid].side == side or us.order != FULL_RETREAT or us.loc not in hexes:
            continue
        if not retreat.auto_retreat_owed(p.ctx, p.state, uid):
            continue
        opts = retreat.options(p.ctx, p.state, uid, us.loc, length)
        p.rng.shuffle(opts)
        opts.sort(key=lambda o: (bool(o.walk.eliminated), o.stop != "", not p.fits(uid, o.path[-1])))
        for o in opts[:20]:
            if not o.walk.eliminated and p.try_act("retreat", p.game.units[uid].side, unit=uid, path=list(o.path)):
                break
