"""The Supply Check Phase (6.0, 6.4): Unsupplied markers, phasing player's units first.

A log may state the markers (``supply`` actions, one or several per side, possibly with an empty list; the units of
either side may be listed, ``side`` names a side checked even when none of its units is listed); then each
marked unit that does trace supply is a violation of the rule that supplies it (6.1 overland, 6.2 alternate) and,
when the check is over, each unmarked unit that cannot trace supply is a violation (6.1, or 6.3 when only enemy units
or zones of control cut it off). The logged markers stand. A log that states nothing for a side gets the markers
the rules give, silently: the check is deterministic.

The check is over (:func:`end_check`, once a phase) at the first other action of the phase after a ``supply`` line
(an event played at the phase's end, say), or when the phase ends: the markers are placed as the position then is
(6.0), so an event played after the check cannot owe a marker (`supply_event_after_check_cuts_enemy`).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve, unit_name
from ...model import Action, Finding
from .cards import record, with_record
from .state import State
from .supply import describe, supply_net, supply_order, unit_supply, unsupplied, why_unsupplied


OVER = "supply:over"  # (in ``logged``: this phase's check is over, its markers placed and judged)
QUIET = frozenset({"supply", "note"})  # the actions that leave the check open


def _key(side: str) -> str:
    return f"supply:{side}"


def after_check(state: State, action: Action) -> bool:
    """Whether ``action`` (in the Supply Phase) comes after the check, which a ``supply`` line already began."""
    return action.type not in QUIET and OVER not in state.logged and any(k.startswith("supply:") for k in state.logged)


def end_check(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """The check is over (6.0): the markers are placed and judged (:func:`end_supply_phase`), once a phase."""
    if OVER in state.logged:
        return state, []
    state, findings = end_supply_phase(ctx, state)
    return evolve(state, logged=state.logged | {OVER}), findings


def handle_supply(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """The listed units get Unsupplied markers; each is checked against the markers of the sides checked before its
    own (6.0: phasing player first, a marked unit losing its ZOC at once), also when one line lists units of both
    sides, and whatever the order of the lines: a marker an earlier line gave the other side's unit is judged again
    once the phasing player's markers are placed, and one whose unit then traces supply is false (6.4)."""
    listed = list(action["unsupplied"])
    findings = []
    false: set[str] = set()
    sides = {action.side} | {ctx.game.units[uid].side for uid in listed}
    order = supply_order(ctx, state)
    for n, side in enumerate(order):
        mine = [uid for uid in listed if ctx.game.units[uid].side == side]
        if not mine:
            continue
        judge = _before(ctx, state, order[n + 1:])
        units = dict(state.units)  # (a new mapping only when a marker is placed)
        for uid in mine:
            if units[uid].loc not in ctx.board.locations:
                findings.append(Finding("6.0", f"{unit_name(ctx, uid, state)} is not on the map", (uid,)))
                continue
            wrong = _false_marker(ctx, judge, uid, side, "")
            if wrong:
                # 6.4, one mistake, one report: a unit that traces supply gets no marker (the check has one outcome),
                # so a move by its full allowance or its zone of control is not reported again
                findings.append(wrong)
                false.add(uid)  # a battle's claim may still count it (combat.handle_battle: one mistake, one report)
                continue
            units[uid] = evolve(units[uid], unsupplied=True)
        state = evolve(state, units=units)
        state, again = _judged_again(ctx, state, order[n + 1:], set(listed))
        findings += [f for f, _ in again]
        false |= {uid for _, uid in again}
    if false:
        state = with_record(state, false_marks=record(state).false_marks | false)
    return evolve(state, logged=state.logged | {_key(side) for side in sides}), findings


def _before(ctx: Context, state: State, later: tuple[str, ...]) -> State:
    """``state`` as a side checked before ``later`` sees it (6.0): no markers on the later sides' units yet (in the
    Supply Check Phase every marker on the map was placed in it; the same state when there are none)."""
    marked = [uid for uid, us in state.units.items() if us.unsupplied and ctx.game.units[uid].side in later]
    if not marked:
        return state
    return evolve(state, units={**state.units, **{uid: evolve(state.units[uid], unsupplied=False) for uid in marked}})


