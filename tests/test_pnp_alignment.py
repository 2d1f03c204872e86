"""Duplex alignment on the rendered pages (issue 5): pdftoppm renders front and back pages, every counter's
printed box is located on both from its edges, converted to mm, and the back, turned over as the paper is, must
lie within 0.1 mm behind its front: for long-edge duplex, short-edge duplex and fold-over, with and without a
calibration offset (a printer that misplaces the back by the opposite of the offset is simulated)."""

from __future__ import annotations

import math
import os

import pytest

from art.pnp.counter_sheets import bleed_mm, counter_layout, counter_sheets
from art.pnp.imposition import Rect
from art.pnp.paper import Options, parse_length
from test_pnp_layout import seen_through
from test_pnp_support import box_centre, page_sizes, render

DPI = 600
VARIANTS = {  # name: options (the default set's counters.pdf is checked as it was built)
    "a4-short-offset": Options("a4", duplex="short", back_offset=(1.2, -0.7)),
    "letter-fold-half-inch-offset": Options("letter", parse_length("1/2in"), "fold", back_offset=(-0.8, 1.5)),
}


@pytest.fixture(scope="module")
def variant_pdfs(nr_game, tmp_path_factory, poppler) -> dict[str, tuple[str, Options]]:
    folder = tmp_path_factory.mktemp("pnp_variants")
    out = {}
    for name, options in VARIANTS.items():
        path = str(folder / f"{name}.pdf")
        with open(path, "wb") as f:
            f.write(counter_sheets(nr_game, options))
        out[name] = (path, options)
    return out


def measure(nr_game, path: str, options: Options, pages: list[int]) -> dict[tuple[str, str], tuple[float, float]]:
    """Where each counter face on ``pages`` (0-based) is printed, mm, measured on the rendered page, in the
    window its layout gives it (its bleed box and half the gutter around it)."""
    layout = counter_layout(nr_game, options)
    grow = bleed_mm(options) + options.gutter_mm / 2
    found = {}
    for page in pages:
        img = render(path, page + 1, DPI)
        for p in layout.on_page(page):
            dx, dy = layout.imposition.shift(p.face)
            cut = p.cut(dx, dy)
            window = Rect(cut.x0 - grow, cut.y0 - grow, cut.x1 + grow, cut.y1 + grow)
            found[(p.item, p.face)] = box_centre(img, window, DPI)
    return found


def check(nr_game, path: str, options: Options) -> int:
    layout = counter_layout(nr_game, options)
    imp = layout.imposition
    assert [(round(w, 2), round(h, 2)) for w, h in page_sizes(path)] == \
        [tuple(round(v * 72 / 25.4, 2) for v in imp.page)] * layout.pages
    pages = [0] if options.duplex == "fold" else [0, 1]  # the first sheet
    found = measure(nr_game, path, options, pages)
    error = (-options.back_offset[0], -options.back_offset[1])  # the printer this offset was measured on
    checked = 0
    for p in layout.placements:
        if p.face != "front" or p.page not in pages:
            continue
        fx, fy = found[(p.item, "front")]
        assert math.hypot(fx - p.cx, fy - p.cy) < 0.05, (p.label, (fx, fy))  # printed where the layout says
        bx, by = found[(p.item, "back")]
        x, y = seen_through(options.duplex, imp.page, bx + error[0], by + error[1])
        assert math.hypot(x - fx, y - fy) <= 0.1, (p.item, (x, y), (fx, fy))
        checked += 1
    return checked


def test_default_long_edge_duplex_backs_are_behind_their_fronts(nr_game, pnp_set):
    assert check(nr_game, os.path.join(pnp_set, "counters.pdf"), Options()) == 152


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_short_edge_and_fold_over_with_back_offset(nr_game, variant_pdfs, name):
    path, options = variant_pdfs[name]
    assert check(nr_game, path, options) >= 70


def test_back_offset_moves_the_printed_backs_and_only_them(nr_game, variant_pdfs, tmp_path):
    path, options = variant_pdfs["a4-short-offset"]
    plain = Options("a4", duplex="short")
    plain_path = str(tmp_path / "plain.pdf")
    with open(plain_path, "wb") as f:
        f.write(counter_sheets(nr_game, plain))
    moved, still = measure(nr_game, path, options, [0, 1]), measure(nr_game, plain_path, plain, [0, 1])
    for (item, face), (x, y) in moved.items():
        sx, sy = still[(item, face)]
        dx, dy = options.back_offset if face == "back" else (0.0, 0.0)
        assert abs(x - sx - dx) < 0.05 and abs(y - sy - dy) < 0.05, (item, face)
