"""Module grids read from build files (issue 9, item 3): square, region and zoned grids with VASSAL's arithmetic,
boards laid out side by side, decks naming their spot, and build files inside .vmod zips."""

from __future__ import annotations

import io
import math
import os
import struct
import zipfile

import pytest

from games.errors import DataError
from games.vassal_grid import VassalSquareGrid, VassalSquareNumbering
from validator.vassal.module import parse_build_file, read_module

B = "VASSAL.build.module.map.boardPicker"


def png(width: int, height: int) -> bytes:
    """Just the signature and IHDR chunk: all the board reader looks at."""
    return b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + struct.pack(">II", width, height) + b"\x08\x02\x00\x00\x00"


BUILD = f"""<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.GameModule name="Test" version="1.2" VassalVersion="3.7.26">
  <VASSAL.build.module.PlayerRoster><entry>Red</entry><entry>Blue</entry></VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.Map mapName="Main" edgeWidth="10" edgeHeight="20">
    <VASSAL.build.module.map.BoardPicker>
      <{B}.Board name="West" image="west.png">
        <{B}.board.ZonedGrid>
          <{B}.board.mapgrid.Zone name="Box" path="0,0;100,0;100,100;0,100" locationFormat="$name$ $gridLocation$">
            <{B}.board.SquareGrid dx="50" dy="50" x0="25" y0="25">
              <{B}.board.mapgrid.SquareGridNumbering hType="A" vLeading="0" hOff="0"/>
            </{B}.board.SquareGrid>
          </{B}.board.mapgrid.Zone>
          <{B}.board.mapgrid.Zone name="Lake" path="300,0;400,0;400,100;300,100" useParentGrid="true"
              locationFormat="Lake $gridLocation$"/>
          <{B}.board.HexGrid dx="56.25" dy="64.5" x0="0" y0="32">
            <{B}.board.mapgrid.HexGridNumbering hType="A" hOff="0" vLeading="0" stagger="false"/>
          </{B}.board.HexGrid>
        </{B}.board.ZonedGrid>
      </{B}.Board>
      <{B}.Board name="East" image="east.png">
        <{B}.board.RegionGrid snapto="true">
          <{B}.board.Region name="Paris" originx="100" originy="100"/>
          <{B}.board.Region name="Lyon" originx="300" originy="400"/>
        </{B}.board.RegionGrid>
      </{B}.Board>
      <{B}.Board name="Blank" width="200" height="100"/>
    </VASSAL.build.module.map.BoardPicker>
    <VASSAL.build.module.map.DrawPile name="Draw" owningBoard="East" x="50" y="60"/>
  </VASSAL.build.module.Map>
  <VASSAL.build.widget.WidgetMap mapName="Track">
    <VASSAL.build.module.map.BoardPicker><{B}.Board name="T" width="500" height="50"/></VASSAL.build.module.map.BoardPicker>
  </VASSAL.build.widget.WidgetMap>
  <VASSAL.build.module.turn.TurnTracker name="Turn">
    <VASSAL.build.module.turn.CounterTurnLevel name="Game Turn" property="Turn" start="1" incr="1">
      <VASSAL.build.module.turn.ListTurnLevel name="Phase" property="Phase" list="Move,Fight"/>
    </VASSAL.build.module.turn.CounterTurnLevel>
  </VASSAL.build.module.turn.TurnTracker>
  <VASSAL.build.widget.PieceSlot entryName="Inf" gpid="3">+/null/piece;;;inf.png;Inf/null;0;0;3;0</VASSAL.build.widget.PieceSlot>
</VASSAL.build.GameModule>
"""


@pytest.fixture()
def vmod(tmp_path) -> str:
    path = os.path.join(tmp_path, "test.vmod")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", BUILD)
        z.writestr("moduledata", "<data version='1'><VassalVersion>3.7.26</VassalVersion></data>")
        z.writestr("images/west.png", png(400, 300))
        z.writestr("images/east.png", png(600, 500))
    return path


def test_module_structure(vmod: str) -> None:
    m = read_module(vmod)
    assert (m.name, m.version, m.vassal_version, m.sides) == ("Test", "1.2", "3.7.26", ("Red", "Blue"))
    assert list(m.maps) == ["Main", "Track"] and m.maps["Track"].component == "VASSAL.build.widget.WidgetMap"
    main = m.maps["Main"]
    assert main.edge == (10, 20) and [b.size for b in main.boards.values()] == [(400, 300), (600, 500), (200, 100)]
    assert [(s.component, s.name) for s in m.slots] == [("PieceSlot", "Inf")]
    assert m.map("Map1") is m.maps["Track"]  # VASSAL's generated id for an unnamed second map


def test_turn_tracker_states_read_as_level_values(vmod: str) -> None:
    tracker = read_module(vmod).turn_trackers["TurnTracker0"]
    assert tracker.values("0|3;1;false;-1;1\\;0\\;0\\;true,true") == {"Turn": "3", "Phase": "Fight"}
    assert tracker.values("0|") == {"Turn": "1"}  # a level with no state starts where the module says


