"""Benchmark: validate the Stalingrad '42 random legal player's 36-turn Campaign Game log (movement, rail, sea, Entry
Areas, reinforcements, replacements, weather, supply, Railheads, Isolation Attrition, and combat: battles with their
Determined Defenses, step losses, retreats, advances and Breakthrough Combat, then rallies).

Prints the time to load the game, to read the log (JSON, limits, schema and id checks, the game already loaded as a
batch or the command line has it) and to replay it, in CPU time of this process (``time.process_time``: the
machine is shared, wall time swings with its load) and in wall time, each the fastest of several runs, with the
ratio to the time spent just parsing the JSON. Goal (issue 14): the replay of the 36-turn game well under a second;
``RESULT`` line: the replay's CPU time against 1 s. Run: .venv/bin/python benchmarks/validate_s42.py [seed]
[move_share] [runs]
"""

from __future__ import annotations

import json
import sys
import time

import games
from players.stalingrad42 import play
from validator.logfile import parse_log
from validator.replay import replay

GOAL = 1.0  # s, the rules replay of the whole game


def best(fn, runs: int) -> tuple[float, float]:
    """(CPU, wall) seconds of ``fn``, each the fastest of ``runs``."""
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return min(cpu), min(wall)


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    share = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    game = games.load("stalingrad42")
    t = time.perf_counter()
    lines = play(game, seed=seed, move_share=share)
    generate = time.perf_counter() - t
    data = "".join(json.dumps(x) + "\n" for x in lines).encode()
    text = data.decode().splitlines()
    known = {game.id: game}
    log, game = parse_log("campaign.jsonl", data, known)
    t = time.process_time()
    result = replay(log, game, keep_states=False)
    first = time.process_time() - t
    assert result.clean, result.violations[:3]
    n = len(log.actions)
    kinds = {k: sum(1 for a in log.actions if a.type == k)
             for k in ("move", "rail", "supply", "attrition", "place", "battle", "determined", "loss", "retreat",
                       "advance", "breakthrough", "rally")}
    t_json = best(lambda: [json.loads(x) for x in text], runs)
    t_load = best(lambda: games.load("stalingrad42"), 2)
    t_read = best(lambda: parse_log("campaign.jsonl", data, known), runs)
    t_replay = best(lambda: replay(log, game, keep_states=False), runs)
    turns = max(a["turn"] for a in log.actions if a.type == "turn")
    print(f"random player, seed {seed}, {turns} turns: {n} actions ({kinds}), {len(data)} bytes, generated in "
          f"{generate:.1f} s; CPU time (wall time), fastest of {runs}")
    print(f"json parse only     {t_json[0] * 1000:8.1f} ms ({t_json[1] * 1000:7.1f})")
    print(f"load the game       {t_load[0] * 1000:8.1f} ms ({t_load[1] * 1000:7.1f})   once per process")
    print(f"read (json+schema)  {t_read[0] * 1000:8.1f} ms ({t_read[1] * 1000:7.1f})   {t_read[0] / t_json[0]:6.1f}x json")
    print(f"replay (all rules)  {t_replay[0] * 1000:8.1f} ms ({t_replay[1] * 1000:7.1f})   "
          f"{t_replay[0] / t_json[0]:6.1f}x json   {n / t_replay[0]:8.0f} actions/s   first in the process "
          f"{first * 1000:.1f} ms")
    print(f"RESULT replay of the 36-turn Stalingrad '42 game: {t_replay[0]:.2f} s CPU   goal < {GOAL:.1f} s: "
          f"{'PASS' if t_replay[0] < GOAL else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
