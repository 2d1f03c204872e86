"""The toolbar's chores played in the real engine on a scripted game, and hidden information with two players
(issue 16): each chore's effect is read on the pieces and on the saved game.

Alice plays the Axis, Bob the Soviets (two VASSAL players: the harness switches the player's id, as a second
person at the table would have his own).
"""

from __future__ import annotations

import os
import zipfile

import pytest

from games.vassal_codec import decode
from hexforge import module_step
from modgen import module, names, toolbar
from modgen.savegame import ESC, deobfuscate

pytestmark = pytest.mark.engine

U = names.UNIT_ID
AXIS_HAND = names.hand_name("Axis")
SOVIET_HAND = names.hand_name("Soviet")


@pytest.fixture(scope="module")
def vmod(nr_game, nr_build) -> str:
    """The shipped module: the real art, then the module step (tests/nr_build.py, once per session)."""
    return module.vmod_path(nr_game, nr_build)


@pytest.fixture(scope="module")
def texts(nr_game, vmod) -> dict[str, str]:
    ctx = module.context(nr_game, os.path.dirname(vmod), module_step.battles(nr_game))
    clear = {c.text for c in toolbar.clear_chores(ctx)}
    after_combat = next(t for t in clear if "attack marks" in t)
    draws = [c.text for c in toolbar.draw_chores(ctx)]
    return {"after_combat": after_combat, "removal": next(t for t in clear if t != after_combat),
            "axis_opening": next(t for t in draws if t.startswith("Axis") and "opening" in t),
            "soviet_turn": next(t for t in draws if t.startswith("Soviet"))}


@pytest.fixture(scope="module")
def played(vassal_engine, nr_game, vmod, texts, tmp_path_factory):
    out = tmp_path_factory.mktemp("chores-played")
    actions = [
        {"do": "new_game", "setup": nr_game.scenarios["campaign_1941"].name},
        {"do": "player", "name": "Alice", "password": "alice"},
        {"do": "side", "side": "Axis"},
        {"do": "button", "name": texts["axis_opening"]},                                      # 3
        {"do": "dump"},                                                                       # 4
        {"do": "key", "piece": {U: "ger_4pz"}, "menu": "Mark Unsupplied"},
        {"do": "key", "piece": {U: "ger_4pz"}, "menu": "Mark Disorganized"},
        {"do": "key", "piece": {U: "ger_4pz"}, "key": "alt 1"},
        {"do": "key", "piece": {U: "ger_4pz"}, "menu": "Result DR"},
        {"do": "key", "piece": {U: "sov_northwest"}, "menu": "Mark as Target"},
        {"do": "button", "name": "VP +1"},
        {"do": "button", "name": "VP +1"},
        {"do": "button", "name": "VP -1"},
        {"do": "move", "piece": {U: "ger_9"}, "to": "1206"},
        {"do": "dump"},                                                                       # 14
        {"do": "button", "name": texts["after_combat"]},                                      # 15
        {"do": "dump"},                                                                       # 16
        {"do": "button", "name": texts["removal"]},                                           # 17
        {"do": "key", "piece": {"CurrentMap": AXIS_HAND, "@first": True}, "menu": "Play Axis event"},  # 18
        {"do": "dump"},                                                                       # 19
        {"do": "player", "name": "Bob", "password": "bob"},
        {"do": "side", "side": "Soviet"},
        {"do": "inspect"},                                                                    # 22
        {"do": "dump"},                                                                       # 23
        {"do": "button", "name": texts["soviet_turn"]},                                       # 24
        {"do": "player", "name": "Alice", "password": "alice"},
        {"do": "dump"},                                                                       # 26
        {"do": "button", "name": toolbar.RESHUFFLE},                                          # 27
        {"do": "save", "file": "chores.vsav"},
    ]
    # This engine's Deck passes a deck report's command name where a translation key goes (Deck.reportCommand): its
    # error log warns "No Translation" for any deck that reports, whatever the module says.
    return vassal_engine.run_script(vmod, actions, out, ignore=[
        r"^LOG-WARN: VASSAL\.i18n\.BundleHelper: No Translation: Reshuffle into the Draw Pile$"]), out


def _cards(pieces, **where):
    return [p for p in pieces if p.properties.get(names.KIND) == names.KIND_CARD
            and all(getattr(p, k) == v for k, v in where.items())]


def _on_hexes(pieces, kind: str):
    return [p for p in pieces if p.properties.get(names.MARKER_KIND) == kind and p.map == names.MAIN_MAP
            and p.properties.get("CurrentBoard") == names.MAIN_BOARD]


