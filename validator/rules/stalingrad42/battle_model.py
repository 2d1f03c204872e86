"""Stalingrad '42's battles as data for the module (issue 22): the strengths, odds, shifts and the Determined Defense
of 8.0-11.0 in the vocabulary of :mod:`games.battles`, read from the same data and facts the validator's combat
rules use (``combat_facts``, the TEC through ``battlefield``'s vocabulary, the CRT and its layers, the Determined
Defense Table), so that the module computes what ``combat``, ``odds`` and ``modifiers`` compute.

- 8.3, 8.4: one CRT in every weather, one die; the odds on a ladder that goes on past 7-1 and below 1-3, the net
  shift applied there, then limited: below 1-3 no combat, 8-1 and 9-1 on 7-1, 10-1 or more an automatic DS;
- 8.5: at most 40 attack and 20 defense factors;
- 9.1 each unit's factor, halved (rounding up) before doubled, doubled at most once: an attacker halved Out of Supply
  or Isolated (16.4) or -1 on or north of row 43 in the Russian Winter (23.4; the harsher, which is the halving),
  halved across a Major River or the Volga (9.5.2, 9.5.3), doubled as a mountain attacker into a Mountain hex not
  across an Alpine hexside (9.6.1, 20.2) or as the city attacker against a City (20.9); a defender halved Disrupted
  (13.2.1) or -1 in the Russian Winter (23.4: not in a City or Town, not in its own Fortification, not next to a
  Major City), doubled in Marsh (9.5.4), in a City but ASUs, Tank Corps and silhouetted tanks (9.6.3), Infantry-type
  in a Mountain hex (9.6.1), when every attacker attacks across a river or out of Marsh (9.5.1); 1 under a Train
  marker (5.6.4), nothing in Full Retreat (13.3.2) or as a Non-Combat Unit (10.2.1);
- 9.2 the Tank Shifts (9.2.1 each way, cancelling; 9.2.2 the elite side's red dot; 9.2.3 barred by the defender's
  terrain or Fortification, earned by no tank across a river or out of Marsh; 9.2.4 anti-tank units), 9.9 the
  Terrain shift, 9.7.1 a Fortification (the defender's completed marker, or a printed one for 9.7.6's side);
- by hand on the battle marker (the board does not show them): an Air unit attacking or defending (9.3.3, 9.3.4),
  artillery (9.4) and a Massive Barrage (18.5), a Planned Offensive's dice (26.2: the attacker keeps the better die);
- 15.1-15.2: Breakthrough Combat in the Combat Phase: the attackers of a battle whose result made the defender
  retreat may be declared again (the battle's kind is then ``breakthrough``); which of them form the group, and
  its advance, are the players';
- 11.x the Determined Defense, a stage after a result that allows one: its column from the defender's hex (11.2.1),
  barred or at -1 by the CRT cell's colour (11.2.2), the Lead Unit's quality and Defensive Support set by hand
  (11.2.4, 11.3: the Lead Unit is the defender's choice).

What the module does not compute (docs/module.md, Battles): the 9.8 parenthesized defenders, the units that retreated
into the hex (12.4), Seasonal Marsh once wet and frozen lakes (23.2.3, 23.4), printed Fortifications deactivated
(9.7.7), a Major City's control next to a wintering defender (23.4): the battle marker's "one column" by hand, the
result by hand, and the validator cover them.
"""

from __future__ import annotations

from games.battles import (
    ATTACKER, CROSS, DEFENDER, ODDS, Adjustment, All, AnyOf, AttackerIs, BattleModel, Condition, Has, Modifier,
    Not, Odds, Refusals, Reminder, Stage, Status, TargetsAll, Terrain, TerrainPart, UnitFactor, UnitTest, Amount)
from games.model import Game, frozen_map

from ...engine.context import Context
from ...model import Header
from .battlefield import RIVERS
from .board import make_context
from .campaign_data import later
from .combat_data import combat_facts
from .terrain import winter_from

