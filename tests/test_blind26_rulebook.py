"""A twenty-sixth blind referee's test: movement and rail in every weather and stacking by turn, as whole Movement
Phases with several units and the mistake in a late move: the Mud, Snow and Long Winter caps (8.2) against the
terrain's cost for armor and other units (8.3: forest, marsh), the +1 to leave an enemy zone in Mud (8.5.2), an
Unsupplied Soviet army with no zone of control (8.5) and an Unsupplied panzer's 3 MP (6.5.2), a step into the
enemy's hex (8.4), the Rumanians on turn 1 (8.0), the Finnish fort entraining (9.0), Rumanians into Finland (8.6);
the Rail box by turn (turn 2's limited rail, 9.1.3; three in the box, a fourth, 9.1.2; an unpaid one, 9.1.1; moving
and entraining in one phase, 9.1; detraining into an enemy zone, 9.2); Soviet stacking on turns 10, 11, 22 and 23
(a tank with one unit from turn 11, a brown mech being no tank; two units from turn 23), the excess removed by its
owner (8.4.3), and an Axis panzer passing through or ending on a stack of two (8.4.1).

Each `tests/logs/blind26_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (units.csv, hexes.csv, areas.toml, boxes.toml, tec.csv, weather.csv, turns.csv,
turn_events.csv, game.toml's stacking) before looking at the validator's code or the earlier logs (only blind21's
test module was read, for the form), with its verdicts (`expect`) recorded and committed before its first run. The
rule numbers aimed at were chosen by counting the `expect` fields of the earlier logs only (8.5 had no case; 9.0,
8.4, 8.4.3, 8.6 three to five).

First batch (37 logs): see the first run below.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND26 = sorted(first.LOGS.glob("blind26_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind26_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND26, DISAGREEMENTS, ("6.", "8.", "9."), "no_retreat", 37)
    first.check_set(BLIND26, DISAGREEMENTS)
