"""The scenarios' special rules (S1-S4) that the rest of the package does not carry, and the start of a replay.

- The start: a header ``start`` turn outside the scenario's turns (S1.1, S2.1, S3.1, S4.1: Fall Blau 1-8, the Caucasus
  10-27, Uranus 28-36) is refused (ValueError, one line, exit 2), as a turn off the track is, and so are an option
  that names no advanced rule (25-29) and header ``options`` that turn off an advanced rule the scenario puts in force
  (its ``[options]`` on: Uranus's Contested Cities, S3.1); a header ``position`` that puts a Reserve marker in a game
  without the Reserves option (25.1: its ``reserve`` lines are reported, 25.2.1, and so no activation needs to be),
  or that puts a unit in a map hex with an enemy Combat Unit (5.1, 19.3: no unit enters one,
  and a Non-Combat Unit left alone with one is removed) outside a City Battle hex (29.1.1), or in the other side's
  Entry Area (22.4: no unit enters one; 22.5: one that retreats there is eliminated) but the exits the scenario opens
  to it (24.1.2, S1.2), is impossible: the header is refused (ValueError, one line, exit 2); so is an Air unit on the
  map that 9.3.7 does not keep there (``air.from_position``, which reads the others). The hexes the scenario's set-up
  leaves vacant but gives a side (``rules.toml [scenario_rules.*] control``: Uranus's Axis-held VP hexes, S3.5's 15
  VPs), unless a unit stands there or the log's header says otherwise; the header position's ``elbrus`` and ``baku``
  (24.3, 24.1.2: earned before the log begins).
- S1.2: the refitting 14th and 22nd Panzer and 60th Panzergrenadier Divisions (the scenario's ``[[immobile]]``)
  neither move (``movement``) nor attack on turn 1; Axis units that exit the map through Entry Areas M-R never
  re-enter it nor attack onto it.
- S3.4: on the first Uranus turn Soviet units use only Tactical and Rail Movement.
- S2.4: the Caucasus Campaign's Soviet pre-move: before any Axis unit moves on the first turn, the Soviets may move
  their units on the map (not Garrisons, which are held, 20.4) with their MA, without Extended, Rail or Sea Movement.
  It is logged after the Weather Phase's line and before the Axis Player Turn (a `phase` line of the Soviet Movement
  Phase there opens it and is not the Soviet Player Turn's); the sequence keeps the Weather Phase's slot for it
  (``sequence``), and the Soviet stacks are checked when it ends (4.4).

Rules the other modules enforce: S1.2/S4.2 Tactical Movement on turn 1 (``movement``, 5.4), S1.2 the 66th Naval Rifle
Brigade (``special``), S3.3 the turn order and S3.4's skipped slots (``sequence``), the Reserve Armies of S1.2
(``campaign``), the victory conditions (``victory``), the Resource Points of S2.2-S2.3 (``resources``).
"""

from __future__ import annotations

from ...engine.context import Context
from ...engine.state import evolve
from ...model import Action, Finding
from . import air
from .board import in_play
from .campaign_data import scenario_rules
from .data import scenario_facts
from .move_modes import mode_of
from .special import exits
from .state import State
from .units import name, table
from .zoc import units_in


