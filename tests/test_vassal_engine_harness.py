"""The VASSAL engine harness itself (tests/vassal_engine.py), proved on a small module written here with lxml.

The module has a 10×8 hex map, a palette with a two-sided unit (prototype, Marker trait, Layer) and a marker, a
shuffled 3-card deck, a player's hand, a 1d6 button, a turn tracker (turns × phases), a global property and a
predefined setup. One broken copy carries a bad class, a missing image, a malformed piece and an unknown trait.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image, ImageDraw

from games import vassal_codec
from vassal_engine import Engine, EngineError, ScriptResult

pytestmark = pytest.mark.engine

M = "VASSAL.build.module."
HEX_H = 60  # hex height (flat-topped hexes, columns of hexes going down)
HEX_DX = HEX_H * 3**0.5 / 2  # column spacing
X0, Y0 = 36, 32  # centre of hex 0101
COLS, ROWS = 10, 8
BOARD = (int(X0 + (COLS - 1) * HEX_DX + 40), int(Y0 + ROWS * HEX_H + 10))
DECK_AT = (480, 60)  # the draw pile's position on the board
VASSAL_VERSION = "3.6.0-SNAPSHOT"  # not newer than the engine, which would draw a "Version Mismatch" dialog


def hex_centre(col: int, row: int) -> tuple[float, float]:
    """Centre of hex (col, row), 0-based, in board pixels: odd columns sit half a hex lower."""
    return X0 + col * HEX_DX, Y0 + row * HEX_H + (HEX_H / 2 if col % 2 else 0)


def hex_id(col: int, row: int) -> str:
    return f"{col + 1:02d}{row + 1:02d}"


def png(size: tuple[int, int], colour: tuple[int, int, int], text: str = "") -> bytes:
    img = Image.new("RGB", size, colour)
    if text:
        ImageDraw.Draw(img).text((4, size[1] // 2 - 6), text, fill=(0, 0, 0))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def layer(name: str, images: str, names: str, menu: str, key: str = "", named: str = "") -> str:
    """A Layer (Embellishment, "emb2;", 3.6 field order) stepping through ``images`` with Ctrl+``key`` or with the
    named key command ``named``."""
    stroke = f"{ord(key)},130" if key else f"0,0,{named}"
    fields = ["", "130", "", menu, "130", key, "", "130", "", "", "", "1", "false", "0", "0", images, names, "true",
              name, "", "", "false", "", "1", "1", "true", "", stroke, "", menu, "1.0"]
    return "emb2;" + ";".join(fields)


def nest(parts: list[str]) -> str:
    """Decorator nesting: each trait's text, then everything inside it as one tab-escaped token."""
    return parts[0] if len(parts) == 1 else vassal_codec.encode([parts[0], nest(parts[1:])], "\t")


def definition(traits: list[tuple[str, str]]) -> str:
    """A PieceSlot's text: an encoded AddPiece of traits given outermost first as (type, state)."""
    return vassal_codec.encode(["+", "null", nest([t for t, _ in traits]), nest([s for _, s in traits])], "/")


def sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    el = etree.SubElement(parent, tag if tag.startswith("VASSAL.") or tag == "entry" else M + tag,
                          {k: str(v) for k, v in attrs.items()})
    el.text = text
    return el


