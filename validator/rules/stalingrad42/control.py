"""Control of City and VP hexes (16.3.4): the last side to occupy or pass through such a hex controls it. Control is
tracked for every hex with a place or VP on it (Cities, Towns, Landmarks: Taman and Temryuk, 16.2.4-16.2.5; the
airfields of 16.5.4); only City and VP hexes block a Line of Supply (``supply``).

- :func:`enter`: a side's units entered or passed through these locations (moves, rail, sea, retreats, advances,
  placements);
- :func:`enemy_controlled`: whether a hex is controlled by the other side of ``side``.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.context import Context
from ...engine import state as engine_state
from .state import State, tracked


def enter(ctx: Context, state: State, side: str, locations: Iterable[str], **changes: Any) -> State:
    """16.3.4: ``side`` controls the tracked hexes its units entered or passed through (the state's other
    ``changes`` made in the same copy)."""
    keep = tracked(ctx)
    return engine_state.with_control(state, side, [loc for loc in locations if loc in keep], **changes)


def enemy_controlled(ctx: Context, state: State, side: str, hid: str) -> bool:
    owner = state.control.get(hid)
    return owner is not None and owner != side
