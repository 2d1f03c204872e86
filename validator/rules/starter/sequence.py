"""The sequence of play (starter rule 1.0): the phases of ``game.toml`` in order, each side's player turn in the
order of ``[sequence]``; a ``move`` belongs to the phasing player's Movement Phase, a ``battle``, ``retreat`` and
``advance`` to his Combat Phase; stacking is checked when each of them ends (3.0)."""

from __future__ import annotations

import functools

from ...engine import sequence as machine
from ...engine.context import Context
from ...engine.sequence import Sequence, Slot
from .stacking import check as check_stacking
from .state import State

MOVEMENT, COMBAT = "movement", "combat"  # the phase ids the starter game's game.toml uses


def _fresh(ctx: Context, slot: Slot) -> dict:
    return {"spent": {}, "attacked": frozenset(), "targets": frozenset(), "results": {}}


def _leave(ctx: Context, state: State, slot: Slot):
    if slot.phase in (MOVEMENT, COMBAT):
        return check_stacking(ctx, state, f"at the end of the {ctx.phase_of[slot.phase].name}")
    return state, []


SEQUENCE = Sequence("1.0", timing={"move": (MOVEMENT, None, "phasing"), "battle": (COMBAT, None, "phasing")},
                    fresh=_fresh, leave=_leave)

handle_turn = functools.partial(machine.handle_turn, SEQUENCE)
handle_phase = functools.partial(machine.handle_phase, SEQUENCE)
timing = functools.partial(machine.timing, SEQUENCE)