def _false_marker(ctx: Context, judge: State, uid: str, side: str, why: str) -> Finding | None:
    """The 6.4 report of a marker on ``uid`` when it traces supply in ``judge`` (under the rule that supplies it)."""
    s = unit_supply(ctx, judge, uid, supply_net(ctx, judge, side))
    if not s.ok:
        return None
    return Finding(s.rule, f"{unit_name(ctx, uid, judge)} was marked Unsupplied but {describe(ctx, judge, uid, s)}"
                           f"{why}", (uid,), (judge.units[uid].loc,) + s.path)


def _judged_again(ctx: Context, state: State, later: tuple[str, ...],
                  listed: set[str]) -> tuple[State, list[tuple[Finding, str]]]:
    """6.0: the markers earlier lines gave units of the ``later`` sides (the other player's line written first),
    judged again with this line's markers in place; a false one is reported (6.4) and taken off."""
    out: list[tuple[Finding, str]] = []
    for n, side in enumerate(later):
        marked = [uid for uid, us in state.units.items() if us.unsupplied and uid not in listed
                  and ctx.game.units[uid].side == side and us.loc in ctx.board.locations]
        if not marked:
            continue
        judge = _before(ctx, state, later[n + 1:])
        for uid in sorted(marked):
            wrong = _false_marker(ctx, judge, uid, side, " once the phasing player's units are marked (6.0: they are "
                                                         "checked first)")
            if wrong:
                out.append((wrong, uid))
                state = evolve(state, units={**state.units, uid: evolve(state.units[uid], unsupplied=False)})
    return state, out


def reported_markers(ctx: Context, state: State) -> State | None:
    """``state`` with every Unsupplied marker this player turn's Supply Check reported (6.4) in place: those the log
    left out though the unit traced no supply (owed by the rules; the claim stands) and those it gave a unit that
    traced (not placed), or None when none was reported. A later move, retreat or detraining past such a unit (no
    ZOC, 6.5.3: ``movement``, ``retreat``, ``rail``) may follow either reading, as a battle claim may (two columns,
    6.5.4: ``combat``), one mistake giving one report."""
    rec = record(state)
    marks = [u for u in rec.missing_marks | rec.false_marks
             if state.units[u].loc in ctx.board.locations and not state.units[u].unsupplied]
    if not marks:
        return None
    return evolve(state, units={**state.units, **{u: evolve(state.units[u], unsupplied=True) for u in marks}})


def _marked(work: State, uids: set[str]) -> State:
    """``work`` with Unsupplied markers on ``uids`` (the same state when there are none)."""
    if not uids:
        return work
    units = dict(work.units)
    for uid in uids:
        units[uid] = evolve(units[uid], unsupplied=True)
    return evolve(work, units=units)


def end_supply_phase(ctx: Context, state: State) -> tuple[State, list[Finding]]:
    """Finish the markers side by side (6.0): check what the log stated, supply what it did not. A marker the log
    left out (reported) is one mistake: a unit of a side judged after it is not reported as unmarked when the rules'
    marker, taking that unit's zone of control away at once (6.0, 6.5.3), would have let it trace
    (`blind20_t13_supply_order_soviet_soviet_unmarked`)."""
    findings = []
    marked = {uid for uid, us in state.units.items() if us.unsupplied}
    work = state  # a units mapping is copied only when a marker changes (positions and nets follow its identity)
    if marked:
        units = {uid: evolve(us, unsupplied=False) if us.unsupplied else us for uid, us in state.units.items()}
        work = evolve(state, units=units)
    ruled: State | None = None  # the rules' markers of the sides judged before, once the log left one out
    for side in supply_order(ctx, state):
        expected = set(unsupplied(ctx, work, side))
        by_rules = expected if ruled is None else set(unsupplied(ctx, ruled, side))
        if _key(side) in state.logged:
            actual = {uid for uid in marked if ctx.game.units[uid].side == side}
            owed = (expected & by_rules) - actual
            for uid in sorted(owed):
                rule, why = why_unsupplied(ctx, work, uid)
                findings.append(Finding(rule, f"{unit_name(ctx, uid, work)} in {work.units[uid].loc} cannot trace "
                                              f"supply ({why}) and must be marked Unsupplied (6.4)", (uid,),
                                        (work.units[uid].loc,)))
            if owed:  # the claim stands; its surrender may follow the rules' marker (removal, 11.1)
                work = with_record(work, missing_marks=record(work).missing_marks | owed)
        else:
            actual = expected
        if ruled is not None or by_rules - actual:
            ruled = _marked(work if ruled is None else ruled, by_rules)
        work = _marked(work, actual)
    return work, findings
