"""Where the rules of 18-34 and of the scenarios meet the lines and phases other modules handle: one table of checks
that run after a line's own handler (:data:`AFTER`), and what these rules do when a phase begins or ends (called from
``phase_ends``). Each check takes the state before the line and the state the handler made, and returns the state
with its own changes and its findings, so no rule module calls another's handler.

- ``battle``: artillery (18.2-18.6, ``resources``), Planned Offensives (26.2, ``offensives``), re-rolls (28.1,
  ``leaders``), the Axis allies (20.5.1, ``special_units``); the attackers these rules bar one by one (9.7.2, 25.2.3,
  27.2.1, 29.1.3, S1.2) are ``combat.ATTACK_CHECKS``, so that the battle's result is read with and without them;
- ``determined``: Defensive Support by ASUs and SPs (18.3.2), re-rolls; ``disengage``: re-rolls; ``disengage``,
  ``activate``: none once the Automatic DS units advance (8.6.2, ``combat``);
- ``move``, ``rail``, ``sea``: Reserves (25.2.1), Reserve Armies (31.0, 34.3), S1.2, S3.4, Contested Cities
  (29.1.2), Leaders by rail (28.1.5), and what entering hexes triggers (9.7.5, 24.3, 30.0, 31.0);
- ``retreat``, ``advance``: 18.2.2, 18.6.6, 19.3, 26.2, 27.2.3, 25.2.3, 34.6.2, 9.7.5, 24.3, 29.1.4;
- ``place``: SPs for Resource Points (18.6.1); ``remove``, ``loss``: the removals of 32.x, 27.2.3's step;
  ``replace``: 32.3's lost Special replacement; ``hold``: 34.4.1's counts.

A check that concerns some units or some games only has a gate in its module (:data:`GATES`: the line's type and
unit -> whether the check may say anything); a line runs only the checks its unit's gates let through, worked out
once per replay for each line type and unit (most moves are of units no Reserve Army, Contested City or scenario
rule concerns).
"""

from __future__ import annotations

from typing import Callable

from ...engine.context import Context
from ...model import Action, Finding
from . import (campaign, combat, contested, leaders, maskirovka, offensives, reserves, resources, scenarios,
               special_units, victory)
from .state import State

Check = Callable[[Context, State, State, Action], "tuple[State, list[Finding]]"]

_ENTERING: tuple[Check, ...] = (resources.after_entering, victory.after_units, campaign.after_units,
                                contested.after_entering)
_MOVES: tuple[Check, ...] = (reserves.after_move, campaign.after_move, maskirovka.after_move,
                             scenarios.after_move) + _ENTERING

AFTER: dict[str, tuple[Check, ...]] = {
    "battle": (resources.after_battle, offensives.after_battle, leaders.after_roll, special_units.after_battle),
    "determined": (resources.after_determined, leaders.after_roll),
    "disengage": (leaders.after_roll, combat.after_auto_advance),
    "activate": (combat.after_auto_advance,),
    "move": _MOVES + (contested.after_move,),
    "rail": _MOVES + (leaders.after_rail,),
    "sea": _MOVES,
    "retreat": (resources.after_retreat, offensives.after_retreat, reserves.after_retreat,
                maskirovka.after_army) + _ENTERING,
    "advance": (resources.after_advance, reserves.after_advance) + _ENTERING,
    "place": (resources.after_place,) + _ENTERING,
    "remove": (campaign.after_remove, maskirovka.after_army),
    "loss": (reserves.after_loss, campaign.after_loss, maskirovka.after_army),
    "replace": (campaign.after_replacement,),
    "hold": (maskirovka.after_hold,),
}


Gate = Callable[[Context, str, str], bool]  # (line type, unit) -> whether the check may say anything about the line

GATES: dict[Check, Gate] = {
    campaign.after_move: campaign.moves_concern,
    campaign.after_units: campaign.units_concern,
    maskirovka.after_move: maskirovka.moves_concern,
    scenarios.after_move: scenarios.moves_concern,
    contested.after_move: contested.concerns,
    contested.after_entering: contested.concerns,
}


