"""The module writer without the engine: XML, piece encodings, grid, zones, the setup save, determinism, errors.

The module is built from stand-in art (plain images with the art's names and board sizes, :func:`fake_art`), so
these tests take seconds; tests/test_module_engine.py loads the module built from the real art in VASSAL itself.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from html import escape

import pytest
from lxml import etree
from PIL import Image

from art.boards import boards
from art.build import jobs
from games import DataError
from games.grid import HexIds
from games.model import Game
from games.vassal_codec import decode
from games.vassal_grid import VassalHexGrid, VassalHexNumbering, _contains
from hexforge import module_step
from modgen import module, names, scenario
from modgen.context import Context
from modgen.furniture import phase_labels, turn_labels
from modgen.savegame import ESC, deobfuscate, obfuscate, restore_text
from modgen.settings import settings
from modgen.traits import CTRL, BasicPiece, Layer, Marker, Piece, Prototype, Report, add_piece, ctrl
from modgen.units import unit_piece

COUNTER = (64, 64)
CARD = (120, 168)


# --- fixtures ----------------------------------------------------------------------------------------------------


def fake_art(game: Game, out_dir: str) -> None:
    """One plain PNG for every image the art step names (art.build.jobs), the boards at the art's board sizes."""
    sizes = {b.image: b.size for b in boards(game)}
    for _, path, _ in jobs(game):
        if not path.startswith("images/"):
            continue
        file = os.path.join(out_dir, path)
        os.makedirs(os.path.dirname(file), exist_ok=True)
        Image.new("RGB", sizes.get(path, CARD if "/cards/" in path else COUNTER), (200, 190, 160)).save(file)


def read_entry(vmod: str, name: str) -> bytes:
    with zipfile.ZipFile(vmod) as z:
        return z.read(name)


def built_on_fake_art(game: Game, tmp_path_factory) -> str:
    """The module of ``game`` built from stand-in art, in a folder of its own: the .vmod's path."""
    out = str(tmp_path_factory.mktemp("modgen") / game.id)
    fake_art(game, out)
    return module_step.build(game, out)[0]


def build_xml(vmod: str) -> etree._Element:
    return etree.fromstring(read_entry(vmod, "buildFile.xml"))


@pytest.fixture(scope="module")
def built(nr_game, tmp_path_factory) -> str:
    return built_on_fake_art(nr_game, tmp_path_factory)


@pytest.fixture(scope="module")
def xml(built) -> etree._Element:
    return build_xml(built)


@pytest.fixture(scope="module")
def ctx(nr_game, built) -> Context:
    return module.context(nr_game, os.path.dirname(built), module_step.battles(nr_game))


def _pieces(el: etree._Element) -> list[tuple[list[str], list[str]]]:
    """Each slot's (trait types, trait states), decoded level by level from its AddPiece text."""
    out = []
    for slot in el:
        _, _, type_, state = decode(slot.text, "/")
        types, states = [], []
        while True:
            t = decode(type_, "\t")
            s = decode(state, "\t")
            types.append(t[0])
            states.append(s[0])
            if len(t) == 1:
                break
            type_, state = t[1], s[1]
        out.append((types, states))
    return out


def _marker(types: list[str], states: list[str]) -> dict[str, str]:
    """The properties of a piece's first Marker trait."""
    for t, s in zip(types, states):
        if t.startswith("mark;"):
            return dict(zip(decode(t[5:], ","), decode(s, ",")))
    return {}


# --- traits ------------------------------------------------------------------------------------------------------


def test_layer_type_has_the_engines_31_fields_and_level_names():
    layer = Layer("Face", ("a.png", "b.png"), ("1st Panzer", "1st Panzer (reduced)"), increase_key=ctrl("F"),
                  increase_command="Flip", value=2)
    fields = decode(layer.type()[len("emb2;"):], ";")
    assert len(fields) == 31
    assert decode(fields[15], ",") == ["a.png", "b.png"]
    assert decode(fields[16], ",") == ["1st Panzer", "1st Panzer (reduced)"]
    assert fields[18] == "Face" and fields[27] == f"70,{CTRL}" and fields[24] == "1"
    assert layer.state() == "2"


