"""Step losses along a unit's step track: the states a unit goes through as it loses steps, full strength first.

A game says what a unit's track is (No Retreat!: front then back for a two-step unit that flips, one entry for a
one-step unit; Stalingrad '42: a counter's two faces and a step marker for its third step ...); the engine counts
along it. Losing more steps than are left eliminates the unit.
"""

from __future__ import annotations

from typing import Hashable, Sequence


def steps_left(track: Sequence[Hashable], at: Hashable) -> int:
    """Steps a unit has when it shows ``at`` of its ``track``."""
    return len(track) - list(track).index(at)


def after_losses(track: Sequence[Hashable], at: Hashable, losses: int = 1) -> Hashable | None:
    """What the unit shows after ``losses`` steps, or None when they eliminate it."""
    i = list(track).index(at) + losses
    return track[i] if i < len(track) else None
