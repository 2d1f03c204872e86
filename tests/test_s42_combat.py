"""Stalingrad '42 combat arithmetic: the rules' own examples (8.3, 8.4.2, 8.5, 8.6, 9.1 examples 1-3, 9.2.2), computed
by the validator's functions on positions of the real map; the whole-combat examples (9.5.2, 9.5.4, 11.5.2, 12.x,
14.2.2, 15.2.4, 15.2.10) are scripted logs (``tests/logs/stalingrad42/combat_example_*``), replayed here for what the
final position must be."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import validator.rules.stalingrad42 as s42
from games_once import LOADED, parse_log, read_log
from validator.rules.stalingrad42 import modifiers, odds, results
from validator.rules.stalingrad42.battlefield import MAJOR, Crossing, crossing, ground

LOGS = Path(__file__).resolve().parent / "logs" / "stalingrad42"


def position(units: dict, turn: int = 2, player: str = "axis", phase: str = "combat"):
    """(context, state) of a Campaign Game position."""
    header = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign",
              "start": {"turn": turn, "player": player, "phase": phase}, "position": {"units": units}}
    log, game = parse_log("t.jsonl", (json.dumps(header) + "\n").encode())
    ctx = s42.context(game, log.header)
    return ctx, s42.start(ctx)


def run(log, game):
    """(context, the state at the end of a log, its findings as (line, rule))."""
    ctx = s42.context(game, log.header)
    state = s42.start(ctx)
    found = []
    for a in log.actions:
        state, fs = s42.step(ctx, state, a)
        found += [(a.line, f.rule) for f in fs]
    return ctx, state, found


def play(name: str):
    """The state at the end of a scripted log, and its findings as (line, rule)."""
    return run(*read_log(str(LOGS / name)))


@pytest.mark.parametrize("attack, defense, column", [(7, 2, "3-1"), (9, 4, "2-1"), (6, 4, "1-1"), (5, 6, "1-2")])
def test_8_3_odds_round_down(attack: int, defense: int, column: str) -> None:
    ctx, _ = position({})
    assert odds.column(ctx, attack, defense, 0).column == column  # 8.3 step 1's examples


def test_8_4_limits_after_the_net_shift() -> None:
    ctx, _ = position({})
    assert odds.column(ctx, 8, 1, -1).column == "7-1"  # 8.4.2: 8-1 and one shift left: the 7-1 column, not 6-1
    assert odds.column(ctx, 7, 1, 1).column == "7-1"  # 7-1 and one shift right: still 7-1
    assert odds.column(ctx, 9, 1, 0).column == "7-1"  # 8.4.1: 9-1 is resolved on 7-1
    assert odds.column(ctx, 10, 1, 0).automatic and odds.column(ctx, 25, 3, 2).automatic  # 10-1: an automatic DS
    assert not odds.column(ctx, 25, 3, 1).automatic and odds.column(ctx, 25, 3, 1).label == "9-1"
    assert not odds.column(ctx, 1, 4, 0).allowed  # 8.4.1: below 1-3
    assert not odds.column(ctx, 5, 10, -2).allowed  # a 1-2 with two shifts left is a 1-4: no combat (decision)
    assert odds.column(ctx, 1, 4, 1).allowed and odds.column(ctx, 1, 4, 1).column == "1-3"  # ... a 1-4 with one right is


def test_8_5_caps_after_doubling() -> None:
    """8.5.1: six 10-8-6 Panzer divisions attacking a City: 40, not 60; 8.5.2: two 4-6-3s in a City: 20, not 24."""
    panzers = ["ger_3pz", "ger_24pz", "ger_9pz", "ger_11pz", "ger_13pz", "ger_16pz"]
    ctx, state = position({**{u: "3231" for u in panzers}, "sov_13gds": "3330", "sov_15gds": "3330"})
    a = odds.attack(ctx, state, panzers, "3330", {})
    assert (sum(p.value for p in a.parts), a.total) == (60, 40)
    d, counted, doubled = odds.defense(ctx, state, ["sov_13gds", "sov_15gds"], ground(ctx, state, "3330", "soviet"),
                                       False)
    assert (sum(p.value for p in d.parts), d.total, doubled) == (24, 20, {"sov_13gds", "sov_15gds"})
    assert odds.column(ctx, a.total, d.total, 0).column == "2-1"


def test_9_1_halving_and_doubling() -> None:
    ctx, state = position({"sov_1tc": {"at": "3021", "face": "back", "supply": "oos"},
                           "sov_16tc": {"at": "3021", "face": "back", "supply": "oos"},
                           "ger_23pz": {"at": "3020", "supply": "oos"}, "sov_6rd": "3330"})
    # example 1: two units with an Attack Strength of 5, halved: 3 + 3 = 6 (each unit rounded up)
    assert odds.attack(ctx, state, ["sov_1tc", "sov_16tc"], "3020", {}).total == 6
    # example 3: a 9 Out of Supply across a Major River: 9 / 2 = 5, 5 / 2 = 3
    river = Crossing("", "", MAJOR, False, False, False)
    assert odds.attack(ctx, state, ["ger_23pz"], "3021", {"ger_23pz": river}).total == 3
    # example 2: a defender in a City behind a river is doubled once, not tripled or quadrupled
    d, _, _ = odds.defense(ctx, state, ["sov_6rd"], ground(ctx, state, "3330", "soviet"), True)
    assert d.total == 10


def test_9_2_2_tank_shifts() -> None:
    """10-8-6 Panzer division against a 3-5-3 rifle division: 10 to 5 with two shifts = 4-1; against a 7-5-5 Tank
    Corps: one shift (the basic ones cancel, the elite one stays) = 3-1."""
    ctx, state = position({"ger_3pz": "3020", "sov_6rd": "3021", "sov_1tc": "3119"})
    for target, defender, column in (("3021", "sov_6rd", "4-1"), ("3119", "sov_1tc", "3-1")):
        c = {"ger_3pz": crossing(ctx, state, "axis", False, "3020", target)}
        shifts = modifiers.tank(ctx, state, "axis", ["ger_3pz"], [defender], c, ground(ctx, state, target, "soviet"))
        assert odds.column(ctx, 10, 5, sum(s.value for s in shifts)).column == column


def test_9_2_3_and_9_2_4_tank_shifts_barred_and_denied() -> None:
    ctx, state = position({"ger_3pz": "1215", "sov_6rd": "1216", "sov_1tdd": "3021", "ger_24pz": "3020"})
    woods = modifiers.tank(ctx, state, "axis", ["ger_3pz"], ["sov_6rd"], {}, ground(ctx, state, "1216", "soviet"))
    assert woods == []  # 9.2.3: a Woods hex
    anti = modifiers.tank(ctx, state, "axis", ["ger_24pz"], ["sov_1tdd"], {}, ground(ctx, state, "3021", "soviet"))
    assert [s.rule for s in anti] == ["9.2.2"]  # 9.2.4: the basic shift denied, the elite one not


def test_9_2_3_a_tank_across_a_river_against_a_tank() -> None:
    """9.2.3's example: a Tank Unit attacks an enemy Tank Unit across a river hexside: neither earns the Tank Shift
    (nor the Elite one, which is a Tank Shift too)."""
    ctx, state = position({"ger_3pz": "1603", "sov_1tc": "1604"})
    c = {"ger_3pz": crossing(ctx, state, "axis", False, "1603", "1604")}
    assert c["ger_3pz"].river
    assert modifiers.tank(ctx, state, "axis", ["ger_3pz"], ["sov_1tc"], c, ground(ctx, state, "1604", "soviet")) == []


def test_8_6_the_automatic_ds_example() -> None:
    """8.6: 25 to 3 = 8-1, two shifts right (Tank, Elite) = 10-1: the defender is gone, the three units carry Auto DS
    markers until their advance; B attacks Y at 5-1."""
    ctx, state, found = play("combat_example_8_6.jsonl")
    assert [r for _, r in found] == ["8.6.1"]  # only the planted move of an Auto DS unit
    assert state.units["sov_62rd"].loc == "eliminated_soviet" and state.units["sov_121rd"].loc == "eliminated_soviet"
    assert state.units["ger_3pz"].loc == "3222" and not state.units["ger_3pz"].auto_ds


def test_11_5_2_desperate_defense_costs_three_steps() -> None:
    ctx, state, found = play("combat_example_11_5_2.jsonl")
    assert found == []
    assert state.units["sov_6rd"].face == "back" and state.units["sov_6rd"].loc == "1216"  # the D1 step
    assert state.units["sov_13gds"].loc == "eliminated_soviet"  # two steps: the Fail and the S -/1
    assert state.units["sov_6rd"].order == "good"  # the retreat, and the Disruption, cancelled


def test_15_2_breakthrough_examples_end_where_the_rules_say() -> None:
    _, state, found = play("combat_example_15_2_4b.jsonl")
    assert found == []
    assert {state.units[u].loc for u in ("ger_3pz", "ger_23pz", "ger_16mot")} == {"3024"}
    assert state.units["ger_57id"].loc == "3022"
    _, state, found = play("combat_example_15_2_10.jsonl")
    assert [r for _, r in found] == ["15.2.4"]
    assert state.units["ger_3pz"].loc == "3023"


def test_steps_left_of_each_kind_of_unit() -> None:
    ctx, state = position({"ger_3pz": "3020", "sov_6rd": {"at": "3021", "face": "back"}, "ger_hq_6a": "3019"})
    assert [results.steps_left(ctx, state, u) for u in ("ger_3pz", "sov_6rd", "ger_hq_6a", "sov_1tc")] == [3, 1, 1, 0]


def test_11_6_delay_and_city_battle_markers() -> None:
    """11.6 figure: hex A's Partial Success a Delay (a one-hex retreat, Disrupted), hex B's a City Battle marker and no
    retreat, a Minor City's second one a Delay (its marker stays on 1)."""
    _, state, found = play("combat_example_11_6.jsonl")
    assert [r for _, r in found] == ["14.1"]
    assert (state.units["sov_6rd"].loc, state.units["sov_6rd"].order) == ("2817", "disrupted")
    assert state.units["ger_57id"].loc == "2617"
    assert state.markers.city_battle == {"1929": 1, "3330": 1}
    assert state.units["sov_62rd"].loc == "1929" and state.units["sov_62rd"].order == "good"
    assert state.units["sov_121rd"].loc == "3530" and state.units["ger_62id"].loc == "3330"


