"""Resource Points, ASUs and Supply Points (18.0), building and removing Fortifications (9.7.2-9.7.5) and the
deactivation of the printed ones (9.7.7).

- 18.1: each player receives two Resource Points in his Initial Phase (the Caucasus scenario: one, S2.2-S2.3), used
  there or lost: a Fortification begun (``fortify``), a Used ASU on a Connecting Rail Hex flipped Ready (``flip`` with
  ``pay: rp``), an SP placed in a friendly Entry Area (``place`` with ``pay: rp``), a Planned Offensive marker
  (``offensive``, 26.1).
- 18.2.1: a Used ASU turns Ready only for a Resource Point or a Supply Point; 18.6.4: an SP stacked with a Good Order
  ASU flips it Ready in the Initial or the Supply Phase, never in a Movement or Combat Phase, and is removed.
- 18.2.2: an ASU that advances after combat (or by Reserve activation) is Disrupted at the end of its advance (its
  movement: 13.1.2, ``movement``).
- 18.2.3, 18.3, 18.4, 18.5, 18.6.5, 18.6.7, 18.6.8, 5.6.4: the ASUs and SPs a ``battle`` lists under ``artillery``
  (one shift each) and a ``determined`` line's ``support`` (an ASU or SP: +1): Ready, Good Order, no Train or
  Replacement marker, in range (``ranges``; from an Entry Area only next to it), not in a Breakthrough, an Axis-allied
  HQ only for its nationality, an SP only stacked with a Good Order ASU and not after a rail or sea move if
  non-mobile, one shift a combat unless a Massive Barrage (two Soviet Artillery Divisions, or one and a Front HQ).
  Used: the ASU flips to its Used side, an Artillery Division leaves the game (18.5), the SP is removed. The shifts
  themselves are counted by combat (:func:`artillery_shifts`).
- 34.6.3: an ASU inside a Reserve Army's Holding Box (Maskirovka) is not used: neither shift nor support.
- 18.6.2: an SP changes sides in its owner's Movement Phase before it moves; 18.6.6: SPs never retreat; 18.6.8: at
  most five (Axis) or four (Soviet) Mobile SPs on the map.
- 19.3: a Non-Combat Unit retreats after combat only when a friendly Combat Unit of its hex survived the combat.
- 9.7.2-9.7.3: a Fortification is begun for a Resource Point in the Initial Phase, in a hex in supply and not enemy
  controlled, never in a City, Mountain, Marsh or Wooded Rough hex, one a hex, in an EZOC only with a friendly Combat
  Unit there, no more than the counter mix has (12 German, 24 Soviet); it is completed in the next friendly Initial
  Phase (:func:`begin_initial`); no attack out of a hex whose Fortification is under construction.
- 9.7.5: a player removes his own Fortification markers in his turn (``unfortify``); a marker goes when an enemy
  unit enters its hex.
- 9.7.7: at the end of a Soviet Player Turn each group of printed Fortifications (north of Kharkov, south of Kharkov,
  Rostov) is deactivated for good when no Soviet unit is in any of its hexes (Rostov: and Rostov is Axis controlled).
"""

from __future__ import annotations

from typing import Iterable

from ...engine.context import Context, once
from ...engine.position import position
from ...engine.state import evolve
from ...model import Action, Finding
from . import air, control, supply
from .campaign_data import later, scenario_rules
from .data import scenario_facts
from .losses import box, put_units
from .ranges import in_range, unit_range
from .state import DISRUPTED, GOOD_ORDER, Fort, State, UnitState
from .terrain import situation, terrain_of
from .units import Info, name, table
from .zoc import ezoc_bits, holds, other, units_in
from ...engine.paths import move_bits

RP = "rp"
INITIAL, MOVEMENT, COMBAT, SUPPLY = "initial", "movement", "combat", "supply"
READY, USED = "front", "back"  # an ASU's Ready and Used sides (units.csv: flip = convert)
SP_FULL, SP_READY = "front", "back"  # an SP's Full Movement and Ready sides (18.6.2)


def info_of(ctx: Context, state: State, uid: str) -> Info:
    return table(ctx)[uid, state.units[uid].face]


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