def test_piece_nests_traits_outermost_first_with_escaping():
    piece = Piece(BasicPiece("Inf; A/B"), (Marker((("UnitId", "x,1"),)), Prototype("Unit"),
                                           Report((ctrl("F"),), "$location$;done")))
    _, _, type_, state = decode(add_piece(piece), "/")
    levels = []
    while True:
        t = decode(type_, "\t")
        levels.append(t[0])
        if len(t) == 1:
            break
        type_ = t[1]
    assert levels == [t.type() for t in piece.traits] + [piece.basic.type()]
    assert decode(levels[-1], ";") == ["piece", "", "", "", "Inf; A/B"]
    assert decode(decode(state, "\t")[0], ",") == ["x,1"]


def test_expanding_prototypes_inlines_their_traits_in_place():
    report = Report((ctrl("F"),), "flip")
    protos = {"P": Piece(BasicPiece(""), (report,))}
    piece = Piece(BasicPiece("u"), (Marker((("A", "1"),)), Prototype("P")))
    assert piece.expanded(protos).traits == (Marker((("A", "1"),)), report)


# --- the build file ----------------------------------------------------------------------------------------------


def test_palette_holds_every_unit_and_marker_once(nr_game, xml):
    slots = xml.findall(".//VASSAL.build.module.PieceWindow//VASSAL.build.widget.PieceSlot")
    assert len(slots) == len(nr_game.units) + len(nr_game.all_markers)
    props = [_marker(t, s) for t, s in _pieces(slots)]
    assert sorted(p[names.UNIT_ID] for p in props if p[names.KIND] == names.KIND_UNIT) == sorted(nr_game.units)
    assert sorted(p[names.MARKER_ID] for p in props if p[names.KIND] == names.KIND_MARKER) == sorted(
        m.id for m in nr_game.all_markers)
    gpids = [s.get("gpid") for s in xml.iter("VASSAL.build.widget.PieceSlot", "VASSAL.build.widget.CardSlot")]
    assert len(set(gpids)) == len(gpids) and int(xml.get("nextPieceSlotId")) > max(map(int, gpids))


def test_palette_is_organised_by_side_and_nationality(nr_game, xml):
    windows = xml.findall("VASSAL.build.module.PieceWindow")
    assert [w.get("hidden") for w in windows] == ["true", "false"] and len(windows[0]) == 0  # see modgen.palette
    top = windows[1].find("VASSAL.build.widget.TabWidget")
    titles = [t.get("entryName") for t in top]
    assert sorted(titles) == sorted([s.name for s in nr_game.sides.values()] + ["Markers"])
    assert titles[0] == "Markers"  # the tallest grid first: VASSAL packs the window to the first tab
    shapes = top[0]
    assert [g.get("entryName") for g in shapes] == ["Round markers", "Square markers"]
    assert [len(g) for g in shapes] == [len(nr_game.markers), len(nr_game.square_markers)]
    grids = list(xml.iter("VASSAL.build.widget.PanelWidget"))
    assert grids and all(g.get("fixed") == "true" for g in grids) and grids[0].get("nColumns") == "8"
    for tab, side in zip(top[1:], nr_game.sides):
        assert tab.tag == "VASSAL.build.widget.TabWidget"
        for panel in tab:
            for types, states in _pieces(panel):
                unit = nr_game.units[_marker(types, states)[names.UNIT_ID]]
                assert unit.side == side
                assert panel.get("entryName").startswith(nr_game.nationalities[unit.nationality].name)


def test_unit_markers_carry_identity_strengths_and_ma(nr_game, ctx):
    for unit in nr_game.units.values():
        piece = unit_piece(ctx, unit, "1")
        props = dict(piece.traits[0].properties)
        assert list(props) == list(names.UNIT_PROPERTIES)
        assert props[names.UNIT_ID] == unit.id and props[names.SIDE] == unit.side
        assert props[names.STRENGTH] == ("" if unit.front.strength is None else str(unit.front.strength))
        assert props[names.BACK_MA] == ("" if unit.back.ma is None else str(unit.back.ma))
        layer = piece.traits[-1]
        assert layer.images == (f"units/{unit.id}_front.png", f"units/{unit.id}_back.png")