COMBAT_PHASE = "combat"
BREAKTHROUGH = "breakthrough"  # 15.2: the kind of a battle its attackers fight again after a result with a retreat
CRT = "crt"
DD_TABLE = "determined_defense"
# location tags
TANKS_OK = "tanks_ok"  # 9.2.3: the hex's terrain allows Tank Shifts
MARSH, CITY, MOUNTAIN = "marsh", "city", "mountain"  # 9.5.4, 9.6.3, 9.6.1: the TEC ``defense`` doubling of the hex
WINTER_ROW = "winter_row"  # 23.4: on or north of the winter row
WINTER_DEF = "winter_defense"  # 23.4: ... where a defender's penalty applies (not a City or Town, no Major City next)
PRINTED_FORT = "printed_fort"  # 9.7.6
DD_CLEAR = "dd_clear"  # 11.2.1: the Clear column (a Fortification makes it Other)
# hexside features of an attack (the crossings table, from -> to)
RIVER_OR_MARSH = "river_or_marsh"  # 9.5.1, 9.5.4: across a river hexside or out of a Marsh hex
MAJOR = "major"  # 9.5.2, 9.5.3: across a Major River or the Volga
INTO_MOUNTAIN = "into_mountain"  # 9.6.1, 9.6.2: into a Mountain hex, not across an Alpine hexside
INTO_CITY = "into_city"  # 20.9
PROHIBITED = {"sea": "a Sea hexside", "kerch_strait": "the Kerch Strait", "lake": "an unfrozen Lake hexside",
              "rail_ferry": "the Vladimirovka rail ferry"}  # 2.2.3, 9.5.6, 9.5.3 (words of the refusal)
VOLGA, VOLGA_OK = "volga", ("ferry", "rail_bridge")  # 9.5.3: the Volga only at its crossing sites
TANK_DOTS, ELITE_DOT, ANTI_TANK = ("black_dot", "red_dot"), "red_dot", "white_dot"
CITY_NOT_DOUBLED = frozenset({"asu", "tank_corps", "silhouette"})  # 9.6.3
# statuses the markers in a unit's hex give (markers.csv kinds)
OOS, ISOLATED, DISRUPTED, FR_DISRUPTED, FULL_RETREAT, TRAIN = (
    "oos", "isolated", "disrupted", "fr_disrupted", "full_retreat", "train")
FORT = "fort_"  # fort_<side>: that side's completed Fortification marker


def _name(ctx: Context, loc: str) -> str:
    """The location as VASSAL names it: a hex id, an area's name."""
    areas = ctx.game.map.areas
    return areas[loc].name if loc in areas else loc


def _parts(game: Game, hid: str) -> list:
    """The TEC rows of a hex for combat: its terrain (Seasonal Marsh as printed: dry) and its settlement."""
    h = game.map.hexes[hid]
    return [game.tec[h.terrain]] + ([game.tec[h.settlement]] if h.settlement in game.tec else [])


def _fort_markers(game: Game) -> dict[str, str]:
    """side -> the kind of its Fortification markers (the completed face is the front, 9.7.3)."""
    return {m.front.side: m.kind for m in game.all_markers if m.front.icon == "fortification" and m.front.side}


def statuses(game: Game) -> dict[str, Status]:
    out = {OOS: Status("out_of_supply", "front"), ISOLATED: Status("out_of_supply", "back"),
           DISRUPTED: Status("disrupted", "any"), FR_DISRUPTED: Status("full_retreat", "back"),
           FULL_RETREAT: Status("full_retreat", "front"), TRAIN: Status("train", "any")}
    out.update({FORT + side: Status(kind, "front") for side, kind in _fort_markers(game).items()})
    return out


def location_tags(ctx: Context) -> dict[str, frozenset[str]]:
    game = ctx.game
    cf = combat_facts(ctx)
    out = {}
    for hid in sorted(game.map.hexes):
        h = game.map.hexes[hid]
        parts = _parts(game, hid)
        doubling = {str(t.extra.get("defense") or "") for t in parts}
        tags = set()
        if not any(t.extra.get("tank_shift") == "barred" for t in parts):
            tags.add(TANKS_OK)
        tags |= {tag for tag, d in ((MARSH, "doubled"), (CITY, "doubled_city"), (MOUNTAIN, "doubled_infantry_type"))
                 if d in doubling}
        if int(hid[-2:]) <= cf.winter_row:
            tags.add(WINTER_ROW)
            near_city = any(game.map.hexes[n].settlement == "major_city"
                            for n in ctx.board.neighbours.get(hid, ()) if n in game.map.hexes)
            if h.settlement not in ("major_city", "minor_city", "town") and not near_city:
                tags.add(WINTER_DEF)
        if "fort" in h.features:
            tags.add(PRINTED_FORT)
        if dd_column(game, hid) == "clear":
            tags.add(DD_CLEAR)
        if tags:
            out[hid] = frozenset(tags)
    return out


