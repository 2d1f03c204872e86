"""Stalingrad '42's random player with combat (``players.stalingrad42``): a whole 36-turn Campaign it plays validates
clean, with battles, Determined Defenses, retreats, advances and Breakthrough Combat in it; and illegal combat lines
put into that game (mutations, one per class) are each reported with exactly the rule they break, on their line.

The game is played once for the module and replayed by the validator; each mutation is read as the validator reads a
log and replayed by the rules from the state before its first changed line to two lines after the line looked at
(what comes later cannot change what is reported on it).

A mutation looks for its place so that it does not hang on one game's accidents (another seed, or a change of the
rules that changes what the player does, plays another game): one that needs a battle looks among every battle the
game could have fought (``_battle_starts``: each Combat Phase's start and each battle's, every enemy stack, and the
subsets of attackers or an Air unit where the odds matter), and builds what it needs there (a whole combat with its
step losses, a move after a rally) rather than waiting for the player to have made it; each place is chosen for
being one where the planted mistake is the only one (no retreat or advance that follows from it), never for giving
the expected report. The mutation tests found their places in the Campaigns of seeds 1, 2 and 3 alike; since a Rail
Move on turn 1 is refused (S4.2), seed 1's game lost two of them and the module played seed 2; since a full Alpine hex
is closed to all but Mountain units (9.6.2: seed 2's game had walked a rifle division into 4862), seed 2's game lost
its failed rally and the module plays seed 3."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any, Callable

import pytest

from players.stalingrad42 import play
from players.stalingrad42.combat import attack_options, claims, losses, reading
from players.stalingrad42.seat import Player
from s42_played import Lines, Played, first, inserted, replaced, replayed, validate
from test_s42_data_support import s42  # noqa: F401  (the loaded game)
from validator.engine.paths import move_bits
from validator.model import Action
from validator.rules import stalingrad42 as rules
from validator.rules.stalingrad42 import air, retreat
from validator.rules.stalingrad42.advance import rate
from validator.rules.stalingrad42.battlefield import ground
from validator.rules.stalingrad42.combat import FOLLOW
from validator.rules.stalingrad42.combat_data import combat_facts
from validator.rules.stalingrad42.combat_state import BREAKTHROUGH, battles, current
from validator.rules.stalingrad42.recovery import _in_ezoc
from validator.rules.stalingrad42.results import steps_left
from validator.rules.stalingrad42.units import table
from validator.rules.stalingrad42.zoc import ezoc_bits

SEED = 3  # a Campaign the player plays through all 36 turns (at the time of writing)


@pytest.fixture(scope="module")
def played(s42) -> Played:
    return replayed(play(s42, seed=SEED))


def seat(game: Played, s42, state) -> Player:
    """The player's seat at ``state`` (to read a battle's true odds and result with the player's own function)."""
    return Player(s42, random.Random(0), game.ctx, state)


def _step(played: Played, state, line: dict):
    data = {k: v for k, v in line.items() if k not in ("type", "side")}
    return rules.step(played.ctx, state, Action(0, line["type"], line["side"], data))


def _clean_step(game: Played, state, line: dict) -> bool:
    return not _step(game, state, line)[1]


def _next_to(game: Played, s, side: str, target: str, test: Callable[[str], bool]) -> list[str]:
    """``side``'s units on the map next to ``target`` for which ``test`` holds."""
    ctx = game.ctx
    return sorted(u for u, us in s.units.items() if ctx.game.units[u].side == side and us.loc in ctx.game.map.hexes
                  and ctx.board.adjacent(us.loc, target) and test(u))


def _attacks(game: Played, uid: str, s) -> bool:
    i = table(game.ctx)[uid, s.units[uid].face]
    return bool(i.combat and i.attack) and not s.units[uid].train


# -- the clean game ------------------------------------------------------------------------------------------------

