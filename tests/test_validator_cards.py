"""Cards (5.0-5.5): the timing data, the deck, draw rates, and mutations of the random player's card play.

The scripted logs ``tests/logs/cards_*.jsonl`` hold the rule-by-rule cases; these tests check the data and the
functions directly, and that changes to a legal generated game are caught with the right rule.
"""

from __future__ import annotations

import shutil

import pytest

import games
from games.errors import DataError
from nr_played import first, inserted, position, replaced, rules_at, run
from validator.rules.no_retreat import card_play, cards


def test_every_event_has_a_timing_and_play_immediately_matches_on_draw(nr_game) -> None:
    for card in nr_game.cards.values():
        for side, ev in card.events.items():
            assert ev.windows, (card.id, side)
            assert ev.play_immediately == any(w.kind == "on_draw" for w in ev.windows), (card.id, side)
    immediate = sorted(c.id for c in nr_game.cards.values() for ev in c.events.values() if ev.play_immediately)
    assert len(immediate) == 16  # cards 9, 11, 12, 13, 20, 40 and 45-54
    moving = sorted((c.id, s) for c in nr_game.cards.values() for s, ev in c.events.items() if ev.movement)
    assert ("c43", "axis") in moving and ("c35", "soviet") in moving and len(moving) == 8
    assert {(c.id, s) for c in nr_game.cards.values() for s, ev in c.events.items() if ev.weather} == {
        ("c09", "axis"), ("c11", "axis"), ("c12", "soviet"), ("c13", "soviet")}


def test_a_timing_outside_the_vocabulary_is_a_load_error(tmp_path) -> None:
    folder = tmp_path / "nr"
    shutil.copytree(games.game_dir("no_retreat"), folder)
    path = folder / "cards.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(",own:card,", ",own:lunch,", 1), encoding="utf-8")
    with pytest.raises(DataError, match=r"cards.csv:\d+: axis event timing: unknown phase 'lunch'"):
        games.load(str(folder))


def test_timing_words(nr_game) -> None:
    ctx, _ = position(nr_game, {"turn": 3})
    words = [card_play.window_words(ctx, "axis", w) for w in nr_game.cards["c10"].events["axis"].windows]
    assert words == ["at the end of the Soviet Movement Phase"]
    words = [card_play.window_words(ctx, "soviet", w) for w in nr_game.cards["c23"].events["soviet"].windows]
    assert words == ["in a Commitment Step of the Combat Phase, from turn 11"]


def test_deck_before_and_after_1945(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 1})
    inside, aside = cards.deck_for(ctx, 1)
    assert len(inside) == 44 and "joker" in aside and "c45" in aside
    assert cards.pile_size(state) == 38  # the Axis holds 6 unknown cards
    late, aside23 = cards.deck_for(ctx, 23)
    assert len(late) == 39 and "c01" in aside23 and "c54" in late
    ctx, state = position(nr_game, {"turn": 22, "player": "soviet", "phase": "detraining"},
                          hands={"axis": ["c01", "c30"], "soviet": ["c15", "c16"]}, discards=["c02", "c31"])
    state, found = run(ctx, state, {"type": "turn", "side": "axis", "turn": 23})
    assert found == []
    assert state.hands["axis"].known == {"c30"} and state.hands["soviet"].known == {"c16"}
    assert state.discards == () and {"c31", "c45", "c54"} <= state.deck.unseen and "c02" not in state.deck.unseen
    assert cards.pile_size(state) == 39 - 2


def test_draw_rate_modifiers(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 8}, units={"ger_4": "2008", "sov_west": "0816"})
    assert cards.draw_rate(ctx, state, "axis")[0] == 4  # +1 on turn 8, -1 for the Rumanian oil field
    assert cards.draw_rate(ctx, state, "soviet")[0] == 3  # Moscow
    ctx, state = position(nr_game, {"turn": 21}, units={"ger_4": "2022", "sov_west": "2404"})
    assert cards.draw_rate(ctx, state, "soviet")[0] == 4  # +1 from turn 21, -1 for the Caucasus oil field


def test_a_skipped_card_phase_is_assumed_with_unknown_cards(nr_game) -> None:
    ctx, state = position(nr_game, {"turn": 2, "player": "axis", "phase": "card"}, units={"ger_4": "1005"},
                          hands={"axis": ["c01", "c02", "c03"], "soviet": []})
    state, found = run(ctx, state, {"type": "phase", "side": "axis", "phase": "supply"})
    assert found == [] and state.hands["axis"].known == frozenset() and state.hands["axis"].unknown == 6
    assert not state.deck.exact


# -- mutations of the random player's game --------------------------------------------------------------------------

