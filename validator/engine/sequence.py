"""The sequence of play as a machine filled from the game's data: game turns, each turn's slots (the mutual phases,
then each side's player turn, every phase and step of ``game.toml`` in order), and which action belongs where.

What is the game's own comes in one :class:`Sequence`: the rule number of its sequence of play (every finding
here carries it), its timing table (action type -> phase, step, who acts), actions that move a phase on to a step
by themselves, what a new phase starts afresh, what ends with each phase or step, what happens when a turn begins,
and, for a game whose sides change places, the order of the player turns in a turn (Stalingrad '42's Uranus
switch). The machine goes forward only: a phase may pass with nothing logged (what ends it still runs), an action
of a later step of the current phase moves on to that step, and the log never goes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple

from ..model import Action, Finding
from .context import Context, once, turn_slots
from .state import evolve

Result = tuple[Any, list[Finding]]


class Slot(NamedTuple):
    """(phasing player, phase, step): a place in the turn (a plain tuple, as in ``ctx.slots``)."""

    player: str | None
    phase: str
    step: str | None


def _no_fields(ctx: Context, slot: Slot) -> Mapping[str, Any]:
    return {}


def _nothing_ends(ctx: Context, state: Any, slot: Slot) -> Result:
    return state, []


def _same_turn(ctx: Context, state: Any, turn: int) -> Any:
    return evolve(state, turn=turn)


def _nothing_begins(ctx: Context, state: Any, slot: Slot) -> Any:
    return state


@dataclass(frozen=True)
class Sequence:
    """A game's sequence of play for the machine.

    ``rule``: the rule number findings of the sequence carry; ``timing``: action type -> (phase, step or None, who
    acts: ``phasing``, ``other`` or ``any``), types not listed may come at any time; ``auto_step``: action type ->
    (phase, step) the phasing player's action of that type moves the phase on to (unless the action says ``by``);
    ``fresh``: the state's fields a new phase starts afresh (besides player, phase and step); ``leave``: what ends
    with a slot (its findings reported on the line that ends it); ``begin_turn``: the state when a turn begins
    (its ``turn`` set, its weather and events), before the turn's first slot; ``arrivals``: action type -> what
    an action of the timing table ends when it comes in its place (No Retreat!: a battle ends the one before it);
    ``begin``: what begins with a new phase (after ``fresh``: markers that turn over as a player's phase opens);
    ``order``: the sides' player turns in a turn, in order (default: ``[sides]`` of ``game.toml`` every turn), from the
    context, the turn and the state (a switch a player decides, e.g. Stalingrad '42's Winter Offensive)."""

    rule: str
    timing: Mapping[str, tuple[str, str | None, str]] = field(default_factory=dict)
    auto_step: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    fresh: Callable[[Context, Slot], Mapping[str, Any]] = _no_fields
    leave: Callable[[Context, Any, Slot], Result] = _nothing_ends
    begin_turn: Callable[[Context, Any, int], Any] = _same_turn
    arrivals: Mapping[str, Callable[[Context, Any, Action], Result]] = field(default_factory=dict)
    order: Callable[[Context, int, Any], tuple[str, ...]] | None = None
    begin: Callable[[Context, Any, Slot], Any] = _nothing_begins


Plan = tuple[tuple[Slot, ...], Mapping[Slot, int]]  # a turn's slots in order, and slot -> index


def _default_plan(ctx: Context) -> Plan:
    made = ctx.tables.get("slot_plan")  # (asked on almost every action: looked up without once's call when made)
    return made if made is not None else once(ctx, "slot_plan", _make_plan)


def _make_plan(ctx: Context) -> Plan:
    return tuple(Slot(*s) for s in ctx.slots), ctx.slot_index


def slots(ctx: Context) -> tuple[Slot, ...]:
    """The slots of a turn in the default order."""
    return _default_plan(ctx)[0]


def plan(seq: Sequence, ctx: Context, turn: int, state: Any = None) -> Plan:
    """The slots of ``turn`` in order and their indexes (the default order's, or ``seq.order``'s for the turn as
    ``state`` has it)."""
    if seq.order is None:
        return _default_plan(ctx)
    order = tuple(seq.order(ctx, turn, state))

    def make(c: Context) -> Plan:
        made = tuple(Slot(*s) for s in turn_slots(c.game, order))
        return made, {s: i for i, s in reversed(list(enumerate(made)))}

    return once(ctx, ("slot_plan", order), make)


def first_step(ctx: Context, phase: str) -> str | None:
    p = ctx.phase_of[phase]
    return p.steps[0][0] if p.steps else None


def current(ctx: Context, state: Any, index: Mapping[Slot, int]) -> int:
    """The index of the state's slot in its turn."""
    return index[state.player, state.phase, state.step or first_step(ctx, state.phase)]


def label(ctx: Context, slot: Slot) -> str:
    """The slot in words ("Draw Step of the Card Phase of the Axis player turn")."""
    return once(ctx, ("slot_label", slot), lambda c: _label(c, slot))


def _label(ctx: Context, slot: Slot) -> str:
    p = ctx.phase_of[slot.phase]
    name = p.name
    if slot.step:
        name = f"{dict(p.steps)[slot.step]} of the {name}"
    if slot.player:
        name += f" of the {ctx.game.sides[slot.player].name} player turn"
    return name


def enter(seq: Sequence, ctx: Context, state: Any, slot: Slot) -> Any:
    """The state in ``slot``: a step of the same phase, or a new phase started afresh."""
    if slot.phase == state.phase and slot.player == state.player:
        return evolve(state, step=slot.step)
    state = evolve(state, player=slot.player, phase=slot.phase, step=slot.step, **seq.fresh(ctx, slot))
    return state if seq.begin is _nothing_begins else seq.begin(ctx, state, slot)


def advance(seq: Sequence, ctx: Context, state: Any, target: int) -> Result:
    """Go forward to slot ``target`` of the turn, ending every phase and step on the way."""
    all_slots, index = plan(seq, ctx, state.turn, state)
    return _advance(seq, ctx, state, all_slots, current(ctx, state, index), target)


def _advance(seq: Sequence, ctx: Context, state: Any, all_slots: tuple[Slot, ...], cur: int, target: int) -> Result:
    """:func:`advance` from slot ``cur`` of the turn's ``all_slots`` (the state's, as the caller found them)."""
    findings: list[Finding] = []
    while cur < target:
        state, f = seq.leave(ctx, state, all_slots[cur])
        findings += f
        cur += 1
        state = enter(seq, ctx, state, all_slots[cur])
    return state, findings


def end_turn(seq: Sequence, ctx: Context, state: Any) -> Result:
    """Every slot left in the turn ends, the last one too."""
    all_slots = plan(seq, ctx, state.turn, state)[0]
    state, findings = advance(seq, ctx, state, len(all_slots) - 1)
    state, f = seq.leave(ctx, state, all_slots[-1])
    return state, findings + f


def begin_turn(seq: Sequence, ctx: Context, state: Any, turn: int) -> Any:
    state = seq.begin_turn(ctx, state, turn)
    return enter(seq, ctx, state, plan(seq, ctx, turn, state)[0][0])


def handle_turn(seq: Sequence, ctx: Context, state: Any, action: Action) -> Result:
    """A ``turn`` action: the turn ends and the next begins; turns advance one at a time, up to the scenario's last."""
    n = action["turn"]
    sc = ctx.scenario
    if n == state.turn and current(ctx, state, plan(seq, ctx, state.turn, state)[1]) == 0:
        return state, []
    findings = []
    if n not in ctx.game.turns or n > sc.last_turn:
        return state, [Finding(seq.rule, f"the scenario ends after turn {sc.last_turn}; there is no turn {n}")]
    if n != state.turn + 1:
        findings.append(Finding(seq.rule, f"turn {n} cannot follow turn {state.turn}; turns advance one at a time"))
    if n > state.turn:
        state, f = end_turn(seq, ctx, state)
        findings += f
    return begin_turn(seq, ctx, state, n), findings


def handle_phase(seq: Sequence, ctx: Context, state: Any, action: Action) -> Result:
    """A ``phase`` action: forward to that phase (and step) of the acting side's player turn, or of the mutual
    phases; going back is reported and the log's phase taken."""
    data = action.data  # (read straight from the mapping: every phase line)
    p = ctx.phase_of[data["phase"]]
    player = action.side if p.player else None
    step = data.get("step")
    findings = []
    if step is not None and step not in dict(p.steps):
        findings.append(Finding(seq.rule, f"the {p.name} has no step '{step}'"))
        step = None
    if step is None:
        if state.phase == p.id and state.player == player:
            return state, findings
        step = first_step(ctx, p.id)
    all_slots, index = plan(seq, ctx, state.turn, state)
    target = index[player, p.id, step]
    cur = current(ctx, state, index)
    if target < cur:
        findings.append(Finding(seq.rule, f"the {label(ctx, all_slots[target])} comes before the "
                                          f"{label(ctx, all_slots[cur])}; phases go in order"))
        return enter(seq, ctx, state, all_slots[target]), findings
    state, f = _advance(seq, ctx, state, all_slots, cur, target)
    return state, findings + f


def _slot_of(state: Any) -> Slot:
    return Slot(state.player, state.phase, state.step)


def to_step(seq: Sequence, ctx: Context, state: Any, phase: str, step: str) -> Result:
    """The sequence moved on to ``step`` of ``phase`` in the current player's turn (an action that begins a later
    step of the phase marks it)."""
    return advance(seq, ctx, state, plan(seq, ctx, state.turn, state)[1][(state.player, phase, step)])


def timing(seq: Sequence, ctx: Context, state: Any, action: Action) -> Result:
    """Whether the action belongs to the current phase and player: if not, one finding (the state unchanged); if it
    does, the phase moves on to its step, and what the action ends when it comes is ended (``Sequence.arrivals``)."""
    spec = seq.timing.get(action.type)
    if spec is None:
        auto = seq.auto_step.get(action.type)
        if auto and state.phase == auto[0] and action.side == state.player and not action.get("by"):
            return to_step(seq, ctx, state, *auto)
        return state, []
    phase, step, who = spec
    if state.phase != phase:
        owner = " of the phasing player" if who == "phasing" else ""
        return state, [Finding(seq.rule, f"the '{action.type}' action belongs to the "
                                         f"{ctx.phase_of[phase].name}{owner}; it is now the "
                                         f"{label(ctx, _slot_of(state))}")]
    if who == "phasing" and action.side != state.player:
        return state, [Finding(seq.rule, f"only the phasing player may '{action.type}' in the "
                                         f"{label(ctx, _slot_of(state))}")]
    if who == "other" and action.side == state.player:
        return state, [Finding(seq.rule, f"only the non-phasing player may '{action.type}' in the "
                                         f"{label(ctx, _slot_of(state))}")]
    findings: list[Finding] = []
    if step is not None:
        all_slots, index = plan(seq, ctx, state.turn, state)
        target = index[state.player, phase, step]
        here = current(ctx, state, index)
        if target < here:
            return state, [Finding(seq.rule, f"the '{action.type}' action belongs to the "
                                             f"{label(ctx, all_slots[target])}, which comes before the "
                                             f"{label(ctx, all_slots[here])}")]
        state, findings = _advance(seq, ctx, state, all_slots, here, target)
    arrival = seq.arrivals.get(action.type)
    if arrival is not None:
        state, more = arrival(ctx, state, action)
        if more:
            findings = findings + more
    return state, findings
