"""The game state of Stalingrad '42 as plain data, and the starting state a log header describes.

A :class:`State` is never changed after it is made: rule functions return a new one (``engine.state.evolve`` with
fresh mappings), so the replay can keep the state of any moment for a report picture. Locations are ids: a map hex,
an Entry Area (or the Caspian Sea Transit Box, an area too), or an off-map box (``eliminated_axis``,
``remnant_display_soviet``, ``removed``, ``air_holding`` ...); ``None`` means not in play yet (a reinforcement that
has not arrived, a unit the scenario does not use).

What lives where:

- :class:`UnitState`: a unit's location, face and markers (Disrupted / Full Retreat / Good Order, Out of Supply or
  Isolated, Train, Replacement, Reserve, Auto DS, a Planned Offensive on an HQ, the unit a Remnant stands for);
- :class:`MapMarkers`: markers on the map that belong to no unit (Fortifications, Railheads, City Battle markers,
  the Volga Flotilla, deactivated printed fortifications, repaired rail hexes);
- :class:`TurnRecord`: what the current player turn (and game turn) has used up: rail moves, sea moves, Kerch
  crossings, replacements, units placed from the Eliminated Box per hex, Resource Points;
- :class:`Moved`: one unit's movement so far in the current Movement Phase;
- :class:`Battles` (``combat_state``): the phase's combat bookkeeping (combats fought, the combat being resolved
  and what it still owes, Breakthrough Groups); Automatic DS records kept into the Combat Phase (8.6.2); the Air
  units committed this turn and the units German Air units accompany (9.3);
- :class:`Score`: VPs and the result (24.x);
- the weather of the turn, the Mud marker, Seasonal Marsh turned Marsh, releases (20.4, 20.6, 31.0), when the
  Winter Offensive started (33.x).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...engine.context import Context
from ...engine.state import opening_units, start_of
from .combat_state import AutoDS, Battles
from .data import scenario_facts

MUTUAL_PHASE = "weather"  # 3.0 A: a game turn (and by default a log) begins with the Weather Phase

GOOD_ORDER = "good"  # 13.1.1
DISRUPTED = "disrupted"  # 13.1.2
FULL_RETREAT = "full_retreat"  # 13.1.3
ORDERS = (GOOD_ORDER, DISRUPTED, FULL_RETREAT)

IN_SUPPLY = ""  # 16.1
OUT_OF_SUPPLY = "oos"  # 16.1: an Out of Supply marker, white side
ISOLATED = "isolated"  # 16.5.1: the red side


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit: where it is, which face it shows, and the markers on it."""

    loc: str | None
    face: str = "front"
    order: str = GOOD_ORDER  # 13.1: "good", "disrupted" or "full_retreat"
    supply: str = IN_SUPPLY  # 16.1, 16.5.1: "", "oos" or "isolated"
    train: bool = False  # 5.6.1: under a Train marker (no ZOC, defense 1)
    replaced: bool = False  # 21.4: carries a Replacement marker
    reserve: bool = False  # 25.2: carries a Reserve marker
    auto_ds: bool = False  # 8.6.1: carries an Auto DS marker
    offensive: str = ""  # 26.2: an HQ's Planned Offensive marker: "", "waiting" or "ready"
    represents: str | None = None  # 10.4: a Remnant on the map: the 3-step unit it stands for

    @property
    def good_order(self) -> bool:
        return self.order == GOOD_ORDER


@dataclass(frozen=True, slots=True)
class Fort:
    """A Fortification marker (9.7): its side and whether it is completed (False: under construction)."""

    side: str
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Railhead:
    """A Railhead marker (17.2): its hex, the hexes it came through (newest last, for a push back, 17.3.1) and whether
    it may move this Supply Phase (False: placed at a junction this phase, 17.2.2)."""

    hex: str
    trail: tuple[str, ...] = ()
    ready: bool = True


@dataclass(frozen=True)
class MapMarkers:
    forts: Mapping[str, Fort] = field(default_factory=dict)  # hex -> Fortification marker (9.7)
    railheads: tuple[Railhead, ...] = ()  # 17.2
    repaired: frozenset[str] = frozenset()  # green rail hexes the Axis has repaired (17.1)
    city_battle: Mapping[str, int] = field(default_factory=dict)  # hex -> City Battle marker level 1 or 2 (11.6.2)
    flotilla: tuple[str, str] | None = None  # 5.5.3: the Volga Flotilla hexside (west hex, east hex)
    forts_off: frozenset[str] = frozenset()  # 9.7.7: groups of printed fortifications deactivated (region ids)


