"""The typed game model: frozen dataclasses for everything a game is made of.

Nothing here knows which game it describes; ``games.loader`` fills these from ``games/<id>/`` data files.
Every record that came from a data file keeps its ``source`` (``found`` or ``authored``) so that a publisher's
real data can replace what we authored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .hexgrid import Hex, Hexside, Orientation, Parity


def frozen_map(d: Mapping | None = None) -> Mapping:
    return MappingProxyType(dict(d or {}))


# --- sides, nationalities, unit types -----------------------------------------------------------------------


@dataclass(frozen=True)
class SideDef:
    id: str
    name: str
    colour: str  # "#rrggbb": map edges, markers, headings
    initiative_name: str = ""  # the name of this side's face of the initiative (VP) marker


@dataclass(frozen=True)
class Nationality:
    id: str
    name: str
    side: str
    colours: Mapping[str, str]  # face -> "#rrggbb" background (e.g. front/back, or full/reduced)
    text_colour: str = "#000000"


@dataclass(frozen=True)
class UnitType:
    """A unit type and what it may do (rules 2.3, 8.5, 10.1.1)."""

    id: str
    name: str
    symbol: str  # NATO symbol to draw: infantry, armor, mech, fort, regional, shock, cadre, mountain, garrison ...
    category: str  # "armor" or "infantry" (armor bonus, 10.6.3)
    mobile: bool = True  # False: no movement allowance (forts)
    zoc: bool = True  # False: no zone of control (strength printed in parentheses)
    can_attack: bool = True  # False: white strength, cannot attack voluntarily


# --- map -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GridSpec:
    """How the hexes are laid out and numbered (the numbering is VASSAL-compatible; see games.grid)."""

    orientation: Orientation
    offset: Parity
    columns: int
    rows: int
    id_digits: int = 2  # digits per part of a hex id (4-digit ids: 2 + 2)
    module_hex_width: float = 96.0  # flat-to-flat size of a hex on the module board, in pixels
    module_origin: tuple[int, int] = (0, 0)  # board pixel centre of hex (col 0, row 0)


@dataclass(frozen=True)
class MapHex:
    id: str
    hex: Hex
    terrain: str
    city: str | None = None
    coasts: frozenset[str] = frozenset()  # sea ids
    edge: str | None = None  # side id whose friendly map edge this hex is on
    objective: str | None = None  # side id for whom this is an objective
    oil: str | None = None  # name of an oil field in this hex
    vp: int = 0
    source: str = "found"


@dataclass(frozen=True)
class Area:
    """An off-grid area that counts as one big hex (e.g. Finland, the Balkans; rule 8.6)."""

    id: str
    name: str
    terrain: str
    cells: tuple[Hex, ...]  # grid cells the area covers on the drawn map (for art and the VASSAL zone)
    adjacent: tuple[str, ...]  # ids of map hexes adjacent to the area
    coasts: frozenset[str] = frozenset()
    edge: str | None = None
    vp: int = 0
    controller_rule: str = ""  # free text: who controls it and how
    source: str = "authored"


@dataclass(frozen=True)
class Region:
    """A named set of hexes/areas: a country, a zone, the Soviet Union of 1941 ..."""

    id: str
    name: str
    locations: frozenset[str]
    border_colour: str | None = None  # draw the region's outline on the map in this colour
    border_style: str = "dashed"
    source: str = "authored"


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    supply_sides: frozenset[str]  # sides that may use its coast as an alternate supply source (6.2)
    cells: tuple[Hex, ...] = ()  # grid cells drawn as this sea


@dataclass(frozen=True)
class Lake:
    """A lake that fills whole grid cells (lake *hexsides* are hexside features instead)."""

    id: str
    name: str
    cells: tuple[Hex, ...]
    supply_passable: bool = True  # supply paths may trace through it (6.3)


@dataclass(frozen=True)
class Box:
    """An off-map box or a track space holder (Destroyed, Rail Movement, Game Turn track ...)."""

    id: str
    name: str
    kind: str  # "holding" | "track"
    side: str | None = None
    capacity: int | None = None
    spaces: tuple[str, ...] = ()  # for tracks: the labels of the spaces, in order


@dataclass(frozen=True)
class MapDef:
    grid: GridSpec
    hexes: Mapping[str, MapHex]
    hexsides: Mapping[Hexside, frozenset[str]]  # edge -> features ("river", "lake")
    areas: Mapping[str, Area]
    regions: Mapping[str, Region]
    seas: Mapping[str, Sea]
    lakes: Mapping[str, Lake]
    boxes: Mapping[str, Box]
    by_hex: Mapping[Hex, str] = field(default_factory=frozen_map)  # axial -> hex id

    @property
    def cities(self) -> tuple[MapHex, ...]:
        return tuple(h for h in self.hexes.values() if h.city)

    def location_exists(self, loc: str) -> bool:
        return loc in self.hexes or loc in self.areas

    def features(self, a: Hex, b: Hex) -> frozenset[str]:
        key = Hexside(a, b) if a < b else Hexside(b, a)
        return self.hexsides.get(key, frozenset())


# --- counters, markers, cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """One printed side of a unit."""

    name: str
    type: str  # UnitType id
    strength: int | None  # None: "X", no combat strength
    ma: int | None  # None: no movement allowance
    colour: str  # nationality colour key of this face (e.g. "brown", "red", "full", "reduced")


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    nationality: str
    front: Face
    back: Face
    steps: int  # steps when robust (2-step units), 1 for one-step units
    flip: str  # "step": back is the reduced side; "improve": back is the improved side; "convert"; "none"
    code: str  # printed setup / arrival code
    repl_cost: int | None = None  # printed replacement card cost ("1 Repl" / "2 Repl")
    optional: str = ""  # "" for the standard counter mix, else the optional rule / variant it belongs to
    source: str = "found"
    notes: str = ""


@dataclass(frozen=True)
class MarkerFace:
    label: str
    icon: str  # icon name the art draws (blitz, shock, disorganized, unsupplied, target, counterblow, control ...)
    colour: str  # "#rrggbb"
    side: str | None = None  # owning side, if any


@dataclass(frozen=True)
class Marker:
    id: str  # one physical counter: "<kind>-<n>"
    kind: str
    shape: str  # "round" | "square"
    front: MarkerFace
    back: MarkerFace
    source: str = "authored"
    clear_phase: str = ""  # phase id in which every marker of this kind leaves the map ("" = none)


@dataclass(frozen=True)
class CardEvent:
    side: str
    title: str
    text: str  # our paraphrase
    initiative: str | None = None  # side id whose initiative is required (5.3.3), or None
    play_immediately: bool = False
    timing: str = ""  # when it is played, in the sequence-of-play vocabulary (free text for people)
    windows: tuple["CardWindow", ...] = ()  # when it may be played, machine-readable (games.card_timing)
    movement: bool = False  # a positive movement-affecting event (5.3.4)
    weather: tuple[str, ...] = ()  # Weather markers it flips: "this", "next", or "next:<weather>" (13.0)


@dataclass(frozen=True)
class CardWindow:
    """One moment an event may be played (5.0 Appropriate Timing, 5.3.1), parsed from ``*_play_timing``.

    ``kind``: "any" (any time), "on_draw" (at once when drawn), "on_pay" (works when spent as a payment, never
    played), or "phase". For "phase": ``who`` is "any", "own", "enemy" or a side id (whose player turn);
    ``phase`` a phase id or "*"; ``step`` a step id or None; ``moment`` "", "start", "end", or a battle moment
    ("commitment", "roll", "result"); ``from_turn`` the first turn it may be played; ``weather`` the weathers
    it needs (empty: any)."""

    kind: str
    who: str = "any"
    phase: str = "*"
    step: str | None = None
    moment: str = ""
    from_turn: int = 0
    weather: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    number: int
    id: str  # "c01" ... "c54", "joker"
    events: Mapping[str, CardEvent]  # side id -> event
    mark_1945: str | None = None  # "remove" (red-barred) | "add" (green-circled) | None
    joker: bool = False
    source: str = "found"


# --- tables -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CRT:
    id: str
    name: str
    side: str  # the side that normally uses this table when attacking
    columns: tuple[str, ...]  # odds columns left to right, e.g. "1:3" ... "6:1"
    rows: Mapping[int, tuple[str, ...]]  # die roll -> results per column
    source: str = "found"
    legend: Mapping[str, str] = field(default_factory=frozen_map)  # result -> what it means, in our words

    def result(self, column: str, die: int) -> str:
        return self.rows[die][self.columns.index(column)]


@dataclass(frozen=True)
class TerrainEffect:
    """One row of the Terrain Effects Chart."""

    id: str
    name: str
    applies_to: str  # "hex" | "hexside" | "area" | "weather" | "condition"
    mp_armor: int | None  # None: not applicable / no extra cost; -1: prohibited
    mp_other: int | None
    armor_bonus: bool
    defense_shift: int  # columns shifted left (positive = in the defender's favour)
    stops_advance: bool
    notes: str = ""
    source: str = "found"


@dataclass(frozen=True)
class Weather:
    id: str
    name: str
    colour: str
    ma_cap: int | None
    armor_bonus: bool
    multi_hex_advance: bool
    armor_third_hex: bool
    river_shift: bool  # river hexsides give their defensive shift
    axis_attack_shift: int  # columns left for Axis attacks on Soviet units in the USSR (positive = left)
    axis_crt: str  # id of the CRT the Axis uses when attacking in this weather
    target_limit: Mapping[str, int] = field(default_factory=frozen_map)  # side -> max Target markers
    source: str = "found"


@dataclass(frozen=True)
class TurnEvent:
    code: str  # machine-readable: "red", "remove_unit", "axis_extra_card" ...
    text: str
    red: bool = False
    unit: str | None = None
    source: str = "found"


@dataclass(frozen=True)
class Turn:
    number: int
    date: str
    weather: str  # Weather id printed on the track
    variable: str | None  # the other side of this turn's Weather marker, or None if not variable
    blitz: int
    shock: int
    sudden_death: Mapping[str, int]  # side id -> VP threshold (box) on skull turns
    events: tuple[TurnEvent, ...] = ()
    source: str = "found"

    @property
    def skull(self) -> bool:
        return bool(self.sudden_death)

    @property
    def red(self) -> bool:
        return any(e.red for e in self.events)


@dataclass(frozen=True)
class VPTrack:
    low: int
    high: int
    start: int
    start_initiative: str
    event_cap: int
    total_victory: int  # box that gives the initiative side an automatic win (Soviet Total Victory)


# --- sequence of play, scenarios, game -----------------------------------------------------------------------


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    player: bool  # True: part of each Player Turn; False: mutual housekeeping
    steps: tuple[tuple[str, str], ...] = ()  # (step id, step name)
    rule: str = ""


@dataclass(frozen=True)
class StackingRule:
    """From ``first_turn`` on, a side may stack ``limit`` units per hex, plus one unit of type ``extra`` (8.4.1)."""

    first_turn: int
    limit: int
    extra: str | None = None


@dataclass(frozen=True)
class Placement:
    unit: str
    location: str  # hex id, area id, or box id
    face: str = "front"
    turn: int | None = None  # for reinforcements: the turn of arrival
    condition: str = ""  # for conditional arrivals (e.g. "oil")
    source: str = "authored"


@dataclass(frozen=True)
class MarkerPlacement:
    marker_kind: str
    location: str  # hex id, box id, or track space "<box>:<space>"
    face: str = "front"
    count: int = 1


@dataclass(frozen=True)
class Immobile:
    """A scenario rule that keeps ``units`` from moving (and entraining) on ``turns``; advancing after combat is not
    movement and stays allowed."""

    units: tuple[str, ...]
    turns: tuple[int, ...]
    text: str  # the rule in our words, for messages


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    first_turn: int
    last_turn: int
    setup: tuple[Placement, ...]  # on the map or in boxes at the start
    reinforcements: tuple[Placement, ...]  # arrive later (turn or condition)
    markers: tuple[MarkerPlacement, ...]
    hands: Mapping[str, int]  # side -> cards dealt at the start
    control: Mapping[str, str]  # location id -> side controlling it at the start (cities and areas)
    special_rules: tuple[str, ...] = ()
    victory: tuple[str, ...] = ()
    options: Mapping[str, bool] = field(default_factory=frozen_map)
    immobile: tuple[Immobile, ...] = ()


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    publisher: str
    edition: str
    module_name: str
    rules_package: str
    sides: Mapping[str, SideDef]
    nationalities: Mapping[str, Nationality]
    unit_types: Mapping[str, UnitType]
    map: MapDef
    units: Mapping[str, Unit]
    markers: tuple[Marker, ...]  # the round markers of the counter sheet
    square_markers: tuple[Marker, ...]  # square markers (initiative/VP, High Tide, Weather ...)
    cards: Mapping[str, Card]
    crts: Mapping[str, CRT]
    tec: Mapping[str, TerrainEffect]
    weather: Mapping[str, Weather]
    turns: Mapping[int, Turn]
    vp_track: VPTrack
    phases: tuple[Phase, ...]
    stacking: Mapping[str, tuple[StackingRule, ...]]
    scenarios: Mapping[str, Scenario]
    style: Mapping[str, object] = field(default_factory=frozen_map)
    root: str = ""  # folder the game was loaded from
    turn_draw: int = 0  # cards each side draws in a turn's draw step before modifiers (game.toml [cards]; 0 = none)

    @property
    def all_markers(self) -> tuple[Marker, ...]:
        return self.markers + self.square_markers

    def stacking_limit(self, side: str, turn: int) -> StackingRule:
        """The stacking rule in force for ``side`` on ``turn`` (8.4.1)."""
        current = self.stacking[side][0]
        for rule in self.stacking[side]:
            if rule.first_turn <= turn:
                current = rule
        return current

    def stacking_allows(self, side: str, turn: int, unit_types: list[str] | tuple[str, ...]) -> bool:
        """Whether units of these types may end a phase in one hex (8.4.1): ``limit`` units, or one more when
        the extra one is of the rule's ``extra`` type."""
        rule = self.stacking_limit(side, turn)
        n = len(unit_types)
        if n <= rule.limit:
            return True
        return rule.extra is not None and n == rule.limit + 1 and rule.extra in unit_types
