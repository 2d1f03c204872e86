"""The module writer and print-and-play are one core for every game (issue 13, "The core stays one core"): no
game id, module name, title, side id or name, area name, or chart (table) name or id of any game in ``games/``
appears in the code of ``modgen/`` or ``art/pnp/``, as an identifier or in a string. Docstrings and comments may
cite a game as an example; what differs between games is data (``module.toml``, the game's files)."""

from __future__ import annotations

import ast
import dataclasses
import os
import re

import pytest

import games
from games.model import Game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = ("modgen", os.path.join("art", "pnp"))
GAMES = ("no_retreat", "stalingrad42")


def core_files() -> list[str]:
    out = []
    for folder in CORE:
        for d, _, files in os.walk(os.path.join(ROOT, folder)):
            out += [os.path.join(d, f) for f in files if f.endswith(".py")]
    return sorted(out)


def code_words(path: str) -> list[tuple[int, str]]:
    """(line, text) of every identifier, attribute, argument name and string constant of a Python file that is
    not a docstring."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            docstrings.add(id(node.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, ast.arg):
            out.append((node.lineno, node.arg))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.append((node.lineno, node.name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append((node.lineno, node.value))
    return out


def forbidden(game: Game) -> set[str]:
    """What names one game: its id, module name and title, its sides, its areas, its tables (ids that are also
    names of the game model's own fields, such as ``weather`` or ``crt``, are words of the model, not the game)."""
    fields = {f.name for f in dataclasses.fields(Game)}
    words = {game.id, game.module_name, game.title}
    words |= {s.id for s in game.sides.values()} | {s.name for s in game.sides.values()}
    words |= {a.name for a in game.map.areas.values()}
    for tid, table in (*game.crts.items(), *game.tables.items()):
        words.add(table.name)
        if tid not in fields and tid + "s" not in fields:
            words.add(tid)
    return {w for w in words if w}


@pytest.fixture(scope="module")
def words() -> dict[str, str]:
    """Forbidden word (lower case) -> the game it names."""
    out = {}
    for gid in GAMES:
        for w in forbidden(games.load(gid)):
            out[w.lower()] = gid
    return out


def test_the_check_knows_both_games_and_finds_a_planted_name(words, tmp_path):
    assert {"axis", "soviet", "no_retreat", "stalingrad42", "rally table", "finland"} <= set(words)
    assert "weather" not in words and "crt" not in words  # the model's own words
    planted = tmp_path / "x.py"
    planted.write_text('"""Docstrings may say Axis."""\n\ndef f(side):\n    return side == "soviet"\n')
    assert [(line, word) for line, word, _ in hits(str(planted), words)] == [(4, "soviet")]


def hits(path: str, words: dict[str, str]) -> list[tuple[int, str, str]]:
    pattern = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
                         + r")(?![A-Za-z0-9])", re.IGNORECASE)
    out = []
    for line, text in code_words(path):
        for m in pattern.finditer(text):
            out.append((line, m.group(1), words[m.group(1).lower()]))
    return out


def test_no_game_is_named_in_the_module_writer_or_print_and_play(words):
    files = core_files()
    assert len(files) > 20
    found = {os.path.relpath(f, ROOT): h for f in files if (h := hits(f, words))}
    assert not found, found
