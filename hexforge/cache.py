"""The build cache (issue 21 item 3): every output of ``build`` stored by a hash of exactly what it depends on, so a
rebuild redraws only what a change touched and gives the same bytes as a clean build.

What an output depends on is found by watching it being made: the game is handed to the renderer with each of its
tables (``units``, ``cards``, ``map.hexes``, ...) wrapped in a :class:`Reads` mapping that notes every record the
renderer looks up (or, when it iterates a table, the whole table; when it only asks its size, the size). The next
build checks those records again (a *verifying trace*): when every one of them, the code that draws, the game's
style and artwork files and the library versions are unchanged, the stored output is used as it is. Everything that
is not a table of the game (its title, sides' order, phases, grid) is always part of the key.

Storage, inside the output folder only (``build/<game>/.cache/``, SECURITY.md):

    blobs/<sha256>       an output's bytes; the name is their hash, checked on every read (a bad blob is a miss)
    deps/<sha256>.json   what one output (by step and file name) read last time: a list of record names
    keys/<sha256>        for one output and the values of those records: the hash of its blob

Nothing is ever unpickled: the deps are JSON checked field by field, the keys are 64 hexadecimal digits, and a file
that is not what it should be (a link, a device, too long, wrong content) is a miss, never an error. The cache is
bounded (:data:`MAX_BYTES` by default; the least recently used blobs go first) and is the one thing a failed build
leaves changed (SECURITY.md: it holds only verified, content-addressed entries).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import numbers
import os
import re
import stat
import sys
import tempfile
from collections.abc import Mapping
from typing import Any, Callable, Iterable, Iterator

from games.atomic import inside
from games.errors import UserError
from games.file_digest import file_sha256
from games.model import Game

CACHE_DIR = ".cache"
MAX_BYTES = 512 * 1024 * 1024  # the cache of one game's output folder
MAX_BLOB = 256 * 1024 * 1024  # one output
MAX_JSON = 1024 * 1024  # one deps file
MAX_DEPS = 100_000  # records one output may depend on
MAX_FOLDER_FILES = 10_000  # files of a game folder hashed for its artwork
HEX64 = re.compile(r"[0-9a-f]{64}")
SAFE_REL = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}(/[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}){0,8}")
MANIFEST = "manifest.json"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = b"hexforge-cache-1"

ALL, SIZE, ONE = "*", "#", "k"  # what was read of a table: all of it (in order), its size, one record


class Unfingerprintable(TypeError):
    """A value of a kind :func:`canon` does not know: what depends on it is always made afresh."""


# -- fingerprints ---------------------------------------------------------------------------------------------------

def canon(value: Any) -> str:
    """A text that is the same for equal values in any process (sets sorted, no hash order, no addresses)."""
    out: list[str] = []
    _canon(value, out)
    return "".join(out)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _canon(v: Any, out: list[str]) -> None:
    t = type(v)
    if v is None or t in (bool, int, float, str, bytes):
        out.append(repr(v))
    elif t in _FIELDS or (dataclasses.is_dataclass(v) and not isinstance(v, type)):
        names = _FIELDS.get(t)
        if names is None:
            names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(v))
        out.append(t.__name__ + "(")
        for name in names:
            out.append(name + "=")
            _canon(getattr(v, name), out)
            out.append(",")
        out.append(")")
    elif isinstance(v, (list, tuple)):
        out.append("[" if isinstance(v, list) else "(")
        for x in v:
            _canon(x, out)
            out.append(",")
        out.append("]" if isinstance(v, list) else ")")
    elif isinstance(v, Mapping):
        out.append("{")
        for k, x in (v._data.items() if isinstance(v, Reads) else v.items()):  # in order: order is data
            _canon(k, out)
            out.append(":")
            _canon(x, out)
            out.append(",")
        out.append("}")
    elif isinstance(v, (set, frozenset)):
        out.append("{" + ",".join(sorted(canon(x) for x in v)) + "}")
    elif isinstance(v, enum.Enum):
        out.append(f"{t.__name__}.{v.name}")
    elif isinstance(v, (bool, int, float, str, bytes)):  # subclasses
        out.append(repr(v))
    elif isinstance(v, numbers.Number):  # Fraction, Decimal
        out.append(f"{t.__name__}({v!r})")
    else:
        raise Unfingerprintable(t.__name__)


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256(FORMAT)
    for p in parts:
        b = p.encode("utf-8", "surrogatepass") if isinstance(p, str) else p
        h.update(len(b).to_bytes(8, "big"))
        h.update(b)
    return h.hexdigest()


def file_hash(path: str) -> str:
    """The hash of a regular file's bytes (remembered while its size, mtime and inode stay the same); a link hashed as
    its target's name, never followed; anything else by its kind."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return digest("link", os.readlink(path))
    if not stat.S_ISREG(st.st_mode):
        return digest("other", str(stat.S_IFMT(st.st_mode)))
    return file_sha256(path, st)


