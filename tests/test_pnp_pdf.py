"""The default print-and-play set (issue 5) as poppler reads it: files, page counts and exact page sizes, every
image lossless at 300 dpi or more, every unit, marker and card once per side, the text layer where the layout
puts each item, the art drawn for each item (decoded pixels), and byte-identical rebuilds."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from PIL import Image

from art.cards import render_card, render_card_back
from art.pnp.aids import player_aids
from art.pnp.calibration import calibration_page
from art.pnp.card_sheets import card_layout
from art.pnp.counter_sheets import counter_layout, counter_sheets, face_images
from art.pnp.paper import Options
from art.style import style_of
from hexforge.build import STEPS
from hexforge.cli import COMMANDS
from test_pnp_support import images, page_sizes, run, words

LETTER, LETTER_WIDE = (612.0, 792.0), (792.0, 612.0)
FILES = {"counters.pdf": 2, "cards.pdf": 14, "calibration.pdf": 2, "map_tiles.pdf": 10, "map_poster.pdf": 1,
         "aids.pdf": 5}


def test_build_step_and_command_are_registered():
    names = [name for name, _ in STEPS]
    assert ("pnp", "art.pnp.build") in STEPS and names.index("pnp") > names.index("art")
    if "module" in names:
        assert names.index("pnp") > names.index("module")
    assert COMMANDS["pnp"][0] == "art.pnp.build"


def test_the_default_set_has_its_files_page_counts_and_exact_page_sizes(pnp_set):
    assert sorted(f for f in os.listdir(pnp_set)) == sorted(FILES)
    for name, pages in FILES.items():
        sizes = page_sizes(os.path.join(pnp_set, name))
        assert len(sizes) == pages, name
        if name == "map_poster.pdf":
            # the print map at 1 in hexes: 8094 x 6630 px at 300 dpi = 26.98 x 22.10 in
            assert sizes == [(1942.56, 1591.2)]
        elif name in ("counters.pdf", "cards.pdf", "calibration.pdf"):
            assert set(sizes) == {LETTER}, name  # duplex pages stay portrait
        else:
            assert set(sizes) <= {LETTER, LETTER_WIDE}, name


def test_every_image_is_lossless_at_300_dpi_or_more(pnp_set):
    for name in FILES:
        imgs = images(os.path.join(pnp_set, name))
        assert bool(imgs) == (name != "calibration.pdf"), name  # the calibration page is all vector
        for im in imgs:
            assert im.enc == "image", (name, im)  # Flate ("image"), never "jpeg" / "jpx"
            assert im.x_ppi >= 300 and im.y_ppi >= 300, (name, im)
    assert {im.page for im in images(os.path.join(pnp_set, "map_tiles.pdf"))} == set(range(1, 11))


def _labels(path: str) -> Counter:
    return Counter(w.text for w in words(path) if w.text.count("/") == 2)


def test_every_unit_marker_and_card_once_per_side(nr_game, pnp_set):
    counters = _labels(os.path.join(pnp_set, "counters.pdf"))
    expected = {f"unit/{u}/{s}" for u in nr_game.units for s in ("front", "back")}
    expected |= {f"marker/{m.id}/{s}" for m in nr_game.all_markers for s in ("front", "back")}
    assert len(nr_game.markers) == 56 and len(nr_game.square_markers) == 8
    assert set(counters) == expected and set(counters.values()) == {1}
    cards = _labels(os.path.join(pnp_set, "cards.pdf"))
    assert set(cards) == {f"card/{c}/{s}" for c in nr_game.cards for s in ("front", "back")}
    assert set(cards.values()) == {1}


@pytest.mark.parametrize("doc,layout_of", [("counters.pdf", counter_layout), ("cards.pdf", card_layout)])
def test_text_layer_names_each_item_at_its_layout_position(nr_game, pnp_set, doc, layout_of):
    layout = layout_of(nr_game, Options())
    where = {(w.page, w.text): (w.cx, w.cy) for w in words(os.path.join(pnp_set, doc)) if w.text.count("/") == 2}
    for p in layout.placements:
        x, y = where[(p.page + 1, p.label)]
        px, py = layout.imposition.printed(p)
        assert abs(x - px) < 0.3 and abs(y - py) < 0.3, p


def extracted(path: str, page: int, tmp_path) -> list[Image.Image]:
    """The images drawn on ``page`` (1-based), in drawing order, as ``pdfimages`` decodes them."""
    folder = tmp_path / f"p{page}"
    folder.mkdir()
    run("pdfimages", "-f", str(page), "-l", str(page), path, str(folder / "i"))  # raw PPM: no encoding
    return [Image.open(folder / f) for f in sorted(os.listdir(folder))]


def in_drawing_order(layout, page: int) -> list:
    placed = layout.on_page(page)
    return [p for face in ("front", "back") for p in placed if p.face == face]


def test_each_counter_is_drawn_with_its_own_art_pixel_for_pixel(nr_game, pnp_set, tmp_path):
    options = Options()
    layout = counter_layout(nr_game, options)
    arts = face_images(nr_game, options, style_of(nr_game))
    path = os.path.join(pnp_set, "counters.pdf")
    for page in range(layout.pages):
        drawn = extracted(path, page + 1, tmp_path)
        expected = in_drawing_order(layout, page)
        assert len(drawn) == len(expected) == 152
        for img, p in zip(drawn, expected):
            art = arts[(p.item, p.face)].image
            assert img.size == art.size and img.tobytes() == art.convert("RGB").tobytes(), p.label


def test_first_card_sheet_draws_each_card_and_the_back_pixel_for_pixel(nr_game, pnp_set, tmp_path):
    layout = card_layout(nr_game, Options())
    path = os.path.join(pnp_set, "cards.pdf")
    back = render_card_back(nr_game, 300).tobytes()
    for page in (0, 1):
        drawn = extracted(path, page + 1, tmp_path)
        expected = in_drawing_order(layout, page)
        assert len(drawn) == len(expected) == 9
        for img, p in zip(drawn, expected):
            want = back if p.face == "back" else render_card(nr_game, p.item.split("/")[1], 300).tobytes()
            assert img.tobytes() == want, p.label


def test_rebuilding_gives_byte_identical_pdfs(nr_game, pnp_set):
    """Counters, calibration and aids built again (later, so any clock would show) are the same bytes: between
    them they use every kind of PDF content the set has (images, fonts, vector marks, invisible text)."""
    options, style = Options(), style_of(nr_game)
    for name, data in (("counters.pdf", counter_sheets(nr_game, options, style)),
                       ("calibration.pdf", calibration_page(nr_game, options)),
                       ("aids.pdf", player_aids(nr_game, options, style))):
        with open(os.path.join(pnp_set, name), "rb") as f:
            assert f.read() == data, name
