"""A game's battles as data: what a module computes when players declare and resolve a battle (issue 22).

The module writer turns a :class:`BattleModel` into VASSAL expressions; the model itself is plain data, so that
the same description can come from a game's data files alone (:func:`from_data`: the CRTs, the terrain shifts of
the TEC) or from its rules package, which knows the game's own arithmetic (armor bonus, weather shifts, supply) and
describes it with the small vocabulary below — what the module computes is then what the validator computes.

The vocabulary:

- **factors** — each unit's attack or defence factor is a strength printed on the face it shows
  (:attr:`BattleModel.attack`, :attr:`BattleModel.defence`), times the :class:`UnitFactor` rules that apply to it
  (halved or doubled by its hex, the weather ...), summed per side and capped;
- **odds** (:class:`Odds`) — an odds (``3:2``) or a differential (``+2``) table whose columns are the CRT's own,
  with what happens below the first and beyond the last column;
- **shifts** and **die modifiers** (:class:`Modifier`) — an :class:`Amount` (which may depend on
  the turn and the weather) applied when a :data:`Condition` holds; **terrain** (:class:`Terrain`) is the one shift
  taken per target hex, the defender's best;
- **conditions** — facts the module can see on the board: the attacker's side, the weather, the battle's kind,
  how many attackers or defenders pass a :class:`UnitTest`, tags of the target locations (:attr:`location_tags`,
  and ``cross:<feature>`` when every attacker crosses that hexside feature), adjustments set by hand;
- **adjustments** (:class:`Adjustment`) — what the board does not show (a card, a committed marker, a kind of battle):
  set by the players from the battle marker's menu and reported as set by hand.

Locations are the names VASSAL reports: hex ids, and the names of areas.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Union

from .errors import DataError
from .model import CRT, Game, frozen_map

ODDS, DIFFERENTIAL = "odds", "differential"  # the kinds of CRT a battle reads (games.model.LookupTable.kind)
KINDS = (ODDS, DIFFERENTIAL)
ATTACKER = "attacker"
DEFENDER = "defender"
VOLUNTARY = "voluntary"
CROSS = "cross:"  # the tag a target gets when every attacker crosses a hexside feature into it: cross:river


@dataclass(frozen=True)
class UnitTest:
    """Which of a battle's units count: by the face they show (its unit type and that type's category), their side
    and nationality, and the statuses markers in their hex give them. An empty field tests nothing."""

    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    categories: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    nationalities: frozenset[str] = frozenset()
    status: frozenset[str] = frozenset()  # every one of these statuses
    not_status: frozenset[str] = frozenset()  # none of these
    tags: frozenset[str] = frozenset()  # every one of these tags of the face it shows (Game.tags: its unit type,
    not_tags: frozenset[str] = frozenset()  # the type's traits, the face's flags); none of these
    crossing: frozenset[str] = frozenset()  # an attacker: it crosses one of these features into its target
    not_crossing: frozenset[str] = frozenset()  # an attacker: it crosses none of these


@dataclass(frozen=True)
class Amount:
    """A number of columns or die points: ``value``, or what the most specific table says for the turn and the
    weather (turn and weather, then turn, then weather)."""

    value: int = 0
    by_turn: Mapping[int, int] = field(default_factory=frozen_map)
    by_weather: Mapping[str, int] = field(default_factory=frozen_map)
    by_turn_weather: Mapping[tuple[int, str], int] = field(default_factory=frozen_map)

    def at(self, turn: int, weather: str) -> int:
        for table, key in ((self.by_turn_weather, (turn, weather)), (self.by_turn, turn), (self.by_weather, weather)):
            if key in table:
                return table[key]  # type: ignore[index]
        return self.value

    @property
    def constant(self) -> bool:
        return not (self.by_turn or self.by_weather or self.by_turn_weather)


# --- conditions --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Has:
    """At least ``at_least`` of the ``role``'s units pass ``test``."""

    role: str
    test: UnitTest
    at_least: int = 1


@dataclass(frozen=True)
class Most:
    """More than half of the ``role``'s units pass ``test``."""

    role: str
    test: UnitTest


@dataclass(frozen=True)
class AttackerIs:
    sides: frozenset[str]


@dataclass(frozen=True)
class WeatherIs:
    weathers: frozenset[str]


@dataclass(frozen=True)
class KindIs:
    kinds: frozenset[str]


@dataclass(frozen=True)
class TargetsAll:
    """Every target location has the tag."""

    tag: str


@dataclass(frozen=True)
class TargetsAny:
    tag: str


@dataclass(frozen=True)
class Adjusted:
    """The adjustment ``name`` is set on the battle marker."""

    name: str


@dataclass(frozen=True)
class All:
    conditions: tuple["Condition", ...]


