"""Battles without the engine (issue 22): the declarative battle model (games.battles), No Retreat!'s description
of its battles from its rules package, the module's battle parts, the expression helpers' guards on data."""

from __future__ import annotations

import importlib.util
import os
import zipfile
from dataclasses import replace

import pytest
from lxml import etree

from games import DataError
from games.battles import CROSS, Amount, columns_of, from_data
from games.model import Game, TableLimits, frozen_map
from hexforge.module_step import battle_model, battles
from modgen import bsh, commands, module, names
from modgen.battles import K, MARKER_PROTOTYPE, UNIT_PROTOTYPE, weather_key
from test_modgen import fake_art
from validator.rules.no_retreat.odds import compute

GM = "VASSAL.build.module."


@pytest.fixture(scope="module")
def model(nr_game):
    return battle_model(nr_game)


@pytest.fixture(scope="module")
def built(nr_game, model, tmp_path_factory) -> str:
    out = str(tmp_path_factory.mktemp("battles-xml") / "no_retreat")
    fake_art(nr_game, out)
    return module.build(nr_game, out, model)[0]


@pytest.fixture(scope="module")
def xml(built):
    with zipfile.ZipFile(built) as z:
        return etree.fromstring(z.read("buildFile.xml"))


def test_the_rules_package_describes_no_retreats_battles(nr_game, model) -> None:
    assert model.crts["axis", "clear"] == "axis" and model.crts["axis", "snow"] == "soviet"  # weather.csv axis_crt
    assert model.crts["soviet", "mud"] == "soviet"
    assert (model.odds.kind, model.odds.below_first, model.dice, model.die_sides) == ("odds", "CA", 1, 6)
    parts = {loc: sum(p.shift for p in ps) for loc, ps in model.terrain.locations.items()}
    assert parts["0810"] == -2 and parts["1519"] == -2 and parts["0409"] == -2 and "1204" not in parts
    assert parts["1902"] == -2  # Leningrad: a city and an objective (10.6.1)
    river = next(c for c in model.terrain.crossings if c.feature == "river")
    assert river.amount.at(1, "clear") == -1 and river.amount.at(7, "snow") == 0  # weather.csv river_shift
    support = next(a for a in model.adjustments if a.log == "support")
    assert support.shift.at(3, "clear") == 1 and support.shift.at(4, "snow") == 2  # the first Snow turn
    winter = next(s for s in model.shifts if s.rule == "10.6")
    assert winter.amount.at(5, "snow") == -2 and winter.amount.at(6, "snow") == -1 and winter.amount.at(6, "clear") == 0
    assert model.neighbours["Finland"] == ("1902",) and "Finland" in model.neighbours["1902"]
    assert model.prohibited["0410", "0511"] == "Lake hexside" and "0511" not in model.neighbours["0410"]
    assert model.again == {"CA": "counterattack"}


def test_the_models_odds_are_the_rules_odds(nr_game, model) -> None:
    """games.battles.columns_of (what the module's expressions compute) against validator/rules odds.compute."""
    crt = nr_game.crts["axis"]
    for attack in range(0, 31):
        for defence in range(1, 13):
            for shift in range(-5, 6):
                odds = compute(crt, attack, defence, shift)
                initial, final = columns_of(model.odds, crt.column_values, attack, defence, shift)
                assert (crt.columns[initial] if initial >= 0 else None) == odds.initial
                assert (crt.columns[final] if final >= 0 else None) == odds.final, (attack, defence, shift)


def test_the_data_alone_says_the_shape_of_the_tables(nr_game) -> None:
    crt = nr_game.crts["axis"]
    assert (crt.kind, crt.dice) == ("odds", (1, 6))  # crt.toml's defaults
    m = from_data(nr_game)
    assert (m.odds.kind, m.dice, m.die_sides) == ("odds", 1, 6)
    assert m.crts["axis", "snow"] == "axis"  # the data alone: each side its own table
    assert m.terrain.locations["0810"][0].shift == -2 and m.odds.below_first is None  # [limits] below: the first


