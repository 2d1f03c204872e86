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

ART_DIR = os.path.dirname(os.path.abspath(__file__))
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

    def terrain(self, terrain: str) -> Mapping[str, Any]:
        """The style of a terrain type (falls back to ``terrain.default``)."""
        table = self.get("terrain")
        return table.get(terrain, table["default"])

    def terrain_colour(self, terrain: str) -> RGB:
        return parse_colour(self.terrain(terrain)["colour"], f"terrain.{terrain}.colour")


def style_of(game: Game) -> Style:
    """The game's style: defaults overridden by ``games/<id>/style.toml``."""
    return Style(_freeze(_merge(_defaults(), game.style)))
