"""``hexforge list``: the games hexforge knows by name: those of this installation (``games/``), those installed
packages register (entry point group ``hexforge.games``) and game folders in the current folder (``hexforge new``
writes one), each with its title and where it is."""

from __future__ import annotations

import argparse
import os

import games
from games.datafiles import read_toml
from games.errors import DataError, one_line
from games.installed import game_entries


def add_arguments(p: argparse.ArgumentParser) -> None:
    del p  # no options


def _title(folder: str) -> str:
    try:
        title = read_toml(os.path.join(folder, "game.toml")).data.get("title", "")
    except DataError:
        return "(game.toml cannot be read: hexforge info shows why)"
    return title if isinstance(title, str) else ""


def known() -> list[tuple[str, str, str]]:
    """(id, title, where) of every game hexforge finds by name."""
    out: dict[str, tuple[str, str, str]] = {}
    for entry in sorted(os.listdir(games.GAMES_DIR)):
        folder = os.path.join(games.GAMES_DIR, entry)
        if os.path.isfile(os.path.join(folder, "game.toml")):
            out[entry] = (entry, _title(folder), "built in")
    for gid, value in game_entries().items():
        if gid not in out:
            folder = games.game_dir(gid)
            out[gid] = (gid, _title(folder) if os.path.isfile(os.path.join(folder, "game.toml")) else
                        "(its package cannot be loaded)", f"installed ({value})")
    for entry in sorted(os.listdir(os.curdir)):
        if entry not in out and os.path.isfile(os.path.join(entry, "game.toml")):
            out[entry] = (entry, _title(entry), f"./{entry}")
    return sorted(out.values())


MAX_TITLE = 120  # characters of a title shown (what hexforge info allows)


def _shown(text: str, most: int | None = None) -> str:
    """A folder name or title from a game folder nobody checked yet, as one line of visible characters: a newline,
    a terminal escape sequence or a byte that is not UTF-8 in either is shown escaped, a title cut."""
    text = one_line(text)
    return text if most is None or len(text) <= most else text[:most - 3] + "..."


def run(args: argparse.Namespace) -> int:
    rows = [(_shown(gid), _shown(title, MAX_TITLE), _shown(where)) for gid, title, where in known()]
    width = max((len(r[0]) for r in rows), default=0)
    tw = max((len(r[1]) for r in rows), default=0)
    for gid, title, where in rows:
        print(f"{gid.ljust(width)}  {title.ljust(tw)}  {where}")
    return 0
