"""The module writer for any game's shape (issues 13, 16, 21): Stalingrad '42 (no cards, four map sections, Entry
Areas beyond the map edge, a mutual phase before and after the player turns, three-step units with flags) and the
template game with every optional part and with none, built from stand-in art (tests/test_modgen.py ``fake_art``)
and read back: palette, unit properties, grid, zones, set-ups, turn tracker, dice, chores, help, module.toml."""

from __future__ import annotations

import os
import shutil
import zipfile

import pytest
from lxml import etree

import games
from games import DataError
from games.grid import HexIds
from games.vassal_codec import decode
from games.vassal_grid import _contains
from hexforge import cli
from hexforge.module_step import battle_model, battles
from modgen import commands, module, names, scenario
from modgen.furniture import phase_labels, turn_labels
from modgen.savegame import ESC
from modgen.settings import settings
from modgen.traits import Key
from game_template import OPTIONAL, write_game
from test_modgen import (_grid_from_xml, _marker, _pieces, _restore_tokens, _zones, assert_rebuilt_identically,
                         build_xml, built_on_fake_art, fake_art, read_entry)


@pytest.fixture(scope="module")
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def s42_built(s42, tmp_path_factory) -> str:
    return built_on_fake_art(s42, tmp_path_factory)


@pytest.fixture(scope="module")
def s42_xml(s42_built) -> etree._Element:
    return build_xml(s42_built)


@pytest.fixture(scope="module")
def s42_ctx(s42, s42_built):
    return module.context(s42, os.path.dirname(s42_built))


def _slots(xml) -> list[dict[str, str]]:
    return [_marker(t, s) for t, s in _pieces(xml.findall(".//VASSAL.build.module.PieceWindow//"
                                                          "VASSAL.build.widget.PieceSlot"))]


def test_every_unit_and_marker_is_in_the_palette_once_by_side_and_nationality(s42, s42_xml):
    props = _slots(s42_xml)
    units = [p[names.UNIT_ID] for p in props if p[names.KIND] == names.KIND_UNIT]
    assert sorted(units) == sorted(s42.units) and len(units) == len(set(units))
    assert sorted(p[names.MARKER_ID] for p in props if p[names.KIND] == names.KIND_MARKER) == sorted(
        m.id for m in s42.all_markers)
    top = s42_xml.findall("VASSAL.build.module.PieceWindow")[1].find("VASSAL.build.widget.TabWidget")
    assert sorted(t.get("entryName") for t in top) == ["Axis", "Markers", "Soviet"]
    for tab in top:
        if tab.get("entryName") == "Markers":
            continue
        side = next(s for s in s42.sides.values() if s.name == tab.get("entryName"))
        for panel in tab:
            for types, states in _pieces(panel):
                unit = s42.units[_marker(types, states)[names.UNIT_ID]]
                assert unit.side == side.id
                assert panel.get("entryName").startswith(s42.nationalities[unit.nationality].name)


def test_units_carry_their_printed_values_flags_and_declared_columns(s42, s42_xml):
    by_id = {p[names.UNIT_ID]: p for p in _slots(s42_xml) if p[names.KIND] == names.KIND_UNIT}
    for unit in s42.units.values():
        p = by_id[unit.id]
        assert p[names.STEPS] == str(unit.steps) and 1 <= unit.steps <= 4
        assert p[names.ATTACK_VALUE] == ("" if unit.front.attack is None else str(unit.front.attack))
        assert p[names.BACK_DEFENSE] == ("" if unit.back.defense is None else str(unit.back.defense))
        assert set(p[names.FLAGS].split()) == set(unit.front.flags)
        assert set(p[names.BACK_FLAGS].split()) == set(unit.back.flags)
        for column in s42.columns["units"]:
            assert p[column] == str(unit.extra.get(column, "")), (unit.id, column)
    assert by_id["ger_9pz"][names.FLAGS] == "elite red_dot" and by_id["ger_9pz"]["formation"] == "4PzA"
    assert by_id["ss_wiking_4"][names.STEPS] == "4"