def tree_hash(root: str, skip: Callable[[str], bool] = lambda name: False, limit: int = MAX_FOLDER_FILES) -> str:
    """The hash of every file under ``root`` (relative names and contents; links as links, never followed)."""
    parts: list[str] = []
    count = 0
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__" and not x.startswith("."))
        for name in sorted(files):
            if skip(name) or name.endswith(".pyc"):
                continue
            count += 1
            if count > limit:
                return digest("too many files", root)  # never a hit: every build redraws
            path = os.path.join(d, name)
            parts += [os.path.relpath(path, root), file_hash(path)]
    return digest(*parts)


_versions: list[str] = []


def code_fingerprint(packages: Iterable[str], trees: dict[str, str] | None = None) -> str:
    """The code (and its bundled data: fonts, default styles) of these top-level folders of the repository, the
    Python version and the versions of the libraries that draw and write. ``trees``: the folders' hashes already
    taken in this build (filled here), so each folder is walked once per build."""
    from importlib.metadata import PackageNotFoundError, version

    if not _versions:  # (looked up once per process: reading the installed distributions' metadata is slow)
        for lib in ("pillow", "fpdf2", "lxml", "shapely", "numpy", "fonttools"):
            try:
                _versions.append(f"{lib}={version(lib)}")
            except PackageNotFoundError:
                _versions.append(f"{lib}=none")
    parts = [sys.version, *_versions]
    trees = {} if trees is None else trees
    for p in sorted(packages):
        if p not in trees:
            trees[p] = tree_hash(os.path.join(REPO, p))
        parts += [p, trees[p]]
    return digest(*parts)


def game_base(game: Game) -> str:
    """What every output of a game depends on: every field of the game and of its map that is not a table, the
    game's style, and the game folder's files other than its data tables (artwork a style names)."""
    fields = [(f.name, getattr(game, f.name)) for f in dataclasses.fields(game)
              if f.name not in ("root", "map") and not isinstance(getattr(game, f.name), Mapping)]
    m = game.map
    fields += [("map." + f.name, getattr(m, f.name)) for f in dataclasses.fields(m)
               if not isinstance(getattr(m, f.name), Mapping)]
    artwork = tree_hash(game.root, skip=lambda n: n.endswith((".csv", ".toml", ".md"))) if game.root else ""
    return digest(canon(fields), canon(game.style), artwork)


# -- tracing what a renderer reads ----------------------------------------------------------------------------------

