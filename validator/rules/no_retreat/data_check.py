"""``check_data(game)``: the rules package's own data files (``tables/combat.toml``, the ``[odds]`` of
``tables/crt.toml``, ``tables/card_effects.toml``) read by the same readers the validator uses, so that ``hexforge
info`` reports their problems before ``validate`` meets them."""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import DataError
from games.model import Game

from . import combat_data, events_data


@dataclass(frozen=True)
class _GameOnly:
    """The part of a replay context the data readers use: the game."""

    game: Game


def check_data(game: Game) -> list[DataError]:
    """Every problem the readers find (each reader stops at its first)."""
    out: list[DataError] = []
    for reader in (combat_data.load, events_data.load):
        try:
            reader(_GameOnly(game))  # type: ignore[arg-type]
        except DataError as err:
            out.append(err)
    return out
