"""``hexforge validate LOG ...``: replay game logs against the rules and report every violation.

One log: its violations (one line each) and a summary line, or ``--format json`` one document; ``--html`` writes the
step-through replay page. Several logs or a folder (a tournament's games): each checked in a worker process, all
cores at once (:mod:`.batch`), each log's report in the order given, then a summary table (file, game, turns,
violations by rule, result); ``--format json`` gives one document with every log's.

Exit codes: 0 every log legal; 1 a log broke the rules; 2 a log could not be read (or the report cannot be written:
one line on stderr per log, nothing written); 3 a log met a bug of hexforge. With several logs the highest of these
wins in the order 3, 2, 1, 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import nullcontext
from typing import Any

from games.datafiles import read_head
from games.errors import MAX_ERRORS, DataError, InputError, one_line
from games.lasting import lasting, released
from games.model import Game

from .batch import BROKE_RULES, INTERNAL, LEGAL, UNREADABLE, Outcome, exit_code, find_logs, run_batch, table, totals
from .logfile import LogError, read_log
from .model import GameLog
from .replay import replay, rules_of
from .report import as_doc, by_rule, text_lines, turns


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("logs", nargs="+", metavar="LOG",
                   help="game logs: JSON Lines (.jsonl), or VASSAL .vlog/.vsav made with a hexforge module; a folder "
                        "stands for every log in it")
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="report on standard output: text lines and a summary (default), or one JSON document")
    p.add_argument("--html", metavar="OUT.html",
                   help="(one log) also write a step-through replay page: the board at every action, violations "
                        "marked where they happen; one file that opens offline")
    p.add_argument("--module", metavar="VMOD", help="for a VASSAL log: the module it was played with, for the names of "
                                                    "boxes and tracks (default: <module>.vmod beside the log, or the "
                                                    "build output)")
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help="several logs: check N at a time (default: one per processor core)")


def load_input(path: str, module: str | None = None,
               known: dict[str, Game] | None = None) -> tuple[GameLog, Game, str | None, str]:
    """Read any supported log into (GameLog, Game, the module file read with it, a note for stderr or ""); the one
    place that dispatches on the kind of file: a VASSAL save or log is translated first, with ``module`` when given
    (validator.vassal.vlog_input; the note says what was not interpreted). ``known``: games already loaded."""
    from .vassal import is_vassal  # (the VASSAL reader itself only for a VASSAL file)

    try:
        head = read_head(path, 16, path)
    except DataError as exc:
        raise LogError(path, f"cannot read: {exc.message}") from None
    if is_vassal(head):
        from .vassal.vlog_input import load_vassal, summary

        v = load_vassal(path, module)
        return v.log, v.game, v.module, f"{summary(path, v)}; violations name their VASSAL steps"
    log, game = read_log(path, known)
    if known is not None:
        known.setdefault(game.id, game)
    return log, game, None, ""


def verdict(path: str, module: str | None = None, fmt: str = "text", html: str | None = None,
            cache: dict | None = None, kept: bool = False) -> Outcome:
    """Check one log; raises what the reading raises (:class:`~games.errors.InputError`, one line). ``kept``: the
    game and the log read last to the end of the process's command (:func:`games.lasting.lasting`)."""
    with lasting() if kept else nullcontext():
        log, game, used, note = load_input(path, module, cache)
        rules_of(game)  # (its rules package imported here: it lasts too)
    # the states before violations give each violation its location (JSON); the page keeps every state
    result = replay(log, game, keep_states=fmt == "json", every_state=bool(html))
    if html:
        from games.atomic import write_atomic  # (only the page is written: no temporary files imported otherwise)

        from .replay_page import render_page

        write_atomic(html, render_page(result).encode("utf-8"), [path, used])
    first, last = turns(result)
    code = LEGAL if result.clean else BROKE_RULES
    doc = as_doc(result) if fmt == "json" else {}
    out = () if fmt == "json" else tuple(text_lines(result))
    return Outcome(path, code, out, (note,) if note else (), doc, game.id,
                   str(first) if first == last else f"{first}-{last}", tuple(by_rule(result)))


def check_log(path: str, cache: dict | None = None, **kwargs: Any) -> Outcome:
    """:func:`verdict` with every failure an outcome: what a batch worker runs."""
    try:
        return verdict(path, cache=cache, **kwargs)
    except InputError as exc:
        return Outcome(path, UNREADABLE, err=tuple(exc.lines()))
    except MemoryError:
        raise
    except Exception as exc:  # noqa: BLE001  (a bug: the batch goes on, the log is reported)
        return Outcome(path, INTERNAL, err=(f"{path}: internal error ({type(exc).__name__}: {str(exc)[:200]}); this "
                                            "is a bug in hexforge, please report it with the log",))


def _err(line: str) -> None:
    print(f"hexforge validate: {one_line(line)}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    if args.html == "":  # (once taken as no --html at all: the page silently not written)
        raise InputError("--html: an empty file name; give the page's file, OUT.html")
    if len(args.logs) == 1 and not os.path.isdir(args.logs[0]):
        return _run_one(args)
    if args.html:
        raise InputError("--html writes the page of one log; give one log")
    logs = find_logs(args.logs)
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    outcomes = []
    shown = hidden = 0  # (stderr lines past MAX_ERRORS: every log's result is in the table, its error in json)
    for o in run_batch(logs, check_log, {"module": args.module, "fmt": args.format}, min(jobs, len(logs))):
        outcomes.append(o)
        for line in o.err:
            if shown < MAX_ERRORS:
                _err(line)
                shown += 1
            else:
                hidden += 1
        if args.format == "text" and o.out:
            print("\n".join(o.out))
    if hidden:
        _err(f"{hidden} more line(s) not shown (at most {MAX_ERRORS}): each log's result is in the table below, its "
             "error in --format json")
    code = exit_code(outcomes)
    if args.format == "json":
        docs = [o.doc if o.doc else {"log": o.path, "error": "; ".join(o.err), "result": o.result}
                for o in outcomes]
        print(json.dumps({"logs": docs, "totals": totals(outcomes), "exit": code}, indent=2))
    else:
        print()
        print("\n".join(table(outcomes)))
    return code


def _run_one(args: argparse.Namespace) -> int:
    path = args.logs[0]
    if args.html:
        from games.atomic import check_output_file

        check_output_file(args.html, [path, args.module])  # refused before the work, not after
    try:
        o = verdict(path, args.module, args.format, args.html, kept=True)
    finally:
        released()
    for line in o.err:
        _err(line)
    if args.format == "json":
        print(json.dumps(o.doc, indent=2))
    else:
        print("\n".join(o.out))
    return o.code


__all__ = ["add_arguments", "run", "load_input", "verdict", "check_log", "GameLog"]
