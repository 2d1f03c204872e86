"""Victory Points and Automatic Victory (24.0) and each scenario's victory conditions (S1.3, S2.5, S3.5, S4.4):
**issue 15** fills this module in. A ``victory`` line is not checked yet; :func:`outcome` reports the VPs the
scenario starts with. To do: 24.1 (VP hexes with a Line of Supply: ``supply``, penalties, the Baku exit), 24.2
(benchmarks: ``turns.csv benchmark``), 24.3 (Mt Elbrus), the scenarios' conditions, and :func:`end_phase`.
"""

from __future__ import annotations

from ...engine.context import Context
from ...model import Action, Finding
from .state import State


def handle_victory(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return state, []


def end_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The Victory Determination Phase ends (24.2; issue 15)."""
    return state, []


def outcome(ctx: Context, state: State) -> dict:
    s = state.score
    text = f"Axis VPs {s.vp}; " + (f"{ctx.game.sides[s.winner].name} wins" if s.winner else "no winner yet")
    return {"vp": s.vp, "winner": s.winner, "reason": s.reason, "text": text}
