"""Run every benchmark script in this folder, one after another, and print what each reports.

Each script prints its own figures as ratios (see its docstring); timed assertions never live in the tests.
Run: ``make bench`` or ``.venv/bin/python benchmarks/run.py [name ...]``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def scripts(names: list[str]) -> list[str]:
    found = sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".py") and f not in ("run.py", "__init__.py"))
    unknown = [n for n in names if n not in found]
    if unknown:
        raise SystemExit(f"benchmarks/run.py: unknown benchmark(s): {', '.join(unknown)} (have: {', '.join(found)})")
    return names or found


def main(argv: list[str]) -> int:
    failed = []
    for name in scripts(argv):
        print(f"== {name} ==", flush=True)
        start = time.perf_counter()
        rc = subprocess.call([sys.executable, os.path.join(HERE, f"{name}.py")], cwd=os.path.dirname(HERE))
        print(f"-- {name}: exit {rc}, {time.perf_counter() - start:.1f} s wall\n", flush=True)
        if rc:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
