"""``hexforge build GAME --watch``: build, then build again each time a file of the game folder is saved.

The game folder is polled (every file's size and modification time, at most :data:`MAX_FILES` files, every
``interval`` seconds, kept between :data:`MIN_INTERVAL` and :data:`MAX_INTERVAL`); no file-system notification
library is needed. A change is built once the folder has stayed the same for one more poll (an editor that saves
in several writes is built once). Each build prints one line (what was made again and how long it took); a data
error prints its lines (``file:line: message``, every problem found) and the watch waits for the next save; the
previous output stays as it was (builds are all or nothing). Ctrl-C (or SIGTERM) stops it cleanly: a build under
way leaves no staging folder behind.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable

import games
from games.errors import InputError

from .cli import error_line
from .rebuild import build_game  # imported before the first build: Ctrl-C then never lands in an import

MIN_INTERVAL, MAX_INTERVAL = 0.1, 10.0
MAX_FILES = 10_000
IGNORED_SUFFIXES = ("~", ".swp", ".swx", ".tmp", ".part", ".pyc")

Snapshot = dict[str, tuple[int, int]]


def snapshot(root: str) -> Snapshot:
    """Every file of the game folder that a build may read: relative path -> (size, mtime in ns). Hidden files and
    folders, editors' temporary files and ``__pycache__`` are left out; links are not followed."""
    out: Snapshot = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "__pycache__")
        for name in sorted(files):
            if name.startswith(".") or name.endswith(IGNORED_SUFFIXES):
                continue
            path = os.path.join(d, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            out[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
            if len(out) >= MAX_FILES:
                return out
    return out


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """The files added, removed or changed, sorted."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


@dataclass
class Outcome:
    """One build of the watch: ``ok``, the one line it printed, the output folder (when the game loaded)."""

    ok: bool
    line: str
    out_dir: str | None = None
    files: list[str] = field(default_factory=list)  # the outputs of the build, relative to out_dir
    title: str = ""


def build_once(game_ref: str, out_root: str, use_cache: bool = True, paper: str = "letter"
               ) -> tuple[Outcome, list[str]]:
    """Load the game and build it; returns the outcome and the error lines (a data error: every problem found)."""
    start = time.perf_counter()
    try:
        game = games.load(game_ref)
        out_dir = os.path.join(out_root, game.id)
        report = build_game(game, out_dir, use_cache=use_cache, paper=paper)
    except InputError as exc:
        lines = [error_line("build", line) for line in exc.lines()]
        return Outcome(False, f"{stamp()} not built: {len(lines)} problem{'s' * (len(lines) != 1)} (above); "
                              "waiting for the next save"), lines
    except Exception as exc:  # noqa: BLE001  (a bug: said as `hexforge build` says it, and the watch goes on)
        what = f"{type(exc).__name__}: {str(exc)[:200]}"
        return Outcome(False, f"{stamp()} not built: an internal error, waiting for the next save"), [error_line(
            "build", f"internal error ({what}); this is a bug in hexforge, please report it")]
    made = sum(report.made.values())
    reused = sum(report.reused.values())
    names = [n for step in report.names.values() for n in step]
    shown = ", ".join(os.path.basename(n) for n in names[:4])
    shown += f" and {len(names) - 4} more" if len(names) > 4 else ""
    line = (f"{stamp()} built {game.id} in {time.perf_counter() - start:.1f} s: {made} made"
            f"{' (' + shown + ')' if shown else ''}, {reused} unchanged")
    return Outcome(True, line, out_dir, report.files, game.title), []


def stamp() -> str:
    return time.strftime("%H:%M:%S")


def watch(game_ref: str, out_root: str, use_cache: bool = True, interval: float = 0.5,
          say: Callable[[str], None] = print, warn: Callable[[str], None] | None = None,
          after_build: Callable[[Outcome], None] | None = None, stop: Callable[[], bool] = lambda: False,
          paper: str = "letter") -> int:
    """Build ``game_ref`` now and after every save until Ctrl-C (or ``stop()``); returns the exit code (0)."""
    import sys

    warn = warn or (lambda text: print(text, file=sys.stderr, flush=True))
    interval = min(MAX_INTERVAL, max(MIN_INTERVAL, interval))
    root = games.game_dir(game_ref)

    def build(files: list[str]) -> None:
        outcome, errors = build_once(game_ref, out_root, use_cache, paper)
        for line in errors:
            warn(line)
        if files:
            outcome.line += f" [saved: {', '.join(files[:3])}{' ...' if len(files) > 3 else ''}]"
        say(outcome.line)
        if after_build:
            after_build(outcome)

    try:
        seen = snapshot(root)
        build([])
        say(f"watching {root} for changes (Ctrl-C stops)")
        while not stop():
            time.sleep(interval)
            now = snapshot(root)
            if now == seen:
                continue
            time.sleep(interval)  # let the editor finish saving: build once the folder is quiet
            settled = snapshot(root)
            while settled != now and not stop():
                now = settled
                time.sleep(interval)
                settled = snapshot(root)
            files = changed(seen, settled)
            seen = settled
            build(files)
    except KeyboardInterrupt:
        say("stopped")
    return 0
