"""The *Check rules* plugin every module carries (issue 17): its Java sources (``modgen/java/``) compiled against the
VASSAL engine, and the ``buildFile.xml`` element that puts its button on the toolbar.

VASSAL loads a component's class from the module archive when the build file names a class it does not have
(``DataArchive.loadClass``), so the class files go into the ``.vmod`` at their package paths. They are compiled
deterministically: fixed ``javac`` flags, ``--release 11`` (VASSAL 3.6 warns about class files newer than Java 11),
no annotation processing, debug data limited to file names and line numbers; class files hold no time stamps and the
archive writer sorts entries and fixes their times, so two builds on one machine give identical bytes.

The classpath is the engine jar ``tools/vassal_engine/setup.sh`` downloads (VASSAL 3.6.0-SNAPSHOT, the one the tests
run); ``make build`` runs that script first, and on a Debian machine with root it installs the JDK too. Without a
``javac`` or the jar the module is built without the plugin, and one line says why and what to install.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from typing import Mapping

from games.file_digest import file_sha256

from .traits import Key, key_text
from .xmltree import element

COMPONENT = "hexforge.plugin.CheckRules"
BUTTON_TEXT = "Check rules"
SOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "java")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINE_JAR = os.path.join(REPO, "tools", "vassal_engine", "vendor", "Vengine.jar")
JAVAC_FLAGS = ("--release", "11", "-encoding", "UTF-8", "-g:source,lines", "-proc:none", "-implicit:none",
               "-nowarn", "-Xlint:-path")
# the JVM that runs javac, kept small: it starts under the builds' 3 GB address-space limit (SECURITY.md; by default
# it reserves a gigabyte of class space and a heap by the machine's memory, and fails to start). The class bytes do
# not depend on them.
JVM_FLAGS = ("-J-Xmx512m", "-J-XX:CompressedClassSpaceSize=128m", "-J-XX:ReservedCodeCacheSize=64m",
             "-J-XX:+UseSerialGC")
INSTALL = ("run tools/vassal_engine/setup.sh (as root on Debian it installs openjdk-17-jdk-headless) or `make build`, "
           "then build again")


class PluginUnavailable(Exception):
    """The plugin cannot be compiled on this machine; the message says why."""


def sources() -> list[str]:
    """The plugin's Java files, in a fixed order."""
    found = [os.path.join(d, f) for d, _, files in os.walk(SOURCES) for f in files if f.endswith(".java")]
    return sorted(found)


def compile_classes(jar: str = ENGINE_JAR, javac: str | None = None) -> dict[str, bytes]:
    """Compile the sources against ``jar``: archive entry name (``hexforge/plugin/X.class``) -> class bytes."""
    javac = javac or shutil.which("javac")
    if not javac:
        raise PluginUnavailable(f"no javac (a JDK 11 or newer) on the PATH: {INSTALL}")
    if not os.path.isfile(jar):
        raise PluginUnavailable(f"no VASSAL engine jar at {jar}: {INSTALL}")
    with tempfile.TemporaryDirectory(prefix="hexforge-plugin-") as out:
        try:
            p = subprocess.run([javac, *JVM_FLAGS, *JAVAC_FLAGS, "-d", out, "-cp", jar, *sources()],
                               capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PluginUnavailable(f"javac could not run ({exc}): {INSTALL}") from None
        said = (p.stdout + p.stderr).strip()
        if p.returncode != 0 and "initialization of VM" in said:  # its JVM did not start (memory): not the sources
            raise PluginUnavailable(f"javac's JVM could not start ({' '.join(said.split())[:200]})")
        if p.returncode != 0:
            raise RuntimeError(f"javac failed on modgen/java (a bug in the plugin's sources):\n{said[-4000:]}")
        classes = {}
        for d, _, files in os.walk(out):
            for f in files:
                path = os.path.join(d, f)
                with open(path, "rb") as fh:
                    classes[os.path.relpath(path, out).replace(os.sep, "/")] = fh.read()
    return classes


def inputs_key(jar: str = ENGINE_JAR) -> str:
    """What the class bytes depend on: the sources, the jar, the flags (the javac version is checked by the tests)."""
    h = hashlib.sha256(repr(JAVAC_FLAGS).encode())
    for path in [*sources(), jar]:
        h.update(os.path.relpath(path, REPO).encode())
        if os.path.isfile(path):
            h.update(file_sha256(path).encode())  # (the engine jar is 5 MB: remembered)
    return h.hexdigest()


@functools.lru_cache(maxsize=4)
def _classes_for(key: str) -> Mapping[str, bytes]:
    try:
        return compile_classes()
    except PluginUnavailable as exc:
        print(f"module: built without the Check rules button: {exc}", file=sys.stderr)
        return {}


_known: dict[str, Mapping[str, bytes]] = {}


def remember(key: str, classes: Mapping[str, bytes]) -> None:
    """Classes compiled earlier for the inputs ``key`` (:func:`inputs_key`), kept by the build cache, so that a
    rebuild does not run javac again."""
    _known[key] = dict(classes)


def class_files() -> Mapping[str, bytes]:
    """The plugin's archive entries, compiled once per process for the same inputs (or handed over by
    :func:`remember`); empty when it cannot be built here (one line on stderr says why)."""
    key = inputs_key()
    return _known[key] if key in _known else _classes_for(key)


def available() -> bool:
    """Whether the modules built here carry the plugin (its classes compile on this machine)."""
    return bool(class_files())


def toolbar_button(root, hotkey: Key | None) -> None:
    """The Check rules button with its hot key (handed out with the other toolbar buttons' by modgen.toolbar)."""
    element(root, COMPONENT, {"name": BUTTON_TEXT, "text": BUTTON_TEXT, "icon": "", "hotkey": key_text(hotkey),
                              "tooltip": "Check the game so far against the rules with hexforge"})
