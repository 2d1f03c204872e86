"""Event cards in the random player's games: they are played (on their own lines and in battles) and the games
still validate clean; mutations of card play (a wrong moment, the other side's half, more than the card gives) are
each caught with their rule."""

from __future__ import annotations

from nr_played import Played, first, inserted, replaced, rules_at
from validator.rules.no_retreat import card_play
from validator.rules.no_retreat.events_data import half


def test_events_are_played_in_generated_games(played: Played, played_result) -> None:
    assert played_result.clean, [v.message for v in played_result.violations[:5]]
    actions = played.lines[1:]
    plays = [a for a in actions if a["type"] == "play"]
    battle_cards = [c for a in actions if a["type"] == "battle" for c in a.get("cards", ())]
    ctx = played.ctx
    not_immediate = [a for a in plays if not ctx.game.cards[a["card"]].events[a["side"]].play_immediately]
    assert len(not_immediate) >= 8 and {a["side"] for a in not_immediate} == set(ctx.game.sides)
    assert len(battle_cards) >= 5 and {c["side"] for c in battle_cards} == set(ctx.game.sides)
    assert any(a["type"] == "draw" and "by" in a and not ctx.game.cards[a["by"]].events[a["side"]].play_immediately
               for a in actions)  # an event's own draws


def _standalone(ctx, a) -> bool:
    return a["type"] == "play" and not ctx.game.cards[a["card"]].events[a["side"]].play_immediately \
        and all(e.where == "play" for e in half(ctx, a["card"], a["side"]).options)


def test_mutation_event_at_the_wrong_moment(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        if not _standalone(ctx, a) or a["card"] == "joker":
            return None
        ev = ctx.game.cards[a["card"]].events[a["side"]]
        if any(w.kind == "any" for w in ev.windows):
            return None
        later = next((j for j in range(i + 1, len(played.states)) if played.states[j].phase != s.phase
                      and not any(card_play.window_open(ctx, played.states[j], a["side"], w) for w in ev.windows)
                      and played.lines[j + 1]["type"] == "phase"), None)
        return later

    i, j = first(played, find)
    moved = played.lines[i + 1]
    lines = list(played.lines)
    del lines[i + 1]
    lines.insert(j, moved)  # the play now comes just before a later phase begins
    assert "5.3.1" in rules_at(lines, j - 1)


def test_mutation_battle_card_of_the_other_side(played: Played) -> None:
    def find(i, a, s):
        if a["type"] != "battle" or not a.get("cards"):
            return None
        c = a["cards"][0]
        other = next(x for x in played.ctx.game.sides if x != c["side"])
        if c["card"] in s.hands[other].known:
            return None
        return {**a, "cards": [{**c, "side": other}] + a["cards"][1:]}

    i, new = first(played, find)
    assert "5.3" in rules_at(replaced(played, i, new), i)  # the other side does not hold it


def test_mutation_battle_card_left_out(played: Played) -> None:
    def find(i, a, s):  # a card that changed the battle: its claims without it are wrong
        if a["type"] != "battle" or not a.get("cards"):
            return None
        without = {**a, "cards": []}
        lines = replaced(played, i, without)
        return without if rules_at(lines, i) else None

    i, new = first(played, find)
    assert rules_at(replaced(played, i, new), i) & {"10.5", "10.6", "10.6.4"}


def test_mutation_one_card_more_than_the_event_draws(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):  # the draw that completes what an event gives: one card more is beyond it
        if a["type"] != "draw" or "by" not in a or not s.deck.exact:
            return None
        owed = sum(d.most - d.done for d in s.effects.due if d.kind == "draw" and d.card == a["by"])
        spare = sorted(c for c in s.deck.unseen if c not in a["cards"] and not
                       ctx.game.cards[c].events[a["side"]].play_immediately)
        return {**a, "cards": a["cards"] + spare[:1]} if len(spare) > 2 and owed == len(a["cards"]) else None

    i, new = first(played, find)
    assert "5.3.1" in rules_at(replaced(played, i, new), i)


def test_mutation_event_played_twice_in_a_player_turn(played: Played) -> None:
    ctx = played.ctx

    def find(i, a, s):
        return dict(a) if _standalone(ctx, a) else None

    i, new = first(played, find)
    assert {"5.4", "5.3"} <= rules_at(inserted(played, i + 1, new), i + 1)  # gone from the hand, and once only
