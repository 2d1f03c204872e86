"""Campaign-only rules (30.0-34.0) and the turn-track removals and upgrades (32.x): **issue 15** fills this module
in.

What is here: ``winter_offensive`` records the turn the Winter Offensive starts (33.1), which flips the turn order
after it (33.2.2, ``sequence.order``) and gives that turn an Interchange Turn (33.2.3); ``release``, ``maskirovka``
and ``hold`` are recorded without checks. To do: 30.0 (the Trans-Caucasus Front box), 31.0 (Reserve Armies held and
released: ``state.released``), 32.x (removals and upgrades by turn: :func:`begin_turn`), 33.x (the Vasilevsky marker
from turn 25, the effects of 33.2.1), 34.x (Maskirovka).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .state import State


def handle_winter_offensive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """33.1: the Winter Offensive starts this turn (its checks are issue 15's)."""
    return evolve(state, winter_offensive=state.turn), []


def handle_release(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """31.0: Reserve Armies released (recorded; issue 15)."""
    return evolve(state, released=state.released | {f"unit:{u}" for u in action["units"]}), []


def handle_maskirovka(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return state, []


def handle_hold(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return state, []


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """Turn-track events that change units when the turn begins (issue 15: 32.x)."""
    return state
