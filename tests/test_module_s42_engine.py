"""Stalingrad '42's module in the real VASSAL engine (issue 13): ``hexforge build stalingrad42`` writes the module,
every image and the PDFs; the module loads clean, every hex of the four sections locates to its own id (and every
Entry Area, box and track space to its name), every scenario S1-S4 opens with every unit and marker where the data
says, and the chores of issue 16 work for it (markers cleared by their phase, attack marks, the VP marker and
property, the boxes' inventory), checked on the game VASSAL saves."""

from __future__ import annotations

import os
import re
import zipfile

import pytest

import games
from art.build import jobs
from games.grid import HexIds
from hexforge import module_step
from modgen import module, names, scenario, toolbar
from modgen.context import Context

pytestmark = pytest.mark.engine

PNP = {"counters.pdf", "calibration.pdf", "map_tiles.pdf", "map_poster.pdf", "aids.pdf"}


@pytest.fixture(scope="module")
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def vmod(s42, s42_build) -> str:
    return module.vmod_path(s42, s42_build)


@pytest.fixture(scope="module")
def ctx(s42, vmod) -> Context:
    return module.context(s42, os.path.dirname(vmod), module_step.battles(s42))  # the module has battles (issue 22)


@pytest.fixture(scope="module")
def checked(vassal_engine, vmod):
    return vassal_engine.check(vmod)


def test_the_build_writes_the_module_every_image_and_the_pdfs(s42, s42_build, vmod):
    assert zipfile.is_zipfile(vmod)
    images = [path for _, path, _ in jobs(s42)]
    assert images and all(os.path.isfile(os.path.join(s42_build, p)) for p in images)
    assert set(os.listdir(os.path.join(s42_build, "pnp"))) == PNP  # no cards.pdf: the game has no cards
    with zipfile.ZipFile(vmod) as z:
        entries = set(z.namelist())
    assert {f"images/{p.removeprefix('images/')}" for p in images if p.startswith("images/")} <= entries
    assert {scenario.setup_file(s) for s in s42.scenarios.values()} <= entries


def test_the_module_loads_clean_and_every_definition_round_trips(s42, checked):
    assert checked.clean, checked.summary()
    assert all(s.roundtrip for s in checked.slots) and all(p.roundtrip for p in checked.prototypes)
    assert len([s for s in checked.slots if s.kind == "piece"]) == len(s42.units) + len(s42.all_markers)
    assert not checked.decks and checked.game_started
    assert checked.sides == ("Axis", "Soviet", "Solitaire")
    assert {s.file for s in checked.setups if s.use_file} == {scenario.setup_file(s) for s in s42.scenarios.values()}
    assert checked.turn_trackers[0].turn == "Turn 1 (Jun 28-Jul 1, 1942) Clear: Weather Phase"


def test_every_hex_entry_area_box_and_track_space_locates_to_its_own_name(vassal_engine, s42, vmod, ctx):
    ids = HexIds(s42.map.grid)
    hexes = sorted(s42.map.hexes)
    others = sorted(s42.map.areas) + sorted(k for k in ctx.box_rects
                                            if k not in s42.map.boxes or s42.map.boxes[k].kind != "track")
    points = [ctx.layout.centre(ids.hex_of(h)) for h in hexes] + [ctx.point(loc) for loc in others]
    got = vassal_engine.locate(vmod, names.MAIN_MAP, points)
    assert len(hexes) > 3700 and {s42.map.hexes[h].section for h in hexes} == {"A", "B", "C1", "C2"}
    assert got[:len(hexes)] == hexes
    assert got[len(hexes):] == [ctx.location_name(loc) for loc in others]


def _chore(ctx: Context, phase: str) -> str:
    name = next(p.name for p in ctx.game.phases if p.id == phase)
    return next(c.text for c in toolbar.clear_chores(ctx) if f"({name})" in c.report)


