"""Benchmark (issue 15): decode + translate + validate the random legal player's 36-turn Stalingrad '42 Campaign Game
as a log the real VASSAL engine wrote with the generated module, beside the time VASSAL itself takes to load and
step through the same log; measured as No Retreat!'s (``vassal_validate.py``: the same stages, the same paired
rounds, the same two goals, >= 10x each).

The log: the random player's Campaign Game (seed 1 by default, 36 turns), as tests/vassal_playback.py would play it
through VASSAL (what a player cannot say with the module is left out, see its docstring), written by our own VASSAL
command encoder (``tests/s42_vlog_writer.py``: playing those 11,000 scripted actions through the real engine took
over an hour on this machine, 5,497 steps in 31 minutes before it was stopped) and cached under
``build/vassal_validate/`` keyed on the script, the dice, the encoder and the module's bytes (the module is built
once with the real art into the same folder). The dice are the log's own. When the log is written, VASSAL loads it
and steps through it to the end (the harness's ``decode`` with replay): every step without a problem, every unit in
VASSAL's final state where our reader's replay of the log puts it (else it stops), and how many of those on the map
the validator's replay of the translation puts in the same place (units the rules move by themselves can differ:
the old counter of Wiking's upgrade, 32.4, stays in VASSAL). The playback keeps the Disrupted and Full Retreat
markers on the units as a player does (``orders``), so the Rally rolls are read; the legal log validates with no
violation (what the module cannot say is silent or a note: docs/vassal-reading.md).

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
from validator.vassal.commands import decode_command  # noqa: E402
from validator.vassal.module import read_module  # noqa: E402
from validator.vassal.replay import replay as reader_replay  # noqa: E402
from validator.vassal.savefile import read_save  # noqa: E402
from vassal_playback import playback  # noqa: E402
from s42_vlog_writer import dice_of, write_vlog  # noqa: E402  (tests/: our VASSAL command encoder)
from vassal_validate import CACHE, built_module, compare  # noqa: E402  (No Retreat!'s benchmark: the same method)

GAME = "stalingrad42"


def script_for(game, vmod: str, lines: list[dict]) -> list[dict]:
    """The harness script that plays ``lines`` (header first) from the scenario's set-up in VASSAL."""
    ctx = module.context(game, str(Path(vmod).parent))
    return playback(game, lines[0], lines[1:], "campaign.vlog", cards=False, area_point=ctx.point, removals=True,
                    orders=True)


def written_log(engine, game, vmod: str, lines: list[dict], script: list[dict]) -> tuple[Path, list[str]]:
    """(the .vlog, what VASSAL's run of it showed): written by our encoder (``s42_vlog_writer``) unless the cache has
    it; when it is written, VASSAL loads it and steps through it to the end, and its final pieces are compared with
    our reader's replay of the log (every unit: AssertionError naming the first that differs) and with the
    validator's replay of its translation (counted)."""
    dice = dice_of(lines)
    writer = (ROOT / "tests" / "s42_vlog_writer.py").read_bytes()
    key = hashlib.sha256(json.dumps([script, dice]).encode() + writer + Path(vmod).read_bytes()).hexdigest()[:16]
    folder = CACHE / key
    log, seen = folder / "campaign.vlog", folder / "vassal_run.txt"
    if not (log.is_file() and seen.is_file()):
        folder.mkdir(parents=True, exist_ok=True)
        t = time.perf_counter()
        steps = write_vlog(game, vmod, lines[0]["scenario"], script, dice, str(log))
        print(f"wrote {len(script)} scripted actions as {steps} VASSAL steps in {time.perf_counter() - t:.0f} s "
              f"(cached in {folder}); VASSAL loads it and steps through it ...", flush=True)
        t = time.perf_counter()
        result = replace(engine, timeout=3600.0).decode(vmod, log, replay=True, commands=False)
        took = time.perf_counter() - t
        assert result.steps == steps and not result.problems, (result.steps, result.problems[:3])
        same = same_as_reader(game, vmod, log, result.pieces)
        report = [f"VASSAL loaded the log and stepped through all {result.steps} steps in {took:.0f} s, no problem "
                  f"reported", f"its final state: {same} units on its maps, each where our reader's replay of the log "
                  "puts it"]
        v = load_vassal(str(log), vmod)
        final = replay(v.log, v.game, keep_states=False).final
        agree, differ = rules_agreement(game, result.pieces, final)
        report.append(f"{agree} of them where the validator's replay of the translation puts them; elsewhere "
                      f"{len(differ)} ({', '.join(differ)}): units the rules moved by themselves on the "
                      "translation (an upgrade's old counter), or whose lines lack what the module cannot say")
        seen.write_text("\n".join(report) + "\n")
    return log, seen.read_text().splitlines()


def same_as_reader(game, vmod: str, log: Path, pieces) -> int:
    """How many of VASSAL's final units our reader's replay of the log (``validator.vassal.replay``, no rules) puts
    on the same map and location (AssertionError naming the first it does not)."""
    *_, (_, rp) = reader_replay(decode_command(read_save(str(log)).text), read_module(vmod), game)
    ours = {view.piece.markers().get("UnitId"): view.place for view in rp.state().pieces.values()}
    n = 0
    for p in pieces:
        uid = p.properties.get("UnitId")
        if uid and p.map:
            place = ours.get(uid)
            assert place is not None and (place.map, place.location) == (p.map, p.location), (uid, place, p)
            n += 1
    return n


def rules_agreement(game, pieces, final) -> tuple[int, list[str]]:
    """(units on VASSAL's main map where the validator's replay of the translation puts them, the others)."""
    names = {b.name: bid for bid, b in game.map.boxes.items()} | {a.name: aid for aid, a in game.map.areas.items()}
    agree, differ = 0, []
    for p in pieces:
        uid = p.properties.get("UnitId")
        if uid and p.map == "Main Map" and (p.location in game.map.hexes or p.location in names):
            if final.units[uid].loc == names.get(p.location, p.location):
                agree += 1
            else:
                differ.append(f"{uid} in {p.location}, not {final.units[uid].loc}")
    return agree, differ


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
        log, report = written_log(engine, game, vmod, lines, script)
        print("\n".join(report))
        compare(engine, game, vmod, log, len(script), args.seed, args.runs, f" of {turns} Stalingrad '42 turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
