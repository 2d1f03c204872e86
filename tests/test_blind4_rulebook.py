"""A fourth blind referee's test: the subtle interactions referees dispute, written from the rulebook alone.

Each `tests/logs/blind4_*.jsonl` was written, like the first three sets (`test_blind_rulebook.py`,
`test_blind2_rulebook.py`, `test_blind3_rulebook.py`), from README.md, docs/log-format.md, docs/rules/no_retreat.md,
docs/data.md, the game data and the rules texts in ../shared/rules/, before reading the validator's code, on what the
earlier sets did not cover: odds limits under shifts (an initial ratio below 1:3 is never shifted), the winter shift
only inside the 1941 Soviet Union, the armor bonus against half-mechanized stacks, river shifts when not every
attacker crosses, counterblows (an Unsupplied defender's shift survives the lost terrain, white-strength units,
a hex already targeted, Disorganized responders that may not advance), counterattacks (unengaged units, the
counterattacker's Blitz!, its advance), retreats past Unsupplied units, advances after a DD elimination and after an
EX, the 3rd edition's own card-order example (General Staff then Rasputitsa), Finland's Areas cost in Mud,
Unsupplied movement, entraining in lieu of movement, rail capacity, Caspian and Black Sea coast supply, flips that need
an OVERLAND path, the Axis improvement window's last turn, the end of free Soviet upgrades, fortress conversion
costs, Shock-side replacement costs, reorganization and the order of the Organization steps, discard and draw
rates, the reshuffle, Na Berlin! repeating an event, initiative symbols, one card per player in the Commitment
Step, Play Immediately by card half, Soviet tank stacking and the Rumanians of turn 1; then the order of the Supply
Check (the side checked first is marked and its lost ZOC frees the other, 3rd 6.0), ZOC from Finland, the
initiative on turn 12, placements in an EZOC, detraining into an occupied city and into an enemy-controlled hex,
a counterblow's CA and counterattack, surrender in the Removal Phase, targets not adjacent and the turn-26 limit,
Blitz! markers per game turn, a shattered unit's return across phases, Fickle Weather turning a Snow combat into a
Mud one, the +1 to leave a ZOC of an Unsupplied unit, the Soviet Objectives Victory, the robust Soviet units of
turn 17, the river shift in Mud, and placements in hexes the other side controls (7.6 asks it only of Soviet cities). The verdict (`expect` on each line) was written before the first run; each log must give exactly those
(line, rule) pairs, with the first set's check.

Four disagreements were the validator's, fixed (two in `results.py`, one in `cards.py`, one in `supply_phase.py`):
- blind4_robust_turn17 (10.7.1): a red Soviet army flipped by an EX on turn 17 was then removed to the Destroyed box
  unreported; a unit of the battle that owes no step, need not retreat and is not overstacked may not be removed;
- blind4_remove_unforced (8.4.3): the same gap outside battles, found by probing it after the first fix: any `remove`
  to a Destroyed, Surrendered or Shattered box was accepted; outside a battle's results, a surrender and an event
  only an overstack's excess is. This case and its legal twin blind4_remove_overstack_excess were written from the
  rules after the probe, not before it.
- blind4_draw_outside_step (5.2): a draw outside the phasing player's Draw Step with no event (`by`) was accepted;
  found the same way, by probing what the replay accepts silently, and written after the probe. Its legal twin
  blind4_event_draw_unnamed: a draw that names no card right after an event that draws is that event's draw (a
  VASSAL log cannot name the card), written with the fix so that the new check adds no report to such logs.
- blind4_supply_timing_one_line (6.0): one `supply` line listing units of both sides judged every marker against
  the position before the line, so the Soviet unit the Axis marker frees could be marked unreported; found by a
  probe varying blind4_supply_timing_axis_first, written after it.

The first runs disagreed on 9 more logs; each was a mistake of the case, corrected (the log's `note` says why where
the reported number was the question):
- blind4_odds_initial_below_third, blind4_odds_final_below_third: a wrong result in an automatic CA is reported under
  10.6.4 (the rule that makes it a CA), as the first set's blind_odds_limits_wrong already settled, not 10.5;
- blind4_counterblow_card_not_held: a payment with a card not held breaks the rule of what it pays for (10.1.2),
  as placements (7.9) and entraining (9.1.1) do; docs/rules/no_retreat.md's 5.4 row now says so;
- blind4_soviet_upgrade_t18: from turn 18 there is no free upgrade, so a "free" one is an unpaid improvement (7.1);
  docs/rules/no_retreat.md now says so;
- blind4_counterattack_unengaged_wrong: a wrong column and the result that column gives for the die are one
  mistake, the odds, reported once (10.5; the validator reported it twice and was fixed);
- blind4_advance_dd_eliminated: the case stacked three Axis armies (8.4.1); the bystander now stands beside the target;
- blind4_cards_reshuffle_early (was _last_drawn): drawing the pile's last card cannot be told from drawing it after
  the reshuffle that card triggers (3rd 5.0), so the illegal twin now draws a discard while three cards are left.
- blind4_supply_timing_axis_first: the case forgot that the 18th Army, marked first, loses its own ZOC at once, which
  supplies the Northwest Front (the very point of 3rd 6.0 it was written for);
- blind4_fickle_weather_mud_combat: a Play Immediately card's replacement is one card drawn `by` it, the rest of the
  rate an ordinary draw (log-format.md).

Where the validator disagrees with the rules text, the case stays as a DISAGREEMENTS entry naming the rule and the
text that decides it, and the test requires it to still differ, so a fix shows up as a failure naming the log.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND4 = sorted(first.LOGS.glob("blind4_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_the_fourth_corpus_is_there():
    """At least 40 logs, legal and illegal ones, every disagreement names one of them, and the chapters the set is
    about (cards, supply, organization, movement, rail, combat) are each broken by some case."""
    first.check_corpus(BLIND4, DISAGREEMENTS, ("4.0", "5.", "6.", "7.", "8.", "9.", "10."), "no_retreat", 40)


def test_blind4_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations, 0 clean, the whole set in
    one test (the first set's check, `first.check_set`); a disagreement must still differ, so a fix shows up as a
    failure naming the log."""
    first.check_set(BLIND4, DISAGREEMENTS)