def test_the_players_campaign_with_combat_is_clean(played: Played) -> None:
    result = validate(played.lines)
    assert result.violations == (), [(v.line, v.rule, v.message) for v in result.violations[:5]]
    actions = played.lines[1:]
    assert sum(1 for a in actions if a["type"] == "turn") == 35  # turns 2-36: the whole Campaign
    kinds = Counter(a["type"] for a in actions)
    assert kinds["battle"] >= 60 and kinds["loss"] >= 60
    assert {"determined", "retreat", "advance", "breakthrough", "rally"} <= set(kinds)
    battles_ = [a for a in actions if a["type"] == "battle"]
    assert {a.get("kind", "regular") for a in battles_} == {"regular", "breakthrough"}
    assert {"DS", "DR4", "D1", "DR2", "A1/DR2", "EX", "A1"} <= {a["result"] for a in battles_}
    assert any(a.get("air") for a in battles_) and any(a.get("defensive_air") for a in battles_)
    assert any(len({played.states[i].units[u].loc for u in a["attackers"]}) > 1
               for i, a in enumerate(actions) if a["type"] == "battle")  # a multi-hex combat


@pytest.fixture(scope="module")
def openings(s42) -> dict[str, Lines]:
    """The first four turns of each of the other scenarios the player plays (seed 2): checked clean, and a second
    place to look for a mutation the Campaign has no place for (the Caucasus's Axis far from its rail, 9.3.5)."""
    return {scenario: play(s42, seed=2, scenario=scenario, turns=4)
            for scenario in ("s1_fall_blau", "s2_caucasus", "s3_uranus")}


@pytest.mark.parametrize("scenario", ["s1_fall_blau", "s2_caucasus", "s3_uranus"])
def test_the_scenarios_with_combat_are_clean(openings: dict[str, Lines], scenario: str) -> None:
    lines = openings[scenario]
    assert any(x["type"] == "battle" for x in lines[1:])
    result = validate(lines)
    assert result.violations == (), [(v.line, v.rule, v.message) for v in result.violations[:5]]


# -- mutations: the battle line ------------------------------------------------------------------------------------

def test_mutation_wrong_crt_result(played: Played) -> None:
    """10.1: a result that is not the CRT's for the column and the die."""
    results = sorted(combat_facts(played.ctx).results)

    def find(i, a, s):
        return {**a, "result": next(r for r in results if r != a["result"])} if a["type"] == "battle" else None

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"10.1"}


def test_mutation_odds_below_the_minimum(played: Played, s42) -> None:
    """8.4.1: one of the attackers alone, at odds below 1-3 (the line otherwise as logged)."""
    def find(i, a, s):
        if a["type"] != "battle" or len(a["attackers"]) < 2 or a.get("air") or a.get("artillery") or a.get("kind"):
            return None
        for u in a["attackers"]:
            if claims(seat(played, s42, s), a["side"], {"attackers": [u], "targets": a["targets"], "die": 1}) is None:
                return {k: v for k, v in a.items() if k not in ("odds", "shifts")} | {"attackers": [u]}
        return None

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"8.4.1"}


def test_mutation_odds_beyond_the_maximum(played: Played, s42) -> None:
    """8.4.2: odds of 8-1 or 9-1 after the net shift are resolved on the 7-1 column: claiming the 8-1 column is
    reported (a battle the game could have fought there, by the attackers that reach such odds)."""
    crt = s42.crts["crt"]

    def test(s, side, target, units):
        me = seat(played, s42, s)
        alone = {"attackers": list(units), "targets": [target], "die": 3}
        if all(r is None or r.col.final < len(crt.columns)
               for r in (reading(me, side, f) for f in _with_air(played, s, side, alone))):
            return None  # not beyond the table even with every unit (fewer units reach no further)
        for n in range(len(units), 0, -1):
            for some in combinations(list(units), n):
                for fields in _with_air(played, s, side, {"attackers": list(some), "targets": [target], "die": 3}):
                    r = reading(me, side, fields)
                    if r is not None and not r.col.automatic and r.col.allowed and r.col.label not in crt.columns \
                            and _clean_step(played, s, {"type": "battle", "side": side, **claims(me, side, fields)}):
                        units[:] = some
                        return {k: v for k, v in fields.items() if k == "air"}
        return None

    i, new = _new_battle(played, s42, test)
    r = reading(seat(played, s42, played.states[i]), new["side"], {k: v for k, v in new.items()
                                                                  if k not in ("type", "side")})
    assert new["odds"] == crt.columns[-1] and r.col.label not in crt.columns
    assert played.rules_at(inserted(played, i, new), i) == set()
    assert played.rules_at(inserted(played, i, {**new, "odds": r.col.label}), i) == {"8.4.2"}


