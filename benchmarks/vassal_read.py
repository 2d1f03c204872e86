"""Benchmark of the VASSAL reader: decode + replay time of the longest sample log, commands per second, and how that
compares with merely reading the file (unzip + de-obfuscate + UTF-8) and with a flat ``split(ESC)`` of its text.
Each replay is timed on a freshly decoded tree (its pieces are decoded in the replay, as in a real run).

Run: .venv/bin/python benchmarks/vassal_read.py [SAMPLES_DIR]   (default: ../shared/vassal-samples)
"""

from __future__ import annotations

import glob
import os
import sys
import time

from validator.vassal.commands import census, decode_command, steps
from validator.vassal.module import read_module
from validator.vassal.replay import replay
from validator.vassal.savefile import read_save

REPEATS = 3


def best(fn, repeats: int = REPEATS) -> tuple[float, object]:
    """The fastest of ``repeats`` runs (seconds) and the last result."""
    return best_fresh(lambda: None, lambda _: fn(), repeats)


def best_fresh(setup, fn, repeats: int = REPEATS) -> tuple[float, object]:
    """The fastest of ``repeats`` timings of ``fn(setup())`` (``setup`` not timed: each run gets fresh input, so
    nothing memoised on the input by an earlier run is reused) and the last result."""
    times, result = [], None
    for _ in range(repeats):
        result = None  # the last run's result freed before the next is timed (a real run frees nothing)
        given = setup()
        t = time.perf_counter()
        result = fn(given)
        times.append(time.perf_counter() - t)
    return min(times), result


def main(samples: str) -> int:
    logs = sorted(glob.glob(os.path.join(samples, "*", "*.vlog")) + glob.glob(os.path.join(samples, "*", "*", "*.log"))
                  + glob.glob(os.path.join(samples, "*", "*.log")))
    if not logs:
        print(f"no sample logs under {samples}")
        return 1
    longest = max(logs, key=lambda p: len(steps(decode_command(read_save(p).text))[1]))
    module_file = os.path.join(os.path.dirname(os.path.dirname(longest)), "buildFile")
    module = read_module(module_file) if os.path.isfile(module_file) else None
    t_read, save = best(lambda: read_save(longest))
    text = save.text
    t_split, _ = best(lambda: text.split("\x1b"))
    t_decode, root = best(lambda: decode_command(text))
    counts = census(root)
    commands = sum(counts.values())
    n_steps = len(steps(root)[1])

    def run_replay(tree, record: bool) -> int:
        n = 0
        for _step, _ in replay(tree, module, record=record):
            n += 1
        return n

    def fresh():  # a tree decoded anew: pieces are decoded (and memoised on their commands) in the timed replay
        return decode_command(text)

    t_fast, _ = best_fresh(fresh, lambda tree: run_replay(tree, False))
    t_full, _ = best_fresh(fresh, lambda tree: run_replay(tree, True))
    total = t_read + t_decode + t_full
    print(f"log: {os.path.relpath(longest, samples)} ({len(text):,} characters, {n_steps} steps, {commands:,} "
          f"commands: {', '.join(f'{k} {v}' for k, v in counts.most_common(6))})")
    print(f"read (unzip, de-obfuscate, UTF-8): {t_read * 1000:8.1f} ms")
    print(f"decode command tree (exact):      {t_decode * 1000:8.1f} ms   {t_decode / t_split:6.1f}x a flat split(ESC)")
    print(f"replay, positions only:           {t_fast * 1000:8.1f} ms")
    print(f"replay with named locations:      {t_full * 1000:8.1f} ms   module: {module.name if module else '-'}")
    print(f"total read + decode + replay:     {total * 1000:8.1f} ms   {commands / total:,.0f} commands/s, "
          f"{n_steps / total:,.0f} steps/s, {total / t_read:.1f}x the time to read the file")
    return 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.normpath(os.path.join(here, "..", "..", "shared", "vassal-samples"))
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else default))
