"""Retreats (10.7.5, 10.7.6): where a defender may go when a result makes it retreat.

- 10.7.5: exactly two hexes, each further from the hex it defended (the second hex is neither that hex nor adjacent
  to it); never into enemy units, across a prohibited hexside, into water or off the map, nor into a hex in an
  enemy zone of control unless a friendly unit is there; Finland only for the nationalities that may enter it
  (8.6); no movement points are spent. Toward a friendly supply source if possible: when some legal retreat ends
  nearer to a friendly supplied city or friendly map edge than the hex it starts from, the retreat taken must too
  (distance: hexes through locations that do not block supply apart from enemy units and zones of control);
  a card may let the retreating units ignore enemy zones of control (card 19, Roving Cauldron);
- 10.7.5: a unit that cannot retreat is eliminated instead (10.7.1: Destroyed, or Surrendered if Unsupplied);
- 10.7.6: a DS unit retreats first and then goes to the Shattered box; if it cannot retreat it is eliminated.
"""

from __future__ import annotations

from typing import AbstractSet, Mapping, Sequence

from ...engine.bits import board_bits, distance, mask, rings
from ...engine.context import Context
from ...engine.state import occupants, unit_name
from ...model import Finding
from .event_state import battle_cards
from .movement import RESTRICTED_AREAS
from .state import State
from .supply import blocked_for, supplied_cities
from .supply_phase import reported_markers
from .zoc import enemy_zoc


def retreat_zoc(ctx: Context, state: State, side: str) -> AbstractSet[str]:
    """The enemy zones of control a retreat of ``side`` must respect: none when a card of the battle lets its
    retreating units ignore them (card 19, Roving Cauldron)."""
    b = state.combat.battle
    cards = battle_cards(state, b.line) if b is not None else None
    if cards is not None and side in cards.free_retreat:
        return frozenset()
    return enemy_zoc(ctx, state, side)


def step_problem(ctx: Context, uid: str, cur: str, nxt: str, occ: Mapping[str, Sequence[str]], ezoc: AbstractSet[str]
                 ) -> str | None:
    """Why a retreating unit may not go from ``cur`` into ``nxt`` (10.7.5), or None."""
    board = ctx.board
    side = ctx.game.units[uid].side
    if nxt in board.water:
        return f"{nxt} is water ({board.water[nxt]})"
    if nxt not in board.locations:
        return f"{nxt} is off the map"
    if not board.adjacent(cur, nxt):
        return f"{nxt} is not adjacent to {cur}"
    if board.crossing_prohibited(cur, nxt):
        return f"the hexside between {cur} and {nxt} is prohibited (lake)"
    here = [u for u in occ.get(nxt, ()) if u != uid]
    if any(ctx.game.units[u].side != side for u in here):
        return f"{nxt} holds enemy units"
    barred = RESTRICTED_AREAS.get(nxt)
    if barred and ctx.game.units[uid].nationality in barred:
        return f"{ctx.game.units[uid].nationality} units may not enter {ctx.game.map.areas[nxt].name} (8.6)"
    if nxt in ezoc and not here:
        return f"{nxt} is in an enemy zone of control with no friendly unit in it"
    return None


def path_problem(ctx: Context, state: State, uid: str, start: str, path: Sequence[str],
                 occ: Mapping[str, Sequence[str]] | None = None, ezoc: AbstractSet[str] | None = None) -> str | None:
    """Why ``path`` from ``start`` is not a legal retreat (apart from the supply direction), or None."""
    occ = occupants(ctx, state) if occ is None else occ
    side = ctx.game.units[uid].side
    ezoc = retreat_zoc(ctx, state, side) if ezoc is None else ezoc
    if len(path) != 2:
        return f"a retreat is exactly two hexes, not {len(path)}"
    cur = start
    for nxt in path:
        why = step_problem(ctx, uid, cur, nxt, occ, ezoc)
        if why is not None:
            return why
        cur = nxt
    if path[1] == start or ctx.board.adjacent(start, path[1]):
        return f"{path[1]} is not two hexes away from {start}: each hex of a retreat is further from the battle"
    return None


