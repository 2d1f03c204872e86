"""Stalingrad '42's battle model (issue 22) against its rules package, without the engine: the odds ladder the module
computes (games.battles.columns_of / virtual_outcome on a virtual ladder) is the rules' (odds.column) for every attack
0-45, defense 1-20 and net shift -4..+4; the model's facts come from the same data as the rules (caps, the automatic
DS, the Determined Defense's results and table); the vocabulary a module compiles stays game-neutral."""

from __future__ import annotations

import pytest

import games
from games.battles import columns_of, virtual_label, virtual_outcome
from hexforge.module_step import battle_model
from validator.rules.stalingrad42 import odds as s42_odds
from validator.rules.stalingrad42.combat_data import combat_facts

from test_s42_combat import position


@pytest.fixture(scope="module")
def s42():
    return games.load("stalingrad42")


@pytest.fixture(scope="module")
def model(s42):
    return battle_model(s42)


def test_the_odds_are_the_rules_on_every_column(s42, model) -> None:
    ctx, _ = position({})
    crt = s42.crts["crt"]
    values = crt.column_values
    for a in range(0, 46):
        for d in range(1, 21):
            for shift in range(-4, 5):
                col = s42_odds.column(ctx, a, d, shift)
                initial, final, auto = virtual_outcome(model.odds, values, a, d, shift)
                _, index = columns_of(model.odds, values, a, d, shift)
                where = (a, d, shift)
                if col.automatic:
                    assert (index, auto) == (-1, crt.limits.automatic_result), where
                elif not col.allowed:
                    assert (index, auto) == (-1, model.odds.below_first), where
                else:
                    assert auto is None and crt.columns[index] == col.column, where
                if abs(final) < 100:
                    assert virtual_label(crt.columns, values, final).replace(":", "-") == col.label, where
                assert initial == col.initial, where


def test_the_model_reads_the_rules_facts(s42, model) -> None:
    ctx, _ = position({})
    cf = combat_facts(ctx)
    assert (model.odds.attack_cap, model.odds.defence_cap) == (cf.attack_cap, cf.defense_cap) == (40, 20)
    assert model.odds.automatic == "DS" and model.odds.automatic_at == "10-1"
    (dd,) = model.stages
    assert dd.after == {r for r, res in cf.results.items() if res.determined}
    assert dd.table == "determined_defense" and dd.barred == {"no"} and dict(dd.layer_drms) == {"orange": -1}
    assert {col for col in dd.columns.values()} == {"clear", "other", "city"}
    assert dict(model.again_attackers) == {r: "breakthrough" for r, res in cf.results.items() if res.retreat}
    assert model.phases == ("combat",) and set(model.crts.values()) == {"crt"}


def test_the_crossings_name_what_an_attack_crosses(s42, model) -> None:
    """9.5.2 a Major River halves (4421-4521 is a Major River hexside of the 9.5.2 example's kind), 9.5.1 any river
    or Marsh doubles the defender; prohibited hexsides are not neighbours."""
    m = s42.map
    majors = [(a, b) for (a, b), f in model.crossings.items() if "major" in f]
    assert majors and all("river_or_marsh" in model.crossings[k] for k in majors)
    for a, b in majors[:50]:
        feats = m.features(m.hexes[a].hex, m.hexes[b].hex)
        assert {"major_river", "volga"} & set(feats), (a, b, feats)
    for (a, b), why in list(model.prohibited.items())[:50]:
        assert b not in model.neighbours[a], (a, b, why)


def test_the_module_compiles_the_model_without_naming_the_game() -> None:
    """The core modules never name a game, a side or a chart (the model is data)."""
    import inspect

    import games.battles as gb
    import modgen.battle_exprs as be
    import modgen.battles as mb
    for mod in (gb, be, mb):
        src = inspect.getsource(mod).lower()
        for word in ("stalingrad", "axis", "soviet", "determined_defense", "panzer"):
            assert word not in src, (mod.__name__, word)
