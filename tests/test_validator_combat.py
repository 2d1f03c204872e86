"""Combat rules (10.0-10.8) checked directly: the odds examples of the rulebook, odds limits, every cell of both
CRTs, the combat facts read from the data (Target limits, Blitz!/Shock! markers, the Axis winter shift and CRT,
the armor advance), what the validator does when the log leaves a one-outcome procedure out, counterattacks,
Counterblow markers and cards in battles. The scripted logs ``tests/logs/combat_*.jsonl`` cover the rest."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from games.model import frozen_map
from nr_played import logged
from validator.engine.state import evolve
from validator.model import Action, Header
from validator.replay import replay
from validator.rules import no_retreat as rules
from validator.rules.no_retreat import combat_data, odds
from validator.rules.no_retreat.state import UnitState


# -- odds (10.5 step 3, 10.6.4) ------------------------------------------------------------------------------------

@pytest.mark.parametrize("attack,defence,shift,initial,final", [
    (12, 9, 0, "1:1", "1:1"),  # 10.5: 1.33 to 1 rounds down to 1:1
    (14, 9, 0, "3:2", "3:2"),  # 10.5: 1.56 to 1 is 3:2
    (24, 2, -1, "6:1", "5:1"),  # 10.6.4: 12:1 is 6:1, the city shifts it to 5:1
    (12, 2, 3, "6:1", "6:1"),  # a final column beyond the table is its last
    (3, 9, 0, "1:3", "1:3"),
    (2, 7, 2, None, None),  # below 1:3: not shifted, an automatic CA
    (3, 9, -1, "1:3", None),  # shifted below 1:3: an automatic CA
    (5, 0, 0, "6:1", "6:1"),  # nothing to defend with
])
def test_odds(nr_game, attack, defence, shift, initial, final) -> None:
    o = odds.compute(nr_game.crts["axis"], attack, defence, shift)
    assert (o.initial, o.final) == (initial, final)


# -- facts from the data ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ctx(nr_game):
    return rules.context(nr_game, Header("no_retreat", "campaign_1941"))


@pytest.mark.parametrize("side,turn,weather,limit", [
    ("axis", 2, "clear", 5), ("soviet", 2, "clear", 5), ("axis", 5, "long_winter", 3),
    ("soviet", 5, "long_winter", 5), ("axis", 19, "clear", 5), ("axis", 20, "clear", 3), ("axis", 26, "clear", 1),
    ("axis", 27, "long_winter", 1),
])
def test_target_limits(ctx, side, turn, weather, limit) -> None:
    assert combat_data.target_limit(ctx, side, turn, weather)[0] == limit


def test_crt_by_side_and_weather(ctx) -> None:
    assert combat_data.crt_for(ctx, "axis", "clear").id == "axis"
    assert combat_data.crt_for(ctx, "axis", "mud").id == "axis"
    assert combat_data.crt_for(ctx, "axis", "snow").id == "soviet"
    assert combat_data.crt_for(ctx, "axis", "long_winter").id == "soviet"
    assert combat_data.crt_for(ctx, "soviet", "snow").id == "soviet"


def test_support_markers_by_turn(ctx, nr_game) -> None:
    assert combat_data.support_allowance(ctx, "axis", 1) == (nr_game.turns[1].blitz, "Blitz!")
    assert combat_data.support_allowance(ctx, "soviet", 4) == (nr_game.turns[4].shock, "Shock!")
    assert combat_data.support_shift(ctx, 4)[0] == 2  # the first Snow turn
    assert combat_data.support_shift(ctx, 10)[0] == 1  # a later Snow turn


def test_axis_winter_shift(ctx, nr_game) -> None:
    w = nr_game.weather
    assert combat_data.axis_weather_shift(ctx, 4, w["snow"]) == 1
    assert combat_data.axis_weather_shift(ctx, 5, w["long_winter"]) == 2
    assert combat_data.axis_weather_shift(ctx, 11, w["long_winter"]) == 1
    assert combat_data.axis_weather_shift(ctx, 5, w["clear"]) == 0


def test_armor_third_hex(ctx) -> None:
    assert combat_data.third_hex_allowed(ctx, "axis", 2, "clear")[0]
    assert not combat_data.third_hex_allowed(ctx, "axis", 10, "snow")[0]
    assert not combat_data.third_hex_allowed(ctx, "soviet", 7, "clear")[0]
    assert combat_data.third_hex_allowed(ctx, "soviet", 13, "clear")[0]


# -- every cell of both CRTs ----------------------------------------------------------------------------------------

TARGET = "1612"  # open, no river hexside, not an objective
# column -> (attackers: unit -> (hex, face), defender: (unit, face)), infantry only (no armor bonus), no shift
AXIS_ATTACKS = {
    "1:3": ({"rum_4": "1512"}, ("sov_south", "back")),
    "1:2": ({"rum_4": "1512"}, ("sov_west", "front")),
    "1:1": ({"ger_4": "1512"}, ("sov_west", "front")),
    "3:2": ({"ger_4": "1512", "rum_4": "1512"}, ("sov_west", "front")),
    "2:1": ({"ger_4": "1512", "ger_6": "1512"}, ("sov_west", "front")),
    "3:1": ({"ger_4": "1512", "ger_6": "1512", "ger_9": "1611"}, ("sov_west", "front")),
    "4:1": ({"ger_4": "1512", "ger_6": "1512", "ger_9": "1611", "ger_17": "1611"}, ("sov_west", "front")),
    "5:1": ({"ger_4": "1512", "ger_6": "1512", "rum_4": "1611"}, ("sov_moscow", "front")),
    "6:1": ({"ger_4": "1512", "ger_6": "1512", "ger_9": "1611"}, ("sov_moscow", "front")),
}
SOVIET_ATTACKS = {
    "1:3": ({"sov_moscow": "1512"}, ("ger_3pz", "front")),
    "1:2": ({"sov_moscow": "1512"}, ("ger_4", "front")),
    "1:1": ({"sov_west": "1512"}, ("ger_4", "front")),
    "3:2": ({"sov_south": "1512"}, ("ger_4", "front")),
    "2:1": ({"sov_southwest": "1512"}, ("ger_4", "front")),
    "3:1": ({"sov_south": "1512", "sov_northwest": "1611"}, ("ger_4", "front")),
    "4:1": ({"sov_southwest": "1512"}, ("rum_4", "front")),
    "5:1": ({"sov_south": "1512", "sov_west": "1611"}, ("rum_4", "front")),
    "6:1": ({"sov_south": "1512", "sov_northwest": "1611"}, ("rum_4", "front")),
}
RED = {"sov_south", "sov_northwest", "sov_southwest"}  # Soviet attackers on their improved (red) side


def combat_context(nr_game, player: str):
    header = Header("no_retreat", "campaign_1941", start=frozen_map({"turn": 2, "player": player, "phase": "combat"}))
    c = rules.context(nr_game, header)
    return c, rules.start(c)


def arranged(state, placed: dict[str, tuple[str, str]]):
    """``state`` with only the listed units on the map (unit -> (location, face))."""
    units = {uid: UnitState(None) for uid in state.units}
    units.update({uid: UnitState(loc, face) for uid, (loc, face) in placed.items()})
    return evolve(state, units=units)


def battle_action(side: str, attackers, die: int, result: str, column: str) -> Action:
    return Action(2, "battle", side, {"attackers": list(attackers), "targets": [TARGET], "die": die, "result": result,
                                      "odds": column})


@pytest.mark.parametrize("side,table", [("axis", AXIS_ATTACKS), ("soviet", SOVIET_ATTACKS)])
def test_every_crt_cell(nr_game, side, table) -> None:
    c, base = combat_context(nr_game, side)
    crt = nr_game.crts[side]
    assert sorted(table, key=crt.columns.index) == list(crt.columns)
    results = sorted({r for row in crt.rows.values() for r in row})
    for column, (attackers, (defender, dface)) in table.items():
        placed = {u: (h, "back" if u in RED else "front") for u, h in attackers.items()}
        placed[defender] = (TARGET, dface)
        state = arranged(base, placed)
        for die in range(1, 7):
            cell = crt.result(column, die)
            _, ok = rules.step(c, state, battle_action(side, attackers, die, cell, column))
            assert ok == [], (column, die, ok)
            wrong = results[(results.index(cell) + 1) % len(results)]
            _, bad = rules.step(c, state, battle_action(side, attackers, die, wrong, column))
            assert [f.rule for f in bad] == ["10.5"], (column, die, wrong, bad)
            assert cell in bad[0].message and column in bad[0].message


def test_below_the_table_is_an_automatic_ca(nr_game) -> None:
    c, base = combat_context(nr_game, "axis")
    state = arranged(base, {"rum_4": ("1512", "front"), "sov_west": (TARGET, "back")})  # 2 vs 7
    for die in range(1, 7):
        _, ok = rules.step(c, state, Action(2, "battle", "axis", {"attackers": ["rum_4"], "targets": [TARGET],
                                                                   "die": die, "result": "CA"}))
        assert ok == []
    _, bad = rules.step(c, state, Action(2, "battle", "axis", {"attackers": ["rum_4"], "targets": [TARGET], "die": 6,
                                                                "result": "DR", "odds": "1:3"}))
    assert [f.rule for f in bad] == ["10.6.4"]  # the 1:3 column's own cell: one mistake (the column), one report
    _, bad = rules.step(c, state, Action(2, "battle", "axis", {"attackers": ["rum_4"], "targets": [TARGET], "die": 6,
                                                                "result": "DD", "odds": "1:3"}))
    assert sorted(f.rule for f in bad) == ["10.6.4", "10.6.4"]  # neither the CA nor the claimed column's cell
    # 2 vs 4 is 1:2; a forest across a river shifts it two left, below the table: an automatic CA
    state = arranged(base, {"rum_4": ("1409", "front"), "sov_west": ("1410", "front")})
    assert not rules.step(c, state, Action(2, "battle", "axis", {"attackers": ["rum_4"], "targets": ["1410"],
                                                                  "die": 6, "result": "CA"}))[1]


# -- procedures the log may leave out ---------------------------------------------------------------------------------

def run(units, actions, turn=2, player="axis", hands=None):
    position = {"units": units, **({"hands": hands} if hands else {})}
    return logged({"turn": turn, "player": player, "phase": "combat"}, position,
                  [{"side": player, **a} for a in actions])[1]


def violations(result) -> list[tuple[int, str]]:
    return [(v.line, v.rule) for v in result.violations]


def test_unlogged_dd_losses_and_eliminations_are_done(nr_game) -> None:
    units = {"ger_1pz": "2112", "ger_2pz": "2111", "sov_south": "2012"}
    r = run(units, [{"type": "battle", "attackers": ["ger_1pz", "ger_2pz"], "targets": ["2012"], "die": 5,
                     "result": "DD"}, {"type": "phase", "phase": "removal"}])
    assert r.clean
    assert r.final.units["sov_south"].loc == "destroyed_soviet"  # brittle: the DD step eliminates it


def test_a_unit_that_cannot_retreat_is_eliminated_and_one_that_could_must(nr_game) -> None:
    pocket = {"sov_volkhov": {"at": "2113", "face": "back"}, "sov_ncaucasus": {"at": "2114", "face": "back"},
              "sov_south": "1914", "ger_6": "2014"}
    r = run(pocket, [{"type": "battle", "attackers": ["sov_volkhov", "sov_ncaucasus"], "targets": ["2014"],
                      "die": 4, "result": "DR"}, {"type": "phase", "phase": "removal"}], player="soviet")
    assert r.clean and r.final.units["ger_6"].loc == "destroyed_axis"
    free = {"sov_west": {"at": "1611", "face": "back"}, "sov_kalinin": {"at": "1711", "face": "back"}, "ger_4": "1612"}
    r = run(free, [{"type": "battle", "attackers": ["sov_west", "sov_kalinin"], "targets": ["1612"], "die": 4,
                    "result": "DR"}, {"type": "phase", "phase": "removal"}], player="soviet")
    assert violations(r) == [(3, "10.7.5")] and r.final.units["ger_4"].loc == "1612"


def test_a_shattered_unit_retreats_then_leaves_the_map(nr_game) -> None:
    units = {"ger_1pz": "1512", "ger_6": "1512", "sov_west": "1612"}
    r = run(units, [{"type": "battle", "attackers": ["ger_1pz", "ger_6"], "targets": ["1612"], "die": 5,
                     "result": "DS"},
                    {"type": "retreat", "unit": "sov_west", "side": "soviet", "path": ["1712", "1812"]},
                    {"type": "advance", "unit": "ger_1pz", "path": ["1612", "1712", "1812"]}])
    assert r.clean, violations(r)
    assert r.final.units["sov_west"].loc == "shattered_soviet"
    assert r.final.control["1712"] == "axis"  # the advance took control of the hexes entered (12.4.1)


def test_an_exchange_needs_the_owners_choice(nr_game) -> None:
    units = {"ger_6": "1410", "ger_9": "1410", "sov_kalinin": "1510"}
    r = run(units, [{"type": "battle", "attackers": ["ger_6", "ger_9"], "targets": ["1510"], "die": 3, "result": "EX"},
                    {"type": "phase", "phase": "removal"}])
    assert violations(r) == [(3, "10.7.1")]  # the Soviet step is taken silently, the Axis one needs a choice
    assert r.final.units["sov_kalinin"].loc == "destroyed_soviet"


# -- counterattacks, Counterblow markers, cards ----------------------------------------------------------------------

CA_UNITS = {"ger_18": "2312", "sov_northwest": "2413", "sov_south": "2313"}


def test_a_counterattack_uses_the_same_units_right_after_a_ca(nr_game) -> None:
    first = {"type": "battle", "attackers": ["ger_18"], "targets": ["2413"], "die": 1, "result": "CA"}
    wrong = {"type": "battle", "side": "soviet", "kind": "counterattack", "attackers": ["sov_northwest", "sov_south"],
             "targets": ["2312"], "die": 3, "result": "EX"}
    assert violations(run(CA_UNITS, [first, wrong])) == [(3, "10.7.2")]
    late = {"type": "battle", "side": "soviet", "kind": "counterattack", "attackers": ["sov_northwest"],
            "targets": ["2312"], "die": 3, "result": "-"}
    declined = {**first, "die": 2, "result": "-"}
    assert violations(run(CA_UNITS, [declined, late])) == [(3, "10.7.2")]


def test_no_terrain_in_a_counterattack(nr_game) -> None:
    # the 6th Army attacks out of a forest; the Soviet counterattack gets no forest shift against it (10.7.2)
    units = {"ger_6": "1410", "sov_kalinin": "1510"}
    ca = {"type": "battle", "attackers": ["ger_6"], "targets": ["1510"], "die": 1, "result": "CA", "odds": "1:1"}
    back = {"type": "battle", "side": "soviet", "attackers": ["sov_kalinin"], "targets": ["1410"], "die": 4,
            "result": "CB", "odds": "1:1", "shifts": 0, "kind": "counterattack"}
    assert run(units, [ca, back]).clean


def test_counterblow_marker_placement(nr_game) -> None:
    units = {"ger_1pz": "2012", "sov_south": "2112"}
    b = {"type": "battle", "attackers": ["ger_1pz"], "targets": ["2112"], "die": 1, "result": "CB"}
    assert run(units, [{**b, "marker": "2012"}]).clean
    assert violations(run(units, [{**b, "marker": "2112"}])) == [(2, "10.7")]
    assert violations(run(units, [{**b, "die": 2, "result": "EX", "marker": "2012"}])) == [(2, "10.7")]
    r = run(units, [b])  # not logged: the attacker's hex
    assert [m.hex for m in r.final.combat.markers] == ["2012"]


def test_cards_in_a_battle(nr_game) -> None:
    units = {"ger_1pz": "2012", "sov_south": "2112"}
    header_hands = {"axis": ["c06", "c17", "c33"], "soviet": ["c30"]}
    b = {"type": "battle", "attackers": ["ger_1pz"], "targets": ["2112"], "die": 2, "result": "EX"}

    def go(cards):
        return run(units, [{**b, "cards": cards}], hands=header_hands)

    # Luftwaffe Support one right, Andrei Yeremenko one left after the roll: the EX stands
    ok = go(["c06", {"card": "c30", "side": "soviet"}])
    assert ok.clean and "c06" in ok.final.discards and "c30" in ok.final.discards
    two = go(["c33", {"card": "c17", "choice": "advance"}])  # no Fort to cancel, no advance: no effect here
    assert [v.rule for v in two.violations] == ["10.5"]  # one Commitment-Step card per player
    assert [v.rule for v in go([{"card": "c16", "side": "axis", "die": 2}]).violations] == ["5.3"]  # not in his hand


def test_the_defender_chooses_the_best_target_hex(nr_game) -> None:
    # 1st Panzer and 6th Army adjacent to both 1410 (forest) and 1511 (open): the forest counts (10.6.1)
    units = {"ger_1pz": "1510", "ger_6": "1510", "sov_kalinin": "1410", "sov_south": "1511"}
    b = {"type": "battle", "attackers": ["ger_1pz", "ger_6"], "targets": ["1410", "1511"], "die": 1,
         "result": "CA", "odds": "1:1", "shifts": -1}
    assert run(units, [b]).clean  # 11 vs 7 is 3:2, forest one left, no armor bonus (not every hex is clear)
    r = run(units, [{**b, "defenders": ["sov_kalinin"]}])
    assert "10.4" in [v.rule for v in r.violations]


def test_combat_data_errors_name_the_file(nr_game, tmp_path) -> None:
    import shutil

    from games import DataError, load
    root = tmp_path / "nr"
    shutil.copytree(nr_game.root, root)
    text = (root / "tables" / "combat.toml").read_text()
    (root / "tables" / "combat.toml").write_text(text.replace('winter_region = "ussr_1941"', 'winter_region = "x"'))
    game = load(str(root))
    c = rules.context(game, Header("no_retreat", "campaign_1941"))
    with pytest.raises(DataError, match="combat.toml.*unknown region 'x'"):
        combat_data.rules(c)


# -- the picture of a battle in the HTML report ----------------------------------------------------------------------

def test_report_picture_draws_the_battle(nr_game) -> None:
    from validator.html_report import BATTLE_RGBA, board, picture
    from validator.logfile import read_log
    from validator.replay import rules_of

    log, game = read_log(os.path.join(os.path.dirname(__file__), "logs", "combat_battle.jsonl"))
    r = replay(log, game)
    v = next(v for v in r.violations if v.rule == "10.1")  # the attack across Lake Peipus
    assert v.arrows == (("1603", "1703"),) and "1:2" in v.labels[0][1] and "die 3" in v.labels[0][1]
    b = board(game)
    pieces = rules_of(game).pieces(r.ctx, r.before[v.action_index])
    one = picture(game, b, pieces, v, {})
    assert one.tobytes() == picture(game, b, pieces, v, {}).tobytes()
    bare = picture(game, b, pieces, replace(v, arrows=(), labels=()), {})

    def blue(img) -> int:
        data = img.convert("RGB").tobytes()
        return sum(1 for i in range(0, len(data), 3) if abs(data[i] - BATTLE_RGBA[0]) < 30
                   and abs(data[i + 1] - BATTLE_RGBA[1]) < 30 and abs(data[i + 2] - BATTLE_RGBA[2]) < 30)

    assert blue(one) > 300 > blue(bare)  # the arrow and the frame of the odds label



def test_a_dd_step_may_be_logged_as_a_removal(nr_game) -> None:
    units = {"ger_1pz": "2112", "ger_3pz": "2111", "sov_south": "2012"}  # (the 2nd Panzer leaves play on turn 16)
    dd = {"type": "battle", "attackers": ["ger_1pz", "ger_3pz"], "targets": ["2012"], "die": 5, "result": "DD"}
    assert run(units, [dd, {"type": "remove", "side": "soviet", "unit": "sov_south", "to": "destroyed_soviet"},
                       {"type": "phase", "phase": "removal"}]).clean
    two_steps = {**units, "sov_south": {"at": "2012", "face": "back"}}  # robust from turn 17 (turn 19: Clear)
    dd6 = {**dd, "die": 6}  # 13 vs 6 is 2:1, armor bonus 3:1: a 6 is DD
    r = run(two_steps, [dd6, {"type": "remove", "side": "soviet", "unit": "sov_south", "to": "destroyed_soviet"}],
            turn=19)
    assert violations(r) == [(3, "10.7.1")]


def test_only_the_phasing_player_attacks(nr_game) -> None:
    units = {"ger_1pz": "2012", "sov_south": "2112"}
    b = {"type": "battle", "side": "soviet", "attackers": ["sov_south"], "targets": ["2012"], "die": 3, "result": "CA"}
    assert violations(run(units, [b])) == [(2, "10.0")]


def test_unengaged_units_are_ignored_in_a_counterattack(nr_game) -> None:
    units = {"ger_18": "2312", "ger_9": "2312", "sov_northwest": "2413"}
    ca = {"type": "battle", "attackers": ["ger_18"], "targets": ["2413"], "die": 1, "result": "CA"}
    back = {"type": "battle", "side": "soviet", "attackers": ["sov_northwest"], "targets": ["2312"], "die": 6,
            "result": "DR", "odds": "1:1"}  # 3 vs the 18th Army's 3, not the 7 of the whole stack
    advance = {"type": "advance", "side": "soviet", "unit": "sov_northwest", "path": ["2312"]}
    r = run(units, [ca, back, {"type": "retreat", "side": "axis", "unit": "ger_18", "path": ["2212", "2112"]},
                    advance])
    assert violations(r) == [(5, "10.8")]  # the 9th Army still holds 2312
    assert r.final.units["ger_9"].loc == "2312" and r.final.units["ger_18"].loc == "2112"
    r = run(units, [ca, {**back, "defenders": ["ger_18", "ger_9"], "odds": "1:3"}])
    assert (3, "10.7.2") in violations(r)


# -- shifts, one condition at a time ----------------------------------------------------------------------------------

def net_shift(nr_game, turn: int, side: str, placed: dict, attackers, targets, options=None) -> int:
    from validator.rules.no_retreat.shifts import BattleSpec, modifiers

    header = Header("no_retreat", "campaign_1941", options=frozen_map(options or {}),
                    start=frozen_map({"turn": turn, "player": side, "phase": "combat"}))
    c = rules.context(nr_game, header)
    state = arranged(rules.start(c), {u: x if isinstance(x, tuple) else (x, "front") for u, x in placed.items()})
    defenders = tuple(u for u, us in state.units.items() if us.loc in targets)
    spec = BattleSpec(side, "voluntary", tuple(attackers), defenders, tuple(targets))
    return sum(m.shift for m in modifiers(c, state, spec))


@pytest.mark.parametrize("case,turn,placed,attackers,targets,options,net", [
    ("river crossed by all, Clear", 2, {"ger_9": "1513", "ger_11": "1412", "sov_kalinin": "1413"},
     ["ger_9", "ger_11"], ["1413"], None, -1),
    ("river in Snow: no shift, Axis one left", 4, {"ger_9": "1513", "ger_11": "1412", "sov_kalinin": "1413"},
     ["ger_9", "ger_11"], ["1413"], None, -1),
    ("river crossed by one attacker only", 2, {"ger_9": "1513", "ger_11": "1314", "sov_kalinin": "1413"},
     ["ger_9", "ger_11"], ["1413"], None, 0),
    ("armor bonus in Snow", 10, {"ger_1pz": "1512", "sov_west": "1612"}, ["ger_1pz"], ["1612"], None, 0),
    ("no armor bonus in Mud", 3, {"ger_1pz": "1512", "sov_west": "1612"}, ["ger_1pz"], ["1612"], None, 0),
    ("armor bonus in Clear", 2, {"ger_1pz": "1512", "sov_west": "1612"}, ["ger_1pz"], ["1612"], None, 1),
    ("no armor bonus against armor", 13, {"ger_1pz": "1512", "sov_central": ("1612", "back")}, ["ger_1pz"],
     ["1612"], None, 0),
    ("no armor bonus in a city", 2, {"ger_1pz": "1612", "sov_west": "1713"}, ["ger_1pz"], ["1713"], None, -1),
    ("the SS Panzer's bonus in a forest (15.1)", 13, {"ger_sspz": "1510", "sov_west": "1410"}, ["ger_sspz"],
     ["1410"], {"ss_panzer": True}, 0),
    ("the SS Panzer without its option", 13, {"ger_sspz": "1510", "sov_west": "1410"}, ["ger_sspz"], ["1410"],
     None, -1),
    ("the SS Grenadier defending (15.1)", 13, {"sov_west": ("1512", "back"), "ger_ssgren": "1612"}, ["sov_west"],
     ["1612"], {"ss_panzer": True}, -1),
    ("a Soviet Shock unit attacking (15.2)", 13, {"sov_southwest": ("1512", "back"), "ger_6": "1612"},
     ["sov_southwest"], ["1612"], {"soviet_shock": True}, 1),
    ("Axis attack in Long Winter, turn 11", 11, {"ger_6": "1512", "sov_west": "1612"}, ["ger_6"], ["1612"], None, -1),
    ("Axis attack outside the Soviet Union in Snow", 4, {"ger_6": "0910", "sov_west": "0909"}, ["ger_6"], ["0909"],
     None, 0),
])
def test_shift_cases(nr_game, case, turn, placed, attackers, targets, options, net) -> None:
    side = nr_game.units[attackers[0]].side
    assert net_shift(nr_game, turn, side, placed, attackers, targets, options) == net, case
