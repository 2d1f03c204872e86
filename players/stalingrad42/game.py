"""A random legal player for Stalingrad '42: seeded, deterministic, it writes whole games in the log format that
must validate clean (tests, mutations, benchmarks). It plays every player turn of every turn for both sides in the
order the rules give (``validator.rules.stalingrad42.turn_order``): the weather roll, reinforcements and
replacements, moves (normal, extended, tactical, rail, between Entry Areas), combat (``combat``: battles, step losses,
Determined Defense, retreats, advances, Breakthrough Combat), rallies, Railheads, the supply check and Isolation
Attrition. It is a tool that uses the rules, not part of them.
"""

from __future__ import annotations

import random
from typing import Any

from games.model import Game
from validator.model import Header
from validator.rules.stalingrad42 import context, start
from validator.rules.stalingrad42.data import scenario_facts
from validator.rules.stalingrad42.turn_order import order

from . import combat, phases
from .seat import Player


def header_for(game: Game, scenario: str) -> dict[str, Any]:
    return {"format": "hexforge-log", "version": 1, "game": game.id, "scenario": scenario, "edition": game.edition,
            "players": {s: "random player" for s in game.sides}}


def player_turn(p: Player, side: str, skip: frozenset[str | None]) -> None:
    """One player turn (the phases a scenario skips, S3.4, left out)."""
    if None in skip:
        return
    if "initial" not in skip:
        phases.initial(p, side)
    phases.move_phase(p, side)
    combat.combat_phase(p, side)
    phases.recovery(p, side)
    phases.supply(p, side)


def play(game: Game, seed: int = 1, turns: int | None = None, scenario: str = "s4_campaign",
         move_share: float = 0.5) -> list[dict[str, Any]]:
    """A whole legal game as log lines (header first), ``turns`` game turns long (default: the scenario's)."""
    rng = random.Random(seed)
    sc = game.scenarios[scenario]
    head = header_for(game, scenario)
    ctx = context(game, Header(game.id, scenario, head["edition"]))
    p = Player(game, rng, ctx, start(ctx), move_share=move_share)
    last = sc.last_turn if turns is None else min(sc.last_turn, sc.first_turn + turns - 1)
    for turn in range(sc.first_turn, last + 1):
        if turn != sc.first_turn:
            p.act("turn", "axis", turn=turn)
        phases.weather_phase(p, turn)
        for side in order(ctx, turn, p.state):
            skip = frozenset(s.phase for s in scenario_facts(ctx).skip if s.turn == turn and s.player == side)
            player_turn(p, side, skip)
    return [head] + p.lines