class Reads(Mapping):
    """A read-only table that notes what is read of it into ``log``: a record by key, its size, or all of it."""

    __slots__ = ("_data", "_name", "_log")

    def __init__(self, data: Mapping, name: str, log: set):
        self._data, self._name, self._log = data, name, log

    def __getitem__(self, key):
        self._note(ONE, key)
        return self._data[key]

    def __contains__(self, key) -> bool:
        self._note(ONE, key)
        return key in self._data

    def __iter__(self) -> Iterator:
        self._log.add((self._name, ALL, None))
        return iter(self._data)

    def __len__(self) -> int:
        self._log.add((self._name, SIZE, None))
        return len(self._data)

    def __repr__(self) -> str:
        self._log.add((self._name, ALL, None))
        return repr(self._data)

    def _note(self, kind: str, key) -> None:
        if isinstance(key, (str, int)) and not isinstance(key, bool):
            self._log.add((self._name, kind, key))
        else:  # a key that is not a name (a hexside): the whole table
            self._log.add((self._name, ALL, None))


def traced(game: Game) -> tuple[Game, set]:
    """A copy of ``game`` whose tables (and its map's) note what is read of them, and the set they note into."""
    log: set = set()
    m = game.map
    new_map = dataclasses.replace(m, **{f.name: Reads(getattr(m, f.name), "map." + f.name, log)
                                        for f in dataclasses.fields(m) if isinstance(getattr(m, f.name), Mapping)})
    tables = {f.name: Reads(getattr(game, f.name), f.name, log) for f in dataclasses.fields(game)
              if isinstance(getattr(game, f.name), Mapping)}
    return dataclasses.replace(game, map=new_map, **tables), log


def table(game: Game, name: str) -> Mapping:
    return getattr(game.map, name[4:]) if name.startswith("map.") else getattr(game, name)


class Records:
    """The values of a game's records, each fingerprinted once per build (a table read whole: from its records')."""

    def __init__(self, game: Game):
        self.game = game
        self._memo: dict[tuple, str | None] = {}

    def _one(self, name: str, data: Mapping, key) -> str:
        dep = (name, ONE, key)
        if dep not in self._memo:
            self._memo[dep] = digest(canon(data[key])) if key in data else "absent"
        return self._memo[dep]  # type: ignore[return-value]

    def value(self, dep: tuple) -> str | None:
        """The fingerprint of one record name (table, kind, key); None when the game has no such table or a value
        in it cannot be fingerprinted."""
        if dep in self._memo:
            return self._memo[dep]
        name, kind, key = dep
        try:
            data = table(self.game, name)
        except AttributeError:
            data = None
        v: str | None = None
        if isinstance(data, Mapping):
            try:
                if kind == ALL:
                    v = digest(*(canon(k) + "=" + self._one(name, data, k) for k in data))
                elif kind == SIZE:
                    v = str(len(data))
                else:
                    v = self._one(name, data, key)
            except Unfingerprintable:
                v = None
        self._memo[dep] = v
        return v


# -- the store ------------------------------------------------------------------------------------------------------

def read_regular(path: str, cap: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (never through a link, never a FIFO or device) of at most
    ``cap`` bytes; else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > cap:
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(cap + 1)
        return data if len(data) <= cap else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _parse_deps(raw: bytes) -> list[tuple] | None:
    try:
        doc = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, list) or len(doc) > MAX_DEPS:
        return None
    deps = [_dep_from_json(x) for x in doc]
    return None if any(d is None for d in deps) else deps  # type: ignore[return-value]


def _parse_key(raw: bytes) -> str | None:
    text = raw.decode("ascii", "replace")
    return text if HEX64.fullmatch(text) else None


MAX_REMEMBERED = 100_000  # small cache files (deps, keys) kept parsed in this process
_parsed: dict[str, tuple[tuple[int, int, int], Any]] = {}
_dep_texts: dict[tuple, str] = {}  # a record name -> its canon() text, as keys spell it


