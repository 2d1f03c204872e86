"""Mutation hunt on No Retreat!: one planted mistake in a legal random game, does the validator see it?

How the hunt was done (a scratch script, not kept in the repository): the random legal player
(`players.no_retreat.play`) wrote clean games (seeds 1-3 four turns long, 4-5 twelve turns, 7-8 eight turns with
nearly every unit moving, seed 1's whole campaign from turn 14 on); for each kind of mistake a few action lines were
picked at random, ONE mutation applied, and the mutated log replayed (`validator.logfile.parse_log` +
`validator.replay.replay`). The rules reported on the mutated line and after it were compared with what the rules
texts (../shared/rules/, the 3rd edition first) and docs/rules/no_retreat.md ask.

Kinds tried (about 1,800 mutated logs, 88 kinds): moves one hex longer, into or through enemy units, across
prohibited hexsides, from one enemy zone into another, by an enemy unit, by a unit of the other side in the wrong
player turn, moved again in the Combat Phase, continued after the first move, ending in an overstack; moves an event
allows made longer; attacks on a non-adjacent or undeclared hex, a unit attacking twice, a battle fought twice or
left out, a Disorganized attacker, more than five targets declared; a wrong result, die, odds column, net shift,
odds and shift changed together, Luftwaffe support added or taken away; retreats too short, too long, into or through
enemy units or zones, by a unit of no battle or after a result that asks none; advances too far, into enemy units,
by a unit that did not attack, after no effect, not through the target hex; losses of the wrong unit, one too many,
one by the attacker with no EX; reinforcements and replacements on a wrong hex, on enemy units, before their turn,
twice; detraining far away, beside the enemy, twice; a supply marker added or left out, on an enemy unit; surrenders
of supplied units, into the wrong box, left out; cards not held, paid for with cards not held, payments left out, an
event played twice, out of its phase, on other units or hexes, a card taken that is not in the discards; draws of
one card more or fewer, discards fewer or left out; phase lines swapped or left out, a turn skipped, actions moved
into the next phase; a Victory Phase claim with a wrong VP box or winner; Counterblow hexes away from the enemy or on
enemy units or declared after the battles began, a Counterblow marker on a wrong hex or with no CB, counterattacks
with an extra unit or after no CA; a declaration after the first battle, a loss or retreat logged after the next
battle; a Shattered unit's return or a reinforcement left out; a weather claim against the track.

What the validator did: it reported a rule for about 1,700 of them, on the mutated line or where the rules say the
mistake shows (a phase's end for stacking and unattacked targets, the next line for a step owed). Of the about 110
with no report, all but one were legal by accident, judged by the rules: a longer move or advance the unit could
afford, a die giving the same result in that column, another legal detrain or placement hex, phase lines of empty
phases left out or swapped (the project's decision under 4.0: a phase with nothing to log may be left out), a
counterattack without `kind` (10.7.2: any battle of the defender right after a CA), an event played a phase later
that its card allows any time (STAVKA, Industrial Surge), an event's unit changed for another it could name, a
reinforcement held back (7.8). Some left out things the rules do themselves, by the project's decisions: a loss with
one candidate (10.7.1, `results.settle`), a surrender (11.1, "when the log records surrenders for its side"), a
supply line (6.0), a Card Phase with no draw or discard (5.2, the hand then unknown).

One real miss, fixed (5.1): a Discard Step the log leaves empty before a logged Draw Step. The 5.1 check ran when
the Discard Step ended only if a discard had shown the log records the Card Phase, so with the discard line removed
from a random game the player kept four or more cards into the Draw Step unreported. Now the phase's first draw
reports it (`cards.note_card_action`); a log that starts in the Draw Step is exempt (its Discard Step came before
the log). No rule number was found clearly wrong (4.0 for a move by the other side's unit in the wrong player turn
is a sequence error, and 5.3.1 for a move after Operational Moves the event's timing).

Second round (the same scratch way, on what the first did not try). The hand-written clean logs of tests/logs (the
blind sets and rulebook cases with no `expect`: cards, events, optional rules, Finland, special units,
fortifications, Counterblows, Shock sides): 3,650 mutated logs, 72 kinds (each field of a card play, event, draw,
discard, payment, flip, placement, reorganization, entrainment, detrainment, removal, declaration, counterblow,
victory claim or weather line changed by one: another card, hex, unit, face, VP, winner, `free`, a list one longer
or shorter; the line left out; its side swapped); the start turn of each log that plays a card moved by 1 or 3
(733); a line repeated, an event's next follow-up done twice, a play, counterblow, flip or placement moved one line
earlier or later (1,200); every move, battle, retreat, advance and loss changed as in the first round (4,717, 63 of
them unreadable and refused in one line: a die of 7, an unknown card); and the random player's whole campaigns of
seeds 11 and 12, turns 15-28 (winter, mud, Soviet offensives, the 1945 reset, surrenders), six lines per kind: 644
logs, 67 kinds, and 601 more with a card play, flip, placement, reorganization, counterblow or victory claim of
those turns moved into the phase or step before or after it or changed; the cards of the hand-written battles
changed (side, die, left out: 157); the units a card play names changed for an enemy, another own or a boxed unit
(85). The validator reported a rule for 2,850, 268, 994, 3,500, 540, 483, 147 and 73 of them (before the fixes
below; after them 2,865, 272 and 995 of the first three). The silent ones were legal by accident or by the project's
decisions, judged by the rules: another legal hex for a placement, detrain or event (7.6, 9.2), fewer hexes or units
for an "up to" event, another card held or in the top three discards, a free upgrade not marked `free` (7.2 gives
it), a Play Immediately card as an extra draw, a die giving the same cell, lines left out that the rules do
themselves or that may go unlogged (declarations, supply, surrenders, overstack removals, victory claims, weather),
the side of housekeeping lines, lines of one step in another order, events whose window is open on the other turn.

Five real misses, fixed: a placement event naming a hex no unit goes to (5.3.1, `events_org.place_units`); General
Staff naming a second, empty hex beside its one stack (5.3.1, `events_movement.extra_mp`); a card held in the
header's hand on a turn it is out of the game, green-circled before the 1945 reset or red-barred after it, then
spent or played (5.5, `cards.spend`; `org_axis_late` paid with two red-barred cards on turn 24 and now holds two
others); a card's option of its own played while only its battle option's window is open, Manstein's Counterblow
markers between two battles, Luftwaffe Support's rescue or General Staff's MP in the Combat Phase (5.3.1, `events`;
a play that begins a later step now begins the first one where it may be played); Strategic Surprise naming an enemy
unit among those it moves (5.3.1, `events_movement.rail_jump`). Left alone: a header naming one card in two hands,
twice, or in a hand and the discards is read without a report (a check of the position, not of a rule).

Third round (deletions, insertions and headers, the same scratch way): the random player's games of seeds 1, 2 (four
turns), 4 (eight) and 7 (six); one substantive line left out (a loss, retreat, advance, removal, placement, draw,
discard, supply line, entrainment, detrainment, play, battle, flip: 183 logs), a line repeated right after itself (a
battle, advance, retreat, loss, placement, move, play, draw, entrainment, detrainment: 148), two adjacent lines
swapped (98); the validator reported a rule for 131, 138 and 45 of them. The silent ones were legal by accident or by
the project's decisions: a supply line, a draw (5.2, the hand then unknown), a surrender (11.1), a loss with one
candidate (10.7.1) left out; a placement held back (7.8), a detrainment (9.2: a player may) or reorganization not
done, an advance or counterattack not taken; a move repeated that the unit could still afford (or one to its own
hex); phase lines swapped with the first action of the phase they begin (an action of a later step or phase moves
on by itself). No deletion or insertion was a real miss. Then 13 hand-made headers: a unit off the map, an unknown
unit or phase, a turn off the track were refused in one line already, an overstack was reported (8.4.1 at the
phase's end), a JSON key named twice (a unit on the map and in a box) is read as JSON reads it, the last one wins;
a unit in a sea or lake hex (8.3), in Finland for an Axis ally (8.6), in the other side's box, units of both sides
in one hex (8.4) and a start weather the turn track does not give (13.0) were read without a word: such a header is
an impossible position, now refused in one line (`state.initial_state`, tested in test_validator_cli.py, as the
cards of a hand named twice were). Left alone: a Rail Movement box over its capacity (9.1.2) in the header, as
`rail_detrain` sets one up on purpose. The `mut3_*_legal.jsonl` logs are the legal twins of the refused headers.

Each `mut_*.jsonl` and `mut2_*.jsonl` with a mistake has `expect` fields, and its legal twin ends in `_legal`.
"""
from __future__ import annotations

import test_blind_rulebook as first

MUTATIONS = sorted(log for pattern in ("mut_*.jsonl", "mut2_*.jsonl", "mut3_*.jsonl", "mut4_*.jsonl")
                   for log in first.LOGS.glob(pattern))

# log name -> why the validator's verdict differs from the rules (none: the miss found is fixed)
DISAGREEMENTS: dict[str, str] = {}


def test_mutation_logs_verdicts():
    """Every mutation log gives exactly the (line, rule) pairs of its `expect` fields (`first.check_set`)."""
    assert MUTATIONS
    first.check_set(MUTATIONS, DISAGREEMENTS)


def test_every_mutation_has_a_legal_twin():
    """A log with a planted mistake has its legal twin (`<name>_legal`), which is clean."""
    names = {log.stem for log in MUTATIONS}
    broken = [log.stem for log in MUTATIONS if first.expected(log)]
    assert broken
    assert all(f"{name}_legal" in names for name in broken), sorted(names)
    assert all(not first.expected(log) for log in MUTATIONS if log.stem.endswith("_legal"))
