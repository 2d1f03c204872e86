"""``hexforge vassal-dump FILE [--module VMOD_OR_BUILDFILE] [--game GAME]``: a save's or log's decoded steps as JSON Lines.

One line per top-level command of the stream, in order: ``{"step": n, "part": "restore"|"log", "command": {...},
"events": [...]}``. Step 0 is the restore part (setup) of the file; each logged step after it is one press of
VASSAL's "Step" button. Commands nest as they do in the stream (compounds have ``items``, ``LOG`` has ``logged``),
pieces come with their traits decoded, and ``events`` say what happened to pieces with their map, pixel, and — when a
module is given — VASSAL's location name (and our hex id when ``--game`` names our game).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from itertools import chain
from typing import Iterator

import games
from games.atomic import check_output_file, write_atomic
from games.errors import DataError

from .commands import CommandError, decode_command
from .module import read_module
from .replay import replay
from .savefile import read_save


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a VASSAL save or log (.vsav, .vlog, .sav, .log)")
    p.add_argument("--module", help="the module it was played with (.vmod/.mod, buildFile.xml or buildFile), for "
                                    "location names")
    p.add_argument("--game", help="our game id or folder (e.g. no_retreat), for hex ids and unit identities")
    p.add_argument("-o", "--out", help="write to this file instead of standard output")


def dump_lines(path: str, module_path: str | None = None, game_id: str | None = None) -> Iterator[str]:
    """The JSON Lines of a save or log (everything is read and decoded before the first line is produced)."""
    save = read_save(path)
    module = read_module(module_path) if module_path else None
    game = games.load(game_id) if game_id else None
    try:
        root = decode_command(save.text)
    except CommandError as exc:
        raise DataError(path, f"savedGame: {exc}") from None
    header = {"file": os.path.basename(path), "zipped": save.zipped, "obfuscated": save.obfuscated,
              "vassal_version": save.vassal_version, "module": module.name if module else None}
    yield json.dumps(header, ensure_ascii=False)
    replayer = None
    for step, replayer in replay(root, module, game):
        part = "restore" if step.index == 0 else "log"
        events = [e.as_json() for e in step.events]
        turn = {"turn": {k: dict(v) for k, v in step.turn.items()}} if step.turn is not None else {}
        if step.index == 0:
            for c in step.commands:
                yield json.dumps({"step": 0, "part": part, "command": c.as_json()}, ensure_ascii=False)
            yield json.dumps({"step": 0, "part": part, "events": events, **turn}, ensure_ascii=False)
        else:
            yield json.dumps({"step": step.index, "part": part, "command": step.commands[0].as_json(),
                              "events": events, **turn}, ensure_ascii=False)
    if replayer is not None and replayer.anomalies:
        yield json.dumps({"anomalies": replayer.anomalies}, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    inputs = [args.file, args.module]
    if args.out is not None:
        check_output_file(args.out, inputs)  # refused before the work, not after
    lines = dump_lines(args.file, args.module, args.game)
    first = next(lines)  # reading and decoding errors surface here, before anything is written
    if args.out:
        write_atomic(args.out, ((line + "\n").encode("utf-8") for line in chain([first], lines)), inputs)
        return 0
    for line in chain([first], lines):
        sys.stdout.write(line + "\n")
    return 0
