"""Reports people and programs read: one text line per violation and a summary, or one JSON document."""

from __future__ import annotations

import json
from collections import Counter

from .model import Violation
from .replay import Replay, rules_of
from .vassal.locations import module_name


def text_lines(r: Replay) -> list[str]:
    src = r.log.source
    out = [f"{src}:{v.line}: turn {v.turn} {v.side} {v.phase}: rule {v.rule}: {v.message}" for v in r.violations]
    out.append(summary(r))
    return out


def summary(r: Replay) -> str:
    n = len(r.log.actions)
    head = f"{r.log.source}: {n} actions, " + (f"{r.outcome['text']}; " if r.outcome.get("text") else "")
    if r.clean:
        return f"{head}no violations"
    by_rule = Counter(v.rule for v in r.violations)
    rules = ", ".join(f"{rule} x{k}" for rule, k in sorted(by_rule.items(), key=lambda x: _rule_key(x[0])))
    return f"{head}{len(r.violations)} violation(s) ({rules})"


def _rule_key(rule: str) -> tuple[int, ...]:
    return tuple(int(p) for p in rule.split(".") if p.isdigit())


def as_json(r: Replay) -> str:
    doc = {
        "log": r.log.source,
        "game": r.game.id,
        "scenario": r.log.header.scenario,
        "actions": len(r.log.actions),
        "clean": r.clean,
        "summary": summary(r),
        "outcome": r.outcome,
        "violations": [{**v.as_dict(), "location": location(r, v)} for v in r.violations],
    }
    return json.dumps(doc, indent=2, sort_keys=False)


def location(r: Replay, v: Violation) -> str | None:
    """The one place a violation is about, as the module's map names it (a hex id, an area or box name), for a map
    to show: the end of its path, else the target of its first battle arrow, else where its first unit stood before
    the action (the rules package's ``pieces``, from the states the replay kept); None when it is about no one place
    (a card, a phase, the score)."""
    loc = v.path[-1] if v.path else v.arrows[0][1] if v.arrows else None
    state = r.before.get(v.action_index)
    rules = rules_of(r.game)
    if loc is None and state is not None and v.units and hasattr(rules, "pieces"):
        at = {uid: where for uid, where, *_ in rules.pieces(r.ctx, state)}
        loc = next((at[u] for u in v.units if u in at), None)
    return None if loc is None else module_name(r.game, loc)