# --- Resource Points (18.1) ---------------------------------------------------------------------------------------

def points(ctx: Context, state: State, side: str) -> int:
    """18.1: the Resource Points ``side`` receives this turn (S2.2-S2.3: the Caucasus scenario's own rate)."""
    own = scenario_rules(ctx).points.get(side)
    if own is not None:
        return own[0] if state.turn >= own[1] else 0
    return later(ctx).resources.points


def spend(ctx: Context, state: State, side: str, what: str, units: tuple[str, ...] = (),
          where: tuple[str, ...] = ()) -> tuple[State, list[Finding]]:
    """18.1: one Resource Point spent on ``what``, in the owner's Initial Phase, within the turn's points."""
    have = points(ctx, state, side)
    used = state.record.resource_points
    state = evolve(state, record=evolve(state.record, resource_points=used + 1))
    if state.phase != INITIAL or state.player != side:
        return state, [Finding("18.1", f"{what}: Resource Points are spent in the owner's Initial Phase", units, where)]
    if used >= have:
        return state, [Finding("18.1", f"{what}: the {ctx.game.sides[side].name} player receives {have} Resource "
                                       f"Point(s) on turn {state.turn} and has spent {used}", units, where)]
    return state, []


# --- flips (18.2.1, 18.6.2, 18.6.4; Leaders 28.1.1) ------------------------------------------------------------------

