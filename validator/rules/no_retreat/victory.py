"""Victory points and victory (4.0 C, 12.1-12.7; 3rd-edition summary for the 28-turn game).

- 12.4: a side's VPs are one per VP location it controls (``vp`` of cities, oil fields and Finland; 12.4.2:
  Finland by occupation only), plus the round Event VP marker: +1 for each enemy unit sent to the Surrendered
  box (cadres excepted, 15.3.3), +1 Soviet for each red turn-track event (4.0 C), +/-1 for VP events; the Event
  VP marker never passes the event cap (6) either way. From the ``reset_1945`` turn only the VP locations of
  Greater Germany count (3rd-ed summary "Na Berlin! 1945").
- 12.5: the square VP marker shows the score of the side with the initiative (on the 0-34 track).
- 12.6/12.7: the Axis has the initiative until the Victory Phase of the ``initiative_change`` turn (12), when:
  the Axis checks Sudden Death; the High Tide marker takes the Axis score; the Event VP marker is reset to 0;
  the marker turns to the Soviet face; the Soviets check Sudden Death.
- 12.1 Objectives, every Victory Phase: the Axis wins controlling and tracing supply (6.1) to 3 of its 5
  objective hexes (4 from the initiative shift), the Soviets to 3 of their 4; both at once: the initiative side.
- 12.2 Sudden Death, on skull turns: the side with the initiative wins with **at least** the VPs printed for it
  (decision: the 3rd-edition summary's "VPs >= threshold" and the played LP game, over the VPG text's "more
  than", whose thresholds differ). Soviet Total Victory (same rule number): 34 VPs with the initiative in a
  Victory Phase, or the Berlin Garrison eliminated (at once).
- 12.3 End game: at turn 23 (``reset_1945``) the Axis wins an Operational Victory if the High Tide marker is
  above the Soviet VPs (checked before the 1945 VP reset); otherwise after turn 28 the Axis wins (Final
  Victory).
- The log's ``victory`` action is a claim (the VP marker's value, or the claiming side's own VPs; the winner; the
  reason): each part that differs from what the rules give is a violation. A log may go on after the end of the
  game (a position set up for another rule may meet a victory condition by chance): the result stays.
"""

from __future__ import annotations

from typing import Any

from ...engine.context import Context, once
from ...engine.state import evolve
from ...model import Action, Finding
from .cards import RESET_1945, reset_turn  # 3rd-ed summary: VPs reset, 1945 scoring, German Operational Victory check
from .control import OCCUPATION_AREAS, controller
from .state import State
from .supply import supply_net, traces_overland, unit_supply
from .track_state import Score, Victory

INITIATIVE_EVENT = "initiative_change"  # 12.7
VP_REGION_1945 = "greater_germany"  # 3rd-ed summary: only Greater Germany VP locations count from 1945
RED_EVENT_SIDE = "soviet"  # 4.0 C: a red turn-track event scores one VP for this side
OBJECTIVES_NEEDED = {"axis": 3, "soviet": 3}  # 12.1 (3rd-ed summary: Axis 3 of 5, Soviets 3 of 4)
OBJECTIVES_AFTER_SHIFT = {"axis": 4}  # 3rd-ed summary: 4 of 5 from turn 12
TOTAL_VICTORY_SIDE = "soviet"  # 3rd-ed summary: Soviet Total Victory
TOTAL_VICTORY_TYPE = "garrison"  # ... or when the unit of this type (the Berlin Garrison) is eliminated
REASONS = {"objective": "12.1", "sudden_death": "12.2", "total": "12.2", "operational": "12.3", "final": "12.3"}


def _other(ctx: Context, side: str) -> str:
    return next(s for s in ctx.game.sides if s != side)


def setup(ctx: Context, state: State) -> State:
    """The Score at the first action: the initiative the start turn gives (the shift happens in the Victory
    Phase of its turn), and the header's Event VPs and High Tide."""
    track = ctx.game.vp_track
    shift = ctx.first_turn_of.get(INITIATIVE_EVENT)
    position = ctx.header.position
    shifted = shift is not None and (state.turn > shift or (state.turn == shift and state.phase != "housekeeping"))
    initiative = _other(ctx, track.start_initiative) if shifted else track.start_initiative
    return evolve(state, score=Score(initiative, int(position.get("event_vp", 0)), position.get("high_tide")))


