"""The battle model (games.battles) as VASSAL expressions: what units and battle markers compute (issue 22).

Two kinds of piece evaluate these: a **battle unit** (a unit's stand-in in one battle, placed on its spot when it
joins: its factor, its statuses, the tags of its hex, its hex's terrain), and the **battle marker** (totals,
conditions over the battle's units, shifts, odds, the CRT cell). The counters themselves carry only their battle
number and role (modgen.battles): what a battle unit computes it reads from the copy of its counter's properties it
takes when it is placed (``BattleUnitId``, ``BattleFace`` ...). Battle units of battle ``n`` are found by
``Count``/``Sum`` over the pieces whose ``Battle`` is ``n``; what a battle unit freezes when it joins
(``BattleType``, ``BattleStatus``, ``BattleTags`` ...) is what the marker's conditions read, so no expression ever
evaluates a table look-up for every piece of the map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from games import DataError
from games.battles import (
    ATTACKER, CROSS, ODDS, Adjusted, All, Amount, AnyOf, AttackerIs, BattleModel, Condition, Has, KindIs, Most, Not,
    Stage, TargetsAll, TargetsAny, UnitFactor, UnitTest, WeatherIs, virtual_index)
from games.model import Game

from . import names
from . import bsh
from .bsh import any_of, chain, contains, eq, lit, lookup, number, table, text

# unit properties frozen when a unit joins a battle
TYPE = "BattleType"  # the unit type of the face it shows
CATEGORY = "BattleCategory"
STATUS = "BattleStatus"  # ",unsupplied,counterblow," from the markers in its hex
TAGS = "BattleTags"  # ",armor_ok,winter,cross:river," its location's tags (a defender: and the crossings into it)
FACTOR = "BattleFactor"
TERRAIN = "BattleTerrain"  # a defender: its hex's terrain shift
TERRAIN_WORDS = "BattleTerrainWords"
CROSSED = "BattleCross"  # an attacker: "|1205/river|" for each feature it crosses into each target
CROSS_SHIFT = "BattleCrossShift_"  # a defender: the columns a feature every attacker crosses into its hex gives
FLAGS = "BattleFlags"  # ",type,trait,flag,": the tags of the face it shows (Game.tags)

# battle marker properties besides the contract's (names.BATTLE_*)
WEATHER = "BattleWeather"
TURN = "BattleTurn"
BASE_KIND = "BaseKind"
TERRAIN_SHIFT = "TerrainShift"
CRT = "BattleCrt"
INITIAL = "OddsInitial"  # calculated: index of the initial column (-1: below the table)
RAW = "OddsVirtual"  # calculated (a virtual ladder): the initial column plus the net shift, before the limits
FINAL = "OddsFinal"  # calculated: index of the final column (-1: the automatic result)

# global properties
NEXT = "BattleNext"
DECLARING_SIDE = "DeclaringSide"
DECLARING_KIND = "DeclaringKind"
PROBLEM = "BattleProblem"
TARGET = "BattleTarget"
TARGET_LIST = "BattleTargetList"
T_NEIGHBOURS = "BattleNeighbourTable"
T_PROHIBITED = "BattleProhibitedTable"
T_CROSSINGS = "BattleCrossingTable"
T_TERRAIN = "BattleTerrainTable"
T_TERRAIN_WORDS = "BattleTerrainWordsTable"
T_TAGS = "BattleTagTable"
T_CRT = "BattleCrtTable"
T_TURNS = "BattleTurnTable"  # turn tracker label -> turn number
T_CATEGORY = "BattleCategoryTable"
T_UNITS = "BattleUnitTable"  # unit id -> its printed properties a battle unit copies (Compiler.printed), JOIN_SEP apart
T_TRAITS = "BattleTraitTable"  # unit type -> its traits ("a,b")
T_LAYER = "BattleLayerTable_"  # a CRT layer's cells, keyed as the CRT's: BattleLayerTable_dd
T_STAGE = "BattleStageTable_"  # a stage's table: "column/roll" -> result, BattleStageTable_determined
T_STAGE_COLUMNS = "BattleStageColumns_"  # a stage's column per location
T_AMOUNT = "BattleAmountTable"  # one per turn- or weather-dependent amount: BattleAmountTable0 ...

# A property whose value looks like a number is bound as one (hex 0910 becomes 910): a String method on it keeps it
# text throughout the expression (VASSAL passes such properties as String parameters).
LOC = "LocationName.trim()"
UNIT = f'Kind=={lit(names.KIND_UNIT)}'
SAME_SPOT = "CurrentX==$CurrentX$ && CurrentY==$CurrentY$"  # in the same stack (cheaper than a location name)
SELECTED = f"Selected==true && {UNIT}"
STRENGTH_FIELDS = {"strength": (names.STRENGTH, names.BACK_STRENGTH), "attack": (names.ATTACK_VALUE, names.BACK_ATTACK),
                   "defense": (names.DEFENSE_VALUE, names.BACK_DEFENSE)}

# A battle unit's copy of its counter's properties (its own names: a piece looked up by UnitId is the counter)
PROXY = f'{names.BATTLE_PROXY}=="1"'  # a battle unit (its Marker property)
COPY_PREFIX = "BattleUnit_"
FACE_LEVEL = f"{names.FACE_LAYER}_Level"
NAME = "PieceName"


def copy_of(prop: str) -> str:
    """The battle unit's copy of its counter's property ``prop``."""
    return COPY_PREFIX + prop


UID = f"{copy_of(names.UNIT_ID)}.trim()"
OWN_SIDE = f"{copy_of(names.SIDE)}=={DECLARING_SIDE}"  # a battle unit of the attacking side
ENEMY_SIDE = f"{copy_of(names.SIDE)}!={DECLARING_SIDE}"
FACE_TYPE = f"({copy_of(FACE_LEVEL)}==2 ? {copy_of(names.BACK_TYPE)} : {copy_of(names.UNIT_TYPE)})"
WHO = f'{copy_of(NAME)}+" ["+{UID}+"] in "+{LOC}'  # a battle unit's counter, for the chat
JOINER = "BattleJoiner"  # global: the properties of the counter whose battle unit is being placed, JOIN_SEP apart
JOIN_SEP = "#"
JOIN_MODE = "BattleJoinMode"  # global: "" a selected counter's battle unit (a candidate); "defender"
JOIN_ROLE = "BattleJoinRole"  # global: the role a counter takes when its battle unit joins
JOIN_NO = "BattleJoinNo"  # global: the battle number it takes ("" when the clean-up removes its battle unit)


def count(filter_expr: str) -> str:
    """A count of the main map's pieces (battles are fought there: the card table and hands are not visited)."""
    return bsh.count(filter_expr, names.MAIN_MAP)


