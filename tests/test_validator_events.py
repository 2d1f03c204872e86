"""The effect of every event card (5.3.1): for each half of each of the 55 cards, a legal play whose effect the
validator applies and checks, and an illegal one it reports with the rule or the card.

Each case is a small log (a position and a few actions, each line that breaks a rule saying so in ``expect``);
``check`` looks at the state after the log (the effect applied). The cases are named after the card and its half
(``c27_axis_river_crossing_legal``); a table-driven test makes sure every half of every card in the data has an
effect entry and both cases, so a new card cannot be forgotten.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

import games
from validator.logfile import parse_log
from validator.replay import replay
from validator.report import text_lines
from validator.rules.no_retreat import events_data

HEAD = {"format": "hexforge-log", "version": 1, "game": "no_retreat", "scenario": "campaign_1941"}
GAME = games.load("no_retreat")


@dataclass(frozen=True)
class Case:
    card: str
    side: str
    legal: bool
    start: dict[str, Any]
    position: dict[str, Any]
    actions: tuple[dict[str, Any], ...]
    check: Callable[[Any], bool] | None = None
    options: dict[str, bool] = field(default_factory=dict)

    @property
    def id(self) -> str:
        title = re.sub(r"[^a-z0-9]+", "_", GAME.cards[self.card].events[self.side].title.lower()).strip("_")
        return f"{self.card}_{self.side}_{title}_{'legal' if self.legal else 'illegal'}"


CASES: list[Case] = []


def case(card: str, side: str, legal: bool, start: dict, position: dict, *actions: dict,
         check: Callable[[Any], bool] | None = None, options: dict | None = None) -> None:
    CASES.append(Case(card, side, legal, start, position, tuple(actions), check, options or {}))


def at(turn: int, player: str | None, phase: str, step: str | None = None) -> dict:
    out: dict[str, Any] = {"turn": turn, "phase": phase}
    if player:
        out["player"] = player
    if step:
        out["step"] = step
    return out


def pos(units: dict, axis: list | int | None = None, soviet: list | int | None = None, **more) -> dict:
    hands = {}
    if axis is not None:
        hands["axis"] = axis
    if soviet is not None:
        hands["soviet"] = soviet
    return {"units": units, "hands": hands, **more}


def act(kind: str, side: str, /, *expect: str, **fields) -> dict:
    out = {"type": kind, "side": side, **fields}
    if expect:
        out["expect"] = list(expect)
    return out


def battle(side: str, attackers: list, targets: list, die: int, result: str, /, *expect: str, **fields) -> dict:
    return act("battle", side, *expect, attackers=attackers, targets=targets, die=die, result=result, **fields)


def play(side: str, card: str, *expect: str, **fields) -> dict:
    return act("play", side, *expect, card=card, **fields)


def discarded(*cards: str) -> Callable[[Any], bool]:
    return lambda s: all(c in s.discards for c in cards)


def at_loc(uid: str, loc: str) -> Callable[[Any], bool]:
    return lambda s: s.units[uid].loc == loc


# -- the positions --------------------------------------------------------------------------------------------------
# Turn 2 (Clear, Axis initiative): the 1st Panzer (7) next to the South Front (3) on open ground: 2:1, and one column
# right for the armor bonus: 3:1 on the Axis CRT (die 1 CB, 2 EX, 3-4 DR, 5 DS, 6 DD).
AX = at(2, "axis", "combat", "battles")
SO = at(2, "soviet", "combat", "battles")
B1 = {"ger_1pz": "2012", "sov_south": "2112"}
# Turn 13 (Clear, Soviet initiative): the 1st Baltic (red, 7) next to the 6th Army (4): 3:2 on the Soviet CRT
# (die 1 CA, 2 -, 3 CB, 4-5 EX, 6 DR); the Soviets' armor: the 5th Guards Tank (red Central, 8).
SO13 = at(13, "soviet", "combat", "battles")
AX13 = at(13, "axis", "combat", "battles")
B13 = {"sov_kalinin": {"at": "2112", "face": "back"}, "ger_6": "2012"}
# Turn 23 (Snow, the 1945 deck, Soviet initiative)
SO23 = at(23, "soviet", "combat", "battles")


# -- battle cards of the Axis --------------------------------------------------------------------------------------

case("c01", "axis", True, AX, pos(B1, ["c01"]),
     battle("axis", ["ger_1pz"], ["2112"], 2, "DR", odds="5:1", cards=[{"card": "c01", "units": ["ger_1pz"]}]),
     check=discarded("c01"))  # 14 vs 3 is 4:1, armor 5:1
case("c01", "axis", False, AX, pos(B1, ["c01"]),
     battle("axis", ["ger_1pz"], ["2112"], 2, "EX", "5.3.1", cards=[{"card": "c01", "units": ["sov_south"]}]))
case("c06", "axis", True, AX, pos(B1, ["c06"]),
     battle("axis", ["ger_1pz"], ["2112"], 2, "DR", odds="4:1", shifts=2, cards=["c06"]))
case("c06", "axis", False, SO, pos(B13, ["c06"]),  # Luftwaffe Support helps the Axis attack, not his defence
     battle("soviet", ["sov_kalinin"], ["2012"], 2, "-", "5.3.1", cards=[{"card": "c06", "side": "axis"}]))
case("c16", "axis", True, AX, pos(B1, ["c16"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DR", cards=[{"card": "c16", "die": 3}]))  # CB re-rolled: 3 is DR
case("c16", "axis", False, AX, pos(B1, ["c16"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DR", "5.3.1", "10.5", cards=["c16"]))  # no new die: the CB stands
case("c21", "axis", True, AX, pos(B1, ["c21"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DR", cards=[{"card": "c21", "die": 4}]))  # either die: 4 is DR
case("c21", "axis", False, AX, pos(B1, ["c21"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DS", "10.5", cards=[{"card": "c21", "die": 4}]))  # 1 CB, 4 DR: not DS
case("c37", "axis", True, AX, pos(B1, ["c37"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DR", cards=["c37"]))  # 3:1, not a city: DR whatever the die
case("c37", "axis", False, AX, pos({"ger_1pz": "1312", "sov_south": "1311"}, ["c37"]),  # Kiev
     battle("axis", ["ger_1pz"], ["1311"], 4, "DR", "5.3.1", "10.5", cards=["c37"]))  # 3:2, die 4: an EX
case("c44", "axis", True, AX, pos(B1, ["c44"]),
     battle("axis", ["ger_1pz"], ["2112"], 1, "DR", cards=[{"card": "c44", "die": 4}]))  # the CB re-rolled
case("c44", "axis", False, AX, pos(B1, ["c44"]),
     battle("axis", ["ger_1pz"], ["2112"], 2, "EX", "5.3.1", cards=[{"card": "c44", "die": 4}]))  # an EX stays

# the Axis defending (turn 2: the 1st Baltic, 7, against the 6th Army, 4: 3:2 on the Soviet CRT, die 2 "-", 4 EX)
case("c04", "axis", True, SO, pos(B13, ["c04"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 2, "DR", cards=[{"card": "c04", "side": "axis"}]),
     act("retreat", "axis", unit="ger_6", path=["1912", "1812"]), check=at_loc("ger_6", "1812"))
case("c04", "axis", False, SO, pos(B13, ["c04"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 2, "-", "10.5", cards=[{"card": "c04", "side": "axis"}]))
case("c24", "axis", True, SO, pos({**B13, "sov_south": "2111", "ger_4": "2011"}, ["c24"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 6, "EX", cards=[{"card": "c24", "side": "axis"}]),
     act("loss", "axis", unit="ger_6"), act("loss", "soviet", unit="sov_kalinin"),
     battle("soviet", ["sov_south"], ["2011"], 6, "EX"))  # 3 vs 4 is 1:2: a DR, made EX for the whole phase
case("c24", "axis", False, SO, pos({**B13, "sov_south": "2111", "ger_4": "2011"}, ["c24"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 6, "EX", cards=[{"card": "c24", "side": "axis"}]),
     act("loss", "axis", unit="ger_6"), act("loss", "soviet", unit="sov_kalinin"),
     battle("soviet", ["sov_south"], ["2011"], 6, "DR", "10.5"))
case("c28", "axis", True, SO, pos(B13, ["c28"]),  # one column left after the roll: 1:1, die 4 is CB
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CB", odds="1:1", shifts=-1, cards=[{"card": "c28", "side": "axis"}]))
case("c28", "axis", False, SO, pos(B13, ["c28"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "EX", "10.5", cards=[{"card": "c28", "side": "axis"}]))
case("c29", "axis", True, SO, pos(B13, ["c29"]),  # 7 vs 8 is 1:2: die 4 "-"
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "-", odds="1:2", cards=[{"card": "c29", "side": "axis"}]))
case("c29", "axis", False, SO, pos(B13, ["c29"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "EX", "10.5", cards=[{"card": "c29", "side": "axis"}]))
case("c32", "axis", True, SO, pos(B13, ["c32"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CA", cards=[{"card": "c32", "side": "axis"}]),
     battle("axis", ["ger_6"], ["2112"], 6, "DR", kind="counterattack"))  # 4 vs 7 is 1:2 on the Axis CRT
case("c32", "axis", False, SO, pos(B13, ["c32"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CA", cards=[{"card": "c32", "side": "axis"}]),
     act("phase", "soviet", "10.7.2", phase="removal"))  # the CA must be carried out
case("c38", "axis", True, SO, pos(B13, ["c38"]),  # the Soviets roll lower: they lose a step, no regular combat
     battle("soviet", ["sov_kalinin"], ["2012"], 6, "-", cards=[{"card": "c38", "side": "axis",
                                                                 "dice": {"axis": 5, "soviet": 2}}]),
     act("loss", "soviet", unit="sov_kalinin"), act("phase", "soviet", phase="removal"),
     check=lambda s: s.units["sov_kalinin"].loc == "destroyed_soviet" and s.units["ger_6"].face == "front")
case("c38", "axis", False, SO, pos(B13, ["c38"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 6, "DR", "10.5", cards=[{"card": "c38", "side": "axis",
                                                                          "dice": {"axis": 5, "soviet": 2}}]))
case("c34", "axis", True, SO13, pos({**B13, "sov_south": {"at": "2111", "face": "back"}, "ger_4": "2011"}, ["c34"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CB", odds="1:1", cards=[{"card": "c34", "side": "axis"}]),
     battle("soviet", ["sov_south"], ["2011"], 4, "CB", odds="1:1"))  # 6 vs 4 is 3:2, one left all phase
case("c34", "axis", False, SO13, pos({**B13, "sov_south": {"at": "2111", "face": "back"}, "ger_4": "2011"}, ["c34"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CB", odds="1:1", cards=[{"card": "c34", "side": "axis"}]),
     battle("soviet", ["sov_south"], ["2011"], 4, "EX", "10.5"))  # the second battle is shifted too
case("c08", "axis", True, AX13, pos({"ger_1pz": "2012", "sov_kursk": "2112"}, ["c08"]),  # armor bonus vs mech
     battle("axis", ["ger_1pz"], ["2112"], 3, "DR", odds="3:1", shifts=1, cards=[{"card": "c08", "choice": "armor"}]))
case("c08", "axis", False, SO13, pos({"sov_central": {"at": "2112", "face": "back"}, "ger_6": "2012"}, ["c08"]),
     battle("soviet", ["sov_central"], ["2012"], 4, "DR", "10.5",  # the armor bonus is cancelled: 2:1, an EX
            cards=[{"card": "c08", "side": "axis"}]))
case("c19", "axis", True, SO13, pos({**B13, "sov_west": "1811", "sov_northwest": "1813"}, ["c19"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 6, "DR", cards=[{"card": "c19", "side": "axis"}]),
     act("retreat", "axis", unit="ger_6", path=["1912", "1812"]))  # 1812 is in the zones of both Fronts
case("c19", "axis", False, AX13, pos(B1, ["c19"]),  # it helps the defender's retreat, not the attacker
     battle("axis", ["ger_1pz"], ["2112"], 3, "DR", "5.3.1", cards=["c19"]))
case("c33", "axis", True, AX, pos({"ger_1pz": "1312", "sov_moscow": {"at": "1311", "face": "back"}}, ["c33"]),
     battle("axis", ["ger_1pz"], ["1311"], 6, "DR", cards=["c33"]),  # the Fort fights as infantry: it retreats
     act("retreat", "soviet", unit="sov_moscow", path=["1310", "1309"]))
case("c33", "axis", False, SO, pos({"sov_kalinin": {"at": "1312", "face": "back"}, "ger_fest_posen": "1311"}, ["c33"]),
     battle("soviet", ["sov_kalinin"], ["1311"], 6, "-", "5.3.1", cards=[{"card": "c33", "side": "axis"}]))
case("c52", "axis", True, SO23, pos(B13, ["c52"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CA", cards=[{"card": "c52", "side": "axis"}]),
     battle("axis", ["ger_6"], ["2112"], 6, "CB", kind="counterattack"), act("draw", "axis", cards=["c16"], by="c52"))
case("c52", "axis", False, SO23, pos(B13, ["c52"]),
     battle("soviet", ["sov_kalinin"], ["2012"], 4, "CA", cards=[{"card": "c52", "side": "axis"}]),
     battle("axis", ["ger_6"], ["2112"], 6, "CB", kind="counterattack"),  # the Soviet CRT in Snow, 1:3
     act("phase", "soviet", "5.3.1", phase="removal"))  # the card draws one


# == the tests ======================================================================================================

def run_case(c: Case):
    header = {**HEAD, "start": c.start, "position": c.position}
    if c.options:
        header["options"] = c.options
    lines = [header] + list(c.actions)
    log, game = parse_log(f"{c.id}.jsonl", "".join(json.dumps(x) + "\n" for x in lines).encode())
    return log, replay(log, game)


@pytest.mark.parametrize("c", CASES, ids=lambda c: c.id)
def test_card(c: Case) -> None:
    log, result = run_case(c)
    got = sorted((v.line, v.rule) for v in result.violations)
    want = sorted((a.line, rule) for a in log.actions for rule in a.get("expect", ()))
    assert got == want, "\n".join(text_lines(result))
    if c.check is not None:
        assert c.check(result.final), "\n".join(text_lines(result))
