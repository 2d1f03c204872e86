"""Checked readers of this package's tables (``tables/rules.toml`` and its sections): a value read from a table and
checked against the game it must belong to (a map hex, an area, a unit, a trait, a region, a side), or the table's
:class:`~games.errors.DataError` naming the key and what the value is not. One place for the checks ``data``,
``campaign_data`` and ``combat_data`` share; each keeps the readers only it needs."""

from __future__ import annotations

from typing import Any, Collection, Iterable

from games.datafiles import Table
from games.model import Game

HEX, AREA, UNIT, TRAIT, SIDE = ("a map hex", "an area of map/areas.toml", "a unit of units.csv",
                                "a trait of game.toml", "a side")


def known(t: Table, key: str, v: Any, among: Collection[Any], what: str) -> Any:
    """``v`` (read under ``key``) when it is one of ``among``; else the error that it is not ``what``."""
    if v not in among:
        raise t.error(f"'{v}' is not {what}", key)
    return v


def all_known(t: Table, key: str, values: Iterable[Any], among: Collection[Any], what: str) -> tuple:
    """``values`` (read under ``key``) when every one is one of ``among``; else the error naming the first that is
    not ``what``."""
    out = tuple(values)
    bad = [v for v in out if v not in among]
    if bad:
        raise t.error(f"'{bad[0]}' is not {what}", key)
    return out


def hex_(game: Game, t: Table, key: str) -> str:
    return known(t, key, t.str(key), game.map.hexes, HEX)


def hexes(game: Game, t: Table, key: str, default: Any = None) -> tuple[str, ...]:
    return all_known(t, key, t.str_list(key, default), game.map.hexes, HEX)


def area(game: Game, t: Table, key: str) -> str:
    return known(t, key, t.str(key), game.map.areas, AREA)


def areas(game: Game, t: Table, key: str, values: Any = None) -> tuple[str, ...]:
    """The areas listed under ``key`` (or ``values``, read there already)."""
    return all_known(t, key, values if values is not None else t.str_list(key), game.map.areas, AREA)


def unit(game: Game, t: Table, key: str) -> str:
    return known(t, key, t.str(key), game.units, UNIT)


def units(game: Game, t: Table, key: str) -> tuple[str, ...]:
    return all_known(t, key, t.str_list(key), game.units, UNIT)


def trait(game: Game, t: Table, key: str) -> str:
    return known(t, key, t.str(key), game.traits, TRAIT)


def side(game: Game, t: Table, key: str) -> str:
    return known(t, key, t.str(key), game.sides, SIDE)


def side_value(game: Game, t: Table, key: str, v: Any) -> str:
    """``v``, read under ``key`` (a key of its own, or an item of a list), when it is a side."""
    return known(t, key, v, game.sides, SIDE)


def region(game: Game, t: Table, key: str, name: str) -> frozenset[str]:
    """The locations of the region ``name`` (named under ``key``)."""
    return game.map.regions[known(t, key, name, game.map.regions, "a region of map/regions.toml")].locations


def regions(game: Game, t: Table, key: str) -> frozenset[str]:
    """The locations of the regions listed under ``key``."""
    return frozenset().union(*(region(game, t, key, r) for r in t.str_list(key, [])))
