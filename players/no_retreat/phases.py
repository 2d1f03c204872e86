"""The random legal player's phases (4.0): the Card Phase (discards down to two, draws at its draw rate, the Axis
discard of a red-event turn, 5.1-5.2.1), the Supply Check (the markers the engine gives, 6.0), the Organization
Phase (improvements, free and paid upgrades, fortress conversion, reinforcements, recovered and replaced units,
reorganization: 7.x, each only when the engine finds it legal), the Movement Phase (moves to random legal
destinations steered by ``steering``, half of them logged with the whole path; entraining, the free unit and paid
ones, 8.x-9.1), the Removal Phase (surrenders, 11.1) and the Detraining Phase (9.2). Events are tried at the moments
their cards name (``events``).
"""

from __future__ import annotations

from validator.engine.state import face_of
from validator.rules.no_retreat.cards import HAND_LIMIT, draw_rate, red_events
from validator.rules.no_retreat.event_state import saved_units
from validator.rules.no_retreat.movement import RESTRICTED_AREAS, immobile_problem, reachable
from validator.rules.no_retreat.organization import flip_cost, flip_kind, flip_problems
from validator.rules.no_retreat.placement import AXIS_REPLACEMENTS, kind_of, place_hexes, replacement_cost
from validator.rules.no_retreat.rail import detrain_hexes, in_box, limited_rail, rail_box
from validator.rules.no_retreat.supply import unsupplied

from . import steering
from .draws import draw, hand, pay
from .events import fulfil, maybe_play
from .seat import Player


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


def supply_phase(p: Player, side: str) -> None:
    p.act("phase", side, phase="supply")
    for s in (side,) + tuple(o for o in p.game.sides if o != side):
        p.act("supply", s, unsupplied=sorted(unsupplied(p.ctx, p.state, s)))
    maybe_play(p, "end")


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


# -- movement ---------------------------------------------------------------------------------------------------

def movement(p: Player, side: str) -> None:
    p.act("phase", side, phase="movement")
    maybe_play(p)
    mine = sorted(uid for uid, us in p.state.units.items()
                  if p.game.units[uid].side == side and us.loc in p.ctx.board.locations
                  and immobile_problem(p.ctx, p.state, uid) is None)
    p.rng.shuffle(mine)
    plan = steering.move_plan(p, side)
    for uid in mine:
        if p.rng.random() < 0.12 and try_entrain(p, side, uid):
            continue
        face = face_of(p.ctx, p.state, uid)
        if not face.ma or p.rng.random() > p.move_share:
            continue
        options = [(loc, path) for loc, path in sorted(reachable(p.ctx, p.state, uid).items())
                   if p.fits(uid, loc)]
        choice = steering.choose_move(p, side, plan, options)
        if choice is None:
            continue
        loc, path = choice
        if p.rng.random() < 0.5:
            p.act("move", side, unit=uid, path=list(path))
        else:
            p.act("move", side, unit=uid, to=loc)
    maybe_play(p, "end")


def try_entrain(p: Player, side: str, uid: str) -> bool:
    us = p.state.units[uid]
    face = face_of(p.ctx, p.state, uid)
    box = p.game.map.boxes[rail_box(p.ctx, side)]
    if us.unsupplied or not face.ma or not p.game.unit_types[face.type].mobile:
        return False
    if len(in_box(p.state, box.id)) >= (box.capacity or 0):
        return False
    if not p.state.entrained:
        p.act("entrain", side, unit=uid)
        return True
    hand = sorted(p.state.hands[side].known)
    if limited_rail(p.ctx, p.state.turn) or not hand:
        return False
    p.act("entrain", side, unit=uid, pay=[p.rng.choice(hand)])
    return True


# -- removal and detraining -------------------------------------------------------------------------------------

def removal(p: Player, side: str) -> None:
    p.act("phase", side, phase="removal")
    maybe_play(p)
    saved = saved_units(p.state)
    for s in (side,) + tuple(o for o in p.game.sides if o != side):
        for uid in sorted(uid for uid in unsupplied(p.ctx, p.state, s) if p.state.units[uid].unsupplied
                          and uid not in saved):
            p.act("remove", s, unit=uid, to=f"surrendered_{s}", reason="surrender")


def detraining(p: Player, side: str) -> None:
    p.act("phase", side, phase="detraining")
    for uid in in_box(p.state, rail_box(p.ctx, side)):
        if p.rng.random() < 0.3:
            continue
        barred = {a for a, nats in RESTRICTED_AREAS.items() if p.game.units[uid].nationality in nats}  # 8.6
        spots = [loc for loc in detrain_hexes(p.ctx, p.state, side) if loc not in barred and p.fits(uid, loc)]
        if spots:
            p.act("detrain", side, unit=uid, to=p.rng.choice(spots))
