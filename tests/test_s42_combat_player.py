"""Stalingrad '42's random player with combat (``players.stalingrad42``): a whole 36-turn Campaign it plays validates
clean, with battles, Determined Defenses, retreats, advances and Breakthrough Combat in it; and illegal combat lines
put into that game (mutations, one per class) are each reported with exactly the rule they break, on their line.

The game is played once for the module; each mutation is replayed by the validator from the log's first line to two
lines after the changed one (what comes later cannot change what is reported on it)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from players.stalingrad42 import play
from players.stalingrad42.combat import claims
from players.stalingrad42.seat import Player
from test_s42_data_support import s42  # noqa: F401  (the loaded game)
from validator.logfile import parse_log
from validator.model import Action
from validator.replay import replay
from validator.rules import stalingrad42 as rules
from validator.rules.stalingrad42 import air, retreat
from validator.rules.stalingrad42.advance import rate
from validator.rules.stalingrad42.battlefield import ground
from validator.rules.stalingrad42.combat import FOLLOW
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.combat_state import BREAKTHROUGH, battles, current
from validator.rules.stalingrad42.results import steps_left
from validator.rules.stalingrad42.units import table

SEED = 1  # a Campaign the player plays through all 36 turns (at the time of writing)
Lines = list[dict[str, Any]]


@dataclass(frozen=True)
class Played:
    """The generated game: its log lines (header first), the state before each action, the rules' context."""

    lines: Lines
    states: list
    ctx: Any


def _encode(lines: Lines) -> bytes:
    return "".join(json.dumps(x) + "\n" for x in lines).encode()


def validate(lines: Lines):
    log, game = parse_log("mutant.jsonl", _encode(lines))
    return replay(log, game, keep_states=False)


@pytest.fixture(scope="module")
def played(s42) -> Played:
    lines = play(s42, seed=SEED)
    log, game = parse_log("played.jsonl", _encode(lines))
    ctx = rules.context(game, log.header)
    state = rules.start(ctx)
    states = []
    for a in log.actions:
        states.append(state)
        state, _ = rules.step(ctx, state, a)
    return Played(lines, states, ctx)


def rules_at(lines: Lines, index: int) -> set[str]:
    """The rules reported on the line of action ``index`` (0-based among the actions)."""
    result = validate(lines[:index + 4])
    return {v.rule for v in result.violations if v.line == index + 2}


def first(game: Played, test: Callable[[int, dict, Any], Any]) -> tuple[int, Any]:
    """The first action (its index, and what ``test(index, action, state before it)`` found there) for which the
    test finds something; the test fails when the game has no such place."""
    for i, (a, s) in enumerate(zip(game.lines[1:], game.states)):
        found = test(i, a, s)
        if found is not None:
            return i, found
    pytest.fail("no place in the generated game fits this mutation")


def replaced(game: Played, i: int, new: dict) -> Lines:
    lines = list(game.lines)
    lines[i + 1] = new
    return lines


def inserted(game: Played, i: int, new: dict) -> Lines:
    lines = list(game.lines)
    lines[i + 1:i + 1] = [new]
    return lines


def seat(game: Played, s42, state) -> Player:
    """The player's seat at ``state`` (to read a battle's true odds and result with the player's own function)."""
    return Player(s42, random.Random(0), game.ctx, state)


def _clean_step(game: Played, state, line: dict) -> bool:
    data = {k: v for k, v in line.items() if k not in ("type", "side")}
    _, findings = rules.step(game.ctx, state, Action(0, line["type"], line["side"], data))
    return not findings


def _next_to(game: Played, s, side: str, target: str, test: Callable[[str], bool]) -> list[str]:
    """``side``'s units on the map next to ``target`` for which ``test`` holds."""
    ctx = game.ctx
    return sorted(u for u, us in s.units.items() if ctx.game.units[u].side == side and us.loc in ctx.game.map.hexes
                  and ctx.board.adjacent(us.loc, target) and test(u))


def _attacks(game: Played, uid: str, s) -> bool:
    i = table(game.ctx)[uid, s.units[uid].face]
    return bool(i.combat and i.attack) and not s.units[uid].train


# -- the clean game ------------------------------------------------------------------------------------------------

def test_the_players_campaign_with_combat_is_clean(played: Played) -> None:
    result = validate(played.lines)
    assert result.violations == (), [(v.line, v.rule, v.message) for v in result.violations[:5]]
    actions = played.lines[1:]
    assert sum(1 for a in actions if a["type"] == "turn") == 35  # turns 2-36: the whole Campaign
    kinds = Counter(a["type"] for a in actions)
    assert kinds["battle"] >= 60 and kinds["loss"] >= 60
    assert {"determined", "retreat", "advance", "breakthrough", "rally"} <= set(kinds)
    battles_ = [a for a in actions if a["type"] == "battle"]
    assert {a.get("kind", "regular") for a in battles_} == {"regular", "breakthrough"}
    assert {"DS", "DR4", "D1", "DR2", "A1/DR2", "EX", "A1"} <= {a["result"] for a in battles_}
    assert any(a.get("air") for a in battles_) and any(a.get("defensive_air") for a in battles_)
    assert any(len({played.states[i].units[u].loc for u in a["attackers"]}) > 1
               for i, a in enumerate(actions) if a["type"] == "battle")  # a multi-hex combat


@pytest.mark.parametrize("scenario", ["s1_fall_blau", "s2_caucasus", "s3_uranus"])
def test_the_scenarios_with_combat_are_clean(s42, scenario: str) -> None:
    lines = play(s42, seed=2, scenario=scenario, turns=4)
    assert any(x["type"] == "battle" for x in lines[1:])
    result = validate(lines)
    assert result.violations == (), [(v.line, v.rule, v.message) for v in result.violations[:5]]


def test_the_player_is_deterministic(s42) -> None:
    assert play(s42, seed=5, turns=2) == play(s42, seed=5, turns=2)
