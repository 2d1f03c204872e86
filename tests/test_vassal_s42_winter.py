"""Stalingrad '42's Winter Offensive in a VASSAL log of our module (33.1, 33.2.2; docs/vassal-reading.md): the
Vasilevsky marker put on the map in a Soviet Initial Phase is read as the ``winter_offensive`` line, and the turn
after it, the tracker Set on its Soviet-first Game Turn level, is read in that order, as the validator plays it. The
logs are written as the module makes them (tests/s42_vlog_writer.py presses the tracker as VASSAL does,
tests/tracker_press.py), from a position set up on the start before logging begins."""

from __future__ import annotations

from typing import Any

import pytest

import games
from games import hexgrid
from modgen import module as modgen_module
from modgen.markers import slot_name
from validator.replay import replay
from validator.vassal.turn_sequence import level_orders, phase_sequence
from validator.vassal.vlog_input import load_vassal

from s42_vlog_writer import write_vlog
from test_modgen import fake_art

CAMPAIGN = "s4_campaign"


@pytest.fixture(scope="module")
def s42_module(tmp_path_factory) -> tuple[Any, str, Any]:
    """(the game, our module built on stand-in art, its build context)."""
    game = games.load("stalingrad42")
    out = str(tmp_path_factory.mktemp("s42_winter") / "stalingrad42")
    fake_art(game, out)
    return game, modgen_module.build(game, out)[0], modgen_module.context(game, out)


def _vasilevsky(game) -> dict[str, Any]:
    """The Vasilevsky marker dragged from the palette onto the map (anywhere: the translator reads the marker)."""
    marker = next(m for m in game.all_markers if m.kind == "vasilevsky")
    return {"do": "place", "slot": slot_name(marker), "at": "2101"}


def _next_to(game, at: str) -> str:
    """A map hex next to ``at`` (a move whose side, not its legality, is the point)."""
    cells = {h.hex: hid for hid, h in game.map.hexes.items()}
    return next(cells[n] for n in hexgrid.neighbours(game.map.hexes[at].hex) if n in cells)


def _press_to(game, level: int, at: tuple[str | None, str], to: tuple[str | None, str]) -> list[dict[str, Any]]:
    """The + button from phase ``at`` to phase ``to`` of one turn on Game Turn ``level``."""
    phases = phase_sequence(game, level_orders(game)[level])
    return [{"do": "turn", "step": "next"}] * (phases.index(to) - phases.index(at))


def _validated(s42_module, tmp_path, turn: int, script: list[dict[str, Any]]):
    """The script logged from the Campaign's Soviet Initial Phase of ``turn``: (its actions, its violations)."""
    game, vmod, ctx = s42_module
    header = {"scenario": CAMPAIGN, "start": {"turn": turn, "player": "soviet", "phase": "initial"}}
    path = str(tmp_path / "winter.vlog")
    write_vlog(game, vmod, CAMPAIGN, script, [], path, ctx, header=header)
    v = load_vassal(path, vmod, scenario=CAMPAIGN)
    return v.log.actions, replay(v.log, v.game, keep_states=False).violations


def test_the_vasilevsky_marker_starts_the_winter_offensive_and_the_soviets_go_first_on_the_next_turn(
        s42_module, tmp_path) -> None:
    """33.1, 33.2.2: the Vasilevsky marker put on the map in the Soviet Initial Phase of turn 25 is the Winter
    Offensive (its line is checked by its own rules); the players press through the rest of turn 25 (the Axis
    Interchange Turn included), Set the tracker on turn 26 on its Soviet-first level and press on: the phases are
    read in that order, the moves as the phasing player's, and the validator's own order agrees (no 3.0)."""
    game = s42_module[0]
    at = {u.unit: u.location for u in game.scenarios[CAMPAIGN].setup if u.location in game.map.hexes}
    sov, axis = (next(u for u in sorted(at) if game.units[u].side == side) for side in ("soviet", "axis"))
    script = [_vasilevsky(game),
              *_press_to(game, 0, ("soviet", "initial"), phase_sequence(game)[-1]), {"do": "turn", "step": "next"},
              {"do": "set_turn", "turn": 26, "level": 1},
              *_press_to(game, 1, phase_sequence(game)[0], ("soviet", "movement")),
              {"do": "move", "piece": {"UnitId": sov}, "to": _next_to(game, at[sov])},
              *_press_to(game, 1, ("soviet", "movement"), ("axis", "movement")),
              {"do": "move", "piece": {"UnitId": axis}, "to": _next_to(game, at[axis])}]
    actions, violations = _validated(s42_module, tmp_path, 25, script)
    assert actions[0].type == "winter_offensive" and actions[0].side == "soviet"
    assert [a["turn"] for a in actions if a.type == "turn"] == [26]
    turn26 = [i for i, a in enumerate(actions) if a.type == "turn"][0]
    phases = [(a.side, a["phase"]) for a in actions[turn26:] if a.type == "phase"]
    assert phases == [("soviet", "initial"), ("soviet", "movement"), ("soviet", "combat"), ("soviet", "recovery"),
                      ("soviet", "supply"), ("axis", "initial"), ("axis", "movement")]
    assert [(a.side, a["unit"]) for a in actions if a.type == "move"] == [("soviet", sov), ("axis", axis)]
    assert "3.0" not in [v.rule for v in violations], violations


def test_a_vasilevsky_marker_put_on_turn_24_is_a_winter_offensive_the_rules_refuse(s42_module, tmp_path) -> None:
    """33.1: the Soviets receive the marker on turn 25: put on the map on turn 24 it is translated all the same, and
    the validator's own check of the Winter Offensive reports it."""
    actions, violations = _validated(s42_module, tmp_path, 24, [_vasilevsky(s42_module[0])])
    assert [(a.type, a.side) for a in actions] == [("winter_offensive", "soviet")]
    assert [v.rule for v in violations] == ["33.1"]


@pytest.mark.engine
def test_the_real_modules_vasilevsky_marker_dragged_from_its_palette_is_read_as_the_winter_offensive(
        vassal_engine, s42_module, tmp_path) -> None:
    """In the real engine, the Campaign's tracker pressed to turn 1's Soviet Initial Phase and the Vasilevsky marker
    dragged from the module's palette onto the map: the log VASSAL writes is read as the Soviets' winter_offensive
    line, which 33.1 refuses on turn 1 (the palette's piece carries what the reader needs, not only the writer's
    copy). A screenshot of the main map is kept in the test's folder to look at."""
    game, vmod, _ = s42_module
    presses = phase_sequence(game).index(("soviet", "initial"))
    script = [{"do": "new_game", "setup": game.scenarios[CAMPAIGN].name}, {"do": "side", "side": "Soviet"},
              {"do": "begin_log", "file": "winter.vlog"}, *[{"do": "turn", "step": "next"}] * presses,
              _vasilevsky(game), {"do": "end_log"}, {"do": "show"},
              {"do": "screenshot", "window": "main", "file": "vasilevsky.png"}]
    result = vassal_engine.run_script(vmod, script, tmp_path)
    assert not result.problems, result.problems
    v = load_vassal(str(tmp_path / "winter.vlog"), vmod, scenario=CAMPAIGN)
    assert [(a.type, a.side) for a in v.log.actions if a.type != "phase"] == [("winter_offensive", "soviet")]
    assert [x.rule for x in replay(v.log, v.game, keep_states=False).violations] == ["33.1"]
