"""Helpers for the reader's value objects (frozen dataclasses made by the thousand for every log): a property
computed on first use and kept, a constructor that fills all fields at once, and a whole number read safely.

:class:`memoised` does what ``functools.cached_property`` does, without the lock Python 3.11 takes on every first
use: the value goes into the instance's ``__dict__``, where the next look-up finds it before the descriptor.

:func:`maker` gives, for a dataclass, a function taking every field positionally (in field order) that builds the
same object as the class would, setting its ``__dict__`` in one step rather than one ``object.__setattr__`` per
field as a frozen dataclass's ``__init__`` does (the class has no ``__post_init__``; defaults are not filled in).
Equality, hashing and ``repr`` of a dataclass look at its fields only, so both leave them as they were.

"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from typing import Any, Callable, Generic, TypeVar

T = TypeVar("T")
_WHOLE = re.compile(r"-?[0-9]{1,18}")


def whole(text: str) -> int | None:
    """A whole number as VASSAL writes one (ASCII digits after an optional minus, at most 18: a Java long), or None:
    ``int()`` takes other digits ('²' passes ``str.isdigit`` and fails ``int``) and refuses over 4,300 of them."""
    return int(text) if _WHOLE.fullmatch(text) else None


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


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor of dataclass ``cls`` taking all its fields positionally (see the module docstring)."""
    if not is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__}: not a plain dataclass")
    names = [f.name for f in fields(cls)]
    source = (f"def make({', '.join(names)}):\n"
              f"    obj = new(cls)\n"
              f"    set_dict(obj, '__dict__', {{{', '.join(f'{n!r}: {n}' for n in names)}}})\n"
              f"    return obj\n")
    scope: dict[str, Any] = {"new": object.__new__, "set_dict": object.__setattr__, "cls": cls}
    exec(source, scope)  # noqa: S102  (generated as dataclasses generate __init__: from the field names only)
    make = scope["make"]
    make.__qualname__ = f"{cls.__qualname__}.<maker>"
    return make
