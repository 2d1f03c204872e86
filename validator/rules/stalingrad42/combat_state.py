"""What a combat leaves to be done (8.0-15.0), as plain frozen data kept in the state (``State.battles``,
``State.auto``, ``State.air_with``, ``State.air_used``).

- :class:`Combat`: one combat being resolved (a regular combat, a Breakthrough Combat, an Automatic DS): who took
  part, the result, the step losses still owed by each side (10.1-10.2), the retreats owed (12.1), the Determined
  Defense made (11.x), what the attackers may advance (14.2), the Breakthrough Group (15.2);
- :class:`Group`: a Breakthrough Group's advance, hex by hex (15.2.4);
- :class:`AutoDS`: an Automatic DS of the Movement Phase, whose units advance at the end of the Combat Phase
  (8.6.2);
- :class:`Battles`: the phase's bookkeeping (units that attacked, hexes attacked, units that retreated, the combat
  being resolved, the automatic retreats owed at once, 13.3.2), started afresh in each phase (``key``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...engine.state import evolve

REGULAR, BREAKTHROUGH, AUTO = "regular", "breakthrough", "auto_ds"
SUCCESS, PARTIAL, FAIL = "S", "P", "F"  # the Determined Defense Table's letters (11.4)


@dataclass(frozen=True)
class Determined:
    """A Determined Defense (11.x) of one combat: its rolls so far and what they still ask."""

    rolls: int = 0
    result: str = ""  # the last roll's S, P or F
    desperate: bool = False  # 11.5
    delays: int = 0  # 11.6.1: Delays rolled in a Desperate Defense
    lead: str = ""  # the last roll's Lead Unit
    lead_steps: int = 0  # steps the Lead Unit still owes (the table's defender steps, a Desperate Fail)
    attacker_steps: int = 0  # the table's attacker steps still owed
    star: bool = False  # '*': the defender picks the attacker's step (11.4.1)
    air: bool = False  # the Air unit of the support (for Air Defense bookkeeping)
    support: str = ""  # 11.5.2: the Air unit or ASU whose +1 every roll of this Desperate Defense has
    city_battle: bool = False  # 11.6.2: the last roll's Partial Success was a City Battle (the retreat cancelled)


@dataclass(frozen=True)
class Group:
    """The Breakthrough Group of a combat (15.2): its units, the hexes of the allowance each has used (15.2.4), where
    it may still go."""

    units: frozenset[str]
    spent: Mapping[str, int] = field(default_factory=dict)  # unit -> hexes of its allowance used
    started: frozenset[str] = frozenset()  # units whose first move or combat is made (the 1-hex decline, 15.2.4)
    attacked: frozenset[str] = frozenset()  # hexes this group attacked (15.3.1)
    hit: frozenset[str] = frozenset()  # enemy Combat Units this group attacked, wherever they retreated (15.3.1)
    free: Mapping[str, str] = field(default_factory=dict)  # unit -> the hex it enters free after its combat (15.2.4)
    only_free: frozenset[str] = frozenset()  # units that may only enter their free hex and stop (15.2.7)
    halted: frozenset[str] = frozenset()  # units whose advance is over (15.2.6, 15.2.7)
    in_ezoc: frozenset[str] = frozenset()  # units that entered an EZOC: they stop or attack (15.2.6)
    done: bool = False  # another unit of the combat advanced: the group's turn is over (15.2.2)
    told: bool = False  # the group acted after that and was reported once (15.2.2)


@dataclass(frozen=True)
class Combat:
    """One combat being resolved and what it still asks (10.1-15.2)."""

    line: int
    kind: str  # REGULAR, BREAKTHROUGH, AUTO
    side: str  # the attacker
    target: str  # the defender's hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]  # the defending Combat Units (every unit of the defender's side in the hex)
    counted: frozenset[str]  # defenders whose strength counted (10.2.1: the others are selected last)
    result: str
    adv: int  # the Advance allowance of the result, after the weather (14.2.1, 23.2.3-23.2.4); 0: none
    colour: str = ""  # the CRT cell's Determined Defense colour (11.2.2): "", "no", "orange"
    defender_steps: int = 0  # CRT steps the defender still owes (10.1)
    attacker_steps: int = 0  # CRT steps the attacker still owes
    picks: str = "owner"  # 10.2.2
    retreat: int = 0  # hexes the defenders retreat (12.1.1); 0: none
    full: bool = False  # 13.1.3: the retreat puts them in Full Retreat
    to_retreat: frozenset[str] = frozenset()  # units that still owe their retreat (or a Determined Defense)
    retreated: frozenset[str] = frozenset()  # units that retreated (or were eliminated retreating)
    ends: Mapping[str, str] = field(default_factory=dict)  # retreated unit -> where its retreat ended
    short: Mapping[str, int] = field(default_factory=dict)  # retreated unit -> hexes its retreat was short
    paid: int = 0  # steps paid to shorten the retreat (12.1.3, 4)
    tried: int = 0  # the most hexes a retreat of it ended short for any reason, elimination included: what the
    # steps paid may answer (12.1.3 (4): more is a step paid for nothing)
    determined: Determined | None = None
    cancelled: bool = False  # 11.1.1: a successful Determined Defense cancelled the retreat and the advance
    delay: bool = False  # 11.6.1: a Delay: a 1-2 hex retreat, a 1-hex advance, no Breakthrough
    limited: bool = False  # 14.2.3: only into the vacated hex
    doubled: frozenset[str] = frozenset()  # defenders whose strength was doubled (11.1.2)
    terrain_shift: bool = False  # a Terrain or Fortification shift helped the defender (11.1.2)
    air: str | None = None  # the Air unit committed by the attacker (9.3.7, 15.2.9)
    froms: frozenset[str] = frozenset()  # the hexes the attackers attacked from (14.5)
    stacked: frozenset[str] = frozenset()  # units stacked with the attackers that did not attack (14.1)
    halted: frozenset[str] = frozenset()  # units whose advance is over (14.4.2, 14.5)
    advanced: Mapping[str, int] = field(default_factory=dict)  # unit -> hexes advanced so far
    group: Group | None = None  # 15.2.2
    sub: Combat | None = None  # the Breakthrough Combat being resolved within this combat's advance


@dataclass(frozen=True)
class AutoDS:
    """An Automatic DS made in the Movement Phase (8.6): its units advance at the end of the Combat Phase."""

    line: int
    side: str
    target: str
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class Battles:
    """The phase's combat bookkeeping (8.1, 12.4, 15.3): started afresh in each phase (``key``: turn, player,
    phase)."""

    key: tuple = ()
    attacked: frozenset[str] = frozenset()  # 8.1: units that attacked in a regular combat
    defended: frozenset[str] = frozenset()  # 8.1: hexes attacked in a regular combat
    hit: frozenset[str] = frozenset()  # 8.1: units that defended in a combat (wherever they are now)
    retreated: frozenset[str] = frozenset()  # 12.4: units that retreated this phase
    advanced: frozenset[str] = frozenset()  # 14.1: units that advanced this phase
    current: Combat | None = None  # the combat being resolved
    count: int = 0  # combats resolved this phase
    auto_advanced: bool = False  # 8.6.2: an Auto DS unit advanced: no more combat this phase
    auto_owed: frozenset[str] = frozenset()  # 13.3.2: units in Full Retreat an enemy came next to: they retreat next


SHORT_AUTO = "short_auto:"  # in ``State.logged``: a unit whose automatic retreat (13.3.2) ended short this phase


def short_auto(state, uid: str) -> bool:
    """13.3.2: the unit's automatic retreat ended short this phase (reported on its line, 12.1.1): a step it pays for
    the stop is that one mistake, not another."""
    return SHORT_AUTO + uid in state.logged


def phase_key(state) -> tuple:
    return (state.turn, state.player, state.phase)


_FRESH: dict[tuple, Battles] = {}  # phase key -> its empty bookkeeping (immutable and game-free: one object serves
# every ask of every replay, so it may live beyond one)


def battles(state) -> Battles:
    """The phase's bookkeeping: ``state.battles`` when it is this phase's, else a fresh one (the same empty object
    for every ask of a phase: outside the Combat Phase each line asks several times)."""
    b = state.battles
    key = phase_key(state)
    if b.key == key:
        return b
    fresh = _FRESH.get(key)
    if fresh is None:
        if len(_FRESH) >= 256:
            _FRESH.clear()
        fresh = _FRESH[key] = Battles(key=key)
    return fresh


def current(state) -> Combat | None:
    """The combat being resolved in this phase (its Breakthrough Combat when one is), or None."""
    c = battles(state).current
    return None if c is None else (c.sub or c)


def put(state, c: Combat | None, **changes):
    """The state with ``c`` as the combat being resolved (a Breakthrough Combat in its combat's ``sub``), and the
    bookkeeping's other ``changes``."""
    b = battles(state)
    top = b.current
    if c is not None and top is not None and top.sub is not None and c.kind == BREAKTHROUGH and c.line == top.sub.line:
        c = evolve(top, sub=c)
    return evolve(state, battles=evolve(b, current=c, **changes))


def line_path(ctx, state, action) -> tuple[str, tuple[str, ...]] | None:
    """A ``retreat`` or ``advance`` line's unit and the hexes it enters (a leading start location is ignored), or
    None when there is nothing to move (no hex, or the unit is not on the map)."""
    uid = action["unit"]
    loc = state.units[uid].loc
    path = tuple(action["path"])
    if path and path[0] == loc:
        path = path[1:]
    return (uid, path) if path and loc in ctx.board.locations else None
