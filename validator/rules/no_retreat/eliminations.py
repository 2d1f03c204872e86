"""What follows when units leave the map for a box, whatever action sent them there.

- 12.4: each unit that enters a Surrendered box scores one Event VP for the enemy, except cadres (15.3.3);
- 3rd-ed summary (Marker/Unit Removal): eliminated Axis allied armies and Luftwaffe units go to the Game Turn
  track and come back as reinforcements the next turn; with optional rule 15.3, from the ``kampfgruppe`` turn
  (11) an Axis allied army off the map is removed from play instead (15.3.1);
- 15.3.3: a cadre removed from the map for any reason but rail movement goes to the Game Turn track and comes
  back to its side's Cadre Units Available box the next turn on which no other cadre of its side arrives;
- the Berlin Garrison eliminated: Soviet Total Victory (``victory``).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.position import changes
from ...engine.state import evolve
from .placement import CADRE_OPTION, CADRE_TYPE, TURN_TRACK
from .state import State
from .track_state import TurnTrack
from .turn_events import KAMPFGRUPPE
from .victory import garrison_victory, gain

TO_TRACK_NATIONALITIES = frozenset({"axis_ally"})  # 3rd-ed summary: eliminated Axis allies to the turn track
TO_TRACK_TYPES = frozenset({"luftwaffe"})  # ... and Luftwaffe units


def box_kind(box: str | None) -> str:
    """"destroyed", "surrendered", "shattered", "rail", "cadre" ... for a side's box id, else ""."""
    return box.rsplit("_", 1)[0] if box and "_" in box else ""


def _cadre_return_turn(ctx: Context, state: State, side: str, returns: dict[str, int]) -> int:
    """The next turn on which no other cadre of ``side`` arrives (15.3.3)."""
    taken = {t for u, t in returns.items() if ctx.game.units[u].side == side
             and ctx.game.units[u].front.type == CADRE_TYPE}
    turn = state.turn + 1
    while turn in taken:
        turn += 1
    return turn


def after(ctx: Context, before: State, state: State) -> State:
    """Apply the consequences of units that entered boxes during the last action: Event VPs for surrenders (12.4),
    Axis allies and Luftwaffe units to the turn track, or out of play with the cadre rule (15.3), cadres to the turn
    track (15.3.3), the Berlin Garrison's end (12.2)."""
    if state.units is before.units:
        return state
    game = ctx.game
    locations = ctx.board.locations
    units = None
    returns = None
    was, now = before.units, state.units
    changed = changes(ctx, was, now)
    hexes = ctx.game.map.hexes
    for uid in now if changed is None else changed:
        us = now[uid]
        old = was[uid].loc
        if us.loc == old or us.loc in hexes:  # nothing follows a unit's arrival in a hex
            continue
        u = game.units[uid]
        kind = box_kind(us.loc)
        face_type = ctx.unit_type[uid, us.face]
        if kind == "surrendered" and box_kind(old) != "surrendered" and face_type != CADRE_TYPE:
            state = gain(ctx, state, next(s for s in game.sides if s != u.side), 1)
        if kind in ("destroyed", "surrendered"):
            victory = garrison_victory(ctx, state, uid)
            if victory is not None:
                state = evolve(state, score=evolve(state.score, result=victory))
        to_track = None
        if face_type == CADRE_TYPE and old in locations and kind not in ("rail", "cadre", ""):
            returns = dict(state.track.returns) if returns is None else returns
            to_track = _cadre_return_turn(ctx, state, u.side, returns)
        elif kind in ("destroyed", "surrendered") and (u.nationality in TO_TRACK_NATIONALITIES
                                                      or face_type in TO_TRACK_TYPES):
            late = ctx.option(CADRE_OPTION) and state.turn >= ctx.first_turn_of.get(KAMPFGRUPPE, 10 ** 6)
            if late and u.nationality in TO_TRACK_NATIONALITIES:
                units = dict(state.units) if units is None else units
                units[uid] = evolve(us, loc="removed")
                continue
            to_track = state.turn + 1
        if to_track is not None:
            units = dict(state.units) if units is None else units
            returns = dict(state.track.returns) if returns is None else returns
            units[uid] = evolve(us, loc=TURN_TRACK, unsupplied=False, disorganized=False)
            returns[uid] = to_track
    if units is not None:
        state = evolve(state, units=units)
    if returns is not None:
        state = evolve(state, track=TurnTrack(returns, state.track.weather_flips))
    return state
