"""No Retreat!'s real art and its module (``art.build.build``, then the module step of ``hexforge build``), made once
per test session and shared by the pytest-xdist workers, for the engine tests that load the shipped module or build
a module of their own from the real art. Registered in conftest.py."""

from __future__ import annotations

import os
import shutil

import pytest

import games
from art.build import build as build_art
from hexforge import module_step
from test_pnp_support import made_once

GAME = "no_retreat"


def _build(out: str) -> None:
    game, folder = games.load(GAME), os.path.join(out, GAME)
    build_art(game, folder)
    module_step.build(game, folder)


@pytest.fixture(scope="session")
def nr_build(tmp_path_factory) -> str:
    """The folder of No Retreat!'s images, contact sheet and module ``NoRetreat.vmod`` (read only: a test that
    writes beside a module makes its own folder with :func:`copy_art`)."""
    return os.path.join(made_once(tmp_path_factory, "nr_build", _build), GAME)


def copy_art(nr_build: str, out: str) -> str:
    """A folder ``out`` holding a copy of the session's No Retreat! art (not its module), for a module of one's own."""
    shutil.copytree(os.path.join(nr_build, "images"), os.path.join(out, "images"))
    shutil.copyfile(os.path.join(nr_build, "contact_sheet.png"), os.path.join(out, "contact_sheet.png"))
    return out
