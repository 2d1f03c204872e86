"""Step losses of a combat (9.8, 10.1-10.4, 11.4, 11.5, 12.1.3, 20.5.2): each ``loss`` line is checked against what
the combat being resolved still owes, then applied (``losses.lose_step``).

- 10.1: a result costs the defender and the attacker the steps it names; a Determined Defense adds the table's
  (11.4.1: the defender's from the Lead Unit, 11.2.3); a Fail in a Desperate Defense costs the Lead Unit a step
  (11.5.2); a step may be paid to shorten a retreat (``pay``, 12.1.3 (4): at most three). A ``loss`` of a unit the
  combat asks nothing of is reported.
- 10.2.1: the steps come from units that counted in the combat; a unit that added nothing (a Non-Combat Unit never,
  19.3; a unit in Full Retreat; one that retreated into the hex this phase, 12.4) only once every counted unit is
  eliminated. 10.2.2: the owner picks, but the opponent for DS, EX and DRX (and the defender picks the attacker's
  step of a '*' Determined Defense result): 10.2.3: a parenthesized unit (9.8: whoever picks) only when no other
  Combat Unit of the hex is left; 20.5.2: a reduced Axis-allied unit is not eliminated while a full-strength German
  unit of the combat (1-step ones included, parenthesized ones not) could take the step.
- 10.4: a reduced 3-step unit losing a step may be replaced by a Remnant of its type from the Remnant Display
  (``remnant``); 10.4.3: a Remnant that loses its step goes back to the Display and its unit to the Eliminated Box.
- Outside any combat a step is lost only to a Disengagement's Yes -1 (27.2.3: the unit's one step, before its
  retreat) and to the Initial Phase's removals (32.1-32.2, counted by ``campaign``); Isolation Attrition takes its
  step on its own ``attrition`` line (16.5.3). Any other ``loss`` there is reported once, under the rule it breaks:
  ``pay`` 12.1.3 (4) (steps shorten a combat's retreat only; after an automatic retreat already reported short,
  13.3.2, that one report stands), a disengaging unit's step that no Yes -1 asks 27.2.3, an Isolated unit's step in
  the Supply Phase 16.5.3, any other 10.1. The step is lost all the same (the logged outcome stands).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from . import losses
from .combat_data import OPPONENT, combat_facts
from .campaign import removal_step
from .combat_state import Combat, battles, current, put, short_auto
from .reserves import disengaging, step_owed
from .special_units import ally_loss_problem
from .state import State
from .units import name, table


def steps_left(ctx: Context, state: State, uid: str) -> int:
    """The steps a unit has (2.3.5): a step unit's front all of them, its back one less (a 3-step unit's back: two,
    the last one a Remnant); any other unit one; none off the map."""
    us = state.units[uid]
    if us.loc not in ctx.board.locations:
        return 0
    u = ctx.game.units[uid]
    if u.flip == "step" and u.steps >= 2:
        return u.steps if us.face == "front" else u.steps - 1
    return 1


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


def pick_problem(ctx: Context, c: Combat, state: State, uid: str, attacker: bool, opponent: bool) -> Finding | None:
    """Why ``uid`` may not take this step of combat ``c`` now (10.2.1, 10.2.3 when the opponent picks, 10.2.2; 9.8,
    12.4, 19.3, 20.5.2)."""
    who = name(ctx, state, uid)
    pool = [u for u in (c.attackers if attacker else c.defenders) if on_map(ctx, state, u)]
    i = table(ctx)[uid, state.units[uid].face]
    if not i.combat:
        return Finding("10.2.1", f"{who} is a Non-Combat Unit: it is never selected for a step loss (19.3)", (uid,))
    if "parenthesized" in i.tags:
        rest = [u for u in pool if u != uid and "parenthesized" not in table(ctx)[u, state.units[u].face].tags
                and table(ctx)[u, state.units[u].face].combat]
        if rest:
            rule = "10.2.3" if opponent else "9.8"
            return Finding(rule, f"{who} is parenthesized: it is selected only when no other Combat Unit is left "
                                 f"({', '.join(rest)} still is)", (uid,))
    if not attacker and uid not in c.counted:
        rest = [u for u in pool if u in c.counted and u != uid]
        if rest:
            return Finding("10.2.1", f"{who} added nothing to the defense (Full Retreat, retreated into the hex this "
                                     f"phase, 12.4, or beyond the limit): it is selected only after "
                                     f"{', '.join(rest)}", (uid,))
    ally = ally_loss_problem(ctx, state, uid, pool)
    if ally is not None:
        return Finding("20.5.2", f"{who}: {ally}", (uid,))
    return None


def remnant_problem(ctx: Context, state: State, uid: str, remnant: str | None) -> Finding | None:
    """10.4.1: a Remnant replaces only a reduced 3-step unit, and is of its type, side and in the Remnant Display."""
    if remnant is None:
        return None
    u, us = ctx.game.units[uid], state.units[uid]
    who = name(ctx, state, uid)
    if not (u.flip == "step" and u.steps >= 3 and us.face == "back"):
        return Finding("10.4", f"{who} is not a reduced 3-step unit: only those become Remnants", (uid,))
    r = ctx.game.units[remnant]
    rs = state.units[remnant]
    tags = table(ctx)[remnant, "front"].tags
    display = losses.box(ctx, u.side, "remnant_display")
    if "remnant" not in tags or r.side != u.side:
        return Finding("10.4", f"{remnant} is not a Remnant counter of the {ctx.game.sides[u.side].name} player",
                       (uid, remnant))
    if rs.loc not in (None, display):
        return Finding("10.4", f"{remnant} is in use ({rs.loc}); only a Remnant in the Remnant Display replaces a "
                               "unit", (uid, remnant))
    mine = table(ctx)[uid, us.face]
    theirs = table(ctx)[remnant, "front"]
    if theirs.type != mine.type and not ("infantry_type" in theirs.tags and "infantry_type" in mine.tags
                                         and theirs.mechanized == mine.mechanized):
        return Finding("10.4", f"{remnant} is not a Remnant of {who}'s type", (uid, remnant))
    return None


def _take(ctx: Context, state: State, c: Combat, uid: str, pay: bool) -> tuple[Combat | None, Finding | None]:
    """The combat with one step of ``uid`` counted against what it owes, and what is wrong with it."""
    who = name(ctx, state, uid)
    dd = c.determined
    defender, attacker = uid in c.defenders, uid in c.attackers
    if pay:
        if not defender:
            return c, Finding("12.1.3", f"{who} did not defend in this combat: only the retreating stack pays steps "
                                        "to shorten its retreat", (uid,))
        if c.paid >= combat_facts(ctx).pay_steps:
            return c, Finding("12.1.3", f"at most {combat_facts(ctx).pay_steps} steps shorten a retreat", (uid,))
        return evolve(c, paid=c.paid + 1), None
    if defender and dd is not None and dd.lead_steps and uid == dd.lead:
        return evolve(c, determined=evolve(dd, lead_steps=dd.lead_steps - 1)), None
    if defender and c.defender_steps:
        problem = pick_problem(ctx, c, state, uid, False, c.picks == OPPONENT)
        return evolve(c, defender_steps=c.defender_steps - 1), problem
    if defender and dd is not None and dd.lead_steps:
        return evolve(c, determined=evolve(dd, lead_steps=dd.lead_steps - 1)), Finding(
            "11.2.3", f"the Determined Defense's step is the Lead Unit's ({dd.lead}), not {who}'s", (uid,))
    if attacker and c.attacker_steps:
        problem = pick_problem(ctx, c, state, uid, True, c.picks == OPPONENT)
        return evolve(c, attacker_steps=c.attacker_steps - 1), problem
    if attacker and dd is not None and dd.attacker_steps:
        problem = pick_problem(ctx, c, state, uid, True, dd.star)
        return evolve(c, determined=evolve(dd, attacker_steps=dd.attacker_steps - 1)), problem
    if defender or attacker:
        return c, Finding("10.1", f"{who} owes no step loss: the {c.result} of the combat at {c.target} asks no more "
                                  "of its side", (uid,))
    mine = ctx.game.units[uid].side == c.side
    if mine and c.attacker_steps or not mine and c.defender_steps:  # 10.2.1: owed, but by the units that took part
        owed = {"attacker_steps": c.attacker_steps - 1} if mine else {"defender_steps": c.defender_steps - 1}
        return evolve(c, **owed), Finding("10.2.1", f"{who} did not take part in the combat at {c.target}: its steps "
                                                    "come from the units that did", (uid,))
    return c, Finding("10.1", f"{who} did not take part in the combat being resolved (at {c.target}); only a result "
                              "costs steps", (uid,))


def outside_problem(ctx: Context, state: State, uid: str, pay: bool) -> Finding | None:
    """What is wrong with a step ``uid`` loses outside any combat (12.1.3, 27.2.3, 32.1-32.2, 16.5.3, 10.1)."""
    who = name(ctx, state, uid)
    if pay:
        if short_auto(state, uid):
            return None
        return Finding("12.1.3", f"{who} pays a step to shorten a retreat, but no combat is being resolved: steps are "
                                 "paid only by a stack retreating from a combat (guideline 4)", (uid,))
    if disengaging(state, uid):
        if step_owed(state, uid):
            return None
        return Finding("27.2.3", f"{who} disengaged with a Yes: only a Yes -1 costs a step (one, before the retreat)",
                       (uid,))
    if removal_step(ctx, state, uid):
        return None
    if state.phase == "supply" and state.units[uid].supply == "isolated":
        return Finding("16.5.3", f"{who} loses a step to Isolation Attrition only on the roll of its attrition line "
                                 "(the line takes the step itself)", (uid,))
    return Finding("10.1", f"{who} loses a step, but no combat is being resolved: outside combat a step is lost only "
                           "to Isolation Attrition (its attrition line), a Disengagement's Yes -1 or a removal",
                   (uid,))


def handle_loss(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``loss`` line (10.1-10.4, 11.4, 11.5.2, 12.1.3); outside a combat :func:`outside_problem`."""
    uid = action["unit"]
    if not on_map(ctx, state, uid):
        return state, [Finding("10.3", f"{name(ctx, state, uid)} is not on the map (it is in "
                                       f"{state.units[uid].loc})", (uid,))]
    c = current(state)
    if c is None or disengaging(state, uid):
        problem = outside_problem(ctx, state, uid, bool(action.get("pay")))
    else:
        c, problem = _take(ctx, state, c, uid, bool(action.get("pay")))
        state = put(state, c) if c is not None else state
    rem = remnant_problem(ctx, state, uid, action.get("remnant"))
    findings = [f for f in (problem, rem) if f is not None]
    remnant = action.get("remnant")
    state = losses.lose_step(ctx, state, uid, remnant if remnant in state.units else None)
    if remnant in state.units and state.units[remnant].represents == uid:
        state = _stands_for(state, uid, remnant)
    return state, findings


