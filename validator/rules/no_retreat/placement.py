"""Placing units on the map in the Organization Phase: reinforcements, replacements, recovered units (7.6-7.9).

- 7.8: a reinforcement arrives on the turn its counter (the scenario) gives, or later; one the scenario places in a
  named location (a box, a city, an area) goes there; conditional ones arrive only when their condition holds
  (``option:<name>``; ``oil``: the Soviets control the Rumanian oil field);
- 7.6: Axis units go to hexes of Greater Germany or Rumania (regions) that trace an overland supply path (6.1);
  recovered (shattered) Axis units may also go to an Axis-controlled city in the 1941 Soviet Union that traces
  one. Soviet units go to a Soviet-controlled city that traces an overland supply path, or to a Soviet map-edge
  hex in the Soviet Union not in an enemy zone of control. Enemy zones of control do not stop placement;
  enemy units do;
- 7.7: shattered units come back free, on the face they left with, Disorganized;
- 7.9: a replacement from the Destroyed box costs the counter's printed card cost (1 if none), from the
  Surrendered box 2 (or the printed cost if higher); it comes back Disorganized; 7.9.2: two-step units on their
  reduced side; 7.9.1: no Axis replacements before the turn of the ``axis_replacements`` event (turn 5).
"""

from __future__ import annotations

from dataclasses import replace

from ...model import Action, Finding
from .board import Context
from .cards import payment, spend
from .control import controller, enter
from .state import State, evolve, unit_name
from .supply import SupplyNet, overland_path, supply_net
from .zoc import enemy_zoc

PLACEMENT_REGIONS = {"axis": ("greater_germany", "rumania")}  # 7.6
RECOVERY_CITY_REGION = "ussr_1941"  # 7.6: recovering Axis units may use Axis-controlled cities "inside Russia"
SOVIET_UNION = "ussr_1941"
OIL_REGION = "rumania"  # condition "oil": the oil field of this region is Soviet-controlled
AXIS_REPLACEMENTS = "axis_replacements"  # turn-event code: the first turn the Axis may replace (7.9.1)


def box_of(kind: str, side: str) -> str:
    return f"{kind}_{side}"


def reinforcement(ctx: Context, uid: str):
    return next((p for p in ctx.scenario.reinforcements if p.unit == uid), None)


def condition_holds(ctx: Context, state: State, condition: str) -> bool:
    if not condition:
        return True
    if condition.startswith("option:"):
        return ctx.option(condition.split(":", 1)[1])
    if condition == "oil":
        region = ctx.game.map.regions[OIL_REGION].locations
        return any(h.oil and h.id in region and controller(ctx, state, h.id) == "soviet"
                   for h in ctx.game.map.hexes.values())
    return False


def kind_of(ctx: Context, state: State, uid: str) -> tuple[str | None, str]:
    """(kind, why not) of a placement: reinforcement, replacement, recovery; or (None, reason)."""
    side = ctx.game.units[uid].side
    loc = state.units[uid].loc
    if loc is None:
        p = reinforcement(ctx, uid)
        if p is None:
            return None, "the scenario does not use it"
        if p.turn is not None and p.turn > state.turn:
            return None, f"it arrives on turn {p.turn}"
        if not condition_holds(ctx, state, p.condition):
            return None, f"its arrival condition '{p.condition}' does not hold"
        return "reinforcement", ""
    if loc in (box_of("destroyed", side), box_of("surrendered", side)):
        return "replacement", ""
    if loc == box_of("shattered", side):
        return "recovery", ""
    return None, f"it is in {loc}, not waiting to enter the map"


def replacement_cost(ctx: Context, state: State, uid: str) -> int:
    printed = ctx.game.units[uid].repl_cost or 1
    if state.units[uid].loc == box_of("surrendered", ctx.game.units[uid].side):
        return max(2, printed)
    return printed


