"""Combat results (10.7): what a result asks of the battle's units, step losses, eliminations, and the end of a
battle.

- 10.7 results: ``-`` nothing; CB a Counterblow marker (see ``combat``); CA the defender may counterattack
  (10.7.2); DR every defender retreats two hexes; DS they retreat and go to the Shattered box (10.7.6); DD every
  defender loses one step and the survivors retreat; EX each side loses one step (the owner chooses which unit);
- 10.7.4: a Fort in a target hex turns DR into ``-`` and DS into EX for the units of its hex, and they ignore the
  retreat of a DD (also when the Fort itself takes no part: a counterblow's white units, 10.1.2); a Volkssturm unit
  turns DR into ``-`` and is eliminated (``combat.toml [[target_types]]``);
- 10.7.1: a step loss flips a full-strength two-step unit to its reduced side, or eliminates a one-step unit: to
  the Destroyed box, or the Surrendered box if it carries an Unsupplied marker; only units the result names lose
  steps, and a unit removed for a loss may not have more steps left than it owes; a unit of the battle that owes
  nothing and need not retreat is not removed unless its hex is overstacked (8.4.3);
- 15.1, 15.2 (optional): the SS Panzer and the Soviet Shock units take their side's step of an EX first;
- 15.3.2 (optional ``cadres``): when a DD or EX step loss eliminates an army (not a cadre), a cadre of its side's
  Cadre box may take its place on the map (``loss`` with ``cadre``);
- 10.7.5 / 10.7.6: a unit that had to retreat and was removed instead must have had no legal retreat; only DS units
  go to the Shattered box, and only if they could retreat;
- 10.2: a battle is resolved completely before the next: when the next battle begins or the Combat Phase ends,
  what has only one outcome and was not logged is done (DD losses, an EX loss only one unit can take, units that
  cannot retreat eliminated); an outcome that needed the owner's choice and is missing is a violation.
"""

from __future__ import annotations

from typing import Iterable

from ...engine.context import Context
from ...engine.state import evolve, occupants, unit_name, updated
from ...engine.steps import after_losses, steps_left as engine_steps_left
from ...model import Action, Finding
from .battle_state import Battle, LossGroup
from .cards import record
from .combat_data import TargetType, rules, special_matches
from .control import enter
from .declaration import current, other_side, with_combat
from .placement import CADRE_OPTION, CADRE_TYPE
from .retreat import check as check_retreat, retreats
from .stacking import overstacks
from .state import State, with_unit

TWO_STEP_EVENT = "soviet_two_steps"  # turn-event code: Soviet units become robust two-step units (7.3)
MOVING_RESULTS = ("DR", "DS", "DD")  # results after which defenders leave and attackers may advance (10.8)


def elimination_box(ctx: Context, state: State, uid: str) -> str:
    side = ctx.game.units[uid].side
    return f"surrendered_{side}" if state.units[uid].unsupplied else f"destroyed_{side}"


def step_track(ctx: Context, state: State, uid: str) -> tuple[str, ...]:
    """The faces the unit shows as it loses steps, from the one it may show at full strength (10.7.1, 7.3): a
    two-step unit that flips goes from front to back; one improved to its back side goes back to its front when
    Soviet units are robust (7.3) or when it is a converted (Fortified) unit; any other unit has one step."""
    u = ctx.game.units[uid]
    face = state.units[uid].face
    if u.steps < 2:
        return (face,)
    if u.flip == "step":
        return ("front", "back")
    robust = ctx.first_turn_of.get(TWO_STEP_EVENT)
    if u.flip == "convert" or (u.flip == "improve" and robust is not None and state.turn >= robust):
        return ("back", "front")
    return (face,)


def reduced_face(ctx: Context, state: State, uid: str) -> str | None:
    """The face a unit shows after losing a step, or None when the loss eliminates it (10.7.1, 7.3)."""
    return after_losses(step_track(ctx, state, uid), state.units[uid].face)


def steps_left(ctx: Context, state: State, uid: str) -> int:
    return engine_steps_left(step_track(ctx, state, uid), state.units[uid].face)


def to_box(ctx: Context, state: State, uid: str, box: str) -> State:
    us = state.units[uid]
    return with_unit(ctx, state, uid, evolve(us, loc=box, unsupplied=False, disorganized=False))


