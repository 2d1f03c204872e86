"""A VASSAL save or log as validator input: read, find our game and module, translate, check as a game log.

The game is the one whose ``module_name`` (game.toml) is the module name the file's ``moduledata`` records. The
module (for the names of off-map boxes and tracks) is ``--module`` when given, else ``<module name>.vmod`` beside
the file, else the build output ``build/<game>/<module name>.vmod`` of the current folder or of this checkout.
Every reading problem is a :class:`~validator.logfile.LogError`: one line, exit code 2.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterator

import games
from games.datafiles import read_toml
from games.errors import DataError
from games.model import Game

from ..logfile import LogError, read_lines
from ..model import GameLog
from . import is_vassal  # noqa: F401  (where the command line asked for it before)
from .action_table import UNCHECKED
from .commands import AddPiece, Command, CommandError, decode_command, walk
from .game_table import table_of
from .module import ModuleDef, read_module
from .savefile import read_save
from .translate import Translation, translate
from .units import IDENTITY

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclass(frozen=True)
class VassalInput:
    """A VASSAL file read: its translation, that as a game log, the game and the module used."""

    translation: Translation
    log: GameLog
    game: Game
    module: str | None  # the module file used for location names (None: hexes only)


def our_games() -> Iterator[tuple[str, str]]:
    """(game folder, module name) of every game hexforge has, one game.toml read at a time (a caller looking for one
    name stops at it: the other games' files are not parsed)."""
    for entry in sorted(os.listdir(games.GAMES_DIR)):
        toml = os.path.join(games.GAMES_DIR, entry, "game.toml")
        if os.path.isfile(toml):
            try:
                name = read_toml(toml).data.get("module_name", "")
            except DataError:
                continue  # a game that cannot be read cannot have made the file
            yield entry, name if isinstance(name, str) else ""


def _load(path: str, entry: str) -> Game:
    try:
        return games.load(entry)
    except DataError as exc:
        raise LogError(path, f"cannot load the game {entry!r}: {exc}") from None


def game_for(path: str, module_name: str, root: Command) -> Game:
    """Our game whose module has this name; for a file that does not record it, the game whose units its pieces
    are (their Marker properties)."""
    known = []
    for entry, name in our_games():  # (the games after the one found are not read)
        if name and name == module_name:
            return _load(path, entry)
        known.append((entry, name))
    if not module_name:
        ours = f"mark;{IDENTITY.kind},{IDENTITY.unit_id}"  # our pieces' outermost trait: their identity
        unit = next((c.piece.markers().get(IDENTITY.unit_id) for c in walk(root)
                     if isinstance(c, AddPiece) and c.type.startswith(ours)), None)
        for entry, _ in known if unit else ():
            game = _load(path, entry)
            if unit in game.units:
                return game
    what = f"module {module_name!r}" if module_name else "a module that does not record its name"
    raise LogError(path, f"made with {what}: hexforge translates logs of its own modules only "
                         f"({', '.join(repr(name) for _, name in known)})")


def module_candidates(path: str, game: Game) -> list[str]:
    file = f"{game.module_name}.vmod"
    return [os.path.join(os.path.dirname(os.path.abspath(path)), file),
            os.path.join("build", game.id, file), os.path.join(REPO, "build", game.id, file)]


def find_module(path: str, game: Game, given: str | None) -> tuple[ModuleDef | None, str | None]:
    if given:
        try:
            return read_module(given), given
        except DataError as exc:
            raise LogError(given, f"cannot read the module: {exc}") from None
    for candidate in module_candidates(path, game):
        if os.path.isfile(candidate):
            try:
                return read_module(candidate), candidate
            except DataError:
                continue
    return None, None


def load_vassal(path: str, module: str | None = None, scenario: str | None = None) -> VassalInput:
    """Read and translate a VASSAL save or log; the translation checked as a game log (schema and ids) by the
    reader of JSON Lines logs, given the translated lines as objects rather than as text to parse again."""
    try:
        save = read_save(path)
        root = decode_command(save.text)
    except DataError as exc:
        raise LogError(path, str(exc).removeprefix(f"{path}: ")) from None
    except CommandError as exc:
        raise LogError(path, f"savedGame: {exc}") from None
    game = game_for(path, save.metadata.get("moduledata", {}).get("name", ""), root)
    if scenario is not None and scenario not in game.scenarios:
        raise LogError(path, f"unknown scenario '{scenario}' (known: {', '.join(game.scenarios)})")
    module_def, module_path = find_module(path, game, module)
    t = translate(root, game, module_def, scenario=scenario)
    log, game = hand_over(path, t, game)
    return VassalInput(t, log, game, module_path)


def hand_over(path: str, t: Translation, game: Game) -> tuple[GameLog, Game]:
    """The translation as the validator's game log: the checks of the JSON Lines reader on the translated lines
    as objects (line n: line n of `hexforge import`), the actions' fields only where the translator copies a value
    it has not checked (:data:`~validator.vassal.action_table.UNCHECKED`, and the game table's ``unchecked``)."""
    unchecked = {**UNCHECKED, **table_of(game).unchecked}
    return read_lines(path, enumerate(t.lines(), start=1), game, unchecked)


def summary(path: str, v: VassalInput) -> str:
    """One line: what was read, what came out, what could not be interpreted."""
    n = len(v.translation.actions) - v.translation.notes
    where = f"module {v.module}" if v.module else "no module found: off-map boxes are not named (give --module)"
    undone = f", {v.translation.undone} undone" if v.translation.undone else ""
    return (f"{path}: {v.translation.steps} VASSAL steps{undone} -> {n} game actions, {v.translation.notes} not "
            f"interpreted (note actions); {where}")