def test_unit_commands_place_the_right_marker_faces(xml):
    proto = next(p for p in xml.iter("VASSAL.build.module.PrototypeDefinition") if p.get("name") == "Unit")
    (types, _), = _pieces([proto])
    placed = {}
    for t in types:
        if t.startswith("placemark;"):
            fields = decode(t[len("placemark;"):], ";")
            (m_types, m_states), = _pieces([_element(fields[2])])
            placed[fields[0]] = (_marker(m_types, m_states)[names.MARKER_KIND], m_states[-2])  # kind, Face level
    assert placed == {"Mark Unsupplied": ("disorganized_unsupplied", "2"),
                      "Mark Disorganized": ("disorganized_unsupplied", "1"),
                      "Mark as Target": ("target_counterblow", "1"),
                      "Mark Counterblow": ("target_counterblow", "2")}


def _element(text: str) -> etree._Element:
    el = etree.Element("slot")
    el.text = text
    return el


def test_decks_hold_the_right_cards(nr_game, xml):
    piles = {p.get("name"): p for p in xml.iter("VASSAL.build.module.map.DrawPile")}
    numbers = {name: sorted(int(_marker(t, s)[names.CARD_NUMBER]) for t, s in _pieces(p)) for name, p in piles.items()}
    assert numbers[names.DRAW_PILE] == list(range(1, 45))
    aside, joker = settings(nr_game).set_aside.name, settings(nr_game).joker.name
    assert (aside, joker) == ("1945 Cards", "Joker")  # games/no_retreat/module.toml
    assert numbers[aside] == sorted(c.number for c in nr_game.cards.values() if c.mark_1945 == "add")
    assert numbers[joker] == [nr_game.cards["joker"].number]
    assert numbers[names.DISCARD_PILE] == []
    assert piles[names.DRAW_PILE].get("faceDown") == "Always" and piles[names.DRAW_PILE].get("shuffle") == "Always"


def test_each_side_has_a_private_hand(nr_game, xml):
    hands = {h.get("mapName"): h.get("side") for h in xml.iter("VASSAL.build.module.PlayerHand")}
    assert hands == {names.hand_name(s.name): f"{s.name},Solitaire" for s in nr_game.sides.values()}
    roster = [e.text for e in xml.find("VASSAL.build.module.PlayerRoster")]
    assert roster == [s.name for s in nr_game.sides.values()] + ["Solitaire"]


def test_every_map_reports_moves_in_every_format(xml):
    maps = list(xml.iter("VASSAL.build.module.Map", "VASSAL.build.module.PlayerHand"))
    assert len(maps) == 4
    for m in maps:
        for attr in ("moveWithinFormat", "moveToFormat", "createFormat", "changeFormat"):
            assert m.get(attr) is not None, (m.get("mapName"), attr)
    main = maps[0]
    assert "$previousLocation$ &rarr; $location$" in main.get("moveWithinFormat")
    assert "$location$" in main.get("moveToFormat") and "$location$" in main.get("createFormat")


def test_main_map_has_the_playing_components_and_markers_above_units(xml):
    main = xml.find("VASSAL.build.module.Map")
    classes = {c.tag.rsplit(".", 1)[-1] for c in main}
    assert {"StackMetrics", "PieceMover", "KeyBufferer", "MenuDisplayer", "ForwardToKeyBuffer",
            "CounterDetailViewer", "Zoomer", "LayeredPieceCollection", "BoardPicker"} <= classes
    layers = main.find("VASSAL.build.module.map.LayeredPieceCollection")
    assert layers.get("property") == names.MAP_LAYER
    assert layers.get("layerOrder").split(",") == [names.LAYER_UNITS, names.LAYER_MARKERS]


