"""Sequence of play (3.0) on the engine's phase/step machine (:mod:`validator.engine.sequence`).

- 3.0: a game turn is the Weather Phase (A), the first player's turn, the second player's turn (B, C: each an
  Initial, Movement, Combat, Recovery and Supply Phase), then the Victory Determination Phase (D). The phases come
  in order and the log never goes back; a phase with nothing to log may be skipped (what ends it still runs). The
  Initial Phase's activities come in any order (3.0 B1); the Supply Phase's steps in the order listed (3.0 B5).
- 3.0: each action belongs to a phase (and step) and to the phasing player, or to the other one (:data:`TIMING`);
  anything else is a 3.0 violation, reported alone.
- S3.3, 33.2.2: the turn order: the scenario's (rules.toml ``order``), switched from the Uranus scenario's second
  turn on, and after the turn the Winter Offensive starts (the state's ``winter_offensive``).
- S3.4, 33.2.3: on the turns that end with it, the first player's Interchange Turn (a mutual phase of
  ``game.toml``, before the Victory Determination Phase): Movement, Limited Combat (Disengagement only), Rally. On
  other turns nothing may be done in it.
- S2.4: the Caucasus Campaign's Soviet pre-move, in the Weather Phase's slot of its first turn (``scenarios``):
  the Soviets' `move` lines there; a `phase` line of the Soviet Movement Phase before the Axis Player Turn opens
  it; Rail and Sea Movement are not part of it.
- S3.4: the slots a scenario skips (the Axis Player Turn and the Soviet Initial Phase of the first Uranus turn):
  nothing may be done in them.
- 4.4: stacking is checked when the phasing player's Movement and Combat Phases end (``stacking``); the Supply
  Phase's steps end as ``supply_phase`` and ``railheads`` say; the Recovery Phase recovers and clears Replacement
  markers (``recovery``, ``replacements``); the Initial Phase removes Train markers (``rail``, 5.6.5).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Mapping

from ...engine import sequence as machine
from ...engine.context import Context
from ...engine.sequence import Sequence, Slot
from ...engine.state import evolve
from ...model import Action, Finding
from . import phase_ends
from .campaign_data import scenario_rules
from .scenarios import premove_side
from .turn_order import interchange_side, interchange_turn, order, skipped
from .state import Battles, State, TurnRecord

RULE = "3.0"
INITIAL = "initial"
INTERCHANGE = "interchange"

# action type -> (phase, step or None, who acts: "phasing", "other" or "any"); types not listed come at any time
TIMING: dict[str, tuple[str, str | None, str]] = {
    "weather": ("weather", None, "any"),
    "detrain": (INITIAL, None, "phasing"),
    "place": (INITIAL, None, "phasing"),
    "replace": (INITIAL, None, "phasing"),
    "fortify": (INITIAL, None, "phasing"),
    "offensive": (INITIAL, None, "phasing"),
    "release": (INITIAL, None, "phasing"),
    "winter_offensive": (INITIAL, None, "phasing"),
    "absorb": (INITIAL, None, "phasing"),
    "move": ("movement", None, "phasing"),
    "full_retreat": ("movement", None, "phasing"),
    "rail": ("movement", None, "phasing"),
    "sea": ("movement", None, "phasing"),
    "flotilla": ("movement", None, "phasing"),
    "auto_ds": ("movement", None, "phasing"),
    "reserve": ("movement", None, "phasing"),
    "battle": ("combat", None, "phasing"),
    "breakthrough": ("combat", None, "phasing"),
    "activate": ("combat", None, "phasing"),
    "disengage": ("combat", None, "phasing"),
    "determined": ("combat", None, "other"),
    "rally": ("recovery", "rally", "phasing"),
    "railhead": ("supply", "railheads", "phasing"),
    "supply": ("supply", "supply", "phasing"),
    "attrition": ("supply", "attrition", "phasing"),
}

# 33.2.3: what the Interchange Turn's steps allow (a mutual phase: the first player of the turn acts)
INTERCHANGE_ACTIONS: Mapping[str, str] = {
    "move": "movement", "full_retreat": "movement", "detrain": "movement", "disengage": "combat", "loss": "combat",
    "retreat": "combat", "remove": "combat", "rally": "rally"}
FREE = frozenset({"turn", "phase", "note", "victory"})  # never out of place


def _fresh(ctx: Context, slot: Slot) -> Mapping[str, Any]:
    """What a new phase starts without: what the log stated; a Movement Phase the units moved and the Volga Flotilla
    marker placed (5.5.3); a Combat Phase its combats; an Initial Phase opens a player turn (its record)."""
    out: dict[str, Any] = {"logged": frozenset()}
    if slot.phase == "movement" or (slot.phase == INTERCHANGE and slot.step == "movement"):
        out.update(moved={}, flotilla_set=False)
    elif slot.phase == "combat":
        out["battles"] = Battles()
    elif slot.phase == INITIAL:
        out["record"] = TurnRecord()
    return out


SEQUENCE = Sequence(RULE, TIMING, {}, _fresh, phase_ends.leave, phase_ends.begin_turn, {},
                    order, phase_ends.begin)

handle_turn = partial(machine.handle_turn, SEQUENCE)  # 3.0: (ctx, state, action) -> (state, findings)


def handle_phase(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """3.0: forward to a phase (and step); the Initial Phase's activities come in any order (3.0 B1). S2.4: the
    Soviet Movement Phase named before the first Player Turn of the Caucasus Campaign is its pre-move, which the
    Weather Phase's slot keeps."""
    if action["phase"] == "movement" and premove_side(ctx, state) == action.side:
        return state, []
    if action["phase"] == INITIAL and state.phase == INITIAL and state.player == action.side and action.get("step"):
        step = action["step"]
        if step in dict(ctx.phase_of[INITIAL].steps):
            return evolve(state, step=step), []
    return machine.handle_phase(SEQUENCE, ctx, state, action)


