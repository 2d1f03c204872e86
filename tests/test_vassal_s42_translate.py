"""Stalingrad '42's VASSAL logs without Java: logs made of the module's own S1 set-up save plus logged steps written
the way VASSAL writes them (tests/test_vassal_translate.py's ``Log``), translated with the game's table
(``validator/rules/stalingrad42/vassal.json``): drags, a rail move (its drags and the Train marker), Full Retreat and
Fortification markers, the Weather marker and its die, an Entry Area reinforcement, a unit sent to a box. The same
in the real engine: tests/test_vassal_s42_e2e.py. Every game's table is checked against its log schema.
"""

from __future__ import annotations

import os
import zipfile
from dataclasses import replace
from typing import Any

import pytest

import games
from modgen import module as modgen_module, names as mnames, scenario as modgen_scenario
from test_modgen import fake_art
from validator.log_schema import schema_file
from validator.replay import replay as validate
from validator.schema_check import load_schema
from validator.vassal.commands import SetTurn, decode_command, steps
from validator.vassal.game_table import EMPTY, parse_table, read_table, table_of, table_path
from validator.vassal.module import read_module
from validator.vassal.module_names import NAMES
from validator.vassal.replay import replay
from validator.vassal.savefile import read_save
from validator.vassal.vlog_input import hand_over

from tests.test_vassal_translate import Base, Log

SCENARIO = "s1_fall_blau"


@pytest.fixture(scope="module")
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def s42_base(s42, tmp_path_factory) -> Base:
    """The module on stand-in art, and its S1 Fall Blau set-up save, as the NR ``base`` of the translator tests."""
    out = str(tmp_path_factory.mktemp("s42_translate") / "stalingrad42")
    fake_art(s42, out)
    vmod = modgen_module.build(s42, out)[0]
    with zipfile.ZipFile(vmod) as z:
        text = read_save_bytes(z.read(modgen_scenario.setup_file(s42.scenarios[SCENARIO])), out)
    mod = read_module(vmod)
    root = decode_command(text)
    _, rp = next(replay(root, mod, s42))
    pieces, ids, places = {}, {}, {}
    for pid, view in rp.state().pieces.items():
        pieces[pid] = view.piece
        m = view.piece.markers()
        key = m.get(mnames.UNIT_ID) or m.get(mnames.MARKER_ID)
        if key:
            ids[key] = pid
        places[pid] = (view.place.map, view.place.x, view.place.y)
    tracker = next(c.state for c in steps(root)[0] if isinstance(c, SetTurn))
    return Base(vmod, "", text, mod, modgen_module.context(s42, out), pieces, ids, places, tracker)


def read_save_bytes(data: bytes, out: str) -> str:
    path = os.path.join(out, "setup.vsav")
    with open(path, "wb") as f:
        f.write(data)
    return read_save(path).text


class S42Log(Log):
    """``Log`` on the S42 save: markers are copies of the set-up's Weather marker with another kind and face."""

    def marker_model(self) -> str:
        return self.base.ids[next(k for k in self.base.ids if k.startswith("weather"))]

    def weather_to(self, space: str) -> Log:
        key = next(k for k in self.base.ids if k.startswith("weather"))
        return self.move(key, f"weather_track:{space}")


@pytest.fixture
def log(s42_base, s42) -> S42Log:
    return S42Log(s42_base, s42)


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


def test_every_games_table_fits_its_log_schema() -> None:
    """Each rules package's vassal.json: its action kinds and fields are in its log schema, its phases, marker icons
    and boxes are the game's."""
    tested = 0
    for entry in sorted(os.listdir(games.GAMES_DIR)):
        if not os.path.isfile(os.path.join(games.GAMES_DIR, entry, "game.toml")):
            continue
        game = games.load(entry)
        path = table_path(game.rules_package)
        if path is None:
            continue
        tested += 1
        table = read_table(path)
        defs = load_schema(schema_file(game.rules_package))["$defs"]
        kinds = defs["action"]["properties"]["type"]["enum"]
        for kind, (fields, evidence) in table.actions.items():
            assert kind in kinds and evidence, kind
            assert set(fields) <= set(defs[kind]["properties"]), kind
        phases = {p.id for p in game.phases}
        assert set(table.phase_roles.values()) <= phases
        assert all(a.phase in phases for a in [*table.arrive.values(), *table.leave.values()] if a.phase)
        icons = {f.icon for m in game.all_markers for f in (m.front, m.back)}
        assert set(table.marker_roles) <= icons, set(table.marker_roles) - icons
        assert set(table.arrive) | set(table.leave) <= set(table.marker_roles.values())
        assert set(table.tracks) <= set(game.map.boxes)
        assert {kind for kind, _ in table.tracks.values()} <= {m.kind for m in game.all_markers}
        assert all(a.action in kinds for a in [*table.arrive.values(), *table.leave.values()])
    assert tested == 2


