"""Names from data are names, never paths (issue 20, SECURITY.md): every id that becomes a file or zip-entry name is
checked at load against one strict pattern, with the file and line (or key) at fault, so that a hostile game folder
cannot make ``build`` write outside its output folder."""

from __future__ import annotations

import os
import shutil

import pytest

from games.fields import file_name_problem, id_problem
from hexforge.cli import main

NR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "games", "no_retreat")

HOSTILE = ["../x", "../../x", "/tmp/x", "a/b", "a\\b", "..", ".hidden", "a..b", "", "a b", "a\nb", "a\x00b",
           "a\u2028b", "x" * 65, "é", "-rf"]


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_names_are_refused(value: str) -> None:
    assert id_problem(value) is not None
    assert file_name_problem(value, "csv", "a CSV file") is not None
    assert file_name_problem(value + ".csv", "csv", "a CSV file") is not None


@pytest.mark.parametrize("value", ["no_retreat", "NoRetreat", "ger_1pz", "c01", "crt_axis", "6A", "x" * 64])
def test_plain_names_pass(value: str) -> None:
    assert id_problem(value) is None
    assert file_name_problem(value + ".csv", "csv", "a CSV file") is None
    assert file_name_problem(value + ".ttf", "csv", "a CSV file") is not None  # another kind of file


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(NR, tmp_path / "nr")
    return tmp_path / "nr"


def _edit(path, old: str, new: str) -> int:
    """Replace the one ``old`` in the file by ``new``; the 1-based line on which the replaced text (after any newlines
    it starts with) begins, so that a test names the line it edited however many lines the data file gains."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    start = text.index(old) + len(old) - len(old.lstrip("\n"))
    return text.count("\n", 0, start) + 1


# (file, text in it, its hostile replacement, where the error is reported; {line}: the line the edit is on). The
# load reports every problem it finds: a record whose id is refused no longer exists, so the data that names it
# (e.g. the setup's unit 'ger_1pz') is reported too, one line each; those references are the only other lines.
CASES = {
    "game id": ("game.toml", 'id = "no_retreat"', 'id = "../../x"', "nr/game.toml: id: "),
    "module name": ("game.toml", 'module_name = "NoRetreat"', 'module_name = "/tmp/NoRetreat"',
                    "nr/game.toml: module_name: "),
    "unit id": ("units.csv", "\nger_1pz,axis,", "\n../ger_1pz,axis,", "nr/units.csv:{line}: column 'id': ", "ger_1pz"),
    "marker kind": ("markers.csv", "\nblitz_shock,round,", "\nblitz/shock,round,",
                    "nr/markers.csv:{line}: column 'kind': ", "blitz_shock"),
    "card id": ("cards.csv", "\n1,c01,", "\n1,../../c01,", "nr/cards.csv:{line}: column 'id': ", "c01"),
    "crt id": ("tables/crt.toml", "[tables.axis]", '[tables."../axis"]', "nr/tables/crt.toml: tables.../axis: ",
               "axis"),
    "crt file": ("tables/crt.toml", 'file = "crt_axis.csv"', 'file = "/etc/passwd"',
                 "nr/tables/crt.toml: tables.axis.file: "),
    "scenario id": ("scenarios/campaign_1941/scenario.toml", 'id = "campaign_1941"', 'id = "../campaign"',
                    "nr/scenarios/campaign_1941/scenario.toml: id: "),
    "setup file": ("scenarios/campaign_1941/scenario.toml", 'setup_file = "setup.csv"',
                   'setup_file = "../../units.csv"', "nr/scenarios/campaign_1941/scenario.toml: setup_file: "),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_path_where_a_name_belongs_is_one_line_at_load(game, case, capsys) -> None:
    file, old, new, where, *lost = CASES[case]
    line = _edit(game / file, old, new)
    assert main(["info", "./nr"]) == 2
    first, *others = capsys.readouterr().err.strip().splitlines()
    assert first.startswith(f"hexforge info: {where.format(line=line)}") and "is not a plain name" in first
    assert all(x.startswith("hexforge info: nr/") and f"'{lost[0]}'" in x for x in others), others
    assert bool(others) == bool(lost)  # a renamed record's references are reported; a file name has none


def test_a_card_cannot_take_the_name_of_the_card_back(game, capsys) -> None:
    line = _edit(game / "cards.csv", "\n1,c01,", "\n1,back,")
    assert main(["info", "./nr"]) == 2
    assert capsys.readouterr().err.startswith(f"hexforge info: nr/cards.csv:{line}: card id 'back' is taken")


def test_a_hostile_game_id_writes_nothing_anywhere(game, tmp_path, capsys) -> None:
    _edit(game / "game.toml", 'id = "no_retreat"', 'id = "../../escaped"')
    before = sorted(os.listdir(tmp_path))
    assert main(["build", "./nr", "-o", str(tmp_path / "out" / "deep")]) == 2
    assert sorted(os.listdir(tmp_path)) == before
    assert not os.path.exists(tmp_path.parent / "escaped")


@pytest.mark.parametrize("digits", ["²", "①", "٣x"])
def test_digits_int_refuses_are_no_numbers(digits: str) -> None:
    """Characters ``str.isdigit`` accepts but ``int`` refuses (superscripts, circled digits) are not numbers: a card
    timing's ``from:`` says what it expects, and a combat-table cell counts no losses, never a raw ValueError."""
    from games.card_timing import parse_timing
    from validator.rules.stalingrad42.determined import _losses

    with pytest.raises(ValueError, match="is not 'from:<turn>'"):
        parse_timing(f"own:card from:{digits}", {"card": ()}, ("axis",), ())
    assert _losses(f"{digits}/{digits}") == (0, 0, False)
    assert parse_timing("own:card from:17", {"card": ()}, ("axis",), ())[0].from_turn == 17