def start(ctx: Context, state: State) -> State:
    """The state at the log's first line, with the scenario's start control and the header's score flags; ValueError
    for a start turn outside the scenario's turns (S1.1, S2.1, S3.1, S4.1), an option no advanced rule of the game
    (25-29) is named for, an advanced rule the scenario puts in force turned off (S3.1: Contested Cities), a
    Reserve marker without the Reserves option (25.1), a position with enemies in one hex (:func:`_mixed_hex`), a
    unit in the other side's Entry Area (:func:`_enemy_area`) or an Air unit on the map 9.3.7 does not keep there
    (``air.from_position``). A unit on a map the scenario does not use is reported on the log's first action
    (``State.opening``), not refused: a VASSAL save may hold counters on any section of the module's board (the real
    engine's battles game plays S1 across all four)."""
    sr, sc = scenario_rules(ctx), ctx.scenario
    if not sc.first_turn <= state.turn <= sc.last_turn:
        raise ValueError(f"start: turn {state.turn} is not a turn of {sc.name} (turns {sc.first_turn}-{sc.last_turn}, "
                         f"{scenario_facts(ctx).maps_rule}: an impossible position)")
    unknown = sorted(o for o in ctx.header.options if o not in sc.options)
    if unknown:
        raise ValueError(f"options: {unknown[0]!r} is no advanced rule of this game (its options: "
                         f"{', '.join(sorted(sc.options))})")
    dropped = [o for o, on in sc.options.items() if on and not ctx.option(o)]
    if dropped:
        raise ValueError(f"options: {dropped[0]} is off, but {sc.name} puts that advanced rule in force "
                         f"({scenario_facts(ctx).maps_rule})")
    header = ctx.header.position
    if "units" in header:
        mixed = _mixed_hex(ctx, state)
        if mixed is not None:
            raise ValueError(f"position: {mixed} holds units of both sides, one of them a Combat Unit, and no City "
                             "Battle marker (5.1, 19.3, 29.1.1: an impossible position)")
        away = _off_the_maps(ctx, state)
        if away:  # (reported, not refused: a VASSAL save may hold counters on any section of the module's board)
            sf = scenario_facts(ctx)
            where = ", ".join(f"{uid} in {loc}" for loc, uid in away[:5]) + (f" and {len(away) - 5} more"
                                                                            if len(away) > 5 else "")
            state = evolve(state, opening=(Finding(sf.maps_rule, f"the header's position puts units where "
                                                                 f"{ctx.scenario.name} does not play ({where}): its "
                                                                 f"maps are {', '.join(sorted(sf.maps))} and their "
                                                                 "Entry Areas; no unit stands elsewhere",
                                                   tuple(uid for _, uid in away), tuple(loc for loc, _ in away)),))
        marked = next((uid for uid, us in state.units.items() if us.reserve), None)
        if marked is not None and not ctx.option("reserves"):  # reserves.RESERVES (that module imports this one)
            raise ValueError(f"position: {state.units[marked].loc} holds {marked} under a Reserve marker, but Reserves "
                             "(advanced rule 25) are not in play in this game (25.1: an impossible position)")
        foreign = _enemy_area(ctx, state)
        if foreign is not None:
            area, uid = foreign
            sides = ctx.game.sides
            raise ValueError(f"position: {area}, an Entry Area of the {sides[scenario_facts(ctx).areas[area]].name} "
                             f"player, holds {uid}, a unit of the {sides[ctx.game.units[uid].side].name} player (22.4: "
                             "no unit enters the other side's Entry Areas; 22.5: one that retreats there is "
                             "eliminated: an impossible position)")
        state = air.from_position(ctx, state)
    given = header.get("control", {})
    control = {h: s for h, s in sr.control.items() if not units_in(ctx, state, h) and h not in given}
    score = state.score
    if header.get("elbrus") or header.get("baku"):
        score = evolve(score, elbrus=bool(header.get("elbrus", False)), baku=bool(header.get("baku", False)))
    if not control and score is state.score:
        return state
    return evolve(state, control={**state.control, **control}, score=score)


def _off_the_maps(ctx: Context, state: State) -> list[tuple[str, str]]:
    """(location, unit) of the position on a map hex or in an Entry Area the scenario does not use (S1.1, S2.1, S3.1:
    no unit enters one, ``board.in_play``), in the units' order."""
    play, m = in_play(ctx), ctx.game.map
    return [(us.loc, uid) for uid, us in state.units.items() if (us.loc in m.hexes or us.loc in m.areas)
            and us.loc not in play]


def _mixed_hex(ctx: Context, state: State) -> str | None:
    """The first map hex of the position where a unit stands with an enemy Combat Unit, outside a City Battle hex
    (29.1.1's Contested City); None when there is none."""
    info, hexes = table(ctx), ctx.game.map.hexes
    sides: dict[str, set[str]] = {}
    fighters: dict[str, set[str]] = {}
    for uid, us in state.units.items():
        if us.loc in hexes:
            i = info[uid, us.face]
            sides.setdefault(us.loc, set()).add(i.side)
            if i.combat:
                fighters.setdefault(us.loc, set()).add(i.side)
    battles = state.markers.city_battle
    return next((h for h, s in sorted(sides.items()) if len(s) > 1 and fighters.get(h) and h not in battles), None)


