"""Regression guard for the speed work on Stalingrad '42's replay (what is derived once per loaded game, per line, per
position): the full JSON report of a few of its scripted logs, of the first two turns of the random player's
Campaign Game (seed 1, ``tests/logs/s42_generated/``) and of two mutations of it is exactly the one recorded in
``tests/logs/s42_generated/reports_golden.json`` (a hash per log, as ``test_validator_reports_golden.py`` keeps them).

``seed1_turns1-2.jsonl`` is a frozen input, not the random player's output of today: it is the log the player wrote
for those turns when the golden was first recorded (before it fought battles: it holds no combat), kept byte for byte
so that the replay is compared with itself on the same lines. It is not regenerated when the player changes (the
player's own games are checked by ``test_s42_player.py`` and ``test_s42_combat_player.py``); only a change of the
rules that changes its report asks for a new recording, below. The test asserts that it still replays clean.

The logs are replayed in one process one after the other, so that what a replay keeps for the next (the board,
the tables of ``once``) is exercised too. A change of the rules themselves is recorded again with
``HEXFORGE_RECORD_REPORTS=1 .venv/bin/python -m pytest tests/test_s42_reports_golden.py``.
"""

from __future__ import annotations

import json
from pathlib import Path


from test_validator_reports_golden import as_recorded, report

LOGS = Path(__file__).parent / "logs"
GENERATED = LOGS / "s42_generated"
GOLDEN = GENERATED / "reports_golden.json"
SCRIPTED = ("movement_rules", "entry", "supply_wrong", "stacking", "sea", "replacements")  # of tests/logs/stalingrad42


def _mutants(lines: list[str]) -> dict[str, list[str]]:
    """Illegal versions of the generated game: every 25th move goes where the move 40 lines later went (far moves,
    enemy hexes, wrong phases), and every 30th line is left out (phases skipped, units left unmarked)."""
    far = [json.loads(x) for x in lines]
    for i, a in enumerate(far):
        if i % 25 == 0 and a.get("type") == "move":
            later = next((b for b in far[i + 40:] if b.get("type") == "move"), None)
            if later is not None:
                a.pop("path", None)
                a["to"] = later.get("to") or later["path"][-1]
    return {"seed1_far_moves.jsonl": [json.dumps(a) for a in far],
            "seed1_lines_left_out.jsonl": [x for i, x in enumerate(lines) if i == 0 or i % 30]}


def test_reports_as_recorded(tmp_path: Path) -> None:
    paths = [LOGS / "stalingrad42" / f"{name}.jsonl" for name in SCRIPTED]
    prefix = GENERATED / "seed1_turns1-2.jsonl"
    paths.append(prefix)
    for name, lines in _mutants(prefix.read_text().splitlines()).items():
        (tmp_path / name).write_text("\n".join(lines) + "\n")
        paths.append(tmp_path / name)
    found = {p.name: report(p) for p in paths}
    as_recorded(found, GOLDEN)
    assert found["seed1_turns1-2.jsonl"].startswith("0 0 ")  # the generated game is clean, its mutations are not
    assert all(not found[name].startswith("0 ") for name in ("seed1_far_moves.jsonl", "seed1_lines_left_out.jsonl"))
