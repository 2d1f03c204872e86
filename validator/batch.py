"""Many logs checked at once (a tournament's games): in parallel, each in a supervised worker process, with the same
verdict for each log as ``hexforge validate LOG`` alone gives.

A worker is a forked process with its own memory cap (``RLIMIT_AS``) that checks one log after another and keeps
the games it loaded; the parent hands it one log at a time and waits with a deadline. A log that takes the worker
past its memory, kills it, or runs past the deadline is reported as a log that could not be checked (one line), the
worker is replaced, and the batch goes on: one hostile file cannot hang or crash the batch. Results come back in
the order the logs were given, whatever order the workers finish in.
"""

from __future__ import annotations

import os
import resource
import signal
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterator

from games.errors import InputError, one_line

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

LOG_SUFFIXES = (".jsonl", ".vlog", ".vsav", ".log", ".sav")  # what a folder's logs are called
MAX_LOGS = 10_000  # logs in one batch
MEMORY = 1024 * 1024 * 1024  # bytes of address space a worker may use (a reading command stays under 512 MB)
TIMEOUT = 300.0  # seconds one log may take (a 28-turn VASSAL campaign takes under one)

# exit codes of one log, as hexforge validate gives them
LEGAL, BROKE_RULES, UNREADABLE, INTERNAL = 0, 1, 2, 3


@dataclass(frozen=True)
class Outcome:
    """What checking one log gave: its exit code, the report lines (stdout), the error lines (stderr), the JSON
    document and the row of the summary table."""

    path: str
    code: int
    out: tuple[str, ...] = ()
    err: tuple[str, ...] = ()
    doc: dict[str, Any] = field(default_factory=dict)
    game: str = ""
    turns: str = ""
    by_rule: tuple[tuple[str, int], ...] = ()

    @property
    def result(self) -> str:
        return {LEGAL: "legal", BROKE_RULES: "broke the rules", UNREADABLE: "unreadable"}.get(self.code,
                                                                                            "internal error")


