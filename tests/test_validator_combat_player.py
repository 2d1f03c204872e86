"""The random player's battles: a whole campaign with combat validates clean, and illegal combat actions injected
into it (mutations) are each flagged with the right rule."""

from __future__ import annotations

import pytest

from nr_played import Played, first, inserted, place, replaced, replayed, rules_at, validate
from players.no_retreat import play
from validator.engine.state import occupants
from validator.rules.no_retreat.advance import advances
from validator.rules.no_retreat.combat_data import target_limit
from validator.rules.no_retreat.declaration import attack_neighbours, current
from validator.rules.no_retreat.movement import reachable
from validator.rules.no_retreat.retreat import path_problem
from validator.rules.no_retreat.zoc import enemy_zoc

LAKE_SEEDS = (8, 6, 2)  # other games to look in when the shared game never puts a unit next to an enemy across a lake


def test_campaign_with_combat_is_clean(played: Played, played_result) -> None:
    assert played_result.clean, [v.message for v in played_result.violations[:5]]
    actions = played.lines[1:]
    battles = [a for a in actions if a["type"] == "battle"]
    assert len(battles) >= 25
    assert {a.get("kind", "voluntary") for a in battles} == {"voluntary", "counterblow", "counterattack"}
    assert {"CA", "CB", "DR", "EX"} <= {a["result"] for a in battles}
    assert {"declare", "counterblow", "loss", "retreat", "advance"} <= {a["type"] for a in actions}
    assert any(a.get("support") for a in battles) and any(a.get("marker") for a in battles)


def test_other_seeds_with_combat_are_clean(nr_game) -> None:
    lines = play(nr_game, seed=11, turns=8)
    assert any(x["type"] == "battle" for x in lines[1:])
    assert validate(lines).clean


# -- mutations ---------------------------------------------------------------------------------------------------

def _other_result(nr_game, a: dict) -> dict:
    results = sorted({r for c in nr_game.crts.values() for row in c.rows.values() for r in row} - {a["result"]})
    return {**a, "result": results[0]}


def _other_odds(nr_game, a: dict) -> dict:
    cols = nr_game.crts["axis"].columns
    return {**a, "odds": cols[(cols.index(a["odds"]) + 1) % len(cols)]}


@pytest.mark.parametrize("change", [_other_result, _other_odds], ids=["result for the die", "odds"])
def test_mutation_wrong_claim(played: Played, nr_game, change) -> None:
    i, new = first(played, lambda i, a, s: change(nr_game, a) if a["type"] == "battle" and "odds" in a else None)
    assert rules_at(replaced(played, i, new), i) == {"10.5"}


def test_mutation_retreat_into_an_enemy_zone_of_control(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "retreat":
            return None
        uid = a["unit"]
        start = s.units[uid].loc
        ezoc = enemy_zoc(ctx, s, a["side"])
        occ = occupants(ctx, s)
        for x in ctx.board.neighbours[start]:
            for y in ctx.board.neighbours.get(x, ()):
                if x in ezoc and not occ.get(x) and "enemy zone of control" in (
                        path_problem(ctx, s, uid, start, (x, y)) or ""):
                    return {**a, "path": [x, y]}
        return None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"10.7.5"}


def test_mutation_advance_by_a_unit_that_did_not_attack(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "advance":
            return None
        b = current(s).battle
        others = sorted(u for u, us in s.units.items() if ctx.game.units[u].side == a["side"]
                        and us.loc in ctx.board.locations and u not in b.attackers)
        return {**a, "unit": others[0], "path": a["path"][:1]} if others else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"10.8"}


def test_mutation_fourth_hex_of_advance(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "advance":
            return None
        for p in advances(ctx, s, a["unit"]):
            if len(p) == 3:
                nxt = [n for n in ctx.board.neighbours[p[-1]] if n not in p and n in ctx.game.map.hexes]
                return {**a, "path": list(p) + nxt[:1]}
        return None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"10.8.2"}


def test_mutation_too_many_targets(played: Played, nr_game) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "declare":
            return None
        limit, _ = target_limit(ctx, a["side"], s.turn, s.weather)
        occ = occupants(ctx, s)
        more = sorted(loc for loc, uids in occ.items() if loc not in a["targets"]
                      and any(nr_game.units[u].side != a["side"] for u in uids)
                      and any(nr_game.units[u].side == a["side"] for n in attack_neighbours(ctx, loc)
                              for u in occ.get(n, ())))
        extra = limit + 1 - len(a["targets"])
        return {**a, "targets": a["targets"] + more[:extra]} if len(more) >= extra else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"10.1.1"}


def test_mutation_attack_across_a_lake(played: Played, nr_game) -> None:
    """A unit moves next to an enemy across a lake hexside, then attacks across it (10.1)."""
    ctx = played.ctx
    lakes = ctx.board.prohibited

    def find(i, a, s) -> tuple[str, str, str] | None:
        if not (a["type"] == "phase" and a["phase"] == "combat"):
            return None
        occ = occupants(ctx, s)
        for uid, us in sorted(s.units.items()):
            if nr_game.units[uid].side != a["side"] or us.loc not in ctx.board.locations or uid in s.moved:
                continue
            for dest in sorted(reachable(ctx, s, uid)):
                for n in ctx.board.neighbours.get(dest, ()):
                    if (dest, n) in lakes and any(nr_game.units[u].side != a["side"] for u in occ.get(n, ())):
                        return uid, dest, n
        return None

    game, found = played, place(played, find)
    for seed in LAKE_SEEDS:
        if found is not None:
            break
        game = replayed(play(nr_game, seed=seed))
        found = place(game, find)
    assert found is not None, "no generated game puts a unit next to an enemy across a lake"
    i, (uid, dest, target) = found
    side = nr_game.units[uid].side
    move = {"type": "move", "side": side, "unit": uid, "to": dest}
    battle = {"type": "battle", "side": side, "attackers": [uid], "targets": [target], "die": 3, "result": "-"}
    lines = inserted(game, i, move)  # last move of the Movement Phase, then the Combat Phase line
    lines[i + 3:i + 3] = [battle]
    assert "10.1" in rules_at(lines, i + 2)


def test_mutation_retreat_left_out(played: Played) -> None:
    def find(i, a, s):
        return a if a["type"] == "retreat" else None

    i, _ = first(played, find)
    lines = list(played.lines)
    del lines[i + 1]
    nxt = next(j for j in range(i, len(lines) - 1) if lines[j + 1]["type"] in ("battle", "phase", "advance"))
    assert "10.7.5" in rules_at(lines, nxt)


def test_mutation_loss_by_the_wrong_unit(played: Played, nr_game) -> None:
    def find(i, a, s):
        if a["type"] != "loss" or current(s).battle is None:  # not a step an event takes outside battles
            return None
        b = current(s).battle
        others = sorted(u for u, us in s.units.items() if nr_game.units[u].side == a["side"]
                        and us.loc in played.ctx.board.locations and u not in b.attackers + b.defenders)
        return {**a, "unit": others[0]} if others else None

    i, new = first(played, find)
    assert "10.7.1" in rules_at(replaced(played, i, new), i)


def test_mutation_unit_attacks_twice(played: Played) -> None:
    def find(i, a, s):
        c = current(s)
        if a["type"] != "battle" or a.get("kind") == "counterattack" or c.battle is None:
            return None
        again = [u for u in c.battle.attackers if c.battle.kind != "counterattack"]
        return {**a, "attackers": a["attackers"] + again[:1]} if again and again[0] not in a["attackers"] else None

    i, new = first(played, find)
    assert "10.3.4" in rules_at(replaced(played, i, new), i)