def handle_flip(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``flip`` line: an ASU made Ready for a Resource Point or an SP (18.1, 18.2.1, 18.6.4), an SP changing sides
    (18.6.2), a Leader (28.1.1), an Air unit (9.3.1, ``air``)."""
    uid, face = action["unit"], action["face"]
    us = state.units[uid]
    i = info_of(ctx, state, uid)
    findings: list[Finding] = []
    pay = action.get("pay")
    if i.asu:
        state, findings = _flip_asu(ctx, state, action, uid, face, pay)
    elif "supply" in i.tags:
        findings = _flip_sp(ctx, state, action, uid, face)
    elif air.is_air(ctx, uid):
        problem = air.flip_problem(ctx, state, uid, face)
        findings = [problem] if problem else []
    elif "commander" in i.tags and face == READY and us.face != READY and \
            (state.phase != INITIAL or state.player != i.side):
        findings = [Finding("28.1.1", f"{name(ctx, state, uid)} turns back to its Ready side only in its owner's "
                                      "Initial Phase", (uid,), (us.loc or "",))]
    return put_units(ctx, state, {uid: evolve(state.units[uid], face=face)}), findings


def _flip_asu(ctx: Context, state: State, action: Action, uid: str, face: str, pay) -> tuple[State, list[Finding]]:
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    where = (us.loc or "",)
    if face != READY or us.face == READY:
        return state, []  # turning Used is bookkeeping (a shift given); Ready to Ready changes nothing
    if pay is None:
        return state, [Finding("18.2.1", f"{who}: a Used ASU turns Ready only for a Resource Point (in the Initial "
                                         "Phase, on a Connecting Rail Hex) or with a Supply Point stacked with it",
                               (uid,), where)]
    if us.order != GOOD_ORDER:
        rule = "18.1" if pay == RP else "18.6.4"
        return state, [Finding(rule, f"{who} is not in Good Order: only Good Order ASUs are flipped Ready", (uid,),
                               where)]
    if pay == RP:
        state, findings = spend(ctx, state, side, f"{who} flipped Ready", (uid,), where)
        if not findings and not supply.connecting(ctx, state, side, us.loc or ""):
            findings = [Finding("18.1", f"{who} is not on a Connecting Rail Hex: a Resource Point flips only an ASU "
                                        "on one", (uid,), where)]
        return state, findings
    sp = pay
    findings = []
    sp_us = state.units.get(sp)
    if sp_us is None or "supply" not in table(ctx)[sp, sp_us.face].tags or ctx.game.units[sp].side != side:
        findings.append(Finding("18.6.4", f"{who}: {sp} is not a friendly Supply Point", (uid, sp), where))
    elif state.phase not in (INITIAL, SUPPLY) or state.player != side:
        findings.append(Finding("18.6.4", f"{who}: Supply Points flip ASUs in their owner's Initial or Supply Phase, "
                                          "never in a Movement or Combat Phase", (uid, sp), where))
    elif sp_us.loc != us.loc:
        findings.append(Finding("18.6.4", f"{who}: the Supply Point {sp} is in {sp_us.loc}, not stacked with it",
                                (uid, sp), where))
    elif sp_us.train:
        findings.append(Finding("18.6.7", f"{who}: the Supply Point {sp} is under a Train marker", (uid, sp), where))
    if sp_us is not None and sp_us.loc in ctx.board.locations:
        state = _remove_sp(ctx, state, sp)
    return state, findings


def _remove_sp(ctx: Context, state: State, sp: str) -> State:
    """An SP used up (18.6.4, 18.6.5): it goes to the Eliminated Box, whence a Resource Point brings it back."""
    side = ctx.game.units[sp].side
    return put_units(ctx, state, {sp: UnitState(box(ctx, side, "eliminated"))})


def _flip_sp(ctx: Context, state: State, action: Action, uid: str, face: str) -> list[Finding]:
    """18.6.2: an SP changes sides in its owner's Movement Phase, before it moves (non-mobile SPs have no sides to
    choose: their back is two of them, 18.6.8)."""
    us = state.units[uid]
    side = ctx.game.units[uid].side
    if not ctx.game.units[uid].front.ma or face == us.face:
        return []
    if state.phase != MOVEMENT or state.player != side:
        return [Finding("18.6.2", f"{name(ctx, state, uid)} changes sides only in its owner's Movement Phase",
                        (uid,), (us.loc or "",))]
    if uid in state.moved:
        return [Finding("18.6.2", f"{name(ctx, state, uid)} has moved: an SP changes sides only before it moves",
                        (uid,), (us.loc or "",))]
    return []


# --- Supply Points placed (18.6.1, 18.6.8) ------------------------------------------------------------------------

def after_place(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """18.1, 18.6.1: an SP placed for a Resource Point, in a friendly Entry Area; 18.6.8: the Mobile SP limit."""
    if action.get("pay") != RP:
        return state, []
    uid, to = action["unit"], action["to"]
    side = ctx.game.units[uid].side
    who = name(ctx, before, uid)
    if "supply" not in table(ctx)[uid, "front"].tags:
        return state, [Finding("18.1", f"{who}: a Resource Point places a Supply Point, not this unit", (uid,), (to,))]
    state, findings = spend(ctx, state, side, f"{who} placed", (uid,), (to,))
    if findings:
        return state, findings
    if before.units[uid].loc in ctx.board.locations:
        return state, [Finding("18.6.1", f"{who} is on the map already", (uid,), (to,))]
    sf = scenario_facts(ctx)
    if sf.areas.get(to) != side or to == _transit(ctx):
        return state, [Finding("18.6.1", f"{who}: SPs are placed in a friendly Entry Area, not {to}", (uid,), (to,))]
    return state, _mobile_limit(ctx, state, side, uid, to)


def _transit(ctx: Context) -> str:
    from .data import facts  # noqa: PLC0415  (read where asked)
    return facts(ctx).entry.transit


def _mobile_limit(ctx: Context, state: State, side: str, uid: str, to: str) -> list[Finding]:
    limit = later(ctx).resources.mobile_sps.get(side)
    if limit is None:
        return []
    mobile = [u for u, us in state.units.items() if us.loc in ctx.board.locations and ctx.game.units[u].side == side
              and "supply" in table(ctx)[u, "front"].tags and ctx.game.units[u].front.ma]
    if len(mobile) > limit:
        return [Finding("18.6.8", f"the {ctx.game.sides[side].name} player has {len(mobile)} Mobile SPs on the map; "
                                  f"at most {limit} (the others must be non-mobile)", (uid,), (to,))]
    return []


# --- artillery (18.2.3, 18.3, 18.4, 18.5, 18.6.5) -----------------------------------------------------------------

def artillery_shifts(ctx: Context, state: State, action: Action) -> int:
    """The artillery shifts a ``battle`` claims: one per ASU or SP listed, at most a Massive Barrage's (18.5)."""
    return min(len(action.get("artillery") or ()), later(ctx).resources.barrage_shifts)


