"""A seventh blind set for Stalingrad '42, written as an outsider would write it.

Each `tests/logs/stalingrad42/blind7_*.jsonl` was written from docs/log-format.md and the rules text
(../shared/rules/stalingrad42-rules-v2.md) only, before looking at the other sets' logs or the validator's code, with
the map, counters and tables of games/stalingrad42/ for the facts (hexes, terrain, rivers, rails, values), and its
`"expect"` verdicts recorded before the first run (commit 2c87453; the second round's in f699783, the third's in
c447b44, below). Three rounds replaced cases that repeated earlier sets, so the set is 60 logs. They use the action
kinds a referee meets in the basic game in the forms docs/log-format.md gives them: `move` by `path` and by `to`, each
`mode`; `rail` (by `path` and by `to`), `sea`, moves between Entry Areas, `place` (a reinforcement, a unit out of the
Eliminated Box with its `remnant`), `replace`, `detrain`, `supply` (`oos`, `isolated`), `attrition` (`drm`),
`railhead`, `battle` (`odds`, `shifts`, `kind`, `defenders`, `air`, `artillery`), `loss` (`remnant`, `pay`),
`determined` (`support`), `retreat`, `advance`, `breakthrough`, `auto_ds`, `full_retreat`, `rally` (`die`, `result`,
`decline`), `remove` (`reason`, `src`), `weather` (`die`), `turn`, `phase` (`step`), `victory` (`vp`, `winner`),
`note`, and the header's `players`, `edition` and `position` (`units` with `face`, `order`, `train`; `railheads`,
`repaired`, `control`). The situations: a whole game turn (3.0); Operation Uranus's first turn and its turn-29 switch
(S3.3, S3.4); the Weather Table and Mud (23.1, 23.3); stacking with an Army HQ, the 1st Guards Army's two corps, ASUs
in a stack, an overstack removed, no limit in an Entry Area (4.1-4.4, 22.4); Extended and Tactical Movement (5.3,
5.4); leaving an EZOC (6.2); no ZOC across the Volga (6.1); the rulebook's Pontoon Bridge example (5.5.5); the rail
limit (5.6.2); a Naval Infantry brigade at sea (5.7.1); reinforcements and Entry Areas (22.1.1, 22.6.3, 22.6.4); Hex
and Hexside Bonds, one negated (7.1-7.3); an isolated pocket and its Isolation Attrition (16.5); Railheads (17.2.1),
cut (17.3.2) and pushed back (17.3.1), and the rulebook's 17.1 examples (Kastornoye and Valuyki: the line between them
repaired at once; the Kuban dead end never); replacements (21.1-21.3), a Major City's one unit a turn from the
Eliminated Box (21.3.1); a detrainment (5.6.5); a D1 with a Determined Defense before and after Not One Step Back
(11.1.2), a short retreat; Air, Artillery and Tank Shifts together, the Romanian Air unit over a German attack
(9.3.8); Defensive Support in and out of range (11.3, 18.4); a retreat shortened by a paid step (12.1.3);
Breakthrough Combat (15.2); Automatic DS (8.6); a voluntary Full Retreat (13.1.3, 13.3); the Rally Table and a kept
Full Retreat (13.4, 13.5); a missed VP penalty (24.1.4).

The first run (60 logs) disagreed eight times. The validator was fixed once:
- 5.3: a `move` by `to` in Extended Movement to a hex next to an enemy unit (`blind7_move_extended_ends_adjacent`)
  was reported under 5.1 as "no legal path": the path search for Extended Movement closes every hex next to an enemy,
  so it found none. The search now looks again without that closure and reports the rule the way it finds breaks
  (5.3), as docs/log-format.md says a `to` move is reported ("the rule that forbids the move").
Seven cases were corrected:
- `blind7_battle_retreat_two_of_three`: after the short retreat (the planted mistake, 12.1.1) the Panzer division's
  advance went on through 3512, which the retreated unit's ZOC now covered (14.4.2): a second mistake the case did
  not mean, since the replay goes on with the logged retreat. The advance now stops in the vacated hex.
- `blind7_breakthrough_artillery_shift`: an ASU's shift in Breakthrough Combat is forbidden by both 15.2.9 and
  18.3.3; docs/rules/stalingrad42.md (15.2.9's row) reports it under 18.3.3. The case now expects 18.3.3.
- `blind7_pocket_marked_oos_only`: two Isolated units marked only Out of Supply are two wrong marks, one finding each
  on the `supply` line (16.5.1), not one.
- `blind7_replacement_disrupted_unit`: the Disrupted unit's one-hex move was logged without a `mode`, so it was read
  as Normal Movement, which a Disrupted unit may not use (13.2.1): it now says `"mode": "tactical"`.
- `blind7_replacements_legal`: a 3-step Tank Corps comes out of the Eliminated Box as its Remnant (21.1.1: on its
  lowest step; 10.4.3), and docs/log-format.md's `place` row asks for the Remnant in `remnant`; the case now names one
  (in the Remnant Display in its position).
- `blind7_uranus_turn29_axis_first`: an Axis Initial Phase right after turn 29's weather is read, as the log format
  says, as the Soviet Player Turn skipped with nothing logged; the mistake shows only when a Soviet phase follows the
  Axis one, and docs/rules/stalingrad42.md reports a phase out of order under 3.0 (its row names S3.3 as the reason):
  the case now has the Axis move, then a Soviet Movement Phase (3.0).
- `blind7_victory_penalty_missed`: a `vp` claim that leaves out the 24.1.4 penalty was first corrected to 24.1.1, the
  count the claim is checked against; blind11 found the same claim expected under 24.1.4 again, and a claim that
  only a left-out part of the count explains is now reported under that part's rule (24.1.4 here; 24.1.2, 24.3, the
  scenario's own VPs), the most specific one (docs/rules/stalingrad42.md, 24.1.1's row): the case expects 24.1.4.

The second round replaced eleven cases that repeated earlier sets (the Kerch Strait, rail into an EZOC, a tank corps at
sea, Snow, two Free Stacking Units, a short Auto DS, a Hex Bond of a Disrupted unit, moving through an EZOC, an early
Soviet win, a Weather Table misread, an Entry Area move) with eleven that use the log's other fields. It disagreed once,
and the case was corrected: `blind7_determined_support_remnant` read its Determined Defense in the Clear column, but
Kalach (3511) is a Town, whose column is Other (11.2.1): 5 + 1 = 6 is S 1/1 there, so the attacker loses a step too.
Its out-of-range twin agrees either way (the refused +1 leaves 5: S -/1 in Other).

A natural reading the first draft of docs/log-format.md left open: its Stalingrad '42 table said `targets` "(one
hex)", and a referee may write the hex alone; the reader wants a list (a clean error line). The table now says so.

The third round (nine cases, recorded before they ran, in place of nine that repeated earlier sets) disagreed twice:
- 22.6.4: a third Combat Unit moved into the Caspian Sea Transit Box was reported under 22.6.4 on its move and then
  under 4.1 at the end of the phase, the Box being counted as a hex (`blind7_caspian_box_three`). The Box's limit is
  22.6.4's own; one mistake, one report: the validator was fixed (`stacking.py`).
- 17.3.1: `blind7_railhead_pushed_back` (a Railhead of the log's position, put in a Soviet ZOC in 1815) stayed in
  1815: the validator pushed a Railhead back only along the way the log had seen it come, and one of the position
  (or of the scenario) has none. 17.3.1 pushes it "down the rail line towards the west" until a hex is clear of
  Soviet units and their ZOCs, whatever way it came: past 1816 (in the ZOC too) to 1716. The validator now goes on
  down the Axis's usable rail beyond the recorded way (`railheads._down_the_line`: a step at a time to the westmost
  rail hex not east of the last; where the line ends first, the marker stays at its end). The case's expectation
  was first 17.3.1 on the Axis's `railhead` line from 1815; it expects 17.2.1 there: a push back is no line of the
  log (docs/log-format.md: the validator makes it), so the mistake is the Axis line that moves a marker from a hex
  it has left, and the rule that line breaks is 17.2.1's (the Railhead markers are what move; none is in 1815).
  No other Railhead case changed its verdict (the fourteen logs that name a Railhead).

One case was written after the second round (its verdict first seen in a probe of the same move, `hexforge validate`
on a scratch log): `blind7_rail_kuban_dead_end`, the rulebook's 17.1 example of a line that can never be repaired,
replacing `blind7_stack_three_without_hq` (the earlier sets have three divisions without an HQ). It disagreed, and the
rulebook was right: the authored `west_of_start_line` region (map/source/regions.toml) ran south to latitude 46.5 across
the Sea of Azov and took in the Yeysk peninsula, Soviet on June 28, 1942, so S4.1 gave the line repaired from the
start; the region now follows the Taganrog Bay and the Azov's north coast (the map generated again) and the case
passes. Two first-round cases that the third round had dropped came back (the 1st Guards
Army's third corps, 4.3; a Normal move on Uranus's first turn, S3.4) so that stacking and the scenario keep a broken
case, in place of two legal ones that repeated others (a rifle division at sea, a Railhead's two-hex move).

Where the validator disagrees with the rules text, the case stays here as a strict xfail naming the rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import test_blind_rulebook as first

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
BLIND = sorted(LOGS.glob("blind7_*.jsonl"))

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("3.", "4.", "5.", "6.", "7.", "9.", "11.", "12.", "13.", "16.", "17.", "18.", "21.", "22.",
            "23.", "24.", "S3.")


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(BLIND, DISAGREEMENTS, CHAPTERS, "stalingrad42", 40)


@pytest.mark.parametrize("log", first.params(BLIND, DISAGREEMENTS))
def test_s42_blind7_log_verdict(log: Path, capsys: pytest.CaptureFixture[str]):
    """Exactly the (line, rule) pairs of the log's `expect` fields, exit 1 with violations, 0 clean."""
    first.test_blind_log_verdict(log, capsys)
