"""Rail Movement (5.6) and the Vladimirovka rail ferry (5.5.7).

- 5.6.1: in his Movement Phase the phasing player moves units any distance along connected rail hexes (railroads
  crossing hexsides), into a friendly Entry Area too (they stay there until the next turn); a Train marker goes on
  each (``rail`` line: ``path`` or ``to``).
- 5.6.2: at most four units a turn, of which one at most starts on a rail hex of the map, the others in a friendly
  Entry Area (Leaders free, 28.1.5).
- 5.6.3: the move starts and ends on a rail hex or in an Entry Area, follows usable rail (for the Axis repaired:
  17.1; never the Caspian line, 5.6.6; unfinished lines from their turn, 17.5), never starts in or enters an EZOC
  (friendly units do not negate them here), never enters a hex with an enemy Combat Unit (5.1; a lone enemy Non-Combat
  Unit never impedes it, 19.2, and a railing Combat Unit removes it, 19.3); only Good Order units; a Combat
  Unit never ends stacked with another Combat Unit that moved by rail this turn; the Soviets never rail into or past
  an Axis Railhead; a unit that moved otherwise this turn does not rail, one that railed moves no more (one under a
  Train marker in the Movement Phase railed this phase, 5.6.5: ``movement.railed``; it counts against 5.6.2's four).
- 5.6.1 with 5.1: a ``rail`` line of the unit that moved last, right after its own rail line, goes on with that rail
  move (``continues``): one move, counted once against 5.6.2's limits, unless it stopped in an Entry Area (5.6.1:
  there it stays until the next turn).
- 5.5.7: one Soviet Combat Unit or Supply Point a turn crosses the Volga at Vladimirovka, as part of its rail move.
- S1.2: in Fall Blau a Soviet reinforcement waiting in Entry Area A or B may instead enter the map entrained at a rail
  hex whose railroad leaves the map across its east or south edge (the scenario's ``rail_entry``): its path begins
  with that hex; it counts as a rail move from an Entry Area.
- 21.4: a unit with a Replacement marker does not rail; 13.2.1: nor a Disrupted one; nor one that may move only by
  Tactical Movement (16.4, 33.2.3, S1.2, S4.2: ``movement.tactical_only``).
- 5.6.5: Train markers come off in the owner's Initial Phase (``detrain`` lines, or all of them when it ends); a unit
  that retreats detrains (``retreat``).
"""

from __future__ import annotations

from typing import Sequence

from ...engine.context import Context
from ...engine.paths import explore, move_bits, path as search_path
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from . import control, losses, special
from .board import in_play, off_the_maps, rail_exits
from .data import facts, scenario_facts
from .entry import placements
from .movement import railed, tactical_only
from .state import GOOD_ORDER, Moved, State
from .supply import all_rail_hexes, rail_hexes
from .terrain import crossings
from .units import info, name, ready_sp, table
from .zoc import ezoc_bits, locations, other, sides, units_in

RAIL = "rail"


def _usable(ctx: Context, state: State, side: str) -> int:
    """The hexes and Entry Areas a rail move may enter: usable rail hexes free of EZOCs and enemy Combat Units (5.1:
    enemy Non-Combat Units alone never impede it, 19.2), friendly Entry Areas in play; for the Soviets not the
    Railheads' hexes (5.6.3)."""
    bit = move_bits(ctx).bit
    out = rail_hexes(ctx, state, side) & ~ezoc_bits(ctx, state, side) & ~sides(ctx, state, other(ctx, side)).combat
    if side == facts(ctx).volga_side:
        for r in state.markers.railheads:
            out &= ~bit[r.hex]
    return out | _friendly_areas(ctx, side)


def _friendly_areas(ctx: Context, side: str) -> int:
    bit = move_bits(ctx).bit
    out = 0
    for area, owner in scenario_facts(ctx).areas.items():
        if owner == side and area in bit and area != facts(ctx).entry.transit:
            out |= bit[area]
    return out