def test_the_data_alone_takes_the_tables_limits_and_kind(nr_game) -> None:
    def with_tables(**changes) -> Game:
        return replace(nr_game, crts=frozen_map({k: replace(t, **changes) for k, t in nr_game.crts.items()}))

    assert from_data(with_tables(limits=TableLimits(below="CA"))).odds.below_first == "CA"
    assert from_data(with_tables(dice=(2, 6), kind="differential")).odds.kind == "differential"
    assert (from_data(with_tables(dice=(2, 6))).dice, from_data(with_tables(dice=(2, 6))).die_sides) == (2, 6)
    with pytest.raises(DataError, match="'axis' is plain: a battle needs odds or differential columns"):
        from_data(with_tables(kind="plain"))
    with pytest.raises(DataError, match="need a combat results table"):
        from_data(replace(nr_game, crts=frozen_map({})))


def test_amounts_prefer_the_most_specific_table() -> None:
    a = Amount(1, by_turn={3: 2}, by_weather={"snow": 0}, by_turn_weather={(3, "snow"): 5})
    assert (a.at(3, "snow"), a.at(3, "clear"), a.at(4, "snow"), a.at(4, "clear")) == (5, 2, 0, 1)
    assert Amount(2).constant and not a.constant


def test_the_module_has_the_battle_command_its_list_and_the_weather(xml, nr_game) -> None:
    gkcs = {e.get("name"): e for e in xml.iter(GM + "map.MassKeyCommand")}
    declare = gkcs[commands.DECLARE_BATTLE]
    assert declare.get("buttonHotkey") == commands.DECLARE_KEY.encode() and declare.get("hotkey") == K.declare.encode()
    assert "Selected==true" in declare.get("filter") and declare.get("reportSingle") == "false"
    inventory = next(e for e in xml.iter(GM + "Inventory") if e.get("name") == "Battles")
    assert names.KIND_BATTLE in inventory.get("include") and inventory.get("centerOnPiece") == "true"
    weather = next(e for e in xml.iter(GM + "ToolbarMenu") if e.get("text") == "Weather")
    assert weather.get("menuItems").count("Weather:") == len(nr_game.weather)
    protos = {e.get("name") for e in xml.iter(GM + "PrototypeDefinition")}
    assert {UNIT_PROTOTYPE, MARKER_PROTOTYPE} <= protos
    unit = next(e for e in xml.iter(GM + "PrototypeDefinition") if e.get("name") == "Unit")
    assert f"prototype;{UNIT_PROTOTYPE}" in unit.text
    props = {e.get("name"): e.get("initialValue") for e in xml.iter(GM + "properties.GlobalProperty")}
    assert props["BattleNext"] == "1" and props[names.WEATHER_PROPERTY] == "clear"
    assert "TurnNumber" not in props  # the turn is read where it is used (a hot key cannot set it: see below)
    assert "|0810>0910>river=1|" not in props["BattleCrossingTable"]
    assert "|1503>1403>river=1|" in props["BattleCrossingTable"]
    assert "|0410=0511|" in props["BattleProhibitedTable"]


def test_the_tracker_reminds_resets_and_cleans_up(xml, model, nr_game) -> None:
    hot = [e for e in xml.iter(GM + "turn.TurnGlobalHotkey")]
    reminders = [e for e in hot if e.get("reportFormat")]
    assert len(reminders) == len(model.reminders)
    combat = [e for e in reminders if "Axis Combat Phase" in e.get("match") and "Turn 5 (" in e.get("match")]
    assert len(combat) == 1 and "shift 2 column(s) left" in combat[0].get("reportFormat")  # turn 5's event
    assert sum(e.get("hotkey") == K.by_hand.encode() for e in hot) == 2  # battles from 1 in each Combat Phase
    after = [e for e in hot if e.get("name", "").startswith("Clean-up after")]
    assert {e.get("name") for e in after} >= {"Clean-up after Axis Combat Phase", "Clean-up after Soviet Combat Phase"}
    printed = [e for e in hot if e.get("name", "").startswith("Printed weather: ")]  # a value per turn, no expression
    assert len(printed) == len(nr_game.turns)
    mud = next(e for e in printed if "Turn 6 (" in e.get("match"))
    assert nr_game.phases[0].name in mud.get("match") and mud.get("hotkey") == weather_key(list(nr_game.weather).index(
        "mud")).encode()


def test_the_expressions_refuse_what_they_cannot_hold() -> None:
    with pytest.raises(DataError):
        bsh.lit("costs $5")
    with pytest.raises(DataError):
        bsh.table({"a|b": "1"})
    with pytest.raises(DataError):
        bsh.table({"a": "x=y"})
    assert bsh.lit('say "hi" \\ there') == '"say \\"hi\\" \\\\ there"'
    assert bsh.match('Kind=="unit"') == '"{Kind==\\"unit\\"}"'


