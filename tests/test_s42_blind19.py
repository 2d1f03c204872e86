"""A nineteenth blind set for Stalingrad '42, written as an outsider would write it: the second half of the rules,
combat and after (8.x-15.x), the air and artillery support that touches it (9.3, 18.x), Winter's strengths (23.4) and
the special units' doubling (20.x).

Each `tests/logs/stalingrad42/blind19_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map, counters and tables of
games/stalingrad42/ for the facts, aimed at the rule numbers the earlier sets' `expect` fields name least, its
verdicts recorded and committed before its first run (thirteen lists: 22, 24, 16, 12, 3, 2, 2, 4, 2, 4, 3, 3 and 4
logs; four more written with the fixes). The set covers: 9.1's first example (two 5s halved unit by unit) and its
third miscounted (a 9 Out of Supply across a Major River halved once); Tank Corps across a Minor River that earn no
Tank Shift and deny the defender's (9.2.3 with 9.5.1); Defensive Air Support and a German Air unit used twice for it
(9.3.4, 9.3.6); Tank Corps in a City not doubled (9.6.3); a Fortification in Rough, two shifts (9.7.1); a
parenthesized unit beside a division (9.8) and taking the step first; a German unit in a City leading a Determined
Defense as elite (11.2.4); a Front HQ supporting the Determined Defense of its own hex, Ready and Used (11.3,
18.2.1); a light orange cell in a VP Town with a low-quality Lead Unit (11.2.2, 11.2.4); City Battle markers in a
Minor and a Major City (11.6.2); a retreated unit attacked again (12.4); an eliminated defender and the full advance
(12.3, 14.2.1); a retreat's extra hex out of an EZOC (12.2); a Disrupted unit's second retreat into Full Retreat and
the automatic retreat it then owes (13.1.3, 13.3.2); a unit in Full Retreat picked for a step (10.2.1); an EX's and a
one-step Success's Limited Advance (14.2.3, 11.4.2, the hex held by an ASU: 14.1); a successful Breakthrough Combat
with the Air unit and one hex too many (15.2.8, 9.3.7 A, 15.2.4), an overstacked Breakthrough target whose best two
units count, a Disrupted Tank Corps among them (15.3.2), Snow's Adv with the group's forming hex (23.2.4, 15.2.3);
Winter's Axis strengths (23.4: lowered, in a Town not, with Disruption or Out of Supply not both); 20.5.2 in an EX;
printed Fortifications under an Axis unit and in a Rally (9.7.6, 13.5); an entrained defender in a City (5.6.4);
Gebirgs attacking into a Mountain (20.2); a Determined Defense by a unit the D1 left no step, and one after the CRT's
unlogged step (11.1.1, 11.4.2); a Breakthrough target's unlogged only step (15.2.8, 14.1); a Desperate Defense that
stops after its first Delay (11.5, 11.6.1); Full Retreat recovering one level only, and an Axis unit Disrupted in the
Soviet Combat Phase in its next Movement Phase (13.4, 13.2.1); an Automatic DS's advance in Rain (8.6.2, 23.2.3); a
printed Fortification group deactivated at the end of a Soviet Player Turn, then attacked (9.7.7); Isolation
Attrition beside a Front HQ, its +1 and the ASU's immunity (16.5.1, 16.5.3, 16.5.4); Snow's Adv 2 made 1 (23.2.4);
what a skipped Initial Phase still does: a Fortification completed (9.7.2), the Air unit Ready again after Defensive
Support (9.3.1, 9.3.6).

Repeats: a grep of the earlier sets after the runs showed 23 plain repeats, dropped: 8.5.1-8.5.2's examples in
Stalino (blind5_cap_*), 9.1's third example (blindc_halving_oos_major_river), the white-dot defender
(sweep_9_2_4_white_dot_both_shifts_claimed), 9.5.4's example (blindc_marsh_example), 8.4.2's example
(blind5_limit_8_1_fort_left*), Linden in a City (blind5_linden_*), the German in a City leading as elite
(blind4_dd_german_city_elite), a Town's DD column (blind13_dd_town_*), a Delay's one-hex advance (blind5_dd_delay_*),
a failed Breakthrough Combat (blindc_breakthrough_failed), Winter next to a friendly Major City
(blind14_s3_winter_next_to_axis_rostov_*), Winter with Out of Supply and with Disruption read right
(blind15_winter_oos_not_cumulative_clean, blindc_winter_disrupted), the Gebirgs doubled
(blind5_mountain_division_doubled), a Tank Corps in Full Retreat denying no shift
(blind4_full_retreat_tank_denies_nothing); and of the later lists 10: two Delays in a Desperate Defense
(blindc_b2_desperate_delays), a retreat into a friendly Entry Area (blind5_retreat_into_entry_area,
blind8_retreat_into_entry_area) and its short twin, a Remnant of the wrong type (blindc_remnants) and its clean twin,
a lone unit in Full Retreat eliminated when a Movement Phase begins and one stacked with a friend
(blindc_b2_full_retreat_eliminated, blind4_full_retreat_with_disrupted_friend), Rain's halved Adv 3 and its breach
(blind15_rain_breakthrough_adv3_halved_clean, blindc_advance_rain), a Fortification under construction in the enemy
turn (blind13_fort_under_construction_in_enemy_turn_clean). 72 logs, 33 clean.

The first runs disagreed in ten logs. The validator was fixed twice:
- 14.1 with 10.1, 11.4.2, 12.2, 12.4: losses and retreats come before the advance (8.3 step 3), and what has only one
  outcome may be left out of a log; but an `advance` line after a combat whose one-outcome step was not logged (the
  Lead Unit's step of a Success that empties the hex, a one-step defender's D1) or whose unit could only be eliminated
  (retreated into the hex and attacked again) was reported under 14.1, "the hex still holds the defender": the owed
  part was settled only when the combat ended. The first `advance` or `breakthrough` line now finds it done
  (`combat._advance_begins`: `results.sure_steps`, `retreat.sure_retreats`, which the combat's end shares)
  (`blind19_dd_success_last_step_limited_advance_clean`, `blind19_dd_success_last_step_advance_beyond`; written with
  the fix: `blind19_eliminated_defender_step_unlogged_advance_clean`,
  `blind19_retreated_unit_elimination_unlogged_advance_clean`).
- 13.4, 33.2.3: a unit recovers in its own Recovery Phase, and in the Interchange Turn's Rally Phase only on a turn
  the Interchange Turn is played; the validator ran that rally step for the turn's first player every turn, a second
  free recovery for the Axis after the Soviet Player Turn: a Full Retreat unit that recovered to Disrupted was in Good
  Order by the next turn and attacked unreported (`blind19_full_retreat_recovers_to_disrupted_attacks`; written with
  the fix: `blind19_disrupted_in_soviet_turn_moves_normally_next_turn` and its tactical twin).
Seven cases were corrected:
- Three wrong odds claims with a wrong net shift expected one 8.3: the odds and the shift are two claims, two 8.3
  reports, as the earlier sets have it (`blind19_fort_in_rough_one_shift`,
  `blind19_tank_corps_across_minor_river_defender_shift_given`, and a dropped repeat).
- A Used Front HQ's Determined Defense support was expected under 11.3; 18.2.1 bars a Used ASU's every use (the +1 and
  the shift, in one sentence): the validator's 18.2.1 stands (`blind19_used_front_hq_supports_dd`).
- The Breakthrough pair with VIII Air Corps was laid east of the start line, where no friendly Town on a Connecting
  Rail Hex is within 15 hexes in a turn-12 position (9.3.5); moved next to Stalino, where its retreats had to end with a
  Line of Supply when they could (12.1.3 guideline 2).
- The hex still held by an ASU after the one-step Lead Unit's Success was expected under 11.4; 14.1 is the rule that
  bars an advance while the defender holds the hex, as reported (`blind19_dd_success_last_step_hex_still_held`).
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND19 = sorted(LOGS.glob("blind19_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("8.", "9.", "10.", "11.", "12.", "13.", "14.", "15.", "18.", "20.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND19, DISAGREEMENTS, CHAPTERS, "stalingrad42", 40)


def test_s42_blind19_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND19, DISAGREEMENTS)
