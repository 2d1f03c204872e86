"""Reinforcements and Entry Areas (22.1-22.6, 20.7, 20.8, 23.4).

- 22.1.1-22.1.2: a reinforcement is placed in the owner's Initial Phase of its turn (decision: or later, as one held
  back) in one of the Entry Areas its arrival code gives (the set-up's ``entry`` list: Soviet C-coded units at G-L,
  the others at A-C, the Axis at W-Z; the scenario's own areas, S1.2, S2.2, S3.2), on the face the set-up gives (a
  triangle unit reduced, 22.1.3); the Entry Area must be a friendly one in play (22.2).
- 20.8: the North Caucasian Volunteers arrive one a turn, once Krasnodar and Voroshilovsk are both Axis controlled,
  at either city, in the Axis Initial Phase; in their first turn they move one hex and do not attack (they carry the
  restrictions of a Replacement marker, 21.4).
- 22.6: a unit that starts its move in a friendly Entry Area may move to another for its whole MA (not counted as
  Rail Movement): the Axis between its Entry Areas (22.6.2); the Soviets among those north of the Caspian (A-E, and
  in Fall Blau M-R) or those south of it (G-L), or to the Caspian Sea Transit Box, and from the Box to any Soviet
  Entry Area (22.6.3-22.6.4); at most two Combat Units in the Box; only Good Order units (22.3.1), not one with a
  Replacement marker (21.4), not a Plan Blücher unit (20.7: it leaves W only by the Kerch Strait).
- 23.4: from the Russian Winter on Entry Area K is not usable; units in it go to J (decision: J, the nearer).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from .data import facts, scenario_facts
from .state import GOOD_ORDER, Moved, State, UnitState
from .terrain import closed_in_winter, winter_from
from .units import info, name, table
from .zoc import units_in

ENTRY = "entry"
VOLUNTEERS = "volunteers"  # 20.8: the set-up's condition


def placements(ctx: Context) -> dict:
    """unit -> its reinforcement placement in the scenario (22.1)."""
    key = "s42_reinforcements"
    out = ctx.derived.get(key)
    if out is None:
        out = ctx.derived[key] = {p.unit: p for p in ctx.scenario.reinforcements}
    return out


def areas_for(ctx: Context, uid: str) -> tuple[str, ...]:
    """The Entry Areas a reinforcement may arrive in (its set-up row: ``entry``, else its location)."""
    p = placements(ctx)[uid]
    entry = p.extra.get("entry")
    if entry:
        return tuple(entry)  # type: ignore[arg-type]
    return (p.location,) if p.location else ()


def wrong_face(who: str, uid: str, to: str, face: str, want: str) -> list[Finding]:
    """22.1.3: a reinforcement arrives on the face its set-up row gives (the Trans-Caucasus Front's units too, 30.0)."""
    if face == want:
        return []
    return [Finding("22.1.3", f"{who} arrives on its {want} face, not its {face}", (uid,), (to,))]


def place_reinforcement(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``place`` of a reinforcement (22.1, 20.8)."""
    uid, to = action["unit"], action["to"]
    p = placements(ctx)[uid]
    who = name(ctx, state, uid)
    findings = []
    face = action.get("face", p.face)
    if p.condition == VOLUNTEERS:
        findings += _volunteer_problems(ctx, state, uid, to)
    elif p.turn is not None and p.turn > state.turn:
        findings.append(Finding("22.1.2", f"{who} arrives on turn {p.turn}, not before", (uid,), (to,)))
    elif p.condition:
        pass  # upgrades (32.4, 32.5), Trans-Caucasus units (30.0): issue 15
    else:
        allowed = areas_for(ctx, uid)
        owner = scenario_facts(ctx).areas
        if to not in allowed or owner.get(to) != ctx.game.units[uid].side:
            where = ", ".join(a for a in allowed if owner.get(a) == ctx.game.units[uid].side) or "none in play"
            findings.append(Finding("22.1.1", f"{who} arrives in one of its friendly Entry Areas ({where}), not in "
                                              f"{to}", (uid,), (to,)))
        elif closed_in_winter(ctx, state.turn, to):
            findings.append(Finding("23.4", f"{who}: Entry Area {to} is not usable in the Russian Winter; it arrives "
                                            "in another of its Entry Areas", (uid,), (to,)))
    findings += wrong_face(who, uid, to, face, p.face)
    units = dict(state.units)
    units[uid] = UnitState(to, face, replaced=p.condition == VOLUNTEERS)
    note_changes(ctx, state.units, units, [uid])
    state = evolve(state, units=units)
    if p.condition == VOLUNTEERS:
        state = evolve(state, logged=state.logged | {VOLUNTEERS})
    return state, findings


def _volunteer_problems(ctx: Context, state: State, uid: str, to: str) -> list[Finding]:
    r = facts(ctx).release
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    if any(state.control.get(h) != side for h in r.volunteer_hexes):
        return [Finding("20.8", f"{who}: the North Caucasian Volunteers arrive only once Krasnodar and Voroshilovsk "
                                "are both Axis controlled", (uid,), (to,))]
    if to not in r.volunteer_hexes:
        return [Finding("20.8", f"{who} arrives at Krasnodar ({r.volunteer_hexes[0]}) or Voroshilovsk "
                                f"({r.volunteer_hexes[1]}), not {to}", (uid,), (to,))]
    if VOLUNTEERS in state.logged:
        return [Finding("20.8", f"{who}: one North Caucasian Volunteer unit arrives a turn", (uid,), (to,))]
    return []


def _group(ctx: Context, area: str) -> str:
    e = facts(ctx).entry
    if area == e.transit:
        return "transit"
    if area in e.north:
        return "north"
    if area in e.south:
        return "south"
    return "other"


def between_areas(ctx: Context, state: State, uid: str, to: str) -> tuple[State, list[Finding]]:
    """22.6: a move from one friendly Entry Area to another, for the whole MA."""
    us = state.units[uid]
    start = us.loc or ""
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    owner = scenario_facts(ctx).areas
    f = facts(ctx)
    findings = []
    a, b = _group(ctx, start), _group(ctx, to)
    i = info(ctx, state, uid)
    if owner.get(start) != side or owner.get(to) != side:
        findings.append(Finding("22.6.1", f"{who}: units move between friendly Entry Areas only ({start} to {to})",
                                (uid,), (start, to)))
    elif uid in state.moved:
        findings.append(Finding("22.6.1", f"{who} has moved: moving to another Entry Area takes its whole MA", (uid,),
                                (start, to)))
    elif us.order != GOOD_ORDER or us.replaced:
        rule = "21.4" if us.replaced else "22.3.1"
        findings.append(Finding(rule, f"{who} is not in Good Order or carries a Replacement marker: it stays in "
                                      f"{start}", (uid,), (start, to)))
    elif ctx.game.units[uid].code == f.release.blucher_code:
        findings.append(Finding("20.7", f"{who} is a Plan Blücher unit: it leaves Entry Area "
                                        f"{f.sea.kerch_area} only across the Kerch Strait", (uid,), (start, to)))
    elif side == f.volga_side and a != "transit" and b != "transit" and a != b:
        findings.append(Finding("22.6.3", f"{who}: the Entry Areas north and south of the Caspian Sea are joined only "
                                          "through the Caspian Sea Transit Box", (uid,), (start, to)))
    elif to == f.entry.transit and i.combat and _in_transit(ctx, state) >= f.entry.transit_units:
        findings.append(Finding("22.6.4", f"{who}: at most {f.entry.transit_units} Combat Units may be in the Caspian "
                                          "Sea Transit Box", (uid,), (start, to)))
    elif closed_in_winter(ctx, state.turn, to):
        findings.append(Finding("23.4", f"{who}: Entry Area {to} is not usable in Winter", (uid,), (start, to)))
    units = dict(state.units)
    units[uid] = evolve(us, loc=to)
    note_changes(ctx, state.units, units, [uid])
    record = evolve(state.record, entry_moved=state.record.entry_moved | {uid})
    moved = {**state.moved, uid: Moved(start, 0, 0, ENTRY, True, True)}
    return evolve(state, units=units, record=record, moved=moved), findings


def _in_transit(ctx: Context, state: State) -> int:
    here = units_in(ctx, state, facts(ctx).entry.transit)
    return sum(1 for u in here if table(ctx)[u, state.units[u].face].combat)


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """23.4: when the Russian Winter begins, the units in Entry Area K go to J."""
    e = facts(ctx).entry
    if turn != winter_from(ctx) or e.winter_closed not in move_bits(ctx).bit:
        return state
    here = units_in(ctx, state, e.winter_closed)
    if not here:
        return state
    units = dict(state.units)
    for u in here:
        units[u] = evolve(units[u], loc=e.winter_to[0])
    note_changes(ctx, state.units, units, list(here))
    return evolve(state, units=units)
