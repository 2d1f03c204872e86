"""Shared pytest fixtures. Each engineer registers fixtures here with a one-line import from their own module."""

from __future__ import annotations

import os

import pytest

import games

SHARED_SAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "vassal-samples")


@pytest.fixture(scope="session")
def nr_game() -> games.Game:
    """The No Retreat! game, loaded once per test session."""
    return games.load("no_retreat")


@pytest.fixture(scope="session")
def samples_dir() -> str:
    """The real VASSAL files in ../shared/vassal-samples (skips when absent)."""
    path = os.path.normpath(SHARED_SAMPLES)
    if not os.path.isdir(path):
        pytest.skip(f"real VASSAL samples not found at {path}")
    return path

from vassal_engine import vassal_engine  # noqa: E402,F401  (the real VASSAL engine, session fixture)
from test_pnp_support import pnp_set, poppler  # noqa: E402,F401  (print-and-play: poppler and the default set)
from nr_played import played, played_result  # noqa: E402,F401  (a random player's whole game, its states, its replay)
from hostile import hostile_base  # noqa: E402,F401  (issue 20: our module and save, for the hostile-input fuzzers)
from s42_build import s42_build  # noqa: E402,F401  (issue 13: `hexforge build stalingrad42`, once per session)
from nr_build import nr_build  # noqa: E402,F401  (No Retreat!'s real art and module, once per session)
