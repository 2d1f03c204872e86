"""Combat odds shifts (10.6) as an explicit, ordered list of modifiers; only the net shift is applied (10.6.4).

Each :class:`Modifier` names its source, its effect and the rule (or card) behind it, in this order:

1. 10.6.1 terrain of the defender's hex (TEC ``shift``, plus the objective row for an objective hex) and of the
   hexsides *every* attacker crosses (a river, and only in weather whose ``river_shift`` is yes); in a battle
   with several target hexes the defender takes the best one. None in counterblows (10.1.2, 10.7.3) and
   counterattacks (10.7.2);
2. 10.6.2 a committed Blitz!/Shock! marker (``combat.toml``; more on the first Snow turn); one committed to an
   attack made only by Unsupplied units is a violation (``combat``) but still shifts as logged;
3. 10.6.3 the armor bonus, once: a supplied armor-type attacker, weather whose ``armor_bonus`` is yes, most
   defenders infantry-type (``armor_bonus_resisted_by`` are not), every target hex and crossed hexside with TEC
   ``armor_bonus`` yes (an objective hex has no). Terrain still negates it in counterblows and counterattacks;
4. 6.5.4 an Unsupplied defender: the TEC ``unsupplied`` row (two columns right);
5. weather: Axis attacks on targets in the Soviet Union shift the weather's ``axis_shift`` left (two on the turn
   of the ``axis_winter_shift_2`` event);
6. 15.1 / 15.2 special units of optional rules that are on (SS Grenadier defending, Soviet Shock attacking, the SS
   Panzer's armor bonus always).

Then come the modifiers of event cards (``events_combat``: lasting ones and the battle's own cards, in the order
played), which ``combat`` adds after these. A modifier may also change the strengths (``attack``/``defence``) or
force a ``result``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ...engine.context import Context, once
from .combat_data import WEATHER_SIDE, axis_weather_shift, rules, special_matches, specials, support_shift
from .state import State


@dataclass(frozen=True)
class CardPlay:
    """A card played in a battle: by whom, and what it is applied to."""

    card: str
    side: str
    units: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    choice: str = ""
    cancel: str | None = None  # the card it cancels (cards 14, 31, 34, 36)
    die: int | None = None  # a die the card makes someone roll (re-rolls, a second die)
    dice: Mapping[str, int] | None = None  # side -> die of a die-off (cards 16, 38)


@dataclass(frozen=True)
class BattleSpec:
    """A battle as logged (units, hexes, support, cards) and its kind once inferred."""

    side: str
    kind: str  # voluntary, counterblow or counterattack
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    targets: tuple[str, ...]
    support: bool = False
    cards: tuple[CardPlay, ...] = ()

    @property
    def terrain_counts(self) -> bool:
        return self.kind == "voluntary"


@dataclass(frozen=True)
class Modifier:
    source: str  # what gives it, in words
    shift: int  # columns right (negative: left)
    rule: str  # the rule number, or the card id
    attack: int = 0  # strength points added to the attack
    defence: int = 0  # ... and to the defence
    result: str | None = None  # an automatic result instead of the CRT's

    def words(self) -> str:
        return f"{self.source} {self.shift:+d} ({self.rule})"


def unit_type(ctx: Context, state: State, uid: str) -> str:
    return ctx.unit_type[uid, state.units[uid].face]


def category(ctx: Context, state: State, uid: str) -> str:
    return ctx.game.unit_types[unit_type(ctx, state, uid)].category


def hexside_features(ctx: Context, a: str, b: str) -> frozenset[str]:
    """The features of the hexside between two hexes (none when they are not two adjacent hexes); a fact of the map,
    kept per loaded game for each pair of neighbours asked (each battle asks every attacker's, twice)."""
    kept = once(ctx, "hexside features", lambda c: {})
    found = kept.get((a, b))
    if found is not None:
        return found
    hexes = ctx.game.map.hexes
    if a not in hexes or b not in hexes:
        return frozenset()
    found = ctx.game.map.features(hexes[a].hex, hexes[b].hex)
    if b in ctx.board.neighbours.get(a, ()):  # at most six a hex: the board's pairs, never any two names of a log
        kept[a, b] = found
    return found


def _terrain_of(ctx: Context, loc: str) -> str:
    m = ctx.game.map
    return m.hexes[loc].terrain if loc in m.hexes else m.areas[loc].terrain


def _crossed(ctx: Context, state: State, spec: BattleSpec, target: str) -> frozenset[str]:
    """Hexside features every attacker crosses into ``target`` (10.6.1: only when *all* attack across)."""
    sets = [hexside_features(ctx, state.units[a].loc, target) for a in spec.attackers
            if state.units[a].loc in ctx.board.locations]
    return frozenset.intersection(*sets) if sets else frozenset()


def hex_terrain(ctx: Context, state: State, spec: BattleSpec, target: str, rivers: bool = True) -> list[Modifier]:
    """The terrain modifiers of one target hex (10.6.1); ``rivers=False``: as if no river were crossed."""
    tec = ctx.game.tec
    out = []
    terrain = _terrain_of(ctx, target)
    if tec[terrain].defense_shift:
        out.append(Modifier(f"{tec[terrain].name} in {target}", -tec[terrain].defense_shift, "10.6.1"))
    mh = ctx.game.map.hexes.get(target)
    if mh is not None and mh.objective and "objective" in tec and tec["objective"].defense_shift:
        out.append(Modifier(f"objective hex {target}", -tec["objective"].defense_shift, "10.6.1"))
    weather = ctx.game.weather[state.weather]
    for f in sorted(_crossed(ctx, state, spec, target)):
        row = tec.get(f)
        if row is None or not row.defense_shift or (f == "river" and not (weather.river_shift and rivers)):
            continue
        out.append(Modifier(f"{row.name} into {target}", -row.defense_shift, "10.6.1"))
    return out


def terrain(ctx: Context, state: State, spec: BattleSpec, rivers: bool = True) -> list[Modifier]:
    """The defender's best target hex (10.6.1); nothing in counterblows and counterattacks."""
    if not spec.terrain_counts:
        return []
    options = [hex_terrain(ctx, state, spec, t, rivers) for t in spec.targets if t in ctx.board.locations]
    return min(options, key=lambda mods: sum(m.shift for m in mods), default=[])


def all_unsupplied(state: State, uids) -> bool:
    return bool(uids) and all(state.units[u].unsupplied for u in uids)


def support(ctx: Context, state: State, spec: BattleSpec) -> list[Modifier]:
    """A committed marker shifts as logged, even one the rules forbid there (reported by ``combat``)."""
    if not spec.support:
        return []
    n, source = support_shift(ctx, state.turn)
    return [Modifier("Blitz!/Shock! marker", n, "10.6.2" if source == "10.6.2" else f"10.6.2, {source}")]


def _armor_terrain_ok(ctx: Context, state: State, spec: BattleSpec) -> bool:
    tec = ctx.game.tec
    for t in spec.targets:
        if t not in ctx.board.locations or not tec[_terrain_of(ctx, t)].armor_bonus:
            return False
        mh = ctx.game.map.hexes.get(t)
        if mh is not None and mh.objective and "objective" in tec and not tec["objective"].armor_bonus:
            return False
        if any(f in tec and not tec[f].armor_bonus for f in _crossed(ctx, state, spec, t)):
            return False
    return True


def armor_bonus(ctx: Context, state: State, spec: BattleSpec, any_defender: bool = False) -> list[Modifier]:
    """10.6.3 (and 15.1: the SS Panzer always gets it); ``any_defender``: whatever the defending units (card 8)."""
    r = rules(ctx)
    armor = [a for a in spec.attackers if category(ctx, state, a) == "armor" and not state.units[a].unsupplied]
    if not armor:
        return []
    for s in specials(ctx, "attacking"):
        if s.armor_bonus_always and any(special_matches(ctx, s, a, unit_type(ctx, state, a)) for a in armor):
            return [Modifier("armor bonus (SS Panzer)", r.armor_bonus_shift, s.rule)]
    if not ctx.game.weather[state.weather].armor_bonus:
        return []
    infantry = [d for d in spec.defenders if category(ctx, state, d) == "infantry"
                and unit_type(ctx, state, d) not in r.armor_resisters]
    if (2 * len(infantry) <= len(spec.defenders) and not any_defender) or not _armor_terrain_ok(ctx, state, spec):
        return []
    return [Modifier("armor bonus", r.armor_bonus_shift, "10.6.3")]


def unsupplied_defender(ctx: Context, state: State, spec: BattleSpec) -> list[Modifier]:
    if not any(state.units[d].unsupplied for d in spec.defenders):
        return []
    return [Modifier("Unsupplied defender", -ctx.game.tec["unsupplied"].defense_shift, "6.5.4")]


def weather_shift(ctx: Context, state: State, spec: BattleSpec) -> list[Modifier]:
    if spec.side != WEATHER_SIDE or not any(t in rules(ctx).winter_region for t in spec.targets):
        return []
    w = ctx.game.weather[state.weather]
    n = axis_weather_shift(ctx, state.turn, w)
    return [Modifier(f"{ctx.game.sides[spec.side].name} attack in {w.name}", -n, "10.6")] if n else []


def special_units(ctx: Context, state: State, spec: BattleSpec) -> list[Modifier]:
    """The shifts of the special units of optional rules that are on (``combat.toml [[special]]``: 15.1 the SS
    Grenadier defending, 15.2 the Soviet Shock units attacking)."""
    out = []
    for when, uids in (("attacking", spec.attackers), ("defending", spec.defenders)):
        for s in specials(ctx, when):
            if s.shift and any(special_matches(ctx, s, u, unit_type(ctx, state, u)) for u in uids):
                out.append(Modifier(f"{ctx.game.unit_types[s.type].name} {when}", s.shift, s.rule))
    return out


STEPS: tuple[Callable[[Context, State, BattleSpec], list[Modifier]], ...] = (
    terrain, support, armor_bonus, unsupplied_defender, weather_shift, special_units)


def modifiers(ctx: Context, state: State, spec: BattleSpec) -> list[Modifier]:
    """Every modifier of the battle, in the order of :data:`STEPS`."""
    out: list[Modifier] = []
    for step in STEPS:
        out.extend(step(ctx, state, spec))
    return out


def describe(mods: list[Modifier]) -> str:
    return ", ".join(m.words() for m in mods if m.shift) or "none"


def card_play(item: Any, default_side: str) -> CardPlay:
    """A ``cards`` entry of a battle: a card id (played by the attacker) or an object naming side and targets."""
    if isinstance(item, str):
        return CardPlay(item, default_side)
    return CardPlay(item["card"], item.get("side", default_side), tuple(item.get("units", ())),
                    tuple(item.get("targets", ())), item.get("choice", ""), item.get("cancel"), item.get("die"),
                    item.get("dice"))
