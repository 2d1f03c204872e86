"""Our own module read back (issues 4 and 9): the module writer's .vmod and its scenario save, decoded by the reader,
place every scenario unit on its setup hex, identified by its Marker traits, and every card in its deck."""

from __future__ import annotations

import os
import zipfile

import pytest

from modgen import module as modgen_module
from tests.test_modgen import fake_art
from validator.vassal.commands import census, decode_command
from validator.vassal.module import read_module
from validator.vassal.replay import replay
from validator.vassal.savefile import read_save


@pytest.fixture(scope="module")
def our_module(nr_game, tmp_path_factory) -> tuple[str, str]:
    """The module writer's .vmod (with placeholder art) and the scenario save inside it."""
    out = str(tmp_path_factory.mktemp("ours") / "no_retreat")
    fake_art(nr_game, out)
    vmod = modgen_module.build(nr_game, out)[0]
    with zipfile.ZipFile(vmod) as z:
        save_name = next(n for n in z.namelist() if n.endswith(".vsav"))
        save = os.path.join(out, os.path.basename(save_name))
        with open(save, "wb") as fh:
            fh.write(z.read(save_name))
    return vmod, save


def test_scenario_save_places_every_unit_on_its_setup_hex(nr_game, our_module) -> None:
    vmod, save_path = our_module
    save = read_save(save_path)
    root = decode_command(save.text)
    assert root.encode() == save.text and census(root)["unknown"] == 0
    module = read_module(vmod)
    step, replayer = next(replay(root, module, nr_game))
    assert replayer.anomalies == []
    units = {e.identity.id: e for e in step.events if e.identity and e.identity.kind == "unit"}
    scenario = nr_game.scenarios["campaign_1941"]
    on_map = [p for p in scenario.setup if p.location in nr_game.map.hexes]
    assert on_map and {p.unit: units[p.unit].after.hex for p in on_map} == {p.unit: p.location for p in on_map}
    assert all(units[p.unit].identity.side == nr_game.units[p.unit].side for p in scenario.setup)
    assert all(e.identity.known for e in step.events if e.identity)
    first = module.turn_trackers["TurnTracker0"].levels[0]
    assert step.turn == {"TurnTracker0": {"Turn": first.items[0], "Phase": first.sublevels[0].items[0]}}
    cards = [e for e in step.events if e.identity and e.identity.kind == "card"]
    assert len(cards) == len(nr_game.cards) and all(e.after.location for e in cards)
