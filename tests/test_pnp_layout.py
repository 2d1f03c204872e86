"""Print-and-play layout maths (issue 5), no PDF involved: the duplex flip and fold-over put every back behind its
front (with and without a calibration offset), the calibration reading is the offset that fixes a printer, every
item is placed once per side, nothing leaves the paper, and map tiles cover the map with exact overlaps."""

from __future__ import annotations

import math

import pytest

from art.cards import CARD_MM
from art.pnp.calibration import calibration_imposition, targets
from art.pnp.card_sheets import card_layout
from art.pnp.counter_sheets import bleed_mm, counter_groups, counter_layout
from art.pnp.imposition import SheetLayout
from art.pnp.map_tiles import print_scale, tiling
from art.pnp.paper import MM_PER_IN, OptionError, Options, length_name, parse_length, parse_offset, px_for

MODES = ("long", "short", "fold")


def seen_through(mode: str, page: tuple[float, float], x: float, y: float) -> tuple[float, float]:
    """Where a point printed on the back of a sheet lies in the front's coordinates once the sheet is turned (or
    the right half folded) back: turning over the long edge mirrors x, over the short edge mirrors y."""
    w, h = page
    return (w - x, y) if mode in ("long", "fold") else (x, h - y)


def assert_backs_behind_fronts(layout: SheetLayout, mode: str, printer_error: tuple[float, float]) -> int:
    """Every item has one front and one back; the back, printed where the layout says and then moved by the
    printer's ``printer_error``, lies within 0.1 mm behind its front. Returns how many items were checked."""
    imp = layout.imposition
    fronts = {p.item: p for p in layout.placements if p.face == "front"}
    backs = {p.item: p for p in layout.placements if p.face == "back"}
    assert len(fronts) + len(backs) == len(layout.placements) and fronts.keys() == backs.keys()
    for item, f in fronts.items():
        b = backs[item]
        assert b.page == (f.page if mode == "fold" else f.page + 1), item
        bx, by = imp.printed(b)
        x, y = seen_through(mode, imp.page, bx + printer_error[0], by + printer_error[1])
        fx, fy = imp.printed(f)
        assert math.hypot(x - fx, y - fy) <= 0.1, (item, (x, y), (fx, fy))
        assert b.rotation == (180 if mode == "short" else 0)
    return len(fronts)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("size", ["5/8in", "1/2in", "16mm"])
def test_every_counter_back_lands_behind_its_front(nr_game, mode, paper, size):
    for error in ((0.0, 0.0), (1.3, -0.8), (-2.5, 2.0)):
        # the calibration page reads -error for this printer (see the next test); that is the offset given
        options = Options(paper, parse_length(size), mode, back_offset=(-error[0], -error[1]))
        layout = counter_layout(nr_game, options)
        n = assert_backs_behind_fronts(layout, mode, error)
        assert n == len(nr_game.units) + len(nr_game.all_markers) == 88 + 64
        if error != (0.0, 0.0):  # without the offset this printer would miss by the whole error
            plain = counter_layout(nr_game, Options(paper, parse_length(size), mode))
            with pytest.raises(AssertionError):
                assert_backs_behind_fronts(plain, mode, error)


@pytest.mark.parametrize("mode", MODES)
def test_calibration_reading_is_the_back_offset_that_fixes_the_printer(mode):
    error = (0.9, -1.7)  # this printer puts everything on the back 0.9 mm right and 1.7 mm up

    def readings(options: Options) -> set[tuple[float, float]]:
        imp = calibration_imposition(options)
        out = set()
        for _, x, y in targets(options):
            hole = seen_through(mode, imp.page, x, y)  # the pin through the target, seen from the back
            gx, gy = imp.back_centre(x, y)
            dx, dy = imp.shift("back")
            grid = (gx + dx + error[0], gy + dy + error[1])  # where the printer really put that grid's 0,0
            out.add((round(hole[0] - grid[0], 6), round(hole[1] - grid[1], 6)))
        return out

    first = readings(Options(duplex=mode))
    assert first == {(-0.9, 1.7)}  # every target reads the same: the printer's error, negated
    assert readings(Options(duplex=mode, back_offset=first.pop())) == {(0.0, 0.0)}  # printed again: on 0,0


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_card_back_lands_behind_its_front_nine_a_page(nr_game, mode, paper):
    layout = card_layout(nr_game, Options(paper, duplex=mode, back_offset=(0.7, 0.4)))
    assert assert_backs_behind_fronts(layout, mode, (-0.7, -0.4)) == len(nr_game.cards) == 55
    per_page = [len([p for p in layout.on_page(pg) if p.face == "front"]) for pg in range(layout.pages)]
    if mode != "fold":
        assert per_page[0::2] == [9] * 6 + [1] and layout.pages == 14  # 55 cards: 6 full pages and 1 card
    else:
        assert max(per_page) == 4  # two by two on each half of a landscape page
    assert {(p.w, p.h) for p in layout.placements} == {CARD_MM}
    for pg in range(layout.pages):  # touching, never overlapping: a 3 x 3 block cut with shared lines
        fronts = [p for p in layout.on_page(pg) if p.face == "front"]
        for a in fronts:
            for b in fronts:
                if a is not b:
                    assert abs(a.cx - b.cx) >= CARD_MM[0] - 1e-9 or abs(a.cy - b.cy) >= CARD_MM[1] - 1e-9


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_counters_with_bleed_stay_on_the_paper_and_apart(nr_game, mode, paper):
    options = Options(paper, duplex=mode, back_offset=(2.0, -2.0))
    layout = counter_layout(nr_game, options)
    page = layout.imposition.page
    bleed = bleed_mm(options)
    assert 0.3 <= bleed <= 0.6  # "a few tenths of a mm"
    for pg in range(layout.pages):
        boxes = []
        for p in layout.on_page(pg):
            dx, dy = layout.imposition.shift(p.face)
            r = p.cut(dx, dy)
            assert r.x0 - bleed >= 5 and r.y0 - bleed >= 5 and r.x1 + bleed <= page[0] - 5 \
                and r.y1 + bleed <= page[1] - 5, p
            boxes.append((r.x0 - bleed, r.y0 - bleed, r.x1 + bleed, r.y1 + bleed, p.face))
        for i, a in enumerate(boxes):  # bleeds of neighbours never overlap (a white gutter between them)
            for b in boxes[i + 1:]:
                if a[4] == b[4]:
                    assert a[2] + options.gutter_mm - 1e-6 <= b[0] or b[2] + options.gutter_mm - 1e-6 <= a[0] \
                        or a[3] + options.gutter_mm - 1e-6 <= b[1] or b[3] + options.gutter_mm - 1e-6 <= a[1]
        if mode == "fold":  # fronts left of the fold, backs right of it
            fold = page[0] / 2
            assert all((p.cx < fold) == (p.face == "front") for p in layout.on_page(pg))


