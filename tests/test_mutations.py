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
phase's end), a JSON key named twice (a unit on the map and in a box) was read as JSON reads it, the last one wins
(now refused in one line: an object with one key twice is ambiguous, ``validator.logfile``);
a unit in a sea or lake hex (8.3), in Finland for an Axis ally (8.6), in the other side's box, units of both sides
in one hex (8.4) and a start weather the turn track does not give (13.0) were read without a word: such a header is
an impossible position, now refused in one line (`state.initial_state`, tested in test_validator_cli.py, as the
cards of a hand named twice were). Left alone then, refused since: a Rail Movement box over its capacity (9.1.2) in
the header (no entrainment nor event ever overfills one; `rail_detrain`, which set one up, is two logs now). The
`mut3_*_legal.jsonl` logs are the legal twins of the refused headers.

Fourth round (``mut4_*`` logs): thresholds and boundaries, each tried on both sides, the last legal value and the
first illegal one, in about 400 hand-made logs of one to a dozen lines (half legal, half one step over), written
from the rules texts and docs/rules/no_retreat.md: movement allowances by face, type, weather (Mud, Snow, Long
Winter, the variable turns 3 and 4), supply and terrain (forest, marsh, mountain, Kerch Strait, the Balkan areas,
Finland), the +1 to leave an EZOC, the one-hex minimum, General Staff's +2 on a capped allowance, moves split over
lines; stacking at its limit and one over (Axis 2; Soviet 1, one plus a tank from turn 11, 2 from turn 23; Finland)
at the end of a step, battle, phase and log, after a placement, retreat or detrainment; odds columns (2.99:1 against
3:1, the 6:1 cap, 1:3 against the automatic CA, an initial ratio below 1:3 not shifted, the Axis winter shift of
turn 5 against turn 11, inside and outside the 1941 Soviet Union); retreats of one, two and three hexes and toward
supply (90 retreats against our own distance count); advances by weather, type, supply and turn (Soviet third hex
from turn 11), General Staff's extra hex; Target limits (5, 3 in Long Winter and from turn 20, 1 from turn 26;
split declarations, undeclared battles), 5 Counterblows; the Rail box's 3, paid entraining on turns 1-2 against 3;
detraining within 3 hexes against 4 (and 290 random placements of an enemy and a friendly unit on the path against
our own count); supply paths of 4 hexes against 5, adjacency without chains, the three seas; draw rates (turns 8-9
and 21, Moscow, the oil fields), the hand of 2, the red-event discard on all eight red turns against six others,
the pile's last card; the turn windows of free and paid upgrades, fortifying, improvement, replacements, brittle
Soviet units, reinforcements, the track's removals, the Strategic Reserve; attack quotas one short and exactly met;
the allowances of the event moves (cards 10, 17, 36, 39, 41, 43) on one line and split; the initiative order of
plays at one moment on turns 11 and 12; step order within a phase; turn 28 against 29. Also the validator's own
movement search against its path check on six random games: every hex it calls reachable (9,700 paths) passes,
every hex one step beyond (12,300) is reported.

What the validator did: every legal side was clean and every illegal side reported, but for three things, all in
moves logged on more than one line (8.1: several `move` lines continue one movement): (1) the +1 to leave an enemy
zone paid on the first line was forgotten on the next, so the same too-long path was 8.5.2 on one line but 8.1
(8.2 in Mud) on two: `state.Moved` keeps the exit MP now (`mut4_ezoc_exit_split_move`, `_mud`); (2) the hex
moves of events judged each line alone, so Surprise Attack's stack moved 1+2 hexes, Central Command's unit 1+1 and
Prepared Offensive's unit out 1+1 passed unreported (5.3.1): a later line now goes on from the earlier ones, hexes
and an EZOC stop counted (`events_movement._hex_move`; `mut4_surprise_attack_split_three_hexes`,
`mut4_central_command_split_two_hexes`, `mut4_prepared_offensive_split_two_hexes`). Left alone: an advance logged on
two lines is reported as a second advance (10.8, "each unit once"), not as the hexes it adds up to; an event move
one MP too long is reported under the movement rule (8.1, 8.3) with the event's allowance, not 5.3.1.

