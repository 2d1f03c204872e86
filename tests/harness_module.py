"""A small VASSAL 3.6 module written with lxml, for the engine harness's own tests and its benchmark.

A 10×8 hex map (flat-topped hexes, ids ``CCRR`` from 0101), a palette with a two-sided unit (prototype, Marker trait,
a Layer flipped with Ctrl+F and a Layer toggled by the named key "Disorganize") and a marker, a shuffled 3-card deck,
a player's hand, a 1d6 button, a turn tracker (turns × phases), a global property and predefined setups. The broken
copy claims a newer VASSAL and carries a bad class, a bad grid attribute, a missing image, a malformed piece and an
unknown trait.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from lxml import etree
from PIL import Image, ImageDraw

from games import vassal_codec

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