def find_logs(paths: list[str]) -> list[str]:
    """The logs named: files as given, and every log in a folder (and its subfolders, links not followed), sorted;
    InputError when a path is neither or there are more than :data:`MAX_LOGS`."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            found = []
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found += [os.path.join(root, f) for f in files if f.endswith(LOG_SUFFIXES) and not f.startswith(".")]
                if len(out) + len(found) > MAX_LOGS:
                    break
            if not found:
                raise InputError(f"{p}: no logs in this folder (files ending {', '.join(LOG_SUFFIXES)})")
            out += sorted(found)
        else:
            out.append(p)
        if len(out) > MAX_LOGS:
            raise InputError(f"{p}: more than {MAX_LOGS} logs in one command")
    return out


def _cap_memory(limit: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = limit if soft == resource.RLIM_INFINITY else min(soft, limit)
    if hard != resource.RLIM_INFINITY:
        want = min(want, hard)
    resource.setrlimit(resource.RLIMIT_AS, (want, hard))


def _worker(conn: Connection, check: Callable[..., Outcome], memory: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the batch (and its workers) on Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _cap_memory(memory)
    cache: dict = {}
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        path, kwargs = job
        try:
            outcome = check(path, cache=cache, **kwargs)
        except MemoryError:
            cache.clear()
            outcome = Outcome(path, UNREADABLE, err=(f"{path}: checking it needed more than {memory >> 20} MB; "
                                                     "it was stopped",))
        conn.send(outcome)


@dataclass
class _Slot:
    """One worker process of a batch: its pipe, the log it checks (index) and since when."""

    process: Any
    conn: Connection
    job: int | None = None
    since: float = 0.0


def run_batch(paths: list[str], check: Callable[..., Outcome], kwargs: dict[str, Any], workers: int,
              timeout: float = TIMEOUT, memory: int = MEMORY) -> Iterator[Outcome]:
    """Check every log with ``check(path, cache=..., **kwargs)`` in at most ``workers`` worker processes; yields
    the outcomes in the order of ``paths`` as they become ready."""
    import multiprocessing  # (only a batch needs it: one log is checked in this process)
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork")
    pending = list(range(len(paths)))
    pending.reverse()
    done: dict[int, Outcome] = {}
    slots: list[_Slot] = []
    next_out = 0

    def start() -> _Slot:
        parent, child = ctx.Pipe()
        p = ctx.Process(target=_worker, args=(child, check, memory), daemon=True)
        p.start()
        child.close()
        return _Slot(p, parent)

    def stop(slot: _Slot) -> None:
        if slot.process.is_alive():
            slot.process.kill()
        slot.process.join()
        slot.conn.close()

    try:
        while next_out < len(paths):
            while pending and len([s for s in slots if s.job is not None]) < workers:
                idle = next((s for s in slots if s.job is None), None)
                if idle is None:
                    idle = start()
                    slots.append(idle)
                idle.job = pending.pop()
                idle.since = time.monotonic()
                idle.conn.send((paths[idle.job], kwargs))
            busy = [s for s in slots if s.job is not None]
            deadline = min(s.since for s in busy) + timeout
            ready = wait([s.conn for s in busy] + [s.process.sentinel for s in busy],
                         max(0.0, deadline - time.monotonic()))
            now = time.monotonic()
            for s in list(busy):
                job = s.job
                assert job is not None
                failure = None
                if s.conn in ready:
                    try:
                        done[job] = s.conn.recv()
                        s.job = None
                        continue
                    except (EOFError, OSError):
                        failure = "the check stopped unexpectedly (it may have run out of memory)"
                elif s.process.sentinel in ready:
                    failure = "the check stopped unexpectedly (it may have run out of memory)"
                elif now - s.since >= timeout:
                    failure = f"checking it took longer than {timeout:g} s; it was stopped"
                if failure:
                    done[job] = Outcome(paths[job], UNREADABLE, err=(f"{paths[job]}: {failure}",))
                    stop(s)
                    slots.remove(s)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for s in slots:
            try:
                s.conn.send(None)
            except (OSError, ValueError):
                pass
        for s in slots:
            s.process.join(timeout=0.5)
            stop(s)


def table(outcomes: list[Outcome]) -> list[str]:
    """The summary table: file, game, turns, violations by rule, result; then the totals."""
    rows = [("file", "game", "turns", "violations by rule", "result")]
    for o in outcomes:
        rules = ", ".join(f"{rule} x{k}" for rule, k in o.by_rule) if o.by_rule else ("-" if o.code < 2 else "")
        rows.append((o.path, o.game, o.turns, rules, o.result))
    widths = [min(60, max(len(r[i]) for r in rows)) for i in range(4)]
    out = ["  ".join(one_line(cell).ljust(w) for cell, w in zip(r[:4], widths)) + "  " + r[4] for r in rows]
    counts = totals(outcomes)
    out.append(f"{len(outcomes)} logs: {counts['legal']} legal, {counts['broke_rules']} broke the rules, "
               f"{counts['unreadable']} unreadable" + (f", {counts['internal']} internal errors"
                                                        if counts["internal"] else ""))
    return out


def totals(outcomes: list[Outcome]) -> dict[str, int]:
    codes = [o.code for o in outcomes]
    return {"legal": codes.count(LEGAL), "broke_rules": codes.count(BROKE_RULES),
            "unreadable": codes.count(UNREADABLE), "internal": codes.count(INTERNAL)}


def exit_code(outcomes: list[Outcome]) -> int:
    """3 if a log met a bug of hexforge, else 2 if any log could not be read, else 1 if any broke the rules, else
    0."""
    codes = {o.code for o in outcomes}
    return next((c for c in (INTERNAL, UNREADABLE, BROKE_RULES) if c in codes), LEGAL)
