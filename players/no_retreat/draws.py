"""The random legal player's cards: its hand, cards drawn at random from the draw pile the engine tracks
(reshuffled with the discards when one card is left, 5.0; "Play Immediately" cards played at once and replaced,
5.3.1), and cards picked to pay with.
"""

from __future__ import annotations

from validator.rules.no_retreat.cards import draw_one, paid, pile_size, reshuffle

from .seat import Player


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


def pay(p: Player, side: str, n: int) -> list[str] | None:
    """``n`` cards of the hand at random, less any the others already cover (card 53 counts two in its side's own
    Organization Phase: no card beyond the cost, 5.4 with 5.1); None when the hand is too small."""
    mine = hand(p, side)
    if len(mine) < n:
        return None
    cards = p.rng.sample(mine, n)
    for c in list(cards):
        rest = [x for x in cards if x != c]
        if rest and paid(p.ctx, p.state, side, rest) >= n:
            cards = rest
    return cards