def _with_air(played: Played, s, side: str, fields: dict) -> list[dict]:
    """A battle's ``fields`` as they are, then with each Ready Air unit of ``side`` (9.3: one more shift; whether it
    may fly there is the rules' to say, asked by the caller)."""
    ready = [u for u in _air_units(played.ctx, side) if s.units[u].face == air.READY and s.units[u].loc is not None
             and s.units[u].loc not in played.ctx.board.locations and s.air_used.get(u) != s.turn]
    return [fields, *({**fields, "air": u} for u in ready)]


def _air_units(ctx, side: str) -> list[str]:
    """``side``'s Air units (9.3), asked once a side."""
    if side not in _AIR:
        _AIR[side] = sorted(u for u, unit in ctx.game.units.items() if unit.side == side and air.is_air(ctx, u))
    return _AIR[side]


_AIR: dict[str, list[str]] = {}  # side -> its Air units (one game in this module)


def _battle_starts(played: Played, s42):
    """Every (action index to put a battle at, state there, side, enemy hex, the units that may attack it) of the
    game: at each Combat Phase's start and before each of its regular battles (the combat before it is over), every
    enemy stack the phasing player may still attack, in the game's order; a mutation that needs a battle the game
    did not fight looks for its place among all of them, not only among the few the player chose."""
    for i, a in enumerate(played.lines[1:]):
        if a["type"] == "phase" and a["phase"] == "combat" and not a.get("step"):
            at = i + 1
        elif a["type"] == "battle" and a.get("kind") != BREAKTHROUGH:
            at = i
        else:
            continue
        s = played.states[at]
        for target, units in attack_options(seat(played, s42, s), a["side"]):
            yield at, s, a["side"], target, units


def _first_start(played: Played, s42, test: Callable[[Any, str, str, list[str]], Any], required: bool = True) -> Any:
    """The first battle start (``_battle_starts``) where ``test(state, side, target, attackers)`` finds something:
    (action index, what it found); when the game has no such place, the test fails (or None, not ``required``)."""
    for at, s, side, target, units in _battle_starts(played, s42):
        found = test(s, side, target, units)
        if found is not None:
            return at, found
    if required:
        pytest.fail("no place in the generated game fits this mutation")
    return None


def _new_battle(played: Played, s42, test: Callable[[Any, str, str, list[str]], Any], required: bool = True) -> Any:
    """A battle put at a battle start (``_battle_starts``): against an enemy stack the phasing player may attack, by
    the units that may attack it, with what ``test(state, side, target, attackers)`` adds to the line (None: not
    here; it may change the attackers); its odds, shift and result claimed as the rules read them."""
    def find(s, side, target, units):
        units = list(units)
        extra = test(s, side, target, units)
        if extra is None:
            return None
        new = claims(seat(played, s42, s), side, {"attackers": units, "targets": [target], "die": 3, **extra})
        return None if new is None else {"type": "battle", "side": side, **new}
    return _first_start(played, s42, find, required)


def test_mutation_tank_shift_in_barred_terrain(played: Played, s42) -> None:
    """9.2.3: a Tank Shift claimed (the net shift and the column one more) by tanks attacking a hex whose terrain bars
    it; the claim is the net shift's (8.3), the message names the shifts that do apply."""
    crt = s42.crts["crt"]

    def test(s, side, target, units):
        foe = "soviet" if side == "axis" else "axis"
        tanks = [u for u in units if {"black_dot", "red_dot"} & set(table(played.ctx)[u, s.units[u].face].tags)]
        return {} if tanks and ground(played.ctx, s, target, foe).tanks_barred else None

    i, new = _new_battle(played, s42, test)
    assert new["odds"] in crt.columns[:-1]
    col = crt.columns[crt.columns.index(new["odds"]) + 1]
    new = {**new, "odds": col, "shifts": new["shifts"] + 1, "result": crt.result(col, new["die"])}
    assert played.rules_at(inserted(played, i, new), i) == {"8.3"}


def test_mutation_air_unit_in_bad_weather(played: Played, s42) -> None:
    """9.3.1, 23.2: an Axis Air unit committed on a turn whose weather lets none fly."""
    def find(i, a, s):
        if a["type"] != "battle" or a["side"] != "axis" or a.get("air") or a.get("kind"):
            return None
        if s42.weather[s.weather].extra.get("air") not in ("none", None):
            return None
        ready = sorted(u for u, us in s.units.items() if air.is_air(played.ctx, u) and us.face == air.READY
                       and us.loc is not None and us.loc not in played.ctx.board.locations)
        return {**a, "air": ready[0]} if ready else None

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"9.3.1"}


