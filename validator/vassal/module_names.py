"""The names of our module's maps, decks, properties and chat reports that the translator reads (docs/module.md,
"The contract with the log reader"). The validator may not import the module writer, so these are a copy of
``modgen.names`` and of the report formats of ``modgen.units``/``modgen.cards``; a test checks that they agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ModuleNames:
    """The names our modules give their windows, decks and properties (what the reader looks for)."""

    main_map: str = "Main Map"
    card_map: str = "Cards"
    hand_suffix: str = " Hand"  # a side's PlayerHand is "<side name> Hand"
    draw_pile: str = "Draw Pile"
    discard_pile: str = "Discard Pile"
    set_aside: str = "1945 Cards"
    attack: str = "AttackDir"  # Dynamic Property: the direction the unit attacks
    kind_battle: str = "battle"  # the battle marker's Kind (the module's battle command)
    battle: str = "Battle"  # unit Dynamic Property: the battle's number
    battle_role: str = "BattleRole"  # unit Dynamic Property: attacker / defender
    battle_no: str = "BattleNo"  # battle marker Dynamic Properties: the number, targets, kind, column, net shift,
    battle_targets: str = "BattleTargets"  # the dice and the result (as the table gave it, or set by hand)
    battle_kind: str = "BattleKind"
    battle_column: str = "BattleColumnIndex"  # the final column's index in the CRT battle_crt names (-1: none)
    battle_crt: str = "BattleCrt"
    battle_shift: str = "BattleShift"
    battle_die: str = "BattleDie"
    battle_outcome: str = "BattleOutcome"
    adjustment_prefix: str = "Adjust_"  # battle marker: Adjust_<name> = "1": an adjustment set by hand
    battle_result: str = "BattleResult"  # Dynamic Property: the result reported for the unit's battle
    joker_rotation: str = "Joker"  # the Joker's Rotate trait: facing i = the i-th side's half up
    dice_button: str = "1d6"
    # chat reports (VASSAL puts "*" before a report; HTML entities stay as written)
    result_report: re.Pattern[str] = field(default=re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in .* reports the battle result (?P<result>\S+)\s*$"))
    attack_report: re.Pattern[str] = field(default=re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in \S.* attacks the hex to the (?P<direction>\w+)\s*$"))
    marked_report: re.Pattern[str] = field(default=re.compile(
        r"\[(?P<unit>[^\]\s]+)\] in \S.* marked (?P<label>\w[\w ]*?)\s*$"))  # labels of several words too
    play_report: re.Pattern[str] = field(default=re.compile(r"^\*\s*(?P<side>.+?) plays (?P<card>.+?): "))
    dice_report: re.Pattern[str] = field(default=re.compile(
        r"^\*+\s*(?P<button>\S+) = (?P<result>\d+) \*\*\*"))
    # text every dice, attack and result report holds (" = " the dice's, "[" the units'): a chat message with
    # neither is none of them, which spares most messages (players' moves) the three searches
    report_marks: tuple[str, ...] = (" = ", "[")

    def hand_side(self, map_id: str | None, side_names: dict[str, str]) -> str | None:
        """The side whose hand ``map_id`` is (``side_names``: side name -> side id)."""
        if map_id is None or not map_id.endswith(self.hand_suffix):
            return None
        return side_names.get(map_id[:-len(self.hand_suffix)])


NAMES = ModuleNames()
