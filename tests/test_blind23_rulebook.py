"""A twenty-third blind referee's test: the sequence of play and the Game Turn track's own events.

Each `tests/logs/blind23_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (units.csv, cards.csv, turns.csv, turn_events.csv, the scenario's setup.csv and
[[immobile]] units, hexes.csv, regions.toml) before looking at the validator's code or the earlier logs' verdicts,
with its verdicts (`expect`) recorded and committed before its first run. The rule numbers aimed at were chosen by
counting the `expect` fields of the earlier logs only (no case yet: 11.2, 11.3, 4.0 B; few: 5.5, 5.2.1, 7.10).

First batch (40 logs): turns advance one at a time and each action in its player turn (4.0: a skipped turn, an Axis
move in the Soviet turn, a detrainment in the Movement Phase); the 1941 first turn (the Rumanian armies neither move
nor entrain, 8.0; the Axis keeps two of his six cards, 5.1); the track's removals (the Italian 8th Army on turn 15
attacking, 10.3; the 2nd Panzer on turn 16 moving, 8.0; the SS Panzer, never placed, placed on turn 18, 7.8);
`event` notes and the weather of a variable turn (13.0); the draw rates of turns 8-9 and 21 (5.2) and Pearl Harbor's
Axis discard (5.2.1); the 1945 deck (5.5); surrender in the Removal Phase (11.1), its marker removal (11.2: a
reorganization with no marker left, 7.10) and a red Soviet front in Rumania removing the Rumanian armies (11.3).
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND23 = sorted(first.LOGS.glob("blind23_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind23_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_set(BLIND23, DISAGREEMENTS)
