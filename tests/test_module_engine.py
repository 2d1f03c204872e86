"""The module in the real VASSAL engine (issue 4, item 7): built from the real art, loaded, located, set up, played.

Every test drives VASSAL 3.6.0-SNAPSHOT through the project's harness (tests/vassal_engine.py); they skip, with
the reason, only when the engine cannot be installed on this machine.
"""

from __future__ import annotations

import os
import re
import zipfile

import pytest

from games.grid import HexIds
from games.vassal_codec import decode, encode
from hexforge import module_step
from modgen import battles, module, names, scenario
from modgen.context import Context
from modgen.savegame import ESC, deobfuscate
from modgen.settings import settings

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def vmod(nr_game, nr_build) -> str:
    """The shipped module: the real art, then the module build step (tests/nr_build.py, once per session)."""
    return module.vmod_path(nr_game, nr_build)


@pytest.fixture(scope="module")
def ctx(nr_game, vmod) -> Context:
    return module.context(nr_game, os.path.dirname(vmod), module_step.battles(nr_game))


@pytest.fixture(scope="module")
def checked(vassal_engine, vmod):
    return vassal_engine.check(vmod)


def test_module_loads_clean_and_every_definition_round_trips(checked):
    assert checked.clean, checked.summary()
    assert checked.slots and all(s.roundtrip for s in checked.slots), [s.name for s in checked.slots
                                                                        if not s.roundtrip]
    assert checked.prototypes and all(p.roundtrip for p in checked.prototypes)
    assert checked.game_started


def test_vassal_sees_every_counter_card_side_and_setup(nr_game, checked):
    palette = [s for s in checked.slots if s.kind == "piece"]
    assert len(palette) == len(nr_game.units) + len(nr_game.all_markers)
    decks = {d.name: d for d in checked.decks}
    assert decks[names.DRAW_PILE].dealt == 44
    assert decks[settings(nr_game).set_aside.name].dealt == sum(c.mark_1945 == "add" for c in nr_game.cards.values())
    assert decks[settings(nr_game).joker.name].dealt == 1 and decks[names.DISCARD_PILE].dealt == 0
    assert checked.sides == tuple(s.name for s in nr_game.sides.values()) + ("Solitaire",)
    assert {m.name: m.cls for m in checked.maps}[names.hand_name("Axis")] == "PlayerHand"
    assert any(s.file == "campaign_1941.vsav" and s.use_file for s in checked.setups)
    tracker = checked.turn_trackers[0]
    assert tracker.turn == "Turn 1 (Jun 1941) Clear: New Game Turn Housekeeping"
    globals_ = {g.name: g.value for g in checked.global_properties}
    assert {k: globals_[k] for k in (names.VP_PROPERTY, names.INITIATIVE_PROPERTY)} == {
        names.VP_PROPERTY: "12", names.INITIATIVE_PROPERTY: "Axis"}  # (the rest are the battles', test_battles*)


def _others(nr_game, ctx) -> list[str]:
    """The Entry Areas and boxes (not a track's spaces), by name."""
    return sorted(nr_game.map.areas) + sorted(k for k in ctx.box_rects
                                              if k not in nr_game.map.boxes or nr_game.map.boxes[k].kind != "track")


@pytest.fixture(scope="module")
def located(vassal_engine, nr_game, vmod, ctx) -> tuple[list[str], list]:
    """One JVM run both ways: ``Map.locationName`` of every hex centre, area and box point we drew, and the point
    VASSAL's grid gives each hex id."""
    ids = HexIds(nr_game.map.grid)
    hexes = sorted(nr_game.map.hexes)
    points = [ctx.layout.centre(ids.hex_of(h)) for h in hexes] + [ctx.point(loc) for loc in _others(nr_game, ctx)]
    return vassal_engine.locate_both(vmod, names.MAIN_MAP, points, hexes)


def test_every_hex_centre_area_and_box_locates_to_its_name(nr_game, ctx, located):
    hexes = sorted(nr_game.map.hexes)
    got = located[0]
    assert got[:len(hexes)] == hexes
    assert got[len(hexes):] == [ctx.location_name(loc) for loc in _others(nr_game, ctx)]


def test_vassal_puts_each_hex_id_at_our_centre(nr_game, ctx, located):
    ids = HexIds(nr_game.map.grid)
    hexes = sorted(nr_game.map.hexes)
    points = located[1]
    grid = ctx.layout.vassal_grid
    assert [grid.snap(p) for p in points] == [ctx.layout.centre(ids.hex_of(h)) for h in hexes]


