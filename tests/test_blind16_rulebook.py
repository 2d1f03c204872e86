"""A sixteenth blind referee's test: the 3rd edition's own rules from its summary (stacking and Target limits by
turn, the Counterblow result, the 1945 card swap, hands and draw rates) where they meet each other and the older rules.

Each `tests/logs/blind16_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (ids, hexes, cards.csv, turns.csv, turn_events.csv) before looking at the
validator's code or the earlier logs (only blind15's test module was read, for the form), with its verdicts
(`expect`) recorded and committed before its first run. It covers:
- Soviet stacking by turn (8.4.1, SUM 5): two units on turns 10 and 22, two tanks on turn 11 (one unit plus a tank),
  two units on turn 23 and a tank added to them; a DR retreat onto a friend on turn 11 (a red tank may join, brown
  mechanized infantry may not); an EX step that turns the tank of a turn-19 stack brown (an overstack the owner must
  clear) or takes the other unit; Finland as one hex for Axis stacking (VPG 8.6: the Finnish army counts);
- the Target limit (10.1.1, SUM 5): five on turn 19, three from turn 20 (declared, or undeclared and counted as the
  battles come, a two-hex battle counting two), still three in Mud on turn 25 and in Snow on turn 23 (the Soviet CRT,
  one left in the 1941 Soviet Union), one on turn 26; Long Winter limits the Axis only; a Counterblow hex is no
  Target (turns 20 and 26) but must still be attacked (10.3.1);
- the CB result (SUM 5): the marked hex attacked in the other side's next Combat Phase or reported (10.3.1), also a CB
  in a counterblow battle, a turn-25 marker beside turn 26's one Target, and a marked hex left with no enemy beside
  it when the Combat Phase begins (nothing owed);
- 1945 (3rd 5.5, 5.2, SUM): a red-barred card leaving a hand at the swap (nothing to discard) and three cards that
  stay (5.1), the discards folded into the new pile (a discarded card drawn on turn 22 without a reshuffle is 5.0),
  the Soviets' five a turn (six is 5.2), the Axis's four, and Moscow and the Rumanian oil field still changing the
  rates; an Axis attack outside the Soviet Union on turn 23 (Snow: the Soviet CRT, no winter shift; 10.5 when claimed);
- the free upgrades' last turn (7.2.1, SUM: two on turns 13-17, paid improvements from 17): two free and one paid on
  turn 17, a third free one, a third unpaid one (7.1), a free one on turn 18 (7.1);
- 1945 Sudden Death (12.2, SUM 6): eight VP locations of Greater Germany on turn 24 (its box), seven, and turn 25
  (no box).
Plain repeats dropped after the first run (grepped by name, then read): two units and a tank with an infantry on
turn 11 (blind4_stacking_soviet_t11), the Soviets' five cards on turn 23 (blind12_card_1945_five_cards_drawn), a
red-barred card drawn on turn 23 (blind2_card_1945_swap), the Axis's four on turn 23 (blind5_draw_1945_card_t23).

The first run (29 logs) disagreed on three, all the cases' mistakes:
- blind16_t23_soviet_draws_five and _six drew cards 45, 48 and 49, whose Soviet halves are "Play Immediately" (5.3.1
  was right); the draws now take cards without such a Soviet half.
- blind16_cb_result_t21_answered: both sides' units are checked in every Supply Check Phase (3rd 6.0), so the 6th
  Army far east is Unsupplied in the Soviet turn and the counterblow on it gets the two columns (2:1, not 1:1).
Probes written after it the same way (each committed before its run) found one of the validator's mistakes, fixed,
and one more of the cases':
- blind16_upgrades_t17_three_free: a third flip claiming a free upgrade on turn 17 (two free upgrades still, paid
  improvements begun) was reported as an unpaid improvement (7.1); docs/rules/no_retreat.md gives 7.2.1 while the
  allowance is two. organization.flip_problems now reads the flip's own `free` claim: 7.2.1; a third flip claiming
  nothing and paying nothing stays 7.1 (twin blind16_upgrades_t17_third_unpaid).
- blind16_t22_discarded_card_drawn: turn 22 has a red event, so the Axis discards one card after drawing (5.2.1 was
  right); the case now does.
- blind16_sudden_death_*: the first writing gave the Soviets Prague, Vienna and Koenigsberg, three of their four
  objectives, so their Objectives Victory (12.1) held and decided a claim of Sudden Death; and turn 25's red event
  adds a Soviet Event VP (12.5 on a claim of 8). The cases now use other VP locations and claim 9 on turn 25.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND16 = sorted(first.LOGS.glob("blind16_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind16_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND16, DISAGREEMENTS, ("5.", "7.", "8.", "10."), "no_retreat", 25)
    first.check_set(BLIND16, DISAGREEMENTS)
