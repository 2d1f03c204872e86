"""The command tree and piece traits (issue 9, item 2): exact nested decoding, every command kind, trait-by-trait
pieces with typed fields, and byte-identical re-encoding (unknown traits and commands included)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from games.vassal_codec import encode
from validator.vassal.commands import (
    AddPiece, ChangePiece, ChangeProperty, Chat, Compound, Log, Marker, MovePiece, Null, Other, Player, PlayerRemove,
    RemovePiece, SetBoards, SetGlobalProperty, SetTurn, Undo, Unknown, census, decode_command, is_step, steps,
)
from validator.vassal.commands import _CLAIMS
from validator.vassal.pieces import _levels, _levels_stepwise, _merged_plain, _state_levels, decode_piece
from validator.vassal.traits import ROTATE_FIXED, ROTATE_FREE, ROTATE_TAIL, TRAITS

ESC, TAB = "\x1b", "\t"
# vassal-format.md §c.5: a two-sided counter with a flip Layer and a Marker
C5_TYPE = ("mark;Side,Attack\temb2;;128;;Flip;128;;;128;;;;1;false;0;0;ger_1inf_front.png,ger_1inf_back.png;"
           ",+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Flip;1.0;;true\\\tpiece;;;;1st Inf Div")
C5_STATE = "German,7\t1\\\tnull;0;0;12;0"


def test_worked_example_decodes_trait_by_trait() -> None:
    piece = decode_piece(C5_TYPE, C5_STATE)
    assert [t.kind for t in piece.traits] == ["Marker", "Layer", "BasicPiece"]
    layer = piece.traits[1]
    assert len(layer.fields) == 33
    assert layer.get("levelNames") == ["", "+ (reduced)"] and layer.get("imageNames")[1] == "ger_1inf_back.png"
    assert layer.get("alwaysActive") is True and layer.get("scale") == 1.0 and layer.get("upModifiers") == 128
    assert piece.markers() == {"Side": "German", "Attack": "7"}
    assert piece.layers() == {"Step": 1} and piece.name == "1st Inf Div"
    assert (piece.base_state.map_id, piece.base_state.gp_id) == (None, "12")
    assert (piece.type_text(), piece.state_text()) == (C5_TYPE, C5_STATE)


def test_add_piece_nests_type_and_state_in_slashes() -> None:
    text = "+/" + encode(["1700000000001", C5_TYPE, C5_STATE.replace("null;0;0", "Main Map;120;96")], "/")
    add = decode_command(text)
    assert isinstance(add, AddPiece) and add.id == "1700000000001"
    assert add.piece.base_state.map_id == "Main Map" and (add.piece.base_state.x, add.piece.base_state.y) == (120, 96)
    assert add.encode() == text


def test_state_change_merges_only_changed_levels() -> None:
    piece = decode_piece(C5_TYPE, "German,7\t1\\\tMain Map;10;10;12;0")
    merged, base_changed = piece.merge_state("German,7\t2\\\tOther;0;0;12;0", "German,7\t1\\\tOther;0;0;12;0")
    assert merged.layers() == {"Step": 2} and not base_changed
    assert merged.base_state.map_id == "Main Map"  # the BasicPiece level did not change, so it is not set


def test_unknown_traits_and_odd_quoting_still_round_trip() -> None:
    type_text = encode(["zzcustom;a;b\\;c", encode(["mark;Kind", "piece;;;'quoted';Name"], TAB)], TAB)
    state_text = encode(["anything", encode(["unit", "null;0;0;;0"], TAB)], TAB)
    piece = decode_piece(type_text, state_text)
    assert piece.traits[0].kind == "Unknown" and piece.traits[0].type_raw == "zzcustom;a;b\\;c"
    assert piece.traits[2].type_raw is not None  # 'quoted' would be re-encoded without quotes: kept verbatim
    assert piece.markers() == {"Kind": "unit"}
    assert (piece.type_text(), piece.state_text()) == (type_text, state_text)


def test_other_base_pieces_stack_and_deck() -> None:
    stack = decode_piece("stack", "Main Map;100;200;p1;p2;@@3")
    assert stack.kind == "Stack" and stack.base_state.members == ("p1", "p2") and stack.base_state.layer == 3
    deck = decode_piece("deck;true;0,0,0;139;90;Always;Always;false;true;false;Re-shuffle;;;Cards;;;;false",
                        "Force Pool;658;94;true;c1,c2,c3")
    assert deck.name == "Cards" and deck.base_state.members == ("c1", "c2", "c3") and deck.base_state.face_down
    assert decode_piece("stack", "null;p1").base_state.members == ("p1",)


def test_rotate_fields_depend_on_the_number_of_angles() -> None:
    fixed = decode_piece("rotate;6;93,130;91,130;CW;CCW\tpiece;;;;x", "2\tnull;0;0;;0").traits[0]
    free = decode_piece("rotate;1;82,130;Set angle\tpiece;;;;x", "45.5\tnull;0;0;;0").traits[0]
    assert fixed.get("rotateCWText") == "CW" and fixed.state_values() == {"angle": 2}
    assert free.get("setAngleText") == "Set angle" and free.state_values() == {"angle": 45.5}


LOG_STREAM = encode([
    "begin_save", "", encode(["", "+/p1/" + encode([C5_TYPE, "German,7\t1\\\tMap;5;5;12;0"], "/")], ESC),
    "PLAYER\tpw1\tAlice\tAxis", "GlobalProperty\t;VP;12;Module", "MapBoardPicker\tMain\t0\t0\tSide/rev\t1\t0",
    "TURNTurnTracker0\t0|3;0;true;20", "SETUP_STACK\t", "NOTES\t", "end_save",
    "LOG\tCHAT&lt;Alice&gt; - hello",
    encode(["LOG\tM/p1/Map/64/64/null/Map/5/5/null/pw1", "LOG\tCHAT* 1st Inf Div moves A1 -> B2 *"], ESC),
    "LOG\t" + encode(["", "LOG\tD/p1/German,7\t2\\\tMap;64;64;12;0/German,7\t1\\\tMap;64;64;12;0"], ESC),
    encode(["LOG\tCHAT** 1d6 = 5 *** &lt;Alice&gt;", "LOG\tMutableProperty\t1d6_result\t3\t5\tModule"], ESC),
    "LOG\t" + encode(["UNDO\ttrue", "-/p1", "UNDO\tfalse"], ESC),
    "LOG\tPYREMOVE\tpw1", "LOG\tSOMETHING_NEW\tx",
], ESC)


def test_a_whole_log_decodes_into_typed_commands_and_encodes_back() -> None:
    root = decode_command(LOG_STREAM)
    assert isinstance(root, Compound) and root.encode() == LOG_STREAM
    restore, logged = steps(root)
    assert [type(c) for c in restore] == [Marker, Null, Compound, Player, SetGlobalProperty, SetBoards, SetTurn,
                                          Marker, Other, Marker]
    assert len(logged) == 7 and all(is_step(c) for c in logged)
    player, prop, boards, turn = restore[3:7]
    assert (player.id, player.name, player.side) == ("pw1", "Alice", "Axis")
    assert (prop.name, prop.value, prop.container) == ("VP", "12", "Module")
    assert boards.map == "Map" and boards.boards == (("Main", False, 0, 0), ("Side", True, 1, 0))
    assert turn.tracker == "TurnTracker0" and turn.levels == [["3", "0", "true", "20"]]
    chat = logged[0].inner
    assert isinstance(chat, Chat) and chat.source == "player"
    move = logged[1].items[0].inner
    assert isinstance(move, MovePiece) and (move.new_map, move.new_x, move.new_y, move.player) == ("Map", 64, 64, "pw1")
    change = logged[2].items[1].inner  # "LOG\t" + (NullCommand ESC LOG D/...) decodes as LOG(null), LOG(D/...)
    assert isinstance(change, ChangePiece) and change.old_state.startswith("German,7\t1")
    dice = logged[3].items[0].inner
    assert dice.dice == {"button": "1d6", "result": "5", "rolls": [5], "player": "Alice"}
    assert isinstance(logged[3].items[1].inner, ChangeProperty) and logged[3].items[1].inner.new == "5"
    undo = [c.inner if isinstance(c, Log) else c for c in logged[4].items]
    assert [type(c) for c in undo] == [Undo, RemovePiece, Undo] and undo[0].in_progress and not undo[2].in_progress
    assert isinstance(logged[5].inner, PlayerRemove)
    assert isinstance(logged[6].inner, Unknown) and logged[6].inner.text == "SOMETHING_NEW\tx"
    counts = census(root)
    assert counts["unknown"] == 1 and counts["log"] == 10 and counts["add"] == 1


def test_escaped_escapes_make_a_compound_even_with_one_token() -> None:
    """``GameModule.decode``: a string that unescapes differs from its token, so it is decoded again."""
    text = "CHATa\\\x1bb"
    c = decode_command(text)
    assert isinstance(c, Compound) and [type(i) for i in c.items] == [Compound]
    assert c.encode() == text


def test_a_logged_compound_splits_like_game_module_decode() -> None:
    """``LOG\t`` + an unescaped compound is split on its ESC first (why BasicLogger wraps every sub-command in its
    own LOG); escaped once more, the whole compound is inside the LOG."""
    inner = encode(["M/p/Map/1/2/null/Map/0/0/null/x", "CHAT* moved *"], ESC)
    flat = decode_command("LOG\t" + inner)
    assert isinstance(flat, Compound) and [type(i) for i in flat.items] == [Log, Chat]
    nested = decode_command("LOG\t" + encode([inner], ESC))
    assert isinstance(nested, Compound) and isinstance(nested.items[0].items[0], Log)
    assert nested.encode() == "LOG\t" + encode([inner], ESC)


def test_command_claims_are_told_apart_by_their_first_two_characters() -> None:
    """decode_leaf looks a claim up by two characters: no two prefixes may share them or be prefixes of another."""
    prefixes = [prefix for prefix, _ in _CLAIMS.values()]
    assert len(prefixes) == 12 and all(p[:2] == k for k, (p, _) in _CLAIMS.items())
    assert not [(a, b) for a in prefixes for b in prefixes if a != b and b.startswith(a)]


# Piece type and state levels: the one-pass split over tabs and their backslash runs gives what decoding level by
# level gives, for well-formed nestings (any heads, quotes and backslashes in them) and for arbitrary texts.
PARTS = st.sampled_from(["a", "'", "\\", "\\\\", TAB, "\\\t", "\\\\\t", "\\\\\\\t", ";", "b"])


@settings(max_examples=1000)
@given(st.lists(PARTS, max_size=30).map("".join), st.one_of(st.none(), st.integers(1, 8)))
def test_one_pass_levels_match_the_stepwise_split_on_any_text(text: str, max_levels: int | None) -> None:
    assert _levels(text, max_levels) == _levels_stepwise(text, max_levels, [])


@settings(max_examples=500)
@given(st.lists(st.lists(PARTS, max_size=5).map("".join), min_size=1, max_size=10),
       st.one_of(st.none(), st.integers(1, 12)))
def test_one_pass_levels_match_the_stepwise_split_on_nested_levels(levels: list[str], max_levels: int | None) -> None:
    text = levels[-1]
    for head in reversed(levels[:-1]):
        text = encode((head, text), TAB)
    assert _levels(text, max_levels) == _levels_stepwise(text, max_levels, [])


def _merged_by_levels(states, new_text, old_text, n):
    """merge_state level by level: every level of both texts split, the differing ones set."""
    new, old = _state_levels(new_text, n), _state_levels(old_text, n)
    return tuple(ns if ns != os_ else s for s, ns, os_ in zip(states, new, old)), bool(n) and new[-1] != old[-1]


def _nested(levels: list[str]) -> str:
    text = levels[-1]
    for head in reversed(levels[:-1]):
        text = encode((head, text), TAB)
    return text


@settings(max_examples=200)
@given(st.booleans(), st.data())
def test_merging_two_plain_states_matches_merging_them_level_by_level(plain: bool, data) -> None:
    """The merge that compares the two texts' parts between tabs (:func:`_merged_plain`) gives what splitting both
    texts level by level gives, or declines (None); it declines no texts whose levels hold no quote, backslash or
    tab (``plain``) when the piece has a trait for each level."""
    level = st.text("ab;", max_size=4) if plain else st.lists(PARTS, max_size=4).map("".join)
    levels = data.draw(st.lists(level, min_size=1, max_size=8))
    changed = data.draw(st.lists(level, min_size=len(levels), max_size=len(levels)))
    mask = data.draw(st.lists(st.booleans(), min_size=len(levels), max_size=len(levels)))
    n = data.draw(st.one_of(st.just(len(levels)), st.integers(1, len(levels) + 2)))  # (one per level, mostly)
    states = tuple(f"s{i}" for i in range(n))
    new_text = _nested([c if m else x for x, c, m in zip(levels, changed, mask)])
    old_text = _nested(levels)
    quick = _merged_plain(states, new_text, old_text, n)
    if quick is not None:
        assert quick == _merged_by_levels(states, new_text, old_text, n)
    if plain and 1 < n and len(levels) <= n:
        assert quick is not None


def test_a_plain_merge_sets_the_changed_levels_only() -> None:
    """The worked example's piece, its Layer and base levels changed as a log's ChangePiece changes them."""
    piece = decode_piece(C5_TYPE, "German,7\t1\\\tMain Map;10;10;12;0")
    new_text, old_text = "German,7\t2\\\tOther;5;5;12;0", "German,7\t1\\\tOther;0;0;12;0"
    assert _merged_plain(piece.states, new_text, old_text, 3) == (("German,7", "2", "Other;5;5;12;0"), True)
    assert _merged_plain(piece.states, new_text, old_text.replace("1", "'1"), 3) is None  # (a quote: level by level)
    merged, base_changed = piece.merge_state(new_text, old_text)
    assert merged.states == ("German,7", "2", "Other;5;5;12;0") and base_changed
    # the old text's backslashes moved between changed levels (as many as a plain text has): not plain, and split
    # level by level its first level holds the rest of the text (the new text's levels all differ from it)
    states, new_text, old_text = ("s0", "s1", "s2", "s3"), "a\tb\\\tc\\\\\td", "a\tb\tc\\\\\\\td"
    assert _merged_plain(states, new_text, old_text, 4) is None
    assert _merged_by_levels(states, new_text, old_text, 4) == (("a", "b", "c", "d"), True)


def test_a_trait_field_by_name_is_the_field_values_gives() -> None:
    """Trait.get finds a field by its position in the schema, so field names must be unique in every schema."""
    schemas = [spec.fields for spec in TRAITS.values()] + [head + ROTATE_TAIL for head in (ROTATE_FIXED, ROTATE_FREE)]
    assert all(len({n.partition(":")[0] for n in names}) == len(names) for names in schemas)
    piece = decode_piece(C5_TYPE, C5_STATE)
    for trait in piece.traits:
        values = trait.values()
        for name in [*values, "field40", "nosuchfield"]:
            assert trait.get(name, "default") == values.get(name, "default")
