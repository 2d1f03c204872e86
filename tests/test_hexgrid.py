"""Hex maths invariants (hypothesis) and a few fixed values."""

from __future__ import annotations

from hypothesis import given, strategies as st

from games.hexgrid import (
    POINTY_DIRECTIONS, Hex, direction_between, distance, from_offset, hexside, line, neighbours, ring, spiral,
    to_offset,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_self(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_six_distinct_neighbours_at_distance_one(h: Hex) -> None:
    ns = neighbours(h)
    assert len(set(ns)) == 6
    assert all(distance(h, n) == 1 for n in ns)
    assert all(direction_between(h, n) is not None for n in ns)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_rings_have_6k_hexes_at_distance_k(h: Hex, k: int) -> None:
    r = ring(h, k)
    assert len(r) == (1 if k == 0 else 6 * k)
    assert len(set(r)) == len(r)
    assert all(distance(h, x) == k for x in r)
    assert len(list(spiral(h, k))) == 1 + 3 * k * (k + 1)


@given(hexes, hexes)
def test_line_is_a_shortest_adjacent_path(a: Hex, b: Hex) -> None:
    pts = line(a, b)
    assert pts[0] == a and pts[-1] == b
    assert len(pts) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in zip(pts, pts[1:]))


@given(hexes, st.sampled_from(["pointy", "flat"]), st.sampled_from(["odd", "even"]))
def test_offset_round_trip(h: Hex, orientation: str, parity: str) -> None:
    col, row = to_offset(h, orientation, parity)  # type: ignore[arg-type]
    assert from_offset(col, row, orientation, parity) == h  # type: ignore[arg-type]


@given(hexes, st.sampled_from(list(POINTY_DIRECTIONS.values())))
def test_hexside_key_is_the_same_from_both_sides(h: Hex, d: Hex) -> None:
    assert hexside(h, h + d) == hexside(h + d, h)


def test_odd_rows_are_shoved_right() -> None:
    # row 1 (odd) starts half a hex east: its column-0 hex touches columns 0 and 1 of row 0
    h = from_offset(0, 1, "pointy", "odd")
    above = {to_offset(n, "pointy", "odd") for n in neighbours(h) if to_offset(n, "pointy", "odd")[1] == 0}
    assert above == {(0, 0), (1, 0)}