def _steps(ctx: Context, side: str, ferry: bool):
    """The rail steps: railroads across hexsides, the Vladimirovka ferry only when ``ferry`` (5.5.7)."""
    c = crossings(ctx)
    if ferry:
        return c.railroad
    return tuple(r & ~f for r, f in zip(c.railroad, c.rail_ferry))


def _ones(ctx: Context):
    t = ctx.derived.get("s42_ones")
    if t is None:
        t = ctx.derived["s42_ones"] = {loc: (1, 1) for loc in ctx.board.cost}
    return t


def problem(ctx: Context, state: State, action: Action, uid: str) -> Finding | None:
    """Whether this unit may move by rail now (5.6.2, 5.6.3, 21.4)."""
    u = ctx.game.units[uid]
    us = state.units[uid]
    who = name(ctx, state, uid)
    if u.side != action.side:
        return Finding("5.6.1", f"{who} is not the phasing player's unit", (uid,))
    if us.loc not in ctx.board.locations:
        return Finding("5.6.1", f"{who} is not on the map", (uid,))
    if continues(ctx, state, uid):
        return None  # the same rail move goes on: allowed where it began (5.6.2, 5.6.3)
    if railed(state, uid):
        return Finding("5.6.3", f"{who} already moved by rail this turn", (uid,))
    if uid in state.moved:
        return Finding("5.6.3", f"{who} moved this turn and may not also use Rail Movement", (uid,))
    if us.order != GOOD_ORDER:
        return Finding("5.6.3", f"{who} is not in Good Order; only Good Order units use Rail Movement", (uid,))
    if ready_sp(ctx, state, uid):
        return Finding("18.6.3", f"{who} is a Supply Point on its Ready side: it moves only by Tactical Movement, "
                                 "not by rail", (uid,))
    if us.replaced:
        return Finding("21.4", f"{who} received a Replacement this turn and may not use Rail Movement", (uid,))
    held = special.held(ctx, state, uid)
    if held is not None:
        return Finding(held[0], f"{who} may not move yet: {held[1]}", (uid,))
    for rule in ctx.scenario.immobile:
        if uid in rule.units and state.turn in rule.turns:
            return Finding("5.6.1", f"{who} may not move: {rule.text}", (uid,))
    forced = tactical_only(ctx, state, uid)  # 16.4, 33.2.3, S1.2, S4.2: Rail Movement is not Tactical Movement
    if forced is not None:
        return Finding(forced[0], f"{who} may move only by Tactical Movement (two hexes), not by rail: {forced[1]}",
                       (uid,))
    leader = "commander" in table(ctx)[uid, us.face].tags
    f = facts(ctx).rail
    r = state.record
    counted = {x for x in r.rail if "commander" not in table(ctx)[x, state.units[x].face].tags} | \
        {x for x, s in state.units.items() if s.train and ctx.game.units[x].side == u.side and railed(state, x)}
    if not leader and len(counted) >= f.limit:
        return Finding("5.6.2", f"{who}: {f.limit} units already moved by rail this turn (5.6.2: four a turn)", (uid,))
    on_map = us.loc not in ctx.game.map.areas
    if not leader and on_map and r.rail_from_map >= f.from_map:
        return Finding("5.6.2", f"{who}: only {f.from_map} of the units moved by rail a turn may start on the map; the "
                                "others start in a friendly Entry Area", (uid,))
    bit = move_bits(ctx).bit
    if on_map and not rail_hexes(ctx, state, u.side) & bit[us.loc]:
        return Finding("5.6.3", f"{who} is not on a usable rail hex ({us.loc})", (uid,))
    if on_map and ezoc_bits(ctx, state, u.side) & bit[us.loc]:
        return Finding("5.6.3", f"{who} starts in an enemy zone of control at {us.loc}; Rail Movement never starts in "
                                "one", (uid,))
    if not on_map and scenario_facts(ctx).areas.get(us.loc or "") != u.side:
        return Finding("5.6.3", f"{who} is not in a friendly Entry Area", (uid,))
    return None


