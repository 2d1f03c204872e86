"""A fourteenth blind set for Stalingrad '42, written as an outsider would write it: the scenarios' own rules.

Each `tests/logs/stalingrad42/blind14_*.jsonl` was written from docs/log-format.md and the rules text
(../shared/rules/stalingrad42-rules-v2.md) only, before looking at the other sets' logs or the validator's code, with
the map, counters and tables of games/stalingrad42/ for the facts, and its `"expect"` verdicts recorded before the
first run.

The emphasis is what the four scenarios S1-S4 add to the rules and the weather by turn: the maps in play (S1.1 map A,
S2.1 maps C1-C2, S3.1 maps A-B and the Axis Entry Areas Q and R), the reinforcements' Entry Areas (S1.2 A or B and the
shift to another friendly Entry Area, S3.2 A-C and the Axis "South" units at Q-R, Wiking's four-step counter at Q on
turn 35), the Caucasus's Air units (S2.2: none on turns 15-22) and first Railhead (turn 13 on 3140), the Campaign-only
rules in the other scenarios (S4.3: no Winter Offensive in Uranus or the Caucasus, 1 RFSS not withdrawn on Caucasus
turn 11), S3.5's hold of Stalingrad until the Axis Player Turn of turn 34 (lost after it, the Axis still wins; lost
before it, not), the Axis Interchange Turn after Uranus turn 28 (33.2.3: Full Retreat by choice for the full MA,
detraining, no Rail Movement, Tactical Movement otherwise), and the weather: Overcast-W on Uranus turn 28 lets no Air
unit defend (23.2.2), the first Winter turn after a Rain turn (23.1's +1, no Mud outside the Rasputitsa), Entry Area
K closed in the Russian Winter (23.4).

First list: 34 logs. Two repeated earlier sets (found by grep after the list was written: two German Air units on an
Overcast turn, `sweep_9_3_1_overcast_two_air`, and its one-unit twin) and were dropped: 32 logs.
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND14 = sorted(LOGS.glob("blind14_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("9.", "17.", "22.", "23.", "33.", "S1.", "S2.", "S3.", "S4.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND14, DISAGREEMENTS, CHAPTERS, "stalingrad42", 25)


def test_s42_blind14_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND14, DISAGREEMENTS)
