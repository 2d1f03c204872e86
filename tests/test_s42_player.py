"""The random legal player of Stalingrad '42 (``players.stalingrad42``): its games validate clean, they are
deterministic, and illegal actions put into them (mutations) are each flagged with the right rule."""

from __future__ import annotations

import pytest

from players.stalingrad42 import play
from s42_played import Lines, Played, first, inserted, replaced, replayed, validate
from test_s42_data_support import s42  # noqa: F401  (the loaded game)
from validator.engine.paths import move_bits
from validator.rules import stalingrad42 as rules
from validator.rules.stalingrad42 import movement, supply_phase
from validator.rules.stalingrad42.bonds import enemy_bonds
from validator.rules.stalingrad42.zoc import ezoc_bits, locations, sides, other

TURNS = 8  # a Campaign opening long enough to hold every kind of action the mutations need


@pytest.fixture(scope="module")
def game8(s42) -> Played:
    return replayed(play(s42, seed=5, turns=TURNS))


def rules_at(lines: Lines, index: int, after: int = 3) -> set[str]:
    """The rules reported on the line of action ``index`` (0-based) of a mutated log, cut ``after`` lines later."""
    result = validate(lines[:index + 2 + after])
    return {v.rule for v in result.violations if v.line == index + 2}


# -- clean games -------------------------------------------------------------------------------------------------

def test_the_opening_is_clean_and_full(game8) -> None:
    result = validate(game8.lines)
    assert result.clean, [v.message for v in result.violations[:5]]
    kinds = [x["type"] for x in game8.lines[1:]]
    assert [x["turn"] for x in game8.lines[1:] if x["type"] == "turn"] == list(range(2, TURNS + 1))
    assert kinds.count("move") >= 300
    assert {"rail", "place", "replace", "supply", "railhead"} <= set(kinds)
    assert any(x.get("mode") == "extended" for x in game8.lines if x.get("type") == "move")
    assert any(x.get("mode") == "tactical" for x in game8.lines if x.get("type") == "move")
    assert any("to" in x for x in game8.lines if x.get("type") == "move")
    assert any(x.get("oos") for x in game8.lines if x.get("type") == "supply")


def test_the_player_is_deterministic(s42) -> None:
    first = play(s42, seed=3, turns=2)
    assert play(s42, seed=3, turns=2) == first
    assert play(s42, seed=4, turns=2) != first


@pytest.mark.parametrize("scenario,turns", [("s3_uranus", 3), ("s2_caucasus", 2), ("s1_fall_blau", 2)])
def test_other_scenarios_are_clean(s42, scenario: str, turns: int) -> None:
    lines = play(s42, seed=7, turns=turns, scenario=scenario)
    result = validate(lines)
    assert result.clean, [v.message for v in result.violations[:5]]
    assert sum(1 for x in lines if x.get("type") == "move") > 20


def test_a_late_campaign_with_weather_and_winter_is_clean(s42) -> None:
    """From turn 16 on: weather rolls, the Rasputitsa, the Russian Winter (frozen rivers, Alpine hexsides, Entry Area
    K), played from a log that starts there with the Campaign's set-up."""
    lines = play(s42, seed=2, turns=36, move_share=0.12)
    result = validate(lines)
    assert result.clean, [v.message for v in result.violations[:5]]
    assert {x["weather"] for x in lines if x.get("type") == "weather"} >= {"snow"}


def test_the_player_keeps_to_the_rules_it_once_broke(s42) -> None:
    """Whole games whose players once broke a rule (the player asks the rules before each action and raises when one
    is broken): in Operation Uranus a City Battle's Partial Success left its defender in the City and no attacker
    advanced to share it (29.1.1, seed 4), and one whose step loss eliminated the last defender was reported for the
    same advance although the City was vacated (11.6.2, seed 9); in Fall Blau a Delay retreat was reported for not
    taking a third hex past an EZOC, which a Delay may not (11.6.1, 12.1.3)."""
    for scenario, seed, share in (("s3_uranus", 4, 0.5), ("s3_uranus", 9, 0.5), ("s1_fall_blau", 7, 0.8)):
        result = validate(play(s42, seed=seed, scenario=scenario, move_share=share))
        assert result.clean, (scenario, seed, [v.message for v in result.violations[:5]])


# -- mutations ---------------------------------------------------------------------------------------------------