def vp_locations(ctx: Context, state: State) -> list[tuple[str, int]]:
    """(location, VPs) that score now (12.4; from the 1945 reset only Greater Germany's)."""
    late = _late(ctx, state.turn)

    def make(c: Context) -> list[tuple[str, int]]:
        m = c.game.map
        out = [(h.id, h.vp) for h in m.hexes.values() if h.vp] + [(a.id, a.vp) for a in m.areas.values() if a.vp]
        if late:
            region = m.regions[VP_REGION_1945].locations
            out = [(loc, n) for loc, n in out if loc in region]
        return sorted(out)

    return once(ctx, ("vp_locations", late), make)


def _late(ctx: Context, turn: int) -> bool:
    reset = reset_turn(ctx)
    return reset is not None and turn >= reset


def map_vp(ctx: Context, state: State, side: str) -> int:
    """The VPs of the locations ``side`` controls (kept for the last control mapping asked about, and units
    mapping when a VP location is controlled by occupation, 12.4.2)."""
    locs = vp_locations(ctx, state)
    units = state.units if _occupied_vp(ctx) else None
    key = ("map_vp", side)
    last = ctx.derived.get(key)
    if last is not None and last[0] is state.control and last[1] is units and last[2] is locs:
        return last[3]
    plain, occupied = _split_vp(ctx, state)
    control = state.control  # (``controller`` of a location not controlled by occupation)
    n = sum([n for loc, n in plain if control.get(loc) == side]) + \
        sum([n for loc, n in occupied if controller(ctx, state, loc) == side])
    ctx.derived[key] = (state.control, units, locs, n)  # (the mappings kept alive with it: their ids stay theirs)
    return n


def _split_vp(ctx: Context, state: State) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """:func:`vp_locations` in two: those of plain control, those controlled by occupation (12.4.2)."""
    def make(c: Context) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        locs = vp_locations(c, state)
        return ([(loc, n) for loc, n in locs if loc not in OCCUPATION_AREAS],
                [(loc, n) for loc, n in locs if loc in OCCUPATION_AREAS])

    return once(ctx, ("vp_split", _late(ctx, state.turn)), make)


def _occupied_vp(ctx: Context) -> bool:
    """Whether a VP location of the map is controlled by occupation (12.4.2)."""
    def make(c: Context) -> bool:
        m = c.game.map
        return any(x.vp for lid, x in (*m.areas.items(), *m.hexes.items()) if lid in OCCUPATION_AREAS)

    return once(ctx, "occupied_vp", make)


def event_vp(state: State, side: str) -> int:
    return state.score.event_vp if side == state.score.initiative else -state.score.event_vp


def vp(ctx: Context, state: State, side: str) -> int:
    """``side``'s VPs: the VP locations it controls plus the Event VPs in its favour (12.4, 12.5)."""
    return map_vp(ctx, state, side) + event_vp(state, side)


def marker(ctx: Context, state: State) -> int:
    """The box of the square VP marker: the initiative side's VPs on the track (12.5)."""
    t = ctx.game.vp_track
    return max(t.low, min(t.high, vp(ctx, state, state.score.initiative)))


def gain(ctx: Context, state: State, side: str, n: int) -> State:
    """``side`` scores ``n`` Event VPs (negative: loses); the marker stops at the cap (12.4.4)."""
    cap = ctx.game.vp_track.event_cap
    delta = n if side == state.score.initiative else -n
    value = max(-cap, min(cap, state.score.event_vp + delta))
    return evolve(state, score=evolve(state.score, event_vp=value))


# -- victory conditions ---------------------------------------------------------------------------------------------

def objective_hexes(ctx: Context, side: str) -> tuple[str, ...]:
    """``side``'s objective hexes (12.1), in the map's order."""
    made = ctx.tables.get(("objectives", side))  # (asked at every draw and Victory Phase: without once's call)
    if made is None:
        made = once(ctx, ("objectives", side),
                    lambda c: tuple(h.id for h in c.game.map.hexes.values() if h.objective == side))
    return made


