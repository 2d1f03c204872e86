"""Stacks: the units of each side in each location, for the stacking rules of a game (which units count, the
limit, when it is checked, what happens to the excess are the game's).

:func:`stacks` lists every location where a side has more than one unit, remembered with the position (so the
check at the end of each phase costs nothing while nobody moved); :func:`over` keeps those a game's predicate
refuses.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .bits import named
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


def over(ctx: Context, units: Any, key: Any, allowed: Callable[[str, str, Sequence[str]], bool],
         floor: Mapping[str, int] | None = None) -> list[Stack]:
    """The stacks ``allowed(location, side, units)`` refuses, by location and side, units sorted; remembered with
    the position under ``key`` (what the limits depend on besides the position: the turn, an event ...). ``floor``:
    side -> a number of units the side may always stack (its limit before any exemption or extra): a location
    holding no more is not asked about, and its units are not listed (from the position's counts)."""
    pos = position(ctx, units)
    out = pos.sets.get(key)
    if out is not None:
        return out
    if floor is None:
        out = [(loc, side, tuple(sorted(mine))) for loc, side, mine in stacks(ctx, units)
               if not allowed(loc, side, mine)]
    else:
        out = []
        name, held = pos.zones.name, pos.held
        for side, m in pos.stacked.items():
            least, counts = floor.get(side, 1), held[side]
            crowded = [loc for loc in named(name, m) if counts[loc] > least] if m else ()
            if crowded:
                side_of, at = unit_sides(ctx), pos.at
                for loc in crowded:
                    here = at[loc]
                    mine = here if len(here) == counts[loc] else tuple(u for u in here if side_of[u] == side)
                    if not allowed(loc, side, mine):
                        out.append((loc, side, tuple(sorted(mine))))
        out.sort()  # by location and side, as :func:`stacks` lists them
    pos.sets[key] = out
    return out
