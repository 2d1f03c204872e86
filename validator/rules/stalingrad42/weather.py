"""Weather (23.1-23.3): the Weather Phase's roll, the Mud marker, and what the weather of a turn is.

- 23.1: before turn 17 the weather is always Clear (the turn track prints it: ``turns.csv weather``); from turn 17
  one die on the Weather Table (``tables.toml weather``) in the column of the turn's season (``turns.csv season``),
  +1 when the previous turn was Rain or Snow. A ``weather`` line claims the turn's weather; with its ``die`` the
  claim must be the table's, without it one the column can give. S3.4: the first turn of a scenario whose Weather
  marker is set up on the track has that weather (Uranus: Overcast-W).
- 23.3.1: in the Rasputitsa (its season band), a turn after a Rain turn whose roll is Overcast or Clear is Mud.
- 23.3.2: a Rain turn places the Mud marker on the next turn (``state.mud_turn``).
- 23.3.3: Mud leaves the Air units as the roll it replaced has them (Overcast: one German Air unit), when the log
  gives the die (``under_mud``); without it every Air unit may fly.
- 23.2.3: after the first Rain turn Seasonal Marsh is Marsh for the rest of the game (``state.wet``).
- A turn the log gives no weather for keeps the track's printed weather, or else the previous turn's (decision).
- 23.1: one roll a turn: a second ``weather`` line in the same turn (a reroll, or a restated ``turn`` line that
  hides one) is reported and has no effect; the first stands.
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from .state import State

RAIN, MUD, SNOW = "rain", "mud", "snow"
AFTER_RAIN = ("clear", "overcast")  # 23.3.1: these become Mud after a Rain turn in the Rasputitsa
MUD_SEASON = "rasputitsa"  # 23.3.1: the only season band with Mud turns
DRM_AFTER = (RAIN, SNOW)  # 23.1: +1 after a Rain or Snow turn
MUD_ROLL = "mud_roll:"  # state.events: "mud_roll:<turn>:<the weather rolled>" (23.3.3)
DETERMINED = "weather_line:"  # state.events: "weather_line:<turn>": the turn's weather line was read (23.1)


def _season(ctx: Context, turn: int) -> str:
    return str(ctx.game.turns[turn].extra.get("season", ""))


def _fixed(ctx: Context, turn: int) -> str | None:
    """The weather a turn must have: the track's printed one (23.1), or the scenario's first turn's marker (S3.4)."""
    printed = ctx.game.turns[turn].weather
    if printed:
        return printed
    if turn == ctx.scenario.first_turn:
        for m in ctx.scenario.markers:
            if m.marker_kind == "weather" and ":" in m.location:
                w = m.location.split(":", 1)[1]
                if w in ctx.game.weather:
                    return w
    return None


def rolled(ctx: Context, state: State, turn: int, die: int) -> tuple[str, int]:
    """(the weather a die gives on ``turn``, the modifier): the season's column (23.1), +1 after Rain or Snow, Mud
    after Rain in the Rasputitsa (23.3.1)."""
    w, drm = _table(ctx, state, turn, die)
    if _season(ctx, turn) == MUD_SEASON and state.weathers.get(turn - 1) == RAIN and w in AFTER_RAIN:
        w = MUD
    return w, drm


def _table(ctx: Context, state: State, turn: int, die: int) -> tuple[str, int]:
    """(the Weather Table's cell for the die, the modifier) (23.1), before Mud replaces it (23.3.1)."""
    t = ctx.game.tables["weather"]
    drm = 1 if state.weathers.get(turn - 1) in DRM_AFTER else 0
    return t.result(_season(ctx, turn), t.row_for(die + drm)), drm


def under_mud(state: State) -> str | None:
    """23.3.3: the weather the die gave on this Mud turn (Overcast or Clear), when the log gave the die: Mud leaves
    the Air units as that roll has them (None: not known, every Air unit may fly)."""
    key = f"{MUD_ROLL}{state.turn}:"
    return next((e[len(key):] for e in state.events if e.startswith(key)), None)


def handle_weather(ctx: Context, state: State, action: Action) -> tuple[State, list[Finding]]:
    """A ``weather`` line (23.1, 23.3.1, S3.4)."""
    w, turn = action["weather"], state.turn
    done = f"{DETERMINED}{turn}"
    if done in state.events:
        return state, [Finding("23.1", f"the weather of turn {turn} was already determined ("
                                       f"{ctx.game.weather[state.weather].name}): one die a turn, in its Weather "
                                       "Phase; this second weather line has no effect")]
    state = evolve(state, events=state.events | {done})
    findings = []
    fixed = _fixed(ctx, turn)
    names = ctx.game.weather
    if fixed is not None:
        if w != fixed:
            why = "the turn track prints it" if ctx.game.turns[turn].weather else f"{ctx.scenario.name} fixes it"
            findings.append(Finding("23.1", f"the weather of turn {turn} is {names[fixed].name} ({why}); the log "
                                            f"says {names[w].name}"))
    elif action.get("die") is not None:
        want, drm = rolled(ctx, state, turn, action["die"])
        if want == MUD == w:
            under = _table(ctx, state, turn, action["die"])[0]
            state = evolve(state, events=state.events | {f"{MUD_ROLL}{turn}:{under}"})
        if w != want:
            rule = "23.3.1" if MUD in (w, want) else "23.1"
            mod = f" +{drm} (the previous turn was {names[state.weathers[turn - 1]].name})" if drm else ""
            findings.append(Finding(rule, f"a {action['die']}{mod} in the {_season(ctx, turn)} column gives "
                                          f"{names[want].name}, not {names[w].name}"))
    else:
        possible = {rolled(ctx, state, turn, d)[0] for d in range(1, 7)}
        if w not in possible:
            findings.append(Finding("23.1", f"{names[w].name} cannot be rolled on turn {turn} (the "
                                            f"{_season(ctx, turn)} column gives "
                                            f"{', '.join(sorted(names[x].name for x in possible))})"))
    return set_weather(ctx, state, turn, w), findings


def set_weather(ctx: Context, state: State, turn: int, w: str) -> State:
    """The weather of ``turn`` is ``w``: Seasonal Marsh turns Marsh after Rain (23.2.3), the Mud marker (23.3.2)."""
    mud_turn = state.mud_turn
    if w == RAIN and _season(ctx, turn) == MUD_SEASON:
        mud_turn = turn + 1
    return evolve(state, weather=w, weathers={**state.weathers, turn: w}, wet=state.wet or w in (RAIN, MUD),
                  mud_turn=mud_turn)


def begin_turn(ctx: Context, state: State, turn: int) -> State:
    """A new turn's weather until a ``weather`` line says otherwise: the fixed one, else the previous turn's."""
    return set_weather(ctx, state, turn, _fixed(ctx, turn) or state.weather)