def continues(ctx: Context, state: State, uid: str) -> bool:
    """A rail line of ``uid`` now goes on with its rail move: it is the last unit that moved (5.1: one unit's movement
    is completed before another's begins), by rail, and stopped on a map hex (5.6.1: not in an Entry Area)."""
    moved = state.moved.get(uid)
    return moved is not None and moved.mode == RAIL and next(reversed(state.moved)) == uid and \
        state.units[uid].loc not in ctx.game.map.areas


def edge_entries(ctx: Context, state: State, uid: str) -> frozenset[str]:
    """S1.2: the map-edge rail hexes where ``uid`` may enter the map entrained: for a reinforcement waiting in one of
    the scenario's ``rail_entry`` Entry Areas, the rail hexes whose railroad leaves the maps across its edges."""
    entry = scenario_facts(ctx).rail_entry
    if entry is None or state.units[uid].loc not in entry.areas or uid not in placements(ctx):
        return frozenset()
    return frozenset(h for h, edge in rail_exits(ctx).items() if edge in entry.edges)


def _ferry_ok(ctx: Context, state: State, uid: str) -> bool:
    """5.5.7: the Vladimirovka ferry is the Soviets', for one Combat Unit or SP a turn."""
    i = info(ctx, state, uid)
    return (i.side == facts(ctx).volga_side and (i.combat or "supply" in i.tags)
            and state.record.ferry < facts(ctx).rail.ferry_units)


def check_path(ctx: Context, state: State, uid: str, path: Sequence[str]) -> list[Finding]:
    side = ctx.game.units[uid].side
    who = name(ctx, state, uid)
    usable = _usable(ctx, state, side)
    bit = move_bits(ctx).bit
    board = ctx.board
    start = state.units[uid].loc or ""
    cur = start
    full = (start,) + tuple(path)
    areas = ctx.game.map.areas
    edge = edge_entries(ctx, state, uid) if path[0] not in board.neighbours.get(start, ()) else frozenset()
    for nxt in path:
        feats = board.hexside(cur, nxt)
        if not board.adjacent(cur, nxt) and not (cur == start and nxt in edge):  # (S1.2: entrained from the edge)
            why = f"{who}: {nxt} is not next to {cur}; Rail Movement follows the rail"
            entry = scenario_facts(ctx).rail_entry
            if cur == start and entry is not None and nxt in rail_exits(ctx):
                why += (f" (S1.2: only a reinforcement waiting in Entry Area {' or '.join(sorted(entry.areas))} enters "
                        "the map entrained from its edge)")
            return [Finding("5.6.1", why, (uid,), full)]
        if cur not in areas and nxt not in areas and "railroad" not in feats:
            return [Finding("5.6.3", f"{who}: no railroad joins {cur} and {nxt}", (uid,), full)]
        if "rail_ferry" in feats and not _ferry_ok(ctx, state, uid):
            return [Finding("5.5.7", f"{who}: the Vladimirovka ferry takes one Soviet Combat Unit or Supply Point a "
                                     "turn", (uid,), full)]
        if nxt not in in_play(ctx):
            return [evolve(off_the_maps(ctx, who, nxt, uid), path=full)]
        if not usable & bit.get(nxt, 0):
            return [Finding("5.6.3", f"{who}: {nxt} {_why(ctx, state, side, nxt)}", (uid,), full)]
        cur = nxt
    end = path[-1]
    if end in areas and scenario_facts(ctx).areas.get(end) != side:
        return [Finding("5.6.1", f"{who}: {end} is not a friendly Entry Area", (uid,), full)]
    if info(ctx, state, uid).combat:
        here = units_in(ctx, state, end)
        others = [u for u in here if railed(state, u) and table(ctx)[u, state.units[u].face].combat]
        if others and end not in areas:
            return [Finding("5.6.3", f"{who} ends its rail move in {end} with {', '.join(others)}, which moved by rail "
                                     "this turn too", (uid,), full)]
    return []


