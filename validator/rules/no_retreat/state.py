"""The game state as plain data, and the starting state a log header describes.

A :class:`State` is never changed after it is made: rule functions return a new one (the engine's ``evolve``
with fresh dicts), so the replay can keep the state of any moment for a report picture. Locations are ids: a
map hex, an area, or an off-map box (``rail_axis``, ``destroyed_soviet`` ...); ``None`` means not in play yet
(a reinforcement that has not arrived, or a unit the scenario does not use).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Mapping, NamedTuple

from ...engine.context import Context, once, remember
from ...engine.position import note_changes
from ...engine.state import evolve, opening_units, start_of, updated
from .battle_state import Combat
from .board import RESTRICTED_AREAS
from .deck_state import Deck, PlayerTurn
from .event_state import EventState, Recent
from .track_state import Score, TurnTrack

MUTUAL_PHASE = "housekeeping"  # 4.0: a log starts, by default, in the mutual phase before the first player turn


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


class Moved(NamedTuple):
    """One unit's movement so far in the current Movement Phase (a named tuple: made on every move, and CPython makes
    a tuple for a fraction of what a frozen dataclass's ``__init__`` costs, one ``object.__setattr__`` a field)."""

    start: str
    spent: int
    stopped: bool  # it entered an enemy zone of control and must stop (8.5.1)
    plain: int  # MP the same hexes would cost in clear terrain: 1 a hex, plus leaving enemy zones of control
    exits: int = 0  # MP paid so far to leave enemy zones of control (8.5.2), so a later line names the rule it breaks


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
    recent: Recent | None = None  # the last action that played or spent cards, for the events that cancel it
    # ((turn, phasing player), the phases of that player turn in which an action other than a card play happened:
    # "@start" windows closed, 5.0); kept beside ``record``, not in it: it changes once a phase, one copy, not two
    acted: tuple[tuple[int, str | None], frozenset[str]] = ((0, None), frozenset())
    # (a field of its own, not of ``effects``: it changes after most actions, and one copy is cheaper than two)


def with_unit(ctx: Context, state: State, uid: str, us: UnitState, **changes: Any) -> State:
    """The state with unit ``uid``'s entry replaced by ``us`` (and the state's other ``changes`` in the same copy);
    the change is noted for the engine's positions, which then need not compare every unit to find it."""
    units = updated(state.units, uid, us)
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units, **changes)


UNIT_STATES = 8192  # unit states a loaded game keeps for the logs replayed with it (locations, faces, markers)


def unit_state(ctx: Context, loc: str | None, face: str = "front", unsupplied: bool = False,
               disorganized: bool = False) -> UnitState:
    """The unit state of this content: one object per content for every log replayed with the loaded game (unit
    states are plain values; making a slotted frozen dataclass costs CPython 3.11 about 9,700 instructions, finding a
    made one a few hundred, and units stand and move on the same hexes again and again, log after log). At most
    :data:`UNIT_STATES` are kept, the oldest going first."""
    made = ctx.tables.get("unit_states")
    if made is None:
        made = once(ctx, "unit_states", lambda c: {})
    key = (loc, face, unsupplied, disorganized)
    out = made.get(key)
    if out is None:
        out = UnitState(*key)
        remember(made, key, out, UNIT_STATES)
    return out


def relocated(ctx: Context, us: UnitState, loc: str) -> UnitState:
    """``us`` moved to ``loc`` (:func:`unit_state`)."""
    return unit_state(ctx, loc, us.face, us.unsupplied, us.disorganized)


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


def _unit_state(uid: str, spec: Any) -> UnitState:
    """A unit the header's ``position`` places: a location, or ``at`` with its face and markers."""
    if isinstance(spec, str):
        return UnitState(spec)
    return UnitState(spec["at"], spec.get("face", "front"), bool(spec.get("unsupplied", False)),
                     bool(spec.get("disorganized", False)))


def _one_place_per_card(ctx: Context, position: Mapping[str, Any]) -> None:
    """Each card of the header's hands and discard pile is in one place, once (5.0: one deck of cards); ValueError
    naming the first card that is not."""
    seen: dict[str, str] = {}
    places = [(f"the {ctx.game.sides[side].name} hand", h) for side, h in position.get("hands", {}).items()
              if isinstance(h, list)]
    for where, cards in places + [("the discard pile", position.get("discards", ()))]:
        for card in cards:
            if card in seen:
                again = "twice in " + where if seen[card] == where else f"in {seen[card]} and in {where}"
                raise ValueError(f"position: card {card} is {again}; a card is in one place at a time")
            seen[card] = where


