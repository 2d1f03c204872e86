"""An eleventh blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind11_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md and the rules texts
in ../shared/rules/ (with the game data for ids, hexes and tables) before looking at the validator's code or the
earlier logs; its verdict (`expect`) was recorded and committed before its first run, and the earlier sets' names
were grepped after the list was written and the plain repeats dropped (the Berlin Garrison, Hitler Orders Attack!,
Not a Step Back!, Scorched Earth, Operational Moves and the turn-12 Sudden Death were already cases; so was VPG
12.5's round-marker example left out, so only its own numbers are kept). The rulebook's other worked examples (10.5
"12 vs 9", 10.6.4 "24 vs 2", 10.8.1's Forest, 12.2's turn 6, 3rd 5.0's two card examples, 3rd 6.1's supply) were
cases already. The set takes the outsider's view of:
- weather turn by turn: Snow and an Unsupplied marker together (the lower cap, 6.5.2: one hex past it), Long Winter's turn-5 Axis
  attack (2 columns left, the Soviet CRT, no river, no armor bonus), Snow's frozen rivers, the first Snow turn's
  two-column Shock! and turn 10's one, General Mud turning turn 4 to Mud (the Axis attack then a Mud attack) and a
  `weather` line stating Snow against it (13.0 once: the logged weather stands, the move it allows is not reported);
- counterattacks: a Soviet counterattack with a first-Snow Shock!, an Axis counterattack with a Blitz! the turn does
  not give (10.6.2 only, the claim counting the marker accepted: issue 14's third behaviour), the forest that still
  denies a counterattacking panzer its armor bonus though terrain shifts are gone (VPG 10.7.2);
- isolation, surrender and the Removal Phase: a surrender sent to the Destroyed box and a healthy unit eliminated
  (11.1, 8.4.3), Cavalry Raid's marker on a unit that then traces supply (kept; its
  surrender is 11.1), Luftwaffe Support saving one hex (two named: 5.3.1), a Soviet unit marked in the Axis Supply
  Check surrendering in the Axis Removal Phase, the Event VP of a surrender stated or left to the rules, an
  Unsupplied defender eliminated into the Surrendered box, a friendly unit in an EZOC opening a supply path;
- cards: River Crossing played on a line of its own before its battle (5.3.1 once), a Play Immediately card kept on a red-event turn (5.3.1 once, no 5.2 or 5.2.1: issue 14's second
  behaviour), a fifth unit moved after Central Command (4.0), Panzerblitz! in Mud (5.3.1 once),
  OKH's `take`, the pile's last card claimed drawn without a reshuffle;
- victory: turn 9's Sudden Death at the box and one short, VPG 12.5's example (14 VP locations, round marker -1);
- a CB marker left unattacked while the only unit next to it attacked elsewhere (10.3.1: issue 14's first behaviour);
- organization on turn 17: a Shock side's improvement for one card (7.1), a replacement on its red face (7.9.2);
- the log's forms: every card and rail line, a battle with every optional field, a cadre's `loss` in a DD.
There are no scenarios but the 1941 campaign in games/no_retreat/, so none of the set is about another one.

The first run (35 logs) disagreed on three:
- blind11_luftwaffe_support_two_hexes: the validator's. Card 6's play named the units it saves (`units`, which
  docs/log-format.md gives for "the units it benefits"), and only `targets` was read: two hexes were accepted
  silently and, with one, nobody was saved (the saved unit's surrender then reported under 11.1). The hex may now be
  given by the units (events_org.save_from_surrender); blind11_luftwaffe_support_by_units, written after the run,
  shows the save. The same reading failed every event that acts on the hexes of units already there: Defensive
  Works (41) named by its unit gave no shift (a right claim then reported under 10.6) and Russian Courage's (37)
  Counterblow marker named by its unit was never placed (the hex left unattacked, accepted silently); Backhand
  Blow (15) and the other Counterblow-marker events (1, 26) read the same way. They all take the hexes of the named
  `units` now (events_common.named_hexes): blind11_defensive_works_by_unit and
  blind11_russian_courage_by_unit_unattacked, written after the first run, replacing
  blind11_immediate_card_played_red_turn (the played twin, a case of the earlier sets already).

Probes written after the first run (in the same outsider's forms) found one more line accepted silently, the
validator's: in the Removal Phase a `remove` to the Destroyed or Shattered box was never checked (8.4.3's check
left the phase to 11.1's handler, which looked only at the Surrendered box), so a unit that had to surrender could
be sent to the Destroyed box, the Axis losing its Event VP, and a healthy unit could be eliminated. The first is now
11.1 (removal.handle_removal_remove), the second 8.4.3 as in every other phase: blind11_removal_wrong_boxes, which
replaces blind11_reshuffle_mid_draw (the legal twin of a reshuffle, a case of the earlier sets). A battle card played on
a `play` line of its own right before its battle (River Crossing) was reported there (5.3.1: it belongs in the
battle's `cards`), and the battle's claim counting it was then reported again under 10.6: the claim may now count the
card or leave it out (events_combat.loose_card), blind11_river_crossing_own_line, which replaces
blind11_snow_unsupplied_panzer_three (the legal twin of the 6.5.2 case). To use every
optional field of docs/log-format.md at least once, a free upgrade (`free`), a `choice`, a `cancel`, a `draw` and a
`discard` `by` an event and a `move` by `to` were added to four logs after the first run, their verdicts unchanged.
- blind11_last_card_drawn: the case's. When one card is left the discards are shuffled in together with it (3rd
  5.0), so the last card may be drawn after the reshuffle; the draw was legal, and the report fell on the next
  draw's `reshuffle` claim. The case now claims `"reshuffle": false` on the draw that reached the last card (5.0).
- blind11_soviet_unit_left_unmarked_axis_check: the case's. A `supply` line states the check of its `side`'s units
  (docs/log-format.md): with only an Axis line, the Soviet unit is the rules' to mark, and it was marked (and
  surrendered in the Removal Phase). The case now states the Soviet side's check too.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND11 = sorted(first.LOGS.glob("blind11_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind11_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND11, DISAGREEMENTS, ("4.", "5.", "6.", "7.", "10.", "11.", "12.", "13."), "no_retreat", 30)
    first.check_set(BLIND11, DISAGREEMENTS)