Fifth round (``mut5_*`` logs): what one line leaves for the next. (1) One action over several lines, against the
same action on one line, on the random player's games of seeds 1, 2 (four turns), 4, 7 (six) and 11 (three): every
move of two hexes or more cut in two at each point (216 logs, all clean); 246 of them made one hex longer, each
cut in two (678 logs), the second part also as a destination only and both parts so (678 each): the split move gave
the rules of the one-line move every time, and no split was accepted whose one-line `to` had no legal path; draw,
discard, declaration and supply lists cut in two (94 logs: clean, but for 4 draws of a "Play Immediately" card
whose line ends before the other cards: 5.3.1 asks it played right after its line, a different claim). (2) The
carry of a header: at each of 1,975 player phase lines of those games and of two whole campaigns (seeds 21, 22) the
position was written as a header (units, faces, markers, control, hands, discards, Event VP, High Tide, weather,
step) and the next 80 lines replayed from it: clean but where the carried state is no header field (a CB result's
Counterblow marker owed in the next Combat Phase, an attack quota, the Joker's face, a later turn's Weather marker
turned by a card); left alone. (3) About 50 hand-made logs: a move continued after another unit's, header markers
(Unsupplied: 6.5.2 on one line and two, 9.1; Disorganized: 10.1.1) and their end at the Removal Phase, a CB marker
after its Combat Phase, Prepared Offensive's stacking after its turn, Blitz! markers counted over the game turn into
a counterattack of the other player turn, a variable turn's header weather on the next turn, event draws, discards,
unit counts and the Rail box filled over several lines, a unit attacking in a counterblow then voluntarily,
counterattack chains, part of a stack defending, and the lines of one step in the other order. Left alone: a
retreat logged on two lines (10.7.5: one line of two hexes, as round four's advance), an advance between two
defenders' retreats (10.7.5 for the retreat it shows left out, then "already retreated"), Central Command's fifth
unit (4.0: a move of the other side outside the event's count).

Two real misses, both the rules' "phasing player first" with the lines written the other way round. (1) 6.0: each
`supply` line was judged against the markers already placed, so a line of the other side written first made the
phasing side's right markers look false (its units' zones already gone: 6.1, then 6.3 when the phase ended) and its
own false marker stood; now a side's units are judged without the later sides' markers, and those markers are judged
again once the phasing side's are placed (`supply_phase`; `mut5_supply_other_side_line_first`, `_cut_off_legal`).
(2) 11.1: a surrender of the other side logged before the phasing side's was judged with the phasing units still in
their hexes (a wrong one passed), a phasing unit with the other side's already gone (a right one was reported), and
the phasing side's unlogged surrenders were made after the other side's (a unit that had to surrender stayed on the
map and moved the next turn unreported); now each side's units trace in their turn (`removal._in_turn`;
`mut5_removal_other_side_surrender_first`, `_alone`, `_first_cut_off_legal`, `_phasing_surrender_made_after_other_
side`).

