"""Sea Movement (5.7) and the Volga Flotilla (5.5.3).

- 5.7.1: the Soviets (only) move one unit a turn on the Shipping Paths of each sea (the Sea of Azov, the Black Sea):
  a non-mechanized Good Order unit or a Supply Point, from a Port to a Port of the same sea (decision: the Shipping
  Paths join every Port of a sea; the map prints no paths), starting and ending in an EZOC if need be, for its whole
  MA; a Combat Unit lands Disrupted. Soviet Naval Infantry use Tactical Movement instead (the sea move is one of
  its two hexes), land in Good Order and may land at a vacant Axis-controlled Port; no other unit lands in an
  enemy-occupied or enemy-controlled Port.
- 5.7.2: only the Axis crosses the Kerch Strait, between Entry Area W and Taman (1549), and only while no Soviet
  unit is in Taman: one unit a turn, in Good Order, for its whole MA; it lands Disrupted (decision: the crossing back
  to W is the same move).
- 5.5.3: in each Soviet Movement Phase one Volga hexside in or north of hex 5622 may be the Volga Flotilla's, a
  Ferry for the Soviets (``flotilla``); it must be placed before units cross there.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import control
from .data import facts, scenario_facts
from .state import DISRUPTED, GOOD_ORDER, Moved, State
from .units import Info, info, name, ready_sp
from .zoc import other, sides

SEA, KERCH = "sea", "kerch"


def _land(ctx: Context, state: State, uid: str, to: str, mode: str, disrupt: bool, record, hexes: int = 0,
          stopped: bool = True) -> State:
    us = state.units[uid]
    units = dict(state.units)
    units[uid] = evolve(us, loc=to, order=DISRUPTED if disrupt and info(ctx, state, uid).combat else us.order)
    note_changes(ctx, state.units, units, [uid])
    moved = {**state.moved, uid: Moved(us.loc or "", 0, hexes, mode, stopped, True)}
    return control.enter(ctx, state, ctx.game.units[uid].side, [to], units=units, record=record, moved=moved)


def kerch(ctx: Context, state: State, uid: str, to: str) -> tuple[State, list[Finding]]:
    """5.7.2: the Kerch Strait, between Entry Area W and Taman."""
    f = facts(ctx).sea
    us = state.units[uid]
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    findings = []
    if scenario_facts(ctx).areas.get(f.kerch_area) != side:
        findings.append(Finding("5.7.2", f"{who}: only the Axis crosses the Kerch Strait", (uid,)))
    elif {us.loc, to} != {f.kerch_area, f.kerch_hex}:
        findings.append(Finding("5.7.2", f"{who}: the Kerch Strait joins Entry Area {f.kerch_area} and Taman "
                                         f"({f.kerch_hex}) only", (uid,)))
    elif sides(ctx, state, other(ctx, side)).units & move_bits(ctx).bit[f.kerch_hex]:
        findings.append(Finding("5.7.2", f"{who}: no unit crosses the Kerch Strait while a Soviet unit is in Taman",
                                (uid,)))
    elif state.record.kerch >= f.kerch_units:
        findings.append(Finding("5.7.2", f"{who}: one unit a turn crosses the Kerch Strait", (uid,)))
    elif uid in state.moved:
        findings.append(Finding("5.7.2", f"{who} has moved: crossing the Kerch Strait takes its whole MA", (uid,)))
    elif us.order != GOOD_ORDER:
        findings.append(Finding("13.2.1", f"{who} is not in Good Order and may not leave the Entry Area", (uid,)))
    record = evolve(state.record, kerch=state.record.kerch + 1)
    return _land(ctx, state, uid, to, KERCH, True, record), findings


def _seas(ctx: Context, a: str, b: str) -> list[str]:
    hexes = ctx.game.map.hexes
    if a not in hexes or b not in hexes or "port" not in hexes[a].features or "port" not in hexes[b].features:
        return []
    return sorted(hexes[a].coasts & hexes[b].coasts)


def _may_sail(i: Info, order: str) -> bool:
    """5.7.1: a Supply Point (any: 18.6.3, 18.6.8), or a non-mechanized Combat Unit in Good Order. An SP moves as a
    Mechanized unit on land (18.6.3), but 5.7.1 names it beside the non-mechanized units, so its mechanized trait
    does not keep it off the Shipping Paths."""
    if "supply" in i.tags:
        return True
    return i.combat and not i.mechanized and order == GOOD_ORDER


def handle_sea(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``sea`` line (5.7.1)."""
    uid, to = action["unit"], action["to"]
    us = state.units[uid]
    i = info(ctx, state, uid)
    f = facts(ctx).sea
    who = name(ctx, state, uid)
    naval = "seaborne" in i.tags
    seas = _seas(ctx, us.loc or "", to)
    free = [s for s in seas if state.record.sea.get(s, 0) < f.per_sea]
    findings = []
    bit = move_bits(ctx).bit
    enemy = sides(ctx, state, other(ctx, i.side)).units
    moved = state.moved.get(uid)
    if i.side != f.shipping_side or i.side != action.side:
        findings.append(Finding("5.7.1", f"{who}: only the Soviet player uses the Shipping Paths, with his own units",
                                (uid,)))
    elif not seas:
        findings.append(Finding("5.7.1", f"{who}: the Shipping Paths run from a Port to a Port of the same sea; "
                                         f"{us.loc} to {to} is not such a move", (uid,)))
    elif not free:
        findings.append(Finding("5.7.1", f"{who}: one unit a turn uses the Shipping Paths of the "
                                         f"{ctx.game.map.seas[seas[0]].name}", (uid,)))
    elif ready_sp(ctx, state, uid):
        findings.append(Finding("18.6.3", f"{who} is a Supply Point on its Ready side: it moves only by Tactical "
                                          "Movement, not by sea", (uid,)))
    elif not _may_sail(i, us.order):
        findings.append(Finding("5.7.1", f"{who}: only non-mechanized Good Order units and Supply Points move by sea",
                                (uid,)))
    elif us.train or uid in state.record.rail:
        findings.append(Finding("5.6.3", f"{who} moved by rail this turn", (uid,)))
    elif moved is not None and (not naval or moved.mode != "tactical" or moved.hexes >= 2):
        findings.append(Finding("5.7.1", f"{who} has moved: a sea move takes its whole MA (Naval Infantry: one of "
                                         "its two Tactical Movement hexes)", (uid,)))
    elif enemy & bit[to] or (state.control.get(to) not in (None, i.side) and not naval):
        findings.append(Finding("5.7.1", f"{who}: {to} is an enemy Port (only Naval Infantry land at a vacant "
                                         "Axis-controlled Port)", (uid,)))
    sea = (free or seas or [""])[0]
    record = evolve(state.record, sea={**state.record.sea, sea: state.record.sea.get(sea, 0) + 1}) if sea \
        else state.record
    if naval:
        before = moved.hexes if moved else 0
        return _land(ctx, state, uid, to, "tactical", False, record, before + 1, before + 1 >= 2), findings
    return _land(ctx, state, uid, to, SEA, True, record), findings


def _row(hid: str, digits: int) -> int:
    return int(hid[digits:])


def handle_flotilla(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``flotilla`` line (5.5.3): the Volga Flotilla marker on a Volga hexside for this Soviet Movement Phase."""
    a, b = action["hexside"]
    f = facts(ctx)
    digits = ctx.game.map.grid.id_digits
    feats = ctx.board.hexside(a, b)
    findings = []
    if action.side != f.volga_side:
        findings.append(Finding("5.5.3", "only the Soviets have the Volga Flotilla"))
    elif "volga" not in feats or "rail_ferry" in feats:
        findings.append(Finding("5.5.3", f"{a}-{b} is not a Volga hexside the Flotilla may use"))
    elif min(_row(a, digits), _row(b, digits)) > _row(f.flotilla_limit, digits):
        findings.append(Finding("5.5.3", f"the Volga Flotilla hexside must be in or north of hex {f.flotilla_limit}; "
                                         f"{a}-{b} is south of it"))
    elif state.flotilla_set:
        findings.append(Finding("5.5.3", "the Volga Flotilla marker is placed once a Soviet Movement Phase"))
    m = state.markers
    return evolve(state, markers=evolve(m, flotilla=(a, b)), flotilla_set=True), findings
