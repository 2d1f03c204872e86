"""No import cycles in the validator and the random players: every import (at the top of a module, inside a
function, under ``TYPE_CHECKING``) is an edge from the importing module to the module it names, found by walking
the modules' syntax trees; the graph must have no cycle. ``from . import x`` depends on the module ``x`` when
there is one, else on the package (``x`` is a name of its ``__init__``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("validator", "players")


def modules() -> dict[str, Path]:
    """module name -> file, for every module of :data:`PACKAGES`."""
    out = {}
    for top in PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & known
            out |= subs
            if len(subs) < len(node.names) and target in known:
                out.add(target)
    return out - {name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(name, path, set(mods)) for name, path in mods.items()}


def test_the_walk_sees_the_imports():
    g = graph()
    assert "validator.engine.paths" in g["validator.rules.no_retreat.movement"]  # from ...engine.paths import ...
    assert "validator.rules.no_retreat.events_cards" in g["validator.rules.no_retreat.events"]  # from . import x
    assert "validator.rules.no_retreat" in g["players.no_retreat.seat"]  # a name of the package's __init__
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles():
    found = cycles(graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_nothing_in_the_validator_imports_the_players():
    g = graph()
    assert not [(m, d) for m, deps in g.items() if m.startswith("validator") for d in deps
                if d.startswith("players")]
