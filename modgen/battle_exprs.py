"""The battle model (games.battles) as VASSAL expressions: what units and battle markers compute (issue 22).

Two kinds of piece evaluate these: a **unit** when it joins a battle (its factor, its statuses, the tags of its
hex, its hex's terrain), and the **battle marker** (totals, conditions over the battle's units, shifts, odds, the
CRT cell). Units of battle ``n`` are found by ``Count``/``Sum`` over the pieces whose ``Battle`` is ``n``; what a unit
freezes when it joins (``BattleType``, ``BattleStatus``, ``BattleTags`` ...) is what the marker's conditions read,
so no expression ever evaluates a table look-up for every piece of the map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from games import DataError
from games.battles import (
    ATTACKER, CROSS, ODDS, Adjusted, All, Amount, AnyOf, AttackerIs, BattleModel, Condition, Has, KindIs, Most, Not,
    TargetsAll, TargetsAny, UnitFactor, UnitTest, WeatherIs)
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

# battle marker properties besides the contract's (names.BATTLE_*)
WEATHER = "BattleWeather"
TURN = "BattleTurn"
BASE_KIND = "BaseKind"
TERRAIN_SHIFT = "TerrainShift"
CRT = "BattleCrt"
INITIAL = "OddsInitial"  # calculated: index of the initial column (-1: below the table)
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
T_PRINTED = "BattlePrintedWeatherTable"  # turn tracker label -> the weather printed for that turn
T_CATEGORY = "BattleCategoryTable"
T_AMOUNT = "BattleAmountTable"  # one per turn- or weather-dependent amount: BattleAmountTable0 ...
TURN_NUMBER = "TurnNumber"  # global: the turn number the tracker shows (set when a turn begins)

# A property whose value looks like a number is bound as one (hex 0910 becomes 910): a String method on it keeps it
# text throughout the expression (VASSAL passes such properties as String parameters).
LOC = "LocationName.trim()"
UID = f"{names.UNIT_ID}.trim()"
UNIT = f'Kind=={lit(names.KIND_UNIT)}'
SAME_SPOT = "CurrentX==$CurrentX$ && CurrentY==$CurrentY$"  # in the same stack (cheaper than a location name)
SELECTED = f"Selected==true && {UNIT}"
OWN_SIDE = f"Side=={DECLARING_SIDE}"
ENEMY_SIDE = f"Side!={DECLARING_SIDE}"
FACE_TYPE = f"({names.FACE_LAYER}_Level==2 ? {names.BACK_TYPE} : {names.UNIT_TYPE})"
STRENGTH_FIELDS = {"strength": (names.STRENGTH, names.BACK_STRENGTH)}


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
    return f"{UNIT} && {text(names.BATTLE)}=={battle} && {names.BATTLE_ROLE}=={lit(role)}"


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
            T_PRINTED: table({label: self.game.turns[n].weather
                              for n, label in zip(sorted(self.game.turns), self.turn_labels)}),
            T_CATEGORY: table({t.id: t.category for t in self.game.unit_types.values()}),
            **{f"{T_AMOUNT}{i}": table(_amount_entries(a)) for i, a in enumerate(self.amounts)},
        }

    @cached_property
    def amounts(self) -> tuple[Amount, ...]:
        """Every amount of the model that depends on the turn or the weather (each gets a table)."""
        m = self.model
        found = [c.amount for c in (m.terrain.crossings if m.terrain else ())]
        found += [s.amount for s in m.shifts] + [d.amount for d in m.drms]
        found += [a.shift for a in m.adjustments] + [a.drm for a in m.adjustments]
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
        return frozenset(out)

    def _tags_used(self) -> set[str]:
        found: set[str] = set()

        def walk(c: Condition) -> None:
            if isinstance(c, (TargetsAll, TargetsAny)):
                found.add(c.tag)
            elif isinstance(c, (All, AnyOf)):
                for x in c.conditions:
                    walk(x)
            elif isinstance(c, Not):
                walk(c.condition)

        for s in self.model.shifts + self.model.drms:  # type: ignore[operator]
            walk(s.when)
        if self.model.terrain:
            walk(self.model.terrain.when)
        for f in self.model.factors:
            found |= f.tags
        return found

    # -- the turn and weather -----------------------------------------------------------------------------------
    @staticmethod
    def turn_now() -> str:
        """The turn number the tracker shows (0 when it shows none)."""
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
        return as_int(f"({names.FACE_LAYER}_Level==2 ? {back} : {front})")

    @staticmethod
    def category() -> str:
        return lookup(T_CATEGORY, TYPE)

    def status(self) -> str:
        """``,unsupplied,`` ...: the statuses the markers in the unit's location give it."""
        parts = []
        for name, s in sorted(self.model.statuses.items()):
            level = 1 if s.face == "front" else 2
            found = count(f'Kind=={lit(names.KIND_MARKER)} && {names.MARKER_KIND}=={lit(s.marker_kind)} && '
                          f'{names.FACE_LAYER}_Level=={level} && {SAME_SPOT}')
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
            parts.append(any_of(names.SIDE, t.sides))
        if t.nationalities:
            parts.append(any_of(names.NATIONALITY, t.nationalities))
        parts += [contains(STATUS, lit(s)) for s in sorted(t.status)]
        parts += ["!" + contains(STATUS, lit(s)) for s in sorted(t.not_status)]
        return " && ".join(parts) or "true"

    def factor_applies(self, f: UnitFactor) -> str:
        parts = [self.unit_test(f.test)] + [tag_test(t) for t in sorted(f.tags)]
        if f.weathers:
            parts.append(any_of(names.WEATHER_PROPERTY, f.weathers))
        return "(" + " && ".join(parts) + ")"

    def factor(self, role: str) -> str:
        """The unit's factor: its strength times the factor rules that apply (multiplied first, divided last)."""
        field = self.model.attack if role == ATTACKER else self.model.defence
        rules = [f for f in self.model.factors if f.role == role]
        if not rules:
            return self.strength(field)
        num = "*".join(f"({self.factor_applies(f)} ? {f.times[0]} : 1)" for f in rules)
        den = "*".join(f"({self.factor_applies(f)} ? {f.times[1]} : 1)" for f in rules)
        return f"({self.strength(field)}*{num}/({den}))"

    def factor_words(self, role: str) -> str:
        parts = [f'({self.factor_applies(f)} ? {lit(f" ({f.reason} x{f.times[0]}/{f.times[1]}, {f.rule})")} : "")'
                 for f in self.model.factors if f.role == role]
        return "+".join(parts) or '""'

    def crossing_shifts(self) -> list[tuple[str, str]]:
        """(property, expression) of each crossing's columns for a defender (0 unless every attacker crosses it)."""
        t = self.model.terrain
        return [(CROSS_SHIFT + c.feature, f"({tag_test(CROSS + c.feature)} ? "
                 f"{self.amount(c.amount, TURN_NUMBER, names.WEATHER_PROPERTY)} : 0)")
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
            return eq(names.ADJUSTMENT_PREFIX + c.name, "1")
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
        if self.model.odds.kind == ODDS:
            reached = "+".join(f"({a}*{v.denominator}>={v.numerator}*{d} ? 1 : 0)" for v in values)
            expr = f"({d}<=0 ? {len(values) - 1} : ({reached})-1)"
        else:
            reached = "+".join(f"({a}-{d}>={v} ? 1 : 0)" for v in values)
            expr = f"(({reached})-1)"
        expr = expr if self.model.odds.below_first is not None else f"Math.max(0, {expr})"
        # (a placed marker's properties are all read once before it freezes its numbers: nothing to compute yet)
        return f'({text(a)}.equals("") || {text(d)}.equals("") ? -1 : {expr})'

    def final(self) -> str:
        last = len(self.columns) - 1
        shifted = f"Math.min({INITIAL}+{as_int(names.BATTLE_SHIFT)}, {last})"
        if self.model.odds.below_first is None:
            return f"Math.max(0, {shifted})"
        return f"({INITIAL}<0 ? -1 : Math.max(-1, {shifted}))"

    def column_label(self, index: str) -> str:
        labels = ", ".join(lit(c) for c in self.columns)
        return f'({text(index)}.equals("") ? "" : {index}<0 ? "" : new String[]{{{labels}}}[{index}])'

    def crt_choice(self) -> str:
        cases = [(f"{eq(names.BATTLE_SIDE, s)} && {eq(WEATHER, w)}", lit(c)) for (s, w), c in self.model.crts.items()]
        return chain(cases, lit(next(iter(self.model.crts.values()))))

    def crt_name(self) -> str:
        return chain(((eq(CRT, c), lit(t.name)) for c, t in self.game.crts.items()), '""')

    def side_name(self, prop: str) -> str:
        return chain(((eq(prop, s), lit(d.name)) for s, d in self.game.sides.items()), prop)

    def roll(self) -> str:
        drm = "".join(f"+({self.condition(d.when)} ? {self.marker_amount(d.amount)} : 0)" for d in self.model.drms)
        low, high = self.rolls
        return f"Math.max({low}, Math.min({high}, {names.BATTLE_DIE}{drm}))"

    def outcome(self) -> str:
        """The CRT cell for the final column and the roll, or the automatic result."""
        index = chain(((eq(CRT, c), str(i)) for i, c in enumerate(self.crt_ids)), "0")
        col = names.BATTLE_COLUMN_INDEX
        key = f'"|"+(100000+{index}*10000+{col}*100+{self.roll()})+"="'
        cell = f'{T_CRT}.substring({T_CRT}.indexOf({key})+8, {T_CRT}.indexOf("|", {T_CRT}.indexOf({key})+8))'
        return f'({col}<0 ? {names.BATTLE_AUTO} : {cell})'

    def dice(self) -> str:
        return "+".join(f"Random({self.model.die_sides})" for _ in range(self.model.dice))

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
            (f"{count(f'{SELECTED} && {OWN_SIDE}')}==0",
             f'"select the attacking "+{side}+" units and a unit of each hex they attack"+{lit(_rule(r.enemy))}'),
            (f"{count(f'{SELECTED} && {ENEMY_SIDE}')}==0",
             f'"no enemy unit is selected: select a unit of each hex the "+{side}+" units attack"'
             f'+{lit(_rule(r.enemy))}'),
        ], '""')

    def again_results(self) -> str:
        return any_of(names.BATTLE_OUTCOME, self.model.again)

    def unit_problem(self) -> str:
        """Why this selected unit cannot take part (the first reason), or ""."""
        r = self.model.refusals
        who = f'PieceName+" ["+{UID}+"] in "+{LOC}'
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
        return chain([
            (f"{in_battle} && {unresolved}>0", f'{who}+" is in battle "+{names.BATTLE}+", which is not resolved yet"'),
            (f"{OWN_SIDE} && {in_battle} && {eq(names.BATTLE_ROLE, ATTACKER)}",
             f'{who}+" attacked already in battle "+{names.BATTLE}+{lit(": a unit attacks once" + _rule(r.twice))}'),
            (f"{OWN_SIDE} && {self.strength(self.model.attack)}<=0",
             f'{who}+" has no combat strength"+{lit(_rule(r.strength))}'),
            (f"{OWN_SIDE} && {prohibited}", f'{who}+{lit(" cannot attack across " + what + _rule(r.prohibited))}'),
            (f"{OWN_SIDE} && {far}",
             f'{who}+{lit(" is not next to every hex it attacks" + _rule(r.adjacent))}'),
            (f"{ENEMY_SIDE} && {hex_attacked}>0",
             "LocationName.trim()+"
             + lit(" was attacked already in this phase: a hex is attacked once" + _rule(r.twice))),
        ], '""')

    def declared_kind(self) -> str:
        """A kind the attacker's last battle allows (its result is one of ``again``: a counterattack)."""
        if not self.model.again:
            return text(DECLARING_KIND)
        cases = []
        for result, kind in self.model.again.items():
            last = count(f'Kind=={lit(names.KIND_BATTLE)} && {text(names.BATTLE_NO)}=="$' + names.BATTLE + '$" && '
                         f'{eq(names.BATTLE_OUTCOME, result)}')
            cases.append((f"{OWN_SIDE} && {text(names.BATTLE)}!=\"\" && {eq(names.BATTLE_ROLE, 'defender')} && "
                          f"{last}>0", lit(kind)))
        return chain([(f'{text(DECLARING_KIND)}!=""', DECLARING_KIND)] + cases, '""')


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
