"""The typed game model: frozen dataclasses for everything a game is made of.

Nothing here knows which game it describes; ``games.loader`` fills these from ``games/<id>/`` data files.
Every record that came from a data file keeps its ``source`` (``found`` or ``authored``) so that a publisher's
real data can replace what we authored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Iterable, Mapping

from .hexgrid import Hex, Hexside, Orientation, Parity


def frozen_map(d: Mapping | None = None) -> Mapping:
    return MappingProxyType(dict(d or {}))


Extra = Mapping[str, object]  # typed values of the columns a game declares itself (game.toml [columns])


# --- sides, nationalities, unit types -----------------------------------------------------------------------


@dataclass(frozen=True)
class SideDef:
    """One side of the game (game.toml [sides]): its id, name and colour."""

    id: str
    name: str
    colour: str  # "#rrggbb": map edges, markers, headings
    initiative_name: str = ""  # legacy (No Retreat!): the name of this side's face of the initiative (VP) marker


@dataclass(frozen=True)
class Nationality:
    """A nationality of units (game.toml [nationalities]): its side and the counter colours of each face."""

    id: str
    name: str
    side: str
    colours: Mapping[str, str]  # face -> "#rrggbb" background (e.g. front/back, or full/reduced)
    text_colour: str = "#000000"


@dataclass(frozen=True)
class Trait:
    """A word of the game's vocabulary for unit types (``traits``) and unit faces (``flags``): elite, tank dot,
    free stacking, mechanized ... At most one trait of a ``group`` is on one face."""

    id: str
    name: str
    group: str = ""
    rule: str = ""


@dataclass(frozen=True)
class UnitType:
    """A unit type and what it may do."""

    id: str
    name: str
    symbol: str  # NATO symbol to draw: infantry, armor, mech, fort, regional, shock, cadre, mountain, garrison ...
    category: str = ""  # a free id; legacy (No Retreat!): "armor" or "infantry" decides the armor bonus (10.6.3)
    mobile: bool = True  # False: no movement allowance (forts)
    zoc: bool = True  # False: no zone of control (strength printed in parentheses)
    can_attack: bool = True  # False: white strength, cannot attack voluntarily
    move_class: str = ""  # the TEC movement column it pays (mp_<move_class>), "" for none
    traits: frozenset[str] = frozenset()  # Trait ids


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
    first_column: int = 1  # the id number of grid column 0 (Stalingrad '42: 10)
    first_row: int = 1  # the id number of grid row 0 (Stalingrad '42: 0, for hex 4100)


@dataclass(frozen=True)
class MapHex:
    """One hex of the map (hexes.csv): its terrain and what else is printed in it."""

    id: str
    hex: Hex
    terrain: str  # TEC row (applies_to = hex)
    city: str | None = None  # legacy (No Retreat!): city name
    coasts: frozenset[str] = frozenset()  # sea ids
    edge: str | None = None  # legacy: side id whose friendly map edge this hex is on
    objective: str | None = None  # legacy: side id for whom this is an objective
    oil: str | None = None  # legacy: name of an oil field in this hex
    vp: int = 0
    source: str = "found"
    settlement: str | None = None  # TEC row (applies_to = settlement): major_city, town ...
    name: str = ""  # the place's name as printed ("" for none)
    features: frozenset[str] = frozenset()  # TEC rows (applies_to = feature): fort, rail, port ...
    section: str = ""  # the map section that owns the hex ("" when the game has none)
    extra: Extra = field(default_factory=frozen_map)


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
    controller_rule: str = ""  # legacy: free text: who controls it and how
    source: str = "authored"
    side: str | None = None  # owner (e.g. of an Entry Area); None: neutral
    kind: str = ""  # a free id: "entry", "box" ...
    extra: Extra = field(default_factory=frozen_map)
    stacking: bool = True  # False: no stacking limit in it (Stalingrad '42 Entry Areas, 22.4)


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
    """A sea (map/water.toml): which sides may trace supply from its coasts, and the cells drawn as it."""

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
    source: str = "authored"
    extra: Extra = field(default_factory=frozen_map)


@dataclass(frozen=True)
class Section:
    """One map section (a sheet of a multi-map game): the box of grid cells it prints, 0-based offsets."""

    id: str
    name: str
    first: tuple[int, int]  # (col, row) of the box's north-west corner
    last: tuple[int, int]  # (col, row) of the box's south-east corner
    source: str = "authored"

    def contains(self, col: int, row: int) -> bool:
        return self.first[0] <= col <= self.last[0] and self.first[1] <= row <= self.last[1]


@dataclass(frozen=True)
class HexsideRecord:
    """One row of ``map/hexsides.csv``: the features of a hexside, as listed from ``hex`` towards ``dir``."""

    hex: str
    dir: str
    features: frozenset[str]
    source: str = "authored"
    extra: Extra = field(default_factory=frozen_map)


@dataclass(frozen=True)
class MapDef:
    """The whole map: grid, hexes, hexside features, off-map areas, regions, seas, lakes, boxes, sections."""

    grid: GridSpec
    hexes: Mapping[str, MapHex]
    hexsides: Mapping[Hexside, frozenset[str]]  # edge -> features ("river", "lake")
    areas: Mapping[str, Area]
    regions: Mapping[str, Region]
    seas: Mapping[str, Sea]
    lakes: Mapping[str, Lake]
    boxes: Mapping[str, Box]
    by_hex: Mapping[Hex, str] = field(default_factory=frozen_map)  # axial -> hex id
    sections: Mapping[str, Section] = field(default_factory=frozen_map)
    hexside_records: Mapping[Hexside, HexsideRecord] = field(default_factory=frozen_map)  # from map/hexsides.csv

    @property
    def cities(self) -> tuple[MapHex, ...]:
        return tuple(h for h in self.hexes.values() if h.city)

    def location_exists(self, loc: str) -> bool:
        return loc in self.hexes or loc in self.areas

    @property
    def settlements(self) -> tuple[MapHex, ...]:
        return tuple(h for h in self.hexes.values() if h.settlement)

    def features(self, a: Hex, b: Hex) -> frozenset[str]:
        key = Hexside(a, b) if a < b else Hexside(b, a)
        return self.hexsides.get(key, frozenset())


# --- counters, markers, cards ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Face:
    """One printed side of a unit."""

    name: str
    type: str  # UnitType id
    strength: int | None  # legacy (No Retreat!): the one combat strength; None: "X", no combat strength
    ma: int | None  # None: no movement allowance
    colour: str  # nationality colour key of this face (e.g. "brown", "red", "full", "reduced")
    attack: int | None = None  # printed attack strength (None: none printed)
    defense: int | None = None  # printed defense strength
    flags: frozenset[str] = frozenset()  # Trait ids printed on this face: elite, red_dot, free_stacking ...


@dataclass(frozen=True)
class Unit:
    """One unit counter (units.csv): side, nationality, both faces, steps and how it flips."""

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
    extra: Extra = field(default_factory=frozen_map)

    def face(self, name: str) -> Face:
        return self.back if name == "back" else self.front


@dataclass(frozen=True)
class MarkerFace:
    """One face of a marker counter: label, icon the art draws, colour, owning side."""

    label: str
    icon: str  # icon name the art draws (blitz, shock, disorganized, unsupplied, target, counterblow, control ...)
    colour: str  # "#rrggbb"
    side: str | None = None  # owning side, if any


@dataclass(frozen=True)
class Marker:
    """One physical marker counter (markers.csv): its kind, shape and both faces."""

    id: str  # one physical counter: "<kind>-<n>"
    kind: str
    shape: str  # "round" | "square"
    front: MarkerFace
    back: MarkerFace
    source: str = "authored"
    clear_phase: str = ""  # phase id in which every marker of this kind leaves the map ("" = none)
    extra: Extra = field(default_factory=frozen_map)


@dataclass(frozen=True)
class CardEvent:
    """One side's event on a card (cards.csv): our paraphrase, when it may be played, what it needs."""

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
    """One card of the deck (cards.csv): its number, each side's event, its 1945 mark."""

    number: int
    id: str  # "c01" ... "c54", "joker"
    events: Mapping[str, CardEvent]  # side id -> event
    mark_1945: str | None = None  # "remove" (red-barred) | "add" (green-circled) | None
    joker: bool = False
    source: str = "found"