def objectives(ctx: Context, state: State, side: str) -> list[str]:
    """``side``'s objective hexes it controls and traces supply to (12.1): an overland path (6.1) from the hex, or,
    when a friendly unit holds it, that unit's supply by any source (6.1, 6.2)."""
    control = state.control  # (objective hexes are hexes: control by occupation, 12.4.2, is the areas' alone)
    mine = [h for h in objective_hexes(ctx, side) if control.get(h) == side]
    if not mine:
        return []
    net = supply_net(ctx, state, side)
    held = {us.loc: uid for uid, us in state.units.items() if us.loc in mine and ctx.game.units[uid].side == side}
    return sorted(loc for loc in mine if traces_overland(net, loc)
                  or (loc in held and unit_supply(ctx, state, held[loc], net).ok))


def objectives_needed(ctx: Context, state: State, side: str) -> int:
    shift = ctx.first_turn_of.get(INITIATIVE_EVENT)
    if side in OBJECTIVES_AFTER_SHIFT and shift is not None and state.turn >= shift:
        return OBJECTIVES_AFTER_SHIFT[side]
    return OBJECTIVES_NEEDED[side]


def _name(ctx: Context, side: str | None) -> str:
    return ctx.game.sides[side].name if side else "nobody"


def objective_victory(ctx: Context, state: State) -> Victory | None:
    winners = []
    for side in ctx.game.sides:
        held = objectives(ctx, state, side)
        total = len(objective_hexes(ctx, side))
        need = objectives_needed(ctx, state, side)
        if len(held) >= need:
            names = ", ".join(ctx.game.map.hexes[h].city or ctx.game.map.hexes[h].oil or h for h in held)
            winners.append((side, f"controls and supplies {len(held)} of its {total} objectives ({names}); "
                                  f"{need} win"))
    if not winners:
        return None
    side, why = next((w for w in winners if w[0] == state.score.initiative), winners[0])
    return Victory(side, "objective", state.turn, "12.1", f"{_name(ctx, side)} Objectives Victory: it {why}")


def sudden_death(ctx: Context, state: State) -> Victory | None:
    side = state.score.initiative
    box = ctx.game.turns[state.turn].sudden_death.get(side)
    if box is None or state.score.sd_cancelled == state.turn:
        return None
    have = marker(ctx, state)
    if have >= box:
        return Victory(side, "sudden_death", state.turn, "12.2", f"{_name(ctx, side)} Sudden Death Victory on turn "
                                                                  f"{state.turn}: {have} VPs, {box} needed")
    return None


def total_victory(ctx: Context, state: State) -> Victory | None:
    side = TOTAL_VICTORY_SIDE
    if state.score.initiative == side and vp(ctx, state, side) >= ctx.game.vp_track.total_victory:
        return Victory(side, "total", state.turn, "12.2", f"{_name(ctx, side)} Total Victory: "
                                                          f"{vp(ctx, state, side)} VPs")
    return None


def garrison_victory(ctx: Context, state: State, uid: str) -> Victory | None:
    """The Berlin Garrison eliminated: Soviet Total Victory at once (3rd-ed summary)."""
    u = ctx.game.units[uid]
    if u.front.type != TOTAL_VICTORY_TYPE or state.score.result is not None:
        return None
    return Victory(TOTAL_VICTORY_SIDE, "total", state.turn, "12.2", f"{_name(ctx, TOTAL_VICTORY_SIDE)} Total "
                                                                     f"Victory: the {u.front.name} was eliminated")


def victory_phase(ctx: Context, state: State) -> State:
    """4.0 C, the New Game Turn Victory Phase: red-event VPs, objectives, the initiative shift (12.7), Sudden
    Death, Total Victory, and on the 1945 turn the Operational Victory check and the VP reset."""
    if state.score.result is not None:
        return state
    turn = ctx.game.turns[state.turn]
    for e in turn.events:
        if e.red:
            state = gain(ctx, state, RED_EVENT_SIDE, 1)
    result = objective_victory(ctx, state)
    if result is None and any(e.code == INITIATIVE_EVENT for e in turn.events) \
            and state.score.initiative == ctx.game.vp_track.start_initiative:
        result = sudden_death(ctx, state)
        if result is None:
            new = _other(ctx, state.score.initiative)
            state = evolve(state, score=evolve(state.score, high_tide=marker(ctx, state), event_vp=0,
                                                initiative=new))
    if result is None:
        result = sudden_death(ctx, state) or total_victory(ctx, state)
    if result is None and any(e.code == RESET_1945 for e in turn.events):
        tide = state.score.high_tide
        soviet = vp(ctx, evolve(state, turn=state.turn - 1), TOTAL_VICTORY_SIDE)
        if tide is not None and tide > soviet:
            result = Victory(ctx.game.vp_track.start_initiative, "operational", state.turn, "12.3",
                             f"{_name(ctx, ctx.game.vp_track.start_initiative)} Operational Victory: the High Tide "
                             f"marker ({tide}) is above the Soviet VPs ({soviet})")
        state = evolve(state, score=evolve(state.score, event_vp=0))
    if result is not None:
        state = evolve(state, score=evolve(state.score, result=result))
    return state


