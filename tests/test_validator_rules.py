"""Rule functions of validator.rules.no_retreat checked directly on positions (the 3rd-edition 6.1 supply example,
zones of control, control, stacking, allowances, paths)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.model import frozen_map
from validator.model import Header
from validator.rules import no_retreat as rules
from validator.rules.no_retreat import control, movement, rail, supply, zoc
from validator.rules.no_retreat.state import State

EXAMPLE = {"ger_16": "1903", "ger_18": {"at": "1904", "face": "back"}, "ger_4pz": "1805", "fin": "finland",
           "sov_leningrad": "1902", "sov_kalinin": "2204", "sov_west": "1705", "sov_northwest": "1608"}


def position(nr_game, units, turn=4, player="axis", phase="supply", control_=None):
    header = Header("no_retreat", "campaign_1941", start=frozen_map({"turn": turn, "player": player, "phase": phase}),
                    position=frozen_map({"units": units, "control": control_ or {}}))
    ctx = rules.context(nr_game, header)
    return ctx, rules.start(ctx)


@pytest.fixture(scope="module")
def example(nr_game):
    return position(nr_game, EXAMPLE, control_={"1503": "axis", "1708": "axis"})


def test_example_16th_traces_to_riga_across_lake_peipus(example) -> None:
    ctx, s = example
    st = supply.side_supply(ctx, s, "axis")["ger_16"]
    assert st.how == "overland"
    assert st.path == ("1803", "1703", "1603", "1503")
    assert ctx.board.crossing_prohibited("1703", "1603")  # the Lake Peipus hexside it crosses


def test_example_18th_supplied_only_by_the_adjacent_16th(example) -> None:
    ctx, s = example
    st = supply.side_supply(ctx, s, "axis")["ger_18"]
    assert (st.how, st.via, st.rule) == ("adjacent", "ger_16", "6.2")


def test_example_4th_panzer_cut_off_without_chaining_through_the_18th(example) -> None:
    ctx, s = example
    st = supply.side_supply(ctx, s, "axis")["ger_4pz"]
    assert not st.ok
    assert supply.why_unsupplied(ctx, s, "ger_4pz")[0] == "6.3"
    net = supply.supply_net(ctx, s, "axis")
    assert "1708" not in net.cities  # Smolensk is Axis but cut off
    assert "1503" in net.cities


def test_example_kalinin_front_and_leningrad(example) -> None:
    ctx, s = example
    sov = supply.side_supply(ctx, s, "soviet")
    assert sov["sov_kalinin"].how == "overland" and sov["sov_leningrad"].ok
    assert sov["sov_kalinin"].via in ctx.board.edges["soviet"]  # straight to the east edge
    net = supply.supply_net(ctx, s, "soviet")
    assert "1902" in net.cities
    assert "2003" in net.blocked  # the 16th's zone of control
    without_ladoga = supply.supplied_cities(ctx, s, "soviet", net.blocked | {"2002"})
    assert "1902" not in without_ladoga  # only the lake hex keeps Leningrad supplied


def test_forts_and_unsupplied_units_have_no_zoc(example) -> None:
    ctx, s = example
    assert not zoc.has_zoc(ctx, s, "fin")
    assert "1902" not in zoc.zoc_of(ctx, s, "axis") - zoc.zoc_of(ctx, replace(s, units={**s.units, "fin": replace(
        s.units["fin"], loc=None)}), "axis")
    assert zoc.has_zoc(ctx, s, "ger_16")
    marked = replace(s, units={**s.units, "ger_16": replace(s.units["ger_16"], unsupplied=True)})
    assert not zoc.has_zoc(ctx, marked, "ger_16")


def test_no_zoc_across_a_lake_hexside(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_16": "1703"})
    z = zoc.zoc_of(ctx, s, "axis")
    assert "1803" in z and "1603" not in z and "1602" not in z


def test_finland_control_by_occupation(nr_game) -> None:
    ctx, s = position(nr_game, {"fin": "finland", "ger_4": "1902"})
    assert control.controller(ctx, s, "finland") is None  # the Finnish army does not count (12.4.2)
    s2 = movement.apply_move(ctx, replace(s, phase="movement"), "ger_4", ["finland"])
    assert control.controller(ctx, s2, "finland") == "axis"
    s3 = replace(s2, units={**s2.units, "sov_west": replace(s2.units["sov_west"], loc="finland")})
    assert control.controller(ctx, s3, "finland") is None


def test_passing_through_takes_control(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_1pz": "1207", "sov_south": "2015"}, turn=2, phase="movement")
    assert s.control["1407"] == "soviet"
    s2 = movement.apply_move(ctx, s, "ger_1pz", ["1307", "1407", "1406"])
    assert s2.control["1407"] == "axis" and s2.control["1307"] == "axis"


def test_allowance_caps(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_1pz": "1012", "ger_6": {"at": "1114", "unsupplied": True}}, turn=4,
                      phase="movement")
    a = movement.allowance(ctx, s, "ger_1pz")
    assert (a.printed, a.weather_cap, a.mp) == (6, 4, 4)  # Snow
    b = movement.allowance(ctx, s, "ger_6")
    assert (b.printed, b.supply_cap, b.mp) == (4, 3, 3)


def test_destination_only_path_goes_round_ezoc(nr_game) -> None:
    ctx, s = position(nr_game, {"sov_west": "1512", "ger_3pz": "1411"}, turn=2, phase="movement")
    path, legal = movement.find_path(ctx, s, "ger_3pz", "1613")
    assert legal and path[-1] == "1613" and len(path) == 5
    g = movement.ground(ctx, s, "axis")
    assert not any(p in g.ezoc for p in path[:-1])
    reach = movement.reachable(ctx, s, "ger_3pz")
    assert "1613" in reach and "1512" not in reach


def test_detrain_hexes_are_near_sources_and_out_of_ezoc(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_4": "1908", "sov_kalinin": "rail_soviet"}, player="soviet", phase="detraining")
    hexes = set(rail.detrain_hexes(ctx, s, "soviet"))
    assert "2008" in hexes  # Moscow, in the EZOC: a supplied city
    assert "1909" not in hexes and "1009" not in hexes
    assert rail.rail_box(ctx, "soviet") == "rail_soviet"


def test_state_is_never_changed_in_place(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_1pz": "1012", "sov_south": "2015"}, turn=1, phase="movement")
    units = dict(s.units)
    control_before = dict(s.control)
    from validator.model import Action
    s2, findings = rules.step(ctx, s, Action(2, "move", "axis", {"unit": "ger_1pz", "path": ["1112"]}))
    assert not findings and s2.units["ger_1pz"].loc == "1112"
    assert s.units == units and s.control == control_before
    assert isinstance(s2, State)


def test_yugoslav_units_always_supplied_in_the_balkans(nr_game) -> None:
    ctx, s = position(nr_game, {"sov_yug_1": "w_balkans", "ger_4": "0213", "ger_9": "0313", "ger_6": "0314"},
                      turn=14)
    assert supply.side_supply(ctx, s, "soviet")["sov_yug_1"].how == "home"
    ctx, s = position(nr_game, {"sov_west": "w_balkans", "ger_4": "0213", "ger_9": "0313", "ger_6": "0314"},
                      turn=14)
    assert not supply.side_supply(ctx, s, "soviet")["sov_west"].ok  # a Soviet front there is not


def test_black_sea_coast_supplies_the_soviets(nr_game) -> None:
    ring = {"ger_4": "1115", "ger_9": "1214", "ger_6": "1314", "ger_17": "1315"}
    ctx, s = position(nr_game, {"sov_south": "1215", **ring, "ger_11": "1016"}, turn=5)
    st = supply.side_supply(ctx, s, "soviet")["sov_south"]
    assert st.ok and st.how in ("overland", "coast")  # Odessa is itself a Soviet supplied city
    s2 = replace(s, control={**s.control, "1215": "axis"})
    st2 = supply.side_supply(ctx, s2, "soviet")["sov_south"]
    assert (st2.how, st2.via) == ("coast", "black")


def test_baltic_coast_needs_a_friendly_supplied_leningrad(nr_game) -> None:
    units = {"ger_16": "1302", "sov_northwest": "1403", "sov_west": "1404", "sov_central": "1305"}
    ctx, s = position(nr_game, units, turn=5)
    assert not supply.side_supply(ctx, s, "axis")["ger_16"].ok  # Leningrad is Soviet
    ctx, s = position(nr_game, {**units, "ger_18": "1902"}, turn=5, control_={"1902": "axis"})
    assert "1902" in supply.supply_net(ctx, s, "axis").cities
    st = supply.side_supply(ctx, s, "axis")["ger_16"]
    assert (st.how, st.via) == ("coast", "baltic")
    ctx, s = position(nr_game, {**units, "ger_18": "1902", "sov_south": "1802"}, turn=5, control_={"1902": "axis"})
    assert "1902" not in supply.supply_net(ctx, s, "axis").cities  # cut off on its western side
    assert not supply.side_supply(ctx, s, "axis")["ger_16"].ok


def test_areas_and_enemy_cities_block_supply_paths(nr_game) -> None:
    ctx, s = position(nr_game, {"ger_4": "1005", "sov_south": "2015"}, turn=2, control_={"1407": "axis"})
    blocked = supply.blocked_for(ctx, s, "soviet")
    assert {"finland", "w_balkans", "s_balkans", "1407"} <= blocked
    assert "1407" not in supply.blocked_for(ctx, s, "axis")
