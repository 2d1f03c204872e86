"""The battle command on a game of another shape (issue 22): a synthetic game whose CRTs are differential tables
(attack minus defence), rolled on two dice, with their own result names, and which has no rules package — the
module takes everything from the data (games.battles.from_data: the odds and dice the CRTs declare, terrain from the
TEC). Nothing in the module writer knows this shape: the same code writes it.

The synthetic game is No Retreat!'s data with new CRTs (its map and counters are what every module needs today);
three battles are declared and resolved in the real engine, and each marker's column and result are compared with
the model's own arithmetic (games.battles.columns_of) and the table's cell for the roll the dice gave.
"""

from __future__ import annotations

import os
import shutil
from fractions import Fraction

import pytest

import games
from games.battles import columns_of, from_data
from hexforge import module_step
from test_modgen import fake_art
from vassal_playback import JavaRandom

pytestmark = pytest.mark.engine

COLUMNS = ("-3", "-2", "-1", "0", "+1", "+2", "+3", "+4")
VALUES = tuple(Fraction(c) for c in COLUMNS)
RESULTS = {"AE": "Attacker eliminated.", "AR": "Attacker retreats.", "NE": "No effect.", "DR": "Defender retreats.",
           "DE": "Defender eliminated."}


def crt_rows() -> list[list[str]]:
    """Rolls 2..12: a row of results per roll, worse for the attacker on low rolls and low columns."""
    names = list(RESULTS)
    return [[str(roll)] + [names[max(0, min(4, (roll + 2 * col) // 5 - 1))] for col in range(len(COLUMNS))]
            for roll in range(2, 13)]


@pytest.fixture(scope="module")
def skirmish(tmp_path_factory) -> games.Game:
    """No Retreat!'s data with differential CRTs on 2d6 and no rules package."""
    root = tmp_path_factory.mktemp("shapes") / "skirmish"
    shutil.copytree(games.game_dir("no_retreat"), root)
    toml = (root / "game.toml").read_text(encoding="utf-8")
    toml = toml.replace('rules_package = "validator.rules.no_retreat"', 'rules_package = ""')
    toml = toml.replace('module_name = "NoRetreat"', 'module_name = "Skirmish"')
    (root / "game.toml").write_text(toml, encoding="utf-8")
    tables = root / "tables"
    legend = "\n".join(f'{k} = "{v}"' for k, v in RESULTS.items())
    shape = 'kind = "differential"\ndice = "2d6"\nsource = "authored"\n'
    (tables / "crt.toml").write_text(
        f'[tables.axis]\nname = "Axis Differential Table"\nside = "axis"\nfile = "crt_axis.csv"\n{shape}\n'
        f'[tables.soviet]\nname = "Soviet Differential Table"\nside = "soviet"\nfile = "crt_soviet.csv"\n{shape}\n'
        f'[results]\n{legend}\n', encoding="utf-8")
    rows = "\n".join(",".join(r) for r in crt_rows())
    for side in ("axis", "soviet"):
        (tables / f"crt_{side}.csv").write_text("die," + ",".join(COLUMNS) + "\n" + rows + "\n", encoding="utf-8")
    return games.load(str(root))


def rolls_for(total: int) -> int:
    """A seed whose first two rolls of a die add up to ``total``."""
    return next(s for s in range(1, 5000)
                if sum(r.next_int(6) + 1 for r in [JavaRandom(s)] for _ in range(2)) == total)


# (attackers and where they stand, defender and where it stands, the 2d6 roll)
BATTLES = [
    ((("ger_4pz", "1204"), ("ger_18", "1204")), ("sov_northwest", "1303"), 7),   # +5: beyond the last; forest
    ((("ger_6", "1503"),), ("sov_southwest", "1403"), 4),                         # -1: forest and a river
    ((("ger_1pz", "1405"),), ("sov_west", "1406"), 11),                            # +3 in the open
]


def test_the_model_of_a_differential_game_comes_from_its_data(skirmish) -> None:
    m = from_data(skirmish)
    assert (m.odds.kind, m.dice, m.die_sides) == ("differential", 2, 6)
    assert skirmish.crts["axis"].legend.keys() == RESULTS.keys() and skirmish.crts["axis"].column_values == VALUES
    assert columns_of(m.odds, VALUES, 8, 3, -1) == (7, 6)  # +5 -> the last column, then one left
    assert columns_of(m.odds, VALUES, 2, 9, 0) == (0, 0)  # below the first: the first (the data names none)


@pytest.fixture(scope="module")
def fought(vassal_engine, skirmish, tmp_path_factory):
    out = str(tmp_path_factory.mktemp("shapes-module") / "skirmish")
    fake_art(skirmish, out)
    vmod = module_step.build(skirmish, out)[0]  # no rules package: its battles from its data
    from modgen.furniture import phase_labels

    script = [{"do": "new_game", "setup": skirmish.scenarios["campaign_1941"].name}, {"do": "side", "side": "Axis"}]
    script += [{"do": "turn", "step": "next"}] * phase_labels(skirmish).index("Axis Combat Phase")
    for attackers, (defender, where), roll in BATTLES:
        script += [{"do": "move", "piece": {"UnitId": u}, "to": at} for u, at in attackers]
        script.append({"do": "move", "piece": {"UnitId": defender}, "to": where})
    for n, (attackers, (defender, _), roll) in enumerate(BATTLES, start=1):
        script += [{"do": "select", "pieces": [{"UnitId": u} for u, _ in attackers] + [{"UnitId": defender}]},
                   {"do": "button", "name": "Declare battle"}, {"do": "seed", "value": rolls_for(roll)},
                   {"do": "key", "piece": {"Kind": "battle", "BattleNo": str(n)}, "menu": "Resolve battle"}]
    return vassal_engine.run_script(vmod, script, os.path.dirname(vmod)), vmod


def test_the_battles_of_a_differential_game_in_the_engine(skirmish, fought) -> None:
    result, _ = fought
    assert not result.problems, result.problems
    model = from_data(skirmish)
    markers = {p.properties["BattleNo"]: p.properties for p in result.pieces if p.properties.get("Kind") == "battle"}
    assert len(markers) == len(BATTLES)
    for n, (attackers, (defender, where), roll) in enumerate(BATTLES, start=1):
        v = markers[str(n)]
        attack = sum(skirmish.units[u].front.strength for u, _ in attackers)
        defence = skirmish.units[defender].front.strength
        terrain = sum(p.shift for p in model.terrain.locations.get(where, ()))
        crossings = [model.crossings.get((at, where), frozenset()) for _, at in attackers]
        terrain += sum(c.amount.value for c in model.terrain.crossings if all(c.feature in x for x in crossings))
        _, final = columns_of(model.odds, VALUES, attack, defence, terrain)
        assert (int(v["BattleAttack"]), int(v["BattleDefence"]), int(v["BattleShift"])) == (attack, defence, terrain)
        assert v["BattleColumn"] == COLUMNS[final] and int(v["BattleColumnIndex"]) == final
        assert int(v["BattleDie"]) == roll
        assert v["BattleOutcome"] == skirmish.crts["axis"].rows[roll][final]
    chat = [line for s in result.steps for line in s.chat]
    assert any("on the Axis Differential Table, die 7" in line for line in chat)
