"""Campaign-only rules (30.0-34.0; S4.3) and the Reserve Armies of the scenarios (31.0, S1.2).

- 30.0: once an Axis unit enters (or moves south of) hex row xx40, the Trans-Caucasus Front Box's units arrive one a
  turn (``place`` from the box) in the Soviet Initial Phase at a Soviet Entry Area south of the Caspian (G-L).
  Decision: the Caucasus scenario's box (S2.3: its TC units arrive at G-L) follows the same trigger.
- 31.0: the 5th, 6th, 7th and 8th Reserve Armies (units.csv ``formation``) do not move until released: the 8th on
  turn 15 (turn event ``release_reserve_army``) or when an Axis unit moves within six hexes of Saratov; the others by
  a ``release`` line in the Soviet Initial Phase, one army a turn from turn 2. S1.2: in Fall Blau the 6th moves from
  turn 2; one unit of the 5th may use Rail Movement.
- 32.1: in the Axis Initial Phase of turn 10, Grossdeutschland and two elite Panzer divisions (not Isolated ones
  while others may go) are removed (``remove`` to ``removed``), at least seven steps: fewer, and other Panzer
  divisions lose the rest (``loss``); more, and the extra steps may go at once to reduced Panzer or Panzergrenadier
  divisions in supply (``absorb``).
- 32.2: in the Soviet Initial Phase of each ``remove_tank_corps`` turn, one Tank Corps in supply or in the Eliminated
  Box is removed: at least one step (from the box: a Tank Corps on the map loses a step); extra steps to reduced
  Tank Corps in supply or a non-Guards Tank Brigade from the Eliminated Box into the departing Corps' hex (``absorb``).
- 32.3: 1 RFSS leaves on turn 11 (reduced or eliminated: the Axis loses its next Special replacement), Barbò on turn
  23 (the validator removes them); on turns 9 and 17 the Axis removes one in-supply, full-strength, 3-step German
  infantry division.
- 32.4: on turn 13 Wiking gains a step (its 8-10-6 counter, ``upgrade_of``, is its four-step full strength); 32.5: on
  turn 20 KG Michalik becomes the 27th Panzer Division (where it stands; from the Eliminated Box, a reinforcement on
  its reduced side). The validator makes both changes.
- 33.1: from turn 25 the Soviets may start the Winter Offensive (``winter_offensive``) in their Initial Phase, once;
  33.2.1: the Romanian Air unit leaves; two Ready Planned Offensive markers (``offensives``) and two Ready SPs
  (``supply_points``) go with friendly HQs in supply. The turn order flips after it (``turn_order``).
- 34.x: Maskirovka: a marker names each Reserve Army's Holding Box (``maskirovka``); units enter a box (``hold``:
  from the turn's reinforcements, from another box one a turn, by Strategic Movement two a turn from a Connecting Rail
  Hex or an Entry Area; eight at most; the army in supply) and leave it (``reveal``: onto the army's hex, which reveals
  it, or into Entry Areas A-E, one a turn) before the army moves; an army that received units does not move after,
  nor by rail; a revealed army is removed at the end of that Soviet Player Turn, its units placed in its hex; units in
  the box share the army's retreat or elimination.
"""

from __future__ import annotations

from ...engine.context import Context, once
from ...engine.paths import move_bits
from ...engine.position import position
from ...engine.state import evolve
from ...model import Action, Finding
from . import supply
from .campaign_data import campaign_rules, later, scenario_rules
from .data import facts, scenario_facts
from .losses import box, eliminate
from .offensives import place_ready
from .resources import SP_READY, info_of, put_units
from .special import near
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State, UnitState
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
RECEIVED = "received:"  # 34.3.1: an army that received units this phase (logged)
BOX_MOVES, STRATEGIC = "box_move", "strategic:"  # 34.4.1-34.4.2 this turn (events, with the turn)
REVEALED = "revealed:"  # 34.7
UPGRADE = "upgrade"  # set-up condition of 32.4's and 32.5's counters


def _axis(ctx: Context) -> str:
    return next(s for s in ctx.game.sides if s != facts(ctx).volga_side)


def _turns(ctx: Context, code: str) -> frozenset[int]:
    """The turns whose track prints this event."""
    return once(ctx, ("s42_event_turns", code),
                lambda c: frozenset(n for n, t in c.game.turns.items() for e in t.events if e.code == code))


def _row(ctx: Context, hid: str) -> int:
    return int(hid[ctx.game.map.grid.id_digits:])


