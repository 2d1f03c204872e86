"""Air units (9.3, 23.2.1-23.2.3): who may commit which Air unit to a combat or a Determined Defense, and what that
leaves behind.

- 9.3.1, 23.2: only the Axis has Air units; each Axis Initial Phase they come back to the Holding Box on their Ready
  side (:func:`collect`). The weather of the turn says how many take part in the turn: Clear all of them, Overcast
  one German Air unit, Overcast-W, Rain and Snow none; Mud has no effect on them (23.3.3): they are as the roll
  that Mud replaced has them when the log gives its die (``weather.under_mud``), else all of them fly (decision).
  9.3.9: from turn 27 one German Air unit fewer (Clear one, Overcast none).
- 9.3.3: ``battle.air``: one Air unit, in the Axis Combat Phase, one shift right; 9.3.4: ``battle.defensive_air``:
  one Air unit for an Axis defender in the Soviet Combat Phase, one shift left; 11.3: ``determined.support`` may be
  an Air unit (+1). Only a Ready Air unit is committed (9.3.6); the Romanian Air unit and any Air unit used
  defensively flip to their Used side.
- 9.3.5: the target (the defending ground units) within 15 hexes of a friendly-controlled City, Town or Landmark on a
  Connecting Rail Hex. S2.2 (the Caucasus scenario, ``rules.toml [scenario_rules.s2_caucasus] air``): no Air units on
  turns 15-22, and air support traced from the imaginary hex 3139 too.
- 9.3.7: a German Air unit used in an Axis combat stays with the units it supported (``State.air_with``): it gives
  its shift to every Breakthrough Combat of that combat's Breakthrough Group (15.2.9: no other Air unit there), and
  in the Soviet Combat Phase it may give Defensive Support within one hex of them, instead of its range; it goes back
  to the Holding Box when they are all eliminated or have retreated. A header position that puts an Air unit on the
  map is read the same way where 9.3.7 allows it, and refused where nothing does (:func:`from_position`).
- 9.3.8: an Axis-allied Air unit (the Romanian) shifts only when most of its side's units in the combat (by defense
  strength) are of its nationality, and supports a Determined Defense only for a Lead Unit of its nationality.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from games.hexgrid import distance

from ...engine.context import Context, once
from ...engine.paths import move_bits
from ...engine.position import note_changes
from ...engine.state import evolve
from ...model import Finding
from .campaign_data import ScenarioAir, later, scenario_rules
from .combat_data import combat_facts
from .special import near
from .state import State
from .supply import connecting_rail
from .units import name, table
from .weather import under_mud
from .zoc import units_in

READY, USED = "front", "back"
AIR_WORDS = {"all": "every Air unit", "one_german": "one German Air unit", "none": "no Air unit",
             "as_rolled": "every Air unit"}


def is_air(ctx: Context, uid: str) -> bool:
    return uid in _air_units(ctx)


def flip_problem(ctx: Context, state: State, uid: str, face: str) -> Finding | None:
    """9.3.1, 9.3.6: an Air unit turns back to its Ready side (its front) only when its owner collects the Air units
    in his Initial Phase; a Used one stays so for the rest of the Player Turn. Turning Used is bookkeeping."""
    us = state.units[uid]
    side = ctx.game.units[uid].side
    if face != "front" or us.face == "front" or (state.phase == "initial" and state.player == side):
        return None
    return Finding("9.3.1", f"{name(ctx, state, uid)} turns back to its Ready side only in its owner's Initial Phase, "
                            "when the Air units are collected (a Used Air unit is not used again that Player Turn, "
                            "9.3.6)", (uid,), (us.loc or "",))


def _air_units(ctx: Context) -> frozenset[str]:
    """The Air units of the game (made once per loaded game: asked about every unit at each Initial Phase)."""
    return once(ctx, "s42_air_units", lambda c: frozenset(
        u for u in c.game.units if "aircraft" in table(c)[u, "front"].tags))


def allied(ctx: Context, uid: str) -> bool:
    return combat_facts(ctx).allies_trait in table(ctx)[uid, "front"].tags


def _allowance(ctx: Context, state: State, fewer: bool | None = None, capped: bool = True) -> tuple[str, int, bool]:
    """(the weather's word, German Air units this turn, whether allied ones may take part) (9.3.1, 9.3.9, 23.2).
    ``fewer``: whether 9.3.9's reduction applies (default: from its turn on). From turn 27 Clear gives one German Air
    unit fewer than the game has (9.3.9: "now receives only one"), whether or not the log removed one. ``capped``:
    whether the scenario's most German Air units a turn applies (S2.2: one)."""
    kind = str(ctx.game.weather[state.weather].extra.get("air") or "none")
    if kind == "as_rolled" and (roll := under_mud(state)) is not None:  # 23.3.3: Mud after an Overcast roll
        kind = str(ctx.game.weather[roll].extra.get("air") or "none")
    air = _air_units(ctx)
    units = state.units  # (the Air units looked up, not every unit looked at)
    german = [u for u in air if u in units and not allied(ctx, u) and _in_play(ctx, units[u].loc)]
    if fewer is None:
        fewer = state.turn >= combat_facts(ctx).air.fewer_from
    own = scenario_rules(ctx).air
    cap = own.most if capped and own is not None and own.most is not None else len(german)  # S2.2: one a turn
    if kind in ("all", "as_rolled"):
        if fewer:
            return kind, max(0, min(len(german), cap, sum(not allied(ctx, u) for u in air) - 1)), True
        return kind, min(len(german), cap), True
    if kind == "one_german":
        return kind, 0 if fewer else min(1, cap), False
    return kind, 0, False


def _in_play(ctx: Context, loc: str | None) -> bool:
    return loc is not None and loc != "removed" and not loc.startswith("eliminated_")


def _words(ctx: Context, state: State) -> str:
    _, n, _ = _allowance(ctx, state)
    kind = str(ctx.game.weather[state.weather].extra.get("air") or "none")
    fewer = " (one fewer from turn 27, 9.3.9)" if state.turn >= combat_facts(ctx).air.fewer_from else ""
    roll = under_mud(state) if kind == "as_rolled" else None
    mud = f" (its die gave {ctx.game.weather[roll].name}, 23.3.3)" if roll is not None else ""
    own = scenario_rules(ctx).air  # (only its cap makes the allowance smaller than the weather's, S2.2)
    cap = f" ({own.rule}: {own.most} in {ctx.scenario.name})" if n < _allowance(ctx, state, capped=False)[1] else ""
    return f"{ctx.game.weather[state.weather].name}{mud} gives {n} German Air unit(s){fewer}{cap}"


def _grounded(ctx: Context, state: State) -> ScenarioAir | None:
    """S2.2: the scenario's own Air rules when this turn has no Air units, else None."""
    own = scenario_rules(ctx).air
    return own if own is not None and own.off is not None and own.off[0] <= state.turn <= own.off[1] else None


def _range(ctx: Context, state: State, side: str, hid: str) -> bool:
    """9.3.5: within 15 hexes of a friendly-controlled City, Town or Landmark on a Connecting Rail Hex; S2.2: or of
    the hex the scenario traces air support from."""
    own = scenario_rules(ctx).air
    hexes = ctx.game.map.hexes
    if own is not None and own.source is not None \
            and distance(hexes[own.source].hex, hexes[hid].hex) <= combat_facts(ctx).air.range:
        return True
    around = near(ctx, hid, combat_facts(ctx).air.range) & connecting_rail(ctx, state, side)
    if not around:
        return False
    for h, b in _places(ctx):
        if b & around and state.control.get(h) == side:
            return True
    return False


def _places(ctx: Context) -> tuple[tuple[str, int], ...]:
    """(hex, its bit) of every map hex with a City, Town or Landmark (made once per loaded game: 9.3.5 looked at
    every map hex for each ask)."""
    def make(c: Context) -> tuple[tuple[str, int], ...]:
        bit = move_bits(c).bit
        return tuple((h, bit.get(h, 0)) for h, x in c.game.map.hexes.items() if x.settlement)
    return once(ctx, "s42_air_places", make)


def escorting(ctx: Context, state: State, air: str) -> tuple[str, ...]:
    """9.3.7: the units a German Air unit still accompanies (on the map)."""
    return tuple(u for u in state.air_with.get(air, ()) if state.units[u].loc in ctx.game.map.hexes)


def _near_escort(ctx: Context, state: State, air: str, hid: str) -> bool:
    """9.3.7 B: within one hex of a unit it accompanies."""
    hexes = ctx.game.map.hexes
    reach = combat_facts(ctx).air.defense_hexes
    return any(distance(hexes[state.units[u].loc].hex, hexes[hid].hex) <= reach for u in escorting(ctx, state, air))


def _mostly(ctx: Context, state: State, air: str, units: Iterable[str]) -> bool:
    """9.3.8: most of the side's units in the combat, by defense strength, are of the Air unit's nationality."""
    nat = ctx.game.units[air].nationality
    info = table(ctx)
    total = mine = 0
    for u in units:
        i = info[u, state.units[u].face]
        total += i.defense
        mine += i.defense if i.nationality == nat else 0
    return 2 * mine > total


def problems(ctx: Context, state: State, air: str, side: str, target: str, units: Sequence[str], use: str,
             original: str | None = None) -> list[Finding]:
    """What is wrong with committing ``air`` for ``side`` against or at ``target`` (``use``: "attack", "breakthrough",
    "defense", "determined"); ``units``: the side's units in the combat (the Lead Unit for a Determined Defense);
    ``original``: the Air unit of the combat a Breakthrough Combat comes from."""
    cf = combat_facts(ctx)
    who = name(ctx, state, air)
    if not is_air(ctx, air) or ctx.game.units[air].side != cf.air.side or side != cf.air.side:
        what = "is not an Air unit" if not is_air(ctx, air) else f"is not the {ctx.game.sides[side].name} player's"
        return [Finding("9.3.1", f"{who} {what}: only the {ctx.game.sides[cf.air.side].name} player has Air units, for "
                                 "his own combats", (air,))]
    us = state.units[air]
    if not _in_play(ctx, us.loc):
        if state.winter_offensive is not None and air == later(ctx).campaign.romanian_air:
            return [Finding("33.2.1", f"{who} left play when the Winter Offensive started (turn "
                                      f"{state.winter_offensive})", (air,))]
        where = f"it is in {us.loc}" if us.loc else "a position that lists its units lists it in air_holding"
        return [Finding("9.3.1", f"{who} is not in play ({where})", (air,))]
    if (grounded := _grounded(ctx, state)) is not None:
        first, last = grounded.off or (0, 0)
        return [Finding(grounded.rule, f"{who} may not fly: this scenario has no Air units on turns {first}-{last}",
                        (air,))]
    if use == "breakthrough":
        if air != original:
            return [Finding("9.3.7", f"{who} was not used in the combat this Breakthrough Combat comes from; only "
                                     "the German Air unit of that combat supports its Breakthrough Group (15.2.9)",
                            (air,))]
        return []
    out = []
    if us.face != READY:
        out.append(Finding("9.3.6", f"{who} is on its Used side; a Used Air unit is not used again this Player Turn",
                           (air,)))
    if use == "attack" and state.air_used.get(air) == state.turn and escorting(ctx, state, air) \
            and state.player == side:
        out.append(Finding("9.3.3", f"{who} already supports another combat this Combat Phase (one combat each)",
                           (air,)))
    kind, german, allies = _allowance(ctx, state)
    committed = {u for u, t in state.air_used.items() if t == state.turn}
    if allied(ctx, air):
        if not allies:
            out.append(Finding("9.3.1", f"{who} may not fly this turn: {ctx.game.weather[state.weather].name} gives "
                                        f"{AIR_WORDS.get(kind, 'no Air unit')} (23.2)", (air,)))
        elif use == "determined" and ctx.game.units[units[0]].nationality != ctx.game.units[air].nationality:
            out.append(Finding("9.3.8", f"{who} supports a Determined Defense only for a Lead Unit of its own "
                                        f"nationality, not {name(ctx, state, units[0])}", (air,)))
        elif use != "determined" and not _mostly(ctx, state, air, units):
            out.append(Finding("9.3.8", f"{who} shifts only when most of the units in the combat (by defense "
                                        "strength) are of its nationality", (air,)))
    elif air not in committed and (flying := len({u for u in committed if not allied(ctx, u)} | {air})) > german:
        if flying > _allowance(ctx, state, fewer=False, capped=False)[1]:
            rule = "9.3.1"  # the weather's
        elif flying <= _allowance(ctx, state, fewer=False)[1]:
            rule = "9.3.9"  # refused only from turn 27
        else:
            rule = scenario_rules(ctx).air.rule  # S2.2: the weather allows more; the scenario gives one
        out.append(Finding(rule, f"{who} may not fly this turn: {_words(ctx, state)} and "
                                    f"{', '.join(sorted(u for u in committed if not allied(ctx, u))) or 'none'} "
                                    "already did (23.2)", (air,)))
    if use in ("defense", "determined") and escorting(ctx, state, air):
        if not _near_escort(ctx, state, air, target):
            out.append(Finding("9.3.7", f"{who} stays with the units it supported "
                                        f"({', '.join(escorting(ctx, state, air))}): it gives Defensive Support within "
                                        f"one hex of them, not at {target}", (air,), (target,)))
    elif not _range(ctx, state, side, target):
        out.append(Finding("9.3.5", f"{who}: {target} is not within {cf.air.range} hexes of a friendly-controlled "
                                    "City, Town or Landmark on a Connecting Rail Hex", (air,), (target,)))
    return out


def commit(ctx: Context, state: State, air: str, use: str, attackers: Sequence[str] = ()) -> State:
    """The Air unit is committed: a German one used in an attack stays with the attackers (9.3.7); the allied one, and
    any used defensively, flip to Used and go back to the Holding Box (9.3.6)."""
    if air not in state.units or use == "breakthrough":
        return state
    used = {**state.air_used, air: state.turn}
    with_ = {k: v for k, v in state.air_with.items() if k != air}
    units = state.units
    if use == "attack" and not allied(ctx, air):
        with_[air] = tuple(attackers)
    else:
        units = dict(units)
        units[air] = evolve(units[air], face=USED, loc=combat_facts(ctx).air.box)
        note_changes(ctx, state.units, units, [air])
    return evolve(state, units=units, air_used=used, air_with=with_)


def from_position(ctx: Context, state: State) -> State:
    """9.3.1, 9.3.7: the Air units a header position puts on the map. Between combats an Air unit waits in its Holding
    Box; only a German one that supported an Axis combat stays with those units (9.3.7), from the Axis Combat Phase
    until the next Axis Initial Phase collects it. On a location with Axis Combat Units outside the Axis Initial and
    Movement Phases, a German Air unit on its Ready side (9.3.6) is read as accompanying them (``State.air_with``;
    committed this turn when the start is in the Axis Player Turn); any other is an impossible position: ValueError, one
    line."""
    cf = combat_facts(ctx)
    placed = sorted(u for u in _air_units(ctx) if u in state.units and state.units[u].loc in ctx.board.locations)
    if not placed:
        return state
    units, with_, used = dict(state.units), dict(state.air_with), dict(state.air_used)
    own_turn = state.player == cf.air.side
    for air in placed:
        loc = state.units[air].loc or ""
        escort = tuple(sorted(u for u in units_in(ctx, state, loc) if ctx.game.units[u].side == cf.air.side
                              and table(ctx)[u, state.units[u].face].combat))
        why = ("only a German Air unit stays with the units it supported; the allied one goes back to its Holding Box "
               "once used (9.3.6)" if allied(ctx, air) else
               "it shows its Used side, and a German Air unit turns Used only when it gives Defensive Support, which "
               "sends it back to its Holding Box (9.3.6)" if state.units[air].face != READY else
               f"no {ctx.game.sides[cf.air.side].name} Combat Unit is there for it to accompany" if not escort else
               f"the Air units are collected in their Holding Box each {ctx.game.sides[cf.air.side].name} Initial "
               f"Phase (9.3.1): none is on the map in its {state.phase.capitalize()} Phase"
               if own_turn and state.phase in ("initial", "movement") else "")
        if why:
            raise ValueError(f"position: {loc} holds the Air unit {air}, which stands on the map only with the units "
                             f"whose combat it supported (9.3.7): {why}")
        units[air] = evolve(units[air], loc=cf.air.box)
        with_[air] = escort
        if own_turn:
            used[air] = state.turn
    note_changes(ctx, state.units, units, placed)
    return evolve(state, units=units, air_with=with_, air_used=used)


def left(ctx: Context, state: State, gone: Iterable[str]) -> State:
    """9.3.7 B: units that retreated (or were eliminated) no longer keep an Air unit with them."""
    gone = set(gone)
    if not gone or not state.air_with:
        return state
    with_ = {}
    for air, units in state.air_with.items():
        keep = tuple(u for u in units if u not in gone and state.units[u].loc in ctx.game.map.hexes)
        if keep:
            with_[air] = keep
    return evolve(state, air_with=with_) if with_ != dict(state.air_with) else state


def collect(ctx: Context, state: State, side: str) -> State:
    """9.3.1: the side's Air units back in the Holding Box, on their Ready side, at the start of its Initial Phase.
    Only the Air units' own side collects them: the Soviet Initial Phase leaves a German Air unit with the stack it
    supported, for the Air Defense of the Soviet Combat Phase (9.3.7 B)."""
    if side != combat_facts(ctx).air.side:
        return state
    box = combat_facts(ctx).air.box
    air = _air_units(ctx)
    changed = [u for u, us in state.units.items() if u in air and ctx.game.units[u].side == side
               and _in_play(ctx, us.loc) and (us.face != READY or us.loc != box)]
    if not changed and not state.air_with:
        return state
    units = dict(state.units)
    for u in changed:
        units[u] = evolve(units[u], face=READY, loc=box)
    note_changes(ctx, state.units, units, changed)
    return evolve(state, units=units, air_with={})