Sixth round (``mut6_*`` logs): the scenario and the optional rules. The game has one scenario, the Campaign
(turns 1-28, the Axis first; its special rules: the Rumanian armies still on turn 1 but for advances and retreats, no
paid entraining on turns 1-2, the Axis hand of 6 and no Soviet card, the 1945 cards and the Joker set aside, the
reinforcement schedule with its `oil`, `controlled` and `option:cadres` conditions, the turn-track events, the
victory conditions) and four options: `cadres` (15.3: Ostatky on turn 3, the Kampfgruppen on turn 11 and the Axis
allied armies off the map removed then, a cadre for an army a DD or EX eliminates, no voluntary attack, one return
a turn, replacements into a cadre's hex), `ss_panzer` (15.1), `soviet_shock` (15.2) and `joker` (5.3). (1) Each
option turned over in every log of tests/logs that names it or a unit or card it governs (78 logs from 73): 48
verdicts changed as the option asks; of the 30 unchanged, 13 showed a real miss (below: cadres on the map whatever
the option) and 17 were outside what the option changes
(improvement costs and placements of SS and Shock units, cadres on in logs with no cadre nor allied army, the Joker
drawn: 5.0 either way). (2) The random player's games of seeds 1-3 (sixteen turns) and 4-9 (whole campaigns), each
replayed with each option turned over (36 games): every report was the option's own rule (7.8 for an allied army
placed after the turn-11 removal, 10.6 for the Grenadier's and the Shock shifts, 5.3 and 5.3.1 for the Joker's
plays and the draws they brought) or followed from one. (3) Every reinforcement placed on its turn and one turn
early, with the cadres on (80 logs), and the `oil` and `controlled` conditions held and not: all right. (4) About 55
hand-made logs: the Rumanians moved on turn 1 by events (Surprise Attack, Battle Initiative, Operational Moves,
General Staff's stack), on turn 2; an unsupplied SS Panzer claiming its bonus, the SS defending in an EX, a Shock
unit defending and on its other face, a cadre counterattacking and replacing a unit of the other side, an allied
army in the Rail box or the Destroyed box at the Kampfgruppe turn, the Soviet Card Phase logged first on turn 1, a
turn 29, a Soviet play before his first draw, misspelt and mistyped options, the Joker in a header hand or the
discards, units the track removed placed again (after a played removal: 7.8) or named by a later header.

Three real misses, fixed (and two more, below). (1) A header placing a cadre (Ostatky, a Kampfgruppe) with option
`cadres` off was read and the cadre fought, retreated and surrendered as if the rule were on: the cadres are not in
play without it, an impossible position now refused in one line (`state._optional_units`, 15.3.1; three logs that
used a cadre without naming the option now name it, their verdicts unchanged). (2) An option the scenario does not
list (`"cadre": true`) was read without a word and left its rule off: now refused in one line
(`state._known_options`). (3) Surprise Attack moved the Rumanian 4th Army at the end of the Soviet Movement Phase of
turn 1 unreported: the hex moves of events skipped the scenario's still units (8.0, `events_movement._hex_move`; MP
events went through the move check already; `mut6_surprise_attack_moves_rumanians_turn1`). A fourth, found after: a
header hand naming the Joker (set aside beside the Axis player, 5.5, only ever played, 5.3) let it be spent on a
payment or discarded unreported, though round two had made the same spend of another card set aside a 5.5 report
(`cards.spend` left the Joker out of it); now reported alike (`mut6_joker_in_header_hand_spent`). A fifth, from the
track's removals: a header placing the Italian 8th Army after turn 15 or the 2nd Panzer after 16 (in a hex or a box)
was read and the unit moved, fought or came back as a replacement; now refused in one line
(`turn_events.header_removals`, 4.0 B; so is, with the cadres on, an Axis allied army in a box after turn 11,
15.3.1; on the removal turn itself the log may still note it in the housekeeping, `blind9_turn15_cards_as_objects`),
and a set-up unit kept by `keep_scenario` is out of play from its removal turn
(`mut6_track_removed_unit_kept_moves`); a blind log and a combat test that used the 2nd Panzer on turns 19-21 now
use another Axis unit, their verdicts unchanged. Left alone: a whole player turn or game turn left out at the start
(4.0: a phase with nothing to log may be left out); a header hand or discard pile naming the Joker is read
(spending, discarding it or playing it against the option is reported), unlike a cadre's header.

Audit (``audit_*`` logs): the rules texts read sentence by sentence for prohibitions and obligations ("may not",
"cannot", "never", "only", "must", "at most", "no more than", "unless", "except"): 165 sentences (95 of the VPG
rules, 31 of the 3rd-edition partial rulebook, 12 of its summary, 27 of the player's notes, many saying one thing
twice). Each one a log can break was looked up in the `expect` fields and notes of tests/logs: every rule number
of them had logs, and every sentence probed had a log breaking it, but six: an event for supplied forces naming an
Unsupplied unit (6.5.5, Panzerblitz! and Surprise Attack), the armor bonus counted once per armor unit (10.6.3, once
per battle), a Blitz! marker of an earlier game turn used later (10.6.2, none carried over), a counterattack leaving
out one of the units that defended (10.7.2, exactly the same units), a multi-hex advance and a retreat across a lake
hexside (10.8.1, 10.7.5, prohibited hexsides; only declarations had crossed one). Newly covered: those six, in seven
logs each with its legal twin; the validator already gave each its rule, so no miss. Not breakable in a log:
descriptions, examples, permissions (lakes do not block supply, unengaged units), hidden information (the discard
pile not examined). One header probe was a position no play reaches, read without a word: a unit in the Destroyed
box with a Disorganized marker, then reorganized for a card, was clean; markers are placed on units on the map and
an eliminated unit leaves them (6.4, 7.9, 11.2), so a header with a marker on a boxed unit is now refused in one line
(`state._possible_places`; a Disorganized unit in its Rail Movement box is read: it may entrain until 11.2 clears
the marker). Left alone: reorganizing such a rail unit in an Organization Phase (no play reaches it there either).

