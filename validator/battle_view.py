"""A battle as the reports draw it: the one shape every rules package gives its battles in, so the step-through page
and the violation pictures draw any game's combat the same way (no report code asks which game it is).

A rules package that can say more about its battles than the core's ``battle`` action fields has a hook
``battle_facts(ctx, before, action, after, shown)``: given the state before and after one action and the battle
being drawn (``shown``, or None), it returns the battle as drawn after the action (a new one for an action that opens
a battle, ``shown`` with the action's facts added for one that continues it) or None when the action is no part of a
battle. :func:`battles_of` walks a replay with it; a package without the hook gets arrows from the core fields
(``attackers`` to ``targets``), as before.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from .model import Action


@dataclass(frozen=True)
class Modifier:
    """One thing that changed a battle's odds or strengths: ``shift`` columns (positive: the attacker's favour; 0:
    a strength halved or doubled, a limit), in words, with its rule number."""

    shift: int
    words: str
    rule: str


@dataclass(frozen=True)
class Move:
    """A retreat or an advance after combat: the unit and every location from where it stood."""

    kind: str  # "retreat" or "advance"
    unit: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Battle:
    """One battle, as much as is known at a step: where from and against where, the odds and what changed them, the
    die and result, the defender's own rolls (a Determined Defense), the step losses, retreats and advances."""

    line: int  # the log line that opened it (its key)
    target: str
    froms: tuple[str, ...]  # the attackers' locations
    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    kind: str = ""  # the package's word for it ("breakthrough combat" ...), "" for a regular battle
    odds: str = ""  # the final column
    reading: str = ""  # how the odds were reached, in words (strengths, net shift)
    modifiers: tuple[Modifier, ...] = ()
    die: int | None = None
    result: str = ""
    rolls: tuple[str, ...] = ()  # the defender's rolls, each in words
    notes: tuple[str, ...] = ()  # what else the result allows (the advance, whether a defense roll is allowed)
    losses: tuple[str, ...] = ()  # one entry per step lost (unit ids), eliminations as "unit (eliminated)"
    moves: tuple[Move, ...] = ()

    def label(self) -> str:
        """The short text written on the board beside the target: odds, die and result, the defender's last roll."""
        parts = [p for p in (self.odds, f"die {self.die}" if self.die is not None else "",
                             f"→ {self.result}" if self.result else "") if p]
        if self.rolls:
            parts.append("| DD " + self.rolls[-1].rsplit(": ", 1)[-1].split(" (")[0].strip())
        return " ".join(parts)

    def as_data(self) -> dict[str, Any]:
        """Plain JSON values for the page's script."""
        return {"line": self.line, "target": self.target, "froms": list(self.froms), "attackers": list(self.attackers),
                "defenders": list(self.defenders), "kind": self.kind, "odds": self.odds, "reading": self.reading,
                "mods": [[m.shift, m.words, m.rule] for m in self.modifiers], "die": self.die, "result": self.result,
                "rolls": list(self.rolls), "notes": list(self.notes), "losses": list(self.losses),
                "moves": [[m.kind, m.unit, list(m.path)] for m in self.moves], "label": self.label()}


def with_move(b: Battle, kind: str, unit: str, start: str | None, path: Sequence[Any]) -> Battle:
    """``b`` with a retreat or advance added: ``path`` as logged, from ``start`` (where the unit stood)."""
    hexes = [p for p in path if isinstance(p, str)]
    full = ([start] if start and (not hexes or hexes[0] != start) else []) + hexes
    return replace(b, moves=b.moves + (Move(kind, unit, tuple(full)),))


def core_battle(action: Action, locations: dict[str, str]) -> Battle | None:
    """A battle from the core ``battle`` fields alone (``attackers``, ``targets``, ``die``, ``result``; the attackers'
    ``locations`` before it), for a package without its own ``battle_facts``."""
    if action.type != "battle":
        return None
    targets = [t for t in action.get("targets") or [] if isinstance(t, str)]
    attackers = tuple(a for a in action.get("attackers") or [] if isinstance(a, str))
    if not targets:
        return None
    froms = tuple(sorted({locations[a] for a in attackers if a in locations}))
    die = action.get("die")
    return Battle(action.line, targets[0], froms, attackers, die=die if isinstance(die, int) else None,
                  result=str(action.get("result") or ""), odds=str(action.get("odds") or ""))


def battles_of(rules, ctx, states: Sequence[Any], actions: Sequence[Action]) -> list[Battle | None]:
    """For each action, the battle it is part of as drawn after it (None: no battle). ``states[k]`` is the state
    before ``actions[k]``, ``states[k + 1]`` after it."""
    hook = getattr(rules, "battle_facts", None)
    out: list[Battle | None] = []
    shown: Battle | None = None
    for k, action in enumerate(actions):
        if hook is not None:
            shown = hook(ctx, states[k], action, states[k + 1], shown)
        elif action.type == "battle":
            at = {uid: loc for uid, loc, *_ in rules.pieces(ctx, states[k])} if hasattr(rules, "pieces") else {}
            shown = core_battle(action, at)
        else:
            shown = None
        out.append(shown)
    return out
