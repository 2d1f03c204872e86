"""Benchmark (issue 9, item 7): decode + translate + validate a long log the real VASSAL engine wrote with our module,
beside the time VASSAL itself takes to load and step through the same log.

The log: the random legal player's 28-turn campaign (the first seed from the one given whose game runs all 28
turns, as benchmarks/validate.py), played through VASSAL with tests/vassal_playback.py (card actions left out:
VASSAL deals its own random cards) and cached under ``build/vassal_validate/`` with the module it was played with
(built once with the real art). VASSAL's dice are its own, so the claimed battle results no longer match: the
validator reports violations, which is part of the work timed.

The reading side (decode, replay + translate, handing the actions to the validator) is timed stage by stage; the
translation always gets a freshly decoded tree, so pieces decoded (and memoised on their commands) by an earlier run
are not reused.

Our stages are first timed one by one (the fastest of ``--runs`` each, wall), to show where the time goes. The goals
are then measured in ``--runs`` rounds, each round both sides back to back so that both meet about the same load of
the machine: VASSAL loads and steps through the log (the real engine, ``time_replay``, its wall time as it has always
been measured), then all of our in-process work in one piece (read the module and the file, decode, translate, hand
over, validate: wall, and CPU time of this process, ``time.process_time``), then the whole command line
``hexforge validate LOG --module VMOD --format json`` (the same work as in this process: the module names the boxes)
as a child process (wall, and its CPU time, user + system from ``resource.getrusage``). Each side's figure is its
fastest round. Each goal is printed as a ``RESULT`` line with PASS or FAIL.

Run: .venv/bin/python benchmarks/vassal_validate.py [seed] [--runs N]      (needs the engine: tools/vassal_engine)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[0:0] = [str(ROOT / "tests"), str(ROOT)]  # before this folder, whose art.py and vassal_engine.py are scripts

import games  # noqa: E402
from validator.logfile import parse_log  # noqa: E402
from validator.replay import replay  # noqa: E402
from validator.vassal.commands import decode_command  # noqa: E402
from validator.vassal.module import read_module  # noqa: E402
from validator.vassal.savefile import read_save  # noqa: E402
from validator.vassal.translate import translate  # noqa: E402
from validator.vassal.vlog_input import hand_over  # noqa: E402
from vassal_engine import open_engine, time_replay  # noqa: E402
from vassal_playback import playback  # noqa: E402
from validate import random_game, verdict  # noqa: E402  (this folder's benchmark of the validator)
from vassal_read import best, best_fresh  # noqa: E402  (this folder's benchmark of the reader)

CACHE = ROOT / "build" / "vassal_validate"


def built_module(game) -> str:
    """The module with the real art, built once into the cache."""
    from art.build import build as build_art
    from hexforge import module_step

    out = CACHE / "module" / game.id
    vmod = out / f"{game.module_name}.vmod"
    if not vmod.is_file():
        build_art(game, str(out))
        module_step.build(game, str(out))
    return str(vmod)


def long_log(engine, game, vmod: str, seed: int) -> tuple[int, Path, int]:
    """(seed, the .vlog, scripted actions), played through VASSAL unless the cache has it."""
    seed, lines, _ = random_game(game, seed)
    script = playback(game, lines[0], lines[1:], "campaign.vlog", cards=False)
    key = hashlib.sha256(json.dumps(script).encode() + Path(vmod).read_bytes()).hexdigest()[:16]
    folder = CACHE / key
    log = folder / "campaign.vlog"
    if not log.is_file():
        print(f"playing {len(script)} scripted actions through VASSAL (once; cached in {folder}) ...", flush=True)
        t = time.perf_counter()
        replace(engine, timeout=3600.0).run_script(vmod, script, folder)
        print(f"  {time.perf_counter() - t:.0f} s")
    return seed, log, len(script)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", nargs="?", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    game = games.load("no_retreat")
    with open_engine() as engine:
        vmod = built_module(game)
        seed, log, n_script = long_log(engine, game, vmod, args.seed)
        compare(engine, game, vmod, log, n_script, seed, args.runs)
    return 0


def compare(engine, game, vmod: str, log: Path, n_script: int, seed: int, runs: int, label: str = "") -> None:
    """Our stages one by one, then the paired rounds, and the two goals (``RESULT`` lines, ``label`` after the
    log's name: which log it is)."""
    stages(game, vmod, log, n_script, seed, runs)
    vassal, ours, cli = paired(engine, game, vmod, log, runs)
    best_vassal = min(vassal, key=lambda r: r.load_and_replay)
    wall, cpu = min(w for w, _ in ours), min(c for _, c in ours)
    print(f"VASSAL load + step to end  {best_vassal.load_and_replay * 1000:8.1f} ms   ({best_vassal.steps} steps; JVM "
          f"start and module load {best_vassal.start_and_module:.1f} s not counted; runs: "
          f"{', '.join(f'{r.load_and_replay:.1f}' for r in vassal)} s)")
    print(f"hexforge read + validate   {wall * 1000:8.1f} ms   (wall, the whole of one run right after each of "
          f"VASSAL's; {cpu * 1000:.1f} ms CPU time; runs: {', '.join(f'{w * 1000:.0f}' for w, _ in ours)} ms)")
    ratio = best_vassal.load_and_replay / wall
    print(f"hexforge is {ratio:.1f}x faster than VASSAL's replay (wall; VASSAL's wall over our CPU time "
          f"{best_vassal.load_and_replay / cpu:.1f}x)")
    print(verdict(f"read + validate the VASSAL log{label} vs VASSAL's load and step-through (wall)", ratio, ">= 10x",
                  ratio >= 10))
    t_cli, cpu_cli = min(w for w, _ in cli), min(c for _, c in cli)
    v_wall = min(r.wall for r in vassal)
    print(f"whole command lines: hexforge validate {t_cli:.2f} s wall, {cpu_cli:.2f} s CPU (Python start included; "
          f"runs: {', '.join(f'{w:.2f}' for w, _ in cli)} s) vs VASSAL start, load module, load and step through the "
          f"log {v_wall:.2f} s (runs: {', '.join(f'{r.wall:.1f}' for r in vassal)} s): {v_wall / t_cli:.1f}x (over our "
          f"CPU time {v_wall / cpu_cli:.1f}x)")
    print(verdict(f"hexforge validate{label} vs VASSAL, whole command lines (wall)", v_wall / t_cli, ">= 10x",
                  v_wall / t_cli >= 10))


def stages(game, vmod: str, log: Path, n_script: int, seed: int, runs: int) -> None:
    """Our side stage by stage, each the fastest of ``runs`` (wall): where the time goes."""
    module = read_module(vmod)
    t_module, _ = best(lambda: read_module(vmod), runs)
    t_read, save = best(lambda: read_save(str(log)), runs)
    t_cold, _ = best(lambda: hand_over(str(log), translate(decode_command(save.text), game, module), game),
                     1)  # before anything is memoised
    t_decode, root = best(lambda: decode_command(save.text), runs)
    t_translate, tr = best_fresh(lambda: decode_command(save.text), lambda r: translate(r, game, module), runs)
    t_hand, handed = best(lambda: hand_over(str(log), tr, game), runs)
    data = tr.jsonl().encode()
    t_parse, parsed = best(lambda: parse_log(str(log), data), runs)
    glog, _ = handed
    assert glog == parsed[0]  # the same game log either way
    t_validate, result = best(lambda: replay(glog, game, keep_states=False), runs)
    reading = t_decode + t_translate + t_hand
    print(f"log: random player seed {seed}, {n_script} scripted VASSAL actions, {tr.steps} logged steps, "
          f"{len(save.text):,} characters -> {len(tr.actions)} actions ({tr.notes} notes), "
          f"{len(result.violations)} violations")
    print(f"read module (names)        {t_module * 1000:8.1f} ms")
    print(f"read file (unzip, XOR)     {t_read * 1000:8.1f} ms")
    print(f"decode command tree        {t_decode * 1000:8.1f} ms")
    print(f"replay + translate         {t_translate * 1000:8.1f} ms   {tr.steps / t_translate:8.0f} steps/s")
    print(f"hand to the validator      {t_hand * 1000:8.1f} ms   (the actions as objects, checked where the translator "
          f"copies values; all checks on the JSON Lines text {t_parse * 1000:.1f} ms)")
    print(f"reading side               {reading * 1000:8.1f} ms   (decode + replay + translate + hand over; with the module "
          f"and the file {(t_module + t_read + reading) * 1000:.1f} ms; the first run in this process, nothing "
          f"memoised yet: {t_cold * 1000:.1f} ms)")
    print(f"validate (all rules)       {t_validate * 1000:8.1f} ms")
    print(f"stages together            {(t_module + t_read + reading + t_validate) * 1000:8.1f} ms   (wall, the sum of "
          "the stages' fastest)")


def paired(engine, game, vmod: str, log: Path, runs: int):
    """``runs`` rounds of: VASSAL loads and steps through the log; right after it, all of our in-process work in one
    piece (wall and CPU time), then the whole ``hexforge validate`` command line (wall and CPU time). Each round's
    two sides run back to back, so that both meet about the same load of the machine (the load moves VASSAL's own
    time 13-63 s between runs minutes apart)."""
    command = [sys.executable, "-m", "hexforge.cli", "validate", str(log), "--module", vmod, "--format", "json"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # bytecode cached, as installed
    subprocess.run(command, capture_output=True, cwd=ROOT, check=False, env=env)  # writes the bytecode once

    def whole() -> None:
        """Everything of one run, as one piece: read the module and the file, decode, translate, hand over, validate."""
        m = read_module(vmod)
        s = read_save(str(log))
        g, _ = hand_over(str(log), translate(decode_command(s.text), game, m), game)
        replay(g, game, keep_states=False)

    vassal, ours, cli = [], [], []
    for _ in range(runs):
        vassal.append(time_replay(engine, vmod, log))
        t, c = time.perf_counter(), time.process_time()
        whole()
        ours.append((time.perf_counter() - t, time.process_time() - c))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(command, capture_output=True, cwd=ROOT, check=False, env=env)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cli.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return vassal, ours, cli


if __name__ == "__main__":
    sys.exit(main())
