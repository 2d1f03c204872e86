"""A third blind referee's test: rulebook cases of everyday play written from the documentation alone.

Each `tests/logs/blind3_*.jsonl` was written, like the first two sets (`test_blind_rulebook.py`,
`test_blind2_rulebook.py`), from README.md, docs/log-format.md, the JSON Schema, docs/rules/no_retreat.md,
docs/data.md, the game data and the rules texts in ../shared/rules/, without reading the validator's code or its
other tests, on what the first two sets did not cover: zones of control and what negates them (friendly units,
Unsupplied units, forts, lake hexsides), control of hexes and cities (12.4.1), where reinforcements, replacements
and recovered units may be placed and on which turn (7.6, 7.8, 7.9), weather cards and weather claims, supply (a
city in an enemy ZOC, the 4-hex limit, Finland through Leningrad, partisans outside the Balkans), the counterattack
on the counterattacker's CRT, multi-unit retreats that overstack, advances after combat, both Card Phases of one
turn, actions out of the sequence of play and a whole legal player turn. The verdict (`expect` on each line) was
written before running; each log must give exactly those (line, rule) pairs, with the first set's check.

Where the validator disagrees with the rules text, the case stays as a DISAGREEMENTS entry naming the rule and the
text that decides it, and the test requires it to still differ, so a fix shows up as a failure naming the log.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND3 = sorted(first.LOGS.glob("blind3_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_the_third_corpus_is_there():
    """At least 25 logs, legal and illegal ones, and every disagreement names one of them."""
    verdicts = [bool(first.expected(log)) for log in BLIND3]
    assert len(BLIND3) >= 25 and set(DISAGREEMENTS) <= {log.stem for log in BLIND3}
    assert True in verdicts and False in verdicts


def test_blind3_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations, 0 clean, the whole set in
    one test (the first set's check, `first.check_set`); a disagreement must still differ, so a fix shows up as a
    failure naming the log."""
    first.check_set(BLIND3, DISAGREEMENTS)
