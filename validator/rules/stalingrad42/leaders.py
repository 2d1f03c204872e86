"""Leaders (28.0, advanced rule ``leaders``): a re-roll once a turn within range.

- 28.1.1: a Leader re-rolls one die roll a turn (``reroll`` on a ``battle``, ``determined`` or ``disengage`` line:
  the Leader and the new die, which stands: the table reads it, :func:`final_die`); he then turns to his Used side,
  and back to his Ready side in his owner's Initial Phase (:func:`begin_initial`).
- 28.1.2: only within his printed range, traced as 18.4 (``ranges``) to a unit of his side in the roll (an attacker,
  the defenders' hex, the Lead Unit, the disengaging units).
- 28.1.3-28.1.4: what each Leader re-rolls (``rules.toml [leaders]``): Chuikov a friendly Determined Defense roll;
  Manstein a CRT roll (regular or Breakthrough, friendly or enemy), a Determined Defense or a Disengagement roll of
  Axis units.
- 28.1.5: a Leader that uses Rail Movement turns to his Used side (no Train marker); 5.6.4: under a Train marker no
  ability.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .campaign_data import later
from .ranges import in_range, unit_range
from .resources import READY, USED, info_of, put_units
from .state import State
from .units import name

OPTION = "leaders"
WHAT = {"battle": "a CRT roll", "determined": "a Determined Defense roll", "disengage": "a Disengagement roll"}


def final_die(action: Action) -> int:
    """The die a table reads: a Leader's re-roll when one is logged (28.1.1: it must be taken), else ``die``."""
    r = action.get("reroll")
    return int(r["die"]) if r else int(action["die"])


def _units_in_roll(ctx: Context, state: State, action: Action, side: str) -> list[str]:
    """The locations of ``side``'s units taking part in the roll (28.1.2 traces the range to one of them)."""
    def locs(units) -> list[str]:
        return [state.units[u].loc or "" for u in units if u in state.units]
    if action.type == "battle":
        if side == action.side:
            return locs(action["attackers"])
        return list(action["targets"])
    if action.type == "determined":
        return locs([action["lead"]]) + [action["target"]]
    return locs(action["units"])


def _problem(ctx: Context, state: State, action: Action, leader: str) -> tuple[str, str] | None:
    """(rule, why) the Leader may not re-roll this roll now, or None."""
    us = state.units.get(leader)
    if us is None or leader not in later(ctx).leaders:
        return "28.1.1", "it is not a Leader"
    side = ctx.game.units[leader].side
    may = later(ctx).leaders[leader]
    kind = action.type
    if kind not in may.rolls:
        return may.rule, f"he does not re-roll {WHAT[kind]}"
    if kind != "battle" and side != action.side:
        return may.rule, f"he re-rolls only his own side's {WHAT[kind]}"
    if us.loc not in ctx.board.locations:
        return "28.1.1", "he is not on the map"
    if us.train:
        return "28.1.1", "he is under a Train marker: no special ability (5.6.4)"
    if us.face != READY:
        return "28.1.1", ("he is on his Used side: his re-roll is spent until he turns Ready in his side's next Initial "
                          "Phase")
    rng = unit_range(ctx, leader)
    if not in_range(ctx, state, side, us.loc or "", rng, _units_in_roll(ctx, state, action, side)):
        return "28.1.2", f"the roll's units are beyond his range of {rng} hexes (traced as 18.4)"
    return None


def after_roll(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``reroll`` on a ``battle``, ``determined`` or ``disengage`` line (28.1: what Chuikov, 28.1.3, and Manstein,
    28.1.4, re-roll is ``rules.toml [leaders]``)."""
    r = action.get("reroll")
    if not r:
        return state, []
    leader = r["leader"]
    where = tuple(action.get("targets") or ([action["target"]] if action.get("target") else []))
    findings = []
    if not ctx.option(OPTION):
        findings.append(Finding("28.1.1", "Leaders (advanced rule 28) are not in play in this game", (leader,), where))
    else:
        why = _problem(ctx, before, action, leader)
        if why is not None:
            findings.append(Finding(why[0], f"{name(ctx, before, leader)} may not re-roll: {why[1]}", (leader,), where))
    us = state.units.get(leader)
    if us is not None and "commander" in info_of(ctx, state, leader).tags:
        state = put_units(ctx, state, {leader: evolve(us, face=USED)})
    return state, findings


def after_rail(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """28.1.5: a Leader that used Rail Movement turns to his Used side."""
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None or "commander" not in info_of(ctx, state, uid).tags or us.face == USED:
        return state, []
    return put_units(ctx, state, {uid: evolve(us, face=USED)}), []


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """28.1.1: the side's Leaders turn back to their Ready side."""
    changes = {u: evolve(state.units[u], face=READY) for u in later(ctx).leaders
               if u in state.units and ctx.game.units[u].side == side and state.units[u].face == USED}
    return put_units(ctx, state, changes) if changes else state