def test_22_5_a_retreat_into_an_enemy_entry_area_eliminates() -> None:
    _, state, _ = play("combat_entry_areas.jsonl")
    assert state.units["ger_62id"].loc == "eliminated_axis"
    assert state.units["ger_57id"].loc == "1802" and state.units["ger_57id"].order == "disrupted"


def test_13_1_full_retreat_after_a_four_hex_retreat_and_disruption_after_two() -> None:
    _, state, _ = play("combat_retreats.jsonl")
    assert (state.units["sov_212rd"].loc, state.units["sov_212rd"].order) == ("3623", "full_retreat")
    assert state.units["sov_62rd"].order == "disrupted"


def test_13_3_2_full_retreat_next_to_the_enemy() -> None:
    """13.3.2: a unit in Full Retreat next to an enemy Combat Unit retreats two hexes at once (its retreat line owes
    nothing); at the start of a Combat Phase it is eliminated when still next to an enemy unit."""
    header = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign",
              "start": {"turn": 10, "player": "axis", "phase": "movement"},
              "position": {"units": {"ger_57id": "2616", "sov_6rd": {"at": "2716", "order": "full_retreat"},
                                     "ger_44id": "2620", "sov_62rd": {"at": "2720", "order": "full_retreat"}}}}
    lines = [header, {"type": "retreat", "side": "soviet", "unit": "sov_6rd", "path": ["2817", "2917"]},
             {"type": "phase", "side": "axis", "phase": "combat"}]
    _, state, found = run(*parse_log("t.jsonl", "".join(json.dumps(x) + "\n" for x in lines).encode()))
    assert found == []
    assert state.units["sov_6rd"].loc == "2917"  # retreated: no longer next to 57 ID
    assert state.units["sov_62rd"].loc == "eliminated_soviet"  # still next to 44 ID when the Combat Phase began