def build_file(broken: bool, setup_file: str | None) -> bytes:
    root = etree.Element("VASSAL.build.GameModule", name="HarnessTest", version="0.1",
                         VassalVersion="3.7.0" if broken else VASSAL_VERSION,
                         description="hexforge harness test module", nextPieceSlotId="20")
    for tag in ("BasicCommandEncoder", "Documentation", "Chatter"):
        sub(root, tag)
    roster = sub(root, "PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides")
    for side in ("Allies", "Axis"):
        sub(roster, "entry", side)
    sub(root, "GlobalOptions", autoReport="Always", playerIdFormat="$PlayerName$")
    protos = sub(root, "PrototypesContainer")
    sub(protos, "PrototypeDefinition", definition([("mark;Type", "unit"), ("piece;;;;", "null;0;0;;0")]),
        name="Unit", description="")

    the_map = sub(root, "Map", mapName="Main Map", buttonName="Map", launch="false", markMoved="Never",
                  moveWithinFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
                  moveToFormat="$pieceName$ moves $previousLocation$ -> $location$ *",
                  createFormat="$pieceName$ created in $location$ *")
    picker = sub(the_map, "map.BoardPicker")
    board = sub(picker, "map.boardPicker.Board", name="Main", image="board.png", reversible="false")
    grid = sub(board, "map.boardPicker.board.HexGrid", dx=f"{HEX_DX:.4f}", dy="sixty" if broken else f"{HEX_H:.4f}",
               x0=str(X0), y0=str(Y0), sideways="false", snapTo="true", visible="false", edgesLegal="false",
               cornersLegal="false")
    sub(grid, "map.boardPicker.board.mapgrid.HexGridNumbering", first="H", sep="", hType="N", vType="N", hLeading="1",
        vLeading="1", hOff="1", vOff="1", stagger="false", visible="false", locationFormat="$gridLocation$")
    sub(the_map, "map.StackMetrics", exSepX="6", exSepY="18", unexSepX="2", unexSepY="4")
    for tag in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                "StackExpander", "PieceMover", "KeyBufferer", "SelectionHighlighters"):
        sub(the_map, "map." + tag)
    pile = sub(the_map, "map.DrawPile", name="Cards", owningBoard="Main", x=str(DECK_AT[0]), y=str(DECK_AT[1]),
               width="40", height="60", shuffle="Always", faceDown="Never", drawFaceUp="true", reshufflable="false",
               allowMultiple="false", allowSelect="false", reversible="false", draw="true", color="0,0,0")
    for n in (1, 2, 3):
        sub(pile, "VASSAL.build.widget.CardSlot",
            definition([("mark;CardId", f"card{n}"), (f"piece;;;card{n}.png;Card {n}", f"null;0;0;{10 + n};0")]),
            entryName=f"Card {n}", gpid=str(10 + n))

    hand = sub(root, "PlayerHand", mapName="Allies Hand", side="Allies", visible="false", useBoards="false",
               buttonName="Hand", launch="false", markMoved="Never")
    hand_picker = sub(hand, "map.BoardPicker")
    sub(hand_picker, "map.boardPicker.Board", name="Hand", image="", width="400", height="200", reversible="false")
    sub(hand, "map.StackMetrics", exSepX="12", exSepY="0", unexSepX="8", unexSepY="0")
    for tag in ("ForwardToKeyBuffer", "Scroller", "MenuDisplayer", "PieceMover", "KeyBufferer"):
        sub(hand, "map." + tag)

    unit = [(layer("Side", "inf-front.png,inf-back.png" if not broken else "inf-front.png,inf-MISSING.png",
                   ",+ (reduced)", "Flip side", key="F"), "1"),
            (layer("Disorganized", ",dg.png", ",+ DG", "Disorganize", named="Disorganize"), "1"),
            ("mark;UnitId,Side", "inf_1,Allies"), ("prototype;Unit", ""), ("piece;;;;Infantry", "null;0;0;1;0")]
    marker = [("piece;;;marker.png;Marker", "null;0;0;2;0")]
    palette = sub(root, "PieceWindow", name="Pieces", text="Pieces", hidden="false", scale="1.0")
    units = sub(palette, "VASSAL.build.widget.ListWidget", entryName="Allies", divider="150", scale="1.0")
    sub(units, "VASSAL.build.widget.PieceSlot", definition(unit), entryName="Infantry", gpid="1", width="56",
        height="56")
    markers = sub(palette, "VASSAL.build.widget.ListWidget", entryName="Markers", divider="150", scale="1.0")
    sub(markers, "VASSAL.build.widget.PieceSlot", definition(marker), entryName="Marker", gpid="2", width="50",
        height="50")
    if broken:
        sub(markers, "VASSAL.build.widget.PieceSlot",
            definition([("emb2;;notanumber;;Flip", "1"), ("piece;;;;Bad", "null;0;0;3;0")]), entryName="Bad", gpid="3")
        sub(markers, "VASSAL.build.widget.PieceSlot",
            definition([("zzzbogus;1;2", ""), ("piece;;;;Odd", "null;0;0;4;0")]), entryName="Odd", gpid="4")
        sub(root, "NoSuchComponent", name="x")

    sub(root, "DiceButton", name="1d6", text="1d6", nDice="1", nSides="6", plus="0", addToTotal="0",
        reportTotal="false", prompt="false", reportFormat="** $name$ = $result$ *** <$PlayerName$>")
    tracker = sub(root, "turn.TurnTracker", name="Turn", buttonText="Turn", turnFormat="Turn $level1$ $level2$",
                  reportFormat="Turn updated from $oldTurn$ to $newTurn$", lengthStyle="Maximum")
    turns = sub(tracker, "turn.CounterTurnLevel", property="Turn", start="1", incr="1", loop="false",
                turnFormat="$value$")
    sub(turns, "turn.ListTurnLevel", property="Phase", list="Move,Combat", turnFormat="$value$")
    props = sub(root, "properties.GlobalProperties")
    sub(props, "properties.GlobalProperty", name="VP", initialValue="3", isNumeric="true", min="0", max="40",
        wrap="false", description="victory points")
    sub(root, "PredefinedSetup", name="Blank", useFile="false", isMenu="false", file="")
    if setup_file:
        sub(root, "PredefinedSetup", name="Opening", useFile="true", isMenu="false", file=setup_file)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False)