# --- tables -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """A die-roll modifier printed with a table (for charts; the rules package decides when it applies)."""

    value: int
    text: str
    rule: str = ""


@dataclass(frozen=True)
class TableLimits:
    """What odds outside a CRT's columns give (8.4 in Stalingrad '42): ``below`` the first column "none" (not
    allowed), "first" or a result; ``above`` the last column "last" or a result; from ``automatic`` odds on (after
    shifts) the result ``automatic_result``."""

    below: str = "first"
    above: str = "last"
    automatic: str = ""
    automatic_result: str = ""


@dataclass(frozen=True)
class LookupTable:
    """A die-roll table: a combat results table (``game.crts``) or any other (``game.tables``).

    ``rows`` maps every roll the table covers to its cells (one per column); a row printed as a range ("1-4")
    appears once per roll, ``row_labels`` keeps the labels as printed. ``layers`` are further cell grids of the same
    shape (Stalingrad '42: the advance number and the Determined Defense colour of each CRT cell)."""

    id: str
    name: str
    side: str  # legacy (No Retreat!): the side that attacks with this CRT; "" for any
    columns: tuple[str, ...]  # column labels left to right, e.g. "1:3" ... "6:1"
    rows: Mapping[int, tuple[str, ...]]  # roll -> results per column
    source: str = "found"
    legend: Mapping[str, str] = field(default_factory=frozen_map)  # result -> what it means, in our words
    kind: str = "odds"  # "odds" | "differential" | "plain"
    dice: tuple[int, int] = (1, 6)  # (number of dice, sides)
    row_labels: tuple[str, ...] = ()  # as printed, top to bottom ("1", "2" ... or "1-4", "5-6")
    column_values: tuple[Fraction, ...] = ()  # odds: attack/defense of each column; differential: the difference
    layers: Mapping[str, Mapping[int, tuple[str, ...]]] = field(default_factory=frozen_map)  # layer -> roll -> cells
    layer_legends: Mapping[str, Mapping[str, str]] = field(default_factory=frozen_map)  # layer -> value -> meaning
    clamp: bool = False  # modified rolls beyond the rows use the first / last row
    limits: TableLimits = TableLimits()
    modifiers: tuple[Modifier, ...] = ()
    results_ref: str = ""  # "weather": the cells are weather ids (no legend)
    notes: str = ""

    def result(self, column: str, die: int) -> str:
        return self.rows[die][self.columns.index(column)]

    def cell(self, layer: str, column: str, die: int) -> str:
        """The value of ``layer`` in a cell ("" when the layer leaves it empty)."""
        return self.layers[layer][die][self.columns.index(column)]

    def row_for(self, roll: int) -> int:
        """The row a (modified) roll reads: itself, or the nearest end when the table clamps; KeyError otherwise."""
        if roll in self.rows:
            return roll
        if not self.clamp:
            raise KeyError(roll)
        return min(self.rows) if roll < min(self.rows) else max(self.rows)


