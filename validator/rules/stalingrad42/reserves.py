"""Reserves (25.0, advanced rule ``reserves``) and Disengagement (27.0, ``disengagement``): **issue 15** fills this
module in. ``reserve`` marks units in Reserve, ``activate`` removes the markers; ``disengage`` applies nothing yet
(its retreat and step loss are ``retreat`` and ``loss`` lines). To do: 25.2 (who, the three markers, advancing two
hexes), 27.2 (who may, the table and its modifiers, the results).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .state import State


def _mark(state: State, units, on: bool) -> State:
    new = dict(state.units)
    for uid in units:
        new[uid] = evolve(new[uid], reserve=on)
    return evolve(state, units=new)


def handle_reserve(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return _mark(state, action["units"], True), []


def handle_activate(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return _mark(state, action["units"], False), []


def handle_disengage(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return state, []
