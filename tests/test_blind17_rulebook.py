"""A seventeenth blind referee's test: the everyday combat and movement rules where they meet (column shifts by
terrain, rivers, weather, armor, Shock!/Blitz! and Unsupplied markers; retreat toward supply; advances after combat;
movement costs by terrain, weather and zones of control).

Each `tests/logs/blind17_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (hexes.csv, tec.csv, weather.csv, turns.csv, the CRTs) before looking at the
validator's code or the earlier logs (only blind16's test module was read, for the form), with its verdicts
(`expect`) recorded and committed before its first run. It covers, each mistake with its legal twin:
- the river shift (10.6.1) when every attacker crosses into a forest (2:1 to 1:1) and none when one does not; the
  river and the armor bonus cancelling across a river into open ground (TEC: a river hexside allows the bonus);
- turn 10 Snow: the armor bonus still given, the Axis winter shift left (10.6), the Soviet CRT; turn 6 Mud: no bonus,
  a DS and one advance hex only (10.8.1); turn 4, the first Snow turn: Shock! gives two columns (10.6.2);
- no armor bonus against mechanized infantry (10.6.3); an Unsupplied defender's two columns (6.5.4); an Unsupplied
  attacker alone with a Blitz! marker (10.6.2) and advancing a second hex (10.8.1);
- a DR retreat ending nearer a supplied city (Voronezh) or not (10.7.5); a Clear DS at 4:1 with the armor bonus, a
  Panzer advancing three hexes and an infantry army three (10.8.2);
- movement: armor and infantry through open, forest and marsh (8.3), leaving an enemy ZOC (8.5.2), passing beside
  an Unsupplied unit (no ZOC, 6.5.3) or a supplied one (8.5.1), and the Mud cap (8.2).
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND17 = sorted(first.LOGS.glob("blind17_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind17_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND17, DISAGREEMENTS, ("8.", "10."), "no_retreat", 25)
    first.check_set(BLIND17, DISAGREEMENTS)
