"""The rule index of each rules package (``RULES``): every number it lists is in the game's rules document and every
rule number of the document's tables is in it; every rule number the package's code writes is in it; each entry's
function is the package's own and names its rule; the replay refuses a finding with a number the index does not
list."""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path

import pytest

from validator.logfile import LogError, parse_log
from validator.model import Finding
from validator.replay import replay
from validator.rules import no_retreat, stalingrad42
from validator.rules.no_retreat import combat_data
from validator.rules.no_retreat.rule_index import RULES
from validator.rules.stalingrad42.rule_index import RULES as S42_RULES

ROOT = Path(__file__).resolve().parent.parent
NUMBER = re.compile(r"^S?\d+(\.\d+)+$")  # a rule number (S: a scenario's, Stalingrad '42's S1.2 ...)
PACKAGES = {"no_retreat": (no_retreat, RULES), "stalingrad42": (stalingrad42, S42_RULES)}
PLANNED = "planned"  # a status column that says so: a rule of the document not enforced yet (not in the index)


def _key(number: str) -> list[int]:
    return [1000 if number.startswith("S") else 0] + [int(x) for x in number.lstrip("S").split(".")]


def document_numbers(game: str) -> set[str]:
    """The rule numbers in the first column of the tables of ``docs/rules/<game>.md`` ("7.2, 7.2.1", "4.0 B" ...;
    rows of cards, options and units are not rules; rows whose second column says *planned* are rules not enforced
    yet)."""
    out = set()
    for line in (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith(("| rule ", "|---")):
            cells = line.split("|")
            if len(cells) > 2 and cells[2].strip() == PLANNED:
                continue
            out |= set(re.findall(r"\bS?\d+(?:\.\d+)+\b", cells[1]))
    return out


def code_numbers(package) -> dict[str, set[str]]:
    """rule number -> the modules of ``package`` whose code (not docstrings) writes it as a string of its own."""
    out: dict[str, set[str]] = {}
    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and NUMBER.match(node.value):
                out.setdefault(node.value, set()).add(path.stem)
    return out


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_the_index_and_the_rules_document_list_the_same_rules(game):
    _, rules = PACKAGES[game]
    documented = document_numbers(game)
    assert sorted(set(rules) - documented, key=_key) == [], "in the index, not in the document"
    assert sorted(documented - set(rules), key=_key) == [], "in the document, not in the index"


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_number_the_code_writes_is_in_the_index(game):
    package, rules = PACKAGES[game]
    found = code_numbers(package)
    assert {n: sorted(m) for n, m in found.items() if n not in rules} == {}
    assert len(found) > 50  # the walk does see the numbers


def test_rule_numbers_of_the_data_are_in_the_index(nr_game):
    """The special units of ``tables/combat.toml`` carry the rule their step losses are reported under."""
    ctx = no_retreat.context(nr_game, parse_log("x", b'{"format": "hexforge-log", "version": 1, '
                                                     b'"game": "no_retreat"}\n')[0].header)
    specials = combat_data.rules(ctx).specials
    assert specials and {s.rule for s in specials} <= set(RULES)


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_each_entry_names_its_rule_in_its_own_function(game):
    package, rules = PACKAGES[game]
    for number, rule in rules.items():
        assert rule.number == number and rule.title
        assert rule.check.__module__.startswith(package.__name__ + "."), number
        assert re.search(rf"(?<![\d.]){re.escape(number)}(?![\d])", inspect.getsource(rule.check)), \
            f"{rule.check.__module__}.{rule.check.__name__} does not name rule {number}"


def test_a_finding_with_a_number_outside_the_index_is_a_bug(monkeypatch):
    head = {"format": "hexforge-log", "version": 1, "game": "no_retreat"}
    log, game = parse_log("t.jsonl", "".join(json.dumps(x) + "\n" for x in
                                             (head, {"type": "note", "side": "axis", "text": "x"})).encode())
    monkeypatch.setattr(no_retreat, "step", lambda ctx, state, action: (state, [Finding("99.9", "made up")]))
    with pytest.raises(LogError, match=r"t.jsonl:2: .*rule 99.9 is not in the rule index"):
        replay(log, game)
    monkeypatch.setattr(no_retreat, "step", lambda ctx, state, action: (state, [Finding("8.5.1", "listed")]))
    assert [v.rule for v in replay(log, game).violations] == ["8.5.1"]
