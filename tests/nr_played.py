"""A whole game by the random legal player with every state along the way, shared by the card, organization and
victory tests (session fixture ``played``), and a builder of positions for direct rule tests."""

from __future__ import annotations

from typing import Any

import pytest

from test_validator_player import Game as Played, encode
from validator.logfile import parse_log
from validator.model import Action, Header
from validator.rules import no_retreat as rules
from validator.rules.no_retreat.player import play

SEED = 1  # a campaign that the random player plays through all 28 turns (at the time of writing)


@pytest.fixture(scope="session")
def played(nr_game) -> Played:
    lines = play(nr_game, seed=SEED)
    log, game = parse_log("played.jsonl", encode(lines))
    ctx = rules.context(game, log.header)
    state = rules.start(ctx)
    states = []
    for a in log.actions:
        states.append(state)
        state, _ = rules.step(ctx, state, a)
    return Played(lines, states, ctx)


def position(game, start: dict[str, Any], options: dict[str, bool] | None = None, **pos: Any):
    """(ctx, state) of a log starting at ``start`` with the header ``position`` ``pos`` (and ``options``)."""
    ctx = rules.context(game, Header(game.id, "campaign_1941", options=options or {}, start=start, position=pos))
    return ctx, rules.start(ctx)


def run(ctx, state, *actions: dict[str, Any]):
    """Apply actions (dicts with type and side); returns (state, findings of every action)."""
    found = []
    for n, a in enumerate(actions, start=2):
        data = {k: v for k, v in a.items() if k not in ("type", "side")}
        state, f = rules.step(ctx, state, Action(n, a["type"], a["side"], data))
        found += f
    return state, found