CRT = LookupTable  # the name the rules packages use for combat results tables


@dataclass(frozen=True)
class TerrainEffect:
    """One row of the Terrain Effects Chart: a terrain, settlement, hex feature, hexside feature, area, weather or
    condition."""

    id: str
    name: str
    applies_to: str  # "hex" | "settlement" | "feature" | "hexside" | "area" | "weather" | "condition"
    mp_armor: int | None = None  # legacy (No Retreat!): None: not applicable / no extra cost; -1: prohibited
    mp_other: int | None = None  # legacy
    armor_bonus: bool = False  # legacy
    defense_shift: int = 0  # columns shifted left (positive = in the defender's favour)
    stops_advance: bool = False
    notes: str = ""
    source: str = "found"
    mp: Mapping[str, Fraction] = field(default_factory=frozen_map)  # move class -> MP (to enter, or extra to cross)
    prohibited: frozenset[str] = frozenset()  # move classes that may not enter / cross
    extra: Extra = field(default_factory=frozen_map)


@dataclass(frozen=True)
class Weather:
    """A kind of weather (tables/weather.csv) and the effects the game's data gives it."""

    id: str
    name: str
    colour: str
    ma_cap: int | None = None  # legacy (No Retreat!) effects ...
    armor_bonus: bool = False
    multi_hex_advance: bool = False
    armor_third_hex: bool = False
    river_shift: bool = False  # river hexsides give their defensive shift
    crt: Mapping[str, str] = field(default_factory=frozen_map)  # side -> CRT it attacks with in this weather
    attack_shift: Mapping[str, int] = field(default_factory=frozen_map)  # side -> columns left for its attacks
    target_limit: Mapping[str, int] = field(default_factory=frozen_map)  # side -> max Target markers
    source: str = "found"
    extra: Extra = field(default_factory=frozen_map)

    def __getattr__(self, name: str):
        """Legacy (No Retreat!): ``<side>_crt`` and ``<side>_attack_shift`` read ``crt`` and ``attack_shift``."""
        for suffix, values in (("_attack_shift", "attack_shift"), ("_crt", "crt")):
            if name.endswith(suffix) and not name.startswith("_"):
                return object.__getattribute__(self, values).get(name[: -len(suffix)], 0 if values != "crt" else "")
        raise AttributeError(name)


