"""The game state as plain data, and the starting state a log header describes.

A :class:`State` is never changed after it is made: rule functions return a new one (``dataclasses.replace``
with fresh dicts), so the replay can keep the state of any moment for a report picture. Locations are ids: a
map hex, an area, or an off-map box (``rail_axis``, ``destroyed_soviet`` ...); ``None`` means not in play yet
(a reinforcement that has not arrived, or a unit the scenario does not use).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, TypeVar

from .battle_state import Combat
from .board import Context
from .deck_state import Deck, PlayerTurn
from .event_state import EventState
from .position import position
from .track_state import Score, TurnTrack

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class UnitState:
    loc: str | None
    face: str = "front"
    unsupplied: bool = False  # carries an Unsupplied marker (6.4)
    disorganized: bool = False  # carries a Disorganized marker (7.7, 7.9)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand: the cards whose ids the log named, and how many others he holds."""

    known: frozenset[str] = frozenset()
    unknown: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown


@dataclass(frozen=True, slots=True)
class Moved:
    """One unit's movement so far in the current Movement Phase."""

    start: str
    spent: int
    stopped: bool  # it entered an enemy zone of control and must stop (8.5.1)
    plain: int  # MP the same hexes would cost in clear terrain: 1 a hex, plus leaving enemy zones of control


@dataclass(frozen=True)
class State:
    turn: int
    player: str | None  # the phasing player, None in the mutual housekeeping phase
    phase: str
    step: str | None
    weather: str
    units: Mapping[str, UnitState]
    control: Mapping[str, str]  # location -> side that controls it (12.4.1)
    hands: Mapping[str, Hand]
    discards: tuple[str, ...] = ()
    moved: Mapping[str, Moved] = field(default_factory=dict)  # this Movement Phase
    entrained: tuple[str, ...] = ()  # units entrained this Movement Phase (9.1)
    logged: frozenset[str] = frozenset()  # procedures the log stated itself in this phase ("supply:axis" ...)
    placed: frozenset[str] = frozenset()  # units placed on the map during this Organization Phase
    overstacks: frozenset[str] = frozenset()  # overstacks already reported (8.4.1), "loc:unit,unit"
    battles: int = 0  # battles fought in this Combat Phase
    deck: Deck = Deck()  # the draw pile, cards set aside, the Joker, cards to play at once (cards.py)
    record: PlayerTurn = PlayerTurn()  # what this player turn has used: events, free upgrades, draws (cards.py)
    score: Score = Score()  # initiative, Event VPs, High Tide, the result (victory.py)
    track: TurnTrack = TurnTrack()  # units on the Game Turn track, flipped Weather markers (turn_events.py)
    combat: Combat = Combat()  # declarations, battles and markers (battle_state.py)
    effects: EventState = EventState()  # what played events leave: dues, lasting effects, quotas (event_state.py)


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass of the state (or a finding) with some fields changed: ``dataclasses.replace``
    without its per-call introspection and checks (the replay makes thousands of these): the names are not checked,
    and none of these dataclasses has a ``__post_init__``."""
    cls = obj.__class__
    new = object.__new__(cls)
    slots = cls.__dict__.get("__slots__")
    if slots is None:
        object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
    else:
        for name in slots:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


def with_control(state: State, side: str, locations, **changes: Any) -> State:
    """``side`` controls ``locations`` (and the state's other ``changes`` are made in the same copy)."""
    control = state.control
    changed = [loc for loc in locations if control.get(loc) != side]
    if changed:
        control = dict(control)
        for loc in changed:
            control[loc] = side
        return evolve(state, control=control, **changes)
    return evolve(state, **changes) if changes else state


def occupants(ctx: Context, state: State) -> Mapping[str, tuple[str, ...]]:
    """Units on the map by location (hexes and areas only), in the game's unit order. Shared: never change it."""
    return position(ctx, state.units).at


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


def side_of(ctx: Context, uid: str) -> str:
    return ctx.game.units[uid].side


def face_of(ctx: Context, state: State, uid: str):
    u = ctx.game.units[uid]
    return u.back if state.units[uid].face == "back" else u.front


def unit_name(ctx: Context, uid: str, state: State | None = None) -> str:
    u = ctx.game.units[uid]
    face = face_of(ctx, state, uid) if state is not None else u.front
    return f"{uid} ({face.name})"


def _position_units(ctx: Context, position: Mapping[str, Any]) -> dict[str, UnitState]:
    units: dict[str, UnitState] = {}
    for uid, spec in position.get("units", {}).items():
        if isinstance(spec, str):
            units[uid] = UnitState(spec)
        else:
            units[uid] = UnitState(spec["at"], spec.get("face", "front"), bool(spec.get("unsupplied", False)),
                                   bool(spec.get("disorganized", False)))
    return units


def initial_state(ctx: Context) -> State:
    """The state at the first action: the scenario's setup, or the header's ``position``, at the header's
    ``start`` (default: the scenario's first turn, before the first player turn)."""
    game, sc, header = ctx.game, ctx.scenario, ctx.header
    position = header.position
    units = {uid: UnitState(None) for uid in game.units}
    custom = "units" in position
    if not custom or position.get("keep_scenario", False):
        for p in sc.setup:
            units[p.unit] = UnitState(p.location, p.face)
    placed = _position_units(ctx, position)
    units.update(placed)
    control = dict(sc.control)
    for uid, us in placed.items():
        if us.loc in ctx.board.locations and us.loc not in game.map.areas:
            control[us.loc] = game.units[uid].side
    control.update(position.get("control", {}))
    hands = {side: Hand(frozenset(), int(sc.hands.get(side, 0))) for side in game.sides}
    for side, h in position.get("hands", {}).items():
        hands[side] = Hand(frozenset(h), 0) if isinstance(h, list) else Hand(frozenset(), int(h))
    start = header.start
    turn = int(start.get("turn", sc.first_turn))
    if turn not in game.turns:
        raise ValueError(f"start: turn {turn} is not on the turn track")
    phase = start.get("phase", "housekeeping")
    player = start.get("player")
    is_player_phase = next(p.player for p in game.phases if p.id == phase)
    if is_player_phase and player is None:
        raise ValueError(f"start: phase '{phase}' belongs to a player turn: give \"player\"")
    if not is_player_phase:
        player = None
    step = start.get("step")
    steps = next(p.steps for p in game.phases if p.id == phase)
    if step is not None and step not in [s for s, _ in steps]:
        raise ValueError(f"start: phase '{phase}' has no step '{step}'")
    if step is None and steps:
        step = steps[0][0]  # a phase with steps starts at its first
    weather = start.get("weather", game.turns[turn].weather)
    return State(turn, player, phase, step, weather, units, control, hands)
