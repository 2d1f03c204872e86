"""What the random player's opponent does at once when the player's units come next to his (13.3.2): units in Full
Retreat next to an enemy Combat Unit, not stacked with a friendly Combat Unit that is not in Full Retreat, retreat
two hexes (one of the retreats ``retreat.options`` lists that the rules accept; when none is, the unit stays and the
rules eliminate it at the start of the next Movement or Combat Phase)."""

from __future__ import annotations

from validator.rules.stalingrad42 import retreat
from validator.rules.stalingrad42.state import FULL_RETREAT

from .seat import Player


def auto_retreats(p: Player, side: str) -> None:
    """13.3.2: the other side's Full Retreat units that ``side``'s units now stand next to retreat two hexes."""
    hexes = p.game.map.hexes
    for uid, us in sorted(p.state.units.items()):
        if p.game.units[uid].side == side or us.order != FULL_RETREAT or us.loc not in hexes:
            continue
        if not retreat.auto_retreat_owed(p.ctx, p.state, uid):
            continue
        p.auto_retreat(uid)