@dataclass(frozen=True, slots=True)
class Moved:
    """One unit's movement so far in the current Movement Phase (several ``move`` lines continue it)."""

    start: str
    spent: int  # half MPs spent (5.2: roads cost half an MP)
    hexes: int  # hexes entered
    mode: str  # "normal", "extended", "tactical", "rail", "sea", "entry" (between Entry Areas), "kerch"
    stopped: bool = False  # it entered an EZOC (6.2), an Entry Area (22.3.1), or landed (5.7)
    crossed: bool = False  # its first step is behind it (5.5.2: a Major River only on the first step)
    path: tuple[str, ...] = ()  # the locations entered so far (a move of unstated mode is checked whole again)
    exit_paid: int = 0  # half MPs of it paid to leave an EZOC (6.2: a later line's excess is that rule's report)


@dataclass(frozen=True)
class TurnRecord:
    """What the current player turn has used (started afresh with each player turn)."""

    rail: tuple[str, ...] = ()  # 5.6.2: units moved by rail this player turn
    rail_from_map: int = 0  # 5.6.2: how many of them started on the map
    ferry: int = 0  # 5.5.7: units across the Vladimirovka ferry
    sea: Mapping[str, int] = field(default_factory=dict)  # 5.7.1: sea -> units moved on its Shipping Paths
    kerch: int = 0  # 5.7.2
    entry_moved: frozenset[str] = frozenset()  # 22.6.1: units that moved between Entry Areas this turn
    replaced: frozenset[str] = frozenset()  # 21.2: units that received a replacement this turn
    replacements: Mapping[str, int] = field(default_factory=dict)  # 21.1.1: replacement kind -> used this turn
    guards: int = 0  # 21.2: replacements used on Guards units
    from_eliminated: Mapping[str, int] = field(default_factory=dict)  # 21.3.1: hex -> units placed from the box
    resource_points: int = 0  # 18.1: Resource Points spent
    railheads_moved: Mapping[int, int] = field(default_factory=dict)  # 17.2.1: Railhead marker (index) -> hexes
    # it moved this Supply Phase (its two hexes may be written on two lines)
    fled: frozenset[str] = frozenset()  # 13.3.2: units in Full Retreat eliminated as a phase began
    chose_full_retreat: frozenset[str] = frozenset()  # 13.3.1: units the player put into Full Retreat this turn


@dataclass(frozen=True)
class Score:
    """Victory (24.x): the Axis VPs the log claimed or the rules counted, and the result once decided."""

    vp: int = 0
    elbrus: bool = False  # 24.3
    winner: str | None = None
    reason: str = ""
    baku: bool = False  # 24.1.2: five divisions exited through G in one Movement Phase
    held: bool = True  # S3.5: the Axis still holds a Stalingrad hex (until its Player Turn of turn 34)
    rule: str = ""  # the rule that decided the game


@dataclass(frozen=True)
class State:
    turn: int
    player: str | None  # the phasing player; None in the mutual Weather, Interchange and Victory phases
    phase: str
    step: str | None
    weather: str
    units: Mapping[str, UnitState]
    control: Mapping[str, str]  # City, VP and named hexes -> the side that last occupied or passed through (16.3.4)
    markers: MapMarkers = MapMarkers()
    moved: Mapping[str, Moved] = field(default_factory=dict)  # this Movement Phase
    record: TurnRecord = TurnRecord()  # this player turn
    battles: Battles = Battles()  # this Combat Phase
    score: Score = Score()
    logged: frozenset[str] = frozenset()  # procedures the log stated itself in this phase ("supply" ...)
    overstacks: frozenset[str] = frozenset()  # overstacks already reported (4.1), "loc:unit,unit"
    wet: bool = False  # 23.2.3: a Rain turn has come: Seasonal Marsh is Marsh for the rest of the game
    mud_turn: int | None = None  # 23.3.2: the turn the Mud marker stands on
    weathers: Mapping[int, str] = field(default_factory=dict)  # turn -> its weather, as logged or assumed (23.1)
    released: frozenset[str] = frozenset()  # 20.4, 20.6, 31.0: groups of held units released ("garrison:3806" ...)
    returns: Mapping[str, int] = field(default_factory=dict)  # 19.4: unit -> the turn it may come back
    winter_offensive: int | None = None  # 33.1: the turn the Winter Offensive started (the order flips after it)
    flotilla_set: bool = False  # 5.5.3: the Volga Flotilla marker was placed this Soviet Movement Phase
    events: frozenset[str] = frozenset()  # what happened that later rules ask about (30.0 triggered, 31.0 released
    # armies, 32.x removals done and owed, S1.2 rail uses): ``campaign``'s
    maskirovka: Mapping[str, str] = field(default_factory=dict)  # 34.1.2: Reserve Army -> its Holding Box
    auto: tuple[AutoDS, ...] = ()  # 8.6.2: this player turn's Automatic DS, whose units advance in the Combat Phase
    air_with: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # 9.3.7: German Air unit -> the units
    # it accompanies after the Axis combat it supported (Breakthrough support, Air Defense)
    air_used: Mapping[str, int] = field(default_factory=dict)  # 9.3.1, 23.2: Air unit -> the turn it was committed
    opening: tuple[Any, ...] = ()  # findings the header's position gives, reported on the log's first action