@dataclass(frozen=True)
class AnyOf:
    conditions: tuple["Condition", ...]


@dataclass(frozen=True)
class Not:
    condition: "Condition"


ALWAYS = All(())

Condition = Union[Has, Most, AttackerIs, WeatherIs, KindIs, TargetsAll, TargetsAny, Adjusted, All, AnyOf, Not]


# --- rules of a battle -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitFactor:
    """A unit's factor multiplied by ``times`` (``(1, 2)`` halves it, rounded down, or up with ``round_up``;
    ``(2, 1)`` doubles it) when it is of ``role``, passes ``test`` and its own location has every tag of ``tags`` (a
    defender's location also gets the ``cross:`` tags of its hex). The rules apply one after the other in the
    model's order; of the rules of one ``group`` only the first that applies counts (doubled at most once; the
    harsher of two penalties). Instead of multiplying: ``add`` (a penalty of one: ``-1``) never below ``floor`` (a
    factor at or below it stays), or ``value`` (the factor is that number)."""

    role: str
    times: tuple[int, int]
    reason: str
    rule: str
    test: UnitTest = UnitTest()
    tags: frozenset[str] = frozenset()
    weathers: frozenset[str] = frozenset()  # only in these weathers (empty: any)
    round_up: bool = False
    group: str = ""
    add: int = 0
    floor: int = 0
    value: int | None = None
    from_turn: int | None = None  # only from this turn on


@dataclass(frozen=True)
class Modifier:
    """``amount`` columns (right: the attacker's favour; in ``BattleModel.shifts``) or die points (in
    ``BattleModel.drms``) when ``when`` holds."""

    reason: str
    rule: str
    amount: Amount
    when: Condition = ALWAYS


@dataclass(frozen=True)
class TerrainPart:
    """One reason a location shifts the odds: ``words`` (the chat says it) and the columns (negative: left)."""

    words: str
    shift: int


@dataclass(frozen=True)
class CrossingShift:
    """A hexside feature every attacker crosses into a target: its columns, which may depend on the weather."""

    feature: str
    words: str
    amount: Amount


@dataclass(frozen=True)
class Terrain:
    """The terrain shift: per target location, its own parts plus the crossings; the defender takes the best target
    (the most columns left). Only when ``when`` holds (e.g. not in counterblows)."""

    rule: str
    locations: Mapping[str, tuple[TerrainPart, ...]] = field(default_factory=frozen_map)
    crossings: tuple[CrossingShift, ...] = ()
    when: Condition = ALWAYS


@dataclass(frozen=True)
class Odds:
    """How strengths become a column of the CRT. ``kind`` is the CRT's own (:attr:`~games.model.LookupTable.kind`):
    ``odds``: the best column ``a:b`` with attack × b ≥ a × defence (fractions in the defender's favour);
    ``differential``: the best column ``n`` with attack − defence ≥ n. An initial column beyond the last uses the
    last; below the first the battle is ``below_first`` (an automatic result; None: the first column). The net shift
    then moves the column; a final column beyond the last is the last, before the first is ``below_first`` again (or
    the first)."""

    kind: str
    below_first: str | None = None
    attack_cap: int | None = None
    defence_cap: int | None = None
    virtual: bool = False  # odds only: the ladder goes on past both ends ("8:1", "1:4" ...; 1:k ... n:1 tables)
    automatic: str | None = None  # virtual: the result from the column ``automatic_at`` on (e.g. "10:1")
    automatic_at: str | None = None


@dataclass(frozen=True)
class Adjustment:
    """What the board does not show, set by hand on the battle marker: ``shift`` columns, ``drm`` die points, a
    ``kind`` of battle, or ``extra_dice`` (the highest die counts: a game whose results grow with the die). ``log``
    names the battle field of the game log it stands for (e.g. ``support``)."""

    name: str
    menu: str
    words: str
    rule: str
    shift: Amount = Amount()
    drm: Amount = Amount()
    kind: str | None = None
    log: str | None = None
    extra_dice: int = 0  # that many more dice are rolled, the best kept (one die of ``BattleModel.die_sides``)


