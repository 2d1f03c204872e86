"""The art package (issue 3): counts, determinism, hex centres on the map, board geometry, text that fits."""

from __future__ import annotations

import dataclasses
import os
import shutil

import numpy as np
import pytest
import shapely
from PIL import Image
from shapely.geometry import Point

from art import boards as boards_mod
from art.boards import boards
from art.build import build, jobs
from art.canvas import TextOverflow
from art.cards import card_layout, card_size, render_card
from art.charts import chart_tables, render_chart, table_layout
from art.counters import marker_kinds, marker_layout, render_unit, unit_layout, value_text, variant_tag
from art.map_shapes import map_shapes, merge, organic_of
from art.map_sheet import terrain_palette
from art.style import style_of
from art.track_board import SKULL, turn_space_labels
from games import DataError
from games.grid import Layout
from hexforge import cli


@pytest.fixture(scope="session")
def art_dir(nr_build) -> str:
    """The art step's output (with the module the session build put beside it: tests/nr_build.py)."""
    return nr_build


def _pngs(root: str) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs
                  if f.endswith(".png"))


def test_one_image_per_counter_side_marker_side_card_and_chart(nr_game, art_dir):
    files = set(_pngs(art_dir))
    units = {f for f in files if f.startswith("images/units/")}
    markers = {f for f in files if f.startswith("images/markers/")}
    cards = {f for f in files if f.startswith("images/cards/")}
    charts = {f for f in files if f.startswith("images/charts/")}
    assert len(nr_game.units) == 88 and len(units) == 2 * 88
    assert {f"images/units/{u}_{s}.png" for u in nr_game.units for s in ("front", "back")} == units
    kinds = {m.kind for m in nr_game.all_markers}
    assert markers == {f"images/markers/{k}_{s}.png" for k in kinds for s in ("front", "back")}
    assert cards == {f"images/cards/{c}.png" for c in nr_game.cards} | {"images/cards/back.png"}
    assert charts == {f"images/charts/{n}.png" for n in chart_tables(nr_game)}
    assert {"crt_axis", "crt_soviet", "tec", "turn_track"} <= set(chart_tables(nr_game))
    for name in ("images/map.png", "images/board_tracks.png", "contact_sheet.png"):
        assert name in files


