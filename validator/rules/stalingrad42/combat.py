"""Combat (8.0-9.9), its results (10.1), Automatic DS (8.6) and Breakthrough Combat (15.0): each ``battle``,
``auto_ds`` and ``breakthrough`` line is checked and resolved; what a combat still owes is settled when the next
action that is not part of it comes, or the phase ends (:func:`ends_with`, :func:`end_phase`).

The other combat modules: ``battlefield`` (the ground: hexsides crossed, the defender's hex), ``odds`` (strengths and
the column, 8.3-8.5, 9.1), ``modifiers`` (shifts, 9.2, 9.7.1, 9.9), ``air`` (9.3), ``results`` (step losses, 10.2-10.4),
``determined`` (11.x), ``retreat`` (12.x, 13.1-13.3), ``advance`` (14.x, 15.2's advance), ``combat_state`` (the
records), ``combat_data`` (the facts of ``tables/rules.toml [combat]``).

- 8.1: the phasing player attacks adjacent enemy Combat Units with his own Combat Units; each unit attacks, and each
  hex is attacked, once a phase (Breakthrough Combat apart), and units that defended and retreated alone into another
  hex are not attacked there (with a unit not yet attacked, 12.4); every unit of the hex defends (``defenders`` left
  out: all of them); never into a hex nor across a hexside forbidden in movement (9.5.3 the Volga but at its crossing
  sites, 9.5.6 unfrozen Lakes, 9.6.2 non-road Alpine hexsides but for Mountain units, 23.4 Alpine in Winter); not a
  unit under a Train marker (5.6.4), Disrupted (13.2.1) or in Full Retreat (13.3.2), with an Auto DS marker (8.6.1),
  from a hex with a Replacement marker (21.4; from an Entry Area, the attacking stack at its edge, 22.7), nor those
  the rules of 18-34 bar (:data:`ATTACK_CHECKS`). A battle naming a unit any of these rules bars is reported under
  that rule, and its odds, shift and result are accepted read with or without the unit (one mistake, one report).
  8.2: one hex a combat. 22.4: units in an Entry Area are never attacked; 22.7: units attack onto the map from an
  Entry Area they started the Movement Phase in without moving (not in the turn they moved between Entry Areas,
  22.6.1), within the stacking limit. 9.7.4: a Fortification alone is never attacked.
- 8.3-8.5: the odds, the net shift, the limits (``odds``): below 1-3 no combat (8.4.1); ``odds`` and ``shifts``, when
  claimed, must be the final column and the net shift; 10.1: the ``result`` must be the CRT's for the column and the
  die (``reroll``: the Leader's die, 28.1; ``dice``: the die chosen, 26.2), 10-1 or more a DS (8.4.1). A result
  that only a shift another rule forbids (an Air unit that may not fly, an artillery shift refused) explains is
  accepted too.
- 8.6: ``auto_ds`` in the Movement Phase: stacking checked first (4.4), 10-1 with Tank Shifts (and the defender's
  terrain) but no Air or artillery; the attackers get Auto DS markers (their move is over, no regular combat), the
  defender a DS (no Determined Defense); they advance after every combat of the Combat Phase at their full rate
  (8.6.2), one Breakthrough Group per Auto DS (15.4).
- 15.1-15.2: ``breakthrough`` names the Breakthrough Group of a combat with an advance of 2-4 hexes (not a Delay nor
  a Limited Advance, 14.2.3-14.2.4): one stack of units that took part, declared before any other unit of the combat
  advances (15.2.2); a ``battle`` of ``kind: breakthrough`` is made by the group's units from the hex they stand in,
  with a hex of their allowance left, against enemy units next to them in a hex they could advance into (15.2.5,
  15.2.9), after the stacking check (4.4), never from an Entry Area (22.7), with no artillery (R3's 18.3.3) and only
  the Air unit of the original combat (9.3.7); a hex attacked by a group, and the units it attacked wherever they
  retreated, are attacked by another only (15.3.1).
"""

from __future__ import annotations

from typing import Sequence

from ...engine.context import Context
from ...engine.odds import claimed_cell, in_notation
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding, indefinite
from . import air, contested, maskirovka, modifiers, odds, reserves, resources, scenarios, stacking
from .advance import rate, terrain_problem
from .battlefield import Crossing, crossing, ground
from .combat_data import combat_facts
from .combat_state import AUTO, BREAKTHROUGH, REGULAR, AutoDS, Combat, Group, battles, current, put
from .leaders import final_die
from .losses import eliminate, remove_alone
from .move_modes import EXTENDED
from .results import owed_problem, sure_steps
from .retreat import auto_retreat_owed, settle, sure_retreats
from .state import FULL_RETREAT, State
from .units import name, table
from .zoc import other, units_at, units_in

FOLLOW = frozenset({"loss", "retreat", "advance", "determined", "breakthrough", "remove", "note", "victory", "turn",
                    "phase"})


# The checks of the rules of 18-34 and the scenarios that bar one attacker (each module owns its rule): 9.7.2 a hex
# being fortified, 25.2.3 an activated Reserve, 27.2.1 a unit that tried to Disengage, 29.1.3 a Contested City hex,
# S1.2 a refitting division or one that exited the map. A battle naming a unit that any rule bars from attacking
# (these, and those of _attacker_problems: not adjacent, a forbidden hexside, a Replacement marker, a Train marker,
# Disrupted, Full Retreat, Extended Movement, an Auto DS marker, an Entry Area ...) is reported under that rule, and
# its odds, shift and result are accepted read with or without the unit (one mistake, one report), as a refused Air
# or artillery shift's are.
ATTACK_CHECKS = (resources.fort_attack, reserves.attack_problem, scenarios.attack_problem, contested.attack_problem)


