"""The random legal player's victory claims and the steering of its moves (12.x).

In each Victory Phase it claims the VP marker's value; when a victory condition ends the game, or after the last
turn, it claims the winner. A random game would soon end by Sudden Death, so its moves are steered: the side that
must gain VPs to keep the other below its next box captures enemy VP locations, the side near a box of its own
avoids them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from validator.engine.context import Context
from validator.rules.no_retreat.cards import RESET_1945
from validator.rules.no_retreat.control import controller
from validator.rules.no_retreat.victory import (
    INITIATIVE_EVENT, final_result, map_vp, marker, objective_hexes, objectives_needed, victory_phase, vp, vp_locations)

from .seat import Player


# -- victory ------------------------------------------------------------------------------------------------------

def claim_score(p: Player, side: str) -> None:
    """In the housekeeping: the VP marker after this turn's Victory Phase."""
    p.act("victory", side, vp=marker(p.ctx, victory_phase(p.ctx, p.state)))


def claim_result(p: Player, side: str) -> bool:
    """When the game is over: claim the winner the rules give (True), else nothing (False)."""
    result = final_result(p.ctx, p.state)
    if result is None:
        return False
    p.act("victory", side, winner=result.winner, reason=result.reason, vp=marker(p.ctx, p.state))
    return True


# -- movement steering ----------------------------------------------------------------------------------------------
# A random game would soon end by Sudden Death (the Soviets hold 22 VP locations, the turn-12 box is 16). The
# player steers its moves so that the campaign tends to run its whole length: the side that must gain VPs to
# keep the other below its next box captures enemy VP locations, the side near a box of its own avoids it.

STEER_MARGIN = 2


@dataclass(frozen=True)
class MovePlan:
    goal: int  # +1 capture enemy VP locations, -1 avoid capturing them, 0 either
    avoid: frozenset[str]  # locations this side must not take (objectives near an objective victory, 1945 VPs)
    scoring: frozenset[str]  # VP locations that count now
    distance: dict[str, int]  # hexes to the nearest enemy-held VP location


def _next_box(ctx: Context, turn: int, side: str) -> tuple[int, int] | None:
    for n in range(turn + 1, ctx.scenario.last_turn + 1):
        box = ctx.game.turns[n].sudden_death.get(side)
        if box is not None:
            return n, box
    return None


def vp_goal(p: Player, side: str) -> int:
    ctx, st = p.ctx, p.state
    axis, soviet = list(ctx.game.sides)
    shift = ctx.first_turn_of.get(INITIATIVE_EVENT, 0)
    reset = ctx.first_turn_of.get(RESET_1945, 10 ** 6)
    goal = {axis: 0, soviet: 0}
    if st.turn < shift:
        nxt = _next_box(ctx, st.turn, axis)
        if nxt and vp(ctx, st, axis) >= nxt[1] - STEER_MARGIN:
            goal = {axis: -1, soviet: 1}
        elif map_vp(ctx, st, soviet) >= ctx.game.turns[shift].sudden_death.get(soviet, 99) - 1:
            goal = {axis: 1, soviet: -1}
    else:
        nxt = _next_box(ctx, st.turn, soviet)
        s = vp(ctx, st, soviet)
        tide = st.score.high_tide or 0
        if nxt and s >= nxt[1] - STEER_MARGIN:
            goal = {axis: 1, soviet: -1}
        elif st.turn < reset and s <= tide + 1:
            goal = {axis: -1, soviet: 1}
    return goal[side]


def move_plan(p: Player, side: str) -> MovePlan:
    ctx, st = p.ctx, p.state
    scoring = frozenset(loc for loc, _ in vp_locations(ctx, st))
    avoid = set()
    for s in ctx.game.sides:
        held = [h for h in objective_hexes(ctx, s) if controller(ctx, st, h) == s]
        if s == side and len(held) + 1 >= objectives_needed(ctx, st, s):
            avoid |= set(objective_hexes(ctx, s))
    goal = vp_goal(p, side)
    if goal < 0:
        avoid |= scoring
    targets = [loc for loc in scoring if controller(ctx, st, loc) not in (side, None) and loc not in avoid]
    distance = {loc: 0 for loc in targets}
    queue = deque(targets)
    while queue:
        x = queue.popleft()
        for n in ctx.board.neighbours[x]:
            if n not in distance:
                distance[n] = distance[x] + 1
                queue.append(n)
    return MovePlan(goal, frozenset(avoid), scoring, distance)


def choose_move(p: Player, side: str, plan: MovePlan, options: list[tuple[str, tuple[str, ...]]]
                ) -> tuple[str, tuple[str, ...]] | None:
    """One destination and path among ``options`` after the plan (None: stay)."""
    ctx, st = p.ctx, p.state

    def takes(path) -> set[str]:
        return {h for h in path if controller(ctx, st, h) != side and (h in plan.scoring or h in plan.avoid)}

    options = [o for o in options if not (takes(o[1]) & plan.avoid)]
    if not options:
        return None
    if plan.goal > 0 and p.rng.random() < 0.7:
        capturing = [o for o in options if takes(o[1])]
        if capturing:
            return p.rng.choice(capturing)
        closest = min(plan.distance.get(o[0], 99) for o in options)
        return p.rng.choice([o for o in options if plan.distance.get(o[0], 99) == closest])
    return p.rng.choice(options)
