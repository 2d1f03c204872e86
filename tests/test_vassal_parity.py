"""A VASSAL log gives the verdicts of its JSON Lines twin (docs/vassal-reading.md, "Parity with JSON Lines"): rulebook
cases of tests/logs written as the VASSAL log a player of our module makes (tests/vassal_playback.py's script written
by tests/s42_vlog_writer.py on the module's set-up save, the header's position set up before logging begins),
translated and validated: the rules reported, and the kinds of the lines they are reported on, are the JSON Lines
log's ``expect``s. The cases that found a translation gap are marked; the last test pins what VASSAL cannot carry.
"""

from __future__ import annotations

import json
import os
import zipfile
from typing import Any

import pytest

import games
from modgen import module as modgen_module, scenario as modgen_scenario
from validator.replay import replay
from validator.vassal.commands import decode_command
from validator.vassal.translate import translate
from validator.vassal.vlog_input import load_vassal

from games_once import read_log
from s42_vlog_writer import dice_of, write_vlog
from test_modgen import fake_art
from vassal_playback import playback

LOGS = os.path.join(os.path.dirname(__file__), "logs")

AGREE = [  # (log, what it shows); the ones marked "found" differed before the translator was fixed
    "blind2_combat_multihex",  # found: set-up units deleted from the save are out of play, not back at set-up
    "blind13_cb_marker_forest_counterblow_no_shift",  # found: a control marker in the opening is the header's control
    "blind5_manpower_crisis_t17",  # found: an improved Soviet Front turned back to its front outside combat is a loss
    "blind4_reorganize",  # place on a reduced face, reorganize
    "blind10_advance_after_no_effect",  # battle, advance
    "blind10_flip_after_placement",  # place, flip
    "blind10_overstack_removed_to_enemy_box",  # remove
    "blind12_rail_unit_moved_then_entrains",  # move, entrain
    "blind12_rail_detrain_open_in_ezoc",  # detrain
    "blind11_supply_through_friendly_in_ezoc",  # supply (Unsupplied markers)
    "blind9_no_retreat_logged_three_hexes",  # retreat
    "blind10_counterblow_on_target",  # declare, counterblow
    "blind_cards_red_event",  # draw
    "blind7_card_new_conscripts",  # play
    "blind2_move_exit_mud",  # found: a unit's drags hex by hex are one move (8.5.2, not 8.2, for the joined path)
    "blind10_snow_leave_zoc_too_far",  # found (the same)
    "stalingrad42/blind5_uranus_turn29_soviets_first",  # found: the tracker's Soviet-first level from turn 29 (S3.3)
    "stalingrad42/blind7_uranus_turn29_order_legal",  # found (the same)
    "stalingrad42/blind8_uranus_turn28_to_29",  # found (the same)
    "stalingrad42/blind10_weather_roll_misread",  # found: the scenario whose turns hold the tracker's turn
    "stalingrad42/blind13_full_retreat_into_friendly_city_clean",  # found (scenario); full_retreat
    "stalingrad42/blind9_oos_marker_kept_next_turn",  # found (scenario); supply, turn
    "stalingrad42/blindc_max_odds_fort",  # found: a Fortification marker in the opening is the header's fort
    "stalingrad42/blindc_advance_snow",  # found: the Weather marker's space is the start's weather; advance
    "stalingrad42/blind_supply_rain",  # found (weather); supply
    "stalingrad42/blindc_b3_auto_ds_fort",  # found: the defender eliminated by an Automatic DS is a loss, not a remove
    "stalingrad42/blindc_auto_ds_example",  # found: the Automatic DS attackers' drags in combat are their advance
    "stalingrad42/blind5_rail_then_move",  # rail (Train marker), move
    "stalingrad42/blind5_dd_delay_two_hex_advance",  # battle, determined, retreat, advance
    "stalingrad42/blindc_b3_remove_instead_of_retreat",  # remove
    "stalingrad42/blind6_reinforcement_right_area_then_moves",  # place into an Entry Area
    "stalingrad42/blind10_rp_two_forts_clean",  # fortify
    "stalingrad42/blind9_desert_attrition",  # attrition (Isolated markers in the position)
    "stalingrad42/blind12_winter_offensive_split_clean",  # found: the Vasilevsky marker is the Winter Offensive (33.1)
    "stalingrad42/blind12_winter_offensive_romanian_air_next_turn",  # found (the same: the next turn Soviet first)
    "stalingrad42/blind12_interchange_clean",  # found (the same: the Interchange Turn, 33.2.3)
    "stalingrad42/blind13_interchange_three_hexes_good_order",  # found (the same)
    "stalingrad42/blind14_s3_winter_offensive",  # found (the same: not in the Uranus scenario, S4.3)
    "stalingrad42/blind14_s4_benchmark_after_winter_offensive_clean",  # found (the same)
    "stalingrad42/blindv_winter_offensive_early",  # found (the same: before turn 25, 33.1)
    "stalingrad42/blindv_winter_offensive_twice",  # found (the same: a second marker from the palette, 33.1)
]