def test_every_hex_of_the_four_sections_is_named_with_its_own_id(s42, s42_xml, s42_ctx):
    grid, numbering = _grid_from_xml(s42_xml)
    assert grid == s42_ctx.layout.vassal_grid and not grid.sideways  # flat-topped hexes: columns
    ids = HexIds(s42.map.grid)
    by_section = {s: 0 for s in s42.map.sections}
    for hex_id, h in s42.map.hexes.items():
        centre = s42_ctx.layout.centre(ids.hex_of(hex_id))
        assert grid.snap(centre) == centre and numbering.location_name(centre) == hex_id
        by_section[h.section] += 1
    assert sorted(by_section) == ["A", "B", "C1", "C2"] and all(n > 300 for n in by_section.values())
    assert len(s42.map.hexes) > 3700


def test_entry_areas_boxes_and_track_spaces_are_zones_holding_their_pieces(s42, s42_xml, s42_ctx):
    zones = _zones(s42_xml)
    expected = {a.name for a in s42.map.areas.values()}
    expected |= {b.name for b in s42.map.boxes.values() if b.kind == "holding"}
    expected |= {names.track_space_name(b.name, s) for b in s42.map.boxes.values() if b.kind == "track"
                 for s in b.spaces}
    assert set(zones) == expected
    for loc in [*s42.map.areas, *(b for b in s42.map.boxes if s42.map.boxes[b].kind == "holding")]:
        x, y = s42_ctx.point(loc)
        board = next(b for b in s42_ctx.boards if loc in b.areas or loc in b.boxes)
        ox, oy = s42_ctx.origins[board.name]
        on_board = {s42.map.areas[a].name for a in board.areas} | {s42_ctx.location_name(k) for k in board.boxes}
        # VASSAL names a point after the first zone that holds it (the Caucasus north edge lies inside map A's east
        # edge, P: it is listed first)
        first = next((z for z in zones if z in on_board and _contains(zones[z], x - ox, y - oy)), None)
        assert first == s42_ctx.location_name(loc), loc
    ids = HexIds(s42.map.grid)
    area_zones = [zones[s42.map.areas[a].name] for a in s42_ctx.map_board.areas]
    for hex_id in s42.map.hexes:  # an Entry Area is beyond the map edge: no hex lies in one
        x, y = s42_ctx.layout.centre(ids.hex_of(hex_id))
        assert not any(_contains(z, x, y) for z in area_zones), hex_id


def _units_in_save(vsav: bytes) -> dict[str, tuple[str, int, int, str]]:
    """Unit id -> (map, x, y, face level) of every unit piece in a save."""
    tokens = _restore_tokens(vsav)
    out = {}
    for add in decode(tokens[2], ESC)[1:]:
        _, pid, type_, state = decode(add, "/")
        if type_ == "stack" or type_.startswith("deck;"):
            continue
        types, states, t, s = [], [], type_, state
        while True:
            tt, ss = decode(t, "\t"), decode(s, "\t")
            types.append(tt[0])
            states.append(ss[0])
            if len(tt) == 1:
                break
            t, s = tt[1], ss[1]
        props = _marker(types, states)
        if props.get(names.KIND) == names.KIND_UNIT:
            map_id, x, y = decode(states[-1], ";")[:3]
            face = next(st for ty, st in zip(types, states) if ty.startswith("emb2;") and f";{names.FACE_LAYER};"
                        in ty)
            out[props[names.UNIT_ID]] = (map_id, int(x), int(y), face)
    return out


@pytest.mark.parametrize("sid", ["s1_fall_blau", "s2_caucasus", "s3_uranus", "s4_campaign"])
def test_each_scenario_opens_with_every_unit_where_the_data_says(s42, s42_built, s42_ctx, sid):
    sc = s42.scenarios[sid]
    where = _units_in_save(read_entry(s42_built, scenario.setup_file(sc)))
    expected = scenario.unit_locations(s42_ctx, sc)
    assert len(expected) == len(sc.setup) + len([p for p in sc.reinforcements if p.turn is not None])
    assert set(where) == {u for u, _, _ in expected}
    for unit, loc, face in expected:
        assert where[unit] == (names.MAIN_MAP, *s42_ctx.point(loc), "1" if face == "front" else "2"), unit
    track = scenario.turn_track_box(s42_ctx)
    for p in sc.reinforcements:
        if p.turn is not None:
            assert where[p.unit][1:3] == s42_ctx.point(f"{track}:{p.turn}")


