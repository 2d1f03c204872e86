"""The art for any game's shape (issues 13 and 21): no game is named in ``art/``; a tiny game with every optional
part, and with none, draws without a traceback (the legend of a tiny map used to fail with ``min()`` of nothing);
what the data names without a style is reported by ``hexforge info`` and the art build alike (one line each), a
new terrain gets a distinct generated look shown in the legend, an unstyled face flag a visible tag; a game's own
PNG and SVG symbols are drawn, and files that reach outside the game are refused."""

from __future__ import annotations

import dataclasses
import glob
import os

import pytest
from PIL import Image

import games
from art.build import build, jobs
from art.check import style_problems
from art.counters import render_unit, unit_layout
from art.map_legend import _entries
from art.map_sheet import render_map
from art.style import style_of
from games import DataError
from hexforge import cli

from game_template import OPTIONAL, write_game
from test_core_names import forbidden, hits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_no_game_is_named_in_the_art_code():
    words = {w.lower(): gid for gid in ("no_retreat", "stalingrad42") for w in forbidden(games.load(gid))}
    files = sorted(f for f in glob.glob(os.path.join(ROOT, "art", "*.py")))
    assert len(files) > 12
    found = {os.path.relpath(f, ROOT): h for f in files if (h := hits(f, words))}
    assert not found, found


@pytest.mark.parametrize("without", [frozenset(), OPTIONAL, frozenset({"weather", "cards"}),
                                     frozenset({"sections", "areas", "water"}), frozenset({"markers", "boxes"})],
                         ids=["all", "none", "no-weather-no-cards", "no-sections-areas-water", "no-markers-boxes"])
def test_a_tiny_game_draws_with_and_without_its_optional_parts(tmp_path, without):
    root = write_game(tmp_path / "mini", without)
    game = games.load(str(root))
    assert style_problems(game) == []
    written = build(game, str(tmp_path / "out"))
    names = {os.path.relpath(p, tmp_path / "out") for p in written}
    assert {"images/map.png", "images/board_tracks.png", "contact_sheet.png"} <= names
    assert ("images/cards/back.png" in names) == bool(game.cards)
    assert {f"images/units/{u}_{f}.png" for u in game.units for f in ("front", "back")} <= names
    the_map = Image.open(tmp_path / "out" / "images" / "map.png")
    assert the_map.size[0] < 400  # a 4 x 3 map: its legend would not fit, and is left out (no min() of nothing)
    assert cli.main(["info", str(root)]) == 0


def test_the_style_check_names_what_has_no_look_and_info_and_build_agree(tmp_path, capsys):
    root = write_game(tmp_path / "mini")
    with open(root / "map" / "hexsides.csv", "a", encoding="utf-8") as f:
        f.write("1102,NE,zipline,authored\n")
    with open(root / "tables" / "tec.csv", "a", encoding="utf-8") as f:
        f.write("zipline,Zip line,hexside,1,1,0,no,,authored\n")
    (root / "style.toml").write_text('[symbols.infantry]\ndraw = "dragon"\n\n[settlements.town]\nsymbol = "castle"\n'
                                     '\n[map]\nground = "lava"\n', encoding="utf-8")
    game = games.load(str(root))
    lines = [str(p) for p in style_problems(game)]
    assert any("hexsides.zipline" in x for x in lines)
    assert any("symbols.infantry.draw" in x and "dragon" in x for x in lines)
    assert any("settlements.town" in x for x in lines)
    assert any("map.ground" in x for x in lines)
    assert cli.main(["info", str(root)]) == 2
    info = capsys.readouterr().err.strip().splitlines()
    assert len(info) == len(lines) and all(x.startswith("hexforge info: style.toml: ") for x in info)
    assert cli.main(["art", str(root), "-o", str(tmp_path / "out")]) == 2
    art = capsys.readouterr().err.strip().splitlines()
    assert [x.split(": ", 1)[1] for x in art] == [x.split(": ", 1)[1] for x in info]  # the same problems
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.png"))


def test_a_new_terrain_gets_a_distinct_look_shown_in_the_legend(tmp_path):
    root = write_game(tmp_path / "mini")
    hexes = (root / "map" / "hexes.csv").read_text(encoding="utf-8").replace("1301,clear", "1301,tundra")
    (root / "map" / "hexes.csv").write_text(hexes, encoding="utf-8")
    with open(root / "tables" / "tec.csv", "a", encoding="utf-8") as f:
        f.write("tundra,Tundra,hex,2,2,0,no,,authored\n")
    game = games.load(str(root))
    style = style_of(game)
    look = style.terrain("tundra")
    assert look.get("generated") and look["pattern"] == "hatch"
    colour = style.terrain_colour("tundra")
    for other, t in style.get("terrain").items():
        named = tuple(int(t["colour"][i:i + 2], 16) for i in (1, 3, 5))
        assert sum((a - b) ** 2 for a, b in zip(colour, named)) ** 0.5 > 60, other  # never Clear's look
    assert ("terrain", "Tundra", "tundra") in _entries(game, style, "clear")
    img = render_map(game)
    from games.grid import Layout

    lay = Layout.module(game.map.grid)
    h = game.map.hexes["1301"]
    x, y = lay.centre(h.hex)
    ground = img.getpixel((x + 6, y + 6))
    assert min(sum((a - b) ** 2 for a, b in zip(ground, c)) ** 0.5 for c in (colour, style.terrain_colour(
        "tundra"))) < 90 and sum((a - b) ** 2 for a, b in zip(ground, style.terrain_colour("clear"))) ** 0.5 > 40


