"""VASSAL HexGrid/HexGridNumbering emulation: VASSAL's own tour log, naming and parsing rules."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from games.vassal_grid import VassalHexGrid, VassalHexNumbering, format_index, parse_index

# tour.mod board "SL": a HexGrid with these attributes (docs/vassal-format.md §f)
TOUR = VassalHexGrid(dx=56.25, dy=64.5, x0=0, y0=32)
TOUR_NUMBERING = VassalHexNumbering(TOUR, h_type="A", h_off=0, v_leading=0, v_off=1, stagger=False)


@pytest.mark.parametrize("point, name", [((337, 419), "G7"), ((393, 386), "H6"), ((450, 354), "I6"),
                                         ((506, 322), "J5")])
def test_tour_log_moves_name_like_vassals_chat(point: tuple[int, int], name: str) -> None:
    assert TOUR_NUMBERING.location_name(point) == name
    assert TOUR_NUMBERING.location(name) == point


@pytest.mark.parametrize("value, kind, leading, text", [
    (5, "N", 1, "05"), (12, "N", 1, "12"), (100, "N", 1, "100"), (5, "N", 0, "5"), (5, "N", 2, "005"),
    (-3, "N", 1, "-03"), (0, "A", 0, "A"), (25, "A", 0, "Z"), (26, "A", 0, "AA"), (27, "A", 0, "BB"),
    (52, "A", 0, "AAA"),
])
def test_format_index_like_regular_grid_numbering(value: int, kind: str, leading: int, text: str) -> None:
    assert format_index(value, kind, leading) == text
    assert parse_index(text, kind) == value


@given(st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=40))
def test_centres_snap_to_themselves_and_name_round_trips(col: int, row: int) -> None:
    for grid in (TOUR, VassalHexGrid(dx=83.1384, dy=96.0, x0=248, y0=118, sideways=True)):
        numbering = VassalHexNumbering(grid, h_off=0, v_off=0, stagger=False)
        centre = grid.raw_centre(col, row)
        assert grid.snap(centre) == centre
        assert grid.snap(numbering.location(numbering.location_name(centre))) == centre


@given(st.integers(min_value=60, max_value=2000), st.integers(min_value=60, max_value=2000))
def test_snap_gives_the_hex_whose_polygon_holds_the_point(x: int, y: int) -> None:
    """hexPoint: the snapped centre's hex polygon (VASSAL's integer polygon) contains the point, up to the
    1-pixel boundary; and the point is nearer to it than to any other centre on a regular grid."""
    from shapely.geometry import Point, Polygon

    for grid in (TOUR, VassalHexGrid(dx=83.13843876330611, dy=96.0, x0=248, y0=118, sideways=True)):
        sx, sy = grid.snap((x, y))
        rx, ry = (sy, sx) if grid.sideways else (sx, sy)
        px, py = (y, x) if grid.sideways else (x, y)
        assert Polygon(grid.hex_polygon_rotated(rx, ry)).distance(Point(px, py)) <= 1.0
