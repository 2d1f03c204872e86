"""A fourteenth blind referee's test: the second half of the rule book seen from the loser's side, and the sequence of
play phase by phase.

Each `tests/logs/blind14_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md and the rules texts in
../shared/rules/ (with the game data for ids, hexes and tables) before looking at the validator's code or the earlier
logs (only blind12's test module was read, for the test's form), with its verdicts (`expect`) recorded and committed
before the first run. The earlier sets were then grepped and one plain repeat dropped (entraining in the Combat Phase,
blind3_sequence_more_wrong_phases). It takes the outsider's view of:
- combat results as the loser carries them out: a Fort's DD costs the stacked army its step and no retreat, even
  once the one-step Fort is gone (10.7.4; its twin retreats the army); one battle on a Fort hex and an open hex,
  where the DR is no effect for the Fort's hex only: the other hex's army retreats and an attacker advances there,
  and not into the Fort's hex (10.8); an Axis stack split by a DR, one army retreating toward Lublin and the other
  into the marshes, farther from every Axis source (10.7.5); a Volkssturm stack's DS, which the Volkssturm does not
  change (14.0); the Sevastopol Fort alone losing its step to a DD on turn 19 and staying (10.7.4 with 7.3);
- the optional rules: a cadre may take the place of an army a DR eliminates because it cannot retreat (15.3.2, not
  only DD or EX) and its EX twin; a surrendered cadre scores no Event VP (15.3.3 with 12.4) and its twin; the turn-11
  Kampfgruppe event against a Hungarian army eliminated on turn 10 (15.3.1, placed back: 7.8) and its twin without
  the rule; the SS Grenadier's defensive shift with the option, forgotten, and without it (15.1);
- removal: a marked unit supplied again in the Removal Phase by a neighbour in overland supply (11.1 with 6.2) and its
  twin surrendered all the same; the Axis Removal Phase clearing a Soviet Disorganized marker, so the unit attacks
  voluntarily in its own turn, or pays in vain to reorganize (11.2 with 10.1.1 and 7.10); an Unsupplied army that
  cannot retreat, eliminated by the rules when the log says nothing, to the Surrendered box with the Soviets' Event
  VP (10.7.1 with 12.4) and its twin claiming the Destroyed box's score;
- victory and control: Finland with only the Finnish army (12.4.2, the Axis claims it) and with a German army, and
  with a Soviet army (the Soviets' own VPs, 12.5); a winner claimed with no reason (12.0);
- game turn events: the 2nd Panzer in the Shattered box when turn 16 removes it (4.0 B: no return owed);
- the sequence of play: a CB is no CA, so the defender may not attack back (10.0) and its CA twin; the Soviets
  declaring a Target (4.0), flipping their own unit in the Axis Flip Step (4.0), detraining in the Axis Detraining
  Phase (4.0); the Axis reorganizing and losing a step in the Removal Phase, noting a turn event in its Card Phase,
  advancing after the Combat Phase ended, declaring a Target after the Soviets placed a Counterblow (4.0).

The first run disagreed on one log, the validator's:
- blind14_cadre_for_army_unable_to_retreat: the reduced 6th Army, unable to retreat from a DR, logged as losing its
  last step with a cadre in its place, was reported under 15.3.2 (right: only a DD or EX step lets a cadre in) and
  again under 10.7.1, "owes no step loss". VPG 10.7.5 eliminates a unit that cannot retreat (10.7.1: its one step
  gone), so the `loss` of that last step is the elimination the rules owe, as one `remove` already was
  (blind9_dd_no_retreat_removed): results.take_step now takes it so. Twins written after the first run:
  blind14_dr_no_retreat_last_step_lost (the same loss without a cadre, clean) and blind14_dr_retreat_open_step_lost
  (an army that could retreat loses its last step instead: still 10.7.1).
Probes written after the first run, in the same forms, found two more, the validator's:
- blind14_cadre_for_cadre_ex_step: Kampfgruppe A eliminated by an EX and Kampfgruppe B logged in its place was
  accepted; the notes' 15.3.2 put a cadre on the map when an army is eliminated by a DD or EX, and a cadre is no army
  (15.3: one-step cadre units). results._place_cadre now reports it under 15.3.2.
- blind14_counterblow_tank_with_fort_dr_holds: a Counterblow on Moscow's Fort and 5th Guards Tank is fought against
  the tank alone (the white Fort takes no part, 10.1.2); on its DR the validator wanted the tank to retreat, as the
  Fort's effect was read from the defending units only. VPG 10.7.4 changes the outcome when the Target Hex contains a
  Fort, and 10.7.5 (the notes and the summary too) says units stacked with a Fort never retreat: results.with_forts
  now adds the Forts of the hex that take no part; its twin retreats the tank (10.7.4).
The other probes (the multi-hex Fort battle, the SS Grenadier's shift kept in a counterblow hex, the SS Panzer's
armor bonus in a forest counterblow hex and its twin without the option, the silent Unsupplied elimination, Finland
with a Soviet army, the Soviet flip, placement and reorganization in the Axis steps, the late declaration, the
winner's own retreat after a DR, a DS unit retreating onto a friend, a Soviet CB marker the Axis must attack in its
Combat Phase of the next turn and its twin left unattacked, a CB rolled in a Soviet counterattack, owed in the next
Axis Combat Phase and not this one, the Berlin Garrison eliminated silently for want of a retreat and the Total
Victory claimed, the 2nd Panzer, the Sevastopol Fort) agreed with it.
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND14 = sorted(first.LOGS.glob("blind14_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}


def test_blind14_verdicts():
    """Every log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the
    whole set in one test (`first.check_set`)."""
    first.check_corpus(BLIND14, DISAGREEMENTS, ("4.", "7.", "10.", "11.", "12.", "15."), "no_retreat", 30)
    first.check_set(BLIND14, DISAGREEMENTS)
