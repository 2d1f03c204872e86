"""The random legal player's Card Phase, Organization Phase and victory claims (used by ``player.Player``).

Every decision is drawn from the engine's own state, so the player always sees the true game: the cards it draws
are taken at random from the draw pile the engine tracks (reshuffled with the discards when one card is left,
5.0), as many as the draw rate gives (5.2); "Play Immediately" cards are played at once and replaced (5.3.1);
on red-event turns the Axis discards one card after drawing (5.2.1). In the Organization Phase it improves,
upgrades for free or for cards, fortifies and unfortifies (7.1-7.5), brings in reinforcements and units from the
turn track, returns shattered units (7.7), buys replacements (7.9) and reorganizes (7.10), each only when the
engine finds it legal. In each Victory Phase it claims the VP marker's value; when a victory condition ends the
game, or after the last turn, it claims the winner.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from ...engine.context import Context
from .cards import HAND_LIMIT, RESET_1945, draw_one, draw_rate, pile_size, red_events, reshuffle
from .control import controller
from .events_player import fulfil, maybe_play
from .organization import flip_cost, flip_kind, flip_problems
from .placement import AXIS_REPLACEMENTS, kind_of, place_hexes, replacement_cost
from .victory import (INITIATIVE_EVENT, final_result, map_vp, marker, objective_hexes, objectives_needed, victory_phase,
                      vp, vp_locations)

Player = Any  # player.Player: act(), state, ctx, game, rng, fits()


def hand(p: Player, side: str) -> list[str]:
    return sorted(p.state.hands[side].known)


def pick_cards(p: Player, side: str, n: int) -> list[str]:
    """``n`` random cards of the draw pile as the engine will see them drawn (fewer when it runs dry)."""
    scratch = p.state
    out = []
    for _ in range(n):
        if pile_size(scratch) <= 1 and scratch.discards:
            scratch = reshuffle(scratch)
        pool = sorted(scratch.deck.unseen)
        if len(pool) <= 1:
            break
        card = p.rng.choice(pool)
        out.append(card)
        scratch, _, _ = draw_one(p.ctx, scratch, side, card)
    return out


def draw(p: Player, side: str, n: int, by: str | None = None) -> None:
    cards = pick_cards(p, side, n)
    if not cards:
        return
    p.act("draw", side, cards=cards, **({"by": by} if by else {}))
    played = list(p.state.deck.pending)
    for card in played:
        p.act("play", side, card=card)
    for card in played:
        for _ in range(owed_draws(p, side, card)):  # one a due: a card drawn again may be owed twice
            draw(p, side, 1, by=card)


def owed_draws(p: Player, side: str, card: str) -> int:
    """Cards ``side`` still draws "by" ``card`` (a "Play Immediately" card's replacement, an event's draws)."""
    return sum(d.most - d.done for d in p.state.effects.due if d.kind == "draw" and d.card == card and d.side == side)


def card_phase(p: Player, side: str) -> None:
    p.act("phase", side, phase="card")
    mine = hand(p, side)
    if len(mine) > HAND_LIMIT:
        p.act("discard", side, cards=p.rng.sample(mine, len(mine) - HAND_LIMIT))
    rate, _ = draw_rate(p.ctx, p.state, side)
    p.act("phase", side, phase="card", step="draw")
    draw(p, side, rate)
    mine = hand(p, side)
    if side == "axis" and red_events(p.ctx, p.state.turn) and mine:
        p.act("discard", side, cards=[p.rng.choice(mine)])
    maybe_play(p)


def pay(p: Player, side: str, n: int) -> list[str] | None:
    mine = hand(p, side)
    return p.rng.sample(mine, n) if len(mine) >= n else None


# -- organization -----------------------------------------------------------------------------------------------

def flips(p: Player, side: str) -> None:
    """Flip Step: improvements, free and paid upgrades, fortress conversion (each only if legal)."""
    game, ctx = p.game, p.ctx
    mine = sorted(uid for uid, us in p.state.units.items() if game.units[uid].side == side
                  and us.loc in ctx.board.locations)
    p.rng.shuffle(mine)
    for uid in mine:
        us = p.state.units[uid]
        to = "back" if us.face == "front" else "front"
        kind = flip_kind(ctx, uid, us.face, to)
        if kind in ("one_step", "down") or (kind == "unfortify" and p.rng.random() > 0.1):
            continue
        findings, _ = flip_problems(ctx, p.state, side, uid, to, [])
        if not findings:
            p.act("flip", side, unit=uid, face=to)
            continue
        cost = flip_cost(ctx, p.state, uid, to)
        cards = pay(p, side, cost) if cost and p.rng.random() < 0.5 else None
        if cards and not flip_problems(ctx, p.state, side, uid, to, cards)[0]:
            p.act("flip", side, unit=uid, face=to, pay=cards)


def placements(p: Player, side: str) -> None:
    """Placement Step: reinforcements, returns from the turn track, recovered and replaced units."""
    p.act("phase", side, phase="organization", step="placement")
    first_replacement = p.ctx.first_turn_of.get(AXIS_REPLACEMENTS, 0) if side == "axis" else 0
    for uid in sorted(uid for uid, u in p.game.units.items() if u.side == side):
        kind, _ = kind_of(p.ctx, p.state, uid)
        if kind is None or (kind == "replacement" and (p.state.turn < first_replacement or p.rng.random() > 0.4)):
            continue
        spots = [loc for loc in place_hexes(p.ctx, p.state, uid, kind)
                 if loc in p.game.map.boxes or p.fits(uid, loc)]
        cards = pay(p, side, replacement_cost(p.ctx, p.state, uid)) if kind == "replacement" else []
        if spots and cards is not None:
            p.act("place", side, unit=uid, to=p.rng.choice(spots), **({"pay": cards} if cards else {}))
            fulfil(p)  # a card spent may draw (card 12)


def reorganization(p: Player, side: str) -> None:
    p.act("phase", side, phase="organization", step="reorganization")
    for uid in sorted(u for u, us in p.state.units.items() if us.disorganized and p.game.units[u].side == side):
        cards = pay(p, side, 1) if p.rng.random() < 0.3 else None
        if cards:
            p.act("reorganize", side, unit=uid, pay=cards)


def organization(p: Player, side: str) -> None:
    p.act("phase", side, phase="organization")
    maybe_play(p, "start")
    flips(p, side)
    placements(p, side)
    maybe_play(p)
    reorganization(p, side)


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
