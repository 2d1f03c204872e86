"""A twenty-fourth blind set for Stalingrad '42 (a short round), written as an outsider would write it: the Air units
(9.3), the ASUs and Supply Points (18.x), Fortifications (9.7), Determined Defense support (11.3) and Breakthrough
Combat (15.x).

Each `tests/logs/stalingrad42/blind24_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text only, with the map, counters and tables of games/stalingrad42/ for the facts, aimed at the rule
numbers the earlier sets' `expect` fields name least (9.3.3, 9.3.4, 9.3.9, 9.7.4, 9.7.5, 11.3, 15.2.10, 18.3.2: none
to two logs each), its verdicts recorded and committed before its first run. The battles are laid west of the Donets
next to Kharkov (1113-1215), on a Clear turn 9 (11.1.2 lets the Soviets roll a Determined Defense). The set covers:
a German Air unit in two regular combats of one Combat Phase and its twin with the second Air unit (9.3.3); an Air
unit on its Used side (9.3.6); the Air unit's shift (9.3.3); turn 27's one German Air unit fewer and turn 26's twin
(9.3.9); Defensive Air Support, in the Axis's own combat, for a Soviet defender, and used twice in one Soviet Combat
Phase, with its twin (9.3.4, 9.3.6); an ASU supporting a Determined Defense in range, at its range, beyond it, Used,
and a rifle division named as support (11.3, 18.3.2, 18.2.1), the result without support claimed wrong (11.4); a
German Lead Unit with the Air unit's +1, Ready and Used (11.3, 9.3.6); a completed Fortification that bars the Tank
Shift and gives one shift, one under construction that gives none (9.7.1, 9.7.2: the claimed odds, 8.3); a
Fortification held by a Supply Point alone attacked (9.7.4); a Fortification marker removed by the enemy and by its
owner (9.7.5); a Breakthrough with the Air unit still with the group (9.3.7, 15.2.8) and the group split to attack
from two hexes (15.2.10); a Supply Point's shift with and without an ASU (18.6.5); and, in a second list of seven
written with the first run's fixes and committed before their own run, an Air unit in a Breakthrough Combat that was
not the original combat's and one the original combat never used (9.3.7 A), artillery in a Breakthrough Combat
(18.3.3), a Front HQ supporting the Determined Defense of its own hex (18.3.2), the Romanian Air unit for a German
Lead Unit (9.3.8), a Fortification begun in a City and in the open (9.7.3); and two pairs after it, each committed
before its run: 18.6's worked example (an Army HQ's shift for one combat, the SP beneath it for the next) with the
Used HQ shifting again (18.2.1), and 15.2.4's worked example (into the vacated hex, three Breakthrough Combats, the
first one's hex declined, the Air unit of the original combat in each, 9.3.7 A) with one hex more (15.2.4). 41 logs
written, 40 kept, 17 clean; the last two lists agreed with the validator at their first run.

The first run disagreed in six logs. The validator was fixed once:
- 11.3: a rifle division named as a Determined Defense's `support` was reported under 18.2.1 ("not an ASU"); 11.3 is
  the rule that says what may give the +1 (one Air unit or one ASU), so the defending case now says 11.3
  (`resources._support_problem`); an offensive `artillery` unit that is no ASU stays 18.2.1's
  (`blind24_dd_rifle_division_as_support`).
Five cases were corrected:
- An ASU beyond its range supporting a Determined Defense was expected under 18.3.2; 18.4 is the range rule itself,
  as reported (`blind24_dd_asu_support_out_of_range`).
- `defensive_air` in the Axis's own combat (for the Soviet defender) was expected under 9.3.4; only the Axis has Air
  units (9.3.1), as reported; a second log of the same mistake was a plain repeat and was dropped.
- The Breakthrough pair retreated 29 RD across the unbridged Donets (a retreat into elimination while another was
  open, 12.1.3), and left `air` off the Breakthrough Combat: 9.3.7 A says the Air unit *may* shift the group's
  combats, and 15.2's list of what may support it names the Air unit of the original combat, so it is committed by
  being listed (`blind24_breakthrough_with_air_clean`, `blind24_breakthrough_split_group_attacks_from_two_hexes`).
- The second list's two Air units in a Breakthrough Combat that were not the original combat's were expected under
  15.2.9; its restriction only points back to 9.3.7 A, which gives the shift to the Air unit that stays with the
  stack, and the earlier sets (blind13) report it there, as the validator does
  (`blind24_breakthrough_other_air_unit`, `blind24_breakthrough_air_not_in_original_combat`).
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND24 = sorted(LOGS.glob("blind24_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("8.", "9.", "11.", "15.", "18.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND24, DISAGREEMENTS, CHAPTERS, "stalingrad42", 25)


def test_s42_blind24_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND24, DISAGREEMENTS)
