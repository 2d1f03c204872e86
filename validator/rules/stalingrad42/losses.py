"""Step losses and eliminations (2.3.5, 10.3, 10.4, 19.4), shared by combat (issue 15: 10.2 who picks, what a result
owes) and Isolation Attrition (16.5): a unit's step track is its front, its back (a 2- or 3-step unit that flips),
and for a 3-step unit a Remnant counter (10.4.1) when one is free, else the Eliminated Box (10.4.2).

- :func:`lose_step`: one step lost: flip, Remnant, or eliminated; a Remnant that loses its step goes back to the
  Remnant Display and the unit it stood for to the Eliminated Box (10.4.3);
- :func:`eliminate`: into the owner's Eliminated Box (Non-Combat Units come back two turns later, 19.4: ``returns``);
- :func:`remove_alone`: enemy Non-Combat Units left alone in a hex a Combat Unit enters, or without a friendly Combat
  Unit after a combat, are removed (19.3), and a later line that moves one of them is reported under 19.3;
  :func:`overrun` finds and removes those alone in the hexes a Combat Unit's rail move or advance enters;
- ``loss`` and ``remove`` lines apply what they say (their checks against a combat's result are issue 15's).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ...engine.context import Context
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from .data import facts
from .state import State, UnitState
from .units import table
from .zoc import units_in


def box(ctx: Context, side: str, kind: str) -> str:
    """The side's box of a kind (``eliminated``, ``remnant_display``), by the ids of map/boxes.toml."""
    return f"{kind}_{side}"


def put_units(ctx: Context, state: State, changes: Mapping[str, UnitState], **more) -> State:
    """The state with these units replaced (the position told which changed)."""
    units = dict(state.units)
    units.update(changes)
    note_changes(ctx, state.units, units, list(changes))
    return evolve(state, units=units, **more)


def eliminate(ctx: Context, state: State, uid: str) -> State:
    """The unit goes to its side's Eliminated Box, markers off; a Non-Combat Unit but an SP comes back two turns later
    (19.4); a Remnant goes back to the Remnant Display and the unit it stood for to the Eliminated Box (10.4.3)."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    changes = {}
    if us.represents:
        changes[uid] = UnitState(box(ctx, u.side, "remnant_display"))
        changes[us.represents] = UnitState(box(ctx, u.side, "eliminated"), "back")
    else:
        changes[uid] = UnitState(box(ctx, u.side, "eliminated"), us.face)
    more = {}
    i = table(ctx)[uid, us.face]
    if not i.combat and "supply" not in i.tags:
        more["returns"] = {**state.returns, uid: state.turn + facts(ctx).replacements.return_delay}
    return put_units(ctx, state, changes, **more)


REMOVED_ALONE = "removed_alone:"  # state.events: a Non-Combat Unit removed under 19.3 (until it comes back)


def remove_alone(ctx: Context, state: State, uids: list[str]) -> State:
    """19.3: these Non-Combat Units, alone without a friendly Combat Unit, are removed (:func:`eliminate`)."""
    for uid in uids:
        state = eliminate(ctx, state, uid)
    return evolve(state, events=state.events | {REMOVED_ALONE + u for u in uids}) if uids else state


def overrun(ctx: Context, state: State, side: str, path: Sequence[str]) -> State:
    """19.3: enemy Non-Combat Units alone in a hex of ``path`` (entered by a Combat Unit of ``side``) are removed."""
    for h in path:
        alone = [u for u in units_in(ctx, state, h) if ctx.game.units[u].side != side]
        if alone and not any(table(ctx)[u, state.units[u].face].combat for u in alone):
            state = remove_alone(ctx, state, alone)
    return state


def removed_alone(state: State, uid: str) -> bool:
    """Whether the unit is in its Eliminated Box, waiting to come back (19.4), because 19.3 removed it."""
    return uid in state.returns and REMOVED_ALONE + uid in state.events


def lose_step(ctx: Context, state: State, uid: str, remnant: str | None = None) -> State:
    """One step lost (10.3): a full-strength unit flips to its reduced side; a reduced 3-step unit becomes
    ``remnant`` (10.4.1) or is eliminated; any other unit is eliminated."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    if u.flip == "step" and us.face == "front" and u.steps >= 2:
        return put_units(ctx, state, {uid: evolve(us, face="back")})
    if u.flip == "step" and us.face == "back" and u.steps >= 3 and remnant is not None:
        r = state.units[remnant]
        return put_units(ctx, state, {uid: UnitState(box(ctx, u.side, "remnant_display"), "back"),
                                 remnant: evolve(r, loc=us.loc, face="front", order=us.order, supply=us.supply,
                                                 represents=uid)})
    return eliminate(ctx, state, uid)


def handle_loss(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``loss`` line: the unit loses a step (its checks against what a combat owes are issue 15's)."""
    uid = action["unit"]
    if state.units[uid].loc not in ctx.board.locations:
        return state, []
    return lose_step(ctx, state, uid, action.get("remnant")), []


def handle_remove(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``remove`` line: the unit goes to the box named (eliminated: :func:`eliminate`)."""
    uid, to = action["unit"], action["to"]
    side = ctx.game.units[uid].side
    if to == box(ctx, side, "eliminated"):
        return eliminate(ctx, state, uid), []
    return put_units(ctx, state, {uid: UnitState(to, state.units[uid].face)}), []
