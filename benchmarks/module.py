"""Benchmark of the module build: how long ``hexforge build`` takes to make the whole ``.vmod``.

Times, in one run and into a scratch folder: the art step (every image), then the module step split into its parts
(reading the images, ``buildFile.xml``, the scenario saves, zipping and writing), and the time zipping the same
entries takes on its own. Prints the ratios: module step / bare zipping, and whole build / one minute (goal: the
whole module in seconds, well under a minute).

Run: .venv/bin/python benchmarks/module.py [game]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

# benchmarks/ holds scripts named like packages (art.py): keep this folder off the import path
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import games  # noqa: E402
from art.build import build as build_art  # noqa: E402
from modgen import module, scenario  # noqa: E402
from games.atomic import write_atomic  # noqa: E402
from modgen.archive import zip_bytes  # noqa: E402
from hexforge import module_step  # noqa: E402
from hexforge.rebuild import forget  # noqa: E402

GOAL_S = 60.0


def _timed(fn, *args):
    t = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - t


def main(game_id: str = "no_retreat") -> int:
    game = games.load(game_id)
    with tempfile.TemporaryDirectory(prefix="bench-module-") as tmp:
        out = os.path.join(tmp, game.id)
        _, art_s = _timed(build_art, game, out)
        files, find_s = _timed(module.image_files, out, game)
        sizes, size_s = _timed(module.image_sizes, files)
        battles = module_step.battles(game)
        ctx = module.with_own_images(game, sizes, battles)[0]
        saves, save_s = _timed(scenario.setup_saves, ctx, module.module_data(game), module.MODULE_VERSION,
                               module.VASSAL_VERSION)
        setups = [(game.scenarios[sid].name, file) for sid, (file, _) in saves.items()]
        _, xml_s = _timed(module.build_file, ctx, setups)
        forget()  # (each timed part from nothing: what the process kept of the parts above is a rebuild's gain)
        entries, entries_s = _timed(module.module_entries, game, out, battles)
        data, zip_s = _timed(zip_bytes, entries)
        _, write_s = _timed(write_atomic, module.vmod_path(game, out), data)
        forget()
        written, step_s = _timed(module_step.build, game, out)
        size_mb = os.path.getsize(written[0]) / 1e6
    print(f"{'part':<34}{'seconds':>9}")
    for name, s in (("art step (all images)", art_s), ("module: find images", find_s),
                    ("module: read image sizes", size_s), ("module: buildFile.xml", xml_s),
                    ("module: scenario saves", save_s), ("module: all entries in memory", entries_s),
                    ("module: zip", zip_s), ("module: write", write_s), ("module step (hexforge build)", step_s)):
        print(f"{name:<34}{s:>9.3f}")
    total = art_s + step_s
    print(f"module {size_mb:.1f} MB; module step / bare zip = {step_s / zip_s:.2f}x; "
          f"whole build {total:.1f} s = {total / GOAL_S:.2f} of the {GOAL_S:.0f} s goal")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
