"""Control of hexes and areas (12.4.1, 12.4.2; 6.1 for friendly cities).

- 12.4.1: a hex is controlled by the side whose units were the last to enter or pass through it; at the start
  the scenario's ``[control]`` regions say who controls what (6.1: a city that began the scenario friendly);
- 12.4.2: Finland is controlled only while a side's units are inside it and no enemy unit is; the Finnish army
  does not give the Axis control (the area is listed in :data:`OCCUPATION_AREAS` with the nationalities that do
  not count). The Balkan areas follow 12.4.1 (the last side to pass through or occupy them).
"""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.state import evolve, occupants, with_control
from ...engine.context import Context
from .state import State

# area id -> nationalities whose presence does not count for control (12.4.2)
OCCUPATION_AREAS: dict[str, frozenset[str]] = {"finland": frozenset({"finnish"})}


def controller(ctx: Context, state: State, loc: str) -> str | None:
    """The side that controls a location now (12.4.1), or None; Finland only by occupation (12.4.2)."""
    if loc in OCCUPATION_AREAS:
        ignored = OCCUPATION_AREAS[loc]
        units = ctx.game.units
        sides = {units[uid].side for uid in occupants(ctx, state).get(loc, ())  # (the derived position's)
                 if units[uid].nationality not in ignored}
        return next(iter(sides)) if len(sides) == 1 else None
    return state.control.get(loc)


def friendly(ctx: Context, state: State, side: str, loc: str) -> bool:
    return controller(ctx, state, loc) == side


def enter(ctx: Context, state: State, side: str, locations: Iterable[str], **changes: Any) -> State:
    """``side``'s units entered or passed through these locations: they become its (12.4.1). The state's other
    ``changes`` (the units that entered them ...) are made in the same copy. Most moves enter only locations the side
    controls already: then the state is copied with ``changes`` alone, without the lists that find what changed."""
    control = state.control
    for loc in locations:
        if control.get(loc) != side and loc not in OCCUPATION_AREAS:
            return with_control(state, side, [loc for loc in locations if loc not in OCCUPATION_AREAS], **changes)
    return evolve(state, **changes) if changes else state