def test_mutation_air_unit_out_of_range(played: Played, s42, openings: dict[str, Lines]) -> None:
    """9.3.5: an Axis Air unit's combat more than 15 hexes from a friendly City, Town or Landmark on a Connecting Rail
    Hex, in weather that lets it fly (its attack shift, or its Defensive Support of an Axis stack attacked by the
    Soviets): in the Campaign, or else in the Caucasus scenario's opening (where the Axis rail is short)."""
    def in_game(game: Played):
        ctx = game.ctx

        def test(s, side, target, units):
            if s42.weather[s.weather].extra.get("air") not in ("all", "as_rolled") \
                    or air._range(ctx, s, "axis", target):
                return None
            ready = sorted(u for u, us in s.units.items() if air.is_air(ctx, u) and not air.allied(ctx, u)
                           and us.face == air.READY and us.loc is not None and us.loc not in ctx.board.locations
                           and s.air_used.get(u) != s.turn and not air.escorting(ctx, s, u))
            return {"air" if side == "axis" else "defensive_air": ready[0]} if ready else None
        return _new_battle(game, s42, test, required=False)

    game = played
    found = in_game(game)
    if found is None:
        game = replayed(openings["s2_caucasus"])
        found = in_game(game)
    assert found is not None, "no place in the generated games fits this mutation"
    i, new = found
    assert game.rules_at(inserted(game, i, new), i) == {"9.3.5"}


def test_mutation_disrupted_unit_attacks(played: Played, s42) -> None:
    """13.2.1: a Disrupted unit joins an attack."""
    i, new = _joined_by(played, s42, lambda s, u, units: s.units[u].order == "disrupted")
    assert played.rules_at(inserted(played, i, new), i) == {"13.2.1"}


def _joined_by(played: Played, s42, which: Callable[[Any, str, list[str]], bool]) -> tuple[int, dict]:
    """A battle (``_new_battle``) joined by one more unit next to the target that may attack but for the rule a
    mutation breaks: the first for which ``which(state, unit, attackers)`` holds."""
    def test(s, side, target, units):
        more = _next_to(played, s, side, target, lambda u: u not in units and _attacks(played, u, s)
                        and which(s, u, units))
        if not more:
            return None
        units.append(more[0])
        return {}
    return _new_battle(played, s42, test)


def _with_attacker(played: Played, s42, test: Callable[[Any, dict, str], bool], kind: str | None = None):
    """A battle (of ``kind``) with one more attacker for which ``test(state, battle, unit)`` holds, its odds, shift
    and result claimed as they then are."""
    def find(i, a, s):
        if a["type"] != "battle" or a.get("kind") != kind or a.get("air") or a.get("artillery") \
                or a.get("defensive_air"):
            return None
        for u in _next_to(played, s, a["side"], a["targets"][0],
                          lambda u: u not in a["attackers"] and _attacks(played, u, s) and test(s, a, u)):
            fields = {k: v for k, v in a.items() if k not in ("type", "side", "odds", "shifts", "result")}
            new = claims(seat(played, s42, s), a["side"], {**fields, "attackers": a["attackers"] + [u]})
            if new is not None:
                return {"type": "battle", "side": a["side"], **new}
        return None
    return first(played, find)


def test_mutation_unit_attacks_twice(played: Played, s42) -> None:
    """8.1: a unit that attacked earlier in the Combat Phase attacks again (in Good Order, next to another enemy
    stack: it joins a battle against it)."""
    i, new = _joined_by(played, s42, lambda s, u, units: u in battles(s).attacked and s.units[u].order == "good")
    assert played.rules_at(inserted(played, i, new), i) == {"8.1"}


def test_mutation_breakthrough_attack_by_a_unit_outside_the_group(played: Played, s42) -> None:
    """15.2.2: a Breakthrough Combat joined by a unit that is not in the Breakthrough Group (from its own hex:
    15.2.10, one stack only, is reported too)."""
    i, new = _with_attacker(played, s42, lambda s, a, u: battles(s).current is not None
                            and battles(s).current.group is not None
                            and u not in battles(s).current.group.units, kind=BREAKTHROUGH)
    found = played.rules_at(replaced(played, i, new), i)
    assert "15.2.2" in found and found <= {"15.2.2", "15.2.10"}


# -- mutations: what a combat's result asks ------------------------------------------------------------------------

