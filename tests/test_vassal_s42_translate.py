"""Stalingrad '42's VASSAL logs without Java: logs made of the module's own S1 set-up save plus logged steps written
the way VASSAL writes them (tests/test_vassal_translate.py's ``Log``), translated with the game's table
(``validator/rules/stalingrad42/vassal.json``): drags, a rail move (its drags and the Train marker), Full Retreat and
Fortification markers, the Weather marker and its die, an Entry Area reinforcement, a unit sent to a box. The same
in the real engine: tests/test_vassal_s42_e2e.py. Every game's table is checked against its log schema.
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import replace
from typing import Any

import pytest

import games
from modgen import module as modgen_module, scenario as modgen_scenario
from test_modgen import fake_art
from validator.log_schema import schema_file
from validator.replay import replay as validate
from validator.schema_check import load_schema
from validator.vassal.action_table import allowed_fields
from validator.vassal.game_table import EMPTY, parse_table, read_table, table_of, table_path
from validator.vassal.module_names import NAMES
from validator.vassal.savefile import read_save
from validator.vassal.turn_sequence import phase_sequence
from validator.vassal.vlog_input import hand_over

from tests.test_vassal_translate import Base, Log, base_of

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
    return base_of(s42, vmod, "", text, out)


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


def test_the_rolls_read_as_a_determined_defense_follow_exactly_the_results_that_allow_one() -> None:
    """vassal.json's ``after_battle`` results (a die after one of them is a Determined Defense) are the combat data's
    results marked ``determined`` (11.1.1): a result added to the CRT data is read the same way."""
    from validator.rules.stalingrad42.combat_data import load

    game = games.load("stalingrad42")
    allowed = {rid for rid, res in load(game).results.items() if res.determined}
    after = table_of(game).after_battle
    assert after is not None and allowed
    assert set(after[0]) == allowed


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
        assert set(table.phase_roles.values()) <= phases and table.join_moves <= phases
        assert all(a.phase in phases for a in [*table.arrive.values(), *table.leave.values()] if a.phase)
        icons = {f.icon for m in game.all_markers for f in (m.front, m.back)}
        assert set(table.marker_roles) <= icons, set(table.marker_roles) - icons
        assert set(table.arrive) | set(table.leave) <= set(table.marker_roles.values())
        assert set(table.tracks) <= set(game.map.boxes)
        box_kinds = {b.id.rsplit("_", 1)[0] if b.side else b.id for b in game.map.boxes.values()}  # as the translator
        assert set(table.box_arrive) | set(table.box_leave) <= box_kinds
        assert {kind for kind, _ in table.tracks.values()} <= {m.kind for m in game.all_markers}
        allowed = allowed_fields(table.actions)
        for spec in [*table.arrive.values(), *table.leave.values(), *(a for _, a in table.tracks.values()),
                     *table.box_arrive.values(), *table.box_leave.values()]:
            for kind, (to, fields) in spec.amend.items():  # a line rewritten: both kinds the translator's
                assert kind in allowed and (to or kind) in kinds and set(fields) <= allowed[to or kind], spec
            if spec.amend:
                continue
            assert spec.action in kinds and spec.action in allowed, spec
            assert set(spec.fields) <= allowed[spec.action], spec
            assert not spec.recast or {"unit", "path", "to"} <= allowed[spec.action], spec
        more = [*table.loss_rolls.values(), *([table.after_battle[1]] if table.after_battle else []),
                *([table.repeat_attack[0]] if table.repeat_attack else [])]
        for spec in more:  # the actions of rolls and repeated attacks
            assert spec.action in kinds and set(spec.fields) <= allowed[spec.action], spec
        assert set(table.loss_rolls) <= phases
        assert not table.after_battle or table.after_battle[0] <= set(game.crts[next(iter(game.crts))].legend)
        committed = [*table.battle_boxes.values(), table.battle_used]
        assert {f if isinstance(f, str) else f[0] for c in committed for f in c.values()} <= allowed["battle"]
        assert set(table.battle_boxes) <= box_kinds
        assert table.merge <= set(allowed)
        assert set(table.header) <= set(defs["header"]["properties"]) - {"format", "version", "game", "scenario"}
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


def test_undoing_the_train_marker_gives_the_moves_back(log) -> None:
    log.tracker(1, "soviet", "movement").move("sov_15tb", "2725").move("sov_15tb", "2625")
    log.marker("train", "1", "2625", "* 15 TB [sov_15tb] in 2625 marked Train")
    log.step("UNDO\ttrue", f"-/{log.base.ids['train@2625']}", "UNDO\tfalse")
    assert [a for a in log.actions() if a["type"] != "phase"] == [
        A("move", "soviet", unit="sov_15tb", path=["2725"]), A("move", "soviet", unit="sov_15tb", path=["2625"])]
    log.step("UNDO\ttrue", log._move(log.base.ids["sov_15tb"], NAMES.main_map, *log.point("2725")), "UNDO\tfalse")
    assert [a for a in log.actions() if a["type"] != "phase"] == [A("move", "soviet", unit="sov_15tb", path=["2725"])]


def test_full_retreat_markers_in_one_line_and_a_fortification_begun(log) -> None:
    log.tracker(1, "soviet", "initial").marker("fort_soviet", "2", "2121", "* 333 RD [sov_333rd] in 2121 marked X")
    log.tracker(1, "soviet", "movement")
    log.marker("full_retreat", "1", "2121", "* 333 RD [sov_333rd] in 2121 marked Full Retreat")
    log.marker("full_retreat", "1", "2825", "* 15 TB [sov_15tb] in 2825 marked Full Retreat")
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert got == [A("fortify", "soviet", hex="2121"), A("full_retreat", "soviet", units=["sov_333rd", "sov_15tb"])]
    log.marker("disrupted", "1", "1603")  # the validator's own bookkeeping: no action
    assert [a for a in log.actions() if a["type"] != "phase"] == got
    log.step("UNDO\ttrue", f"-/{log.base.ids['full_retreat@2825']}", "UNDO\tfalse")  # the second marker undone
    after = [a for a in log.actions() if a["type"] == "full_retreat"]
    assert after == [A("full_retreat", "soviet", units=["sov_333rd"])]  # the line the step had joined, as before


def test_supply_markers_in_the_supply_phase_are_one_supply_line(log, s42) -> None:
    log.tracker(1, "axis", "movement").marker("out_of_supply", "1", "1402")  # not in the Supply Phase: no action
    log.tracker(1, "axis", "supply").marker("out_of_supply", "1", "1402", "* 9 Pz [ger_9pz] in 1402 marked X")
    log.marker("out_of_supply", "2", "1201", "* 88 ID [ger_88id] in 1201 marked Isolated")
    log.marker("out_of_supply", "1", "1203")
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert got == [A("supply", "axis", oos=["ger_9pz", "ger_383id"], isolated=["ger_88id"])]
    glog, game = hand_over("s42.vlog", log.translated(), s42)
    wrong = [v for v in validate(glog, game, keep_states=False).violations if v.line == 4]  # the supply line
    assert wrong and all(v.rule.startswith("16.") for v in wrong)  # these units are in supply: wrongly marked


def test_the_weather_marker_and_its_die(log) -> None:
    log.tracker(2, None, "weather").die(4).weather_to("overcast")
    log.tracker(2, "axis", "initial").tracker(3, None, "weather").die(2)  # the marker stays: the weather stays
    log.tracker(3, "axis", "initial")
    got = [a for a in log.actions() if a["type"] == "weather"]
    assert got == [A("weather", "axis", weather="overcast", die=4), A("weather", "axis", weather="overcast", die=2)]
    assert not [a for a in log.actions() if a["type"] == "note"]


def test_reserve_markers_put_and_taken_off_and_a_planned_offensive_on_an_hq(log) -> None:
    """25.2.1: Reserve markers put in the Movement Phase are one ``reserve`` line; 25.2.3: taken off in the Combat
    Phase one ``activate`` line (elsewhere: the validator's clean-up); 26.2: a Planned Offensive marker put upside
    down on an HQ in the Initial Phase is an ``offensive`` line, and its flip to Ready later is bookkeeping."""
    log.tracker(1, "axis", "initial").marker("offensive_axis", "2", "1016")  # 6 Army HQ alone in its hex
    log.marker("reserve_axis", "1", "1402")  # not in the Movement Phase: no action
    log.tracker(1, "axis", "movement")
    log.marker("reserve_axis", "1", "1201", "* 88 ID [ger_88id] in 1201 marked Reserve")
    log.marker("reserve_axis", "1", "1203")
    log.tracker(1, "axis", "combat").remove("reserve_axis@1201")
    log.tracker(1, "axis", "recovery").remove("reserve_axis@1203")  # the clean-up after the Combat Phase
    log.tracker(2, "axis", "initial").flip("offensive_axis@1016", "1")  # Ready: the validator flips it itself
    got = [a for a in log.actions() if a["type"] not in ("phase", "turn")]
    assert got == [A("offensive", "axis", unit="ger_hq_6a"), A("reserve", "axis", units=["ger_88id", "ger_383id"]),
                   A("activate", "axis", units=["ger_88id"])]


def test_a_unit_into_a_reserve_army_holding_box_and_out_onto_the_map(log) -> None:
    """34.4.1-34.4.2: a unit dragged into a Reserve Army Holding Box is a ``hold`` (not a ``remove``), and out of it
    onto the map a ``reveal``; the other boxes keep the core's reading."""
    log.tracker(1, "soviet", "movement").move("sov_333rd", "reserve_army_2").move("sov_333rd", "2021")
    log.move("sov_15tb", "removed")
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert got == [A("hold", "soviet", unit="sov_333rd", box="reserve_army_2"),
                   A("reveal", "soviet", unit="sov_333rd", to="2021"),
                   A("remove", "soviet", unit="sov_15tb", to="removed")]


def test_an_automatic_ds_in_the_movement_phase_and_its_retreats(log) -> None:
    """8.6.1: attack directions set, then Automatic DS markers on those units in the Movement Phase: one ``auto_ds``
    line against the hex they point at; the drags of that hex's units that follow are their retreats (not moves of
    the other side), a unit of the phasing side dragged after it moves."""
    log.tracker(1, "soviet", "movement").attack("sov_162rd", "SW").attack("sov_22tc", "SW")
    log.marker("auto_ds", "1", "1817", "* 162 RD [sov_162rd] in 1817 marked Automatic DS")
    log.marker("auto_ds", "1", "1817", "* 22 TC [sov_22tc] in 1817 marked Automatic DS")
    log.move("ger_384id", "1617").move("ger_384id", "1517").move("ger_stug245", "1716")
    log.move("sov_333rd", "1920")
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert got == [A("auto_ds", "soviet", attackers=["sov_162rd", "sov_22tc"], target="1717"),
                   A("retreat", "axis", unit="ger_384id", path=["1617", "1517"]),
                   A("retreat", "axis", unit="ger_stug245", path=["1716"]),
                   A("move", "soviet", unit="sov_333rd", to="1920")]


def test_an_automatic_ds_marker_on_a_unit_with_no_attack_direction_is_a_note(log) -> None:
    log.tracker(1, "soviet", "movement").marker("auto_ds", "1", "1817", "* 22 TC [sov_22tc] in 1817 marked X")
    got = [a for a in log.actions() if a["type"] != "phase"]
    assert [a["type"] for a in got] == ["note"] and "no attack direction" in got[0]["text"]


def test_an_hq_turned_used_for_a_battle_is_its_artillery_and_a_roll_then_a_loss_in_the_supply_phase_attrition(
        log) -> None:
    """18.3: an HQ turned to its Used side while attack marks are set is the battle's artillery, not a loss; 16.5.2:
    a die in the Supply Phase, then a unit's flip, is its Isolation Attrition roll (a roll that costs nothing: a
    note)."""
    log.tracker(1, "axis", "combat").attack("ger_88id", "S").flip("ger_hq_6a", "2").die(4).result("ger_88id", "A1")
    log.flip("ger_88id", "2")
    log.tracker(1, "axis", "supply").die(2).flip("ger_383id", "2").die(5)
    log.tracker(1, "soviet", "initial")
    got = [a for a in log.actions() if a["type"] not in ("phase", "turn")]
    assert [a["type"] for a in got] == ["battle", "loss", "attrition", "note"], got
    assert got[0]["artillery"] == ["ger_hq_6a"] and got[1] == A("loss", "axis", unit="ger_88id")
    assert got[2] == A("attrition", "axis", unit="ger_383id", die=2) and "5" in got[3]["text"]


def test_a_disrupted_marker_taken_off_after_a_die_in_the_recovery_phase_is_a_rally_roll(log) -> None:
    """13.4-13.5: in the Recovery Phase a die, then a Disrupted marker taken off (or a Full Retreat marker turned to
    its Disrupted side), is that unit's Rally roll that recovered; a marker taken off with no die since: the unit
    recovered by itself (silent); a roll after which no marker changed names no unit (a note); out of the Recovery
    Phase a marker taken off says nothing."""
    log.tracker(1, "axis", "combat")
    log.marker("disrupted", "1", "1201", "* 88 ID [ger_88id] in 1201 marked Disrupted")
    log.marker("full_retreat", "1", "1203", "* 383 ID [ger_383id] in 1203 marked Full Retreat")
    log.marker("disrupted", "1", "1402", "* 9 Pz [ger_9pz] in 1402 marked Disrupted")
    log.tracker(1, "axis", "recovery").remove("disrupted@1402")  # not in an EZOC: by itself
    log.die(2).die(6).remove("disrupted@1201")  # the 2 changed nothing
    log.die(5).flip("full_retreat@1203", "2")
    log.die(1)
    log.tracker(1, "axis", "supply")
    got = [a for a in log.actions() if a["type"] not in ("phase", "turn")]
    assert [a["type"] for a in got] == ["note", "rally", "rally", "note"], got
    assert "2" in got[0]["text"] and "1" in got[3]["text"]
    assert got[1] == A("rally", "axis", unit="ger_88id", die=6, result="recover")
    assert got[2] == A("rally", "axis", unit="ger_383id", die=5, result="recover")


def test_a_replacement_marker_makes_the_flip_back_a_replacement_of_unstated_kind(log) -> None:
    """21.1.1, 21.4: a unit turned back to full strength in the Initial Phase, then *Mark Replacement* on it: a
    ``replace`` whose kind the module cannot say; the marker on a unit that did nothing else: a note."""
    log.tracker(1, "axis", "combat").flip("ger_88id", "2")
    log.tracker(2, "axis", "initial").flip("ger_88id", "1")
    log.marker("replacement", "1", "1201", "* 88 ID [ger_88id] in 1201 marked Replacement")
    log.marker("replacement", "1", "1203", "* 383 ID [ger_383id] in 1203 marked Replacement")
    got = [a for a in log.actions() if a["type"] not in ("phase", "turn")]
    assert got[:2] == [A("loss", "axis", unit="ger_88id"), A("replace", "axis", unit="ger_88id", pay="unstated")]
    assert [a["type"] for a in got[2:]] == ["note"] and "ger_383id" in got[2]["text"]


def test_a_translated_log_says_its_moves_modes_are_unstated(log, s42) -> None:
    """The module cannot say a move's mode (5.3, 5.4): the table's header tells the validator to pick it."""
    log.tracker(1, "soviet", "movement").move("sov_333rd", "2021")
    t = log.translated()
    assert t.header["modes"] == "unstated"
    glog, _ = hand_over("s42.vlog", t, s42)
    moves = [a for a in glog.actions if a.type == "move"]
    assert glog.header.modes == "unstated" and moves and all("mode" not in a.data for a in moves)


def test_a_translated_log_reaches_the_validator_and_a_wrong_weather_is_flagged(log, s42, tmp_path) -> None:
    log.tracker(1, None, "weather").weather_to("rain")  # turns 1-16 are Clear (23.1)
    log.tracker(1, "soviet", "movement").move("sov_333rd", "2021")
    t = log.translated()
    assert t.header["game"] == "stalingrad42" and t.header["scenario"] == SCENARIO and t.notes == 0
    glog, game = hand_over("s42.vlog", t, s42)
    rules = [v.rule for v in validate(glog, game, keep_states=False).violations]
    assert rules and all(r.startswith("23.") for r in rules), rules


# --- the random player's campaign as a .vlog (the benchmark's log, benchmarks/vassal_validate_s42.py, in short) ----

def _campaign_vlog(s42, s42_base, lines: list[dict], path, dice: dict[int, int] | None = None) -> list:
    """``lines`` (a legal campaign's opening) played as a VASSAL player would with the module (tests/vassal_playback.py)
    and written by our encoder (tests/s42_vlog_writer.py), the die buttons' results the log's own but those ``dice``
    replace (the n-th roll -> its result); the violations of its translation."""
    from s42_vlog_writer import dice_of, write_vlog
    from vassal_playback import playback
    from validator.vassal.vlog_input import load_vassal

    script = playback(s42, lines[0], lines[1:], "campaign.vlog", cards=False, area_point=s42_base.ctx.point,
                      removals=True, orders=True)
    rolls = [(dice or {}).get(i, d) for i, d in enumerate(dice_of(lines))]
    write_vlog(s42, s42_base.vmod, lines[0]["scenario"], script, rolls, str(path), s42_base.ctx)
    v = load_vassal(str(path), s42_base.vmod)
    return v.log.actions, validate(v.log, v.game, keep_states=False).violations


def _one_hex_more(s42, lines: list[dict]) -> tuple[int, str, str]:
    """(line, unit, hex): the first Axis move of two hexes on the Campaign's first turn (Tactical Movement only,
    S4.2) by a unit no later line names, and the hex straight on from its end."""
    from games import hexgrid

    hexes, orientation = s42.map.hexes, s42.map.grid.orientation
    for i, a in enumerate(lines[1:], 1):
        if a["type"] != "move" or a["side"] != "axis" or len(a.get("path", ())) != 2 or \
                any(a["unit"] in json.dumps(b) for b in lines[i + 1:]):
            continue
        x, y = (hexes[h].hex for h in a["path"])
        way = hexgrid.direction_between(x, y, orientation)
        on = next((h for h, c in hexes.items() if hexgrid.distance(c.hex, y) == 1
                   and hexgrid.direction_between(y, c.hex, orientation) == way), None)
        if on is not None:
            return i, a["unit"], on
    raise AssertionError("no two-hex Axis move to extend")


def test_the_campaigns_vlog_validates_clean_and_a_planted_move_and_rally_are_flagged(s42, s42_base, tmp_path) -> None:
    """The random player's legal Campaign Game (its first two turns) as a .vlog: replacements (the Replacement
    marker), Determined Defenses (the die after the result), Air units (out of their box), Breakthrough Combat (the
    units' second attack), Rally rolls (the die, then the Disrupted marker off) are read, and it validates with no
    violation; the same log with one unit dragged one hex further on the first turn, where the Axis moves only by
    Tactical Movement, and a Rally roll's die a 1 with the unit's marker taken off all the same, gives exactly those
    two violations (S4.2, 13.5). The game is the first seed's whose opening has every kind above and a Rally roll
    that recovered a unit (a failed roll takes no marker off: VASSAL shows no unit for it)."""
    from players.stalingrad42 import play
    from s42_vlog_writer import dice_of

    kinds_wanted = {"replace", "determined", "breakthrough", "battle", "rail", "supply", "rally"}
    for seed in range(1, 9):
        lines = play(s42, seed=seed, turns=2)
        read, clean = _campaign_vlog(s42, s42_base, lines, tmp_path / "clean.vlog")
        assert list(clean) == [], (seed, clean)
        if kinds_wanted <= {a.type for a in read}:
            break
    else:
        raise AssertionError("no seed of 1-8 opens with every kind of action")
    recovered = next(a["unit"] for a in read if a.type == "rally")
    i, unit, extra = _one_hex_more(s42, lines)
    planted = [dict(a) for a in lines]
    planted[i]["path"] = [*lines[i]["path"], extra]
    rolled = [a for a in lines[1:] if a.get("die") is not None and dice_of([lines[0], a])]
    r = next(n for n, a in enumerate(rolled) if a["type"] == "rally" and a["unit"] == recovered)
    actions, violations = _campaign_vlog(s42, s42_base, planted, tmp_path / "planted.vlog", {r: 1})
    kinds = {a.type for a in actions}
    assert kinds_wanted <= kinds, kinds
    assert any(a.type == "battle" and (a.get("air") or a.get("defensive_air")) for a in actions)
    got = [(v.rule, v.units) for v in violations]
    assert got == [("S4.2", (unit,)), ("13.5", (rolled[r]["unit"],))], violations
    bad = next(a for a in actions if a.line == violations[0].line)
    assert (bad.type, bad["unit"], bad.get("path")) == ("move", unit, [extra])
    rally = next(a for a in actions if a.line == violations[1].line)
    assert (rally.type, rally["unit"], rally["die"]) == ("rally", rolled[r]["unit"], 1)


@pytest.fixture(scope="module")
def s3_base(s42, s42_base) -> Base:
    """The same module's S3 Uranus set-up save (turn 28; from turn 29 the Soviet Player Turn comes first, S3.3)."""
    out = os.path.dirname(s42_base.vmod)
    with zipfile.ZipFile(s42_base.vmod) as z:
        text = read_save_bytes(z.read(modgen_scenario.setup_file(s42.scenarios["s3_uranus"])), out)
    return base_of(s42, s42_base.vmod, "", text, out, s42_base.ctx)


def test_the_tracker_pressed_straight_through_puts_the_soviet_player_turn_first_from_uranus_turn_29(s3_base, s42):
    """S3.3: from the Uranus scenario's second turn the Soviet Player Turn comes first. A player who presses the
    tracker's + button straight through from the set-up save meets the Soviet phases first on turn 29, and the
    moves made in them are read as the Soviet player's in his Movement Phase and the Axis player's in his: no 3.0."""
    log = S42Log(s3_base, s42)
    per_turn = len(phase_sequence(s42))
    log.press(per_turn + 2)  # turn 28 pressed through to turn 29's Weather Phase, then two more
    log.move("sov_160rd", "2704")
    log.press(5)
    log.move("rom_5id", "4518")
    t = log.translated()
    phases = [(a["side"], a["phase"]) for a in t.actions if a["type"] == "phase"]
    assert phases[-7:] == [("soviet", "initial"), ("soviet", "movement"), ("soviet", "combat"),
                           ("soviet", "recovery"), ("soviet", "supply"), ("axis", "initial"), ("axis", "movement")]
    moves = [(a["side"], a["unit"]) for a in t.actions if a["type"] == "move"]
    assert moves == [("soviet", "sov_160rd"), ("axis", "rom_5id")]
    glog, game = hand_over("s3.vlog", t, s42)
    violations = validate(glog, game, keep_states=False).violations
    assert [v for v in violations if v.rule == "3.0"] == []


def test_the_caucasus_set_up_saves_north_edge_units_are_in_their_entry_area(s42, s42_base) -> None:
    """S2.2, S2.4: the Caucasus scenario sets units up on the north map edge, an Entry Area the module draws as a zone
    over the hexes of the row above it (the whole map is one board). VASSAL names their spot by the zone, so the
    reader does too: the save is the scenario's set-up, with no unit moved (they were read as standing on hex 4539)."""
    out = os.path.dirname(s42_base.vmod)
    with zipfile.ZipFile(s42_base.vmod) as z:
        text = read_save_bytes(z.read(modgen_scenario.setup_file(s42.scenarios["s2_caucasus"])), out)
    base = base_of(s42, s42_base.vmod, "", text, out, s42_base.ctx)
    header = S42Log(base, s42).translated().header
    assert header["scenario"] == "s2_caucasus" and "start" not in header
    assert "position" not in header, header.get("position")
