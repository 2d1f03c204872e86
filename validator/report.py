"""Reports people and programs read: one text line per violation and a summary, or one JSON document.

Every report says a violation in the players' words (:mod:`.naming`): where it happened as the player knows it —
the line of a JSON Lines log, or for a VASSAL log the VASSAL step (its number and what the player did there), not
a line of the translation — and whether it follows from an earlier violation (the same unit broke a rule earlier in
the same turn: a unit moved illegally and then attacks), with a link to that one (:func:`entries`).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.errors import one_line

from .model import Action, Violation
from .naming import Names, names_of
from .replay import Replay, rules_of


@dataclass(frozen=True)
class Entry:
    """One violation as the players read it."""

    index: int  # its place among the replay's violations
    violation: Violation
    message: str  # in the players' words
    step: int | None  # the VASSAL step of the action (a VASSAL log), else None
    did: str  # what the player did there, in words ("" at the end of the log)
    follows: int | None  # the index of the earlier violation this one follows from, else None

    @property
    def at(self) -> str:
        """``line 7``, ``VASSAL step 120`` or ``end of the log``."""
        if self.violation.action_index < 0:
            return "end of the log"
        return f"VASSAL step {self.step}" if self.step is not None else f"line {self.violation.line}"

    @property
    def where(self) -> str:
        """:attr:`at`, and for a VASSAL step what the player did there (``VASSAL step 120 (moved ...)``)."""
        return f"{self.at} ({self.did})" if self.step is not None and self.did else self.at


def vassal_step(action: Action) -> int | None:
    """The VASSAL step an action was translated from (its ``src``), else None."""
    src = action.get("src")
    step = src.get("step") if isinstance(src, dict) else None
    return step if isinstance(step, int) and not isinstance(step, bool) else None


def _list(names: Names, values: Any) -> str:
    if isinstance(values, (list, tuple)):
        return ", ".join(_list(names, v) for v in values)
    if isinstance(values, dict):
        return "; ".join(f"{k} {_list(names, v)}" for k, v in sorted(values.items()))
    return names.of(values) if isinstance(values, str) else str(values)


def _path(names: Names, action: Action) -> str:
    path = action.get("path")
    if isinstance(path, list) and path:
        return "along " + " → ".join(names.of(p) if isinstance(p, str) else str(p) for p in path)
    return "to " + _list(names, action.get("to", "?"))


def describe(action: Action, names: Names) -> str:
    """What the player did in this action, in words (the core's kinds; a game's own kind by its fields)."""
    kind = action.type
    unit = _list(names, action.get("unit", "?"))
    if kind == "move":
        return f"moved {unit} {_path(names, action)}"
    if kind in ("retreat", "advance"):
        return f"{'retreated' if kind == 'retreat' else 'advanced'} {unit} {_path(names, action)}"
    if kind == "battle":
        return (f"battle: {_list(names, action.get('attackers', []))} against "
                f"{_list(names, action.get('targets', []))}, die {action.get('die')}, result {action.get('result')}")
    if kind == "loss":
        return f"{unit} lost a step"
    if kind == "remove":
        return f"sent {unit} to {_list(names, action.get('to', '?'))}"
    if kind == "place":
        return f"placed {unit} at {_list(names, action.get('to', '?'))}"
    if kind == "turn":
        return f"turn {action.get('turn')} began"
    if kind == "phase":
        step = action.get("step")
        return f"{action.get('phase')} phase began" + (f" ({step} step)" if step else "")
    fields = {k: v for k, v in action.data.items() if k not in ("src", "note", "expect")}
    return f"{kind}: {_list(names, fields)}" if fields else kind


def _follows(violations: tuple[Violation, ...]) -> list[int | None]:
    """For each violation, the latest earlier one (of an earlier action, in the same turn) about one of its units."""
    last: dict[str, tuple[int, int, int]] = {}  # unit -> (violation index, action index, turn)
    out: list[int | None] = []
    for k, v in enumerate(violations):
        found = None
        for u in v.units:
            seen = last.get(u)
            if seen is not None and seen[2] == v.turn and (seen[1] < v.action_index or v.action_index < 0):
                found = seen[0] if found is None else max(found, seen[0])
        out.append(found)
        for u in v.units:
            if v.action_index >= 0:
                last[u] = (k, v.action_index, v.turn)
    return out


def entries(r: Replay, names: Names | None = None) -> list[Entry]:
    """Every violation of a replay as the players read it."""
    names = names or names_of(r.game)
    out = []
    for k, (v, follows) in enumerate(zip(r.violations, _follows(r.violations))):
        action = r.log.actions[v.action_index] if 0 <= v.action_index < len(r.log.actions) else None
        step = vassal_step(action) if action is not None else None
        did = describe(action, names) if action is not None else ""
        out.append(Entry(k, v, names.say(v.message), step, did, follows))
    return out


def _follow_text(e: Entry, all_entries: list[Entry]) -> str:
    if e.follows is None:
        return ""
    earlier = all_entries[e.follows]
    return f" (follows from the violation at {earlier.at}, rule {earlier.violation.rule})"


def text_lines(r: Replay) -> list[str]:
    src = one_line(r.log.source)  # a file name may hold any byte (a newline, one not UTF-8): shown escaped
    es = entries(r)
    out = []
    for e in es:
        v = e.violation
        at = f"{src}:{v.line}" if e.step is None and v.action_index >= 0 else f"{src}: {e.where}"
        out.append(f"{at}: turn {v.turn} {v.side} {v.phase}: rule {v.rule}: {e.message}{_follow_text(e, es)}")
    out.append(summary(r))
    return out


def by_rule(r: Replay) -> list[tuple[str, int]]:
    """(rule, how many) of a replay's violations, in rule order."""
    return sorted(Counter(v.rule for v in r.violations).items(), key=lambda x: _rule_key(x[0]))


