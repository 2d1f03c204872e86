"""The harness script tests/vassal_playback.py writes for a whole random No Retreat! game (the VASSAL benchmark's
log): every marker command it asks a unit for is one of the game's own (module.toml ``unit_commands``). A place paid
with cards (No Retreat!'s ``pay``) once asked for Stalingrad '42's *Mark Replacement*, which VASSAL refused at the
407th step."""

from __future__ import annotations

import games
from modgen.settings import settings
from players.no_retreat import play
from vassal_playback import REPLACEMENT_MENU, playback


def test_a_place_paid_with_cards_asks_for_no_replacement_marker() -> None:
    game = games.load("no_retreat")
    lines = play(game, seed=1)
    paid = [x for x in lines[1:] if x["type"] == "place" and x.get("pay")]
    assert paid, "the game must have a place paid with cards for this test to mean anything"
    script = playback(game, lines[0], lines[1:], "campaign.vlog", cards=False)
    marks = {a["menu"] for a in script if a.get("do") == "key" and a.get("menu", "").startswith("Mark ")}
    own = {c.menu for c in settings(game).unit_commands}
    assert {"Mark Unsupplied", "Mark as Target"} <= marks <= own, marks - own
    assert REPLACEMENT_MENU not in own
