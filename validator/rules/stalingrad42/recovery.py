"""Disruption and recovery (13.0): putting units in Full Retreat (13.1.3), the Recovery Phase (13.4) and the Rally
Table (13.5). What Disruption and Full Retreat do in movement is ``movement``'s (13.2.1, 13.3.1-13.3.2), in combat
``combat``, ``odds`` and ``modifiers``' (13.2.1, 13.3.2), their automatic retreat and elimination ``retreat`` and
``combat``'s (13.3.2).

- 13.1.3: a ``full_retreat`` line (Voluntary Method) puts the phasing player's Good Order or Disrupted Combat Units
  in Full Retreat in his Movement Phase (or the Interchange Turn's, 33.2.3), before they move.
- 13.4: when the Recovery Phase's rally step ends, the phasing player's Disrupted and Full Retreat units not in an
  EZOC recover one level (Full Retreat to Disrupted, Disrupted to Good Order); a unit in Full Retreat may be kept so
  (``rally`` with ``decline``: only those); a unit in an EZOC recovers only by a ``rally`` roll.
- 13.5: a ``rally`` roll (a unit Disrupted or in Full Retreat, in an EZOC, once a phase): +2 in a City or
  Fortification hex (its side's, 9.7.6), +1 elite, -1 low quality; 5-6 recovers one level (``tables.toml rally``);
  a ``result`` claimed (``recover``/``stay``, a translated VASSAL log's marker taken off) is checked against the
  table, whose result counts.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.paths import move_bits

from ...engine.state import evolve
from ...model import Action, Finding
from .resources import fortified
from .state import DISRUPTED, FULL_RETREAT, GOOD_ORDER, State
from .units import name, table
from .zoc import ezoc_bits, units_by_location

UP = {FULL_RETREAT: DISRUPTED, DISRUPTED: GOOD_ORDER}


def handle_full_retreat(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """13.1.3: the units go into Full Retreat, Good Order or Disrupted Combat Units of the phasing player, before they
    move. 13.3.1: the turn's record keeps them (they leave an EZOC without its +2 MPs)."""
    units = dict(state.units)
    findings = []
    chosen = set()
    for uid in action["units"]:
        us = units[uid]
        who = name(ctx, state, uid)
        i = table(ctx)[uid, us.face]
        if i.side != action.side or us.loc not in ctx.board.locations or not i.combat:
            findings.append(Finding("13.1.3", f"{who} is not one of the phasing player's Combat Units on the map",
                                    (uid,)))
            continue  # not applied: no Full Retreat marker goes on another player's unit
        if us.order == FULL_RETREAT:
            findings.append(Finding("13.1.3", f"{who} is in Full Retreat already", (uid,)))
        elif uid in state.moved:
            findings.append(Finding("13.1.3", f"{who} has moved: a unit goes into Full Retreat before it moves",
                                    (uid,)))
        units[uid] = evolve(us, order=FULL_RETREAT)
        chosen.add(uid)
    record = evolve(state.record, chose_full_retreat=state.record.chose_full_retreat | chosen)
    return evolve(state, units=units, record=record), findings


def _rally_drm(ctx: Context, state: State, uid: str) -> int:
    """13.5: +2 in a City or Fortification hex, +1 elite, -1 low quality."""
    us = state.units[uid]
    i = table(ctx)[uid, us.face]
    h = ctx.game.map.hexes.get(us.loc or "")
    drm = 0
    if h is not None and (h.settlement in ("major_city", "minor_city") or fortified(ctx, state, us.loc or "", i.side)):
        drm += 2
    drm += 1 if "elite" in i.tags else -1 if "low" in i.tags else 0
    return drm


def _in_ezoc(ctx: Context, state: State, uid: str) -> bool:
    us = state.units[uid]
    return bool(ezoc_bits(ctx, state, ctx.game.units[uid].side) & move_bits(ctx).bit.get(us.loc or "", 0))


def handle_rally(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``rally`` line: a roll on the Rally Table (13.5), or a unit kept in Full Retreat (``decline``, 13.4). A claimed
    ``result`` the table does not give is reported and stands, as a logged outcome does: what follows from it is no
    second mistake."""
    uid = action["unit"]
    us = state.units[uid]
    who = name(ctx, state, uid)
    key = f"rally:{uid}"
    done = state.logged | {key}
    findings = []
    if key in state.logged:
        return state, [Finding("13.5", f"{who} has rolled (or declined) already this phase", (uid,))]
    if action.get("decline"):
        if us.order != FULL_RETREAT:
            findings.append(Finding("13.4", f"{who} is not in Full Retreat: only Full Retreat units may stay so (to keep "
                                            "their automatic retreat, 13.3.2)", (uid,)))
        return evolve(state, logged=done), findings
    if us.order == GOOD_ORDER:
        return evolve(state, logged=done), findings + [
            Finding("13.5", f"{who} is in Good Order: only Disrupted and Full Retreat units rally", (uid,))]
    if action.get("die") is None:
        return evolve(state, logged=done), findings
    if not _in_ezoc(ctx, state, uid):
        findings.append(Finding("13.4", f"{who} is not in an EZOC: it recovers by itself, without a roll", (uid,)))
        return evolve(state, logged=done - {key}), findings
    t = ctx.game.tables["rally"]
    drm = _rally_drm(ctx, state, uid)
    got = t.result(t.columns[0], t.row_for(action["die"] + drm))
    claimed = action.get("result")
    if claimed is not None and claimed != got:
        findings.append(Finding("13.5", f"{who} rolled {action['die']} ({drm:+d}): the Rally Table gives "
                                        f"'{got}', not '{claimed}'", (uid,)))
    if (claimed or got) == "recover":  # the logged result stands, reported when the table gives another (one report)
        units = dict(state.units)
        units[uid] = evolve(us, order=UP[us.order])
        return evolve(state, units=units, logged=done), findings
    return evolve(state, logged=done), findings


def end_rally(ctx: Context, state: State, side: str | None) -> tuple[State, list[Finding]]:
    """13.4: the side's Disrupted and Full Retreat units not in an EZOC (nor named by a ``rally`` line) recover."""
    if side is None:
        return state, []
    ez = ezoc_bits(ctx, state, side)
    bit = move_bits(ctx).bit
    info = table(ctx)
    units = None
    for loc, here in units_by_location(ctx, state, side).items():
        b = bit.get(loc)
        if b is None:
            continue
        for uid in here:
            us = state.units[uid]
            if us.order == GOOD_ORDER or info[uid, us.face].side != side or f"rally:{uid}" in state.logged:
                continue
            if b & ez:
                continue
            units = units or dict(state.units)
            units[uid] = evolve(us, order=UP[us.order])
    return (evolve(state, units=units) if units else state), []
