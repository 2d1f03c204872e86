"""Special units in combat (20.0): what combat asks about them, and the Axis allies' combat restriction.

- 20.2, 9.6.1: Axis Mountain divisions attack at double strength into a Mountain hex (the superscript, trait
  ``mountain_attack``); Soviet Mountain divisions are not doubled. 20.9: the Linden engineer attacks at double
  strength against a City hex (trait ``city_attack``). :func:`attack_doubled` tells combat, which applies 9.1.
- 20.5.1: Axis allies of different nationalities never attack together (one nationality, with German units or
  not); checked on the ``battle`` line.
- 20.5.2: when the attacker or defender selects a step loss, a full-strength non-parenthesized German unit goes
  before a reduced Axis ally is eliminated (:func:`ally_loss_problem`, for combat's 10.2).

Garrisons (20.4), the North Caucasus units (20.6), Plan Blücher (20.7) and the Volunteers (20.8) are ``special`` and
``entry``'s; the Soviet Army HQs' stacking (4.3, 20.1.1) ``stacking``'s; 20.1.3's advance rates and 20.3's
Determined Defense are combat's (14.2.2, 11.1.2). Decision: the Army HQs' off-map boxes (20.1.2) are a display
only: a log places the units in the HQ's hex.
"""

from __future__ import annotations

from typing import Iterable

from ...engine.context import Context
from ...model import Action, Finding
from .resources import info_of
from .state import State
from .terrain import situation, terrain_of
from .units import name

ALLY = "axis_ally"
CITY = ("major_city", "minor_city")


def _ally(ctx: Context, uid: str) -> bool:
    return ALLY in ctx.game.tags(ctx.game.units[uid], "front")


def attack_doubled(ctx: Context, state: State, uid: str, hid: str) -> bool:
    """20.2, 9.6.1: an Axis Mountain division attacking into a Mountain hex; 20.9: Linden against a City hex."""
    tags = info_of(ctx, state, uid).tags
    h = ctx.game.map.hexes.get(hid)
    if h is None:
        return False
    if "mountain_attack" in tags and terrain_of(ctx, situation(ctx, state), hid) in ("mountain", "alpine"):
        return True
    return "city_attack" in tags and h.settlement in CITY


def after_battle(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """20.5.1: one Axis-allied nationality an attack."""
    allies = sorted({ctx.game.units[u].nationality for u in action.get("attackers") or ()
                     if u in ctx.game.units and _ally(ctx, u)})
    if len(allies) < 2:
        return state, []
    names = ", ".join(ctx.game.nationalities[n].name for n in allies)
    return state, [Finding("20.5.1", f"Axis allies of different nationalities ({names}) never attack together; one "
                                     "nationality may attack with German units", tuple(action["attackers"]),
                           tuple(action["targets"]))]


def ally_loss_problem(ctx: Context, state: State, uid: str, participants: Iterable[str]) -> str | None:
    """20.5.2: why ``uid`` may not take this step loss: it is a reduced Axis ally that the loss eliminates while a
    full-strength, non-parenthesized German unit of the same combat could take it; else None."""
    u = ctx.game.units[uid]
    if not _ally(ctx, uid):
        return None
    us = state.units[uid]
    if not (u.steps <= 1 or us.face == "back"):
        return None
    for p in participants:
        if p == uid or p not in state.units or ctx.game.units[p].side != u.side or _ally(ctx, p):
            continue
        pu, ps = ctx.game.units[p], state.units[p]
        i = info_of(ctx, state, p)
        if i.combat and "parenthesized" not in i.tags and (pu.steps <= 1 or ps.face == "front"):
            return (f"{name(ctx, state, uid)} is a reduced Axis ally: a full-strength German unit of the combat "
                    f"({name(ctx, state, p)}) takes the step first (20.5.2)")
    return None
