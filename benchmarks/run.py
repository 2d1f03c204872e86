"""Run every benchmark script in this folder, one after another, and print what each reports.

Each script prints its own figures as ratios (see its docstring); timed assertions never live in the tests. A line a
script prints as ``RESULT what: ratio goal ...: PASS`` (or ``FAIL``) is a goal of an issue; all of them are repeated
at the end, so that one run shows every goal side by side.
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
    failed, results = [], []
    for name in scripts(argv):
        print(f"== {name} ==", flush=True)
        start = time.perf_counter()
        with subprocess.Popen([sys.executable, os.path.join(HERE, f"{name}.py")], cwd=os.path.dirname(HERE),
                              stdout=subprocess.PIPE, text=True, bufsize=1) as proc:
            assert proc.stdout is not None
            for line in proc.stdout:
                print(line, end="", flush=True)
                if line.startswith("RESULT "):
                    results.append(f"{name}: {line[len('RESULT '):].rstrip()}")
        rc = proc.returncode
        print(f"-- {name}: exit {rc}, {time.perf_counter() - start:.1f} s wall\n", flush=True)
        if rc:
            failed.append(name)
    if results:
        print("== goals, this run ==")
        print("\n".join(results))
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
