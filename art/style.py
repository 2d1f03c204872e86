"""The look of a game's art: ``art/default_style.toml`` deep-merged with the game's own ``style.toml``.

Colours, fonts and proportions are data; renderers ask a :class:`Style` for them by dotted path
(``style.colour("terrain.forest.ink")``). A bad value is a :class:`games.DataError` naming the key.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Mapping

from games import DataError, Game
from games.fields import file_name_problem

ART_DIR = os.path.dirname(os.path.abspath(__file__))
FONT_DIR = os.path.join(ART_DIR, "fonts")
DEFAULT_STYLE = os.path.join(ART_DIR, "default_style.toml")

RGB = tuple[int, int, int]


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        out[k] = _merge(out[k], v) if isinstance(v, Mapping) and isinstance(out.get(k), Mapping) else v
    return out


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


@cache
def _defaults() -> Mapping[str, Any]:
    with open(DEFAULT_STYLE, "rb") as f:
        return _freeze(tomllib.load(f))


def parse_colour(text: str, where: str = "colour") -> RGB:
    """``"#rrggbb"`` -> (r, g, b); DataError naming ``where`` otherwise."""
    if not (isinstance(text, str) and len(text) == 7 and text[0] == "#"):
        raise DataError("style.toml", f"expected a colour \"#rrggbb\", got {text!r}", key=where)
    try:
        return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)
    except ValueError:
        raise DataError("style.toml", f"expected a colour \"#rrggbb\", got {text!r}", key=where) from None


@dataclass(frozen=True)
class Style:
    data: Mapping[str, Any]

    def get(self, path: str, default: Any = None) -> Any:
        node: Any = self.data
        for part in path.split("."):
            if not isinstance(node, Mapping) or part not in node:
                if default is None:
                    raise DataError("style.toml", "missing", key=path)
                return default
            node = node[part]
        return node

    def num(self, path: str) -> float:
        value = self.get(path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise DataError("style.toml", f"expected a number, got {value!r}", key=path)
        return float(value)

    def colour(self, path: str) -> RGB:
        return parse_colour(self.get(path), path)

    def table(self, path: str) -> Mapping[str, Any]:
        """A table of the style (``{}`` when the style has none at ``path``)."""
        node = self.get(path, {})
        return node if isinstance(node, Mapping) else {}

    def terrain(self, terrain: str) -> Mapping[str, Any]:
        """The style of a terrain type. A terrain the style does not name gets a look of its own, generated from
        its id (:func:`generated_terrain`): never another terrain's, so a new terrain type is seen at once (the
        legend shows it like any other)."""
        table = self.get("terrain")
        return table[terrain] if terrain in table else generated_terrain(terrain, self)

    def terrain_colour(self, terrain: str) -> RGB:
        return parse_colour(self.terrain(terrain)["colour"], f"terrain.{terrain}.colour")


def _hue_colour(hue: float, sat: float, val: float) -> str:
    import colorsys

    r, g, b = colorsys.hsv_to_rgb(hue % 1.0, sat, val)
    return "#%02x%02x%02x" % (round(r * 255), round(g * 255), round(b * 255))


def generated_terrain(terrain: str, style: "Style") -> Mapping[str, Any]:
    """A distinct look for a terrain the style does not name: a pale ground of a hue taken from the id's hash,
    moved away from the hues of the terrains the style names, with hatching in a darker tone of it."""
    import zlib

    named = [parse_colour(t["colour"], f"terrain.{k}.colour") for k, t in style.get("terrain").items()
             if isinstance(t, Mapping) and "colour" in t]
    hue = (zlib.crc32(terrain.encode("utf-8")) % 360) / 360.0
    for _ in range(36):  # step the hue until it is far from every named ground
        colour = parse_colour(_hue_colour(hue, 0.35, 0.9))
        if all(sum((a - b) ** 2 for a, b in zip(colour, c)) ** 0.5 > 60 for c in named):
            break
        hue += 1 / 36
    return MappingProxyType({"colour": _hue_colour(hue, 0.35, 0.9), "ink": _hue_colour(hue, 0.6, 0.5),
                             "pattern": "hatch", "generated": True})


NUMBER_FACTOR = 4.0  # a game's style may scale a default number by at most this, either way
NUMBER_RANGES = {"png.compress_level": (0, 9)}  # numbers with a fixed range instead
NEW_NUMBER_RANGE = (0.0, 10.0)  # a number the defaults do not have (all of theirs are sizes and shares)


def _check_numbers(over: Mapping[str, Any], base: Mapping[str, Any], path: str = "") -> None:
    """Every number a game's style sets stays near the default it replaces (sizes in pixels, dpi and shares of a
    hex: what the art allocates and draws grows with them), so that an accepted style cannot exhaust memory."""
    for k, v in over.items():
        key = f"{path}{k}"
        default = base.get(k) if isinstance(base, Mapping) else None
        if isinstance(v, Mapping):
            _check_numbers(v, default if isinstance(default, Mapping) else {}, key + ".")
            continue
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if key in NUMBER_RANGES:
            lo, hi = NUMBER_RANGES[key]
        elif isinstance(default, (int, float)) and not isinstance(default, bool) and default > 0:
            lo, hi = default / NUMBER_FACTOR, default * NUMBER_FACTOR
        else:
            lo, hi = NEW_NUMBER_RANGE
        if not lo <= v <= hi:
            raise DataError("style.toml", f"{v!r} is out of range (expected {lo:g} to {hi:g})", key=key)


def font_path(name: Any, key: str = "fonts") -> str:
    """The file of a bundled font named in the style (a plain file name in art/fonts/, never a path)."""
    if not isinstance(name, str):
        raise DataError("style.toml", f"expected the name of a font file, found {name!r}", key=key)
    path = "" if file_name_problem(name, "ttf", "a font") else os.path.join(FONT_DIR, name)
    if not os.path.isfile(path):
        raise DataError("style.toml", f"font file {name!r} is not bundled in art/fonts/", key=key)
    return path


def style_of(game: Game) -> Style:
    """The game's style: defaults overridden by ``games/<id>/style.toml`` (its numbers and fonts checked first)."""
    _check_numbers(game.style, _defaults())
    style = Style(_freeze(_merge(_defaults(), game.style)))
    fonts = style.get("fonts")
    if not isinstance(fonts, Mapping):
        raise DataError("style.toml", "expected a table of font files", key="fonts")
    for role, name in fonts.items():
        font_path(name, f"fonts.{role}")
    return style
