"""``hexforge preview`` (issue 21 item 3): a page on 127.0.0.1 that shows the built map, counters, cards and charts,
rebuilds on save and reloads itself; it serves only files of the output folder. The page is opened in headless
Chromium, screenshotted (kept in ``build/preview/`` to look at) and checked after a data change."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from hexforge.cli import main

from children import ctrl_c_reaches

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "preview"
BUILD_WAIT = 600  # seconds a build may take on a busy machine


class Preview:
    """A ``hexforge preview my_game`` process in a folder of its own."""

    def __init__(self, here: Path):
        self.here = here
        self.proc = subprocess.Popen([sys.executable, "-m", "hexforge.cli", "preview", "my_game", "--interval", "0.2"],
                                     cwd=here, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=ctrl_c_reaches)
        first = self.proc.stdout.readline()
        assert first.startswith("preview: http://127.0.0.1:"), first + self.proc.stderr.read()
        self.url = first.split()[1]
        self.port = int(self.url.rstrip("/").rsplit(":", 1)[1])

    def get(self, path: str) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.putrequest("GET", path, skip_host=False, skip_accept_encoding=True)  # the path exactly as given
        conn.endheaders()
        r = conn.getresponse()
        body = r.read()
        conn.close()
        return r.status, body

    def status(self) -> dict:
        return json.loads(self.get("/status")[1])

    def wait_build(self, n: int) -> dict:
        end = time.monotonic() + BUILD_WAIT
        while time.monotonic() < end:
            doc = self.status()
            if doc["build"] >= n:
                return doc
            time.sleep(0.2)
        raise AssertionError(f"no build {n} in {BUILD_WAIT} s")

    def stop(self) -> tuple[int, str]:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=120)
        return self.proc.returncode, out + err


@pytest.fixture(scope="module")
def preview(tmp_path_factory):
    here = tmp_path_factory.mktemp("preview")
    assert main(["new", "my_game", "--dir", str(here)]) == 0
    p = Preview(here)
    p.wait_build(1)
    yield p
    p.stop()


def set_name(here: Path, unit: str, old: str, new: str) -> None:
    csv = here / "my_game" / "units.csv"
    text = csv.read_text()
    assert f"{unit},red,reds,{old}," in text
    csv.write_text(text.replace(f"{unit},red,reds,{old},", f"{unit},red,reds,{new},"))


def test_it_serves_the_built_pictures(preview: Preview) -> None:
    doc = preview.status()
    assert doc["ok"] and doc["title"] == "My Game" and doc["files"]["map"] == ["images/map.png"]
    assert len(doc["files"]["units"]) == 12 and doc["files"]["charts"]
    code, body = preview.get("/files/images/map.png")
    assert code == 200 and body.startswith(b"\x89PNG")
    code, page = preview.get("/")
    assert code == 200 and b'id="counter"' in page


@pytest.mark.parametrize("path", [
    "/files/../my_game/game.toml", "/files/images/../../../my_game/game.toml", "/files/%2e%2e/my_game/game.toml",
    "/files/..%2fmy_game%2fgame.toml", "/files//etc/passwd", "/files/%2fetc%2fpasswd", "/files/images%5c..%5cx",
    "/files/.cache/deps", "/files/images/%00map.png", "/files/images/map.png%00", "/files/", "/files/images",
    "/files/%ff%fe", "/etc/passwd", "/../../etc/passwd",
])
def test_nothing_outside_the_output_folder_is_served(preview: Preview, path: str) -> None:
    code, body = preview.get(path)
    assert code == 404 and b"root:" not in body and b"[grid]" not in body


def test_a_link_out_of_the_output_folder_is_not_followed(preview: Preview) -> None:
    out = preview.here / "build" / "my_game"
    (out / "images" / "planted.png").symlink_to(preview.here / "my_game" / "game.toml")
    assert preview.get("/files/images/planted.png")[0] == 404


def test_the_page_in_headless_chromium_updates_after_a_data_change(preview: Preview) -> None:
    from headless import browser

    SHOTS.mkdir(parents=True, exist_ok=True)
    front = "images/units/r_1inf_front.png"
    pixels = f"""(async () => {{
        const im = document.querySelector('img[data-file="{front}"]');
        await im.decode();
        const c = document.createElement('canvas');
        c.width = im.naturalWidth; c.height = im.naturalHeight;
        const x = c.getContext('2d');
        x.drawImage(im, 0, 0);
        const d = x.getImageData(0, 0, c.width, c.height).data;
        let h = 0;
        for (let i = 0; i < d.length; i += 3) h = (h * 31 + d[i]) >>> 0;
        return [im.getAttribute('src'), h, c.width];
    }})()"""
    loaded = """(async () => {
        const ims = [...document.images];
        await Promise.all(ims.map(i => i.decode().catch(() => null)));
        return ims.filter(i => i.complete && i.naturalWidth > 0).map(i => i.dataset.file);
    })()"""

    def wait_for(expr: str, want, seconds: float = BUILD_WAIT):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            got = tab.evaluate(expr)
            if got == want:
                return got
            tab.evaluate("new Promise(r => setTimeout(r, 200))", wait=True)
        raise AssertionError(f"{expr} is {got!r}, not {want!r}")

    with browser(preview.url, width=1400, height=1000) as tab:
        build = preview.status()["build"]
        wait_for("document.getElementById('counter').textContent", f"build {build}")
        shown = tab.evaluate(loaded, wait=True)
        assert "images/map.png" in shown and len([f for f in shown if f.startswith("images/units/")]) == 12
        assert tab.evaluate("document.getElementById('map').naturalWidth") > 400
        shot = tab.screenshot()
        shot.save(SHOTS / "preview.png")
        box = tuple(int(v) for v in tab.evaluate(
            "(() => { const r = document.getElementById('map-box').getBoundingClientRect(); "
            "return [r.left, r.top, Math.min(r.right, innerWidth), Math.min(r.bottom, innerHeight)]; })()"))
        colours = shot.crop(box).convert("P", palette=Image.Palette.ADAPTIVE, colors=64).getcolors()
        assert box[2] - box[0] > 600 and len(colours) > 12  # the map is drawn, not a blank box
        src, before, width = tab.evaluate(pixels, wait=True)
        assert width > 20 and src.endswith(f"?b={build}")

        set_name(preview.here, "r_1inf", "1st Infantry", "1st Guards")  # one cell
        wait_for("document.getElementById('counter').textContent", f"build {build + 1}")
        src2, after, _ = tab.evaluate(pixels, wait=True)
        assert src2.endswith(f"?b={build + 1}") and after != before  # the counter was drawn again and reloaded
        tab.screenshot().save(SHOTS / "preview_after_change.png")

        set_name(preview.here, "r_1inf", "1st Guards,infantry,4", "1st Guards,infantry,x")  # a data error
        wait_for("document.getElementById('counter').textContent", f"build {build + 2}")
        errors = tab.evaluate("document.getElementById('errors').textContent")
        assert "units.csv:" in errors and "'x'" in errors
        assert tab.evaluate(pixels, wait=True)[1] == after  # the last good pictures stay
        tab.screenshot().save(SHOTS / "preview_data_error.png")
        set_name(preview.here, "r_1inf", "1st Guards,infantry,x", "1st Guards,infantry,4")
        preview.wait_build(build + 3)


def test_ctrl_c_stops_it_cleanly(tmp_path: Path) -> None:
    assert main(["new", "my_game", "--dir", str(tmp_path)]) == 0
    p = Preview(tmp_path)
    time.sleep(1.0)  # stopped in the middle of the first build
    code, out = p.stop()
    assert code == 0 and "stopped" in out and "Traceback" not in out, out
    left = os.listdir(tmp_path / "build") if (tmp_path / "build").exists() else []
    assert not [f for f in left if ".staging-" in f]  # the build under way left nothing half-way
