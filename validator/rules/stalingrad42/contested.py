"""Contested City Hexes (29.0, advanced rule ``contested_cities``; mandatory in Operation Uranus, S3.1): a City hex
with a City Battle marker (11.6.2) that units of both sides share.

- 29.1.2: in a friendly Movement Phase units enter a Contested City hex, and leave it, only by Tactical Movement,
  and never leave it into an EZOC without a friendly unit.
- 29.1.3: units in a Contested City hex never attack out of it (they may join an attack on the enemy units inside).
- 29.1.4: the original defender keeps control of the hex while it is contested (the units that enter it do not take
  it, 16.3.4).

Combat's: the advance a Partial Success forces into the City hex, both sides doubled there, the marker reduced by
the original defender's Partial Success (29.1.1, 29.1.3); ZOCs, bonds and the airfield modifier in the hex (29.1.1)
are the position's (:func:`hexes`).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.state import evolve
from ...model import Action, Finding
from .move_modes import TACTICAL, mode_of
from .state import State
from .units import name
from .zoc import CONTESTED_CITIES, contested_bits, ezoc_bits, locations, sides

OPTION = CONTESTED_CITIES


def hexes(ctx: Context, state: State) -> frozenset[str]:
    """29.1.1: the Contested City hexes now (none unless the rule is in play; ``zoc.contested_bits``, which also
    takes their ZOCs and ZOC Bonds away)."""
    shared = contested_bits(ctx, state)
    return frozenset(locations(ctx, shared)) if shared else frozenset()


def concerns(ctx: Context, kind: str, uid: str) -> bool:
    """Whether :func:`after_move` and :func:`after_entering` may say anything about a line: only with the option of
    29.0 (without it there is no Contested City hex, ``zoc.contested_bits``)."""
    return ctx.option(OPTION)


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """29.1.2: into and out of a Contested City hex only by Tactical Movement, never out into an EZOC."""
    shared = hexes(ctx, before)
    if not shared:
        return state, []
    uid = action["unit"]
    start = before.units[uid].loc or ""
    path = list(action.get("path") or (action["to"],))
    if path and path[0] == start:
        path = path[1:]
    tactical = mode_of(ctx, state, action) == TACTICAL
    who = name(ctx, before, uid)
    entered = [h for h in path if h in shared]
    if start in shared and path:
        if not tactical:
            return state, [Finding("29.1.2", f"{who} leaves the Contested City hex {start} only by Tactical Movement",
                                   (uid,), (start, *path))]
        side = ctx.game.units[uid].side
        b = move_bits(ctx).bit.get(path[0], 0)
        if b & ezoc_bits(ctx, before, side) and not b & sides(ctx, before, side).units:
            return state, [Finding("29.1.2", f"{who} leaves the Contested City hex {start} into an enemy zone of "
                                             f"control ({path[0]})", (uid,), (start, *path))]
    if entered and not tactical:
        return state, [Finding("29.1.2", f"{who} enters the Contested City hex {entered[0]} only by Tactical Movement",
                               (uid,), (start, *path))]
    return state, []


def attack_problem(ctx: Context, state: State, uid: str, target: str) -> Finding | None:
    """29.1.3: no attack out of a Contested City hex (a check of ``combat.ATTACK_CHECKS``)."""
    loc = state.units[uid].loc
    if loc != target and loc in hexes(ctx, state):
        return Finding("29.1.3", f"{name(ctx, state, uid)} is in the Contested City hex {loc}: it never attacks out "
                                 "of it", (uid,), (loc,))
    return None


def after_entering(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """29.1.4: units entering a Contested City hex (by advance, retreat or movement) leave its control with the
    original defender, who controlled it before."""
    shared = hexes(ctx, state)
    keep = {h: before.control[h] for h in shared if h in before.control and state.control.get(h) != before.control[h]}
    if not keep:
        return state, []
    return evolve(state, control={**state.control, **keep}), []


def city_contest(ctx: Context, c) -> bool:
    """29.1.1: the combat ``c``'s Determined Defense put a City Battle marker (11.6.2) with Contested City hexes in
    play: its attackers advance into the City hex (``advance``), which the defender keeps."""
    return c.determined is not None and c.determined.city_battle and bool(ctx.option(OPTION))


def owed_advance(ctx: Context, state: State, c) -> list[Finding]:
    """29.1.1: when the combat ends, at least one of its attackers left on the map has advanced into the City hex, to
    share it with the defender: not when the Determined Defense's own step loss eliminated the last defender there
    (the City vacated, its marker goes, 11.6.2, and the hex is left to the ordinary advance, 14.x)."""
    if not city_contest(ctx, c) or not any(state.units[d].loc == c.target for d in c.defenders):
        return []
    alive = [u for u in c.attackers if state.units[u].loc in ctx.board.locations]
    if not alive or any(state.units[u].loc == c.target for u in alive):
        return []
    return [Finding("29.1.1", f"the City Battle at {c.target} makes it a Contested City hex: the attacker advances at "
                              "least one unit into it", tuple(alive), (c.target,))]
