"""Benchmark: validate the random legal player's full 28-turn campaign log (the first seed from the one given
whose game is not ended early by a victory).

Prints the actions per second of the replay, and the time to read the log (JSON + schema and id checks) and to
replay it, each as a ratio to the time spent just parsing the JSON. Goals: the whole replay of a 28-turn game under
1 s with the reading; the replay alone under 100 ms (issue 9, item 7: the rules side of 10x faster than VASSAL);
the replay under 20x its JSON parse (issue 18).

Measured in CPU time of this process (``time.process_time``), the fastest of several runs of each: the machine is
shared, and wall time swings by 2x with its load while CPU time moves far less. Both sides of a ratio are measured
the same way, one after the other. What the rules derive from the game alone (board, bit boards, card tables) is
made once per process, in the first replay: that first replay is shown too ("first run"), and the ratio is of the
fastest, later ones, as a referee checking a folder of logs runs them.
Run: .venv/bin/python benchmarks/validate.py [seed]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # before this folder, whose art.py is a script

import games  # noqa: E402
from players.no_retreat import play  # noqa: E402
from validator.logfile import parse_log  # noqa: E402
from validator.replay import replay  # noqa: E402

REPLAY_GOAL = 0.100  # s, the rules replay of the whole game


def best(fn, runs: int = 7) -> float:
    """The least CPU time (s) of ``runs`` runs of ``fn``."""
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def verdict(name: str, value: float, goal: str, met: bool) -> str:
    """One line ``RESULT name: value goal ...: PASS`` (``benchmarks/run.py`` repeats these at the end)."""
    return f"RESULT {name}: {value:.1f}x   goal {goal}: {'PASS' if met else 'FAIL'}"


def random_game(game, seed: int) -> tuple[int, list[dict], float]:
    """The first seed from ``seed`` whose random game runs all 28 turns (a victory may end one early), its log lines
    and the seconds that game took to generate."""
    last = game.scenarios["campaign_1941"].last_turn
    for s in range(seed, seed + 20):
        t = time.perf_counter()
        lines = play(game, seed=s)
        generate = time.perf_counter() - t
        if max(x["turn"] for x in lines[1:] if x["type"] == "turn") == last:
            return s, lines, generate
    raise SystemExit("no 28-turn game in 20 seeds")


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    game = games.load("no_retreat")
    seed, lines, generate = random_game(game, seed)
    data = "".join(json.dumps(x) + "\n" for x in lines).encode()
    text = data.decode().splitlines()
    log, game = parse_log("campaign.jsonl", data)
    t = time.process_time()
    result = replay(log, game, keep_states=False)
    t_first = time.process_time() - t
    assert result.clean, result.violations[:3]
    n = len(log.actions)
    moves = sum(1 for a in log.actions if a.type == "move")
    battles = sum(1 for a in log.actions if a.type == "battle")
    events = sum(1 for a in log.actions if a.type == "play") + sum(len(a.get("cards", ())) for a in log.actions
                                                                   if a.type == "battle")
    t_json = best(lambda: [json.loads(x) for x in text])
    t_read = best(lambda: parse_log("campaign.jsonl", data))
    t_replay = best(lambda: replay(log, game, keep_states=False))
    print(f"random player, seed {seed}: {n} actions ({moves} moves, {battles} battles, {events} events played), "
          f"{len(data)} bytes, generated in {generate:.2f} s")
    print("CPU time of this process, fastest of 7 runs each")
    print(f"json parse only     {t_json * 1000:8.1f} ms")
    print(f"read (json+schema)  {t_read * 1000:8.1f} ms   {t_read / t_json:6.1f}x json")
    print(f"replay (all rules)  {t_replay * 1000:8.1f} ms   {t_replay / t_json:6.1f}x json   "
          f"{n / t_replay:8.0f} actions/s   goal < {REPLAY_GOAL * 1000:.0f} ms: "
          f"{'met' if t_replay < REPLAY_GOAL else 'NOT met'}   (first run in this process {t_first * 1000:.1f} ms)")
    total = t_read + t_replay
    print(f"read + replay       {total * 1000:8.1f} ms   goal < 1000 ms: {'met' if total < 1.0 else 'NOT met'}")
    ratio = t_replay / t_json
    print(verdict("JSON Lines replay / its JSON parse (CPU time)", ratio, "< 20x", ratio < 20))
    page(log, game)
    return 0


def page(log, game) -> None:
    """The step-through replay page of the whole game: its size, and the time to make it (board drawn once)."""
    from validator.replay_page import render_page

    t = time.perf_counter()
    html = render_page(replay(log, game, every_state=True)).encode()
    print(f"replay page (--html) {len(html) / 1e6:7.2f} MB for {len(log.actions)} steps, made in "
          f"{time.perf_counter() - t:.1f} s (one self-contained file)")


if __name__ == "__main__":
    sys.exit(main())