def _grid_from_xml(xml) -> tuple[VassalHexGrid, VassalHexNumbering]:
    g = xml.find(".//VASSAL.build.module.map.boardPicker.board.HexGrid")
    n = g.find("VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering")
    b = lambda v: v == "true"  # noqa: E731
    grid = VassalHexGrid(float(g.get("dx")), float(g.get("dy")), int(g.get("x0")), int(g.get("y0")),
                         b(g.get("sideways")), b(g.get("snapTo")))
    numbering = VassalHexNumbering(
        grid, n.get("first"), n.get("sep"), n.get("hType"), n.get("vType"), int(n.get("hLeading")),
        int(n.get("vLeading")), int(n.get("hOff")), int(n.get("vOff")), b(n.get("hDescend")), b(n.get("vDescend")),
        b(n.get("stagger")), n.get("locationFormat"))
    return grid, numbering


def test_the_grid_in_the_xml_names_every_hex_centre_with_its_id(nr_game, xml, ctx):
    """VASSAL's grid, emulated in Python from the written attributes, names each hex centre with our id."""
    grid, numbering = _grid_from_xml(xml)
    assert grid == ctx.layout.vassal_grid and grid.sideways and numbering.first == "V" and not numbering.stagger
    ids = HexIds(nr_game.map.grid)
    assert len(nr_game.map.hexes) == 380
    for hex_id in nr_game.map.hexes:
        centre = ctx.layout.centre(ids.hex_of(hex_id))
        assert grid.snap(centre) == centre
        assert numbering.location_name(centre) == hex_id
        assert grid.snap(numbering.location(hex_id)) == centre


def _zones(xml) -> dict[str, list[tuple[int, int]]]:
    out = {}
    for z in xml.iter("VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"):
        out[z.get("name")] = [tuple(map(int, p.split(","))) for p in z.get("path").split(";")]
    return out


def test_areas_and_boxes_are_zones_named_as_the_game_names_them(nr_game, xml, ctx):
    zones = _zones(xml)
    expected = [a.name for a in nr_game.map.areas.values()]
    expected += [b.name for b in nr_game.map.boxes.values() if b.kind == "holding"]
    expected += [names.track_space_name(b.name, s) for b in nr_game.map.boxes.values() if b.kind == "track"
                 for s in b.spaces]
    assert sorted(zones) == sorted(expected)
    origin = dict(ctx.origins)
    for location in list(nr_game.map.areas) + [k for k in ctx.box_rects if k not in nr_game.map.boxes
                                                or nr_game.map.boxes[k].kind == "holding"]:
        x, y = ctx.point(location)
        board = "map" if location in nr_game.map.areas else ctx.box_rects[location][0]
        ox, oy = origin[board]
        assert _contains(zones[ctx.location_name(location)], x - ox, y - oy), location


def test_no_hex_centre_lies_in_a_zone(nr_game, xml, ctx):
    area_zones = [p for name, p in _zones(xml).items() if name in {a.name for a in nr_game.map.areas.values()}]
    ids = HexIds(nr_game.map.grid)
    for hex_id in nr_game.map.hexes:
        x, y = ctx.layout.centre(ids.hex_of(hex_id))
        assert not any(_contains(poly, x, y) for poly in area_zones), hex_id


def test_turn_tracker_has_every_turn_and_every_phase(nr_game, xml):
    tracker = xml.find("VASSAL.build.module.turn.TurnTracker")
    turns = tracker.find("VASSAL.build.module.turn.ListTurnLevel")
    phases = turns.find("VASSAL.build.module.turn.ListTurnLevel")
    turn_list = decode(turns.get("list"), ",")
    assert turn_list == turn_labels(nr_game) and len(turn_list) == 28
    assert turn_list[2] == "Turn 3 (Sep-Oct 1941) Mud or Clear"
    phase_list = decode(phases.get("list"), ",")
    assert phase_list == phase_labels(nr_game)
    player = [p for p in nr_game.phases if p.player]
    assert len(phase_list) == len(nr_game.phases) - len(player) + 2 * len(player)
    assert "Axis Combat Phase" in phase_list and "Soviet Combat Phase" in phase_list
    assert phase_list.index("Axis Detraining Phase") < phase_list.index("Soviet Card Phase")