def _restore(save: zipfile.ZipFile) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """A save's pieces (id -> (type, state)) and its component restore commands, read with our own decoder."""
    tokens = decode(deobfuscate(save.read("savedGame").decode("ascii")), ESC)
    pieces = {}
    for add in decode(tokens[2], ESC)[1:]:
        _, pid, type_, state = decode(add, "/")
        pieces[pid] = (type_, state)
    return pieces, tokens[3:-1]


def _written(vmod: str) -> tuple[dict[str, tuple[str, str]], list[str]]:
    with zipfile.ZipFile(vmod) as z:
        with zipfile.ZipFile(z.open("campaign_1941.vsav")) as save:
            return _restore(save)


@pytest.fixture(scope="module")
def opened(vassal_engine, nr_game, vmod, tmp_path_factory):
    """The Campaign setup opened, then saved at once through VASSAL (one JVM run): the result and its folder."""
    out = tmp_path_factory.mktemp("opened")
    sc = nr_game.scenarios["campaign_1941"]
    return vassal_engine.run_script(vmod, [{"do": "new_game", "setup": sc.name}, {"do": "save", "file": "re.vsav"}],
                                    out), out


def test_campaign_setup_opens_with_every_unit_at_its_data_hex(nr_game, vmod, ctx, opened):
    sc = nr_game.scenarios["campaign_1941"]
    r = opened[0]
    assert not r.problems, r.problems
    assert r.steps[0].do == "new_game"
    units = {p.properties[names.UNIT_ID]: p for p in r.pieces if p.properties.get(names.KIND) == names.KIND_UNIT}
    expected = {u: ctx.location_name(loc) for u, loc, _ in scenario.unit_locations(ctx, sc)}
    assert {u: p.location for u, p in units.items()} == expected
    assert all(p.map == names.MAIN_MAP for p in units.values())
    for u, _, face in scenario.unit_locations(ctx, sc):
        assert units[u].properties[f"{names.FACE_LAYER}_Level"] == ("1" if face == "front" else "2")
    markers = {p.properties[names.MARKER_ID]: p.location for p in r.pieces
               if p.properties.get(names.KIND) == names.KIND_MARKER}
    assert markers == {m: ctx.location_name(loc) for m, loc, _ in scenario.marker_locations(ctx, sc)}
    cards = [p for p in r.pieces if p.properties.get(names.KIND) == names.KIND_CARD]
    assert sum(p.deck == names.DRAW_PILE for p in cards) == 44
    written, _ = _written(vmod)
    for p in r.pieces:  # VASSAL re-encodes every loaded piece exactly as we wrote it
        assert (p.type, p.state) == written[p.id], p.name


def test_vassal_saves_the_opened_setup_exactly_as_we_wrote_it(vmod, ctx, opened):
    """Open the Campaign setup and save it at once through VASSAL: every piece, stack and deck, and every
    component's restore command (boards, turn tracker, globals, notes), comes out as our save writer wrote it; the
    battles' tables, which our setup leaves out (the module holds them), come out with the module's values."""
    r, out = opened
    assert not r.problems, r.problems
    assert [s.do for s in r.steps] == ["new_game", "save"]
    with zipfile.ZipFile(out / "re.vsav") as save:
        theirs = _restore(save)
    ours = _written(vmod)
    tables = [encode(["GlobalProperty\t", name, value, "Module"], ";")
              for name, value in battles.battle_tables(ctx, ctx.battles).items()] if ctx.battles else []
    assert set(tables) <= set(theirs[1])
    assert [c for c in theirs[1] if c not in tables] == ours[1]
    assert theirs[0] == ours[0]


SCRIPT = [
    {"do": "new_game"},
    {"do": "side", "side": "Axis"},
    {"do": "begin_log", "file": "game.vlog"},
    {"do": "place", "slot": "4th Panzer [ger_4pz]", "at": "1204"},
    {"do": "move", "piece": {names.UNIT_ID: "ger_4pz"}, "to": "1205"},
    {"do": "key", "piece": {names.UNIT_ID: "ger_4pz"}, "key": "ctrl F"},
    {"do": "key", "piece": {names.UNIT_ID: "ger_4pz"}, "menu": "Mark Unsupplied"},
    {"do": "place", "slot": "Northwest [sov_northwest]", "at": "1305"},
    {"do": "key", "piece": {names.UNIT_ID: "sov_northwest"}, "menu": "Mark as Target"},
    {"do": "key", "piece": {names.UNIT_ID: "ger_4pz"}, "key": "alt 1"},
    {"do": "button", "name": "1d6"},
    {"do": "draw", "deck": names.DRAW_PILE, "map": names.hand_name("Axis"), "to": [200, 200]},
    {"do": "key", "piece": {"CurrentMap": names.hand_name("Axis")}, "menu": "Play Axis event"},
    {"do": "draw", "deck": names.DRAW_PILE, "map": names.hand_name("Axis"), "to": [200, 200]},
    {"do": "key", "piece": {"CurrentMap": names.hand_name("Axis")}, "menu": "Discard"},
    {"do": "key", "piece": {names.CARD_ID: "joker"}, "menu": "Turn over"},
    {"do": "turn"},
    {"do": "key", "piece": {names.UNIT_ID: "ger_4pz"}, "menu": "Send to Axis Destroyed Units"},
    {"do": "button", "name": "VP +1"},
    {"do": "save", "file": "game.vsav"},
    {"do": "end_log"},
]