def step_loss(ctx: Context, state: State, uid: str) -> State:
    """One step lost: flipped, or eliminated (10.7.1)."""
    face = reduced_face(ctx, state, uid)
    if face is not None:
        return with_unit(ctx, state, uid, evolve(state.units[uid], face=face))
    return to_box(ctx, state, uid, elimination_box(ctx, state, uid))


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


# -- what a result requires ---------------------------------------------------------------------------------------

def hex_result(ctx: Context, state: State, result: str, units: Iterable[str], ignore: frozenset[str] = frozenset()
               ) -> tuple[str, TargetType | None]:
    """The result for the units of one target hex, changed by a Fort (10.7.4) or Volkssturm unit (14.0) there,
    unless an event cancels that type's effect (``ignore``: cards 33, 47)."""
    types = rules(ctx).target_types
    for uid in units:
        kind = ctx.unit_type[uid, state.units[uid].face]
        tt = types.get(kind) if kind not in ignore else None
        if tt is not None and (result in tt.results or tt.no_retreat):
            return tt.results.get(result, result), tt
    return result, None


def with_forts(ctx: Context, state: State, hex_: str, engaged: Iterable[str]) -> list[str]:
    """The engaged defenders of a target hex and the Forts there that take no part (the white Fort of a counterblow
    hex, 10.1.2; an unengaged one of a counterattack, 10.7.2): a Fort in the target hex changes the outcome for the
    units of its hex, and units stacked with a Fort never retreat (10.7.4, 10.7.5)."""
    engaged = list(engaged)
    types = rules(ctx).target_types
    forts = [u for u in occupants(ctx, state).get(hex_, ()) if u not in engaged
             and (tt := types.get(ctx.unit_type[u, state.units[u].face])) is not None and tt.no_retreat]
    return engaged + forts


def _first(ctx: Context, state: State, uids: Iterable[str]) -> frozenset[str]:
    """Units that take their side's EX step first (15.1, 15.2) when their optional rule is on."""
    out = set()
    for s in rules(ctx).specials:
        if s.ex_first_loss and ctx.option(s.option):
            out |= {u for u in uids if special_matches(ctx, s, u, ctx.unit_type[u, state.units[u].face])}
    return frozenset(out)


def _first_rule(ctx: Context, state: State, uids: Iterable[str]) -> str:
    for s in rules(ctx).specials:
        if s.ex_first_loss and ctx.option(s.option) and any(
                special_matches(ctx, s, u, ctx.unit_type[u, state.units[u].face]) for u in uids):
            return s.rule
    return "10.7.1"


def _group(ctx: Context, state: State, side: str, uids: Iterable[str]) -> LossGroup:
    units = frozenset(uids)
    first = _first(ctx, state, units)
    return LossGroup(side, units, first, _first_rule(ctx, state, first) if first else "10.7.1")


def obligations(ctx: Context, state: State, b: Battle, ignore: frozenset[str] = frozenset()) -> Battle:
    """The battle with what its result requires (10.7.1-10.7.6); ``ignore``: unit types whose effect an event
    cancels."""
    owed: dict[str, int] = {}
    groups: list[LossGroup] = []
    retreat: set[str] = set()
    shatter: set[str] = set()
    hex_results = {}
    defender_side = other_side(ctx, b.side)
    attacker_ex = False
    for t in b.targets:
        units = [d for d in b.defenders if b.starts.get(d) == t]
        res, tt = hex_result(ctx, state, b.result, with_forts(ctx, state, t, units), ignore)
        hex_results[t] = res
        if tt is not None and b.result in tt.eliminated_by:
            owed.update({u: steps_left(ctx, state, u) for u in units
                         if ctx.unit_type[u, state.units[u].face] == tt.type})
        if res == "DD":
            owed.update({u: max(owed.get(u, 0), 1) for u in units})
        if res == "EX" and units:
            groups.append(_group(ctx, state, defender_side, units if b.result != "EX" else b.defenders))
            attacker_ex = True
        if res in MOVING_RESULTS and not (tt is not None and tt.no_retreat):
            retreat |= set(units)
        if res == "DS":
            shatter |= set(units)
    if attacker_ex:
        groups = list(dict.fromkeys(groups))  # a CRT EX asks one defender step for the whole battle
        groups.append(_group(ctx, state, b.side, b.attackers))
    return evolve(b, hex_results=hex_results, owed_steps=owed, loss_groups=tuple(groups),
                   to_retreat=frozenset(retreat), to_shatter=frozenset(shatter), may_counterattack=b.result == "CA")