def test_two_builds_with_the_rules_model_are_byte_identical(nr_game, model, built, tmp_path) -> None:
    out = str(tmp_path / "no_retreat")
    fake_art(nr_game, out)
    again = module.build(nr_game, out, model)[0]
    with open(built, "rb") as a, open(again, "rb") as b:
        assert a.read() == b.read()


def test_a_cross_tag_names_a_hexside_feature(model) -> None:
    from games.battles import Not, TargetsAny

    armor = next(s for s in model.shifts if s.rule == "10.6.3")
    assert Not(TargetsAny(CROSS + "lake")) in armor.when.conditions


def test_the_log_reader_knows_the_battle_names_the_module_writes() -> None:
    from validator.vassal.module_names import NAMES as n

    assert (n.kind_battle, n.battle, n.battle_role, n.battle_no, n.battle_targets, n.battle_kind) == (
        names.KIND_BATTLE, names.BATTLE, names.BATTLE_ROLE, names.BATTLE_NO, names.BATTLE_TARGETS, names.BATTLE_KIND)
    assert (n.battle_column, n.battle_shift, n.battle_die, n.battle_outcome, n.adjustment_prefix) == (
        names.BATTLE_COLUMN_INDEX, names.BATTLE_SHIFT, names.BATTLE_DIE, names.BATTLE_OUTCOME,
        names.ADJUSTMENT_PREFIX)
    from modgen.battle_exprs import CRT

    assert n.battle_crt == CRT


def test_the_module_step_asks_the_rules_package_only_when_it_is_there(nr_game, monkeypatch) -> None:
    assert battle_model(replace(nr_game, rules_package="")) is None
    assert battle_model(replace(nr_game, rules_package="validator.rules.not_installed")) is None
    # a game with no rules package takes its battles from its data; one whose package has no model yet gets none
    assert battles(replace(nr_game, rules_package="")) == from_data(nr_game)
    assert battles(replace(nr_game, rules_package="validator.rules.not_installed")) is None
    assert battles(replace(nr_game, rules_package="", crts=frozen_map({}))) is None
    real = importlib.util.find_spec

    def broken(name, *args):  # the package is there, but one of its own imports fails
        if name.endswith(".battle_model"):
            raise ModuleNotFoundError("No module named 'somewhere_else'", name="somewhere_else")
        return real(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", broken)
    with pytest.raises(ModuleNotFoundError, match="somewhere_else"):
        battle_model(nr_game)  # never a module built quietly without the package's battles


def test_a_counter_carries_only_its_battle_number_role_and_its_battle_unit_command(nr_game, model, built) -> None:
    """VASSAL makes and decodes every trait of every counter when a game loads: a counter's battle traits are its
    ``Battle`` and ``BattleRole`` (one command each) and what places its battle unit; the rest is the battle
    unit's (docs/benchmarks.md, Stalingrad '42's opening)."""
    from modgen import battles as parts
    from modgen.traits import DynamicProperty, PlaceMarker, SetGlobal, Trigger, add_piece

    ctx = module.context(nr_game, os.path.dirname(built), model)
    proto = parts.unit_prototype(ctx, model)
    assert [type(t) for t in proto.traits] == [Trigger, SetGlobal, PlaceMarker, DynamicProperty, DynamicProperty]
    assert [(t.name, len(t.commands)) for t in proto.traits if isinstance(t, DynamicProperty)] == [
        ("Battle", 1), ("BattleRole", 1)]
    assert len(add_piece(proto)) < 1000
    unit = parts.proxy_prototype(ctx, model)
    assert len(add_piece(unit)) > 10 * len(add_piece(proto))  # the machinery is the battle unit's


def test_a_setup_leaves_the_battle_tables_to_the_module(built) -> None:
    from modgen.savegame import deobfuscate

    with zipfile.ZipFile(built) as z:
        build_file = z.read("buildFile.xml").decode()
        save = next(n for n in z.namelist() if n.endswith(".vsav"))
        with zipfile.ZipFile(z.open(save)) as s:
            text = deobfuscate(s.read("savedGame").decode("ascii"))
    assert "BattleNeighbourTable" in build_file and "BattleUnitTable" in build_file
    assert "BattleNext" in text and "BattleNeighbourTable" not in text and "BattleUnitTable" not in text