def _ally_nationalities(ctx: Context) -> frozenset[str]:
    """The nationalities of the Axis allies' units (18.3.3; made once per loaded game: a support's check looked at every
    unit of the game)."""
    return once(ctx, "s42_ally_nationalities", lambda c: frozenset(
        c.game.units[u].nationality for u in c.game.units if "axis_ally" in table(c)[u, "front"].tags))


def _asus_here(ctx: Context, state: State, loc: str, side: str) -> list[str]:
    """The Good Order ASUs of ``side`` in ``loc`` (Ready or Used), to give an SP its shift (18.6.5)."""
    out = []
    for u in units_in(ctx, state, loc):
        us = state.units[u]
        i = table(ctx)[u, us.face]
        if i.asu and i.side == side and us.order == GOOD_ORDER and not us.train and not us.replaced:
            out.append(u)
    return out


def _support_problem(ctx: Context, state: State, uid: str, side: str, targets: tuple[str, ...], hexes: tuple[str, ...],
                     nationalities: frozenset[str], defending: bool) -> tuple[str, str] | None:
    """(rule, why) an ASU or SP may not give its shift or +1 now, or None. ``targets``: the hexes of the units it
    must reach (attackers or the Lead Unit), ``hexes``: the combat's hex."""
    us = state.units.get(uid)
    if us is not None and us.loc in later(ctx).campaign.holding_boxes and table(ctx)[uid, us.face].asu:
        return "34.6.3", f"it is inside a Reserve Army's Holding Box ({us.loc}): no ASU is used there"
    if us is None or ctx.game.units[uid].side != side or us.loc not in ctx.board.locations:
        return "18.3.1", "it is not a friendly unit on the map"
    i = table(ctx)[uid, us.face]
    if us.train:
        return ("18.6.7" if "supply" in i.tags else "18.2.3"), "it is under a Train marker (5.6.4)"
    if "supply" in i.tags:
        if ctx.game.units[uid].front.ma and us.face != SP_READY:
            return "18.6.5", "the Supply Point is on its Full Movement side, not Ready"
        if not ctx.game.units[uid].front.ma and (uid in state.record.rail or
                                                  getattr(state.moved.get(uid), "mode", "") == "sea"):
            return "18.6.8", "a non-mobile Supply Point that used Rail or Sea Movement is not used this turn"
        asus = _asus_here(ctx, state, us.loc or "", side)
        if not asus:
            return "18.6.5", "a Supply Point gives a shift only stacked with a Good Order ASU"
        rng = max(unit_range(ctx, a) for a in asus)
    else:
        if not i.asu:
            if defending:  # 11.3: only one Air unit or one ASU gives a Determined Defense its +1
                return "11.3", "it is neither an ASU nor an Air unit"
            return "18.2.1", "it is not an ASU"
        if us.face != READY:
            return "18.2.1", "it is on its Used side"
        if us.order != GOOD_ORDER or us.replaced:
            return "18.2.3", "a Disrupted, Full Retreat or replaced ASU gives no combat benefit"
        nat = ctx.game.units[uid].nationality
        if "command_hq" in i.tags and nat in _ally_nationalities(ctx) and nat not in nationalities:
            who = "the Lead Unit is" if defending else "no attacking unit is"
            return "18.3.3", f"{who} {ctx.game.nationalities[nat].name}, the HQ's nationality"
        rng = unit_range(ctx, uid)
    loc = us.loc or ""
    if loc in ctx.game.map.areas:
        if not any(h in ctx.game.map.areas[loc].adjacent for h in hexes):
            return "18.3.3", f"from Entry Area {loc} it supports only a hex next to it"
        return None
    if defending and loc in hexes:
        return None
    if not in_range(ctx, state, side, loc, rng, targets):
        what = "the Lead Unit" if defending else "every attacking unit"
        return "18.4", f"{what} is beyond its range of {rng} hexes (18.4's path)"
    return None


