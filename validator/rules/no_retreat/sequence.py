"""Sequence of play (4.0): game turns, phases and steps in order, and what happens when each one ends.

- 4.0: a game turn is the mutual housekeeping phase, then the Axis player turn, then the Soviet player turn (the
  order of ``[sides]`` and ``[[phases]]`` in ``game.toml``); every phase, and every step of a phase, comes in
  order; a phase may pass with nothing logged, but the log never goes back. Each action type belongs to a phase
  (and step), and most to the phasing player: anything else is a 4.0 violation. An action of a later step of the
  current phase moves on to that step.
- 4.0 A: turns advance one at a time up to the scenario's last turn; B: the turn's weather and events
  (``turn_events``).
- 8.4: stacking is checked when each phase, step and battle ends; 6.0/11.0: the Supply Check and Removal
  procedures run when those phases end (``supply_phase``, ``removal``); the Card Phase's steps, the Placement
  Step and the Victory Phase end as ``phase_ends`` says.
"""

from __future__ import annotations

from typing import NamedTuple

from ...model import Action, Finding
from . import reserve, stacking, turn_events
from .board import Context, once
from .combat import end_combat_step
from .phase_ends import leave as leave_step
from .removal import end_removal_phase
from .state import State, evolve
from .supply_phase import end_supply_phase


class Slot(NamedTuple):
    """(phasing player, phase, step): a place in the turn (a plain tuple, as in ``ctx.slots``)."""

    player: str | None
    phase: str
    step: str | None


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


def slots(ctx: Context) -> tuple[Slot, ...]:
    return once(ctx, "slot_objects", lambda c: tuple(Slot(*s) for s in c.slots))


def first_step(ctx: Context, phase: str) -> str | None:
    p = phase_def(ctx, phase)
    return p.steps[0][0] if p.steps else None


def phase_def(ctx: Context, phase: str):
    return ctx.phase_of[phase]


def index_of(ctx: Context, slot: Slot) -> int:
    return ctx.slot_index[slot]


def current(ctx: Context, state: State) -> int:
    return ctx.slot_index[state.player, state.phase, state.step or first_step(ctx, state.phase)]


def label(ctx: Context, slot: Slot) -> str:
    key = ("slot_label", slot)
    name = ctx.derived.get(key)
    if name is None:
        name = ctx.derived[key] = _label(ctx, slot)
    return name


def _label(ctx: Context, slot: Slot) -> str:
    p = phase_def(ctx, slot.phase)
    name = p.name
    if slot.step:
        name = f"{dict(p.steps)[slot.step]} of the {name}"
    if slot.player:
        name += f" of the {ctx.game.sides[slot.player].name} player turn"
    return name


def _enter(ctx: Context, state: State, slot: Slot) -> State:
    if slot.phase == state.phase and slot.player == state.player:
        return evolve(state, step=slot.step)
    movement = {"moved": {}, "entrained": ()} if slot.phase == "movement" else {}
    return evolve(state, player=slot.player, phase=slot.phase, step=slot.step, logged=frozenset(), battles=0,
                  placed=frozenset(), **movement)


def _leave(ctx: Context, state: State, slot: Slot) -> tuple[State, list[Finding]]:
    findings: list[Finding] = []
    if slot.phase == "supply":
        state, findings = end_supply_phase(ctx, state)
    elif slot.phase == "removal":
        state, findings = end_removal_phase(ctx, state)
    elif slot.phase == "combat":
        state, findings = end_combat_step(ctx, state, slot.step)
    else:
        state, findings = leave_step(ctx, state, slot.phase, slot.step)
    state, stacked = stacking.check(ctx, state, f"at the end of the {label(ctx, slot)}")
    return state, findings + stacked


