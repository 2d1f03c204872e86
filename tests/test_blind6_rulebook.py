"""A sixth blind referee's test: one player mistake, one report.

Each `tests/logs/blind6_*.jsonl` was written, like the earlier sets (`test_blind_rulebook.py` ...
`test_blind5_rulebook.py`), from README.md, docs/log-format.md, docs/rules/no_retreat.md, the game data and the rules
texts in ../shared/rules/, before running the validator on it. Each log plants ONE mistake and goes on with the play
a real player continues with, so a validator that reports the mistake again on a later line (a cascade) fails the
case as surely as one that misses it; most have a legal twin. The mistakes: a unit moved too far (8.1), through an
enemy zone of control (8.5.1) or past the Unsupplied cap (6.5.2) and then attacking from where it stopped; an
attacker used twice (10.3.4); an undeclared target attacked (10.1.1); a declared target left unattacked because its
only attacker fought elsewhere (10.3.1, on the line that ends the phase); a Blitz! marker for Unsupplied attackers
(10.6.2) with the result claimed with and without its shift; a wrong odds claim with its column's result or the true
one (10.5, once); a wrong result (DR, DS, CA, '-') followed by what the claimed result makes the players do: its
retreat and advance, a counterattack, nothing (10.5, once: claims stand); a retreat into an EZOC or of one hex
(10.7.5) and the advance after it; an advance too far (10.8.1 in Mud and for an Unsupplied unit, 10.8.2 a third hex
for infantry); an overstack moved off before the phase ends (clean: 8.4.1 is checked when the phase ends) and one left
(8.4.1, once, on the phase line); a move in the Combat Phase (4.0) and a Soviet battle in the Axis Combat Phase
(10.0), each followed by what it leads to; Panzerblitz! played in the wrong phase, in Mud or not held (5.3.1, 5.3),
its move kept; draws past the rate (5.2) with the red-event discard that follows (5.2.1, legal) or on a second line;
rail moves past the box (9.1.2), unpaid (9.1.1) or after a move (9.1), then detrained; an unpaid replacement (7.9)
that then moves. 38 logs; each must give exactly the (line, rule) pairs of its `expect` fields, with the first set's
check.

The first run disagreed on 2 logs, both mistakes of the cases, corrected:
- blind6_declared_both_attacked: the West Front's retreat 1613-1614-1714 ended one hex from Kharkov, while
  1613-1514-1515 ends in Dnepropetrovsk, a friendly city; a retreat goes toward a friendly supply source when it can
  (10.7.5), so the case now retreats there (its twin attacker_used_twice has the 4th Army's zone on 1514);
- blind6_soviet_battle_axis_phase: the case claimed 1:1 for 7 vs 4, which is 3:2 (10.5); it now claims 3:2.

Where the validator disagrees with the rules text, the case goes into DISAGREEMENTS naming the rule and the text
that decides it, and the test requires it to still differ, so a fix shows up as a failure naming the log.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND6 = sorted(first.LOGS.glob("blind6_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind6_verdicts():
    """At least 25 logs, legal and illegal ones, each chapter the set is about broken by some case; every log gives
    exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean (`first.check_set`)."""
    first.check_corpus(BLIND6, DISAGREEMENTS, ("4.", "5.", "6.", "7.", "8.", "9.", "10."), "no_retreat", 25)
    first.check_set(BLIND6, DISAGREEMENTS)
