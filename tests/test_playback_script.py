"""The harness script tests/vassal_playback.py writes for a whole random No Retreat! game (the VASSAL benchmark's
log): every unit command it asks for is one the game's module gives its units. A place paid with cards (No
Retreat!'s ``pay``) once asked for Stalingrad '42's *Mark Replacement*, which VASSAL refused at the 407th step."""

from __future__ import annotations

import games
from players.no_retreat import play
from vassal_playback import REPLACEMENT_MENU, playback


def test_a_place_paid_with_cards_asks_for_no_replacement_marker() -> None:
    game = games.load("no_retreat")
    lines = play(game, seed=1)
    paid = [x for x in lines[1:] if x["type"] == "place" and x.get("pay")]
    assert paid, "the game must have a place paid with cards for this test to mean anything"
    script = playback(game, lines[0], lines[1:], "campaign.vlog", cards=False)
    menus = {a.get("menu") for a in script if a.get("do") == "key"}
    assert menus, "the script asks for unit commands"
    assert REPLACEMENT_MENU not in menus
