"""The Organization Phase's Flip and Reorganization Steps (7.0-7.5, 7.10; 3rd-edition summary for costs and turns);
placement (7.6-7.9) is ``placement``.

- 7.0 A: only units on the map that trace an overland supply path (6.1), without an Unsupplied marker, flip up to
  their full-strength or improved side; a unit is never flipped down by choice.
- 7.1: the Axis improves a reduced two-step unit for two cards (SS units: one), from the turn of the
  ``axis_replacements`` event (5) until the turn of ``axis_improve_end`` (24) (3rd-ed summary: turns 5-23).
- 7.2/7.2.1: the Soviets upgrade (brown to red) for free: one unit per Organization Phase from the turn of
  ``soviet_free_upgrades_1`` (6), two from ``soviet_free_upgrades_2`` (13), none from ``soviet_upgrades_end`` (18);
  7.3: from the turn of ``soviet_two_steps`` (17) further upgrades cost one card each, two for a Shock unit; no
  paid upgrades before.
- 7.4: one-step units (Axis allies, cadres ...) cannot be improved.
- 7.5 (3rd-ed summary): from the turn of ``soviet_fortify`` (3) a regional infantry unit becomes a Fortified unit
  for one card in a city, two elsewhere (supply as 7.0 A); a Fortified unit turns back into regional infantry free,
  whatever its supply.
- 7.10: in the Reorganization Step a player removes a Disorganized marker from one of his units for one card.
- 7.7: every unit of the phasing side in its Shattered box returns in the Placement Step (checked by ``placement``
  when the step ends, when a legal hex exists).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve, unit_name
from ...model import Action, Finding, indefinite
from .cards import overpaid, paid as paid_count, payment, record, spend, with_record
from .state import State, with_unit
from .supply import supply_net, traces_overland

REORGANIZE_COST = 1  # 7.10
IMPROVE_COST = {"axis": 2, "soviet": 1}  # 7.1
IMPROVE_COST_BY_NATIONALITY = {"ss": 1}  # 3rd-ed summary: SS units improve for one card
SHOCK_TYPE = "shock"  # 3rd-ed summary: improving a Shock unit costs two cards
SHOCK_COST = 2
FORTIFY_COST = {True: 1, False: 2}  # 3rd-ed summary: in a city / elsewhere
AXIS_IMPROVE_FROM = "axis_replacements"  # turn-event codes (turn_events.csv)
AXIS_IMPROVE_END = "axis_improve_end"
SOVIET_FORTIFY = "soviet_fortify"
FREE_UPGRADES = {"soviet_free_upgrades_1": 1, "soviet_free_upgrades_2": 2, "soviet_upgrades_end": 0}  # 7.2, 7.2.1
PAID_UPGRADES = "soviet_two_steps"  # 7.3


def free_upgrades(ctx: Context, turn: int) -> int:
    """Free Soviet upgrades per Organization Phase on ``turn``: the latest event of :data:`FREE_UPGRADES` so far."""
    best, n = 0, 0
    for code, count in FREE_UPGRADES.items():
        first = ctx.first_turn_of.get(code)
        if first is not None and first <= turn and first >= best:
            best, n = first, count
    return n


def free_rule(allowance: int) -> str:
    """The rule that grants ``allowance`` free upgrades: 7.2 (Education, one) or 7.2.1 (Experience, two)."""
    return "7.2.1" if allowance >= FREE_UPGRADES["soviet_free_upgrades_2"] else "7.2"


def _from(ctx: Context, code: str) -> int:
    return ctx.first_turn_of.get(code, 10 ** 6)


def flip_kind(ctx: Context, uid: str, face: str, to: str) -> str:
    """What flipping ``uid`` from ``face`` to ``to`` is: improve, upgrade, fortify, unfortify, one_step, down."""
    flip = ctx.game.units[uid].flip
    if flip == "none":
        return "one_step"
    if flip == "convert":
        return "fortify" if to == "back" else "unfortify"
    if flip == "improve":
        return "upgrade" if to == "back" else "down"
    return "improve" if to == "front" else "down"


def improve_cost(ctx: Context, uid: str, to: str) -> int:
    u = ctx.game.units[uid]
    if ctx.unit_type[uid, to] == SHOCK_TYPE:
        return SHOCK_COST
    return IMPROVE_COST_BY_NATIONALITY.get(u.nationality, IMPROVE_COST[u.side])


def flip_cost(ctx: Context, state: State, uid: str, to: str) -> int:
    """Cards a paid flip of ``uid`` to ``to`` costs (7.1, 7.3, 7.5); 0 for the free ones."""
    kind = flip_kind(ctx, uid, state.units[uid].face, to)
    if kind in ("improve", "upgrade"):
        return improve_cost(ctx, uid, to)
    if kind == "fortify":
        return FORTIFY_COST[state.units[uid].loc in ctx.board.cities]
    return 0


def supplied_overland(ctx: Context, state: State, uid: str) -> bool:
    """7.0 A: the unit traces an overland supply path and carries no Unsupplied marker."""
    us = state.units[uid]
    if us.unsupplied:
        return False
    return traces_overland(supply_net(ctx, state, ctx.game.units[uid].side), us.loc)


def flip_problems(ctx: Context, state: State, side: str, uid: str, to: str, pay: list[str],
                  claimed_free: bool = False) -> tuple[list[Finding], bool]:
    """(findings, whether the flip uses a free Soviet upgrade) for ``side`` flipping ``uid`` to ``to``.
    ``claimed_free``: the log says the flip is a free upgrade; past the turn's allowance it breaks 7.2 / 7.2.1,
    also on turn 17, when an unpaid improvement (7.1) is the reading of a flip that claims nothing."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    name = unit_name(ctx, uid, state)
    at = (us.loc,) if us.loc else ()
    if u.side != side:
        return [Finding("7.0", f"{name} is not {indefinite(ctx.game.sides[side].name)} unit: a flip is made by the "
                               "unit's owner (7.0 A)", (uid,), at)], False
    if us.loc not in ctx.board.locations:
        return [Finding("7.0", f"{name} is not on the map (it is in {us.loc}); only units on the map flip (7.0 A)",
                        (uid,), at)], False
    if us.face == to:
        return [Finding("7.1", f"{name} already shows its {to} side", (uid,), at)], False
    kind = flip_kind(ctx, uid, us.face, to)
    if kind == "one_step":
        return [Finding("7.4", f"{name} is a one-step unit: it cannot be improved", (uid,), at)], False
    if kind == "down":
        return [Finding("7.0", f"{name} may not be flipped to its weaker side by choice; units flip up to full "
                               "strength only (7.0 A)", (uid,), at)], False
    if kind == "unfortify":
        return [], False
    findings = []
    turn = state.turn
    n_paid = paid_count(ctx, state, side, pay)  # card 53 counts twice in the Axis Organization Phase
    if not supplied_overland(ctx, state, uid):
        findings.append(Finding("7.0", f"{name} in {us.loc} does not trace an overland supply path (or carries an "
                                       "Unsupplied marker): only such units flip up (7.0 A)", (uid,), at))
    free = False
    if kind == "improve":
        first, end = _from(ctx, AXIS_IMPROVE_FROM), _from(ctx, AXIS_IMPROVE_END)
        if not first <= turn < end:
            findings.append(Finding("7.1", f"the Axis improves units on turns {first}-{end - 1} only; it is turn "
                                           f"{turn}", (uid,), at))
        cost = improve_cost(ctx, uid, to)
        if n_paid < cost:
            findings.append(Finding("7.1", f"improving {name} costs {cost} card(s); {n_paid} paid", (uid,), at))
        elif extra := overpaid(ctx, state, side, pay, cost, f"improving {name}"):
            findings.append(Finding("7.1", extra, (uid,), at))
    elif kind == "fortify":
        first = _from(ctx, SOVIET_FORTIFY)
        if turn < first:
            findings.append(Finding("7.5", f"regional units become Fortified from turn {first}; it is turn {turn}",
                                    (uid,), at))
        city = us.loc in ctx.board.cities
        cost = flip_cost(ctx, state, uid, to)
        if n_paid < cost:
            findings.append(Finding("7.5", f"fortifying {name} costs {cost} card(s) "
                                           f"{'in a city' if city else 'outside a city'}; {n_paid} paid",
                                    (uid,), at))
        elif extra := overpaid(ctx, state, side, pay, cost, f"fortifying {name}"):
            findings.append(Finding("7.5", extra, (uid,), at))
    else:
        allowance = free_upgrades(ctx, turn)
        used = record(state).free_upgrades
        paid_from = _from(ctx, PAID_UPGRADES)
        cost = improve_cost(ctx, uid, to)
        if pay:
            if turn < paid_from:
                findings.append(Finding("7.1", f"before turn {paid_from} Soviet units are upgraded only for free "
                                               f"({allowance} per Organization Phase now); paid improvements begin "
                                               f"on turn {paid_from} (7.3)", (uid,), at))
            elif n_paid < cost:
                findings.append(Finding("7.1", f"improving {name} costs {cost} card(s); {n_paid} paid", (uid,), at))
            elif extra := overpaid(ctx, state, side, pay, cost, f"improving {name}"):
                findings.append(Finding("7.1", extra, (uid,), at))
        elif used < allowance:
            free = True
        elif turn >= paid_from and not (claimed_free and allowance):
            findings.append(Finding("7.1", f"no free upgrade is left this Organization Phase ({used} of {allowance} "
                                           f"used); improving {name} costs {cost} card(s)", (uid,), at))
        else:  # a free upgrade claimed past the allowance of 7.2 / 7.2.1 (turn 17 too: blind16_upgrades_t17_three_free)
            later = (f"no paid upgrades before turn {paid_from}" if turn < paid_from
                     else f"improving {name} costs {cost} card(s) (7.1)")
            findings.append(Finding(free_rule(allowance), f"the Soviets have {allowance} free upgrade(s) per "
                                                          f"Organization Phase on turn {turn}, and {used} used; "
                                                          f"{later}", (uid,), at))
    return findings, free


