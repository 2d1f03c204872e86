"""A twenty-sixth blind set for Stalingrad '42 (a short round): the weather (23.x) and the sequence of play (3.0),
as whole turns where a weather roll decides a later action.

Each `tests/logs/stalingrad42/blind26_*.jsonl` was written from docs/log-format.md, docs/rules/stalingrad42.md and
the rules text (../shared/rules/stalingrad42-rules-v2.md) only, with the map, counters and tables of
games/stalingrad42/ for the facts, aimed at the rules the earlier sets' `expect` fields name least (23.2.3 and 23.3.2:
none; 23.2.4, 23.4: five), its verdicts committed before its first run (six lists: 20, 12, 6, 4, 3 and 2 logs).
The set covers: Seasonal Marsh still Marsh two turns after the Rain, through a Mud turn (23.2.3, 23.3.1), and dry in
a log with no Rain; an unbridged Minor River's +1 in a rolled Mud turn after a Rain turn's legal crossing (5.5.1,
23.3.3) and its Clear twin; Overcast's one German Air unit counted over the Axis Combat Phase and the Soviet one's
Defensive Support (9.3.1, 23.2.2), its Clear twin; Overcast's no Romanian Air unit; 23.3.2's example (Rain twice, then
Mud); the +1 past the table's last row (a 7: Clear, or Mud after Rain); a log that starts in a turn whose weather its
header gives (start.weather): the next roll's +1 and Mud, Snow's MA, Rain's Seasonal Marsh, Mud's Minor River;
Automatic DS advances in a rolled Mud turn (Adv 4 halved) and a rolled Snow turn (Adv 4 less one) (8.6.2, 14.2.1);
the Interchange Turn of Uranus turn 28 (S3.4, 33.2.3): no combat, no Soviet rally, its parts in order and before the
Victory Determination Phase; turn 29's Air units: Clear's one German one and the Romanian one, Overcast-W's none
(9.3.9, 23.2.2); and what may be done in which phase (3.0): the Recovery and Supply Phases' steps backwards, Rail
Movement, a Disengagement, Isolation Attrition, a supply check, a Railhead and a weather line out of their phases, a
move in the Victory Determination Phase, a Fortification begun in the Movement Phase or by the Soviets in the Axis
Initial Phase, and the Initial Phase's activities in any order.

Repeats: a grep of the earlier sets after the runs showed eight plain repeats, dropped: a Summer roll claimed Overcast
(blind_weather_table_summer), 23.3.2's example claimed as another weather (blind5_mud_example_claim_overcast; its Mud
twin is kept), Uranus's Interchange Turn by Full Retreat, by three Tactical hexes and by rail
(blind14_s3_interchange_*), a move in an Interchange Turn not due (blind10_seq_interchange_on_turn5), Full Retreat in
the Combat Phase and a Rally in the Movement Phase (blind10_seq_full_retreat_in_combat, blind10_seq_rally_in_movement).
39 logs, 13 clean.

The first runs agreed with the validator in every log but one, and there the case was wrong: the Automatic DS in a
rolled Mud turn first started in turn 21's Weather Phase, so the Axis Supply Phase of turn 21 ran silently and found
the panzers, far from any Axis source, Out of Supply (16.1); halved (16.4) they had no 10-1 (8.6.1). The log now
starts in turn 21's Soviet Player Turn with the Rain in its header, and the Mud is still rolled
(`blind26_mud_rolled_auto_ds_advance_three`, `blind26_mud_rolled_auto_ds_advance_two_clean`). No validator fix.
"""
from __future__ import annotations

from pathlib import Path

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND26 = sorted(LOGS.glob("blind26_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("3.", "5.", "9.", "23.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND26, DISAGREEMENTS, CHAPTERS, "stalingrad42", 15)


def test_s42_blind26_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(BLIND26, DISAGREEMENTS)