def test_boards_side_by_side_name_points_like_map_location_name(vmod: str) -> None:
    layout = read_module(vmod).layout("Main", [("West", False, 0, 0), ("East", False, 1, 0), ("Blank", False, 0, 1)])
    assert [b.origin for b in layout.boards] == [(10, 20), (410, 20), (10, 320)]
    assert layout.location_name((10 + 60, 20 + 30)) == "Box B1"  # zone with its own square numbering
    assert layout.location_name((10 + 337, 20 + 419)) == "offboard"  # below West (300 high), left of East
    assert layout.location_name((10 + 320, 20 + 50)) == "Lake G1"  # zone using the parent hex grid
    assert layout.location_name((10 + 150, 20 + 200)) == "D3"  # background hex grid: column 3, odd
    assert layout.location_name((410 + 120, 20 + 90)) == "Paris" and layout.location_name((410 + 290, 20 + 350)) == "Lyon"
    assert layout.location_name((410 + 50, 20 + 60)) == "Draw"  # a DrawPile's exact spot
    assert layout.location_name((10 + 50, 320 + 50)) == "offboard"  # a board without a grid
    assert layout.location_name((5, 5)) == "offboard"  # in the edge buffer
    loc = layout.locate((410 + 120, 20 + 90))
    assert (loc.board, loc.local) == ("East", (120, 90))


def test_reversed_board_mirrors_local_coordinates(vmod: str) -> None:
    layout = read_module(vmod).layout("Main", [("East", True, 0, 0)])
    assert layout.locate((10 + 100, 20 + 100)).local == (500, 400)


def test_square_grid_rows_truncate_and_columns_floor() -> None:
    grid = VassalSquareGrid(dx=50, dy=50, x0=25, y0=25)
    n = VassalSquareNumbering(grid, h_type="A", h_off=0, v_leading=0)
    assert n.location_name((75, 25)) == "B1" and n.location("B1") == (75, 25)
    assert (n.column((-30, -30)), n.row((-30, -30))) == (-1, 0)  # floor(-0.6) vs (int)(-0.6)
    assert grid.snap((60, 40)) == (75, 25) and VassalSquareGrid(snap_to=False).snap((60, 40)) == (60, 40)
    corners = VassalSquareGrid(dx=50, dy=50, x0=25, y0=25, corners_legal=True)
    assert corners.snap((48, 48)) == (50, 50)
    down = VassalSquareNumbering(grid, v_descend=True, board_width=500, board_height=500)
    assert down.row((25, 25)) == 10 and down.location(down.location_name((25, 75))) == (25, 75)


def test_hex_grid_dy_resets_a_default_dx() -> None:
    xml = f"""<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker>
      <{B}.Board name="b" width="10" height="10"><{B}.board.HexGrid dy="100"/></{B}.Board>
      </VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>"""
    grid = parse_build_file("x", xml.encode(), "x").maps["M"].boards["b"].grid.grid
    assert grid.dx == math.sqrt(3) / 2 * 100 and (grid.x0, grid.y0) == (0, 32)


def test_old_modules_use_the_legacy_build_file(tmp_path) -> None:
    path = os.path.join(tmp_path, "old.mod")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile", BUILD.replace('name="Test"', 'name="Old"'))
        z.writestr("buildFile.xml", BUILD)
        z.writestr("moduledata", "<data version='1'><VassalVersion>3.2.17</VassalVersion></data>")
    assert read_module(path).name == "Old"


@pytest.mark.parametrize("content, message", [
    (b"<VASSAL.build.GameModule><unclosed></VASSAL.build.GameModule>", "line 1: bad XML"),
    (b"<html/>", "not a VASSAL build file"),
    (BUILD.replace('x0="25"', 'x0="2.5"').encode(), "SquareGrid x0='2.5' is not an integer"),
    (BUILD.replace('0,0;100,0', '0,0;1x0,0').encode(), "Zone path point '1x0,0' is not 'x,y'"),
])
def test_bad_build_files_are_one_line_errors(tmp_path, content: bytes, message: str) -> None:
    path = os.path.join(tmp_path, "buildFile.xml")
    with open(path, "wb") as fh:
        fh.write(content)
    with pytest.raises(DataError, match=message) as exc:
        read_module(path)
    assert str(exc.value).startswith(path) and "\n" not in str(exc.value)


def test_a_save_is_not_a_module(tmp_path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("savedGame", "begin_save")
    path = os.path.join(tmp_path, "x.vsav")
    with open(path, "wb") as fh:
        fh.write(buf.getvalue())
    with pytest.raises(DataError, match="saved game or log, not a module"):
        read_module(path)


def test_a_plain_build_file_reads_images_only_from_its_images_folder(tmp_path) -> None:
    """A board image named ``../east.png`` or by an absolute path, or an image that is a link leading out of
    ``images/``, is not read (the board's size stays unknown); one inside it is."""
    folder = tmp_path / "mod"
    (folder / "images").mkdir(parents=True)
    (tmp_path / "east.png").write_bytes(png(600, 500))  # outside: must not be read
    (folder / "images" / "west.png").write_bytes(png(400, 300))
    (folder / "images" / "linked.png").symlink_to(tmp_path / "east.png")
    for image, size in (("../../east.png", None), (str(tmp_path / "east.png"), None), ("linked.png", None),
                        ("west.png", (400, 300))):
        path = folder / "buildFile.xml"
        path.write_text(BUILD.replace('image="east.png"', f'image="{image}"'))
        boards = read_module(str(path)).maps["Main"].boards
        assert boards["East"].size == size, image
