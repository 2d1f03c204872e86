"""Contested City hexes (29.1.4): the original defender keeps control of the hex while units of both sides share it;
a City hex that is not contested changes hands as 16.3.4 says."""

from __future__ import annotations

import json

from games_once import parse_log
from validator.engine.position import note_changes
from validator.engine.state import evolve
from validator.model import Action
from validator.replay import replay
from validator.rules.stalingrad42 import contested


BOTH_IN_1016 = {"sov_6rd": "1016", "ger_9id": "1016", "ger_76id": "1115"}


def _start(city_battle: dict, units: dict = BOTH_IN_1016) -> tuple:
    head = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign",
            "options": {"contested_cities": True}, "start": {"turn": 13, "player": "axis", "phase": "movement"},
            "position": {"units": units, "control": {"1016": "soviet"}, "city_battle": city_battle}}
    text = "".join(json.dumps(x) + "\n" for x in (head, {"type": "note", "side": "axis", "text": "start"}))
    log, game = parse_log("contested.jsonl", text.encode())
    r = replay(log, game)
    return r.ctx, r.final


def _entered(ctx, state, uid: str, hid: str):
    """The state after ``uid`` entered ``hid`` and took its control (what 16.3.4's ``control.enter`` does)."""
    units = dict(state.units)
    units[uid] = evolve(units[uid], loc=hid)
    note_changes(ctx, state.units, units, [uid])
    return evolve(state, units=units, control={**state.control, hid: "axis"})


def test_the_original_defender_keeps_a_contested_city() -> None:
    ctx, before = _start({"1016": 1})
    assert contested.hexes(ctx, before) == {"1016"}
    after = _entered(ctx, before, "ger_76id", "1016")
    action = Action(3, "advance", "axis", {"unit": "ger_76id", "path": ["1016"]})
    state, findings = contested.after_entering(ctx, before, after, action)
    assert findings == [] and state.control["1016"] == "soviet"


def test_a_city_without_a_city_battle_marker_changes_hands() -> None:
    """(Units of both sides in a City hex without the marker are an impossible start, refused: the city is empty.)"""
    ctx, before = _start({}, {"sov_6rd": "1117", "ger_9id": "1115", "ger_76id": "1115"})
    assert contested.hexes(ctx, before) == frozenset()
    after = _entered(ctx, before, "ger_76id", "1016")
    action = Action(3, "advance", "axis", {"unit": "ger_76id", "path": ["1016"]})
    state, _ = contested.after_entering(ctx, before, after, action)
    assert state.control["1016"] == "axis"
