"""Testing the way attackers test (issue 20, SECURITY.md): run a command on hostile input and check every promise.

:func:`run` runs ``hexforge ARGS`` in a workspace folder, in this process (fast: the short fuzz run of the normal
suite) or in a child process under a memory limit and a timeout (``subprocess=True``: the corpus of dangerous inputs
and ``make fuzz``). :func:`check` asserts the promises on the outcome: an exit code of 0, 1 or 2, no traceback and
no internal error, at most one line per error on stderr with every character visible, the inputs unchanged, nothing
written outside the output place, no staging or temporary file left behind.

Hypothesis profiles: ``hostile-ci`` (the default, a few seconds per test) and ``hostile-fuzz`` (``make fuzz``, or
``HEXFORGE_FUZZ=1``: many more examples, every command in a child process).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import resource
import shutil
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Iterable

import pytest
from hypothesis import HealthCheck, settings

from games.errors import MAX_ERRORS
from hexforge.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NR = os.path.join(ROOT, "games", "no_retreat")
LOGS = os.path.join(ROOT, "tests", "logs")
CORPUS = os.path.join(ROOT, "tests", "hostile")
HEXFORGE = os.path.join(os.path.dirname(sys.executable), "hexforge")

FUZZ = bool(os.environ.get("HEXFORGE_FUZZ"))  # "inprocess": the long run without child processes (faster, no limits)
CHILD = FUZZ and os.environ.get("HEXFORGE_FUZZ") != "inprocess"
READ_MEMORY = 512 * 1024 * 1024  # the promise for validate, import, vassal-dump and info (address space)
BUILD_MEMORY = 3 * 1024 * 1024 * 1024  # build, art, pnp (address space; their resident size stays under 2 GB)
TIMEOUT = 10.0  # seconds: what counts as a hang

settings.register_profile("hostile-ci", max_examples=25, deadline=None, derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("hostile-fuzz", max_examples=int(os.environ.get("HEXFORGE_FUZZ_EXAMPLES", "400")), deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.function_scoped_fixture])
PROFILE = settings.get_profile("hostile-fuzz" if FUZZ else "hostile-ci")
READING = ("info", "validate", "import", "vassal-dump")


@dataclass(frozen=True)
class Outcome:
    argv: tuple[str, ...]
    code: int
    out: str
    err: str
    seconds: float


def run(argv: list[str], cwd: str, subprocess_: bool = CHILD, timeout: float = TIMEOUT) -> Outcome:
    """``hexforge argv`` with ``cwd`` as the working folder; in a child process with a memory limit and a timeout
    when ``subprocess_`` (a timeout is a failed promise: the command hung)."""
    start = time.perf_counter()
    if subprocess_ and not any("\x00" in a for a in argv):  # (no program can be given a NUL in its arguments)
        memory = READ_MEMORY if (argv[:1] and argv[0] in READING) else BUILD_MEMORY

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

        try:
            p = subprocess.run([HEXFORGE, *argv], cwd=cwd, capture_output=True, timeout=timeout, preexec_fn=limit,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"hexforge {argv}: no answer after {timeout} s (a hang)") from None
        return Outcome(tuple(argv), p.returncode, p.stdout.decode("utf-8", "replace"),
                       p.stderr.decode("utf-8", "replace"), time.perf_counter() - start)
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exc:  # argparse: --help, or a usage error
                code = exc.code if isinstance(exc.code, int) else 2
    finally:
        os.chdir(here)
    return Outcome(tuple(argv), code, out.getvalue(), err.getvalue(), time.perf_counter() - start)


def fingerprint(paths: Iterable[str]) -> dict[str, str]:
    """What each path is (kind, and the hash of a regular file's bytes), without following links or opening
    anything that could block (a FIFO, a device)."""
    out = {}
    for path in paths:
        for dirpath, dirnames, filenames in os.walk(path) if os.path.isdir(path) and not os.path.islink(path) \
                else [(os.path.dirname(path), [], [os.path.basename(path)])]:
            for name in sorted(filenames) + sorted(d for d in dirnames if os.path.islink(os.path.join(dirpath, d))):
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except FileNotFoundError:
                    out[p] = "absent"
                    continue
                if stat.S_ISREG(st.st_mode):
                    with open(p, "rb") as f:
                        out[p] = "file " + hashlib.sha256(f.read()).hexdigest()
                elif stat.S_ISLNK(st.st_mode):
                    out[p] = "link " + os.readlink(p)
                else:
                    out[p] = f"special {stat.S_IFMT(st.st_mode)}"
    return out


def listing(folder: str) -> set[str]:
    """Every path under ``folder`` (links not followed)."""
    found = set()
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in dirnames + filenames:
            found.add(os.path.relpath(os.path.join(dirpath, name), folder))
    return found


def check(o: Outcome, allowed: Iterable[int] = (0, 1, 2)) -> None:
    """The promises every command keeps on any input (SECURITY.md)."""
    where = f"hexforge {' '.join(map(repr, o.argv))}"
    assert o.code in tuple(allowed), f"{where}: exit {o.code}\n{o.err[-2000:]}"
    assert "Traceback" not in o.err and "internal error" not in o.err, f"{where}:\n{o.err[-2000:]}"
    lines = o.err.splitlines()
    for line in lines:
        assert line.isprintable(), f"{where}: an error line with an invisible character: {line!r}"
    if o.code == 2:
        errors = [ln for ln in lines if ln.startswith(("hexforge ", "hexforge:"))]
        assert errors and lines[-1] == errors[-1], f"{where}: exit 2 without an error line: {o.err!r}"
        if len(lines) > 2:  # several problems (loading a game folder reports each it finds, at most 50): one line each
            assert len(lines) <= MAX_ERRORS + 1 and all(ln.startswith(f"hexforge {o.argv[0]}: ") for ln in lines), \
                f"{where}: more than one line for one error: {o.err!r}"
        else:
            assert len(lines) <= 2, f"{where}: more than one line for one error: {o.err!r}"  # (+ a summary line)


def check_workspace(workspace: str, before: set[str], allowed_new: Iterable[str] = ()) -> None:
    """Nothing new in the workspace but the expected outputs, and no staging or temporary file anywhere in it."""
    now = listing(workspace)
    allowed = tuple(allowed_new)
    new = {p for p in now - before if not any(p == a or p.startswith(a + os.sep) for a in allowed)}
    assert not new, f"written outside the output: {sorted(new)[:10]}"
    leftovers = [p for p in now if ".staging-" in p or os.path.basename(p).startswith(".tmp-")]
    assert not leftovers, f"left behind: {leftovers[:10]}"


def fresh_game(workspace: str, name: str = "nr") -> str:
    """A copy of games/no_retreat to mutate."""
    dest = os.path.join(workspace, name)
    if os.path.lexists(dest):
        shutil.rmtree(dest)
    shutil.copytree(NR, dest, symlinks=True)
    return dest


@dataclass(frozen=True)
class Base:
    """Our module (built with plain images) and its Campaign setup save, the inputs the VASSAL fuzzers mutate."""

    vmod: str
    save: str
    text: str = field(repr=False)  # the save's command stream
    pieces: tuple[str, ...]  # ids of the pieces it adds


def module_and_save(game, out: str) -> tuple[str, str]:
    """Our module built into ``out`` with plain images (test_modgen.fake_art), and its Campaign setup save copied
    beside it as VASSAL would load it: (module, save)."""
    import zipfile

    from modgen import module as modgen_module
    from test_modgen import fake_art

    fake_art(game, out)
    vmod = modgen_module.build(game, out)[0]
    save = os.path.join(out, "campaign_1941.vsav")
    with zipfile.ZipFile(vmod) as z, open(save, "wb") as f:
        f.write(z.read("campaign_1941.vsav"))
    return vmod, save


@pytest.fixture(scope="session")
def hostile_base(nr_game, tmp_path_factory) -> Base:
    import re

    from validator.vassal.savefile import read_save

    vmod, save = module_and_save(nr_game, str(tmp_path_factory.mktemp("hostile-base") / "no_retreat"))
    text = read_save(save).text
    return Base(vmod, save, text, tuple(sorted(set(re.findall(r"\+/([^/]+)/", text)))))
