"""hexforge: hex-and-counter wargames from plain data: VASSAL modules, print-and-play sheets, and a referee for
game logs.

The command line has one subcommand per job, each implemented by the package that owns the job.

Every subcommand module provides ``add_arguments(parser)`` and ``run(args) -> int``. Exit codes: 0 clean, 1 rule
violations (``validate``), 2 bad input (one line per problem on stderr, ``hexforge COMMAND: where: what``, nothing
written half-way), 3 an internal error (a bug: one line saying so; ``--debug`` shows the traceback), 130 interrupted. A
closed standard output (``hexforge ... | head``) ends the output quietly.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
from typing import TextIO

from . import dataclass_methods

dataclass_methods.install()  # this process's dataclasses made without compiling two of their methods: before any
# module of the packages makes one (hexforge.dataclass_methods; the libraries never change the standard library)

from games.errors import InputError, UserError, one_line  # noqa: E402
from games.lasting import kept_to_exit, lasting, released  # noqa: E402

# subcommand -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("hexforge.new", "start a new game: write a small, complete game folder to change into your own"),
    "list": ("hexforge.listing", "list the games hexforge knows by name (built in, installed, in this folder)"),
    "info": ("hexforge.info", "check every file of a game and summarise its data (counts by kind, turns, scenarios)"),
    "build": ("hexforge.build", "build everything for a game into build/<game>/ (art, module, print-and-play); "
                                "--watch: again on every save"),
    "preview": ("hexforge.preview", "a local page showing the game's map, counters, cards and charts, rebuilt and "
                                     "reloaded each time a file of the game is saved"),
    "validate": ("validator.cli", "check game logs against the rules: every violation with its rule; several logs "
                                  "or a folder at once, with a summary table; --html a step-through replay page"),
    "art": ("art.build", "render the map, boards, counters, markers, cards and charts into build/<game>/images/"),
    "pnp": ("art.pnp.build", "print-and-play PDFs (counters, cards, map tiles, aids) into build/<game>/pnp/"),
    "vassal-dump": ("validator.vassal.dump", "print the decoded steps of a VASSAL save or log as JSON Lines"),
    "import": ("validator.vassal.importer", "translate a VASSAL log made with our module into a JSON Lines game log"),
    "mapgen": ("mapgen.cli", "generate a map's hexes and hexsides from real geography and authored layers (dev tool)"),
}

EXIT_INPUT = 2
EXIT_INTERNAL = 3

__all__ = ["main", "UserError", "COMMANDS", "error_line"]


MAX_ERROR_CHARS = 2000  # an error line longer than this is cut (a value quoted from the input can be long)


def error_line(command: str, message: object) -> str:
    """The one line an error is shown as: ``hexforge COMMAND: message``, every control character escaped."""
    text = one_line(str(message))
    if len(text) > MAX_ERROR_CHARS:
        text = text[:MAX_ERROR_CHARS] + "..."
    return f"hexforge {command}: {text}"


class QuietPipe:
    """Standard output that goes quiet when its reader has gone (``| head``): the command runs to its end and
    exits with its own code, without a BrokenPipeError."""

    def __init__(self, stream: TextIO):
        self._stream = stream
        self.closed_by_reader = False

    def _guard(self, op, *args):
        if self.closed_by_reader:
            return None
        try:
            return op(*args)
        except BrokenPipeError:
            self.closed_by_reader = True
            try:  # later writes and the interpreter's own flush at exit go nowhere
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, self._stream.fileno())
                os.close(devnull)
            except (OSError, ValueError, AttributeError):
                pass
            return None

    def write(self, text: str) -> int:
        self._guard(self._stream.write, text)
        return len(text)

    def flush(self) -> None:
        self._guard(self._stream.flush)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class OneLineParser(argparse.ArgumentParser):
    """argparse, with a usage error on one line (``hexforge COMMAND: message``) and exit code 2."""

    def error(self, message: str):  # type: ignore[override]
        print(f"{one_line(self.prog)}: {one_line(message)} (see --help)", file=sys.stderr)
        raise SystemExit(EXIT_INPUT)


EPILOG = """examples:
  hexforge new my_game            write ./my_game/, a small game to make your own
  hexforge build my_game          its VASSAL module and print-and-play sheets, into build/my_game/
  hexforge preview my_game        see its art in the browser, rebuilt each time you save a file of it
  hexforge validate game.vlog     check a game played in VASSAL (exit 1: rules broken, 2: unreadable)
  hexforge validate tournament/   check every log in a folder, then a summary table
  hexforge COMMAND --help         what a command does and its options

exit codes: 0 done (no violations), 1 rule violations, 2 bad input, 3 a bug in hexforge (--debug shows it)"""


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("hexforge")
    except Exception:  # noqa: BLE001  (running from a checkout that is not installed)
        return "unknown"


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked (importlib.metadata reads every installed
    distribution and imports the email package: a fifth of a validate's start-up otherwise)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"hexforge {_version()}")
        parser.exit()


def _parser(argv: list[str]) -> tuple[argparse.ArgumentParser, dict]:
    parser = OneLineParser(prog="hexforge", description=__doc__.split("\n\n")[0].replace("\n", " "),
                           epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true", help="show the traceback of an internal error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = next((a for a in argv if not a.startswith("-")), None)
    modules = {}
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
        if name == chosen:  # only the command asked for is imported (validate needs no Pillow, shapely or fpdf2)
            modules[name] = importlib.import_module(module_name)
            modules[name].add_arguments(p)
    return parser, modules


def _interrupted(signum, frame) -> None:
    raise KeyboardInterrupt  # so that a command ended by SIGTERM cleans up as after Ctrl-C (no staging left)


def _on_terminate(handler):
    """Set the SIGTERM handler (in the main thread only); returns the one it replaces."""
    try:
        return signal.signal(signal.SIGTERM, handler)
    except (ValueError, TypeError):  # not the main thread, or no handler to restore
        return None


def main(argv: list[str] | None = None) -> int:
    """Run one command; ``argv`` None: the process's own command line (the console script, ``python -m``), which
    the process ends with (:func:`games.lasting.kept_to_exit`)."""
    ends_process = argv is None
    argv = sys.argv[1:] if argv is None else argv
    try:
        with lasting():  # the modules imported and the parser last to the end (games.lasting)
            parser, modules = _parser(argv)
        if not argv:  # no command: the help, as a question answered (not a usage error)
            parser.print_help()
            return 0
        args = parser.parse_args(argv)
        return _run(args, modules)
    finally:
        kept_to_exit() if ends_process else released()


def _run(args: argparse.Namespace, modules: dict) -> int:
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = QuietPipe(stdout), QuietPipe(stderr)  # type: ignore[assignment]
    terminate = _on_terminate(_interrupted)
    try:
        code = int(modules[args.command].run(args) or 0)
        sys.stdout.flush()
        return code
    except InputError as exc:  # one line per problem (a game folder's load reports each it found)
        for line in exc.lines():
            print(error_line(args.command, line), file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug, never a verdict on the input
        if args.debug:
            import traceback  # (only here: a command that ends well needs it not)

            traceback.print_exc()
        what = str(exc)
        what = what if len(what) <= 200 else what[:200] + "..."
        print(error_line(args.command, f"internal error ({type(exc).__name__}: {what}); this is a bug in hexforge, "
                                       "please report it (--debug shows the traceback)"), file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        _on_terminate(terminate)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
