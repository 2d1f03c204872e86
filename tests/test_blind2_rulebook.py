"""A second blind referee's test: more rulebook cases written from the documentation alone.

Each `tests/logs/blind2_*.jsonl` was written, like the first set (`test_blind_rulebook.py`), from README.md,
docs/log-format.md, the JSON Schema, docs/rules/no_retreat.md, docs/data.md, the game data and the rules texts in
../shared/rules/, without reading the validator's code or its other tests, on what the first set did not cover:
card events (re-rolls, cancels, the Joker, Play Immediately and weather cards, the 1945 swap, movement events),
multi-hex battles, the armor bonus, forts, CB markers, counterattack chains, unsupplied attackers and defenders, the
optional special units, Finland, Volkssturm, the Berlin Garrison, the victory conditions of 1944-45 and movement,
rail and supply corners. The verdict (`expect` on each line) was written before running, and each log must give
exactly those (line, rule) pairs; the helpers are the first set's.

Where the validator disagrees with the rules text, the case stays as a strict xfail naming the rule and the text
that decides it, so a fix shows up as an unexpected pass.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import test_blind_rulebook as first
from test_blind_rulebook import LOGS, expected

BLIND2 = sorted(LOGS.glob("blind2_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
_NO_WINNER = ("validator: a winner claimed when no victory condition holds is reported under the claimed reason's "
              "rule ({got}); docs/rules/no_retreat.md row 12.0: 'A victory claim of a winner when no condition holds "
              "is a violation' (the 'rule that decides it' clause is for a wrong winner or reason when one holds)")
DISAGREEMENTS: dict[str, str] = {
    "blind2_card_cancel_to_hand": (
        "validator: card 31 (Stalin's Interference) refused after the Axis discard that Red Orchestra made ('the "
        "action before it is not one'), 5.3.1; docs/rules/no_retreat.md: the cancel takes 'the other side's last "
        "action' and 'its effect ... is undone', and the discard is the effect's line of the Axis side, so the "
        "Soviet play c25 is still the Soviets' last action; c15 and c25 then wrongly count as not held (10.1.2)"),
    "blind2_card_movement_twice": (
        "validator: the move after Operational Moves (c39) is taken as more of Battle Initiative's (c10) 2 MP and "
        "reported 8.1; 5.3.4 (docs/rules/no_retreat.md: 'Each unit benefits once per player turn (5.3.4): the "
        "play's units, or the units that move') is found only when the play lists the unit"),
    "blind2_combat_unsupplied": (
        "validator: the second advance hex of an Unsupplied unit is reported as 6.5.4; docs/rules/no_retreat.md "
        "lists 'never for an Unsupplied unit (6.5.4)' in the 10.8.1 row, and log-format.md names no exception"),
    "blind2_special_berlin_not_eliminated": _NO_WINNER.format(got="12.2"),
    "blind2_victory_total_short": _NO_WINNER.format(got="12.2"),
    "blind2_victory_operational_tie": _NO_WINNER.format(got="12.3"),
}


def test_the_second_corpus_is_there():
    assert len(BLIND2) >= 30
    assert set(DISAGREEMENTS) <= {log.stem for log in BLIND2}
    assert any(not expected(log) for log in BLIND2) and any(expected(log) for log in BLIND2)


@pytest.mark.parametrize("log", [
    pytest.param(log, id=log.stem, marks=[pytest.mark.xfail(strict=True, reason=DISAGREEMENTS[log.stem])]
                 if log.stem in DISAGREEMENTS else [])
    for log in BLIND2])
def test_blind2_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    """Exactly the (line, rule) pairs of the log's `expect` fields, exit 1 with violations, 0 clean (the first set's
    check, called as a function)."""
    first.test_blind_log_verdict(log, capsys)
