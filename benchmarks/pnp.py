"""Benchmark of the print-and-play set: time, pages and size per document, and the ratio of the whole build to
the time the art package needs just to draw the pictures it embeds (the rest is PDF composition: Flate encoding
of the pixels, marks and text).

Run: .venv/bin/python benchmarks/pnp.py [game]
"""

from __future__ import annotations

import os
import sys
import time

# keep this script's own folder off the import path (benchmarks/art.py would shadow the art package)
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import games  # noqa: E402
from art.cards import render_card, render_card_back  # noqa: E402
from art.pnp.aids import chart_aids, player_aids  # noqa: E402
from art.pnp.calibration import calibration_page  # noqa: E402
from art.pnp.card_sheets import card_sheets  # noqa: E402
from art.pnp.counter_sheets import counter_sheets, face_images  # noqa: E402
from art.pnp.map_tiles import PrintMap, map_documents  # noqa: E402
from art.pnp.paper import Options  # noqa: E402
from art.style import style_of  # noqa: E402


def timed(fn, *args):
    t = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t


def main(game_id: str = "no_retreat") -> int:
    game = games.load(game_id)
    style = style_of(game)
    options = Options()
    print_map = PrintMap(game, options, style)
    _, map_s = timed(lambda: print_map.window((0, 0, *print_map.size)) if print_map.drawn_whole else None)
    docs = [("counters.pdf", counter_sheets, (game, options, style)),
            ("cards.pdf", card_sheets, (game, options, style)),
            ("calibration.pdf", calibration_page, (game, options)),
            ("map_tiles.pdf + map_poster.pdf", lambda *a: b"".join(map_documents(*a)), (game, options, print_map)),
            ("aids.pdf", player_aids, (game, options, style))]
    print(f"{'document':<18}{'seconds':>9}{'MB':>8}{'pages':>7}")
    print(f"{'(print map art)':<18}{map_s:>9.2f}")
    total = map_s
    for name, fn, args in docs:
        data, s = timed(fn, *args)
        total += s
        print(f"{name:<18}{s:>9.2f}{len(data) / 1e6:>8.2f}{data.count(b'/Type /Page') - data.count(b'/Type /Pages'):>7}")
    art = map_s
    art += timed(face_images, game, options, style)[1]
    art += timed(lambda: [render_card(game, c, options.dpi, style) for c in game.cards]
                 + [render_card_back(game, options.dpi, style)])[1]
    art += timed(chart_aids, game, options, style)[1]  # the charts and the tracks board as the aids draw them
    print(f"total {total:.2f} s; drawing the art alone {art:.2f} s; build / art = {total / art:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