def _dd_claims(s42, die: int | None = None) -> list[str]:
    """The Determined Defense Table's results as a ``determined`` line claims them (of one die's row, or of all)."""
    t = s42.tables["determined_defense"]
    rows = [t.row_for(die)] if die is not None else t.rows
    return sorted({f"{t.result(c, r)} {t.cell('losses', c, r)}" for c in t.columns for r in rows})


def test_mutation_determined_defense_where_the_cell_bars_it(played: Played, s42) -> None:
    """11.2.2: a Determined Defense against a D1 whose CRT cell is barred, or light orange outside a VP hex (a battle
    the game could have fought at 5-1 or more, its die one that reads such a cell, then the defender's roll with the
    result the table gives for it)."""
    crt = s42.crts["crt"]
    cf = combat_facts(played.ctx)

    def find(s, side, target, units):
        for fields in _with_air(played, s, side, {"attackers": list(units), "targets": [target], "die": 3}):
            found = _barred(s, side, target, claims(seat(played, s42, s), side, fields))
            if found is not None:
                return found
        return None

    def _barred(s, side, target, a):
        if a is None or a["odds"] not in crt.columns:
            return None
        vp = played.ctx.game.map.hexes[target].vp
        dice = [d for d in sorted(crt.rows) if cf.results[crt.result(a["odds"], d)].determined
                and crt.cell("dd", a["odds"], d) in (("no",) if vp else ("no", "orange"))]
        if not dice:
            return None
        battle = {"type": "battle", "side": side, **a, "die": dice[0], "result": crt.result(a["odds"], dice[0])}
        after, found = _step(played, s, battle)
        c = current(after)
        leads = [u for u in c.defenders if after.units[u].loc == c.target and after.units[u].order == "good"]
        if found or not leads:
            return None
        foe = played.ctx.game.units[leads[0]].side
        for claim in _dd_claims(s42, 4):
            dd = {"type": "determined", "side": foe, "target": c.target, "lead": leads[0], "die": 4, "result": claim}
            if {f.rule for f in _step(played, after, dd)[1]} == {"11.2.2"}:
                return battle, dd
        return None

    i, (battle, dd) = _first_start(played, s42, find)
    lines = inserted(played, i, battle, dd)
    assert played.rules_at(lines, i) == set() and played.rules_at(lines, i + 1) == {"11.2.2"}


def test_mutation_wrong_determined_defense_result(played: Played, s42) -> None:
    """11.4: a Determined Defense result that is not the table's for the roll."""
    def find(i, a, s):
        if a["type"] != "determined":
            return None
        letter = a["result"][:1]
        return {**a, "result": next(c for c in _dd_claims(s42) if c[:1] != letter)}

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"11.4"}


def _combat_end(lines: Lines, j: int) -> int:
    """The index (among the actions) of the first line from action ``j`` on that ends the combat being resolved."""
    for k in range(j, len(lines) - 1):
        a = lines[k + 1]
        if a["type"] not in FOLLOW or a["type"] == "phase" or (a["type"] == "battle" and a.get("kind") != BREAKTHROUGH):
            return k
    return len(lines) - 2


def test_mutation_too_few_step_losses(played: Played, s42) -> None:
    """10.1: a defender's step loss left out when the owner had a choice of units: reported on the line that ends
    the combat, and nowhere else. The combat is one the game could have fought (a battle start, ``_battle_starts``)
    against a stack of two or more Combat Units with steps to spare, its die one whose result costs the defender
    steps and no retreat, every step loss taken as the player takes them: so that nothing else follows from the
    step left out (a retreat or an advance after it would)."""
    crt = s42.crts["crt"]
    cf = combat_facts(played.ctx)
    ctx = played.ctx

    def find(s, side, target, units):
        pool = sorted(u for u, us in s.units.items() if us.loc == target and table(ctx)[u, us.face].combat)
        if len(pool) < 2:
            return None
        base = claims(seat(played, s42, s), side, {"attackers": units, "targets": [target], "die": 3})
        if base is None or base["odds"] not in crt.columns:
            return None
        for die in sorted(crt.rows):
            res = cf.results[crt.result(base["odds"], die)]
            if not res.defender or res.retreat or sum(steps_left(ctx, s, u) for u in pool) <= res.defender:
                continue
            me = seat(played, s42, s)
            if not me.try_act("battle", side, **claims(me, side, {**base, "die": die})):
                continue
            losses(me)
            c = current(me.state)
            if c.defender_steps or c.attacker_steps or c.to_retreat:
                continue
            return [dict(x) for x in me.lines]
        return None

    i, made = _first_start(played, s42, find)
    gone = next(k for k, x in enumerate(made) if x["type"] == "loss" and x["side"] != made[0]["side"])
    lines = inserted(played, i, *(x for k, x in enumerate(made) if k != gone))
    end = _combat_end(lines, i + len(made) - 1)
    assert played.reported(lines, end + 2) == [(end, "10.1")]


