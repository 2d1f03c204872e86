"""The starter ruleset: a small, generic, table-driven rules package any simple hex-and-counter game can use as it
is and extend (``hexforge new`` writes a game that names it). It is built on the shared engine
(``validator.engine``) and reads everything from the game's data: movement allowances and the Terrain Effects Chart
(2.0-2.4: ``movement``), the stacking limits of ``game.toml`` (3.0: ``stacking``), the first Combat Results Table
and the TEC's defensive shifts (4.0-4.5: ``combat``), the phases of ``game.toml`` (1.0: ``sequence``; the starter
expects a player phase ``movement`` and one ``combat``).

Rules are numbered as in ``docs/rules/starter.md`` (the rules a game made by ``hexforge new`` prints in its
``rules.md``). To extend it, copy this package into your own, register it (``docs/publishing.md``), and add your
game's rules as modules beside these.
"""

from __future__ import annotations

from typing import Callable

from games.model import Game

from ...engine.context import Context
from ...model import Action, Finding, Header
from . import combat, movement, sequence, stacking
from .board import make_context
from .rule_index import RULES
from .state import State, initial_state

__all__ = ["RULES", "context", "finish", "pieces", "start", "step", "where"]

Handler = Callable[[Context, State, Action], "tuple[State, list[Finding]]"]

HANDLERS: dict[str, Handler] = {
    "turn": sequence.handle_turn,
    "phase": sequence.handle_phase,
    "move": movement.handle_move,
    "place": movement.handle_relocate,
    "remove": movement.handle_relocate,
    "battle": combat.handle_battle,
    "loss": combat.handle_loss,
    "retreat": combat.handle_after_battle,
    "advance": combat.handle_after_battle,
}


def context(game: Game, header: Header) -> Context:
    return make_context(game, header)


def start(ctx: Context) -> State:
    return initial_state(ctx)


def step(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Check one action and apply it; an action out of its phase is reported for that alone (1.0)."""
    handler = HANDLERS.get(action.type)
    if handler is None:  # supply, victory, note: nothing the starter rules check
        return state, []
    if action.type in ("turn", "phase"):
        return handler(ctx, state, action)
    state, findings = sequence.timing(ctx, state, action)
    if findings:
        return handler(ctx, state, action)[0], findings
    return handler(ctx, state, action)


def finish(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    return stacking.check(ctx, state, "at the end of the log")


def where(ctx: Context, state: State) -> tuple[int, str]:
    return state.turn, state.phase


def pieces(ctx: Context, state: State) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """(unit, location, face, markers) of every unit on the map, for report pictures."""
    return [(uid, us.loc, us.face, ()) for uid, us in sorted(state.units.items()) if us.loc in ctx.board.locations]