def test_units_first_then_markers_from_a_fresh_row(nr_game):
    layout = counter_layout(nr_game, Options())
    fronts = [p for p in layout.placements if p.face == "front"]
    assert [p.item for p in fronts] == [i for g in counter_groups(nr_game) for i in g]
    first_marker = next(p for p in fronts if p.item.startswith("marker/"))
    assert first_marker.cx == min(p.cx for p in fronts)  # the first column
    # 5/8 in on Letter: 11 columns x 14 rows hold all 152 counters on one sheet (units fill 8 rows exactly)
    assert layout.sheets == 1 and len({round(p.cx, 3) for p in fronts}) == 11
    assert counter_layout(nr_game, Options("a4")).sheets == 2


def test_lengths_offsets_and_paper():
    assert parse_length("5/8in") == pytest.approx(15.875)
    assert parse_length("1/2in") == pytest.approx(12.7)
    assert parse_length("16mm") == 16.0 and parse_length(" 0.625 in ") == pytest.approx(15.875)
    for bad in ("5/8", "16 cm", "", "in", "1/0in"):
        with pytest.raises(OptionError):
            parse_length(bad)
    assert parse_offset("0.5,-1") == (0.5, -1.0) and parse_offset("-2,3.25") == (-2.0, 3.25)
    for bad in ("1", "1,2,3", "a,b", ""):
        with pytest.raises(OptionError):
            parse_offset(bad)
    with pytest.raises(OptionError, match="more than the calibration scale"):
        Options(back_offset=parse_offset("7,0"))
    assert length_name(15.875) == "5/8 in" and length_name(16.0) == "16 mm"
    pt = 72 / 25.4
    assert tuple(round(v * pt, 2) for v in Options("letter").page) == (612.0, 792.0)
    assert tuple(round(v * pt, 2) for v in Options("a4").page) == (595.28, 841.89)
    with pytest.raises(OptionError):
        Options(counter_mm=5.0)
    assert px_for(15.875, 300) == 188 and px_for(63.5, 300) == 750  # never below the resolution asked for


def test_map_print_scale_and_tiles_cover_the_map_with_exact_overlaps(nr_game):
    options = Options()
    scale = print_scale(nr_game, options)
    assert nr_game.map.grid.module_hex_width * scale / options.dpi == pytest.approx(1.0)  # 1 in hexes
    size = (8094, 6630)  # the print map's size at that scale
    for paper in ("letter", "a4"):
        opts = Options(paper)
        t = tiling(size, opts)
        covered = set()
        for tile in t.tiles:
            x0, y0, x1, y1 = tile.box
            assert (x1 - x0) / opts.dpi * MM_PER_IN <= t.page[0] - 2 * opts.margin_mm + 1e-6
            assert (y1 - y0) / opts.dpi * MM_PER_IN <= t.page[1] - 2 * opts.margin_mm + 1e-6
            right, below = t.tile(tile.col + 1, tile.row), t.tile(tile.col, tile.row + 1)
            if right:
                assert x1 - right.box[0] == t.overlap and x0 < t.seam_x(tile.col + 1) < x1
            if below:
                assert y1 - below.box[1] == t.overlap and y0 < t.seam_y(tile.row + 1) < y1
            covered.add((x0, x1, y0, y1))
        assert min(b[0] for b in covered) == 0 and max(b[1] for b in covered) == size[0]
        assert min(b[2] for b in covered) == 0 and max(b[3] for b in covered) == size[1]
        assert t.overlap == round(opts.tile_overlap_mm / MM_PER_IN * opts.dpi)
    assert (tiling(size, Options()).cols, tiling(size, Options()).rows) == (3, 3)