# --- who attacks whom ---------------------------------------------------------------------------------------------

def _replacement_bars(ctx: Context, state: State, side: str, loc: str | None, attackers: Sequence[str]) -> bool:
    """21.4: a unit with a Replacement marker bars every combat out of its hex. From an Entry Area the attackers stack
    at its edge as if in a hex (22.7), so only a replaced unit among them bars the attack; one left elsewhere in the
    Area, which has no stacking limit (22.4), does not (`blind16_replaced_unit_stays_others_attack_onto_map_clean`)."""
    if loc in ctx.game.map.areas:
        near = [u for u in attackers if state.units[u].loc == loc]
    else:
        near = units_in(ctx, state, loc)
    return any(state.units[u].replaced and ctx.game.units[u].side == side for u in near)


def _attacker_problems(ctx: Context, state: State, side: str, attackers: Sequence[str], target: str, kind: str,
                       crossings: dict[str, Crossing]) -> list[Finding]:
    """Why each attacker may not attack (8.1, 19.3, 5.3, 5.6.4, 13.2.1, 13.3.2, the rules of ``ATTACK_CHECKS``): every
    finding names exactly the one unit it bars, which is how ``handle_battle`` knows the units to read the battle
    without (keep it so: a finding that bars no unit does not belong here)."""
    b = battles(state)
    out = []
    # 5.3: an enemy unit in the target that did not retreat this phase stood there when the Movement Phase ended, so
    # an Extended Movement that ended next to it was reported on its move (5.3's "never adjacent"): the attack that
    # follows is that mistake's consequence, not a second one. Only an enemy that retreated next to the unit since
    # makes the attack the mistake (2.3.2).
    stayed = any(ctx.game.units[u].side != side and u not in b.retreated for u in units_in(ctx, state, target))
    for uid in attackers:
        us = state.units[uid]
        i = table(ctx)[uid, us.face]
        who = name(ctx, state, uid)
        loc = us.loc
        if ctx.game.units[uid].side != side or loc not in ctx.board.locations:
            off = f"{who} is not {indefinite(ctx.game.sides[side].name)} unit on the map"
            out.append(maskirovka.attack_from_box(ctx, state, uid) or Finding("8.1", off, (uid,)))
            continue
        if not i.combat:  # 19.3: the rule that says so (8.1 speaks of attacking units)
            out.append(Finding("19.3", f"{who} is a Non-Combat Unit: Non-Combat Units never attack", (uid,), (loc,)))
        elif not i.attack:
            out.append(Finding("8.1", f"{who} has no Attack Strength: only Combat Units attack", (uid,), (loc,)))
        if kind == REGULAR and uid in b.attacked:
            out.append(Finding("8.1", f"{who} has already attacked this Combat Phase; a unit attacks once", (uid,),
                               (loc, target)))
        if us.train:
            out.append(Finding("5.6.4", f"{who} is under a Train marker and may not attack", (uid,), (loc,)))
        elif us.order == "disrupted":
            out.append(Finding("13.2.1", f"{who} is Disrupted and may not attack", (uid,), (loc,)))
        elif us.order == FULL_RETREAT:
            out.append(Finding("13.3.2", f"{who} is in Full Retreat and may not attack", (uid,), (loc,)))
        moved = state.moved.get(uid)
        met = stayed and target in ctx.board.neighbours.get(loc, ())
        if moved is not None and moved.mode == EXTENDED and not met:
            out.append(Finding("5.3", f"{who} used Extended Movement this turn: it may not attack (2.3.2: the MA is "
                                      "what a unit may spend and still attack)", (uid,), (loc,)))
        if us.auto_ds and kind != BREAKTHROUGH:
            out.append(Finding("8.6.1", f"{who} made an Automatic DS this turn: it takes no part in regular combat",
                               (uid,), (loc,)))
        if _replacement_bars(ctx, state, side, loc, attackers):
            out.append(Finding("21.4", f"{who}: a unit with a Replacement marker in {loc} prevents every combat out of "
                                       "the hex", (uid,), (loc,)))
        c = crossings.get(uid)
        if c is not None and c.problem:
            out.append(Finding(c.rule, f"{who} may not attack {target}: {c.problem}", (uid,), (loc, target)))
        if loc in ctx.game.map.areas:
            out += _area_problems(ctx, state, uid, loc, kind)
        out += [f for f in (check(ctx, state, uid, target) for check in ATTACK_CHECKS) if f is not None]
    out += _area_stacking(ctx, state, side, attackers)
    return out


def _area_problems(ctx: Context, state: State, uid: str, area: str, kind: str) -> list[Finding]:
    """22.7, 22.6.1: attacking onto the map from an Entry Area."""
    who = name(ctx, state, uid)
    out = []
    if kind == BREAKTHROUGH:
        out.append(Finding("22.7", f"{who}: no Breakthrough Combat from an Entry Area; the unit enters the map first",
                           (uid,), (area,)))
    elif uid in state.record.entry_moved:  # 22.6.1 names this case: the most specific rule (before 22.7's move)
        out.append(Finding("22.6.1", f"{who} moved between Entry Areas this turn: it attacks onto the map from the "
                                     "next Game Turn", (uid,), (area,)))
    elif uid in state.moved:
        out.append(Finding("22.7", f"{who} moved this turn: only units that started the Movement Phase in the Entry "
                                   "Area and did not move attack onto the map", (uid,), (area,)))
    return out


