"""Rail movement (9.0-9.2; detraining hexes from the 3rd-edition summary).

- 9.0: only mobile (non-fort) units entrain, during their own Movement Phase, into their side's Rail Movement box;
- 9.1: one friendly supplied unit (no Unsupplied marker) per Movement Phase entrains free, in lieu of any other
  movement that phase (a unit that moved does not entrain, an entrained unit does not move);
- 9.1.1: each further unit costs one card (``pay``);
- 9.1.2: at most the box's ``capacity`` (3) units in a side's Rail Movement box;
- 9.1.3: on turns with the ``limited_rail`` turn event (turns 1-2) no further unit may be bought;
- 9.2: in his Detraining Phase a player may put any units of his box back on the map: in a friendly supplied city
  (even in an enemy zone of control), or in a hex that is not in an EZOC, not enemy-controlled and within 3 hexes
  (a supply path, 6.3 blocking) of a friendly supplied city or friendly map edge (3rd-ed summary). Units may stay
  in the box. A unit detrained into Finland enters it: only German, Finnish and Soviet units may (8.6).
"""

from __future__ import annotations

from ...engine.context import Context, once
from ...engine.position import held_by_others, note_changes, position
from ...engine.state import evolve, face_of, unit_name, updated
from ...model import Action, Finding, indefinite
from .cards import overpaid, payment, spend
from .control import controller, enter
from .movement import RESTRICTED_AREAS, immobile_problem
from .state import State, relocated
from .supply import SupplyNet, supply_net, within
from .supply_phase import reported_markers
from .zoc import enemy_zoc

LIMITED_RAIL = "limited_rail"  # turn-event code: no paid entraining this turn (9.1.3)
DETRAIN_RANGE = 3  # 3rd-ed summary: within 3 hexes of a supplied city or map edge


def rail_box(ctx: Context, side: str) -> str:
    """The side's Rail Movement box: its holding box with a capacity (``boxes.toml``)."""
    made = ctx.tables.get(("rail_box", side))  # (asked at every entrainment: looked up without once's call)
    if made is None:
        made = once(ctx, ("rail_box", side),
                    lambda c: next(b.id for b in c.game.map.boxes.values() if b.side == side and b.capacity))
    return made


def in_box(state: State, box: str) -> list[str]:
    return sorted([uid for uid, us in state.units.items() if us.loc == box])


def limited_rail(ctx: Context, turn: int) -> bool:
    return any(e.code == LIMITED_RAIL for e in ctx.game.turns[turn].events)


def entrain_problems(ctx: Context, state: State, action: Action, uid: str) -> list[Finding]:
    side = action.side
    name = unit_name(ctx, uid, state)
    us = state.units[uid]
    if ctx.game.units[uid].side != side:
        return [Finding("9.1", f"{name} is not {indefinite(ctx.game.sides[side].name)} unit", (uid,))]
    if us.loc not in ctx.board.locations:
        return [Finding("9.1", f"{name} is not on the map", (uid,))]
    face = face_of(ctx, state, uid)
    if not ctx.game.unit_types[face.type].mobile or not face.ma:
        return [Finding("9.0", f"{name} is immobile; only mobile units entrain", (uid,), (us.loc,))]
    still = immobile_problem(ctx, state, uid)
    if still is not None:
        return [still]
    out = []
    if us.unsupplied:
        out.append(Finding("9.1", f"{name} has an Unsupplied marker; only supplied units entrain", (uid,), (us.loc,)))
    if uid in state.moved:
        out.append(Finding("9.1", f"{name} moved this phase; entraining is in lieu of any other movement", (uid,),
                           (us.loc,)))
    box = ctx.game.map.boxes[rail_box(ctx, side)]
    held = in_box(state, box.id)
    if len(held) >= (box.capacity or 0):
        out.append(Finding("9.1.2", f"the {box.name} box already holds {len(held)} units ({', '.join(held)}); "
                                    f"its capacity is {box.capacity}", (uid,), (us.loc,)))
    extra = overpaid(ctx, state, side, payment(action), 1 if state.entrained else 0,
                     f"entraining {name}" if state.entrained else f"the first unit entrained this phase ({name})")
    if state.entrained:
        if limited_rail(ctx, state.turn):
            out.append(Finding("9.1.3", f"{name} would be unit number {len(state.entrained) + 1} entrained this "
                                        f"phase; on turn {state.turn} only the free entrain is allowed (no rail "
                                        "moves may be bought)",
                               (uid,), (us.loc,)))
        elif not payment(action):
            out.append(Finding("9.1.1", f"{name} is not the first unit entrained this phase "
                                        f"({state.entrained[0]} was the free one); each further one costs a card",
                               (uid,), (us.loc,)))
        elif extra:
            out.append(Finding("9.1.1", extra, (uid,), (us.loc,)))
    elif extra:  # the first unit entrained this phase goes free
        out.append(Finding("9.1.1", extra, (uid,), (us.loc,)))
    return out


