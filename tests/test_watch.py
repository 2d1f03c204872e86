"""``hexforge build GAME --watch`` (issue 21 item 3): builds, then builds again on every save with one line each; a
data error prints its line and the watch waits for the next save; Ctrl-C stops it cleanly."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from hexforge.cli import main
from hexforge.watch import changed, snapshot

from children import ctrl_c_reaches

ROOT = Path(__file__).resolve().parent.parent
WAIT = 600  # seconds a build may take on a busy machine


def test_the_snapshot_sees_saves_and_leaves_out_editor_files(tmp_path: Path) -> None:
    (tmp_path / "units.csv").write_text("a\n")
    (tmp_path / "map").mkdir()
    (tmp_path / "map" / "hexes.csv").write_text("h\n")
    before = snapshot(str(tmp_path))
    assert set(before) == {"units.csv", os.path.join("map", "hexes.csv")}
    for junk in (".units.csv.swp", "units.csv~", ".hidden", "x.tmp"):
        (tmp_path / junk).write_text("junk")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "m.pyc").write_text("junk")
    assert snapshot(str(tmp_path)) == before
    (tmp_path / "units.csv").write_text("ab\n")  # a save changes the size (and the time)
    (tmp_path / "new.csv").write_text("n\n")
    assert changed(before, snapshot(str(tmp_path))) == ["new.csv", "units.csv"]


class Lines:
    """The lines a process prints on stdout and stderr, as they come."""

    def __init__(self, proc: subprocess.Popen):
        self.q: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        for stream in (proc.stdout, proc.stderr):
            threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        for line in stream:
            self.q.put(line.rstrip("\n"))

    def until(self, test, seconds: float = WAIT) -> str:
        """The first line from here on that passes ``test``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self.q.get(timeout=0.5)
            except queue.Empty:
                continue
            self.seen.append(line)
            if test(line):
                return line
        raise AssertionError(f"not seen in {seconds} s; got {self.seen}")

    def all_of(self, *tests, seconds: float = WAIT) -> list[str]:
        """One line for each test, in whatever order they come: stdout and stderr are two pipes, so a line printed
        to one may be read before a line printed earlier to the other."""
        found: dict[int, str] = {}

        def record(line: str) -> bool:
            for i, test in enumerate(tests):
                if i not in found and test(line):
                    found[i] = line
                    break
            return len(found) == len(tests)

        self.until(record, seconds)
        return [found[i] for i in range(len(tests))]


def test_watch_rebuilds_on_save_survives_a_data_error_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    assert main(["new", "my_game", "--dir", str(tmp_path)]) == 0
    proc = subprocess.Popen([sys.executable, "-m", "hexforge.cli", "build", "my_game", "--watch", "--interval", "0.2"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=ctrl_c_reaches,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = Lines(proc)
    try:
        first = lines.until(lambda s: " built my_game " in s)
        assert "made" in first
        lines.until(lambda s: s.startswith("watching "))
        vmod = tmp_path / "build" / "my_game" / "MyGame.vmod"
        assert vmod.is_file()

        csv = tmp_path / "my_game" / "units.csv"
        text = csv.read_text()
        csv.write_text(text.replace("r_1inf,red,reds,1st Infantry,", "r_1inf,red,reds,1st Rifles,"))
        again = lines.until(lambda s: " built my_game " in s)
        assert "[saved: units.csv]" in again and "r_1inf_front.png" in again and "unchanged" in again

        before = vmod.read_bytes()
        csv.write_text(text.replace("r_1inf,red,reds,1st Infantry,infantry,4,", "r_1inf,red,reds,1st Infantry,"
                                                                                "infantry,many,"))
        error, _ = lines.all_of(lambda s: s.startswith("hexforge build: "),
                                lambda s: "not built" in s and "waiting for the next save" in s)
        assert "units.csv:" in error and "'many'" in error
        assert proc.poll() is None and vmod.read_bytes() == before  # still watching; the output as it was

        csv.write_text(text)
        lines.until(lambda s: " built my_game " in s)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        proc.wait(timeout=120)
    lines.until(lambda s: s == "stopped", 30)
    assert proc.returncode == 0
    assert not any("Traceback" in s for s in lines.seen)
    assert not [f for f in os.listdir(tmp_path / "build") if ".staging-" in f]
