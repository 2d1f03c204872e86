"""New Game Turn Housekeeping A and B: the turn marker, the weather, the events of the Game Turn track (4.0, 13.0).

- 4.0 A/B: when a turn begins its weather is in force and its events are applied: ``remove_unit`` takes a unit out
  of play (also one that never arrived), ``reset_1945`` swaps the 1945 cards in (5.5; its VP reset is part of the
  Victory Phase, ``victory``), ``kampfgruppe`` (with optional rule 15.3) removes the Axis allied armies in play
  that are not on the map or in the Rail Movement box (eliminated ones, on the turn track; not the reinforcements
  still to come). Every other code is read where its rule is checked
  (:data:`EVENT_USERS`); red events score their VP in the Victory Phase (4.0 C).
- 13.0: the weather of a turn is the one printed on the track; on a turn with a variable Weather marker it is
  the marker's other face only when a weather card flipped it (cards 9, 11, 12, 13: ``*_weather`` in
  ``cards.csv``). A ``weather`` action records the weather in force: any other weather is a violation (the logged
  weather then stands).
- An ``event`` action notes a turn-track event: it must be one of the current turn's.
- Units on the Game Turn track (eliminated Axis allies and Luftwaffe units, cadres: ``eliminations``) come back
  as reinforcements from the turn they are due (``placement``).
"""

from __future__ import annotations

from typing import Iterable

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .cards import RESET_1945, swap_1945
from .placement import CADRE_OPTION
from .rail import rail_box
from .state import State

KAMPFGRUPPE = "kampfgruppe"  # 15.3.1: from this turn the Axis allied armies off the map become Kampfgruppe
ALLY_NATIONALITY = "axis_ally"
# every turn-track code and where it takes effect (a test keeps this complete: no event is silently ignored)
EVENT_USERS = {
    "remove_unit": "turn_events", "reset_1945": "turn_events (cards) and victory (VPs)", "kampfgruppe": "turn_events",
    "red_event": "victory (4.0 C) and cards (5.2.1)", "initiative_change": "victory (12.7)",
    "limited_rail": "rail (9.1.3)", "soviet_fortify": "organization (7.5)", "cadre_ostatky": "the scenario (15.3.1)",
    "first_snow": "combat (10.6.2)", "axis_replacements": "placement (7.9.1) and organization (7.1)",
    "axis_winter_shift_2": "combat (10.6)", "soviet_free_upgrades_1": "organization (7.2)",
    "soviet_free_upgrades_2": "organization (7.2.1)", "soviet_upgrades_end": "organization (7.2)",
    "soviet_two_steps": "organization (7.3) and combat (7.3)", "axis_extra_card": "cards (5.2)",
    "soviet_extra_card": "cards (5.2)", "soviet_tank_advance": "combat (10.8.2)",
    "soviet_tank_stacking": "stacking (game.toml)", "soviet_stacking_2": "stacking (game.toml)",
    "axis_targets_3": "combat (10.1)", "axis_targets_1": "combat (10.1)", "axis_improve_end": "organization (7.1)",
}


def weather_of(ctx: Context, state: State, turn: int) -> str:
    """The weather of ``turn``: the printed face, or the other face when a card flipped its marker (13.0)."""
    t = ctx.game.turns[turn]
    return t.variable if t.variable and turn in state.track.weather_flips else t.weather


def taken_off(ctx: Context, state: State, turn: int) -> dict[str, str]:
    """4.0 B: the units the turn's events take out of play when it begins, with the rule: its ``remove_unit`` units
    and, with optional rule 15.3, on the ``kampfgruppe`` turn the Axis allied armies off the map and out of the Rail
    boxes (15.3.1)."""
    game = ctx.game
    out = {}
    for e in game.turns[turn].events:
        if e.code == "remove_unit" and e.unit:
            out[e.unit] = "4.0"
        if e.code == KAMPFGRUPPE and ctx.option(CADRE_OPTION):
            keep = ctx.board.locations | {rail_box(ctx, side) for side in game.sides} | {None, "removed"}
            out.update((uid, "15.3.1") for uid, us in state.units.items()
                       if game.units[uid].nationality == ALLY_NATIONALITY and us.loc not in keep)
    return out


