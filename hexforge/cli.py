"""The ``hexforge`` command line: one subcommand per job, each implemented by the package that owns the job.

Every subcommand module provides ``add_arguments(parser)`` and ``run(args) -> int``. Errors in user input
(data files, logs, archives) are reported on one line and give exit code 2; nothing is written half-way.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from games.errors import DataError

# subcommand -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "info": ("hexforge.info", "check every file of a game and summarise its data (counts by kind, turns, scenarios)"),
    "build": ("hexforge.build", "build everything for a game into build/<game>/ (art, module, print-and-play)"),
    "validate": ("validator.cli", "replay a game log against the rules and report every violation"),
    "art": ("art.build", "render the map, boards, counters, markers, cards and charts into build/<game>/images/"),
    "pnp": ("art.pnp.build", "print-and-play PDFs (counters, cards, map tiles, aids) into build/<game>/pnp/"),
    "vassal-dump": ("validator.vassal.dump", "print the decoded steps of a VASSAL save or log as JSON Lines"),
    "import": ("validator.vassal.importer", "translate a VASSAL log made with our module into a JSON Lines game log"),
    "mapgen": ("mapgen.cli", "generate a map's hexes and hexsides from real geography and authored layers (dev tool)"),
}


class UserError(Exception):
    """A problem with the user's input that is reported as one line with exit code 2."""


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="hexforge", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = next((a for a in argv if not a.startswith("-")), None)
    modules = {}
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == chosen:  # only the command asked for is imported (validate needs no Pillow, shapely or fpdf2)
            modules[name] = importlib.import_module(module_name)
            modules[name].add_arguments(p)
    args = parser.parse_args(argv)
    try:
        return int(modules[args.command].run(args) or 0)
    except (DataError, UserError) as exc:
        for line in exc.lines() if isinstance(exc, DataError) else [str(exc)]:
            print(f"hexforge {args.command}: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
