"""The combat facts of the game data that the rules read: CRTs, TEC, weather and turn rows of ``games``, plus
``tables/combat.toml`` (limits and shifts the charts print as words) and the odds limits of ``tables/crt.toml``.

Everything here is read once per loaded game and process (``once``) and answers questions by side, turn and weather:
how many Target markers (10.1.1), which CRT (10.5), how many Blitz!/Shock! markers and what they give (10.6.2),
the Axis winter shift, whether armor may advance a third hex (10.8.2), special units (15.1, 15.2) and the units
that change results against their hex (10.7.4 forts, Volkssturm).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from games.datafiles import Table, read_toml
from games.model import Weather

from ...engine.context import Context, once, per_replay

WEATHER_SIDE = "axis"  # the side the weather chart's axis_shift / axis_crt columns concern (Weather.crt, .attack_shift)


@dataclass(frozen=True)
class EventEffect:
    """What a turn-track event changes in combat (``combat.toml [events]``)."""

    code: str
    side: str | None
    lasting: bool
    targets: int | None = None
    support: int | None = None
    axis_shift: int | None = None


@dataclass(frozen=True)
class TargetType:
    """A unit type that changes the results against its hex (10.7.4 forts, Volkssturm)."""

    type: str
    rule: str
    results: Mapping[str, str]
    no_retreat: bool
    eliminated_by: frozenset[str]


@dataclass(frozen=True)
class Special:
    """A special unit of an optional rule (15.1, 15.2): which units, when, and what it does."""

    rule: str
    option: str
    type: str
    when: str  # "attacking" or "defending"
    nationality: str | None = None
    side: str | None = None
    shift: int = 0  # columns right (negative: left)
    armor_bonus_always: bool = False
    ex_first_loss: bool = False


@dataclass(frozen=True)
class CombatRules:
    targets: int
    counterblows: int
    counterblow_cost: int
    support_shift: int
    armor_bonus_shift: int
    armor_resisters: frozenset[str]
    winter_region: frozenset[str]
    support_marker: str
    third_hex_from: Mapping[str, str]
    events: Mapping[str, EventEffect]
    target_types: Mapping[str, TargetType]
    specials: tuple[Special, ...]
    below_first: str  # the result of odds below the first column (crt.toml [odds])


def _event(code: str, t: Table) -> EventEffect:
    def opt(key: str) -> int | None:
        return t.int(key) if t.has(key) else None
    return EventEffect(code, t.str("side") if t.has("side") else None, t.bool("lasting"), opt("targets"),
                       opt("support"), opt("axis_shift"))


def _target_type(t: Table) -> TargetType:
    results = t.table("results")
    return TargetType(t.str("type"), t.str("rule"), {k: results.str(k) for k in results.data},
                      t.bool("no_retreat", False), frozenset(t.str_list("eliminated_by", [])))


def _special(t: Table) -> Special:
    when = t.str("when")
    if when not in ("attacking", "defending"):
        raise t.error(f"'{when}' is not attacking or defending", "when")
    return Special(t.str("rule"), t.str("option"), t.str("type"), when,
                   t.str("nationality") if t.has("nationality") else None, t.str("side") if t.has("side") else None,
                   t.int("shift", 0), t.str("armor_bonus", "") == "always", t.bool("ex_first_loss", False))


def load(ctx: Context) -> CombatRules:
    """Read ``combat.toml`` and the odds limits of ``crt.toml`` (a data error names the file and key)."""
    game = ctx.game
    t = read_toml(os.path.join(game.root, "tables", "combat.toml"))
    odds = read_toml(os.path.join(game.root, "tables", "crt.toml")).table("odds")
    d, s = t.table("declaration"), t.table("shifts")
    region = s.str("winter_region")
    if region not in game.map.regions:
        raise s.error(f"unknown region '{region}'", "winter_region")
    events = {code: _event(code, e) for code, e in t.table("events").items()}
    unknown = sorted(set(events) - {e.code for turn in game.turns.values() for e in turn.events})
    if unknown:
        raise t.error(f"no turn event '{unknown[0]}' in turn_events.csv", "events")
    types = [_target_type(x) for x in t.tables("target_types")]
    for x in types:
        if x.type not in game.unit_types:
            raise t.error(f"unknown unit type '{x.type}'", "target_types")
    return CombatRules(
        d.int("targets"), d.int("counterblows"), d.int("counterblow_cost"), s.int("support"), s.int("armor_bonus"),
        frozenset(s.str_list("armor_bonus_resisted_by")), game.map.regions[region].locations,
        t.table("support").str("marker"), dict(t.table("advance").table("third_hex_from").data), events,
        {x.type: x for x in types}, tuple(_special(x) for x in t.tables("special")), odds.str("below_first"))


def rules(ctx: Context) -> CombatRules:
    made = ctx.tables.get("combat")  # (asked several times a battle: looked up without once's call)
    return made if made is not None else once(ctx, "combat", load)


def _in_force(ctx: Context, turn: int) -> tuple[EventEffect, ...]:
    """The combat events in force on ``turn``: lasting ones from their first turn, others on their turn only."""
    out = []
    for code, e in rules(ctx).events.items():
        first = ctx.first_turn_of.get(code)
        if first is None:
            continue
        on_turn = any([x.code == code for x in ctx.game.turns[turn].events])
        if (e.lasting and first <= turn) or (not e.lasting and on_turn):
            out.append(e)
    return tuple(out)


def _effects(ctx: Context, turn: int) -> tuple[EventEffect, ...]:
    """:func:`_in_force`, made once per loaded game for every turn of the track (the Target limit, the support
    shift and the winter shift ask it in every battle and Combat Phase)."""
    by_turn = once(ctx, "combat_effects", lambda c: {n: _in_force(c, n) for n in c.game.turns})
    found = by_turn.get(turn)
    return found if found is not None else _in_force(ctx, turn)


def target_limit(ctx: Context, side: str, turn: int, weather: str) -> tuple[int, str]:
    """How many Target markers ``side`` may place (10.1.1), and why (for messages)."""
    r = rules(ctx)
    best, why = r.targets, "the normal limit"
    w = ctx.game.weather[weather].target_limit.get(side)
    if w is not None and w < best:
        best, why = w, f"in {ctx.game.weather[weather].name} weather"
    for e in _effects(ctx, turn):
        if e.targets is not None and e.side == side and e.targets < best:
            best, why = e.targets, f"from turn {ctx.first_turn_of[e.code]} (turn track)"
    return best, why


def crt_for(ctx: Context, side: str, weather: str):
    """The CRT the attacker uses (10.5): its own side's, or the weather's for the side the chart names."""
    if side == WEATHER_SIDE:
        return ctx.game.crts[ctx.game.weather[weather].crt[WEATHER_SIDE]]
    return next(c for c in ctx.game.crts.values() if c.side == side)


def support_allowance(ctx: Context, side: str, turn: int) -> tuple[int, str]:
    """(markers of this game turn, marker name) for ``side`` (10.6.2, turn track)."""
    kind = rules(ctx).support_marker
    marker = next(m for m in ctx.game.all_markers if m.kind == kind)
    face = marker.front if marker.front.side == side else marker.back
    return int(getattr(ctx.game.turns[turn], face.icon)), face.label


def support_shift(ctx: Context, turn: int) -> tuple[int, str]:
    """Columns a Blitz!/Shock! marker gives this turn, and the source (10.6.2; the first Snow turn gives more)."""
    for e in _effects(ctx, turn):
        if e.support is not None:
            return e.support, f"turn-track event '{e.code}'"
    return rules(ctx).support_shift, "10.6.2"


def axis_weather_shift(ctx: Context, turn: int, weather: Weather) -> int:
    """Columns left for the weather side's attacks in this weather and turn (0 if none)."""
    shift = weather.attack_shift.get(WEATHER_SIDE, 0)
    if not shift:
        return 0
    for e in _effects(ctx, turn):
        if e.axis_shift is not None:
            return e.axis_shift
    return shift


def third_hex_allowed(ctx: Context, side: str, turn: int, weather: str) -> tuple[bool, str]:
    """Whether ``side``'s armor may advance a third hex now (10.8.2), and why not."""
    w = ctx.game.weather[weather]
    if not w.armor_third_hex:
        return False, f"armor advances a third hex only in Clear weather, not {w.name} (10.8.2)"
    code = rules(ctx).third_hex_from.get(side)
    if code is not None:
        first = ctx.first_turn_of.get(code)
        if first is None or turn < first:
            return False, f"{ctx.game.sides[side].name} armor advances a third hex only from turn {first} (turn track)"
    return True, ""


def specials(ctx: Context, when: str) -> tuple[Special, ...]:
    """The special units whose optional rule is on, for ``when`` (attacking or defending): the options are the
    header's, so they are listed once per replay (every battle asks)."""
    return per_replay(ctx, ("combat specials", when),
                      lambda c: tuple(s for s in rules(c).specials if s.when == when and c.option(s.option)))


def special_matches(ctx: Context, s: Special, uid: str, unit_type: str) -> bool:
    u = ctx.game.units[uid]
    return unit_type == s.type and (s.nationality is None or u.nationality == s.nationality) \
        and (s.side is None or u.side == s.side)
