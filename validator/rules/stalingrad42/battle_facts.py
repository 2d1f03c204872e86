"""What the reports draw of a Stalingrad '42 combat (read only: nothing here checks or changes a state): the hook
``battle_facts`` of :mod:`validator.battle_view`, which gives each combat in the report's shape.

A ``battle`` (or ``auto_ds``) line opens one: the attackers' hexes and the defender's, the odds column the rules read
(8.3-8.5) with every shift and its rule (Tank and Elite Tank Shifts 9.2, Air 9.3, artillery 9.4, Terrain 9.9,
Fortification 9.7.1) and every strength halved, doubled or capped (9.1, 9.5, 9.6, 13.2, 16.4, 23.4, 8.5), the die and
the result (10.1), the advance it allows after the weather (14.2, 23.2) and whether a Determined Defense may be rolled
(11.2.2). The lines that settle it (``determined``, ``loss``, ``remove``, ``retreat``, ``advance``, ``breakthrough``)
add their facts until a line that is not part of it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ...engine.context import Context
from ...model import Action
from . import combat
from .combat_state import AUTO, BREAKTHROUGH, REGULAR, current
from .determined import _drm
from .leaders import final_die
from .state import State

if TYPE_CHECKING:
    from ...battle_view import Battle

_RULE = re.compile(r"\b\d+(?:\.\d+)+\b")
_DD = {"S": "Success", "P": "Partial Success", "F": "Fail"}
_COLOUR = {"no": "no Determined Defense on this result (11.2.2)",
           "orange": "Determined Defense only in a VP hex or as a Desperate Defense, at -1 (11.2.2)"}


def battle_facts(ctx: Context, before: State, action: Action, after: State, shown: Battle | None) -> Battle | None:
    """The combat ``action`` is part of, as drawn after it (see :mod:`validator.battle_view`)."""
    from ...battle_view import with_move  # (the reports' shapes: imported when a report draws a battle)

    if action.type == "battle" or action.type == "auto_ds":
        return _opened(ctx, before, action, after)
    if shown is None or current(before) is None or action.type not in combat.FOLLOW:
        return None
    if action.type == "determined":
        return replace(shown, rolls=shown.rolls + (_roll(ctx, before, action),))
    if action.type == "loss":
        return replace(shown, losses=shown.losses + (str(action["unit"]),))
    if action.type == "remove":
        return replace(shown, losses=shown.losses + (f"{action['unit']} (eliminated)",))
    if action.type in ("retreat", "advance"):
        uid = action["unit"]
        us = before.units.get(uid)
        return with_move(shown, action.type, uid, us.loc if us else None, action.get("path") or ())
    return shown  # a breakthrough, a note: the combat goes on


def _opened(ctx: Context, state: State, action: Action, after: State) -> Battle:
    from ...battle_view import Battle, Modifier

    auto = action.type == "auto_ds"
    kind = AUTO if auto else action.get("kind", REGULAR)
    target = action["target"] if auto else action["targets"][0]
    attackers = tuple(dict.fromkeys(action["attackers"]))
    froms = tuple(sorted({state.units[u].loc for u in attackers if u in state.units and state.units[u].loc}))
    words = {AUTO: "Automatic DS (8.6)", BREAKTHROUGH: "Breakthrough Combat (15.2)"}.get(kind, "")
    crt = ctx.game.crts["crt"]
    b = Battle(action.line, target, froms, attackers, kind=words)
    in_hex, r = combat.reading(ctx, state, action, action.side, attackers, target, kind)
    b = replace(b, defenders=in_hex)
    if target in ctx.game.map.hexes and r is not None:
        odds = crt.limits.automatic if r.col.automatic else (r.col.column or r.col.label)
        strength = tuple(Modifier(0, f"{p.unit} {p.value}: {p.words}", _rule(p.words))
                         for p in r.attack.parts + r.defense.parts if p.words)
        caps = tuple(Modifier(0, f"{who} {raw} capped at {s.cap}", rule)
                     for who, s, rule in (("attack", r.attack, "8.5.1"), ("defense", r.defense, "8.5.2"))
                     for raw in [sum(p.value for p in s.parts)] if raw > s.total)
        b = replace(b, odds=odds, reading=r.col.words(crt.columns), modifiers=tuple(
            Modifier(s.value, s.words, s.rule) for s in r.shifts) + strength + caps)
    if auto:
        b = replace(b, result=crt.limits.automatic_result, odds=crt.limits.automatic)
    else:
        b = replace(b, die=final_die(action), result=str(action["result"]))
    c = current(after)
    if c is not None and c.line == action.line:
        b = replace(b, notes=_notes(ctx, after, c))
    return b


def _rule(words: str) -> str:
    """The first rule number a strength's words cite ("halved Disrupted (13.2.1)" -> "13.2.1")."""
    found = _RULE.findall(words)
    return found[0] if found else ""


def _notes(ctx: Context, state: State, c) -> tuple[str, ...]:
    out = []
    if c.adv:
        w = ctx.game.weather.get(state.weather)
        how = str(w.extra.get("advance") or "") if w is not None else ""
        out.append(f"advance up to {c.adv} hex(es)" + (f" ({w.name}: {how.replace('_', ' ')}, 23.2)" if how else ""))
    if c.kind != AUTO and c.retreat and c.colour in _COLOUR:
        out.append(_COLOUR[c.colour])
    return tuple(out)


def _roll(ctx: Context, state: State, action: Action) -> str:
    """One Determined Defense roll in words: the Lead Unit, the die and its modifiers (11.2.4, 11.3), the result."""
    c = current(state)
    lead = action["lead"]
    die = final_die(action)
    mods = ""
    if c is not None and lead in state.units:
        drm, words = _drm(ctx, state, c, lead, bool(action.get("support")))
        mods = f" {drm:+d} ({', '.join(words)})" if drm or words else ""
    result = str(action["result"])
    letter = _DD.get(result.strip()[:1].upper(), "")
    desperate = "Desperate Defense, " if action.get("desperate") else ""
    return f"{desperate}{lead} leads, die {die}{mods}: {result}" + (f" ({letter})" if letter else "")
