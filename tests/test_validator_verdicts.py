"""Regression guard for the speed of the rules replay: the verdicts on a set of generated games and seeded mutations
of them are exactly those recorded in ``tests/logs/verdicts_golden.json``.

A verdict is everything a replay reports: every violation (line, turn, side, phase, rule, message, units, path,
arrows, labels), the outcome (score, winner) and the final units and control; a log the validator refuses gives its
one-line error instead. Each is kept as a short hash beside its violation count and rules, so a difference shows
which game and mutation changed and how. The hash of each generated game is recorded too: the random player calls
the same rule functions (reachable moves, supply, stacking) and a change in what they return shows there first.

The file was recorded from the replay before it was made fast; a change of the rules themselves is recorded again
with ``HEXFORGE_RECORD_VERDICTS=1 .venv/bin/python -m pytest tests/test_validator_verdicts.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from nr_played import Lines, encode
from players.no_retreat import play
from games_once import parse_log
from validator.logfile import LogError
from validator.replay import replay

GOLDEN = Path(__file__).parent / "logs" / "verdicts_golden.json"
RECORD = os.environ.get("HEXFORGE_RECORD_VERDICTS") == "1"
# (seed, turns, move share, mutations): two whole campaigns and three short games with a higher share of moves
GAMES = ((1, None, 0.6, 40), (2, None, 0.6, 40), (5, 5, 0.9, 20), (7, 6, 0.8, 20), (13, 4, 1.0, 20))
WINDOW = 160  # a mutant is replayed up to this many actions after its mutation (the cascade it starts)


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=list).encode()).hexdigest()[:16]


def verdict(lines: Lines) -> str:
    """'<count> <rules> <hash>' of everything the replay of ``lines`` reports."""
    try:
        log, game = parse_log("golden.jsonl", encode(lines))
        result = replay(log, game, keep_states=False)
    except LogError as exc:
        return f"error {digest(str(exc))}"
    found = [(v.line, v.turn, v.side, v.phase, v.rule, v.message, v.units, v.path, v.arrows, v.labels)
             for v in result.violations]
    final = result.final
    units = sorted((uid, us.loc, us.face, us.unsupplied, us.disorganized) for uid, us in final.units.items())
    rules = ",".join(sorted({v.rule for v in result.violations})) or "-"
    return f"{len(found)} {rules} {digest([found, result.outcome, units, sorted(final.control.items())])}"


# -- seeded mutations of a generated log ---------------------------------------------------------------------------

def _locations(game) -> list[str]:
    return sorted(game.map.hexes) + sorted(game.map.areas)


def _near(game, rng: random.Random, loc: str, hops: int) -> str:
    """A location ``hops`` random steps from ``loc`` on the map (or a random hex when ``loc`` is not on it)."""
    hexes = game.map.hexes
    if loc not in hexes:
        return rng.choice(_locations(game))
    from games.hexgrid import neighbours
    by_hex = {h.hex: hid for hid, h in hexes.items()}
    for _ in range(hops):
        around = sorted(by_hex[n] for n in neighbours(hexes[loc].hex) if n in by_hex)
        loc = rng.choice(around) if around else loc
    return loc


def _retarget(game, rng: random.Random, a: dict) -> dict | None:
    """A move, detrain, place, retreat or advance sent elsewhere: a longer or shorter path, or another destination."""
    a = dict(a)
    if "path" in a and a["path"]:
        path = list(a["path"])
        choice = rng.randrange(3)
        if choice == 0:
            path.append(_near(game, rng, path[-1], 1))
        elif choice == 1 and len(path) > 1:
            path[rng.randrange(len(path))] = _near(game, rng, path[-1], 1)
        else:
            path = path + [_near(game, rng, path[-1], 1) for _ in range(2)]
        a["path"] = path
        return a
    if "to" in a:
        a["to"] = _near(game, rng, a["to"], rng.choice((1, 2, 3, 6)))
        return a
    return None


def _other_unit(game, rng: random.Random, a: dict) -> dict | None:
    if "unit" not in a:
        return None
    side = game.units[a["unit"]].side
    same = sorted(u for u, unit in game.units.items() if unit.side == side)
    return {**a, "unit": rng.choice(same if rng.random() < 0.8 else sorted(game.units))}


def _other_side(game, rng: random.Random, a: dict) -> dict | None:
    return {**a, "side": next(s for s in sorted(game.sides) if s != a["side"])}


def _marks(game, rng: random.Random, a: dict) -> dict | None:
    if a["type"] != "supply":
        return None
    marked = list(a["unsupplied"])
    if marked and rng.random() < 0.5:
        marked.pop(rng.randrange(len(marked)))
    else:
        marked.append(rng.choice(sorted(u for u, unit in game.units.items() if unit.side == a["side"])))
    return {**a, "unsupplied": marked}


def _die(game, rng: random.Random, a: dict) -> dict | None:
    if a["type"] != "battle":
        return None
    return {**a, "die": rng.randint(1, 6)} if rng.random() < 0.6 else {**a, "result": rng.choice(
        ("AL", "DR", "DS", "EX", "DD", "AS"))}


CHECKED = frozenset({"move", "detrain", "place", "retreat", "advance", "supply", "battle", "loss", "entrain",
                     "flip", "counterblow", "declare"})  # actions with rules of their own, mutated most often
CHANGES: tuple[Callable[[Any, random.Random, dict], dict | None], ...] = (
    _retarget, _retarget, _retarget, _other_unit, _other_side, _marks, _die)


def mutant(game, lines: Lines, rng: random.Random) -> tuple[str, Lines, int]:
    """(what was done, the mutated log, index of the line changed)."""
    checked = [i for i, a in enumerate(lines) if a.get("type") in CHECKED]
    while True:
        i = rng.choice(checked) if rng.random() < 0.8 else rng.randrange(1, len(lines))
        kind = rng.randrange(10)
        if kind == 0:
            return f"drop {i}", lines[:i] + lines[i + 1:], i
        if kind == 1:
            return f"repeat {i}", lines[:i + 1] + lines[i:], i
        if kind == 2 and i + 1 < len(lines):
            return f"swap {i}", lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:], i
        change = CHANGES[rng.randrange(len(CHANGES))]
        new = change(game, rng, lines[i])
        if new is not None and new != lines[i]:
            return f"{change.__name__.strip('_')} {i}", lines[:i] + [new] + lines[i + 1:], i


def verdicts(game, seed: int, turns: int | None, share: float, count: int) -> tuple[str, dict[str, str]]:
    """(hash of the generated game, name -> verdict of the game and of each of its mutants)."""
    lines = play(game, seed=seed, turns=turns, move_share=share)
    out = {"clean": verdict(lines)}
    rng = random.Random(seed * 7919)
    for n in range(count):
        what, mutated, i = mutant(game, lines, rng)
        out[f"{n:02d} {what}"] = verdict(mutated[:i + WINDOW])
    return digest(lines), out


@pytest.mark.parametrize("seed,turns,share,count", GAMES, ids=[f"seed{g[0]}" for g in GAMES])
def test_verdicts_as_recorded(nr_game, seed: int, turns: int | None, share: float, count: int) -> None:
    name = f"seed {seed}" + (f", {turns} turns" if turns else "") + f", move share {share}"
    game_hash, found = verdicts(nr_game, seed, turns, share, count)
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.is_file() else {}
    if RECORD:
        golden[name] = {"game": game_hash, "verdicts": found}
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
        return
    expected = golden[name]
    assert game_hash == expected["game"], "the random player wrote another game: a rule function it calls changed"
    assert found == expected["verdicts"]
    assert found["clean"].startswith("0 - ")  # the generated game itself validates clean
    assert sum(not v.startswith("0 ") for v in found.values()) >= count // 3  # the mutants do break rules
