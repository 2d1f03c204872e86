"""An eighteenth blind referee's test: games as a referee receives them by mail, whole player turns (Card, Supply
Check, Organization, Movement, Combat, Removal and Detraining Phases, then the other player's turn and the next
turn's Card Phase) with one mistake deep in an otherwise legal turn, and the rules that had 0-2 cases.

Each `tests/logs/blind18_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (ids, hexes.csv, units.csv, cards.csv, turns.csv, turn_events.csv, the CRTs)
before looking at the validator's code or the earlier logs (only blind17's test module was read, for the form), with
its verdicts (`expect`) recorded and committed before its first run. The rule numbers aimed at were chosen by
counting the `expect` fields of the earlier logs only.

First batch (23 logs, 13 kept):
- one game, turn 7 (Clear, the red event MIDWAY) to turn 8's Supply Check: the Axis keeps two, draws four and
  discards one, checks supply for both sides, improves the reduced 4th Army for two cards, declares 1809, the Soviets
  pay a card for a Counterblow hex, a DR at 3:1 (the armor bonus) with the retreat to Tula and a two-hex advance, the
  counterblow fought and won; the Soviet turn (draw, supply, a move); turn 8's five-card draw. Legal, and with one
  mistake each: the red-event discard forgotten (5.2.1, on the line that ends the Draw Step), the one-step Hungarian
  army improved (7.4), the Counterblow hex left unattacked (10.3.1, at the phase's end), a Soviet battle in the Axis
  Combat Phase (10.0), two Soviet units in Tula in the Soviet Movement Phase (8.4.1, the turn after), four cards
  drawn on turn 8 (5.2);
- a brittle Soviet unit eliminated brown comes back red (7.2.2) and its twin; an attacker in the Destroyed box
  (10.3) and its twin; option ss_panzer: the SS Panzer's armor bonus in a forest, and the EX step taken by another
  unit (15.1).
The first run disagreed on one log, and the validator was wrong: `blind18_pbem_t7_soviet_battle_in_axis_phase`, a
Soviet battle in the Axis Combat Phase (not a counterattack), was reported under 10.0 and again as an undeclared
target (10.1.1) and a wrong result (10.5). An attack the non-phasing player may not make at all is one mistake, as a
battle against an empty hex is (10.1): `combat.handle_battle` now reports 10.0 alone.
Plain repeats dropped after the run (grepped by name): the SS Grenadier's shift with and without the option
(blind13/14_ss_grenadier_*), the Shock unit's EX step (blind5_shock_ex_*), a Fort entrained (sweep_9_0_fort_entrains)
and its regional twin, a winner claimed without a reason (blind14_victory_winner_without_reason) and its twin, two
red-event discards (blind5_red_event_two_discards), the SS Panzer's bonus claimed with the option off
(blind5_ss_panzer_option_off).
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND18 = sorted(first.LOGS.glob("blind18_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind18_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND18, DISAGREEMENTS, ("5.", "7.", "8.", "10."), "no_retreat", 12)
    first.check_set(BLIND18, DISAGREEMENTS)