def _area_stacking(ctx: Context, state: State, side: str, attackers: Sequence[str]) -> list[Finding]:
    """22.7: the units attacking onto the map from an Entry Area stack within the limit at its edge."""
    areas = {state.units[u].loc for u in attackers if state.units[u].loc in ctx.game.map.areas}
    out = []
    for area in sorted(a for a in areas if a):
        here = [u for u in attackers if state.units[u].loc == area]
        tags = [table(ctx)[u, state.units[u].face].tags for u in here]
        if not ctx.game.stack_allows(side, state.turn, tags):
            out.append(Finding("22.7", f"the units attacking onto the map from Entry Area {area} exceed the stacking "
                                       "limit (4.1)", tuple(here), (area,)))
    return out


def _target_problems(ctx: Context, state: State, side: str, action: Action, target: str, kind: str,
                     in_hex: Sequence[str]) -> list[Finding]:
    b = battles(state)
    out = []
    if len(set(action["targets"])) > 1:
        out.append(Finding("8.2", f"a combat attacks one hex ({', '.join(action['targets'])} are "
                                  f"{len(set(action['targets']))})", (), tuple(action["targets"])))
    if target in ctx.game.map.areas:
        return out + [Finding("22.4", f"units in an Entry Area ({target}) cannot be attacked", (), (target,))]
    if target not in ctx.game.map.hexes:
        return out + [Finding("8.1", f"{target} is not a map hex", (), (target,))]
    combat_units = [u for u in in_hex if table(ctx)[u, state.units[u].face].combat]
    if not combat_units:
        if target in state.markers.forts or "fort" in ctx.game.map.hexes[target].features:
            out.append(Finding("9.7.4", f"{target} holds a Fortification but no enemy Combat Unit: a vacant "
                                        "Fortification is never attacked", (), (target,)))
        else:
            out.append(Finding("8.1", f"{target} holds no enemy Combat Unit to attack", (), (target,)))
    if kind == REGULAR and target in b.defended:
        out.append(Finding("8.1", f"{target} has already been attacked this Combat Phase; units are attacked once "
                                  "(but by Breakthrough Combat)", tuple(in_hex), (target,)))
    elif kind == REGULAR and combat_units and set(combat_units) <= b.hit:  # they retreated here alone (with a unit
        # that was not attacked yet the hex may be attacked: 12.4)
        who = ", ".join(name(ctx, state, u) for u in combat_units)
        out.append(Finding("8.1", f"{who} already defended in a combat this Combat Phase and retreated to {target}; "
                                  "only a Breakthrough Combat attacks a unit again", tuple(in_hex), (target,)))
    if "defenders" in action.data and set(action["defenders"]) != set(in_hex):
        out.append(Finding("8.1", f"every unit in {target} defends together: {', '.join(in_hex) or 'none'}, not "
                                  f"{', '.join(action['defenders']) or 'none'}", tuple(in_hex), (target,)))
    return out


def _engaged(ctx: Context, state: State, side: str, attackers: Sequence[str], target: str
             ) -> tuple[tuple[str, ...], dict[str, Crossing]]:
    """The enemy units in ``target`` (every one defends, 8.1) and the hexside each attacker attacks across."""
    foe = other(ctx, side)
    in_hex = tuple(u for u in units_in(ctx, state, target) if ctx.game.units[u].side == foe)
    shared = contested.hexes(ctx, state)
    crossings = {u: INSIDE if state.units[u].loc == target and target in shared else
                 crossing(ctx, state, side, "mountain_unit" in table(ctx)[u, state.units[u].face].tags,
                          state.units[u].loc or "", target)
                 for u in attackers if state.units[u].loc in ctx.board.locations}
    return in_hex, crossings


# 29.1.3: a unit inside a Contested City hex joins the attack on the enemy units in it across no hexside
INSIDE = Crossing("", "", "", False, False, False)


# --- the odds and the result --------------------------------------------------------------------------------------

class Reading:
    """One combat's strengths, shifts and column, for a set of shifts."""

    def __init__(self, ctx: Context, attack: odds.Strength, defense: odds.Strength, shifts: list[modifiers.Shift]):
        self.attack, self.defense, self.shifts = attack, defense, shifts
        self.net = sum(s.value for s in shifts)
        self.col = odds.column(ctx, attack.total, defense.total, self.net)

    def result(self, ctx: Context, die: int) -> str:
        crt = ctx.game.crts["crt"]
        if self.col.automatic:
            return crt.limits.automatic_result
        return crt.result(self.col.column, die) if self.col.column else ""


