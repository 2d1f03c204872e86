"""Disruption and recovery (13.0): **issue 15** checks these rules; what is here keeps the state right meanwhile.

- 13.1.3: a ``full_retreat`` line puts the phasing player's units in Full Retreat (Voluntary Method), before they
  move (issue 15: only Good Order or Disrupted units, before moving);
- 13.4: when the Recovery Phase's rally step ends, the phasing player's Disrupted and Full Retreat units not in an
  EZOC recover one level (Full Retreat to Disrupted, Disrupted to Good Order), except those a ``rally`` line
  declines to recover; a ``rally`` line with a die rolls on the Rally Table (13.5, ``tables.toml rally``: +2 in a
  City or Fort hex, +1 elite, -1 low quality) for a unit in an EZOC.

To do (issue 15): the checks and their findings (13.1-13.5), 13.2-13.3 combat effects, 13.3.2 automatic retreat
and elimination, 33.2.3's Rally Phase of the Interchange Turn.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.position import position
from ...engine.state import evolve
from ...model import Action, Finding
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State
from .units import table
from .zoc import ezoc_bits
from ...engine.paths import move_bits

UP = {FULL_RETREAT: DISRUPTED, DISRUPTED: GOOD_ORDER}


def handle_full_retreat(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """13.1.3: the units go into Full Retreat (issue 15 checks who may)."""
    units = dict(state.units)
    for uid in action["units"]:
        units[uid] = evolve(units[uid], order=FULL_RETREAT)
    return evolve(state, units=units), []


def _rally_drm(ctx: Context, state: State, uid: str) -> int:
    us = state.units[uid]
    tags = table(ctx)[uid, us.face].tags
    h = ctx.game.map.hexes.get(us.loc or "")
    drm = 0
    if h is not None and (h.settlement in ("major_city", "minor_city") or "fort" in h.features
                          or us.loc in state.markers.forts):
        drm += 2
    drm += 1 if "elite" in tags else -1 if "low" in tags else 0
    return drm


def handle_rally(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``rally`` line: a roll on the Rally Table (13.5), or a unit kept in Full Retreat (``decline``, 13.4)."""
    uid = action["unit"]
    us = state.units[uid]
    done = state.logged | {f"rally:{uid}"}
    if action.get("decline") or action.get("die") is None or us.order == GOOD_ORDER:
        return evolve(state, logged=done), []
    t = ctx.game.tables["rally"]
    if t.result(t.columns[0], t.row_for(action["die"] + _rally_drm(ctx, state, uid))) == "recover":
        units = dict(state.units)
        units[uid] = evolve(us, order=UP[us.order])
        return evolve(state, units=units, logged=done), []
    return evolve(state, logged=done), []


def end_rally(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """13.4: the side's Disrupted and Full Retreat units not in an EZOC (nor named by a ``rally`` line) recover."""
    if side is None:
        return state, []
    ez = ezoc_bits(ctx, state, side)
    bit = move_bits(ctx).bit
    info = table(ctx)
    units = None
    for loc in position(ctx, state.units).held[side]:
        b = bit.get(loc)
        if b is None:
            continue
        for uid in position(ctx, state.units).at[loc]:
            us = state.units[uid]
            if us.order == GOOD_ORDER or info[uid, us.face].side != side or f"rally:{uid}" in state.logged:
                continue
            if b & ez:
                continue
            units = units or dict(state.units)
            units[uid] = evolve(us, order=UP[us.order])
    return (evolve(state, units=units) if units else state), []