def write_module(path: Path, broken: bool = False, setup: Path | None = None, malformed: bool = False) -> Path:
    board = Image.new("RGB", BOARD, (200, 225, 170))
    draw = ImageDraw.Draw(board)
    for c in range(COLS):
        for r in range(ROWS):
            x, y = hex_centre(c, r)
            draw.text((x - 12, y - 8), hex_id(c, r), fill=(60, 60, 60))
    buf = io.BytesIO()
    board.save(buf, "PNG")
    xml = build_file(broken, setup.name if setup else None)
    if malformed:
        xml = xml.replace(b"</VASSAL.build.GameModule>", b"</VASSAL.build.GameModul>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", xml)
        z.writestr("moduledata", f'<?xml version="1.0" encoding="UTF-8"?><data version="1"><version>0.1</version>'
                                 f"<VassalVersion>{VASSAL_VERSION}</VassalVersion><name>HarnessTest</name>"
                                 "<description/></data>")
        z.writestr("images/board.png", buf.getvalue())
        z.writestr("images/inf-front.png", png((56, 56), (150, 180, 240), "INF 4-4"))
        z.writestr("images/inf-back.png", png((56, 56), (230, 160, 160), "INF 2-2"))
        z.writestr("images/marker.png", png((50, 50), (250, 220, 90), "MKR"))
        z.writestr("images/dg.png", png((20, 20), (250, 0, 0), "DG"))
        for n in (1, 2, 3):
            z.writestr(f"images/card{n}.png", png((40, 60), (255, 255, 255), f"C{n}"))
        if setup:
            z.write(setup, setup.name)
    return path


@pytest.fixture(scope="module")
def module_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("harness-module")


@pytest.fixture(scope="module")
def vmod(module_dir: Path) -> Path:
    return write_module(module_dir / "HarnessTest.vmod")


UNIT = {"UnitId": "inf_1"}
OPENING = [
    {"do": "new_game"},
    {"do": "button", "name": "1d6"},
    {"do": "side", "side": "Allies"},
    {"do": "begin_log", "file": "game.vlog"},
    {"do": "place", "slot": "Infantry", "at": "0102"},
    {"do": "place", "slot": "Marker", "at": list(map(round, hex_centre(4, 4)))},
    {"do": "move", "piece": UNIT, "to": "0303"},
    {"do": "key", "piece": UNIT, "menu": "Flip side"},
    {"do": "key", "piece": UNIT, "named": "Disorganize"},
    {"do": "turn", "step": "next"},
    {"do": "turn", "step": "next"},
    {"do": "draw", "deck": "Cards", "map": "Allies Hand", "to": [100, 100]},
    {"do": "save", "file": "game.vsav"},
    {"do": "end_log"},
]


@pytest.fixture(scope="module")
def played(vassal_engine: Engine, vmod: Path, module_dir: Path) -> ScriptResult:
    return vassal_engine.run_script(vmod, OPENING, module_dir / "out")