def advance(ctx: Context, state: State, target: int) -> tuple[State, list[Finding]]:
    """Go forward to slot ``target``, ending every phase and step on the way."""
    all_slots = slots(ctx)
    cur = current(ctx, state)
    findings: list[Finding] = []
    while cur < target:
        state, f = _leave(ctx, state, all_slots[cur])
        findings += f
        cur += 1
        state = _enter(ctx, state, all_slots[cur])
    return state, findings


def end_turn(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    last = len(slots(ctx)) - 1
    state, findings = advance(ctx, state, last)
    state, f = _leave(ctx, state, slots(ctx)[last])
    return state, findings + f


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """4.0 A/B: the new turn's weather and events (``turn_events``)."""
    return _enter(ctx, turn_events.begin_turn(ctx, state, turn), slots(ctx)[0])


def handle_turn(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    n = action["turn"]
    sc = ctx.scenario
    if n == state.turn and current(ctx, state) == 0:
        return state, []
    findings = []
    if n not in ctx.game.turns or n > sc.last_turn:
        return state, [Finding("4.0", f"the scenario ends after turn {sc.last_turn}; there is no turn {n}")]
    if n != state.turn + 1:
        findings.append(Finding("4.0", f"turn {n} cannot follow turn {state.turn}; turns advance one at a time"))
    if n > state.turn:
        state, f = end_turn(ctx, state)
        findings += f
    return begin_turn(ctx, state, n), findings


def handle_phase(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    p = phase_def(ctx, action["phase"])
    player = action.side if p.player else None
    step = action.get("step")
    findings = []
    if step is not None and step not in dict(p.steps):
        findings.append(Finding("4.0", f"the {p.name} has no step '{step}'"))
        step = None
    if step is None:
        if state.phase == p.id and state.player == player:
            return state, findings
        step = first_step(ctx, p.id)
    target = index_of(ctx, Slot(player, p.id, step))
    cur = current(ctx, state)
    if target < cur:
        findings.append(Finding("4.0", f"the {label(ctx, slots(ctx)[target])} comes before the "
                                       f"{label(ctx, slots(ctx)[cur])}; phases go in order"))
        return _enter(ctx, state, slots(ctx)[target]), findings
    state, f = advance(ctx, state, target)
    return state, findings + f


def timing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Whether the action belongs to the current phase and player (4.0); moves on to its step if later."""
    if reserve.applies(ctx, state, action):
        return state, reserve.check(ctx, state, action)
    spec = TIMING.get(action.type)
    if spec is None:
        auto = AUTO_STEP.get(action.type)
        if auto and state.phase == auto[0] and action.side == state.player and not action.get("by"):
            return advance(ctx, state, index_of(ctx, Slot(state.player, *auto)))
        return state, []
    phase, step, who = spec
    p = phase_def(ctx, phase)
    cur = Slot(state.player, state.phase, state.step)
    if state.phase != phase:
        owner = " of the phasing player" if who == "phasing" else ""
        return state, [Finding("4.0", f"a '{action.type}' belongs to the {p.name}{owner}; it is now the "
                                      f"{label(ctx, cur)}")]
    if who == "phasing" and action.side != state.player:
        return state, [Finding("4.0", f"only the phasing player may '{action.type}' in the {label(ctx, cur)}")]
    if who == "other" and action.side == state.player:
        return state, [Finding("4.0", f"only the non-phasing player may '{action.type}' in the {label(ctx, cur)}")]
    findings: list[Finding] = []
    if step is not None:
        target = index_of(ctx, Slot(state.player, phase, step))
        here = current(ctx, state)
        if target < here:
            return state, [Finding("4.0", f"a '{action.type}' belongs to the {label(ctx, slots(ctx)[target])}, "
                                          f"which comes before the {label(ctx, slots(ctx)[here])}")]
        state, findings = advance(ctx, state, target)
    if action.type == "battle" and state.battles:
        state, f = stacking.check(ctx, state, "at the end of the previous battle")
        findings += f
    return state, findings


def handle_nothing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Actions recorded only for the reader (notes)."""
    return state, []