# --- 31.0 Reserve Armies held ----------------------------------------------------------------------------------

def _formation(ctx: Context, uid: str) -> str:
    return str(ctx.game.units[uid].extra.get("formation") or "")


def _frozen_formations(ctx: Context) -> frozenset[str]:
    if campaign_rules(ctx):
        return later(ctx).campaign.reserve_armies
    return frozenset(scenario_rules(ctx).free_from)


def frozen(ctx: Context, state: State, uid: str) -> str | None:
    """31.0, S1.2: why a Reserve Army unit may not move yet, or None."""
    f = _formation(ctx, uid)
    if f not in _frozen_formations(ctx) or ARMY + f in state.events:
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


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """31.0, S1.2: frozen Reserve Armies do not move; S1.2: one unit of the 5th Reserve Army by rail; 34.3:
    Reserve Armies that received units."""
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
    findings += _army_moves(ctx, before, action, uid) or _army_pace(ctx, before, state, uid)
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
    """A ``release`` line (31.0): the Soviets release one frozen Reserve Army a turn from turn 2."""
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
    elif ARMY + f in state.events:
        findings.append(Finding("31.0", f"the {f} Reserve Army is released already", tuple(units), where))
    elif state.turn < c.reserve_army_turn:
        findings.append(Finding("31.0", f"Reserve Armies are released from turn {c.reserve_army_turn}", tuple(units),
                                where))
    elif f"{RELEASED_ON}{state.turn}" in state.events:
        findings.append(Finding("31.0", "one Reserve Army is released a turn", tuple(units), where))
    if f is None:
        return state, findings
    return evolve(state, events=state.events | {ARMY + f, f"{RELEASED_ON}{state.turn}"},
                  released=state.released | {f"unit:{u}" for u in units}), findings


# --- triggers (30.0, 31.0) ---------------------------------------------------------------------------------------