def total(prop: str, filter_expr: str) -> str:
    return bsh.total(prop, filter_expr, names.MAIN_MAP)


def sign(expr: str) -> str:
    """``+2``, ``-1``, ``0`` as text."""
    return f'(({expr})>0 ? "+" : "")+({expr})'


def as_int(expr: str) -> str:
    """A property that holds a number or nothing, as a number (nothing: 0). (``Integer.parseInt(""+x)`` fails in
    VASSAL's BeanShell; ``String.valueOf`` does not.)"""
    return f'({text(expr)}.equals("") ? 0 : {number(f"String.valueOf({expr})")})'


def role_filter(role: str, battle: str) -> str:
    """The units of battle ``battle`` (an expression of its number) in ``role``; for Count/Sum match strings."""
    return f"{PROXY} && {text(names.BATTLE)}=={battle} && {names.BATTLE_ROLE}=={lit(role)}"


def field_of(expr: str, i: int, last: bool) -> str:
    """The ``i``-th field of a text :data:`JOIN_SEP` apart (VASSAL's BeanShell refuses arrays, so no ``split``: the
    fields before it dropped by a regular expression, then up to the next separator; ``last``: the rest)."""
    rest = f'{expr}.replaceAll("^([^{JOIN_SEP}]*{JOIN_SEP}){{{i}}}", "")' if i else expr
    if last:
        return rest
    return f'({rest}+{lit(JOIN_SEP)}).substring(0, ({rest}+{lit(JOIN_SEP)}).indexOf({lit(JOIN_SEP)}))'


def tag_test(tag: str) -> str:
    return contains(TAGS, lit(tag))


