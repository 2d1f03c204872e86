"""A ninth blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind9_*.jsonl` was written from docs/log-format.md and the rules texts in ../shared/rules/ (with
the game data for ids, hexes and tables, and docs/rules/no_retreat.md for the decisions it records) before looking
at the validator's code, its verdict (`expect`) recorded and committed before the first run; the earlier sets were
grepped afterwards and the cases that repeated theirs were replaced before the run.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND9 = sorted(first.LOGS.glob("blind9_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind9_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND9, DISAGREEMENTS, ("5.", "8.", "10.", "11."), "no_retreat", 40)
    first.check_set(BLIND9, DISAGREEMENTS)
