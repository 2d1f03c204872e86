"""Campaign-only rules (30.0-34.0; S4.3) and the Reserve Armies of the scenarios (31.0, S1.2).

- 30.0: once an Axis unit enters (or moves south of) hex row xx40, the Trans-Caucasus Front Box's units arrive one a
  turn (``place`` from the box) in the Soviet Initial Phase at a Soviet Entry Area south of the Caspian (G-L).
  Decision: the Caucasus scenario's box (S2.3: its TC units arrive at G-L) follows the same trigger. They arrive on
  the face they have in the box, as any reinforcement (22.1.3).
- 31.0: the 5th, 6th, 7th and 8th Reserve Armies (units.csv ``formation``) do not move until released: the 8th on
  turn 15 (turn event ``release_reserve_army``) or when an Axis unit moves within six hexes of Saratov; the others by
  a ``release`` line in the Soviet Initial Phase, one army a turn from turn 2. S1.2: in Fall Blau the 6th moves from
  turn 2; one unit of the 5th may use Rail Movement. A header's position may say in ``released`` which armies were
  released before it ("6R") and that 30.0's trigger fired ("trans_caucasus") (:func:`_shown`).
- 32.1: in the Axis Initial Phase of turn 10, Grossdeutschland and two elite Panzer divisions (not Isolated ones
  while others may go) are removed (``remove`` to ``removed``), at least seven steps: fewer, and other Panzer
  divisions lose the rest (``loss``), no more; more, and the extra steps may go at once to reduced Panzer or
  Panzergrenadier divisions in supply (``absorb``).
- 32.2: in the Soviet Initial Phase of each ``remove_tank_corps`` turn, one Tank Corps in supply or in the Eliminated
  Box is removed: at least one step (from the box, and only then, a Tank Corps on the map loses a step); extra steps
  to reduced Tank Corps in supply or a non-Guards Tank Brigade from the Eliminated Box into the departing Corps' hex
  (``absorb``).
- 32.3: 1 RFSS leaves on turn 11 (reduced or eliminated: the Axis loses its next Special replacement), Barbò on turn
  23 (the validator removes them); on turns 9 and 17 the Axis removes one in-supply, full-strength, 3-step German
  infantry division.
- 32.4: on turn 13 Wiking gains a step (its 8-10-6 counter, ``upgrade_of``, is its four-step full strength); 32.5: on
  turn 20 KG Michalik becomes the 27th Panzer Division (where it stands; from the Eliminated Box, a reinforcement on
  its reduced side). The validator makes both changes.
- 33.1: from turn 25 the Soviets may start the Winter Offensive (``winter_offensive``) in their Initial Phase, once;
  33.2.1: the Romanian Air unit leaves; two Ready Planned Offensive markers (``offensives``) and two Ready SPs
  (``supply_points``) go with friendly HQs in supply. The turn order flips after it (``turn_order``).
- 34.x (Maskirovka): ``maskirovka``.
"""

from __future__ import annotations

from ...engine.context import Context, once, per_replay
from ...engine.paths import move_bits
from ...engine.state import evolve
from ...model import Action, Finding
from . import supply
from .campaign_data import VASILEVSKY, campaign_rules, later, not_in_force, scenario_rules
from .data import axis as _axis, facts, scenario_facts
from .entry import wrong_face
from .losses import box
from .offensives import place_ready
from .resources import SP_READY, info_of, put_units
from .special import near
from .state import State, UnitState
from .units import name
from .victory import steps_of

TC = "tc"  # 30.0 triggered
ARMY = "army:"  # 31.0: a Reserve Army released ("army:6R")
RELEASED_ON = "released_on:"  # 31.0: the turn an army was released by choice
RAILED = "railed:"  # S1.2: a unit of a rail-limited formation railed
PENALTY = "special_penalty"  # 32.3: the Axis loses its next Special replacement
REMOVED = "removed:"  # 32.x: "removed:<unit>:<steps>" this Initial Phase (logged)
LOST = "lost:"  # 32.x: "lost:<unit>:<n>", the n-th step the unit lost in this Initial Phase (logged)
EXCESS = "excess:"  # 32.1-32.2: extra steps absorbed (logged)
TC_PLACED = "tc_placed"  # 30.0: a unit placed from the box this phase (logged)
UPGRADE = "upgrade"  # set-up condition of 32.4's and 32.5's counters


def _turns(ctx: Context, code: str) -> frozenset[int]:
    """The turns whose track prints this event."""
    return per_replay(ctx, ("s42_event_turns", code),
                lambda c: frozenset(n for n, t in c.game.turns.items() for e in t.events if e.code == code))


def _row(ctx: Context, hid: str) -> int:
    return int(hid[ctx.game.map.grid.id_digits:])


# --- 31.0 Reserve Armies held ----------------------------------------------------------------------------------