def _remembered(path: str, cap: int, parse: Callable[[bytes], Any]) -> Any:
    """``parse`` of a small regular file of the cache (None when it is not one, or does not parse), remembered in this
    process while the file's size, mtime and inode stay the same (a rebuild reads hundreds of them again, unchanged:
    :func:`file_hash`'s rule)."""
    st = _regular_stat(path)
    if st is None or st.st_size > cap:
        _parsed.pop(path, None)
        return None
    sig = (st.st_size, st.st_mtime_ns, st.st_ino)
    known = _parsed.get(path)
    if known is not None and known[0] == sig:
        return list(known[1]) if isinstance(known[1], list) else known[1]
    raw = read_regular(path, cap)
    value = parse(raw) if raw is not None else None
    if len(_parsed) >= MAX_REMEMBERED:
        _parsed.clear()
    _parsed[path] = (sig, value)
    return list(value) if isinstance(value, list) else value


def _regular_stat(path: str) -> os.stat_result | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st if stat.S_ISREG(st.st_mode) else None


def _dep_json(dep: tuple) -> list:
    return [dep[0], dep[1], dep[2]]


def _dep_from_json(item: Any) -> tuple | None:
    if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str) and len(item[0]) <= 64
            and item[1] in (ALL, SIZE, ONE)):
        return None
    key = item[2]
    if item[1] == ONE:
        if not ((isinstance(key, str) and len(key) <= 256) or (isinstance(key, int) and not isinstance(key, bool))):
            return None
    elif key is not None:
        return None
    return item[0], item[1], key


_blob_bytes: dict[str, int] = {}  # cache folder -> its blobs' bytes at this process's last prune + what it put since


