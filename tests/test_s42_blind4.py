"""A fourth blind set for Stalingrad '42: where referees' real disputes are.

Each `tests/logs/stalingrad42/blind4_*.jsonl` was written from the rules text (../shared/rules/stalingrad42-rules-v2.md),
README.md, docs/log-format.md, docs/rules/stalingrad42.md, docs/data.md and the game data, before reading the
validator's code, with its `"expect"` verdicts recorded before the first run. The cases sit where rules interact: ZOC
Bonds (7.x) against movement, retreat and advance (a Disrupted unit's ZOC without a bond, negation by units on both
sides of a hexside or in a Hex Bond's hex, a vacated hex that becomes a Hex Bond); the extra hex out of an EZOC (12.2)
and the rulebook's retreat-through-a-friend example; the City that stops a retreat only free of EZOCs or held by a
friend (12.1.3); Full Retreat's automatic retreat after an advance, what protects from it, its free exit from an EZOC
(13.3); the Major River on an advance (14.5); Breakthrough Combat against an overstacked hex (15.3.2), a declined
vacated hex (15.2.4), a target across a Major River (15.2.9); the stacking check before an Auto DS (4.4, 8.6.1); the
German elite Determined Defense in a City or its own Fortification but not a printed one (9.7.6, 11.2.4); a hex held
by retreated units after a successful Determined Defense (11.4.2); an attacking anti-tank unit (9.2.4); a retreat's
overstack and its correction (12.1.4). Legal and illegal twins of each.

Each log is replayed through `hexforge validate LOG --format json` and must report exactly its (line, rule) pairs.
Where the validator disagrees with the rules text, the case stays here as a strict xfail naming the rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND = sorted(LOGS.glob("blind4_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("4.", "6.", "7.", "8.", "11.", "12.", "13.", "14.", "15.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND, DISAGREEMENTS, CHAPTERS, "stalingrad42", 40)


@pytest.mark.parametrize("log", first.params(BLIND, DISAGREEMENTS))
def test_s42_blind4_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    """Exactly the (line, rule) pairs of the log's `expect` fields, exit 1 with violations, 0 clean."""
    first.test_blind_log_verdict(log, capsys)
