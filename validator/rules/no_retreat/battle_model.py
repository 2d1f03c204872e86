"""No Retreat!'s battles as data for the module (issue 22): the odds, shifts and tables of 10.5-10.6 in the vocabulary
of :mod:`games.battles`, read from the same data and functions the validator's combat rules use, so that the module
computes what ``combat.evaluate`` computes.

- 10.5: the CRT of the attacker's side (the weather's for the side the weather chart names, ``crt_for``), one die,
  odds below the first column an automatic ``crt.toml [odds] below_first`` (10.6.4);
- 10.6.1 terrain (``shifts.terrain``): the TEC shift of the target's terrain, the objective row for an objective hex,
  a river every attacker crosses in weather whose ``river_shift`` is yes; the defender's best target; not in
  counterblows and counterattacks;
- 10.6.2 a committed Blitz!/Shock! marker (set by hand on the battle marker; its shift by turn, ``support_shift``);
- 10.6.3 the armor bonus (``shifts.armor_bonus``): a supplied armor attacker, the weather's ``armor_bonus``, most
  defenders infantry-type and not of ``armor_bonus_resisted_by``, every target's terrain (and crossed hexside)
  allowing it, no objective target;
- 6.5.4 an Unsupplied defender (the Unsupplied marker in its hex); 10.6 the weather side's attacks on targets in
  the winter region (``axis_weather_shift`` by turn and weather); 15.1 / 15.2 special units whose optional rule the
  campaign sets.

What the board cannot show — the cards of a battle (their effects are the validator's, from the cards the log
names), a counterattack (10.7.2) — is set by hand on the battle marker.
"""

from __future__ import annotations

from games.battles import (
    ATTACKER, CROSS, DEFENDER, ODDS, VOLUNTARY, Adjustment, Amount, All, AttackerIs, BattleModel, CrossingShift, Has,
    KindIs, KindRule, Modifier, Most, Not, Odds, Refusals, Reminder, Status, TargetsAll, TargetsAny, Terrain,
    TerrainPart, UnitTest, WeatherIs)
from games.model import Game, frozen_map

from ...model import Header
from .board import Context, make_context
from .combat import COMBAT_PHASE
from .combat_data import WEATHER_SIDE, axis_weather_shift, crt_for, rules, specials, support_allowance, support_shift

ARMOR_OK = "armor_ok"  # a location whose terrain allows the armor bonus (10.6.3)
WINTER = "winter"  # a location of the region the weather side's winter shift applies to (10.6)
UNSUPPLIED = "unsupplied"
COUNTERBLOW = "counterblow"


def _name(ctx: Context, loc: str) -> str:
    """The location as VASSAL names it: a hex id, an area's name."""
    areas = ctx.game.map.areas
    return areas[loc].name if loc in areas else loc


def _terrain_of(game: Game, loc: str) -> str:
    m = game.map
    return m.hexes[loc].terrain if loc in m.hexes else m.areas[loc].terrain


def _status(game: Game, icon: str) -> Status:
    for m in game.all_markers:
        for face in ("front", "back"):
            if getattr(m, face).icon == icon:
                return Status(m.kind, face)
    raise ValueError(f"no marker shows {icon}")


def terrain(ctx: Context) -> Terrain:
    """10.6.1, per location: its terrain's TEC shift and the objective row; rivers every attacker crosses."""
    game, tec = ctx.game, ctx.game.tec
    objective = tec.get("objective")
    locations = {}
    for loc in sorted(ctx.board.locations):
        parts = []
        row = tec[_terrain_of(game, loc)]
        if row.defense_shift:
            parts.append(TerrainPart(row.name, -row.defense_shift))
        mh = game.map.hexes.get(loc)
        if mh is not None and mh.objective and objective is not None and objective.defense_shift:
            parts.append(TerrainPart("objective hex", -objective.defense_shift))
        if parts:
            locations[_name(ctx, loc)] = tuple(parts)
    crossings = []
    for f in sorted(k for k, v in tec.items() if v.applies_to == "hexside" and v.defense_shift):
        amount = -tec[f].defense_shift
        by_weather = {w.id: (amount if (f != "river" or w.river_shift) else 0) for w in game.weather.values()}
        crossings.append(CrossingShift(f, tec[f].name, Amount(0, by_weather=frozen_map(by_weather))))
    return Terrain("10.6.1", frozen_map(locations), tuple(crossings), KindIs(frozenset({VOLUNTARY})))