def _shown(ctx: Context) -> frozenset[str]:
    """The events of 30.0 and 31.0 a header's position says happened before it, in its ``released`` (made once per
    replay): a frozen Reserve Army released ("6R": its units move, 31.0; "8R" also by the Saratov trigger), the
    Trans-Caucasus trigger fired ("trans_caucasus", 30.0). A position is free: where its units stand says nothing
    of what happened before it (``reserve_armies``: a 7th Reserve Army division away from its set-up hex is frozen)."""
    def make(c: Context) -> frozenset[str]:
        said = set(c.header.position.get("released", ()))
        out = {ARMY + f for f in said if f in _frozen_formations(c)}
        return frozenset(out | ({TC} if later(c).campaign.trans_caucasus in said else set()))
    return per_replay(ctx, "s42_shown_by_position", make)


def _events(ctx: Context, state: State) -> frozenset[str]:
    """What happened so far: the log's events and those its header's position shows (:func:`_shown`)."""
    shown = _shown(ctx)
    return state.events | shown if shown else state.events


def _formation(ctx: Context, uid: str) -> str:
    return str(ctx.game.units[uid].extra.get("formation") or "")


def _frozen_formations(ctx: Context) -> frozenset[str]:
    if campaign_rules(ctx):
        return later(ctx).campaign.reserve_armies
    return frozenset(scenario_rules(ctx).free_from)


def frozen(ctx: Context, state: State, uid: str) -> str | None:
    """31.0, S1.2: why a Reserve Army unit may not move yet, or None."""
    f = _formation(ctx, uid)
    if f not in _frozen_formations(ctx) or ARMY + f in _events(ctx, state):
        return None
    free = scenario_rules(ctx).free_from.get(f)
    if free is not None:
        return None if state.turn >= free else f"the {f} Reserve Army moves from turn {free}"
    c = later(ctx).campaign
    if f == c.saratov_army:
        if any(state.turn >= t for t in _turns(ctx, "release_reserve_army")):
            return None
        return f"the {f} Reserve Army is released on turn 15 or when an Axis unit moves within six hexes of Saratov"
    return f"the {f} Reserve Army does not move until the Soviets release it (one army a turn from turn 2)"


def moves_concern(ctx: Context, kind: str, uid: str) -> bool:
    """Whether :func:`after_move` may say anything about a line of ``kind`` moving ``uid``: a rail move (S1.2), a unit
    of a Reserve Army that may be frozen (31.0, S1.2; an unknown unit is left to the check itself)."""
    return kind == "rail" or uid not in ctx.game.units or _formation(ctx, uid) in _frozen_formations(ctx)


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """31.0, S1.2: frozen Reserve Armies do not move; S1.2: one unit of the 5th Reserve Army by rail."""
    uid = action["unit"]
    findings = []
    why = frozen(ctx, before, uid)
    rule = "31.0" if campaign_rules(ctx) else scenario_rules(ctx).special
    if why is not None:
        findings.append(Finding(rule, f"{name(ctx, before, uid)} may not move: {why}", (uid,),
                                (before.units[uid].loc or "",)))
    if action.type == "rail":
        state, more = _rail_limit(ctx, before, state, uid)
        findings += more
    return state, findings


def _rail_limit(ctx: Context, before: State, state: State, uid: str) -> tuple[State, list[Finding]]:
    sr = scenario_rules(ctx)
    f = _formation(ctx, uid)
    limit = sr.rail_limit.get(f)
    if limit is None:
        return state, []
    used = sum(1 for e in before.events if e.startswith(f"{RAILED}{f}:"))
    state = evolve(state, events=state.events | {f"{RAILED}{f}:{uid}"})
    if used >= limit:
        return state, [Finding(sr.special, f"{name(ctx, before, uid)}: only {limit} unit(s) of the {f} Reserve Army "
                                           "may use Rail Movement; the others move on normally", (uid,))]
    return state, []