Each `mut*_*.jsonl` and `audit_*.jsonl` with a mistake has `expect` fields, and its legal twin ends in `_legal`.
"""
from __future__ import annotations

import json

import pytest

import test_blind_rulebook as first
from games_once import LOADED
from validator.cli import check_log

MUTATIONS = sorted(log for pattern in ("mut_*.jsonl", "mut2_*.jsonl", "mut3_*.jsonl", "mut4_*.jsonl", "mut5_*.jsonl",
                                       "mut6_*.jsonl", "audit_*.jsonl")
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


# sixth round: headers whose options or units do not fit the scenario, refused in one line (exit 2)
REFUSED_HEADERS = {
    "cadre without option": ({"start": {"turn": 13, "player": "soviet", "phase": "combat"},
                              "position": {"units": {"kg_1": "2011", "sov_west": "2111"}}},
                             "unit kg_1 is in play only with option 'cadres' (optional rule 15.3.1), which is off"),
    "cadre with option off": ({"start": {"turn": 7}, "options": {"cadres": False},
                               "position": {"units": {"sov_ostatky": "1612", "ger_6": "1611"}}},
                              "unit sov_ostatky is in play only with option 'cadres'"),
    "unit the track removed": ({"start": {"turn": 16, "player": "axis", "phase": "movement"},
                                "position": {"units": {"ger_2pz": "1611", "sov_west": "2111"}}},
                               "unit ger_2pz is in 1611, but the turn track took it out of play on turn 16 (4.0)"),
    "unit the track removed, in a box": ({"start": {"turn": 17, "player": "axis", "phase": "organization"},
                                          "position": {"units": {"ita_8": "destroyed_axis", "ger_6": "0611"}}},
                                         "unit ita_8 is in destroyed_axis, but the turn track took it out of play"),
    "allied army in a box after the Kampfgruppe turn": ({"start": {"turn": 13, "player": "axis", "phase": "movement"},
                                                         "options": {"cadres": True},
                                                         "position": {"units": {"hun_2": "destroyed_axis"}}},
                                                        "hun_2 is in destroyed_axis, but the turn track took it out of "
                                                        "play on turn 11 (15.3.1)"),
    "marker on a unit in a box": ({"start": {"turn": 9, "player": "axis", "phase": "organization"},
                                   "position": {"units": {"ger_6": {"at": "destroyed_axis", "disorganized": True}}}},
                                  "unit ger_6 is in destroyed_axis with a Disorganized marker"),
    "Unsupplied in the Rail box": ({"start": {"turn": 9, "player": "axis", "phase": "movement"},
                                    "position": {"units": {"ger_6": {"at": "rail_axis", "unsupplied": True}}}},
                                   "unit ger_6 is in rail_axis with an Unsupplied marker"),
    "misspelt option": ({"options": {"cadre": True}, "position": {"keep_scenario": True}},
                        "unknown option 'cadre' (known: cadres, joker, soviet_shock, ss_panzer)"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_HEADERS))
def test_header_options_that_do_not_fit_are_refused(case, tmp_path):
    """A header placing a unit only an optional rule that is off brings into play, or one the turn track has taken
    out of play, or a boxed unit with a marker (audit), or naming an option the scenario does not know (a misspelt one
    would leave its rule off unsaid), is refused in one line with exit 2."""
    fields, words = REFUSED_HEADERS[case]
    header = {"format": "hexforge-log", "version": 1, "game": "no_retreat", "scenario": "campaign_1941", **fields}
    log = tmp_path / "header.jsonl"
    log.write_text(json.dumps(header) + "\n", encoding="utf-8")
    outcome = check_log(str(log), cache=LOADED, fmt="json")
    err = " ".join(outcome.err)
    assert outcome.code == 2 and words in err and ":1: header:" in err, err
