"""A thirteenth blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind13_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (ids, hexes, tables) before looking at the validator's code or the earlier logs
(only blind12's test module was read, for the test's form), with its verdicts (`expect`) recorded and committed before
the first run. It aims at the rule numbers no earlier log expected, mostly through what they change elsewhere:
- supply's effects (VPG 6.5): an Unsupplied unit has no zone of control (6.5.3, a panzer moves past it; its supplied
  twin stops, 8.5.1), its MA is capped at 3 but one hex is always possible (6.5.2 with 8.3, a Marsh hex), an
  Unsupplied defender gives two columns and surrenders when an EX eliminates it (6.5.4), an Unsupplied attacker gets
  no armor bonus and advances one hex only (6.5.4 with 10.6.3, 10.8.1);
- alternate sources (6.2): the Black Sea coast supplies Sevastopol cut off by land; the Caspian coast supplies only
  the Soviets (an Axis unit there left unmarked is 6.1);
- zones of control and lakes (8.5, TEC): no ZOC across Lake Peipus' hexsides, and no attack across them (10.1);
- combat shifts (10.6.1, 10.6.3): Moscow a city and an objective (two columns), the armor bonus against infantry in
  the open and none against mechanized units, a Counterblow hex's defenders without terrain (10.7.3);
- results meeting units: a Fort's DR is no effect and nothing advances into it (10.7.4, 10.8), a Volkssturm hex's DR
  (14.0), all units of a hex defend together (10.4), Soviet units one step before turn 17 and two from it (7.2.2, 7.3,
  10.7.1);
- the Organization Phase: a shattered unit must come back in the Placement Step (7.7), Disorganized, so it may not
  attack (10.1.1) unless reorganized for a card (7.10);
- the Removal Phase: a red Soviet army in Rumania removes both Rumanian armies (11.3), a brown one does not; a marked
  unit that moved back into supply does not surrender (11.1 with 6.2 and 6.5.2);
- optional rules switched on in the header: the Shock units' column (15.2), the SS Grenadier's (15.1), and their twins
  with the option off.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND13 = sorted(first.LOGS.glob("blind13_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind13_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND13, DISAGREEMENTS, ("6.", "7.", "10.", "11.", "14."), "no_retreat", 25)
    first.check_set(BLIND13, DISAGREEMENTS)