def test_23_4_the_russian_winter() -> None:
    """23.4: Axis units on or north of row xx43 attack and defend at one less (attack not below 1, defense not below
    2); not in a City, Town or completed Fortification; the harsher of Out of Supply and Winter counts."""
    from validator.rules.stalingrad42.terrain import winter_from
    ctx, _ = position({})
    turn = winter_from(ctx)
    ctx, state = position({"ger_57id": "2616", "ger_44id": {"at": "2618", "supply": "oos"}, "sov_6rd": "2716",
                           "rom_1id": {"at": "2620", "face": "back"}, "ger_62id": "1929"}, turn=turn)
    a = odds.attack(ctx, state, ["ger_57id", "ger_44id", "rom_1id"], "2716", {})
    assert [p.value for p in a.parts] == [3, 2, 1]  # 4-1; 4 halved (harsher than 4-1); a 1 stays 1
    d, _, _ = odds.defense(ctx, state, ["ger_57id"], ground(ctx, state, "2616", "axis"), False)
    assert d.total == 5
    city, _, _ = odds.defense(ctx, state, ["ger_62id"], ground(ctx, state, "1929", "axis"), False)
    assert city.total == 12  # in a City: no Winter penalty, doubled
    ctx, state = position({"ger_57id": "2616"}, turn=turn - 1)
    assert odds.attack(ctx, state, ["ger_57id"], "2716", {}).total == 4