def test_a_game_without_cards_has_no_decks_hands_or_card_commands(s42, s42_built, s42_xml):
    assert not s42.cards
    for tag in ("PlayerHand", "map.DrawPile"):
        assert not list(s42_xml.iter("VASSAL.build.module." + tag)), tag
    assert names.CARD_MAP not in [m.get("mapName") for m in s42_xml.iter("VASSAL.build.module.Map")]
    text = read_entry(s42_built, "buildFile.xml").decode()
    assert "Play Axis event" not in text and "Discard" not in text and "Reshuffle" not in text
    assert not [e for e in zipfile.ZipFile(s42_built).namelist() if e.startswith("images/cards/")
                or e == "images/module/card_table.png"]
    components = _restore_tokens(read_entry(s42_built, "s4_campaign.vsav"))[3:-1]
    assert not any(names.CARD_MAP in c or " Hand" in c for c in components)


def test_the_turn_tracker_follows_the_games_sequence_of_play(s42, s42_xml):
    tracker = s42_xml.find("VASSAL.build.module.turn.TurnTracker")
    turns = tracker.find("VASSAL.build.module.turn.ListTurnLevel")
    phases = decode(turns.find("VASSAL.build.module.turn.ListTurnLevel").get("list"), ",")
    assert decode(turns.get("list"), ",") == turn_labels(s42) and len(turn_labels(s42)) == 36
    assert turn_labels(s42)[0] == "Turn 1 (Jun 28-Jul 1, 1942) Clear"
    assert phases == phase_labels(s42)
    assert phases[0] == "Weather Phase" and phases[-1] == "Victory Determination Phase"
    assert phases[1:6] == ["Axis Initial Phase", "Axis Movement Phase", "Axis Combat Phase", "Axis Recovery Phase",
                           "Axis Supply Phase"]
    assert phases[6] == "Soviet Initial Phase" and phases[-2] == "Interchange Turn" and len(phases) == 13


def test_the_tracker_has_a_soviet_first_level_and_the_uranus_save_goes_over_to_it_on_turn_29(s42, s42_xml,
                                                                                             s42_built):
    """33.2.2, S3.3: the turn order flips, so the tracker's second Game Turn level lists the Soviet Player Turn first;
    the Uranus set-up save switches the first level's turns from 29 off and starts the second there (pressing on
    from turn 28 goes over to it), as the validator's own switch turn says (tables/rules.toml)."""
    from validator.rules.stalingrad42.data import load

    tracker = s42_xml.find("VASSAL.build.module.turn.TurnTracker")
    levels = tracker.findall("VASSAL.build.module.turn.ListTurnLevel")
    assert [x.get("name") for x in levels] == ["Game Turn", "Game Turn, Soviet first"]
    assert {x.get("property") for x in levels} == {names.TURN_PROPERTY}
    soviet_first = decode(levels[1].find("VASSAL.build.module.turn.ListTurnLevel").get("list"), ",")
    assert soviet_first == phase_labels(s42, ("soviet", "axis"))
    assert soviet_first[1] == "Soviet Initial Phase" and soviet_first[6] == "Axis Initial Phase"
    from validator.vassal.turn_sequence import TurnSequence

    read = TurnSequence.of(s42).levels  # the reader's own copy of the levels' orders (it must not import modgen)
    name = {p.id: p.name for p in s42.phases}
    for level, phases in zip(levels, read):
        labels = decode(level.find("VASSAL.build.module.turn.ListTurnLevel").get("list"), ",")
        assert labels == [f"{s42.sides[side].name} {name[p]}" if side else name[p] for side, p in phases]
    switches = {sid: f.switch_turn for sid, f in load(s42).scenarios.items() if f.switch_turn is not None}
    assert dict(settings(s42).reversed_from) == switches == {"s3_uranus": 29}
    turns = sorted(s42.turns)
    for sc in s42.scenarios.values():
        state = next(t for t in _restore_tokens(read_entry(s42_built, scenario.setup_file(sc)))
                     if t.startswith("TURNTurnTracker0\t")).split("\t", 1)[1]
        current, first_level, second_level = decode(state, "|")
        first, second = decode(first_level, ";"), decode(second_level, ";")
        flip = switches.get(sc.id)
        assert current == "0" and first[0] == str(turns.index(sc.first_turn))
        on = [turns[i] for i, f in enumerate(decode(first[3], ",")) if f == "true"]
        assert on == [t for t in turns if flip is None or t < flip]
        assert second[2] == second[0] == str(turns.index(flip) if flip else 0)