def _stands_for(state: State, uid: str, remnant: str) -> State:
    """10.4.1: the Remnant now on the map stands for ``uid`` in the combat being resolved and in the phase's
    bookkeeping (it attacked, defended, retreated as the unit did: 8.1, 12.4)."""
    def swap(units):
        return type(units)(remnant if u == uid else u for u in units)
    b = battles(state)
    state = evolve(state, battles=evolve(b, attacked=swap(b.attacked), retreated=swap(b.retreated),
                                         advanced=swap(b.advanced), hit=swap(b.hit)))
    c = current(state)
    if c is None:
        return state
    return put(state, evolve(c, attackers=swap(c.attackers), defenders=swap(c.defenders), counted=swap(c.counted),
                             to_retreat=swap(c.to_retreat), retreated=swap(c.retreated), doubled=swap(c.doubled)))


def _pool(ctx: Context, state: State, c: Combat, attacker: bool) -> list[str]:
    return [u for u in (c.attackers if attacker else c.defenders) if on_map(ctx, state, u)
            and table(ctx)[u, state.units[u].face].combat]


def sure_steps(ctx: Context, state: State, c: Combat) -> tuple[State, Combat]:
    """10.1, 11.2.3, 11.4.1: the step losses of ``c`` that leave no choice, taken and no longer owed: a CRT side's
    steps when one unit can take them (or its units have no more steps than it owes), the Lead Unit's Determined
    Defense steps, the table's attacker step when one attacker is left. The rest stays owed."""
    owed = {}
    for attacker, n in ((False, c.defender_steps), (True, c.attacker_steps)):
        pool = _pool(ctx, state, c, attacker)
        if n and (sum(steps_left(ctx, state, u) for u in pool) <= n or len(pool) == 1):
            for u in pool:
                for _ in range(min(n, steps_left(ctx, state, u))):
                    state = losses.lose_step(ctx, state, u)
            n = 0
        owed[attacker] = n
    c = evolve(c, defender_steps=owed[False], attacker_steps=owed[True])
    dd = c.determined
    if dd is not None and dd.lead_steps:
        for _ in range(dd.lead_steps):
            if on_map(ctx, state, dd.lead):
                state = losses.lose_step(ctx, state, dd.lead)
        dd = evolve(dd, lead_steps=0)
    if dd is not None and dd.attacker_steps:
        pool = [u for u in c.attackers if on_map(ctx, state, u)]
        if len(pool) == 1:
            state = losses.lose_step(ctx, state, pool[0])
            dd = evolve(dd, attacker_steps=0)
    return state, evolve(c, determined=dd)


def owed_problem(ctx: Context, state: State, c: Combat) -> tuple[State, list[Finding]]:
    """10.1: the step losses the combat still owes when it ends: taken by the only unit that can take them
    (:func:`sure_steps`), or reported."""
    state, c = sure_steps(ctx, state, c)
    findings = []
    for attacker, n in ((False, c.defender_steps), (True, c.attacker_steps)):
        if n:
            pool = _pool(ctx, state, c, attacker)
            findings.append(Finding("10.1", f"the {c.result} at {c.target} still owes {n} step(s) of the "
                                            f"{'attacker' if attacker else 'defender'} ({', '.join(pool)}): the log "
                                            "must say which unit loses it", tuple(pool), (c.target,)))
    dd = c.determined
    pool = [u for u in c.attackers if on_map(ctx, state, u)]
    if dd is not None and dd.attacker_steps and pool:
        findings.append(Finding("11.4", f"the Determined Defense at {c.target} still owes an attacker step "
                                        f"({', '.join(pool)})", tuple(pool), (c.target,)))
    return state, findings


__all__ = ["battles", "handle_loss", "outside_problem", "owed_problem", "pick_problem", "remnant_problem", "steps_left",
           "sure_steps"]
