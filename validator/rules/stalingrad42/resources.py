"""Resource Points, ASUs and Supply Points (18.0), Fortifications (9.7.2-9.7.5) and Planned Offensive markers
(26.2): **issue 15** fills this module in.

What is here applies the logged actions without checks: ``flip`` turns a unit (an ASU to Ready or Used, an SP to
its Ready or Full Movement side, a Leader, an Air unit); a flip paid by an SP removes it (18.6.4); ``fortify``
begins a Fortification (under construction); ``unfortify`` removes one; ``offensive`` places a Planned Offensive
marker on an HQ (waiting). Completed in the next friendly Initial Phase: :func:`begin_initial`.

To do (issue 15): 18.1 (two RPs a turn and what they buy: ``state.record.resource_points``), 18.2-18.6, 9.7.2-9.7.5,
9.7.7 (:func:`end_player_turn`), 26.x.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Action, Finding
from .state import Fort, State, UnitState


def handle_flip(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    units = dict(state.units)
    units[uid] = evolve(units[uid], face=action["face"])
    changed = [uid]
    pay = action.get("pay")
    if pay and pay != "rp" and pay in units:
        side = ctx.game.units[pay].side
        units[pay] = UnitState(f"eliminated_{side}")  # 18.6.4: the SP is used up
        changed.append(pay)
    note_changes(ctx, state.units, units, changed)
    return evolve(state, units=units), []


def handle_fortify(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    m = state.markers
    forts = {**m.forts, action["hex"]: Fort(action.side, False)}
    return evolve(state, markers=evolve(m, forts=forts)), []


def handle_unfortify(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    m = state.markers
    forts = {h: f for h, f in m.forts.items() if h != action["hex"]}
    return evolve(state, markers=evolve(m, forts=forts)), []


def handle_offensive(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    uid = action["unit"]
    units = dict(state.units)
    units[uid] = evolve(units[uid], offensive="waiting")
    return evolve(state, units=units), []


def begin_initial(ctx: Context, state: State, side: str) -> State:
    """The side's Initial Phase begins: its Fortifications under construction are completed (9.7.2) and its Planned
    Offensive markers flip to their Ready side (26.2)."""
    m = state.markers
    if any(not f.complete and f.side == side for f in m.forts.values()):
        forts = {h: (Fort(f.side, True) if f.side == side else f) for h, f in m.forts.items()}
        state = evolve(state, markers=evolve(m, forts=forts))
    waiting = [u for u, us in state.units.items() if us.offensive == "waiting" and ctx.game.units[u].side == side]
    if waiting:
        units = dict(state.units)
        for u in waiting:
            units[u] = evolve(units[u], offensive="ready")
        state = evolve(state, units=units)
    return state


def end_player_turn(ctx: Context, state: State, side: str) -> tuple[State, list[Finding]]:
    """A player turn ends (issue 15: 9.7.7 printed Fortifications deactivated at the end of a Soviet Player Turn)."""
    return state, []
