"""Stalingrad '42's art (issue 13): the map shows what the data says (the three river classes, the rail to repair
in green, printed fortifications, VP circles, Entry Areas in their owners' colours, the Caspian box, sheet seams,
every plain hex's terrain, legible hex ids), the counters print the conventions of 2.3 (TQ boxes, boxed MA, tank
dots, free stacking, stripes, silhouettes), the charts carry the CRT's advance numbers and colour codes, and the
Turn Record Track its season bands and benchmarks."""

from __future__ import annotations

import math

import pytest
from PIL import Image
from shapely.geometry import Point

import games
from art.boards import area_bands, boards
from art.charts import chart_tables, pretty, render_chart, table_layout, tec_table, weather_table, word
from art.counters import marker_kinds, marker_layout, render_unit, unit_layout
from art.map_places import named_hexes
from art.map_sheet import render_map, terrain_palette
from art.style import style_of
from art.track_board import render_tracks_board, turn_band, turn_space_labels
from games.grid import Layout
from games.hexgrid import directions

from test_art import _dist, _distances, _ring, _shown, _window


@pytest.fixture(scope="module")
def s42():
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def s42_map(s42) -> Image.Image:
    return render_map(s42)


def _near(img: Image.Image, p, colour, radius: int = 2, tolerance: float = 40) -> bool:
    """Some pixel within ``radius`` of ``p`` has ``colour``."""
    return bool((_distances(_window(img, round(p[0]), round(p[1]), radius), [colour]) <= tolerance).any())


def _edges(game, feature):
    return [e for e, fs in game.map.hexsides.items() if feature in fs]


def test_rivers_of_each_class_are_drawn_on_their_hexsides_the_volga_widest(s42, s42_map):
    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    volga = style.colour("hexsides.volga.colour")
    for feature in ("volga", "major_river", "minor_river"):
        edges = _edges(s42, feature)
        assert len(edges) > 100, feature
        colour = volga if feature == "volga" else style.colour("map.river")
        on = 0
        for e in edges:
            (ax, ay), (bx, by) = lay.centre_f(e.a), lay.centre_f(e.b)
            on += _near(s42_map, ((ax + bx) / 2, (ay + by) / 2), colour, radius=3 if feature != "minor_river" else 4)
        assert on >= 0.85 * len(edges), (feature, on, len(edges))  # (a bridge or a name may sit on a few)
    assert style.num("hexsides.volga.width") > style.num("hexsides.major_river.width") > \
        style.num("hexsides.minor_river.width")


def test_rail_to_repair_is_green_and_printed_fortifications_are_red(s42, s42_map):
    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    green, red = style.colour("features.repair.colour"), style.colour("features.fort.colour")
    checked, seen = 0, 0
    for e in _edges(s42, "railroad"):
        for near, far in ((e.a, e.b), (e.b, e.a)):
            h = s42.map.hexes.get(s42.map.by_hex.get(near, ""))
            if h is None or "repair" not in h.features:
                continue
            (x0, y0), (x1, y1) = lay.centre_f(near), lay.centre_f(far)
            p = (x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3)
            nx, ny = -(y1 - y0), x1 - x0  # beside the track, on the green band
            k = lay.hex_width * 0.045 / math.hypot(nx, ny)
            seen += _near(s42_map, (p[0] + nx * k, p[1] + ny * k), green, radius=1, tolerance=50)
            checked += 1
    assert checked > 200 and seen >= 0.9 * checked, (seen, checked)  # (a place's name covers a few)
    forts = [h for h in s42.map.hexes.values() if "fort" in h.features]
    assert len(forts) == 47
    for h in forts:  # the ring of teeth sits 0.86 of the way to the corners
        cx, cy = lay.centre_f(h.hex)
        corner = lay.polygon(h.hex)[0]
        p = (cx + (corner[0] - cx) * 0.86, cy + (corner[1] - cy) * 0.86)
        assert _near(s42_map, p, red, radius=3), h.id


def test_vp_hexes_carry_a_red_circle(s42, s42_map):
    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    red = style.colour("map.vp")
    w = lay.hex_width
    vp = [h for h in s42.map.hexes.values() if h.vp]
    assert len(vp) >= 20 and style.get("map.vp_mark") == "circle"
    r = w * style.num("map.vp_size") * 1.25
    for h in vp:
        cx, cy = lay.centre_f(h.hex)
        x, y = cx + w * 0.27, cy - w * 0.14
        ring = [(x + r * math.cos(a / 8 * 2 * math.pi), y + r * math.sin(a / 8 * 2 * math.pi)) for a in range(8)]
        assert sum(_near(s42_map, p, red, radius=1) for p in ring) >= 6, h.id


