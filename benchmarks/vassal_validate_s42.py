"""Benchmark (issue 15): decode + translate + validate the random legal player's 36-turn Stalingrad '42 Campaign Game
as a log the real VASSAL engine wrote with the generated module, beside the time VASSAL itself takes to load and
step through the same log; measured as No Retreat!'s (``vassal_validate.py``: the same stages, the same paired
rounds, the same two goals, >= 10x each).

The log: the random player's Campaign Game (seed 1 by default, 36 turns), played through VASSAL with
tests/vassal_playback.py (what a player cannot say with the module is left out, see its docstring) and cached under
``build/vassal_validate/`` keyed on the playback script and the module's bytes (the module is built once with the
real art into the same folder). VASSAL's dice are its own, so the claimed battle results no longer match: the
validator reports violations, which is part of the work timed. Before timing, every unit on the map in VASSAL's final
state of that playing is checked to be where the validator's replay of the translation puts it
(``units_where_vassal_left_them``), so the log timed is one VASSAL really stepped through to the replay's end.

Run: .venv/bin/python benchmarks/vassal_validate_s42.py [seed] [--runs N]      (needs the engine: tools/vassal_engine)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[0:0] = [str(ROOT / "tests"), str(ROOT)]  # before this folder, whose art.py and vassal_engine.py are scripts

import games  # noqa: E402
from modgen import module  # noqa: E402
from players.stalingrad42 import play  # noqa: E402
from validator.replay import replay  # noqa: E402
from validator.vassal.vlog_input import load_vassal  # noqa: E402
from vassal_engine import open_engine  # noqa: E402
from vassal_playback import playback, units_where_vassal_left_them  # noqa: E402
from vassal_validate import CACHE, built_module, compare  # noqa: E402  (No Retreat!'s benchmark: the same method)

GAME = "stalingrad42"


def script_for(game, vmod: str, lines: list[dict]) -> list[dict]:
    """The harness script that plays ``lines`` (header first) from the scenario's set-up in VASSAL."""
    ctx = module.context(game, str(Path(vmod).parent))
    return playback(game, lines[0], lines[1:], "campaign.vlog", cards=False, area_point=ctx.point)


def played_log(engine, game, vmod: str, script: list[dict]) -> tuple[Path, int]:
    """(the .vlog, units checked): played through VASSAL unless the cache has it; when it is played, VASSAL's final
    pieces are compared with the validator's replay of the translation and the count kept beside the log."""
    key = hashlib.sha256(json.dumps(script).encode() + Path(vmod).read_bytes()).hexdigest()[:16]
    folder = CACHE / key
    log, seen = folder / "campaign.vlog", folder / "units_checked"
    if not (log.is_file() and seen.is_file()):
        print(f"playing {len(script)} scripted actions through VASSAL (once; cached in {folder}) ...", flush=True)
        t = time.perf_counter()
        result = replace(engine, timeout=4 * 3600.0).run_script(vmod, script, folder)
        print(f"  {time.perf_counter() - t:.0f} s ({len(result.problems)} problems reported by VASSAL)")
        v = load_vassal(str(log), vmod)
        final = replay(v.log, v.game, keep_states=False).final
        seen.write_text(str(units_where_vassal_left_them(game, result.pieces, final)))
    return log, int(seen.read_text())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", nargs="?", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    game = games.load(GAME)
    t = time.perf_counter()
    lines = play(game, seed=args.seed)
    turns = max(x["turn"] for x in lines[1:] if x["type"] == "turn")
    print(f"random player, seed {args.seed}: {turns} turns, {len(lines) - 1} actions (generated in "
          f"{time.perf_counter() - t:.0f} s)")
    with open_engine() as engine:
        vmod = built_module(game)
        script = script_for(game, vmod, lines)
        log, seen = played_log(engine, game, vmod, script)
        print(f"VASSAL's final state: {seen} units on the map where the validator's replay of the translation puts "
              "them")
        compare(engine, game, vmod, log, len(script), args.seed, args.runs, f" of {turns} Stalingrad '42 turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