def test_images_have_the_sizes_of_their_contract(nr_game, art_dir):
    style = style_of(nr_game)
    the_map, tracks = boards(nr_game)
    assert Image.open(os.path.join(art_dir, "images/map.png")).size == the_map.size
    assert Image.open(os.path.join(art_dir, "images/board_tracks.png")).size == tracks.size
    px = int(style.num("counters.module_px"))
    assert Image.open(os.path.join(art_dir, "images/units/ger_1pz_front.png")).size == (px, px)
    assert Image.open(os.path.join(art_dir, "images/cards/c01.png")).size == card_size(style.num("cards.module_dpi"))
    # round markers keep transparent corners so they sit on the map as discs
    disc = Image.open(os.path.join(art_dir, "images/markers/blitz_shock_front.png"))
    assert disc.mode == "RGBA" and disc.getpixel((0, 0))[3] == 0 and disc.getpixel((disc.width // 2,) * 2)[3] == 255


def test_a_second_build_is_byte_identical(nr_game, art_dir, tmp_path):
    again = str(tmp_path / "no_retreat")
    build(nr_game, again)
    first, second = _pngs(art_dir), _pngs(again)
    assert first == second
    for rel in first:
        with open(os.path.join(art_dir, rel), "rb") as a, open(os.path.join(again, rel), "rb") as b:
            assert a.read() == b.read(), rel


def _dist(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def _ring(layout: Layout, h, frac: float = 0.45) -> list[tuple[int, int]]:
    """Points ``frac`` of the inscribed radius from the centre, towards the middle of each of the six sides."""
    cx, cy = layout.centre_f(h)
    r = layout.hex_width / 2 * frac
    sides = [(x - cx, y - cy) for x, y in layout.polygon(h)]
    out = []
    for (ax, ay), (bx, by) in zip(sides, sides[1:] + sides[:1]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        k = r / (mx * mx + my * my) ** 0.5
        out.append((round(cx + mx * k), round(cy + my * k)))
    return out


def _window(img, x: int, y: int, radius: int) -> np.ndarray:
    """The RGB of every pixel within ``radius`` of pixel (x, y) (a square, wholly on the image), one row each."""
    box = (x - radius, y - radius, x + radius + 1, y + radius + 1)
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= img.size[0] and box[3] <= img.size[1], f"{box} is off the image"
    return np.asarray(img.crop(box), dtype=np.float64)[..., :3].reshape(-1, 3)


def _distances(pixels: np.ndarray, colours) -> np.ndarray:
    """:func:`_dist` of every pixel (rows) to every colour (columns), with the same float arithmetic."""
    return np.sqrt(((pixels[:, None, :] - np.asarray(colours, dtype=np.float64)[None, :, :3]) ** 2).sum(axis=2))


def _shown(img, p, every, radius: int = 3, tolerance: float = 20) -> str | None:
    """The palette most shown around ``p``: each pixel of a small window counts for the palette whose colour it
    is (within ``tolerance``); antialiased blends between colours count for nothing. (Each pixel's nearest colour
    is the first of ``every`` at the least distance, as ``min`` picks it.)"""
    d = _distances(_window(img, p[0], p[1], radius), [c for _, c in every])
    nearest = d.argmin(axis=1)
    votes: dict[str, int] = {}
    for i in nearest[d[np.arange(len(d)), nearest] <= tolerance]:
        votes[every[i][0]] = votes.get(every[i][0], 0) + 1
    return max(sorted(votes), key=lambda n: votes[n]) if votes else None


def test_map_hex_centres_show_their_terrain(nr_game, art_dir):
    """Every hex centre sits at Layout.module(...).centre (VASSAL's) and shows that hex's terrain, and so do six
    points at 45% of the inscribed radius around it: natural outlines never make a hex ambiguous. What a point
    shows is the palette (ground, motif ink and its tones) whose colours are most seen around it."""
    style = style_of(nr_game)
    img = Image.open(os.path.join(art_dir, "images/map.png")).convert("RGB")
    layout = Layout.module(nr_game.map.grid)
    palettes = {t: terrain_palette(style, t) for t in {h.terrain for h in nr_game.map.hexes.values()}}
    palettes["(city symbol)"] = (style.terrain_colour("city"),)
    palettes["(other)"] = tuple(style.colour(f"map.{k}") for k in ("water", "water_deep", "offmap", "paper", "grid"))
    every = [(name, c) for name, cs in palettes.items() for c in cs]
    wrong, checked = [], 0
    for h in nr_game.map.hexes.values():
        points = [(layout.centre(h.hex), "(city symbol)" if h.city else h.terrain)] if not h.oil else []
        points += [(p, h.terrain) for p in _ring(layout, h.hex)]
        for p, want in points:
            got = _shown(img, p, every)
            checked += 1
            if got is None or palettes[got] != palettes[want]:
                wrong.append((h.id, h.terrain, p, got))
    assert not wrong, wrong[:10]
    assert len(nr_game.map.hexes) == 380 and checked > 7 * 370


def test_terrain_outlines_are_natural_not_unions_of_hexagons(nr_game):
    """A terrain region's outline wanders away from the hexsides it was made from (more vertices, a Hausdorff
    distance of several percent of a hex), yet keeps every one of its hexes' cores and none of any other's."""
    style = style_of(nr_game)
    layout = Layout.module(nr_game.map.grid)
    w = layout.hex_width
    shapes = map_shapes(nr_game, layout, organic_of(style), style.num("map.hex_id_size"))
    for t in ("forest", "marsh", "mountain"):
        cells = [h.hex for h in nr_game.map.hexes.values() if h.terrain == t]
        raw = merge(layout, cells)
        region = shapes.terrain[t]
        assert shapely.get_num_coordinates(region) > 4 * shapely.get_num_coordinates(raw), t
        assert raw.boundary.hausdorff_distance(region.boundary) > 0.1 * w, t
        # not merely rounded corners: most of the outline is off the straight hexsides
        inland = region.boundary.difference(shapes.land.boundary.buffer(0.02 * w))
        off = inland.difference(raw.boundary.buffer(0.02 * w)).length / inland.length
        assert off > 0.7, (t, off)
        inside = [Point(layout.centre_f(c)).buffer(0.25 * w) for c in cells]
        assert all(region.contains(p) for p in inside), t
        others = [h.hex for h in nr_game.map.hexes.values() if h.terrain != t]
        assert not any(region.intersects(Point(layout.centre_f(c)).buffer(0.25 * w)) for c in others), t
    water = [c for s in nr_game.map.seas.values() for c in s.cells] + [c for k in nr_game.map.lakes.values()
                                                                        for c in k.cells]
    assert all(shapes.water.contains(Point(layout.centre_f(c)).buffer(0.25 * w)) for c in water)
    ladoga = shapes.water.intersection(merge(layout, nr_game.map.lakes["ladoga"].cells).buffer(0.5 * w))
    assert raw_hexagon_distance(layout, nr_game.map.lakes["ladoga"].cells, ladoga) > 0.08 * w


def raw_hexagon_distance(layout: Layout, cells, shape) -> float:
    return merge(layout, cells).boundary.hausdorff_distance(shape.boundary)


def test_water_and_offmap_cells_are_not_land(nr_game, art_dir):
    style = style_of(nr_game)
    img = Image.open(os.path.join(art_dir, "images/map.png")).convert("RGB")
    layout = Layout.module(nr_game.map.grid)
    water = style.colour("map.water"), style.colour("map.water_deep")
    cells = [c for sea in nr_game.map.seas.values() for c in sea.cells]
    wet = [c for c in cells if min(_dist(img.getpixel(layout.centre(c)), w) for w in water) < 40]
    assert len(wet) >= 0.9 * len(cells)  # the rest carry sea names, the compass or the legend


def test_board_geometry_is_complete_and_consistent(nr_game):
    the_map, tracks = boards(nr_game)
    assert the_map.layout == Layout.module(nr_game.map.grid)
    for bid, box in nr_game.map.boxes.items():
        r = tracks.boxes[bid]
        assert 0 <= r.x0 < r.x1 <= tracks.size[0] and 0 <= r.y0 < r.y1 <= tracks.size[1]
        spaces = [tracks.boxes[f"{bid}:{s}"] for s in box.spaces]
        for a, s in zip(spaces, box.spaces):
            assert r.contains(*a.centre), (bid, s)
            assert a.width >= 64 and a.height >= 64, "a space must hold a counter"
        for i, a in enumerate(spaces):
            for b in spaces[i + 1:]:
                assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
    holding = [tracks.boxes[b] for b, box in nr_game.map.boxes.items() if box.kind == "holding"]
    for i, a in enumerate(holding):
        for b in holding[i + 1:]:
            assert a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0
    from shapely.geometry import Point, Polygon

    for aid, area in nr_game.map.areas.items():
        poly = Polygon(the_map.areas[aid])
        for c in area.cells:
            assert poly.contains(Point(the_map.layout.centre(c))), (aid, c)
    # print scale: the same geometry, scaled
    big_map, big_tracks = boards(nr_game, 3.0)
    assert big_map.layout == Layout.module(nr_game.map.grid, 3.0)
    assert abs(big_tracks.boxes["turn_track:1"].width - 3 * tracks.boxes["turn_track:1"].width) <= 3


def test_text_fits_on_every_counter_and_card(nr_game):
    style = style_of(nr_game)
    checked = 0
    for work in (62 * 4, 187 * 2, 150):
        for uid in nr_game.units:
            for face in ("front", "back"):
                lay = unit_layout(nr_game, uid, face, work, style)
                for lb in lay.labels:
                    assert lb.inside(), (uid, face, lb)
                    assert 0 <= lb.bbox[0] and lb.bbox[2] <= work and 0 <= lb.bbox[1] and lb.bbox[3] <= work
                    checked += 1
        for kind in marker_kinds(nr_game):
            for face in ("front", "back"):
                for lb in marker_layout(nr_game, kind, face, work, style)[5]:
                    assert lb.inside(), (kind, face, lb)
    for dpi in (300, 600):
        for cid in nr_game.cards:
            lay = card_layout(nr_game, cid, dpi, style)
            for lb in lay.labels:
                assert lb.inside(), (cid, lb)
                checked += 1
    assert checked > 3000


def test_strength_conventions(nr_game):
    types = nr_game.unit_types
    fort = next(u for u in nr_game.units.values() if not types[u.front.type].zoc)
    assert value_text(nr_game, fort.front) == f"({fort.front.strength})"  # no ZOC: parentheses, immobile: no MA
    panzer = nr_game.units["ger_1pz"]
    assert value_text(nr_game, panzer.front) == "7-6"
    assert value_text(nr_game, dataclasses.replace(panzer.front, strength=None)) == "X-6"
    # a unit that cannot attack prints its strength white with a black outline
    weak = next(u for u in nr_game.units.values() if not types[u.front.type].can_attack and types[u.front.type].zoc)
    lay = unit_layout(nr_game, weak.id, "front", 240)
    strength = lay.labels[-1]
    assert strength.fill == (255, 255, 255) and strength.stroke > 0
    img = render_unit(nr_game, weak.id, "front", 240)
    x0, y0, x1, y1 = (int(v) for v in strength.bbox)
    assert any(img.getpixel((x, y)) == (255, 255, 255) for x in range(x0, x1) for y in range(y0, y1))


def test_both_faces_differ_where_the_data_differs(nr_game):
    u = nr_game.units["ger_1pz"]
    assert u.front.strength != u.back.strength
    a, b = render_unit(nr_game, u.id, "front", 62), render_unit(nr_game, u.id, "back", 62)
    assert a.tobytes() != b.tobytes()
    colours = nr_game.nationalities["soviet"].colours
    sov = next(x for x in nr_game.units.values() if colours.get(x.front.colour) != colours.get(x.back.colour))
    fa, fb = render_unit(nr_game, sov.id, "front", 62), render_unit(nr_game, sov.id, "back", 62)
    assert fa.getpixel((3, 59)) != fb.getpixel((3, 59))  # brown front, red back (2.3)


def test_reduced_faces_carry_a_band_and_variant_counters_name_their_variant(nr_game):
    """A reduced side (a face colour key listed in style counters.bands) shows a band across its top, as real
    counter sheets do; a counter of an optional rule or variant says which one in a tag along its bottom."""
    style = style_of(nr_game)
    band = style.colour("counters.bands.reduced")
    step = nr_game.units["ger_1pz"]
    assert step.flip == "step" and step.back.colour == "reduced" and step.front.colour != "reduced"
    for px in (62, 187):
        front, back = render_unit(nr_game, step.id, "front", px), render_unit(nr_game, step.id, "back", px)
        probe = (round(px * 0.06), round(px * 0.2))  # left of the designation, inside the band
        assert _dist(back.getpixel(probe), band) < 25 and _dist(front.getpixel(probe), band) > 60
    assert unit_layout(nr_game, step.id, "back", 248).band is not None
    assert unit_layout(nr_game, step.id, "front", 248).band is None
    mark = style.colour("counters.optional_mark")
    tags = {}
    for u in nr_game.units.values():
        lay = unit_layout(nr_game, u.id, "front", 248, style)
        texts = [lb.text for lb in lay.labels]
        if u.optional:
            tags[u.optional] = variant_tag(style, u.optional)
            assert tags[u.optional] in texts and lay.variant is not None, u.id
        else:
            assert lay.variant is None, u.id
    assert tags == {"historical variant": "HISTORICAL", "alternate art": "ALT. ART", "15.3 cadres": "OPT. 15.3",
                    "shock armies variant": "SHOCK VAR."}
    assert variant_tag(style, "winter offensive") == "WINTER OFFENSIVE"  # no abbreviation given: the name itself
    img = render_unit(nr_game, "kg_1", "front", 62)
    assert _dist(img.getpixel((3, 58)), mark) < 25
    assert _dist(render_unit(nr_game, "ger_2", "front", 62).getpixel((3, 58)), mark) > 60


def test_crt_charts_print_the_meaning_of_their_results(nr_game):
    """Under each CRT (10.7) a legend gives every result it can give, in its colour, with its meaning."""
    style = style_of(nr_game)
    for cid, crt in nr_game.crts.items():
        table = chart_tables(nr_game, style)[f"crt_{cid}"]
        lay = table_layout(style, table, 64)
        shown = {r for row in crt.rows.values() for r in row}
        assert {code for code, _, _ in table.legend} == shown and len(lay.swatches) == len(shown)
        text = " ".join(lb.text for lb in lay.labels)
        for code in shown:
            assert f"{code} {crt.legend[code]}" in text, code  # wrapped lines read back as the meaning
        assert all(lb.inside() for lb in lay.labels)
        below = lay.origin[1] + sum(lay.heights)
        assert all(box[1] >= below and box[3] <= lay.size[1] for box, _ in lay.swatches)
        img = render_chart(nr_game, f"crt_{cid}", 64, style)
        assert img.size == lay.size
        for (box, colour), (code, _, _) in zip(lay.swatches, table.legend):
            if colour:
                assert _dist(img.getpixel((int(box[0]) + 3, int(box[1]) + 3)), colour) < 3, code
    assert not chart_tables(nr_game, style)["tec"].legend


def test_turn_track_skulls_and_weather_corners_leave_the_text_clear(nr_game):
    """On the Game Turn track a sudden-death skull sits beside the turn number (two-digit numbers too) and the
    variable-weather corner beside the date: neither covers any text of the space."""
    style = style_of(nr_game)
    tracks = boards(nr_game)[1]
    track = next(b for b in nr_game.map.boxes.values() if boards_mod.is_turn_track(nr_game, b))
    skulls = 0
    for n, turn in nr_game.turns.items():
        r = tracks.boxes[f"{track.id}:{n}"]
        labels, (sx, sy) = turn_space_labels(nr_game, style, turn, r)
        rad = r.height * SKULL * 1.1
        for lb in labels:
            x0, y0, x1, y1 = lb.bbox
            assert lb.inside(), (n, lb.text)
            if turn.skull:
                assert x1 <= sx - rad or sx + rad <= x0 or y1 <= sy - rad or sy + rad <= y0, (n, lb.text)
            if turn.variable and lb.text == turn.date:
                assert x1 <= r.x1 - r.width * 0.25, n
        skulls += bool(turn.skull)
        if turn.skull:
            assert r.x0 < sx - rad and sx + rad < r.x1 and r.y0 < sy - rad and sy + rad < r.y1
    assert skulls >= 5 and any(t.skull and t.number >= 10 for t in nr_game.turns.values())


def test_card_text_that_cannot_fit_is_a_build_error(nr_game):
    card = nr_game.cards["c01"]
    long = dataclasses.replace(card.events["axis"], text="word " * 600)
    game = dataclasses.replace(nr_game, cards={**nr_game.cards, "c01": dataclasses.replace(
        card, events={**card.events, "axis": long})})
    with pytest.raises(TextOverflow, match="card c01 .axis. event text does not fit"):
        render_card(game, "c01", 150)
    # shrink-to-fit: a text a bit too long for the largest size still fits, in a smaller size
    medium = dataclasses.replace(card.events["axis"], text="word " * 32)
    game = dataclasses.replace(nr_game, cards={**nr_game.cards, "c01": dataclasses.replace(
        card, events={**card.events, "axis": medium})})
    lay = card_layout(game, "c01", 300)
    sizes = {lb.px for lb in lay.halves[0].labels if lb.text.startswith("word")}
    normal = {lb.px for lb in card_layout(nr_game, "c01", 300).halves[0].labels[2:]}
    assert max(sizes) < max(normal)


def test_event_text_is_printed_as_a_sentence(nr_game):
    """Paraphrases may start mid-sentence ("any time, ..."); the card prints them with a capital first letter."""
    card = nr_game.cards["c01"]
    event = dataclasses.replace(card.events["axis"], text="any time, draw 2 cards and keep 1", timing="")
    game = dataclasses.replace(nr_game, cards={**nr_game.cards, "c01": dataclasses.replace(
        card, events={**card.events, "axis": event})})
    half = next(h for h in card_layout(game, "c01", 300).halves if h.side == "axis")
    body = " ".join(lb.text for lb in half.labels if lb.panel == half.body)
    assert body == "Any time, draw 2 cards and keep 1"


def test_cli_reports_overflow_on_one_line_and_writes_nothing(tmp_path, capsys):
    import games

    src = games.game_dir("no_retreat")
    game_copy = tmp_path / "mygame"
    shutil.copytree(src, game_copy)
    cards = game_copy / "cards.csv"
    text = cards.read_text(encoding="utf-8")
    # 1500 characters: within the loader's limit on a text (2000), far beyond what a card holds
    text = text.replace("in a Commitment Step double one unit's strength", "very long " * 150, 1)
    cards.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    assert cli.main(["art", str(game_copy), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "card c01" in err and "does not fit" in err
    assert not out.exists() or not any(out.rglob("*.png"))


def test_unknown_symbol_is_a_data_error(nr_game):
    types = dict(nr_game.unit_types)
    types["armor"] = dataclasses.replace(types["armor"], symbol="dragon")
    game = dataclasses.replace(nr_game, unit_types=types)
    with pytest.raises(DataError, match="dragon"):
        render_unit(game, "ger_1pz", "front", 62)


def test_print_resolutions(nr_game):
    assert render_unit(nr_game, "ger_1pz", "front", 187).size == (187, 187)  # 5/8 in at 300 dpi
    assert render_unit(nr_game, "ger_1pz", "back", 150).size == (150, 150)  # 1/2 in at 300 dpi
    assert render_card(nr_game, "c02", 300).size == (750, 1050)


def test_every_artefact_kind_is_listed_once(nr_game):
    paths = [p for _, p, _ in jobs(nr_game)]
    assert len(paths) == len(set(paths))
    assert boards_mod.MAP_IMAGE in paths and boards_mod.TRACKS_IMAGE in paths
