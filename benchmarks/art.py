"""Benchmark of the art: render time per artefact kind, and the ratio of the total render time to the time Pillow
needs just to encode the same PNGs with the same settings (goal: under 3x).

Run: .venv/bin/python benchmarks/art.py [game]
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections import defaultdict

# this script is named like the package it measures: keep its own folder off the import path
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import games  # noqa: E402
from art.build import contact_sheet, jobs  # noqa: E402
from art.style import style_of  # noqa: E402


def main(game_id: str = "no_retreat") -> int:
    game = games.load(game_id)
    style = style_of(game)
    level = int(style.num("png.compress_level"))
    render_s: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    images = []
    for kind, _path, render in jobs(game, style):
        t = time.perf_counter()
        images.append(render())
        render_s[kind] += time.perf_counter() - t
        count[kind] += 1
    t = time.perf_counter()
    images.append(contact_sheet({p: im for (_, p, _), im in zip(jobs(game, style), images)}, style))
    render_s["contact sheet"] += time.perf_counter() - t
    count["contact sheet"] += 1
    t = time.perf_counter()
    for im in images:
        im.save(io.BytesIO(), "PNG", compress_level=level, optimize=False)
    encode = time.perf_counter() - t
    total = sum(render_s.values())
    print(f"{'artefact':<14}{'count':>6}{'render s':>10}{'ms each':>10}")
    for kind in render_s:
        print(f"{kind:<14}{count[kind]:>6}{render_s[kind]:>10.2f}{1000 * render_s[kind] / count[kind]:>10.1f}")
    print(f"total render {total:.2f} s; PNG encoding alone {encode:.2f} s; "
          f"render / encode = {total / encode:.2f}x (goal < 3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
