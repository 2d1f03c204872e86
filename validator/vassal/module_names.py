"""The names of our module's maps, decks, properties and chat reports that the translator reads (docs/module.md,
"The contract with the log reader"). The validator may not import the module writer, so these are a copy of
``modgen.names`` and of the report formats of ``modgen.units``/``modgen.cards``; a test checks that they agree.
"""

from __future__ import annotations

import re


class ModuleNames:
    """The names our modules give their windows, decks and properties (what the reader looks for): constants, read
    from the one instance :data:`NAMES` (no fields to set: a plain class, not a dataclass whose methods Python would
    generate at every start)."""

    __slots__ = ()  # (nothing can be set on an instance)

    main_map = "Main Map"
    card_map = "Cards"
    hand_suffix = " Hand"  # a side's PlayerHand is "<side name> Hand"
    draw_pile = "Draw Pile"
    discard_pile = "Discard Pile"
    set_aside = "1945 Cards"
    attack = "AttackDir"  # Dynamic Property: the direction the unit attacks
    kind_battle = "battle"  # the battle marker's Kind (the module's battle command)
    battle = "Battle"  # unit Dynamic Property: the battle's number
    battle_role = "BattleRole"  # unit Dynamic Property: attacker / defender
    battle_no = "BattleNo"  # battle marker Dynamic Properties: the number, targets, kind, column, net shift,
    battle_targets = "BattleTargets"  # the dice and the result (as the table gave it, or set by hand)
    battle_kind = "BattleKind"
    battle_column = "BattleColumnIndex"  # the final column's index in the CRT battle_crt names (-1: none)
    battle_crt = "BattleCrt"
    battle_shift = "BattleShift"
    battle_die = "BattleDie"
    battle_outcome = "BattleOutcome"
    adjustment_prefix = "Adjust_"  # battle marker: Adjust_<name> = "1": an adjustment set by hand
    battle_result = "BattleResult"  # Dynamic Property: the result reported for the unit's battle
    joker_rotation = "Joker"  # the Joker's Rotate trait: facing i = the i-th side's half up
    dice_button = "1d6"
    # chat reports (VASSAL puts "*" before a report; HTML entities stay as written)
    result_report = re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in .* reports the battle result (?P<result>\S+)\s*$")
    attack_report = re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in \S.* attacks the hex to the (?P<direction>\w+)\s*$")
    marked_report = re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in \S.* marked (?P<label>\w[\w ]*?)\s*$")  # labels of several words too
    play_report = re.compile(r"^\*\s*(?P<side>.+?) plays (?P<card>.+?): ")
    dice_report = re.compile(
        r"^\*+\s*(?P<button>\S+) = (?P<result>[0-9]{1,9}) \*\*\*")  # (ASCII digits: int() takes them)
    # text every dice, attack and result report holds (" = " the dice's, "[" the units'): a chat message with
    # neither is none of them, which spares most messages (players' moves) the three searches
    report_marks = (" = ", "[")

    def hand_side(self, map_id: str | None, side_names: dict[str, str]) -> str | None:
        """The side whose hand ``map_id`` is (``side_names``: side name -> side id)."""
        if map_id is None or not map_id.endswith(self.hand_suffix):
            return None
        return side_names.get(map_id[:-len(self.hand_suffix)])


NAMES = ModuleNames()
