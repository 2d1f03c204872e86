"""The starter ruleset's state: plain immutable data, changed only by making a new one (``engine.state.evolve``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...engine.context import Context
from ...engine.state import header_units, start_of


@dataclass(frozen=True, slots=True)
class UnitState:
    loc: str  # a hex, area or box id
    face: str = "front"


@dataclass(frozen=True)
class State:
    turn: int
    player: str | None
    phase: str
    step: str | None
    units: Mapping[str, UnitState]
    control: Mapping[str, str] = field(default_factory=dict)
    spent: Mapping[str, int] = field(default_factory=dict)  # unit -> MP spent in this Movement Phase
    attacked: frozenset[str] = frozenset()  # units that attacked in this Combat Phase
    targets: frozenset[str] = frozenset()  # hexes attacked in this Combat Phase
    results: Mapping[str, str] = field(default_factory=dict)  # unit -> the result of the last battle it was in


def initial_state(ctx: Context) -> State:
    """The scenario's set-up (or the header's position), at the start the header gives."""
    start = start_of(ctx, ctx.game.phases[0].id)
    units = {p.unit: UnitState(p.location, p.face or "front") for p in ctx.scenario.setup}
    given = header_units(ctx, lambda uid, spec: UnitState(spec, "front") if isinstance(spec, str)
                         else UnitState(spec["at"], spec.get("face", "front")))
    if given:
        units = {**units, **given} if ctx.header.position.get("keep_scenario") else given
    control = {**ctx.scenario.control, **ctx.header.position.get("control", {})}
    return State(start.turn, start.player, start.phase, start.step, units, control)