def test_the_turn_tracker_settings_are_checked(s42):
    from dataclasses import replace

    for bad, key in [({"reversed": "yes"}, "turn_tracker.reversed"),
                     ({"reversed": True, "reversed_from": {"s9": 2}}, "turn_tracker.reversed_from.s9"),
                     ({"reversed": True, "reversed_from": {"s3_uranus": 28}}, "turn_tracker.reversed_from.s3_uranus"),
                     ({"reversed_from": {"s3_uranus": 29}}, "turn_tracker.reversed_from"),
                     ({"reversed": True, "flip_marker": "stalin"}, "turn_tracker.flip_marker"),
                     ({"flip_marker": "vasilevsky"}, "turn_tracker.flip_marker")]:
        with pytest.raises(DataError, match=key.replace(".", r"\.")):
            settings(replace(s42, module={**s42.module, "turn_tracker": bad}))


def test_dice_chores_vp_and_charts_come_from_the_data(s42, s42_xml):
    dice = [(d.get("name"), d.get("nDice"), d.get("nSides")) for d in s42_xml.iter("VASSAL.build.module.DiceButton")]
    assert dice == [("1d6", "1", "6"), ("2d6 (Planned Offensive)", "2", "6"),
                    ("3d6 (two Planned Offensives)", "3", "6")]
    chores = {c.get("name"): c for c in s42_xml.iter("VASSAL.build.module.map.MassKeyCommand")}
    combat = chores["Clear attack marks, battle results, battle markers and Automatic DS markers"]  # (issue 22)
    assert 'MarkerKind=="auto_ds"' in combat.get("filter") and 'Kind=="unit"' in combat.get("filter")
    assert 'Kind=="battle"' in combat.get("filter") and 'BattleProxy=="1"' in combat.get("filter")
    assert "Combat Phase" in combat.get("reportFormat")
    assert 'MarkerKind=="replacement"' in chores["Clear Replacement markers"].get("filter")
    assert {"VP +1", "VP -1", "Show trails"} <= set(chores)
    props = {p.get("name"): p.get("initialValue") for p in s42_xml.iter("VASSAL.build.module.properties.GlobalProperty")}
    assert props[names.VP_PROPERTY] == "0" and names.INITIATIVE_PROPERTY not in props  # no initiative in this game
    assert {"BattleNext", "BattleJoiner", "BattleUnitTable"} <= set(props)  # the battle command's (issue 22)
    charts = {c.get("chartName") for c in s42_xml.iter("VASSAL.build.widget.Chart")}
    assert "Combat Results Table" in charts and "Terrain Effects Chart" in charts


def test_unit_commands_from_module_toml(s42_xml):
    proto = next(p for p in s42_xml.iter("VASSAL.build.module.PrototypeDefinition") if p.get("name") == "Unit")
    (types, _), = _pieces([proto])
    placed = [decode(t[len("placemark;"):], ";")[:2] for t in types if t.startswith("placemark;")]
    assert [m for m, _ in placed] == ["Mark Disrupted", "Mark Full Retreat", "Mark Out of Supply", "Mark Isolated",
                                      "Mark Train", "Mark Replacement", "Mark Automatic DS"]
    assert [k for _, k in placed] == [Key(ord(c), commands.CTRL).encode() for c in "DROITPA"]
    soviet = next(p for p in s42_xml.iter("VASSAL.build.module.PrototypeDefinition") if p.get("name") == "Soviet unit")
    (types, _), = _pieces([soviet])
    sends = [decode(t[len("sendto;"):], ";") for t in types if t.startswith("sendto;")]
    assert len(sends) == 13 and len({s[1] for s in sends}) == 13  # every holding box, a key each
    assert any(t.startswith("submenu;Send to;") for t in types)  # many boxes: gathered in a submenu


def test_the_help_page_is_the_games_own(s42, s42_built):
    page = read_entry(s42_built, "help/index.html").decode()
    assert "36 Game Turns" in page and "Victory Determination Phase" in page and "Rally in an EZOC" in page
    assert "Entry Area A (Yelets)" in page and "Send to Soviet Eliminated Box" in page
    assert "Finland" not in page and "Target" not in page and "Cards" not in page
    assert "putting the <i>Vasilevsky</i> marker from the palette on the map" in page  # module.toml flip_marker, 33.1
    for s in s42.scenarios.values():
        assert s.name in page