def test_furniture(nr_game, xml):
    dice = xml.find("VASSAL.build.module.DiceButton")
    assert (dice.get("nDice"), dice.get("nSides")) == ("1", "6") and "$result$" in dice.get("reportFormat")
    props = {p.get("name"): p for p in xml.iter("VASSAL.build.module.properties.GlobalProperty")}
    assert props[names.VP_PROPERTY].get("initialValue") == str(nr_game.vp_track.start)
    assert props[names.INITIATIVE_PROPERTY].get("initialValue") == "Axis"
    buttons = [b for n in (names.VP_PROPERTY, names.INITIATIVE_PROPERTY)
               for b in props[n].iter("VASSAL.build.module.properties.ChangePropertyButton")]
    assert all(b.get("reportFormat") for b in buttons) and len(buttons) == 2  # initiative; VP follows its marker
    charts = {c.get("fileName"): c.get("chartName") for c in xml.iter("VASSAL.build.widget.Chart")}
    assert charts["charts/crt_axis.png"] == "Axis Combat Results Table" and charts["charts/tec.png"]
    assert all("_" not in title for title in charts.values())
    assert xml.find("VASSAL.build.module.ChartWindow").get("name") == f"{nr_game.title}: charts and tables"
    assert xml.find("VASSAL.build.module.NotesWindow") is not None
    setups = [(s.get("name"), s.get("file")) for s in xml.iter("VASSAL.build.module.PredefinedSetup")]
    assert ("Campaign Game 1941-1945", "campaign_1941.vsav") in setups


def test_archive_contents(nr_game, built):
    with zipfile.ZipFile(built) as z:
        infos = z.infolist()
        names_ = [i.filename for i in infos]
        assert names_ == sorted(names_)
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert {"buildFile.xml", "moduledata", "campaign_1941.vsav", module.HELP_FILE} <= set(names_)
        expected_images = {p for _, p, _ in jobs(nr_game) if p.startswith("images/")}
        own = {n for n in names_ if n.startswith("images/module/")}  # the module's own drawings (modgen.drawn)
        assert {n for n in names_ if n.startswith("images/")} == expected_images | own
        assert "images/module/about.png" in own and "images/module/card_table.png" in own
        assert {n.removeprefix("images/module/attack_").removesuffix(".png") for n in own if "attack_" in n} == \
            {"E", "SE", "SW", "W", "NW", "NE"}
        assert module.RULES_FILE in names_
        data = etree.fromstring(z.read("moduledata"))
        assert data.findtext("name") == "NoRetreat" and data.findtext("VassalVersion") == module.VASSAL_VERSION
        page = z.read(module.HELP_FILE).decode()
        assert "Campaign Game 1941-1945" in page and "Ctrl+F" in page
        campaign = nr_game.scenarios["campaign_1941"]
        assert campaign.special_rules and campaign.victory  # the scenario's own rules and victory, in the help
        assert all(escape(t) in page for t in campaign.special_rules + campaign.victory)


# --- the setup save -------------------------------------------------------------------------------------------------


def _restore_tokens(vsav: bytes) -> list[str]:
    import io

    with zipfile.ZipFile(io.BytesIO(vsav)) as z:
        assert sorted(z.namelist()) == ["moduledata", "savedGame", "savedata"]
        raw = z.read("savedGame").decode("ascii")
    assert raw.startswith("!VCSK")
    return decode(deobfuscate(raw), ESC)


def test_obfuscation_is_vassals_hex_xor():
    text = "begin_save\x1b+/1/piece;;;;Ü/null;0;0;;0"
    raw = obfuscate(text)
    key = int(raw[5:7], 16)
    assert raw[:5] == "!VCSK" and len(raw) == 7 + 2 * len(text.encode())
    assert bytes(int(raw[i:i + 2], 16) ^ key for i in range(7, len(raw), 2)).decode() == text
    assert deobfuscate(raw) == text


