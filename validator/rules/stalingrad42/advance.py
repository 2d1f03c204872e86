"""Advance After Combat (14.0): **issue 15** fills this module in.

An ``advance`` line moves the unit along its path without checks for now. To do: 14.1 (who advances), 14.2 (the
allowance from the CRT cell's ``adv`` layer, the rates by unit type, Limited and one-hex advances, weather:
``weather.csv advance``, Out of Supply: 16.4), 14.3-14.4 (EZOCs, enemy ZOC Bonds: ``bonds.enemy_bonds``), 14.5
(terrain: the TEC ``advance`` column, Major Rivers), 15.x Breakthrough, 25.2.3 Reserves.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import control
from .state import State


def handle_advance(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``advance`` line: the unit ends at the end of its path; not yet checked (issue 15)."""
    uid = action["unit"]
    path = list(action["path"])
    us = state.units[uid]
    if path and path[0] == us.loc:
        path = path[1:]
    if not path:
        return state, []
    units = dict(state.units)
    units[uid] = evolve(us, loc=path[-1])
    note_changes(ctx, state.units, units, [uid])
    return control.enter(ctx, state, ctx.game.units[uid].side, path, units=units), []
