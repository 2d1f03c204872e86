"""A fifteenth blind set for Stalingrad '42, written as an outsider would write it: combat where two rules meet.

Each `tests/logs/stalingrad42/blind15_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and the
rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map, counters and tables of games/stalingrad42/
for the facts, its `"expect"` verdicts recorded and committed before its first run. The logs start mid-game from a
header position (turn 14; turn 7 before Not One Step Back; turn 22 in Rain; turn 30 in Winter) on the Donets steppe
(2414-2819), the Don at Pavlovsk (3013-3214), Shakhty (3330), the Woods at 3108, the Caucasus foothills (3757-3858)
and the Kalmyk desert (5930), where the rulebook's combat chapters meet: 8.1's "attacked once" with retreats,
advances, Breakthrough Combat and Remnants; Tank Shifts across rivers and out of Marsh (9.2.2-9.2.3, 9.5.1); 9.1's
unit-by-unit halving; the Russian Winter against Out of Supply (23.4); Not One Step Back unit by unit (11.1.2 with
9.6.3 and Rough); Desperate Defense with Defensive Support (11.3, 11.5.2); who holds a hex after the last step
(11.4.2, 19.3); Rain and the Breakthrough (23.2.3, 15.1); the Breakthrough Group's allowance Out of Supply (16.4,
15.2.4), into a Mountain (15.2.9) and next to a unit in Full Retreat (13.3.2); a Disrupted unit retreating again
(13.1.3); ZOC Bonds of a lone Free Stacking unit (7.1) and across frozen rivers (7.6.1, 23.4); Isolation Attrition next
to a Full Retreat unit or a Supply Point only, and with a Romanian Army HQ (16.5.3-16.5.4).

Lists and repeats: the first list had 57 logs; a grep of the earlier sets' names (only names, before the first run)
showed 47 of them repeated earlier cases (the river examples of 9.5, the white dot, a Fortification in Rough, 8-1
with a shift left, 10-1, the City caps and Tank Corps, the Town's DD column, light orange cells, the Out of Supply
advance, the Major River advance and retreat, 12.4's odds, the Delay's Breakthrough, hex and hexside bonds, the
Front HQ's +1, the Desperate Defense example, parenthesized units, the Elite shift defending, a Disrupted Lead Unit,
a German in a Fortification, a Breakthrough Group's fifth hex); of 14 written in their place 10 repeated too (the
last step's Limited Advance, Mountain attacks and advances, Marsh advances, the retreat's extra hex). Eight cases where
two rules meet replaced them; after the first run the printed Fortification pair proved a repeat of blind4's
(`retreat_stop_printed_fort_axis`), and of the later lists the Winter Disrupted and Town pairs (blindc), the Air
unit's Breakthrough Combats (blind8) and Rain's Adv 4 (blindc) were dropped: 53 logs, 25 clean.

The runs disagreed in fifteen logs. The validator was fixed four times (8.1 twice):
- 8.1: a unit is attacked once a Combat Phase, Breakthrough Combat apart; the validator kept the hexes attacked, so a
  unit that defended and retreated alone into another hex could be attacked there again by a regular combat
  (`blind15_retreated_alone_attacked_again`; `blind15_remnant_attacked_again`, written after the fix, checks that a
  Remnant stands for its unit there), and so could one a Breakthrough Combat attacked
  (`blind15_breakthrough_victim_attacked_by_regular_combat`, its die now a 5: DS whatever the odds). With a unit
  not attacked yet in the hex, 12.4 applies as before.
- 15.3.1: only another Breakthrough Group attacks a unit again; the group's record held hexes, so the same group
  could follow the unit it attacked and attack it again (`blind15_breakthrough_same_unit_twice`;
  `blind15_breakthrough_second_unit_clean` attacks another unit).
- 11.5.2: the Air/ASU +1 applies to every roll of a Desperate Defense; a later roll whose line did not name the
  support again was read without it (`blind15_desperate_support_every_roll_clean`; its twin reads a 4 for a 5).
Ten cases were corrected:
- Three logs claimed both a wrong `odds` and a wrong `shifts` and expected one 8.3: each claim is reported, as earlier
  sets pin (blind6_tank_woods_claim_odds_and_shifts): two.
- The Axis retreat stopping in a printed Fortification (later dropped as a repeat) is reported as the short retreat
  it is, under 12.1.1 on its line, not 12.1.3 when the combat ends.
- `blind15_rain_breakthrough_adv2_halved` used the 4-1 DR2, whose cell is Adv 3 (halved, 2: a group may form); it
  uses the 3-1 DR2 (Adv 2, halved 1) now.
- `blind15_full_retreat_kept_by_front_hq_clean` moved to 2516, two hexes from 2415; it moves to 2515.
- The Winter Disrupted pair (later dropped) read 3-1 with a 1 as DRX; the CRT's cell is EX.
- `blind15_breakthrough_beside_full_retreat_*`: the automatic retreat is owed right after the line that brings an
  enemy next to the unit (13.3.2, docs/log-format.md), before a stack-mate's advance line; the group is one Panzer
  division now.
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND15 = sorted(LOGS.glob("blind15_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("7.", "8.", "10.", "11.", "13.", "14.", "15.", "16.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND15, DISAGREEMENTS, CHAPTERS, "stalingrad42", 50)


def test_s42_blind15_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND15, DISAGREEMENTS)
