"""What happens when each phase and step of the sequence of play ends, and when a game turn begins (3.0): the
``leave`` and ``begin_turn`` of the engine's :class:`~validator.engine.sequence.Sequence`, one place that calls each
rule module's end-of-phase procedure in the order the rules give.

- Initial Phase begins: Fortifications completed, Planned Offensives ready (9.7.2, 26.2: ``resources``); ends:
  every Train marker of the phasing player removed (5.6.5: ``rail``);
- Movement Phase ends: Ready ASUs that moved more than two hexes Disrupted (13.1.2: ``movement``); the phasing
  player's stacks within the limit (4.4: ``stacking``);
- Combat Phase ends: what the last combat owes, markers off (issue 15: ``combat``); stacking (4.4);
- Recovery Phase: recovery when the rally step ends (13.4: ``recovery``), Replacement markers off when its last step
  ends (21.4: ``replacements``);
- Supply Phase: the supply markers when the check step ends (16.1: ``supply_phase``), the Isolation Attrition rolls
  owed when its step ends (16.5.3); Railheads stalled or ready (17.2.2, 17.3.2: ``railheads``);
- a player turn ends: ``resources.end_player_turn`` (9.7.7, issue 15);
- the Interchange Turn's rally step ends: recovery (33.2.3), on the turns it is played only (13.4);
- a slot the scenario does not play (S3.4: the Axis Player Turn of the first Uranus turn) neither begins nor ends
  anything: its units neither recover nor get supply markers;
- the Victory Determination Phase ends: ``victory`` (issue 15);
- the Caucasus Campaign's Soviet pre-move ends (with the first turn's Weather Phase): the Soviet stacks (S2.4, 4.4);
- a game turn begins: its weather and the Mud marker (23.1, 23.3: ``weather``), the Russian Winter's displacements
  (23.4: ``entry``), the turn's Railheads (S2.2: ``railheads``), turn-track events (issue 15: ``campaign``).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.sequence import Slot
from ...engine.state import evolve
from ...model import Finding
from . import campaign, checks, combat, entry, movement, rail, railheads, recovery, replacements, scenarios, \
    stacking, supply_phase, victory, weather
from .state import State
from .turn_order import interchange_side, interchange_turn, skipped

Result = tuple[State, list[Finding]]


def _last_step(ctx: Context, slot: Slot) -> bool:
    steps = ctx.phase_of[slot.phase].steps
    return not steps or slot.step == steps[-1][0]


def leave(ctx: Context, state: State, slot: Slot) -> Result:
    """What ends with ``slot`` (its findings are reported on the line that ends it)."""
    phase, side = slot.phase, slot.player
    if skipped(ctx, state.turn, side, phase) is not None:
        return state, []  # S3.4: a slot not played ends nothing (no recovery, no supply check)
    findings: list[Finding] = []
    if phase == "initial" and _last_step(ctx, slot):
        state = rail.end_initial(ctx, state, side)
        state, findings = checks.end_initial(ctx, state, side)
    elif phase == "movement":
        state = movement.end_phase(ctx, state, side)
        state = checks.end_movement(ctx, state, side)
        state, findings = combat.end_movement(ctx, state)
        state, more = stacking.check(ctx, state, side, f"at the end of the {ctx.phase_of[phase].name}")
        findings += more
    elif phase == "combat":
        findings = checks.end_combat(ctx, state)
        state, more = combat.end_phase(ctx, state)
        findings += more
        state, more = stacking.check(ctx, state, side, f"at the end of the {ctx.phase_of[phase].name}")
        findings += more
    elif phase == "recovery" and slot.step == "rally":
        state, findings = recovery.end_rally(ctx, state, side)
    elif phase == "recovery" and _last_step(ctx, slot):
        state = replacements.clear_markers(ctx, state, side)
    elif phase == "supply" and slot.step == "railheads":
        state = railheads.end_step(ctx, state)
    elif phase == "supply" and slot.step == "supply":
        state, findings = supply_phase.end_check(ctx, state, side)
    elif phase == "supply" and slot.step == "attrition":
        state, findings = supply_phase.end_attrition(ctx, state, side)
    elif phase == "interchange" and slot.step == "combat":
        findings = checks.end_combat(ctx, state)
    elif phase == "interchange" and slot.step == "rally" and interchange_turn(ctx, state):
        # 13.4, 33.2.3: only an Interchange Turn that is played has a Rally Phase; on other turns the first player's
        # units recover in their own Recovery Phase only
        state, findings = recovery.end_rally(ctx, state, interchange_side(ctx, state))
    elif phase == "victory":
        state, findings = victory.end_phase(ctx, state)
    elif phase == scenarios.PREMOVE_SLOT and (pre := scenarios.premove_side(ctx, state)) is not None:
        state, findings = stacking.check(ctx, state, pre, f"at the end of the {ctx.game.sides[pre].name} pre-move")
    if side is not None and phase == "supply" and _last_step(ctx, slot):
        state, more = checks.end_player_turn(ctx, state, side)
        findings += more
    return state, findings


def begin(ctx: Context, state: State, slot: Slot) -> State:
    """What begins with a new phase: Full Retreat units next to an enemy unit at the start of a Movement or Combat
    Phase are eliminated and the Axis Initial Phase collects the Air units (13.3.2, 9.3.1: ``combat``); the phasing
    player's Initial Phase completes his Fortifications and readies his Planned Offensives (9.7.2, 26.2)."""
    if skipped(ctx, state.turn, slot.player, slot.phase) is not None:
        return state  # S3.4: a slot not played begins nothing either
    state = combat.begin_phase(ctx, state, slot.phase, slot.player)
    if slot.phase == "initial" and slot.player is not None:
        return checks.begin_initial(ctx, state, slot.player)
    return state


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """A game turn begins: its weather (23.1) and Mud (23.3), Winter's changes (23.4), Railheads (S2.2), turn-track
    events (32.x, issue 15)."""
    state = evolve(state, turn=turn)
    state = weather.begin_turn(ctx, state, turn)
    state = entry.begin_turn(ctx, state, turn)
    state = railheads.begin_turn(ctx, state, turn)
    return campaign.begin_turn(ctx, state, turn)

