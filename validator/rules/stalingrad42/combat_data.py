"""The numbers the combat rules of Stalingrad '42 state in their text (8.0-15.0, 20.5, 23.4): ``[combat]`` of
``games/stalingrad42/tables/rules.toml``, read once per replay (:func:`combat_facts`) and checked by ``hexforge info``
(:func:`check_data`: every CRT result has its entry, every trait, nationality, side and box named exists).

The charts themselves are the game's data: the CRT with its Adv and DD colour layers (``game.crts["crt"]``), the
Determined Defense Table (``game.tables["determined_defense"]``), the TEC (combat columns ``shift``, ``defense``,
``across``, ``tank_shift``, ``advance``, ``dd_column``), the weather chart (``air``, ``advance``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Mapping

from games.datafiles import Table, read_toml
from games.errors import DataError
from games.model import Game

from ...engine.context import Context, once
from .data_checks import side as _side, trait as _trait

FILE = ("tables", "rules.toml")  # the same file as data.py's

OWNER, OPPONENT = "owner", "opponent"  # 10.2.2: who selects a step loss


@dataclass(frozen=True)
class Result:
    """What one CRT result asks (10.1, 11.1.1, 12.1.1, 13.1, 14.2.3)."""

    id: str
    defender: int  # steps the defender loses
    attacker: int  # steps the attacker loses
    picks: str  # 10.2.2: "owner" or "opponent" selects the steps
    retreat: int  # hexes the defender retreats (0: none)
    full: bool  # 13.1.3: the retreat puts the units in Full Retreat
    determined: bool  # 11.1.1: a Determined Defense may cancel the retreat
    limited: bool  # 14.2.3: a Limited Advance when every defending step is lost (EX)


@dataclass(frozen=True)
class AdvanceRates:
    """14.2.2 and 16.4: the most hexes a unit advances."""

    mechanized: int
    mounted: int
    other: int
    out_of_supply: int
    slow_hq_type: str  # 20.1.3: Army HQs of this type with an MA of ``slow_hq_ma`` or less advance as ``other``
    slow_hq_ma: int


@dataclass(frozen=True)
class Air:
    """9.3: who has Air units, where they wait, their range, Air Defense, turn 27."""

    side: str
    box: str
    range: int
    defense_hexes: int
    fewer_from: int


@dataclass(frozen=True)
class CombatFacts:
    attack_cap: int  # 8.5.1
    defense_cap: int  # 8.5.2
    elite_side: str  # 9.2.2
    allies_trait: str  # 20.5
    german: frozenset[str]  # 11.2.4, 20.5.2: German nationalities
    not_one_step_back: int  # 11.1.2
    not_one_step_back_side: str
    nkvd_trait: str
    winter_row: int  # 23.4
    winter_attack_min: int
    winter_defense_min: int
    winter_side: str
    massive_barrage: int  # 18.5
    artillery_trait: str
    front_hq_trait: str
    city_battle: Mapping[str, int]  # 11.6.2: settlement -> highest marker
    delay_retreat: int  # 11.6.1
    delay_advance: int
    auto_retreat: int  # 13.3.2
    breakthrough_from: int  # 15.1
    breakthrough_success: int  # 15.2.8
    pay_steps: int  # 12.1.3
    advance: AdvanceRates
    air: Air
    results: Mapping[str, Result]


def combat_facts(ctx: Context) -> CombatFacts:
    """The combat facts (read once per loaded game)."""
    return once(ctx, "s42_combat_facts", lambda c: load(c.game))


def _results(game: Game, t: Table) -> dict[str, Result]:
    out = {}
    for rid, r in t.items():
        picks = r.str("picks", OWNER)
        if picks not in (OWNER, OPPONENT):
            raise r.error(f"picks is '{OWNER}' or '{OPPONENT}'", "picks")
        out[rid] = Result(rid, r.int("defender", 0, lo=0, hi=9), r.int("attacker", 0, lo=0, hi=9), picks,
                          r.int("retreat", 0, lo=0, hi=9), r.bool("full", False), r.bool("determined", False),
                          r.bool("limited", False))
    cells = {x for crt in game.crts.values() for row in crt.rows.values() for x in row}
    cells |= {crt.limits.automatic_result for crt in game.crts.values() if crt.limits.automatic_result}
    missing = sorted(cells - set(out))
    if missing:
        raise t.error(f"no entry for the CRT result '{missing[0]}'")
    return out


def load(game: Game) -> CombatFacts:
    """Read ``[combat]`` of ``tables/rules.toml`` (a problem raises a :class:`DataError` naming the key)."""
    c = read_toml(os.path.join(game.root, *FILE)).table("combat")
    a, air = c.table("advance"), c.table("air")
    german = c.str_list("german")
    bad = [n for n in german if n not in game.nationalities]
    if bad:
        raise c.error(f"'{bad[0]}' is not a nationality of game.toml", "german")
    if a.str("slow_hq_type") not in game.unit_types:
        raise a.error(f"'{a.str('slow_hq_type')}' is not a unit type of game.toml", "slow_hq_type")
    if air.str("box") not in game.map.boxes:
        raise air.error(f"'{air.str('box')}' is not a box of map/boxes.toml", "box")
    cities = c.table("city_battle")
    for s in cities.data:
        if s not in game.tec:
            raise cities.error(f"'{s}' is not a TEC settlement", s)
    return CombatFacts(
        c.int("attack_cap", lo=1, hi=999), c.int("defense_cap", lo=1, hi=999), _side(game, c, "elite_side"),
        _trait(game, c, "allies_trait"), frozenset(german), c.int("not_one_step_back", lo=0, hi=999),
        _side(game, c, "not_one_step_back_side"), _trait(game, c, "nkvd_trait"), c.int("winter_row", lo=0, hi=999),
        c.int("winter_attack_min", lo=0, hi=9), c.int("winter_defense_min", lo=0, hi=9), _side(game, c, "winter_side"),
        c.int("massive_barrage", lo=1, hi=9), _trait(game, c, "artillery_trait"), _trait(game, c, "front_hq_trait"),
        {s: cities.int(s, lo=1, hi=9) for s in cities.data}, c.int("delay_retreat", lo=1, hi=9),
        c.int("delay_advance", lo=1, hi=9), c.int("auto_retreat", lo=1, hi=9), c.int("breakthrough_from", lo=1, hi=9),
        c.int("breakthrough_success", lo=1, hi=9), c.int("pay_steps", lo=0, hi=9),
        AdvanceRates(a.int("mechanized", lo=0, hi=9), a.int("mounted", lo=0, hi=9), a.int("other", lo=0, hi=9),
                     a.int("out_of_supply", lo=0, hi=9), a.str("slow_hq_type"), a.int("slow_hq_ma", lo=0, hi=99)),
        Air(_side(game, air, "side"), air.str("box"), air.int("range", lo=0, hi=999), air.int("defense_hexes", lo=0,
            hi=99), air.int("fewer_from", lo=0, hi=999)),
        _results(game, c.table("results")))


def check_data(game: Game) -> list[DataError]:
    """``hexforge info``'s hook for ``[combat]``: its problem, if any."""
    try:
        load(game)
    except DataError as err:
        return [err]
    return []


__all__ = ["CombatFacts", "DataError", "Result", "check_data", "combat_facts", "load"]
