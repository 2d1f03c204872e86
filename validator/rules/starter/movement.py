"""Movement (starter rules 2.0-2.4): a unit moves in its side's Movement Phase, hex by hex, paying the Terrain
Effects Chart's cost for its movement class up to its movement allowance (MA; 2.1); it must stop on entering an
enemy zone of control (the hexes next to an enemy unit, 2.2); it never enters a hex of enemy units (2.3) nor
prohibited terrain, and each step goes to an adjacent hex across a passable hexside (2.4). Several moves of one
unit in one phase continue the same movement."""

from __future__ import annotations

from ...engine import paths
from ...engine.bits import mask
from ...engine.context import Context
from ...engine.paths import move_bits
from ...engine.position import enemy_zoc_set, held_by_others, position
from ...engine.state import enter, evolve
from ...model import Action, Finding
from .board import PROHIBITED, move_class
from .state import State, UnitState


def _unit(ctx: Context, state: State, action: Action) -> tuple[str, UnitState | None, list[Finding]]:
    uid = action["unit"]
    us = state.units.get(uid)
    if us is None or us.loc not in ctx.board.locations:
        return uid, None, [Finding("2.0", f"{uid} is not on the map", (uid,))]
    if ctx.game.units[uid].side != action.side:
        return uid, None, [Finding("2.0", f"{uid} is not a unit of {action.side}", (uid,))]
    return uid, us, []


def handle_move(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, us, findings = _unit(ctx, state, action)
    if us is None:
        return state, findings
    face = ctx.game.units[uid].face(us.face)
    ma = face.ma or 0
    column = move_class(ctx, uid, us.face)
    pos = position(ctx, state.units)
    side = action.side
    enemy = held_by_others(pos, side)
    ezoc = enemy_zoc_set(pos, side)
    spent = state.spent.get(uid, 0)
    path = list(action.get("path") or [])
    if path and path[0] == us.loc:
        path = path[1:]
    if not path:  # "to": the cheapest legal path, if there is one
        dest = action["to"]
        b = move_bits(ctx)
        search = paths.explore(ctx, us.loc, spent, 0, mask(b.bit, enemy), 0, mask(b.bit, ezoc - {us.loc}), ma,
                               False, ctx.board.cost, column, dest)
        if dest not in paths.found(ctx, search):
            findings.append(Finding("2.1", f"{uid} ({face.name}) cannot reach {dest} from {us.loc} with {ma - spent} "
                                           f"MP left (MA {ma}), stopping in enemy zones of control", (uid,),
                                    (us.loc, dest)))
            return _moved(state, side, uid, us, [dest], ma, ezoc), findings
        path = list(paths.path(ctx, search, dest))
    at, cost, reported = us.loc, spent, False
    for k, loc in enumerate(path):
        problem = None
        if loc not in ctx.board.locations:
            problem = ("2.4", f"{loc} is not a hex or area units may enter")
        elif loc not in ctx.board.open_neighbours.get(at, ()):
            problem = ("2.4", f"{loc} is not next to {at} across a passable hexside")
        elif loc in enemy:
            problem = ("2.3", f"{loc} holds enemy units")
        else:
            step = ctx.board.cost[loc][column]
            if step >= PROHIBITED:
                problem = ("2.4", f"the terrain of {loc} is prohibited to its movement class")
            cost += step
        if problem is None and at in ezoc and at != us.loc and k > 0:
            problem = ("2.2", f"it entered an enemy zone of control at {at} and must stop there; it went on to {loc}")
        if problem is not None and not reported:
            findings.append(Finding(problem[0], f"{uid} ({face.name}): {problem[1]}", (uid,), (us.loc, *path)))
            reported = True
        at = loc
    if cost > ma and not reported:
        findings.append(Finding("2.1", f"{uid} ({face.name}) needs {cost} MP for {'-'.join([us.loc, *path])} but "
                                       f"may spend {ma} (MA {ma})", (uid,), (us.loc, *path)))
    return _moved(state, side, uid, us, path, cost, ezoc), findings


def _moved(state: State, side: str, uid: str, us: UnitState, path: list[str], cost: int, ezoc) -> State:
    """The unit at the end of its path, its MP spent (all of them once it stands in an enemy zone of control)."""
    at = path[-1] if path else us.loc
    units = dict(state.units)
    units[uid] = UnitState(at, us.face)
    spent = dict(state.spent)
    spent[uid] = max(cost, state.spent.get(uid, 0) if at not in ezoc else 10 ** 6)
    return enter(state, side, path, units=units, spent=spent)


def handle_relocate(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """``place`` and ``remove``: the unit goes where the log says (a box, or a hex for a placement)."""
    uid = action["unit"]
    old = state.units.get(uid)
    units = dict(state.units)
    units[uid] = UnitState(action["to"], action.get("face") or (old.face if old else "front"))
    return evolve(state, units=units), []