def test_a_game_without_a_table_gets_the_empty_one_and_a_bad_table_is_refused(s42, tmp_path) -> None:
    assert table_of(replace(s42, rules_package="")) == EMPTY
    bad = tmp_path / "vassal.json"
    bad.write_text('{"marker_roles": {"train": "train"}, "colour": 1}')
    with pytest.raises(games.errors.DataError, match="unknown keys"):
        read_table(str(bad))
    with pytest.raises(KeyError):
        parse_table({"actions": {"rail": {"evidence": "no fields"}}})


def test_drags_a_rail_move_and_an_entry_area_reinforcement(log) -> None:
    log.tracker(1, "soviet", "movement").move("sov_333rd", "2021").move("sov_333rd", "1920")
    log.move("sov_15tb", "2725").move("sov_15tb", "2625")
    log.marker("train", "1", "2625", "* 15 TB [sov_15tb] in 2625 marked Train")
    log.move("sov_14tb", "1702")
    log.tracker(2, "axis", "initial").move("ger_71id", "X")
    log.move("ger_88id", "eliminated_axis")
    actions = log.actions()
    assert [a for a in actions if a["type"] != "phase"] == [
        A("move", "soviet", unit="sov_333rd", path=["2021"]),
        A("move", "soviet", unit="sov_333rd", path=["1920"]),
        A("rail", "soviet", unit="sov_15tb", path=["2725", "2625"]),  # both drags and the marker: one Rail Move
        A("move", "soviet", unit="sov_14tb", path=["1702"]),
        A("turn", "axis", turn=2),
        A("place", "axis", unit="ger_71id", to="X", face="front"),  # from the Turn Record Track
        A("remove", "axis", unit="ger_88id", to="eliminated_axis"),
    ]
    phases = [(a["side"], a["phase"]) for a in actions if a["type"] == "phase"]
    assert phases == [("soviet", "movement"), ("axis", "initial")]  # the tracker set twice


def test_a_train_marker_on_a_unit_that_did_not_move_is_a_note_and_the_train_leaves_in_the_initial_phase(log) -> None:
    log.tracker(1, "soviet", "movement").marker("train", "1", "2825", "* 15 TB [sov_15tb] in 2825 marked Train")
    log.tracker(2, "soviet", "initial").remove("train@2825")
    actions = log.actions()
    notes = [a for a in actions if a["type"] == "note"]
    assert len(notes) == 1 and "sov_15tb, which has not moved in this phase" in notes[0]["text"]
    assert actions[-1] == A("detrain", "soviet", unit="sov_15tb")


def test_full_retreat_markers_in_one_line_and_a_fortification_begun(log) -> None:
    log.tracker(1, "soviet", "initial").marker("fort_soviet", "2", "2121", "* 333 RD [sov_333rd] in 2121 marked X")
    log.tracker(1, "soviet", "movement")
    log.marker("full_retreat", "1", "2121", "* 333 RD [sov_333rd] in 2121 marked Full Retreat")
    log.marker("full_retreat", "1", "2825", "* 15 TB [sov_15tb] in 2825 marked Full Retreat")
    log.marker("disrupted", "1", "1603")  # the validator's own bookkeeping: no action
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert got == [A("fortify", "soviet", hex="2121"), A("full_retreat", "soviet", units=["sov_333rd", "sov_15tb"])]


def test_the_weather_marker_and_its_die(log) -> None:
    log.tracker(2, None, "weather").die(4).weather_to("overcast")
    log.tracker(2, "axis", "initial").tracker(3, None, "weather").die(2)  # the marker stays: the weather stays
    log.tracker(3, "axis", "initial")
    got = [a for a in log.actions() if a["type"] == "weather"]
    assert got == [A("weather", "axis", weather="overcast", die=4), A("weather", "axis", weather="overcast", die=2)]
    assert not [a for a in log.actions() if a["type"] == "note"]


def test_a_translated_log_reaches_the_validator_and_a_wrong_weather_is_flagged(log, s42, tmp_path) -> None:
    log.tracker(1, None, "weather").weather_to("rain")  # turns 1-16 are Clear (23.1)
    log.tracker(1, "soviet", "movement").move("sov_333rd", "2021")
    t = log.translated()
    assert t.header["game"] == "stalingrad42" and t.header["scenario"] == SCENARIO and t.notes == 0
    glog, game = hand_over("s42.vlog", t, s42)
    rules = [v.rule for v in validate(glog, game, keep_states=False).violations]
    assert rules and all(r.startswith("23.") for r in rules), rules
