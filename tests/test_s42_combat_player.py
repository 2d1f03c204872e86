"""Stalingrad '42's random player with combat (``players.stalingrad42``): a whole 36-turn Campaign it plays validates
clean, with battles, Determined Defenses, retreats, advances and Breakthrough Combat in it; and illegal combat lines
put into that game (mutations, one per class) are each reported with exactly the rule they break, on their line.

The game is played once for the module and replayed by the validator; each mutation is read as the validator reads a
log and replayed by the rules from the state before its first changed line to two lines after the line looked at
(what comes later cannot change what is reported on it)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest

from players.stalingrad42 import play
from players.stalingrad42.combat import attack_options, claims, reading
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

SEED = 1  # a Campaign the player plays through all 36 turns (at the time of writing)


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


@pytest.mark.parametrize("scenario", ["s1_fall_blau", "s2_caucasus", "s3_uranus"])
def test_the_scenarios_with_combat_are_clean(s42, scenario: str) -> None:
    lines = play(s42, seed=2, scenario=scenario, turns=4)
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
    reported."""
    crt = s42.crts["crt"]

    def find(i, a, s):
        if a["type"] != "battle":
            return None
        r = reading(seat(played, s42, s), a["side"], {k: v for k, v in a.items() if k not in ("type", "side")})
        if r is None or r.col.automatic or not r.col.allowed or r.col.label in crt.columns:
            return None
        return {**a, "odds": r.col.label}

    i, new = first(played, find)
    assert played.rules_at(replaced(played, i, new), i) == {"8.4.2"}


def _new_battle(played: Played, s42, test: Callable[[Any, str, str, list[str]], Any]) -> tuple[int, dict]:
    """A battle put at the start of a Combat Phase: against an enemy stack the phasing player may attack, by the units
    that may attack it, with what ``test(state, side, target, attackers)`` adds to the line (None: not here); its odds,
    shift and result claimed as the rules read them."""
    def find(i, a, s):
        if not (a["type"] == "phase" and a["phase"] == "combat" and not a.get("step")):
            return None
        s = played.states[i + 1]
        me = seat(played, s42, s)
        for target, units in attack_options(me, a["side"]):
            extra = test(s, a["side"], target, units)
            if extra is None:
                continue
            new = claims(me, a["side"], {"attackers": units, "targets": [target], "die": 3, **extra})
            if new is not None:
                return {"type": "battle", "side": a["side"], **new}
        return None
    i, new = first(played, find)
    return i + 1, new


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


def test_mutation_air_unit_out_of_range(played: Played, s42) -> None:
    """9.3.5: an Axis Air unit's combat more than 15 hexes from a friendly City, Town or Landmark on a Connecting Rail
    Hex, in weather that lets it fly (its attack shift, or its Defensive Support of an Axis stack attacked by the
    Soviets)."""
    def test(s, side, target, units):
        if s42.weather[s.weather].extra.get("air") not in ("all", "as_rolled") \
                or air._range(played.ctx, s, "axis", target):
            return None
        ready = sorted(u for u, us in s.units.items() if air.is_air(played.ctx, u) and not air.allied(played.ctx, u)
                       and us.face == air.READY and us.loc is not None and us.loc not in played.ctx.board.locations
                       and s.air_used.get(u) != s.turn and not air.escorting(played.ctx, s, u))
        return {"air" if side == "axis" else "defensive_air": ready[0]} if ready else None

    i, new = _new_battle(played, s42, test)
    assert played.rules_at(inserted(played, i, new), i) == {"9.3.5"}


def test_mutation_disrupted_unit_attacks(played: Played, s42) -> None:
    """13.2.1: a Disrupted unit joins an attack."""
    def test(s, side, target, units):
        shaken = _next_to(played, s, side, target, lambda u: s.units[u].order == "disrupted" and _attacks(played, u, s))
        if not shaken:
            return None
        units.append(shaken[0])
        return {}

    i, new = _new_battle(played, s42, test)
    assert played.rules_at(inserted(played, i, new), i) == {"13.2.1"}


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
    """8.1: a unit that attacked earlier in the Combat Phase attacks again."""
    i, new = _with_attacker(played, s42, lambda s, a, u: u in battles(s).attacked and s.units[u].order == "good")
    assert played.rules_at(replaced(played, i, new), i) == {"8.1"}


