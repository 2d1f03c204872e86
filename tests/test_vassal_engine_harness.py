"""The VASSAL engine harness itself (tests/vassal_engine.py), proved on the small module of tests/harness_module.py."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from harness_module import BOARD, COLS, DECK_AT, ROWS, X0, hex_centre, hex_id, write_module
from vassal_engine import Engine, EngineError, ScriptResult

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def module_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("harness-module")


@pytest.fixture(scope="module")
def vmod(module_dir: Path) -> Path:
    return write_module(module_dir / "HarnessTest.vmod")


UNIT = {"UnitId": "inf_1"}
OPENING = [
    {"do": "new_game"},
    {"do": "button", "name": "1d6"},
    {"do": "side", "side": "Allies"},
    {"do": "begin_log", "file": "game.vlog"},
    {"do": "place", "slot": "Infantry", "at": "0102"},
    {"do": "place", "slot": "Marker", "at": list(map(round, hex_centre(4, 4)))},
    {"do": "move", "piece": UNIT, "to": "0303"},
    {"do": "key", "piece": UNIT, "menu": "Flip side"},
    {"do": "key", "piece": UNIT, "named": "Disorganize"},
    {"do": "turn", "step": "next"},
    {"do": "turn", "step": "next"},
    {"do": "draw", "deck": "Cards", "map": "Allies Hand", "to": [100, 100]},
    {"do": "save", "file": "game.vsav"},
    {"do": "end_log"},
]


@pytest.fixture(scope="module")
def played(vassal_engine: Engine, vmod: Path, module_dir: Path) -> ScriptResult:
    return vassal_engine.run_script(vmod, OPENING, module_dir / "out")


def test_clean_module_loads_clean_and_is_listed(vassal_engine: Engine, vmod: Path) -> None:
    r = vassal_engine.check(vmod)
    assert r.clean, r.summary()
    assert r.module["name"] == "HarnessTest" and r.module["vassal_version"].startswith("3.6.0-SNAPSHOT")
    slots = {s.slot: s for s in r.slots}
    assert set(slots) == {"Infantry", "Marker", "Card 1", "Card 2", "Card 3"}
    assert all(s.roundtrip for s in r.slots)
    assert slots["Infantry"].path == ("Pieces", "Allies") and slots["Infantry"].kind == "piece"
    assert slots["Infantry"].traits == ("emb2;", "emb2;", "mark;", "prototype;", "piece;")
    assert slots["Infantry"].size == (56, 56)
    assert slots["Card 2"].kind == "card" and slots["Card 2"].path == ("Main Map", "Cards")
    assert [(p.name, p.roundtrip) for p in r.prototypes] == [("Unit", True)]
    assert not r.images["failed"] and "inf-back.png" in r.images["referenced"]
    assert [(b.map, b.name, b.width, b.height) for b in r.boards] == [("Main Map", "Main", *BOARD),
                                                                        ("Allies Hand", "Hand", 400, 200)]
    assert r.boards[0].grid["class"].endswith("HexGrid") and r.boards[0].grid["attributes"]["x0"] == str(X0)
    assert [(m.name, m.cls) for m in r.maps] == [("Main Map", "Map"), ("Allies Hand", "PlayerHand")]
    assert [(d.name, d.map, d.cards, d.dealt) for d in r.decks] == [("Cards", "Main Map", 3, 3)]
    assert r.sides == ("Allies", "Axis")
    [tracker] = r.turn_trackers
    assert tracker.name == "Turn" and tracker.turn == "Turn 1 Move"
    [turns] = tracker.levels
    assert turns.cls == "CounterTurnLevel" and turns.levels[0].attributes["list"] == "Move,Combat"
    assert [(g.name, g.value) for g in r.global_properties] == [("VP", "3")]
    assert [(s.name, s.use_file) for s in r.setups] == [("Blank", False)]
    assert r.game_started


def test_every_kind_of_breakage_is_reported(vassal_engine: Engine, module_dir: Path) -> None:
    r = vassal_engine.check(write_module(module_dir / "Broken.vmod", broken=True), ignore=["Version Mismatch"])
    assert not r.clean
    text = r.summary()
    [prompt] = r.ignored  # the module claims a newer VASSAL: a prompt, closed, and ignored as asked
    assert prompt.kind == "DIALOG" and "3.7.0" in prompt.message and "Version Mismatch" not in text
    expected = [
        ("BUG", r"failed to load class VASSAL\.build\.module\.NoSuchComponent"),
        ("BUG", r"HexGrid.*NumberFormatException.*sixty"),
        ("IMAGE", r"cannot load image 'inf-MISSING\.png'"),
        ("ROUNDTRIP", r"slot 'Bad': VASSAL re-encodes"),
        ("LOG-WARN", r"Unknown type zzzbogus"),
    ]
    for kind, pattern in expected:
        assert any(p.kind == kind and re.search(pattern, p.message) for p in r.problems), (kind, pattern, text)
    bad = next(p for p in r.problems if p.kind == "ROUNDTRIP" and "'Bad'" in p.message)
    assert "notanumber" in bad.detail["given"] and "notanumber" not in bad.detail["vassal"]
    assert next(b for b in r.boards if b.name == "Main").grid is None  # the bad HexGrid was skipped


def test_unloadable_module_is_fatal_not_an_exception(vassal_engine: Engine, module_dir: Path) -> None:
    r = vassal_engine.check(write_module(module_dir / "Malformed.vmod", malformed=True))
    assert not r.clean and r.fatal and "GameModul" in r.fatal


def test_locate_names_every_hex_and_finds_it_back(vassal_engine: Engine, vmod: Path) -> None:
    cells = [(c, r) for c in range(COLS) for r in range(ROWS)]
    points = [tuple(round(v) for v in hex_centre(c, r)) for c, r in cells]
    names = vassal_engine.locate(vmod, "Main Map", points + [DECK_AT, (BOARD[0] + 50, 5)])
    assert names == [hex_id(c, r) for c, r in cells] + ["Cards", "offboard"]
    found = vassal_engine.where(vmod, "Main Map", [hex_id(c, r) for c, r in cells] + ["Cards", "nowhere"])
    for (c, r), xy in zip(cells, found):
        x, y = hex_centre(c, r)
        assert abs(xy[0] - x) <= 1 and abs(xy[1] - y) <= 1, (hex_id(c, r), xy)
    assert found[-2:] == [DECK_AT, None]


def test_scripted_game_goes_through_vassal(played: ScriptResult, module_dir: Path) -> None:
    steps = {i: s for i, s in enumerate(played.steps)}
    assert [s.do for s in played.steps] == [a["do"] for a in OPENING]
    assert not played.problems, played.problems
    assert re.fullmatch(r"\*\*\* 1d6 = [1-6] \*\*\* <Tester>", steps[1].chat[-1])
    placed = steps[4].piece
    assert (placed.name, placed.location, placed.properties["UnitId"]) == ("Infantry", "0102", "inf_1")
    assert placed.properties["Type"] == "unit"  # from the prototype
    assert steps[5].piece.location == "0505"
    move = steps[6]
    assert move.piece.location == "0303" and move.chat == ("* Infantry moves 0102 -> 0303 *",)
    assert any(re.search(f"(^|\x1b)M/{placed.id}/Main Map/{move.piece.x}/{move.piece.y}/", c) for c in move.commands)
    assert steps[7].changed and steps[7].piece.name == "Infantry (reduced)"
    assert any(re.search(f"(^|\x1b)D/{placed.id}/2\t", c) for c in steps[7].commands)
    assert steps[8].changed and steps[8].piece.properties["Disorganized_Level"] == "2"
    assert (steps[9].turn, steps[10].turn) == ("Turn 1 Combat", "Turn 2 Move")
    assert steps[10].chat == ("* Turn updated from Turn 1 Combat to Turn 2 Move",)
    [card] = steps[11].pieces
    assert card.map == "Allies Hand" and card.deck is None and card.properties["CardId"] in {"card1", "card2", "card3"}
    unit = played.piece(**UNIT)
    assert unit.location == "0303" and unit.name == "Infantry DG (reduced)"
    assert played.piece(name="Marker").location == "0505"
    assert sum(1 for p in played.pieces if p.deck == "Cards") == 2
    for name in ("game.vsav", "game.vlog"):
        with zipfile.ZipFile(module_dir / "out" / name) as z:
            assert z.read("savedGame").startswith(b"!VCSK")


def test_vassal_replays_its_own_log_to_the_same_end(vassal_engine: Engine, vmod: Path, played: ScriptResult,
                                                    module_dir: Path) -> None:
    r = vassal_engine.decode(vmod, module_dir / "out" / "game.vlog")
    assert not r.problems, r.problems
    assert r.metadata["module_name"] == "HarnessTest" and r.steps > 0
    assert any(c.cls.endswith("LogCommand") for c in r.commands)
    assert any(c.cls.endswith("MovePiece") and c.depth > 0 for c in r.commands)
    where = {(p.name, p.map, p.location, p.deck) for p in r.pieces}
    assert where == {(p.name, p.map, p.location, p.deck) for p in played.pieces}
    assert r.piece(**UNIT).name == "Infantry DG (reduced)"
    assert "* Infantry moves 0102 -> 0303 *" in r.chat


def test_predefined_setup_opens_with_seeded_dice(vassal_engine: Engine, played: ScriptResult, module_dir: Path) -> None:
    with_setup = write_module(module_dir / "WithSetup.vmod", setup=module_dir / "out" / "game.vsav")
    r = vassal_engine.run_script(with_setup, [{"do": "new_game", "setup": "Opening"}, {"do": "button", "name": "1d6"},
                                              {"do": "move", "piece": {"UnitId": "inf_1"}, "to": "0808"}],
                                 module_dir / "out2")
    assert r.steps[0].do == "new_game" and not r.problems, r.problems
    assert r.steps[1].chat == played.steps[1].chat  # the same seed gives the same first roll
    assert r.piece(UnitId="inf_1").location == "0808"
    assert r.piece(name="Marker").location == "0505"


def test_an_action_that_cannot_be_done_raises(vassal_engine: Engine, vmod: Path, module_dir: Path) -> None:
    with pytest.raises(EngineError, match=r"action 1 \(move\): no piece match.*ger_9"):
        vassal_engine.run_script(vmod, [{"do": "new_game"}, {"do": "move", "piece": {"UnitId": "ger_9"}, "to": "0101"}],
                                 module_dir / "out3")