def test_campaign_save_places_every_unit_at_its_data_location(nr_game, built, ctx):
    tokens = _restore_tokens(read_entry(built, "campaign_1941.vsav"))
    assert tokens[0] == "begin_save" and tokens[-1] == "end_save" and tokens[1] == ""
    adds = decode(tokens[2], ESC)[1:]
    where: dict[str, tuple[str, int, int]] = {}
    unit_pids: set[str] = set()
    stacked: set[str] = set()
    for add in adds:
        _, pid, type_, state = decode(add, "/")
        if type_ == "stack":
            parts = decode(state, ";")
            stacked.update(parts[3:-1])
            continue
        if type_.startswith("deck;"):
            continue
        types, states = [], []
        t, s = type_, state
        while True:
            tt, ss = decode(t, "\t"), decode(s, "\t")
            types.append(tt[0])
            states.append(ss[0])
            if len(tt) == 1:
                break
            t, s = tt[1], ss[1]
        assert not any(x.startswith("prototype;") for x in types)  # expanded, as VASSAL saves pieces
        props = _marker(types, states)
        if props.get(names.KIND) == names.KIND_UNIT:
            map_id, x, y = decode(states[-1], ";")[:3]
            where[props[names.UNIT_ID]] = (map_id, int(x), int(y))
            unit_pids.add(pid)
    sc = nr_game.scenarios["campaign_1941"]
    for p in sc.setup:
        assert where[p.unit] == (names.MAIN_MAP, *ctx.point(p.location)), p.unit
    track = scenario.turn_track_box(ctx)
    for p in scenario.arrivals(ctx, sc):
        assert where[p.unit] == (names.MAIN_MAP, *ctx.point(f"{track}:{p.turn}")), p.unit
    assert len(where) == len(sc.setup) + len(scenario.arrivals(ctx, sc))
    assert unit_pids <= stacked  # every unit sits in a stack
    components = tokens[3:-1]
    assert "SETUP_STACK\t" in components
    assert any(c.startswith("TURNTurnTracker0\t") for c in components)
    assert f"GlobalProperty\t;{names.VP_PROPERTY};{nr_game.vp_track.start};Module" in components


def test_save_lists_pieces_before_the_containers_that_hold_them(nr_game, ctx):
    contents = scenario.contents(ctx, nr_game.scenarios["campaign_1941"])
    adds = decode(decode(restore_text(contents), ESC)[2], ESC)[1:]
    seen: set[str] = set()
    for add in adds:
        _, pid, type_, state = decode(add, "/")
        if type_ == "stack":
            assert set(decode(state, ";")[3:-1]) <= seen
        elif type_.startswith("deck;"):
            members = decode(state, ";")
            assert len(members) < 5 or set(decode(members[4], ",")) <= seen
        seen.add(pid)
    assert len(seen) == len(adds)


# --- determinism and bad input ---------------------------------------------------------------------------------------


def assert_rebuilt_identically(game: Game, vmod: str, out) -> None:
    """The module of ``game`` built again from the same images (copied into ``out``) has the same bytes."""
    again = out / game.id
    shutil.copytree(os.path.join(os.path.dirname(vmod), "images"), again / "images")
    with open(vmod, "rb") as a, open(module_step.build(game, str(again))[0], "rb") as b:
        assert a.read() == b.read()


def test_two_builds_are_byte_identical(nr_game, built, tmp_path):
    assert_rebuilt_identically(nr_game, built, tmp_path)


def test_a_missing_image_is_one_clear_error_and_nothing_is_written(nr_game, built, tmp_path):
    out = tmp_path / "no_retreat"
    shutil.copytree(os.path.join(os.path.dirname(built), "images"), out / "images")
    os.unlink(out / "images" / "units" / "ger_4pz_back.png")
    with pytest.raises(DataError) as err:
        module_step.build(nr_game, str(out))
    assert "ger_4pz_back.png" in str(err.value) and "\n" not in str(err.value)
    assert not os.path.exists(module.vmod_path(nr_game, str(out)))
    assert os.listdir(out) == ["images"]


def test_an_unreadable_image_is_a_data_error(nr_game, built, tmp_path):
    out = tmp_path / "no_retreat"
    shutil.copytree(os.path.join(os.path.dirname(built), "images"), out / "images")
    (out / "images" / "map.png").write_bytes(b"not a png")
    with pytest.raises(DataError, match="map.png: not a readable image"):
        module_step.build(nr_game, str(out))