@dataclass(frozen=True)
class TurnEvent:
    """Something the turn track prints on a turn (turn_events.csv): reinforcements, removals, extra cards ..."""

    code: str  # machine-readable: "red", "remove_unit", "axis_extra_card" ...
    text: str
    red: bool = False  # legacy (No Retreat!)
    unit: str | None = None
    source: str = "found"
    extra: Extra = field(default_factory=frozen_map)


@dataclass(frozen=True)
class Turn:
    """One turn of the turn track (turns.csv): date, printed weather, support markers, sudden-death thresholds."""

    number: int
    date: str
    weather: str = ""  # Weather id printed on the track; "" for none
    variable: str | None = None  # legacy: the other side of this turn's Weather marker, or None if not variable
    blitz: int = 0  # legacy (No Retreat!): support markers this turn
    shock: int = 0  # legacy
    sudden_death: Mapping[str, int] = field(default_factory=frozen_map)  # side id -> VP threshold on skull turns
    events: tuple[TurnEvent, ...] = ()
    source: str = "found"
    extra: Extra = field(default_factory=frozen_map)  # the game's own columns: season, benchmark, replacements ...

    @property
    def skull(self) -> bool:
        return bool(self.sudden_death)

    @property
    def red(self) -> bool:
        return any(e.red for e in self.events)


@dataclass(frozen=True)
class VPTrack:
    """The victory point track: its range, where the marker starts, the boxes that end the game."""

    low: int
    high: int
    start: int
    start_initiative: str = ""  # legacy (No Retreat!) ...
    event_cap: int | None = None
    total_victory: int | None = None  # box that gives the initiative side an automatic win (Soviet Total Victory)


# --- sequence of play, scenarios, game -----------------------------------------------------------------------


@dataclass(frozen=True)
class Phase:
    """One phase of the sequence of play (game.toml [[phases]]) with its steps and rule number."""

    id: str
    name: str
    player: bool  # True: part of each Player Turn; False: mutual housekeeping
    steps: tuple[tuple[str, str], ...] = ()  # (step id, step name)
    rule: str = ""


@dataclass(frozen=True)
class StackingRule:
    """From ``first_turn`` on, a side may stack ``limit`` counting units per hex.

    A unit is described by its tags: its type id, the type's traits and its face's flags. Units with a tag in
    ``exempt`` never count; up to ``free_count`` units tagged ``free_trait`` count for nothing; while a unit tagged
    with one of ``raise_with`` is in the hex the limit is ``raised_limit``; legacy (No Retreat! 8.4.1): one more
    unit is allowed when it is of type ``extra``."""

    first_turn: int
    limit: int
    extra: str | None = None
    free_trait: str | None = None
    free_count: int = 0
    exempt: frozenset[str] = frozenset()
    raise_with: frozenset[str] = frozenset()
    raised_limit: int | None = None

    def allows(self, pieces: Iterable[frozenset[str]]) -> bool:
        """Whether units with these tags may end a phase in one hex."""
        pieces = list(pieces)
        counting = [p for p in pieces if not p & self.exempt]
        limit = self.limit
        if self.raised_limit is not None and any(p & self.raise_with for p in pieces):
            limit = self.raised_limit
        free = min(self.free_count, sum(1 for p in counting if self.free_trait in p)) if self.free_trait else 0
        n = len(counting) - free
        if n <= limit:
            return True
        return self.extra is not None and n == limit + 1 and any(self.extra in p for p in counting)


