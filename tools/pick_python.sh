#!/bin/sh
# The Python the Makefile makes .venv with, when PYTHON is not given: the distribution's /usr/bin/python3 when it is
# 3.11 or newer and can make a virtual environment, else the first python3 on PATH.
#
# Why the distribution's first: Debian, Ubuntu and Fedora build CPython with profile-guided and link-time
# optimisation. A Python compiled from source without --enable-optimizations (pyenv's default build) runs the same
# bytecode slower: on the reference machine Debian's 3.11.2 makes the frozen dataclasses of an import about 2x as
# fast as pyenv's 3.11.7 and replays a game 10-15% faster (docs/benchmarks.md, "Which Python runs hexforge").
# The choice is by place, not by timing, so that it is the same on every run.
for py in /usr/bin/python3 python3; do
  if "$py" -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
    echo "$py"
    exit 0
  fi
done
echo python3
