"""Determined Defense (11.0), Desperate Defense (11.5) and Partial Success (11.6): **issue 15** fills this module in.

A ``determined`` line (the defender's roll on the Determined Defense Table) is recorded without checks for now. To
do: when it is allowed (11.1, 11.2.2 the CRT colour, VP hexes), the Lead Unit (11.2.3), the column (11.2.1), the
modifiers (11.2.4, 11.3), the results and their step losses (11.4), Desperate Defense (11.5), Delay and City Battle
markers (11.6; ``state.markers.city_battle``).
"""

from __future__ import annotations

from ...engine.context import Context
from ...model import Action, Finding
from .state import State


def handle_determined(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``determined`` line (issue 15: 11.x): not yet checked."""
    return state, []
