"""Following pieces through a log (issue 9, item 3): stacks as VASSAL builds them, state merges, removals, board
changes, and our own units identified by their Marker traits and placed on our hex ids."""

from __future__ import annotations

import pytest

from games.grid import Layout
from games.vassal_codec import encode
from validator.vassal.commands import decode_command
from validator.vassal.replay import replay
from validator.vassal.units import IDENTITY, IdentityNames, identify
from validator.vassal.pieces import decode_piece

ESC, TAB = "\x1b", "\t"
PIECE = encode(["emb2;;;;;;;;;;;;1;false;0;0;a.png,b.png;,+ back;true;Face;;;false;;1;1;true;;;;;1.0;;",
                "piece;;;x.png;Unit"], TAB)


def add(pid: str, state: str, type_text: str = PIECE) -> str:
    return "+/" + encode([pid, type_text, state], "/")


def state(face: int, where: str) -> str:
    return encode([str(face), where], TAB)


def run(*commands: str, restore: int | None = None, **kw):
    """Replay a stream whose first ``restore`` commands are the saved setup and the rest logged steps."""
    n = len(commands) if restore is None else restore
    root = decode_command(encode(["begin_save", *commands[:n], "end_save", *commands[n:]], ESC))
    return list(replay(root, **kw))


def test_stacks_and_moves_follow_vassal() -> None:
    steps = run(
        add("a", state(1, "null;100;100;1;0")), add("b", state(1, "null;100;100;1;0")),
        add("s", "Map;100;100;a;b", "stack"),  # VASSAL 2.x: stacked pieces have no map, the stack lists them
        add("c", state(1, "Map;300;300;1;0")),
        "LOG\tM/c/Map/100/100/b/Map/300/300/null/pw",  # onto the stack, above b
        "LOG\tM/s/Map/500/500/null/Map/100/100/null/pw",  # the whole stack moves
        "LOG\tM/a/null/0/0/null/Map/500/500/null/pw",  # to no map: Map.removePiece leaves a stacked piece alone
        "LOG\tM/b/Map/700/700/null/Map/500/500/c/pw",  # out of the stack
        "LOG\tD/b/" + encode([state(2, "Map;700;700;1;0"), state(1, "Map;700;700;1;0")], "/"),
        "LOG\t-/a", "LOG\tM/zz/Map/1/1/null/Map/0/0/null/pw",
        restore=4,
    )
    r = steps[-1][1]
    assert r.positions() == {"b": ("Map", 700, 700), "c": ("Map", 500, 500)}
    assert r._pieces["s"].members == ["c"]
    events = [(e.action, e.id) for s, _ in steps[1:] for e in s.events]
    assert events == [("move", "c"), ("move", "s"), ("move", "a"), ("move", "b"), ("change", "b"),
                      ("remove", "a")]
    change = steps[5][0].events[0]
    assert change.changes == (("layer:Face", "1", "2"),)
    assert r.anomalies == ["MovePiece of unknown piece zz"]


def test_a_change_with_old_state_keeps_stack_members_it_does_not_mention() -> None:
    steps = run(add("a", state(1, "null;5;5;1;0")), add("b", state(1, "null;5;5;1;0")), add("s", "Map;5;5;a", "stack"),
                "LOG\tM/b/Map/5/5/a/Map/9/9/null/pw",  # b joins: s = a, b
                "LOG\tD/s/Map;5;5/Map;5;5;a",  # someone else's view removed a; b is in neither list: kept
                restore=3)
    assert steps[-1][1]._pieces["s"].members == ["b"]
    assert steps[-1][1].positions()["b"] == ("Map", 5, 5)


def test_board_changes_rename_locations(tmp_path) -> None:
    from tests.test_vassal_module import BUILD  # a module with a square-grid zone at the top left of "West"
    from validator.vassal.module import parse_build_file

    module = parse_build_file("t", BUILD.encode(), "t", {"west.png": (400, 300), "east.png": (600, 500)})
    steps = run("MainBoardPicker\tWest\t0\t0", add("a", state(1, "Main;70;50;1;0")),
                "LOG\tMainBoardPicker\tEast\t0\t0", "LOG\tM/a/Main/70/50/null/Main/70/50/null/pw",
                restore=2, module=module)
    assert steps[0][0].events[0].after.location == "Box B1"
    assert steps[-1][0].events[0].after.location == "Paris"


def test_our_units_are_identified_and_placed_on_hex_ids(nr_game) -> None:
    unit = next(u for u in nr_game.units.values() if u.side == "axis")
    hex_ = next(iter(nr_game.map.hexes.values()))
    x, y = Layout.module(nr_game.map.grid).centre(hex_.hex)
    marker = encode(["mark;Kind,UnitId,Side", PIECE], TAB)
    steps = run(add("u", encode(["unit," + unit.id + ",axis", state(2, f"Main Map;{x};{y};1;0")], TAB), marker),
                add("v", encode(["unit,no_such_unit,axis", state(1, "null;0;0;1;0")], TAB), marker),
                game=nr_game)
    placed, stray = steps[0][0].events
    assert placed.after.hex == hex_.id and placed.identity.id == unit.id and placed.identity.face == "back"
    assert placed.identity.known and placed.identity.side == "axis"
    assert stray.after.map is None and not stray.identity.known


def test_identity_names_are_a_parameter() -> None:
    piece = decode_piece(encode(["mark;Sorte,Einheit", "piece;;;;x"], TAB), encode(["unit,ger_1", "null;0;0;;0"], TAB))
    assert identify(piece) is None
    names = IdentityNames(kind="Sorte", unit_id="Einheit")
    assert identify(piece, names=names).id == "ger_1"


def test_identity_names_match_the_module_writer() -> None:
    names = pytest.importorskip("modgen.names")
    assert (IDENTITY.kind, IDENTITY.unit_id, IDENTITY.side, IDENTITY.nationality, IDENTITY.unit_type, IDENTITY.strength,
            IDENTITY.ma, IDENTITY.marker_kind, IDENTITY.marker_id, IDENTITY.card_id, IDENTITY.face_layer) == (
        names.KIND, names.UNIT_ID, names.SIDE, names.NATIONALITY, names.UNIT_TYPE, names.STRENGTH, names.MA,
        names.MARKER_KIND, names.MARKER_ID, names.CARD_ID, names.FACE_LAYER)
    assert (IDENTITY.kind_unit, IDENTITY.kind_marker, IDENTITY.kind_card) == (
        names.KIND_UNIT, names.KIND_MARKER, names.KIND_CARD)