def handle_entrain(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    findings = entrain_problems(ctx, state, action, uid)
    state, paid = spend(ctx, state, action.side, payment(action), "9.1.1", f"entraining {uid}")
    units = updated(state.units, uid, relocated(ctx, state.units[uid], rail_box(ctx, ctx.game.units[uid].side)))
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units, entrained=state.entrained + (uid,)), findings + paid


def detrain_problem(ctx: Context, state: State, side: str, loc: str, net: SupplyNet | None = None,
                    ezoc: frozenset[str] | None = None) -> str | None:
    """Why ``side`` may not detrain into ``loc`` (9.2), or None."""
    if loc not in ctx.board.locations:
        return f"{loc} is not a land hex or area of the map"
    net = net or supply_net(ctx, state, side)
    ezoc = enemy_zoc(ctx, state, side) if ezoc is None else ezoc
    if loc in held_by_others(position(ctx, state.units), side):
        return f"{loc} holds enemy units"
    if loc in net.cities:
        return None
    owner = controller(ctx, state, loc)
    if loc in ctx.board.cities and owner == side:
        return f"{loc} is a friendly city but cannot trace a supply path to a friendly map edge (6.1)"
    if owner is not None and owner != side:
        return f"{loc} is enemy-controlled"
    if loc in ezoc:
        return f"{loc} is in an enemy zone of control (only a friendly supplied city may be)"
    if not within(net, loc, DETRAIN_RANGE):
        return f"{loc} is not within {DETRAIN_RANGE} hexes of a friendly supplied city or friendly map edge"
    return None


def detrain_hexes(ctx: Context, state: State, side: str) -> list[str]:
    """Every location ``side`` may detrain into now (for players and for hints)."""
    net = supply_net(ctx, state, side)
    ezoc = enemy_zoc(ctx, state, side)
    return sorted(loc for loc in ctx.board.locations if detrain_problem(ctx, state, side, loc, net, ezoc) is None)


def handle_detrain(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid, loc, side = action["unit"], action["to"], action.side
    name = unit_name(ctx, uid, state)
    findings = []
    box = rail_box(ctx, ctx.game.units[uid].side)
    if ctx.game.units[uid].side != side or state.units[uid].loc != box:
        where = state.units[uid].loc or "not in play"
        findings.append(Finding("9.2", f"{name} is not in the {side} Rail Movement box (it is {where})", (uid,),
                                (loc,)))
    why = detrain_problem(ctx, state, side, loc)
    other = reported_markers(ctx, state) if why else None
    if other is not None:  # with the markers the Supply Check reported either way (6.4, 6.5.3: one report)
        why = detrain_problem(ctx, other, side, loc)
    if why:
        findings.append(Finding("9.2", f"{name} may not detrain in {loc}: {why}", (uid,), (loc,)))
    if ctx.game.units[uid].nationality in RESTRICTED_AREAS.get(loc, ()):  # a train enters Finland too (8.6)
        findings.append(Finding("8.6", f"{name} may not detrain in {ctx.game.map.areas[loc].name}: only German, "
                                       "Finnish and Soviet units may enter it", (uid,), (loc,)))
    units = updated(state.units, uid, relocated(ctx, state.units[uid], loc))
    note_changes(ctx, state.units, units, [uid])
    return enter(ctx, state, ctx.game.units[uid].side, [loc], units=units), findings