def test_plain_hexes_show_their_terrain_and_every_id_is_printed(s42, s42_map):
    """Hexes with nothing drawn through them (no road, rail, river, settlement or feature) show their own terrain
    at six points around the centre; every hex id is printed (its ink in the id's place)."""
    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    palettes = {t: terrain_palette(style, t, "clear") for t in {h.terrain for h in s42.map.hexes.values()}}
    every = [(t, c) for t, cs in palettes.items() for c in cs]
    busy = {c for e, fs in s42.map.hexsides.items() if fs - {"sea", "lake", "alpine_side"} for c in (e.a, e.b)}
    wrong, checked = [], 0
    for h in s42.map.hexes.values():
        if h.hex in busy or h.settlement or h.features or h.vp:
            continue
        for p in _ring(lay, h.hex):
            got = _shown(s42_map, p, every)
            checked += 1
            if got is None or palettes[got] != palettes[h.terrain]:
                wrong.append((h.id, h.terrain, got))
    assert checked > 6 * 1500
    assert len(wrong) <= checked * 0.01, wrong[:10]  # (a map-sheet label or legend covers a few)
    ink = style.colour("map.hex_id")
    w = lay.hex_width
    missing = [h.id for h in s42.map.hexes.values()
               if not _near(s42_map, (lay.centre_f(h.hex)[0], lay.centre_f(h.hex)[1] - w * 0.37), ink, radius=5,
                            tolerance=30)]
    assert len(missing) <= 20, missing[:20]  # (the legend box covers a few sea-side hexes)


