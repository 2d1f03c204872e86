"""Placing units on the map in the Organization Phase: reinforcements, replacements, recovered units (7.6-7.9).

- 7.8: a reinforcement arrives on the turn its counter (the scenario) gives, or later; one the scenario places in a
  named location (a box, a city, an area) goes there; conditional ones arrive only when their condition holds
  (``option:<name>``; ``oil``: the Soviets control the Rumanian oil field; ``controlled``: its side controls the
  location it arrives in, e.g. the 1945 Axis fortifications). Units waiting on the Game Turn track (eliminated
  Axis allies and Luftwaffe units, cadres: ``eliminations``) come back the same way from the turn they are due;
  a cadre comes back to its side's Cadre Units Available box (15.3.3);
- 7.6: Axis units go to hexes of Greater Germany or Rumania (regions) that trace an overland supply path (6.1);
  recovered (shattered) Axis units may also go to an Axis-controlled city in the 1941 Soviet Union that traces
  one. Soviet units go to a Soviet-controlled city that traces an overland supply path, or to a Soviet map-edge
  hex in the Soviet Union not in an enemy zone of control. Enemy zones of control do not stop placement;
  enemy units do; 15.3.5 (optional cadres): a replacement may instead take the place of a friendly cadre on the
  map whose hex traces an overland supply path (the cadre leaves for the Game Turn track);
- 7.7: shattered units come back free, on the face they left with, Disorganized;
- 7.9: a replacement from the Destroyed box costs one card, from the Surrendered box two (3rd-ed summary); the
  counter's printed cost applies to the face it is printed on (Soviet: the Shock side, "2 Repl"); it comes back
  Disorganized; 7.9.2: two-step units on their reduced side (Soviet units from the ``soviet_two_steps`` turn: their
  brown side); 7.2.2: a brittle Soviet unit, before that turn, on the side it was eliminated on (a wrong face
  reported under 7.2.2, the rule that gives it, not 7.9.2); 7.9.1: no Axis replacements before the turn of the
  ``axis_replacements`` event (turn 5).
"""

from __future__ import annotations

from typing import Iterator

from ...engine.context import Context, once
from ...engine.position import held_by_others, position
from ...engine.state import evolve, unit_name, updated
from ...model import Action, Finding, indefinite
from .cards import overpaid, paid as paid_count, payment, spend
from .control import controller, enter
from .organization import SHOCK_TYPE  # the printed "2 Repl" of Soviet counters is on their Shock side
from .state import State, with_unit
from .supply import SupplyNet, supply_net, traces_overland
from .track_state import TurnTrack
from .zoc import enemy_zoc

PLACEMENT_REGIONS = {"axis": ("greater_germany", "rumania")}  # 7.6
RECOVERY_CITY_REGION = "ussr_1941"  # 7.6: recovering Axis units may use Axis-controlled cities "inside Russia"
SOVIET_UNION = "ussr_1941"
OIL_REGION = "rumania"  # condition "oil": the oil field of this region is Soviet-controlled
AXIS_REPLACEMENTS = "axis_replacements"  # turn-event code: the first turn the Axis may replace (7.9.1)
ROBUST = "soviet_two_steps"  # turn-event code: Soviet units are two-step units from this turn (7.3)
REPLACEMENT_COST = {"destroyed": 1, "surrendered": 2}  # 7.9
CADRE_TYPE = "cadre"
CADRE_OPTION = "cadres"
TURN_TRACK = "turn_track"


def box_of(kind: str, side: str) -> str:
    return f"{kind}_{side}"


def reinforcement(ctx: Context, uid: str):
    """The scenario's first reinforcement entry of ``uid``, or None (a placement asks several times: the entries are
    looked up by unit, made once per scenario)."""
    return once(ctx, ("reinforcements", ctx.scenario_id), _by_unit).get(uid)


def _by_unit(ctx: Context) -> dict:
    out: dict = {}
    for p in ctx.scenario.reinforcements:
        out.setdefault(p.unit, p)
    return out


def condition_holds(ctx: Context, state: State, condition: str, uid: str = "", location: str = "") -> bool:
    if not condition:
        return True
    if condition.startswith("option:"):
        return ctx.option(condition.split(":", 1)[1])
    if condition == "oil":
        region = ctx.game.map.regions[OIL_REGION].locations
        return any(h.oil and h.id in region and controller(ctx, state, h.id) == "soviet"
                   for h in ctx.game.map.hexes.values())
    if condition == "controlled":
        return bool(uid and location) and controller(ctx, state, location) == ctx.game.units[uid].side
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
        if not condition_holds(ctx, state, p.condition, uid, p.location):
            return None, f"its arrival condition '{p.condition}' does not hold"
        return "reinforcement", ""
    if loc == TURN_TRACK:
        due = state.track.returns.get(uid)
        if due is not None and due > state.turn:
            return None, f"it waits on the Game Turn track until turn {due}"
        return "reinforcement", ""
    if loc in (box_of("destroyed", side), box_of("surrendered", side)):
        return "replacement", ""
    if loc == box_of("shattered", side):
        return "recovery", ""
    return None, f"it is in {loc}, not waiting to enter the map"