def dd_column(game: Game, hid: str) -> str:
    """11.2.1 without a Fortification marker (battlefield.ground's column)."""
    h = game.map.hexes[hid]
    parts = _parts(game, hid)
    if h.settlement in ("major_city", "minor_city"):
        return "city"
    if "fort" in h.features or any(t.extra.get("dd_column") == "other" for t in parts):
        return "other"
    return str(game.tec[h.terrain].extra.get("dd_column") or "other")


def crossings(ctx: Context) -> tuple[dict[tuple[str, str], frozenset[str]], dict[tuple[str, str], str]]:
    """(from, to) -> what an attack from ``from`` into ``to`` crosses (this module's features); (from, to) -> why
    no attack crosses there (8.1)."""
    game = ctx.game
    m, tec = game.map, game.tec
    out, prohibited = {}, {}
    for a in sorted(m.hexes):
        for b in ctx.board.neighbours.get(a, ()):
            if b not in m.hexes:
                continue
            feats = ctx.board.hexside(a, b)
            bad = sorted(f for f in feats if f in PROHIBITED)
            if bad or (VOLGA in feats and not any(f in feats for f in VOLGA_OK)):
                prohibited[a, b] = PROHIBITED[bad[0]] if bad else "the Volga but at a crossing site"
                continue
            kinds = {RIVERS.get(str(tec[f].extra.get("across") or "")) for f in feats if f in tec} - {None}
            here = set()
            if kinds or VOLGA in feats or tec[m.hexes[a].terrain].extra.get("across") == "doubled":
                here.add(RIVER_OR_MARSH)
            if "major" in kinds or VOLGA in feats:
                here.add(MAJOR)
            if tec[m.hexes[b].terrain].extra.get("defense") == "doubled_infantry_type" and "alpine_side" not in feats:
                here.add(INTO_MOUNTAIN)
            if m.hexes[b].settlement in ("major_city", "minor_city"):
                here.add(INTO_CITY)
            if here:
                out[a, b] = frozenset(here)
    return out, prohibited


def factors(ctx: Context) -> tuple[UnitFactor, ...]:
    """9.1 and the rules it orders (this module's docstring)."""
    cf = combat_facts(ctx)
    winter = winter_from(ctx)
    cold = frozenset({cf.winter_side})
    own_fort = frozenset({FORT + cf.winter_side})
    half = dict(times=(1, 2), round_up=True)
    return (
        UnitFactor(ATTACKER, **half, reason="Out of Supply", rule="16.4", test=UnitTest(status=frozenset({OOS})),
                   group="supply"),
        UnitFactor(ATTACKER, **half, reason="Isolated", rule="16.4", test=UnitTest(status=frozenset({ISOLATED})),
                   group="supply"),
        UnitFactor(ATTACKER, (1, 1), "in the Russian Winter", "23.4", UnitTest(sides=cold),
                   frozenset({WINTER_ROW}), group="supply", add=-1, floor=cf.winter_attack_min, from_turn=winter),
        UnitFactor(ATTACKER, **half, reason="across a Major River", rule="9.5.2",
                   test=UnitTest(crossing=frozenset({MAJOR}))),
        UnitFactor(ATTACKER, (2, 1), "into a Mountain hex", "9.6.1, 20.2",
                   UnitTest(tags=frozenset({"mountain_attack"}), crossing=frozenset({INTO_MOUNTAIN})), group="double"),
        UnitFactor(ATTACKER, (2, 1), "against a City", "20.9",
                   UnitTest(tags=frozenset({"city_attack"}), crossing=frozenset({INTO_CITY})), group="double"),
        UnitFactor(DEFENDER, **half, reason="Disrupted", rule="13.2.1", test=UnitTest(status=frozenset({DISRUPTED})),
                   group="worn"),
        UnitFactor(DEFENDER, **half, reason="Disrupted", rule="13.2.1",
                   test=UnitTest(status=frozenset({FR_DISRUPTED})), group="worn"),
        UnitFactor(DEFENDER, (1, 1), "in the Russian Winter", "23.4", UnitTest(sides=cold, not_status=own_fort),
                   frozenset({WINTER_DEF}), group="worn", add=-1, floor=cf.winter_defense_min, from_turn=winter),
        UnitFactor(DEFENDER, (2, 1), "in Marsh", "9.5.4", tags=frozenset({MARSH}), group="double"),
        UnitFactor(DEFENDER, (2, 1), "in a City", "9.6.3", UnitTest(not_tags=CITY_NOT_DOUBLED), frozenset({CITY}),
                   group="double"),
        UnitFactor(DEFENDER, (2, 1), "Infantry-type in a Mountain hex", "9.6.1",
                   UnitTest(tags=frozenset({"infantry_type"})), frozenset({MOUNTAIN}), group="double"),
        UnitFactor(DEFENDER, (2, 1), "every attacker across a river or out of Marsh", "9.5.1",
                   tags=frozenset({CROSS + RIVER_OR_MARSH}), group="double"),
        UnitFactor(DEFENDER, (1, 1), "under a Train marker", "5.6.4", UnitTest(status=frozenset({TRAIN})), value=1),
        UnitFactor(DEFENDER, (1, 1), "in Full Retreat", "13.3.2", UnitTest(status=frozenset({FULL_RETREAT})),
                   value=0),
        UnitFactor(DEFENDER, (1, 1), "a Non-Combat Unit", "10.2.1", UnitTest(tags=frozenset({"non_combat"})),
                   value=0),
    )