def _take_off(state: State, uids: Iterable[str]) -> State:
    units = dict(state.units)  # (a new mapping only when an event takes a unit off: positions follow its identity)
    for uid in uids:
        units[uid] = evolve(units[uid], loc="removed", unsupplied=False, disorganized=False)
    return evolve(state, units=units)


def header_removals(ctx: Context, state: State) -> State:
    """The turn track's removals (4.0 B) before the log's start: of the turns before the start turn, and of the start
    turn when the log starts in a player turn (in its housekeeping the removal may still be logged). A unit the header
    places that they took out of play is an impossible position (ValueError naming the first: the Italian 8th Army
    after turn 15, an Axis allied army in a box after turn 11 with the cadres); a unit the set-up keeps
    (``keep_scenario``) is out of play."""
    placed = ctx.header.position.get("units", {})
    for t in range(ctx.scenario.first_turn, state.turn + (1 if state.player else 0)):
        gone = {uid: rule for uid, rule in taken_off(ctx, state, t).items() if state.units[uid].loc != "removed"}
        for uid, rule in gone.items():
            if uid in placed:
                raise ValueError(f"position: unit {uid} is in {state.units[uid].loc}, but the turn track took it out "
                                 f"of play on turn {t} ({rule})")
        if gone:
            state = _take_off(state, gone)
    return state


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """4.0 A/B: the new turn's weather and events."""
    gone = taken_off(ctx, state, turn)
    if gone:
        state = _take_off(state, gone)
    events = ctx.game.turns[turn].events
    state = evolve(state, turn=turn, weather=weather_of(ctx, state, turn))
    if any(e.code == RESET_1945 for e in events):
        state = swap_1945(ctx, state)
    return state


def flip_markers(ctx: Context, state: State, flips: tuple[str, ...]) -> State:
    """A weather card turns Weather markers (13.0): ``this`` / ``next`` turn's marker to its other face, or
    ``next:<weather>`` to the face showing that weather; turns without a variable marker are not affected."""
    flipped = set(state.track.weather_flips)
    for f in flips:
        which, _, to = f.partition(":")
        turn = state.turn + (1 if which == "next" else 0)
        t = ctx.game.turns.get(turn)
        if t is None or not t.variable:
            continue
        if not to:
            flipped ^= {turn}
        elif t.variable == to:
            flipped.add(turn)
        elif t.weather == to:
            flipped.discard(turn)
    state = evolve(state, track=evolve(state.track, weather_flips=frozenset(flipped)))
    return evolve(state, weather=weather_of(ctx, state, state.turn))


def handle_weather(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    w = action["weather"]
    t = ctx.game.turns[state.turn]
    now = weather_of(ctx, state, state.turn)
    findings = []
    if w != now:
        if w in (t.weather, t.variable):
            why = f"its Weather marker shows {now}; only the weather cards (9, 11, 12, 13) turn it"
        else:
            why = f"the track gives {t.weather}" + (f" (its variable marker's other face: {t.variable})"
                                                     if t.variable else "")
        findings.append(Finding("13.0", f"turn {state.turn} has {now} weather, not {w}: {why}"))
    return evolve(state, weather=w), findings


def handle_event(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    code, unit = action["code"], action.get("unit")
    events = ctx.game.turns[state.turn].events
    listed = [e for e in events if e.code == code and (unit is None or e.unit == unit)]
    if listed:
        return state, []
    here = ", ".join(e.code + (f" ({e.unit})" if e.unit else "") for e in events) or "none"
    return state, [Finding("13.0", f"the turn track lists no event '{code}'" + (f" for {unit}" if unit else "") +
                           f" on turn {state.turn} (its events: {here})")]
