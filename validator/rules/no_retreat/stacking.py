"""Stacking (8.4), checked at the end of every phase, step and battle, and at the end of the log.

- 8.4: units never share a location with enemy units (reported by the action that brings them together);
- 8.4.1: at most the side's limit per location for the current turn (``game.toml`` ``[stacking]``: Axis 2;
  Soviet 1, 1 plus one tank from turn 11, 2 from turn 23), Finland and the Balkan areas included (8.6);
- 8.4.2: only units count, not markers; an event may let a hex hold one more (card 32, Prepared Offensive);
- 8.4.3: the owner eliminates the excess (a ``remove`` action before the phase ends); an overstack still there is
  reported once.
"""

from __future__ import annotations

from games.model import StackingRule

from ...engine.context import Context, once, remember
from ...engine.stacking import over
from ...engine.state import evolve
from ...model import Finding
from .event_state import extra_stacking
from .state import State


def overstacks(ctx: Context, state: State) -> list[tuple[str, str, tuple[str, ...]]]:
    """(location, side, units) for every location over its side's limit. (Units of both sides in one location
    can only come from an illegal move, retreat, advance or placement, which is reported where it happens.)
    Remembered with the position for what the limits depend on: the turn, and an event's extra (card 32)."""
    key = ("overstacks", state.turn, state.phase == "detraining", state.effects.stacking)
    last = ctx.derived.get("overstacks")  # (asked at the end of every phase and step: mostly of the same units)
    if last is not None and last[0] is state.units and last[1] == key:
        return last[2]
    found = over(ctx, state.units, key, lambda loc, side, mine: _allowed(
        ctx, state, side, loc, [ctx.unit_type[u, state.units[u].face] for u in mine]), _floors(ctx, state.turn))
    ctx.derived["overstacks"] = (state.units, key, found)  # (the units kept alive with it: their id stays theirs)
    return found


def _floors(ctx: Context, turn: int) -> dict[str, int]:
    """side -> the units it may always stack on ``turn`` (8.4.1: its limit, before an extra unit of a type or an
    event's one more): locations holding no more need no look at their units (the game's data alone)."""
    key = ("stack_floors", turn)
    made = ctx.tables.get(key)
    if made is None:
        made = once(ctx, key, lambda c: {side: _floor(c.game.stacking_limit(side, turn)) for side in c.game.sides})
    return made


def _floor(rule: StackingRule) -> int:
    return rule.limit if rule.raised_limit is None else min(rule.limit, rule.raised_limit)


VERDICTS = 4096  # stacking verdicts a loaded game keeps for the logs replayed with it


def _allowed(ctx: Context, state: State, side: str, loc: str, types: list[str]) -> bool:
    """Within the limit, or within it once the units an event lets stand beyond it are left out (card 32)."""
    if _within(ctx, side, state.turn, tuple(types)):
        return True
    extra = extra_stacking(state, side, loc)
    return bool(extra) and any(_within(ctx, side, state.turn, tuple(types[:i] + types[i + extra:]))
                               for i in range(len(types)))


def _within(ctx: Context, side: str, turn: int, types: tuple[str, ...]) -> bool:
    """The game's limit (``Game.stacking_allows``: the game's data alone), kept per game for the types asked about
    (at most :data:`VERDICTS`, the oldest going first: each log of a batch adds the types of its own stacks)."""
    verdicts = ctx.tables.get("stack_verdicts")
    if verdicts is None:
        verdicts = once(ctx, "stack_verdicts", lambda c: {})
    key = (side, turn, types)
    out = verdicts.get(key)
    if out is None:
        out = ctx.game.stacking_allows(side, turn, types)
        remember(verdicts, key, out, VERDICTS)
    return out


def limit_words(ctx: Context, side: str, turn: int) -> str:
    rule = ctx.game.stacking_limit(side, turn)
    extra = f" plus one {ctx.game.unit_types[rule.extra].name.lower()}" if rule.extra else ""
    return f"{rule.limit} unit{'s' if rule.limit != 1 else ''}{extra} per hex"


def check(ctx: Context, state: State, when: str) -> tuple[State, list[Finding]]:
    """Overstacks at the end of a phase, step or battle (``when`` says which), each reported once."""
    found = overstacks(ctx, state)
    if not found:
        return state, []
    findings = []
    reported = set(state.overstacks)
    for loc, side, uids in found:
        key = f"{loc}:{','.join(uids)}"
        if key in reported:
            continue
        reported.add(key)
        name = ctx.game.sides[side].name
        findings.append(Finding(
            "8.4.1", f"{len(uids)} {name} units are in {loc} {when} ({', '.join(uids)}); the limit on turn "
                     f"{state.turn} is {limit_words(ctx, side, state.turn)}, and the owner must eliminate the "
                     "excess (8.4.3)", uids, (loc,)))
    if len(reported) != len(state.overstacks):
        state = evolve(state, overstacks=frozenset(reported))
    return state, findings
