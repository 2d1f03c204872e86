"""Organization Phase actions (7.0-7.10) as state changes; the costs and limits come with Validator III.

- 7.1-7.5: a flip shows the other face of the unit (improvement, free upgrade, fort conversion), paid with the
  cards logged;
- 7.10: removing a Disorganized marker costs one card.
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Action, Finding
from .board import Context
from .cards import payment, spend
from .state import State, evolve, unit_name

REORGANIZE_COST = 1  # 7.10


def handle_flip(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    state, paid = spend(ctx, state, action.side, payment(action), "7.1", f"flipping {uid}")
    return evolve(state, units={**state.units, uid: replace(state.units[uid], face=action["face"])}), paid


def handle_reorganize(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    pay = payment(action)
    findings = []
    if not state.units[uid].disorganized:
        findings.append(Finding("7.10", f"{unit_name(ctx, uid, state)} has no Disorganized marker", (uid,)))
    if len(pay) < REORGANIZE_COST:
        findings.append(Finding("7.10", f"removing the Disorganized marker of {uid} costs {REORGANIZE_COST} card",
                                (uid,)))
    state, paid = spend(ctx, state, action.side, pay, "7.10", f"reorganizing {uid}")
    return evolve(state, units={**state.units, uid: replace(state.units[uid], disorganized=False)}), findings + paid
