"""The module as a player sees it (issue 16): the real VASSAL player window on the X display, screenshots of the
main window, the palette, the cards and the charts, checked by what they show.

One scripted run opens the Campaign setup in the visible window, opens each window a player opens, screenshots it
(kept in ``build/module-look/`` for people to look at) and measures it through Swing: where every palette counter
is drawn, every tab title and its room, each map's zoom, the toolbar's buttons.
"""

from __future__ import annotations

import itertools
import os
import shutil

import pytest
from PIL import Image

from art.build import build as build_art
from art.charts import chart_tables
from modgen import module, names, toolbar
from modgen.furniture import chart_window_title

pytestmark = pytest.mark.engine

LOOK_DIR = os.path.join(os.path.dirname(__file__), "..", "build", "module-look")


@pytest.fixture(scope="module")
def vmod(nr_game, tmp_path_factory) -> str:
    out = str(tmp_path_factory.mktemp("look") / "no_retreat")
    build_art(nr_game, out)
    return module.build(nr_game, out)[0]


@pytest.fixture(scope="module")
def ctx(nr_game, vmod):
    return module.context(nr_game, os.path.dirname(vmod))


def _palette_tabs(nr_game) -> list[list[str]]:
    """Every grid of the palette, as the path of tab titles that shows it."""
    shapes = dict.fromkeys(m.shape for m in sorted(nr_game.all_markers, key=lambda m: m.shape != "round"))
    paths = [["Markers", f"{shape.capitalize()} markers"] for shape in shapes]
    order = {n: i for i, n in enumerate(nr_game.nationalities)}
    for side in nr_game.sides.values():
        units = sorted((u for u in nr_game.units.values() if u.side == side.id),
                       key=lambda u: (order[u.nationality], u.optional != "", u.optional))
        for nat, opt in dict.fromkeys((u.nationality, u.optional) for u in units):
            paths.append([side.name, nr_game.nationalities[nat].name + (f" ({opt})" if opt else "")])
    return paths


@pytest.fixture(scope="module")
def looked(vassal_engine, nr_game, vmod, tmp_path_factory):
    out = tmp_path_factory.mktemp("look-shots")
    charts = [t.title for t in chart_tables(nr_game).values()]
    grids = _palette_tabs(nr_game)
    actions = [{"do": "new_game", "setup": nr_game.scenarios["campaign_1941"].name}, {"do": "show"},
               {"do": "button", "name": toolbar.PALETTE},
               {"do": "screenshot", "window": "main", "file": "main-window.png"}]
    for path in grids:
        actions += [{"do": "screenshot", "window": toolbar.PALETTE, "tabs": path,
                     "file": "palette-" + "-".join(path).replace(" ", "_").replace("/", "_") + ".png"},
                    {"do": "inspect"}]
    actions += [{"do": "button", "name": toolbar.CHARTS}, {"do": "inspect"}]
    actions += [{"do": "screenshot", "window": chart_window_title(nr_game), "tabs": [t],
                 "file": f"chart-{i}.png"} for i, t in enumerate(charts)]
    actions += [{"do": "button", "name": names.CARD_MAP},
                {"do": "screenshot", "window": names.CARD_MAP, "file": "cards-window.png"},
                {"do": "side", "side": "Axis"},
                {"do": "button", "name": toolbar.draw_chores(module.context(nr_game, os.path.dirname(vmod)))[0].text},
                {"do": "screenshot", "window": names.hand_name("Axis"), "file": "axis-hand.png"},
                {"do": "inspect"}]
    r = vassal_engine.run_script(vmod, actions, out)
    os.makedirs(LOOK_DIR, exist_ok=True)
    for s in r.steps:
        if s.shot:
            shutil.copy(s.shot["file"], LOOK_DIR)
    return r


def _views(r):
    return [s.view for s in r.steps if s.view]


