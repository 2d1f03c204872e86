"""A real headless browser for the tests: Debian's Chromium driven over the DevTools protocol on a pipe (no
network port, no extra Python package): open a page, press keys, evaluate script, take a screenshot.

``browser()`` installs Chromium with apt-get when it is missing and this runs as root (as the engine tests install
Java), and skips the test with the reason when it cannot be had.
"""

from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from typing import Any, Iterator

import pytest

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def find_chromium(install: bool = True) -> str | None:
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    if install and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            if subprocess.run(cmd, capture_output=True, env=env, timeout=900).returncode:
                return None
        return find_chromium(install=False)
    return None


class Page:
    """One browser tab driven over the pipe."""

    def __init__(self, proc: subprocess.Popen, write_fd: int, read_fd: int):
        self.proc, self.w, self.r = proc, write_fd, read_fd
        self.buf = b""
        self.next_id = 0
        self.session: str | None = None

    def _send(self, method: str, params: dict | None = None, session: bool = True) -> dict:
        self.next_id += 1
        msg: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self.buf:
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed its pipe")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url: str, width: int, height: int) -> None:
        target = self._send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                  session=False)["sessionId"]
        self._send("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                          "deviceScaleFactor": 1, "mobile": False})
        self._send("Page.enable")
        self._send("Page.navigate", {"url": url})
        for _ in range(200):  # until the page's script ran
            if self.evaluate("document.readyState") == "complete" and self.evaluate(
                    "!!document.getElementById('counter') && document.getElementById('counter').textContent"):
                return
            self.evaluate("new Promise(r => setTimeout(r, 50))", wait=True)
        raise RuntimeError("the page did not load")

    def evaluate(self, expression: str, wait: bool = False) -> Any:
        out = self._send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                              "awaitPromise": wait})
        if "exceptionDetails" in out:
            raise RuntimeError(f"script error: {out['exceptionDetails']}")
        return out.get("result", {}).get("value")

    def key(self, key: str, code: str | None = None, vk: int = 0) -> None:
        for kind in ("keyDown", "keyUp"):
            self._send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code or key,
                                                  "windowsVirtualKeyCode": vk})

    def screenshot(self):
        from PIL import Image

        self.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))", wait=True)
        data = self._send("Page.captureScreenshot", {"format": "png"})["data"]
        return Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")


def _onto_3_and_4(read_fd: int, write_fd: int) -> None:
    """In the browser's process: its command pipe on fd 3, its reply pipe on fd 4 (moved out of the way first, in
    case either is already 3 or 4)."""
    import fcntl

    high_r, high_w = fcntl.fcntl(read_fd, fcntl.F_DUPFD, 10), fcntl.fcntl(write_fd, fcntl.F_DUPFD, 10)
    os.dup2(high_r, 3)
    os.dup2(high_w, 4)


@contextmanager
def browser(url: str, width: int = 1400, height: int = 1000) -> Iterator[Page]:
    """A headless Chromium showing ``url``; skips the test when Chromium cannot be had."""
    exe = find_chromium()
    if exe is None:
        pytest.skip("Chromium is not installed and cannot be installed here (apt-get install chromium, as root)")
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()
    with tempfile.TemporaryDirectory() as profile:
        # fd 3: what the browser reads, fd 4: what it writes (--remote-debugging-pipe)
        proc = subprocess.Popen(
            [exe, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
             f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=lambda: _onto_3_and_4(to_chrome_r, from_chrome_w))
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        page = Page(proc, to_chrome_w, from_chrome_r)
        try:
            page.open(url, width, height)
            yield page
        finally:
            try:
                page._send("Browser.close", session=False)
            except (RuntimeError, OSError):
                pass
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            os.close(to_chrome_w)
            os.close(from_chrome_r)