@dataclass(frozen=True)
class Compiler:
    game: Game
    model: BattleModel
    turn_labels: tuple[str, ...]  # the turn tracker's Game Turn labels, turn 1 first
    phase_labels: tuple[str, ...]

    # -- names and tables ------------------------------------------------------------------------------------------
    @cached_property
    def crt_ids(self) -> tuple[str, ...]:
        return tuple(self.game.crts)

    @cached_property
    def columns(self) -> tuple[str, ...]:
        """The columns every CRT of the model shares (the odds are computed once, then looked up in the table)."""
        tables = {self.game.crts[c].columns for c in set(self.model.crts.values())}
        if len(tables) != 1:
            raise DataError(self.game.id, "the CRTs a battle may use must have the same columns")
        return tables.pop()

    @cached_property
    def column_values(self) -> tuple[Fraction, ...]:
        """What each of :attr:`columns` asks (attack ÷ defence, or attack − defence), as the loader read it."""
        return self.game.crts[next(iter(self.model.crts.values()))].column_values

    @cached_property
    def rolls(self) -> tuple[int, int]:
        return self.model.dice, self.model.dice * self.model.die_sides

    def tables(self) -> dict[str, str]:
        """Global property -> its table text (the module's static data for battles)."""
        m = self.model
        crt = {}
        for i, cid in enumerate(self.crt_ids):
            t = self.game.crts[cid]
            if t.columns != self.columns:
                continue
            for j in range(len(t.columns)):
                for roll, results in t.rows.items():
                    crt[str(100000 + i * 10000 + j * 100 + roll)] = results[j]
        terrain = m.terrain
        shift = {loc: str(sum(p.shift for p in parts)) for loc, parts in (terrain.locations if terrain else {}).items()}
        words = {loc: "".join(f", {p.words} {p.shift:+d}" for p in parts)
                 for loc, parts in (terrain.locations if terrain else {}).items()}
        return {
            T_NEIGHBOURS: table({loc: ",".join(_pattern(n) for n in ns) for loc, ns in m.neighbours.items()}),
            T_PROHIBITED: table({a: ",".join(_pattern(b) for (x, b) in sorted(m.prohibited) if x == a)
                                 for a in sorted({a for a, _ in m.prohibited})}),
            T_CROSSINGS: table({f"{a}>{b}>{f}": "1" for (a, b), fs in m.crossings.items() for f in sorted(fs)
                                if f in self.features}),
            T_TERRAIN: table(shift),
            T_TERRAIN_WORDS: table(words),
            T_TAGS: table({loc: ",".join(sorted(tags)) for loc, tags in m.location_tags.items()}),
            T_CRT: table(crt),
            T_TURNS: table({label: str(n) for n, label in zip(sorted(self.game.turns), self.turn_labels)}),
            T_CATEGORY: table({t.id: t.category for t in self.game.unit_types.values()}),
            **({T_TRAITS: table({t.id: ",".join(sorted(t.traits)) for t in self.game.unit_types.values()})}
               if self.uses_tags else {}),
            **{T_LAYER + layer: table(cells) for layer, cells in self.layer_cells().items()},
            **{k: v for st in m.stages for k, v in self.stage_tables(st).items()},
            **{f"{T_AMOUNT}{i}": table(_amount_entries(a)) for i, a in enumerate(self.amounts)},
        }

    def layer_cells(self) -> dict[str, dict[str, str]]:
        """The CRT layers a stage reads, keyed as the CRT's cells."""
        out: dict[str, dict[str, str]] = {}
        for st in self.model.stages:
            if not st.layer:
                continue
            cells = out.setdefault(st.layer, {})
            for i, cid in enumerate(self.crt_ids):
                t = self.game.crts[cid]
                if t.columns != self.columns or st.layer not in t.layers:
                    continue
                for j in range(len(t.columns)):
                    for roll, row in t.layers[st.layer].items():
                        cells[str(100000 + i * 10000 + j * 100 + roll)] = row[j] or "-"
        return out

    def stage_tables(self, st: Stage) -> dict[str, str]:
        t = self.game.tables[st.table]
        cells = {f"{c}/{roll}": row[j] + "".join(f" {t.layers[x][roll][j]}" for x in sorted(t.layers))
                 for roll, row in t.rows.items() for j, c in enumerate(t.columns)}
        return {T_STAGE + st.name: table(cells), T_STAGE_COLUMNS + st.name: table(dict(st.columns))}

    def copied(self) -> tuple[str, ...]:
        """What a counter hands its battle unit in :data:`JOINER`: its id, face, battle number and role, then its name
        last (a name may hold the separator); the rest the battle unit looks up in :data:`T_UNITS`."""
        return names.UNIT_ID, FACE_LEVEL, names.BATTLE, names.BATTLE_ROLE, NAME

    def printed(self) -> tuple[str, ...]:
        """The counter's printed properties a battle unit copies from :data:`T_UNITS` (the order of its values)."""
        fields = [names.SIDE, names.NATIONALITY, names.UNIT_TYPE, names.BACK_TYPE]
        for field in dict.fromkeys((self.model.attack, self.model.defence)):
            fields += STRENGTH_FIELDS.get(field, ())
        return (*fields, *((names.FLAGS, names.BACK_FLAGS) if self.uses_tags else ()))

    def joiner(self) -> str:
        """What a counter puts in :data:`JOINER` before it places its battle unit: its :meth:`copied` properties."""
        sep = f"+{lit(JOIN_SEP)}+"
        return '""+' + sep.join(f"{p}.trim()" if p == names.UNIT_ID else p for p in self.copied())

    def joined(self, i: int) -> str:
        """A battle unit's copy of the ``i``-th :meth:`copied` property, read from :data:`JOINER`."""
        return field_of(JOINER, i, i == len(self.copied()) - 1)

    def looked_up(self, i: int) -> str:
        """A battle unit's copy of the ``i``-th :meth:`printed` property of its counter."""
        return field_of(lookup(T_UNITS, self.joined(0)), i, i == len(self.printed()) - 1)

    @cached_property
    def uses_tags(self) -> bool:
        """Whether a unit test asks for the tags of a unit's face (then units freeze them when they join)."""
        return any(t.tags or t.not_tags for t in self._unit_tests())

    def _leaves(self) -> list[Condition]:
        """Every condition of the model that is no combination of others."""
        out: list[Condition] = []

        def walk(c: Condition) -> None:
            if isinstance(c, (All, AnyOf)):
                for x in c.conditions:
                    walk(x)
            elif isinstance(c, Not):
                walk(c.condition)
            else:
                out.append(c)
        for x in self._conditions():
            walk(x)
        return out

    def _unit_tests(self) -> list[UnitTest]:
        return [f.test for f in self.model.factors] + [c.test for c in self._leaves() if isinstance(c, (Has, Most))]

    def _conditions(self) -> list[Condition]:
        m = self.model
        out = [s.when for s in m.shifts + m.drms] + ([m.terrain.when] if m.terrain else [])  # type: ignore[operator]
        for st in m.stages:
            out += [d.when for d in st.drms] + [c for c, _ in st.column_rules]
        return out

    @cached_property
    def amounts(self) -> tuple[Amount, ...]:
        """Every amount of the model that depends on the turn or the weather (each gets a table)."""
        m = self.model
        found = [c.amount for c in (m.terrain.crossings if m.terrain else ())]
        found += [s.amount for s in m.shifts] + [d.amount for d in m.drms]
        found += [a.shift for a in m.adjustments] + [a.drm for a in m.adjustments]
        found += [d.amount for st in m.stages for d in st.drms] + [a.drm for st in m.stages for a in st.adjustments]
        out: list[Amount] = []
        for a in found:
            if not a.constant and a not in out:
                out.append(a)
        return tuple(out)

    @cached_property
    def features(self) -> frozenset[str]:
        """The hexside features a rule asks about (terrain crossings, ``cross:`` tags)."""
        out = {c.feature for c in self.model.terrain.crossings} if self.model.terrain else set()
        out |= {t[len(CROSS):] for t in self._tags_used() if t.startswith(CROSS)}
        for t in self._unit_tests():
            out |= t.crossing | t.not_crossing
        return frozenset(out)

    def _tags_used(self) -> set[str]:
        found = {c.tag for c in self._leaves() if isinstance(c, (TargetsAll, TargetsAny))}
        for f in self.model.factors:
            found |= f.tags
        return found

    # -- the turn and weather -----------------------------------------------------------------------------------
    @staticmethod
    def turn_now() -> str:
        """The turn number the tracker shows (0 when it shows none), read where it is used: a global property that a
        tracker's hot key set would need a BeanShell value in a ChangePropertyButton, which VASSAL does not evaluate
        there (it stored the expression's text)."""
        return number(lookup(T_TURNS, names.TURN_PROPERTY, '"0"'))

    def amount(self, a: Amount, turn: str, weather: str) -> str:
        """An :class:`Amount` for the turn (a number expression) and the weather (a text expression): its value, or
        its table's entry for turn and weather, turn, or weather."""
        if a.constant:
            return f"({a.value})"
        tab = f"{T_AMOUNT}{self.amounts.index(a)}"
        t = f'(""+{turn})'
        expr = lit(str(a.value))
        if a.by_weather:
            expr = lookup(tab, weather, expr)
        if a.by_turn:
            expr = lookup(tab, t, expr)
        if a.by_turn_weather:
            expr = lookup(tab, f'{t}+"/"+{weather}', expr)
        return f"({number(expr)})"

    # -- units ------------------------------------------------------------------------------------------------------
    def strength(self, field: str) -> str:
        if field not in STRENGTH_FIELDS:
            raise DataError(self.game.id, f"the battle model's unit factor '{field}' is not a strength counters carry")
        front, back = STRENGTH_FIELDS[field]
        return as_int(f"({copy_of(FACE_LEVEL)}==2 ? {copy_of(back)} : {copy_of(front)})")

    @staticmethod
    def category() -> str:
        """The category of the unit type its face shows (read when it joins: no other property's order matters)."""
        return lookup(T_CATEGORY, f'(""+{FACE_TYPE})')

    def status(self) -> str:
        """``,unsupplied,`` ...: the statuses the markers in the unit's location give it."""
        parts = []
        for name, s in sorted(self.model.statuses.items()):
            level = "" if s.face == "any" else f'{names.FACE_LAYER}_Level=={1 if s.face == "front" else 2} && '
            found = count(f'Kind=={lit(names.KIND_MARKER)} && {names.MARKER_KIND}=={lit(s.marker_kind)} && '
                          f'{level}{SAME_SPOT}')
            parts.append(f'({found}>0 ? {lit(name + ",")} : "")')
        return '(","' + "".join("+" + p for p in parts) + ")"

    def own_tags(self) -> str:
        return f'(","+{lookup(T_TAGS, LOC)}+",")'

    def cross_tags(self) -> str:
        """A defender's ``cross:<feature>,`` tags: every attacker of the battle crosses the feature into its hex."""
        parts = []
        for f in sorted(self.features):
            missing = count(role_filter(ATTACKER, '"$' + NEXT + '$"') +
                            f' && {CROSSED}.indexOf("|$LocationName$/{f}|")<0')
            parts.append(f'({missing}==0 ? {lit(CROSS + f + ",")} : "")')
        return "".join("+" + p for p in parts)

    def crossings(self) -> str:
        """What an attacker appends to ``BattleCross`` for the target ``BattleTarget``."""
        parts = [f'({T_CROSSINGS}.indexOf("|"+{LOC}+">"+{TARGET}.substring(1)+{lit(">" + f + "=")})>=0 ? '
                 f'"|"+{TARGET}.substring(1)+{lit("/" + f + "|")} : "")' for f in sorted(self.features)]
        return text(CROSSED) + "".join("+" + p for p in parts)

    def unit_test(self, t: UnitTest) -> str:
        """A unit passes ``t`` (on the unit's frozen battle properties)."""
        parts = []
        if t.types:
            parts.append(any_of(TYPE, t.types))
        if t.not_types:
            parts.append("!" + any_of(TYPE, t.not_types))
        if t.categories:
            parts.append(any_of(CATEGORY, t.categories))
        if t.sides:
            parts.append(any_of(copy_of(names.SIDE), t.sides))
        if t.nationalities:
            parts.append(any_of(copy_of(names.NATIONALITY), t.nationalities))
        parts += [contains(STATUS, lit(s)) for s in sorted(t.status)]
        parts += ["!" + contains(STATUS, lit(s)) for s in sorted(t.not_status)]
        parts += [contains(FLAGS, lit(x)) for x in sorted(t.tags)]
        parts += ["!" + contains(FLAGS, lit(x)) for x in sorted(t.not_tags)]
        if t.crossing:
            parts.append("(" + " || ".join(f'{CROSSED}.indexOf({lit("/" + f + "|")})>=0' for f in sorted(t.crossing))
                         + ")")
        parts += [f'{CROSSED}.indexOf({lit("/" + f + "|")})<0' for f in sorted(t.not_crossing)]
        return " && ".join(parts) or "true"

    def flags(self) -> str:
        """``,type,trait,flag,``: the tags of the face the unit shows (its type, the type's traits, the face's
        flags)."""
        flags = (f'({copy_of(FACE_LEVEL)}==2 ? {text(copy_of(names.BACK_FLAGS))} : {text(copy_of(names.FLAGS))})'
                 '.replace(" ", ",")')
        return f'(","+{FACE_TYPE}+","+{lookup(T_TRAITS, text(FACE_TYPE))}+","+{flags}+",")'


    def own_applies(self, f: UnitFactor) -> str:
        parts = [self.unit_test(f.test)] + [tag_test(t) for t in sorted(f.tags)]
        if f.weathers:
            parts.append(any_of(names.WEATHER_PROPERTY, f.weathers))
        if f.from_turn is not None:
            parts.append(f"{self.turn_now()}>={f.from_turn}")
        return "(" + " && ".join(parts) + ")"

    def factor_applies(self, f: UnitFactor) -> str:
        """The rule applies to the unit (and no earlier rule of its group does)."""
        rules = self.model.factors
        before = [x for x in rules[:rules.index(f)] if f.group and x.group == f.group and x.role == f.role]
        return "(" + " && ".join([self.own_applies(f)] + ["!" + self.own_applies(x) for x in before]) + ")"

    def factor_steps(self, role: str) -> list[tuple[str, str]]:
        """(property, expression): the unit's strength, then one step per factor rule that may apply, in the model's
        order, each reading the step before (one expression nesting them all would take BeanShell's parser
        minutes: it tries every parenthesis as a cast). The last step is the factor."""
        field = self.model.attack if role == ATTACKER else self.model.defence
        name = f"{FACTOR}_{role}_"
        out = [(name + "0", self.strength(field))]
        for i, f in enumerate((x for x in self.model.factors if x.role == role), start=1):
            a, v = self.factor_applies(f), out[-1][0]
            if f.value is not None:
                expr = f"({a} ? {f.value} : {v})"
            elif f.add:
                expr = f"({a} ? Math.max(Math.min({v}, {f.floor}), {v}+{f.add}) : {v})"
            else:
                n, d = f.times
                expr = f"({a} ? ({v}*{n}+{d - 1 if f.round_up else 0})/{d} : {v})"
            out.append((name + str(i), expr))
        return out

    def factor(self, role: str) -> str:
        """The unit's factor: the last of its :meth:`factor_steps`."""
        return self.factor_steps(role)[-1][0]

    def factor_words(self, role: str) -> str:
        parts = []
        for f in (x for x in self.model.factors if x.role == role):
            how = (f"= {f.value}" if f.value is not None else f"{f.add:+d}" if f.add
                   else "halved" if f.times == (1, 2) else "doubled" if f.times == (2, 1)
                   else f"x{f.times[0]}/{f.times[1]}")
            parts.append(f'({self.factor_applies(f)} ? {lit(f" ({f.reason} {how}, {f.rule})")} : "")')
        return "+".join(parts) or '""'

    def crossing_shifts(self) -> list[tuple[str, str]]:
        """(property, expression) of each crossing's columns for a defender (0 unless every attacker crosses it)."""
        t = self.model.terrain
        return [(CROSS_SHIFT + c.feature, f"({tag_test(CROSS + c.feature)} ? "
                 f"{self.amount(c.amount, self.turn_now(), names.WEATHER_PROPERTY)} : 0)")
                for c in (t.crossings if t else ())]

    def terrain(self) -> tuple[str, str]:
        """A defender's terrain shift and its words ``, Forest -1, River hexside -1`` (its location's parts, then
        each feature every attacker crosses into it: the crossing shifts are frozen first)."""
        t = self.model.terrain
        if t is None:
            return "0", '""'
        shift = number(lookup(T_TERRAIN, LOC, '"0"'))
        words = lookup(T_TERRAIN_WORDS, LOC)
        for c in t.crossings:
            p = CROSS_SHIFT + c.feature
            shift += f"+{p}"
            words += f'+({p}!=0 ? ", "+{lit(c.words)}+" "+{sign(p)} : "")'
        return f"({shift})", words

    # -- the battle marker ------------------------------------------------------------------------------------------
    @staticmethod
    def units(role: str) -> str:
        return role_filter(role, '"$' + names.BATTLE_NO + '$"')

    def condition(self, c: Condition) -> str:
        if isinstance(c, Has):
            return f"({count(self.units(c.role) + ' && ' + self.unit_test(c.test))}>={c.at_least})"
        if isinstance(c, Most):
            return f"(2*{count(self.units(c.role) + ' && ' + self.unit_test(c.test))}>{count(self.units(c.role))})"
        if isinstance(c, AttackerIs):
            return any_of(names.BATTLE_SIDE, c.sides)
        if isinstance(c, WeatherIs):
            return any_of(WEATHER, c.weathers)
        if isinstance(c, KindIs):
            return any_of(names.BATTLE_KIND, c.kinds)
        if isinstance(c, TargetsAll):
            return f"({count(self.units('defender') + ' && !' + tag_test(c.tag))}==0)"
        if isinstance(c, TargetsAny):
            return f"({count(self.units('defender') + ' && ' + tag_test(c.tag))}>0)"
        if isinstance(c, Adjusted):
            return f'({eq(names.ADJUSTMENT_PREFIX + c.name, "1")})'
        if isinstance(c, All):
            return "(" + " && ".join(self.condition(x) for x in c.conditions) + ")" if c.conditions else "true"
        if isinstance(c, AnyOf):
            return "(" + " || ".join(self.condition(x) for x in c.conditions) + ")" if c.conditions else "false"
        if isinstance(c, Not):
            return "!" + self.condition(c.condition)
        raise TypeError(c)

    def marker_amount(self, a: Amount) -> str:
        """An amount for the battle's frozen turn and weather."""
        return self.amount(a, TURN, WEATHER)

    def best_terrain(self) -> str:
        """The defender's best target: the most columns left among the battle's defenders' ``BattleTerrain``."""
        t = self.model.terrain
        if t is None or not (t.locations or t.crossings):
            return "0"
        sums = [sum(p.shift for p in parts) for parts in t.locations.values()] + [0]
        worst = [min(0, *(c.amount.at(n, w) for n in self.game.turns for w in self.game.weather)) for c in t.crossings]
        best = [max(0, *(c.amount.at(n, w) for n in self.game.turns for w in self.game.weather)) for c in t.crossings]
        low, high = min(sums) + sum(worst), max(sums) + sum(best)
        steps = [f"({count(self.units('defender') + f' && {TERRAIN}<={v}')}>0 ? 1 : 0)" for v in range(low, high)]
        return f"({high}-(" + "+".join(steps) + "))" if steps else str(high)

    def kind(self) -> str:
        """The kind the battle is declared as: a kind a unit's last battle allows, a kind rule, else voluntary."""
        rules = [(f"({count(self.units('defender') + ' && !' + contains(STATUS, lit(k.status)))}==0)", lit(k.kind))
                 for k in self.model.kinds]
        return chain([(f"{text(DECLARING_KIND)}!=\"\"", DECLARING_KIND)] + rules, lit("voluntary"))

    def adjusted_kind(self) -> str:
        return chain(((eq(names.ADJUSTMENT_PREFIX + a.name, "1"), lit(a.kind)) for a in self.model.adjustments
                      if a.kind), BASE_KIND)

    def cap(self, expr: str, cap: int | None) -> str:
        return f"Math.min({expr}, {cap})" if cap is not None else expr

    def initial(self) -> str:
        """The index of the initial column (-1 below the first; the last when beyond it)."""
        values = self.column_values
        a, d = names.BATTLE_ATTACK, names.BATTLE_DEFENCE
        if self.model.odds.virtual:
            return f'({text(a)}.equals("") || {text(d)}.equals("") ? -1 : {self.virtual_index(a, d)})'
        if self.model.odds.kind == ODDS:
            reached = "+".join(f"({a}*{v.denominator}>={v.numerator}*{d} ? 1 : 0)" for v in values)
            expr = f"({d}<=0 ? {len(values) - 1} : ({reached})-1)"
        else:
            reached = "+".join(f"({a}-{d}>={v} ? 1 : 0)" for v in values)
            expr = f"(({reached})-1)"
        expr = expr if self.model.odds.below_first is not None else f"Math.max(0, {expr})"
        # (a placed marker's properties are all read once before it freezes its numbers: nothing to compute yet)
        return f'({text(a)}.equals("") || {text(d)}.equals("") ? -1 : {expr})'

    def virtual_index(self, a: str, d: str) -> str:
        """games.battles.virtual_index for the strengths ``a`` and ``d`` (number expressions)."""
        values = self.column_values
        first, last = values[0], values[-1]
        n = len(values) - 1
        i = "(" + "+".join(f"({a}*{v.denominator}>={v.numerator}*{d} ? 1 : 0)" for v in values) + "-1)"
        below = (f"({a}<=0 ? -1000000 : {first.denominator}-({d}+{a}-1)/{a})" if first.numerator == 1
                 else f"({a}<=0 ? -1000000 : -1)")
        beyond = f"({i}=={n} ? {n}+{a}/{d}-{last.numerator} : {i})" if last.denominator == 1 else i
        return f"({d}<=0 ? 1000000 : {i}<0 ? {below} : {beyond})"

    def automatic_at(self) -> int | None:
        """The virtual column from which the automatic result applies (None: none)."""
        o = self.model.odds
        if not (o.virtual and o.automatic_at):
            return None
        a, b = (int(x) for x in o.automatic_at.replace("-", ":").split(":"))
        return virtual_index(self.column_values, a, b)

    def raw(self) -> str:
        return f"({INITIAL}+{as_int(names.BATTLE_SHIFT)})"

    def auto_result(self) -> str:
        """The automatic result of the final column ("" none)."""
        o = self.model.odds
        below = lit(o.below_first or "")
        if not o.virtual:
            return f'({FINAL}<0 ? {below} : "")'
        top = self.automatic_at()
        high = f"{RAW}>={top} ? {lit(o.automatic or '')} : " if top is not None else ""
        return f'({RAW}<0 ? {below} : {high}"")'

    def final(self) -> str:
        last = len(self.columns) - 1
        if self.model.odds.virtual:
            top = self.automatic_at()
            high = f" || {RAW}>={top}" if top is not None else ""
            return f"({RAW}<0{high} ? -1 : Math.min({RAW}, {last}))"
        shifted = f"Math.min({INITIAL}+{as_int(names.BATTLE_SHIFT)}, {last})"
        if self.model.odds.below_first is None:
            return f"Math.max(0, {shifted})"
        return f"({INITIAL}<0 ? -1 : Math.max(-1, {shifted}))"

    def column_label(self, index: str) -> str:
        labels = ", ".join(lit(c) for c in self.columns)
        return f'({text(index)}.equals("") ? "" : {index}<0 ? "" : new String[]{{{labels}}}[{index}])'

    def virtual_label(self, index: str) -> str:
        """games.battles.virtual_label of a number expression."""
        values, cols = self.column_values, self.columns
        sep = ":" if ":" in cols[0] else "-"
        n = len(cols)
        return (f'({index}>={n} ? ({values[-1].numerator - n + 1}+{index})+{lit(sep + "1")} : '
                f'{index}<0 ? {lit("1" + sep)}+({values[0].denominator}-{index}) : {self.column_label(index)})')

    def crt_choice(self) -> str:
        """The CRT of the battle's side and weather (the one most cases use is the default: fewer cases)."""
        values = list(self.model.crts.values())
        common = max(dict.fromkeys(values), key=values.count)
        cases = [(f"{eq(names.BATTLE_SIDE, s)} && {eq(WEATHER, w)}", lit(c)) for (s, w), c in self.model.crts.items()
                 if c != common]
        return chain(cases, lit(common))

    def crt_name(self) -> str:
        return chain(((eq(CRT, c), lit(t.name)) for c, t in self.game.crts.items()), '""')

    def side_name(self, prop: str) -> str:
        return chain(((eq(prop, s), lit(d.name)) for s, d in self.game.sides.items()), prop)

    def roll(self) -> str:
        drm = "".join(f"+({self.condition(d.when)} ? {self.marker_amount(d.amount)} : 0)" for d in self.model.drms)
        low, high = self.rolls
        return f"Math.max({low}, Math.min({high}, {names.BATTLE_DIE}{drm}))"

    def cell(self, table_prop: str) -> str:
        """The cell of ``table_prop`` (the CRT, or one of its layers) for the final column and the roll."""
        index = chain(((eq(CRT, c), str(i)) for i, c in enumerate(self.crt_ids)), "0")
        col = names.BATTLE_COLUMN_INDEX
        key = f'"|"+(100000+{index}*10000+{col}*100+{self.roll()})+"="'
        return (f'{table_prop}.substring({table_prop}.indexOf({key})+8, '
                f'{table_prop}.indexOf("|", {table_prop}.indexOf({key})+8))')

    def outcome(self) -> str:
        """The CRT cell for the final column and the roll, or the automatic result."""
        return f'({names.BATTLE_COLUMN_INDEX}<0 ? {names.BATTLE_AUTO} : {self.cell(T_CRT)})'

    # -- stages -------------------------------------------------------------------------------------------------
    def stage_layer(self, st: Stage) -> str:
        """The battle's CRT cell value of the stage's layer ("-" when empty or automatic)."""
        if not st.layer:
            return '"-"'
        return f'({names.BATTLE_COLUMN_INDEX}<0 ? "-" : {self.cell(T_LAYER + st.layer)})'

    def stage_allowed(self, st: Stage, layer_prop: str) -> str:
        barred = [f'!({eq(layer_prop, b or "-")})' for b in sorted(st.barred)]
        return "(" + " && ".join([any_of(names.BATTLE_OUTCOME, st.after)] + barred) + ")"

    def stage_column(self, st: Stage) -> str:
        first = f'{names.BATTLE_TARGETS}.substring(1, {names.BATTLE_TARGETS}.indexOf(",", 1))'
        return chain(((self.condition(c), lit(col)) for c, col in st.column_rules),
                     lookup(T_STAGE_COLUMNS + st.name, first, lit(st.default_column)))

    def stage_drm(self, st: Stage, layer_prop: str, flag_prefix: str) -> tuple[str, str]:
        """(the stage's die modifier, its words ", +1 reason (rule)")."""
        parts, words = [], []
        legends = self.game.crts[self.crt_ids[0]].layer_legends.get(st.layer, {})
        for value, n in sorted(st.layer_drms.items()):
            what = legends.get(value, value).split(":")[0]
            parts.append(f"({eq(layer_prop, value)} ? {n} : 0)")
            words.append(f'({eq(layer_prop, value)} ? {lit(f", {n:+d} {what} result ({st.rule})")} : "")')
        for d in st.drms:
            amount = self.marker_amount(d.amount)
            parts.append(f"({self.condition(d.when)} ? {amount} : 0)")
            words.append(f'({self.condition(d.when)} ? ", "+{sign(amount)}+{lit(f" {d.reason} ({d.rule})")} : "")')
        for a in st.adjustments:
            amount = self.marker_amount(a.drm)
            on = eq(flag_prefix + a.name, "1")
            parts.append(f"({on} ? {amount} : 0)")
            words.append(f'({on} ? ", "+{sign(amount)}+{lit(f" {a.words} (set by hand, {a.rule})")} : "")')
        return "(" + ("+".join(parts) or "0") + ")", "+".join(words) or '""'

    def stage_result(self, st: Stage, column_prop: str, die_prop: str, drm_prop: str) -> str:
        t = self.game.tables[st.table]
        low, high = min(t.rows), max(t.rows)
        roll = f"Math.max({low}, Math.min({high}, {die_prop}+{drm_prop}))"
        return lookup(T_STAGE + st.name, f'({column_prop}+"/"+{roll})', '"?"')

    def stage_dice(self, st: Stage) -> str:
        n, sides = self.game.tables[st.table].dice
        return "+".join(f"Random({sides})" for _ in range(n))

    def dice(self) -> str:
        """The battle's dice; with adjustments that add dice (one die a battle), the highest of them."""
        die = f"Random({self.model.die_sides})"
        out = "+".join(die for _ in range(self.model.dice))
        for a in self.model.adjustments:
            if a.extra_dice:
                for _ in range(a.extra_dice):
                    out = f"({eq(names.ADJUSTMENT_PREFIX + a.name, '1')} ? Math.max({out}, {die}) : {out})"
        return out

    # -- refusals -----------------------------------------------------------------------------------------------
    def declaring_side(self) -> str:
        """The attacking side: the player's own side, else the side whose phase the turn tracker shows."""
        by_player = [(eq("PlayerSide", d.name), lit(s)) for s, d in self.game.sides.items()]
        by_phase = [(f'Phase.startsWith({lit(d.name + " ")})', lit(s)) for s, d in self.game.sides.items()]
        return chain(by_player + by_phase, '""')

    def battle_phases(self) -> list[str]:
        ids = set(self.model.phases)
        out = []
        for p in self.game.phases:
            if p.id in ids:
                out += [f"{d.name} {p.name}" for d in self.game.sides.values()] if p.player else [p.name]
        return out

    def battle_phase_words(self) -> str:
        """The battle phases' names as players read them (10.0)."""
        return " or ".join(sorted(set(p.name for p in self.game.phases if p.id in self.model.phases)))

    def executor_problem(self) -> str:
        r = self.model.refusals
        side = self.side_name(DECLARING_SIDE)
        return chain([
            (f"!{any_of('Phase', self.battle_phases())}",
             f'"battles are fought in the "+{lit(self.battle_phase_words())}+", not in "+Phase+{lit(_rule(r.phase))}'),
            (f"{count(f'{SELECTED} && Side=={DECLARING_SIDE}')}==0",
             f'"select the attacking "+{side}+" units and a unit of each hex they attack"+{lit(_rule(r.enemy))}'),
            (f"{count(f'{SELECTED} && Side!={DECLARING_SIDE}')}==0",
             f'"no enemy unit is selected: select a unit of each hex the "+{side}+" units attack"'
             f'+{lit(_rule(r.enemy))}'),
        ], '""')

    def again_results(self) -> str:
        return any_of(names.BATTLE_OUTCOME, self.model.again)

    def unit_problem(self) -> str:
        """Why this selected unit cannot take part (the first reason), or ""."""
        r = self.model.refusals
        unresolved = count(f'Kind=={lit(names.KIND_BATTLE)} && {text(names.BATTLE_NO)}=="$' + names.BATTLE + '$" && '
                           f'{text(names.BATTLE_OUTCOME)}==""')
        # the targets (",1205,1305,") against this unit's neighbours and prohibited hexsides, each a regular
        # expression made from the tables (no piece is visited: a location name is costly to work out)
        targets = f"{TARGET_LIST}.trim()"
        across = lookup(T_PROHIBITED, LOC)
        prohibited = f'(!{across}.equals("") && {targets}.matches("(?s).*,("+{across}.replace(",", "|")+"),.*"))'
        near = lookup(T_NEIGHBOURS, LOC)
        far = f'!{targets}.replaceAll(",("+{near}.replace(",", "|")+")(?=,)", "").equals(",")'
        hex_attacked = count(f'Kind=={lit(names.KIND_BATTLE)} && {names.BATTLE_KIND}!="counterattack" && '
                             f'{names.BATTLE_TARGETS}.indexOf(",$LocationName$,")>=0')
        what = " or ".join(sorted(set(self.model.prohibited.values()))) or "a prohibited hexside"
        in_battle = f'{text(names.BATTLE)}!=""'
        again = f" && {self.last_result(self.model.again_attackers)}==0" if self.model.again_attackers else ""
        return chain([
            (f"{in_battle} && {unresolved}>0", f'{WHO}+" is in battle "+{names.BATTLE}+", which is not resolved yet"'),
            (f"{OWN_SIDE} && {in_battle} && {eq(names.BATTLE_ROLE, ATTACKER)}" + again,
             f'{WHO}+" attacked already in battle "+{names.BATTLE}+{lit(": a unit attacks once" + _rule(r.twice))}'),
            (f"{OWN_SIDE} && {self.strength(self.model.attack)}<=0",
             f'{WHO}+" has no combat strength"+{lit(_rule(r.strength))}'),
            (f"{OWN_SIDE} && {prohibited}", f'{WHO}+{lit(" cannot attack across " + what + _rule(r.prohibited))}'),
            (f"{OWN_SIDE} && {far}",
             f'{WHO}+{lit(" is not next to every hex it attacks" + _rule(r.adjacent))}'),
            (f"{ENEMY_SIDE} && {hex_attacked}>0",
             "LocationName.trim()+"
             + lit(" was attacked already in this phase: a hex is attacked once" + _rule(r.twice))),
        ], '""')

    def declared_kind(self) -> str:
        """A kind the attacker's last battle allows (its result is one of ``again``: a counterattack; of
        ``again_attackers`` for the units that attacked in it: a Breakthrough Combat)."""
        if not (self.model.again or self.model.again_attackers):
            return text(DECLARING_KIND)
        cases = []
        for role, table_ in (("defender", self.model.again), (ATTACKER, self.model.again_attackers)):
            for result, kind in table_.items():
                cases.append((f"{OWN_SIDE} && {text(names.BATTLE)}!=\"\" && {eq(names.BATTLE_ROLE, role)} && "
                              f"{self.last_result([result])}>0", lit(kind)))
        return chain([(f'{text(DECLARING_KIND)}!=""', DECLARING_KIND)] + cases, '""')

    @staticmethod
    def last_result(results) -> str:
        """How many battle markers of the unit's battle hold one of ``results`` (0 or 1)."""
        return count(f'Kind=={lit(names.KIND_BATTLE)} && {text(names.BATTLE_NO)}=="$' + names.BATTLE + '$" && '
                     f'{any_of(names.BATTLE_OUTCOME, results)}')


def _amount_entries(a: Amount) -> dict[str, str]:
    out = {f"{t}/{w}": str(v) for (t, w), v in a.by_turn_weather.items()}
    out.update({str(t): str(v) for t, v in a.by_turn.items()})
    out.update({w: str(v) for w, v in a.by_weather.items()})
    return out


def _rule(number: str) -> str:
    return f" ({number})" if number else ""


def _pattern(loc: str) -> str:
    """A location name as a regular expression that matches it: each character a pattern would read otherwise
    becomes "any character" (a backslash cannot be used: VASSAL hands a property to BeanShell inside a string
    literal as it is). The name must not hold the tables' ','."""
    if "," in loc:
        raise DataError(loc, "a location name used in the module's tables cannot contain ','")
    return re.sub(r"[\\^$.|?*+()\[\]{}]", ".", loc)
