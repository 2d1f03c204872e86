"""Reserves (25.0, advanced rule ``reserves``) and Disengagement (27.0, advanced rule ``disengagement``).

- 25.2.1: in his Movement Phase the phasing player marks Reserve (``reserve``) Good Order units that did not move, or
  moved one hex without entering an EZOC, and received no replacement; they do not move again until the Combat Phase.
- 25.2.2: three Reserve markers a side (one a stack: the hexes marked).
- 25.2.3: in his Combat Phase he activates Reserve stacks (``activate``): the markers come off and the units may
  advance after combat up to two hexes (``advance`` lines; never across an unbridged, unfrozen Major River); they
  never attack; the markers left come off when the phase ends (``combat``). A unit still under its marker neither
  attacks nor advances (not even stacked with the attackers, 14.1): activation is what lets a Reserve act.
- 27.2.1: a unit that does not attack and is next to an enemy unit may try to Disengage (``disengage``) in its
  Combat Phase (or the Interchange Turn's, 33.2.3), once; a unit in Full Retreat only stacked with other units; a
  stack rolls once for all or each unit alone; a unit that tried never attacks.
- 27.2.2: +1 for Cavalry or Mechanized units (a stack: all of them), -1 when it (or one of the stack) is Disrupted;
  the Disengagement Table (``tables.toml disengagement``) gives the result, checked against the line's claim.
- 27.2.3: No: the unit stays. Yes: it retreats one or two hexes (``retreat`` lines), never into an EZOC without a
  friendly unit, Disrupted (Full Retreat if already Disrupted); Yes -1: it loses a step first (``loss``). A retreat
  owed and never made is reported when the Combat Phase ends.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.paths import move_bits

from ...engine.state import evolve
from ...model import Action, Finding
from .campaign_data import later
from .leaders import final_die
from .movement import pontoon_steps
from .resources import info_of, put_units
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State
from .terrain import crossings, situation
from .units import name
from .zoc import adjacent_bits, ezoc_bits, other, sides, units_in

RESERVES, DISENGAGEMENT = "reserves", "disengagement"
ACTIVATED, TRIED, OWED, STEP = "activated:", "disengaged:", "disengaging:", "disengage_step:"
RESERVE_HEXES = "reserve_hexes:"  # in ``State.logged``: "<unit>:<n>", the hexes an activated Reserve advanced (25.2.3)


def activated(state: State, uid: str) -> bool:
    """25.2.3: the unit was activated as a Reserve this Combat Phase."""
    return ACTIVATED + uid in state.logged


def disengaging(state: State, uid: str) -> bool:
    """27.2.3: the unit owes the retreat of a successful Disengagement."""
    return OWED + uid in state.logged


def step_owed(state: State, uid: str) -> bool:
    """27.2.3: the unit owes the step of a Yes -1 (before its retreat)."""
    return STEP + uid in state.logged


# --- Reserves (25.2) ------------------------------------------------------------------------------------------------

def handle_reserve(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``reserve`` line (25.2.1-25.2.2): Reserve markers on the units."""
    units = [u for u in action["units"] if u in state.units]
    findings = []
    if not ctx.option(RESERVES):
        findings.append(Finding("25.2.1", "Reserves (advanced rule 25) are not in play in this game", tuple(units)))
    else:
        for uid in units:
            why = _reserve_problem(ctx, state, uid, action.side)
            if why is not None:
                us = state.units[uid]
                findings.append(Finding("25.2.1", f"{name(ctx, state, uid)} may not be put in Reserve: {why}", (uid,),
                                        (us.loc or "",)))
    state = put_units(ctx, state, {u: evolve(state.units[u], reserve=True) for u in units})
    limit = later(ctx).reserves.markers.get(action.side, 0)
    stacks = {us.loc for u, us in state.units.items()
              if us.reserve and ctx.game.units[u].side == action.side and us.loc in ctx.board.locations}
    if len(stacks) > limit and not findings:
        findings.append(Finding("25.2.2", f"{len(stacks)} stacks in Reserve; each side has {limit} Reserve markers",
                                tuple(units), tuple(sorted(s for s in stacks if s))))
    return state, findings


