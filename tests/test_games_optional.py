"""Every game-specific part of the data is optional (issue 21 item 1): a small game loads with each part left out,
and with none of them, and what is left out is simply absent from the model."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from game_template import OPTIONAL, write_game
from hexforge.cli import main


@pytest.mark.parametrize("part", sorted(OPTIONAL))
def test_the_game_loads_without(tmp_path: Path, part: str) -> None:
    full = games.load(str(write_game(tmp_path / "full")))
    game = games.load(str(write_game(tmp_path / "mini", {part})))
    assert len(game.units) == len(full.units) == 4
    assert len(game.map.hexes) == len(full.map.hexes) == 12


def test_what_is_left_out_is_absent(tmp_path: Path) -> None:
    game = games.load(str(write_game(tmp_path / "mini", OPTIONAL)))
    assert game.cards == {} and game.weather == {} and game.crts == {} and game.tables == {}
    assert game.vp_track is None and game.markers == () and game.square_markers == ()
    assert game.traits == {} and game.columns == {}
    assert game.map.sections == {} and game.map.areas == {} and game.map.seas == {} and game.map.regions == {}
    assert game.map.boxes == {} and game.map.hexsides == {}
    assert {h.section for h in game.map.hexes.values()} == {""}
    assert all(t.weather == "" and t.blitz == 0 and not t.sudden_death and not t.events and not t.extra
               for t in game.turns.values())
    assert {u.source for u in game.units.values()} == {"authored"}  # no source column: authored
    assert game.scenarios["s1"].hands == {}


def test_the_full_template_has_every_part(tmp_path: Path) -> None:
    """The other side of the tests above: each part really is in the full template."""
    game = games.load(str(write_game(tmp_path / "mini")))
    assert len(game.cards) == 1 and set(game.weather) == {"clear", "rain"} and set(game.crts) == {"crt"}
    assert set(game.tables) == {"rally", "weather"} and game.vp_track is not None and len(game.markers) == 4
    assert set(game.traits) == {"elite", "low", "mech", "free_stacking", "non_combat"}
    assert set(game.map.sections) == {"A", "B"} and set(game.map.areas) == {"W"} and set(game.map.seas) == {"sea"}
    assert set(game.map.regions) == {"west"} and set(game.map.boxes) == {"turn_track", "eliminated"}
    assert len(game.map.hexsides) == 2 and game.turns[2].events[0].code == "arrive"
    assert game.turns[3].sudden_death == {"red": 9} and game.turns[1].blitz == 1
    assert game.turns[1].extra == {"season": "summer", "benchmark": 2}


def test_info_on_a_game_with_none_of_the_optional_parts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write_game(tmp_path / "mini", OPTIONAL)
    assert main(["info", str(root)]) == 0
    out = capsys.readouterr().out
    assert "map: 12 hexes" in out and "units: 4" in out and "cards:" not in out and "VP track" not in out
    assert "phases: Weather Phase > Movement Phase > Combat Phase > Victory Phase" in out
