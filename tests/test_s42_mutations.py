"""A mutation hunt on Stalingrad '42: one planted mistake in a legal game, does the validator see it?

How it was done (a scratch script, not kept in the repository): the random legal player's games (``play`` of
``players.stalingrad42``: Operation Uranus 3 and 5 turns, Fall Blau 2 turns, the Caucasus 2 and 4 turns, the Campaign 4
and 7 turns; seven games, 113-719 lines) were replayed once for the state before each line; then, for each of 82 kinds
of mutation, up to three or four places of each game were changed (one line replaced, inserted or left out) and the
changed log replayed from the state before the first changed line, the rules reported on that line and on the next 120
recorded. The kinds: a move one hex longer, into or through an enemy unit, on past an EZOC, off the map or across a
Volga, Sea or Lake hexside, across an unbridged Major River after its first hex, a third hex of Tactical Movement, a
move by an enemy unit, by the other player, by a unit that had finished moving, by a Disrupted or a replaced unit, after
a Rail Move, in the Combat or Recovery Phase; a battle on a hex not adjacent, with a wrong result, die, odds or net
shift, twice, with an enemy or a distant attacker, by a unit that used Extended Movement or rail; an artillery unit or
Air unit used twice; a step loss left out, doubled or on the wrong unit; a retreat too short, too long, into an EZOC,
through an enemy unit, left out, by an attacker or by a stranger; an advance too long, elsewhere, into an enemy unit, by
another unit, by the defender, after an A1, after a Delay, after a Limited Advance; a Breakthrough Group with a
stranger, after a Delay or a result that allows none; a Determined Defense with a wrong die, result or Lead Unit, an ASU
leading, where the result allows none, a retreat after its success, a Soviet one before turn 8 (11.1.2); a reinforcement
on a map hex, in another Entry Area, twice, in the Combat Phase; a replacement on a full-strength, Disrupted or Out of
Supply unit, of a wrong kind, twice, in the Movement Phase; a phase line left out, swapped with the next, going back a
phase, of the other side or jumping a phase, a combat before its phase line, a turn skipped; a wrong weather, supply,
Isolation, Attrition or Rally claim; a unit moving on past its Entry Area; two rail moves ending stacked; a unit moved
onto a full stack (4.1, reported at the end of the phase unless a unit of the stack walked off before). Then the 375
clean hand-written logs of ``tests/logs/stalingrad42/`` (the rules the player never plays: Disengagement, Reserves,
Leaders' rerolls, Desperate Defense, weather rolls ...): every other die on each rolled line (battle, Determined
Defense, Disengagement, Rally, Attrition, weather), every other Rally and Disengagement result, an Attrition modifier
one higher, and each advance and retreat one hex shorter and one hex longer; then each of their lines (but phases,
turns, weather and notes) doubled, moved past the next phase line, or given to the other side (about 1,900), and the
unit, Lead Unit or one attacker of each swapped for another unit of the same side in the position (about 570).

Numbers: about 1,800 mutations of the played games, 348 of them not reported: every one judged legal by accident
against the rules text (a longer move the unit could afford, a phase line the validator closes for itself, a step
loss only one unit could take, an advance in any direction, 14.3; a Delay's one-hex retreat, 11.6.1; a retreat
stopped in a printed Fortification, 12.1.3 (5); a stack within 4.1 with its free unit; a die giving the same result;
a mutation that broke only a later line the window did not reach, found reported when replayed whole) but for one.
About 1,500 roll and result mutations of the hand-written logs, 367 not reported: the same result on the table
(Disengagement, 27.2.2's +1; the Weather Table's Clear summer turns, 23.1), the die a Leader's reroll replaced (28.1),
an Attrition die (a fact with no claim on its line), and results the schema refuses; about 300 path mutations, 71 not
reported: shorter advances (optional), one- and two-hex Disengagement retreats (27.2.3), advances within their
allowance. Of the doubled, moved and re-sided lines 362 were not reported: a move, retreat or advance to where the
unit already stands, a supply check or flip said twice, a Desperate Defense's next roll, an advance's ``side`` (the
unit's owner is what counts), a line moved into the next turn's same phase, all legal or without effect, but for
two. Of the swaps 97: a loss on another unit of the attack, an advance or move by a unit placed alike, all legal.
Misses found: three, fixed:

- 8.3, 10.1 with 9.4: a battle listing a valid ASU or SP for its artillery shift was accepted with the odds column,
  the net shift or the CRT result of the reading WITHOUT that shift: the readings without the artillery shifts, meant
  for a shift a rule of 18 refuses (one mistake, one report), were added whether or not any was refused. They are now
  added only when ``resources.artillery_problems`` (the 18.x checks, shared with the battle's artillery check) finds
  one (``mut_artillery_odds_without_shift``, ``mut_artillery_net_shift_without_shift``,
  ``mut_artillery_result_without_shift``; the legal twin ``mut_artillery_odds_without_shift_clean``; the guard
  ``mut_artillery_refused_odds_without_it``: a Used HQ refused under 18.2.1, its odds read without it stand).
- 16.5.3: a second Isolation Attrition roll of a unit in the same Supply Phase was replayed as another roll (its die
  could take another step); one roll a unit: the second is reported and has no effect (``mut_attrition_rolled_twice``;
  the twin ``mut_attrition_rolled_once_clean``).
- 32.1, 32.2: a step loss beyond what a removal owes (an eighth step in the turn-10 German removals; a second Tank
  Corps reduced for one removed from the Eliminated Box) passed: only too few were reported. Other Panzer divisions
  are reduced only until seven steps are made, a Tank Corps on the map loses a step only for one removed from the box
  (``mut_german_removals_eighth_step``, ``mut_tank_corps_removal_two_steps``; the twin
  ``mut_tank_corps_removal_one_step_clean``; blind22_t10_removals_example_clean is the German twin).

Left alone: a ``breakthrough`` declared right after a battle line, before the Determined Defense that then cancels
the retreat (and with it any advance), is not reported (15.2.1 puts the declaration after the combat's results; no
advance or Breakthrough Combat follows, so nothing is gained).

Second round (``mut2_*`` logs), what the first did not try. (1) Every field of every line of the 377 clean hand-written
logs changed one at a time (3,126 mutations the schema accepts): the start turn one earlier or later, each claim's
alternatives (weather, winner, replacement kind, face, movement mode, Planned Offensive state, reason), numbers one
higher or lower (VPs, shifts, Attrition modifier, the turn of a ``turn`` line), a unit left out of, named twice in or
added to each list (attackers, targets, Breakthrough Group, Reserve and activation, Disengagement stack, Winter
Offensive markers, Isolated and Out of Supply units, artillery), each destination one hex over (``place``, ``rail``,
``sea``, ``fortify``, Railhead), and each optional field left out (Air units, artillery, rerolls, modes, faces,
``desperate``, offensives). 1,300 not reported: 564 start turns (a position is free; a reinforcement placed late is
accepted, 22.1.2's decision), 432 units named twice (a unit counts once), 104 fields left out (the validator infers
them, or the claim was optional), 91 units left out with the same column or result (a one-hex Delay, an advance left to
another unit, fewer Winter Offensive markers than the two 33.2.1 gives), 46 replacement kinds that serve (Cavalry and
Special as Infantry, 21.1.2; Tank or Special for Panzergrenadiers and silhouetted tanks, 21.5), 37 destinations one hex
over that the rules allow too, 13 additions (a Reserve or group member that does nothing), all legal, but for the turn
line: a ``turn`` line restating the turn just begun (turn 22 after turn 22's weather) let the next ``weather`` line roll
turn 22's weather again. (2) Insertions in the same logs (3,259): an Air unit in every Axis combat or as defensive
support (456), a Leader's reroll of the same die on every combat, Determined Defense and Disengagement (440) or by the
other Leader (7), ``desperate`` (21) and every other support unit (143) on each Determined Defense, a Planned Offensive
(15), and each other weather in the start position (2,177): 1,984 not reported, the Air units (2) on combats whose die
gives the same result whatever the shift, one support a Desperate Defense allows, and the start positions' weathers that
only lengthen or do not touch what the log does (a position's weather is declared, not rolled). (3) The random player's
whole games, the Caucasus (18 turns: turns 17-27), the Campaign (36 turns: turns 17-36, winter, mud and the Russian
Winter), Uranus (9 turns) and Fall Blau (8 turns), with the first round's 82 kinds and two more (an Air unit on a turn
whose weather allows none, another weather claimed): 794 mutations, 71 not reported, all legal by accident as in the
first round (a step loss only one unit could take, left out; an overstack whose other units walked off before the phase
ended; a 10-1 Breakthrough Combat, DS on every die). Reinforcements of those games swapped for one due on a later turn
or at another Entry Area: 528, every one reported. The field mutations of (1) on the lines of those games but moves
(610): 111 not reported, the same kinds, all legal (a unit named twice, a shift claim left out, Special or Cavalry
paying for Infantry, a rail move one hex over, a group member left out, a Desperate Defense logged as a plain one). (4)
Hand-made cases: the Interchange Turn (a battle, a rail move, an Extended move, a replacement, a fortification, a
Reserve, a supply check, an Air unit collected, a Soviet move and a rally in its Movement Phase: 10, all reported under
3.0, 33.2.3 or 13.5), Planned Offensives (an HQ that moved three hexes, a die not among the dice, three dice for one
marker, dice without a marker, a marker used twice, one in a Breakthrough Combat: all reported), a Leader's second
reroll in a turn (22, one already reported under 28.1.4 for its side), victory claims at the end of the Caucasus game
(winner, nobody, VPs: all checked), and the Trans-Caucasus Front Box (before its trigger, two a turn, outside its phase,
on its reduced side).
Misses found: two, fixed:

- 23.1: a second ``weather`` line in one turn (a reroll in the Weather Phase, or one after a restated ``turn`` line)
  replaced the first roll; one die a turn: the second is reported and has no effect
  (``mut2_weather_rolled_twice``, ``mut2_weather_turn_restated_rerolled``; the twin ``mut2_weather_rolled_once_clean``).
- 22.1.3 with 30.0: a Trans-Caucasus unit placed from its box on its reduced side passed; it arrives on the face it
  has there, as every reinforcement (``mut2_trans_caucasus_arrives_reduced``; the twin
  ``mut2_trans_caucasus_arrives_full_clean``).

Left alone: a unit in Reserve that attacks before it is activated (25.2.3 forbids combat to activated Reserves; the
validator reports the activation of a unit that attacked, not the attack); a Breakthrough Group member from another
attacking hex that advances only after the group's Breakthrough Combat (15.2.10 lets the group split); a start
position whose weather contradicts the track (turns 1-16 are Clear, 23.1): the header's weather is taken as given.

Third round (``mut3_*`` logs): deletions, insertions, swaps and headers. The random player's games (Uranus 3 turns
twice, Fall Blau 2, the Caucasus 2, the Campaign 3) with one line left out, doubled right after itself, or swapped
with the next line of another kind, each replayed whole: 1,605 mutations (584 deletions, 584 doubles, 437 swaps),
618 not reported (316, 186, 116), all judged legal or without effect: a loss left out that only one unit could take (the
validator takes it, log-format.md), a move, advance, rail move or supply line said twice or left out (the unit stays;
the supply check is the validator's own without a line), a failed Determined Defense left out, a Desperate Defense
rolled again (11.5.1), a Breakthrough declaration left out (no Breakthrough Combat follows), the order of a
combat's losses, retreats and Determined Defense, of a placement and a replacement, of a move and a rail move. Then
20 header mutations of a hand-written position: an unknown hex, unit, side, phase or turn, a ``weather`` field and a
unit in no hex were already refused in one line; an Interchange start on turn 5 is reported (3.0); an overstacked
start at the end of its Movement Phase (4.1); a start weather is taken as given (the second round's decision).
Then each battle, loss, retreat, advance, Determined Defense, Breakthrough, placement, replacement, rail move,
rally and every fourth move of three of those games copied after the next line of its kind at least 25 lines later
(another combat, unit or player turn): 316, 12 not reported: two moves and a rail move to where the unit already
stood, seven advances of a unit to its own hex (no advance), and two advances of units off the map: one miss.
Misses found: three, fixed:

- 14.1: an ``advance`` of a unit off the map (a Soviet division eliminated in the Axis combat just before, its
  Breakthrough advance of turn 1 copied there) was ignored without a report; only units on the map advance: it is
  reported and has no effect (``mut3_advance_by_unit_off_map``; the twin ``mut3_advance_by_unit_on_map_clean``).
  The same for a ``retreat`` line (12.1.1: a unit off the map owes none; ``mut3_retreat_by_unit_off_map``, the same
  twin), found by reading the handler the advance shares its path reading with.
- 5.1, 19.3, 29.1.1: a start ``position`` with units of both sides in one map hex, one of them a Combat Unit, and
  no City Battle marker was replayed as given; it is an impossible position, refused in one line (exit 2) as an
  impossible hand is (the twin ``mut3_position_enemy_beside_clean``; the refused log is made from it by
  ``test_s42_impossible_positions_are_refused``).

Left alone then, closed since: an Air unit placed on a map hex, or a unit in an enemy Entry Area, in the start position
(read without a word). A unit in the other side's Entry Area (22.4) but the exits its scenario opens to it (24.1.2,
S1.2: ``blindv_s1_no_return``) is now refused; so is an Air unit on the map that 9.3.7 does not keep there (an allied
one, one with no Axis Combat Unit, one in the Axis Initial or Movement Phase), while a German one on an Axis stack at
any other time is read as accompanying it (``air_on_map_in_position_clean``, ``air_on_map_in_position_far``). Still left
alone: a Breakthrough Group declared after its own unit's one-hex advance into the vacated hex (15.2.1's steps put the
declaration first, but forming there costs the same hex, 15.2.3) or before the defender's retreat (as the first round's
Determined Defense case: nothing is gained).

Fourth round (``mut4_*`` logs), thresholds and boundaries, each tried on both sides (the last legal value and the
first illegal one) in small hand-made positions of the Campaign, read against the rules text. Combat (33): odds
rounded down at a column's edge (15 to 5 is 3-1, 14 to 5 is 2-1), the lowest column (2 to 6 is 1-3; 2 to 8 no
combat, 8.4.1), 40 to 4 an automatic DS and 39 to 4 the 7-1 column, 50 to 5 capped at 40 (7-1, 8.5.1), two doubled
Guards divisions in a City capped at 20 (1-1, 8.5.2), a Tank Shift pushing 9-1 to the automatic DS and 8-1 only to
7-1, a Rough hex's shift taking 1-3 below the table and 10-1 back onto 7-1 while 11-1 stays automatic (8.4.2),
halving rounded up (9.1). Movement and ranges (5): 12 road hexes at half an MP for an MA of 6 and 13; an Army HQ (an
ASU) moving two hexes and three (18.2.2); its range of 5 and 6 (18.4). Advance (48): a DS Adv 4 and an A1/DR2 Adv 2
in Clear, Rain, Mud and Snow, each kind of unit at its allowance and one hex more (14.2.2, 23.2.3: the CRT's number
is halved, not the unit's rate; 23.2.4), the Soviet Army HQs (20.1.3: the Guards and Shock HQs as infantry, the Tank
Army HQ as mechanized), an Automatic DS's retreat of 3, 4 and 5 hexes (8.6.1). The Russian Winter (12): attacks from
rows 42-44 on turns 27 and 28 (23.4). Automatic Victory (18): turn 9's benchmark of 8 with 2, 3, 13 and 14 VPs
(24.2). Weather (288): every die after each weather on turns 21, 22, 26, 27 and 28 (23.1's +1 after Rain or Snow,
Mud only in the Rasputitsa, 23.3.1). Reserves (7, 25.2), the 8th Reserve Army (31.0: an Axis unit six and seven
hexes from Saratov, turns 14 and 15), the Winter Offensive on turns 24 and 25 (33.1), returns from the Eliminated Box
at Army HQs two and three hexes from a Connecting Rail Hex (80, 21.3.1), stacking at each limit and one over (11:
4.1-4.3), the first turn's Tactical Movement (7, S4.2, S1.2), Full Retreat elimination (6, 13.3.2), step losses on
Axis allies (6, 20.5.2). Then differential runs against counts of our own written from the rules and the TEC: 7,688
random moves (an infantry, Panzer or cavalry division from a random hex, alone or beside a Soviet division, Clear,
Rain, Mud or Snow, turns 5, 22 and 30, normal, Extended and Tactical, walked as far as its MPs reach exactly and one
hex further, and one hex past the EZOC it stopped in); 3,000 random battles (1-3 attacking hexes on any terrain and
across any hexside, attackers Out of Supply and defenders Disrupted at random, turns 5 and 30, both sides attacking:
the odds, net shift and result claimed); 1,200 Disengagement and 600 Rally claims (27.2.2's and 13.5's modifiers);
about 1,300 supply claims (a division alone five or six overland hexes from the nearest road, three or four in
Rain, 16.3.2). Every verdict agreed but for the misses below: the numbers were right, what they hang on (a unit's
type, a hex's terrain) was not always.
Misses found: six, fixed:

- 2.3.3, 9.6.1: a Soviet Mechanized Corps defending in a Mountain hex was not doubled. 2.3.3 marks the
  Mechanized/Panzergrenadier type (whose icon the Soviet Mechanized Corps share: ``symbol = "mech"`` in the data) an
  Infantry type; the data's type ``mech_corps`` lacked the ``infantry_type`` trait
  (``mut4_mech_corps_in_mountain_not_doubled``; the twin ``mut4_mech_corps_in_mountain_doubled_clean``).
- 11.2.1: a Determined Defense in a Clear hex with a Landmark read the Other column: the TEC's authored stand-in put
  every Landmark there, though the rule sends only Towns and Fortifications in Clear or Desert hexes to Other; a
  Landmark now takes its hex's terrain (``mut4_dd_clear_landmark_other_column``; the twin
  ``mut4_dd_clear_landmark_clear_column_clean``).
- 9.6.2, 23.4: a full Alpine hex is a Mountain hex surrounded by Alpine hexsides, but only the hexsides the map marks
  were Alpine: infantry and Panzers entered and attacked Alpine hexes across the others (in Winter too), and Mountain
  units attacked into them doubled. Every hexside of one is an Alpine hexside on the board now
  (``board.with_alpine_hexes``; ``mut4_alpine_hex_entered_by_infantry``, the twin
  ``mut4_alpine_hex_mountain_unit_clean``). The random player's seed-2 Campaign had walked a rifle division into
  4862; ``test_s42_combat_player`` plays seed 3.
- 16.5.4 with 23.2.3: a dry Seasonal Marsh hex (a Clear hex until the first Rain) gave an Isolated pocket no airfield
  (the check read the map's terrain name) (``mut4_attrition_dry_seasonal_marsh_airfield_left_out``; the twin
  ``mut4_attrition_dry_seasonal_marsh_airfield_clean``; the guard
  ``mut4_attrition_wet_seasonal_marsh_no_airfield_clean``: Marsh after the Rain, no airfield).
- 31.0, 30.0 (a log's first line): a log that starts from a later position could not say that a frozen Reserve
  Army had been released before it, nor that the Trans-Caucasus trigger had fired: every move of such an army (its
  placement from the box) was reported. The header's ``released`` now takes the army ("6R") and "trans_caucasus"
  (``mut4_reserve_army_released_before_position_clean``, ``mut4_trans_caucasus_triggered_before_position_clean``;
  the guard ``mut4_reserve_army_frozen_in_position``). Where units stand says nothing of it: a position is free
  (``reserve_armies``' 7th Reserve Army division away from its set-up hex stays frozen).
- 33.1, 33.2.2 (a log's first line): a position after the Winter Offensive could not say it had started, so its
  Soviet-first turns were reported under 3.0; the position takes ``winter_offensive`` (its turn), refused before
  the Vasilevsky marker's turn or after the start (``mut4_winter_offensive_before_position_clean``; the guard
  ``mut4_winter_offensive_not_in_position``; the refused header is made by
  ``test_s42_impossible_position_fields_are_refused``).

No other log of the folder changed its verdict with these fixes. Left alone: a retreat that enters a vacant EZOC hex
on its last required hex and goes one further (12.2's extra hex) where a safe end at the required distance was open
is accepted (12.2 allows the extra hex whenever it saves the unit; whether 12.1.3's third guideline then forbids it
is not said); an Automatic DS's advance in Rain is halved like a CRT result's (8.6.2 says the full Advance rate); a
log that starts in a Weather Phase cannot say the previous turn's weather (23.1's +1 and 23.3.1's Mud after Rain):
it starts in the previous turn instead; a Mountain unit now pays the Alpine hexside's authored +1 on top of the
Alpine hex's 3 MPs (4: Tactical Movement only for an MA of 3), as the TEC's stand-ins add up.

Fifth round (``mut5_*`` logs): what one line leaves for the next, in about 110 small hand-written logs of the Campaign
read against the rules text. One action over several lines: a move continued on a second line (Tactical Movement's
two hexes, Extended Movement's MPs and its "never adjacent", the stop in an EZOC, the +2 to leave one, a mode changed
halfway, another unit moving in between), an advance (a unit's allowance, 14.2.2; an EZOC entered on the first line;
a Breakthrough Group's cost over its advance, combat and further advance, 15.2.4; another unit advancing before the
group, 15.2.2), a retreat, a rail move, a Railhead's two hexes, an ASU's and a Planned Offensive HQ's move of two
hexes and three (13.1.2, 26.2), a Reserve after two one-hex lines (25.2.1). Effects that end or carry: Disrupted and
Full Retreat units recovering in their own Recovery Phase only (13.4), Replacement markers off in the Recovery Phase
(21.4), Reserve markers at the end of the Combat Phase (25.2.3), Train markers in the Initial Phase (5.6.5), an
Out of Supply or Isolated marker until the next check (16.4: movement, attack halved, advance of 2, defense kept), a
Fortification under construction (no shift, no attack out of it, done in the next friendly Initial Phase: 9.7.2),
12.4's retreated defenders (nothing the same phase, their halved strength the next turn), a non-participant that
advanced once (14.1), a Railhead moved again the next turn; the header's unit fields (``order``, ``supply``,
``train``, ``replaced``, ``reserve``, ``offensive``) and both sides of each; the Supply Phase's step order (a
``railhead`` line after the supply check, 3.0); a Reserve Army's release over two lines, the Volga Flotilla's
hexside kept and moved on later turns, a Fortification begun in a clear hex the enemy passed through (16.3.4:
control is a City's or VP hex's only). Then every multi-hex ``move``, ``advance``, ``rail`` and ``railhead`` line of the
folder's hand-written logs cut in two at each point (1,306 cuts: 788 moves, 396 advances, 94 rail moves, 28 Railhead
moves; the verdict mapped back onto the uncut lines and compared with the uncut log's): 116 differed, 86 of them only
by the same rule reported on both halves (a Disrupted
unit's normal move, an illegal step on each half: each line breaks it), the others are the misses below or left
alone. Misses found: ten, fixed:

- 6.2: a move too long only for the +2 MPs to leave an EZOC was reported under 5.1 when the hex out of the EZOC and
  the one too many were on two lines (the move kept its MPs, not what they were for): ``Moved.exit_paid``
  (``mut5_ezoc_exit_cost_split_line``; the twin ``mut5_ezoc_exit_cost_paid_clean``).
- 5.6.1-5.6.3 with 5.1: a rail move written on two lines was reported as a second rail move of the unit; the unit
  that moved last goes on by rail, one move counted once against 5.6.2 (``mut5_rail_move_over_two_lines_clean``;
  ``mut5_rail_move_over_lines_counted_once``: a second unit from the map, and the first one's rail line after it).
- 17.2.1: a Railhead's two hexes on two lines were reported as a second move of the marker; the two hexes are counted
  per marker (``mut5_railhead_two_hexes_over_two_lines_clean``, ``mut5_railhead_three_hexes_over_two_lines``).
- 21.2 with 21.4: a unit whose Replacement marker the position gives in its owner's Initial Phase received a second
  replacement (``mut5_replacement_marker_in_position_replaced_again``; the twin
  ``mut5_replacement_marker_lapsed_replaced_clean``).
- 5.6.2, 5.6.3 with 5.6.5: a unit under a Train marker in the Movement Phase (a position's) moved and railed again,
  did not count against the four and did not keep another rail move out of its hex: every marker comes off in the
  Initial Phase, so it railed in this Movement Phase (``mut5_train_marker_in_movement_phase_moves``; the twin
  ``mut5_train_marker_off_after_initial_clean``).
- 31.0: a Reserve Army's release written on two lines (some of its units on each) was reported on the second as the
  army released already; it is the same release (``mut5_reserve_army_released_over_two_lines_clean``;
  ``mut5_reserve_army_second_army_after_two_lines``: another army after it is still a second release).
- 25.2.3: an activated Reserve's advance of one hex and then two more passed (each line was held to two hexes)
  (``mut5_reserve_advance_three_hexes_over_two_lines``; the twin
  ``mut5_reserve_advance_two_hexes_over_two_lines_clean``).
- 14.1: a unit stacked with the attackers that did not attack could not go on with its own advance on a second line
  (refused as a unit that had advanced this phase) (``mut5_stacked_unit_advance_over_two_lines_clean``;
  ``mut5_stacked_unit_advance_three_hexes_over_two_lines``: its allowance still holds for the sum, 14.2.2).
- 14.5, 22.3.1 against 14.4.2: an advance that an earlier line stopped (in a Marsh hex entered off-road, in an Entry
  Area) and that goes on was reported under 14.4.2 (the EZOC's stop) (``mut5_advance_stopped_in_marsh_goes_on``).
- 5.1, 5.3, 13.3.2, 17.3.2: a move written on two lines got another report than on one: a step from the EZOC the first
  line stopped in into an enemy hex, 6.2 for 5.1 (``mut5_moves_on_over_lines_rule_numbers``); a move of unstated mode
  going on next to an enemy past its MA, 5.1 for Extended Movement's 5.3 (``mut5_unstated_move_on_next_to_enemy``;
  the twin ``mut5_unstated_move_on_over_two_lines_clean``); a Full Retreat unit eliminated as the phase began and
  moved over two lines, a second report (5.1, a mode change: the refused line was kept as a normal move)
  (``mut5_full_retreat_eliminated_moved_over_two_lines``); a Railhead's illegal first hex followed by a second line,
  a second report (17.3.2: the marker checked again for a Connecting Rail Hex where it had stopped).

No other log of the folder changed its verdict with these fixes. Left alone: a retreat written on two lines (one hex,
then the next) is read as a retreat one hex short (12.1.1) and a retreat owed by no one: log-format.md gives each
retreating unit one ``retreat`` line, and a retreat is checked whole (its guidelines, 12.1.3, look at where it ends);
a move continued in another mode (Tactical, then normal) is reported under 5.1 (a move is of one kind); an advance
written on two lines whose first line stops in a full stack it then leaves is reported there under 14.1 (the limit
holds at the end of each advance, and a line cannot know that the next one goes on: only the end of the phase or of
the combat could say it, which would move every such report off its line); the same for a rail move written on two
lines whose first line stops with another unit that railed (5.6.3); a move that stops next to a Full Retreat unit and
goes on on a second line owes its automatic retreat before that line (13.3.2), one that passes it on one line owes
none (the rules' reference decides on the line's end: ``sweep_6_1_full_retreat_no_zoc``).

Sixth round (``mut6_*`` logs): every scenario and every optional rule. What is special to each scenario was listed from
S1-S4 (first and last turn, who moves first, the maps and Entry Areas in play, set-up and reinforcements, frozen and
released units, supply sources, Air units, Resource Points, victory) and to each option of 25-29, then tried three ways.
(1) Each option of the header turned over under every log of the folder (1,854 logs, five options: 9,270 replays): 116
verdicts changed, all as the rules say (a line of an option not in play reported under its first rule, 25.2.1, 26.1,
27.2.1, 28.1.1; Contested Cities' moves, bonds and advances read under 5.1, 6.2, 7.2, 14.1 without rule 29). Of the 28
pairs of a log with an option on that changed nothing when it was off, 5 ``reserve`` and 2 ``disengage`` lines were
reported on that line already, 6 are Leaders' moves and rail moves (left alone, below), 9 logs' lines do not depend on
the option (a Winter Offensive's markers, 33.2.1; a City Battle's last defender gone), but the ``activate`` lines of 6
logs: a miss. (2) Every Campaign log whose start turn lies in another scenario's turns replayed under that scenario
(1,647 replays): before the fixes 782 changed verdicts, most of them because the position stood on a map the scenario
does not use and its lines went unchecked there (a three-hex retreat of a Delay in map A under the Caucasus): a miss;
after them 42, all the scenarios' own rules (S1.2's rail entry from the map edge and its Entry Area edge bonds, S2.2's
air and replacement track, S3.4's fixed weather and skipped slots, the Campaign-only removals and Maskirovka under S4.3,
each scenario's victory). (3) About 80 hand-made cases, a special rule broken and kept: Uranus's Soviet reinforcements
at D and its South Axis units at X, Soviets into its Axis Entry Area Q, a weather roll on its turn 28; the Caucasus's
pre-move by a reinforcement or a Garrison, its Air units in Rain, Snow, Overcast-W, Mud and on turns 14-23, its turn-11
and turn-13 Campaign events (1 RFSS, Wiking) and Tank Corps removals; Fall Blau's 5th Reserve Army placed on turn 2, at
N, moving on, the 6th on turn 2 (and in the Campaign), the refitting Panzers on turn 2 and in the Campaign, its exit and
German-unit VPs (Romanian units, SPs, infantry steps, split exits); Axis units into and out of Uranus's R and Fall
Blau's R; start positions on each scenario's turns and slots. Misses found: four, fixed:

- 25.1 with 25.2.1: an ``activate`` line in a game without the Reserves option was accepted when the Reserve marker
  came from the start position (its advance of two hexes too). A marker put by a ``reserve`` line is reported there
  (25.2.1) and its activation is not reported again (one mistake, one report: the planted VASSAL game of
  ``test_vassal_s42_e2e``); so the position is what is wrong: a Reserve marker in a game without the option is an
  impossible position, refused in one line (``test_s42_scenario_option_turned_off_is_refused``, from the twin
  ``mut6_reserve_activated_with_option_clean``; :data:`REFUSED`).
- S1.1, S2.1, S3.1: a log starting on a turn its scenario never plays (Fall Blau turn 9, the Caucasus turn 9 or 28,
  Uranus turn 27) was replayed; it is refused in one line, as a turn off the track is
  (``test_s42_start_outside_scenario_is_refused``, from ``mut6_fall_blau_last_turn_clean``,
  ``mut6_caucasus_first_turn_clean``, ``mut6_uranus_first_turn_clean``).
- S3.1: a Uranus header turning Contested City Hexes off was replayed without rule 29, which the scenario puts in
  force: refused in one line (``test_s42_scenario_option_turned_off_is_refused``).
- S1.1, S2.1, S3.1: a start position with a unit on a map hex or in an Entry Area its scenario does not use (map A or
  X in the Caucasus, map C in Uranus, map B or W in Fall Blau) was replayed without a word, and moves, retreats and
  advances there went unchecked; it is reported on the log's first action under the scenario's map rule
  (:data:`OFF_THE_MAPS`). Refusing the header was tried first and taken back at the merge: the real engine's battles
  game (``test_battles_s42_engine``) plays S1 on all four maps, and a VASSAL save may hold counters on any section of
  the module's board.

- Header ``options`` naming no advanced rule of the game (``cadres``, No Retreat!'s; a misspelt ``reserve``) were
  ignored without a word: no rule was missed by it, but the log was replayed under other rules than its writer meant;
  it is refused in one line (``test_s42_scenario_option_turned_off_is_refused``).

No other log of the folder changed its verdict with these fixes. Left alone: Leader counters moving and railing in a
game without the Leaders option (Uranus's set-up brings Manstein in as a reinforcement whatever the option; only a
re-roll is the option's); a start in a slot the scenario skips (Uranus's Axis Player Turn and Soviet Initial Phase of
turn 28, the Caucasus's Axis Initial Phase of turn 10) is accepted and its first action reported (3.0; a Caucasus
turn-10 Resource Point or replacement under 18.1 and 21.1.1); Fall Blau's four divisions of the 6th Reserve Army in
3806 stay outside the stacking limit while they stay there (4.4's decision, S1.2 sets them up so); an Isolated
marker in a position does not take a VP hex off the count when its unit traces a Line of Supply (S3.5's "Isolated" is
read as the trace at the Victory Determination Phase); a Caucasus Mud turn given in a position lets its German Air
unit fly (the die of its weather is not known).

Audit (``audit_*`` logs): the rulebook's prohibitions and obligations sentence by sentence. The sentences of chapters
4-34 with "may not", "cannot", "never", "only", "must", "at most", "no more than", "prohibited" (289) were each set
against the logs of the folder: 232 under a rule number some log's ``expect`` names, 48 under one only a note names, 9
under one no log names (7.6.2, 9.3.2, 11.4.3, 15.2.1, 16.3.1, 16.3.3, 17.3, 29.1.4, 34.6.3). The sentences no log broke
were written as a breaking log and its legal twin where a log can break them: 12.2's Volga hexside even at a Ferry
(``audit_12_2_retreat_across_volga_ferry``, ``audit_12_2_retreat_over_volga_ferry_eliminated``, the twin
``audit_12_2_retreat_along_volga_clean``), 16.2.5's Taman never a Soviet source (``audit_16_2_5_soviet_taman_supplied``,
reported under 16.1 as every unmarked unit; the twin ``audit_16_2_5_soviet_taman_isolated_clean``), 17.3.1's push back
only in a Soviet Player Turn and never by a rail move (``audit_17_3_1_railhead_pushed_back_in_axis_turn``,
``audit_17_3_1_soviet_rail_pushes_railhead_back``, reported under 17.2.1 as a Railhead moved from where none is; the
twins ``audit_17_3_1_railhead_retreat_in_axis_turn_clean``, ``audit_17_3_1_soviet_rail_next_to_railhead_clean``), no
bond with a neutral map edge (7.5) or the Coast (7.6.2) (``audit_7_5_neutral_edge_no_bond_clean``,
``audit_7_6_2_coast_no_bond_clean``: nothing to break, a move across the hexside a bond would close). Of the 48 named
only in notes, 9.1's "never doubled more than once" had no log: a Mountain defender attacked across a Major River
(``audit_9_1_mountain_and_river_doubled_twice``, reported under 8.3; the twin
``audit_9_1_mountain_and_river_doubled_once_clean``). Newly covered: 11 sentences, 18 logs (the misses' among them).
Misses found: three, fixed:

- 11.4.3: a failed Determined Defense whose retreat the log left out was reported under 12.1.1 (a retreat owed); the
  rule that leaves the retreat in force after the roll is 11.4.3, and a Desperate Defense's Fail (11.5.2) is not one
  (``audit_11_4_3_failed_dd_no_retreat``; the twin with the retreat is ``blind7_battle_d1_legal``).
- 34.6.3: an ASU held in a Reserve Army's Holding Box listed as a battle's artillery was reported under 18.3.1 as a
  unit off the map; the rule that keeps it unused is 34.6.3 (``audit_34_6_3_asu_in_holding_box_shift``; the twin
  ``audit_34_6_3_asu_on_map_shift_clean``).
- 15.2.1 (step 3), 15.2.2: a Breakthrough Combat by an attacker outside the group, after it advanced, was reported
  twice on its line (15.2.2: not in the group; 15.2.2: the group's advance is over), one mistake; the second is
  left out when no group member attacks (``audit_15_2_1_other_attacker_breakthrough``; the twin
  ``audit_15_2_1_group_member_breakthrough_clean``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import test_blind_rulebook as first
from games_once import LOADED
from validator.cli import check_log
from validator.logfile import parse_log
from validator.replay import replay

LOGS = Path(__file__).parent / "logs" / "stalingrad42"
MUTATIONS = sorted([*LOGS.glob("mut*_*.jsonl"), *LOGS.glob("audit_*.jsonl")])  # the rounds mut_ ... mut6_, the audit
# (a legal twin, unit, location) that makes its start position impossible: the header refused in one line, exit 2
REFUSED = (("mut3_position_enemy_beside_clean", "sov_51rd", "1313"),  # 5.1, 19.3, 29.1.1: enemies in one hex
           ("mut3_position_enemy_beside_clean", "sov_51rd", "X"),  # 22.4: the Axis player's Entry Area
           ("mut3_position_enemy_beside_clean", "ger_389id", "A"),  # 22.4: a Soviet one (not the scenario's exit G)
           ("mut3_position_enemy_beside_clean", "ger_air_viii", "1313"),  # 9.3.1: the Axis Movement Phase
           ("mut3_position_enemy_beside_clean", "ger_air_iv", "1212"),  # 9.3.7: no Axis Combat Unit there
           ("air_on_map_in_position_clean", "rom_air", "1432"),  # 9.3.6: the allied one goes back once used
           ("air_on_map_in_position_clean", "ger_air_viii", {"at": "1432", "face": "back"}),  # 9.3.6: Used: back
           ("mut6_caucasus_first_turn_clean", "ger_44id", {"at": "3045", "reserve": True}))  # 25.1: option off

# log name -> why the validator's verdict differs from the rules (rule numbers from ../shared/rules/)
DISAGREEMENTS: dict[str, str] = {}

CHAPTERS = ("5.", "6.", "8.", "9.", "10.", "11.", "14.", "16.", "17.", "18.", "21.", "22.", "23.", "32.")
# the fourth round (mut4_) too; a legal twin -> (position field, value) that makes its start impossible (33.1: no
# Winter Offensive before the Vasilevsky marker's turn)
REFUSED_FIELDS = {"mut4_winter_offensive_before_position_clean": ("winter_offensive", 24)}
# the sixth round (mut6_): a legal twin -> start turns outside its scenario's turns (S1.1, S2.1, S3.1): refused
REFUSED_STARTS = {"mut6_fall_blau_last_turn_clean": (9,), "mut6_caucasus_first_turn_clean": (9, 28),
                  "mut6_uranus_first_turn_clean": (27,)}


def test_the_corpus_is_there():
    """Clean and breaking cases; every chapter named has a case that breaks it."""
    first.check_corpus(MUTATIONS, DISAGREEMENTS, CHAPTERS, "stalingrad42", 5)


def test_s42_impossible_position_fields_are_refused(tmp_path: Path, capsys):
    """A position field no game reaches is refused as an impossible position is, in one line naming the file (exit
    2): the Winter Offensive said to have started on turn 24, before the Vasilevsky marker's turn (33.1), made from
    its legal twin (:data:`REFUSED_FIELDS`)."""
    for stem, (field, value) in REFUSED_FIELDS.items():
        name = f"{stem.removesuffix('_clean')}_{field}_refused.jsonl"
        err = _refused(tmp_path, capsys, stem, name, lambda head: head["position"].__setitem__(field, value))
        assert f"{tmp_path / name}:1: header: position: {field} {value}" in err, err


def test_s42_start_outside_scenario_is_refused(tmp_path: Path, capsys):
    """A start turn the scenario never plays (before its first turn or after its last: S1.1, S2.1, S3.1) is refused
    in one line naming the file (exit 2), as a turn off the track is, made from its legal twin
    (:data:`REFUSED_STARTS`)."""
    for stem, turns in REFUSED_STARTS.items():
        for turn in turns:
            name = f"{stem.removesuffix('_clean')}_turn{turn}_refused.jsonl"
            err = _refused(tmp_path, capsys, stem, name, lambda head: head["start"].__setitem__("turn", turn))
            assert f"{tmp_path / name}:1: header: start: turn {turn} is not a turn of" in err, err


def test_s42_scenario_option_turned_off_is_refused(tmp_path: Path, capsys):
    """Header ``options`` that turn off an advanced rule the scenario puts in force (S3.1: Uranus uses rule 29,
    Contested City Hexes), or a rule a position's marker needs (25.1: a Reserve marker, the Campaign's option off),
    or that name no advanced rule of the game (a misspelt ``reserve``), are refused in one line naming the file (exit
    2), made from legal logs."""
    for stem, options, said in (("mut6_uranus_first_turn_clean", {"contested_cities": False},
                                 "options: contested_cities is off"),
                                ("mut6_reserve_activated_with_option_clean", {}, "position: 4811 holds ger_62id"),
                                ("mut6_reserve_activated_with_option_clean", {"reserve": True},
                                 "options: 'reserve' is no advanced rule of this game")):
        name = f"{stem.removesuffix('_clean')}_options_refused.jsonl"
        err = _refused(tmp_path, capsys, stem, name, lambda head: head.__setitem__("options", options))
        assert f"{tmp_path / name}:1: header: {said}" in err, err


def _refused(tmp_path: Path, capsys, stem: str, name: str, change: Callable[[dict], None]) -> str:
    """The log ``stem`` with its header changed by ``change``, written as ``name``: its one error line, once the
    check is known to refuse it in one line (exit 2)."""
    lines = (LOGS / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    change(head)
    log = tmp_path / name
    log.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    outcome = check_log(str(log), cache=LOADED, fmt="json")
    capsys.readouterr()
    assert outcome.code == 2 and len(outcome.err) == 1, (stem, outcome.err)
    return outcome.err[0]


# (legal log, unit, where the header puts it, the scenario's map rule): a unit on a map or Entry Area its scenario
# does not use (S1.1, S2.1, S3.1), reported on the first action (the header is read: a VASSAL save may hold counters
# anywhere on the module's board)
OFF_THE_MAPS = (("mut6_caucasus_first_turn_clean", "ger_44id", "1430", "S2.1"),  # map A, not the Caucasus's C1, C2
                ("mut6_uranus_first_turn_clean", "ger_57id", "3050", "S3.1"),  # map C1, not Uranus's A and B
                ("mut6_fall_blau_last_turn_clean", "ger_57id", "5522", "S1.1"),  # map B, not Fall Blau's A
                ("mut6_fall_blau_last_turn_clean", "ger_57id", "W", "S1.1"),  # W reaches map C only (Taman)
                ("mut6_caucasus_first_turn_clean", "ger_44id", "X", "S2.1"))  # X is an Entry Area of map A


def test_s42_unit_off_the_scenario_maps_is_reported_first():
    """A header position with a unit where its scenario does not play gives one report under the scenario's map
    rule, on the first action's line, naming the unit and the place (:data:`OFF_THE_MAPS`); its legal twin none."""
    for stem, unit, where, rule in OFF_THE_MAPS:
        lines = (LOGS / f"{stem}.jsonl").read_text(encoding="utf-8").splitlines()
        head = json.loads(lines[0])
        head["position"]["units"][unit] = where
        log, game = parse_log(f"{stem}.jsonl", "\n".join([json.dumps(head), *lines[1:]]).encode())
        found = [v for v in replay(log, game, keep_states=False).violations if v.rule == rule]
        assert len(found) == 1 and found[0].line == log.actions[0].line, (stem, where, found)
        assert f"{unit} in {where}" in found[0].message and found[0].units == (unit,), found[0]


def test_s42_mutation_verdicts():
    """Exactly the (line, rule) pairs of each log's `expect` fields, exit 1 with violations and 0 clean, the whole
    set in one test (`first.check_set`)."""
    first.check_set(MUTATIONS, DISAGREEMENTS)


def test_s42_impossible_positions_are_refused(tmp_path: Path, capsys):
    """An impossible start position is no rule broken: the header is refused in one line naming the file, exit 2 (a
    refused log is no case of the log folder, which every log of it replays: it is made here from a legal twin, one
    unit put where it cannot be: :data:`REFUSED`)."""
    for n, (stem, unit, where) in enumerate(REFUSED):
        name = f"{stem.removesuffix('_clean')}_refused{n}.jsonl"
        err = _refused(tmp_path, capsys, stem, name, lambda head: head["position"]["units"].__setitem__(unit, where))
        at = where if isinstance(where, str) else where["at"]
        assert f"{tmp_path / name}:1: header: position: {at}" in err, err