def handle_flip(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, to = action["unit"], action["face"]
    pay = payment(action)
    findings, free = flip_problems(ctx, state, action.side, uid, to, pay, bool(action.get("free")))
    if free:
        state = with_record(state, free_upgrades=record(state).free_upgrades + 1)
    state, paid = spend(ctx, state, action.side, pay, "7.1", f"flipping {uid}")
    return with_unit(ctx, state, uid, evolve(state.units[uid], face=to)), findings + paid


def handle_reorganize(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    pay = payment(action)
    findings = []
    us = state.units[uid]
    if ctx.game.units[uid].side != action.side:
        findings.append(Finding("7.10", f"{unit_name(ctx, uid, state)} is not "
                                        f"{indefinite(ctx.game.sides[action.side].name)} unit", (uid,)))
    if not us.disorganized:
        findings.append(Finding("7.10", f"{unit_name(ctx, uid, state)} has no Disorganized marker", (uid,)))
    if paid_count(ctx, state, action.side, pay) < REORGANIZE_COST:
        findings.append(Finding("7.10", f"removing the Disorganized marker of {uid} costs {REORGANIZE_COST} card",
                                (uid,)))
    elif extra := overpaid(ctx, state, action.side, pay, REORGANIZE_COST, f"removing the Disorganized marker of "
                                                                          f"{uid}"):
        findings.append(Finding("7.10", extra, (uid,)))
    state, paid = spend(ctx, state, action.side, pay, "7.10", f"reorganizing {uid}")
    return with_unit(ctx, state, uid, evolve(state.units[uid], disorganized=False)), findings + paid
