"""A thirteenth blind referee's test: logs written as an outsider would write them, where rules meet.

Each `tests/logs/blind13_*.jsonl` was written from docs/log-format.md, docs/rules/no_retreat.md, the rules texts in
../shared/rules/ and the game data (ids, hexes, tables) before looking at the validator's code or the earlier logs
(only blind12's test module was read, for the test's form), with its verdicts (`expect`) recorded and committed before
its first run (two twins, `removal_both_trace_both_stay` and `unmarked_enemy_two_columns_left_out`, were run before
their commit, their verdicts written first). It aims at the rule numbers no earlier log expected, mostly through what
they change elsewhere:
- supply's effects (VPG 6.5): an Unsupplied panzer's MA capped at 3 but one Marsh hex always possible (6.5.2, 8.3),
  an Unsupplied defender's two columns and its surrender when an EX eliminates it (6.5.4), then its replacement from
  the Surrendered box for two cards (7.9); an Unsupplied attacker without the armor bonus, advancing one hex only
  (6.5.4, 10.6.3, 10.8.1); the Black Sea coast supplying Sevastopol cut off by land (6.2);
- 6.0's order: the phasing side's marker takes its unit's zone away at once, which reopens Kharkov's path;
- combat shifts: Moscow a city and an objective (10.6.1), the armor bonus against infantry in the open, a Counterblow
  hex's defenders (a declared one in Voronezh, a CB result's marker in a forest) without terrain (10.7.3);
- results meeting units: a Fort's DR is no effect and nothing advances into it (10.7.4, 10.8), a Volkssturm hex's DR
  (14.0), a brittle Soviet army on turn 16 (7.2.2); replacement faces by turn (7.2.2, 7.3, 7.9.2) and a shattered red
  army's recovery face (10.7.6, 7.7);
- the Removal Phase: a brown Soviet army in Rumania leaves the Rumanian armies (11.3; a red one in the Axis Removal
  Phase removes them), a marked unit that moved back into supply stays (11.1 with 6.2 and 6.5.2), and the phasing
  side re-traces first, past the other side's marked units (11.1 with 6.5.3);
- the optional SS Grenadier (15.1) on and off, the Shock units' column (15.2) off.
The earlier sets were then grepped and 18 plain repeats dropped (the unsupplied and lake ZOC moves, an attack across
Lake Peipus, the Caspian coast pair, a red army in Rumania in the Soviet Removal Phase, partial defenders, the Shock
option on, armor against a mechanized defender, the shattered units' return, placement in an EZOC, robust turn-17
losses).

The first run disagreed on two logs, the cases': the Fort in Leningrad was claimed at 1:2 where 1:1 two columns left is
1:3 (the die and odds now fit). Probes written after it, in the same forms, found these mistakes of the validator:
- a brittle Soviet army's replacement placed on its other side was reported under 7.9.2; VPG 7.2.2 is the rule that
  keeps it on the side it was eliminated on (7.9.2's reduced side is the rule from turn 17): now 7.2.2
  (`replacement_turn10_red_comes_back_brown`; org_soviet's brittle line follows);
- one supply mistake reported again on what the rules' reading of it allows (one mistake, one report): a wrong
  surrender in the Removal Phase held against the units judged after it (`removal_marked_enemy_zoc_gone_axis_
  surrendered`, `removal_wrong_surrender_neighbour_stays`); a unit left unmarked and then surrendered as its owed
  marker would have it (`unmarked_isolated_surrendered`);
- the same for an enemy unit the Supply Check reported (left unmarked, or marked though it traced): a move past it
  (8.5.1), a battle claim counting its two columns (10.6), a retreat past it (10.7.5), a detraining beside it (9.2)
  were each a second report (`unmarked_enemy_*`, `false_marked_enemy_moved_past`); a move wrong in either reading
  is now reported for its own mistake (`unmarked_enemy_moved_past_too_far`: 8.1, not 8.5.1); Kesselschlacht on
  such a unit was a 5.3.1 besides its 6.1 (`unmarked_enemy_kesselschlacht`: the card surrenders it, and the marker
  it owed is reported on the card's line, where the case first expected it on the line ending the phase: the unit
  is no longer on the map then), and Luftwaffe Support saving its hex a 5.3.1 too (`unmarked_isolated_luftwaffe_
  saves`), and one eliminated in a battle sent on to the Surrendered box a 10.7.1 (`unmarked_enemy_eliminated_to_
  surrendered`);
- a claimed result (or odds) reported as wrong (10.5), the log then following the rules' result: each loss or
  retreat it took was reported again under 10.7.1 or 10.7.5, the defender's counterattack after the rules' CA under
  10.7.2, the retreat the claim asked and the rules did not, left out, under 10.7.5 when the battle ended, and a
  claimed CB's marker left unattacked in the next Combat Phase under 10.3.1 (`wrong_result_claimed_rules_*`,
  `wrong_odds_claimed_rules_losses_taken`, `wrong_cb_claimed_marker_left_unattacked`).
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
