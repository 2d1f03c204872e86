"""A twenty-third blind set for Stalingrad '42, written as an outsider would write it: ZOC Bonds (7.x) where the
earlier sets had not gone, and a Line of Supply cut by one (16.3 with 7.2).

Each `tests/logs/stalingrad42/blind23_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map and counters of games/stalingrad42/ for
the facts, its verdicts recorded and committed before its first run. The earlier sets' `expect` fields name 7.2 in
26 logs and no other number of chapter 7 (every bond's effect is reported as 7.2), so the set aims at the ways a bond
forms, fails or is negated that the earlier sets' names do not show.
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
    first.check_corpus(BLIND23, DISAGREEMENTS, CHAPTERS, "stalingrad42", 20)


def test_s42_blind23_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND23, DISAGREEMENTS)