def _skipped(ctx: Context, state: State) -> str | None:
    """S3.4: why the current slot is not played in this scenario, or None."""
    s = skipped(ctx, state.turn, state.player, state.phase)
    if s is None:
        return None
    what = f"the {ctx.phase_of[s.phase].name} of the " if s.phase else "the "
    return (f"{what}{ctx.game.sides[s.player].name} Player Turn of turn {s.turn} is not played in "
            f"{ctx.scenario.name} (its special turn rules)")


def timing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Whether the action belongs to the current phase and player (3.0; the Interchange Turn, 33.2.3; the slots a
    scenario skips, S3.4); the phase moves on to the action's step."""
    if action.type in FREE:
        return state, []
    if state.phase == INTERCHANGE:
        return _interchange(ctx, state, action)
    if action.type in INTERCHANGE_ACTIONS and action.type not in TIMING and state.player is None:
        return state, []
    pre = premove_side(ctx, state)
    if pre is not None and action.side == pre and TIMING.get(action.type, ("",))[0] == "movement":
        if action.type == "move":
            return state, []
        return state, [Finding(scenario_rules(ctx).special, f"the '{action.type}' action is not part of the "
                                                            f"{ctx.game.sides[pre].name} pre-move of "
                                                            f"{ctx.scenario.name}: its units move with their MA")]
    state, findings = machine.timing(SEQUENCE, ctx, state, action)
    if not findings:
        why = _skipped(ctx, state)
        if why is not None and action.type in TIMING:
            findings = [Finding(RULE, f"the '{action.type}' action cannot be done now: {why}")]
    return state, findings


def _interchange(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """33.2.3: the Interchange Turn: Movement, Limited Combat (Disengagement), Rally, by the turn's first player."""
    step = INTERCHANGE_ACTIONS.get(action.type)
    if not interchange_turn(ctx, state):
        return state, [Finding(RULE, f"the '{action.type}' action cannot be done in the Interchange Turn: "
                                     f"turn {state.turn} has none (S3.4, 33.2.3)")]
    side = interchange_side(ctx, state)
    if step is None:
        return state, [Finding(RULE, f"the '{action.type}' action is not part of the Interchange Turn "
                                     "(Movement, Limited Combat: Disengagement only, Rally; 33.2.3)")]
    if action.side != side and action.type not in ("loss", "retreat", "remove"):
        return state, [Finding(RULE, f"only the {ctx.game.sides[side].name} player acts in the Interchange Turn "
                                     "(33.2.3)")]
    all_slots, index = machine.plan(SEQUENCE, ctx, state.turn, state)
    target = index[Slot(None, INTERCHANGE, step)]
    here = machine.current(ctx, state, index)
    if target < here:
        return state, [Finding(RULE, f"the '{action.type}' action belongs to the "
                                     f"{machine.label(ctx, all_slots[target])}, which comes before the "
                                     f"{machine.label(ctx, all_slots[here])}")]
    return machine.advance(SEQUENCE, ctx, state, target)


def handle_nothing(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """Actions recorded only for the reader (notes)."""
    return state, []