@pytest.fixture(scope="module")
def session(vassal_engine, s42, vmod, ctx, tmp_path_factory):
    """One VASSAL run (one load of the big module): each scenario opened, one after the other, and every piece
    dumped; then a few actions of a turn on a new Campaign set-up, with the chores, then saved. The result, the
    number of its steps that open the scenarios, and the units the turn acts on."""
    out = tmp_path_factory.mktemp("s42_session")
    opening = []
    for sc in s42.scenarios.values():
        opening += [{"do": "new_game", "setup": sc.name}, {"do": "dump"}]
    sc = s42.scenarios["s4_campaign"]
    unit = next(p for p in sc.setup if p.location in s42.map.hexes and s42.units[p.unit].side == "axis")
    target = next(p for p in sc.setup if p.location in s42.map.hexes and s42.units[p.unit].side == "soviet")
    uid = {names.UNIT_ID: unit.unit}
    turn = [
        {"do": "new_game", "setup": sc.name},
        {"do": "side", "side": "Axis"},
        {"do": "key", "piece": uid, "menu": "Mark Automatic DS"},
        {"do": "key", "piece": {names.UNIT_ID: target.unit}, "menu": "Mark Disrupted"},
        {"do": "key", "piece": {names.UNIT_ID: target.unit}, "menu": "Mark Replacement"},
        {"do": "key", "piece": uid, "key": "alt 1"},
        {"do": "button", "name": "2d6 (Planned Offensive)"},
        {"do": "button", "name": _chore(ctx, "combat")},
        {"do": "button", "name": _chore(ctx, "recovery")},
        {"do": "key", "piece": uid, "menu": "Send to Axis Remnant Display"},
        {"do": "button", "name": "VP +1"},
        {"do": "button", "name": "VP +1"},
        {"do": "button", "name": toolbar.BOXES},
        {"do": "save", "file": "game.vsav"},
    ]
    return vassal_engine.run_script(vmod, opening + turn, out), len(opening), unit, target


@pytest.fixture(scope="module")
def opened(s42, session):
    """Each scenario opened in VASSAL, one after the other, and every piece dumped."""
    r, n, _, _ = session
    assert not r.problems, r.problems
    dumps = [s.pieces for s in r.steps[:n] if s.do == "dump"]
    assert len(dumps) == len(s42.scenarios)
    return dict(zip(s42.scenarios, dumps))


@pytest.mark.parametrize("sid", ["s1_fall_blau", "s2_caucasus", "s3_uranus", "s4_campaign"])
def test_every_scenario_opens_with_every_unit_and_marker_where_the_data_says(s42, ctx, opened, sid):
    sc = s42.scenarios[sid]
    pieces = opened[sid]
    units = {p.properties[names.UNIT_ID]: p for p in pieces if p.properties.get(names.KIND) == names.KIND_UNIT}
    expected = scenario.unit_locations(ctx, sc)
    assert len(expected) == len(sc.setup) + len([p for p in sc.reinforcements if p.turn is not None])
    assert {u: p.location for u, p in units.items()} == {u: ctx.location_name(loc) for u, loc, _ in expected}
    for u, _, face in expected:
        assert units[u].properties[f"{names.FACE_LAYER}_Level"] == ("1" if face == "front" else "2"), u
    markers = {p.properties[names.MARKER_ID]: p.location for p in pieces
               if p.properties.get(names.KIND) == names.KIND_MARKER}
    assert markers == {m: ctx.location_name(loc) for m, loc, _ in scenario.marker_locations(ctx, sc)}


def test_the_chores_work_on_the_games_own_markers_boxes_and_track(session, s42):
    r, n, unit, target = session
    assert not r.problems, r.problems
    assert r.steps[n].do == "new_game" and r.steps[-1].do == "save"
    chat = [line for s in r.steps[n:] for line in s.chat]
    assert any(re.fullmatch(r"\*\*\* 2d6 \(Planned Offensive\) = [1-6],[1-6] \*\*\* <Tester>", c) for c in chat), chat
    assert any("marked Automatic DS" in c for c in chat) and any("marked Disrupted" in c for c in chat)
    kinds = {p.properties.get(names.MARKER_KIND) for p in r.pieces if p.map == names.MAIN_MAP
             and p.location in s42.map.hexes}
    assert "auto_ds" not in kinds and "replacement" not in kinds  # cleared by their phases' buttons
    assert "disrupted" in kinds  # Disrupted units recover one level or roll (13.4): no button clears them
    moved = r.piece(**{names.UNIT_ID: unit.unit})
    assert moved.location == "Axis Remnant Display" and moved.properties[names.ATTACK] == ""  # attack mark cleared
    vp = r.piece(**{names.MARKER_KIND: "vp"})
    assert vp.location == names.track_space_name("Victory Point Track", "2")
    assert any(p.properties.get(names.KIND) == names.KIND_UNIT for p in r.pieces)