def place_problem(ctx: Context, state: State, uid: str, kind: str, loc: str, net: SupplyNet | None = None,
                  ezoc: frozenset[str] | None = None) -> str | None:
    """Why ``uid`` may not be placed in ``loc`` (7.6), or None."""
    u = ctx.game.units[uid]
    side = u.side
    if kind == "reinforcement":
        p = reinforcement(ctx, uid)
        if p is not None and p.location:
            return None if loc == p.location else f"the scenario brings it into {p.location}"
    if loc not in ctx.board.locations:
        return f"{loc} is not a land hex or area of the map"
    if any(us.loc == loc and ctx.game.units[o].side != side for o, us in state.units.items()):
        return f"{loc} holds enemy units"
    net = net or supply_net(ctx, state, side)
    traces = overland_path(ctx, net, loc) is not None
    regions = ctx.game.map.regions
    owner = controller(ctx, state, loc)
    if side in PLACEMENT_REGIONS:
        home = any(loc in regions[r].locations for r in PLACEMENT_REGIONS[side])
        if home and traces:
            return None
        city_ok = (kind == "recovery" and loc in ctx.board.cities and owner == side
                   and loc in regions[RECOVERY_CITY_REGION].locations and traces)
        if city_ok:
            return None
        where = "Greater Germany or Rumania" + (" or an Axis-controlled city in Russia" if kind == "recovery" else "")
        return f"{loc} is not a hex of {where} that traces an overland supply path"
    if loc in ctx.board.cities and owner == side and traces:
        return None
    ezoc = enemy_zoc(ctx, state, side) if ezoc is None else ezoc
    if loc in ctx.board.edges[side] and loc in regions[SOVIET_UNION].locations and loc not in ezoc:
        return None
    return f"{loc} is neither a friendly city that traces an overland supply path nor a friendly map-edge hex free " \
           "of enemy zones of control"


def place_hexes(ctx: Context, state: State, uid: str, kind: str) -> list[str]:
    side = ctx.game.units[uid].side
    net = supply_net(ctx, state, side)
    ezoc = enemy_zoc(ctx, state, side)
    p = reinforcement(ctx, uid) if kind == "reinforcement" else None
    if p is not None and p.location:
        return [p.location]
    return sorted(loc for loc in ctx.board.locations if place_problem(ctx, state, uid, kind, loc, net, ezoc) is None)


def handle_place(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, loc = action["unit"], action["to"]
    u = ctx.game.units[uid]
    name = unit_name(ctx, uid, state)
    findings: list[Finding] = []
    kind, why = kind_of(ctx, state, uid)
    pay = payment(action)
    if u.side != action.side:
        findings.append(Finding("7.6", f"{name} is not a {action.side} unit", (uid,), (loc,)))
    if kind is None:
        findings.append(Finding("7.8", f"{name} cannot be placed now: {why}", (uid,), (loc,)))
    else:
        problem = place_problem(ctx, state, uid, kind, loc)
        if problem:
            findings.append(Finding("7.6", f"{name} may not be placed in {loc}: {problem}", (uid,), (loc,)))
    if kind == "replacement":
        first = ctx.first_turn_of.get(AXIS_REPLACEMENTS)
        if u.side == "axis" and first is not None and state.turn < first:
            findings.append(Finding("7.9.1", f"the Axis may not take replacements before turn {first} ({name})",
                                    (uid,), (loc,)))
        cost = replacement_cost(ctx, state, uid)
        if len(pay) < cost:
            findings.append(Finding("7.9", f"replacing {name} from {state.units[uid].loc} costs {cost} card(s); "
                                           f"{len(pay)} paid", (uid,), (loc,)))
    state, paid = spend(ctx, state, action.side, pay, "7.9", f"placing {uid}")
    us = state.units[uid]
    face = action.get("face")
    if face is None:
        if kind == "replacement" and u.steps == 2 and u.flip == "step":
            face = "back"  # 7.9.2
        elif kind == "reinforcement":
            p = reinforcement(ctx, uid)
            face = p.face if p else "front"
        else:
            face = us.face
    new = replace(us, loc=loc, face=face, unsupplied=False, disorganized=kind in ("replacement", "recovery"))
    state = evolve(state, units={**state.units, uid: new}, placed=state.placed | {uid})
    if loc in ctx.board.locations:
        state = enter(ctx, state, u.side, [loc])
    return state, findings + paid