@pytest.mark.parametrize("without", [frozenset(), OPTIONAL], ids=["every-part", "no-optional-part"])
def test_the_template_game_builds_with_any_part_left_out(tmp_path, without):
    game = games.load(str(write_game(tmp_path / "game", without)))
    out = str(tmp_path / "out")
    fake_art(game, out)
    xml = build_xml(module.build(game, out)[0])
    assert len(_slots(xml)) == len(game.units) + len(game.all_markers)
    assert bool(list(xml.iter("VASSAL.build.module.PlayerHand"))) == bool(game.cards)
    assert bool(list(xml.iter("VASSAL.build.module.properties.GlobalProperty"))) == (game.vp_track is not None)


def test_toolbar_keys_for_any_number_of_buttons():
    keys = commands.toolbar_keys(100)
    assert len(keys) == 100 and len(set(keys[:60])) == 60 and keys[60:] == [None] * 40
    assert commands.toolbar_keys(3) == keys[:3]
    words = commands.mnemonic_keys(["destroyed", "surrendered", "shattered", "cadre", "rail"], 0)
    assert [chr(k.code) for k in words] == ["D", "S", "H", "C", "R"]
    with pytest.raises(ValueError):
        commands.mnemonic_keys(["x"] * 37, 0)


@pytest.mark.parametrize("toml,message", [
    ('[[unit_commands]]\nlabel = "X"\nmarker = "nope"\nkey = "X"\n', "unit_commands[0].marker: unknown marker"),
    ('[[unit_commands]]\nlabel = "X"\nmarker = "disrupted"\nkey = "F"\n', "unit_commands[0].key: expected one"),
    ("[attacks]\nclear_phase = \"lunch\"\n", "attacks.clear_phase: expected a phase id"),
    ("[[dice]]\nname = \"2d6\"\ndice = 12\n", "dice[0].dice: expected a whole number from 1 to 9"),
    ("colour = 1\n", "colour: unknown key"),
    ("[battles]\ncommand = \"no\"\n", "battles.command: expected true or false"),
])
def test_a_bad_module_toml_is_one_line_from_info(tmp_path, capsys, toml, message):
    folder = tmp_path / "stalingrad42"
    shutil.copytree(os.path.join(os.path.dirname(games.__file__), "stalingrad42"), folder)
    (folder / "module.toml").write_text(toml)
    with pytest.raises(DataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        settings(games.load(str(folder)))
    assert cli.main(["info", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"module.toml: {message}" in err, err


def test_the_battle_command_is_left_out_where_module_toml_says_so(tmp_path, s42, nr_game):
    """``[battles] command = false`` leaves the battle command out although the rules package describes the game's
    battles; Stalingrad '42's and No Retreat!'s modules have it."""
    folder = tmp_path / "stalingrad42"
    shutil.copytree(os.path.join(os.path.dirname(games.__file__), "stalingrad42"), folder)
    (folder / "module.toml").write_text("[battles]\ncommand = false\n")
    off = games.load(str(folder))
    assert battle_model(off) is not None and not settings(off).battle_command and battles(off) is None
    assert settings(s42).battle_command and battles(s42) is not None
    assert settings(nr_game).battle_command and battles(nr_game) is not None


def test_no_retreats_module_toml_names_what_its_module_always_had(nr_game):
    s = settings(nr_game)
    assert [c.menu for c in s.unit_commands] == ["Mark Unsupplied", "Mark Disorganized", "Mark as Target",
                                                 "Mark Counterblow"]
    assert s.attack_clear_phase == "combat" and [d.name for d in s.dice] == ["1d6"]
    assert (s.set_aside.name, s.joker.name) == ("1945 Cards", "Joker")


def test_module_toml_is_optional_with_defaults(tmp_path):
    game = games.load(str(write_game(tmp_path / "game")))
    s = settings(game)
    assert s.unit_commands == () and s.attack_clear_phase == "" and [d.name for d in s.dice] == ["1d6"]


def test_two_builds_are_byte_identical(s42, s42_built, tmp_path):
    assert_rebuilt_identically(s42, s42_built, tmp_path)
