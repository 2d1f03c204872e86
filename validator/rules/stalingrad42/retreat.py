"""Retreats (12.0) and Disruption by retreat (13.1.2-13.1.3): **issue 15** fills this module in.

A ``retreat`` line moves the unit along its path and marks it Disrupted (1-3 hexes) or in Full Retreat (4 hexes, or
already Disrupted) without checking the path. To do: 12.1 (length, stacks, the Retreat Direction Guidelines, paying
to shorten, City/Fort stops), 12.2 (elimination: enemy units, enemy ZOC Bonds: ``bonds.enemy_bonds``, two EZOC hexes,
unbridged Major Rivers, the Volga, off the map but into a friendly Entry Area: 22.5), 12.4, 13.3.2's automatic
retreat, 19.3 (Non-Combat Units retreat with a surviving Combat Unit, SPs never), 5.5.5 Pontoon Bridges in a
retreat (``movement.pontoon_steps``), 5.7.3 no retreat by sea.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import control
from .state import DISRUPTED, FULL_RETREAT, State


def handle_retreat(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``retreat`` line: the unit ends at the end of its path, Disrupted or in Full Retreat (13.1.2-13.1.3); not
    yet checked (issue 15)."""
    uid = action["unit"]
    path = list(action["path"])
    us = state.units[uid]
    if path and path[0] == us.loc:
        path = path[1:]
    if not path:
        return state, []
    order = FULL_RETREAT if len(path) >= 4 or us.order != "good" else DISRUPTED
    units = dict(state.units)
    units[uid] = evolve(us, loc=path[-1], order=order, train=False)
    note_changes(ctx, state.units, units, [uid])
    return control.enter(ctx, state, ctx.game.units[uid].side, path, units=units), []