def fortified(ctx: Context) -> Condition:
    """9.7.1, 9.7.6: the defender holds its own completed Fortification, or a printed one (its side's)."""
    game = ctx.game
    own = [Has(DEFENDER, UnitTest(sides=frozenset({side}), status=frozenset({FORT + side})))
           for side in sorted(_fort_markers(game))]
    printed = later(ctx).fortifications.printed_side
    return AnyOf((*own, All((TargetsAll(PRINTED_FORT), Has(DEFENDER, UnitTest(sides=frozenset({printed})))))))


def shifts(ctx: Context) -> tuple[Modifier, ...]:
    """9.2.1-9.2.4 and 9.7.1, as ``modifiers.tank`` and ``modifiers.terrain`` compute them."""
    cf = combat_facts(ctx)
    able = frozenset({TRAIN, FULL_RETREAT})  # 5.6.4, 13.3.2: they earn and deny nothing

    def dots(role: str, dots_: tuple[str, ...], earning: bool = False) -> Condition:
        cross = frozenset({RIVER_OR_MARSH}) if earning else frozenset()
        return AnyOf(tuple(Has(role, UnitTest(tags=frozenset({d}), not_status=able, not_crossing=cross))
                           for d in dots_))
    fort = fortified(ctx)
    open_ = All((TargetsAll(TANKS_OK), Not(fort)))
    elite = frozenset({cf.elite_side})
    return (
        Modifier("Tank Shift", "9.2.1", Amount(1), All((open_, dots(ATTACKER, TANK_DOTS, True),
                                                         Not(dots(DEFENDER, TANK_DOTS + (ANTI_TANK,)))))),
        Modifier("the defender's Tank Shift", "9.2.1", Amount(-1),
                 All((open_, dots(DEFENDER, TANK_DOTS), Not(dots(ATTACKER, TANK_DOTS))))),
        Modifier("Elite Tank Shift", "9.2.2", Amount(1),
                 All((open_, AttackerIs(elite), dots(ATTACKER, (ELITE_DOT,), True)))),
        Modifier("the defender's Elite Tank Shift", "9.2.2", Amount(-1),
                 All((open_, Not(AttackerIs(elite)), dots(DEFENDER, (ELITE_DOT,))))),
        Modifier("Fortification", "9.7.1", Amount(-game_fort_shift(ctx)), fort),
    )


def game_fort_shift(ctx: Context) -> int:
    return ctx.game.tec["fortification"].defense_shift


def terrain(ctx: Context) -> Terrain:
    """9.9: the Terrain shift of the defender's hex (its terrain and settlement rows of the TEC)."""
    game = ctx.game
    locations = {}
    for hid in sorted(game.map.hexes):
        parts = tuple(TerrainPart(t.name, -t.defense_shift) for t in _parts(game, hid) if t.defense_shift)
        if parts:
            locations[hid] = parts
    return Terrain("9.9", frozen_map(locations))


def adjustments(ctx: Context) -> tuple[Adjustment, ...]:
    """What the board does not show (9.3.3, 9.3.4, 9.4, 18.5, 26.2)."""
    barrage = combat_facts(ctx).massive_barrage
    return (
        Adjustment("air", "Air unit attacking", "Air unit", "9.3.3", shift=Amount(1), log="air"),
        Adjustment("defensive_air", "Air unit defending", "defensive Air unit", "9.3.4", shift=Amount(-1),
                   log="defensive_air"),
        Adjustment("artillery", "Artillery (ASU or SP)", "artillery", "9.4", shift=Amount(1)),
        Adjustment("barrage", "Massive Barrage", "Massive Barrage", "18.5", shift=Amount(barrage)),
        Adjustment("offensive", "Planned Offensive (two dice)", "Planned Offensive: the better of two dice", "26.2",
                   extra_dice=1),
        Adjustment("offensive2", "Second Planned Offensive (three dice)",
                   "second Planned Offensive: the better of three dice", "26.2", extra_dice=1),
    )


