"""A random legal player for No Retreat!: seeded, deterministic, it writes whole games in the log format that must
validate clean (tests, mutations, benchmarks).

It plays every phase of every turn for both sides (``phases``: cards, supply markers, organization, moves and
entraining, surrenders, detraining; ``combat``: declarations, counterblows, battles with its seeded die and the true
results, losses, retreats, counterattacks, advances; ``events``: event cards at the moments they name), keeps
stacking legal, claims the VP marker every turn and the winner at the end (``steering``). It is a tool that uses
the rules (``validator.rules.no_retreat``), not part of them.
"""

from __future__ import annotations

import random
from typing import Any

from games.model import Game
from validator.model import Header
from validator.rules.no_retreat import context, start
from validator.rules.no_retreat.cards import deck_for

from . import combat, phases, steering
from .seat import Player


def player_turn(p: Player, side: str) -> None:
    phases.card_phase(p, side)
    phases.supply_phase(p, side)
    phases.organization(p, side)
    phases.movement(p, side)
    combat.combat_phase(p, side)
    phases.removal(p, side)
    phases.detraining(p, side)


def header_for(game: Game, scenario: str, hands: dict[str, list[str]]) -> dict[str, Any]:
    return {"format": "hexforge-log", "version": 1, "game": game.id, "scenario": scenario,
            "edition": game.edition, "players": {s: "random player" for s in game.sides},
            "position": {"hands": hands}}


def play(game: Game, seed: int = 1, turns: int | None = None, scenario: str = "campaign_1941",
         move_share: float = 0.6) -> list[dict[str, Any]]:
    """A whole legal game as log lines (header first), ``turns`` game turns long (default: the scenario's, or
    until a victory condition ends it: then the log ends with the winner's claim)."""
    rng = random.Random(seed)
    sc = game.scenarios[scenario]
    h0 = Header(game.id, scenario)
    deck = sorted(deck_for(context(game, h0), sc.first_turn)[0])
    rng.shuffle(deck)
    hands = {side: sorted(deck.pop() for _ in range(sc.hands.get(side, 0))) for side in game.sides}
    head = header_for(game, scenario, hands)
    h = Header(game.id, scenario, head["edition"], position={"hands": hands})
    ctx = context(game, h)
    p = Player(game, rng, ctx, start(ctx), move_share=move_share)
    last = sc.last_turn if turns is None else min(sc.last_turn, sc.first_turn + turns - 1)
    first_side = next(iter(game.sides))
    for turn in range(sc.first_turn, last + 1):
        p.act("turn", first_side, turn=turn)
        steering.claim_score(p, first_side)
        p.act("phase", first_side, phase="card")  # ends the Victory Phase
        if steering.claim_result(p, first_side):
            return [head] + p.lines
        for side in game.sides:
            player_turn(p, side)
            if steering.claim_result(p, side):
                return [head] + p.lines
    return [head] + p.lines
