"""A twenty-third blind set for Stalingrad '42, written as an outsider would write it: ZOC Bonds (7.x) where the
earlier sets had not gone, a Line of Supply and an Isolation Attrition modifier cut by one (16.3, 16.5 with 7.2).

Each `tests/logs/stalingrad42/blind23_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map and counters of games/stalingrad42/ for
the facts, its verdicts recorded and committed before its run (six lists: 24, 4, 4, 2, 3 and 2 logs; the second, four
edge-bond logs, was committed with the first run's corrections, after its own run, its verdicts unchanged).
The earlier sets' `expect` fields name 7.2 in 26 logs and no other number of chapter 7 (every bond's effect is
reported as 7.2), so the set aims at the ways a bond forms, fails or is negated that the earlier sets' logs do not
show. It covers: 7.1's ends: a unit in Full Retreat, Isolated and Out of Supply ends (they still bond), a brigade
pair with one Disrupted, a brigade beside a Disrupted division (13.2.1: no use "in any degree"), an Axis Army HQ
with a StuG and alone (18.2.3), an unrevealed Reserve Army (34.2); Tactical Movement into a Hex Bond (5.4); 7.3's
negation by a Disrupted Axis unit and by a Supply Point (a Hex Bond, and a Hexside Bond with the Supply Point on the
far side and on the mover's side), and a bond that stands again once the negating unit leaves, with its twin; 7.5's
edge bonds: the boundary of Entry Area A (an edge hex next to no area), a Disrupted unit, Entry Area D on the east
edge, and column 41, Fall Blau's edge with Entry Area M (a bond there in S1, none in the Campaign Game); 7.6.1: two
Minor Rivers keep a bond (the rulebook's C-D), two bridged Major Rivers break it, a Lake hexside breaks it unless
the Lake touches Desert and it is Winter (23.4), an Alpine hexside keeps it in summer and breaks it in Winter, map
C2's Major Rivers stay unfrozen in Winter; 16.3 with 7.2: a unit whose one way to Entry Area C crosses an Axis
Hexside Bond (Isolated, claimed in supply, the bond's end Disrupted, the bond negated by a Soviet unit on the far
side) and a Hexside Bond across the unit's own hexside (one side only: not negated); 16.5.4: no Airfield modifier
out of that pocket; 12.1.3 (1) with 7.2: a retreat across the attackers' own Hexside Bond (the defender's hexside,
one side only) when a retreat the other way keeps the unit, and that retreat.

Repeats: after the run a grep of the earlier sets showed four plain repeats, dropped: the basic Hex Bond entered
(sweep_7_2_hex_bond), two brigades bonding (blind_bond_two_free_stacking), an edge bond with Entry Area A crossed
(blind8_edge_bond_crossed, blind4_bond_friendly_edge), and a summer Lake hexside that was this set's own repeat.
38 logs, 24 clean.

The first run disagreed in three logs; the validator was right each time and the cases were corrected:
- A Winter bond across a Lake hexside expected 7.2; 23.4 freezes only the Lakes in or touching Desert, and that Lake
  (2641-2642) touches none: it stays impassable and no bond crosses it (7.6.1). Kept as
  `blind23_unfrozen_lake_in_winter_breaks_bond_clean`; the frozen case moved to the Kalmyk Steppe
  (`blind23_desert_lake_frozen_keeps_hex_bond_winter`, with its summer twin).
- A pocket's unit left unmarked on the `supply` line expected 16.1 there; an unmarked unit is reported on the line that
  ends the step (docs/log-format.md), and the log ended on the `supply` line. The supply logs now end with the next
  turn's line.
- Its clean twin (no Axis unit at 7000, so no Hex Bond across 6900) was Isolated all the same: 6801 and 7001 still bond
  across 6900-6901, and the Soviet unit in 6901 is on one side only, which negates nothing (7.3). The pocket was
  redrawn (6801 closed by the Hexside Bond 6700-6900), and the finding kept as
  `blind23_supply_hexside_bond_beside_own_hex_oos`, written after the run.
Every later list agreed with the validator on its first run. No validator change.
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND23 = sorted(LOGS.glob("blind23_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("7.", "16.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND23, DISAGREEMENTS, CHAPTERS, "stalingrad42", 30)


def test_s42_blind23_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND23, DISAGREEMENTS)
