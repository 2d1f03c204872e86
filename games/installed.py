"""Games and rules packages from installed Python packages (the standard entry point groups), so that a designer can
publish a game as a package of its own (docs/publishing.md):

- ``hexforge.games``: ``<game id> = "<package>"`` (the package's folder holds ``game.toml``) or
  ``"<package>:<attribute>"`` (a path to the game folder);
- ``hexforge.rules``: ``<name> = "<module>"``, a rules package a game folder may name as ``rules_package = "<name>"``.

A game folder names a rules package only by such a registered name (or ``validator.rules.<name>``, the built-in
ones), never by an import path: a folder from a stranger can pick among the packages installed on purpose, not make
hexforge import anything else.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from .fields import ID

if TYPE_CHECKING:
    from importlib import metadata

GAMES_GROUP = "hexforge.games"
RULES_GROUP = "hexforge.rules"


def _entries(group: str) -> dict[str, metadata.EntryPoint]:
    from importlib import metadata  # (only when an entry point is asked for: it imports email, zipfile, csv ...)

    try:
        found = metadata.entry_points(group=group)
    except Exception:  # noqa: BLE001  (a broken installed distribution must not break hexforge)
        return {}
    return {ep.name: ep for ep in sorted(found, key=lambda e: e.name) if ID.fullmatch(ep.name)}


def game_entries() -> dict[str, str]:
    """game id -> the entry point's value, for every installed game (not loaded)."""
    return {name: ep.value for name, ep in _entries(GAMES_GROUP).items()}


def game_folder(game_id: str) -> str | None:
    """The folder of an installed game, or None when no package registers that id (or it cannot be loaded)."""
    ep = _entries(GAMES_GROUP).get(game_id)
    if ep is None:
        return None
    try:
        value: Any = ep.load()
    except Exception:  # noqa: BLE001
        return None
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    where = getattr(value, "__file__", None)
    return os.path.dirname(os.path.abspath(where)) if where else None


def rules_module(name: str) -> str | None:
    """The module a registered rules package name stands for, or None."""
    ep = _entries(RULES_GROUP).get(name)
    return ep.value.partition(":")[0] if ep is not None else None
