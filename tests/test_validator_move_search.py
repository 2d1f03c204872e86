"""The movement search over bit masks (``move_bits``) finds what a plain cheapest-first search over the board's
neighbours finds (8.0-8.6): the same MP for every location, and for a destination the same path, ties broken by
location id, on every unit that moves in a generated game, with and without the allowance and zones of control."""

from __future__ import annotations

import heapq

from nr_played import replayed
from players.no_retreat import play
from validator.rules.no_retreat import movement


def reference(ctx, state, uid, g, ignore_mp: bool, zoc_rules: bool) -> dict[str, tuple[int, str | None]]:
    """Cheapest first with a heap of (MP, location): location -> (MP spent, the location before)."""
    moved = state.moved.get(uid)
    start = state.units[uid].loc
    spent = moved.spent if moved else 0
    best: dict[str, tuple[int, str | None]] = {start: (spent, None)}
    if moved and moved.stopped and zoc_rules:
        return best
    armor = ctx.game.unit_types[movement.face_of(ctx, state, uid).type].category == "armor"
    mp = 10 ** 9 if ignore_mp else movement.allowance(ctx, state, uid).mp
    table = movement.cost_table(ctx, state)
    ezoc = g.ezoc if zoc_rules else frozenset()
    nationality = ctx.game.units[uid].nationality
    barred = {a for a, nats in movement.RESTRICTED_AREAS.items() if nationality in nats}
    heap = [(spent, start)]
    while heap:
        cost, cur = heapq.heappop(heap)
        if cost > best[cur][0] or (cur in ezoc and cur != start):
            continue
        extra = movement.exit_cost(ctx, armor) if cur in ezoc else 0
        for nxt in ctx.board.open_neighbours[cur]:
            if nxt in g.enemy or nxt in barred or (cur in ezoc and nxt in ezoc and nxt not in g.friendly):
                continue
            c = cost + table[nxt][0 if armor else 1] + extra
            if c > mp and not (cur == start and moved is None):
                continue
            if nxt not in best or c < best[nxt][0]:
                best[nxt] = (c, cur)
                heapq.heappush(heap, (c, nxt))
    return best


def test_level_search_matches_a_heap_search_on_every_move(nr_game):
    game = replayed(play(nr_game, seed=7, turns=4, move_share=0.9))
    ctx = game.ctx
    searches = paths = 0
    for line, (action, state) in enumerate(zip(game.lines[1:], game.states), start=2):
        if action["type"] == "move" and state.units[action["unit"]].loc in ctx.board.locations:
            uid = action["unit"]
            g = movement.ground(ctx, state, ctx.game.units[uid].side)
            for ignore_mp, zoc_rules in ((False, True), (False, False), (True, True)):
                want = reference(ctx, state, uid, g, ignore_mp, zoc_rules)
                assert movement.search(ctx, state, uid, g, ignore_mp, zoc_rules) == want, (line, ignore_mp)
                searches += 1
            legal = reference(ctx, state, uid, g, False, True)
            for dest in list(legal)[1::3]:
                assert movement.find_path(ctx, state, uid, dest, g) == (movement.path_to(legal, dest), True)
                paths += 1
    assert searches > 100 and paths > 100
