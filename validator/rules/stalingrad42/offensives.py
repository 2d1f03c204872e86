"""Planned Offensives (26.0, advanced rule ``planned_offensive``; the two markers of the Winter Offensive, 33.2.1).

- 26.1-26.2: an ``offensive`` line spends a Resource Point in the Initial Phase and puts a Planned Offensive marker,
  upside down, on a Front (Soviet) or Army (Axis) HQ in Good Order and in supply at that instant; never more than two
  markers a side on the map. In the next friendly Initial Phase the marker turns Ready (:func:`begin_initial`).
- 26.2: a Ready marker is used (``battle`` ``offensive``: the HQs) in one combat in range of its HQ (18.4's path to
  a participating attacker) with at least one attacking unit of the HQ's nationality; not in Breakthrough Combat nor
  a Determined Defense; the attacker rolls two dice (three with two markers: ``dice``) and uses one (``die``); the
  marker is then removed.
- 26.2: the marker goes when its HQ retreats or moves more than two hexes in one Movement Phase.

An HQ's markers are its unit state's ``offensive``: "waiting" or "ready" for each marker, space-separated (two on one
HQ after 33.2.1).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .campaign_data import later
from .data import facts, scenario_facts
from .ranges import in_range, unit_range
from .resources import info_of, put_units, spend
from .state import GOOD_ORDER, State
from . import supply
from .units import name

WAITING, READY = "waiting", "ready"
OPTION = "planned_offensive"


def markers(us) -> list[str]:
    """The Planned Offensive markers on an HQ (26.2)."""
    return us.offensive.split() if us.offensive else []


def _with(markers_: list[str]) -> str:
    return " ".join(markers_)


def count(ctx: Context, state: State, side: str) -> int:
    """26.2: the side's markers on the map."""
    return sum(len(markers(us)) for u, us in state.units.items()
               if us.offensive and ctx.game.units[u].side == side and us.loc in ctx.board.locations)


def _hq_problem(ctx: Context, state: State, uid: str, side: str) -> str | None:
    us = state.units[uid]
    i = info_of(ctx, state, uid)
    if "command_hq" not in i.tags or i.side != side:
        return "the marker goes on a friendly Front (Soviet) or Army (Axis) HQ"
    if us.loc not in ctx.board.locations:
        return "the HQ is not on the map"
    if us.order != GOOD_ORDER:
        return "the HQ is not in Good Order"
    if not supply.traces(ctx, state, side, us.loc or ""):
        return "the HQ is not in supply"
    if count(ctx, state, side) >= later(ctx).offensive.limit:
        return f"the side has {later(ctx).offensive.limit} Planned Offensive markers on the map already"
    return None


def handle_offensive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """An ``offensive`` line (26.1-26.2): a marker, upside down, on an HQ for a Resource Point."""
    uid, side = action["unit"], action.side
    who = name(ctx, state, uid)
    where = (state.units[uid].loc or "",)
    findings: list[Finding] = []
    if not ctx.option(OPTION):
        findings.append(Finding("26.1", f"{who}: Planned Offensives (advanced rule 26) are not in play in this game",
                                (uid,), where))
    state, spent = spend(ctx, state, side, f"a Planned Offensive on {who}", (uid,), where)
    findings += spent
    why = _hq_problem(ctx, state, uid, side)
    if why is not None and not spent:
        findings.append(Finding("26.2", f"no Planned Offensive marker goes on {who}: {why}", (uid,), where))
    us = state.units[uid]
    if "command_hq" not in info_of(ctx, state, uid).tags:
        return state, findings
    return put_units(ctx, state, {uid: evolve(us, offensive=_with(markers(us) + [WAITING]))}), findings


def place_ready(ctx: Context, state: State, uid: str) -> State:
    """33.2.1: a Ready marker on the HQ."""
    us = state.units[uid]
    return put_units(ctx, state, {uid: evolve(us, offensive=_with(markers(us) + [READY]))})


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """26.2: the side's markers placed last turn turn Ready."""
    changes = {u: evolve(us, offensive=_with([READY] * len(markers(us))))
               for u, us in state.units.items()
               if WAITING in markers(us) and ctx.game.units[u].side == side}
    return put_units(ctx, state, changes) if changes else state


def _markers_in_play(ctx: Context, state: State, side: str) -> bool:
    """26.1, 33.2.1: Planned Offensive markers serve in combat with the advanced rule, or without it the two the Winter
    Offensive gives the side that starts it (the scenario's second player, first from the next turn, 33.2.2): they are
    used as 26.2 says (`blind22_wo_offensives_three_dice_same_turn_clean`). Only the rule's option lets a Resource
    Point buy one (``handle_offensive``)."""
    return ctx.option(OPTION) or (state.winter_offensive is not None and side == scenario_facts(ctx).order[-1])


