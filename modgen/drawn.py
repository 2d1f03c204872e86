"""The few images the module draws itself (the art step draws the game's own): attack arrows, the card table with
the decks' names, and the About card.

* **Attack arrows** (one per grid direction, the size of a unit counter): a thick red arrow from the counter's
  centre to the side facing the attacked hex, drawn over the unit by the ``Unit`` prototype's arrow layer, so an
  attack mark is seen from across the map (10.1).
* **Card table**: the ``Cards`` map's board, with each deck's name printed under its place.
* **About card**: the game's title, publisher, edition and sides (Help › About this module).

Every image is a deterministic PNG (fixed encoder settings, no metadata): two builds give the same bytes. Each is
kept in this process by everything it is drawn from (the style's whole content, the sizes, the texts), so a rebuild
after a change that does not touch them draws and encodes none of them again (a tenth of a second of a module).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Sequence

from PIL import Image, ImageDraw

from games.kept import Kept

from art.canvas import draw_labels, fit_text
from art.style import Style, style_of
from games.grid import Layout
from games.hexgrid import Hex, directions
from games.model import Game

ARROW_DIR = "module/attack_"
TABLE_IMAGE = "module/card_table.png"
ABOUT_IMAGE = "module/about.png"
ARROW_RED = (200, 20, 20, 235)
OUTLINE = (255, 255, 255, 255)
_drawn_images: Kept[bytes] = Kept(256)  # by everything an image is drawn from


def _drawn(key: Hashable, draw: Callable[[], bytes]) -> bytes:
    """``draw()``, or its bytes when an image was drawn from the same inputs (``key``) before in this process."""
    return _drawn_images.made(key, draw)


def style_key(style: Style) -> str:
    """The whole content of a style as one text (its tables are read-only and hold only TOML values: their ``repr``
    tells any two apart)."""
    return repr(style.data)


def arrow_image(direction: str) -> str:
    return f"{ARROW_DIR}{direction}.png"


def png(img: Image.Image) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=9, optimize=False)
    return out.getvalue()


def direction_angles(layout: Layout, orientation: str) -> dict[str, float]:
    """Direction name -> the screen angle (radians, y down) from a hex centre to that neighbour's centre."""
    x0, y0 = layout.centre_f(Hex(0, 0))
    out = {}
    for name, vec in directions(orientation).items():  # type: ignore[arg-type]
        x, y = layout.centre_f(vec)
        out[name] = math.atan2(y - y0, x - x0)
    return out


def arrow(size: tuple[int, int], angle: float) -> Image.Image:
    """A red arrow with a white outline from the centre to the edge of a ``size`` counter, pointing at ``angle``."""
    scale = 4  # drawn large, then reduced: smooth edges
    w, h = size[0] * scale, size[1] * scale
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = min(w, h) / 2
    cx, cy = w / 2, h / 2
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux  # perpendicular
    shaft, head_w, tip, base = r * 0.13, r * 0.34, r * 0.98, r * 0.45

    def at(along: float, across: float) -> tuple[float, float]:
        return cx + ux * along + px * across, cy + uy * along + py * across

    poly = [at(-r * 0.05, shaft), at(base, shaft), at(base, head_w), at(tip, 0), at(base, -head_w),
            at(base, -shaft), at(-r * 0.05, -shaft)]
    d.polygon(poly, fill=ARROW_RED, outline=OUTLINE, width=scale * 2)
    return img.resize(size, Image.Resampling.LANCZOS)


def attack_arrows(game: Game, layout: Layout, counter: tuple[int, int]) -> dict[str, bytes]:
    angles = direction_angles(layout, game.map.grid.orientation)
    return {arrow_image(name): _drawn(("arrow", counter, a), lambda a=a: png(arrow(counter, a)))
            for name, a in angles.items()}


def card_table(style: Style, size: tuple[int, int], colour: tuple[int, int, int],
               labels: Sequence[tuple[str, tuple[int, int, int, int]]]) -> bytes:
    """The card table: a plain cloth with each deck's name in its panel (x0, y0, x1, y1)."""
    img = Image.new("RGB", size, colour)
    d = ImageDraw.Draw(img)
    for text, panel in labels:
        h = panel[3] - panel[1]
        draw_labels(d, style, fit_text(style, text, panel, "bold", h * 0.7, h * 0.3, fill=(245, 240, 220),
                                       what=f"deck label {text}"))
    return png(img)


def about_card(game: Game, style: Style) -> bytes:
    """Title, publisher and edition, and the sides: what Help › About shows."""
    sides = " / ".join(s.name for s in game.sides.values())
    return _drawn(("about", style_key(style), game.title, game.publisher, game.edition, sides),
                  lambda: _about_card(game.title, f"{game.publisher}, {game.edition}", sides, style))


def _about_card(title: str, published: str, sides: str, style: Style) -> bytes:
    w, h = 640, 360
    img = Image.new("RGB", (w, h), (242, 236, 220))
    d = ImageDraw.Draw(img)
    d.rectangle((8, 8, w - 9, h - 9), outline=(60, 60, 60), width=3)
    lines = [(title, (30, 30, w - 30, 150), "serif", 54, 20, True),
             (published, (30, 160, w - 30, 205), "regular", 26, 12, True),
             (sides, (30, 215, w - 30, 260), "bold", 28, 12, False),
             ("VASSAL module generated by hexforge from the game's data", (30, 290, w - 30, 330), "regular", 20, 10,
              True)]
    for text, panel, role, big, small, wrap in lines:
        draw_labels(d, style, fit_text(style, text, panel, role, big, small, wrap=wrap, fill=(30, 30, 30),
                                       what=f"about {text}"))
    return png(img)


def drawn_images(game: Game, layout: Layout, counter: tuple[int, int], table_size: tuple[int, int],
                 table_colour: tuple[int, int, int],
                 table_labels: Sequence[tuple[str, tuple[int, int, int, int]]]) -> dict[str, bytes]:
    """Image name (relative to images/) -> PNG bytes, for every image the module draws itself."""
    style = style_of(game)
    out = attack_arrows(game, layout, counter)
    out[ABOUT_IMAGE] = about_card(game, style)
    if table_labels:
        out[TABLE_IMAGE] = _drawn(("table", style_key(style), table_size, table_colour, tuple(table_labels)),
                                  lambda: card_table(style, table_size, table_colour, table_labels))
    return out
