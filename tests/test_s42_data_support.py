"""Stalingrad '42 content: the loaded game, and the odds arithmetic of 8.3-8.4 the CRT examples are checked with."""

from __future__ import annotations

from fractions import Fraction

import pytest

import games
from games import Game
from games.model import LookupTable
from games_once import LOADED

GAME_ID = "stalingrad42"


@pytest.fixture(scope="session")
def s42() -> Game:
    """Stalingrad '42, loaded (and checked) once per test process by the same loader `hexforge info` uses. Each test
    module that imports this fixture gets its own session fixture, so the game is kept in the log readers' shared
    cache (:data:`games_once.LOADED`), not loaded again for each module."""
    return LOADED.get(GAME_ID) or LOADED.setdefault(GAME_ID, games.load(GAME_ID))


def odds_column(crt: LookupTable, attack: int, defense: int, shifts: int = 0) -> str:
    """The column an attack of ``attack`` against ``defense`` is resolved on (8.3-8.4): round the odds down to a
    column, apply the net shifts as if columns beyond the last existed, then clamp to the printed columns; "none"
    below the first column, the automatic result's odds ("10-1") at or above them."""
    ratio = Fraction(attack, defense)
    values = list(crt.column_values)
    if ratio < values[0]:
        return "none"
    virtual = values + [values[-1] + n for n in range(1, 10)]  # 8-1, 9-1, 10-1 ... (8.4.2)
    index = max(i for i, v in enumerate(virtual) if v <= ratio) + shifts
    automatic = Fraction(*map(int, crt.limits.automatic.split("-")))
    if index >= 0 and virtual[min(index, len(virtual) - 1)] >= automatic:
        return crt.limits.automatic
    return crt.columns[min(max(index, 0), len(crt.columns) - 1)]
