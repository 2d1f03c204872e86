"""A blind referee's test for Stalingrad '42's second half of the rules: rulebook cases written from the docs alone.

Each `tests/logs/stalingrad42/blindv_*.jsonl` was written from README.md, docs/log-format.md (its Stalingrad '42
section), docs/rules/stalingrad42.md, docs/data.md, the game data (`games/stalingrad42/`) and the rules text
(../shared/rules/stalingrad42-rules-v2.md), without reading the validator's code or its other Stalingrad '42 tests
and logs (the first blind set, `blind_*`, only for the log's form). They cover chapters 18 (Resource Points, ASUs and
SPs), 19 (Non-Combat Units), 20 (special units), 21.3 (returning from the Eliminated Box), 22.5-22.7 (retreating off
the map, attacking onto it), 24 (victory: VP hexes, penalties, Baku, Mt Elbrus, the benchmarks), the advanced rules
25-29 (each an option of the header), the Campaign's 30-34 and the scenarios S1-S4, with the rules' own examples
(18.6.5's HQ and SP in two combats, 19.4's two-turn delay, 24.2's benchmark of 8, 32.1's steps short of seven) on
real hexes and units. Every line that breaks a rule carries `"expect": [rule numbers]`, written before the first
run; each log is replayed through `hexforge validate LOG --format json` and must report exactly those (line, rule)
pairs (`test_blind_rulebook.py`).

The first run disagreed on 21 of the 122 first logs; every one was resolved: the validator fixed (the turn-10,
infantry and Tank Corps removals checked on their lines, attacks from inside a Contested City hex, one finding for an
Entry Area attacker that moved, G and 5.1, S4.2's number, a Reserve's advance without combat, 26.1 for the option,
a refused Defensive Support's reading, Bataysk south of the Don), the docs settled (the volunteers' first-turn moves
under 21.4, a Ready ASU flipped Ready), or the case corrected (18.2.1 for a Used ASU, Remnants from the Eliminated
Box, 3.0 for a place in the Movement Phase, an EZOC overlooked, Rostov north of the Don). The second and third sets
(`blindv_b2_*`, `blindv_b3_*`) were written after those runs, their verdicts recorded before they were run; the one
disagreement of the third (33.2.1's HQ "currently in supply" with an old Out of Supply marker) was the case's.

Where the validator disagrees with the rules text, the case stays here as a strict xfail naming the rule, so a fix
shows up as an unexpected pass.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import test_blind_rulebook as first
from test_blind_rulebook import expected

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND = sorted(LOGS.glob("blindv_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("18.", "19.", "20.", "21.3", "22.", "24.", "25.", "26.", "27.", "28.", "29.", "30.", "31.", "32.", "33.",
            "34.", "S1.", "S3.", "S4.")


def test_the_corpus_is_there():
    verdicts = {log.stem: expected(log) for log in BLIND}
    headers = [json.loads(log.read_text(encoding="utf-8").splitlines()[0]) for log in BLIND]
    assert len(verdicts) >= 60 and set(DISAGREEMENTS) <= set(verdicts)
    assert {bool(pairs) for pairs in verdicts.values()} == {False, True}  # clean logs and logs with violations
    broken = sorted({rule for pairs in verdicts.values() for _, rule in pairs})
    # every chapter of the second half of the rules has cases that break it
    missing = [chapter for chapter in CHAPTERS if not any(rule.startswith(chapter) for rule in broken)]
    assert not missing, (missing, broken)
    assert {h["game"] for h in headers} == {"stalingrad42"}
    assert {h["scenario"] for h in headers} == {"s1_fall_blau", "s2_caucasus", "s3_uranus", "s4_campaign"}


@pytest.mark.parametrize("log", first.params(BLIND, DISAGREEMENTS))
def test_s42_blind_campaign_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    """Exactly the (line, rule) pairs of the log's `expect` fields, exit 1 with violations, 0 clean."""
    first.test_blind_log_verdict(log, capsys)
