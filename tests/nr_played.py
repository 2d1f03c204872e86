"""A whole game by the random legal player with every state along the way, shared by the player, combat, card,
event, organization and victory tests (session fixture ``played``), the mutations of such a game (an action replaced
or inserted, the rules reported on its line), small logs written and replayed from a start, a position and actions
(``logged``), and a builder of positions for direct rule tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from players.no_retreat import play
from games_once import parse_log
from validator.model import Action, Header
from validator.replay import replay
from validator.rules import no_retreat as rules

SEED = 1  # a campaign that the random player plays through all 28 turns (at the time of writing)
Lines = list[dict[str, Any]]
HEAD = {"format": "hexforge-log", "version": 1, "game": "no_retreat", "scenario": "campaign_1941"}  # a log's header


def encode(lines: Lines) -> bytes:
    return "".join(json.dumps(x) + "\n" for x in lines).encode()


@dataclass(frozen=True)
class Played:
    """A generated game: its log lines (header first), the state before each action, the rules context."""

    lines: Lines
    states: list
    ctx: Any


def states_before(lines: Lines, package: Any = rules) -> tuple[list, Any]:
    """The state before each action of a log and the rules' context, replayed by a game's rules ``package`` (every
    game's rules package has ``context``, ``start`` and ``step``)."""
    log, game = parse_log("played.jsonl", encode(lines))
    ctx = package.context(game, log.header)
    state = package.start(ctx)
    states = []
    for a in log.actions:
        states.append(state)
        state, _ = package.step(ctx, state, a)
    return states, ctx


def replayed(lines: Lines) -> Played:
    return Played(lines, *states_before(lines))


@pytest.fixture(scope="session")
def played(nr_game) -> Played:
    return replayed(play(nr_game, seed=SEED))


@pytest.fixture(scope="session")
def played_result(played: Played):
    """The validator's replay of the shared game (``validate``)."""
    return validate(played.lines)


def validate(lines: Lines):
    log, game = parse_log("mutant.jsonl", encode(lines))
    return replay(log, game, keep_states=False)


def rules_at(lines: Lines, index: int) -> set[str]:
    """The rules reported on the line of action ``index`` (0-based among the actions) of a mutated log (the lines
    after it cannot change that, so the log is cut two lines later)."""
    result = validate(lines[:index + 4])
    return {v.rule for v in result.violations if v.line == index + 2}


def place(game: Played, test: Callable[[int, dict, Any], Any]) -> tuple[int, Any] | None:
    """The first action (its index among the actions, and what ``test`` found there) for which ``test(index,
    action, state before it)`` is not None."""
    for i, (action, state) in enumerate(zip(game.lines[1:], game.states)):
        found = test(i, action, state)
        if found is not None:
            return i, found
    return None


def first(game: Played, test: Callable[[int, dict, Any], Any]) -> tuple[int, Any]:
    """``place``, failing the test when the game has no such place."""
    found = place(game, test)
    if found is None:
        pytest.fail("no place in the generated game fits this mutation")
    return found


def replaced(game: Played, i: int, new: dict) -> Lines:
    lines = list(game.lines)
    lines[i + 1] = new
    return lines


def inserted(game: Played, i: int, *new: dict) -> Lines:
    lines = list(game.lines)
    lines[i + 1:i + 1] = list(new)
    return lines


def logged(start: dict[str, Any], position: dict[str, Any], actions, options: dict[str, bool] | None = None,
           name: str = "t.jsonl"):
    """(log, replay result) of the log of ``actions`` whose header starts at ``start`` with the ``position`` (and
    ``options``)."""
    header = {**HEAD, "start": start, "position": position, **({"options": options} if options else {})}
    log, game = parse_log(name, encode([header, *actions]))
    return log, replay(log, game)


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
