"""Rules 18-34 inside a game of the random legal player (``players.stalingrad42``, the Campaign's first turns): lines
that break them, put into its clean log, are each reported with the right rule, and the player's own lines never
are."""

from __future__ import annotations

import json
from typing import Any

import pytest

from players.stalingrad42 import play
from test_s42_data_support import s42  # noqa: F401  (the loaded game)
from games_once import parse_log
from validator.replay import replay
from validator.rules.stalingrad42 import victory

TURNS = 2
Lines = list[dict[str, Any]]


def _replay(lines: Lines):
    log, game = parse_log("played.jsonl", "".join(json.dumps(x) + "\n" for x in lines).encode())
    return replay(log, game, keep_states=False)


@pytest.fixture(scope="module")
def opening(s42) -> Lines:
    return play(s42, seed=11, turns=TURNS)


def _at(lines: Lines, test) -> int:
    """The index (in ``lines``) of the first line after which ``test(line)`` holds."""
    return next(i for i, x in enumerate(lines) if i and test(x)) + 1


def _rules_on(lines: Lines, index: int) -> list[str]:
    r = _replay(lines[:index + 3])
    return sorted(v.rule for v in r.violations if v.line == index + 1)


def test_the_players_campaign_opening_is_clean(opening) -> None:
    assert _replay(opening).violations == ()


def test_a_third_resource_point(opening) -> None:
    """18.1: two Resource Points a turn; a third Fortification begun in the Axis Initial Phase of turn 2."""
    i = _at(opening, lambda x: x.get("type") == "turn" and x["turn"] == 2)
    i = next(k for k in range(i, len(opening)) if opening[k]["type"] == "phase" and opening[k]["phase"] == "initial") + 1
    forts = [{"type": "fortify", "side": "axis", "hex": h} for h in ("1016", "1017", "1018")]
    lines = opening[:i] + forts + opening[i:]
    assert _rules_on(lines, i + 2) == ["18.1"]


def test_a_frozen_reserve_army_moves(opening, s42) -> None:
    """31.0: the 7th Reserve Army does not move until released; a move of one of its units in a Soviet Movement
    Phase is reported under 31.0."""
    i = _at(opening, lambda x: x["type"] == "phase" and x["phase"] == "movement" and x["side"] == "soviet")
    start = _start(opening[0], s42)
    uid = next(u for u in sorted(start) if s42.units[u].extra.get("formation") == "7R")
    board = _replay(opening[:2]).ctx.board
    to = next(h for h in sorted(s42.map.hexes) if board.adjacent(start[uid], h))
    move = {"type": "move", "side": "soviet", "unit": uid, "path": [to], "mode": "tactical"}
    lines = opening[:i] + [move] + opening[i:]
    assert "31.0" in _rules_on(lines, i)


def test_a_release_of_two_armies_in_a_turn(opening, s42) -> None:
    """31.0: one Reserve Army released a turn (from turn 2)."""
    i = _at(opening, lambda x: x.get("type") == "turn" and x["turn"] == 2)
    i = next(k for k in range(i, len(opening)) if opening[k]["type"] == "phase" and opening[k]["phase"] == "initial"
             and opening[k]["side"] == "soviet") + 1
    armies = {}
    for u, unit in s42.units.items():
        armies.setdefault(unit.extra.get("formation"), []).append(u)
    lines = opening[:i] + [{"type": "release", "side": "soviet", "units": armies["5R"]},
                         {"type": "release", "side": "soviet", "units": armies["7R"]}] + opening[i:]
    assert _rules_on(lines, i) == [] and _rules_on(lines, i + 1) == ["31.0"]


def test_a_wrong_victory_claim(opening) -> None:
    """24.1.1: a claim above the count (by more than any part of it) in the Victory Determination Phase of turn 1 is
    reported; the count itself is not."""
    i = _at(opening, lambda x: x.get("type") == "turn" and x["turn"] == 2) - 1
    lines = opening[:i] + [{"type": "phase", "side": "axis", "phase": "victory"}] + opening[i:]
    i += 1
    log, game = parse_log("played.jsonl", "".join(json.dumps(x) + "\n" for x in lines[:i]).encode())
    r = replay(log, game, keep_states=False)
    have = victory.vp(r.ctx, r.final)
    t = victory.tally(r.ctx, r.final)
    # no left-out part explains it (24.1.4 ...)
    off = 1 + sum(abs(x) for x in (t.baku, t.penalties, t.elbrus, t.extras))
    lines = lines[:i] + [{"type": "victory", "side": "axis", "vp": have + off}] + lines[i:]
    assert _rules_on(lines, i) == ["24.1.1"]
    lines[i] = {"type": "victory", "side": "axis", "vp": have}
    assert _rules_on(lines, i) == []


def _start(head: dict, s42) -> dict[str, str]:
    """Where the scenario sets the units up (the player's header keeps the scenario)."""
    scen = s42.scenarios[head["scenario"]]
    return {p.unit: p.location for p in scen.setup if p.location}
