"""A print map too big to hold is painted a window at a time (issue 20: ``build`` under 2 GB whatever the map's
size): :class:`art.map_sheet.MapPainter` paints any window of the map with the whole picture's pixels (it paints
half a hex more around the window and cuts it away: PIL fills a shape running past an image's left or top edge a
little differently near that edge), and
:func:`art.pnp.map_tiles.map_documents` cuts the tiles and the poster from bands of the print map that cover each
section's rows once, in order. A map small enough (No Retreat!'s) is drawn whole and cut exactly, as before."""

from __future__ import annotations

import os

import games
import numpy as np
import pytest

from art.map_sheet import MapPainter, render_map
from art.pnp import map_tiles
from art.pnp.map_tiles import PrintMap, bands, map_documents, tiling
from art.pnp.paper import Options
from games.grid import Layout
from test_pnp_support import images

ALLOWED = 1e-5  # share of a window's pixels that may differ (PIL's filler works in floats: a pixel on a shape's edge
# could flip when the shape is moved; none did in these windows)


def assert_same_pixels(got: np.ndarray, want: np.ndarray) -> None:
    assert got.shape == want.shape
    ys, xs = np.nonzero(np.any(got != want, axis=2))
    assert len(xs) <= ALLOWED * got.shape[0] * got.shape[1], f"{len(xs)} pixels differ, at {list(zip(xs, ys))[:5]}"


@pytest.fixture(scope="module")
def painter(nr_game) -> MapPainter:
    return MapPainter(nr_game, Layout.module(nr_game.map.grid, 1.5))  # 2x supersampled, like a module map


@pytest.fixture(scope="module")
def whole(painter) -> np.ndarray:
    return np.asarray(painter.window())