def determined(ctx: Context) -> Stage:
    """11.1-11.4: after a result that allows it, the Determined Defense Table."""
    game = ctx.game
    cf = combat_facts(ctx)
    t = game.tables[DD_TABLE]
    by_hand = {m.rule: m for m in t.modifiers}
    quality = [m for m in t.modifiers if m.rule == "11.2.4"]
    support = by_hand["11.3"]
    orange = next(m for m in t.modifiers if m.rule == "11.2.2")
    return Stage(
        "determined", "Determined defense", "Determined Defense", "11.2.1", DD_TABLE,
        frozenset(r for r, res in cf.results.items() if res.determined), layer="dd", barred=frozenset({"no"}),
        layer_drms=frozen_map({"orange": orange.value}),
        columns=frozen_map({hid: dd_column(game, hid) for hid in sorted(game.map.hexes)}), default_column="other",
        column_rules=((All((fortified(ctx), TargetsAll(DD_CLEAR))), "other"),),
        adjustments=(*(Adjustment(f"quality{i}", ("Lead Unit elite" if m.value > 0 else "Lead Unit low quality"),
                                  "elite Lead Unit" if m.value > 0 else "low-quality Lead Unit", m.rule,
                                  drm=Amount(m.value)) for i, m in enumerate(quality)),
                     Adjustment("support", "Defensive Support", "Defensive Support", support.rule,
                                drm=Amount(support.value))))


def reminders(ctx: Context) -> tuple[Reminder, ...]:
    """Each side's Combat Phase: the weather's Air units and the Russian Winter's penalty."""
    game = ctx.game
    cf = combat_facts(ctx)
    winter = winter_from(ctx)
    out = []
    for n, t in sorted(game.turns.items()):
        w = game.weather.get(t.weather)
        printed = f"{w.name} printed" if w else "weather as rolled, 23.1"
        for side in game.sides:
            words = [f"{game.sides[side].name} attacks on the Combat Results Table ({printed}, 8.3); "
                     "Air units, artillery and Planned Offensives are set on the battle marker (9.3, 9.4, 26.2)"]
            if n >= winter:
                words.append(f"Russian Winter: {game.sides[cf.winter_side].name} units on or north of row "
                             f"{cf.winter_row} attack and defend at one less (23.4)")
            out.append(Reminder(COMBAT_PHASE, "; ".join(words), side=side, turn=n))
    return tuple(out)


def battle_model(game: Game) -> BattleModel:
    """The module's battles for Stalingrad '42 (this module's docstring), on the Campaign Game's maps."""
    ctx = make_context(game, Header(game.id, list(game.scenarios)[-1]))
    cf = combat_facts(ctx)
    crt = game.crts[CRT]
    cross, prohibited = crossings(ctx)
    neighbours = {_name(ctx, a): tuple(_name(ctx, b) for b in ctx.board.neighbours.get(a, ())
                                       if (a, b) not in prohibited)
                  for a in sorted(ctx.board.locations)}
    return BattleModel(
        phases=(COMBAT_PHASE,), crts=frozen_map({(s, w): CRT for s in game.sides for w in game.weather}),
        odds=Odds(ODDS, below_first="no combat (8.4.1)", attack_cap=cf.attack_cap, defence_cap=cf.defense_cap,
                  virtual=True, automatic=crt.limits.automatic_result, automatic_at=crt.limits.automatic),
        dice=crt.dice[0], die_sides=crt.dice[1], attack="attack", defence="defense", factors=factors(ctx),
        terrain=terrain(ctx), shifts=shifts(ctx), adjustments=adjustments(ctx),
        statuses=frozen_map(statuses(game)), location_tags=frozen_map(location_tags(ctx)),
        neighbours=frozen_map(neighbours), crossings=frozen_map(cross), prohibited=frozen_map(prohibited),
        refusals=Refusals(phase="8.1", enemy="8.1", adjacent="8.1", prohibited="8.1", twice="8.1", strength="8.1"),
        reminders=reminders(ctx), stages=(determined(ctx),),
        again_attackers=frozen_map({r: BREAKTHROUGH for r, res in sorted(cf.results.items()) if res.retreat}))
