"""``hexforge preview GAME``: a local page that shows the game's art as it is built, and reloads itself after each
rebuild: the map, the counters (both faces), the markers, the cards, the charts and the other boards, with zoom.

It builds like ``hexforge build GAME --watch`` (:mod:`hexforge.watch`: once now, then on every save; a data error is
shown on the page and in the terminal, and the page keeps the last good pictures) and serves, on 127.0.0.1 only (a
free port, or ``--port``):

    /                 the page (``preview.html``)
    /status           {"build": n, "ok": bool, "line": the build's line, "errors": [lines], "files": {...}}
    /files/<path>     a file of the output folder build/<game>/, nothing else

``/files/`` serves only regular files inside the output folder: the path is a plain relative path (no ``..``, no
hidden part such as ``.cache``, no backslash or NUL), resolved with links followed and checked to lie inside the
folder, opened without following a link at the end. The page asks ``/status`` twice a second and, when the build
number moves on, loads the pictures again (their URLs carry the build number).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

from games.errors import UserError

from .build import game_and_output_root
from .cache import read_regular
from .watch import Outcome, watch

HOST = "127.0.0.1"
PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "preview.html")
TYPES = {".png": "image/png", ".pdf": "application/pdf", ".vmod": "application/zip", ".html": "text/html"}
MAX_FILE = 256 * 1024 * 1024
SAFE_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")

GROUPS = (  # (group, what the page calls it, which output files) in the page's order
    ("map", "Map", re.compile(r"images/map\.png")),
    ("units", "Counters", re.compile(r"images/units/[^/]+\.png")),
    ("markers", "Markers", re.compile(r"images/markers/[^/]+\.png")),
    ("cards", "Cards", re.compile(r"images/cards/[^/]+\.png")),
    ("charts", "Charts", re.compile(r"images/charts/[^/]+\.png")),
    ("boards", "Boards", re.compile(r"images/(?!map\.png)[^/]+\.png")),
)


def add_arguments(p: argparse.ArgumentParser) -> None:
    game_and_output_root(p)
    p.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (default: a free one)")
    p.add_argument("--no-cache", action="store_true", help="make every output afresh, without the build cache")
    p.add_argument("--interval", type=float, default=0.5, metavar="SECONDS",
                   help="how often the game folder is checked for saved changes (default 0.5, 0.1 to 10)")


def grouped(files: list[str]) -> dict[str, list[str]]:
    """The pictures of a build by group of the page, in build order."""
    out: dict[str, list[str]] = {g: [] for g, _, _ in GROUPS}
    for f in files:
        for group, _, pattern in GROUPS:
            if pattern.fullmatch(f):
                out[group].append(f)
                break
    return out


class State:
    """What the page is told: the last build's number, line, problems and pictures (the last good ones)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.build = 0
        self.ok = False
        self.line = "building..."
        self.errors: list[str] = []
        self.files: dict[str, list[str]] = grouped([])
        self.out_dir: str | None = None
        self.title = ""

    def update(self, outcome: Outcome, errors: list[str]) -> None:
        with self.lock:
            self.build += 1
            self.ok, self.line, self.errors = outcome.ok, outcome.line, list(errors)
            if outcome.ok and outcome.out_dir:
                self.out_dir = outcome.out_dir
                self.files = grouped(outcome.files)
                self.title = outcome.title

    def as_json(self) -> bytes:
        with self.lock:
            return json.dumps({"build": self.build, "ok": self.ok, "line": self.line, "errors": self.errors,
                               "title": self.title, "files": self.files,
                               "groups": [[g, name] for g, name, _ in GROUPS]}).encode()


def safe_file(out_dir: str, rel: str) -> str | None:
    """The file ``rel`` of the output folder, or None: a plain relative path of plain parts (no ``..``, nothing
    hidden), inside the folder once links are resolved, a regular file."""
    parts = rel.split("/")
    if not rel or len(rel) > 1024 or not all(SAFE_PART.fullmatch(p) for p in parts):
        return None
    base = os.path.realpath(out_dir)
    path = os.path.realpath(os.path.join(base, *parts))
    if os.path.commonpath([base, path]) != base or path == base:
        return None
    return path


def handler(state: State) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "hexforge-preview"
        sys_version = ""

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002  (quiet: the terminal shows builds)
            return

        def _send(self, code: int, body: bytes, kind: str = "text/plain; charset=utf-8") -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_HEAD(self) -> None:  # noqa: N802
            self.do_GET()

        def do_GET(self) -> None:  # noqa: N802
            path = urlsplit(self.path).path
            if path in ("/", "/index.html"):
                with open(PAGE, "rb") as f:
                    return self._send(200, f.read(), "text/html; charset=utf-8")
            if path == "/status":
                return self._send(200, state.as_json(), "application/json")
            if path.startswith("/files/"):
                rel = unquote(path[len("/files/"):], errors="replace")  # a bad escape: not a plain name
                with state.lock:
                    out_dir = state.out_dir
                file = safe_file(out_dir, rel) if out_dir else None
                data = read_regular(file, MAX_FILE) if file else None
                if data is not None:
                    return self._send(200, data, TYPES.get(os.path.splitext(file)[1], "application/octet-stream"))
            return self._send(404, b"not found\n")

    return Handler


def serve(state: State, port: int) -> ThreadingHTTPServer:
    try:
        server = ThreadingHTTPServer((HOST, port), handler(state))
    except OSError as exc:
        raise UserError(f"--port {port}: cannot listen on {HOST}: {exc.strerror or exc}") from None
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="preview-server", daemon=True).start()
    return server


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: not a port (0 to 65535; 0 picks a free one)")
    state = State()
    server = serve(state, args.port)
    url = f"http://{HOST}:{server.server_address[1]}/"
    print(f"preview: {url} (Ctrl-C stops)", flush=True)
    errors: list[str] = []

    def warn(line: str) -> None:
        errors.append(line)
        print(line, file=sys.stderr, flush=True)

    def after(outcome: Outcome) -> None:
        state.update(outcome, errors)
        errors.clear()

    try:
        return watch(args.game, args.out, use_cache=not args.no_cache, interval=args.interval,
                     say=lambda line: print(line, flush=True), warn=warn, after_build=after)
    finally:
        server.shutdown()
        server.server_close()
