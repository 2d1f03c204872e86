"""A fifteenth blind set for Stalingrad '42, written as an outsider would write it: combat where two rules meet.

(first run pending)
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
    first.check_corpus(BLIND15, DISAGREEMENTS, CHAPTERS, "stalingrad42", 20)


def test_s42_blind15_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND15, DISAGREEMENTS)