def test_entry_areas_are_drawn_in_their_owners_colours_beyond_the_edge(s42, s42_map):
    lay = Layout.module(s42.map.grid)
    bands = area_bands(s42, lay)
    the_map = boards(s42)[0]
    assert set(bands) == set(s42.map.areas) == set(the_map.areas)
    assert bands["F"].kind == "box" and bands["W"].kind == "edge" and bands["M"].kind == "seam"
    hexes = {h.hex for h in s42.map.hexes.values()}
    for aid in ("A", "C", "E", "G", "K", "X", "Z", "W"):
        band = bands[aid]
        assert band.kind == "edge", aid
        colour = tuple(int(s42.sides[s42.map.areas[aid].side].colour[i:i + 2], 16) for i in (1, 3, 5))
        # the stripe along the hexsides it runs along, in the owner's colour
        (ax, ay), (bx, by) = band.sides[len(band.sides) // 2]
        assert _near(s42_map, ((ax + bx) / 2, (ay + by) / 2), colour, radius=3, tolerance=30), aid
        # and none of it covers a map hex's centre
        assert not any(band.shape.contains(Point(lay.centre_f(h))) for h in hexes), aid
    for aid in ("H", "J", "K", "L"):  # the south edge: the band's outer edge is one straight line beyond its hexes
        lowest = max(y for side in bands[aid].sides for _, y in side)
        beyond = [y for _, y in bands[aid].shape.exterior.coords if y > lowest + 1]
        assert beyond and max(beyond) - min(beyond) < 1, aid
    from shapely.geometry import Polygon

    from art.map_places import _label_point

    land = [Polygon(lay.polygon(h)) for h in hexes]
    for aid in ("A", "B", "C", "D", "E", "G", "H", "J", "K", "L", "X", "Y", "Z"):  # the letter's disc: over no hex
        disc = Point(_label_point(bands[aid], lay.hex_width * 0.17)).buffer(lay.hex_width * 0.17)
        assert not any(disc.intersects(h) for h in land), aid
    areas = s42.map.areas
    for a in bands:  # neighbouring areas overlap only beyond a hex both are adjacent to (B and C: 4100), and little
        for b in bands:
            if a < b:
                shared = set(areas[a].adjacent) & set(areas[b].adjacent)
                limit = 1.5 * lay.hex_width ** 2 if shared else 10
                assert bands[a].shape.intersection(bands[b].shape).area < limit, (a, b)
    # no area's polygon (the module's zone) holds a map hex's centre: a hex locates to itself
    zones = [Polygon(pts) for aid, pts in the_map.areas.items() if not s42.map.areas[aid].cells]
    assert not any(z.contains(Point(lay.centre(h))) for z in zones for h in hexes)
    # the Caucasus maps' north edge (row 40, S2) is a strip along that row, not along the A/B seam 4140 also touches
    ne = bands["north_edge"].shape.bounds
    assert bands["north_edge"].kind == "seam" and ne[2] - ne[0] > 20 * lay.hex_width and ne[3] - ne[1] < lay.hex_width
    box = bands["F"].shape.bounds
    assert box[2] - box[0] > lay.hex_width and box[3] - box[1] > 2 * lay.hex_width
    # the Caspian box lies beyond the east edge: no hex's inner circle (its id, its units) under it
    assert not any(bands["F"].shape.intersects(Point(lay.centre_f(h)).buffer(lay.hex_width * 0.3)) for h in hexes)


def test_a_city_of_several_hexes_prints_its_name_once_in_its_middle(s42):
    named = named_hexes(s42)
    stalingrad = sorted(h.id for h in s42.map.hexes.values() if h.name == "Stalingrad")
    assert len(stalingrad) == 3 and named & set(stalingrad) == {"5522"}
    assert all(h.id in named for h in s42.map.hexes.values() if h.settlement and h.name and h.name != "Stalingrad")


def test_sections_are_framed_and_their_seams_drawn(s42, s42_map):
    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    seam = style.colour("map.seam")
    sections = boards(s42)[0].sections
    assert set(sections) == {"A", "B", "C1", "C2"}
    assert sections["C1"].y0 < sections["A"].y1  # the shared rows 40-43
    between = [(h, o) for h in s42.map.hexes.values() for o in (s42.map.hexes.get(s42.map.by_hex.get(h.hex + d, ""))
                                                                for d in directions("flat").values())
               if o is not None and o.section != h.section]
    assert len(between) > 100
    drawn = sum(_near(s42_map, ((lay.centre_f(h.hex)[0] + lay.centre_f(o.hex)[0]) / 2,
                                (lay.centre_f(h.hex)[1] + lay.centre_f(o.hex)[1]) / 2), seam, radius=2)
                for h, o in between)
    assert drawn > 0.5 * len(between)  # dashed: on most of them


def _colour_of(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def test_counters_print_troop_quality_tank_dots_boxed_ma_free_stacking_and_stripes(s42):
    style = style_of(s42)
    work = 62 * 4
    # an elite red-dot Panzer division: defense white in a red box, a red dot, a thin stripe on its reverse side
    pz = s42.units["ger_9pz"]
    assert {"elite", "red_dot"} <= pz.front.flags and pz.steps == 3
    lay = unit_layout(s42, pz.id, "front", work, style)
    img = render_unit(s42, pz.id, "front", work, style)
    box = next(m for m in lay.marks if m.kind == "defense_box")
    assert box.fill == style.colour("counters.flags.elite.fill")
    assert _dist(img.getpixel((round(box.box[0]) + 3, round(box.box[1]) + 3)), box.fill) < 20
    defense = next(lb for lb in lay.labels if lb.text == str(pz.front.defense))
    assert defense.fill == (255, 255, 255)
    dot = next(m for m in lay.over if m.kind == "dot")
    assert _dist(img.getpixel((round((dot.box[0] + dot.box[2]) / 2), round((dot.box[1] + dot.box[3]) / 2))),
                 style.colour("counters.flags.red_dot.colour")) < 20
    back = unit_layout(s42, pz.id, "back", work, style)
    assert [m.kind for m in back.marks][:1] == ["stripe"] and not any(m.kind == "stripe" for m in lay.marks)
    # a Remnant carries the wide stripe; a low-quality unit a white defense box; a boxed MA; free stacking
    remnant = next(u for u in s42.units.values() if "remnant" in u.front.flags)
    stripe = next(m for m in unit_layout(s42, remnant.id, "front", work, style).marks if m.kind == "stripe")
    assert stripe.box[3] - stripe.box[1] > 0.2 * work
    low = next(u for u in s42.units.values() if "low" in u.front.flags)
    assert next(m for m in unit_layout(s42, low.id, "front", work, style).marks
                if m.kind == "defense_box").fill == (255, 255, 255)
    boxed = next(u for u in s42.units.values() if "boxed_ma" in u.front.flags and u.front.ma is not None)
    assert any(m.kind == "ma_box" for m in unit_layout(s42, boxed.id, "front", work, style).marks)
    free = next(u for u in s42.units.values() if "free_stacking" in u.front.flags)
    assert any(m.kind == "outline" for m in unit_layout(s42, free.id, "front", work, style).over)
    # the values read attack-defense-MA
    assert "".join(lb.text for lb in lay.labels[-5:]) == f"{pz.front.attack}-{pz.front.defense}-{pz.front.ma}"


def test_silhouetted_tanks_are_drawn_from_the_games_svg(s42):
    style = style_of(s42)
    t34 = next(u for u in s42.units.values() if u.front.type == "t34")
    lay = unit_layout(s42, t34.id, "front", 248, style)
    img = render_unit(s42, t34.id, "front", 248, style)
    x0, y0, x1, y1 = (round(v) for v in lay.symbol_box)
    ink = sum(1 for x in range(x0, x1) for y in range(y0, y1) if _dist(img.getpixel((x, y)), lay.ink) < 40)
    assert ink > 0.15 * (x1 - x0) * (y1 - y0)  # a solid silhouette, not a thin NATO frame
    assert style.get("symbols.t34.file") == "t34.svg"


def test_every_counter_and_marker_face_renders_and_text_fits(s42):
    style = style_of(s42)
    for uid in s42.units:
        for face in ("front", "back"):
            lay = unit_layout(s42, uid, face, 54 * 3, style)
            assert all(lb.inside() for lb in lay.labels), (uid, face)



@pytest.mark.parametrize("work_px", [150, 188, 200, 216])  # print 1/2 in, 5/8 in at 300 dpi; module 54 px x 4
def test_every_marker_label_fits_at_print_and_module_sizes(s42, work_px):
    style = style_of(s42)
    for kind in marker_kinds(s42):
        for face in ("front", "back"):
            labels = marker_layout(s42, kind, face, work_px, style)[-1]
            assert labels and all(lb.inside() for lb in labels), (kind, face)


def test_crt_cells_carry_advance_numbers_and_determined_defense_colours(s42):
    style = style_of(s42)
    table = chart_tables(s42, style)["crt_crt"]
    crt = s42.crts["crt"]
    no = style.colour("charts.layers.dd.colours.no")
    orange = style.colour("charts.layers.dd.colours.orange")
    for i, label in enumerate(crt.row_labels):
        roll = int(label)
        for c, column in enumerate(crt.columns):
            text, fill = table.rows[i][c + 1], table.fills[i][c + 1]
            assert text.startswith(crt.result(column, roll))
            adv = crt.cell("adv", column, roll)
            assert (f"→{adv}" in text) == bool(adv)
            dd = crt.cell("dd", column, roll)
            assert fill == {"no": no, "orange": orange}.get(dd), (label, column)
    meanings = [m for _, m, _ in table.legend]
    assert crt.layer_legends["dd"]["orange"] in meanings and crt.layer_legends["dd"]["no"] in meanings
    assert any("10-1" in line for line in table.footer)  # the automatic DS limit
    lay = table_layout(style, table, 64)
    assert all(lb.inside() for lb in lay.labels)
    img = render_chart(s42, "crt_crt", 64, style)
    assert img.size == lay.size


def test_every_table_of_the_game_is_a_chart(s42):
    names = set(chart_tables(s42))
    assert {f"table_{t}" for t in s42.tables} | {"crt_crt", "tec", "weather", "turn_track"} <= names
    dd = chart_tables(s42)["table_determined_defense"]
    assert dd.header == ("Die", "Clear", "Other", "City") and len(dd.rows) == 8
    assert dd.rows[3][2] == "F -/-" and dd.rows[5][2] == "S -/1"  # the 11.5.2 example's cells, with their losses
    rally = chart_tables(s42)["table_rally"]
    assert rally.rows == (("1-4", s42.tables["rally"].legend["stay"]), ("5-6", s42.tables["rally"].legend["recover"]))
    weather = chart_tables(s42)["table_weather"]
    assert weather.rows[0][1] == "Clear" and weather.fills[0][1] == _colour_of(s42.weather["clear"].colour)
    tec = chart_tables(s42)["tec"]
    assert "MP mech" in tec.header and "MP nonmech" in tec.header


def test_turn_record_track_shows_seasons_benchmarks_and_replacements(s42):
    style = style_of(s42)
    tracks = boards(s42)[1]
    assert len([k for k in tracks.boxes if k.startswith("turn_track:")]) == 36
    for n, turn in s42.turns.items():
        r = tracks.boxes[f"turn_track:{n}"]
        band = turn_band(style, turn, r)
        assert band is not None and band[2] == f"{pretty(turn.extra['season'])} · benchmark {turn.extra['benchmark']}"
        assert band[1] == style.colour(f"board.turn_band_colours.{turn.extra['season']}")
        labels, _ = turn_space_labels(s42, style, turn, r)
        assert all(lb.inside() for lb in labels), n
        texts = " ".join(lb.text for lb in labels)
        assert str(turn.extra["benchmark"]) in texts and turn.date in texts
        if turn.extra.get("repl_soviet_infantry"):
            assert f"Inf{turn.extra['repl_soviet_infantry']}" in texts
    img = render_tracks_board(s42, tracks, style)
    assert img.size == tracks.size
    chart = chart_tables(s42, style)["turn_track"]
    assert len(chart.rows) == 36 and "Automatic Victory benchmark" in chart.header


def test_charts_print_the_styles_words_for_column_ids_and_values(s42):
    style = style_of(s42)
    weather = weather_table(s42, style)
    assert "MA change" in weather.header and "Ma change" not in weather.header
    assert "One German" in {cell for row in weather.rows for cell in row}
    tec = tec_table(s42, style)
    assert {"DD column", "Isolation DRM"} <= set(tec.header)
    assert "DD column" in {code for code, _, _ in tec.legend}
    assert word(style, "early_fall") == "Early fall"  # not in the style: spaces, first letter capitalised


def test_pattern_motifs_leave_settlement_symbols_clear(s42):
    """A landmark's triangle among the mountains (Mt Elbrus 4860) or a town in the woods is not hidden by motifs."""
    from art.map_sheet import motif_points
    from art.map_shapes import SYMBOL_CLEAR, map_shapes, organic_of, seed_of

    style = style_of(s42)
    lay = Layout.module(s42.map.grid)
    w = lay.hex_width
    shapes = map_shapes(s42, lay, organic_of(style), style.num("map.hex_id_size"))
    checked = 0
    for t in ("mountain", "woods", "wooded_rough", "marsh"):
        look = style.get(f"patterns.{style.terrain(t)['pattern']}")
        pts = motif_points(shapes.terrain[t], shapes.keepout[t], w, look, seed_of(t))
        towns = [lay.centre_f(h.hex) for h in s42.map.hexes.values() if h.settlement and h.terrain == t]
        for cx, cy in towns:
            assert all(math.hypot(x - cx, y - cy) >= w * SYMBOL_CLEAR for x, y, _ in pts), (t, cx, cy)
        checked += len(towns)
    assert checked >= 5 and "4860" in {h.id for h in s42.map.hexes.values() if h.settlement == "landmark"}


def test_the_tec_shows_each_terrain_and_hexside_feature_as_the_map_draws_it(s42):
    style = style_of(s42)
    tec = tec_table(s42, style)
    by_id = dict(zip(s42.tec, tec.samples))
    assert by_id["woods"] == ("terrain", "woods") and by_id["minor_river"] == ("hexside", ("minor_river", "river"))
    assert by_id["town"][0] == "settlement" and by_id["fort"][0] == "feature"
    on_map = {h.terrain for h in s42.map.hexes.values()} | {f for fs in s42.map.hexsides.values() for f in fs}
    assert all(by_id[t] for t in on_map if t in by_id and style.table(f"hexsides.{t}").get("draw") != "none")
    lay = table_layout(style, tec, 64)
    assert len(lay.samples) == sum(1 for s in tec.samples if s)
    x0 = lay.origin[0]
    assert all(x0 <= box[0] < box[2] <= x0 + lay.widths[0] for box, _, _ in lay.samples)
    img = render_chart(s42, "tec", 64)
    woods = next(box for box, kind, payload in lay.samples if payload == "woods")
    colour = style.colour("terrain.woods.colour")
    assert _near(img, ((woods[0] + woods[2]) / 2, woods[1] + 3), colour, radius=3, tolerance=30)