def _retreat_mutation(played: Played, change: Callable[[Any, dict, Any, tuple[str, ...], int], Any]):
    """A combat retreat line changed by ``change(state, line, combat, path, length)`` (None: not here)."""
    cf = combat_facts(played.ctx)

    def find(i, a, s):
        c = current(s)
        if a["type"] != "retreat" or c is None or a["unit"] not in c.to_retreat or c.delay:
            return None
        return change(s, a, c, tuple(a["path"]), cf.delay_retreat if c.delay else c.retreat)
    return first(played, find)


def test_mutation_retreat_too_short(played: Played) -> None:
    """12.1.1: a retreat one hex short where it may not stop (no friendly units to pay beside, no City or Fort), and
    where stopping would not eliminate it (a retreat that ends in a vacant EZOC hex when another was open is 12.1.3's,
    guideline 1: one mistake, one report)."""
    ctx = played.ctx

    def change(s, a, c, path, n):
        if len(path) != n or n < 2:
            return None
        opts = retreat.options(ctx, s, a["unit"], c.target, n)
        short = next((o for o in opts if o.path == path[:-1]), None)
        if short is not None or any(o.path[:len(path) - 1] == path[:-1] and o.walk.eliminated for o in opts):
            return None
        if retreat.final(retreat.walk(ctx, s, a["unit"], path[:-1], c.target,
                                      retreat.ground(ctx, s, a["unit"], a["side"]))).eliminated:
            return None
        return {**a, "path": list(path[:-1])}

    i, new = _retreat_mutation(played, change)
    assert played.rules_at(replaced(played, i, new), i) == {"12.1.1"}


def test_mutation_retreat_too_long(played: Played) -> None:
    """12.1.1: a retreat one hex longer than the result asks (not the one more hex out of an EZOC of 12.2)."""
    ctx = played.ctx

    def change(s, a, c, path, n):
        if len(path) != n:
            return None
        listed = {o.path for o in retreat.options(ctx, s, a["unit"], c.target, n)}
        for x in sorted(ctx.board.neighbours.get(path[-1], ())):
            longer = path + (x,)
            if all(h in ctx.game.map.hexes for h in longer) and x not in path and x != c.target \
                    and longer not in listed \
                    and not retreat.walk(ctx, s, a["unit"], longer, c.target,
                                         retreat.ground(ctx, s, a["unit"], a["side"])).problem:
                return {**a, "path": list(longer)}
        return None

    i, new = _retreat_mutation(played, change)
    assert played.rules_at(replaced(played, i, new), i) == {"12.1.1"}


def _into_elimination(ctx, words: str):
    def change(s, a, c, path, n):
        for o in retreat.options(ctx, s, a["unit"], c.target, n):
            if words in o.walk.eliminated:
                return {**a, "path": list(o.path)}
        return None
    return change


@pytest.mark.parametrize("words", ["EZOC", "Bond"], ids=["into an EZOC", "into an enemy ZOC Bond"])
def test_mutation_retreat_into_elimination(played: Played, words: str) -> None:
    """12.1.3 guideline 1 (12.2): a retreat into an EZOC (two vacant EZOC hexes in a row, or ending in one) or into an
    enemy ZOC Bond, which eliminates the unit, when a retreat without elimination was there (the logged one)."""
    i, new = _retreat_mutation(played, _into_elimination(played.ctx, words))
    assert played.rules_at(replaced(played, i, new), i) == {"12.1.3"}