def after(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """The checks of :data:`AFTER` for this line that its unit's gates let through (:func:`_checks`), in order."""
    findings: list[Finding] = []
    for check in _checks(ctx, action):
        state, more = check(ctx, before, state, action)
        findings += more
    return state, findings


def _checks(ctx: Context, action: Action) -> tuple[Check, ...]:
    """:data:`AFTER`'s checks of the line's type, less those whose gate (:data:`GATES`) says the line's unit never
    concerns them (remembered per replay by line type and unit; a line without one unit runs them all)."""
    checks = AFTER.get(action.type, ())
    uid = action.data.get("unit")
    if not checks or not isinstance(uid, str):
        return checks
    memo = ctx.derived.get("s42_after_checks")
    if memo is None:
        memo = ctx.derived["s42_after_checks"] = {}
    key = (action.type, uid)
    out = memo.get(key)
    if out is None:
        out = memo[key] = tuple(c for c in checks if (gate := GATES.get(c)) is None or gate(ctx, action.type, uid))
    return out


# the rules of AFTER that forbid a unit any retreat at all (SPs never retreat, 18.6.6; a Non-Combat Unit without a
# surviving friendly Combat Unit is removed, 19.3)
NO_RETREAT = ("18.6.6", "19.3")


def merged(action: Action, own: list[Finding], later: list[Finding]) -> list[Finding]:
    """The findings of a line: its handler's, then :data:`AFTER`'s. A retreat that 18.6.6 or 19.3 forbids outright is
    reported under that rule alone, not also for its length or path (12.x, 11.6.1): one mistake, one report."""
    if action.type == "retreat" and any(f.rule in NO_RETREAT for f in later):
        return later
    return own + later


def before(ctx: Context, state: State, action: Action) -> State:
    """What happens as a line begins, before its own rules see it: 24.1.3's Soviet units leave G as the Axis
    enters."""
    if action.type == "move":
        return victory.before_move(ctx, state, action)
    return state


def handle_place(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]] | None:
    """A ``place`` this package's later rules handle (30.0 the Trans-Caucasus box, 32.4-32.5 upgrades), or None."""
    if campaign.places(ctx, state, action):
        return campaign.handle_place(ctx, state, action)
    return None


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """The side's Initial Phase begins: Fortifications completed (9.7.2), Planned Offensives Ready (26.2), Leaders
    Ready (28.1.1), the turn's removals and upgrades (32.3-32.5), S3.5's hold."""
    state = resources.begin_initial(ctx, state, side)
    state = offensives.begin_initial(ctx, state, side)
    state = leaders.begin_initial(ctx, state, side)
    state = victory.begin_initial(ctx, state, side)
    return campaign.begin_initial(ctx, state, side)


def end_initial(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """The Initial Phase ends: the removals it owed (32.1-32.3)."""
    return campaign.end_initial(ctx, state, side)


def end_movement(ctx: Context, state: State, side: str | None) -> State:
    """The Movement Phase ends: Planned Offensives of HQs that moved far (26.2), the Baku exit (24.1.2)."""
    state = offensives.after_moves(ctx, state, side)
    return victory.end_movement(ctx, state, side)


def end_combat(ctx: Context, state: State) -> list[Finding]:
    """The Combat Phase ends: Disengagement retreats owed (27.2.3)."""
    return reserves.end_combat(ctx, state)


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """A Player Turn ends: printed Fortifications deactivated (9.7.7), revealed Reserve Armies removed (34.7), the
    turn 28 benchmark (S4.4)."""
    state, findings = resources.end_player_turn(ctx, state, side)
    state, more = maskirovka.end_player_turn(ctx, state, side)
    findings += more
    state, more = victory.end_player_turn(ctx, state, side)
    return state, findings + more
