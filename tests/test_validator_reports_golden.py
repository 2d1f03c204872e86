"""Regression guard for the speed work on the reader and the rules replay: the full JSON report (``hexforge validate
--format json``, every violation with its message, location, step and what it follows, the outcome) of every bundled
test log is exactly the one recorded in ``tests/logs/reports_golden.json``, and a log that cannot be read gives the
same one-line error.

Each report is kept as a short hash beside its exit code and violation count, so a difference shows which log
changed. Recorded before the replay was made faster; a change of the rules themselves is recorded again with
``HEXFORGE_RECORD_REPORTS=1 .venv/bin/python -m pytest tests/test_validator_reports_golden.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from games_once import LOADED
from validator.cli import check_log

LOGS = Path(__file__).parent / "logs"
GOLDEN = LOGS / "reports_golden.json"
RECORD = os.environ.get("HEXFORGE_RECORD_REPORTS") == "1"


def report(path: Path) -> str:
    """'<exit code> <violations> <hash>' of the JSON report (or of the error lines) of one log."""
    o = check_log(str(path), cache=LOADED, fmt="json")  # each game loaded once, as a folder batch keeps them
    doc = dict(o.doc)
    doc.pop("log", None)  # the path the test ran from, not the report's content
    # the path the test ran from, wherever it is named (the summary line, error lines), is the log's name
    body = json.dumps([doc, o.err], sort_keys=True).replace(json.dumps(str(path))[1:-1], path.name)
    return f"{o.code} {len(doc.get('violations', ()))} {hashlib.sha256(body.encode()).hexdigest()[:16]}"


def as_recorded(found: dict[str, str], golden: Path) -> None:
    """The reports ``found`` (log name -> report) are the ones recorded in ``golden`` (recorded again, and the test
    skipped, with HEXFORGE_RECORD_REPORTS=1)."""
    if RECORD:
        golden.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n")
        pytest.skip("recorded")
    expected = json.loads(golden.read_text())
    assert sorted(found) == sorted(expected), "the logs changed: record the reports again"
    changed = {name: (expected[name], got) for name, got in found.items() if got != expected[name]}
    assert not changed, f"{len(changed)} reports changed: {dict(list(changed.items())[:5])}"


def test_reports_as_recorded() -> None:
    found = {p.name: report(p) for p in sorted(LOGS.glob("*.jsonl"))}
    as_recorded(found, GOLDEN)
    assert any(not v.startswith("0 ") for v in found.values())  # the logs do break rules (and are reported)
