"""A property computed on first use and kept on the instance (for the reader's frozen value objects).

What ``functools.cached_property`` does, without the lock Python 3.11 takes on every first use (a log makes thousands
of pieces and commands, each read once or twice): the value goes into the instance's ``__dict__``, where the next
look-up finds it before the descriptor. Equality, hashing and ``repr`` of a dataclass look at its fields only.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")


class memoised(Generic[T]):  # noqa: N801  (used like the property decorator it replaces)
    def __init__(self, fn: Callable[[Any], T]):
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        if obj is None:
            return self  # type: ignore[return-value]
        value = obj.__dict__[self.name] = self.fn(obj)
        return value
