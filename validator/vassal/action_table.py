"""What the VASSAL translator writes: every action type of the log format (docs/log-format.md) it produces, the
fields it fills and the VASSAL evidence each comes from, in one table.

A game's own action kinds, and what its markers, boxes and phases mean, are in the table its rules package declares
(:mod:`.game_table`).

The validator's action vocabulary is changing (combat, cards, organization): when an action type or field changes
there, this table is the one place to follow it. :func:`action` refuses a field the table does not list, and
``tests/test_vassal_translate.py`` checks every entry against the JSON Schema of the log format.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class ActionSpec:
    """What the translator may write for one kind of action, and the evidence it reads it from."""

    fields: tuple[str, ...]  # the fields the translator may fill besides type, side, src and note
    evidence: str  # what in a VASSAL log made with our module gives this action


ACTIONS: dict[str, ActionSpec] = {
    "turn": ActionSpec(("turn",), "the turn tracker's Game Turn level changes (its list index + the first turn)"),
    "phase": ActionSpec(("phase",), "the turn tracker's Phase level changes (mutual phases, then each side's)"),
    "draw": ActionSpec(("cards", "reshuffle"), "a card goes from the Draw Pile into a side's hand; 'reshuffle' "
                                               "when the Discard Pile went back into the Draw Pile before it"),
    "discard": ActionSpec(("cards",), "a card goes from a hand to the Discard Pile without a 'plays' report, in "
                                      "its side's Card Phase (elsewhere it pays for the side's next action)"),
    "play": ActionSpec(("card",), "a card goes to the Discard Pile with the report '<Side> plays <card>'; the "
                                  "Joker turned over is played by the side whose face was up"),
    "supply": ActionSpec(("unsupplied",), "an Unsupplied marker arrives on a unit"),
    "flip": ActionSpec(("unit", "face", "pay"), "a unit's Face layer changes outside the Combat Phase (not a "
                                                "step unit's front to back)"),
    "place": ActionSpec(("unit", "to", "face", "pay"), "a unit comes onto the map from a box, the turn track or "
                                                       "the palette"),
    "reorganize": ActionSpec(("unit", "pay"), "a Disorganized marker leaves a unit in the Organization Phase"),
    "move": ActionSpec(("unit", "path", "to"), "a unit dragged from a hex or area to another: 'path' when "
                                               "adjacent, else 'to'"),
    "entrain": ActionSpec(("unit", "pay"), "a unit goes from the map to its side's Rail Movement box"),
    "detrain": ActionSpec(("unit", "to"), "a unit goes from the Rail Movement box onto the map"),
    "declare": ActionSpec(("targets",), "a Target marker arrives on a hex of enemy units"),
    "counterblow": ActionSpec(("target", "pay"), "a Counterblow marker arrives on a hex of the side's own units "
                                                 "(not the marker of the last battle's CB result)"),
    "battle": ActionSpec(("attackers", "targets", "die", "result", "support", "cards", "marker", "kind", "odds",
                          "shifts"),
                         "a battle marker resolved (the module's battle command): attackers its units, targets, die, "
                         "result, kind (other than voluntary), odds column and net shift as the marker states them, "
                         "an adjustment set by hand named after a battle field (support); or the report '<unit> [id] "
                         "... reports the battle result R': the attackers are the units "
                         "with an attack direction set since the last battle, the targets the hexes those "
                         "directions point to, the die the first roll since the last battle, support a "
                         "Blitz!/Shock! marker put on the map meanwhile, cards the events played meanwhile, "
                         "marker the Counterblow marker put on an attacking hex after a CB result"),
    "loss": ActionSpec(("unit",), "in the Combat Phase, a unit flipped, or a unit of a DD/EX battle with no "
                                  "reduced face sent to its Destroyed or Surrendered box"),
    "retreat": ActionSpec(("unit", "path"), "a defender of the last battle dragged (hex by hex) in the Combat Phase"),
    "advance": ActionSpec(("unit", "path"), "an attacker of the last battle dragged (hex by hex) in the Combat Phase"),
    "remove": ActionSpec(("unit", "to"), "a unit sent to a box other than its Rail Movement box"),
    "note": ActionSpec(("text",), "anything that cannot be interpreted, with the VASSAL step and why"),
}

_ALLOWED = {kind: frozenset((*spec.fields, "note")) for kind, spec in ACTIONS.items()}  # the fields of each kind

# The fields whose values the translator takes from the log as they are (a die roll from a chat report, the Joker's
# card id, a constant of the translator): the hand-over to the validator checks these against the schema; every
# other value is a game id the translator found in the game, a fixed word of this table, or text
# (tests/test_vassal_translation_pin.py checks translations, damaged ones too, against the full schema).
UNCHECKED: dict[str, tuple[str, ...]] = {"battle": ("die", "cards", "kind", "odds", "shifts"), "play": ("card",)}


def action(kind: str, side: str, step: int | None = None, **fields: Any) -> dict[str, Any]:
    """One log action; ``step`` (the VASSAL step it was read from) goes into ``src``. Fields that are None are left
    out; a field the table does not list for ``kind`` is a bug (ValueError)."""
    return action_of(kind, side, step, fields)


def allowed_fields(extra: Mapping[str, tuple[tuple[str, ...], str]]) -> dict[str, frozenset[str]]:
    """The fields of each kind the translator writes: :data:`ACTIONS` with a game's own kinds (``extra``: kind ->
    (fields, evidence), :attr:`~.game_table.GameTable.actions`), which may replace a kind of the same name."""
    return {**_ALLOWED, **{kind: frozenset((*fields, "note")) for kind, (fields, _) in extra.items()}}


def action_of(kind: str, side: str, step: int | None, fields: dict[str, Any],
              kinds: Mapping[str, frozenset[str]] | None = None) -> dict[str, Any]:
    """:func:`action` with the fields given as a dict (read, not kept); ``kinds``: :func:`allowed_fields` (default:
    :data:`ACTIONS` alone)."""
    allowed = (kinds or _ALLOWED)[kind]
    if not allowed.issuperset(fields):
        extra = [k for k in fields.keys() - allowed if fields[k] is not None]  # (a field left empty is not written)
        if extra:
            raise ValueError(f"the translator does not write {sorted(extra)} on a '{kind}' action")
    out: dict[str, Any] = {"type": kind, "side": side}
    for k, v in fields.items():
        if v is not None:
            out[k] = v
    if step is not None:
        out["src"] = {"step": step}
    return out
