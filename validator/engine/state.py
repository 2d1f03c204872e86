"""State evolution and what every game's state holds: plain immutable data, changed only by making a new one.

A game's state is its own frozen dataclass (No Retreat!: ``rules.no_retreat.state.State``); the engine relies on
these fields only: ``turn``, ``player`` (the phasing side, None in mutual phases), ``phase``, ``step``, ``units``
(unit -> the game's unit state, whose ``loc`` and ``face`` the engine reads) and ``control`` (location -> side).

- :func:`evolve`: a copy with some fields changed, fast (the replay makes thousands); :func:`updated`: a mapping's
  copy with one entry set;
- :func:`with_control`, :func:`enter`: control of locations (the last side to enter or pass through a location
  controls it, unless the game says otherwise for a location);
- :func:`start_of`: where the log begins (turn, phasing player, phase, step, weather), from the header's ``start``
  checked against the game; :func:`header_units`: the units the header's ``position`` places;
  :func:`opening_units`: every unit at the first action (set-up and header together).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, NamedTuple, TypeVar

from .context import Context
from .position import position

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
_new = object.__new__
_set = object.__setattr__
_put: dict[type, Callable[[Any, dict], None]] = {}  # class without __slots__ -> the setter of its instances' __dict__
_slots: dict[type, tuple[str, ...]] = {}  # class with __slots__ -> them


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass of the state (or a finding) with some fields changed: ``dataclasses.replace``
    without its per-call introspection and checks (the replay makes thousands of these): the names are not checked,
    and none of these dataclasses has a ``__post_init__``.

    The copy's ``__dict__`` is a dict display: a new combined dict, one block copy of the old one when that is
    combined too (an object made by its ``__init__`` holds a split dict sharing its class's keys, copied key by key
    once; CPython reads attributes from a split dict by the generic lookup, twice as slow, so its copies do not share
    them). It is set by the class's own ``__dict__`` descriptor, kept per class (``object.__setattr__`` looks it up
    again through the class on every call)."""
    cls = obj.__class__
    put = _put.get(cls)
    if put is not None:
        new = _new(cls)
        put(new, {**obj.__dict__, **changes})
        return new
    return _evolve_first(obj, changes)


def _evolve_first(obj: T, changes: dict[str, Any]) -> T:
    """:func:`evolve` for a class with ``__slots__`` (one store a field), or one not seen yet."""
    cls = obj.__class__
    slots = _slots.get(cls)
    if slots is None:
        names = cls.__dict__.get("__slots__")
        if names is None:
            _put[cls] = next(k.__dict__["__dict__"] for k in cls.__mro__ if "__dict__" in k.__dict__).__set__
            return evolve(obj, **changes)
        slots = _slots[cls] = tuple(names)
    new = _new(cls)
    for name in slots:
        _set(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


def updated(mapping: Mapping[K, V], key: K, value: V) -> dict[K, V]:
    """A copy of ``mapping`` with ``key`` set to ``value``: one block copy and one store (``{**mapping, key: value}``
    inserts every key one by one: a state's units are a few hundred)."""
    out = dict(mapping)
    out[key] = value
    return out


def with_control(state: T, side: str, locations: Iterable[str], **changes: Any) -> T:
    """``side`` controls ``locations`` (and the state's other ``changes`` are made in the same copy)."""
    control = state.control  # type: ignore[attr-defined]
    changed = [loc for loc in locations if control.get(loc) != side]
    if changed:
        control = dict(control)
        for loc in changed:
            control[loc] = side
        return evolve(state, control=control, **changes)
    return evolve(state, **changes) if changes else state


def enter(state: T, side: str, locations: Iterable[str], skip: Mapping[str, Any] | frozenset[str] = frozenset(),
          **changes: Any) -> T:
    """``side``'s units entered or passed through these locations: they become its, except those in ``skip``
    (locations whose control the game decides otherwise). The state's other ``changes`` are made in the same copy."""
    return with_control(state, side, [loc for loc in locations if loc not in skip], **changes)


def occupants(ctx: Context, state: Any) -> Mapping[str, tuple[str, ...]]:
    """Units on the map by location (hexes and areas only), in the game's unit order. Shared: never change it."""
    return position(ctx, state.units).at


def face_of(ctx: Context, state: Any, uid: str):
    """The printed face a unit shows (``front`` or ``back``)."""
    u = ctx.game.units[uid]
    return u.back if state.units[uid].face == "back" else u.front


def unit_name(ctx: Context, uid: str, state: Any = None) -> str:
    """``id (name of the face it shows)`` for messages."""
    u = ctx.game.units[uid]
    face = face_of(ctx, state, uid) if state is not None else u.front
    return f"{uid} ({face.name})"


class Start(NamedTuple):
    """Where a log begins."""

    turn: int
    player: str | None
    phase: str
    step: str | None
    weather: str


def start_of(ctx: Context, mutual_phase: str) -> Start:
    """The header's ``start`` (default: the scenario's first turn, in ``mutual_phase``, the track's weather);
    ValueError when it is impossible."""
    game, start = ctx.game, ctx.header.start
    turn = int(start.get("turn", ctx.scenario.first_turn))
    if turn not in game.turns:
        raise ValueError(f"start: turn {turn} is not on the turn track")
    phase = start.get("phase", mutual_phase)
    player = start.get("player")
    p = ctx.phase_of[phase]
    if p.player and player is None:
        raise ValueError(f"start: phase '{phase}' belongs to a player turn: give \"player\"")
    if not p.player:
        player = None
    step = start.get("step")
    if step is not None and step not in [s for s, _ in p.steps]:
        raise ValueError(f"start: phase '{phase}' has no step '{step}'")
    if step is None and p.steps:
        step = p.steps[0][0]  # a phase with steps starts at its first
    return Start(turn, player, phase, step, start.get("weather", game.turns[turn].weather))


def header_units(ctx: Context, make: Callable[[str, Any], T]) -> dict[str, T]:
    """The units the header's ``position`` places: unit -> ``make(unit, spec)`` (spec: a location id or an object
    with ``at`` and the game's own fields)."""
    return {uid: make(uid, spec) for uid, spec in ctx.header.position.get("units", {}).items()}


def opening_units(ctx: Context, unit: Callable[..., T], make: Callable[[str, Any], T]
                  ) -> tuple[dict[str, T], dict[str, T]]:
    """(every unit of the game at the first action, the units the header places). A unit starts off the map
    (``unit(None)``); the scenario's set-up places its units (``unit(location, face)``) unless the header's
    ``position`` lists the units itself without ``keep_scenario``; the header's units (``make``, as
    :func:`header_units`) go last."""
    units = {uid: unit(None) for uid in ctx.game.units}
    position = ctx.header.position
    if "units" not in position or position.get("keep_scenario", False):
        for p in ctx.scenario.setup:
            units[p.unit] = unit(p.location, p.face)
    placed = header_units(ctx, make)
    units.update(placed)
    return units, placed