def on_map(ctx: Context, state: State, uid: str) -> bool:
    return state.units[uid].loc in ctx.board.locations


def _unit_state(uid: str, spec: Any) -> UnitState:
    """A unit the header's ``position`` places: a location, or ``at`` with its face and markers."""
    if isinstance(spec, str):
        return UnitState(spec)
    return UnitState(spec["at"], spec.get("face", "front"), spec.get("order", GOOD_ORDER),
                     spec.get("supply", IN_SUPPLY), bool(spec.get("train", False)), bool(spec.get("replaced", False)),
                     bool(spec.get("reserve", False)), bool(spec.get("auto_ds", False)), spec.get("offensive", ""),
                     spec.get("represents"))


def _controlled(ctx: Context) -> frozenset[str]:
    """The hexes whose control the rules track: City and VP hexes (16.3.4), and every other hex with a place name
    (Taman and Temryuk, 16.2.4-16.2.5; Towns and Landmarks as airfields, 16.5.4)."""
    return frozenset(h for h, x in ctx.game.map.hexes.items() if x.settlement or x.vp)


def tracked(ctx: Context) -> frozenset[str]:
    """:func:`_controlled`, made once per replay."""
    key = "s42_tracked"
    out = ctx.derived.get(key)
    if out is None:
        out = ctx.derived[key] = _controlled(ctx)
    return out


def _markers(ctx: Context, header: Mapping[str, Any]) -> MapMarkers:
    """The markers of the header's ``position`` (``forts``, ``railheads``, ``repaired``, ``city_battle``,
    ``flotilla``), else the scenario's Railheads (17.2) and repaired rail (S4.1)."""
    sf = scenario_facts(ctx)
    forts = {h: Fort(f["side"], bool(f.get("complete", True))) for h, f in header.get("forts", {}).items()}
    heads = tuple(Railhead(h) for h in header.get("railheads", sf.railheads))
    repaired = frozenset(header.get("repaired", ())) | frozenset(h.hex for h in heads)
    flotilla = header.get("flotilla")
    return MapMarkers(forts, heads, repaired, dict(header.get("city_battle", {})),
                      (flotilla[0], flotilla[1]) if flotilla else None)


def initial_state(ctx: Context) -> State:
    """The state at the first action: the scenario's setup, or the header's ``position``, at the header's ``start``
    (default: the scenario's first turn, in its Weather Phase)."""
    game, sc, header = ctx.game, ctx.scenario, ctx.header
    position = header.position
    units, placed = opening_units(ctx, UnitState, _unit_state)
    control: dict[str, str] = {}
    for region, side in sc.control.items():
        locs = game.map.regions[region].locations if region in game.map.regions else (region,)
        control.update((loc, side) for loc in locs if loc in tracked(ctx))
    for uid, us in units.items():
        if us.loc in tracked(ctx):
            control[us.loc] = game.units[uid].side
    control.update(position.get("control", {}))
    at = start_of(ctx, MUTUAL_PHASE)
    weather = at.weather or _scenario_weather(ctx) or "clear"
    vp = int(position.get("vp", _scenario_vp(ctx)))
    return State(at.turn, at.player, at.phase, at.step, weather, units, control, _markers(ctx, position),
                 score=Score(vp), weathers={at.turn: weather}, wet=bool(position.get("wet", False)),
                 released=frozenset(position.get("released", ())), winter_offensive=position.get("winter_offensive"))


def _scenario_marker(ctx: Context, kind: str) -> str | None:
    for m in ctx.scenario.markers:
        if m.marker_kind == kind and ":" in m.location:
            return m.location.split(":", 1)[1]
    return None


def _scenario_weather(ctx: Context) -> str | None:
    """The weather the scenario's Weather marker shows at the start (S3.4: Overcast-W on the first Uranus turn)."""
    w = _scenario_marker(ctx, "weather")
    return w if w in ctx.game.weather else None


def _scenario_vp(ctx: Context) -> int:
    """The VPs the scenario's VP marker starts on (S3.5: 15 in Uranus)."""
    v = _scenario_marker(ctx, "vp")
    try:
        return int(v) if v is not None else 0
    except ValueError:
        return 0