def _adv(ctx: Context, state: State, value: int) -> int:
    """23.2.3-23.2.4: Rain and Mud halve an advance (rounding up), Snow takes a hex off (never below 1)."""
    how = str(ctx.game.weather[state.weather].extra.get("advance") or "")
    if not value:
        return 0
    if how == "halved":
        return -(-value // 2)
    if how == "minus_one":
        return max(1, value - 1)
    return value


def _cell(ctx: Context, r: Reading, die: int) -> tuple[int, str]:
    """The Adv number and the Determined Defense colour of the cell read (10-1: Adv 4 and no Determined Defense,
    decision)."""
    crt = ctx.game.crts["crt"]
    if r.col.automatic or not r.col.column:
        best = max((int(v) for row in crt.layers["adv"].values() for v in row if v), default=0)
        return best, "no"
    return int(crt.cell("adv", r.col.column, die) or 0), crt.cell("dd", r.col.column, die)


def _claims(ctx: Context, action: Action, readings: list[Reading], die: int) -> list[Finding]:
    """8.3, 8.4, 10.1: the claimed ``odds``, ``shifts`` and ``result`` against the table (any of ``readings``: the
    first is the full one, the others without shifts another rule refused)."""
    crt = ctx.game.crts["crt"]
    r = readings[0]
    out = []
    cols = crt.columns
    words = f"{r.col.words(cols)} ({modifiers.describe(r.shifts)}); attack {r.attack.words()}, defense " \
            f"{r.defense.words()}"
    if not r.col.allowed:
        out.append(Finding("8.4.1", f"combat below 1-3 is not allowed: {words}"))
        return out

    def label(x: Reading) -> str:
        return crt.limits.automatic if x.col.automatic else (x.col.column or "")
    claimed_odds = action.get("odds")
    norm, odds_wrong = "", False
    if claimed_odds is not None:
        norm = in_notation(crt.columns, claimed_odds)
        if not any(norm == label(x) or (x.col.automatic and norm == x.col.label) for x in readings):
            rule = "8.4.2" if norm == r.col.label else "8.3"
            odds_wrong = True
            out.append(Finding(rule, f"the combat is resolved on the {label(r)} column, not {claimed_odds}: {words}"))
    claimed_shift = action.get("shifts")
    if claimed_shift is not None and not any(claimed_shift == x.net for x in readings):
        out.append(Finding("8.3", f"the net shift is {r.net:+d}, not {claimed_shift:+d}: {words}"))
    claimed = action["result"]
    follows = odds_wrong and claimed_cell(crt, norm, die) == claimed  # the wrong odds (already reported): one mistake
    if not follows and not any(claimed == x.result(ctx, die) for x in readings):
        where = "10-1 or more: an automatic DS" if r.col.automatic else f"column {label(r)}, die {die}"
        out.append(Finding("8.4.1" if r.col.automatic else "10.1",
                           f"on the CRT, {where} gives {r.result(ctx, die)}, not {claimed}: {words}"))
    return out


def _readings(ctx: Context, state: State, action: Action, side: str, attackers: Sequence[str], in_hex: Sequence[str],
              target: str, kind: str, crossings: dict[str, Crossing], air_bad: bool
              ) -> tuple[list[Reading], frozenset[str], frozenset[str], bool]:
    """(the readings: the full one first, then those without the refusable shifts; counted and doubled defenders;
    whether a Terrain or Fortification shift helped the defender)."""
    foe = other(ctx, side)
    g = ground(ctx, state, target, foe)
    rivers = bool(attackers) and all(c.river or c.marsh for c in crossings.values()) and \
        not any(c.area for c in crossings.values())
    retreated = battles(state).retreated if kind == REGULAR else ()
    limit = _within_limit(ctx, state, target, foe, in_hex) if kind == BREAKTHROUGH else None
    att = odds.attack(ctx, state, attackers, target, crossings)
    dfn, counted, doubled = odds.defense(ctx, state, in_hex, g, rivers, retreated, limit)
    base = modifiers.tank(ctx, state, side, attackers, sorted(counted), crossings, g) + modifiers.terrain(ctx, g)
    terrain = any(s.rule in ("9.9", "9.7.1") for s in base)
    extra = []
    if action.get("air"):
        extra.append(modifiers.Shift(1, f"Air unit {action['air']}", "9.3.3"))
    if action.get("defensive_air"):
        extra.append(modifiers.Shift(-1, f"Air unit {action['defensive_air']}", "9.3.4"))
    n = resources.artillery_shifts(ctx, state, action) if kind != AUTO else 0
    arts = [modifiers.Shift(n, "artillery", "9.4")] if n else []
    readings = [Reading(ctx, att, dfn, base + extra + arts)]
    refused = range(n - 1, -1, -1) if n and resources.artillery_problems(ctx, state, action) else ()
    for k in refused:  # an artillery shift another rule refuses (18.x, reported there): accepted without it too
        readings.append(Reading(ctx, att, dfn, base + extra + ([modifiers.Shift(k, "artillery", "9.4")] if k else [])))
    if air_bad and extra:
        readings += [Reading(ctx, att, dfn, base + x.shifts[len(base) + len(extra):]) for x in list(readings)]
    return readings, counted, doubled, terrain


def reading(ctx: Context, state: State, action: Action, side: str, attackers: Sequence[str], target: str, kind: str
            ) -> tuple[tuple[str, ...], Reading | None]:
    """The enemy units defending ``target`` and the rules' full reading of the battle ``action`` declares on it: each
    side's strength, the shifts and the odds column (8.3-8.5, 9), or None when nobody defends there. The one reading
    that the battle reports and the random player use, so that they see what the rules check."""
    in_hex, crossings = _engaged(ctx, state, side, attackers, target)
    if not in_hex:
        return in_hex, None
    readings, *_ = _readings(ctx, state, action, side, attackers, in_hex, target, kind, crossings, False)
    return in_hex, readings[0]


def _within_limit(ctx: Context, state: State, target: str, side: str, in_hex: Sequence[str]) -> list[str]:
    """15.3.2: the defending units that count in a Breakthrough Combat: within the stacking limit, the strongest."""
    units = sorted((u for u in in_hex if odds.contributes(ctx, state, u)),
                   key=lambda u: (-table(ctx)[u, state.units[u].face].defense, u))
    keep: list[str] = []
    for u in units:
        if stacking.problem(ctx, state, target, side, keep + [u]) is None:
            keep.append(u)
    return keep


def _record(ctx: Context, state: State, action: Action, kind: str, attackers: Sequence[str], in_hex: Sequence[str],
            target: str, r: Reading, counted: frozenset[str], doubled: frozenset[str], terrain: bool, die: int
            ) -> Combat:
    cf = combat_facts(ctx)
    expected = r.result(ctx, die)
    claimed = action["result"]
    rid = claimed if claimed in cf.results else expected if expected in cf.results else "A1"
    res = cf.results[rid]
    adv, colour = _cell(ctx, r, die)
    foe = other(ctx, action.side)
    froms = frozenset(state.units[u].loc or "" for u in attackers)
    shifted = set(action.get("artillery") or ())  # 14.1: an ASU that provided a shift took part: it does not advance
    stacked = frozenset(u for h in froms for u in units_in(ctx, state, h) if ctx.game.units[u].side == action.side
                        and u not in attackers and u not in shifted)
    combat_units = frozenset(u for u in in_hex if table(ctx)[u, state.units[u].face].combat
                             and ctx.game.units[u].side == foe)
    return Combat(action.line, kind, action.side, target, tuple(attackers), tuple(in_hex), counted, rid,
                  _adv(ctx, state, adv) if res.retreat else 0, colour, res.defender, res.attacker, res.picks,
                  res.retreat, res.full, combat_units if res.retreat else frozenset(), limited=res.limited,
                  doubled=doubled, terrain_shift=terrain, air=action.get("air"), froms=froms, stacked=stacked)


def handle_battle(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``battle`` line (8.1-10.1, 15.2, 22.7)."""
    kind = action.get("kind", REGULAR)
    side = action.side
    attackers = tuple(dict.fromkeys(action["attackers"]))
    target = action["targets"][0]
    b = battles(state)
    findings: list[Finding] = []
    parent = b.current if kind == BREAKTHROUGH else None
    if kind == BREAKTHROUGH:
        state, findings = _close_sub(ctx, state)
        findings += _breakthrough_problems(ctx, state, parent, attackers, target)
        state, more = stacking.check(ctx, state, side, "before a Breakthrough Combat")
        findings += more
    elif b.auto_advanced:
        findings.append(Finding("8.6.2", AUTO_LATE.format("combat"), attackers, (target,)))
    foe = other(ctx, side)
    in_hex, crossings = _engaged(ctx, state, side, attackers, target)
    refused = _attacker_problems(ctx, state, side, attackers, target, kind, crossings)
    findings += refused + _target_problems(ctx, state, side, action, target, kind, in_hex)
    air_bad = False
    original = parent.air if parent is not None else None
    for field, use, units in (("air", "breakthrough" if kind == BREAKTHROUGH else "attack", attackers),
                              ("defensive_air", "defense", in_hex)):
        a = action.get(field)
        if a:
            owner = side if field == "air" else foe
            more = air.problems(ctx, state, a, owner, target, units, use, original)
            air_bad = air_bad or bool(more)
            findings += more
    if target not in ctx.game.map.hexes or not any(table(ctx)[u, state.units[u].face].combat for u in in_hex):
        return _count(state, kind, attackers, target, in_hex), findings  # no Combat Unit to attack (8.1, 9.7.4)
    die = final_die(action)
    readings, counted, doubled, terrain = _readings(ctx, state, action, side, attackers, in_hex, target, kind,
                                                    crossings, air_bad)
    barred = {f.units[0] for f in refused if len(f.units) == 1 and f.units[0] in attackers}
    rest = [u for u in attackers if u not in barred]
    if barred and rest:  # a unit a rule bars from attacking (already reported): the reading without it is accepted
        readings += _readings(ctx, state, action, side, rest, in_hex, target, kind,
                              {u: x for u, x in crossings.items() if u in rest}, air_bad)[0]
    # no attacker on the map (each reported above, 8.1, 34.6.1): no reading of the odds to hold the claims to
    if any(state.units[u].loc in ctx.board.locations for u in attackers):
        findings += [evolve(f, units=f.units or attackers + in_hex, path=f.path or (target,))
                     for f in _claims(ctx, action, readings, die)]
    c = _record(ctx, state, action, kind, attackers, in_hex, target, readings[0], counted, doubled, terrain, die)
    for field, use in (("air", "breakthrough" if kind == BREAKTHROUGH else "attack"), ("defensive_air", "defense")):
        if action.get(field) and action[field] in state.units:
            state = air.commit(ctx, state, action[field], use, attackers)
    state = _count(state, kind, attackers, target, in_hex)
    if kind == BREAKTHROUGH and parent is not None:
        return put(state, evolve(_spend(ctx, state, parent, attackers, target), sub=c)), findings
    return put(state, c), findings


def _count(state: State, kind: str, attackers: Sequence[str], target: str, in_hex: Sequence[str]) -> State:
    """8.1: the units that attacked in a regular combat; the hex and the units attacked in any combat."""
    b = battles(state)
    regular = kind == REGULAR
    return evolve(state, battles=evolve(b, attacked=b.attacked | set(attackers) if regular else b.attacked,
                                        defended=b.defended | {target}, hit=b.hit | set(in_hex), count=b.count + 1))


# --- Breakthrough Combat (15.x) -----------------------------------------------------------------------------------

def _breakthrough_problems(ctx: Context, state: State, c: Combat | None, attackers: Sequence[str], target: str
                           ) -> list[Finding]:
    """15.1-15.3.1: a Breakthrough Combat by the group of the combat being resolved, from one stack (15.2.10), into a
    hex the group could advance into (15.2.5, 15.2.9), with a hex of its allowance left (15.2.4)."""
    if c is None:  # 15.1: no Regular Combat to break through from (not a group left undeclared)
        return [Finding("15.1", "no combat is being resolved; Breakthrough Combat follows a combat that advances "
                                "2-4 hexes", tuple(attackers), (target,))]
    why = _no_breakthrough(ctx, c)
    if c.group is None and why:
        return [Finding("15.1", f"the combat at {c.target} allows no Breakthrough Combat: {why}", tuple(attackers),
                        (target,))]
    if c.group is None:
        return [Finding("15.2.2", "a Breakthrough Combat is made by the Breakthrough Group of the combat being "
                                  "resolved (declare it with a breakthrough line)", tuple(attackers), (target,))]
    g = c.group
    out = []
    strangers = [u for u in attackers if u not in g.units]
    if strangers:
        out.append(Finding("15.2.2", f"{', '.join(strangers)} is not in the Breakthrough Group "
                                     f"({', '.join(sorted(g.units))})", tuple(strangers), (target,)))
    if g.done and not g.told and len(strangers) < len(attackers):  # a battle of strangers only: their one report
        out.append(Finding("15.2.2", "the Breakthrough Group's advance is over: another unit of the combat has "
                                     "advanced", tuple(attackers), (target,)))
    hexes = {state.units[u].loc for u in attackers}
    if len(hexes) > 1:
        out.append(Finding("15.2.10", "only one stack of the Breakthrough Group conducts Breakthrough Combat "
                                      f"(the attackers stand in {', '.join(sorted(h or '' for h in hexes))})",
                           tuple(attackers), (target,)))
    foes = _foes_in(ctx, state, c.side, target)
    if target in g.attacked:
        out.append(Finding("15.3.1", f"{target} was attacked by this Breakthrough Group already; only another group "
                                     "attacks it again", tuple(attackers), (target,)))
    elif foes and set(foes) <= g.hit:
        who = ", ".join(name(ctx, state, u) for u in foes)
        out.append(Finding("15.3.1", f"this Breakthrough Group already attacked {who} (now in {target}); only "
                                     "another group attacks a unit again",
                           tuple(attackers), (target,)))
    ground = {u: terrain_problem(ctx, state, u, state.units[u].loc or "", target, False, "group") for u in attackers}
    barred = [(u, words) for u, (rule, words) in ground.items() if rule]
    if barred:  # one combat, one finding: the units that could not advance into the target, each with its reason
        out.append(Finding("15.2.9", "; ".join(f"{name(ctx, state, u)} could not advance into {target} ({words})"
                                               for u, words in barred) + ": no Breakthrough Combat into it",
                           tuple(u for u, _ in barred), (state.units[barred[0][0]].loc or "", target)))
    over = [u for u in attackers if u in g.halted or u in g.only_free]
    if over:
        out.append(Finding("15.2.7", f"{', '.join(name(ctx, state, u) for u in over)}: the Breakthrough Group's "
                                     "advance is over", tuple(over), (target,)))
    for u in attackers:
        if u in g.halted or u in g.only_free:
            continue
        n = min(c.adv, rate(ctx, state, u)[0])
        spent = g.spent.get(u, 0) + (0 if u in g.started else 1)
        if u in g.units and spent + 1 > n:
            out.append(Finding("15.2.4", f"{name(ctx, state, u)} has no hex of its advance left for a Breakthrough "
                                         f"Combat (each costs one; {spent} of {n} used)", (u,), (target,)))
    return out


def _spend(ctx: Context, state: State, c: Combat, attackers: Sequence[str], target: str) -> Combat:
    """15.2.4: each Breakthrough Combat costs its attackers a hex (and the 1-hex decline when it is their first act);
    entering its vacated hex is then free."""
    g = c.group
    if g is None:
        return c
    spent, free = dict(g.spent), dict(g.free)
    for u in attackers:
        spent[u] = spent.get(u, 0) + 1 + (0 if u in g.started else 1)
        free[u] = target
    # 15.2.6: the attack does not free them from the EZOC by itself: they go on from the attack hex only if the combat
    # cleared its EZOCs (advance.py looks at the hex again), else only into the vacated hex
    return evolve(c, group=evolve(g, spent=spent, free=free, started=g.started | set(attackers),
                                  attacked=g.attacked | {target}, hit=g.hit | set(_foes_in(ctx, state, c.side, target)),
                                  told=g.done))


def _foes_in(ctx: Context, state: State, side: str, target: str) -> list[str]:
    """The enemy Combat Units in ``target`` (15.3.1: the units a Breakthrough Combat attacks)."""
    return [u for u in units_at(ctx, state, other(ctx, side), target) if table(ctx)[u, state.units[u].face].combat]


def _no_breakthrough(ctx: Context, c: Combat) -> str:
    """15.1: why the combat ``c`` allows no Breakthrough Combat ('' when it allows one): a Breakthrough Combat itself,
    a Delay (11.6.1), a Limited Advance (14.2.3) or an advance short of 2 hexes."""
    if c.kind == BREAKTHROUGH:
        return "it is a Breakthrough Combat itself"
    if c.delay:
        return "a Delay allows none (11.6.1)"
    if c.limited or c.cancelled:
        return "a Limited Advance allows none (14.2.3)"
    return f"its advance is {c.adv} hex(es), not 2-4" if c.adv < combat_facts(ctx).breakthrough_from else ""


def handle_breakthrough(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``breakthrough`` line: the Breakthrough Group of the combat being resolved (15.1-15.2.3, 15.4, 22.7)."""
    c = battles(state).current
    units = tuple(dict.fromkeys(action["units"]))
    if c is None:
        return state, [Finding("15.1", "no combat is being resolved; a Breakthrough Group follows a combat", units)]
    out = []
    if c.group is not None:
        rule = "15.4" if c.kind == AUTO else "15.2.2"
        out.append(Finding(rule, f"the combat at {c.target} already has its Breakthrough Group "
                                 f"({', '.join(sorted(c.group.units))}); only one stack conducts Breakthrough Combat",
                           units, (c.target,)))
    why = _no_breakthrough(ctx, c)
    if why:
        out.append(Finding("15.1", f"the combat at {c.target} allows no Breakthrough Combat: {why}", units,
                           (c.target,)))
    strangers = [u for u in units if u not in c.attackers]
    if strangers:
        out.append(Finding("15.1", f"{', '.join(strangers)} did not take part in the combat at {c.target}; only its "
                                   "attackers form the Breakthrough Group", tuple(strangers), (c.target,)))
    early = [u for u in c.advanced if u not in units] if c.group is None else []  # a second group: 15.4/15.2.2
    if early:
        out.append(Finding("15.2.2", f"{', '.join(early)} advanced before the Breakthrough Group was declared; the "
                                     "group advances first", tuple(early), (c.target,)))
    hexes = {state.units[u].loc for u in units}
    if len(hexes) > 1 and not hexes <= {c.target} | c.froms:
        out.append(Finding("15.2.3", "the Breakthrough Group is one stack, or forms in the defender's vacated hex",
                           units, (c.target,)))
    group = Group(frozenset(units), started=frozenset(u for u in units if state.units[u].loc == c.target),
                  spent={u: 1 for u in units if state.units[u].loc == c.target})
    return put(state, evolve(c, group=group if c.group is None else c.group)), out


# --- Automatic DS (8.6) -------------------------------------------------------------------------------------------

def handle_auto_ds(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``auto_ds`` line (8.6.1)."""
    side = action.side
    attackers = tuple(dict.fromkeys(action["attackers"]))
    target = action["target"]
    state, findings = stacking.check(ctx, state, side, "before an Automatic DS")
    foe = other(ctx, side)
    in_hex, crossings = _engaged(ctx, state, side, attackers, target)
    findings += _attacker_problems(ctx, state, side, attackers, target, AUTO, crossings)
    findings += _auto_target_problems(ctx, state, action, target, in_hex)
    again = [u for u in attackers if state.units[u].auto_ds]
    if again:
        findings.append(Finding("8.6.1", f"{', '.join(again)} already made an Automatic DS this Movement Phase",
                                tuple(again), (target,)))
    if target in ctx.game.map.hexes and in_hex:
        g = ground(ctx, state, target, foe)
        rivers = bool(crossings) and all(c.river or c.marsh for c in crossings.values())
        att = odds.attack(ctx, state, attackers, target, crossings)
        dfn, counted, _ = odds.defense(ctx, state, in_hex, g, rivers)
        shifts = modifiers.tank(ctx, state, side, attackers, sorted(counted), crossings, g) + modifiers.terrain(ctx, g)
        r = Reading(ctx, att, dfn, shifts)
        if not r.col.automatic:
            findings.append(Finding("8.6.1", f"an Automatic DS needs 10-1 with Tank Shifts only: "
                                             f"{r.col.words(ctx.game.crts['crt'].columns)} "
                                             f"({modifiers.describe(shifts)})", attackers + in_hex, (target,)))
    else:
        counted = frozenset()
    cf = combat_facts(ctx)
    res = cf.results[ctx.game.crts["crt"].limits.automatic_result]
    combat_units = frozenset(u for u in in_hex if table(ctx)[u, state.units[u].face].combat)
    c = Combat(action.line, AUTO, side, target, attackers, in_hex, frozenset(counted), res.id, 0, "no",
               res.defender, res.attacker, res.picks, res.retreat, res.full, combat_units, limited=res.limited,
               froms=frozenset(state.units[u].loc or "" for u in attackers))
    units = dict(state.units)
    for u in attackers:
        units[u] = evolve(units[u], auto_ds=True)
    note_changes(ctx, state.units, units, list(attackers))
    state = evolve(state, units=units, auto=state.auto + (AutoDS(action.line, side, target, attackers),))
    return put(state, c), findings


def _auto_target_problems(ctx: Context, state: State, action: Action, target: str, in_hex: Sequence[str]
                          ) -> list[Finding]:
    if target in ctx.game.map.areas:
        return [Finding("22.4", f"units in an Entry Area ({target}) cannot be attacked", (), (target,))]
    if not any(table(ctx)[u, state.units[u].face].combat for u in in_hex):
        return [Finding("8.6.1", f"{target} holds no enemy Combat Unit", (), (target,))]
    if "defenders" in action.data and set(action["defenders"]) != set(in_hex):
        return [Finding("8.1", f"every unit in {target} defends together: {', '.join(in_hex)}", tuple(in_hex),
                        (target,))]
    return []


AUTO_LATE = "the Automatic DS units have begun their advance: every {} comes before"  # 8.6.2
_LATE_WHAT = {"disengage": "Disengagement Attempt", "activate": "Reserve activation"}


def after_auto_advance(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """8.6.2: the Automatic DS units advance after every combat, Disengagement Attempt and Reserve activation of the
    phase: a ``disengage`` or ``activate`` line once their advance has begun is reported (a ``battle``: ``_battle``)."""
    if not battles(before).auto_advanced:
        return state, []
    units = tuple(u for u in action["units"] if u in before.units)
    where = tuple(dict.fromkeys(before.units[u].loc or "" for u in units))
    return state, [Finding("8.6.2", AUTO_LATE.format(_LATE_WHAT[action.type]), units, where)]


def _open_auto(ctx: Context, state: State, rec: AutoDS) -> State:
    """8.6.2: an Automatic DS's units begin their advance in the Combat Phase, at their full rate, after every other
    combat."""
    cf = combat_facts(ctx)
    units = [u for u in rec.attackers if state.units[u].loc in ctx.board.locations]
    best = max((int(v) for row in ctx.game.crts["crt"].layers["adv"].values() for v in row if v), default=0)
    res = cf.results[ctx.game.crts["crt"].limits.automatic_result]
    c = Combat(rec.line, AUTO, rec.side, rec.target, tuple(units), (), frozenset(), res.id, _adv(ctx, state, best),
               "no", froms=frozenset(state.units[u].loc or "" for u in units))
    b = battles(state)
    state = evolve(state, battles=evolve(b, auto_advanced=True))
    return put(state, c)


# --- what ends a combat -------------------------------------------------------------------------------------------

def _settle(ctx: Context, state: State, c: Combat) -> tuple[State, list[Finding]]:
    """What a combat still owes when it ends (10.1, 11.5, 12.1, 12.2, 12.4, 19.3, 29.1.1)."""
    state, findings = owed_problem(ctx, state, c)
    dd = c.determined
    if dd is not None and dd.desperate and dd.result != "S" and any(state.units[u].loc == c.target
                                                                    for u in c.to_retreat):
        findings.append(Finding("11.5", f"the Desperate Defense of {c.target} rolls again until the retreat is "
                                        "cancelled or every unit is eliminated", tuple(sorted(c.to_retreat)),
                                (c.target,)))
    state, more = settle(ctx, state, c)
    findings += more + contested.owed_advance(ctx, state, c)
    return _lone(ctx, state, c), findings


def _lone(ctx: Context, state: State, c: Combat) -> State:
    """19.3: Non-Combat Units left in the defender's hex without a friendly Combat Unit are removed."""
    foe = other(ctx, c.side)
    here = [u for u in units_in(ctx, state, c.target) if ctx.game.units[u].side == foe]
    if here and not any(table(ctx)[u, state.units[u].face].combat for u in here):
        state = remove_alone(ctx, state, here)
    return state


def _close_sub(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    c = battles(state).current
    if c is None or c.sub is None:
        return state, []
    state, findings = _settle(ctx, state, c.sub)
    top = battles(state).current
    return put(state, evolve(top, sub=None)), findings


def close(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The combat being resolved ends: what it still owes is settled or reported (on the line that ends it)."""
    c = battles(state).current
    if c is None:
        return state, []
    state, findings = _close_sub(ctx, state)
    c = battles(state).current
    state, more = _settle(ctx, state, c)
    return put(state, None), findings + more


def ends_with(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Before an action is handled: an action that is not part of the combat being resolved ends it (its findings
    reported on that action's line); the first advance or breakthrough of an Automatic DS's units begins its advance
    (8.6.2)."""
    if action.type in ("advance", "breakthrough") and state.phase == "combat":
        units = [action["unit"]] if action.type == "advance" else list(action["units"])
        rec = next((r for r in state.auto for u in units if u in r.attackers and state.units[u].auto_ds), None)
        c = battles(state).current
        if rec is not None and (c is None or c.kind != AUTO or c.line != rec.line):
            state, findings = close(ctx, state)
            return _open_auto(ctx, state, rec), findings
    if action.type in ("advance", "breakthrough") and current(state) is not None:
        return _advance_begins(ctx, state), []
    if action.type in FOLLOW or (action.type == "battle" and action.get("kind") == BREAKTHROUGH):
        return state, []
    if current(state) is None:
        return state, []
    return close(ctx, state)


def _sure(ctx: Context, state: State, c: Combat) -> tuple[State, Combat]:
    state, c = sure_steps(ctx, state, c)
    return sure_retreats(ctx, state, c)


def _advance_begins(ctx: Context, state: State) -> State:
    """8.3 step 3, 14.1: the step losses and retreats come before the advance, so an ``advance`` or ``breakthrough``
    line finds done what had only one outcome (the only unit that can lose a step loses it, the Lead Unit its
    Determined Defense steps, a unit every retreat of which eliminates it is eliminated): a log may leave those out
    (10.1, 12.2). What asks a choice is still reported when the combat ends."""
    c = battles(state).current
    assert c is not None
    if c.sub is not None:
        state, sub = _sure(ctx, state, c.sub)
        return put(state, evolve(c, sub=sub))
    state, c = _sure(ctx, state, c)
    return put(state, c)


def end_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The Combat Phase ends: the last combat settles; Auto DS and Reserve markers come off (8.6.2, 25.2.3)."""
    state, findings = close(ctx, state)
    units = state.units
    marked = [u for u, us in units.items() if us.auto_ds or us.reserve]
    if marked:
        units = dict(units)
        for u in marked:
            units[u] = evolve(units[u], auto_ds=False, reserve=False)
        state = evolve(state, units=units)
    return evolve(state, auto=()), findings


def end_movement(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The Movement Phase ends: what an Automatic DS still owes settles."""
    return close(ctx, state)


def begin_phase(ctx: Context, state: State, phase: str, side: str | None) -> State:
    """13.3.2: units in Full Retreat next to an enemy unit at the start of any Movement or Combat Phase, not stacked
    with a friendly Combat Unit that is not in Full Retreat, are eliminated; 9.3.1: the Axis Initial Phase collects
    the Air units."""
    if phase == "initial" and side is not None:
        return air.collect(ctx, state, side)
    if phase not in ("movement", "combat"):
        return state
    doomed = sorted(u for u, us in state.units.items() if us.order == FULL_RETREAT and us.loc in ctx.game.map.hexes
                    and auto_retreat_owed(ctx, state, u, any_unit=True))
    for u in doomed:
        state = eliminate(ctx, state, u)
    if doomed:
        state = evolve(state, record=evolve(state.record, fled=state.record.fled | frozenset(doomed)))
    return state


__all__ = ["begin_phase", "close", "end_movement", "end_phase", "ends_with", "handle_auto_ds", "handle_battle",
           "handle_breakthrough"]
