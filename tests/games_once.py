"""The log readers with each game loaded once per test process, as a ``hexforge validate`` batch worker keeps them
(validator.cli.check_log's ``cache``, the readers' ``known``): a test that reads many logs of one game loads it once,
not once per log. The same logs give the same reports either way (tests/test_validator_reports_golden.py)."""

from __future__ import annotations

from games.model import Game
from validator.logfile import parse_log as _parse_log
from validator.logfile import read_log as _read_log
from validator.model import GameLog

LOADED: dict[str, Game] = {}  # the games this process has loaded, by id


def _kept(read: tuple[GameLog, Game]) -> tuple[GameLog, Game]:
    LOADED.setdefault(read[1].id, read[1])
    return read


def parse_log(source: str, data: bytes) -> tuple[GameLog, Game]:
    """validator.logfile.parse_log, the game taken from (or kept in) :data:`LOADED`."""
    return _kept(_parse_log(source, data, LOADED))


def read_log(path: str) -> tuple[GameLog, Game]:
    """validator.logfile.read_log, the game taken from (or kept in) :data:`LOADED`."""
    return _kept(_read_log(path, LOADED))