def _barrage_problem(ctx: Context, state: State, side: str, listed: list[str]) -> str | None:
    """18.5: two shifts only from a Soviet Artillery Division with another or with a Front HQ."""
    r = later(ctx).resources
    if len(listed) <= r.shifts:
        return None
    tags = [table(ctx)[u, state.units[u].face].tags for u in listed]
    art = sum(1 for t in tags if "artillery_division" in t)
    hq = sum(1 for t in tags if "command_hq" in t)
    if len(listed) <= r.barrage_shifts and side == r.barrage_side and art >= 1 and art + hq == len(listed):
        return None
    return (f"{len(listed)} artillery shifts: one a combat, two only in a Massive Barrage (two Soviet Artillery "
            "Divisions, or one with a Front HQ; never two SPs, two HQs or an HQ with an SP)")


def after_battle(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """The artillery of a ``battle`` (18.2-18.6)."""
    return _use(ctx, state, dict.fromkeys(action.get("artillery") or ())), artillery_problems(ctx, before, action)


def artillery_problems(ctx: Context, before: State, action: Action) -> list[Finding]:
    """18.2.3-18.6.5: why the ASUs and SPs a ``battle`` lists under ``artillery`` may not give their shifts, from the
    state ``before`` it (the combat's claims are held to the shifts without them only when there is one, 8.3)."""
    findings: list[Finding] = []
    listed = list(dict.fromkeys(action.get("artillery") or ()))
    if not listed:
        return findings
    side = action.side
    target = tuple(action["targets"])
    attackers = [u for u in action["attackers"] if u in before.units]
    hexes = tuple(dict.fromkeys(before.units[u].loc or "" for u in attackers))
    nats = frozenset(ctx.game.units[u].nationality for u in attackers)
    if action.get("kind") == "breakthrough":
        findings.append(Finding("18.3.3", "artillery shifts are never used in Breakthrough Combat", tuple(listed),
                                target))
    else:
        for uid in listed:
            why = _support_problem(ctx, before, uid, side, hexes, target, nats, False)
            if why is not None:
                findings.append(Finding(why[0], f"{name(ctx, before, uid)} gives no artillery shift: {why[1]}",
                                        (uid,), target))
        barrage = _barrage_problem(ctx, before, side, [u for u in listed if u in before.units])
        if barrage is not None:
            findings.append(Finding("18.5", barrage, tuple(listed), target))
    return findings


def _use(ctx: Context, state: State, listed: Iterable[str]) -> State:
    """Shifts given: an ASU flips to its Used side (an Artillery Division leaves the game, 18.5), an SP is removed
    (18.6.5)."""
    for uid in listed:
        us = state.units.get(uid)
        if us is None or us.loc not in ctx.board.locations:
            continue
        i = table(ctx)[uid, us.face]
        if "supply" in i.tags:
            state = _remove_sp(ctx, state, uid)
        elif "artillery_division" in i.tags:
            state = put_units(ctx, state, {uid: UnitState("removed", us.face)})
        elif i.asu:
            state = put_units(ctx, state, {uid: evolve(us, face=USED)})
    return state


def _support_key(state: State, action: Action) -> str:
    return f"support:{state.battles.count}:{action['target']}:{action.get('support')}"


def defensive_support_problem(ctx: Context, state: State, action: Action) -> tuple[str, str] | None:
    """11.3, 18.3.2: (rule, why) when the ASU or SP of a ``determined`` line gives no +1; None when it does, when it
    is an Air unit (combat's, 9.3.4) or when it is the support already checked for this Desperate Defense (11.5.2)."""
    uid = action.get("support")
    if not uid or uid not in state.units or "aircraft" in info_of(ctx, state, uid).tags:
        return None
    if _support_key(state, action) in state.logged:  # 11.5.2: the same support for every roll
        return None
    lead = action["lead"]
    lead_loc = state.units[lead].loc if lead in state.units else None
    nats = frozenset({ctx.game.units[lead].nationality}) if lead in ctx.game.units else frozenset()
    return _support_problem(ctx, state, uid, action.side, (lead_loc or action["target"],), (action["target"],), nats,
                            True)


def after_determined(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """11.3, 18.3.2: an ASU or SP giving a Determined Defense its +1 (an Air unit is combat's, 9.3.4)."""
    uid = action.get("support")
    if not uid or uid not in before.units or "aircraft" in info_of(ctx, before, uid).tags:
        return state, []
    key = _support_key(before, action)
    if key in before.logged:  # 11.5.2: the same support for every roll of a Desperate Defense
        return state, []
    why = defensive_support_problem(ctx, before, action)
    findings = []
    if why is not None:
        findings.append(Finding(why[0], f"{name(ctx, before, uid)} gives no Defensive Support: {why[1]}", (uid,),
                                (action["target"],)))
    state = _use(ctx, state, [uid])
    return evolve(state, logged=state.logged | {key}), findings


# --- retreats and advances (18.2.2, 18.6.6, 19.3) ------------------------------------------------------------------

def after_retreat(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """18.6.6: SPs never retreat; 19.3: a Non-Combat Unit retreats only when a friendly Combat Unit of its hex
    survived the combat."""
    uid = action["unit"]
    us = before.units.get(uid)
    if us is None or us.loc not in ctx.board.locations:
        return state, []
    i = info_of(ctx, before, uid)
    who = name(ctx, before, uid)
    if i.combat:
        return evolve(state, logged=state.logged | {f"retreat_from:{us.loc}"}), []
    if "supply" in i.tags:
        return state, [Finding("18.6.6", f"{who}: Supply Points never retreat; it stays in {us.loc}", (uid,),
                               (us.loc or "",))]
    friends = [u for u in position(ctx, before.units).at.get(us.loc or "", ())
               if u != uid and info_of(ctx, before, u).combat and ctx.game.units[u].side == i.side]
    if not friends and f"retreat_from:{us.loc}" not in before.logged:
        return state, [Finding("19.3", f"{who} is a Non-Combat Unit: it retreats only with a friendly Combat Unit of "
                                       "its hex that survived the combat", (uid,), (us.loc or "",))]
    return state, []


def after_advance(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """18.2.2: an ASU that advances after combat (or as an activated Reserve) is Disrupted at the end of its
    advance."""
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None or us.loc not in ctx.board.locations or not info_of(ctx, state, uid).asu:
        return state, []
    if before.units[uid].loc == us.loc or us.order != GOOD_ORDER:
        return state, []
    return put_units(ctx, state, {uid: evolve(us, order=DISRUPTED)}), []


# --- Fortifications (9.7.2-9.7.5, 9.7.7) --------------------------------------------------------------------------

def printed_active(ctx: Context, state: State, hid: str) -> bool:
    """9.7.6-9.7.7: a printed Fortification that is not deactivated."""
    h = ctx.game.map.hexes.get(hid)
    if h is None or "fort" not in h.features:
        return False
    return not any(hid in hexes and g in state.markers.forts_off for g, hexes in later(ctx).fortifications.groups)


def fortified(ctx: Context, state: State, hid: str, side: str) -> bool:
    """9.7.1, 9.7.6: ``side`` defends ``hid`` with a completed Fortification: its own marker, or (Soviet only) an
    active printed one."""
    f = state.markers.forts.get(hid)
    if f is not None and f.complete and f.side == side:
        return True
    return side == later(ctx).fortifications.printed_side and printed_active(ctx, state, hid)


def handle_fortify(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``fortify`` line: a Fortification begun for a Resource Point (9.7.2-9.7.3)."""
    hid, side = action["hex"], action.side
    state, findings = spend(ctx, state, side, f"a Fortification begun in {hid}", (), (hid,))
    if not findings:
        why = _fort_problem(ctx, state, side, hid)
        if why is not None:
            findings = [Finding(why[0], f"no Fortification may be begun in {hid}: {why[1]}", (), (hid,))]
    m = state.markers
    return evolve(state, markers=evolve(m, forts={**m.forts, hid: Fort(side, False)})), findings


def _fort_problem(ctx: Context, state: State, side: str, hid: str) -> tuple[str, str] | None:
    f = later(ctx).fortifications
    if hid not in ctx.game.map.hexes or hid not in _in_play(ctx):
        return "9.7.2", "it is not a map hex in play"
    terrain = terrain_of(ctx, situation(ctx, state), hid)
    settlement = ctx.game.map.hexes[hid].settlement or ""
    if terrain in f.never or settlement in f.never:
        what = ctx.game.tec[settlement if settlement in f.never else terrain].name
        return "9.7.3", f"it is a {what} hex"
    if hid in state.markers.forts or printed_active(ctx, state, hid):
        return "9.7.3", "it holds a Fortification already (one a hex)"
    if control.enemy_controlled(ctx, state, side, hid):
        return "9.7.2", "it is enemy controlled"
    if not supply.traces(ctx, state, side, hid):
        return "9.7.2", "it is not in supply (no Line of Supply from it)"
    bit = move_bits(ctx).bit[hid]
    if ezoc_bits(ctx, state, side) & bit and not any(
            info_of(ctx, state, u).combat and ctx.game.units[u].side == side
            for u in units_in(ctx, state, hid)):
        return "9.7.3", "it is in an enemy zone of control and holds no friendly Combat Unit"
    mine = sum(1 for x in state.markers.forts.values() if x.side == side)
    limit = f.markers.get(side, 0)
    if mine >= limit:
        return "9.7.3", f"all {limit} of the side's Fortification markers are in play"
    return None


def _in_play(ctx: Context) -> frozenset[str]:
    from .board import in_play  # noqa: PLC0415
    return in_play(ctx)


def handle_unfortify(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``unfortify`` line: the owner removes his Fortification marker in his turn (9.7.5)."""
    hid = action["hex"]
    m = state.markers
    f = m.forts.get(hid)
    findings = []
    if f is None:
        findings.append(Finding("9.7.5", f"there is no Fortification marker in {hid} (printed Fortifications are never "
                                         "removed, 9.7.6)", (), (hid,)))
    elif f.side != action.side or state.player != action.side:
        findings.append(Finding("9.7.5", f"the Fortification in {hid} is removed only by its owner "
                                         f"({ctx.game.sides[f.side].name}) in his own Player Turn", (), (hid,)))
    forts = {h: x for h, x in m.forts.items() if h != hid}
    return evolve(state, markers=evolve(m, forts=forts)), findings


def after_entering(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """9.7.5: a Fortification marker goes when an enemy unit enters its hex."""
    forts = state.markers.forts
    if not forts:
        return state, []
    gone = [h for h, f in forts.items() if any(ctx.game.units[u].side != f.side for u in units_in(ctx, state, h))]
    if not gone:
        return state, []
    m = state.markers
    return evolve(state, markers=evolve(m, forts={h: f for h, f in forts.items() if h not in gone})), []


def fort_attack(ctx: Context, state: State, uid: str, target: str) -> Finding | None:
    """9.7.2: no attack out of a hex where a friendly Fortification is being built (a check of
    ``combat.ATTACK_CHECKS``)."""
    us = state.units[uid]
    f = state.markers.forts.get(us.loc or "")
    if f is not None and not f.complete and f.side == ctx.game.units[uid].side:
        return Finding("9.7.2", f"{name(ctx, state, uid)} attacks out of {us.loc}, where a Fortification is being "
                                "built; no attack is allowed out of that hex", (uid,), (us.loc or "",))
    return None


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """The side's Initial Phase begins: its Fortifications under construction are completed (9.7.2)."""
    m = state.markers
    if any(not f.complete and f.side == side for f in m.forts.values()):
        forts = {h: (Fort(f.side, True) if f.side == side else f) for h, f in m.forts.items()}
        state = evolve(state, markers=evolve(m, forts=forts))
    return state


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """9.7.7: at the end of a Soviet Player Turn, groups of printed Fortifications clear of Soviet units are
    deactivated (the Rostov group once Rostov is Axis controlled too)."""
    f = later(ctx).fortifications
    if side != f.printed_side:
        return state, []
    off = set(state.markers.forts_off)
    for g, hexes in f.groups:
        if g in off or any(holds(ctx, state, side, h) for h in hexes):
            continue
        if g == f.control_group and state.control.get(f.control_hex) != other(ctx, side):
            continue
        off.add(g)
    if off == set(state.markers.forts_off):
        return state, []
    return evolve(state, markers=evolve(state.markers, forts_off=frozenset(off))), []
