"""A second blind referee's test: more rulebook cases written from the documentation alone.

Each `tests/logs/blind2_*.jsonl` was written, like the first set (`test_blind_rulebook.py`), from README.md,
docs/log-format.md, the JSON Schema, docs/rules/no_retreat.md, docs/data.md, the game data and the rules texts in
../shared/rules/, without reading the validator's code or its other tests, on what the first set did not cover:
card events (re-rolls, cancels, the Joker, Play Immediately and weather cards, the 1945 swap, movement events),
multi-hex battles, the armor bonus, forts, CB markers, counterattack chains, unsupplied attackers and defenders, the
optional special units, Finland, Volkssturm, the Berlin Garrison, the victory conditions of 1944-45 and movement,
rail and supply corners. The verdict (`expect` on each line) was written before running, and each log must give
exactly those (line, rule) pairs; the helpers are the first set's.

Where the validator disagrees with the rules text, the case stays as a DISAGREEMENTS entry naming the rule and the
text that decides it, and the test requires it to still differ, so a fix shows up as a failure naming the log.
"""
from __future__ import annotations

import test_blind_rulebook as first
from test_blind_rulebook import LOGS, expected

BLIND2 = sorted(LOGS.glob("blind2_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/); the six
# disagreements of the first run are fixed (card 31 after a forced discard, 5.3.4 after a second movement event,
# 10.8.1 for an unsupplied advance) or settled in the docs (a false victory claim cites its reason's rule)
DISAGREEMENTS: dict[str, str] = {}


def test_the_second_corpus_is_there():
    assert len(BLIND2) >= 30
    assert set(DISAGREEMENTS) <= {log.stem for log in BLIND2}
    assert any(not expected(log) for log in BLIND2) and any(expected(log) for log in BLIND2)


def test_blind2_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations, 0 clean, the whole set in
    one test (the first set's check, `first.check_set`); a disagreement must still differ, so a fix shows up as a
    failure naming the log."""
    first.check_set(BLIND2, DISAGREEMENTS)
