"""A frozen dataclass's guards made by games.frozen_guards behave as those dataclasses compiles: the same errors and
messages for fields and other names, on the class and on a subclass that is not a dataclass."""

from __future__ import annotations

import dataclasses
import sys

import pytest

import games  # noqa: F401  (installs the guards)
from games import frozen_guards


def _classes(make_guards):
    """A frozen dataclass with fields, one without, and a plain subclass of the first, their guards by ``make_guards``."""
    saved = dataclasses._frozen_get_del_attr
    dataclasses._frozen_get_del_attr = make_guards
    try:
        @dataclasses.dataclass(frozen=True)
        class Point:
            x: int
            y: int = 0

        @dataclasses.dataclass(frozen=True)
        class Empty:
            pass
    finally:
        dataclasses._frozen_get_del_attr = saved

    class Labelled(Point):
        pass

    return Point, Empty, Labelled


def _outcomes(make_guards) -> list[object]:
    point, empty, labelled = _classes(make_guards)
    out: list[object] = []
    for obj in (point(1, 2), empty(), labelled(3)):
        for name in ("x", "y", "other"):
            for op in (lambda o, n: setattr(o, n, 5), lambda o, n: delattr(o, n)):
                try:
                    op(obj, name)
                    out.append(("done", name, sorted(vars(obj).items())))
                except (dataclasses.FrozenInstanceError, AttributeError) as exc:
                    out.append((type(exc).__name__, str(exc)))
    out.append((point.__setattr__.__qualname__, point.__delattr__.__qualname__, point.__setattr__.__module__))
    return out


@pytest.mark.skipif(sys.version_info[:2] not in frozen_guards.PYTHONS, reason="dataclasses compiles no guards here")
def test_the_guards_made_without_compiling_behave_as_the_compiled_ones() -> None:
    assert frozen_guards.install() and dataclasses._frozen_get_del_attr is frozen_guards.guards
    assert frozen_guards.compiled is not None
    ours, theirs = _outcomes(frozen_guards.guards), _outcomes(frozen_guards.compiled)
    assert ours == theirs
    assert ("FrozenInstanceError", "cannot assign to field 'x'") in ours  # (both refuse, as they should)
    assert ("done", "other", [("other", 5), ("x", 3), ("y", 0)]) in ours  # (a subclass sets names not fields)