def _enemy_area(ctx: Context, state: State) -> tuple[str, str] | None:
    """The first (Entry Area, unit) of the position where a unit stands in an Entry Area of the other side (22.4),
    not one the scenario lets it exit through (24.1.2 Baku, S1.2's M-R: ``special.exits``); None when there is none."""
    owner = scenario_facts(ctx).areas
    for uid, us in sorted(state.units.items()):
        side = ctx.game.units[uid].side
        if owner.get(us.loc or "", side) != side and us.loc not in exits(ctx, side):
            return us.loc or "", uid
    return None


def _immobile(ctx: Context, state: State, uid: str) -> str | None:
    for rule in ctx.scenario.immobile:
        if uid in rule.units and state.turn in rule.turns:
            return rule.text
    return None


def attack_problem(ctx: Context, state: State, uid: str, target: str) -> Finding | None:
    """S1.2: refitting divisions do not attack on turn 1; units that exited through M-R never attack onto the map (a
    check of ``combat.ATTACK_CHECKS``)."""
    sr = scenario_rules(ctx)
    loc = state.units[uid].loc or ""
    why = _immobile(ctx, state, uid)
    if why is not None:
        return Finding(sr.special, f"{name(ctx, state, uid)} may not attack: {why}", (uid,), (loc,))
    if loc in sr.no_return and ctx.game.units[uid].side != ctx.game.map.areas[loc].side:
        return Finding(sr.special, f"{name(ctx, state, uid)} exited the map through {loc}: it never attacks back onto "
                                   "the map", (uid,), (loc,))
    return None


PREMOVE_SLOT = "weather"  # S2.4: the pre-move is logged in this mutual phase's slot, before the first Player Turn


def premove_side(ctx: Context, state: State) -> str | None:
    """S2.4: the side whose pre-move it is now (the scenario's first turn, before its first Player Turn), or None."""
    pre = scenario_rules(ctx).premove
    if pre is None or state.turn != ctx.scenario.first_turn or state.phase != PREMOVE_SLOT:
        return None
    return pre[0]


def first_turn_mode(ctx: Context, before: State, action: Action, mode: str) -> bool:
    """S3.4: whether ``mode`` is a kind of movement the scenario's first turn denies the unit's side."""
    first = scenario_rules(ctx).first_moves
    return first is not None and before.turn == ctx.scenario.first_turn and \
        ctx.game.units[action["unit"]].side == first[0] and mode not in first[1]


def moves_concern(ctx: Context, kind: str, uid: str) -> bool:
    """Whether :func:`after_move` may say anything about a line of ``kind`` moving ``uid``: only in a scenario with
    exits of no return (S1.2), first-turn kinds of movement (S3.4) or a pre-move (S2.4)."""
    sr = scenario_rules(ctx)
    return bool(sr.no_return) or sr.first_moves is not None or sr.premove is not None


def after_move(ctx: Context, before: State, state: State, action: Action) -> tuple[State, list[Finding]]:
    """S1.2: units that exited through M-R never re-enter the map; S3.4: the first turn's kinds of movement; S2.4:
    the pre-move's (the MA: no Extended Movement)."""
    sr = scenario_rules(ctx)
    uid = action["unit"]
    us = before.units.get(uid)
    if us is None:
        return state, []
    out = []
    if us.loc in sr.no_return and ctx.game.units[uid].side != ctx.game.map.areas[us.loc].side:
        out.append(Finding(sr.special, f"{name(ctx, before, uid)} exited the map through {us.loc}: it never re-enters",
                           (uid,), (us.loc,)))
    first = sr.first_moves
    if first is not None and first_turn_mode(ctx, before, action, action.type if action.type in ("rail", "sea")
                                              else mode_of(ctx, state, action)):
        out.append(Finding(sr.special, f"{name(ctx, before, uid)}: on the first turn of {ctx.scenario.name} "
                                       f"{ctx.game.sides[first[0]].name} units use only "
                                       f"{' and '.join(m.capitalize() for m in first[1])} Movement", (uid,),
                           (us.loc or "",)))
    side = premove_side(ctx, before)
    if side is not None and (mode := mode_of(ctx, state, action)) not in sr.premove[1]:
        out.append(Finding(sr.special, f"{name(ctx, before, uid)}: the {ctx.game.sides[side].name} pre-move of "
                                       f"{ctx.scenario.name} is made with the units' MA ({mode} movement is not "
                                       "allowed)", (uid,), (us.loc or "",)))
    return state, out
