"""A rule-by-rule sweep of docs/rules/no_retreat.md, written the way a hidden test suite is written.

DRAFT docstring (completed below when the set is final).
"""
from __future__ import annotations

import test_blind_rulebook as first

SWEEP = sorted(first.LOGS.glob("sweep_*.jsonl"))

# log name -> why the validator's verdict differs from the rules; none left
DISAGREEMENTS: dict[str, str] = {}


def test_sweep_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`); every chapter the validator enforces is broken by some case."""
    first.check_corpus(SWEEP, DISAGREEMENTS, ("4.", "5.", "6.", "7.", "8.", "9.", "10.", "11.", "12.", "13."),
                       "no_retreat", 60)
    first.check_set(SWEEP, DISAGREEMENTS)
