"""Stacks: the units of each side in each location, for the stacking rules of a game (which units count, the
limit, when it is checked, what happens to the excess are the game's).

:func:`stacks` lists every location where a side has more than one unit, remembered with the position (so the
check at the end of each phase costs nothing while nobody moved); :func:`over` keeps those a game's predicate
refuses.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .context import Context
from .position import position, stacked_at, unit_sides

Stack = tuple[str, str, tuple[str, ...]]  # (location, side, units in the game's unit order)


def stacks(ctx: Context, units: Any) -> list[Stack]:
    """(location, side, units) of every location holding more than one unit of a side, by location and side
    (remembered with the position of ``units``)."""
    pos = position(ctx, units)
    out = pos.sets.get("stacks")
    if out is None:
        out = []
        found = stacked_at(pos)
        if found:
            side_of, at, held = unit_sides(ctx), pos.at, pos.held
            for loc, side in found:
                here = at[loc]
                out.append((loc, side, here if len(here) == held[side][loc] else
                            tuple(u for u in here if side_of[u] == side)))
            out.sort()  # by location and side (each pair once: the units are never compared)
        pos.sets["stacks"] = out
    return out


def over(ctx: Context, units: Any, key: Any, allowed: Callable[[str, str, Sequence[str]], bool]) -> list[Stack]:
    """The stacks ``allowed(location, side, units)`` refuses, units sorted; remembered with the position under
    ``key`` (what the limits depend on besides the position: the turn, an event ...)."""
    found = stacks(ctx, units)
    if not found:
        return []
    sets = position(ctx, units).sets
    out = sets.get(key)
    if out is None:
        out = sets[key] = [(loc, side, tuple(sorted(mine))) for loc, side, mine in found
                           if not allowed(loc, side, mine)]
    return out