def summary(r: Replay) -> str:
    n = len(r.log.actions)
    head = f"{one_line(r.log.source)}: {n} actions, " + (f"{r.outcome['text']}; " if r.outcome.get("text") else "")
    if r.clean:
        return f"{head}no violations"
    rules = ", ".join(f"{rule} x{k}" for rule, k in by_rule(r))
    return f"{head}{len(r.violations)} violation(s) ({rules})"


def _rule_key(rule: str) -> tuple[int, ...]:
    return tuple(int(p) for p in rule.split(".") if p.isdecimal())


def turns(r: Replay) -> tuple[int, int]:
    """(first, last) turn the log covers: where it starts (the header's ``start``, else its scenario's first turn)
    and where the replay ended."""
    last, _ = rules_of(r.game).where(r.ctx, r.final)
    scenario = r.game.scenarios.get(getattr(r.ctx, "scenario_id", None) or r.log.header.scenario or "")
    first = r.log.header.start.get("turn", scenario.first_turn if scenario else last)
    return int(first), int(last)


def as_doc(r: Replay) -> dict[str, Any]:
    """The JSON document of one replay (``--format json``)."""
    es = entries(r)
    first, last = turns(r)
    return {
        "log": r.log.source,
        "game": r.game.id,
        "scenario": r.log.header.scenario,
        "actions": len(r.log.actions),
        "turns": [first, last],
        "clean": r.clean,
        "summary": summary(r),
        "outcome": r.outcome,
        "by_rule": dict(by_rule(r)),
        "violations": [{**e.violation.as_dict(), "message": e.message, "location": location(r, e.violation),
                        "step": e.step, "did": e.did or None, "where": e.where, "at": e.at,
                        "follows": e.follows} for e in es],
    }


def as_json(r: Replay) -> str:
    return json.dumps(as_doc(r), indent=2, sort_keys=False)


def location(r: Replay, v: Violation) -> str | None:
    """The one place a violation is about, as the module's map names it (a hex id, an area or box name), for a map
    to show: the end of its path, else the target of its first battle arrow, else where its first unit stood before
    the action (the rules package's ``pieces``, from the states the replay kept); None when it is about no one place
    (a card, a phase, the score)."""
    from .vassal.locations import module_name  # (the VASSAL reader only when a location is named)

    loc = map_location(r, v)
    return None if loc is None else module_name(r.game, loc)


def map_location(r: Replay, v: Violation) -> str | None:
    """The game's id of the one place a violation is about (see :func:`location`), or None."""
    loc = v.path[-1] if v.path else v.arrows[0][1] if v.arrows else None
    state = r.before.get(v.action_index)
    rules = rules_of(r.game)
    if loc is None and state is not None and v.units and hasattr(rules, "pieces"):
        at = {uid: where for uid, where, *_ in rules.pieces(r.ctx, state)}
        loc = next((at[u] for u in v.units if u in at), None)
    return loc