def _shots(r) -> dict[str, str]:
    return {os.path.basename(s.shot["file"]): s.shot["file"] for s in r.steps if s.shot}


def _inside(inner, outer) -> bool:
    x, y, w, h = inner
    X, Y, W, H = outer
    return X <= x and Y <= y and x + w <= X + W and y + h <= Y + H


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_the_window_opens_cleanly_and_every_screenshot_shows_something(looked):
    assert not looked.problems, looked.problems
    shots = _shots(looked)
    assert {"main-window.png", "cards-window.png", "axis-hand.png", "palette-Markers-Round_markers.png"} <= set(shots)
    for name, file in shots.items():
        with Image.open(file) as img:
            colours = img.convert("RGB").getcolors(1 << 20)
        assert colours is not None and len(colours) > 20, f"{name} is (nearly) blank"


def test_the_map_opens_at_100_percent(looked):
    zooms = {m["name"]: m["zoom"] for m in _views(looked)[0]["maps"]}
    assert zooms[names.MAIN_MAP] == 1.0
    assert zooms[names.CARD_MAP] == 0.5  # four whole decks in a window that fits the screen


def test_no_two_palette_counters_overlap_and_every_counter_is_whole(looked, nr_game):
    views = _views(looked)[:len(_palette_tabs(nr_game))]
    seen = set()
    for view in views:
        slots = view["palette_slots"]
        assert slots, "no palette counter is showing"
        window = view["palette_window"]
        for s in slots:
            assert _inside(s["piece"], s["cell"]), f"{s['name']} is drawn outside its cell: {s}"
            assert _inside(s["cell"], window), f"{s['name']} lies outside the palette window"
        for a, b in itertools.combinations(slots, 2):
            assert not _overlap(a["cell"], b["cell"]), (a["name"], b["name"])
        seen |= {s["name"] for s in slots}
    assert len(seen) == len(nr_game.units) + len(nr_game.all_markers)  # every counter was seen, whole


def test_every_tab_title_is_whole(looked):
    panes = [p for v in _views(looked) for p in v.get("palette_tabs", ())]
    panes += [p for v in _views(looked) for c in v["charts"] for p in c["tabs"]]
    assert panes
    for pane in panes:
        for tab in pane["tabs"]:
            assert tab["text_width"] + 6 <= tab["bounds"][2], f"tab {tab['title']!r} is cut: {tab}"
            assert _inside(tab["bounds"], pane["pane"]), f"tab {tab['title']!r} lies outside its pane"


def test_the_toolbar_shows_every_command(looked, ctx):
    view = _views(looked)[0]
    bar = {b["text"]: b for b in view["toolbar"]}
    main = view["main"]
    menus = toolbar.menus(ctx)
    in_menus = {item for items in menus.values() for item in items}
    for text in list(toolbar.hotkeys(ctx)) + list(menus):  # every button with a hot key: battles', Check rules'
        assert text in bar, f"no toolbar button {text!r}"
        if text not in in_menus:
            assert bar[text]["bounds"] and _inside(bar[text]["bounds"], main), f"{text!r} is not on screen"
    assert in_menus  # the chores sit in the Clear / Draw / Trails menus


def test_the_charts_have_their_titles(looked, nr_game):
    charts = _views(looked)[-2]["charts"]
    assert [c["name"] for c in charts] == [chart_window_title(nr_game)]
    titles = [t["title"] for pane in charts[0]["tabs"] for t in pane["tabs"]]
    assert titles == [t.title for t in chart_tables(nr_game).values()]


def test_the_hand_shows_the_drawn_cards_side_by_side(looked, nr_game):
    hand = [p for p in looked.pieces if p.map == names.hand_name("Axis")]
    assert len(hand) == nr_game.scenarios["campaign_1941"].hands["axis"]
    view = _views(looked)[-1]
    assert {m["name"]: m.get("accessible") for m in view["maps"]}[names.hand_name("Axis")] is True
