"""The "shared cut lines" counter layout (issue 21 item 4): counters butted together, one cut per line, the bleed
kept around the block. Checked in the layout maths, in the decoded page images (each counter's square is its own
art, the bleed only outside the block) and on pages rendered by pdftoppm: the cut lines where the layout puts them,
the back's lines and the back's block behind the front's within 0.1 mm, for long- and short-edge duplex."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest
from PIL import Image

from art.pnp.counter_sheets import bleed_mm, bleed_px, counter_layout, counter_sheets, face_images
from art.pnp.imposition import Rect
from art.pnp.paper import MM_PER_IN, OptionError, Options
from art.style import style_of
from test_pnp_layout import assert_backs_behind_fronts, seen_through
from test_pnp_support import INK, page_sizes, region_origin, render, run

DPI = 600
SETS = {
    "letter-long": Options(counter_layout="shared", back_cut_lines=True),
    "a4-short-offset": Options("a4", duplex="short", back_offset=(0.9, -0.6), counter_layout="shared",
                               back_cut_lines=True),
}


@pytest.fixture(scope="module")
def pdfs(nr_game, tmp_path_factory, poppler) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("pnp_shared")
    out = {}
    for name, options in SETS.items():
        path = folder / f"{name}.pdf"
        path.write_bytes(counter_sheets(nr_game, options))
        out[name] = str(path)
    return out


def test_butted_counters_touch_and_their_bleed_stays_inside_the_margins(nr_game):
    for options in (*SETS.values(), Options("a4", duplex="fold", counter_layout="shared")):
        layout = counter_layout(nr_game, options)
        assert_backs_behind_fronts(layout, options.duplex, (-options.back_offset[0], -options.back_offset[1]))
        fronts = [p for p in layout.placements if p.face == "front" and p.page == 0]
        xs = sorted({round(p.cx, 6) for p in fronts})
        assert all(math.isclose(b - a, options.counter_mm) for a, b in zip(xs, xs[1:]))  # no gutter
        left = min(p.cx - p.w / 2 for p in fronts) - bleed_mm(options)
        right = max(p.cx + p.w / 2 for p in fronts) + bleed_mm(options)
        page_w = layout.imposition.page[0]
        limit = page_w / 2 - options.fold_gap_mm if options.duplex == "fold" else page_w - options.margin_mm
        assert left >= options.margin_mm - 1e-6 and right <= limit + 1e-6
    with pytest.raises(OptionError):
        Options(counter_layout="touching")


def test_each_counter_square_is_its_own_art_and_the_bleed_only_outside(nr_game, pdfs, tmp_path):
    """The page's one image, decoded: every counter's cut square holds exactly its art's cut square; the strip
    around the block is the bleed of the counters on its edge."""
    options = SETS["letter-long"]
    layout = counter_layout(nr_game, options)
    arts = face_images(nr_game, options, style_of(nr_game))
    folder = tmp_path / "img"
    folder.mkdir()
    run("pdfimages", "-f", "1", "-l", "2", pdfs["letter-long"], str(folder / "i"))
    blocks = [np.asarray(Image.open(folder / f)) for f in sorted(os.listdir(folder))]
    assert len(blocks) == 2  # one image a page
    b = bleed_px(options)
    for page, block in enumerate(blocks):
        placed = layout.on_page(page)
        k = options.counter_mm / (arts[(placed[0].item, placed[0].face)].image.width - 2 * b)
        x0 = min(p.cx - p.w / 2 for p in placed)
        y0 = min(p.cy - p.h / 2 for p in placed)
        for p in placed:
            art = np.asarray(arts[(p.item, p.face)].image.convert("RGB"))
            cut = art.shape[0] - 2 * b
            x, y = round((p.cx - p.w / 2 - x0) / k) + b, round((p.cy - p.h / 2 - y0) / k) + b
            assert np.array_equal(block[y:y + cut, x:x + cut], art[b:b + cut, b:b + cut]), p.label
        first = min(placed, key=lambda p: (p.cy, p.cx))  # the top-left counter's bleed runs to the block's corner
        art = np.asarray(arts[(first.item, first.face)].image.convert("RGB"))
        assert np.array_equal(block[:b, :b], art[:b, :b])


def _line_positions(img: np.ndarray, origin: int, k: float, expected: list[float], window: float = 0.4
                    ) -> list[float]:
    """Sub-pixel centres (mm) of the dark vertical lines of a white strip (rows of ``img``), one near each of the
    ``expected`` positions (mm): the darkness-weighted mean of the columns within ``window`` mm of it."""
    profile = 255.0 - img.astype(float).mean(axis=0)
    out = []
    for e in expected:
        c0, c1 = int(math.floor((e - window) * k)) - origin, int(math.ceil((e + window) * k)) - origin
        cols = np.arange(c0, c1)
        weight = np.clip(profile[c0:c1] - 8, 0, None)
        assert weight.sum() > 0, f"no line near {e:.2f} mm"
        out.append(((cols + 0.5 + origin) * weight).sum() / weight.sum() / k)
    return out


def printed_edges(page: np.ndarray, window: Rect, dpi: int, origin: tuple[int, int]
                  ) -> tuple[float, float, float, float]:
    """The left, right, top and bottom (mm) of what is printed inside ``window`` (mm): the first and last ink
    along the median of the middle half of its rows and of its columns (the block's outer bleed edges, where its
    rows are full; the cut lines inside it do not matter), to the pixel."""
    k = dpi / MM_PER_IN
    x0, y0, x1, y1 = (int(round(v * k)) for v in (window.x0, window.y0, window.x1, window.y1))
    win = page[y0 - origin[1]:y1 - origin[1], x0 - origin[0]:x1 - origin[0]].astype(float)
    h, w = win.shape
    out = []
    for profile, start in ((np.median(win[h // 4:3 * h // 4], axis=0), x0),
                           (np.median(win[:, w // 4:3 * w // 4], axis=1), y0)):
        ink = np.nonzero(profile < INK)[0]
        assert ink.size and ink[0] > 0 and ink[-1] < len(profile) - 1, "the block runs out of its window"
        out += [(start + ink[0]) / k, (start + ink[-1] + 1) / k]
    return out[0], out[1], out[2], out[3]


@pytest.mark.parametrize("name", sorted(SETS))
def test_cut_lines_and_backs_are_where_the_layout_puts_them(nr_game, pdfs, name):
    """Every vertical cut line is found in the white strip above the block (the lines run past it), on the front
    within 0.05 mm of the layout and on the back, seen through the sheet, within 0.1 mm of the front's; the back's
    block (the outer edge of its bleed, across and along its first, full row) lies behind the front's within
    0.1 mm."""
    options = SETS[name]
    layout = counter_layout(nr_game, options)
    imp = layout.imposition
    path = pdfs[name]
    assert page_sizes(path) == [tuple(round(v * 72 / 25.4, 2) for v in imp.page)] * layout.pages
    k = DPI / MM_PER_IN
    bleed = bleed_mm(options)
    error = (-options.back_offset[0], -options.back_offset[1])
    found = {}
    for page in (0, 1):
        placed = layout.on_page(page)
        face = placed[0].face
        dx, dy = imp.shift(face)
        cuts = [p.cut(dx, dy) for p in placed]
        block = Rect(min(c.x0 for c in cuts), min(c.y0 for c in cuts), max(c.x1 for c in cuts),
                     max(c.y1 for c in cuts))
        xs = sorted({round(v, 4) for c in cuts for v in (c.x0, c.x1)})
        if face == "back" and options.duplex == "short":  # the block is turned: its lines run past its bottom
            strip = Rect(block.x0 - 1.5, block.y1 + bleed + 0.4, block.x1 + 1.5, block.y1 + bleed + 2.4)
        else:
            strip = Rect(block.x0 - 1.5, block.y0 - bleed - 2.4, block.x1 + 1.5, block.y0 - bleed - 0.4)
        img = render(path, page + 1, DPI, region=strip)
        ox, oy = region_origin(strip, DPI)
        rows = img[int(strip.y0 * k) - oy + 1:int(strip.y1 * k) - oy - 1]
        lines = _line_positions(rows, ox, k, xs)
        outer = Rect(block.x0 - bleed - 1.0, block.y0 - bleed - 1.0, block.x1 + bleed + 1.0, block.y1 + bleed + 1.0)
        whole = render(path, page + 1, DPI, region=outer)
        left, right, top, bottom = printed_edges(whole, outer, DPI, region_origin(outer, DPI))
        first_row = bottom if face == "back" and options.duplex == "short" else top  # the sheet's first row
        found[face] = (xs, lines, ((left + right) / 2, first_row), block)
    xs, lines, (fx, fy), block = found["front"]
    for want, got in zip(xs, lines):
        assert abs(want - got) < 0.05, (want, got)
    assert abs(fx - (block.x0 + block.x1) / 2) < 0.05 and abs(fy - (block.y0 - bleed)) < 0.05, (fx, fy, block)
    _, back_lines, (bx, by), _ = found["back"]
    seen = sorted(seen_through(options.duplex, imp.page, x + error[0], 0)[0] for x in back_lines)
    for f, b in zip(lines, seen):
        assert abs(f - b) <= 0.1, (f, b)
    x, y = seen_through(options.duplex, imp.page, bx + error[0], by + error[1])
    assert math.hypot(x - fx, y - fy) <= 0.1, ((x, y), (fx, fy))
