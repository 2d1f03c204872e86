"""``hexforge info GAME``: load and check every file of a game — its data, the data files of its rules package and
its ``module.toml`` (modgen.settings) — report every problem found (one line each, at most ``MAX_ERRORS``), or print what loaded.

The rules package (``game.toml`` ``rules_package``) is asked through its optional ``check_data(game)`` hook, which
returns (or raises) the package's own data errors: the same readers ``validate`` uses. The art is asked through
``art.check.style_problems(game)`` (a look for everything the data names), the checks ``art`` and ``build`` run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util

import games
from games.summary import summary
from games.errors import MAX_ERRORS, DataError, DataErrors, each
from games.model import Game
from modgen.settings import problems as module_problems


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (e.g. no_retreat) or path to a game folder")


def rules_data_problems(game: Game, partial: bool = False) -> tuple[list[DataError], str]:
    """The problems the game's rules package finds in its own data files, and a note when it cannot be asked.
    ``partial``: the game lacks the records that had problems, which the package's readers may not expect; their
    failing then is not reported (the game's own problems are)."""
    if not game.rules_package:
        return [], ""
    from validator.rules_packages import module_of

    try:
        name = module_of(game.rules_package)
        found = importlib.util.find_spec(name) is not None
    except (ModuleNotFoundError, ValueError):
        name, found = game.rules_package, False
    if not found:
        return [], f"note: rules package {name} is not installed; its data files were not checked"
    hook = getattr(importlib.import_module(name), "check_data", None)
    if hook is None:
        return [], ""
    try:
        result = hook(game)
    except DataError as err:
        return each([err]), ""
    except Exception:  # noqa: BLE001  (only for a partial game: see above)
        if not partial:
            raise
        return [], ""
    return each(result or ()), ""


def run(args: argparse.Namespace) -> int:
    checked = games.check(args.game)
    problems, note = list(checked.problems), ""
    if checked.game is not None and not checked.truncated and not checked.unread:  # (a file it lacks: its problem)
        more, note = rules_data_problems(checked.game, partial=bool(problems))
        problems += more
        if not problems:  # (the art's checks need the whole game)
            from art.check import style_problems

            problems += style_problems(checked.game)
        problems += module_problems(checked.game)
    if problems:
        raise DataErrors(problems[:MAX_ERRORS], checked.truncated or len(problems) > MAX_ERRORS)
    assert checked.game is not None
    print("\n".join(summary(checked.game)))
    if note:
        print(note)
    return 0
