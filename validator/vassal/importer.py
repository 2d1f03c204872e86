"""``hexforge import GAME.vlog -o GAME.jsonl``: a VASSAL save or log made with our module, as a game log.

The translation (:mod:`.translate`) is written as JSON Lines (docs/log-format.md), each action with the VASSAL
step it came from in ``src``; what could not be interpreted is a ``note`` action. One summary line goes to
standard error. Exit 0 when written, 2 when the file cannot be read (one line, nothing written).
"""

from __future__ import annotations

import argparse
import sys

from games.atomic import check_output_file, write_atomic
from games.errors import one_line

from .vlog_input import load_vassal, summary


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a VASSAL save or log made with a hexforge module (.vlog, .vsav)")
    p.add_argument("-o", "--out", help="write the JSON Lines log here (default: standard output)")
    p.add_argument("--module", help="the module it was played with (.vmod), for the names of boxes and tracks "
                                    "(default: <module>.vmod beside the file, or the build output)")
    p.add_argument("--scenario", help="the scenario id (default: the one the log's opening matches)")


def run(args: argparse.Namespace) -> int:
    if args.out is not None:
        check_output_file(args.out, [args.file, args.module])  # refused before the work, not after
    v = load_vassal(args.file, args.module, args.scenario)
    text = v.translation.jsonl()
    if args.out:
        write_atomic(args.out, text.encode("utf-8"), [args.file, args.module, v.module])
    else:
        sys.stdout.write(text)
    print(one_line(summary(args.file, v)), file=sys.stderr)
    return 0
