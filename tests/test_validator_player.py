"""The random legal player: its whole-campaign games validate clean, they are deterministic, and illegal actions
injected into them (mutations) are flagged with the right rule."""

from __future__ import annotations

from nr_played import Played, first, inserted, replaced, rules_at, validate
from players.no_retreat import play
from validator.engine.state import occupants
from validator.rules import no_retreat as rules
from validator.rules.no_retreat.movement import ground, reachable
from validator.rules.no_retreat.rail import in_box, rail_box
from validator.rules.no_retreat.supply import side_supply


def test_full_campaign_is_clean_and_long(played: Played, played_result) -> None:
    assert played_result.clean, [v.message for v in played_result.violations[:5]]
    kinds = [x["type"] for x in played.lines[1:]]
    turns = [x["turn"] for x in played.lines[1:] if x["type"] == "turn"]
    assert turns == list(range(1, turns[-1] + 1))
    assert turns[-1] == 28 or played.lines[-1]["type"] == "victory" and played.lines[-1]["winner"]
    assert kinds.count("move") >= 300
    assert {"entrain", "detrain", "place", "supply", "draw", "discard"} <= set(kinds)
    assert any("to" in x for x in played.lines if x.get("type") == "move")
    assert any("path" in x for x in played.lines if x.get("type") == "move")
    assert any(x.get("pay") for x in played.lines if x.get("type") == "entrain")


def test_player_is_deterministic(nr_game) -> None:
    first = play(nr_game, seed=3, turns=3)
    assert play(nr_game, seed=3, turns=3) == first
    assert play(nr_game, seed=4, turns=3) != first


def test_other_seeds_are_clean(nr_game) -> None:
    assert validate(play(nr_game, seed=11, turns=6, move_share=0.9)).clean


def test_player_keeps_to_the_rules_it_once_broke(nr_game) -> None:
    """Whole campaigns of seeds whose games once broke a rule (the player asks the rules before each action and
    raises when one is broken): a Counterblow hex an earlier battle emptied attacked anyway (10.1), a Hungarian
    army detrained into Finland (8.6), card 53 paid beside a card it already covered (5.4), a tank reduced by an
    event's loss left its hex overstacked (8.4.3), the unit kept back for a declared target eliminated as a hex's
    excess when another could go (10.3.1, 8.4.3); and one reported for a Counteroffensive CA that No Mercy! left no
    attacker to make (10.7.2, a validator fix), and one for the Unsupplied marker of a unit that New Conscripts cut
    off after the Supply Check (6.0, 6.4: the markers are judged when the check is over, a validator fix)."""
    for seed, share in ((6, 0.6), (11, 0.6), (38, 0.6), (56, 0.6), (116, 0.6), (165, 0.6), (279, 0.9)):
        lines = play(nr_game, seed=seed, move_share=share)
        assert validate(lines).clean, seed


# -- mutations ---------------------------------------------------------------------------------------------------

