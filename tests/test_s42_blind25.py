"""A twenty-fifth blind set for Stalingrad '42 (a short round), written as an outsider would write it: the rulebook's
worked examples that no earlier set had used, each with a twin that breaks the example's point.

Each `tests/logs/stalingrad42/blind25_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map, counters and tables of
games/stalingrad42/ for the facts, its verdicts recorded and committed before its first run (four lists: 16 logs,
then 2, 2 and 5). The examples listed by a grep of the rules text were checked against the earlier sets'
docstrings; these had no case yet:
- 9.1's second example: a City defender behind a Major River is doubled once, 2 to 4 = 1-2; the twin claims the
  1-3 column of a defender doubled twice (8.3).
- 10.2.1's example: a unit that retreated into the hex this phase added nothing to its defense and is picked for
  the D1 step only after the unit that counted; the twin picks it first.
- 14.2.2's example: DS Adv 4 from a stack of a panzer, a cavalry and an infantry division: 4, 3 and 2 hexes; the
  twins advance the infantry 3 and the cavalry 4. With it: the Adv 4 past the mechanized rate (14.2.2), an Adv 3
  that caps a mechanized unit (14.2.1, a DR4 at 4-1), an Out of Supply panzer's two hexes (16.4), and 14.3's any
  direction (the infantry advances away from the vacated hex).
- 14.4.2's example: through the defender's vacated hex, in an EZOC, without stopping; the twin goes on past an
  EZOC entered beyond it.
- 15.2.4's first worked example (DS/Adv 4): the three mechanized divisions form the Breakthrough Group in the
  vacated hex, advance two hexes, attack on their fourth (27 to 5 with two shifts = 7-1), enter the emptied hex for
  free, and the infantry advances two hexes after the group is done; the twins advance the infantry before the
  group's Breakthrough Combat (15.2.2) and attack on a fifth hex (15.2.4).
- 12.2's second retreat example (unit A): two vacant EZOC hexes in a row eliminate a retreating unit; with a
  path around them open, taking them breaks 12.1.3's first guideline, the path around is clean.
- 7.5's and 22.3.2's figure (the map edge): a Soviet unit bonds with its Entry Area across the edge hexside next to
  it and traps the German beside it (7.2); a Disrupted one does not (7.1); an Axis unit never bonds with a Soviet
  Entry Area; a Soviet unit may not enter the map across the bond of two German units two hexes apart along the
  edge (its hexside is the edge of the hex between them), and may enter beside them into their EZOC.
- 7.3's example: a Soviet Hexside Bond negated by a panzer moving to the other side of its hexside, which the
  second panzer then crosses; the twin crosses it before it is negated (7.2).

Repeats: none of the earlier sets' logs is a plain repeat; the 14.2.2 rates and 14.4.2 had cases, not the
rulebook's positions. 28 logs, 13 clean.

The first runs disagreed in eight logs. The validator was fixed once:
- 22.3.2 with 7.2: a step from an Entry Area into a map hex was never checked against Hexside Bonds (it has no
  hexside on the grid), so a Soviet unit entered the map across the bond of two German units two hexes apart along
  the edge, whose hexside is the edge of the hex between them; `bonds.crosses_bond` now checks the map-edge
  hexsides of the hex entered (`blind25_ex22_3_2_entering_across_german_edge_bond`); a `to` move whose cheapest way
  enters so looks for another, else reports that one (`movement._move`, as S2.2's closed first hexes; written
  with the fix: `blind25_ex22_3_2_entering_across_german_edge_bond_by_to`).
Seven cases were corrected:
- The Breakthrough Combat was claimed at 7-1 with a defender of 2: 27 to 2 is past 10-1, an automatic DS (8.4.1),
  its claimed column 10-1 (8.3). The defender was made a 5-defense division, as in the example (7-1).
- An Out of Supply panzer's third hex was expected under 14.2.2: 16.4 says an Out of Supply unit advances two hexes,
  the rule the validator names.
- A panzer's fifth hex after an Adv 4 was expected under 14.2.1: the result's 4 and the mechanized rate's 4
  coincide; the validator names the rate (14.2.2). A DR4 at 4-1 (Adv 3) with a panzergrenadier's fourth hex was
  added for 14.2.1, its defender's retreat laid to end with a Line of Supply (12.1.3 guideline 2).
- The infantry's advance before the group's Breakthrough Combat was expected on the advance: the group may stop
  anywhere, so that advance only ends its advance; the group's later combat is what 15.2.2 bars, the line reported.
- An attack on a fifth hex was expected once: each unit of the group has its own allowance (15.2.10 lets it split),
  one 15.2.4 report a unit, as the earlier sets expect.
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND25 = sorted(LOGS.glob("blind25_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("7.", "8.", "10.", "12.", "14.", "15.", "16.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND25, DISAGREEMENTS, CHAPTERS, "stalingrad42", 28)


def test_s42_blind25_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND25, DISAGREEMENTS)