@pytest.fixture(scope="module")
def played(vassal_engine, vmod, tmp_path_factory):
    out = tmp_path_factory.mktemp("played")
    return vassal_engine.run_script(vmod, SCRIPT, out), out


def test_a_scripted_game_reports_every_action_in_chat(played):
    r, _ = played
    assert not r.problems, r.problems
    chat = {s.do + str(i): s.chat for i, s in enumerate(r.steps)}
    assert chat["place3"] == ("* 4th Panzer placed in 1204 *",)
    assert chat["move4"] == ("* 4th Panzer moves 1204 → 1205 *",)  # the chat pane renders &rarr;
    assert chat["key5"] == ("* 4th Panzer [ger_4pz] flips to 4th Panzer (reduced) in 1205",)
    assert chat["key6"] == ("* 4th Panzer (reduced) [ger_4pz] in 1205 marked Unsupplied",)
    assert chat["place7"] == ("* Northwest placed in 1305 *",)
    assert chat["key8"] == ("* Northwest [sov_northwest] in 1305 marked Target",)
    assert chat["key9"] == ("* 4th Panzer (reduced) [ger_4pz] in 1205 attacks the hex to the E",)
    assert len(chat["button10"]) == 1 and re.fullmatch(r"\*\*\* 1d6 = [1-6] \*\*\* <Tester>", chat["button10"][0])
    assert chat["draw11"] == ("* Axis takes a card from Draw Pile into the hand *",)
    assert len(chat["key12"]) == 1 and chat["key12"][0].startswith("* Axis plays Card ")
    assert re.fullmatch(r"\* Card \d+ discarded", chat["key14"][0]) and len(chat["key14"]) == 1
    assert chat["key15"] == ("* the Joker is turned over",)
    assert chat["turn16"] == ("* <Tester> Turn 1 (Jun 1941) Clear: Axis Card Phase "
                              "(was Turn 1 (Jun 1941) Clear: New Game Turn Housekeeping)",)
    assert chat["key17"] == ("* 4th Panzer (reduced) [ger_4pz] sent from 1205 to Axis Destroyed Units",)
    assert chat["button18"] == ()  # VP +1 moves the VP marker, which an empty board does not have (modgen.markers)


def test_a_scripted_game_ends_where_it_was_played(played):
    r, _ = played
    unit = r.piece(**{names.UNIT_ID: "ger_4pz"})
    assert unit.location == "Axis Destroyed Units" and unit.properties[f"{names.FACE_LAYER}_Level"] == "2"
    assert unit.properties[names.ATTACK] == "E"
    marker = r.piece(**{names.MARKER_KIND: "disorganized_unsupplied"})
    assert marker.location == "1205" and marker.properties[f"{names.FACE_LAYER}_Level"] == "2"
    target = r.piece(**{names.MARKER_KIND: "target_counterblow"})
    assert target.location == "1305" and target.properties[f"{names.FACE_LAYER}_Level"] == "1"
    assert len([p for p in r.pieces if p.deck == names.DISCARD_PILE]) == 2  # one played, one discarded
    assert len([p for p in r.pieces if p.deck == names.DRAW_PILE]) == 42
    assert r.piece(**{names.CARD_ID: "joker"}).properties[f"{names.JOKER_ROTATION}_Facing"] == "2"


def test_the_saved_game_and_log_replay_in_vassal(vassal_engine, vmod, played):
    r, out = played
    assert (out / "game.vsav").is_file() and (out / "game.vlog").is_file()
    replay = vassal_engine.decode(vmod, out / "game.vlog", replay=True)
    assert not replay.problems, replay.problems
    assert replay.steps >= 9
    unit = replay.piece(**{names.UNIT_ID: "ger_4pz"})
    assert unit.location == "Axis Destroyed Units"
    moves = [c.text for c in replay.commands if c.cls.endswith("MovePiece")]
    assert moves and any("Main Map" in m for m in moves)
    saved = vassal_engine.decode(vmod, out / "game.vsav", replay=True)
    assert saved.piece(**{names.UNIT_ID: "ger_4pz"}).location == "Axis Destroyed Units"
