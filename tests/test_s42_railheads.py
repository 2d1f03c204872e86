"""Stalingrad '42's Railhead push back (17.3.1) where a log's verdicts cannot show it: the hex the marker ends in.

A Railhead put in a Soviet ZOC goes "down the rail line towards the west" to the first hex clear of Soviet units and
their ZOCs: first back along the way the log saw it come, then on down the Axis's usable rail past the start of that
way (docs/rules/stalingrad42.md, 17.3.1 and its decision; ``tests/logs/stalingrad42/blind7_railhead_pushed_back`` is the
case of a Railhead of the log's position, which has no way behind it)."""

from __future__ import annotations

from typing import Any

import pytest

from games_once import parse_log
from nr_played import encode
from validator.rules import stalingrad42 as rules

HEAD = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign"}


def _railheads(start: dict[str, Any], position: dict[str, Any], actions: list[dict[str, Any]],
               options: dict[str, bool] | None = None) -> list[tuple]:
    """The Railheads (hex, the way it came) after each action of a log, each action clean."""
    head = {**HEAD, "start": start, "position": position, **({"options": options} if options else {})}
    log, game = parse_log("t.jsonl", encode([head, *actions]))
    ctx = rules.context(game, log.header)
    state = rules.start(ctx)
    out = []
    for a in log.actions:
        state, found = rules.step(ctx, state, a)
        assert not found, (a.line, found)
        out.append([(r.hex, r.trail) for r in state.markers.railheads])
    return out


@pytest.mark.parametrize(("to", "railhead"), [
    (["1714"], ("1816", ("1716",))),  # 1815 alone in the ZOC: one hex back along its way (17.3.1: "usually one hex")
    (["1714", "1715"], ("1717", ())),  # 1815, 1816 and 1716 in it: back along its way, then on down the line
], ids=["one hex back", "past its way"])
def test_a_railhead_goes_back_its_way_then_on_down_the_line(to: list[str], railhead: tuple) -> None:
    """The Campaign's Railhead in 1716 repairs 1816 and 1815 (its way: 1716, 1816); a Soviet division comes next to
    it. From 1715 its ZOC holds all three hexes: the marker goes back through 1816 and 1716, then on to 1717, clear of
    the ZOC (before 17.3.1 was read whole it stopped in 1716, the start of its way)."""
    seen = _railheads({"turn": 5, "player": "axis", "phase": "supply", "step": "railheads"},
                      {"units": {"sov_6rd": "1713", "ger_88id": "1412"}, "railheads": ["1716"]},
                      [{"type": "railhead", "side": "axis", "from": "1716", "path": ["1816", "1815"]},
                       {"type": "phase", "side": "axis", "phase": "supply", "step": "supply"},
                       {"type": "phase", "side": "soviet", "phase": "movement"},
                       {"type": "move", "side": "soviet", "unit": "sov_6rd", "path": to}])
    assert seen[0] == [("1815", ("1716", "1816"))]
    assert seen[-1] == [railhead]


@pytest.mark.parametrize(("contested", "railhead"), [(True, "3233"), (False, "3133")],
                         ids=["contested city: no ZOC", "rule off: the city's Soviet unit has its ZOC"])
def test_a_contested_city_pushes_back_no_railhead(contested: bool, railhead: str) -> None:
    """Novocherkassk (3332) holds a Soviet and an Axis division under a City Battle marker; the Railhead in 3233 is
    next to it, Rostov (3133) behind it repaired. 29.1.1: units in a Contested City hex exert no ZOC, so the Soviet
    division there does not push the Railhead back (17.3.1) when a Soviet unit moves elsewhere; with the rule off
    (29.0 is an advanced rule) its ZOC does, and the marker goes back to Rostov, clear of it."""
    seen = _railheads({"turn": 5, "player": "soviet", "phase": "movement"},
                      {"units": {"sov_6rd": "3332", "ger_88id": "3332", "sov_62rd": "1713"}, "railheads": ["3233"],
                       "repaired": ["3233", "3133", "3034"], "city_battle": {"3332": 1}},
                      [{"type": "move", "side": "soviet", "unit": "sov_62rd", "path": ["1714"]}],
                      {"contested_cities": contested})
    assert seen[-1] == [(railhead, ())]
