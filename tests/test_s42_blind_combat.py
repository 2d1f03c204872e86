"""A blind referee's test for Stalingrad '42's combat: rulebook cases written from the documentation alone.

Each `tests/logs/stalingrad42/blindc_*.jsonl` was written from README.md, docs/log-format.md (its Stalingrad '42
section), docs/rules/stalingrad42.md, docs/data.md, the game data (`games/stalingrad42/`: units, map, tables,
scenarios) and the rules text (../shared/rules/stalingrad42-rules-v2.md), without reading the validator's code or the
other Stalingrad '42 tests and logs (the first blind set, `blind_*`, only for the log's shape). They cover chapters 8
(odds, their limits, the 40/20 caps, the Automatic DS), 9 (every modifier), 10 (results, step losses, Remnants), 11
(Determined Defense, Desperate Defense, Partial Success), 12 (retreats), 13 (Disruption, Full Retreat, the Rally
Table), 14 (advance after combat), 15 (Breakthrough Combat) and 23.4 (the Russian Winter), with the rules' own examples
on real hexes and units: 8.3's roundings, 8.4.2's limits, 8.5's caps, the 8.6.1 Auto DS, 9.1's third example, 9.2.2,
9.2.3, the two 9.5.2 examples, 9.5.4's Marsh, 11.5.2's Desperate Defense, 14.2.2's advance rates and 15.2.4's
Breakthrough Group. Every line that breaks a rule carries `"expect": [rule numbers]`, written before the first run;
each log is replayed through `hexforge validate LOG --format json` and must report exactly those (line, rule) pairs.

The first run's twelve disagreements were all resolved: the validator fixed (a non-DS claim at 10-1 named 8.4.1, a
vacant Fortification's battle no longer read on the CRT, a second Auto DS group one finding, a step from a unit that
did not take part named 10.2.1, a late Breakthrough Group reported once), the docs settled (the Air units listed in
`air_holding`, a header's `auto_ds` and its advance, a retreated Lead Unit under 11.2.3, artillery in Breakthrough
Combat under 18.3.3, 15.2.4 for each unit out of hexes), or the case corrected (12.1.3's Line of Supply guideline, two
wrong claims on one line). The second set (`blindc_b2_*`) was written after that run, which meant reading parts of
the combat, advance and results modules; its verdicts too were recorded before it was run, and it ran clean; so did the third (`blindc_b3_*`: trapped stacks,
owed retreats, Full Retreat, a frozen lake, 8.1-8.2, map C's rivers, Remnants), written the same way.

Where the validator disagrees with the rules text, the case stays here as a strict xfail naming the rule, so a fix
shows up as an unexpected pass.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND = sorted(LOGS.glob("blindc_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("8.", "9.", "10.", "11.", "12.", "13.", "14.", "15.", "23.4")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter of combat has cases that break it."""
    first.check_corpus(BLIND, DISAGREEMENTS, CHAPTERS, "stalingrad42", 60)


@pytest.mark.parametrize("log", first.params(BLIND, DISAGREEMENTS))
def test_s42_blind_combat_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    """Exactly the (line, rule) pairs of the log's `expect` fields, exit 1 with violations, 0 clean."""
    first.test_blind_log_verdict(log, capsys)


def test_an_air_unit_left_out_of_a_position_is_not_in_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """9.3.1: a position that lists its units and leaves the Air unit out has no Air unit; the finding says where to
    list it (the first blind combat run read 'it is in None')."""
    log = LOGS / "blindc_air_support.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["position"]["units"]["ger_air_viii"]
    case = tmp_path / "case.jsonl"
    case.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n", encoding="utf-8")
    _, report = first.reported(case, capsys)
    air = [v for v in report["violations"] if v["rule"] == "9.3.1"]
    assert [v["line"] for v in air] == [3, 5]
    assert all("air_holding" in v["message"] for v in air)
