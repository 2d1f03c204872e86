"""Two kinds of a dataclass's generated methods made without compiling them, on the Pythons whose ``dataclasses``
compiles every method class by class (3.11 and 3.12): a frozen class's guards (``__setattr__``, ``__delattr__``) and
``__repr__``.

Python 3.11 writes each method it adds to a dataclass as source text and compiles it. For a frozen class of eight
fields that is 3.65 M instructions over a plain class; the two guards are 1.5 M of them, ``__repr__`` 0.43 M.
``hexforge validate`` makes 166 frozen dataclasses as it imports its modules and the rules package: the guards and
``__repr__`` were about 210 M of the 2,600 M instructions of the whole command on a VASSAL log. These methods are the
same code for every class but for the class and its field names, and are not called in the normal run of a command
(a frozen class is never assigned to; ``repr`` is for messages and debugging), so :func:`install` has ``dataclasses``
make them here as closures over those values: the same test (``type(self) is cls or name in <the field names>``),
the same :class:`~dataclasses.FrozenInstanceError` and message, the same ``super(cls, self)`` call otherwise; the
same text ``Class(field=repr, ...)`` of the fields ``dataclasses`` hands over (those with ``repr=True``), guarded
against recursion by ``dataclasses``' own wrapper; the same names and qualified names (``dataclasses`` sets those).
Only the compile is gone (and the functions' code is here, which a traceback shows). ``__init__``, ``__eq__`` and
``__hash__`` are still compiled: they run all the time, and the compiled code, one attribute at a time, is the
fastest. Installed by the command line (:mod:`hexforge.cli`) as its process starts, before any module of the packages
makes a class: the process is the command's own, while the libraries (``games``, ``validator``, ...) never change the
standard library for whoever imports them. On a Python whose ``dataclasses`` lacks these functions with these
parameters, nothing is changed.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any, Callable

PYTHONS = ((3, 11), (3, 12))  # whose dataclasses make these methods in the functions below, with these parameters
compiled: dict[str, Callable[..., Any]] = {}  # dataclasses' own functions, once replaced (the tests compare them)


def guards(cls: type, fields: list[dataclasses.Field], globals: dict[str, Any]
           ) -> tuple[Callable[..., None], Callable[..., None]]:
    """``__setattr__`` and ``__delattr__`` of a frozen dataclass (what ``dataclasses._frozen_get_del_attr`` gives)."""
    names = tuple(f.name for f in fields)
    error = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise error(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise error(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __setattr__.__module__ = __delattr__.__module__ = globals.get("__name__", cls.__module__)
    return __setattr__, __delattr__


def representation(fields: list[dataclasses.Field], globals: dict[str, Any]) -> Callable[[Any], str]:
    """``__repr__`` of a dataclass showing ``fields`` (what ``dataclasses._repr_fn`` gives)."""
    names = tuple(f.name for f in fields)

    def __repr__(self: Any) -> str:
        return self.__class__.__qualname__ + "(" + ", ".join([f"{n}={getattr(self, n)!r}" for n in names]) + ")"

    __repr__.__module__ = globals.get("__name__", __name__)
    return dataclasses._recursive_repr(__repr__)  # type: ignore[attr-defined]


# dataclasses' function -> (its parameters, ours)
REPLACED: dict[str, tuple[tuple[str, ...], Callable[..., Any]]] = {
    "_frozen_get_del_attr": (("cls", "fields", "globals"), guards),
    "_repr_fn": (("fields", "globals"), representation),
}


def install() -> bool:
    """Have ``dataclasses`` make these methods with the functions above (see the module docstring); whether it does
    (all of them or, on another Python, none)."""
    if sys.version_info[:2] not in PYTHONS or not hasattr(dataclasses, "_recursive_repr"):
        return False
    found = {name: getattr(dataclasses, name, None) for name in REPLACED}
    if all(fn is REPLACED[name][1] for name, fn in found.items()):
        return True
    for name, fn in found.items():
        code = getattr(fn, "__code__", None)
        if code is None or code.co_varnames[:code.co_argcount] != REPLACED[name][0]:
            return False
    for name, fn in found.items():
        compiled[name] = fn  # type: ignore[assignment]
        setattr(dataclasses, name, REPLACED[name][1])
    return True