def _possible_places(ctx: Context, units: Mapping[str, UnitState], placed: Mapping[str, UnitState]) -> None:
    """No unit the header places stands in water (8.3: sea and lake hexes are never entered), in an area its
    nationality may not enter (8.6) or in a box of the other side, no location of the map holds units of both sides
    (8.4: never into enemy units), no box holds more units than its capacity (9.1.2: three in a Rail Movement box,
    which no entrainment nor event ever overfills) and no unit in a box carries a marker (6.4, 7.9: they are placed on
    units on the map; one eliminated leaves them; only 9.1's supplied units entrain, a Disorganized one may, until
    11.2 clears it); ValueError naming the first that does."""
    for uid, us in placed.items():
        if us.loc in ctx.board.water:
            raise ValueError(f"position: unit {uid} is on {us.loc}, a hex of the {ctx.board.water[us.loc]}; "
                             "units never stand in water (8.3)")
        if ctx.game.units[uid].nationality in RESTRICTED_AREAS.get(us.loc or "", ()):
            raise ValueError(f"position: unit {uid} is in {us.loc}, which its nationality may not enter (8.6)")
        box = ctx.game.map.boxes.get(us.loc or "")
        if box is not None and box.side and box.side != ctx.game.units[uid].side:
            raise ValueError(f"position: unit {uid} is in {us.loc}, a box of the other side")
        if box is not None and (us.unsupplied or us.disorganized and box.capacity is None):
            marker = "an Unsupplied" if us.unsupplied else "a Disorganized"
            raise ValueError(f"position: unit {uid} is in {us.loc} with {marker} marker; markers are placed on units "
                             "on the map and a unit leaving it leaves them (6.4, 7.9, 11.2)")
    sides: dict[str, tuple[str, str]] = {}
    boxed: dict[str, list[str]] = {}
    for uid, us in units.items():
        if us.loc not in ctx.board.locations:
            if us.loc in ctx.game.map.boxes:
                boxed.setdefault(us.loc, []).append(uid)
            continue
        side = ctx.game.units[uid].side
        other = sides.setdefault(us.loc, (side, uid))
        if other[0] != side:
            raise ValueError(f"position: {us.loc} holds units of both sides ({other[1]}, {uid}); "
                             "a unit never shares a location with enemy units (8.4)")
    for loc, held in sorted(boxed.items()):
        box = ctx.game.map.boxes[loc]
        if box.capacity is not None and len(held) > box.capacity:
            raise ValueError(f"position: {loc} holds {len(held)} units ({', '.join(sorted(held))}); the {box.name} box "
                             f"holds at most {box.capacity} (9.1.2)")


OPTIONAL_RULES = {"cadres": "15.3.1", "ss_panzer": "15.1", "soviet_shock": "15.2"}  # option -> the rule it turns on


def _known_options(ctx: Context) -> None:
    """Every option the header names is an optional rule the scenario knows (its ``[options]``): a misspelt one would
    otherwise leave its rule off without a word; ValueError naming the first other."""
    for name in ctx.header.options:
        if name not in ctx.scenario.options:
            raise ValueError(f"options: unknown option '{name}' (known: {', '.join(sorted(ctx.scenario.options))})")


def _optional_units(ctx: Context, placed: Mapping[str, UnitState]) -> None:
    """No unit the header places is one the scenario brings in only with an optional rule that is off (its
    ``option:<name>`` condition: the cadres of 15.3.1, Ostatky and the Kampfgruppen, are not in play without option
    ``cadres``); ValueError naming the first."""
    for p in ctx.scenario.reinforcements:
        name = p.condition.removeprefix("option:")
        if p.unit in placed and name != p.condition and not ctx.option(name):
            raise ValueError(f"position: unit {p.unit} is in play only with option '{name}' (optional rule "
                             f"{OPTIONAL_RULES.get(name, name)}), which is off")


def _track_weather(ctx: Context, turn: int, weather: str) -> None:
    """The header's start weather is one the turn track gives that turn: its printed weather or its variable Weather
    marker's other face (13.0); ValueError otherwise."""
    t = ctx.game.turns[turn]
    if weather not in (t.weather, t.variable):
        other = f" (its variable marker's other face: {t.variable})" if t.variable else ""
        raise ValueError(f"start: turn {turn} has {t.weather} weather on the turn track{other}, not {weather} (13.0)")


def initial_state(ctx: Context) -> State:
    """The state at the first action: the scenario's setup, or the header's ``position``, at the header's
    ``start`` (default: the scenario's first turn, before the first player turn)."""
    game, sc, header = ctx.game, ctx.scenario, ctx.header
    position = header.position
    units, placed = opening_units(ctx, partial(unit_state, ctx), _unit_state)
    _possible_places(ctx, units, placed)
    _known_options(ctx)
    _optional_units(ctx, placed)
    control = dict(sc.control)
    for uid, us in placed.items():
        if us.loc in ctx.board.locations and us.loc not in game.map.areas:
            control[us.loc] = game.units[uid].side
    control.update(position.get("control", {}))
    hands = {side: Hand(frozenset(), int(sc.hands.get(side, 0))) for side in game.sides}
    for side, h in position.get("hands", {}).items():
        hands[side] = Hand(frozenset(h), 0) if isinstance(h, list) else Hand(frozenset(), int(h))
    _one_place_per_card(ctx, position)
    at = start_of(ctx, MUTUAL_PHASE)
    _track_weather(ctx, at.turn, at.weather)
    return State(at.turn, at.player, at.phase, at.step, at.weather, units, control, hands)
