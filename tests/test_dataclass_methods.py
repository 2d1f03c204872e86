"""The methods hexforge.dataclass_methods has dataclasses make without compiling them behave as those dataclasses
compiles: a frozen class's guards (the same errors and messages for fields and other names, on the class and on a
subclass that is not a dataclass) and ``repr`` (fields hidden from it, nested and recursive values)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from hexforge import dataclass_methods

pytestmark = pytest.mark.skipif(sys.version_info[:2] not in dataclass_methods.PYTHONS,
                                reason="dataclasses compiles these methods otherwise")


def _classes(functions):
    """Dataclasses made with ``functions`` (name in dataclasses -> function): frozen with fields, frozen without,
    a plain subclass of the first, a mutable one holding itself."""
    saved = {name: getattr(dataclasses, name) for name in functions}
    for name, fn in functions.items():
        setattr(dataclasses, name, fn)
    try:
        @dataclasses.dataclass(frozen=True)
        class Point:
            x: int
            y: int = 0
            hidden: str = dataclasses.field(default="h", repr=False)

        @dataclasses.dataclass(frozen=True)
        class Empty:
            pass

        @dataclasses.dataclass
        class Node:
            name: str
            next: object = None
    finally:
        for name, fn in saved.items():
            setattr(dataclasses, name, fn)

    class Labelled(Point):
        pass

    return Point, Empty, Labelled, Node


def _outcomes(functions) -> list[object]:
    point, empty, labelled, node = _classes(functions)
    out: list[object] = []
    for obj in (point(1, 2), empty(), labelled(3)):
        for name in ("x", "y", "other"):
            for op in (lambda o, n: setattr(o, n, 5), lambda o, n: delattr(o, n)):
                try:
                    op(obj, name)
                    out.append(("done", name, sorted(vars(obj).items())))
                except (dataclasses.FrozenInstanceError, AttributeError) as exc:
                    out.append((type(exc).__name__, str(exc)))
    loop = node("a", node("b", [point(-1, 2.5), "t'"]))
    loop.next.next.append(loop)
    out += [repr(point(1, 2)), repr(empty()), repr(labelled(3)), repr(loop)]
    out += [(m.__qualname__, m.__module__) for m in (point.__setattr__, point.__delattr__, point.__repr__)]
    return out


@pytest.fixture
def installed():
    """The methods installed for one test, as the command line installs them, and dataclasses' own back after it
    (the rest of the test process makes its classes as it would without the command line)."""
    before = {name: getattr(dataclasses, name) for name in dataclass_methods.REPLACED}
    assert dataclass_methods.install()
    yield
    for name, fn in before.items():
        setattr(dataclasses, name, fn)


def test_the_command_line_installs_them() -> None:
    """``python -m hexforge.cli`` (and the console script) run with the methods installed; importing the libraries
    alone changes nothing."""
    code = ("import dataclasses, games, validator; a = dataclasses._repr_fn.__module__; import hexforge.cli; "
            "print(a, dataclasses._repr_fn.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["dataclasses", "hexforge.dataclass_methods"]


def test_the_methods_made_without_compiling_behave_as_the_compiled_ones(installed) -> None:
    ours = {name: fn for name, (_, fn) in dataclass_methods.REPLACED.items()}
    assert all(getattr(dataclasses, name) is fn for name, fn in ours.items())
    mine, theirs = _outcomes(ours), _outcomes(dataclass_methods.compiled)
    assert mine == theirs
    assert ("FrozenInstanceError", "cannot assign to field 'x'") in mine  # (both refuse, as they should)
    assert ("done", "other", [("hidden", "h"), ("other", 5), ("x", 3), ("y", 0)]) in mine  # (a subclass's own name)
    shown = [x.replace("_classes.<locals>.", "") for x in mine if isinstance(x, str)]
    assert shown == ["Point(x=1, y=2)", "Empty()", "Labelled(x=3, y=0)",
                     "Node(name='a', next=Node(name='b', next=[Point(x=-1, y=2.5), \"t'\", ...]))"]
