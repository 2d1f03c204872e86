"""Cards in hand and paying with them (5.0-5.4); the card phase limits and the 55 events come with Validator III.

- 5.4: cards are spent (discarded) to pay for replacements, extra rail moves, reorganization and counterblows;
  a player pays only with cards he holds. A hand is known card by card when the log names the cards drawn (or
  the header lists them), otherwise only its size is known (the scenario's ``[hands]``);
- 5.0: played and spent cards go to the discard pile.
"""

from __future__ import annotations

from typing import Sequence

from ...model import Action, Finding
from .board import Context
from .state import Hand, State, evolve


def spend(ctx: Context, state: State, side: str, cards: Sequence[str], rule: str, what: str
          ) -> tuple[State, list[Finding]]:
    """``side`` discards ``cards`` to pay for ``what``; each card it does not hold breaks ``rule``."""
    hand = state.hands[side]
    known, unknown = set(hand.known), hand.unknown
    findings = []
    for card in cards:
        if card in known:
            known.discard(card)
        elif any(card in h.known for s, h in state.hands.items() if s != side):
            findings.append(Finding(rule, f"card {card} is in the other player's hand; {side} cannot spend it on {what}"))
        elif unknown > 0:
            unknown -= 1
        else:
            findings.append(Finding(rule, f"{side} holds no card {card} to spend on {what} "
                                          f"(hand: {', '.join(sorted(known)) or 'empty'})"))
    hands = {**state.hands, side: Hand(frozenset(known), unknown)}
    return evolve(state, hands=hands, discards=state.discards + tuple(cards)), findings


def handle_draw(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    hand = state.hands[action.side]
    hands = {**state.hands, action.side: Hand(hand.known | frozenset(action["cards"]), hand.unknown)}
    return evolve(state, hands=hands), []


def handle_discard(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return spend(ctx, state, action.side, action["cards"], "5.1", "a discard")


def handle_play(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    return spend(ctx, state, action.side, [action["card"]], "5.3", "an event")


def payment(action: Action) -> list[str]:
    return list(action.get("pay") or ())
