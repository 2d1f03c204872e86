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
Second batch (21 logs), the same way, each mistake with the legal game it breaks:
- the campaign from its set-up, turn 1 to turn 2's Combat Phase (six cards dealt, two kept; Panzers to the West
  Front, a free entrain and its detrain, two targets, a 5:1 DS with a Blitz! and the retreat to Minsk, a 3:1 EX at
  Lublin; the Soviets' four cards and the shattered front's return; turn 2's reinforcement and free entrain), with a
  paid entrain on turn 2 (9.1.3), the shattered unit sent on to the Destroyed box (10.7.6), an attacker far from the
  target (10.3.3), five Soviet cards (5.2), the 2nd Army arriving reduced (7.8), an advance after the EX (10.8);
- the Soviet turn 17 (Snow) to turn 18's Organization Phase (two free upgrades and a paid one, a brown replacement, a
  reorganization, a red tank stacked with a front, a 3:1 with a Shock!), with a card paid to reorganize a unit with
  no marker (7.10), the free upgrade given elsewhere so the brown mechanized front is no tank (8.4.1), a free upgrade
  on turn 18 (7.1);
- turn 23, the 1945 reset (Volksgrenadiers paying an improvement, the Berlin Garrison, fortresses and Volkssturm
  placed, five Soviet cards, two fronts a hex, the DR a Volkssturm hex cancels), with a red-barred card drawn (5.5),
  Festung Koenigsberg placed in a Soviet Koenigsberg (7.8), four Soviet cards (5.2);
- the first Snow turn 4 (PEARL HARBOR) to turn 5 (the Axis on the Soviet CRT with the winter shift, the Shock!'s
  two columns, the first German replacement), with a Blitz! on turn 4 (10.6.2), a replacement on turn 4 (7.9.1), a
  Panzer five hexes in Snow (8.2);
- the 2nd Panzer moved on turn 16, when the track has removed it (8.0), and its twin.
They all agreed with the validator on their first run.
Third batch (10 probes in the same games, each committed before its run): the Axis VP claim of turn 8 (14, the
twelve locations of Greater Germany, Smolensk and Minsk) and one too many (12.5); a counterblow responder advancing
(10.7.3); three cards kept in the Discard Step (5.1); the shattered front not returned (7.7); a detrain onto a full
stack (8.4.1) and the excess removed by its owner; a Soviet CA and the Axis counterattack into Tula (no terrain, no
armor bonus into a city) and its armor bonus claimed (10.5); a false Unsupplied marker before an improvement (6.1
alone). All agreed on their first run.
Fourth batch (13 probes, each committed before its run): VP claims at the games' ends (Tula taken by a
counterattack's advance, 12.4.1; the Soviet score after the initiative change; from turn 23 Greater Germany's
locations only), each with a miscount (12.5); a pile of five cards, the Soviet draw after the rules' reshuffle
(claimed or not) and a reshuffle claimed too early (5.0); a free Soviet entrain and its detrain beside Kharkov, and
onto the front there (8.4.1, on turn 8's line); an unlawful entrain and then its detrain (9.1.3 alone); a Panzer past
its zone-of-control stop (8.5.1) that then attacks. The first run disagreed on the last, and the case was wrong: the
Panzer stands in 1305 as logged (a reported move is carried on with), its zone of control closes 1306, so the
defender's retreat through it is a second mistake, the Soviet player's (10.7.5: every retreat closed, eliminated);
the case now expects it.
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
    first.check_corpus(BLIND18, DISAGREEMENTS, ("5.", "6.", "7.", "8.", "9.", "10.", "12."), "no_retreat", 40)
    first.check_set(BLIND18, DISAGREEMENTS)
