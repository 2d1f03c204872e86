"""``hexforge validate`` on several logs or a folder (issue 18): every log checked in a supervised worker, the same
verdict for each as alone, a summary table, one JSON document, the exit code of the worst log; a hostile log (one
that hangs, kills its worker or eats memory) costs only its own verdict."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from hexforge.cli import main
from validator.batch import BROKE_RULES, LEGAL, UNREADABLE, Outcome, exit_code, find_logs, run_batch

LOG_DIR = Path(__file__).parent / "logs"
# about 70 logs of every kind (the rule-by-rule sweep left out: its 100 short logs would only add time)
SAMPLE = [p for p in sorted(LOG_DIR.glob("*.jsonl")) if not p.name.startswith("sweep_")][::8]


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tournament")
    for p in SAMPLE:
        shutil.copy(p, root / p.name)
    (root / "round2").mkdir()
    (root / "round2" / "broken.jsonl").write_text('{"format": "hexforge-log", "version": 1, "game": "no_retreat"}\n'
                                                  '{"type": "move", "side": "axis", "unit": "ger_4" "to": "1"}\n')
    (root / "notes.txt").write_text("not a log\n")
    return root


def test_the_same_verdicts_as_one_by_one(folder: Path, capsys) -> None:
    code, out, err = run(["validate", str(folder), "--format", "json", "-j", "2"], capsys)
    doc = json.loads(out)
    by_log = {d["log"]: d for d in doc["logs"]}
    assert len(by_log) == len(SAMPLE) + 1  # notes.txt is not a log
    for path in sorted(by_log):
        one_code, one_out, one_err = run(["validate", path, "--format", "json"], capsys)
        if one_code == 2:
            assert by_log[path]["result"] == "unreadable" and by_log[path]["error"] in one_err
            continue
        alone = json.loads(one_out)
        assert by_log[path] == alone, path
    codes = {d.get("result") for d in doc["logs"]}
    assert "unreadable" in codes
    assert code == doc["exit"] == 2  # a log could not be read: 2 wins over 1
    assert doc["totals"]["unreadable"] == 1
    assert doc["totals"]["legal"] + doc["totals"]["broke_rules"] == len(SAMPLE)
    assert "broken.jsonl:2: malformed JSON" in err


def test_text_report_ends_with_the_summary_table(folder: Path, capsys) -> None:
    logs = [str(LOG_DIR / "movement_zoc.jsonl"), str(LOG_DIR / "supply_rulebook_example.jsonl")]
    code, out, err = run(["validate", *logs], capsys)
    assert code == 1 and err == ""
    lines = out.strip().splitlines()
    head = lines.index("") if "" in lines else None
    assert head is not None
    table = lines[head + 1:]
    assert table[0].split() == ["file", "game", "turns", "violations", "by", "rule", "result"]
    zoc = next(r for r in table if "movement_zoc" in r)
    assert "no_retreat" in zoc and "8.1 x1, 8.5.1 x2, 8.5.2 x1, 8.5.3 x1" in zoc and zoc.endswith("broke the rules")
    assert next(r for r in table if "supply_rulebook" in r).endswith("legal")
    assert table[-1] == "2 logs: 1 legal, 1 broke the rules, 0 unreadable"
    # each log's own report comes first, in the order given
    assert lines[0].startswith(f"{logs[0]}:2: turn 2 axis movement: rule 8.5.1")


def test_exit_codes_of_a_batch() -> None:
    def o(code: int) -> Outcome:
        return Outcome("x", code)

    assert exit_code([o(LEGAL), o(LEGAL)]) == 0
    assert exit_code([o(LEGAL), o(BROKE_RULES)]) == 1
    assert exit_code([o(BROKE_RULES), o(UNREADABLE), o(LEGAL)]) == 2
    assert exit_code([o(3), o(UNREADABLE)]) == 3


def test_an_empty_folder_and_html_with_many_logs_are_refused(tmp_path: Path, capsys) -> None:
    code, _, err = run(["validate", str(tmp_path)], capsys)
    assert code == 2 and "no logs in this folder" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(["validate", str(LOG_DIR / "movement_zoc.jsonl"), str(LOG_DIR / "movement_zoc.jsonl"),
                        "--html", str(tmp_path / "x.html")], capsys)
    assert code == 2 and "give one log" in err
    assert not (tmp_path / "x.html").exists()


def test_find_logs_skips_hidden_files_and_other_files(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text("x")
    (tmp_path / ".b.jsonl").write_text("x")
    (tmp_path / "c.vlog").write_text("x")
    (tmp_path / "d.png").write_text("x")
    assert [os.path.basename(p) for p in find_logs([str(tmp_path)])] == ["a.jsonl", "c.vlog"]


# -- hostile logs in a batch: each costs only its own verdict ---------------------------------------------------

def _hostile_check(path: str, cache=None, **_) -> Outcome:
    name = os.path.basename(path)
    if name == "hang":
        time.sleep(60)
    if name == "crash":
        os._exit(9)
    if name == "memory":
        blocks = []
        while True:
            blocks.append(bytearray(64 * 1024 * 1024))
    return Outcome(path, LEGAL, out=(f"{name} fine",))


def test_a_hanging_crashing_or_greedy_log_does_not_stop_the_batch() -> None:
    paths = ["a", "hang", "b", "crash", "c", "memory", "d"]
    got = list(run_batch(paths, _hostile_check, {}, workers=2, timeout=3.0, memory=512 * 1024 * 1024))
    assert [o.path for o in got] == paths  # in the order given
    by = {o.path: o for o in got}
    assert [by[p].code for p in "abcd"] == [LEGAL] * 4
    assert by["hang"].code == UNREADABLE and "longer than 3 s" in by["hang"].err[0]
    assert by["crash"].code == UNREADABLE and "stopped unexpectedly" in by["crash"].err[0]
    assert by["memory"].code == UNREADABLE and "more than 512 MB" in by["memory"].err[0]


def test_a_folder_of_many_unreadable_logs_keeps_stderr_short(tmp_path: Path, capsys) -> None:
    """60 unreadable logs: at most MAX_ERRORS error lines and one that says how many more were left out (every log's
    result is still in the table); exit 2."""
    from games.errors import MAX_ERRORS

    for n in range(60):
        (tmp_path / f"bad{n:02}.jsonl").write_text("{not json\n", encoding="utf-8")
    code, out, err = run(["validate", str(tmp_path), "-j", "2"], capsys)
    lines = err.splitlines()
    assert code == 2 and len(lines) == MAX_ERRORS + 1, lines[-3:]
    assert all(ln.startswith("hexforge validate: ") for ln in lines)
    assert lines[-1].startswith(f"hexforge validate: {60 - MAX_ERRORS} more line(s) not shown"), lines[-1]
    assert sum(1 for ln in out.splitlines() if ln.startswith(str(tmp_path))) == 60  # (the table: every log)
