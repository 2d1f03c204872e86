"""The module step of ``hexforge build``: the module writer, given the game's battles as its rules package describes
them (issue 22). ``modgen`` may not import the validator; the command line may, and hands the description over.

Which battles a module gets (docs/module.md, Battles): the rules package's model when it has one; for a game that
names no rules package and has a CRT, what its data alone says (games.battles.from_data); else none (a game whose
rules package has no battle model yet: its rules add to its data, and odds computed from the data alone would
mislead); and none when the game's ``module.toml`` leaves the battle command out."""

from __future__ import annotations

import importlib
import importlib.util
import re

from games.battles import BattleModel, from_data
from games.model import Game
from modgen import module
from modgen.settings import settings


def battle_model(game: Game) -> BattleModel | None:
    """What the game's rules package says about its battles (``<rules_package>.battle_model.battle_model(game)``),
    or None (no rules package, not installed, or no battle model in it)."""
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", game.rules_package or ""):
        return None  # none, or not a module name (a game folder's data is not trusted)
    try:
        found = importlib.util.find_spec(f"{game.rules_package}.battle_model")
    except ModuleNotFoundError as err:
        if err.name is None or not f"{game.rules_package}.".startswith(f"{err.name}."):
            raise  # the package is there but broken: never a module built quietly without its battles
        return None  # the package is not installed
    return None if found is None else importlib.import_module(found.name).battle_model(game)


def battles(game: Game) -> BattleModel | None:
    """The battles the game's module gets (this module's docstring); none when its ``module.toml`` leaves the battle
    command out (``[battles] command = false``)."""
    if not settings(game).battle_command:
        return None
    model = battle_model(game)
    if model is None and not game.rules_package and game.crts:
        return from_data(game)
    return model


def build(game: Game, out_dir: str) -> list[str]:
    return module.build(game, out_dir, battles(game))