def _why(ctx: Context, state: State, side: str, hid: str) -> str:
    bit = move_bits(ctx).bit
    if hid in ctx.game.map.areas:
        return "is not a friendly Entry Area"
    if not rail_hexes(ctx, state, side) & bit[hid]:
        return "is not a usable rail hex (repaired for the Axis: 17.1; unfinished lines: 17.5)"
    if ezoc_bits(ctx, state, side) & bit[hid]:
        return "is in an enemy zone of control; Rail Movement never enters one (friendly units do not negate it)"
    if sides(ctx, state, other(ctx, side)).combat & bit[hid]:
        return "holds an enemy Combat Unit (5.1)"
    return "holds an Axis Railhead: Soviet units never rail into or past one"


def handle_rail(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``rail`` line (5.6.1-5.6.3, 5.5.7): checked, then the unit ends its move under a Train marker."""
    uid = action["unit"]
    start = state.units[uid].loc or ""
    path = tuple(action.get("path") or (action["to"],))
    if path and path[0] == start:
        path = path[1:]
    if not path:
        return state, []
    findings = []
    prob = problem(ctx, state, action, uid)
    if prob is not None:
        findings = [evolve(prob, path=(start,) + path)]
    elif "path" in action.data:
        findings = check_path(ctx, state, uid, path)
    else:
        # the fewest-hex usable route; else one but for EZOCs, enemies and Railheads, else one along any railroad
        # (unrepaired, unfinished, the Caspian line), else one across the Vladimirovka ferry however used, to name
        # the rule it breaks (5.6.3, 5.5.7)
        found = route(ctx, state, uid, path[-1]) or route(ctx, state, uid, path[-1], strict=False) or \
            route(ctx, state, uid, path[-1], strict=False, any_rail=True) or \
            route(ctx, state, uid, path[-1], strict=False, any_rail=True, ferry=True)
        if found is None and path[-1] not in in_play(ctx):
            findings = [evolve(off_the_maps(ctx, name(ctx, state, uid), path[-1], uid), path=(start, path[-1]))]
        elif found is None:
            findings = [Finding("5.6.3", f"no rail route takes {name(ctx, state, uid)} from {start} to {path[-1]}",
                                (uid,), (start, path[-1]))]
        else:
            findings = check_path(ctx, state, uid, found)  # the steps, and where it ends (stacked railed units)
            path = found
    return apply(ctx, state, uid, path), findings


def route(ctx: Context, state: State, uid: str, dest: str, strict: bool = True, any_rail: bool = False,
          ferry: bool = False) -> tuple[str, ...] | None:
    """A rail route to ``dest`` (the fewest hexes; from the unit's location, or for a reinforcement that may enter
    the map entrained from its edge, from one of those hexes: S1.2), or None (``strict`` false: through EZOCs, enemy
    units and Railheads too; ``any_rail``: along any railroad, repaired or not; ``ferry``: across the Vladimirovka
    ferry even when this unit may not use it, 5.5.7; the last three to name the rule a route breaks)."""
    start = state.units[uid].loc or ""
    if dest == start:
        return None
    side = ctx.game.units[uid].side
    bit = move_bits(ctx).bit
    rails = all_rail_hexes(ctx) if any_rail else rail_hexes(ctx, state, side)
    usable = (_usable(ctx, state, side) if strict else rails | _friendly_areas(ctx, side)) | bit[start]
    steps = _steps(ctx, side, ferry or _ferry_ok(ctx, state, uid))
    found = None
    for first in (start,) + tuple(sorted(edge_entries(ctx, state, uid))):
        if not usable & bit[first]:
            continue
        s = explore(ctx, first, 0, 0, ~usable, 0, _areas(ctx) & ~bit[first], 10 ** 6, False, _ones(ctx), 0, dest,
                    steps)
        if first == dest or s.reached & bit.get(dest, 0):
            way = (() if first == start else (first,)) + (search_path(ctx, s, dest) if first != dest else ())
            if found is None or len(way) < len(found):
                found = way
    return found


def destinations(ctx: Context, state: State, uid: str) -> list[str]:
    """Every location a rail move of ``uid`` may end in now (for players)."""
    side = ctx.game.units[uid].side
    start = state.units[uid].loc or ""
    bit = move_bits(ctx).bit
    usable = _usable(ctx, state, side) | bit[start]
    s = explore(ctx, start, 0, 0, ~usable, 0, _areas(ctx) & ~bit[start], 10 ** 6, False, _ones(ctx), 0, None,
                _steps(ctx, side, _ferry_ok(ctx, state, uid)))
    return sorted(loc for loc in locations(ctx, s.reached) if loc != start)


def _areas(ctx: Context) -> int:
    bit = move_bits(ctx).bit
    out = 0
    for a in ctx.game.map.areas:
        out |= bit.get(a, 0)
    return out


def apply(ctx: Context, state: State, uid: str, path: Sequence[str]) -> State:
    """The unit ends its rail move: a Train marker (Leaders none, 28.1.5), the turn's rail count (5.6.2, 5.5.7); a
    Combat Unit removes the lone enemy Non-Combat Units of the hexes it entered (19.3). A rail move gone on with
    (``continues``) is counted once."""
    us = state.units[uid]
    side = ctx.game.units[uid].side
    leader = "commander" in table(ctx)[uid, us.face].tags
    r = state.record
    ferry = sum(1 for a, b in zip((us.loc,) + tuple(path), path) if "rail_ferry" in ctx.board.hexside(a or "", b))
    before = state.moved.get(uid) if continues(ctx, state, uid) else None
    record = evolve(r, ferry=r.ferry + ferry) if before else \
        evolve(r, rail=r.rail + (uid,), ferry=r.ferry + ferry,
               rail_from_map=r.rail_from_map + (0 if leader or us.loc in ctx.game.map.areas else 1))
    units = dict(state.units)
    units[uid] = evolve(us, loc=path[-1], train=not leader)
    note_changes(ctx, state.units, units, [uid])
    moved = {**state.moved, uid: Moved(before.start if before else us.loc or "", 0,
                                       len(path) + (before.hexes if before else 0), RAIL, True, True)}
    state = control.enter(ctx, state, side, path, units=units, record=record, moved=moved)
    if info(ctx, state, uid).combat:  # 19.3: lone enemy Non-Combat Units in the hexes it entered are removed
        state = losses.overrun(ctx, state, side, path)
    return special.after_move(ctx, state, uid, path)


def handle_detrain(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``detrain`` line (5.6.5): the Train marker comes off."""
    uid = action["unit"]
    us = state.units[uid]
    if not us.train:
        return state, [Finding("5.6.5", f"{name(ctx, state, uid)} carries no Train marker", (uid,))]
    if ctx.game.units[uid].side != action.side:
        return state, [Finding("5.6.5", f"{name(ctx, state, uid)} is not the phasing player's unit", (uid,))]
    units = dict(state.units)
    units[uid] = evolve(us, train=False)
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units), []


def end_initial(ctx: Context, state: State, side: str | None) -> State:
    """5.6.5: every Train marker of the phasing player comes off in his Initial Phase."""
    trained = [u for u, us in state.units.items() if us.train and ctx.game.units[u].side == side]
    if not trained:
        return state
    units = dict(state.units)
    for u in trained:
        units[u] = evolve(units[u], train=False)
    note_changes(ctx, state.units, units, trained)
    return evolve(state, units=units)
