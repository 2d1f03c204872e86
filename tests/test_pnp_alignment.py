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
from test_pnp_support import box_centre, page_sizes, region_origin, render

DPI = 600
VARIANTS = {  # name: options (the default set's counters.pdf is checked as it was built)
    "a4-short-offset": Options("a4", duplex="short", back_offset=(1.2, -0.7)),
    "letter-fold-half-inch-offset": Options("letter", parse_length("1/2in"), "fold", back_offset=(-0.8, 1.5)),
}


@pytest.fixture(scope="module")
def variant_pdfs(nr_game, tmp_path_factory, poppler) -> dict[str, tuple[str, Options]]:
    """Each variant's counters.pdf, and the A4 short-edge one again without its offset."""
    folder = tmp_path_factory.mktemp("pnp_variants")
    out = {}
    for name, options in [*VARIANTS.items(), ("a4-short", Options("a4", duplex="short"))]:
        path = str(folder / f"{name}.pdf")
        with open(path, "wb") as f:
            f.write(counter_sheets(nr_game, options))
        out[name] = (path, options)
    return out


@pytest.fixture(scope="module")
def measured(nr_game, variant_pdfs) -> dict[str, dict[tuple[str, str], tuple[float, float]]]:
    """Every counter face of each variant's first sheet, measured on its rendered pages (once per module)."""
    return {name: measure(nr_game, path, options) for name, (path, options) in variant_pdfs.items()}


def measure(nr_game, path: str, options: Options, pages: int | None = None
            ) -> dict[tuple[str, str], tuple[float, float]]:
    """Where every counter face is printed, mm, measured on its rendered page in the window its layout gives it
    (its bleed box and half the gutter around it); on the first ``pages`` pages (default all)."""
    layout = counter_layout(nr_game, options)
    grow = bleed_mm(options) + options.gutter_mm / 2
    found = {}
    for page in range(layout.pages if pages is None else pages):
        windows = {}
        for p in layout.on_page(page):
            dx, dy = layout.imposition.shift(p.face)
            cut = p.cut(dx, dy)
            windows[p] = Rect(cut.x0 - grow, cut.y0 - grow, cut.x1 + grow, cut.y1 + grow)
        region = Rect(min(w.x0 for w in windows.values()), min(w.y0 for w in windows.values()),
                      max(w.x1 for w in windows.values()), max(w.y1 for w in windows.values()))
        img = render(path, page + 1, DPI, region=region)
        for p, window in windows.items():
            found[(p.item, p.face)] = box_centre(img, window, DPI, region_origin(region, DPI))
    return found


def check(nr_game, path: str, options: Options, found: dict[tuple[str, str], tuple[float, float]]) -> int:
    """Fronts where the layout puts them, backs behind them; returns how many counters were checked."""
    layout = counter_layout(nr_game, options)
    imp = layout.imposition
    assert [(round(w, 2), round(h, 2)) for w, h in page_sizes(path)] == \
        [tuple(round(v * 72 / 25.4, 2) for v in imp.page)] * layout.pages
    error = (-options.back_offset[0], -options.back_offset[1])  # the printer this offset was measured on
    checked = 0
    for p in layout.placements:
        if p.face != "front" or (p.item, "front") not in found:
            continue
        fx, fy = found[(p.item, "front")]
        assert math.hypot(fx - p.cx, fy - p.cy) < 0.05, (p.label, (fx, fy))  # printed where the layout says
        bx, by = found[(p.item, "back")]
        x, y = seen_through(options.duplex, imp.page, bx + error[0], by + error[1])
        assert math.hypot(x - fx, y - fy) <= 0.1, (p.item, (x, y), (fx, fy))
        checked += 1
    return checked


def test_default_long_edge_duplex_backs_are_behind_their_fronts(nr_game, pnp_set):
    path, options = os.path.join(pnp_set, "counters.pdf"), Options()
    assert check(nr_game, path, options, measure(nr_game, path, options)) == 152


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_short_edge_and_fold_over_with_back_offset(nr_game, variant_pdfs, measured, name):
    path, options = variant_pdfs[name]
    assert check(nr_game, path, options, measured[name]) == 152


def test_back_offset_moves_the_printed_backs_and_only_them(measured):
    options = VARIANTS["a4-short-offset"]
    moved, still = measured["a4-short-offset"], measured["a4-short"]
    assert moved.keys() == still.keys() and len(moved) == 2 * 152
    for (item, face), (x, y) in moved.items():
        sx, sy = still[(item, face)]
        dx, dy = options.back_offset if face == "back" else (0.0, 0.0)
        assert abs(x - sx - dx) < 0.05 and abs(y - sy - dy) < 0.05, (item, face)
