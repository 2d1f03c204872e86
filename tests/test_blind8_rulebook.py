"""An eighth blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind8_*.jsonl` was written from docs/log-format.md and the rules texts in ../shared/rules/ (with the
game data for ids, hexes and tables, and docs/rules/no_retreat.md for the decisions it records) before looking at
the earlier sets' logs or the validator's code, its verdict (`expect`) recorded and committed before the first run.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND8 = sorted(first.LOGS.glob("blind8_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind8_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND8, DISAGREEMENTS, ("5.", "6.", "9.", "10.", "11."), "no_retreat", 40)
    first.check_set(BLIND8, DISAGREEMENTS)