# -- losses and removals -------------------------------------------------------------------------------------------

def pictured(findings: list[Finding], b: Battle | None) -> list[Finding]:
    """The findings with the battle they belong to drawn in report pictures (arrows, odds and result)."""
    if b is None or not b.targets:
        return findings
    return [evolve(f, arrows=f.arrows or b.arrows, labels=f.labels or ((b.targets[0], b.summary),))
            for f in findings]


def _participants(b: Battle) -> frozenset[str]:
    return frozenset(b.attackers) | frozenset(b.defenders)


def _after_elimination(b: Battle, uid: str) -> Battle:
    owed = {u: n for u, n in b.owed_steps.items() if u != uid}
    return evolve(b, owed_steps=owed, to_retreat=b.to_retreat - {uid}, to_shatter=b.to_shatter - {uid})


def as_ruled(ctx: Context, state: State, b: Battle | None) -> Battle | None:
    """The battle going on with the rules' result instead of a claimed one reported as wrong (10.5), when it has one:
    a loss or retreat the claim does not ask for but the rules' result does shows the log went on with it, which is
    no second mistake (10.7.1, 10.7.5: one mistake, one report)."""
    if b is None or b.rules_result is None:
        return None
    return obligations(ctx, state, evolve(b, result=b.rules_result, rules_result=None))


def take_step(ctx: Context, state: State, b: Battle | None, uid: str) -> tuple[Battle | None, list[Finding]]:
    """Count one step loss of ``uid`` against what the battle owes (10.7.1), or against the rules' result when the
    claimed one was reported and asks none of it (:func:`as_ruled`)."""
    ruled = as_ruled(ctx, state, b)
    if ruled is not None and uid in _participants(ruled):
        b, found = _take_step(ctx, state, b, uid)
        if not found:
            return b, found
        b, again = _take_step(ctx, state, ruled, uid)
        return (b, again) if not again else (b, found)
    return _take_step(ctx, state, b, uid)


def _take_step(ctx: Context, state: State, b: Battle | None, uid: str) -> tuple[Battle | None, list[Finding]]:
    name = unit_name(ctx, uid, state)
    if b is None or uid not in _participants(b):
        why = (f"{name} did not fight in the battle being resolved; only the result of a battle makes its units "
               "lose steps")
        side = ctx.game.units[uid].side
        for i, g in enumerate(b.loss_groups if b is not None else ()):
            if g.side == side:
                # one mistake, one report: the step given to the wrong unit is the one the battle asked of the side
                # (an EX), not also a step left out when the battle ends
                return evolve(b, loss_groups=b.loss_groups[:i] + b.loss_groups[i + 1:]), [Finding(
                    "10.7.1", f"{why} (the {b.result} step was one of {', '.join(sorted(g.units))})", (uid,))]
        return b, [Finding("10.7.1", why, (uid,))]
    if b.owed_steps.get(uid, 0) > 0:
        return evolve(b, owed_steps={**b.owed_steps, uid: b.owed_steps[uid] - 1}), []
    for i, g in enumerate(b.loss_groups):
        if uid in g.units:
            rest = b.loss_groups[:i] + b.loss_groups[i + 1:]
            first = sorted(u for u in g.first if on_map(ctx, state, u))
            out = []
            if first and uid not in g.first:
                out.append(Finding(g.rule, f"{unit_name(ctx, first[0], state)} takes its side's first step loss in "
                                           f"an EX, not {name}", (uid, first[0])))
            return evolve(b, loss_groups=rest), out
    if _eliminated_instead(ctx, state, b, uid):
        return b, []
    return b, [Finding("10.7.1", f"{name} owes no step loss: the battle at line {b.line} ({b.result}) asks none of it",
                       (uid,))]


