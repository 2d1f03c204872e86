"""``hexforge build stalingrad42`` run once per test session (shared by the pytest-xdist workers): the module, every
image and the print-and-play PDFs of the second game, for the tests that look at them. Registered in conftest.py."""

from __future__ import annotations

import fcntl
import os

import pytest

from hexforge import cli
from test_pnp_support import shared_dir

GAME = "stalingrad42"


@pytest.fixture(scope="session")
def s42_build(tmp_path_factory) -> str:
    """The folder ``build/stalingrad42`` of one ``hexforge build stalingrad42`` (built once per session)."""
    out = shared_dir(tmp_path_factory, "s42_build")
    with open(out + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(os.path.join(out, "done")):
            assert cli.main(["build", GAME, "-o", out]) == 0
            with open(os.path.join(out, "done"), "w") as f:
                f.write("ok")
    return os.path.join(out, GAME)