def test_clean_module_loads_clean_and_is_listed(vassal_engine: Engine, vmod: Path) -> None:
    r = vassal_engine.check(vmod)
    assert r.clean, r.summary()
    assert r.module["name"] == "HarnessTest" and r.module["vassal_version"].startswith("3.6.0-SNAPSHOT")
    slots = {s.slot: s for s in r.slots}
    assert set(slots) == {"Infantry", "Marker", "Card 1", "Card 2", "Card 3"}
    assert all(s.roundtrip for s in r.slots)
    assert slots["Infantry"].path == ("Pieces", "Allies") and slots["Infantry"].kind == "piece"
    assert slots["Infantry"].traits == ("emb2;", "emb2;", "mark;", "prototype;", "piece;")
    assert slots["Infantry"].size == (56, 56)
    assert slots["Card 2"].kind == "card" and slots["Card 2"].path == ("Main Map", "Cards")
    assert [(p.name, p.roundtrip) for p in r.prototypes] == [("Unit", True)]
    assert not r.images["failed"] and "inf-back.png" in r.images["referenced"]
    assert [(b.map, b.name, b.width, b.height) for b in r.boards] == [("Main Map", "Main", *BOARD),
                                                                        ("Allies Hand", "Hand", 400, 200)]
    assert r.boards[0].grid["class"].endswith("HexGrid") and r.boards[0].grid["attributes"]["x0"] == str(X0)
    assert [(m.name, m.cls) for m in r.maps] == [("Main Map", "Map"), ("Allies Hand", "PlayerHand")]
    assert [(d.name, d.map, d.cards, d.dealt) for d in r.decks] == [("Cards", "Main Map", 3, 3)]
    assert r.sides == ("Allies", "Axis")
    [tracker] = r.turn_trackers
    assert tracker.name == "Turn" and tracker.turn == "Turn 1 Move"
    [turns] = tracker.levels
    assert turns.cls == "CounterTurnLevel" and turns.levels[0].attributes["list"] == "Move,Combat"
    assert [(g.name, g.value) for g in r.global_properties] == [("VP", "3")]
    assert [(s.name, s.use_file) for s in r.setups] == [("Blank", False)]
    assert r.game_started


def test_every_kind_of_breakage_is_reported(vassal_engine: Engine, module_dir: Path) -> None:
    r = vassal_engine.check(write_module(module_dir / "Broken.vmod", broken=True), ignore=["Version Mismatch"])
    assert not r.clean
    text = r.summary()
    [prompt] = r.ignored  # the module claims a newer VASSAL: a prompt, closed, and ignored as asked
    assert prompt.kind == "DIALOG" and "3.7.0" in prompt.message and "Version Mismatch" not in text
    expected = [
        ("BUG", r"failed to load class VASSAL\.build\.module\.NoSuchComponent"),
        ("BUG", r"HexGrid.*NumberFormatException.*sixty"),
        ("IMAGE", r"cannot load image 'inf-MISSING\.png'"),
        ("ROUNDTRIP", r"slot 'Bad': VASSAL re-encodes"),
        ("LOG-WARN", r"Unknown type zzzbogus"),
    ]
    for kind, pattern in expected:
        assert any(p.kind == kind and re.search(pattern, p.message) for p in r.problems), (kind, pattern, text)
    bad = next(p for p in r.problems if p.kind == "ROUNDTRIP" and "'Bad'" in p.message)
    assert "notanumber" in bad.detail["given"] and "notanumber" not in bad.detail["vassal"]
    assert next(b for b in r.boards if b.name == "Main").grid is None  # the bad HexGrid was skipped


def test_unloadable_module_is_fatal_not_an_exception(vassal_engine: Engine, module_dir: Path) -> None:
    r = vassal_engine.check(write_module(module_dir / "Malformed.vmod", malformed=True))
    assert not r.clean and r.fatal and "GameModul" in r.fatal


def test_locate_names_every_hex_and_finds_it_back(vassal_engine: Engine, vmod: Path) -> None:
    cells = [(c, r) for c in range(COLS) for r in range(ROWS)]
    points = [tuple(round(v) for v in hex_centre(c, r)) for c, r in cells]
    names = vassal_engine.locate(vmod, "Main Map", points + [DECK_AT, (BOARD[0] + 50, 5)])
    assert names == [hex_id(c, r) for c, r in cells] + ["Cards", "offboard"]
    found = vassal_engine.where(vmod, "Main Map", [hex_id(c, r) for c, r in cells] + ["Cards", "nowhere"])
    for (c, r), xy in zip(cells, found):
        x, y = hex_centre(c, r)
        assert abs(xy[0] - x) <= 1 and abs(xy[1] - y) <= 1, (hex_id(c, r), xy)
    assert found[-2:] == [DECK_AT, None]


