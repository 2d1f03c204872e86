"""Benchmark: validate the Stalingrad '42 random legal player's 36-turn Campaign Game log (movement, rail, sea, Entry
Areas, reinforcements, replacements, weather, supply, Railheads, Isolation Attrition, and combat: battles with their
Determined Defenses, step losses, retreats, advances and Breakthrough Combat, then rallies).

Prints the actions per second of the replay, and the time to read the log (JSON + schema and id checks) and to
replay it, each as a ratio to the time spent just parsing the JSON. Goal (issue 14): the replay of the 36-turn game
well under a second. Run: .venv/bin/python benchmarks/validate_s42.py [seed] [move_share]
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


def best(fn, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    share = float(sys.argv[2]) if len(sys.argv) > 2 else 0.5
    game = games.load("stalingrad42")
    t = time.perf_counter()
    lines = play(game, seed=seed, move_share=share)
    generate = time.perf_counter() - t
    data = "".join(json.dumps(x) + "\n" for x in lines).encode()
    text = data.decode().splitlines()
    log, game = parse_log("campaign.jsonl", data)
    result = replay(log, game, keep_states=False)
    assert result.clean, result.violations[:3]
    n = len(log.actions)
    kinds = {k: sum(1 for a in log.actions if a.type == k)
             for k in ("move", "rail", "supply", "attrition", "place", "battle", "determined", "loss", "retreat",
                       "advance", "breakthrough", "rally")}
    t_json = best(lambda: [json.loads(x) for x in text])
    t_read = best(lambda: parse_log("campaign.jsonl", data))
    t_replay = best(lambda: replay(log, game, keep_states=False))
    turns = max(a["turn"] for a in log.actions if a.type == "turn")
    print(f"random player, seed {seed}, {turns} turns: {n} actions ({kinds}), {len(data)} bytes, generated in "
          f"{generate:.1f} s")
    print(f"json parse only     {t_json * 1000:8.1f} ms")
    print(f"read (json+schema)  {t_read * 1000:8.1f} ms   {t_read / t_json:6.1f}x json")
    print(f"replay (all rules)  {t_replay * 1000:8.1f} ms   {t_replay / t_json:6.1f}x json   {n / t_replay:8.0f} actions/s"
          f"   goal < {GOAL * 1000:.0f} ms: {'met' if t_replay < GOAL else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
