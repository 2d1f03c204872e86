"""What the battle command costs when VASSAL opens a Stalingrad '42 scenario (issue 22).

The same module built twice from one art build, with and without the battle model (hexforge.module_step); each
round opens *S1 Fall Blau* in the real engine (one JVM: the module loaded, File › New Game with the set-up) once
without and once with battles, back to back so that both meet the same load. Reported per side, fastest round: the
module's load and the scenario's opening (wall, the harness's phases), and the JVM's CPU time for the whole run
(user + system: less sensitive to the machine's load than wall time). Goal: the module with battles opens S1 within
1.5 times the time of the module without.

Run: ``.venv/bin/python benchmarks/s42_battles_open.py [--art BUILD_DIR] [--rounds N]`` (``BUILD_DIR``: a folder
``hexforge build stalingrad42 -o`` wrote, whose images are reused; without it the art is built first, minutes).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

GOAL = 1.5
SCENARIO = "S1 Fall Blau"


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def save_text_size(vmod: str) -> int:
    """The length of S1's predefined setup as VASSAL decodes it (the save inside the module, deobfuscated)."""
    import zipfile

    from modgen.savegame import deobfuscate

    with zipfile.ZipFile(vmod) as z:
        name = next(n for n in z.namelist() if n.startswith("s1_") and n.endswith(".vsav"))
        with zipfile.ZipFile(z.open(name)) as save:
            return len(deobfuscate(save.read("savedGame").decode("ascii")))


def main() -> int:
    import games
    from art.build import build as build_art
    from hexforge.module_step import battle_model
    from modgen import module
    from vassal_engine import EngineUnavailable, open_engine

    ap = argparse.ArgumentParser()
    ap.add_argument("--art", help="a build folder of stalingrad42 whose images are reused")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    game = games.load("stalingrad42")
    with tempfile.TemporaryDirectory(prefix="s42-open-") as tmp:
        art = args.art and os.path.join(args.art, "images")
        if not art:
            build_art(game, os.path.join(tmp, "art"))
            art = os.path.join(tmp, "art", "images")
        vmods = {}
        for side, model in (("off", None), ("on", battle_model(game))):
            out = os.path.join(tmp, side)
            shutil.copytree(art, os.path.join(out, "images"))
            vmods[side] = module.build(game, out, model)[0]
            print(f"module {side}: {os.path.getsize(vmods[side]) / 1e6:.1f} MB, S1's save "
                  f"{save_text_size(vmods[side]) / 1e6:.1f} MB of text", flush=True)
        best: dict[str, dict[str, float]] = {}
        try:
            with open_engine() as engine:
                for n in range(args.rounds):
                    for side in ("off", "on"):
                        cpu, start = children_cpu(), time.perf_counter()
                        r = engine.run_script(vmods[side], [{"do": "new_game", "setup": SCENARIO}],
                                              os.path.join(tmp, f"run-{side}-{n}"))
                        got = {"wall": time.perf_counter() - start, "cpu": children_cpu() - cpu,
                               "load": r.phases["module-loaded"] / 1000,
                               "open": (r.phases["step-0"] - r.phases["module-loaded"]) / 1000}
                        got["to_s1"] = got["load"] + got["open"]
                        print(f"round {n + 1} {side}: module loaded {got['load']:.1f} s, S1 opened in "
                              f"{got['open']:.1f} s, whole run {got['wall']:.1f} s wall, {got['cpu']:.1f} s CPU",
                              flush=True)
                        mine = best.setdefault(side, {})
                        for k, v in got.items():
                            mine[k] = min(mine.get(k, v), v)
        except EngineUnavailable as exc:
            print(f"SKIP: {exc}")
            return 0
    off, on = best["off"], best["on"]
    for k, what in (("open", "S1's opening"), ("to_s1", "module load + S1"), ("cpu", "whole run, CPU")):
        print(f"{what}: off {off[k]:.1f} s, on {on[k]:.1f} s: {on[k] / off[k]:.2f}x")
    ratio = on["to_s1"] / off["to_s1"]
    print(f"RESULT S1 opens with battles within {GOAL}x of without (module load + scenario, wall, fastest round): "
          f"{ratio:.2f}x: {'PASS' if ratio <= GOAL else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