def _eliminated_instead(ctx: Context, state: State, b: Battle, uid: str) -> bool:
    """10.7.5: a unit that must retreat and cannot is eliminated; a ``loss`` of its last step is that elimination
    (as one ``remove`` may be, ``_removal_problem``), not a step the result does not ask for."""
    return (uid in b.to_retreat and uid not in b.retreated and steps_left(ctx, state, uid) == 1
            and not retreats(ctx, state, uid, state.units[uid].loc))


def _place_cadre(ctx: Context, state: State, b: Battle | None, uid: str, cadre: str, loc: str, eliminated: bool,
                 retreating: bool) -> tuple[State, Battle | None, list[Finding]]:
    """15.3.2: the cadre comes from its side's Cadre box into ``loc`` and takes the eliminated unit's place."""
    side = ctx.game.units[uid].side
    box = f"cadre_{side}"
    problems = []
    if not ctx.option(CADRE_OPTION):
        problems.append("the optional cadre rule (15.3) is not in play")
    if ctx.game.units[cadre].side != side or state.units[cadre].loc != box:
        problems.append(f"{cadre} is not in the {ctx.game.map.boxes[box].name} box")
    if not eliminated:
        problems.append(f"{uid} still has a step left")
    if ctx.unit_type[uid, state.units[uid].face] == CADRE_TYPE:
        problems.append(f"{uid} is a cadre, not an army")
    if b is None or b.result not in ("DD", "EX") and "EX" not in b.hex_results.values():
        problems.append("only a DD or EX step loss lets a cadre in")
    findings = [Finding("15.3.2", f"{cadre} cannot take {uid}'s place: {'; '.join(problems)}", (uid, cadre))] \
        if problems else []
    state = evolve(state, units=updated(state.units, cadre, evolve(state.units[cadre], loc=loc)))
    if b is not None:
        swap = {uid: cadre}
        b = evolve(b, attackers=tuple(swap.get(u, u) for u in b.attackers),
                    defenders=tuple(swap.get(u, u) for u in b.defenders),
                    starts={**b.starts, cadre: loc}, to_retreat=b.to_retreat | ({cadre} if retreating else set()))
    return state, b, findings


def owner_problem(ctx: Context, state: State, action: Action) -> list[Finding]:
    """A ``loss`` or ``remove`` is made by the unit's owner: the owning player chooses which of his units lose the
    steps of a result and are eliminated (10.7.1), eliminates his own overstack's excess (8.4.3) and sends his own
    units to the Surrendered box (11.1). An event that makes the other player remove a unit is its module's
    follow-up, never this handler's."""
    uid = action["unit"]
    owner = ctx.game.units[uid].side
    if action.side == owner or action.side not in ctx.game.sides:
        return []
    if action.type == "loss" or state.phase == "combat":
        rule, what = "10.7.1", "its step losses and eliminations"
    elif state.phase == "removal" and action["to"] == f"surrendered_{owner}":
        rule, what = "11.1", "its surrender"
    else:
        rule, what = "8.4.3", "its removal as an overstack's excess"
    return [Finding(rule, f"{unit_name(ctx, uid, state)} belongs to the {ctx.game.sides[owner].name} player, who "
                          f"makes {what}; the {ctx.game.sides[action.side].name} player does not", (uid,))]


