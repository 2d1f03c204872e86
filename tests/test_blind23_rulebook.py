"""A twenty-third blind referee's test: the sequence of play and the Game Turn track's own events.

Each `tests/logs/blind23_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (units.csv, cards.csv, turns.csv, turn_events.csv, the scenario's setup.csv and
[[immobile]] units, hexes.csv, regions.toml) before looking at the validator's code or the earlier logs' verdicts,
with its verdicts (`expect`) recorded and committed before its first run. The rule numbers aimed at were chosen by
counting the `expect` fields of the earlier logs only (no case yet: 11.2, 11.3, 4.0 B; few: 5.5, 5.2.1, 7.10).

First batch (40 logs): turns advance one at a time and each action in its player turn (4.0: a skipped turn, an Axis
move in the Soviet turn); the 1941 first turn (the Rumanian armies neither move nor entrain, 8.0; the Axis keeps two
of his six cards, 5.1); the track's removals (the Italian 8th Army on turn 15 attacking, 10.3; the 2nd Panzer on
turn 16 moving, 8.0; the SS Panzer, never placed, placed on turn 18, 7.8); `event` notes and the weather of a
variable turn (13.0); the draw rates of turns 8-9 and 21 (5.2) and Pearl Harbor's Axis discard (5.2.1); the 1945
deck (5.5); surrender in the Removal Phase (11.1) and a red Soviet front in Rumania removing the Rumanian armies
(11.3). All 40 agreed with the validator on their first run. Eight were then dropped as plain repeats of earlier
sets: a detrainment in the Movement Phase and its twin (blind12_rail_detrain_in_movement_phase), a red-barred card
drawn on turn 23 (blind18_pbem_t23_red_barred_card_drawn), a reorganization after the Removal Phase cleared the
marker and its twin (blind14_removal_cleared_then_reorganized), a surrender sent to the Destroyed box
(blind11_removal_wrong_boxes), an `event` of another turn and its twin (blind10_turn13_event_of_another_turn).

Second batch (11 logs, committed before their run): victory around the track (the Soviets' Sudden Death at turn 12's
switch, legal, and claimed on turn 11, 12.2; the Berlin Garrison removed on turn 28 is no Total Victory, 12.2; the
Final Victory claimed in turn 28's housekeeping, 12.3, and in its last phase, legal; El Alamein's Event VP, 12.5),
the Soviet Card Phase after his Movement Phase (4.0), the Soviets' empty first hand (5.1). All agreed.

Third and fourth batches (10 logs, committed before their run): the Strategic Reserve's detrainment on turn 3 (4.0)
and 4 (legal); the Rumanians advancing (turn 1, legal) and retreating (turn 1) after combat; the Italian 8th Army
eliminated on turn 13 or 14, back from the track the next turn unless turn 15 removed it (7.8); the Rumanian oil
field against the Axis' turn-8 extra card (5.2); the 2nd Panzer bought back from the Destroyed box on turn 15
(legal) and 16 (7.8). The first run disagreed on one log, a case mistake: `blind23_t1_rumanian_retreats_legal`
retreated 0914-0913-0813, which ends 3 hexes from Budapest and Lublin, no nearer to a friendly supplied city than
0914 is to Bucharest (3), though 0914-0814-0815 ends 2 from Bucharest: 10.7.5's "toward a friendly supply source
if possible" is read (docs/rules/no_retreat.md, `retreat.py`) as nearer to the nearest source, not to any one of
them; the case now retreats to 0815, and the 0813 retreat is kept as `blind23_t1_rumanian_retreats_away_from_supply`
(10.7.5).

Fifth batch (4 logs, committed before their run): the Axis Sudden Death check of turn 12, before the VP marker
turns (27 VPs, legal; 26, 12.2); a shattered Rumanian army once a red Soviet front in Rumania removed both (11.3: it
need not return, legal; with a brown front it must, 7.7). All agreed.

Sixth batch (4 logs, committed before their run): the Event VP marker on its cap of 6 at Italy Invaded (turn 14:
it stays, legal; one more claimed, 12.5); the Soviets, who start with no cards, paying one for a Counterblow hex
on turn 1 (10.1.2) and, holding it, on turn 2 (legal). All agreed.

Seventh batch (2 logs, committed before their run): the Axis Event VPs reset when turn 12's marker turns (12.7):
the Soviet score is their VP locations only (legal; the Axis 3 Event VPs counted against them, 12.5). Both agreed.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND23 = sorted(first.LOGS.glob("blind23_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind23_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND23, DISAGREEMENTS, ("4.", "5.", "7.", "8.", "10.", "11.", "12.", "13."), "no_retreat", 64)
    first.check_set(BLIND23, DISAGREEMENTS)
