"""What happens when a step of the Card Phase, the Organization Phase or the housekeeping ends (``sequence`` calls
:func:`leave` for every step it leaves).

- Card Phase: the Discard Step ends with at most two cards kept (5.1); the Draw Step with the cards the draw rate
  gives and, on red-event turns, the Axis discard (5.2, 5.2.1) — see ``cards``;
- Organization Phase: the Placement Step ends with the Shattered box empty (7.7) — see ``placement``;
- New Game Turn Housekeeping: the Victory Phase (4.0 C, 12.x) — see ``victory``.
"""

from __future__ import annotations

from ...engine.context import Context
from ...model import Finding
from .cards import end_discard_step, end_draw_step
from .placement import end_placement
from .state import State
from .victory import victory_phase


def leave(ctx: Context, state: State, phase: str, step: str | None) -> tuple[State, list[Finding]]:
    if phase == "card":
        return end_discard_step(ctx, state) if step == "discard" else end_draw_step(ctx, state)
    if phase == "organization" and step == "placement":
        return end_placement(ctx, state)
    if phase == "housekeeping" and step == "victory":
        return victory_phase(ctx, state), []
    return state, []