def after_units(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """30.0: an Axis unit in hex row xx40 or south; 31.0: an Axis unit within six hexes of Saratov."""
    uid = action.get("unit")
    if not uid or uid not in ctx.game.units or ctx.game.units[uid].side != _axis(ctx):
        return state, []
    loc = state.units[uid].loc or ""
    path = list(action.get("path") or ()) + [loc]
    hexes = [h for h in path if h in ctx.game.map.hexes]
    c = later(ctx).campaign
    new = set()
    if TC not in state.events and any(_row(ctx, h) >= c.trans_caucasus_row for h in hexes):
        new.add(TC)
    army = ARMY + c.saratov_army
    if army not in state.events and c.saratov_army in _frozen_formations(ctx):
        bit = move_bits(ctx).bit
        around = near(ctx, c.saratov, c.saratov_hexes)
        if any(bit.get(h, 0) & around for h in hexes):
            new.add(army)
    return (evolve(state, events=state.events | new) if new else state), []


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
        if TC not in state.events:
            findings.append(Finding("30.0", f"{who}: the Trans-Caucasus Front's units arrive only once an Axis unit has "
                                            f"entered hex row xx{c.trans_caucasus_row} or south", (uid,), (to,)))
        elif TC_PLACED in state.logged:
            findings.append(Finding("30.0", f"{who}: one Trans-Caucasus unit arrives a turn", (uid,), (to,)))
        elif to not in south:
            findings.append(Finding("30.0", f"{who} arrives in an Entry Area south of the Caspian ({', '.join(south)}), "
                                            f"not {to}", (uid,), (to,)))
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
    return evolve(state, logged=state.logged | {f"{REMOVED}{uid}:{steps}:{us.supply}:{us.loc}"}), []


def after_loss(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """32.1-32.2: a step lost in an Initial Phase (the removals' shortfall)."""
    if before.phase != "initial" or not campaign_rules(ctx):
        return state, []
    uid = action["unit"]
    n = sum(1 for e in state.logged if e.startswith(f"{LOST}{uid}:"))
    return evolve(state, logged=state.logged | {f"{LOST}{uid}:{n}"}), []


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
    panzers = [r for r in removed if _panzer(ctx, r[0], elite=True)]
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
    steps = sum(s for u, s, *_ in removed if u == c.removal_gd or _panzer(ctx, u, elite=True))
    short = c.removal_steps - steps
    lost = [u for u in _lost(state) if _panzer(ctx, u)]
    if short > 0 and len(lost) < short:
        left = sum(steps_of(ctx, state, u) for u in ctx.game.units if _panzer(ctx, u) and
                   state.units[u].loc in ctx.board.locations)
        if left:
            out.append(Finding("32.1", f"the removals took {steps} steps: other Panzer divisions lose the "
                                       f"{short} more that make {c.removal_steps} ({len(lost)} lost)"))
    return out


def _infantry(ctx: Context, state: State) -> list[Finding]:
    """32.3: one in-supply, full-strength, 3-step German infantry division removed (when there is one)."""
    def eligible(uid: str, st: State) -> bool:
        u = ctx.game.units[uid]
        us = st.units[uid]
        return _division(ctx, uid, "infantry") and u.steps == 3 and u.nationality == later(ctx).campaign.german \
            and us.face == "front" and us.loc in ctx.board.locations and us.supply == ""
    removed = [u for u, *_ in _removed(state)]
    good = [u for u in removed if _division(ctx, u, "infantry")]
    if good:
        return []
    if any(eligible(u, state) for u in ctx.game.units):
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
    return []


def _corps(ctx: Context) -> list[str]:
    """32.2: the Soviet Tank Corps (not their Remnants)."""
    c = later(ctx).campaign
    return [u for u in ctx.game.units if ctx.game.units[u].front.type == c.tank_corps_type and
            "remnant" not in ctx.game.tags(ctx.game.units[u], "front")]


def handle_absorb(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``absorb`` line (32.1, 32.2): an extra step of the removals goes to a reduced division (or Tank Corps) in
    supply, or a non-Guards Tank Brigade leaves the Eliminated Box for the departing Tank Corps' hex."""
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

def handle_winter_offensive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``winter_offensive`` line (33.1, 33.2.1)."""
    c = later(ctx).campaign
    findings = []
    start = min(_turns(ctx, "vasilevsky"), default=None)
    if not campaign_rules(ctx):
        findings.append(Finding("33.1", "the Winter Offensive is a Campaign Game rule (S4.3)"))
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


# --- 34 Maskirovka ------------------------------------------------------------------------------------------------

def _army_of(state: State, box_id: str) -> str | None:
    return next((a for a, b in state.maskirovka.items() if b == box_id), None)


def _inside(ctx: Context, state: State, army: str) -> list[str]:
    b = state.maskirovka.get(army)
    return [u for u, us in state.units.items() if b is not None and us.loc == b]


def _is_army(ctx: Context, uid: str) -> bool:
    return "holding_box" in ctx.game.tags(ctx.game.units[uid], "front")


def handle_maskirovka(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``maskirovka`` line (34.1.1-34.1.2): the marker of a Holding Box assigned to a Reserve Army; switched only
    between two armies that start the Movement Phase in one hex or Entry Area."""
    army, box_id = action["unit"], action["box"]
    c = later(ctx).campaign
    findings = []
    where = (state.units[army].loc or "",)
    if not _is_army(ctx, army) or box_id not in c.holding_boxes:
        findings.append(Finding("34.1.2", f"a Maskirovka marker names a Holding Box ({', '.join(c.holding_boxes)}) "
                                          f"for a Reserve Army", (army,), where))
        return state, findings
    other = _army_of(state, box_id)
    mine = dict(state.maskirovka)
    if other is not None and other != army:
        if state.units[other].loc != state.units[army].loc or army in state.moved or other in state.moved:
            findings.append(Finding("34.1.2", f"the marker of {box_id} stays with {name(ctx, state, other)}: markers "
                                              "switch only between armies that start a Movement Phase together",
                                    (army, other), where))
        old = mine.get(army)
        if old is not None:
            mine[other] = old
        else:
            mine.pop(other, None)
    elif army in mine and mine[army] != box_id and _inside(ctx, state, army):
        findings.append(Finding("34.1.2", f"{name(ctx, state, army)} keeps its marker while its box holds units",
                                (army,), where))
    mine[army] = box_id
    return evolve(state, maskirovka=mine), findings


def handle_hold(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``hold`` line (34.4.1): a unit enters a Reserve Army's Holding Box, which holds eight units at most (34.2)."""
    uid, box_id = action["unit"], action["box"]
    c = later(ctx).campaign
    us = state.units[uid]
    army = _army_of(state, box_id)
    who = name(ctx, state, uid)
    findings = []
    if army is None or state.units[army].loc not in ctx.board.locations:
        findings.append(Finding("34.4.1", f"{who}: no Reserve Army on the map holds {box_id}", (uid,)))
    elif len(_inside(ctx, state, army)) >= c.box_units:
        findings.append(Finding("34.2", f"{who}: a Holding Box holds {c.box_units} units at most", (uid,)))
    elif army in state.moved and army not in {e[len(RECEIVED):] for e in state.logged if e.startswith(RECEIVED)}:
        pass  # an army may move before it receives units (34.3.1)
    if army is not None and not findings:
        findings += _entry_way(ctx, state, uid, army)
    state = put_units(ctx, state, {uid: UnitState(box_id, us.face, us.order, us.supply, replaced=us.replaced)})
    if army is not None:
        state = evolve(state, logged=state.logged | {RECEIVED + army})
    return state, findings


def _army_supplied(ctx: Context, state: State, army: str) -> bool:
    loc = state.units[army].loc or ""
    return loc in ctx.game.map.areas or supply.traces(ctx, state, ctx.game.units[army].side, loc)


def _entry_way(ctx: Context, state: State, uid: str, army: str) -> list[Finding]:
    """34.4.1: from the turn's reinforcements, from another box (one a turn), by Strategic Movement (two a turn)."""
    c = later(ctx).campaign
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    if not _army_supplied(ctx, state, army):
        return [Finding("34.4.1", f"{who}: the Reserve Army is not in supply", (uid,))]
    if us.loc is None:
        return []  # a reinforcement goes straight into the box
    if us.loc in c.holding_boxes:
        key = f"{BOX_MOVES}:{state.turn}"
        if key in state.events:
            return [Finding("34.4.1", f"{who}: one unit a turn moves from one Holding Box to another", (uid,))]
        return []
    n = sum(1 for e in state.events if e.startswith(f"{STRATEGIC}{state.turn}:"))
    if n >= c.strategic_units:
        return [Finding("34.4.1", f"{who}: {c.strategic_units} units a turn enter Holding Boxes by Strategic Movement",
                        (uid,))]
    if us.loc not in ctx.game.map.areas and not supply.connecting(ctx, state, side, us.loc or ""):
        return [Finding("34.4.1", f"{who} is neither on a Connecting Rail Hex nor in an Entry Area", (uid,))]
    return []


def after_hold(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """34.4.1: count the turn's box-to-box and Strategic moves."""
    us = before.units[action["unit"]]
    c = later(ctx).campaign
    if us.loc in c.holding_boxes:
        return evolve(state, events=state.events | {f"{BOX_MOVES}:{state.turn}"}), []
    if us.loc is not None:
        return evolve(state, events=state.events | {f"{STRATEGIC}{state.turn}:{action['unit']}"}), []
    return state, []


def handle_reveal(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``reveal`` line (34.4.2, 34.6.2): a unit leaves its Holding Box onto the army's hex (the army is revealed)
    or into Entry Areas A-E (one a turn)."""
    uid, to = action["unit"], action["to"]
    c = later(ctx).campaign
    us = state.units[uid]
    army = _army_of(state, us.loc or "")
    who = name(ctx, state, uid)
    findings = []
    if army is None:
        findings.append(Finding("34.4.2", f"{who} is not in a Reserve Army's Holding Box", (uid,), (to,)))
        return put_units(ctx, state, {uid: evolve(us, loc=to)}), findings
    events = state.events
    here = state.units[army].loc
    if army in state.moved:
        findings.append(Finding("34.4.2", f"{who}: units leave the box before its Reserve Army moves", (uid,), (to,)))
    if to == here:
        events = events | {REVEALED + army}
    elif to in c.box_areas:
        key = f"{BOX_MOVES}:{state.turn}"
        if key in events:
            findings.append(Finding("34.4.2", f"{who}: one unit a turn leaves a Holding Box for Entry Areas A-E",
                                    (uid,), (to,)))
        elif not _army_supplied(ctx, state, army):
            findings.append(Finding("34.4.2", f"{who}: the Reserve Army is not in supply", (uid,), (to,)))
        events = events | {key}
    else:
        findings.append(Finding("34.4.2", f"{who} leaves the box onto its Reserve Army's hex ({here}) or into Entry "
                                          f"Areas {', '.join(sorted(c.box_areas))}, not {to}", (uid,), (to,)))
    return put_units(ctx, state, {uid: evolve(us, loc=to)}, events=events), findings


def _army_moves(ctx: Context, before: State, action: Action, uid: str) -> list[Finding]:
    """34.3.1-34.3.3: a Reserve Army moves before, not after, it receives units; by rail only empty; from one Entry
    Area to another only when no unit of its box is Disrupted or received a replacement."""
    if not _is_army(ctx, uid):
        return []
    who = name(ctx, before, uid)
    if RECEIVED + uid in before.logged:
        return [Finding("34.3.1", f"{who} received units into its Holding Box this phase: it moves before, not after",
                        (uid,))]
    inside = _inside(ctx, before, uid)
    if action.type == "rail" and inside:
        return [Finding("34.3.2", f"{who} uses Rail Movement only with an empty Holding Box", (uid,))]
    path = list(action.get("path") or ()) or [action.get("to")]
    areas = ctx.game.map.areas
    if before.units[uid].loc in areas and path[-1] in areas:
        bad = [u for u in inside if before.units[u].order != GOOD_ORDER or before.units[u].replaced]
        if bad:
            return [Finding("34.3.3", f"{who} moves between Entry Areas only when no unit of its box is Disrupted or "
                                      f"received a replacement ({name(ctx, before, bad[0])})", (uid, bad[0]))]
    return []


def _army_pace(ctx: Context, before: State, state: State, uid: str) -> list[Finding]:
    """34.3.1, 34.5: a Reserve Army with units in its box moves at the rate of the slowest of them, and one hex at most
    when one of them received a replacement (their MAs in half MPs, as ``Moved.spent``; Extended Movement adds its
    MPs, Tactical Movement is hexes)."""
    moved = state.moved.get(uid)
    inside = _inside(ctx, before, uid) if _is_army(ctx, uid) else []
    if moved is None or not inside or moved.mode not in ("normal", "extended", "tactical"):
        return []
    who = name(ctx, before, uid)
    replaced = [u for u in inside if before.units[u].replaced]
    if replaced and moved.hexes > 1:
        return [Finding("34.3.1", f"{who} moves one hex at most: {name(ctx, before, replaced[0])} in its box received "
                                  "a replacement (34.5)", (uid, replaced[0]))]
    if moved.mode == "tactical":
        return []
    slow = min(inside, key=lambda u: info_of(ctx, before, u).ma or 0)
    ma = info_of(ctx, before, slow).ma or 0
    allowance = 2 * (ma + (facts(ctx).movement.extended_mp if moved.mode == "extended" else 0))
    if moved.spent > allowance:
        return [Finding("34.3.1", f"{who} moves at the rate of the slowest unit in its box ({name(ctx, before, slow)}, "
                                  f"MA {ma}): it spent {moved.spent / 2:g} MPs", (uid, slow))]
    return []


def after_army(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """34.6.2: units in the box share their army's retreat (Disrupted or Full Retreat) and elimination."""
    uid = action["unit"]
    if not _is_army(ctx, uid) or uid not in before.maskirovka:
        return state, []
    inside = _inside(ctx, before, uid)
    if not inside:
        return state, []
    us = state.units[uid]
    if us.loc in ctx.board.locations and action.type == "retreat":
        order = lambda o: FULL_RETREAT if o != GOOD_ORDER or len(action["path"]) >= 4 else DISRUPTED  # noqa: E731
        return put_units(ctx, state, {u: evolve(state.units[u], order=order(state.units[u].order)) for u in inside}), []
    if us.loc not in ctx.board.locations:
        for u in inside:
            state = eliminate(ctx, state, u)
    return state, []


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """34.7: a revealed Reserve Army leaves at the end of that Soviet Player Turn, its units placed in its hex."""
    armies = sorted(e[len(REVEALED):] for e in state.events if e.startswith(REVEALED))
    if not armies or side == _axis(ctx):
        return state, []
    for army in armies:
        here = state.units[army].loc
        changes = {u: evolve(state.units[u], loc=here) for u in _inside(ctx, state, army)}
        state = put_units(ctx, state, changes) if changes and here in ctx.board.locations else state
        if state.units[army].loc in ctx.board.locations:
            state = eliminate(ctx, state, army)
    return evolve(state, events=state.events - {REVEALED + a for a in armies}), []


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """Turn-track events that change units when the turn begins: none (the removals and upgrades come with the
    owner's Initial Phase, :func:`begin_initial`)."""
    return state


def held_now(ctx: Context, state: State) -> list[str]:
    """The units of Reserve Armies still frozen (for players)."""
    return [u for u in ctx.game.units if frozen(ctx, state, u) is not None and
            state.units[u].loc in ctx.board.locations]


def units_at(ctx: Context, state: State, loc: str) -> tuple[str, ...]:
    return position(ctx, state.units).at.get(loc, ())