def handle_release(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``release`` line (31.0): the Soviets release one frozen Reserve Army a turn from turn 2; a release line
    of this turn's army again (its other units on one more line) is the same release."""
    units = [u for u in action["units"] if u in ctx.game.units]
    forms = {_formation(ctx, u) for u in units}
    c = later(ctx).campaign
    findings = []
    f = next(iter(forms)) if len(forms) == 1 else None
    where = tuple(state.units[u].loc or "" for u in units)
    if f is None or f not in _frozen_formations(ctx):
        findings.append(Finding("31.0", "a release names the units of one frozen Reserve Army", tuple(units), where))
    elif f == c.saratov_army:
        findings.append(Finding("31.0", f"the {f} Reserve Army is released only on turn 15 or by an Axis unit within "
                                        "six hexes of Saratov", tuple(units), where))
    elif f"{RELEASED_ON}{state.turn}:{f}" in state.events:
        pass  # the release of this turn written on one more line: the army's other units (one release)
    elif ARMY + f in _events(ctx, state):
        findings.append(Finding("31.0", f"the {f} Reserve Army is released already", tuple(units), where))
    elif state.turn < c.reserve_army_turn:
        findings.append(Finding("31.0", f"Reserve Armies are released from turn {c.reserve_army_turn}", tuple(units),
                                where))
    elif f"{RELEASED_ON}{state.turn}" in state.events:
        findings.append(Finding("31.0", "one Reserve Army is released a turn", tuple(units), where))
    if f is None:
        return state, findings
    made = {ARMY + f, f"{RELEASED_ON}{state.turn}", f"{RELEASED_ON}{state.turn}:{f}"}
    return evolve(state, events=state.events | made,
                  released=state.released | {f"unit:{u}" for u in units}), findings


# --- triggers (30.0, 31.0) ---------------------------------------------------------------------------------------

def units_concern(ctx: Context, kind: str, uid: str) -> bool:
    """Whether :func:`after_units` may say anything about a line of ``kind`` for ``uid``: Axis units alone (30.0,
    31.0; an unknown unit is left to the check itself)."""
    return uid not in ctx.game.units or ctx.game.units[uid].side == _axis(ctx)


def after_units(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """30.0: an Axis unit in hex row xx40 or south; 31.0: an Axis unit within six hexes of Saratov."""
    uid = action.get("unit")
    if not uid or uid not in ctx.game.units or ctx.game.units[uid].side != _axis(ctx):
        return state, []
    c = later(ctx).campaign
    army = ARMY + c.saratov_army
    events = _events(ctx, state)
    tc = TC not in events
    saratov = army not in events and c.saratov_army in _frozen_formations(ctx)
    if not (tc or saratov):  # both triggered already: nothing is left to look for
        return state, []
    path = (*(action.get("path") or ()), state.units[uid].loc or "")
    new = set()
    if tc and not _south(ctx).isdisjoint(path):
        new.add(TC)
    if saratov and not _near_saratov(ctx).isdisjoint(path):
        new.add(army)
    return (evolve(state, events=state.events | new) if new else state), []


def _south(ctx: Context) -> frozenset[str]:
    """30.0: the map hexes in hex row xx40 or south (made once per loaded game: asked at every Axis move)."""
    return once(ctx, "s42_trans_caucasus_hexes", lambda c: frozenset(
        h for h in c.game.map.hexes if _row(c, h) >= later(c).campaign.trans_caucasus_row))


def _near_saratov(ctx: Context) -> frozenset[str]:
    """31.0: the map hexes within six hexes of Saratov (made once per loaded game)."""
    def make(c: Context) -> frozenset[str]:
        camp = later(c).campaign
        bit = move_bits(c).bit
        around = near(c, camp.saratov, camp.saratov_hexes)
        return frozenset(h for h in c.game.map.hexes if bit.get(h, 0) & around)
    return once(ctx, "s42_near_saratov", make)


# --- placements from boxes and upgrades ---------------------------------------------------------------------------

def places(ctx: Context, state: State, action: Action) -> bool:
    """Whether a ``place`` line is this module's: a unit of the Trans-Caucasus Front Box (30.0), an upgrade counter
    (32.4, 32.5)."""
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None:
        return False
    if us.loc == later(ctx).campaign.trans_caucasus:
        return True
    p = _placement(ctx, uid)
    return p is not None and p.condition == UPGRADE


def _placement(ctx: Context, uid: str):
    from .entry import placements  # noqa: PLC0415
    return placements(ctx).get(uid)


def handle_place(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``place`` of a Trans-Caucasus unit (30.0) or an upgrade counter (32.4, 32.5)."""
    uid, to = action["unit"], action["to"]
    us = state.units[uid]
    face = action.get("face", us.face or "front")
    who = name(ctx, state, uid)
    c = later(ctx).campaign
    findings = []
    if us.loc == c.trans_caucasus:
        south = [a for a in sorted(facts(ctx).entry.south) if scenario_facts(ctx).areas.get(a) == action.side]
        if TC not in _events(ctx, state):
            findings.append(Finding("30.0", f"{who}: the Trans-Caucasus Front's units arrive only once an Axis unit "
                                            f"has entered hex row xx{c.trans_caucasus_row} or south", (uid,), (to,)))
        elif TC_PLACED in state.logged:
            findings.append(Finding("30.0", f"{who}: one Trans-Caucasus unit arrives a turn", (uid,), (to,)))
        elif to not in south:
            findings.append(Finding("30.0", f"{who} arrives in an Entry Area south of the Caspian "
                                            f"({', '.join(south)}), not {to}", (uid,), (to,)))
        findings += wrong_face(who, uid, to, face, us.face or "front")  # 22.1.3: the face it has in the box
        state = evolve(state, logged=state.logged | {TC_PLACED})
    else:
        findings += _upgrade_place(ctx, state, uid, to, face)
    return put_units(ctx, state, {uid: UnitState(to, face)}), findings


def _upgrade_place(ctx: Context, state: State, uid: str, to: str, face: str) -> list[Finding]:
    c = later(ctx).campaign
    who = name(ctx, state, uid)
    base = str(ctx.game.units[uid].extra.get("upgrade_of") or "")
    if base == c.michalik and state.units[base].loc == box(ctx, ctx.game.units[base].side, "eliminated") and \
            any(state.turn >= t for t in _turns(ctx, "michalik_upgrade")):
        areas = [a for a, s in scenario_facts(ctx).areas.items() if s == ctx.game.units[uid].side]
        if to not in areas:
            return [Finding("32.5", f"{who} arrives as a reinforcement in a friendly Entry Area, not {to}", (uid,),
                            (to,))]
        if face != "back":
            return [Finding("32.5", f"{who} arrives on its reduced side (KG Michalik was eliminated)", (uid,), (to,))]
        return []
    if state.units[uid].loc == to:  # put where the validator's change put it (a player swapping the counters)
        return []
    rule = "32.5" if base == c.michalik else "32.4"
    return [Finding(rule, f"{who} is not placed: it takes the place of {base} on its turn (the validator makes the "
                          "change)", (uid,), (to,))]


# --- turn events (32.x) ------------------------------------------------------------------------------------------

def begin_initial(ctx: Context, state: State, side: str) -> State:
    """The side's Initial Phase begins: the removals the validator makes (32.3) and the upgrades (32.4, 32.5)."""
    if not campaign_rules(ctx):
        return state
    for turn_ in ctx.game.turns[state.turn].events if state.turn in ctx.game.turns else ():
        uid = turn_.unit
        if uid not in ctx.game.units or ctx.game.units[uid].side != side:
            continue
        if turn_.code == "remove_unit":
            state = _remove_unit(ctx, state, uid)
        elif turn_.code == "wiking_upgrade":
            state = _wiking(ctx, state, uid)
        elif turn_.code == "michalik_upgrade":
            state = _michalik(ctx, state, uid)
    return state


def _remove_unit(ctx: Context, state: State, uid: str) -> State:
    """32.3: 1 RFSS (reduced or eliminated: the next Special replacement is lost) and Barbò leave the game."""
    us = state.units[uid]
    side = ctx.game.units[uid].side
    penalty = us.loc == box(ctx, side, "eliminated") or (us.loc in ctx.board.locations and us.face == "back" and
                                                         ctx.game.units[uid].flip == "step")
    events = state.events | ({PENALTY} if penalty and uid == later(ctx).campaign.special_penalty else set())
    return put_units(ctx, state, {uid: UnitState("removed", us.face)}, events=events)


def _wiking(ctx: Context, state: State, uid: str) -> State:
    """32.4: Wiking gains a step: reduced, it turns to full strength; full, its four-step counter takes its place."""
    us = state.units[uid]
    if us.loc not in ctx.board.locations:
        return state  # in the Remnant Display or Eliminated Box: the normal replacement rules
    if us.face == "back":
        return put_units(ctx, state, {uid: evolve(us, face="front")})
    big = next((u for u in ctx.game.units if ctx.game.units[u].extra.get("upgrade_of") == uid and u in state.units),
               None)
    if big is None:
        return state
    return put_units(ctx, state, {big: evolve(us, face="front", represents=None), uid: UnitState(None)})


def _michalik(ctx: Context, state: State, uid: str) -> State:
    """32.5: KG Michalik becomes the 27th Panzer Division where it stands (eliminated: the 27th arrives as a
    reinforcement on its reduced side, :func:`handle_place`)."""
    us = state.units[uid]
    big = next((u for u in ctx.game.units if ctx.game.units[u].extra.get("upgrade_of") == uid and u in state.units),
               None)
    if big is None or us.loc not in ctx.board.locations:
        return state
    return put_units(ctx, state, {big: evolve(us), uid: UnitState("removed", us.face)})


def after_remove(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """32.x: a unit removed from play in an Initial Phase (its steps then)."""
    uid = action["unit"]
    if action["to"] != "removed" or before.phase != "initial" or not campaign_rules(ctx):
        return state, []
    us = before.units[uid]
    steps = steps_of(ctx, before, uid) if us.loc in ctx.board.locations else 0
    rem = next((r for r, rs in before.units.items() if rs.represents == uid and rs.loc in ctx.board.locations), None)
    if rem is not None:
        steps = 1
        state = put_units(ctx, state, {rem: UnitState(box(ctx, ctx.game.units[rem].side, "remnant_display"))})
    return evolve(state, logged=state.logged | {f"{REMOVED}{uid}:{steps}:{us.supply}:{us.loc}"}), \
        _removal_problem(ctx, before, uid)


def _removal_problem(ctx: Context, state: State, uid: str) -> list[Finding]:
    """32.1-32.3: a unit removed from play in an Initial Phase that the turn's removal may not take (reported on its
    ``remove`` line; the removal stands, so the phase's end does not ask for another)."""
    codes = {e.code for e in ctx.game.turns[state.turn].events} if state.turn in ctx.game.turns else set()
    c = later(ctx).campaign
    us = state.units[uid]
    if "german_removals" in codes and ctx.game.units[uid].side == _axis(ctx) and uid != c.removal_gd and \
            not _panzer(ctx, uid, elite=True):
        return [Finding("32.1", f"{name(ctx, state, uid)} is not one of the divisions turn {state.turn} removes: "
                                f"{name(ctx, state, c.removal_gd)} and two elite Panzer divisions (other Panzer "
                                f"divisions lose steps, they are not withdrawn)", (uid,))]
    if "remove_german_infantry" in codes and _division(ctx, uid, "infantry") and \
            not _removable_infantry(ctx, state, uid):
        return [Finding("32.3", f"{name(ctx, state, uid)} may not be the German infantry division removed on turn "
                                f"{state.turn}: it must be on the map, in supply, at full strength, with 3 steps",
                        (uid,))]
    if "remove_tank_corps" in codes and uid in _corps(ctx) and us.loc in ctx.board.locations and us.supply:
        why = "Isolated" if us.supply == "isolated" else "Out of Supply"
        return [Finding("32.2", f"{name(ctx, state, uid)} is {why}: the Tank Corps removed is in supply or in the "
                                "Eliminated Box", (uid,))]
    return []


def after_loss(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """32.1-32.2: a step lost in an Initial Phase (the removals' shortfall)."""
    if before.phase != "initial" or not campaign_rules(ctx):
        return state, []
    uid = action["unit"]
    n = sum(1 for e in state.logged if e.startswith(f"{LOST}{uid}:"))
    return evolve(state, logged=state.logged | {f"{LOST}{uid}:{n}"}), []


def removal_step(ctx: Context, state: State, uid: str) -> bool:
    """32.1-32.2: whether ``uid`` may lose a step outside combat as a removal's: in its own side's Initial Phase of a
    turn whose removal takes steps (32.1: a Panzer division on the German removals' turn; 32.2: a Tank Corps on a Tank
    Corps removals' turn). How many steps the removal takes is checked when the phase ends (:func:`end_initial`)."""
    side = ctx.game.units[uid].side
    if state.phase != "initial" or state.player != side or not campaign_rules(ctx):
        return False
    codes = {e.code for e in ctx.game.turns[state.turn].events} if state.turn in ctx.game.turns else set()
    if side == _axis(ctx):
        return "german_removals" in codes and _panzer(ctx, uid)
    return "remove_tank_corps" in codes and uid in _corps(ctx)


def _removed(state: State) -> list[tuple[str, int, str, str]]:
    out = []
    for e in state.logged:
        if e.startswith(REMOVED):
            uid, steps, sup, loc = e[len(REMOVED):].split(":", 3)
            out.append((uid, int(steps), sup, loc))
    return sorted(out)


def _lost(state: State) -> list[str]:
    """The units that lost steps in this Initial Phase, once per step."""
    return sorted(e[len(LOST):].rsplit(":", 1)[0] for e in state.logged if e.startswith(LOST))


def _division(ctx: Context, uid: str, kind: str) -> bool:
    """A German division of a kind of ``removal_types`` (32.1, 32.3)."""
    u = ctx.game.units[uid]
    tags = ctx.game.tags(u, "front")
    return u.front.type == later(ctx).campaign.removal_types[kind] and \
        str(u.extra.get("size") or "") == later(ctx).victory.division and "axis_ally" not in tags and \
        "remnant" not in tags and u.side == _axis(ctx)


def _panzer(ctx: Context, uid: str, elite: bool = False) -> bool:
    """A German Panzer division (32.1: an elite one)."""
    return _division(ctx, uid, "panzer") and (not elite or "elite" in ctx.game.tags(ctx.game.units[uid], "front"))


def end_initial(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """What the Initial Phase owes when it ends: the removals of 32.1-32.3; 32.3's lost Special replacement used."""
    if side is None or not campaign_rules(ctx):
        return state, []
    findings: list[Finding] = []
    codes = {e.code for e in ctx.game.turns[state.turn].events} if state.turn in ctx.game.turns else set()
    if side == _axis(ctx):
        if "german_removals" in codes:
            findings += _turn10(ctx, state)
        if "remove_german_infantry" in codes:
            findings += _infantry(ctx, state)
        state = _penalty_spent(ctx, state)
    elif "remove_tank_corps" in codes:
        findings += _tank_corps(ctx, state)
    return state, findings


def _turn10(ctx: Context, state: State) -> list[Finding]:
    """32.1: GD and two elite Panzer divisions removed, at least seven steps."""
    c = later(ctx).campaign
    removed = _removed(state)
    names = [u for u, *_ in removed]
    out = []
    if c.removal_gd not in names:
        out.append(Finding("32.1", f"{name(ctx, state, c.removal_gd)} is removed in the Axis Initial Phase of turn "
                                   f"{state.turn}, wherever it is", (c.removal_gd,)))
    panzers = [r for r in removed if _panzer(ctx, r[0])]  # a non-elite one is reported on its line (32.1)
    if len(panzers) < c.removal_panzers:
        out.append(Finding("32.1", f"{c.removal_panzers} elite Panzer divisions are removed on turn {state.turn}; "
                                   f"{len(panzers)} were", tuple(u for u, *_ in panzers)))
    isolated = [u for u, _, sup, _ in panzers if sup == "isolated"]
    if isolated:
        free = [u for u in ctx.game.units if _panzer(ctx, u, elite=True) and u not in names and
                state.units[u].loc in ctx.board.locations and state.units[u].supply != "isolated"]
        if free:
            out.append(Finding("32.1", f"{name(ctx, state, isolated[0])} is Isolated: divisions that are not Isolated "
                                       f"({name(ctx, state, free[0])}) go first", (isolated[0], free[0])))
    steps = sum(s for u, s, *_ in removed if u == c.removal_gd or _panzer(ctx, u))
    short = c.removal_steps - steps
    lost = [u for u in _lost(state) if _panzer(ctx, u)]
    if short > 0 and len(lost) < short:
        left = sum(steps_of(ctx, state, u) for u in ctx.game.units if _panzer(ctx, u) and
                   state.units[u].loc in ctx.board.locations)
        if left:
            out.append(Finding("32.1", f"the removals took {steps} steps: other Panzer divisions lose the "
                                       f"{short} more that make {c.removal_steps} ({len(lost)} lost)"))
    if len(lost) > max(short, 0):  # reduced only until the seven steps are made
        out.append(Finding("32.1", f"the removals took {steps} steps: other Panzer divisions lose only the "
                                   f"{max(short, 0)} more that make {c.removal_steps} ({len(lost)} lost)",
                           tuple(dict.fromkeys(lost))))
    return out


def _removable_infantry(ctx: Context, state: State, uid: str) -> bool:
    """32.3: an in-supply, full-strength, 3-step German infantry division on the map."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    return _division(ctx, uid, "infantry") and u.steps == 3 and u.nationality == later(ctx).campaign.german \
        and us.face == "front" and us.loc in ctx.board.locations and us.supply == ""


def _infantry(ctx: Context, state: State) -> list[Finding]:
    """32.3: one in-supply, full-strength, 3-step German infantry division removed (when there is one)."""
    removed = [u for u, *_ in _removed(state)]
    good = [u for u in removed if _division(ctx, u, "infantry")]
    if good:
        return []
    if any(_removable_infantry(ctx, state, u) for u in ctx.game.units):
        return [Finding("32.3", f"one in-supply, full-strength, 3-step German infantry division is removed on turn "
                                f"{state.turn}")]
    return []


def _tank_corps(ctx: Context, state: State) -> list[Finding]:
    """32.2: one Tank Corps in supply or eliminated removed; at least one step."""
    c = later(ctx).campaign
    corps = _corps(ctx)
    removed = [r for r in _removed(state) if r[0] in corps]
    if not removed:
        if any(state.units[u].loc in ctx.board.locations or
               state.units[u].loc == box(ctx, ctx.game.units[u].side, "eliminated") for u in corps):
            return [Finding("32.2", f"a Soviet Tank Corps is removed on turn {state.turn}")]
        return []
    steps = sum(s for _, s, *_ in removed)
    lost = [u for u in _lost(state) if u in corps]
    on_map = [u for u in corps if state.units[u].loc in ctx.board.locations]
    if steps + len(lost) < c.tank_corps_steps and on_map:
        return [Finding("32.2", "the Tank Corps removed had no step on the map: a Tank Corps on the map loses one",
                        tuple(u for u, *_ in removed))]
    if len(lost) > max(c.tank_corps_steps - steps, 0):  # a step on the map only for a Tank Corps from the box
        owed = max(c.tank_corps_steps - steps, 0)
        return [Finding("32.2", f"the Tank Corps removed took {steps} step(s): Tank Corps on the map lose {owed} more "
                                f"({len(lost)} lost)", tuple(dict.fromkeys(lost)))]
    return []


def removals_owed(ctx: Context, state: State, side: str) -> list[dict]:
    """The ``remove`` and ``loss`` lines (type and fields) that make the removals this Initial Phase owes (32.1-32.3),
    chosen in the rules' order of preference, for a player that writes legal logs."""
    if not campaign_rules(ctx) or state.turn not in ctx.game.turns:
        return []
    c = later(ctx).campaign
    codes = {e.code for e in ctx.game.turns[state.turn].events}
    on_map = [u for u in sorted(ctx.game.units) if state.units[u].loc in ctx.board.locations]
    out: list[dict] = []

    def remove(uid: str) -> None:
        out.append({"type": "remove", "unit": uid, "to": "removed"})

    if side == _axis(ctx) and "remove_german_infantry" in codes:
        out += [{"type": "remove", "unit": u, "to": "removed"} for u in on_map
                if _removable_infantry(ctx, state, u)][:1]
    if side == _axis(ctx) and "german_removals" in codes:
        remove(c.removal_gd)
        elite = sorted((u for u in ctx.game.units if _panzer(ctx, u, elite=True) and state.units[u].loc != "removed"),
                       key=lambda u: (state.units[u].supply == "isolated",
                                      state.units[u].loc not in ctx.board.locations, u))[:c.removal_panzers]
        for u in elite:
            remove(u)
        gone = [c.removal_gd, *elite]
        steps = sum(steps_of(ctx, state, u) for u in gone if u in on_map)
        for u in [u for u in on_map if _panzer(ctx, u) and u not in gone]:
            for _ in range(min(steps_of(ctx, state, u), max(c.removal_steps - steps, 0))):
                out.append({"type": "loss", "unit": u})
                steps += 1
    if side != _axis(ctx) and "remove_tank_corps" in codes:
        corps = _corps(ctx)
        held = [u for u in corps if u in on_map and state.units[u].supply == ""]
        boxed = [u for u in corps if state.units[u].loc == box(ctx, side, "eliminated")]
        if held:
            remove(max(held, key=lambda u: (steps_of(ctx, state, u), u)))
        elif boxed:
            remove(boxed[0])
            out += [{"type": "loss", "unit": u} for u in corps if u in on_map][:c.tank_corps_steps]
    return out


def _corps(ctx: Context) -> list[str]:
    """32.2: the Soviet Tank Corps (not their Remnants)."""
    c = later(ctx).campaign
    return [u for u in ctx.game.units if ctx.game.units[u].front.type == c.tank_corps_type and
            "remnant" not in ctx.game.tags(ctx.game.units[u], "front")]


def handle_absorb(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``absorb`` line (32.1, 32.2): an extra step of the removals goes to a reduced division (or Tank Corps) in
    supply, or a non-Guards Tank Brigade leaves the Eliminated Box for the departing Tank Corps' hex."""
    if not campaign_rules(ctx):
        return state, not_in_force(ctx, "the removals' extra steps (32.1, 32.2)")
    uid = action["unit"]
    us = state.units[uid]
    side = ctx.game.units[uid].side
    c = later(ctx).campaign
    removed = _removed(state)
    axis = side == _axis(ctx)
    rule = "32.1" if axis else "32.2"
    who = name(ctx, state, uid)
    if axis:
        steps = sum(s for u, s, *_ in removed if u == c.removal_gd or _panzer(ctx, u, elite=True))
        extra = steps - c.removal_steps
    else:
        steps = sum(s for u, s, *_ in removed if u in _corps(ctx))
        extra = steps - c.tank_corps_steps
    used = sum(1 for e in state.logged if e.startswith(EXCESS))
    findings = []
    to = action.get("to")
    if used >= extra:
        findings.append(Finding(rule, f"{who}: the removals left {max(extra, 0)} extra step(s) and {used} went "
                                      "already", (uid,)))
    elif to is not None:
        gone = {loc for u, _, _, loc in removed}
        t = info_of(ctx, state, uid)
        if axis or us.loc != box(ctx, side, "eliminated") or t.type not in c.tank_brigades or \
                ctx.game.units[uid].nationality == c.guards or to not in gone:
            findings.append(Finding(rule, f"{who}: an extra step brings back a non-Guards Tank Brigade from the "
                                          "Eliminated Box into the departing Tank Corps' hex", (uid,), (to,)))
        state = put_units(ctx, state, {uid: UnitState(to, "front")})
        return evolve(state, logged=state.logged | {f"{EXCESS}{used}"}), findings
    else:
        ok_type = (_division(ctx, uid, "panzer") or _division(ctx, uid, "panzergrenadier")) if axis else \
            uid in _corps(ctx)
        if not ok_type or us.face != "back" or us.loc not in ctx.board.locations or \
                not supply.traces(ctx, state, side, us.loc or ""):
            what = "reduced Panzer or Panzergrenadier divisions" if axis else "reduced Tank Corps"
            findings.append(Finding(rule, f"{who}: the extra steps go only to {what} in supply", (uid,)))
    state = put_units(ctx, state, {uid: evolve(us, face="front")}) if us.face == "back" else state
    return evolve(state, logged=state.logged | {f"{EXCESS}{used}"}), findings


def after_replacement(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """32.3: after 1 RFSS left reduced or eliminated, the Axis's next Special replacement is lost."""
    if PENALTY not in before.events or action.get("pay") != "special" or not campaign_rules(ctx):
        return state, []
    from .replacements import rate  # noqa: PLC0415
    side = ctx.game.units[action["unit"]].side
    if state.record.replacements.get("special", 0) > rate(ctx, state, side, "special") - 1:
        return state, [Finding("32.3", "1 RFSS left reduced or eliminated: the Axis loses its next Special "
                                       "replacement", (action["unit"],))]
    return state, []


def _penalty_spent(ctx: Context, state: State) -> State:
    """32.3: the penalty takes the first Special replacement the Axis receives."""
    if PENALTY not in state.events:
        return state
    from .replacements import rate  # noqa: PLC0415
    if rate(ctx, state, _axis(ctx), "special") >= 1:
        return evolve(state, events=state.events - {PENALTY})
    return state


# --- 33 The Winter Offensive -----------------------------------------------------------------------------------

def from_position(ctx: Context, state: State) -> State:
    """33.1: the header position's ``winter_offensive`` (the turn it started: the turn order flips after it, 33.2.2);
    ValueError when no game reaches it: before the Vasilevsky marker's turn, or after the log's start."""
    wo = state.winter_offensive
    first = min(_turns(ctx, VASILEVSKY), default=None)
    if wo is not None and (first is None or not first <= wo <= state.turn):
        raise ValueError(f"position: winter_offensive {wo}: the Winter Offensive starts in a Soviet Initial Phase from "
                         f"the Vasilevsky marker's turn ({first}) and not after the log's start (turn {state.turn}) "
                         "(33.1: an impossible position)")
    return state


def handle_winter_offensive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``winter_offensive`` line (33.1, 33.2.1)."""
    c = later(ctx).campaign
    findings = []
    start = min(_turns(ctx, VASILEVSKY), default=None)
    if not campaign_rules(ctx):
        findings += not_in_force(ctx, "the Winter Offensive (33.0)")
    elif state.winter_offensive is not None:
        findings.append(Finding("33.1", f"the Winter Offensive started on turn {state.winter_offensive}; the "
                                        "Vasilevsky marker is used once"))
    elif start is None or state.turn < start:
        findings.append(Finding("33.1", f"the Soviets receive the Vasilevsky marker on turn {start}; the Winter "
                                        "Offensive starts in a Soviet Initial Phase from then"))
    state = evolve(state, winter_offensive=state.winter_offensive or state.turn)
    air = state.units.get(c.romanian_air)
    if air is not None and air.loc != "removed":
        state = put_units(ctx, state, {c.romanian_air: UnitState("removed", air.face)})
    hqs = list(action.get("offensives") or ())
    sps = dict(action.get("supply_points") or {})
    if len(hqs) > c.winter_offensives or len(sps) > c.winter_sps:
        findings.append(Finding("33.2.1", f"the Winter Offensive brings {c.winter_offensives} Planned Offensive "
                                          f"markers and {c.winter_sps} SPs"))
    for hq in hqs + list(sps.values()):
        why = _hq_problem(ctx, state, hq, action.side)
        if why is not None:
            findings.append(Finding("33.2.1", f"{name(ctx, state, hq)}: {why}", (hq,)))
    for hq in hqs[:c.winter_offensives]:
        if hq in state.units:
            state = place_ready(ctx, state, hq)
    for sp, hq in list(sps.items())[:c.winter_sps]:
        if sp in state.units and hq in state.units:
            if state.units[sp].loc in ctx.board.locations or "supply" not in info_of(ctx, state, sp).tags:
                findings.append(Finding("33.2.1", f"{name(ctx, state, sp)} is not a Supply Point off the map", (sp,)))
            state = put_units(ctx, state, {sp: UnitState(state.units[hq].loc, SP_READY if ctx.game.units[sp].front.ma
                                                         else "front")})
    return state, findings


def _hq_problem(ctx: Context, state: State, hq: str, side: str) -> str | None:
    us = state.units.get(hq)
    if us is None or ctx.game.units[hq].side != side or "command_hq" not in info_of(ctx, state, hq).tags:
        return "the markers and SPs go with a friendly HQ"
    if us.loc not in ctx.board.locations or not supply.traces(ctx, state, side, us.loc or ""):
        return "the HQ is not in supply"
    return None


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """Turn-track events that change units when the turn begins: none (the removals and upgrades come with the
    owner's Initial Phase, :func:`begin_initial`)."""
    return state
