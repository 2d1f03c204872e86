"""Stalingrad '42's four scenarios (S1-S4): each one's whole set-up replays clean and starts with the VPs its rules
give; its last Victory Determination Phase on that set-up is decided as its victory conditions say, and a claim of
the other winner is reported under the scenario's rule."""

from __future__ import annotations

import json

import pytest

from games_once import parse_log
from validator.replay import Replay, replay
from validator.rules.stalingrad42 import victory

# scenario -> (the VPs at the start, its last turn, who wins on the set-up as it stands then, the rule)
SCENARIOS = {
    "s1_fall_blau": (0, 8, "soviet", "S1.3"),  # no VP hex is Axis held at the set-up; 8 VPs by turn 8 or the Soviets
    "s2_caucasus": (0, 27, "soviet", "S2.5"),  # "they start with 0"; 12 VPs on turn 27
    "s3_uranus": (15, 36, "axis", "S3.5"),  # "the Axis player starts with 15 VPs"; 11 on turn 36 (Stalingrad held)
    "s4_campaign": (0, 36, "soviet", "S4.4"),  # June 28th: nothing taken yet; 21 VPs on turn 36
}


def _replay(scenario: str, *lines: dict, start: dict | None = None) -> Replay:
    head: dict = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": scenario}
    if start:
        head["start"] = start
    text = "".join(json.dumps(x) + "\n" for x in (head, *lines))
    log, game = parse_log(f"{scenario}.jsonl", text.encode())
    return replay(log, game)


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_the_set_up_validates_with_the_scenarios_vps(scenario: str) -> None:
    r = _replay(scenario, {"type": "note", "side": "axis", "text": "the set-up"})
    assert r.violations == ()
    vps = SCENARIOS[scenario][0]
    assert r.outcome["vp"] == vps and r.outcome["winner"] is None
    assert victory.tally(r.ctx, r.final).hexes == vps


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_the_last_victory_determination_on_the_set_up(scenario: str) -> None:
    vps, last, winner, rule = SCENARIOS[scenario]
    start = {"turn": last, "phase": "victory"}
    right = _replay(scenario, {"type": "victory", "side": "axis", "vp": vps, "winner": winner}, start=start)
    assert right.violations == ()
    assert right.outcome["winner"] == winner and right.outcome["vp"] == vps  # the log ends: the game is decided
    loser = "axis" if winner == "soviet" else "soviet"
    wrong = _replay(scenario, {"type": "victory", "side": "axis", "vp": vps, "winner": loser}, start=start)
    assert [v.rule for v in wrong.violations] == [rule]
    assert f"{winner.capitalize()} wins" in wrong.violations[0].message


def test_a_wrong_count_of_the_set_ups_vps_is_reported() -> None:
    r = _replay("s3_uranus", {"type": "victory", "side": "axis", "vp": 14}, start={"turn": 36, "phase": "victory"})
    assert [v.rule for v in r.violations] == ["24.1.1"]


def test_the_campaign_is_not_decided_early_on_the_set_up() -> None:
    """24.2: on turn 6 (benchmark 5) the set-up's 0 VPs are neither 11 nor -1: nobody has won."""
    r = _replay("s4_campaign", {"type": "victory", "side": "axis", "vp": 0, "winner": "soviet"},
                start={"turn": 6, "phase": "victory"})
    assert [v.rule for v in r.violations] == ["24.2"]
    assert r.outcome["winner"] is None  # a log ending before the last turn decides nothing


@pytest.mark.parametrize("vps,winner", [(14, "axis"), (13, None), (3, None), (2, "soviet")])
def test_the_automatic_victory_example(vps: int, winner: str | None) -> None:
    """24.2's example: with a benchmark of 8 (turn 9) the Axis wins with 14 VPs or more, the Soviets with 2 or less.
    The header's ``vp`` puts the VP marker there (no VP hex is held)."""
    head = {"format": "hexforge-log", "version": 1, "game": "stalingrad42", "scenario": "s4_campaign",
            "start": {"turn": 9, "phase": "victory"}, "position": {"vp": vps, "units": {"ger_57id": "1016"}}}
    lines = [head, {"type": "victory", "side": "axis", "vp": vps, "winner": winner}]
    log, game = parse_log("24_2.jsonl", "".join(json.dumps(x) + "\n" for x in lines).encode())
    assert replay(log, game).violations == ()
    lines[1]["winner"] = "soviet" if winner != "soviet" else None
    log, game = parse_log("24_2.jsonl", "".join(json.dumps(x) + "\n" for x in lines).encode())
    assert [v.rule for v in replay(log, game).violations] == ["24.2"]