def test_mutation_advance_beyond_its_allowance(played: Played) -> None:
    """14.2: an advance one hex longer than the result's Adv number (14.2.1) or the unit's rate (14.2.2, 16.4)
    allow; the same advance a hex shorter is legal."""
    ctx = played.ctx

    def find(i, a, s):
        c = battles(s).current
        if a["type"] != "advance" or c is None or c.group is not None or a["unit"] not in c.attackers \
                or c.limited or c.delay or c.cancelled:
            return None
        n = min(c.adv, rate(ctx, s, a["unit"])[0])
        path = list(a["path"])
        ezoc = ezoc_bits(ctx, s, a["side"])
        if any(move_bits(ctx).bit[x] & ezoc for x in path if x != c.target):
            return None
        while len(path) <= n:
            nxt = [x for x in sorted(ctx.board.neighbours.get(path[-1], ())) if x in ctx.game.map.hexes
                   and x not in path and x != s.units[a["unit"]].loc and not move_bits(ctx).bit[x] & ezoc
                   and (len(path) == n or _clean_step(played, s, {**a, "path": path + [x]}))]
            if not nxt:
                return None
            path.append(nxt[0])
        return ({**a, "path": path}, "14.2.1" if c.adv < rate(ctx, s, a["unit"])[0] else rate(ctx, s, a["unit"])[1])

    i, (new, why) = first(played, find)
    rule = why if why.startswith("14.") else "16.4" if "16.4" in why else "14.2.2"
    assert played.rules_at(replaced(played, i, new), i) == {rule}


# -- mutations: the Recovery Phase ---------------------------------------------------------------------------------

def test_mutation_rally_of_a_unit_in_good_order(played: Played) -> None:
    """13.5: a Rally Table roll for a unit that is neither Disrupted nor in Full Retreat."""
    def find(i, a, s):
        if a["type"] != "rally":
            return None
        fine = sorted(u for u, us in s.units.items() if played.ctx.game.units[u].side == a["side"]
                      and us.loc in played.ctx.game.map.hexes and us.order == "good")
        return {**a, "unit": fine[0]} if fine else None

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"13.5"}


def test_mutation_rally_roll_out_of_an_ezoc(played: Played) -> None:
    """13.4: a unit not in an EZOC recovers by itself; a Rally Table roll for it is reported."""
    def find(i, a, s):
        if not (a["type"] == "phase" and a["phase"] == "recovery"):
            return None
        s = played.states[i + 1]
        shaken = sorted(u for u, us in s.units.items() if played.ctx.game.units[u].side == a["side"]
                        and us.loc in played.ctx.game.map.hexes and us.order != "good"
                        and not _in_ezoc(played.ctx, s, u))
        return {"type": "rally", "side": a["side"], "unit": shaken[0], "die": 6} if shaken else None

    i, new = first(played, find)
    assert played.rules_at(inserted(played, i + 1, new), i + 1) == {"13.4"}


def test_mutation_failed_rally_then_a_full_move(played: Played) -> None:
    """13.5, 13.2.1: a Rally Table roll that fails (1-4) leaves the unit Disrupted: the game going on as if it had
    recovered is reported at the unit's next Normal move (a Disrupted unit has only Tactical Movement). A roll of the
    game that succeeded is made a failure (where the unit is then still Disrupted at its side's next Movement Phase),
    and the unit's first line of that phase is a one-hex Normal move, legal after the roll as logged."""
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "rally" or a.get("die", 0) < 5 or s.units[a["unit"]].order != "disrupted":
            return None
        uid = a["unit"]
        k = next((k for k in range(i + 1, len(played.lines) - 1) if played.lines[k + 1]["type"] == "phase"
                  and played.lines[k + 1]["phase"] == "movement" and played.lines[k + 1]["side"] == a["side"]), None)
        if k is None or played.states[k + 1].units[uid].loc not in ctx.game.map.hexes:
            return None
        failed, _ = _step(played, s, {**a, "die": 1})
        for j in range(i + 1, k + 1):
            failed = _step(played, failed, played.lines[j + 1])[0]
        if failed.units[uid].order != "disrupted":
            return None  # recovered by then all the same (a turn's own recovery, S-rules), or changed by combat
        at = played.states[k + 1]
        for x in sorted(ctx.board.neighbours.get(at.units[uid].loc, ())):
            move = {"type": "move", "side": a["side"], "unit": uid, "path": [x], "mode": "normal"}
            if x in ctx.game.map.hexes and _clean_step(played, at, move):
                return k + 1, move
        return None

    i, (k, move) = first(played, find)
    lines = inserted(played, k, move)
    assert played.rules_at(lines, k) == set()
    lines[i + 1] = {**lines[i + 1], "die": 1}
    assert played.rules_at(lines, i) == set() and played.rules_at(lines, k) == {"13.2.1"}
