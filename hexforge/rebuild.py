"""Building a game through the build cache (:mod:`hexforge.cache`): the steps of ``hexforge build`` (art, module,
print-and-play), each output made only when something it depends on changed, into a staging folder that replaces the
output folder all or nothing (``games.atomic.Staging``).

``build_game`` is what ``hexforge build``, ``build --watch``, ``preview`` and ``benchmarks/rebuild.py`` run. The
outputs are the same bytes whether they were made now or found in the cache (``tests/test_cache.py`` compares a
rebuild after a one-cell change with a clean build, file by file).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import json
import os
import re
import shutil
import time
from dataclasses import dataclass, field
from typing import Callable

from PIL import Image

from art.build import CONTACT_SHEET, check_style, contact_sheet, contact_sheet_png, jobs
from art.canvas import png_bytes
from art.pnp.build import PNP_DIR, documents
from art.pnp.paper import Options
from art.style import style_of
from games import kept
from games.atomic import Staging, write_file
from games.model import Game
from modgen import plugin
from modgen.archive import zip_bytes
from modgen.module import module_entries, vmod_name

from . import build as steps
from . import cache
from .module_step import battles

ART_CODE = ("art", "games")
MODULE_CODE = ("art", "games", "modgen", "hexforge", "validator", "docs/rules")
CLASS_NAME = re.compile(r"[A-Za-z0-9_/$]{1,200}\.class")
MAX_DECODED = 4096  # decoded images kept between rebuilds of one process (the contact sheet is made from them)


@dataclass
class Report:
    """What one build did: per step, how many outputs were made and how many were found in the cache."""

    made: dict[str, int] = field(default_factory=dict)
    reused: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)  # per step, this process's CPU time (the machine is shared)
    written: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # the same, relative to the output folder
    names: dict[str, list[str]] = field(default_factory=dict)  # per step, the outputs made (not found)

    def line(self) -> str:
        parts = [f"{s} {self.made[s]} made, {self.reused[s]} reused in {self.seconds[s]:.1f} s" for s in self.made]
        return "; ".join(parts)


_decoded: dict[str, Image.Image] = {}  # sha256 of a PNG -> its pixels
_halves: dict = {}  # the contact sheet's half-size card tiles (art.build.contact_sheet), of the images in _decoded


def forget() -> None:
    """Forget what this process keeps between builds (decoded images, the contact sheet's compressed bands, pieces'
    texts, the module's drawn images and set-up saves, the PDF encodings of images): the next build makes all of it
    afresh, as a new process would (a clean build to compare a rebuild with, in the tests and the benchmark)."""
    _decoded.clear()
    _halves.clear()
    kept.forget()


def _image(sha: str, data: Callable[[], bytes]) -> Image.Image:
    if sha not in _decoded:
        with Image.open(io.BytesIO(data())) as im:
            im.load()
            _decoded[sha] = im.copy()
    return _decoded[sha]


class Build:
    """One build of one game into ``folder`` (the staging folder of ``target``)."""

    def __init__(self, game: Game, target: str, folder: str, use_cache: bool = True, paper: str = "letter"):
        self.game, self.target, self.folder, self.paper = game, target, folder, paper
        self.store = cache.Store(target) if use_cache else None
        self.report = Report()
        self.shas: dict[str, str] = {}  # output path -> sha256 of its bytes
        self.kept: set[str] = set()  # outputs the output folder holds unchanged (not written again)
        self.manifest = self.store.manifest() if self.store else {}
        self.records = cache.Records(game)
        self.trees: dict[str, str] = {}  # the code folders' hashes, each taken once per build
        try:
            self.base: str | None = cache.game_base(game)
        except cache.Unfingerprintable:
            self.base, self.store = None, None

    def _cached(self, packages: tuple[str, ...]) -> cache.Cached:
        code = cache.code_fingerprint(packages, self.trees)
        return cache.Cached(self.store, self.game, code, self.records, self.base)

    def _have(self, rel: str) -> Callable[[str], bool]:
        """Whether the output folder already holds ``rel`` with a given content (then it is not written again)."""
        return lambda sha: self.store is not None and self.store.unchanged(self.manifest, rel, sha)

    def _emit(self, rel: str, sha: str, data: bytes | None) -> None:
        """The output ``rel``: written into the staging folder, unless the output folder holds it unchanged."""
        self.shas[rel] = sha
        self.report.files.append(rel)
        if data is None or self._have(rel)(sha):
            self.kept.add(rel)
        else:
            self.report.written.append(write_file(self.folder, rel, data))

    def _bytes(self, rel: str) -> bytes:
        """An output's bytes: from the staging folder, else the output folder (checked against its hash)."""
        for root in (self.folder, self.target):
            path = os.path.join(root, rel)
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as f:
                    data = f.read()
                if hashlib.sha256(data).hexdigest() == self.shas[rel]:
                    return data
        raise RuntimeError(f"{rel}: changed while building")  # (another process wrote the output folder)

    def _step(self, name: str, run: Callable[[cache.Cached], None], packages: tuple[str, ...]) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        cached = self._cached(packages)
        hits = self.store.hits if self.store else 0
        run(cached)
        self.report.made[name] = len(cached.made)
        self.report.names[name] = list(cached.made)
        self.report.reused[name] = (self.store.hits - hits) if self.store else 0
        self.report.seconds[name] = time.perf_counter() - start
        self.report.cpu[name] = time.process_time() - cpu

    def _plain(self, name: str, module_name: str) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        options = {"paper": self.paper} if "paper" in steps.STEP_OPTIONS.get(name, ()) else {}
        written = importlib.import_module(module_name).build(self.game, self.folder, **options)
        self.report.written += written
        self.report.files += [os.path.relpath(p, self.folder) for p in written]
        self.report.names[name] = list(self.report.files[-len(written):]) if written else []
        self.report.made[name], self.report.reused[name] = len(written), 0
        self.report.seconds[name] = time.perf_counter() - start
        self.report.cpu[name] = time.process_time() - cpu

    # -- the steps ------------------------------------------------------------------------------------------------

    def art(self, cached: cache.Cached) -> None:
        """Every image (art.build naming contract), then the contact sheet made from them; a style without a look
        for something the data names is refused first, as ``hexforge art`` refuses it."""
        check_style(self.game)
        style = style_of(self.game)
        game, log = cache.traced(self.game)
        generator = jobs(game, style)
        first = next(generator, None)
        setup = frozenset(log)  # what the generator read before its first image (board geometry): shared by all
        # what it reads between images only chooses what to make (a unit's id is in its file name)
        paths = []
        for _, path, render in ([first] if first else []) + list(generator):
            def produce(render=render) -> bytes:
                img = render()
                data = png_bytes(img, style)
                _decoded[hashlib.sha256(data).hexdigest()] = img  # the contact sheet needs no decoding of it
                return data

            self._emit(path, *cached.make_ref("art", path, produce, log, setup, have=self._have(path)))
            paths.append(path)

        def sheet() -> bytes:  # from every image, decoded only when the sheet must be made again
            pictures = {p: _image(self.shas[p], lambda p=p: self._bytes(p)) for p in paths}
            return contact_sheet_png(contact_sheet(pictures, style, _halves), style)

        self._emit(CONTACT_SHEET, *cached.make_ref("art", CONTACT_SHEET, sheet, log, frozenset(),
                                                   cache.digest(*(self.shas[p] for p in paths)),
                                                   have=self._have(CONTACT_SHEET)))

    def module(self, cached: cache.Cached) -> None:
        """The ``.vmod``: made again when the game or any image changed (it holds them all)."""
        javac = shutil.which("javac") or ""
        plugin_key = cache.digest(plugin.inputs_key(), javac, cache.file_hash(javac) if javac else "")
        classes = self._plugin_classes(cached, plugin_key)
        images = cache.digest(*(f"{p}={s}" for p, s in sorted(self.shas.items()) if p.startswith("images/")))

        def where(rel: str) -> str:  # an image drawn again is in the staging folder, one kept in the output folder
            return os.path.join(self.target if rel in self.kept else self.folder, rel)

        def produce(game: Game) -> bytes:
            return zip_bytes(module_entries(game, self.folder, battles(game), where))

        name = vmod_name(self.game)
        self._emit(name, *cached.make("module", name, produce, cache.digest(images, plugin_key, classes),
                                      have=self._have(name)))

    def _plugin_classes(self, cached: cache.Cached, key: str) -> str:
        """Hands the plugin's classes compiled by an earlier build to modgen.plugin (javac takes seconds); returns
        their hash."""
        if self.store is not None:
            sha = self.store.key(cache.digest("plugin classes", key))
            found = _classes_from_json(self.store.blob(sha)) if sha else None
            if found is not None:
                plugin.remember(plugin.inputs_key(), found)
        classes = plugin.class_files()
        data = json.dumps({n: base64.b64encode(b).decode("ascii") for n, b in sorted(classes.items())}).encode()
        if self.store is not None and classes:
            self.store.put(cache.digest("plugin classes output"), [], cache.digest("plugin classes", key), data)
        return hashlib.sha256(data).hexdigest()

    def pnp(self, cached: cache.Cached) -> None:
        """The print-and-play PDFs (default options, the build's paper), each made from a game of its own so that
        what one reads is noted for it alone; the counters' faces each through the cache too (:meth:`_faces`), so a
        changed unit redraws its own faces and the sheets are put together from the others as they were."""
        options = Options(paper=self.paper)
        style = style_of(self.game)
        names = [name for name, _ in documents(self.game, options, style)]
        extra = cache.canon(options)
        made = {}
        for name in names:
            game, log = cache.traced(self.game)

            def produce(game: Game = game, log: set = log, name: str = name) -> bytes:
                faces = self._faces(cached, style, extra, log)
                return dict(documents(game, options, style, faces))[name]()

            rel = f"{PNP_DIR}/{name}"
            made[rel] = cached.make_ref("pnp", name, produce, log, frozenset(), extra, have=self._have(rel))
        for rel, (sha, data) in made.items():  # written when all of them were made (all or nothing, as `pnp`)
            self._emit(rel, sha, data)

    def _faces(self, cached: cache.Cached, style, extra: str, into: set):
        """The counter sheets' faces (:data:`art.pnp.counter_sheets.FaceStore`): each one an output of its own in the
        cache (a PNG, keyed by what drawing it read), kept decoded in this process; what each read is added to
        ``into``, the sheets' own record of what they depend on."""
        def face(item: str, side: str, draw) -> Image.Image:
            game, log = cache.traced(self.game)
            found: dict[str, Image.Image] = {}

            def produce() -> bytes:
                img = draw(game)
                data = png_bytes(img, style)
                found[hashlib.sha256(data).hexdigest()] = img
                return data

            name = f"face/{item}/{side}"
            sha, data = cached.make_ref("pnp-face", name, produce, log, frozenset(), extra,
                                        have=lambda sha: sha in _decoded, part=True)
            into.update(log if found else cached.deps("pnp-face", name, extra))
            _decoded.update(found)
            return _image(sha, lambda: data)
        return face


def _classes_from_json(data: bytes | None) -> dict[str, bytes] | None:
    if data is None:
        return None
    try:
        doc = json.loads(data)
        if not isinstance(doc, dict) or not doc:
            return None
        out = {}
        for name, text in doc.items():
            if not (isinstance(name, str) and CLASS_NAME.fullmatch(name) and ".." not in name
                    and isinstance(text, str)):
                return None
            out[name] = base64.b64decode(text, validate=True)
        return out
    except (ValueError, RecursionError):
        return None


CACHED = dict(steps.STEPS)  # the steps this module makes through the cache (by the module that owns each)
CODE = {"art": ART_CODE, "module": MODULE_CODE, "pnp": ART_CODE}  # the code each step's outputs are drawn by


def build_game(game: Game, target: str, use_cache: bool = True, say: Callable[[str], None] | None = None,
               paper: str = "letter") -> Report:
    """Build every output of ``game`` into ``target`` (all or nothing), through the cache in ``target/.cache``."""
    with Staging(target, [game.root]) as folder:
        if len(_decoded) > MAX_DECODED:
            _decoded.clear()
            _halves.clear()
        b = Build(game, target, folder, use_cache, paper)
        for name, module_name in steps.STEPS:
            if CACHED.get(name) == module_name:
                b._step(name, getattr(b, name), CODE[name])
            else:  # a step of another module: its own build(game, out_dir), not cached
                b._plain(name, module_name)
            if say:
                say(f"{name}: {b.report.made[name]} made, {b.report.reused[name]} from the cache, "
                    f"in {b.report.seconds[name]:.1f} s")
    if b.store is not None and b.shas:
        b.store.write_manifest(b.shas)
        b.store.prune()
    return b.report
