"""How long the real VASSAL engine takes for what the tests ask of it (figures for docs/vassal-engine.md).

    .venv/bin/python benchmarks/vassal_engine.py [--module build/no_retreat/NoRetreat.vmod --game no_retreat] [--runs 3]

Measures, on the harness's small test module (and on ``--module`` when given, locating every hex centre of ``--game``):
JVM start to module loaded, a whole ``check``, a 380-point ``locate`` (the No Retreat! map has 380 hexes; on the
small module 380 points are spread over its 80 hexes), the time per scripted action, and VASSAL's own
decode + load + replay of the log the script wrote (``time_replay``, the figure issue 9's reader is compared with).
Times are medians of ``--runs`` runs; ratios put each call beside the JVM start-up that dominates it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import games  # noqa: E402
from games.grid import HexIds, Layout  # noqa: E402
from harness_module import hex_centre, write_module  # noqa: E402
from vassal_engine import Engine, open_engine, time_replay  # noqa: E402

MOVES = 40  # scripted moves per timing run


def median_of(runs: int, fn: Callable[[], float]) -> float:
    return statistics.median(fn() for _ in range(runs))


def wall(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def module_figures(engine: Engine, vmod: Path, runs: int, points: list[tuple[int, int]], map_name: str | None) -> None:
    loaded = median_of(runs, lambda: engine.check(vmod).phases["module-loaded"] / 1000)
    check = median_of(runs, lambda: wall(lambda: engine.check(vmod)))
    locate = median_of(runs, lambda: wall(lambda: engine.locate(vmod, map_name, points)))
    print(f"  {'JVM start → module loaded':34} {loaded:6.2f} s")
    print(f"  {'check (load, inventory, new game)':34} {check:6.2f} s  = {check / loaded:.2f} × load")
    print(f"  {f'locate {len(points)} points':34} {locate:6.2f} s  = {locate / loaded:.2f} × load")


def script_figures(engine: Engine, vmod: Path, runs: int, out: Path) -> None:
    hexes = ["0303", "0404"]
    actions = [{"do": "new_game"}, {"do": "begin_log", "file": "bench.vlog"},
               {"do": "place", "slot": "Infantry", "at": "0102"}]
    actions += [{"do": "move", "piece": {"UnitId": "inf_1"}, "to": hexes[i % 2]} for i in range(MOVES)]
    actions += [{"do": "end_log"}]
    first = len(actions) - MOVES - 1

    def per_action() -> float:
        ph = engine.run_script(vmod, actions, out).phases
        return (ph[f"step-{first + MOVES - 1}"] - ph[f"step-{first - 1}"]) / 1000 / MOVES

    step = median_of(runs, per_action)
    replay = [time_replay(engine, vmod, out / "bench.vlog") for _ in range(runs)]
    r = min(replay, key=lambda t: t.load_and_replay)
    print(f"  {'one scripted move':34} {step * 1000:6.1f} ms (median over {MOVES} moves)")
    print(f"  {'VASSAL load + replay of that log':34} {r.load_and_replay:6.2f} s for {r.steps} steps "
          f"(whole call {r.wall:.2f} s, of which {r.start_and_module:.2f} s JVM start and module load)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--module", type=Path, help="also measure this module (e.g. build/no_retreat/NoRetreat.vmod)")
    ap.add_argument("--game", default="no_retreat", help="game whose hex centres are located on --module")
    ap.add_argument("--map", default=None, help="map of --module to locate points on (default: its first map)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with open_engine() as engine, tempfile.TemporaryDirectory() as tmp:
        small = write_module(Path(tmp) / "HarnessTest.vmod")
        points = [tuple(round(v) for v in hex_centre(i % 10, (i // 10) % 8)) for i in range(380)]
        print("harness test module (10×8 hexes, 5 slots)")
        module_figures(engine, small, args.runs, points, "Main Map")
        script_figures(engine, small, args.runs, Path(tmp) / "out")
        if args.module:
            game = games.load(args.game)
            layout, ids = Layout.module(game.map.grid), HexIds(game.map.grid)
            centres = [layout.centre(ids.hex_of(h)) for h in sorted(game.map.hexes)]
            print(f"{args.module}")
            module_figures(engine, args.module, args.runs, centres, args.map)
    return 0


if __name__ == "__main__":
    sys.exit(main())
