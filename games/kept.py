"""What a build keeps in its process for the next build of the same process (``build --watch``, ``preview``, a
rebuild): bounded tables of values made from their inputs (a piece's text, a drawn image, a save, an image's PDF
encoding), all forgotten at once by :func:`forget` (``hexforge.rebuild.forget``: a clean build to compare a rebuild
with makes everything afresh, as a new process would).

Each table holds at most ``most`` entries and is emptied when full: a build asks again for the few hundred values
of the last build, so the bound is a limit on memory, not a cache policy. A table is keyed on everything its value
is made from; nothing in it is read from disk.
"""

from __future__ import annotations

from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")

_forgetters: list[Callable[[], None]] = []


class Kept(Generic[V]):
    """One bounded table of values kept in this process (registered with :func:`forget`)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._data: dict[Hashable, V] = {}
        on_forget(self._data.clear)

    def get(self, key: Hashable) -> V | None:
        return self._data.get(key)

    def put(self, key: Hashable, value: V) -> V:
        if len(self._data) >= self.most:
            self._data.clear()
        self._data[key] = value
        return value

    def made(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``make()`` kept."""
        value = self._data.get(key)
        return self.put(key, make()) if value is None else value


def on_forget(clear: Callable[[], None]) -> None:
    """Have :func:`forget` call ``clear`` too (a module that keeps something of its own shape)."""
    _forgetters.append(clear)


def forget() -> None:
    """Forget everything kept in this process between builds."""
    for clear in _forgetters:
        clear()
