"""Names from data are names, never paths (issue 20, SECURITY.md): every id that becomes a file or zip-entry name is
checked at load against one strict pattern, with the file and line (or key) at fault, so that a hostile game folder
cannot make ``build`` write outside its output folder."""

from __future__ import annotations

import os
import shutil

import pytest

from games.datafiles import name_problem
from hexforge.cli import main

NR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games", "no_retreat")

HOSTILE = ["../x", "../../x", "/tmp/x", "a/b", "a\\b", "..", ".hidden", "a..b", "", "a b", "a\nb", "a\x00b",
           "a\u2028b", "x" * 65, "é", "-rf"]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_names_are_refused(value: str) -> None:
    assert name_problem(value) is not None


@pytest.mark.parametrize("value", ["no_retreat", "NoRetreat", "ger_1pz", "c01", "crt_axis.csv", "6A", "x" * 64])
def test_plain_names_pass(value: str) -> None:
    assert name_problem(value) is None


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(NR, tmp_path / "nr")
    return tmp_path / "nr"


def _edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


# (file, text in it, its hostile replacement, where the error is reported)
CASES = {
    "game id": ("game.toml", 'id = "no_retreat"', 'id = "../../x"', "nr/game.toml: id: "),
    "module name": ("game.toml", 'module_name = "NoRetreat"', 'module_name = "/tmp/NoRetreat"',
                    "nr/game.toml: module_name: "),
    "unit id": ("units.csv", "\nger_1pz,axis,", "\n../ger_1pz,axis,", "nr/units.csv:10: column 'id': "),
    "marker kind": ("markers.csv", "\nblitz_shock,round,", "\nblitz/shock,round,", "nr/markers.csv:4: column 'kind': "),
    "card id": ("cards.csv", "\n1,c01,", "\n1,../../c01,", "nr/cards.csv:7: column 'id': "),
    "crt id": ("tables/crt.toml", "[tables.axis]", '[tables."../axis"]', "nr/tables/crt.toml: tables.../axis: "),
    "crt file": ("tables/crt.toml", 'file = "crt_axis.csv"', 'file = "/etc/passwd"', "nr/tables/crt.toml: tables.axis.file: "),
    "scenario id": ("scenarios/campaign_1941/scenario.toml", 'id = "campaign_1941"', 'id = "../campaign"',
                    "nr/scenarios/campaign_1941/scenario.toml: id: "),
    "setup file": ("scenarios/campaign_1941/scenario.toml", 'setup_file = "setup.csv"',
                   'setup_file = "../../units.csv"', "nr/scenarios/campaign_1941/scenario.toml: setup_file: "),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_path_where_a_name_belongs_is_one_line_at_load(game, case, capsys) -> None:
    file, old, new, where = CASES[case]
    _edit(game / file, old, new)
    assert main(["info", "./nr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hexforge info: {where}") and "is not a plain name" in err
    assert len(err.strip().splitlines()) == 1


def test_a_card_cannot_take_the_name_of_the_card_back(game, capsys) -> None:
    _edit(game / "cards.csv", "\n1,c01,", "\n1,back,")
    assert main(["info", "./nr"]) == 2
    assert capsys.readouterr().err.startswith("hexforge info: nr/cards.csv:7: card id 'back' is taken")


def test_a_hostile_game_id_writes_nothing_anywhere(game, tmp_path, capsys) -> None:
    _edit(game / "game.toml", 'id = "no_retreat"', 'id = "../../escaped"')
    before = sorted(os.listdir(tmp_path))
    assert main(["build", "./nr", "-o", str(tmp_path / "out" / "deep")]) == 2
    assert sorted(os.listdir(tmp_path)) == before
    assert not os.path.exists(tmp_path.parent / "escaped")
