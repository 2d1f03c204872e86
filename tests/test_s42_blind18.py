"""An eighteenth blind set for Stalingrad '42, written as an outsider would write it, and as a referee receiving a PBEM
game would read it: the first half of the rules (sequence, stacking, movement, ZOCs, supply, railheads, replacements,
reinforcements, weather, non-combat units), often along a whole player turn and into the turn after it.

Each `tests/logs/stalingrad42/blind18_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and the
rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map, counters and turn track of
games/stalingrad42/ for the facts, its `"expect"` verdicts recorded and committed before its first run. Batch 1 covers:
a unit under a Train marker without ZOC in the enemy turn and with it the turn after (5.6.4, 5.6.5, 6.2); the rail
limit with a Leader railing free (5.6.2, 28.1.5); a move into a sea hex and across an unfrozen lake hexside (2.2.3);
no ZOC across a lake hexside (6.1); a junction's new Railhead moving in the phase it was placed and in the next one
(17.2.2); a Railhead stalled by a ZOC on the rail behind it and freed by an Axis unit there (17.3.2, 17.4); a push
back of one or two hexes, an Axis unit negating the ZOC (17.3.1); an Army HQ overrun and back after one or two turns
(19.3, 19.4); an ASU out of the Eliminated Box on its Ready or Used side (21.3.3); the weather roll's +1 after Rain
and Snow, Mud after Rain (23.1, 23.3.1); an Isolated Panzer division moving the next turn (16.4); a unit out of the
Eliminated Box overstacking in the Initial Phase (21.3.2, 4.1).
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND18 = sorted(LOGS.glob("blind18_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("2.", "4.", "5.", "6.", "16.", "17.", "19.", "21.", "23.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND18, DISAGREEMENTS, CHAPTERS, "stalingrad42", 20)


def test_s42_blind18_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND18, DISAGREEMENTS)
