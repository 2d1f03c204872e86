"""A seventh blind referee's test: logs written as an outsider would write them.

Each `tests/logs/blind7_*.jsonl` was written from docs/log-format.md and the rules texts in ../shared/rules/ (with the
game data for ids, hexes and tables, and docs/rules/no_retreat.md for the decisions it records) before looking at
the earlier sets' logs or the validator's code, its verdict (`expect`) recorded and committed before the first run.
The hidden cases the validator will be checked against are written the same way, so the set uses every No Retreat!
action kind and every documented optional field at least once, in the forms a referee writes naturally: moves by
`path` (a leading start hex written) and by `to`, a `src`; rail moves paid and free, detraining; the Card Phase
(discards to two, the draw, the red-event discard, a reshuffle claimed, a "Play Immediately" card played and
replaced or kept), events played on their own lines with `units`, `targets`, `choice`, `take`, `cancel`, draws and
discards `by` a card, battle cards as ids and as objects (`side`, `die`, `dice`, `choice`); declarations, a paid
Counterblow hex and one placed by Manstein, battles with `defenders`, `odds` (also written "4-1"), `shifts`,
`support`, `kind`, `marker`; step losses (a cadre's too), retreats, advances, removals with a `reason`; supply
markers, surrenders, improvements, free upgrades, replacements, reorganization; turns, weather, turn-track events
(with a `unit`), victory claims (`vp`, `winner`, `reason`) and notes; a header with `edition`, `players`, `options`,
`start` (`step`, `weather`), `keep_scenario`, `control`, hands as lists and as counts, `discards`, `event_vp`,
`high_tide`. It holds the rulebook's worked examples (10.5 "12 vs 9", 10.6.4 "24 vs 2 in a city", 10.8.1 the Forest
hex that stops an advance, 5.0 the free-upgrade card played in the opponent's Combat Phase, the 12.5 VP-marker
examples, the turn of the 12.2 example) and the three behaviours issue 14 fixed: a declared target left unattacked
because its only attacker fought elsewhere (10.3.1) with its legal twin, a "Play Immediately" card kept (5.3.1 once,
no 5.2), an illegal Blitz! marker with the result claimed with it, without it (one report each) and neither.

The set was written larger (154 logs in six batches, each committed before its run) and cut to these 60, keeping
every field, the examples, the legal/illegal twins and each disagreement's cases (one more was written later, below). The first runs of the 154 disagreed
on 9 logs. Five were mistakes of the cases, corrected with a note saying why (four of them were then cut): a retreat
through an enemy zone of control; a reshuffle the rules make whatever the log claims (3rd 5.0); a move into an enemy
hex through the zone next to it, where 8.5.1 came first on the path (the validator has since taken the
outsider's reading: that step is an 8.4, tests/logs/movement_into_enemy.jsonl); a result miscounted for a defenders claim and
one for Guderian against a city (blind7_guderian_city, which then showed a double report). Three were the
validator's, fixed, and a fourth was found by a probe run:
- blind7_odds_dash_notation, blind7_odds_dash_wrong (10.5, the reader): the schema takes `"odds": "4-1"` as well as
  "4:1", but the rules read "4-1" as a column the table does not have (10.6.4, and 10.5 again for a wrong claim);
  both notations now name the same column (`combat.claimed_column`; docs/log-format.md says so).
- blind7_guderian_city (5.3.1, 10.5): Heinz Guderian played against a city, its DR claimed: reported under 5.3.1 and
  again under 10.5. As for shift cards whose conditions fail (blind5's Hurrah! and Rokossovsky), a result card whose
  condition fails when played may have its result claimed, or the CRT's: one mistake, one report
  (`events_combat.outcome`).
- blind7_manstein_counterblow, blind7_manstein_counterblow_ignored (5.0, 4.0): Manstein played after the Soviet
  declarations, for the Counterblows Step, was reported as played in the Voluntary Attacks Step; the play of an event
  that may be played only in a later step of the phase now begins that step, as a `counterblow` line does
  (`sequence.timing`).
- blind7_wave_assault_ex (5.3.1): found by a probe run, then written as a case: the extra battle Wave Assault allows
  at the end of the Soviet Combat Phase was accepted, but the Soviet step loss of its EX was reported as an action
  after the end-of-phase event; the losses, retreats and advances that settle that battle are the event's too
  (`events.exempt_from_end`).
The log-format doc now also says that `support` is `true`, and `face` is `front` or `back` (a natural
`"support": "blitz"` was an unreadable log).
"""
from __future__ import annotations

import test_blind_rulebook as first

BLIND7 = sorted(first.LOGS.glob("blind7_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/); none left
DISAGREEMENTS: dict[str, str] = {}


def test_blind7_verdicts():
    """60 logs, clean ones and breaking ones, every chapter of the rules the set is about broken by some case; every
    log gives exactly the (line, rule) pairs of its `expect` fields, exit 1 with violations and 0 clean, the whole set
    in one test (`first.check_set`)."""
    first.check_corpus(BLIND7, DISAGREEMENTS, ("5.", "6.", "7.", "8.", "9.", "10.", "12."), "no_retreat", 40)
    first.check_set(BLIND7, DISAGREEMENTS)
