"""A seventeenth blind referee's test: the everyday combat and movement rules where they meet (column shifts by
terrain, rivers, weather, armor, counterblows and Unsupplied markers; retreat toward supply; advances after combat;
movement costs by terrain, zones of control and supply).

Each `tests/logs/blind17_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (hexes.csv, tec.csv, weather.csv, turns.csv, the CRTs) before looking at the
validator's code or the earlier logs (only blind16's test module was read, for the form), with its verdicts
(`expect`) recorded and committed before its first run. It covers, most mistakes with a legal twin:
- the river shift (10.6.1): every attacker crossing into a forest (2:1 to 1:1, the odds claimed without it) and
  one attacker on a dry hexside (no river shift); across a river into open ground the river and the armor bonus
  cancel (TEC: a river hexside allows the bonus); two target hexes, the defender taking the forest-and-river hex;
- an open objective hex (the oil field): one left and no armor bonus (10.6.1, 10.6.3);
- turn 10 Snow: the armor bonus and the Axis winter shift cancel (10.6); turn 5 Long Winter: two left, no bonus,
  and no second advance hex (10.8.1); turn 6 Mud: a DS and one advance hex only (10.8.1);
- an Unsupplied Panzer: no armor bonus (10.6.3) and 3 MP (6.5.2); an Unsupplied Soviet unit has no zone of control
  to stop a Panzer passing it (6.5.3), a supplied one does (8.5.1);
- a DR retreat ending beside Voronezh, or in a hex no nearer a supplied city than the start (10.7.5);
- a Panzer advancing into a forest as its second hex, and on to a third (10.8.1); an advance by a unit that did not
  attack (10.8);
- a counterblow on a forest across a river: no terrain or river shift, the forest still denying the armor bonus
  (10.1.2, 10.6.1, 10.6.3), and no advance for its attackers (10.7.3);
- movement through open, forest and marsh: armor 1+2+4 is past its MA (8.3), infantry 1+1+2 is not;
- an event that changes them: Fickle Weather (card 11) drawn and played at once on turn 10 turns the variable
  marker to Mud (13.0): the Axis attack is on the Axis CRT with no bonus or winter shift (the Soviet CRT's EX
  claimed is 10.5), and a Panzer leaving a zone of control has 3 MP (8.5.2 when the +1 makes it too dear).
The first run (31 logs) and three rounds of probes written the same way (39 more, each committed before its run)
agreed with the validator on every log: no disagreement, no fix.
Plain repeats dropped after the runs (grepped by name, then read): EZOC to EZOC with and without a friend
(blind15_ezoc_to_ezoc*), an advance after EX (blind4_advance_after_ex), an Unsupplied attacker's one- and two-hex
advances and an Unsupplied defender's two columns (blind13_unsupplied_*), the river in Snow (blind11_snow_river_*),
armor advances in Snow and Clear and infantry's third hex (blind3_advance_armor_third_*,
sweep_10_8_2_infantry_third_hex), a Soviet tank's third hex before turn 11 (blind9_soviet_tank_third_hex_turn9),
one and two marsh hexes in Mud and four hexes in Mud (blind3_move_one_hex_mud, sweep_8_3_marsh_*,
sweep_8_2_mud_four_hexes), a Blitz! for an Unsupplied attacker (sweep_10_6_2_blitz_unsupplied_only), no armor
bonus against mechanized infantry (sweep_10_6_3_armor_bonus_vs_mech), a retreat through a zone of control with and
without a friend (blind_retreat_through_friend, blind9_retreat_through_ezoc), a second advance hex into an enemy
(sweep_10_8_1_advance_into_enemy), leaving a zone of control (sweep_8_5_2_leave_*), the first-Snow Shock! (two
columns, blind_first_snow_shock).
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