def test_mutation_breakthrough_attack_by_a_unit_outside_the_group(played: Played, s42) -> None:
    """15.2.2: a Breakthrough Combat joined by a unit that is not in the Breakthrough Group (from its own hex:
    15.2.10, one stack only, is reported too)."""
    i, new = _with_attacker(played, s42, lambda s, a, u: battles(s).current is not None
                            and battles(s).current.group is not None
                            and u not in battles(s).current.group.units, kind=BREAKTHROUGH)
    found = played.rules_at(replaced(played, i, new), i)
    assert "15.2.2" in found and found <= {"15.2.2", "15.2.10"}


# -- mutations: what a combat's result asks ------------------------------------------------------------------------

def _dd_claims(s42) -> list[str]:
    t = s42.tables["determined_defense"]
    return sorted({f"{t.result(c, r)} {t.cell('losses', c, r)}" for c in t.columns for r in t.rows})


def test_mutation_determined_defense_where_the_cell_bars_it(played: Played, s42) -> None:
    """11.2.2: a Determined Defense against a D1 whose CRT cell is barred, or light orange outside a VP hex (a battle
    of the game at 5-1 or more, its die made one that reads such a cell, then the defender's roll with the result the
    table gives for it)."""
    crt = s42.crts["crt"]
    cf = combat_facts(played.ctx)

    def find(i, a, s):
        if a["type"] != "battle" or a.get("kind") or a.get("odds") not in crt.columns:
            return None
        vp = played.ctx.game.map.hexes[a["targets"][0]].vp
        dice = [d for d in sorted(crt.rows) if cf.results[crt.result(a["odds"], d)].determined
                and crt.cell("dd", a["odds"], d) in (("no",) if vp else ("no", "orange"))]
        if not dice:
            return None
        battle = {**a, "die": dice[0], "result": crt.result(a["odds"], dice[0])}
        after, found = _step(played, s, battle)
        c = current(after)
        leads = [u for u in c.defenders if after.units[u].loc == c.target and after.units[u].order == "good"]
        if found or not leads:
            return None
        side = played.ctx.game.units[leads[0]].side
        for claim in _dd_claims(s42):
            dd = {"type": "determined", "side": side, "target": c.target, "lead": leads[0], "die": 4, "result": claim}
            if {f.rule for f in _step(played, after, dd)[1]} == {"11.2.2"}:
                return battle, dd
        return None

    i, (battle, dd) = first(played, find)
    lines = replaced(played, i, battle)
    lines[i + 2:i + 2] = [dd]
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


def test_mutation_too_few_step_losses(played: Played) -> None:
    """10.1: a defender's step loss left out when the owner had a choice of units: reported on the line that ends
    the combat."""
    ctx = played.ctx

    def find(i, a, s):
        c = current(s)
        if a["type"] != "loss" or a.get("pay") or c is None or a["unit"] not in c.defenders or not c.defender_steps:
            return None
        pool = [u for u in c.defenders if s.units[u].loc in ctx.board.locations
                and table(ctx)[u, s.units[u].face].combat]
        return i if len(pool) > 1 and sum(steps_left(ctx, s, u) for u in pool) > c.defender_steps else None

    i, _ = first(played, find)
    lines = list(played.lines)
    del lines[i + 1]
    end = _combat_end(lines, i)
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
    """12.1.1: a retreat one hex short where it may not stop (no friendly units to pay beside, no City or Fort)."""
    def change(s, a, c, path, n):
        if len(path) != n or n < 2:
            return None
        opts = retreat.options(played.ctx, s, a["unit"], c.target, n)
        short = next((o for o in opts if o.path == path[:-1]), None)
        if short is not None or any(o.path[:len(path) - 1] == path[:-1] and o.walk.eliminated for o in opts):
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
    recovered (the unit's next move a normal or extended one, or a Rail Move, where a Disrupted unit has only
    Tactical Movement) is reported at that move (a roll of the game that succeeded made a failure)."""
    def find(i, a, s):
        if a["type"] != "rally" or a.get("die", 0) < 5 or s.units[a["unit"]].order != "disrupted":
            return None
        for k in range(i + 1, len(played.lines) - 1):
            b = played.lines[k + 1]
            if b["type"] == "phase" and b["phase"] == "recovery" and b["side"] == a["side"]:
                return None
            if b["type"] in ("move", "rail") and b["unit"] == a["unit"]:
                return k if b["type"] == "rail" or b.get("mode", "normal") != "tactical" else None
        return None

    i, k = first(played, find)
    lines = replaced(played, i, {**played.lines[i + 1], "die": 1})
    assert played.rules_at(lines, i) == set() and played.rules_at(lines, k) == {"13.2.1"}
