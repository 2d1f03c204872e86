"""The two guards of a frozen dataclass (``__setattr__`` and ``__delattr__``) made without compiling them, on the
Pythons whose ``dataclasses`` compiles them class by class (3.11 and 3.12).

Python 3.11 writes each frozen dataclass's two guards as source text and compiles it (``_frozen_get_del_attr``):
about 0.75 M instructions a method, 1.5 M a class, 40 % of what ``@dataclass(frozen=True)`` costs a class of eight
fields. ``hexforge validate`` makes 166 frozen dataclasses as it imports its modules and the rules package, so the
guards alone were about 250 M of the 2,600 M instructions of the whole command on a VASSAL log. They are the same
code for every class but for two values, the class and its field names, so :func:`install` has ``dataclasses`` make
them here as closures over those two: the same test (``type(self) is cls or name in <the field names>``), the same
:class:`~dataclasses.FrozenInstanceError` and message, the same ``super(cls, self)`` call otherwise, the same names
and qualified names (``dataclasses`` sets those). Only the compile is gone (and the functions' code is here, which a
traceback shows). Installed when :mod:`games` is first imported (every package imports it before it makes a class);
on a Python whose ``dataclasses`` has no such function with these parameters, nothing is changed.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any, Callable

PYTHONS = ((3, 11), (3, 12))  # whose dataclasses make the guards in _frozen_get_del_attr(cls, fields, globals)
compiled: Callable[..., Any] | None = None  # dataclasses' own, once replaced (the tests compare the two)


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

    module = globals.get("__name__", cls.__module__)
    __setattr__.__module__ = __delattr__.__module__ = module
    return __setattr__, __delattr__


def install() -> bool:
    """Have ``dataclasses`` make frozen classes' guards with :func:`guards` (see the module docstring); whether it
    does."""
    original = getattr(dataclasses, "_frozen_get_del_attr", None)
    if sys.version_info[:2] not in PYTHONS or original is None or original is guards:
        return original is guards
    code = getattr(original, "__code__", None)
    if code is None or code.co_varnames[:code.co_argcount] != ("cls", "fields", "globals"):
        return False
    global compiled
    compiled = original
    dataclasses._frozen_get_del_attr = guards  # type: ignore[attr-defined]
    return True
