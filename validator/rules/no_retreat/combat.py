"""Combat actions (10.0-10.8) as state changes; the combat rules themselves are checked by Validator II.

What this module does now, so that logs with battles replay and keep an exact state:
- 10.1.2: a counterblow is paid with one card;
- 10.7.1: a step loss flips a full-strength unit to its reduced side, or eliminates a one-step unit to the
  Destroyed box (Surrendered if it has an Unsupplied marker);
- 10.7.5 / 10.8: retreats and advances move the unit along its path, and its side controls every hex entered
  (12.4.1);
- a ``remove`` puts a unit in a box (eliminated, shattered, surrendered, removed from play), its markers gone.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Action, Finding
from .board import Context
from .cards import payment, spend
from .control import enter
from .state import State, evolve, unit_name

COUNTERBLOW_COST = 1  # 10.1.2: one card per counterblow target
TWO_STEP_EVENT = "soviet_two_steps"  # turn-event code: Soviet units become robust two-step units (7.3)


def handle_declare(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return state, []


def handle_counterblow(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    pay = payment(action)
    findings = []
    if len(pay) < COUNTERBLOW_COST:
        findings.append(Finding("10.1.2", f"a counterblow against {action['target']} costs {COUNTERBLOW_COST} card; "
                                          "none was paid", (), (action["target"],)))
    state, paid = spend(ctx, state, action.side, pay, "10.1.2", f"a counterblow on {action['target']}")
    return state, findings + paid


def handle_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return evolve(state, battles=state.battles + 1), []


def elimination_box(ctx: Context, state: State, uid: str) -> str:
    side = ctx.game.units[uid].side
    return f"surrendered_{side}" if state.units[uid].unsupplied else f"destroyed_{side}"


def reduced_face(ctx: Context, state: State, uid: str) -> str | None:
    """The face a unit shows after losing a step, or None when the loss eliminates it (10.7.1, 7.3)."""
    u = ctx.game.units[uid]
    face = state.units[uid].face
    if u.steps < 2:
        return None
    if u.flip == "step" and face == "front":
        return "back"
    robust = ctx.first_turn_of.get(TWO_STEP_EVENT)
    if u.flip == "improve" and face == "back" and robust is not None and state.turn >= robust:
        return "front"
    if u.flip == "convert" and face == "back":
        return "front"
    return None


def handle_loss(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    us = state.units[uid]
    if us.loc not in ctx.board.locations:
        return state, [Finding("10.7.1", f"{unit_name(ctx, uid, state)} is not on the map to lose a step", (uid,))]
    face = reduced_face(ctx, state, uid)
    if face is not None:
        return evolve(state, units={**state.units, uid: replace(us, face=face)}), []
    box = elimination_box(ctx, state, uid)
    return evolve(state, units={**state.units, uid: replace(us, loc=box, unsupplied=False, disorganized=False)}), []


def _relocate(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, path = action["unit"], list(action["path"])
    us = state.units[uid]
    if path and path[0] == us.loc:
        path = path[1:]
    if not path:
        return state, []
    state = evolve(state, units={**state.units, uid: replace(us, loc=path[-1])})
    return enter(ctx, state, ctx.game.units[uid].side, path), []


handle_retreat = _relocate
handle_advance = _relocate


def handle_remove(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, box = action["unit"], action["to"]
    us = state.units[uid]
    owner = ctx.game.map.boxes[box].side
    findings = []
    if owner is not None and owner != ctx.game.units[uid].side:
        findings.append(Finding("10.7.1", f"{unit_name(ctx, uid, state)} goes to its own side's boxes, not {box}",
                                (uid,)))
    return evolve(state, units={**state.units, uid: replace(us, loc=box, unsupplied=False, disorganized=False)}), \
        findings
