"""Our hex ids ↔ VASSAL pixels for the whole No Retreat! map, at the module scale and at print scales."""

from __future__ import annotations

import pytest

from games import Game
from games.grid import HexIds, Layout


@pytest.mark.parametrize("scale", [1.0, 0.5, 300 / 96 * 1.1, 3.3])
def test_every_hex_centre_names_its_id_and_round_trips(nr_game: Game, scale: float) -> None:
    layout = Layout.module(nr_game.map.grid, scale)
    numbering = layout.numbering()
    for h in nr_game.map.hexes.values():
        centre = layout.centre(h.hex)
        assert numbering.location_name(centre) == h.id
        assert layout.hex_at(centre) == h.hex
        assert layout.vassal_grid.snap(numbering.location(h.id)) == centre


def test_ids_are_column_then_row(nr_game: Game) -> None:
    ids = HexIds(nr_game.map.grid)
    west, east = ids.hex_of("0910"), ids.hex_of("1010")  # Lublin and its eastern neighbour
    assert ids.offset_of(west) == (8, 9) and ids.offset_of(east) == (9, 9)
    layout = Layout.module(nr_game.map.grid)
    (x1, y1), (x2, y2) = layout.centre(west), layout.centre(east)
    assert y1 == y2 and x2 - x1 in (95, 96, 97)


def test_float_and_vassal_centres_agree_within_a_pixel(nr_game: Game) -> None:
    layout = Layout.module(nr_game.map.grid)
    for h in nr_game.map.hexes.values():
        (x, y), (fx, fy) = layout.centre(h.hex), layout.centre_f(h.hex)
        assert abs(x - fx) < 1 and abs(y - fy) < 1


def test_bad_hex_id_is_rejected(nr_game: Game) -> None:
    ids = HexIds(nr_game.map.grid)
    with pytest.raises(ValueError, match="not a hex id"):
        ids.hex_of("12a4")
