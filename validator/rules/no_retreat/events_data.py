"""The effect of each half of each event card, read from ``tables/card_effects.toml`` (5.3.1).

Every half of every card in ``cards.csv`` has an entry: an effect kind and its parameters, or options the player
chooses between (the log's ``choice``). :data:`KINDS` is the vocabulary of effect kinds and where each is played:
``battle`` (in a battle's ``cards``, changing that battle or the Combat Phase), ``play`` (a ``play`` line of its
own), ``any`` (either), ``pay`` (it works when the card is spent and is never played, ``on_pay`` in cards.csv).
The effect modules (``events_combat``, ``events_movement``, ``events_cards``, ``events_vp``, ``events_org``) give each
kind its meaning; ``events`` dispatches plays to them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Mapping

from games.datafiles import Table, read_toml
from games.model import frozen_map

from ...engine.context import Context, once

KINDS: Mapping[str, str] = frozen_map({
    # a battle's cards (events_combat)
    "double_strength": "battle", "double_defence": "battle", "strength_per_unit": "battle", "shift": "battle",
    "auto_result": "battle", "result_map": "battle", "cancel_river": "battle", "reroll": "battle",
    "two_dice": "battle", "die_off": "battle", "crt_choice": "battle", "armor_bonus_any_defender": "battle",
    "cancel_armor_bonus": "battle", "armor_bonus_extra": "battle", "cancel_fort": "battle",
    "extra_losses": "battle", "advance_limit": "battle", "advance_extra": "battle", "retreat_ignores_zoc": "battle",
    "infiltration": "battle", "second_combat": "battle",
    # plays of their own
    "free_counterblows": "play", "remove_counterblows": "play", "extra_battle": "play", "support_shift": "play",
    "extra_support": "play", "defense_works": "play",  # events_combat
    "moves": "play", "extra_mp": "play", "rail_jump": "play", "rail_detrain_move": "play",
    "extra_stacking": "play",  # events_movement
    "draw": "play", "take_discard": "play", "reshuffle": "play", "enemy_discards": "play", "flip_joker": "play",
    "allies_waver": "play",  # events_cards
    "weather": "play", "vp_if": "play", "attack_quota": "play", "cancel_sudden_death": "play",
    "remove_for_vp": "play",  # events_vp
    "place_units": "play", "free_upgrade": "play", "mark_unsupplied": "play", "save_from_surrender": "play",
    "step_losses": "play", "surrender_unit": "play", "undo_organization": "play", "terrain": "play",  # events_org
    # either
    "copy_discard": "any", "cancel_card": "any",
    # when spent
    "draw_on_pay": "pay", "pay_double": "pay",
})
LASTING = ("battle", "phase", "player_turn", "turn")
ROLES = ("attacker", "defender")


@dataclass(frozen=True)
class Effect:
    """One effect of a card half (one option of it, when it has several)."""

    card: str
    side: str
    kind: str
    option: str = ""  # the option's name ("" for a half with one effect)
    params: Mapping[str, Any] = field(default_factory=frozen_map)

    @property
    def where(self) -> str:
        return KINDS[self.kind]

    @property
    def role(self) -> str | None:
        return self.params.get("role")

    @property
    def lasting(self) -> str:
        return self.params.get("lasting", "battle")

    @property
    def draw(self) -> int:
        return int(self.params.get("draw", 0))

    def value(self, key: str, turn: int, default: Any = None) -> Any:
        """A parameter on ``turn``: the ``later`` value from its turn on (e.g. Katyushas: 2 shifts from 1944)."""
        later = self.params.get("later")
        if later and turn >= later["turn"] and key in later:
            return later[key]
        return self.params.get(key, default)


@dataclass(frozen=True)
class Half:
    """What a card half does: its effects (one, or the options the player chooses from)."""

    card: str
    side: str
    options: tuple[Effect, ...]

    def option(self, name: str) -> Effect | None:
        return next((e for e in self.options if e.option == name), None)


def _effect(t: Table, card: str, side: str, option: str) -> Effect:
    kind = t.str("effect")
    if kind not in KINDS:
        raise t.error(f"unknown effect '{kind}'", "effect")
    role = t.data.get("role")
    if role is not None and role not in ROLES:
        raise t.error(f"role '{role}' is not attacker or defender", "role")
    if t.data.get("lasting", "battle") not in LASTING:
        raise t.error(f"lasting '{t.data['lasting']}' is not one of {', '.join(LASTING)}", "lasting")
    params = {k: v for k, v in t.data.items() if k != "effect"}
    return Effect(card, side, kind, option, frozen_map(params))


def load(ctx: Context) -> Mapping[tuple[str, str], Half]:
    """(card, side) -> :class:`Half`, for every half of every card; a missing or unknown entry is a DataError."""
    game = ctx.game
    t = read_toml(os.path.join(game.root, "tables", "card_effects.toml"))
    out: dict[tuple[str, str], Half] = {}
    for card_id, card_table in t.items():
        if card_id not in game.cards:
            raise card_table.error(f"no card '{card_id}' in cards.csv")
        for side, half in card_table.items():
            if side not in game.sides:
                raise half.error(f"unknown side '{side}'")
            if half.has("options"):
                names = half.str_list("options")
                effects = tuple(_effect(half.table(n), card_id, side, n) for n in names)
            else:
                effects = (_effect(half, card_id, side, ""),)
            out[card_id, side] = Half(card_id, side, effects)
    missing = [f"{c}.{s}" for c in game.cards for s in game.sides if (c, s) not in out]
    if missing:
        raise t.error(f"no effect for {', '.join(missing)}")
    return frozen_map(out)


def halves(ctx: Context) -> Mapping[tuple[str, str], Half]:
    made = ctx.tables.get("card_effects")  # (asked at every card action: looked up without once's call)
    return made if made is not None else once(ctx, "card_effects", load)


def half(ctx: Context, card: str, side: str) -> Half:
    return halves(ctx)[card, side]