def handle_loss(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A step lost in the battle being resolved (10.7.1), by the unit's owner (:func:`owner_problem`); with
    ``cadre``, the cadre that takes the place of the army this loss eliminates (15.3.2)."""
    uid = action["unit"]
    if not on_map(ctx, state, uid):
        return state, [Finding("10.7.1", f"{unit_name(ctx, uid, state)} is not on the map to lose a step", (uid,))]
    wrong_hand = owner_problem(ctx, state, action)
    c = current(state)
    retreating = c.battle is not None and uid in c.battle.to_retreat and uid not in c.battle.retreated
    b, findings = take_step(ctx, state, c.battle, uid)
    loc = state.units[uid].loc
    state = step_loss(ctx, state, uid)
    eliminated = not on_map(ctx, state, uid)
    if eliminated and b is not None:
        b = _after_elimination(b, uid)
    if action.get("cadre"):
        state, b, more = _place_cadre(ctx, state, b, uid, action["cadre"], loc, eliminated, retreating)
        findings += more
    return with_combat(state, evolve(c, battle=b)), wrong_hand + pictured(findings, b)


def _removal_problem(ctx: Context, state: State, b: Battle, uid: str, box: str) -> Finding | None:
    """What is wrong with removing a unit of the battle to ``box`` (10.7.1, 10.7.5, 10.7.6), or None."""
    name = unit_name(ctx, uid, state)
    side = ctx.game.units[uid].side
    loc = state.units[uid].loc
    must_retreat = uid in b.to_retreat and uid not in b.retreated
    can = retreats(ctx, state, uid, loc) if must_retreat else []
    if box == f"shattered_{side}":
        if uid not in b.to_shatter:
            return Finding("10.7.6", f"only a DS result sends units to the Shattered box; {name} got "
                                     f"{b.hex_results.get(b.starts.get(uid, ''), b.result)}", (uid,))
        if must_retreat and not can:
            return Finding("10.7.6", f"{name} cannot retreat from {loc}, so it is eliminated "
                                     f"({elimination_box(ctx, state, uid)}) instead of shattered", (uid,), (loc,))
        return None
    if box not in (f"destroyed_{side}", f"surrendered_{side}"):
        return None
    expected = elimination_box(ctx, state, uid)
    if box != expected:
        why = "it carries an Unsupplied marker" if state.units[uid].unsupplied else "it is supplied"
        return Finding("10.7.1", f"an eliminated {name} goes to {expected}, not {box}: {why}", (uid,))
    owed = b.owed_steps.get(uid, 0) + sum(1 for g in b.loss_groups if uid in g.units)
    if owed and steps_left(ctx, state, uid) > owed and not (must_retreat and not can):
        # (a unit that loses its steps and then cannot retreat is eliminated: one remove says both, 10.7.5)
        return Finding("10.7.1", f"{name} owes {owed} step loss(es) but has {steps_left(ctx, state, uid)} steps: it "
                                 "is reduced, not eliminated", (uid,))
    if can and not owed:
        return Finding("10.7.5", f"{name} can retreat ({loc}-{'-'.join(can[0])}) and is not eliminated", (uid,),
                       (loc,) + can[0])
    if not owed and not must_retreat and not _overstacked(ctx, state, uid):
        return Finding("10.7.1", f"{name} owes no step loss, need not retreat and is not overstacked (8.4.3): nothing "
                                 f"eliminates it ({steps_left(ctx, state, uid)} step(s) left)", (uid,), (loc,))
    return None


def _overstacked(ctx: Context, state: State, uid: str) -> bool:
    """The unit stands in a location over its side's stacking limit (8.4.3: its owner may eliminate it)."""
    return any(uid in uids for _, _, uids in overstacks(ctx, state))


def handle_remove(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A unit goes to a box: eliminated or shattered in a battle (10.7.1, 10.7.5; 10.7.6: only a DS unit that could
    retreat goes to the Shattered box, and one that retreated is there and is not then sent to another box), or
    removed for another reason (8.4.3 overstack, 11.1 surrender: the Removal Phase's own handler; events: their
    own). Units go to their own side's boxes; a unit eliminated outside a battle is the excess of an overstack
    (8.4.3). Only the unit's owner removes it (:func:`owner_problem`)."""
    uid, box = action["unit"], action["to"]
    owner = ctx.game.map.boxes[box].side
    wrong_hand = owner_problem(ctx, state, action)
    findings = list(wrong_hand)
    if owner is not None and owner != ctx.game.units[uid].side:
        findings.append(Finding("10.7.1", f"{unit_name(ctx, uid, state)} goes to its own side's boxes, not {box}",
                                (uid,)))
    c = current(state) if state.phase == "combat" else None
    b = c.battle if c is not None else None
    side = ctx.game.units[uid].side
    here = state.units[uid].loc
    gone = (f"destroyed_{side}", f"surrendered_{side}", f"shattered_{side}")
    fought = b is not None and uid in _participants(b)
    surrender = state.phase == "removal" and box == f"surrendered_{side}"  # 11.1's report (removal.py): one is enough
    rec = record(state)
    # 6.4, 6.5.4: a unit the Supply Check reported (its marker left out, or given and not placed) is eliminated to the
    # Surrendered box in the other reading: the log sending it on there is no second mistake
    other_box = fought and uid in rec.missing_marks | rec.false_marks and (here, box) == gone[:2]
    if box in gone and box != here and (here in gone and not surrender or fought and not on_map(ctx, state, uid)) \
            and not other_box:
        # the battle already sent it to a box (a DS retreat to the Shattered box, a step loss to its elimination box);
        # or, outside the battle, a unit in a box is off the map: no result, surrender or overstack removes it again,
        # it leaves the box only by the rules for it (7.7: Shattered units return; replacements). The rule that put it
        # there: a DS (10.7.6), an elimination to its side's Destroyed or Surrendered box (10.7.1)
        rule = "10.7.6" if here == f"shattered_{side}" else "10.7.1"
        by = f"after the {b.result} of the battle at line {b.line}" if fought else "before this line"
        findings.append(Finding(rule, f"{unit_name(ctx, uid, state)} went to {here} {by}; it does not go on to {box}",
                                (uid,)))
        return to_box(ctx, state, uid, box), findings
    if b is not None and uid in _participants(b) and on_map(ctx, state, uid):
        f = _removal_problem(ctx, state, b, uid, box)
        if f is not None:
            findings.append(f)
        findings = pictured(findings, b)
        b = _after_elimination(evolve(b, loss_groups=tuple(g for g in b.loss_groups if uid not in g.units)), uid)
        state = with_combat(to_box(ctx, state, uid, box), evolve(c, battle=b))
        return state, findings
    if not surrender and box in gone and on_map(ctx, state, uid) and not _overstacked(ctx, state, uid) \
            and not wrong_hand:  # (the other player's remove is one mistake: reported once, as his)
        loc = state.units[uid].loc
        findings.append(Finding("8.4.3", f"{unit_name(ctx, uid, state)} is sent to {box} by no battle result, event "
                                         f"or surrender, and {loc} is not overstacked: a player eliminates his own "
                                         "units only as the excess of an overstack", (uid,), (loc,)))
    return to_box(ctx, state, uid, box), findings


def move_along(ctx: Context, state: State, uid: str, path: list[str]) -> State:
    """The unit ends in the last location of ``path``; its side controls every location entered (12.4.1)."""
    if not path:
        return state
    state = with_unit(ctx, state, uid, evolve(state.units[uid], loc=path[-1]))
    return enter(ctx, state, ctx.game.units[uid].side, path)


def logged_path(state: State, action: Action) -> tuple[str, str | None, list[str]]:
    """(unit, where it is, the locations it enters) of a retreat or advance (a leading start is ignored)."""
    uid = action["unit"]
    path = list(action["path"])
    start = state.units[uid].loc
    return uid, start, path[1:] if path and path[0] == start else path


def _needless_retreat(ctx: Context, state: State, b: Battle | None, uid: str, name: str, full: tuple[str, ...]
                      ) -> Finding:
    """A retreat no result asks for: under 10.7.5, or under the rule of the Fort (10.7.4) or Volkssturm unit (14.0)
    whose hex the CRT result would have made retreat (one mistake, one report: the rule that cancelled it)."""
    start = b.starts.get(uid) if b is not None and uid in b.defenders else None
    if start is not None and b.result in MOVING_RESULTS:
        engaged = [d for d in b.defenders if b.starts.get(d) == start]
        res, tt = hex_result(ctx, state, b.result, with_forts(ctx, state, start, engaged))
        if tt is not None and (res not in MOVING_RESULTS or tt.no_retreat):
            made = "no effect" if res == "-" else "a loss without a retreat" if res == b.result else f"an {res}"
            return Finding(tt.rule, f"{name} retreats {'-'.join(full)}, but the {tt.type} in {start} makes the "
                                    f"{b.result} {made} for the units of its hex: they do not retreat", (uid,), full)
    return Finding("10.7.5", f"{name} retreats {'-'.join(full)}, but no result of the battle being resolved makes it "
                             "retreat", (uid,), full)


def handle_retreat(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A defender retreats (10.7.5); a DS unit then goes to the Shattered box (10.7.6)."""
    uid, start, path = logged_path(state, action)
    name = unit_name(ctx, uid, state)
    if start not in ctx.board.locations:
        return state, [Finding("10.7.5", f"{name} is not on the map to retreat", (uid,))]
    full = (start,) + tuple(path)
    c = current(state)
    b = c.battle
    findings = []
    ruled = as_ruled(ctx, state, b) if b is not None and uid not in b.to_retreat else None
    if ruled is not None and uid in ruled.to_retreat:
        b = ruled  # the rules' result, whose retreat the log makes (10.5 reported on the battle: one report)
    if b is None or uid not in b.to_retreat:
        findings.append(_needless_retreat(ctx, state, b, uid, name, full))
    elif uid in b.retreated:
        findings.append(Finding("10.7.5", f"{name} has already retreated", (uid,), full))
    else:
        f = check_retreat(ctx, state, uid, start, path)
        if f is not None:
            findings.append(f)
    findings = pictured(findings, b)
    if not path or any(p not in ctx.board.locations for p in path):
        return state, findings
    state = move_along(ctx, state, uid, path)
    if b is not None and uid in b.to_retreat:
        b = evolve(b, retreated=b.retreated | {uid})
        if uid in b.to_shatter:
            state = to_box(ctx, state, uid, f"shattered_{ctx.game.units[uid].side}")
        state = with_combat(state, evolve(current(state), battle=b))
    return state, findings


# -- the end of a battle -----------------------------------------------------------------------------------------

def settle(ctx: Context, state: State, ended: bool = False) -> tuple[State, list[Finding]]:
    """The losses and retreats of the battle being resolved are over (an advance begins, or the battle ends,
    10.2): what was not logged but has one outcome is done; a missing choice is a violation. A battle whose claimed
    result was reported (10.5) and whose log left out what that result asks settles by the rules' result when that
    one asks nothing left out: the log followed the rules (:func:`as_ruled`, one mistake, one report). ``ended``:
    the battle ends too (the settled battle is not kept: one copy of the state)."""
    b = current(state).battle
    if b is None or b.settled:
        return state, []
    done, findings = _settle(ctx, state, b, ended)
    ruled = as_ruled(ctx, state, b) if findings else None
    if ruled is not None:
        by_rules, more = _settle(ctx, state, ruled, ended)
        if not more:
            return by_rules, more
    return done, findings


def _settle(ctx: Context, state: State, b: Battle, ended: bool) -> tuple[State, list[Finding]]:
    findings = []
    for uid, n in sorted(b.owed_steps.items()):
        for _ in range(n):
            if on_map(ctx, state, uid):
                state = step_loss(ctx, state, uid)
    for g in b.loss_groups:
        cands = sorted(u for u in g.first if on_map(ctx, state, u)) or \
            sorted(u for u in g.units if on_map(ctx, state, u))
        if len(cands) == 1:
            state = step_loss(ctx, state, cands[0])
        elif cands:
            findings.append(Finding("10.7.1", f"one of {', '.join(cands)} must lose a step (the {b.result} of the "
                                              f"battle at line {b.line}); no loss was logged", tuple(cands)))
    for uid in sorted(b.to_retreat - b.retreated):
        start = b.starts.get(uid)
        if not on_map(ctx, state, uid) or state.units[uid].loc != start:
            continue
        can = retreats(ctx, state, uid, start)
        if not can:
            state = to_box(ctx, state, uid, elimination_box(ctx, state, uid))
        else:
            findings.append(Finding("10.7.5", f"{unit_name(ctx, uid, state)} had to retreat two hexes after the "
                                              f"{b.hex_results.get(start, b.result)} of the battle at line {b.line} "
                                              f"(e.g. {start}-{'-'.join(can[0])}) but stayed in {start}", (uid,),
                                    (start,) + can[0]))
    if ended:
        return with_combat(state, evolve(current(state), battle=None)), findings
    b = evolve(b, owed_steps={}, loss_groups=(), retreated=b.retreated | b.to_retreat, settled=True)
    return with_combat(state, evolve(current(state), battle=b)), findings


def close(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The battle being resolved ends (10.2). With no battle there is nothing to end: the state stays as it is (no
    copy; the record of a Combat Phase that has not begun in it is made by whoever changes it, ``current``)."""
    if state.combat.battle is None:
        return state, []
    b = current(state).battle
    if b is not None and not b.settled:
        return settle(ctx, state, ended=True)
    return with_combat(state, evolve(current(state), battle=None)), []
