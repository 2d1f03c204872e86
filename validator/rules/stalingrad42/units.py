"""What a unit is, face by face, as the rules ask it (2.3): Combat or Non-Combat Unit, mechanized, ASU, free
stacking, tank dots, troop quality, boxed MA ... read once per loaded game from ``units.csv`` and the unit types and
traits of ``game.toml`` (:func:`info`), so rule modules ask a small frozen record instead of the game's tags.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ...engine.context import Context, once
from ...engine.state import face_of


class Info(NamedTuple):
    """One face of one unit."""

    side: str
    nationality: str
    type: str
    tags: frozenset[str]  # the type id, its traits and the face's flags (game.tags)
    attack: int
    defense: int
    ma: int
    combat: bool  # 2.3.1: a Defense Strength above 0 (parenthesized included)
    mechanized: bool  # 2.3.3
    asu: bool  # 18.2
    free_stacking: bool  # 4.2 (ASUs bond like Free Stacking Units, 18.2.3)
    mobile: bool  # has a movement allowance


def _build(ctx: Context) -> Mapping[tuple[str, str], Info]:
    game = ctx.game
    out = {}
    for uid, u in game.units.items():
        for name in ("front", "back"):
            f = u.face(name)
            tags = game.tags(u, name)
            t = game.unit_types[f.type]
            defense = f.defense or 0
            out[uid, name] = Info(
                u.side, u.nationality, f.type, tags, f.attack or 0, defense, f.ma or 0,
                defense > 0 and "non_combat" not in tags, "mechanized" in tags, "asu" in tags,
                "free_stacking" in tags or "asu" in tags, t.mobile and bool(f.ma))
    return out


def table(ctx: Context) -> Mapping[tuple[str, str], Info]:
    """(unit, face) -> :class:`Info`, made once per loaded game (the units and their faces are the game's alone;
    looked up without :func:`once`'s call when made)."""
    value = ctx.tables.get("s42_units")
    return value if value is not None else once(ctx, "s42_units", _build)


def info(ctx: Context, state, uid: str) -> Info:
    """The face ``uid`` shows now."""
    return table(ctx)[uid, state.units[uid].face]


def name(ctx: Context, state, uid: str) -> str:
    """``id (printed name)`` for messages."""
    return f"{uid} ({face_of(ctx, state, uid).name})"


def has(ctx: Context, state, uid: str, tag: str) -> bool:
    return tag in info(ctx, state, uid).tags


def ready_sp(ctx: Context, state, uid: str) -> bool:
    """18.6.3: a Mobile Supply Point on its Ready side (its back), which moves only by Tactical Movement — not by
    Extended, rail or sea (a non-mobile SP, 0-0-0 and always Ready, may use Rail and Sea Movement, 18.6.8)."""
    t = table(ctx)
    return (state.units[uid].face == "back" and "supply" in t[uid, "back"].tags
            and t[uid, "front"].mobile)
