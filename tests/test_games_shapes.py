"""The general data shapes a second game needs (Stalingrad '42's, without knowing it): a flat grid numbered from
column 10 and row 00, map sections, hexsides with features, Entry Areas, traits and face flags, attack-defense-MA,
die-roll tables with layers, ranges and modifiers, declared columns, stacking with free and exempt units and an HQ
that raises the limit, and a sequence with mutual phases before and after the player turns."""

from __future__ import annotations

from fractions import Fraction

import pytest

import games
from game_template import write_game
from games.grid import HexIds, Layout
from games.hexgrid import from_offset, hexside
from games.model import Game


@pytest.fixture(scope="module")
def mini(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return games.load(str(write_game(tmp_path_factory.mktemp("shapes") / "mini")))


def test_ids_start_at_the_grid_first_column_and_row(mini: Game) -> None:
    ids = HexIds(mini.map.grid)
    assert sorted(mini.map.hexes)[:2] == ["1000", "1001"] and ids.offset_of(ids.hex_of("1000")) == (0, 0)
    assert ids.id_of(from_offset(3, 2, "flat", "odd")) == "1302"


@pytest.mark.parametrize("scale", [1.0, 300 / 64])
def test_every_cell_of_an_offset_numbered_flat_grid_locates_to_its_id(mini: Game, scale: float) -> None:
    """The module's VASSAL numbering (hOff/vOff) gives every cell its id, also outside the map hexes."""
    spec = mini.map.grid
    layout = Layout.module(spec, scale)
    numbering, ids = layout.numbering(), HexIds(spec)
    for col in range(spec.columns):
        for row in range(spec.rows):
            h = from_offset(col, row, spec.orientation, spec.offset)
            assert numbering.location_name(layout.centre(h)) == ids.id_of(h)
            assert layout.hex_at(layout.centre(h)) == h


def test_hexsides_are_canonical_and_merge_their_features(mini: Game) -> None:
    ids = HexIds(mini.map.grid)
    a, b, c = ids.hex_of("1000"), ids.hex_of("1100"), ids.hex_of("1101")
    assert mini.map.features(a, b) == mini.map.features(b, a) == {"minor_river"}  # odd columns sit lower: SE
    assert mini.map.features(c, b) == {"primary_road"}  # 1101 N is 1100
    record = mini.map.hexside_records[hexside(b, a)]
    assert (record.hex, record.dir, record.source) == ("1000", "SE", "found")


def test_sections_entry_areas_settlements_and_features(mini: Game) -> None:
    m = mini.map
    assert m.sections["B"].first == (2, 0) and m.sections["B"].last == (3, 2)
    assert {h.id for h in m.hexes.values() if h.section == "A"} == {"1000", "1100", "1001", "1101", "1002", "1102"}
    w = m.areas["W"]
    assert (w.side, w.kind, w.terrain, w.adjacent) == ("red", "entry", "entry", ("1000", "1001", "1002"))
    assert [(h.id, h.settlement, h.name) for h in m.settlements] == [("1000", "town", "Alpha"),
                                                                     ("1201", "city", "Beta")]
    assert m.hexes["1000"].features == {"rail"} and m.hexes["1302"].coasts == {"sea"}


def test_unit_faces_traits_and_steps(mini: Game) -> None:
    r1, r2 = mini.units["r1"], mini.units["r2"]
    assert (r1.front.attack, r1.front.defense, r1.front.ma, r1.front.flags) == (3, 5, 3, {"elite"})
    assert (r1.back.attack, r1.back.defense, r1.back.colour) == (1, 3, "reduced")
    assert r1.front.colour == "full" and r1.front.strength is None  # default: the nationality's first colour
    assert (r2.steps, r2.flip, r2.code) == (3, "step", "C") and mini.units["r3"].flip == "none"
    assert mini.tags(r2) == {"tank", "mech", "free_stacking"}
    assert r1.extra == {"arrival": "W"} and mini.unit_types["tank"].move_class == "mech"


def test_stacking_with_free_exempt_and_raising_units(mini: Game) -> None:
    """Red: 1 counting unit, 1 free-stacking unit free, non-combat units never count, an HQ raises the limit to 2."""
    inf, tank, hq = (mini.tags(mini.units[u]) for u in ("r1", "r2", "r3"))
    other_inf = frozenset({"inf"})
    assert mini.stack_allows("red", 1, [inf, tank])  # the tank stacks free
    assert not mini.stack_allows("red", 1, [inf, other_inf])
    assert mini.stack_allows("red", 1, [inf, other_inf, hq])  # the HQ raises the limit, and does not count itself
    assert not mini.stack_allows("red", 1, [inf, other_inf, frozenset({"inf"}), hq])
    assert mini.stack_allows("blue", 1, [other_inf, other_inf]) and not mini.stack_allows("blue", 1, [other_inf] * 3)


def test_crt_with_odds_columns_layers_and_limits(mini: Game) -> None:
    crt = mini.crts["crt"]
    assert crt.columns == ("1-2", "1-1", "2-1") and crt.column_values == (Fraction(1, 2), 1, 2)
    assert crt.result("2-1", 1) == "A1/D1" and crt.cell("adv", "2-1", 2) == "2" and crt.cell("adv", "1-2", 2) == ""
    assert crt.layer_legends["adv"]["2"] == "Adv 2" and crt.side == "" and crt.dice == (1, 6)
    assert (crt.limits.below, crt.limits.above, crt.limits.automatic, crt.limits.automatic_result) == (
        "none", "last", "4-1", "DR")


def test_lookup_tables_with_ranges_clamping_modifiers_and_weather_cells(mini: Game) -> None:
    rally = mini.tables["rally"]
    assert rally.kind == "plain" and rally.row_labels == ("0-4", "5-7") and sorted(rally.rows) == list(range(8))
    assert rally.result("result", 4) == "-" and rally.result("result", 5) == "R"
    assert rally.row_for(-3) == 0 and rally.row_for(12) == 7
    assert [(m.value, m.text, m.rule) for m in rally.modifiers] == [(1, "Elite", "13.5")]
    weather = mini.tables["weather"]
    assert weather.results_ref == "weather" and weather.result("winter", 2) == "rain" and weather.legend == {}


def test_tec_movement_classes_and_declared_mp_columns(mini: Game) -> None:
    road, river, woods = mini.tec["primary_road"], mini.tec["minor_river"], mini.tec["woods"]
    assert road.mp == {"foot": 1, "mech": Fraction(1, 2)} and river.mp["mech"] == 1
    assert woods.extra == {"mud_mp_foot": 3} and woods.defense_shift == 1 and woods.stops_advance
    assert mini.tec["town"].mp == {} and mini.tec["town"].applies_to == "settlement"


def test_weather_columns_per_side_and_turn_columns(mini: Game) -> None:
    assert mini.weather["rain"].attack_shift == {"red": 1} and mini.weather["rain"].crt == {}
    assert mini.weather["rain"].red_attack_shift == 1 and mini.weather["rain"].blue_crt == ""  # the legacy reading
    assert [t.extra["season"] for t in mini.turns.values()] == ["summer", "summer", "winter"]
    assert mini.columns["turns"]["benchmark"].name == "Benchmark VP"


def test_the_sequence_has_mutual_phases_before_and_after_the_player_turns(mini: Game) -> None:
    slots = [(side, p.id) for side, p in mini.turn_sequence]
    assert slots == [(None, "weather"), ("blue", "movement"), ("blue", "combat"), ("red", "movement"),
                     ("red", "combat"), (None, "victory")]


def test_no_retreat_sequence_is_its_sides_order(nr_game: Game) -> None:
    slots = nr_game.turn_sequence
    assert slots[0] == (None, nr_game.phases[0]) and [s for s, _ in slots[1:]] == ["axis"] * 7 + ["soviet"] * 7


def test_scenario_markers_faces_and_control(mini: Game) -> None:
    s1 = mini.scenarios["s1"]
    assert [(p.unit, p.face) for p in s1.setup][-1] == ("b1", "back") and s1.hands == {"red": 1, "blue": 0}
    assert s1.control == {"1000": "red", "1001": "red", "1002": "red"} and s1.options == {"fog": False}
    assert [(m.marker_kind, m.location) for m in s1.markers] == [("control", "turn_track:1")]