CANNOT_CARRY = [  # (log, the VASSAL log's verdicts): facts the module cannot show (docs/vassal-reading.md)
    ("blind10_example_city_shift_forgotten", []),  # an odds claim: the validator's own odds, no 10.5
    ("blind10_axis_moves_soviet_unit", [("4.0", "move")]),  # who dragged a unit: its owner, out of his phase
    ("blind2_special_ss", [("10.5", "battle")]),  # an optional rule switched on: the scenario's options
    ("blind11_defensive_works_by_unit", [("10.5", "battle")]),  # a card's target: no Defensive Works shift
    ("stalingrad42/blind_repl_kinds", []),  # a replacement's kind: unstated, the validator picks a legal one
    ("stalingrad42/winter_offensive_early", [("33.1", "winter_offensive")]),  # the Winter Offensive's HQs: not read
]


@pytest.fixture(scope="module")
def vmods(tmp_path_factory) -> dict[str, tuple[Any, str, Any]]:
    """game id -> (the game, our module built on stand-in art, its build context)."""
    out = {}
    for gid in ("no_retreat", "stalingrad42"):
        game = games.load(gid)
        folder = str(tmp_path_factory.mktemp("parity") / gid)
        fake_art(game, folder)
        out[gid] = (game, modgen_module.build(game, folder)[0], modgen_module.context(game, folder))
    return out


def vassal_verdicts(vmods, case: str, tmp_path) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(rule, kind of line) of the JSON Lines log's expects, and of the violations of its VASSAL twin."""
    path = os.path.join(LOGS, case + ".jsonl")
    log, game = read_log(path)
    assert sorted((v.line, v.rule) for v in replay(log, game).violations) == \
        sorted((a.line, r) for a in log.actions for r in a.get("expect", ()))  # (the case's own verdicts hold)
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(x) for x in f if x.strip()]
    header, actions = lines[0], [{k: v for k, v in a.items() if k != "expect"} for a in lines[1:]]
    want = sorted((r, a["type"]) for a in lines[1:] for r in a.get("expect", ()))
    game, vmod, ctx = vmods[game.id]
    scenario = header.get("scenario") or next(iter(game.scenarios))
    s42 = game.id == "stalingrad42"
    script = playback(game, header, actions, "case.vlog", cards=not s42, removals=True, orders=True,
                      area_point=ctx.point if s42 else None)
    vlog = str(tmp_path / "case.vlog")
    draws = [c for a in actions if a["type"] == "draw" for c in a["cards"]]
    write_vlog(game, vmod, scenario, script, dice_of(lines), vlog, ctx, header=header, draws=draws)
    v = load_vassal(vlog, vmod, scenario=scenario)  # (the referee names the scenario of a position set by hand)
    kinds = {a.line: a.type for a in v.log.actions}
    return want, sorted((x.rule, kinds[x.line]) for x in replay(v.log, v.game, keep_states=False).violations)


@pytest.mark.parametrize("case", AGREE)
def test_the_vassal_log_gives_the_json_lines_verdicts(vmods, case: str, tmp_path) -> None:
    want, got = vassal_verdicts(vmods, case, tmp_path)
    assert got == want


@pytest.mark.parametrize("case,verdicts", CANNOT_CARRY)
def test_what_vassal_cannot_carry_gives_the_documented_verdicts(vmods, case: str, verdicts, tmp_path) -> None:
    want, got = vassal_verdicts(vmods, case, tmp_path)
    assert got == sorted(verdicts) != want


def test_a_set_up_save_starts_on_its_scenarios_first_turn(vmods) -> None:
    """Each scenario's set-up save reads as that scenario at its start (Stalingrad '42's S2 begins on turn 10, S3 on
    turn 28: their saves had the tracker on turn 1, read as a log begun on turn 1)."""
    game, vmod, _ = vmods["stalingrad42"]
    with zipfile.ZipFile(vmod) as z:
        for sc in game.scenarios.values():
            text = z.read(modgen_scenario.setup_file(sc))
            path = os.path.join(os.path.dirname(vmod), "setup.vsav")
            with open(path, "wb") as f:
                f.write(text)
            from validator.vassal.savefile import read_save
            header = translate(decode_command(read_save(path).text), game, None).header
            assert (header["scenario"], header.get("start")) == (sc.id, None), sc.id