def test_mutation_move_into_an_enemy_combat_unit(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or "path" not in a or s.turn < 2:
            return None
        side = a["side"]
        loc = s.units[a["unit"]].loc
        enemy = sides(ctx, s, other(ctx, side)).combat
        bit = move_bits(ctx).bit
        near = [n for n in ctx.board.neighbours[loc] if bit.get(n, 0) & enemy]
        return {**a, "path": [near[0]], "mode": "tactical"} if near else None

    i, new = first(game8, find)
    assert "5.1" in rules_at(replaced(game8, i, new), i)


def test_mutation_move_too_far(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or s.turn < 2 or a.get("mode"):
            return None
        uid = a["unit"]
        legal = movement.reachable(ctx, s, uid)
        a_ = movement.allowance(ctx, s, uid, "normal")
        if isinstance(a_, movement.Finding) or not legal:
            return None
        g = movement.ground(ctx, s, ctx.game.units[uid].side)
        p = movement.plan(ctx, s, uid, a_, g)
        far = movement.found(ctx, movement.explore_plan(ctx, p, limit=10 ** 6))
        beyond = sorted(loc for loc in far if loc not in legal and loc != s.units[uid].loc
                        and loc not in ctx.game.map.areas)
        return {"type": "move", "side": a["side"], "unit": uid, "to": beyond[0]} if beyond else None

    i, new = first(game8, find)
    assert rules_at(replaced(game8, i, new), i) & {"5.1", "6.2"}


def test_mutation_through_an_enemy_zone_of_control(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or "path" not in a or a.get("mode") == "extended":
            return None
        side = a["side"]
        ez = ezoc_bits(ctx, s, side)
        bit = move_bits(ctx).bit
        end = a["path"][-1]
        if not bit.get(end, 0) & ez or bit.get(s.units[a["unit"]].loc, 0) & ez:
            return None
        onward = [n for n in ctx.board.neighbours[end] if n in ctx.game.map.hexes and n not in a["path"]
                  and not sides(ctx, s, other(ctx, side)).units & bit[n]]
        return {**a, "path": list(a["path"]) + [onward[0]]} if onward else None

    i, new = first(game8, find)
    assert "6.2" in rules_at(replaced(game8, i, new), i)


def test_mutation_extended_movement_next_to_the_enemy(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or "path" not in a or a.get("mode") or s.units[a["unit"]].order != "good":
            return None
        uid = a["unit"]
        if "boxed_ma" in rules.units.info(ctx, s, uid).tags or rules.movement._forced_tactical(
                ctx, s, uid, rules.units.info(ctx, s, uid)):
            return None
        side = a["side"]
        near = rules.zoc.adjacent_bits(ctx, s, sides(ctx, s, other(ctx, side)).units)
        bit = move_bits(ctx).bit
        if any(bit.get(h, 0) & near for h in a["path"]) and not bit.get(s.units[uid].loc, 0) & near:
            return {**a, "mode": "extended"}
        return None

    i, new = first(game8, find)
    assert "5.3" in rules_at(replaced(game8, i, new), i)


def test_mutation_into_an_enemy_bond(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or s.phase != "movement":
            return None
        uid = a["unit"]
        side = a["side"]
        loc = s.units[uid].loc
        if loc not in ctx.game.map.hexes or movement.mobility_problem(ctx, s, rules.sequence.Action(0, "move", side, {}),
                                                                      uid) is not None:
            return None
        b = enemy_bonds(ctx, s, side)
        bit = move_bits(ctx).bit
        for n in ctx.board.neighbours[loc]:
            if n in ctx.game.map.hexes and (bit[n] & b.hexes or b.crosses(ctx, loc, n)):
                if not sides(ctx, s, other(ctx, side)).units & bit[n] and "major_river" not in \
                        ctx.board.hexside(loc, n) and not ctx.board.hexside(loc, n) & {"volga", "lake", "sea"}:
                    return {"type": "move", "side": side, "unit": uid, "path": [n], "mode": "tactical"}
        return None

    i, new = first(game8, find)
    assert "7.2" in rules_at(replaced(game8, i, new), i)


def test_mutation_a_fifth_unit_by_rail(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or s.turn < 2 or s.record.rail:
            return None
        side = a["side"]
        fake = rules.sequence.Action(0, "rail", side, {})
        ready = [u for u in sorted(s.units) if ctx.game.units[u].side == side and s.units[u].loc in ctx.game.map.areas
                 and rules.rail.problem(ctx, s, fake, u) is None and rules.rail.destinations(ctx, s, u)]
        if len(ready) < 5:
            return None
        return [{"type": "rail", "side": side, "unit": u, "to": rules.rail.destinations(ctx, s, u)[0]}
                for u in ready[:5]]

    i, new = first(game8, find)
    lines = inserted(game8, i, *new)
    assert [rules_at(lines, i + k) for k in range(5)][4] == {"5.6.2"}


def test_mutation_a_rail_move_into_an_enemy_zone_of_control(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "rail":
            return None
        ez = locations(ctx, ezoc_bits(ctx, s, a["side"]) & rules.supply.rail_hexes(ctx, s, a["side"]))
        return {**{k: v for k, v in a.items() if k != "path"}, "to": sorted(ez)[0]} if ez else None

    i, new = first(game8, find)
    assert "5.6.3" in rules_at(replaced(game8, i, new), i)


def test_mutation_a_wrong_supply_mark(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "supply":
            return None
        fine = [u for u in supply_phase.checked(ctx, s, a["side"]) if u not in a.get("oos", ())
                and u not in a.get("isolated", ())]
        return {**a, "oos": sorted(list(a.get("oos", ())) + fine[:1])} if fine else None

    i, new = first(game8, find)
    assert "16.1" in rules_at(replaced(game8, i, new), i)


def test_mutation_a_supply_mark_left_out(game8) -> None:
    def find(i, a, s):
        if a["type"] != "supply" or not a.get("oos"):
            return None
        return {k: v for k, v in a.items() if k != "oos"}

    i, new = first(game8, find)
    assert "16.1" in rules_at(replaced(game8, i, new), i + 1)


def test_mutation_a_reinforcement_in_an_enemy_entry_area(game8) -> None:
    def find(i, a, s):
        if a["type"] != "place" or "pay" in a or s.units[a["unit"]].loc is not None:
            return None
        enemy = "A" if a["side"] == "axis" else "X"
        return {**a, "to": enemy}

    i, new = first(game8, find)
    assert "22.1.1" in rules_at(replaced(game8, i, new), i)


def test_mutation_an_overstack(game8) -> None:
    ctx = game8.ctx

    def find(i, a, s):
        if a["type"] != "move" or "path" not in a or len(a["path"]) != 1:
            return None
        end = a["path"][0]
        side = a["side"]
        at = rules.zoc.side_at(ctx, s, side)
        crowd = [h for h, us in at.items() if h in ctx.game.map.hexes and h in ctx.board.neighbours[s.units[a["unit"]].loc]
                 and len([u for u in us if rules.units.info(ctx, s, u).combat
                          and "free_stacking" not in rules.units.info(ctx, s, u).tags]) >= 3 - (side == "soviet")]
        if not crowd or rules.movement.mobility_problem(ctx, s, rules.sequence.Action(0, "move", side, {}),
                                                        a["unit"]):
            return None
        return {**a, "path": [crowd[0]], "mode": "tactical"} if end != crowd[0] else None

    i, new = first(game8, find)
    lines = inserted(game8, i + 1, {"type": "phase", "side": new["side"], "phase": "combat"})
    lines[i + 1] = new
    assert rules_at(lines, i + 1, after=1) & {"4.1", "4.2", "4.3"}


def test_mutation_a_wrong_weather(s42) -> None:
    """23.1: a Weather Table roll read wrong (a game's first rolled weather: Operation Uranus's second turn; the
    Campaign rolls none before turn 17, a long game to play for one line)."""
    lines = play(s42, seed=9, scenario="s3_uranus", turns=2, move_share=0.1)
    i = next(j for j, a in enumerate(lines[1:]) if a["type"] == "weather")
    new = dict(lines[i + 1])
    new["weather"] = "snow" if new["weather"] != "snow" else "clear"
    lines[i + 1] = new
    assert rules_at(lines, i) & {"23.1", "23.3.1"}


def test_mutation_an_action_out_of_its_phase(game8) -> None:
    def find(i, a, s):
        return a if a["type"] == "supply" and i > 5 else None

    i, new = first(game8, find)
    moves = [j for j, a in enumerate(game8.lines[1:]) if a["type"] == "move" and j < i]
    lines = inserted(game8, moves[-1], dict(new))
    assert "3.0" in rules_at(lines, moves[-1])


def test_mutation_a_railhead_too_far(game8) -> None:
    hexes = game8.ctx.game.map.hexes
    board = game8.ctx.board

    def onward(path: list[str], start: str) -> list[str]:
        last = path[-1]
        return [n for n in sorted(board.neighbours[last]) if n in hexes and "railroad" in board.hexside(last, n)
                and n not in path and n != start]

    def find(i, a, s):
        if a["type"] != "railhead":
            return None
        path = list(a["path"])
        while len(path) < 3 and onward(path, a["from"]):
            path.append(onward(path, a["from"])[0])
        return {**a, "path": path} if len(path) == 3 else None

    i, new = first(game8, find)
    assert "17.2.1" in rules_at(replaced(game8, i, new), i)


def test_mutation_a_replacement_past_the_rate(game8) -> None:
    def find(i, a, s):
        return a if a["type"] == "replace" else None

    i, new = first(game8, find)
    kind = new["pay"]
    from validator.rules.stalingrad42.replacements import rate
    st = game8.states[i]
    n = rate(game8.ctx, st, new["side"], kind)
    lines = inserted(game8, i + 1, *[dict(new) for _ in range(n + 1)])
    got = set()
    for k in range(n + 1):
        got |= rules_at(lines, i + 1 + k)
    assert got & {"21.1.1", "21.2"}
