"""Stalingrad '42's print-and-play set (issues 13, 21): what ``hexforge build stalingrad42`` wrote into ``pnp/``:
no cards PDF (the game has none), its counter sheets named and aligned as No Retreat!'s are, its map printed section
by section (tiles and a poster page per section), every image lossless at 300 dpi or more, its aids packed after a
Sequence of Play written from its phases."""

from __future__ import annotations

import os
from collections import Counter

import games
import pytest

from art.pnp.counter_sheets import counter_layout
from art.pnp.map_tiles import PrintMap, tiling
from art.pnp.paper import MM_PER_IN, Options
from test_pnp_alignment import check, measure
from test_pnp_support import images, page_sizes, words

PT_PER_MM = 72 / MM_PER_IN


@pytest.fixture(scope="module")
def s42() -> games.Game:
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def pnp(s42_build, poppler) -> str:
    return os.path.join(s42_build, "pnp")


def test_the_set_has_no_cards_and_letter_pages(s42, pnp):
    assert sorted(os.listdir(pnp)) == ["aids.pdf", "calibration.pdf", "counters.pdf", "map_poster.pdf",
                                       "map_tiles.pdf"]
    layout = counter_layout(s42, Options())
    assert page_sizes(os.path.join(pnp, "counters.pdf")) == [(612.0, 792.0)] * layout.pages


def test_every_unit_and_marker_once_per_side_at_its_place(s42, pnp):
    path = os.path.join(pnp, "counters.pdf")
    found = Counter(w.text for w in words(path) if w.text.count("/") == 2)
    expected = {f"unit/{u}/{s}" for u in s42.units for s in ("front", "back")}
    expected |= {f"marker/{m.id}/{s}" for m in s42.all_markers for s in ("front", "back")}
    assert set(found) == expected and set(found.values()) == {1}


def test_the_first_counter_sheet_backs_are_behind_their_fronts(s42, pnp):
    path, options = os.path.join(pnp, "counters.pdf"), Options()
    found = measure(s42, path, options, pages=2)
    assert check(s42, path, options, found) == len(counter_layout(s42, options).on_page(0))


def test_each_section_is_tiled_and_postered_at_its_own_size(s42, pnp):
    options = Options()
    pm = PrintMap(s42, options)
    assert [s.id for s in pm.sections] == ["A", "B", "C1", "C2"]
    assert pm.layout.hex_width / options.dpi == pytest.approx(0.75)  # the style's print hex
    tiles = sum(len(tiling(s.size, options, s.id).tiles) for s in pm.sections)
    tile_pages = page_sizes(os.path.join(pnp, "map_tiles.pdf"))
    assert len(tile_pages) == 1 + tiles
    poster = page_sizes(os.path.join(pnp, "map_poster.pdf"))
    assert poster == [tuple(round(v / options.dpi * 72, 2) for v in s.size) for s in pm.sections]
    text = " ".join(w.text for w in words(os.path.join(pnp, "map_tiles.pdf")))
    assert "A-A1" in text and "C2-A1" in text


def test_every_image_is_lossless_at_300_dpi_or_more(pnp):
    for name in os.listdir(pnp):
        for im in images(os.path.join(pnp, name)):
            assert im.enc == "image" and im.x_ppi >= 300 and im.y_ppi >= 300, (name, im)


def test_the_aids_begin_with_the_games_sequence_of_play(s42, pnp):
    ws = [w for w in words(os.path.join(pnp, "aids.pdf")) if w.page == 1]
    text = " ".join(w.text for w in ws)
    for phase in s42.phases:
        assert phase.name.split()[0] in text
    assert "Weather" in text and "Victory" in text and "Railheads" in text
    assert "Automatic DS" in text  # the marker the Combat Phase clears
