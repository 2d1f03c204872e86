"""A move's mode (5.1 normal, 5.3 extended, 5.4 tactical) when the log does not state it.

A log whose header says ``"modes": "unstated"`` (a VASSAL log translated: the module cannot say a move's mode, and
the rules do not ask players to announce it) gives its ``move`` lines without ``mode``; such a move is checked as
the least restrictive mode that makes the unit's whole move so far legal (``movement.handle_move``), and the mode so
chosen is the move's own from then on (the rest of the move, 29.1.2's Contested City hexes, 5.3's adjacency).
"""

from __future__ import annotations

from ...engine.context import Context
from ...model import Action
from .state import State

NORMAL, EXTENDED, TACTICAL = "normal", "extended", "tactical"
UNSTATED = "unstated"  # the header's modes, and the value of a choice the log leaves to the validator


def translated(ctx: Context, value: object) -> bool:
    """Whether ``value`` is a choice left unstated in a log whose header says its choices are unstated (a translated
    VASSAL log: a replacement's kind, a Determined Defense's result read from the table)."""
    return value == UNSTATED and ctx.header.modes == UNSTATED
TRIED = (NORMAL, TACTICAL, EXTENDED)  # the order a move without a mode is tried in: the least restrictive first


def unstated(ctx: Context, action: Action) -> bool:
    """Whether this move's mode is for the validator to pick (the header says modes are unstated, it has none)."""
    return "mode" not in action.data and ctx.header.modes == UNSTATED


def mode_of(ctx: Context, after: State, action: Action) -> str:
    """The mode a move was made in: the one stated, else (modes unstated) the one its unit's move now has."""
    if unstated(ctx, action):
        moved = after.moved.get(action["unit"])
        if moved is not None:
            return moved.mode
    return action.get("mode", NORMAL)