def shifts(ctx: Context) -> tuple[Modifier, ...]:
    """10.6.3, 6.5.4, 10.6 (weather), 15.1 / 15.2, in the order of ``shifts.STEPS``."""
    game, r = ctx.game, rules(ctx)
    tec = game.tec
    armor = Has(ATTACKER, UnitTest(categories=frozenset({"armor"}), not_status=frozenset({UNSUPPLIED})))
    infantry = Most(DEFENDER, UnitTest(categories=frozenset({"infantry"}), not_types=r.armor_resisters))
    no_bonus_sides = [f for f, row in tec.items() if row.applies_to == "hexside" and not row.armor_bonus]
    armor_weather = WeatherIs(frozenset(w.id for w in game.weather.values() if w.armor_bonus))
    bonus = All((armor, armor_weather, infantry, TargetsAll(ARMOR_OK),
                 *(Not(TargetsAny(CROSS + f)) for f in sorted(no_bonus_sides))))
    out = [Modifier("armor bonus", "10.6.3", Amount(r.armor_bonus_shift), bonus),
           Modifier("Unsupplied defender", "6.5.4", Amount(-tec["unsupplied"].defense_shift),
                 Has(DEFENDER, UnitTest(status=frozenset({UNSUPPLIED}))))]
    winter = {(t, w): -axis_weather_shift(ctx, t, game.weather[w]) for t in game.turns for w in game.weather}
    side = game.sides[WEATHER_SIDE].name
    out.append(Modifier(f"{side} attack in this weather", "10.6",
                     Amount(0, by_turn_weather=frozen_map({k: v for k, v in winter.items() if v})),
                     All((AttackerIs(frozenset({WEATHER_SIDE})), TargetsAny(WINTER)))))
    for when, role in (("attacking", ATTACKER), ("defending", DEFENDER)):
        for s in specials(ctx, when):
            if s.shift:
                test = UnitTest(types=frozenset({s.type}),
                                nationalities=frozenset({s.nationality}) if s.nationality else frozenset(),
                                sides=frozenset({s.side}) if s.side else frozenset())
                out.append(Modifier(f"{game.unit_types[s.type].name} {when}", s.rule, Amount(s.shift), Has(role, test)))
    return tuple(out)


def location_tags(ctx: Context) -> dict[str, frozenset[str]]:
    game, tec = ctx.game, ctx.game.tec
    objective = tec.get("objective")
    winter = rules(ctx).winter_region
    out = {}
    for loc in sorted(ctx.board.locations):
        tags = set()
        ok = tec[_terrain_of(game, loc)].armor_bonus
        mh = game.map.hexes.get(loc)
        if mh is not None and mh.objective and objective is not None and not objective.armor_bonus:
            ok = False
        if ok:
            tags.add(ARMOR_OK)
        if loc in winter:
            tags.add(WINTER)
        if tags:
            out[_name(ctx, loc)] = frozenset(tags)
    return out


def reminders(ctx: Context) -> tuple[Reminder, ...]:
    """The turn's weather and events when a turn begins; each side's combat conditions when its Combat Phase
    begins; the reinforcements due when its Organization Phase begins."""
    game = ctx.game
    first_phase = game.phases[0].id
    out = []
    for n, t in sorted(game.turns.items()):
        w = game.weather[t.weather]
        text = f"Turn {n} ({t.date}): {w.name}"
        if t.variable:
            text += f" (or {game.weather[t.variable].name} if a card turns its Weather marker, 13.0)"
        events = "; ".join(e.text for e in t.events)
        out.append(Reminder(first_phase, text + (f". Events: {events}" if events else "."), turn=n))
        for side in game.sides:
            out.append(Reminder(COMBAT_PHASE, combat_reminder(ctx, side, n), side=side, turn=n))
    for sc in list(game.scenarios.values())[:1]:
        due: dict[tuple[int, str], list[str]] = {}
        for p in sc.reinforcements:
            if p.turn is not None:
                due.setdefault((p.turn, game.units[p.unit].side), []).append(game.units[p.unit].front.name)
        for (n, side), names in sorted(due.items()):
            out.append(Reminder("organization", f"Reinforcements due on turn {n} (7.6): {', '.join(names)}",
                                side=side, turn=n))
    return tuple(out)


