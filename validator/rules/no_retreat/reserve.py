"""The Soviet Strategic Reserve (3rd-edition summary, Rail Movement): from turn 4 the Soviet unit carrying the
Strategic Reserve marker may detrain at the start of any Movement Phase, either side's.

A ``detrain`` by the Soviets in a Movement Phase from that turn is this detraining: it must come before anything
else is done in the phase (so at most one per phase: there is one marker), into a hex where detraining is legal
(9.2, checked by ``rail``).
"""

from __future__ import annotations

from ...engine.context import Context
from ...model import Action, Finding
from .cards import acted
from .state import State

RESERVE_SIDE = "soviet"
RESERVE_FROM = 4  # 3rd-ed summary: "Soviet Strategic Reserve: ... (Turn 4+)"


def applies(ctx: Context, state: State, action: Action) -> bool:
    return action.type == "detrain" and action.side == RESERVE_SIDE and state.phase == "movement" \
        and state.turn >= RESERVE_FROM


def check(ctx: Context, state: State, action: Action) -> list[Finding]:
    if state.phase in acted(state):
        return [Finding("9.2", f"the Strategic Reserve detrains at the start of a Movement Phase, before anything else "
                               f"in it; {action['unit']} comes too late", (action["unit"],))]
    return []