@dataclass(frozen=True)
class Placement:
    """A unit's place in a scenario (setup or reinforcement): where, which face, when, on what condition."""

    unit: str
    location: str  # hex id, area id, or box id
    face: str = "front"
    turn: int | None = None  # for reinforcements: the turn of arrival
    condition: str = ""  # for conditional arrivals (e.g. "oil")
    source: str = "authored"
    extra: Extra = field(default_factory=frozen_map)
    stacking: bool = True  # False: the placement does not count for the set-up's stacking (frozen units, S42 31.0)


@dataclass(frozen=True)
class MarkerPlacement:
    """Markers of one kind a scenario places at the start: where, which face, how many."""

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
    """A scenario (its folder under scenarios/): its turns, set-up, reinforcements, markers and special rules."""

    id: str
    name: str
    first_turn: int
    last_turn: int
    setup: tuple[Placement, ...]  # on the map or in boxes at the start
    reinforcements: tuple[Placement, ...]  # arrive later (turn or condition)
    markers: tuple[MarkerPlacement, ...]
    hands: Mapping[str, int]  # side -> cards dealt at the start (empty for a game without cards)
    control: Mapping[str, str]  # location id -> side controlling it at the start (cities and areas)
    special_rules: tuple[str, ...] = ()
    victory: tuple[str, ...] = ()
    options: Mapping[str, bool] = field(default_factory=frozen_map)
    immobile: tuple[Immobile, ...] = ()


@dataclass(frozen=True)
class Game:
    """A whole game as its data folder describes it: everything art, modules, sheets and rules read."""

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
    cards: Mapping[str, Card]  # empty: the game has no cards
    crts: Mapping[str, CRT]
    tec: Mapping[str, TerrainEffect]
    weather: Mapping[str, Weather]  # empty: the game has no weather
    turns: Mapping[int, Turn]
    vp_track: VPTrack | None  # None: the game has no VP track
    phases: tuple[Phase, ...]
    stacking: Mapping[str, tuple[StackingRule, ...]]
    scenarios: Mapping[str, Scenario]
    style: Mapping[str, object] = field(default_factory=frozen_map)
    module: Mapping[str, object] = field(default_factory=frozen_map)  # module.toml as read (modgen checks it)
    root: str = ""  # folder the game was loaded from
    turn_draw: int = 0  # cards each side draws in a turn's draw step before modifiers (game.toml [cards]; 0 = none)
    tables: Mapping[str, LookupTable] = field(default_factory=frozen_map)  # die-roll tables other than CRTs
    traits: Mapping[str, Trait] = field(default_factory=frozen_map)
    player_order: tuple[str, ...] = ()  # sides in the order they play their player turns
    columns: Mapping[str, Mapping[str, object]] = field(default_factory=frozen_map)  # file -> declared columns

    @property
    def all_markers(self) -> tuple[Marker, ...]:
        return self.markers + self.square_markers

    @property
    def turn_sequence(self) -> tuple[tuple[str | None, Phase], ...]:
        """The slots of one game turn: the mutual phases before the first player phase, each player phase for
        each side in player order, then the mutual phases after them."""
        return self.sequence_in(self.player_order or tuple(self.sides))

    def sequence_in(self, order: tuple[str, ...]) -> tuple[tuple[str | None, Phase], ...]:
        """The slots of a game turn whose player turns come in ``order`` (:attr:`turn_sequence` for the game's own)."""
        player = [i for i, p in enumerate(self.phases) if p.player]
        if not player:
            return tuple((None, p) for p in self.phases)
        first, last = player[0], player[-1]
        out: list[tuple[str | None, Phase]] = [(None, p) for p in self.phases[:first]]
        out += [(side, p) for side in order for p in self.phases[first:last + 1]]
        out += [(None, p) for p in self.phases[last + 1:]]
        return tuple(out)

    def tags(self, unit: Unit, face: str = "front") -> frozenset[str]:
        """What a unit is, for stacking and other rules: its type id, the type's traits and the face's flags."""
        f = unit.face(face)
        return frozenset({f.type}) | self.unit_types[f.type].traits | f.flags

    def stack_allows(self, side: str, turn: int, pieces: Iterable[frozenset[str]]) -> bool:
        """Whether units with these tags (:meth:`tags`) may end a phase in one hex under ``side``'s rule."""
        return self.stacking_limit(side, turn).allows(pieces)

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
        return self.stack_allows(side, turn, (frozenset({t}) for t in unit_types))
