"""Sequence of play (4.0) on the engine's phase/step machine (:mod:`validator.engine.sequence`): game turns, phases
and steps in order, which action belongs where, and what happens when each one ends.

- 4.0: a game turn is the mutual housekeeping phase, then the Axis player turn, then the Soviet player turn (the
  order of ``[sides]`` and ``[[phases]]`` in ``game.toml``); every phase, and every step of a phase, comes in
  order; a phase may pass with nothing logged, but the log never goes back. Each action type belongs to a phase
  (and step), and most to the phasing player (:data:`TIMING`): anything else is a 4.0 violation. An action of a
  later step of the current phase moves on to that step.
- 4.0 A: turns advance one at a time up to the scenario's last turn; B: the turn's weather and events
  (``turn_events``).
- 8.4: stacking is checked when each phase, step and battle ends; 6.0/11.0: the Supply Check and Removal
  procedures run when those phases end (``supply_phase``, ``removal``; the check sooner when an event follows it);
  the Card Phase's steps, the Placement Step and the Victory Phase end as ``phase_ends`` says.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from ...engine import sequence as machine
from ...engine.context import Context
from ...engine.sequence import Sequence, Slot
from ...engine.state import evolve
from ...model import Action, Finding
from . import card_play, reserve, stacking, turn_events
from .cards import note_draw_step
from .combat import end_combat_step
from .phase_ends import leave as leave_step
from .removal import end_removal_phase
from .state import State
from .supply_phase import end_check

RULE = "4.0"

# action type -> (phase, step or None, who acts: "phasing", "other" or "any")
TIMING: dict[str, tuple[str, str | None, str]] = {
    "event": ("housekeeping", None, "any"),
    "supply": ("supply", None, "any"),
    "flip": ("organization", "flip", "phasing"),
    "place": ("organization", "placement", "phasing"),
    "reorganize": ("organization", "reorganization", "phasing"),
    "move": ("movement", None, "phasing"),
    "entrain": ("movement", None, "phasing"),
    "detrain": ("detraining", None, "phasing"),
    "declare": ("combat", "voluntary", "phasing"),
    "counterblow": ("combat", "counterblows", "other"),
    "battle": ("combat", "battles", "any"),
    "loss": ("combat", None, "any"),
    "retreat": ("combat", None, "any"),
    "advance": ("combat", None, "any"),
}

# action type -> (phase, step) it moves on to when the phasing player does it in that phase (not for an event's)
AUTO_STEP: dict[str, tuple[str, str]] = {"draw": ("card", "draw")}
TIMED = frozenset(TIMING) | frozenset(AUTO_STEP) | {"play"}  # the action types :func:`timing` may have to say about


def _fresh(ctx: Context, slot: Slot) -> Mapping[str, Any]:
    """What a new phase starts without: the procedures logged, battles fought, units placed; a Movement Phase also
    the units moved and entrained."""
    if slot.phase == "movement":
        return {"logged": frozenset(), "battles": 0, "placed": frozenset(), "moved": {}, "entrained": ()}
    return {"logged": frozenset(), "battles": 0, "placed": frozenset()}


def _leave(ctx: Context, state: State, slot: Slot) -> tuple[State, list[Finding]]:
    findings: list[Finding] = []
    if slot.phase == "supply":
        state, findings = end_check(ctx, state)
    elif slot.phase == "removal":
        state, findings = end_removal_phase(ctx, state)
    elif slot.phase == "combat":
        state, findings = end_combat_step(ctx, state, slot.step)
    else:
        state, findings = leave_step(ctx, state, slot.phase, slot.step)
    if not stacking.overstacks(ctx, state):  # (kept with the position: the check below finds the same)
        return state, findings
    state, stacked = stacking.check(ctx, state, f"at the end of the {machine.label(ctx, slot)}")
    return state, findings + stacked


def _battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A battle ends the one before it, whose stacking is then checked (8.4.1)."""
    if state.battles:
        return stacking.check(ctx, state, "at the end of the previous battle")
    return state, []


SEQUENCE = Sequence(RULE, TIMING, AUTO_STEP, _fresh, _leave, turn_events.begin_turn, {"battle": _battle})


handle_turn = partial(machine.handle_turn, SEQUENCE)  # 4.0 A: (ctx, state, action) -> (state, findings)


def handle_phase(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``phase`` line (4.0); one that begins the phasing player's Draw Step records it (5.2, ``cards``)."""
    state, findings = machine.handle_phase(SEQUENCE, ctx, state, action)
    if action.get("step") == "draw":
        state = note_draw_step(ctx, state, action)
    return state, findings


def _event_step(ctx: Context, state: State, action: Action) -> str | None:
    """The later step of the current phase in which the event of a ``play`` may be played, when it may not be played
    now (5.0 Appropriate Timing): Manstein's Counterblow markers after the Soviet declarations are played in the
    Counterblows Step, which the play then begins, as a ``counterblow`` line would."""
    card = ctx.game.cards.get(action.get("card") or "")
    if card is None or action.side not in card.events or state.step is None:
        return None
    windows = card.events[action.side].windows
    if any(card_play.window_open(ctx, state, action.side, w) for w in windows):
        return None
    steps = [s for s, _ in ctx.phase_of[state.phase].steps]
    later = steps[steps.index(state.step) + 1:]
    return next((step for step in later for w in windows if w.phase == state.phase and w.step == step  # the first
                 and card_play.window_open(ctx, evolve(state, step=step), action.side, w)), None)


def timing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Whether the action belongs to the current phase and player (4.0; the Strategic Reserve's detraining, 9.2); a
    ``play`` of an event of a later step of the phase moves on to that step (5.0)."""
    if action.type == "detrain" and reserve.applies(ctx, state, action):
        return state, reserve.check(ctx, state, action)
    if action.type == "play" and (step := _event_step(ctx, state, action)):
        return machine.to_step(SEQUENCE, ctx, state, state.phase, step)
    return machine.timing(SEQUENCE, ctx, state, action)


def handle_nothing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Actions recorded only for the reader (notes)."""
    return state, []
