"""The order of the player turns (3.0, S3.3, 33.2.2) and the Interchange Turn (S3.4, 33.2.3): which side plays
first in a game turn, and on which turns the first player plays an Interchange Turn before the Victory Determination
Phase."""

from __future__ import annotations

from typing import Any

from ...engine.context import Context
from .data import scenario_facts
from .scenarios import premove_side


def order(ctx: Context, turn: int, state: Any) -> tuple[str, ...]:
    """The player turns of ``turn`` (3.0): the scenario's order, the other way round from its switch turn (S3.3) or
    after the turn the Winter Offensive started (33.2.2)."""
    sf = scenario_facts(ctx)
    if sf.switch_turn is not None and turn >= sf.switch_turn:
        return sf.switch_order
    started = getattr(state, "winter_offensive", None)
    if started is not None and turn > started:
        return tuple(reversed(sf.order))
    return sf.order


def skipped(ctx: Context, turn: int, player: str | None, phase: str) -> Any:
    """S3.4: the scenario's skip entry that leaves this slot of ``turn`` unplayed (the Axis Player Turn and the Soviet
    Initial Phase of the first Uranus turn), or None. A slot not played does nothing when it begins or ends either:
    no recovery, no supply check, no Full Retreat eliminations (``phase_ends``)."""
    for s in scenario_facts(ctx).skip:
        if s.turn == turn and s.player == player and s.phase in (None, phase):
            return s
    return None


def interchange_turn(ctx: Context, state: Any) -> bool:
    """Whether this turn ends with the first player's Interchange Turn (S3.4, 33.2.3)."""
    return state.turn in scenario_facts(ctx).interchange or state.winter_offensive == state.turn


def interchange_side(ctx: Context, state: Any) -> str:
    """The side that plays the Interchange Turn: the one that played first this turn (33.2.2)."""
    return order(ctx, state.turn, state)[0]


def acting_side(ctx: Context, state: Any) -> str | None:
    """The side acting in the current slot: the phasing player, in the Interchange Turn its side, in the Caucasus
    pre-move the Soviets (S2.4)."""
    if state.phase == "interchange":
        return interchange_side(ctx, state)
    if state.player is None:
        return premove_side(ctx, state)
    return state.player
