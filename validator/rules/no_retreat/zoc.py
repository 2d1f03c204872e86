"""Zones of control (8.5).

- 8.5: the six locations adjacent to a unit are its zone of control; markers, unsupplied units (6.5.3) and units
  whose type has no ZOC (forts, garrisons: strength in parentheses, 2.3) have none;
- TEC "Lake hexside": no zone of control across a lake hexside;
- 8.6: zones of control reach into and out of Finland (and the other areas) like any hex.
"""

from __future__ import annotations

from .board import Context
from .state import State


def enemies(ctx: Context, side: str) -> tuple[str, ...]:
    return tuple(s for s in ctx.game.sides if s != side)


def has_zoc(ctx: Context, state: State, uid: str) -> bool:
    """Whether a unit projects a zone of control now (8.5, 6.5.3)."""
    us = state.units[uid]
    if us.unsupplied or us.loc not in ctx.board.locations:
        return False
    return ctx.game.unit_types[ctx.unit_type[uid, us.face]].zoc


def zoc_of(ctx: Context, state: State, side: str) -> frozenset[str]:
    """Every location in the zone of control of ``side``'s units."""
    board = ctx.board
    units = ctx.game.units
    types = ctx.game.unit_types
    out: set[str] = set()
    for uid, us in state.units.items():
        loc = us.loc
        if loc in board.locations and not us.unsupplied and units[uid].side == side \
                and types[ctx.unit_type[uid, us.face]].zoc:
            for n in board.neighbours[loc]:
                if (loc, n) not in board.prohibited:
                    out.add(n)
    return frozenset(out)


def enemy_zoc(ctx: Context, state: State, side: str) -> frozenset[str]:
    """Locations in an enemy zone of control for ``side`` (an EZOC)."""
    out: set[str] = set()
    for other in enemies(ctx, side):
        out |= zoc_of(ctx, state, other)
    return frozenset(out)
