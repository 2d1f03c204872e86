"""The targets the random player's Combat Phase must attack (10.3.1), and the units it keeps free for them: a
declared Target hex, a Counterblow hex or a marked hex left unattacked because the units that could attack it
attacked elsewhere is a violation, so the player only takes on targets it can all attack, each with a unit of its
own, and keeps one unit back for each while it fights the others."""

from __future__ import annotations

from validator.engine.state import occupants
from validator.rules.no_retreat.declaration import current, free_attackers, other_side

from .seat import Player


def unused(p: Player, side: str, loc: str, voluntary: bool) -> list[str]:
    """``side``'s units that may still attack ``loc`` (10.1, 10.1.1, 10.3.4)."""
    ctx, state = p.ctx, p.state
    return sorted(free_attackers(ctx, state, current(state), loc, side, voluntary, occupants(ctx, state)))


def enemy_in(p: Player, side: str, loc: str) -> bool:
    enemy = other_side(p.ctx, side)
    return any(us.loc == loc and p.game.units[u].side == enemy for u, us in p.state.units.items())


def obligations(p: Player, side: str, but: str | None = None) -> list[tuple[str, bool]]:
    """(target, voluntary) of every hex this Combat Phase must still attack (10.3.1), in the order the player attacks
    them: Counterblow and marked hexes, then declared ones; ``but`` left out."""
    c = current(p.state)
    forced = [(t, False) for t in sorted(c.marked | c.counterblows) if t not in c.attacked_hexes
              and enemy_in(p, side, t)]  # (a hex an earlier battle emptied has no one left to attack: 10.1)
    declared = [(t, True) for t in sorted(c.declared) if t not in c.attacked_hexes and enemy_in(p, side, t)]
    return [(t, v) for t, v in forced + declared if t != but]


def kept_back(p: Player, side: str, targets: list[tuple[str, bool]], spare: frozenset[str] = frozenset()
              ) -> tuple[set[str], list[str]]:
    """(one unit kept back for each of ``targets`` that has one, the targets left without): each takes the first of
    its free units not kept back already, preferring those outside ``spare`` (the units a battle about to be fought
    may use), so that no target is left impossible to attack by the player's own choice (10.3.1)."""
    kept: set[str] = set()
    without = []
    for t, voluntary in targets:
        free = [u for u in unused(p, side, t, voluntary) if u not in kept]
        if not free:
            without.append(t)
            continue
        outside = [u for u in free if u not in spare]
        kept.add(outside[0] if outside else free[0])
    return kept, without


def usable(p: Player, side: str, target: str, units: list[str]) -> list[str]:
    """The units that may attack ``target`` while one unit stays free for every other target still to attack."""
    kept, _ = kept_back(p, side, obligations(p, side, but=target), frozenset(units))
    return [u for u in units if u not in kept] or units


def sharing(p: Player, side: str, target: str, units: list[str]) -> tuple[list[str], list[str]] | None:
    """When other Counterblow or marked hexes can be attacked only by ``units`` (the free units of ``target``), as
    the other side's CB results and events may leave them: (the units adjacent to all of them, those hexes), to
    attack together in one battle; None when every other target keeps a unit of its own (10.3.1)."""
    others = obligations(p, side, but=target)
    kept, _ = kept_back(p, side, others, frozenset(units))
    if [u for u in units if u not in kept]:
        return None
    mine = set(units)
    shut = [t for t, voluntary in others if not voluntary and set(unused(p, side, t, False)) <= mine]
    board = p.ctx.board
    common = [u for u in units if all(board.adjacent(p.state.units[u].loc, t) for t in shut)]
    return (common, shut) if common and shut else None
