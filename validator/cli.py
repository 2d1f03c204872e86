"""``hexforge validate LOG``: replay a game log against the rules and report every violation.

Exit codes: 0 no violations, 1 violations, 2 the log cannot be read or the report cannot be written (one line on
stderr from the command line, nothing written).
"""

from __future__ import annotations

import argparse
import sys

from games.atomic import check_output_file, write_atomic
from games.datafiles import read_head
from games.errors import DataError, one_line
from games.model import Game

from .logfile import LogError, read_log
from .model import GameLog
from .replay import replay
from .report import as_json, text_lines


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("log", help="game log: JSON Lines (.jsonl), or a VASSAL .vlog/.vsav made with our module")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format on stdout")
    p.add_argument("--html", metavar="OUT.html", help="also write a self-contained HTML report with board pictures")
    p.add_argument("--module", metavar="VMOD", help="for a VASSAL log: the module it was played with, for the names of "
                                                    "boxes and tracks (default: <module>.vmod beside the log, or the "
                                                    "build output)")


def load_input(path: str, module: str | None = None) -> tuple[GameLog, Game, str | None]:
    """Read any supported log into (GameLog, Game, the module file read with it); the one place that dispatches on
    the kind of file: a VASSAL save or log is translated first, with ``module`` when given
    (validator.vassal.vlog_input; a line on stderr says what was not interpreted)."""
    from .vassal.vlog_input import is_vassal, load_vassal, summary

    try:
        head = read_head(path, 16, path)
    except DataError as exc:
        raise LogError(path, f"cannot read: {exc.message}") from None
    if is_vassal(head):
        v = load_vassal(path, module)
        print(one_line(f"hexforge validate: {summary(path, v)}; line numbers are those of `hexforge import`"),
              file=sys.stderr)
        return v.log, v.game, v.module
    log, game = read_log(path)
    return log, game, None


def run(args: argparse.Namespace) -> int:
    if args.html:
        check_output_file(args.html, [args.log, args.module])  # refused before the work, not after
    log, game, module = load_input(args.log, args.module)
    # the states before violations give each violation its location (JSON) and its picture (HTML)
    result = replay(log, game, keep_states=bool(args.html) or args.format == "json")
    if args.html:
        from .html_report import render_html

        write_atomic(args.html, render_html(result).encode("utf-8"), [args.log, module])
    if args.format == "json":
        print(as_json(result))
    else:
        print("\n".join(text_lines(result)))
    return 0 if result.clean else 1


__all__ = ["add_arguments", "run", "load_input", "GameLog"]
