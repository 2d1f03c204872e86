"""The translation of one long built log, pinned (issue 9, item 7: the reader is sped up without changing any output).

The log is built the way VASSAL writes one (tests/test_vassal_translate.py's ``Log`` on our module's own Campaign
save, so it exists in a clean clone): moves hex by hex and far, boxes, rail, flips, attack directions, dice, battle
results, a retreat and an advance, a stack dragged hex by hex, markers, cards dealt, drawn, discarded, paying and
played, an Undo, a deleted unit and a command no encoder claims. Its JSON Lines, with and without the module, are
pinned by hash (recorded before the speed-up); every translated action passes the log schema's full check, which is
what the hand-over to the validator may rely on.
"""

from __future__ import annotations

import hashlib

import pytest

from validator.log_schema import schema_file
from validator.logfile import id_checker
from validator.schema_check import SchemaChecker, load_schema
from validator.vassal.module_names import NAMES

from tests.test_vassal_translate import Log, base, damaged  # noqa: F401  (the fixture building our module and its save)

NR_SCHEMA = schema_file("validator.rules.no_retreat")  # the No Retreat! log schema

PINNED = {  # sha256 of Translation.jsonl(), with the module and without it
    True: "130eb96055f63a7137f0768c1bfeefb6d8ca0259f984cf83ce002f1548d41bf1",
    False: "e67f51afbc36566ee8924e32e0f96bc9b3c96910b5760c2fe4b8de9dc04d9410",
}


def long_log(base, game) -> Log:  # noqa: F811
    log = Log(base, game)
    hand = ("Axis Hand", (200, 200))
    for c in ("c01", "c02", "c03", "c04", "c05", "c06", "c07"):
        log.card(c, *hand)
    log.tracker(1, "axis", "card").card("c01", NAMES.card_map, log.pile(NAMES.discard_pile), "* Card 1 discarded")
    log.tracker(1, "axis", "supply").marker("disorganized_unsupplied", "2", "1206",
                                            "* West [sov_west] in 1206 marked Unsupplied")
    log.tracker(1, "axis", "organization").marker("disorganized_unsupplied", "1", "1208")
    log.remove("disorganized_unsupplied@1208")
    log.tracker(1, "axis", "movement").move("ger_17", "0908").move("ger_17", "1107")
    log.card("c02", NAMES.card_map, log.pile(NAMES.discard_pile)).move("ger_16", "rail_axis")
    log.move("ger_9", "0909")
    undo = log._move(log.base.ids["ger_9"], NAMES.main_map, *log.point("0808"))
    log.step("UNDO\ttrue", undo, "UNDO\tfalse").move("ger_9", "1008")
    log.tracker(1, "axis", "combat").marker("target_counterblow", "1", "1304", "* NW [sov_northwest] in 1304 "
                                                                              "marked Target")
    log.attack("ger_4pz", "E").attack("ger_18", "E").die(5).die(2).result("ger_4pz", "DR")
    log.move("sov_northwest", "1404").move("sov_northwest", "1503").move("ger_4pz", "1304")
    log.card("c03", NAMES.card_map, log.pile(NAMES.discard_pile), "* Axis plays Card 3: something")
    log.attack("ger_1pz", "E").die(2).result("ger_1pz", "CB")
    log.marker("target_counterblow", "2", "0910", "* 1st Panzer [ger_1pz] in 0910 marked Counterblow")
    log.flip("sov_central")
    log.tracker(1, "axis", "detraining").move("ger_16", "1105").move("ger_6", "destroyed_axis")
    log.tracker(1, "soviet", "organization").flip("sov_west").remove("ger_2").step("XYZZY\tfrom a newer VASSAL")
    log.tracker(1, "soviet", "combat").attack("sov_southwest", "W").die(5).result("sov_southwest", "DR")
    log.move_stack("0910", "0810").move("sov_southwest", "0910").die(3)
    log.tracker(2, None, "housekeeping").tracker(2, "axis", "card")
    return log


@pytest.mark.parametrize("module", [True, False])
def test_the_translation_of_a_long_log_is_pinned(base, nr_game, module) -> None:  # noqa: F811
    t = long_log(base, nr_game).translated(module)
    kinds = {a["type"] for a in t.actions}
    assert {"move", "battle", "retreat", "advance", "note"} | ({"entrain", "draw", "play"} if module else set()) <= kinds
    assert hashlib.sha256(t.jsonl().encode()).hexdigest() == PINNED[module]


def test_translated_actions_pass_the_full_schema_check(base, nr_game) -> None:  # noqa: F811
    t = long_log(base, nr_game).translated()
    checker = SchemaChecker(load_schema(NR_SCHEMA), id_checker(nr_game))
    assert checker.first_error(t.header, "header") is None
    for a in t.actions:
        assert checker.first_error(a, "action") is None, a


def test_a_cells_centre_is_found_in_that_cell(nr_game) -> None:
    """The locator names a pixel at a cell's centre without searching the grid: the search gives the same cell."""
    from games.grid import Layout
    from validator.vassal.locations import Locator

    layout, loc = Layout.module(nr_game.map.grid), Locator(nr_game, NAMES)
    for cell, where in loc._cells.items():
        assert layout.hex_at(layout.centre(cell)) == cell
        assert loc.on_main_map(*layout.centre(cell)).id == where


def test_every_report_the_translator_reads_holds_a_report_mark() -> None:
    """Chat messages without any of ``report_marks`` skip the dice, attack and result searches: each needs one."""
    n = NAMES
    for pattern in (n.dice_report, n.attack_report, n.result_report):
        assert any(mark in pattern.pattern.replace("\\", "") for mark in n.report_marks), pattern.pattern


def test_damaged_logs_translate_to_actions_the_full_check_accepts(base, nr_game) -> None:  # noqa: F811
    """What the hand-over leaves unchecked holds for damaged logs too: each translation of a log with one step
    damaged passes the full schema check, and the hand-over gives the log the full check gives."""
    from validator.logfile import read_lines
    from validator.vassal.translate import translate
    from validator.vassal.vlog_input import hand_over

    checked = 0
    for root in damaged(long_log(base, nr_game), 7, 20, ["", "/", ";", "\t", "x", "9", "99999", "\\", "7 ***"]):
        t = translate(root, nr_game, base.module)
        full = read_lines("game.vlog", enumerate(t.lines(), start=1), nr_game)
        assert hand_over("game.vlog", t, nr_game) == full
        checked += 1
    assert checked >= 15


def test_a_value_the_translator_copies_is_still_checked(base, nr_game) -> None:  # noqa: F811
    """A die the chat reports outside 1-6 is refused at the hand-over as the full check refuses it."""
    from validator.logfile import LogError, read_lines
    from validator.vassal.vlog_input import hand_over

    log = Log(base, nr_game)
    log.tracker(1, "axis", "combat").attack("ger_4pz", "E").die(7).result("ger_4pz", "DR")
    t = log.translated()
    assert [a["die"] for a in t.actions if a["type"] == "battle"] == [7]
    with pytest.raises(LogError) as full:
        read_lines("game.vlog", enumerate(t.lines(), start=1), nr_game)
    with pytest.raises(LogError) as handed:
        hand_over("game.vlog", t, nr_game)
    assert str(handed.value) == str(full.value) and "die" in str(full.value)
