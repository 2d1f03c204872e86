"""Victory points and victory (12.1-12.7), the turn track's weather, and the random player's whole game: it ends with
the victory the rules give, and changed claims are caught. Scripted cases: ``tests/logs/victory_*.jsonl``."""

from __future__ import annotations

from nr_played import first, position, replaced, rules_at, run
from validator.engine.state import evolve
from validator.rules.no_retreat import victory
from validator.rules.no_retreat.eliminations import after


def test_campaign_start_scores(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 1})
    assert victory.vp(ctx, state, "axis") == 12 == victory.marker(ctx, state)
    assert victory.vp(ctx, state, "soviet") == 22
    assert state.score.initiative == "axis"


def test_event_vps_are_capped_both_ways(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 5})
    for _ in range(9):
        state = victory.gain(ctx, state, "soviet", 1)
    assert state.score.event_vp == -6 and victory.event_vp(state, "soviet") == 6
    state = victory.gain(ctx, state, "axis", 2)
    assert victory.event_vp(state, "axis") == -4


def test_surrenders_score_for_the_enemy_but_cadres_do_not(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 5}, {"cadres": True}, units={"ger_4": "1005", "sov_ostatky": "2405",
                                                                         "sov_west": "2404"})
    units = dict(state.units)
    for uid, box in (("ger_4", "surrendered_axis"), ("sov_ostatky", "surrendered_soviet")):
        units[uid] = units[uid].__class__(box)
    new = after(ctx, state, evolve(state, units=units))
    assert victory.event_vp(new, "soviet") == 1  # the 4th Army; the Ostatky cadre scores nothing
    assert new.units["sov_ostatky"].loc == "turn_track"


def test_finland_and_the_1945_count(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 10}, units={"ger_4": "finland", "fin": "finland", "sov_west": "2404"})
    assert victory.map_vp(ctx, state, "axis") == 13  # a German unit in Finland (12.4.2)
    ctx, state = position(nr_game, {"turn": 10}, units={"fin": "finland", "sov_west": "2404"})
    assert victory.map_vp(ctx, state, "axis") == 12  # the Finnish army does not count
    ctx, state = position(nr_game, {"turn": 24}, units={"ger_4": "1005", "sov_west": "0603"})
    assert victory.map_vp(ctx, state, "soviet") == 1  # Berlin: 1945 counts Greater Germany only


def test_objectives_need_supply(nr_game) -> None:
    units = {"ger_4": "1902", "ger_9": "2008", "ger_6": "1318", "ger_17": "0909"}
    ctx, state = position(nr_game, {"turn": 5}, units=units, control={"1708": "axis", "1503": "axis", "1215": "axis"})
    assert victory.objectives(ctx, state, "axis") == ["1318", "1902", "2008"]
    ctx, state = position(nr_game, {"turn": 5}, units={**units, "sov_west": "1908"},
                          control={"1708": "axis", "1503": "axis", "1215": "axis"})
    assert victory.objectives(ctx, state, "axis") == ["1318", "1902"]  # the West Front cuts Moscow off
    assert victory.objective_victory(ctx, state) is None


def test_initiative_shift_places_high_tide(nr_game) -> None:
    control = {h: "axis" for h in ("1503", "1407", "1708", "1311", "1215", "1515", "1713")}
    ctx, state = position(nr_game, {"turn": 11, "player": "soviet", "phase": "detraining"},
                          units={"ger_4": "1005", "sov_west": "2404"}, control=control, event_vp=2)
    state, found = run(ctx, state, {"type": "turn", "side": "axis", "turn": 12},
                       {"type": "phase", "side": "axis", "phase": "card"})
    assert found == []
    assert state.score.initiative == "soviet" and state.score.high_tide == 21 and state.score.event_vp == 0
    assert victory.marker(ctx, state) == 15 and state.score.result is None


def test_total_victory_by_points_and_by_the_berlin_garrison(nr_game) -> None:
    control = {h.id: "soviet" for h in nr_game.map.hexes.values() if h.vp and h.objective != "soviet"}
    ctx, state = position(nr_game, {"turn": 20}, units={"ger_4": "0603", "sov_west": "2404"}, control=control,
                          event_vp=6)  # 30 VP locations and 6 Event VPs
    state = victory.victory_phase(ctx, state)
    assert state.score.result.reason == "total" and state.score.result.winner == "soviet"
    ctx, state = position(nr_game, {"turn": 25}, units={"ger_berlin": "0603", "sov_west": "0604"})
    units = dict(state.units)
    units["ger_berlin"] = units["ger_berlin"].__class__("destroyed_axis")
    new = after(ctx, state, evolve(state, units=units))
    assert new.score.result.reason == "total" and new.score.result.turn == 25


def test_weather_cards_turn_the_markers(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 9, "player": "soviet", "phase": "card"},
                          units={"ger_4": "1005", "sov_west": "2404"}, hands={"axis": [], "soviet": []})
    state, found = run(ctx, state, {"type": "draw", "side": "soviet", "cards": ["c12", "c01", "c02", "c03"]},
                       {"type": "play", "side": "soviet", "card": "c12"},
                       {"type": "draw", "side": "soviet", "cards": ["c04"], "by": "c12"},
                       {"type": "turn", "side": "axis", "turn": 10})
    assert found == [] and state.weather == "mud" and 10 in state.track.weather_flips  # General Mud: turn 10 to Mud


# -- the random player's game ------------------------------------------------------------------------------------

def test_generated_game_is_clean_and_ends_with_the_rules_victory(played, played_result) -> None:
    assert played_result.clean, [v.message for v in played_result.violations[:3]]
    last = played.lines[-1]
    assert last["type"] == "victory" and last["winner"] == played_result.outcome["winner"] is not None
    assert last["reason"] == played_result.outcome["reason"]
    kinds = {x["type"] for x in played.lines[1:]}
    assert {"draw", "discard", "play", "flip", "place", "victory"} <= kinds
    assert any(x.get("pay") for x in played.lines if x.get("type") == "flip")
    assert any(x.get("pay") for x in played.lines if x.get("type") == "place")


def test_mutation_wrong_vp_claim(played) -> None:
    def find(i, a, s):
        return {**a, "vp": a["vp"] + 1} if a["type"] == "victory" and "winner" not in a and s.turn > 4 else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"12.5"}


def test_mutation_wrong_winner_claim(played) -> None:
    i = len(played.lines) - 2
    last = played.lines[-1]
    other = next(s for s in played.ctx.game.sides if s != last["winner"])
    assert rules_at(replaced(played, i, {**last, "winner": other}), i) == {victory.REASONS[last["reason"]]}


def test_mutation_claim_without_a_victory(played) -> None:
    def find(i, a, s):
        return {**a, "winner": "axis"} if a["type"] == "victory" and "winner" not in a and s.turn == 2 else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"12.0"}