class Store:
    """The cache folder of one output folder: ``<out_dir>/.cache``. It is made when first written; a ``.cache``
    that is not a real folder (a link, a file) is never read or written."""

    def __init__(self, out_dir: str, max_bytes: int = MAX_BYTES):
        self.out_dir = out_dir
        self.root = os.path.join(out_dir, CACHE_DIR)
        self.max_bytes = max_bytes
        self.hits = 0
        self.misses = 0

    def usable(self) -> bool:
        for path in (self.out_dir, self.root):
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                return True
            except OSError:
                return False
            if not stat.S_ISDIR(st.st_mode):
                return False
        return True

    def _path(self, kind: str, name: str) -> str:
        return os.path.join(self.root, kind, name)

    # reading: every failure is a miss

    def blob(self, sha: str) -> bytes | None:
        if not HEX64.fullmatch(sha) or not self.usable():
            return None
        data = read_regular(self._path("blobs", sha), MAX_BLOB)
        if data is None or hashlib.sha256(data).hexdigest() != sha:
            return None
        try:
            os.utime(self._path("blobs", sha))  # recently used: pruned last
        except OSError:
            pass
        return data

    def deps(self, output: str) -> list[tuple] | None:
        if not self.usable():
            return None
        return _remembered(self._path("deps", output + ".json"), MAX_JSON, _parse_deps)

    def key(self, key: str) -> str | None:
        if not self.usable():
            return None
        return _remembered(self._path("keys", key), 64, _parse_key)

    # writing: inside the output folder, through a temporary file renamed into place

    def _write(self, kind: str, name: str, data: bytes) -> None:
        if not self.usable():
            return
        try:
            os.makedirs(self.out_dir, exist_ok=True)
            path = inside(self.out_dir, os.path.join(CACHE_DIR, kind, name) if kind else os.path.join(CACHE_DIR, name))
        except (OSError, UserError):  # a link planted in the cache that leads out of the folder: not written
            return
        folder = os.path.dirname(path)
        try:
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except OSError:
            return  # a cache that cannot be written is only slower

    def put(self, output: str, deps: list[tuple], key: str, data: bytes) -> str:
        sha = hashlib.sha256(data).hexdigest()
        if len(data) <= MAX_BLOB and not os.path.isfile(self._path("blobs", sha)):
            self._write("blobs", sha, data)
            if self.root in _blob_bytes:
                _blob_bytes[self.root] += len(data)
        self._write("deps", output + ".json", json.dumps([_dep_json(d) for d in sorted(deps, key=repr)]).encode())
        self._write("keys", key, sha.encode("ascii"))
        return sha

    def manifest(self) -> dict[str, tuple[str, int, int, int]]:
        """What the last build left in the output folder: file -> (sha256, size, mtime in ns, inode), as written by
        :meth:`write_manifest`; anything malformed is an empty manifest (every output is written again)."""
        raw = read_regular(os.path.join(self.root, MANIFEST), MAX_JSON * 16) if self.usable() else None
        try:
            doc = json.loads(raw) if raw is not None else {}
        except (ValueError, RecursionError):
            return {}
        out = {}
        if not isinstance(doc, dict) or len(doc) > MAX_DEPS:
            return {}
        for rel, v in doc.items():
            if not (isinstance(rel, str) and SAFE_REL.fullmatch(rel) and ".." not in rel.split("/")
                    and isinstance(v, list) and len(v) == 4 and isinstance(v[0], str) and HEX64.fullmatch(v[0])
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in v[1:])):
                return {}
            out[rel] = (v[0], v[1], v[2], v[3])
        return out

    def write_manifest(self, shas: Mapping[str, str]) -> None:
        """Note each output file of the folder as it is now, with the hash of what the build put there."""
        entries = {}
        for rel, sha in sorted(shas.items()):
            st = _regular_stat(os.path.join(self.out_dir, rel))
            if st is not None:
                entries[rel] = [sha, st.st_size, st.st_mtime_ns, st.st_ino]
        self._write("", MANIFEST, json.dumps(entries).encode())

    def unchanged(self, manifest: Mapping[str, tuple[str, int, int, int]], rel: str, sha: str) -> bool:
        """Whether the output folder holds ``rel`` with content ``sha``, as the last build left it."""
        known = manifest.get(rel)
        if known is None or known[0] != sha:
            return False
        st = _regular_stat(os.path.join(self.out_dir, rel))
        return st is not None and (st.st_size, st.st_mtime_ns, st.st_ino) == known[1:]

    def prune(self) -> None:
        """Keep the blobs under :attr:`max_bytes`, removing the least recently used first; then the keys whose blob
        is gone. The folder is walked on this process's first prune of it, and again only once the blobs this
        process has put since could have taken it over the bound (a rebuild adds a few blobs; walking the thousands
        of files of a cache every time was a twentieth of a rebuild)."""
        if not self.usable() or not os.path.isdir(self.root):
            return
        known = _blob_bytes.get(self.root)
        if known is not None and known <= self.max_bytes:
            return
        _blob_bytes.pop(self.root, None)  # (counted again below; if this fails, the next prune walks again)
        blobs = []
        for kind in ("blobs", "keys", "deps"):
            folder = os.path.join(self.root, kind)
            if not os.path.isdir(folder) or os.path.islink(folder):
                continue
            for name in os.listdir(folder):
                path = os.path.join(folder, name)
                try:
                    st = os.lstat(path)
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode) or name.startswith(".tmp-"):
                    _remove(path)  # nothing but our own files in here
                elif kind == "blobs":
                    blobs.append((st.st_mtime_ns, st.st_size, path))
        total = sum(size for _, size, _ in blobs)
        for _, size, path in sorted(blobs):
            if total <= self.max_bytes:
                break
            _remove(path)
            total -= size
        keys = os.path.join(self.root, "keys")
        if os.path.isdir(keys) and not os.path.islink(keys):
            for name in os.listdir(keys):
                sha = self.key(name) if HEX64.fullmatch(name) else None
                if sha is None or not os.path.isfile(self._path("blobs", sha)):
                    _remove(os.path.join(keys, name))
        if len(_blob_bytes) >= MAX_REMEMBERED:
            _blob_bytes.clear()
        _blob_bytes[self.root] = total


def _remove(path: str) -> None:
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            import shutil

            shutil.rmtree(path, ignore_errors=True)
        else:
            os.unlink(path)
    except OSError:
        pass


# -- making an output through the cache -----------------------------------------------------------------------------