def legal_paths(ctx: Context, state: State, uid: str, start: str) -> list[tuple[str, str]]:
    """Every two-hex retreat from ``start`` that breaks no restriction (before the supply direction)."""
    occ = occupants(ctx, state)
    side = ctx.game.units[uid].side
    ezoc = retreat_zoc(ctx, state, side)
    out = []
    for a in ctx.board.neighbours.get(start, ()):
        if step_problem(ctx, uid, start, a, occ, ezoc) is not None:
            continue
        for b in ctx.board.neighbours.get(a, ()):
            if b != start and not ctx.board.adjacent(start, b) and step_problem(ctx, uid, a, b, occ, ezoc) is None:
                out.append((a, b))
    return sorted(set(out))


def supply_distance(ctx: Context, state: State, side: str) -> list[int]:
    """The rings of locations 0, 1, 2 ... hexes from the nearest friendly supplied city or friendly map edge hex,
    through locations that do not block supply apart from enemy units and zones of control, as bits (``bitboard``;
    remembered per blocked set)."""
    blocked = blocked_for(ctx, state, side, with_enemy=False)
    memo = ctx.derived.setdefault("retreat_distance", {})
    key = (side, blocked)
    if key not in memo:
        b = board_bits(ctx)
        sources = supplied_cities(ctx, state, side, blocked) | ctx.board.edges[side]
        if len(memo) >= 8:
            memo.pop(next(iter(memo)))
        memo[key] = rings(b, mask(b.bit, sources), ~mask(b.bit, blocked))
    return memo[key]


def toward_supply(ctx: Context, state: State, uid: str, start: str,
                  paths: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The retreats that end nearer to a friendly supply source than ``start``, or all when none does (10.7.5)."""
    if len(paths) < 2:
        return paths
    out = supply_distance(ctx, state, ctx.game.units[uid].side)
    bit = board_bits(ctx).bit
    here = distance(out, bit.get(start, 0))
    nearer = [p for p in paths if distance(out, bit.get(p[1], 0)) < here]
    return nearer or paths


def retreats(ctx: Context, state: State, uid: str, start: str) -> list[tuple[str, str]]:
    """The retreats the rules allow the unit (10.7.5); empty: it cannot retreat and is eliminated."""
    return toward_supply(ctx, state, uid, start, legal_paths(ctx, state, uid, start))


def check(ctx: Context, state: State, uid: str, start: str, path: Sequence[str]) -> Finding | None:
    """The violation in a logged retreat (10.7.5), or None; judged with the markers this player turn's Supply Check
    reported in place as well when it has one (an enemy unit left unmarked, or marked though it traced, has no zone
    of control in that reading, 6.5.3): what is wrong there is its own mistake, the rest follows from the supply one
    (one mistake, one report)."""
    found = _check(ctx, state, uid, start, path)
    if found is not None:
        other = reported_markers(ctx, state)
        if other is not None:
            return _check(ctx, other, uid, start, path)
    return found


def _check(ctx: Context, state: State, uid: str, start: str, path: Sequence[str]) -> Finding | None:
    name = unit_name(ctx, uid, state)
    full = (start,) + tuple(path)
    why = path_problem(ctx, state, uid, start, path)
    allowed = retreats(ctx, state, uid, start)
    hint = f"; it could retreat {start}-{'-'.join(allowed[0])}" if allowed else \
        "; it cannot retreat at all and is eliminated instead"
    if why is not None:
        return Finding("10.7.5", f"{name} retreats {'-'.join(full)}: {why}{hint}", (uid,), full)
    if tuple(path) not in allowed:
        return Finding("10.7.5", f"{name} retreats {'-'.join(full)} away from friendly supply; a retreat goes toward "
                                 f"a friendly supply source when it can{hint}", (uid,), full)
    return None
