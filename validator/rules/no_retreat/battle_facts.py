"""What the reports draw of a No Retreat! battle (read only: nothing here checks or changes a state): the hook
``battle_facts`` of :mod:`validator.battle_view`.

A ``battle`` line opens one: the attackers' hexes and the targets (the first one is labelled), the odds as the rules
read them with each modifier and its rule or card (10.5: shifts, strength points, a result a card or a Fort forces),
the die and the result. The lines that settle it (``loss``, ``remove``, ``retreat``, ``advance``) add theirs until a
line that is not part of it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.context import Context
from ...model import Action
from .combat import resolve, spec_of
from .declaration import current, noted
from .results import close
from .state import State

if TYPE_CHECKING:
    from ...battle_view import Battle

_NUMBER = re.compile(r"\d+(?:\.\d+)*")
FOLLOW = frozenset({"loss", "remove", "retreat", "advance", "note"})


def battle_facts(ctx: Context, before: State, action: Action, after: State, shown: Battle | None) -> Battle | None:
    """The battle ``action`` is part of, as drawn after it (see :mod:`validator.battle_view`)."""
    from ...battle_view import with_move  # (the reports' shapes: imported when a report draws a battle)

    if action.type == "battle":
        return _opened(ctx, before, action, after)
    b = current(before).battle
    if shown is None or b is None or b.line != shown.line or action.type not in FOLLOW:
        return None
    if action.type == "loss":
        return replace(shown, losses=shown.losses + (str(action["unit"]),))
    if action.type == "remove":
        return replace(shown, losses=shown.losses + (f"{action['unit']} ({action.get('to')})",))
    if action.type in ("retreat", "advance"):
        us = before.units.get(action["unit"])
        return with_move(shown, action.type, action["unit"], us.loc if us else None, action.get("path") or ())
    return shown


def _opened(ctx: Context, before: State, action: Action, after: State) -> Battle | None:
    from ...battle_view import Battle, Modifier

    b = current(after).battle
    if b is None or b.line != action.line or not b.targets:
        return None
    froms = tuple(dict.fromkeys(h for h, _ in b.arrows))
    kind = "" if b.kind == "voluntary" else f"{b.kind.capitalize()} battle"
    shown = Battle(action.line, b.targets[0], froms, b.attackers, b.defenders, kind=kind, reading=b.summary,
                   die=action.get("die"), result=b.result)
    state, _ = close(ctx, before)  # as the battle line is handled: the earlier battle settles first
    c = noted(ctx, state, current(state))
    spec = spec_of(ctx, state, c, current(before).battle, action)
    _, odds, mods, _, _ = resolve(ctx, state, spec, action["die"])
    return replace(shown, odds=odds.final or "", modifiers=tuple(
        Modifier(m.shift, m.source + (f" ({m.attack:+d} attack)" if m.attack else "")
                 + (f" ({m.defence:+d} defence)" if m.defence else "") + (f" ({m.result})" if m.result else ""),
                 _rule(m.rule)) for m in mods))


def _rule(cited: str) -> str:
    """The rule number a modifier cites ("10.6.2, turn-track event 'first_snow'" -> "10.6.2"; a card: "")."""
    found = _NUMBER.match(cited)
    return found.group(0) if found else ""
