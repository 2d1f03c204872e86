"""Stacking (starter rule 3.0): at the end of each Movement and Combat Phase (and at the end of the log), a side's
units in a hex are within its ``[stacking]`` limit of ``game.toml`` (the engine's stacks and the game's rule)."""

from __future__ import annotations

from ...engine import stacking
from ...engine.context import Context
from ...model import Finding
from .state import State


def check(ctx: Context, state: State, when: str) -> tuple[State, list[Finding]]:
    game = ctx.game

    def allowed(loc: str, side: str, units) -> bool:
        if loc not in game.map.hexes:
            return True
        return game.stack_allows(side, state.turn, [game.tags(game.units[u], state.units[u].face) for u in units])

    over = stacking.over(ctx, state.units, ("stacking", state.turn), allowed)
    return state, [Finding("3.0", f"{len(units)} units of {side} in {loc} {when}: over the stacking limit "
                                  f"({', '.join(units)})", units, (loc,)) for loc, side, units in over]