class Cached:
    """One build's view of the cache: ``make(step, name, produce)`` returns the output's bytes, from the store when
    nothing it read last time has changed, else from ``produce(traced_game)`` (then stored)."""

    def __init__(self, store: Store | None, game: Game, code: str, records: Records | None = None,
                 base: str | None = None):
        """``records``, ``base``: shared by the steps of one build (:func:`game_base`; None: not fingerprintable)."""
        self.store = store
        self.game = game
        self.records = records or Records(game)
        if base is None:
            try:
                base = game_base(game)
            except Unfingerprintable:  # nothing can be known about this game's outputs: every one is made
                self.store = None
        self.base = digest(code, base or "")
        self.made: list[str] = []  # outputs produced (not found) in this build, by name

    def output_id(self, step: str, name: str, extra: str = "") -> str:
        return digest(self.base, step, name, extra)

    def deps(self, step: str, name: str, extra: str = "") -> list[tuple]:
        """What an output found in the cache read when it was made (none when there is no cache)."""
        found = self.store.deps(self.output_id(step, name, extra)) if self.store is not None else None
        return found or []

    def _key(self, output: str, deps: list[tuple]) -> str | None:
        values = []
        for d in sorted(deps, key=repr):
            v = self.records.value(d)
            if v is None:
                return None
            text = _dep_texts.get(d)
            if text is None:
                if len(_dep_texts) >= MAX_REMEMBERED:
                    _dep_texts.clear()
                text = _dep_texts[d] = canon(d)
            values.append(text + "=" + v)
        return digest(output, *values)

    def make(self, step: str, name: str, produce: Callable[[Game], bytes], extra: str = "",
             have: Callable[[str], bool] = lambda sha: False) -> tuple[str, bytes | None]:
        """The output ``name`` of ``step``: found, or made by ``produce(game)`` with a game that notes what is read;
        (sha256, bytes) as :meth:`make_ref`. ``extra``: anything else the output depends on (the hashes of the files
        it reads, the options)."""
        game, log = traced(self.game)
        return self.make_ref(step, name, lambda: produce(game), log, frozenset(), extra, have)

    def make_logged(self, step: str, name: str, produce: Callable[[], bytes], log: set, inherited: Iterable[tuple],
                    extra: str = "") -> bytes:
        """The same for a ``produce()`` that reads a game :func:`traced` into ``log`` (emptied first); ``inherited``:
        what was read on its behalf before (a generator's set-up shared by every output it yields)."""
        data = self.make_ref(step, name, produce, log, inherited, extra)[1]
        assert data is not None
        return data

    def make_ref(self, step: str, name: str, produce: Callable[[], bytes], log: set, inherited: Iterable[tuple],
                 extra: str = "", have: Callable[[str], bool] = lambda sha: False, part: bool = False
                 ) -> tuple[str, bytes | None]:
        """(sha256, bytes) of the output; the bytes are None when it was found and ``have(sha)`` says the caller
        has those bytes already (the output folder holds them unchanged): nothing is read then. ``part``: a piece of
        another output (a counter face of the sheets), not counted among the build's outputs made or found."""
        output = self.output_id(step, name, extra)
        if self.store is not None:
            deps = self.store.deps(output)
            key = self._key(output, deps) if deps is not None else None
            sha = self.store.key(key) if key is not None else None
            count = 0 if part else 1
            if sha is not None and have(sha):
                self.store.hits += count
                return sha, None
            data = self.store.blob(sha) if sha is not None else None
            if data is not None:
                self.store.hits += count
                return sha, data  # type: ignore[return-value]
            self.store.misses += count
        log.clear()
        data = produce()
        if not part:
            self.made.append(name)
        sha = hashlib.sha256(data).hexdigest()
        if self.store is not None:
            deps = sorted(set(log) | set(inherited), key=repr)
            key = self._key(output, deps)
            if key is not None:
                self.store.put(output, deps, key, data)
        return sha, data