def _printed_applies(ctx: Context, uid: str, face: str) -> bool:
    u = ctx.game.units[uid]
    return u.flip != "improve" or ctx.unit_type[uid, face] == SHOCK_TYPE


def replacement_cost(ctx: Context, state: State, uid: str, face: str | None = None) -> int:
    """7.9: cards to replace ``uid`` from the box it is in, coming back on ``face`` (default: 7.9.2's face)."""
    u = ctx.game.units[uid]
    face = face or expected_face(ctx, state, uid, "replacement")
    cost = REPLACEMENT_COST["destroyed"]
    if u.repl_cost and _printed_applies(ctx, uid, face):
        cost = max(cost, u.repl_cost)
    if state.units[uid].loc == box_of("surrendered", u.side):
        cost = max(cost, REPLACEMENT_COST["surrendered"])
    return cost


def expected_face(ctx: Context, state: State, uid: str, kind: str) -> str:
    """The face a placed unit shows (7.7, 7.8, 7.9.2, 7.2.2)."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    if kind == "recovery":
        return us.face
    if kind == "reinforcement":
        p = reinforcement(ctx, uid)
        return p.face if p and us.loc is None else us.face
    if u.flip == "improve":
        return us.face if brittle(ctx, state, uid) else "front"
    if u.flip == "step" and u.steps == 2:
        return "back"
    return "front"


def brittle(ctx: Context, state: State, uid: str) -> bool:
    """A Soviet army before the ``soviet_two_steps`` turn: one step whichever side it shows (7.2.2)."""
    robust = ctx.first_turn_of.get(ROBUST)
    return ctx.game.units[uid].flip == "improve" and (robust is None or state.turn < robust)


def _cadre_in(ctx: Context, state: State, side: str, loc: str) -> str | None:
    return next((o for o, us in state.units.items() if us.loc == loc and ctx.game.units[o].side == side
                 and ctx.unit_type[o, us.face] == CADRE_TYPE), None)


def returning_cadre(ctx: Context, state: State, uid: str) -> bool:
    """A cadre on the Game Turn track: it comes back to its Cadre box, not the map (15.3.3)."""
    return state.units[uid].loc == TURN_TRACK and ctx.unit_type[uid, state.units[uid].face] == CADRE_TYPE


def place_problem(ctx: Context, state: State, uid: str, kind: str, loc: str, net: SupplyNet | None = None,
                  ezoc: frozenset[str] | None = None) -> str | None:
    """Why ``uid`` may not be placed in ``loc`` (7.6), or None."""
    u = ctx.game.units[uid]
    side = u.side
    if kind == "reinforcement":
        if returning_cadre(ctx, state, uid):
            box = box_of("cadre", side)
            return None if loc == box else f"a cadre comes back to the {ctx.game.map.boxes[box].name} box (15.3.3)"
        p = reinforcement(ctx, uid) if state.units[uid].loc is None else None
        if p is not None and p.location:
            return None if loc == p.location else f"the scenario brings it into {p.location}"
    if loc not in ctx.board.locations:
        return f"{loc} is not a land hex or area of the map"
    net = net or supply_net(ctx, state, side)
    traces = traces_overland(net, loc)
    if kind == "replacement" and ctx.option(CADRE_OPTION) and traces and _cadre_in(ctx, state, side, loc):
        return None  # 15.3.5
    if loc in held_by_others(position(ctx, state.units), side):
        return f"{loc} holds enemy units"
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
    """Every location the unit may be placed in now, in order."""
    return list(_place_spots(ctx, state, uid, kind))


def _place_spots(ctx: Context, state: State, uid: str, kind: str) -> Iterator[str]:
    """:func:`place_hexes` one by one (a caller that wants the first stops there)."""
    side = ctx.game.units[uid].side
    us = state.units[uid]
    if kind == "reinforcement" and us.loc == TURN_TRACK and ctx.unit_type[uid, us.face] == CADRE_TYPE:
        yield box_of("cadre", side)
        return
    p = reinforcement(ctx, uid) if kind == "reinforcement" and us.loc is None else None
    if p is not None and p.location:
        yield p.location
        return
    net = supply_net(ctx, state, side)
    ezoc = enemy_zoc(ctx, state, side)
    ordered = once(ctx, "sorted_locations", lambda c: sorted(c.board.locations))
    yield from (loc for loc in ordered if place_problem(ctx, state, uid, kind, loc, net, ezoc) is None)


def handle_place(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, loc = action["unit"], action["to"]
    u = ctx.game.units[uid]
    name = unit_name(ctx, uid, state)
    findings: list[Finding] = []
    kind, why = kind_of(ctx, state, uid)
    pay = payment(action)
    face = action.get("face")
    if u.side != action.side:
        findings.append(Finding("7.6", f"{name} is not {indefinite(ctx.game.sides[action.side].name)} unit", (uid,),
                                (loc,)))
    if kind is None:
        findings.append(Finding("7.8", f"{name} cannot be placed now: {why}", (uid,), (loc,)))
    else:
        problem = place_problem(ctx, state, uid, kind, loc)
        if problem:  # (where a cadre comes back is 15.3.3's, not a placement hex of 7.6)
            rule = "15.3.3" if kind == "reinforcement" and returning_cadre(ctx, state, uid) else "7.6"
            findings.append(Finding(rule, f"{name} may not be placed in {loc}: {problem}", (uid,), (loc,)))
        want = expected_face(ctx, state, uid, kind)
        if face is not None and face != want:
            rule, words = {"replacement": ("7.9.2", "a replacement comes back on its reduced (one-step) side"),
                           "recovery": ("7.7", "a recovered unit comes back on the side it left with")
                           }.get(kind, ("7.8", "a reinforcement enters on the side the scenario gives"))
            if kind == "replacement" and brittle(ctx, state, uid):
                rule, words = "7.2.2", "a brittle Soviet unit comes back on the side it was eliminated on"
            findings.append(Finding(rule, f"{name} must enter on its {want} side, not {face}: {words}", (uid,), (loc,)))
    if kind == "replacement":
        first = ctx.first_turn_of.get(AXIS_REPLACEMENTS)
        if u.side == "axis" and first is not None and state.turn < first:
            findings.append(Finding("7.9.1", f"the Axis may not take replacements before turn {first} ({name})",
                                    (uid,), (loc,)))
        cost = replacement_cost(ctx, state, uid, face)
        n_paid = paid_count(ctx, state, action.side, pay)
        if n_paid < cost:
            findings.append(Finding("7.9", f"replacing {name} from {state.units[uid].loc} costs {cost} card(s); "
                                           f"{n_paid} paid", (uid,), (loc,)))
        elif extra := overpaid(ctx, state, action.side, pay, max(cost, replacement_cost(ctx, state, uid)),
                               f"replacing {name} from {state.units[uid].loc}"):  # (a wrong face is 7.9.2's)
            findings.append(Finding("7.9", extra, (uid,), (loc,)))
    state, paid = spend(ctx, state, action.side, pay, "7.9", f"placing {uid}")
    us = state.units[uid]
    if face is None:
        face = expected_face(ctx, state, uid, kind) if kind else us.face
    if kind == "replacement" and loc in ctx.board.locations and ctx.option(CADRE_OPTION):
        cadre = _cadre_in(ctx, state, u.side, loc)
        if cadre is not None:  # 15.3.5: the cadre steps aside (to the turn track, see eliminations)
            state = evolve(state, units=updated(state.units, cadre, evolve(state.units[cadre], loc=box_of("destroyed",
                                                                                                     u.side))))
    new = evolve(us, loc=loc, face=face, unsupplied=False, disorganized=kind in ("replacement", "recovery"))
    state = with_unit(ctx, state, uid, new, placed=state.placed | {uid})
    if uid in state.track.returns:
        returns = {k: v for k, v in state.track.returns.items() if k != uid}
        state = evolve(state, track=TurnTrack(returns, state.track.weather_flips))
    if loc in ctx.board.locations:
        state = enter(ctx, state, u.side, [loc])
    return state, findings + paid


def end_placement(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """7.7: every unit of the phasing side in its Shattered box returns in the Placement Step (when it can)."""
    side = state.player
    if side is None:
        return state, []
    box = box_of("shattered", side)
    findings = []
    for uid in sorted([u for u, us in state.units.items() if us.loc == box]):
        spot = next(_place_spots(ctx, state, uid, "recovery"), None)
        if spot is not None:
            findings.append(Finding("7.7", f"{unit_name(ctx, uid, state)} stays in the Shattered box: shattered "
                                           f"units return to the map in the Placement Step (e.g. {spot})", (uid,)))
    return state, findings