@pytest.mark.parametrize("old, new, key", [
    ("attack_cap = 40", "attack_cap = \"forty\"", "attack_cap"),
    ("elite_side = \"axis\"", "elite_side = \"allies\"", "elite_side"),
    ("[combat.results.A1]\nattacker = 1", "", "A1"),
    ("picks = \"opponent\"\nretreat = 4", "picks = \"nobody\"\nretreat = 4", "picks"),
])
def test_a_bad_combat_fact_is_one_data_error_naming_its_key(tmp_path: Path, old: str, new: str, key: str) -> None:
    import dataclasses

    import games
    from validator.rules.stalingrad42 import combat_data
    game = LOADED.get("stalingrad42") or LOADED.setdefault("stalingrad42", games.load("stalingrad42"))  # loaded once
    text = (Path(game.root) / "tables" / "rules.toml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "rules.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    assert combat_data.check_data(game) == []
    errors = combat_data.check_data(dataclasses.replace(game, root=str(tmp_path)))
    assert len(errors) == 1 and key in str(errors[0])


def _mutated(name: str, line: int, **changes):
    """A scripted example log with one line changed (``None`` removes a field), replayed: its findings as rules."""
    rows = [json.loads(x) for x in (LOGS / name).read_text(encoding="utf-8").splitlines()]
    for k, v in changes.items():
        if v is None:
            rows[line - 1].pop(k, None)
        else:
            rows[line - 1][k] = v
    return run(*parse_log(name, "".join(json.dumps(r) + "\n" for r in rows).encode()))[2]


@pytest.mark.parametrize("name, line, changes, want", [
    ("combat_example_15_2_4b.jsonl", 2, {"die": 1}, [(2, "10.1")]),  # 7-1, die 1 is a D1, not the DS logged
    ("combat_example_15_2_4b.jsonl", 2, {"odds": "6-1"}, [(2, "8.3")]),
    ("combat_example_15_2_4b.jsonl", 2, {"shifts": 1}, [(2, "8.3")]),
    ("combat_example_15_2_4b.jsonl", 4, {"path": ["3121", "3222"]}, [(4, "12.1.1")]),  # two hexes of a DS's four
    ("combat_example_15_2_4b.jsonl", 15, {"path": ["3021", "3022", "3023"]}, [(15, "14.2.2")]),  # infantry: two
    ("combat_example_15_2_4b.jsonl", 9, {"attackers": ["ger_3pz", "ger_23pz", "ger_16mot", "ger_57id"]},
     [(9, "15.2.2"), (9, "15.2.10"), (9, "8.1")]),  # 57 ID is not in the group, stands apart, is not adjacent
    ("combat_example_9_5_2a.jsonl", 2, {"odds": "2-1"}, [(2, "8.3")]),  # forgetting the halving and doubling
    ("combat_example_11_5_2.jsonl", 4, {"desperate": None},
     [(5, "10.1"), (6, "11.5"), (7, "10.1")]),  # a plain Fail costs no step; only a Desperate Defense rolls again
])
def test_a_changed_example_line_is_flagged_with_its_rule(name: str, line: int, changes: dict, want: list) -> None:
    assert _mutated(name, 1) == []
    assert _mutated(name, line, **changes)[:len(want)] == want


def test_a_combat_open_at_the_end_of_the_log_is_settled_silently() -> None:
    """A log may stop inside a combat (no report), but the combat is settled as far as the rules leave one outcome:
    the A1/DR2's step of the only attacker is taken though no line names it (docs/rules/stalingrad42.md, *The end of
    the log*)."""
    log, game = read_log(str(LOGS / "combat_open_at_log_end_clean.jsonl"))
    _, state, found = run(log, game)
    assert found == [] and state.units["ger_57id"].face == "front"  # no line took it
    state, findings = s42.finish(s42.context(game, log.header), state)
    assert findings == [] and state.units["ger_57id"].face == "back"