def after_battle(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """26.2: the Planned Offensives a combat uses (``offensive``) and its dice (``dice``, ``die``)."""
    hqs = list(action.get("offensive") or ())
    dice = action.get("dice")
    target = tuple(action["targets"])
    findings: list[Finding] = []
    if not hqs:
        if dice is not None and len(dice) > 1:
            findings.append(Finding("26.2", f"{len(dice)} dice rolled without a Planned Offensive: one die decides a "
                                            "combat", (), target))
        return state, findings
    if not _markers_in_play(ctx, before, action.side):  # one report: the HQs' markers and dice are beside the point
        return state, [Finding("26.1", "Planned Offensives (advanced rule 26) are not in play in this game",
                               tuple(hqs), target)]
    if action.get("kind") == "breakthrough":
        findings.append(Finding("26.2", "a Planned Offensive is never used in Breakthrough Combat", tuple(hqs), target))
    attackers = [u for u in action["attackers"] if u in before.units]
    hexes = [before.units[u].loc or "" for u in attackers]
    uses: dict[str, int] = {}
    for hq in hqs:
        uses[hq] = uses.get(hq, 0) + 1
    for hq, n in uses.items():
        why = _use_problem(ctx, before, hq, n, action.side, attackers, hexes)
        if why is not None:
            findings.append(Finding("26.2", f"{name(ctx, before, hq)}'s Planned Offensive: {why}", (hq,), target))
    want = len(hqs) + later(ctx).offensive.dice
    if dice is None or len(dice) != want:
        got = "no dice" if dice is None else f"{len(dice)} dice"
        findings.append(Finding("26.2", f"{len(hqs)} Planned Offensive(s) roll {want} dice, not {got}", tuple(hqs),
                                target))
    elif action["die"] not in dice:
        findings.append(Finding("26.2", f"the die used ({action['die']}) is not one of the dice rolled {list(dice)}",
                                tuple(hqs), target))
    changes = {}
    for hq, n in uses.items():
        us = state.units.get(hq)
        if us is None:
            continue
        left = markers(us)
        for _ in range(n):
            if READY in left:
                left.remove(READY)
            elif left:
                left.pop()
        changes[hq] = evolve(us, offensive=_with(left))
    return put_units(ctx, state, changes), findings


def _use_problem(ctx: Context, state: State, hq: str, n: int, side: str, attackers: list[str],
                 hexes: list[str]) -> str | None:
    us = state.units.get(hq)
    if us is None or ctx.game.units[hq].side != side or us.loc not in ctx.board.locations:
        return "it is not a friendly HQ on the map"
    ready = markers(us).count(READY)
    if ready < n:
        return (f"the HQ has {ready} Ready marker(s) for {n} (a marker turns Ready in the Initial Phase after it is "
                "placed, and goes once used or when its HQ retreats or moves more than two hexes)")
    nat = _nationality(ctx, hq)
    if not any(_nationality(ctx, u) == nat for u in attackers):
        return "no attacking unit is of the HQ's nationality"
    if not in_range(ctx, state, side, us.loc or "", unit_range(ctx, hq), hexes):
        return f"no attacking unit is within the HQ's range of {unit_range(ctx, hq)} hexes (18.4)"
    return None


def _nationality(ctx: Context, uid: str) -> str:
    """26.2: the nationality an HQ's offensive needs: the side's own (Soviet: every Soviet unit; Axis: German, SS
    and Luftwaffe count as German), else the Axis ally's."""
    u = ctx.game.units[uid]
    allies = facts(ctx).replacements.kinds.get("allies")
    if allies is not None and u.nationality in allies.nationalities:
        return u.nationality
    return u.side


def after_moves(ctx: Context, state: State, side: str | None) -> State:
    """26.2: at the end of a Movement Phase, the markers of an HQ that moved more than two hexes go."""
    limit = facts(ctx).movement.hq_offensive_hexes
    changes = {u: evolve(state.units[u], offensive="") for u, m in state.moved.items()
               if state.units[u].offensive and m.hexes > limit}
    return put_units(ctx, state, changes) if changes else state


def after_retreat(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """26.2: the markers of an HQ that retreats go."""
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None or not us.offensive:
        return state, []
    return put_units(ctx, state, {uid: evolve(us, offensive="")}), []