def combat_reminder(ctx: Context, side: str, turn: int) -> str:
    game = ctx.game
    t = game.turns[turn]
    w = game.weather[t.weather]
    crt = crt_for(ctx, side, t.weather)
    have, marker = support_allowance(ctx, side, turn)
    shift, _ = support_shift(ctx, turn)
    words = [f"{game.sides[side].name} attacks on the {crt.name} in {w.name} weather (10.5)",
             f"{have} {marker} marker(s) this turn, {shift} column(s) each (10.6.2)",
             "armor bonus " + ("possible (10.6.3)" if w.armor_bonus else "not in this weather (10.6.3)")]
    if not w.river_shift:
        words.append("rivers give no shift in this weather (10.6.1)")
    if side == WEATHER_SIDE:
        n = axis_weather_shift(ctx, turn, w)
        if n:
            words.append(f"attacks on targets in the Soviet Union shift {n} column(s) left (10.6)")
    return "; ".join(words)


def battle_model(game: Game) -> BattleModel:
    """The module's battles for No Retreat! (this module's docstring), for the first scenario's options."""
    ctx = make_context(game, Header(game.id))
    board = ctx.board
    crts = {(s, w): crt_for(ctx, s, w).id for s in game.sides for w in game.weather}
    neighbours = {_name(ctx, a): tuple(_name(ctx, b) for b in board.open_neighbours.get(a, ()))
                  for a in sorted(board.locations)}
    crossings = {}
    for a in sorted(board.locations):
        for b in board.neighbours.get(a, ()):
            ha, hb = game.map.hexes.get(a), game.map.hexes.get(b)
            if ha is not None and hb is not None and game.map.features(ha.hex, hb.hex):
                crossings[a, b] = game.map.features(ha.hex, hb.hex)
    prohibited = {(_name(ctx, a), _name(ctx, b)):
                  " or ".join(game.tec[f].name for f in sorted(crossings.get((a, b), ()))) or "a prohibited hexside"
                  for a, b in sorted(board.prohibited)}
    support, _ = support_shift(ctx, next(iter(game.turns)))
    by_turn = {n: support_shift(ctx, n)[0] for n in game.turns}
    adjustments = (
        Adjustment("support", "Blitz!/Shock! marker committed", "Blitz!/Shock! marker", "10.6.2",
                   shift=Amount(support, by_turn=frozen_map({n: v for n, v in by_turn.items() if v != support})),
                   log="support"),
        Adjustment("counterattack", "Counterattack (no terrain shifts)", "counterattack", "10.7.2",
                   kind="counterattack"),
    )
    return BattleModel(
        phases=(COMBAT_PHASE,), crts=frozen_map(crts), odds=Odds(ODDS, below_first=rules(ctx).below_first),
        dice=1, die_sides=6, terrain=terrain(ctx), shifts=shifts(ctx), adjustments=adjustments,
        statuses=frozen_map({UNSUPPLIED: _status(game, UNSUPPLIED), COUNTERBLOW: _status(game, COUNTERBLOW)}),
        kinds=(KindRule(COUNTERBLOW, COUNTERBLOW),), location_tags=frozen_map(location_tags(ctx)),
        neighbours=frozen_map(neighbours), crossings=frozen_map(crossings), prohibited=frozen_map(prohibited),
        refusals=Refusals(phase="10.0", enemy="10.1", adjacent="10.3.3", prohibited="10.1", twice="10.3.4",
                          strength="2.3"),
        reminders=reminders(ctx), again=frozen_map({"CA": "counterattack"}))  # results.obligations: 10.7.2
