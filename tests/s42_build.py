"""``hexforge build stalingrad42`` run once per test session (shared by the pytest-xdist workers): the module, every
image and the print-and-play PDFs of the second game, for the tests that look at them. Registered in conftest.py."""

from __future__ import annotations

import os

import pytest

from hexforge import cli
from test_pnp_support import made_once

GAME = "stalingrad42"


def _build(out: str) -> None:
    assert cli.main(["build", GAME, "-o", out]) == 0


@pytest.fixture(scope="session")
def s42_build(tmp_path_factory) -> str:
    """The folder ``build/stalingrad42`` of one ``hexforge build stalingrad42`` (built once per session)."""
    return os.path.join(made_once(tmp_path_factory, "s42_build", _build), GAME)