def test_mutation_play_a_card_not_held(played) -> None:
    def find(i, a, s):
        if a["type"] != "phase" or a["phase"] != "organization" or s.player != a["side"]:
            return None
        gone = [c for c in s.discards if any(w.kind == "any" for w in played.ctx.game.cards[c].events[a["side"]].windows)
                and not played.ctx.game.cards[c].events[a["side"]].initiative
                and not card_play.copier(played.ctx, c, a["side"])  # a copy takes the copied event's timing
                and (c, a["side"]) not in cards.record(s).events]  # played this player turn: a 5.4 case as well
        return {"type": "play", "side": a["side"], "card": gone[-1]} if gone else None

    i, new = first(played, find)
    assert rules_at(inserted(played, i + 1, new), i + 1) == {"5.3"}


def test_mutation_red_event_discard_left_out(played, nr_game) -> None:
    def find(i, a, s):
        red = nr_game.turns[s.turn].red
        return a if a["type"] == "discard" and s.step == "draw" and red else None

    i, _ = first(played, find)
    lines = list(played.lines)
    del lines[i + 1]
    assert "5.2.1" in rules_at(lines, i)


def test_mutation_one_card_too_many_kept(played) -> None:
    def find(i, a, s):
        return {**a, "cards": a["cards"][1:]} if a["type"] == "discard" and s.step == "discard" else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i + 1) == {"5.1"}


def test_mutation_one_card_drawn_short(played) -> None:
    def find(i, a, s):
        if a["type"] != "draw" or s.phase != "card" or "by" in a or len(a["cards"]) < 2:
            return None
        nxt = played.lines[i + 2]
        return {**a, "cards": a["cards"][:-1]} if nxt["type"] == "phase" else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i + 1) == {"5.2"}


def test_mutation_draw_from_the_discard_pile(played) -> None:
    def find(i, a, s):
        if a["type"] != "draw" or not s.discards or cards.pile_size(s) < 10:
            return None
        return {**a, "cards": [s.discards[0]] + a["cards"][1:]}

    i, new = first(played, find)
    assert "5.0" in rules_at(replaced(played, i, new), i)


def test_mutation_play_immediately_card_kept(played) -> None:
    def find(i, a, s):  # the only card waiting: the next line is what follows its play
        return a if a["type"] == "play" and s.deck.pending == (a["card"],) else None

    i, _ = first(played, find)
    lines = list(played.lines)
    del lines[i + 1]
    assert rules_at(lines, i) == {"5.3.1"}


def test_mutation_unpaid_event_payment_card(played) -> None:
    def find(i, a, s):
        if a["type"] != "entrain" or not a.get("pay"):
            return None
        other = next(x for x in played.ctx.game.sides if x != a["side"])
        theirs = sorted(s.hands[other].known)
        return {**a, "pay": theirs[:1]} if theirs else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) == {"9.1.1"}


def test_a_card_beyond_the_cost_is_overpaid_but_card_53_alone_is_not(nr_game) -> None:
    """Decision 5.4 with 5.1 (logs cards_overpaid and its legal twin): a payment holds no card the others already
    cover; Volksgrenadiers (card 53) counts two in the Axis Organization Phase, so alone it pays a one-card cost."""
    ctx, state = position(nr_game, {"turn": 24, "player": "axis", "phase": "organization"})
    assert cards.overpaid(ctx, state, "axis", ["c53"], 1, "x") is None
    assert cards.overpaid(ctx, state, "axis", ["c53"], 2, "x") is None
    assert cards.overpaid(ctx, state, "axis", ["c30"], 1, "x") is None
    assert cards.overpaid(ctx, state, "axis", [], 0, "x") is None
    assert cards.overpaid(ctx, state, "axis", ["c53", "c30"], 2, "x") == \
        "x costs 2 card(s); 2 paid (c53, c30): a card beyond the cost pays for nothing (5.4, 5.1)"
    assert cards.overpaid(ctx, state, "axis", ["c30"], 0, "x") is not None


def test_general_staff_named_by_hex_benefits_the_stack_there(nr_game) -> None:
    """5.3.4: General Staff (c17, +2 MP to one stack) named by its hex (`targets`) benefits the Axis units standing
    there, as when they are named (log cards_movement_event_stack_by_hex for Surprise Attack)."""
    ctx, state = position(nr_game, {"turn": 7, "player": "axis", "phase": "movement"},
                          units={"ger_6": "1011", "ger_9": "1011", "ger_4": "1012", "sov_south": "2012"},
                          hands={"axis": ["c17"]})
    state, found = run(ctx, state, {"type": "play", "side": "axis", "card": "c17", "targets": ["1011"]})
    assert found == [] and cards.record(state).moved == {"ger_6", "ger_9"}