def test_the_whole_window_is_the_map_and_a_corner_is_its_corner(painter, whole):
    assert whole.shape == (painter.size[1], painter.size[0], 3)
    w, h = painter.size
    assert_same_pixels(np.asarray(painter.window((0, 0, w // 2, h // 3))), whole[:h // 3, :w // 2])


@pytest.mark.parametrize("frac", [(0, 0, 1 / 3, 1 / 4), (1 / 3, 1 / 4, 2 / 3, 1 / 2), (0.2, 0.5, 1, 1),
                                  (0, 1 / 3, 1, 0.35), (0.03, 0.02, 0.999, 0.997)])
def test_a_window_has_the_whole_maps_pixels(painter, whole, frac):
    w, h = painter.size
    box = (round(frac[0] * w) + 1, round(frac[1] * h) + 3, round(frac[2] * w), round(frac[3] * h))
    got = np.asarray(painter.window(box))
    assert_same_pixels(got, whole[box[1]:box[3], box[0]:box[2]])


def test_a_map_that_fits_is_drawn_whole_and_cut_exactly(nr_game):
    pm = PrintMap(nr_game, Options())
    assert pm.drawn_whole  # No Retreat!'s print map: one image, cut (its PDFs are unchanged)
    section = pm.sections[0]
    t = tiling(section.size, Options(), section.id)
    assert [(first, last) for first, last, _ in bands(section, t, pm)] == [(0, t.rows)]


def _banded(nr_game, monkeypatch) -> PrintMap:
    options = Options(dpi=100)
    pm = PrintMap(nr_game, options)
    monkeypatch.setattr(map_tiles, "WHOLE_MAP_PX", 0)
    monkeypatch.setattr(map_tiles, "BAND_PX", pm.size[0] * 300)
    monkeypatch.setattr(map_tiles, "POSTER_IMAGE_PX", pm.size[0] * 170)
    assert not pm.drawn_whole
    return pm


@pytest.fixture
def banded(nr_game, monkeypatch) -> PrintMap:
    """No Retreat!'s print map at 100 dpi, painted as if it were too big to draw whole, in bands of about a tile
    row."""
    return _banded(nr_game, monkeypatch)


@pytest.fixture(scope="module")
def banded_documents(nr_game) -> tuple[bytes, bytes]:
    """The tiles and the poster made from a :func:`banded` print map of their own, once for the tests that read
    them."""
    with pytest.MonkeyPatch.context() as m:
        pm = _banded(nr_game, m)
        return map_documents(nr_game, pm.options, pm)


def test_bands_cover_every_tile_row_once_with_the_maps_pixels(nr_game, banded):
    whole = np.asarray(render_map(nr_game, banded.layout, banded.style))
    section = banded.sections[0]
    t = tiling(section.size, banded.options, section.id)
    seen = []
    for first, last, band in bands(section, t, banded):
        seen.extend(range(first, last))
        top, bottom = t.tile(0, first).box[1], t.tile(0, last - 1).box[3]
        assert band.size == (section.size[0], bottom - top)
        assert_same_pixels(np.asarray(band), whole[top:bottom, :section.size[0]])
    assert seen == list(range(t.rows)) and t.rows > 2


def test_the_banded_documents_have_every_tile_and_the_poster_in_strips(banded, banded_documents, tmp_path, poppler):
    tiles_pdf, poster_pdf = banded_documents
    paths = {}
    for name, data in (("tiles", tiles_pdf), ("poster", poster_pdf)):
        paths[name] = os.path.join(tmp_path, f"{name}.pdf")
        with open(paths[name], "wb") as f:
            f.write(data)
    section = banded.sections[0]
    t = tiling(section.size, banded.options, section.id)
    tile_images = [im for im in images(paths["tiles"]) if im.page > 1]  # page 1: the overview
    assert [(im.width, im.height) for im in tile_images] == [(x1 - x0, y1 - y0) for x0, y0, x1, y1 in
                                                             (tile.box for tile in t.tiles)]
    strips = images(paths["poster"])
    assert {im.width for im in strips} == {section.size[0]} and len(strips) > 2
    assert sum(im.height for im in strips) == section.size[1]  # every row of the map once


def test_a_window_of_stalingrad_42s_map_has_the_whole_maps_pixels():
    """The map that is painted in bands: rivers of several classes, rail lines, forts, sheet seams, Entry Area
    bands beyond its edge (at half the module's scale, 2x supersampled)."""
    s42 = games.load("stalingrad42")
    painter = MapPainter(s42, Layout.module(s42.map.grid, 0.5))
    whole = np.asarray(painter.window())
    w, h = painter.size
    for box in ((w // 3, h // 3 + 1, 2 * w // 3, h // 2), (w // 2 + 5, 0, w, h // 5)):
        assert_same_pixels(np.asarray(painter.window(box)), whole[box[1]:box[3], box[0]:box[2]])


def test_banded_documents_are_byte_identical_when_made_again(nr_game, banded, banded_documents):
    first = banded_documents  # made from a print map of its own
    again = PrintMap(nr_game, banded.options)
    assert map_documents(nr_game, again.options, again) == first


def test_points_along_a_line_are_shapelys_bit_for_bit(painter):
    """``points_along`` walks each outline once for all its motifs; the points are GEOS's own, to the last bit (the
    windows' pixels, and the pages' bytes, depend on it)."""
    import shapely

    from art.map_shapes import points_along, polygons

    rings = [r for shape in painter.shapes.terrain.values() for p in polygons(shape.buffer(-3.0))
             for r in (p.exterior, *p.interiors)]
    rings.append(shapely.LineString([(0, 0), (0, 0), (3, 4), (3, 4), (10, 4)]))  # repeated vertices: empty segments
    assert len(rings) > 20
    for ring in rings:
        for n in (2, 7, 1000):
            at = np.arange(n) / n
            want = shapely.get_coordinates(shapely.line_interpolate_point(ring, at, normalized=True))
            assert np.array_equal(points_along(ring, at), want)


def test_a_windows_motifs_are_the_whole_maps_near_it(nr_game):
    """A window makes only the motifs near it (``motifs_for``): the whole map's, those within its clip, in order."""
    from art.map_canvas import MapCanvas

    painter = MapPainter(nr_game, Layout.module(nr_game.map.grid, 0.6))  # a report's board: no window painted yet
    w, h = painter.size
    whole = painter._motifs(None)
    canvas = MapCanvas(painter.size, (w // 3, h // 4, w // 2, h // 2), (0, 0, 0))
    m = 2 * painter.lay.hex_width
    x0, y0, x1, y1 = canvas.box
    near = painter.motifs_for(canvas)
    assert "motifs" not in painter.__dict__ and near.keys() == whole.keys()
    for t, pts in whole.items():
        inside = [p for p in pts if x0 - m <= p[0] <= x1 + m and y0 - m <= p[1] <= y1 + m]
        assert [p for p in near[t] if x0 - m <= p[0] <= x1 + m and y0 - m <= p[1] <= y1 + m] == inside
    assert sum(map(len, near.values())) < sum(map(len, whole.values())) / 3