def test_an_unstyled_face_flag_is_printed_as_a_tag(tmp_path):
    root = write_game(tmp_path / "mini")
    game = games.load(str(root))
    unit = game.units["b1"]
    game = dataclasses.replace(game, units={**game.units, "b1": dataclasses.replace(
        unit, front=dataclasses.replace(unit.front, flags=unit.front.flags | {"veteran"}))})
    lay = unit_layout(game, "b1", "front", 248)
    assert "VET" in [lb.text for lb in lay.labels]


def _game_with_artwork(tmp_path, svg: str) -> games.Game:
    root = write_game(tmp_path / "mini")
    art = root / "art"
    art.mkdir()
    img = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    for x in range(8, 32):
        for y in range(12, 28):
            img.putpixel((x, y), (0, 0, 0, 255))
    img.save(art / "block.png")
    (art / "tank.svg").write_text(svg, encoding="utf-8")
    (root / "style.toml").write_text('[symbols.armor]\nfile = "tank.svg"\n\n[symbols.infantry]\nfile = "block.png"\n'
                                     '\n[icons.control]\nfile = "block.png"\n', encoding="utf-8")
    return games.load(str(root))


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 5"><rect x="0" y="1" width="10" height="3"/></svg>'


def test_a_games_own_png_and_svg_symbols_are_drawn(tmp_path):
    game = _game_with_artwork(tmp_path, SVG)
    assert style_problems(game) == []
    for uid in ("r2", "b1"):  # a tank (the SVG) and an infantry unit (the PNG)
        lay = unit_layout(game, uid, "front", 248)
        img = render_unit(game, uid, "front", 248)
        x0, y0, x1, y1 = (round(v) for v in lay.symbol_box)
        ink = sum(1 for x in range(x0, x1) for y in range(y0, y1)
                  if sum((a - b) ** 2 for a, b in zip(img.getpixel((x, y)), lay.ink)) ** 0.5 < 40)
        assert ink > 0.2 * (x1 - x0) * (y1 - y0), uid
    assert len([j for j in jobs(game) if j[0] == "marker"]) == 2


@pytest.mark.parametrize("svg", [
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image '
    'xlink:href="/etc/passwd" width="9" height="9"/></svg>',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    "not an svg at all",
])
def test_an_svg_that_reaches_outside_or_is_broken_is_a_data_error(tmp_path, svg):
    game = _game_with_artwork(tmp_path, svg)
    problems = [str(p) for p in style_problems(game)]
    assert len(problems) == 1 and "tank.svg" in problems[0]
    with pytest.raises(DataError):
        render_unit(game, "r2", "front", 62)


@pytest.mark.parametrize("name", ["../game.toml", "/etc/passwd", "sub/tank.svg", "tank.gif", "missing.png"])
def test_an_artwork_name_that_is_not_a_plain_file_of_the_game_is_refused(tmp_path, name):
    game = _game_with_artwork(tmp_path, SVG)
    style = dict(game.style)
    style["symbols"] = {"armor": {"file": name}}
    game = dataclasses.replace(game, style=style)
    problems = [str(p) for p in style_problems(game)]
    assert len(problems) == 1, problems
    assert ("art/missing.png" in problems[0]) if name == "missing.png" else ("symbols.armor.file" in problems[0])


@pytest.mark.parametrize("style, key", [
    ('[hexsides.minor_river]\ndraw = "river"\nwidth = "wide"\n', "hexsides.minor_river.width"),
    ("[features]\nrail = 3\n", "features.rail"),
    ('[terrain.tundra]\nink = "#112233"\n', "terrain.tundra.colour"),
    ('[board]\nturn_lines = ["Axis"]\n', "board.turn_lines"),
    ('[board.turn_band_colours]\nsummer = "yellow"\n', "board.turn_band_colours.summer"),
    ('[counters.flags.elite]\nmark = "sparkle"\n', "counters.flags.elite.mark"),
])
def test_a_style_value_of_the_wrong_kind_is_one_line_not_a_traceback(tmp_path, capsys, style, key):
    root = write_game(tmp_path / "mini")
    (root / "style.toml").write_text(style, encoding="utf-8")
    assert cli.main(["info", str(root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert any(f"style.toml: {key}:" in line for line in err), err
    assert cli.main(["art", str(root), "-o", str(tmp_path / "out")]) == 2
    assert "Traceback" not in capsys.readouterr().err