def _reserve_problem(ctx: Context, state: State, uid: str, side: str) -> str | None:
    us = state.units[uid]
    if ctx.game.units[uid].side != side or us.loc not in ctx.board.locations:
        return "it is not one of the phasing player's units on the map"
    if us.order != GOOD_ORDER:
        return "it is not in Good Order"
    if us.replaced:
        return "it received a replacement this turn"
    m = state.moved.get(uid)
    if m is None:
        return None
    if m.mode not in ("normal", "extended", "tactical") or m.hexes > later(ctx).reserves.moved_hexes:
        return f"it moved {m.hexes} hexes; only units that did not move or moved one hex may"
    if ezoc_bits(ctx, state, side) & move_bits(ctx).bit.get(us.loc or "", 0):
        return "it entered an enemy zone of control"
    return None


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """25.2.1: a unit in Reserve does not move until the Combat Phase."""
    uid = action["unit"]
    us = before.units.get(uid)
    if us is None or not us.reserve or us.loc is None:
        return state, []
    return state, [Finding("25.2.1", f"{name(ctx, before, uid)} is in Reserve and may not move until the Combat Phase",
                           (uid,), (us.loc,))]


def handle_activate(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``activate`` line (25.2.3): the Reserve markers come off; the units may advance up to two hexes."""
    units = [u for u in action["units"] if u in state.units]
    findings = []
    for uid in units:
        us = state.units[uid]
        if not us.reserve or ctx.game.units[uid].side != action.side:
            findings.append(Finding("25.2.3", f"{name(ctx, state, uid)} carries no Reserve marker of the phasing player",
                                    (uid,), (us.loc or "",)))
        elif uid in state.battles.attacked:
            findings.append(Finding("25.2.3", f"{name(ctx, state, uid)} attacked this phase: activated Reserves never "
                                              "attack", (uid,), (us.loc or "",)))
    state = put_units(ctx, state, {u: evolve(state.units[u], reserve=False) for u in units})
    return evolve(state, logged=state.logged | {ACTIVATED + u for u in units}), findings


def _reserve_hexes(state: State, uid: str) -> int:
    """25.2.3: the hexes the activated Reserve ``uid`` advanced so far this phase."""
    head = f"{RESERVE_HEXES}{uid}:"
    return next((int(x[len(head):]) for x in state.logged if x.startswith(head)), 0)


def after_advance(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """25.2.3: an activated Reserve advances at most two hexes (over all its ``advance`` lines), never across an
    unbridged, unfrozen Major River (a Pontoon Bridge, 5.5.5, is a bridge it may cross: 25.2.3 names it)."""
    uid = action["unit"]
    if not activated(before, uid) or uid in before.battles.attacked:
        return state, []
    start = before.units[uid].loc or ""
    path = [h for h in action["path"] if h != start] if action["path"] and action["path"][0] == start else \
        list(action["path"])
    findings = []
    limit = later(ctx).reserves.advance
    who = name(ctx, before, uid)
    done = _reserve_hexes(before, uid)
    if done + len(path) > limit:
        findings.append(Finding("25.2.3", f"{who} advances {done + len(path)} hexes as an activated Reserve; at most "
                                          f"{limit}", (uid,), (start, *path)))
    state = evolve(state, logged=state.logged - {f"{RESERVE_HEXES}{uid}:{done}"}
                   | {f"{RESERVE_HEXES}{uid}:{done + len(path)}"})
    if _major_crossed(ctx, before, uid, [start, *path]):
        findings.append(Finding("25.2.3", f"{who}: activated Reserves never cross an unbridged, unfrozen Major River",
                                (uid,), (start, *path)))
    return state, findings


def _major_crossed(ctx: Context, state: State, uid: str, path: list[str]) -> bool:
    """25.2.3: a step of ``path`` across an unbridged Major River that is neither frozen (23.4) nor spanned by a
    Pontoon Bridge (5.5.5: the advancing unit counts on its own bank when it is a Combat Unit)."""
    c = crossings(ctx)
    winter = situation(ctx, state).winter
    bit = move_bits(ctx).bit
    pontoon = pontoon_steps(ctx, state, ctx.game.units[uid].side, info_of(ctx, state, uid).combat)
    for a, b in zip(path, path[1:]):
        d = ctx.board.step_index.get((a, b))
        if d is None:
            continue
        here = bit.get(a, 0)
        if c.major[d] & here and not (winter and c.major_freezes[d] & here) and not pontoon[d] & here:
            return True
    return False


def unactivated(ctx: Context, state: State, uid: str, path: tuple[str, ...]) -> Finding | None:
    """25.2.3: a unit still under its Reserve marker advances only once activated (the marker off), never as a unit
    stacked with the attackers (14.1) nor without a combat: its ``advance`` line is reported."""
    if not state.units[uid].reserve:
        return None
    return Finding("25.2.3", f"{name(ctx, state, uid)} is under a Reserve marker: a Reserve advances only once "
                             "activated", (uid,), path)


def attack_problem(ctx: Context, state: State, uid: str, target: str) -> Finding | None:
    """25.2.3: a unit under a Reserve marker takes no part in combat (activation lets it advance, never attack), and
    activated Reserves never attack; 27.2.1: a unit that tried to Disengage never attacks (a check of
    ``combat.ATTACK_CHECKS``)."""
    loc = (state.units[uid].loc or "",)
    if state.units[uid].reserve:
        return Finding("25.2.3", f"{name(ctx, state, uid)} is under a Reserve marker: a Reserve never attacks (once "
                                 "activated it may only advance)", (uid,), loc)
    if activated(state, uid):
        return Finding("25.2.3", f"{name(ctx, state, uid)} was activated as a Reserve: it never attacks", (uid,), loc)
    if TRIED + uid in state.logged:
        return Finding("27.2.1", f"{name(ctx, state, uid)} tried to Disengage this phase: a unit either attacks or "
                                 "disengages", (uid,), loc)
    return None


# --- Disengagement (27.2) -------------------------------------------------------------------------------------------

def drm(ctx: Context, state: State, units: list[str]) -> int:
    """27.2.2: +1 when every unit is Cavalry or Mechanized, -1 when one is Disrupted."""
    d = later(ctx).disengagement
    out = 0
    tags = [info_of(ctx, state, u).tags for u in units]
    if tags and all("mounted" in t or "mechanized" in t for t in tags):
        out += d.mobile_drm
    if any(state.units[u].order == DISRUPTED for u in units):
        out += d.disrupted_drm
    return out


def handle_disengage(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``disengage`` line (27.2): who may try, the roll, the result."""
    units = [u for u in action["units"] if u in state.units]
    findings: list[Finding] = []
    where = tuple(dict.fromkeys(state.units[u].loc or "" for u in units))
    if not ctx.option(DISENGAGEMENT):
        findings.append(Finding("27.2.1", "Disengagement (advanced rule 27) is not in play in this game", tuple(units),
                                where))
    else:
        findings += _who_problems(ctx, state, units, action.side)
        t = ctx.game.tables[later(ctx).disengagement.table]
        roll = final_die(action) + drm(ctx, state, units)
        got = t.result(t.columns[0], t.row_for(roll))
        if got != action["result"]:
            findings.append(Finding("27.2.2", f"the Disengagement roll {final_die(action)} {drm(ctx, state, units):+d} "
                                              f"= {roll} reads '{got}', not '{action['result']}'", tuple(units), where))
    logged = state.logged | {TRIED + u for u in units}
    bad = {u for f in findings if f.rule in ("27.2.1", "21.4") for u in f.units}
    able = [u for u in units if u not in bad]
    if action["result"] != "no":
        logged |= {OWED + u for u in able}
        if action["result"] == "yes_step":
            logged |= {STEP + u for u in able}
    return evolve(state, logged=logged), findings


def _who_problems(ctx: Context, state: State, units: list[str], side: str) -> list[Finding]:
    """27.2.1: who may try to Disengage; 21.4: never a unit with a Replacement marker."""
    out = []
    locs = {state.units[u].loc for u in units}
    if len(locs) > 1:
        out.append(Finding("27.2.1", "a Disengagement roll is for one unit or one whole stack, not units of several "
                                     "hexes", tuple(units), tuple(sorted(x or "" for x in locs))))
    enemy = sides(ctx, state, other(ctx, side)).units
    near = adjacent_bits(ctx, state, enemy)
    bit = move_bits(ctx).bit
    for uid in units:
        us = state.units[uid]
        who = name(ctx, state, uid)
        here = (us.loc or "",)
        why = None
        if ctx.game.units[uid].side != side or us.loc not in ctx.board.locations:
            why = "it is not one of the phasing player's units on the map"
        elif uid in state.battles.attacked:
            why = "it attacked this phase (a unit either attacks or disengages)"
        elif TRIED + uid in state.logged:
            why = "it tried to Disengage this phase already"
        elif not near & bit.get(us.loc or "", 0):
            why = "it is not next to an enemy unit"
        elif us.order == FULL_RETREAT and len(units_in(ctx, state, us.loc or "")) < 2:
            why = "a unit in Full Retreat disengages only stacked with other units"
        elif us.replaced:
            out.append(Finding("21.4", f"{who} has a Replacement marker: it may not Disengage", (uid,), here))
        if why is not None:
            out.append(Finding("27.2.1", f"{who} may not try to Disengage: {why}", (uid,), here))
    return out


def after_retreat(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """27.2.3: a Disengagement's retreat: one or two hexes, never into an EZOC without a friendly unit."""
    uid = action["unit"]
    if not disengaging(before, uid):
        return state, []
    start = before.units[uid].loc or ""
    path = list(action["path"])
    if path and path[0] == start:
        path = path[1:]
    lo, hi = later(ctx).disengagement.retreat
    who = name(ctx, before, uid)
    findings = []
    if not lo <= len(path) <= hi:
        findings.append(Finding("27.2.3", f"{who} disengages {len(path)} hexes; a Disengagement retreats {lo} or {hi}",
                                (uid,), (start, *path)))
    bad = ezoc_entered(ctx, before, uid, path)
    if bad:
        findings.append(Finding("27.2.3", f"{who} disengages into an enemy zone of control without a friendly unit "
                                          f"({bad})", (uid,), (start, *path)))
    return evolve(state, logged=state.logged - {OWED + uid, STEP + uid}), findings


def ezoc_entered(ctx: Context, state: State, uid: str, path) -> str:
    """27.2.3: the first hex of a Disengagement's retreat ``path`` in an enemy zone of control without a friendly unit
    (such a retreat is not allowed), or ""."""
    side = ctx.game.units[uid].side
    ez = ezoc_bits(ctx, state, side)
    friends = sides(ctx, state, side).units
    bit = move_bits(ctx).bit
    return next((h for h in path if bit.get(h, 0) & ez and not bit.get(h, 0) & friends), "")


def after_loss(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """27.2.3: the step a Yes -1 costs is taken."""
    uid = action["unit"]
    if not step_owed(before, uid):
        return state, []
    return evolve(state, logged=state.logged - {STEP + uid}), []


def end_combat(ctx: Context, state: State) -> list[Finding]:
    """27.2.3: the retreats and steps successful Disengagements still owe when the Combat Phase ends."""
    owed = sorted(x[len(OWED):] for x in state.logged if x.startswith(OWED))
    return [Finding("27.2.3", f"{name(ctx, state, u)} disengaged and must retreat one or two hexes (Disrupted), but "
                              "no retreat was logged", (u,), (state.units[u].loc or "",))
            for u in owed if state.units[u].loc in ctx.board.locations]