def test_scripted_game_goes_through_vassal(played: ScriptResult, module_dir: Path) -> None:
    steps = {i: s for i, s in enumerate(played.steps)}
    assert [s.do for s in played.steps] == [a["do"] for a in OPENING]
    assert not played.problems, played.problems
    assert re.fullmatch(r"\*\*\* 1d6 = [1-6] \*\*\* <Tester>", steps[1].chat[-1])
    placed = steps[4].piece
    assert (placed.name, placed.location, placed.properties["UnitId"]) == ("Infantry", "0102", "inf_1")
    assert placed.properties["Type"] == "unit"  # from the prototype
    assert steps[5].piece.location == "0505"
    move = steps[6]
    assert move.piece.location == "0303" and move.chat == ("* Infantry moves 0102 -> 0303 *",)
    assert any(re.search(f"(^|\x1b)M/{placed.id}/Main Map/{move.piece.x}/{move.piece.y}/", c) for c in move.commands)
    assert steps[7].changed and steps[7].piece.name == "Infantry (reduced)"
    assert any(re.search(f"(^|\x1b)D/{placed.id}/2\t", c) for c in steps[7].commands)
    assert steps[8].changed and steps[8].piece.properties["Disorganized_Level"] == "2"
    assert (steps[9].turn, steps[10].turn) == ("Turn 1 Combat", "Turn 2 Move")
    assert steps[10].chat == ("* Turn updated from Turn 1 Combat to Turn 2 Move",)
    [card] = steps[11].pieces
    assert card.map == "Allies Hand" and card.deck is None and card.properties["CardId"] in {"card1", "card2", "card3"}
    unit = played.piece(**UNIT)
    assert unit.location == "0303" and unit.name == "Infantry DG (reduced)"
    assert played.piece(name="Marker").location == "0505"
    assert sum(1 for p in played.pieces if p.deck == "Cards") == 2
    for name in ("game.vsav", "game.vlog"):
        with zipfile.ZipFile(module_dir / "out" / name) as z:
            assert z.read("savedGame").startswith(b"!VCSK")


def test_vassal_replays_its_own_log_to_the_same_end(vassal_engine: Engine, vmod: Path, played: ScriptResult,
                                                    module_dir: Path) -> None:
    r = vassal_engine.decode(vmod, module_dir / "out" / "game.vlog")
    assert not r.problems, r.problems
    assert r.metadata["module_name"] == "HarnessTest" and r.steps > 0
    assert any(c.cls.endswith("LogCommand") for c in r.commands)
    assert any(c.cls.endswith("MovePiece") and c.depth > 0 for c in r.commands)
    where = {(p.name, p.map, p.location, p.deck) for p in r.pieces}
    assert where == {(p.name, p.map, p.location, p.deck) for p in played.pieces}
    assert r.piece(**UNIT).name == "Infantry DG (reduced)"
    assert "* Infantry moves 0102 -> 0303 *" in r.chat


def test_predefined_setup_opens_with_seeded_dice(vassal_engine: Engine, played: ScriptResult, module_dir: Path) -> None:
    with_setup = write_module(module_dir / "WithSetup.vmod", setup=module_dir / "out" / "game.vsav")
    r = vassal_engine.run_script(with_setup, [{"do": "new_game", "setup": "Opening"}, {"do": "button", "name": "1d6"},
                                              {"do": "move", "piece": {"UnitId": "inf_1"}, "to": "0808"}],
                                 module_dir / "out2")
    assert r.steps[0].do == "new_game" and not r.problems, r.problems
    assert r.steps[1].chat == played.steps[1].chat  # the same seed gives the same first roll
    assert r.piece(UnitId="inf_1").location == "0808"
    assert r.piece(name="Marker").location == "0505"


def test_an_action_that_cannot_be_done_raises(vassal_engine: Engine, vmod: Path, module_dir: Path) -> None:
    with pytest.raises(EngineError, match=r"action 1 \(move\): no piece match.*ger_9"):
        vassal_engine.run_script(vmod, [{"do": "new_game"}, {"do": "move", "piece": {"UnitId": "ger_9"}, "to": "0101"}],
                                 module_dir / "out3")