def test_mutation_move_into_enemy(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "move":
            return None
        g = ground(ctx, s, a["side"])
        loc = s.units[a["unit"]].loc
        enemy = [n for n in ctx.board.neighbours[loc] if n in g.enemy and not ctx.board.crossing_prohibited(loc, n)]
        return {**{k: v for k, v in a.items() if k != "to"}, "path": [enemy[0]]} if enemy else None

    i, new = first(played, find)
    assert "8.4" in rules_at(replaced(played, i, new), i)


def test_mutation_move_too_far(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "move" or s.turn < 3:
            return None
        uid = a["unit"]
        g = ground(ctx, s, a["side"])
        legal = reachable(ctx, s, uid)
        best = rules.movement.search(ctx, s, uid, g, ignore_mp=True)
        far = sorted(loc for loc in best if loc not in legal and loc != s.units[uid].loc
                     and not any(p in g.ezoc for p in rules.movement.path_to(best, loc)))
        return {"type": "move", "side": a["side"], "unit": uid, "to": far[0]} if far else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) & {"8.1", "8.2", "8.3", "6.5.2"}


def test_mutation_through_ezoc(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "move" or "path" not in a or len(a["path"]) < 1:
            return None
        g = ground(ctx, s, a["side"])
        end = a["path"][-1]
        if end not in g.ezoc:
            return None
        onward = [n for n in ctx.board.neighbours[end] if n not in g.enemy and n != s.units[a["unit"]].loc
                  and not ctx.board.crossing_prohibited(end, n) and n not in g.ezoc]
        return {**a, "path": a["path"] + onward[:1]} if onward else None

    i, new = first(played, find)
    assert "8.5.1" in rules_at(replaced(played, i, new), i)


def test_mutation_move_in_combat_phase(played: Played) -> None:
    def find(i, a, s):
        return a if a["type"] == "phase" and a["phase"] == "combat" and i > 20 else None

    i, phase = first(played, find)
    mover = next(x for x in reversed(played.lines[1:i + 1]) if x["type"] == "move")
    assert rules_at(inserted(played, i + 1, mover), i + 1) == {"4.0"}


def test_mutation_overstack(played: Played, nr_game) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if not (a["type"] == "phase" and a["phase"] == "combat" and a["side"] == "axis"):
            return None
        occ = occupants(ctx, s)
        full = {loc for loc, uids in occ.items() if len(uids) == 2 and nr_game.units[uids[0]].side == "axis"}
        for uid, us in sorted(s.units.items()):
            if nr_game.units[uid].side == "axis" and us.loc in ctx.board.locations and uid not in s.moved \
                    and uid not in s.entrained:
                dests = sorted(set(reachable(ctx, s, uid)) & full)
                if dests:
                    return {"type": "move", "side": "axis", "unit": uid, "to": dests[0]}
        return None

    i, new = first(played, find)
    # the move itself is legal; the Combat Phase line that follows ends the Movement Phase overstacked
    lines = inserted(played, i, new)
    assert rules_at(lines, i) == set()
    assert "8.4.1" in rules_at(lines, i + 1)


def test_mutation_unpaid_entrain(played: Played) -> None:
    def find(i, a, s):
        return {k: v for k, v in a.items() if k != "pay"} if a["type"] == "entrain" and a.get("pay") else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"9.1.1"}


def test_mutation_rail_box_full(played: Played, nr_game) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if not (a["type"] == "phase" and a["phase"] == "combat"):
            return None
        side = a["side"]
        if len(in_box(s, rail_box(ctx, side))) < 3 or s.turn < 3:
            return None
        hand = sorted(s.hands[side].known)
        for uid, us in sorted(s.units.items()):
            if nr_game.units[uid].side == side and us.loc in ctx.board.locations and uid not in s.moved \
                    and not us.unsupplied and nr_game.units[uid].front.ma and hand:
                return {"type": "entrain", "side": side, "unit": uid, "pay": hand[:1]}
        return None

    i, new = first(played, find)
    assert "9.1.2" in rules_at(inserted(played, i, new), i)


def test_mutation_detrain_into_ezoc(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "detrain":
            return None
        g = ground(ctx, s, a["side"])
        bad = sorted(loc for loc in g.ezoc if loc not in g.enemy and loc not in ctx.board.cities
                     and loc in ctx.game.map.hexes)
        return {**a, "to": bad[0]} if bad else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"9.2"}


def test_mutation_reinforcement_misplaced(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "place" or a["side"] != "soviet":
            return None
        g = ground(ctx, s, "soviet")
        bad = sorted(loc for loc in ctx.game.map.regions["ussr_1941"].locations
                     if loc in ctx.game.map.hexes and loc not in ctx.board.cities and not ctx.game.map.hexes[loc].edge
                     and loc not in g.enemy)
        return {**a, "to": bad[0]}

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"7.6"}


def test_mutation_supplied_unit_marked(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if a["type"] != "supply":
            return None
        ok = sorted(uid for uid, st in side_supply(ctx, s, a["side"]).items() if st.ok)
        return {**a, "unsupplied": a["unsupplied"] + ok[:1]} if ok else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) & {"6.1", "6.2"}


def test_mutation_turn_skipped(played: Played) -> None:
    def find(i, a, s):
        return {**a, "turn": a["turn"] + 1} if a["type"] == "turn" and a["turn"] == 5 else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"4.0"}


def test_mutation_out_of_turn_move(played: Played) -> None:
    def find(i, a, s):
        return a if a["type"] == "move" and a["side"] == "soviet" and s.turn > 2 else None

    i, move = first(played, find)
    axis_move = next(j for j, x in enumerate(played.lines[1:]) if x["type"] == "move" and x["side"] == "axis"
                     and played.states[j].turn == played.states[i].turn)
    assert rules_at(inserted(played, axis_move, move), axis_move) == {"4.0"}
