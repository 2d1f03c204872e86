"""Zones of control (8.5).

- 8.5: the six locations adjacent to a unit are its zone of control; markers, unsupplied units (6.5.3) and units
  whose type has no ZOC (forts, garrisons: strength in parentheses, 2.3) have none;
- TEC "Lake hexside": no zone of control across a lake hexside;
- 8.6: zones of control reach into and out of Finland (and the other areas) like any hex.
"""

from __future__ import annotations

from typing import AbstractSet

from ...engine.context import Context
from ...engine.position import enemy_zoc_set, position, zoc_set
from .state import State


def enemies(ctx: Context, side: str) -> tuple[str, ...]:
    return tuple([s for s in ctx.game.sides if s != side])


def has_zoc(ctx: Context, state: State, uid: str) -> bool:
    """Whether a unit projects a zone of control now (8.5, 6.5.3)."""
    us = state.units[uid]
    if ctx.hooks.zoc_off(us) or us.loc not in ctx.board.locations:
        return False
    return ctx.game.unit_types[ctx.unit_type[uid, us.face]].zoc


def zoc_of(ctx: Context, state: State, side: str) -> AbstractSet[str]:
    """Every location in the zone of control of ``side``'s units (counted as units move: ``position``)."""
    return zoc_set(position(ctx, state.units), side)


def enemy_zoc(ctx: Context, state: State, side: str) -> AbstractSet[str]:
    """Locations in an enemy zone of control for ``side`` (an EZOC)."""
    return enemy_zoc_set(position(ctx, state.units), side)
