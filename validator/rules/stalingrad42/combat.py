"""Combat (8.0-10.4), Automatic DS (8.6) and Breakthrough Combat (15.0): **issue 15** fills this module in.

What is here now applies the logged facts and claims without checking them, so that logs with combat replay and
the rest of the rules (movement, supply, stacking) see their outcome: a ``battle`` records its attackers and target
hexes; ``auto_ds`` marks the attackers with Auto DS markers; ``breakthrough`` records the group. Step losses,
retreats and advances are their own lines (``losses``, ``retreat``, ``advance``).

To do (issue 15): 8.1-8.5 (who may attack, multi-hex, odds and their limits, the 40/20 caps), 8.6 Auto DS (10-1
with tank shifts in the Movement Phase, stacking first: ``stacking.check``), every modifier of 9.x and 23.4, the
result of 10.1 on the CRT (``game.crts["crt"]``, layers ``adv`` and ``dd``), 10.2-10.4 (who picks a step loss,
Remnants), what a result owes (losses, retreats, Disruption, Full Retreat, advances) reported on the line that ends
the combat (:func:`arrive`, :func:`end_phase`), 15.x Breakthrough Groups.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .state import State


def handle_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``battle`` line (issue 15: 8.x-10.x): recorded, not yet checked."""
    b = state.battles
    return evolve(state, battles=evolve(b, attacked=b.attacked | set(action["attackers"]),
                                        defended=b.defended | set(action["targets"]), count=b.count + 1)), []


def handle_auto_ds(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``auto_ds`` line (issue 15: 8.6): the attackers get Auto DS markers; not yet checked."""
    units = dict(state.units)
    for uid in action["attackers"]:
        units[uid] = evolve(units[uid], auto_ds=True)
    return evolve(state, units=units), []


def handle_breakthrough(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``breakthrough`` line (issue 15: 15.2.2): the Breakthrough Group; not yet checked."""
    return state, []


def arrive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``battle`` ends the combat before it (issue 15: what it still owes; stacking before a Breakthrough)."""
    return state, []


def end_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The Combat Phase ends (issue 15: what the last combat owes; Auto DS advances, 8.6.2; Reserve markers off,
    25.2.3)."""
    units = state.units
    marked = [u for u, us in units.items() if us.auto_ds or us.reserve]
    if marked:
        units = dict(units)
        for u in marked:
            units[u] = evolve(units[u], auto_ds=False, reserve=False)
        state = evolve(state, units=units)
    return state, []
