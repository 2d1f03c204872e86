"""The module as a player sees it (issue 16): the real VASSAL player window on the X display, screenshots of the
main window, the palette, the cards and the charts, checked by what they show; for No Retreat! and for
Stalingrad '42 (no cards, four map sections, 450 counters).

One scripted run per game opens its largest setup in the visible window, opens each window a player opens,
screenshots it (kept in ``build/module-look/`` and ``build/module-look/stalingrad42/`` for people to look at) and
measures it through Swing: where every palette counter is drawn, every tab title and its room, each map's zoom,
the toolbar's buttons.
"""

from __future__ import annotations

import itertools
import os
import shutil

import games
import pytest
from PIL import Image

from art.charts import chart_tables
from hexforge import module_step
from modgen import module, names, toolbar
from modgen.furniture import chart_window_title

pytestmark = pytest.mark.engine

LOOK_DIR = os.path.join(os.path.dirname(__file__), "..", "build", "module-look")
LOOK_DIRS = {"no_retreat": LOOK_DIR, "stalingrad42": os.path.join(LOOK_DIR, "stalingrad42")}


@pytest.fixture(scope="module", params=sorted(LOOK_DIRS))
def game(request):
    return games.load(request.param)


@pytest.fixture(scope="module")
def vmod(game, request) -> str:
    # each built once per session: the whole set (tests/s42_build.py), the art and module (tests/nr_build.py)
    return module.vmod_path(game, request.getfixturevalue("s42_build" if game.id == "stalingrad42" else "nr_build"))


@pytest.fixture(scope="module")
def ctx(game, vmod):
    return module.context(game, os.path.dirname(vmod), module_step.battles(game))


def largest_setup(game) -> str:
    """The scenario with the most units set up: the one that fills the map most."""
    return max(game.scenarios.values(), key=lambda s: (len(s.setup), s.id)).name


def _palette_tabs(game) -> list[list[str]]:
    """Every grid of the palette, as the path of tab titles that shows it."""
    shapes = dict.fromkeys(m.shape for m in sorted(game.all_markers, key=lambda m: m.shape != "round"))
    paths = [["Markers", f"{shape.capitalize()} markers"] for shape in shapes]
    order = {n: i for i, n in enumerate(game.nationalities)}
    for side in game.sides.values():
        units = sorted((u for u in game.units.values() if u.side == side.id),
                       key=lambda u: (order[u.nationality], u.optional != "", u.optional))
        for nat, opt in dict.fromkeys((u.nationality, u.optional) for u in units):
            paths.append([side.name, game.nationalities[nat].name + (f" ({opt})" if opt else "")])
    return paths


@pytest.fixture(scope="module")
def looked(vassal_engine, game, vmod, tmp_path_factory):
    out = tmp_path_factory.mktemp("look-shots")
    charts = [t.title for t in chart_tables(game).values()]
    grids = _palette_tabs(game)
    actions = [{"do": "new_game", "setup": largest_setup(game)}, {"do": "show"},
               {"do": "button", "name": toolbar.PALETTE},
               {"do": "screenshot", "window": "main", "file": "main-window.png"}]
    for path in grids:
        actions += [{"do": "screenshot", "window": toolbar.PALETTE, "tabs": path,
                     "file": "palette-" + "-".join(path).replace(" ", "_").replace("/", "_") + ".png"},
                    {"do": "inspect"}]
    actions += [{"do": "button", "name": toolbar.CHARTS}, {"do": "inspect"}]
    actions += [{"do": "screenshot", "window": chart_window_title(game), "tabs": [t],
                 "file": f"chart-{i}.png"} for i, t in enumerate(charts)]
    if game.cards:
        first = next(iter(game.sides.values())).name
        actions += [{"do": "button", "name": names.CARD_MAP},
                    {"do": "screenshot", "window": names.CARD_MAP, "file": "cards-window.png"},
                    {"do": "side", "side": first},
                    {"do": "button",
                     "name": toolbar.draw_chores(module.context(game, os.path.dirname(vmod)))[0].text},
                    {"do": "screenshot", "window": names.hand_name(first), "file": "axis-hand.png"},
                    {"do": "inspect"}]
    r = vassal_engine.run_script(vmod, actions, out)
    os.makedirs(LOOK_DIRS[game.id], exist_ok=True)
    for s in r.steps:
        if s.shot:
            shutil.copy(s.shot["file"], LOOK_DIRS[game.id])
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


def test_the_window_opens_cleanly_and_every_screenshot_shows_something(looked, game):
    assert not looked.problems, looked.problems
    shots = _shots(looked)
    assert "main-window.png" in shots and any(s.startswith("palette-Markers") for s in shots)
    assert {"cards-window.png", "axis-hand.png"} <= set(shots) or not game.cards
    for name, file in shots.items():
        with Image.open(file) as img:
            colours = img.convert("RGB").getcolors(1 << 20)
        assert colours is not None and len(colours) > 20, f"{name} is (nearly) blank"


def test_the_map_opens_at_100_percent(looked, game):
    zooms = {m["name"]: m["zoom"] for m in _views(looked)[0]["maps"]}
    assert zooms[names.MAIN_MAP] == 1.0
    if game.cards:
        assert zooms[names.CARD_MAP] == 0.5  # four whole decks in a window that fits the screen
    else:
        assert names.CARD_MAP not in zooms


def test_no_two_palette_counters_overlap_and_every_counter_is_whole(looked, game):
    views = _views(looked)[:len(_palette_tabs(game))]
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
    assert len(seen) == len(game.units) + len(game.all_markers)  # every counter was seen, whole


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


def test_the_charts_have_their_titles(looked, game):
    charts = _views(looked)[-2 if game.cards else -1]["charts"]
    assert [c["name"] for c in charts] == [chart_window_title(game)]
    titles = [t["title"] for pane in charts[0]["tabs"] for t in pane["tabs"]]
    assert titles == [t.title for t in chart_tables(game).values()]


def test_the_hand_shows_the_drawn_cards_side_by_side(looked, game):
    if not game.cards:
        pytest.skip("a game without cards has no hands")
    hand = [p for p in looked.pieces if p.map == names.hand_name("Axis")]
    assert len(hand) == max(s.hands.get("axis", 0) for s in game.scenarios.values())
    view = _views(looked)[-1]
    assert {m["name"]: m.get("accessible") for m in view["maps"]}[names.hand_name("Axis")] is True