def final_result(ctx: Context, state: State) -> Victory | None:
    """The result when the game is over: the one found, or after the last turn the Final Victory (12.3)."""
    if state.score.result is not None:
        return state.score.result
    if game_complete(ctx, state):
        side = ctx.game.vp_track.start_initiative
        return Victory(side, "final", state.turn, "12.3", f"{_name(ctx, side)} Final Victory: no other victory by the "
                                                          f"end of turn {state.turn}")
    return None


def game_complete(ctx: Context, state: State) -> bool:
    """The log is in the last player turn of the scenario's last turn (the end of the game)."""
    last_side = list(ctx.game.sides)[-1]
    return state.turn >= ctx.scenario.last_turn and state.player == last_side


# -- claims and the report -----------------------------------------------------------------------------------------

def handle_victory(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``victory`` action: the claimed VP marker, winner and reason are checked against the rules; in the
    housekeeping phase against the outcome of this turn's Victory Phase."""
    now = victory_phase(ctx, state) if state.phase == "housekeeping" else state
    findings = []
    if "vp" in action.data:
        have = marker(ctx, now)
        if action["vp"] not in (have, vp(ctx, now, action.side)):
            side = now.score.initiative
            findings.append(Finding("12.5", f"the VP marker is on {have} ({_name(ctx, side)} initiative: "
                                            f"{map_vp(ctx, now, side)} for VP locations, {event_vp(now, side):+d} "
                                            f"Event VPs), not {action['vp']}"))
    result = final_result(ctx, now)
    if "winner" in action.data and action["winner"] != (result.winner if result else None):
        claimed = action["winner"]
        if result is None:
            rule = REASONS.get(action.get("reason", ""), "12.0")
            findings.append(Finding(rule, f"no victory condition gives {_name(ctx, claimed)} the game on turn "
                                          f"{state.turn} (VP marker {marker(ctx, now)})"))
        else:
            findings.append(Finding(result.rule, f"the rules give: {result.text}, not a win for {_name(ctx, claimed)}"))
    elif result is not None and action.get("reason") in REASONS and action["reason"] != result.reason \
            and not (state.phase == "housekeeping" and _also_won(ctx, now, action["reason"], result.winner)):
        findings.append(Finding(result.rule, f"the rules give: {result.text} (reason '{result.reason}', not "
                                             f"'{action['reason']}')"))
    return state, findings


def _also_won(ctx: Context, state: State, reason: str, winner: str | None) -> bool:
    """Whether the claimed reason's own condition gives the same side the game in this Victory Phase too (12.0: a
    game is won in any of its ways; the first found is the result, and a claim naming another that holds is true)."""
    check = {"objective": objective_victory, "sudden_death": sudden_death, "total": total_victory}.get(reason)
    won = check(ctx, state) if check is not None else None
    return won is not None and won.winner == winner


def outcome(ctx: Context, state: State) -> dict[str, Any]:
    """The score and the result at the end of a replay (in the housekeeping: after this turn's Victory Phase)."""
    if state.phase == "housekeeping":
        state = victory_phase(ctx, state)
    side = state.score.initiative
    result = final_result(ctx, state)
    out = {"turn": state.turn, "initiative": side, "vp": marker(ctx, state),
           "vp_locations": map_vp(ctx, state, side), "event_vp": event_vp(state, side),
           "high_tide": state.score.high_tide, "winner": result.winner if result else None,
           "reason": result.reason if result else None}
    score = f"turn {state.turn}, VP marker on {out['vp']} ({ctx.game.sides[side].initiative_name})"
    out["text"] = f"{score}, {result.text}" if result else f"{score}, no winner yet"
    return out
