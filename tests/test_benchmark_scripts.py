"""Every benchmark script still loads: `make bench` is not part of the suite, and two scripts had broken unnoticed
(one imported a function that had been renamed, one asked a game's module for another game's menu command). Loading
a script runs its imports and definitions, not its ``main``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p for p in BENCH.glob("*.py"))


def test_there_are_benchmark_scripts() -> None:
    assert len(SCRIPTS) >= 10 and (BENCH / "run.py") in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_the_script_loads(script: Path, monkeypatch) -> None:
    """Loaded as ``python benchmarks/x.py`` runs it: its folder first on the path (scripts import each other)."""
    monkeypatch.setattr(sys, "path", [str(BENCH), *sys.path])
    before = dict(sys.modules)
    spec = importlib.util.spec_from_file_location(f"bench_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    finally:  # the scripts it imported by their bare names are not left as modules of those names
        for name, mod in list(sys.modules.items()):
            if Path(getattr(mod, "__file__", None) or "/").parent == BENCH and before.get(name) is not mod:
                del sys.modules[name]
        sys.modules.update({k: v for k, v in before.items() if k not in sys.modules})
    assert callable(getattr(module, "main", None))
