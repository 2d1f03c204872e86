"""An eleventh blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind11_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md and the rules texts
in ../shared/rules/ (with the game data for ids, hexes and tables) before looking at the validator's code or the
earlier logs; its verdict (`expect`) was recorded and committed before its first run, and the earlier sets' names
were grepped after the list was written and the plain repeats dropped (the Berlin Garrison, Hitler Orders Attack!,
Not a Step Back!, Scorched Earth, Operational Moves and the turn-12 Sudden Death were already cases).
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