@dataclass(frozen=True)
class Stage:
    """A roll after the battle's result, on another table of the game (e.g. a determined defense):
    offered from the battle marker's menu when the result is one of ``after`` and the CRT cell's ``layer`` value is
    not ``barred``; the column is the first of ``column_rules`` whose condition holds, else the target's entry in
    ``columns`` (else ``default_column``); die modifiers: the cell's layer value (``layer_drms``), the ``drms`` whose
    condition holds, the ``adjustments`` set by hand (their ``drm``)."""

    name: str
    menu: str
    words: str
    rule: str
    table: str  # a die-roll table of the game (Game.tables)
    after: frozenset[str]
    layer: str = ""
    barred: frozenset[str] = frozenset()
    layer_drms: Mapping[str, int] = field(default_factory=frozen_map)
    columns: Mapping[str, str] = field(default_factory=frozen_map)
    default_column: str = ""
    column_rules: tuple[tuple["Condition", str], ...] = ()
    drms: tuple[Modifier, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()


@dataclass(frozen=True)
class Status:
    """A unit's status that a marker in its hex shows (e.g. Unsupplied: the back of the Disorganized/Unsupplied
    marker)."""

    marker_kind: str
    face: str  # "front" | "back" | "any"


@dataclass(frozen=True)
class KindRule:
    """A battle is ``kind`` when every target has the status ``status`` (e.g. a Counterblow marker)."""

    kind: str
    status: str


@dataclass(frozen=True)
class Reminder:
    """A chat line when the turn tracker enters ``phase`` (a phase id; ``side``: that side's player phase; ``turn``:
    only on that turn)."""

    phase: str
    text: str
    side: str | None = None
    turn: int | None = None


@dataclass(frozen=True)
class Refusals:
    """The rule numbers cited when a declaration is refused."""

    phase: str = ""
    enemy: str = ""
    adjacent: str = ""
    prohibited: str = ""
    twice: str = ""
    strength: str = ""


@dataclass(frozen=True)
class BattleModel:
    phases: tuple[str, ...]  # phase ids in which battles are declared
    crts: Mapping[tuple[str, str], str]  # (attacking side, weather) -> CRT id
    odds: Odds
    dice: int  # dice rolled, summed
    die_sides: int
    attack: str = "strength"  # the Face field each unit attacks with
    defence: str = "strength"
    factors: tuple[UnitFactor, ...] = ()
    terrain: Terrain | None = None
    shifts: tuple[Modifier, ...] = ()
    drms: tuple[Modifier, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    hand_shift: bool = True  # the battle marker also has "shift one column" left/right by hand
    statuses: Mapping[str, Status] = field(default_factory=frozen_map)
    kinds: tuple[KindRule, ...] = ()
    location_tags: Mapping[str, frozenset[str]] = field(default_factory=frozen_map)
    neighbours: Mapping[str, tuple[str, ...]] = field(default_factory=frozen_map)  # locations a unit may attack
    crossings: Mapping[tuple[str, str], frozenset[str]] = field(default_factory=frozen_map)  # (from, to) -> features
    prohibited: Mapping[tuple[str, str], str] = field(default_factory=frozen_map)  # (from, to) -> what is crossed
    refusals: Refusals = Refusals()
    reminders: tuple[Reminder, ...] = ()
    again: Mapping[str, str] = field(default_factory=frozen_map)  # result -> kind of the battle its defenders may
    # fight next although they fought already (No Retreat!: a CA result, then the counterattack)

    again_attackers: Mapping[str, str] = field(default_factory=frozen_map)  # result -> kind of the battle its
    # attackers may fight next although they attacked already, into any hex (e.g. a breakthrough combat)
    stages: tuple["Stage", ...] = ()

    def crt(self, game: Game, side: str, weather: str) -> CRT:
        return game.crts[self.crts[side, weather]]


# --- what the game data alone says -------------------------------------------------------------------------------


def columns_of(odds: Odds, values: tuple[Fraction, ...], attack: int, defence: int, shift: int) -> tuple[int, int]:
    """(initial, final) column indices of a battle as :class:`Odds` describes them, on a CRT whose columns ask
    ``values`` (:attr:`~games.model.LookupTable.column_values`); -1: below the first column (the automatic result).
    The module's expressions compute the same (modgen.battle_exprs)."""
    if odds.virtual:
        initial, final, auto = virtual_outcome(odds, values, attack, defence, shift)
        return initial, (-1 if auto is not None or final < 0 else min(final, len(values) - 1))
    if odds.kind == ODDS:
        reached = len(values) if defence <= 0 else sum(attack * v.denominator >= v.numerator * defence for v in values)
    else:
        reached = sum(attack - defence >= v for v in values)
    initial = reached - 1
    if odds.below_first is None:
        initial = max(0, initial)
        return initial, max(0, min(initial + shift, len(values) - 1))
    if initial < 0:
        return -1, -1
    return initial, max(-1, min(initial + shift, len(values) - 1))


def virtual_index(values: tuple[Fraction, ...], attack: int, defence: int) -> int:
    """The odds column the strengths reach on a ladder that goes on past both ends of a ``1:k`` ... ``n:1`` table
    (``n+1:1``, ``n+2:1`` ... beyond the last, ``1:k+1`` ... before the first), the ratio rounded in the defender's
    favour: negative before the first column, past the last index beyond it, very large with no defence at all.
    The module's expressions compute the same (modgen.battle_exprs)."""
    first, last = values[0], values[-1]
    if defence <= 0:
        return 10 ** 6
    i = sum(attack * v.denominator >= v.numerator * defence for v in values) - 1
    if i < 0:
        if first.numerator != 1 or attack <= 0:
            return -10 ** 6 if attack <= 0 else -1
        return first.denominator - -(-defence // attack)
    if i == len(values) - 1 and last.denominator == 1:
        return i + attack // defence - last.numerator
    return i


def virtual_label(columns: tuple[str, ...], values: tuple[Fraction, ...], index: int) -> str:
    """A column of :func:`virtual_index` in the table's words: a printed one, or "8:1", "1:4" ... past the ends."""
    if 0 <= index < len(columns):
        return columns[index]
    sep = ":" if ":" in columns[0] else "-"
    if index >= len(columns):
        return f"{values[-1].numerator + index - len(columns) + 1}{sep}1"
    return f"1{sep}{values[0].denominator - index}"


def virtual_outcome(odds: Odds, values: tuple[Fraction, ...], attack: int, defence: int, shift: int
                    ) -> tuple[int, int, str | None]:
    """(initial, final) virtual columns of a battle on a :attr:`Odds.virtual` ladder and its automatic result: the
    ``automatic`` one from ``automatic_at`` on, ``below_first`` before the first column, else None."""
    initial = virtual_index(values, attack, defence)
    final = initial + shift
    if odds.automatic_at is not None:
        a, b = (int(x) for x in odds.automatic_at.replace("-", ":").split(":"))
        if final >= virtual_index(values, a, b):
            return initial, final, odds.automatic
    return initial, final, (odds.below_first if final < 0 else None)


def from_data(game: Game) -> BattleModel:
    """The battles the game data alone describes: each side attacks on its own CRT; the odds, dice and what odds
    below the first column give as the first CRT declares them (``kind``, ``dice``, ``[limits] below``: a result,
    else the first column); the terrain of the TEC (a hex's ``shift`` left, a hexside feature's when every attacker
    crosses it); every phase may hold battles. A game's rules package refines this."""
    if not game.crts:
        raise DataError(os.path.join(game.root, "tables", "crt.toml"), "the module's battles need a combat results table")
    crts = {}
    for side in game.sides:
        own = next((c.id for c in game.crts.values() if c.side == side), next(iter(game.crts)))
        crts.update({(side, w): own for w in tuple(game.weather) or ("",)})  # "": no weather
    first = next(iter(game.crts.values()))
    if first.kind not in KINDS:
        raise DataError(os.path.join(game.root, "tables", "crt.toml"),
                        f"table '{first.id}' is {first.kind}: a battle needs odds or differential columns")
    dice, sides = first.dice
    below = first.limits.below if first.limits.below in first.legend else None  # "first"; "none" is not modelled
    tec = game.tec
    m = game.map
    locations = {}
    for loc, terrain in [(h.id, h.terrain) for h in m.hexes.values()] + [(a.name, a.terrain) for a in m.areas.values()]:
        row = tec.get(terrain)
        if row is not None and row.defense_shift:
            locations[loc] = (TerrainPart(row.name, -row.defense_shift),)
    crossings = tuple(CrossingShift(f.id, f.name, Amount(-f.defense_shift)) for f in tec.values()
                      if f.applies_to == "hexside" and f.defense_shift)
    return BattleModel(phases=tuple(p.id for p in game.phases), crts=frozen_map(crts), odds=Odds(first.kind, below),
                       dice=dice, die_sides=sides, terrain=Terrain("TEC", frozen_map(locations), crossings),
                       neighbours=frozen_map(neighbour_table(game)), crossings=frozen_map(crossing_table(game)))


def neighbour_table(game: Game) -> dict[str, tuple[str, ...]]:
    """Location name -> the hexes next to it (hexes of the grid that exist on the map)."""
    from .hexgrid import neighbours

    m = game.map
    ids_of = {h.hex: h.id for h in m.hexes.values()}
    return {h.id: tuple(ids_of[x] for x in neighbours(h.hex) if x in ids_of) for h in m.hexes.values()}


def crossing_table(game: Game) -> dict[tuple[str, str], frozenset[str]]:
    """(from, to) hex -> the hexside features between them, both ways."""
    m = game.map
    ids_of = {h.hex: h.id for h in m.hexes.values()}
    out = {}
    for side, features in m.hexsides.items():
        a, b = ids_of.get(side.a), ids_of.get(side.b)
        if a and b and features:
            out[a, b] = out[b, a] = frozenset(features)
    return out