def test_the_chores_run_without_a_problem_and_report_once(played, texts):
    r, _ = played
    assert not r.problems, r.problems
    assert r.steps[3].chat == ("*Alice draws 6 cards into the Axis Hand",)
    assert len(r.steps[15].chat) == 1 and "clears the attack marks" in r.steps[15].chat[0]
    assert [c for s in r.steps[10:13] for c in s.chat] == ["* VP: 13", "* VP: 14", "* VP: 13"]


def test_the_opening_hand_is_drawn_in_one_action(played, nr_game):
    r, _ = played
    hand = _cards(r.steps[4].pieces, map=AXIS_HAND)
    assert len(hand) == nr_game.scenarios["campaign_1941"].hands["axis"] == 6
    assert len(_cards(r.steps[4].pieces, deck=names.DRAW_PILE)) == 44 - 6


def test_after_combat_every_attack_mark_result_and_target_is_cleared(played):
    r, _ = played
    before, after = r.steps[14].pieces, r.steps[16].pieces
    unit = [p for p in before if p.properties.get(U) == "ger_4pz"][0]
    assert unit.properties[names.ATTACK] == "E" and unit.properties[names.BATTLE_RESULT] == "DR"
    assert _on_hexes(before, "target_counterblow")
    unit = [p for p in after if p.properties.get(U) == "ger_4pz"][0]
    assert unit.properties[names.ATTACK] == "" and unit.properties[names.BATTLE_RESULT] == ""
    assert not _on_hexes(after, "target_counterblow")
    assert len(_on_hexes(after, "disorganized_unsupplied")) == 2  # a later phase's markers stay


def test_the_removal_phase_clears_every_status_marker_but_not_the_spares(played, nr_game):
    r, _ = played
    assert not _on_hexes(r.pieces, "disorganized_unsupplied")
    spares = [p for p in r.pieces if p.properties.get(names.MARKER_KIND) == "blitz_shock"]
    placed = sum(m.count for m in nr_game.scenarios["campaign_1941"].markers if m.marker_kind == "blitz_shock")
    assert len(spares) == placed  # in the Unused Markers box, not on the hex map: kept


def test_vp_is_kept_once_marker_and_property_agree_in_the_saved_game(played, nr_game):
    r, out = played
    marker = [p for p in r.pieces if p.properties.get(names.MARKER_KIND) == "vp"][0]
    assert marker.location == "Victory Point Track 13"
    with zipfile.ZipFile(out / "chores.vsav") as save:
        tokens = decode(deobfuscate(save.read("savedGame").decode("ascii")), ESC)
    props = [decode(t, ";") for t in tokens if t.startswith("GlobalProperty\t")]
    assert [p[2] for p in props if p[1] == names.VP_PROPERTY] == ["13"]


def test_a_hand_is_hidden_from_the_other_side_and_a_played_card_seen_by_both(played):
    r, _ = played
    alice_view, bob_view, alice_again = r.steps[19].pieces, r.steps[23].pieces, r.steps[26].pieces
    hand = _cards(alice_view, map=AXIS_HAND)
    assert len(hand) == 5 and all(not p.obscured_to_me and p.obscured_by == "alice" for p in hand)
    played_card = _cards(alice_view, deck=names.DISCARD_PILE)
    assert len(played_card) == 1 and played_card[0].obscured_by is None and not played_card[0].obscured_to_me
    # Bob, the Soviet player: the Axis hand is closed to him and its cards masked; the played card is face up
    assert all(p.obscured_to_me for p in _cards(bob_view, map=AXIS_HAND))
    assert not _cards(bob_view, deck=names.DISCARD_PILE)[0].obscured_to_me
    hands = {m["name"]: m.get("accessible") for m in r.steps[22].view["maps"]}
    assert hands[AXIS_HAND] is False and hands[SOVIET_HAND] is True
    # Bob's own draw is hidden from Alice
    soviet = _cards(alice_again, map=SOVIET_HAND)
    assert len(soviet) == 4 and all(p.obscured_to_me and p.obscured_by == "bob" for p in soviet)


def test_the_reshuffle_puts_the_discards_back_into_the_draw_pile(played):
    r, _ = played
    assert not _cards(r.pieces, deck=names.DISCARD_PILE)
    assert len(_cards(r.pieces, deck=names.DRAW_PILE)) == 44 - 6 - 4 + 1
