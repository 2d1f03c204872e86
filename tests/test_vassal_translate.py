"""The VASSAL translator (issue 9, item 4) without Java: logs made of our module's own scenario save plus logged
steps written the way VASSAL writes them (moves, piece changes, chat reports, the turn tracker), translated into
game actions; the contract names checked against the module writer; bad and foreign files refused in one line.
The same translation of logs the real engine wrote is tested in tests/test_vassal_e2e.py.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import zipfile
from dataclasses import dataclass, field, replace
from typing import Any, Iterator

import pytest

from games.grid import HexIds, Layout
from games.vassal_codec import decode, encode
from hexforge.cli import main as hexforge
from modgen import furniture, module as modgen_module, names as mnames
from modgen.settings import settings
from hostile import module_and_save
from tracker_press import press
from validator.log_schema import schema_file
from validator.logfile import parse_log
from validator.schema_check import load_schema
from validator.vassal import vlog_input
from validator.vassal.action_table import ACTIONS, action
from validator.vassal.commands import SetTurn, decode_command, steps
from validator.vassal.module import read_module
from validator.vassal.module_names import NAMES
from validator.vassal.pieces import PieceDef
from validator.vassal.replay import replay
from validator.vassal.savefile import read_save
from validator.vassal.translate import translate
from validator.vassal.turn_sequence import Position, level_orders, phase_sequence, position_of, start_position

NR_SCHEMA = schema_file("validator.rules.no_retreat")  # the No Retreat! log schema

ESC = "\x1b"


# -- the contract with the module writer --------------------------------------------------------------------------

def test_module_names_are_the_module_writers(nr_game) -> None:
    n = NAMES
    written = settings(nr_game)  # the names No Retreat!'s module.toml gives its set-aside pile and its die
    assert (n.main_map, n.card_map, n.draw_pile, n.discard_pile, n.set_aside) == (
        mnames.MAIN_MAP, mnames.CARD_MAP, mnames.DRAW_PILE, mnames.DISCARD_PILE, written.set_aside.name)
    assert (n.attack, n.battle_result, n.joker_rotation, n.dice_button) == (
        mnames.ATTACK, mnames.BATTLE_RESULT, mnames.JOKER_ROTATION, written.dice[0].name)
    assert "Axis" + n.hand_suffix == mnames.hand_name("Axis")


def test_phase_sequence_is_the_trackers_phase_list(nr_game) -> None:
    labels = [p.name if side is None else f"{nr_game.sides[side].name} {p.name}"
              for side, pid in phase_sequence(nr_game) for p in nr_game.phases if p.id == pid]
    assert labels == furniture.phase_labels(nr_game)


def test_every_action_the_translator_writes_fits_the_schema() -> None:
    defs = load_schema(NR_SCHEMA)["$defs"]
    kinds = defs["action"]["properties"]["type"]["enum"]
    for kind, spec in ACTIONS.items():
        assert kind in kinds
        props = defs["note_action" if kind == "note" else kind]["properties"]
        assert set(spec.fields) <= set(props), kind
    with pytest.raises(ValueError):
        action("move", "axis", unit="ger_4pz", odds="3:1")


# -- logs written like VASSAL's ----------------------------------------------------------------------------------

@dataclass
class Base:
    """Our module (placeholder art), its Campaign save, and the pieces of that save."""

    vmod: str
    save: str
    text: str
    module: Any
    ctx: Any
    pieces: dict[str, PieceDef]
    ids: dict[str, str]  # unit id / marker id / card id -> piece id
    places: dict[str, tuple[str, int, int]]
    tracker: str


@pytest.fixture(scope="module")
def base(nr_game, tmp_path_factory) -> Base:
    out = str(tmp_path_factory.mktemp("translate") / "no_retreat")
    vmod, save = module_and_save(nr_game, out)
    return base_of(nr_game, vmod, save, read_save(save).text, out)


def base_of(game, vmod: str, save: str, text: str, out: str, ctx: Any = None) -> Base:
    """A :class:`Base` from a module built into ``out`` and the text of one of its set-up saves (``ctx``: the
    module's build context when already made)."""
    mod = read_module(vmod)
    root = decode_command(text)
    _, rp = next(replay(root, mod, game))
    pieces, ids, places = {}, {}, {}
    for pid, view in rp.state().pieces.items():
        pieces[pid] = view.piece
        m = view.piece.markers()
        key = m.get("UnitId") or m.get("MarkerId") or m.get("CardId")
        if key:
            ids[key] = pid
        places[pid] = (view.place.map, view.place.x, view.place.y)
    tracker = next(c.state for c in steps(root)[0] if isinstance(c, SetTurn))
    return Base(vmod, save, text, mod, ctx or modgen_module.context(game, out), pieces, ids, places, tracker)


@dataclass
class Log:
    """Logged steps added to the Campaign save, each as VASSAL encodes it."""

    base: Base
    game: Any
    steps: list[str] = field(default_factory=list)
    pieces: dict[str, PieceDef] = field(default_factory=dict)
    places: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    next_id: int = 2_000_000_000_000
    turn_state: str = ""  # the turn tracker's state after the last step that set it

    def __post_init__(self) -> None:
        self.pieces = dict(self.base.pieces)
        self.places = dict(self.base.places)
        self.turn_state = self.base.tracker

    def step(self, *commands: str) -> Log:
        self.steps.append("LOG\t" + (commands[0] if len(commands) == 1 else encode(["", *commands], ESC)))
        return self

    def point(self, location: str) -> tuple[int, int]:
        if location in self.game.map.hexes:
            return Layout.module(self.game.map.grid).centre(HexIds(self.game.map.grid).hex_of(location))
        return self.base.ctx.point(location)

    def _move(self, pid: str, map_id: str, x: int, y: int) -> str:
        old = self.places[pid]
        self.places[pid] = (map_id, x, y)
        return f"M/{pid}/{map_id}/{x}/{y}/null/{old[0]}/{old[1]}/{old[2]}/null/"

    def move(self, key: str, location: str) -> Log:
        return self.step(self._move(self.base.ids[key], NAMES.main_map, *self.point(location)))

    def move_stack(self, at: str, location: str) -> Log:
        """Drag the whole stack standing at ``at`` (VASSAL moves the stack; its units go with it)."""
        spot = (NAMES.main_map, *self.point(at))
        pid = next(p for p, piece in self.pieces.items() if piece.kind == "Stack" and self.places[p] == spot)
        return self.step(self._move(pid, NAMES.main_map, *self.point(location)))

    def _change(self, pid: str, kind: str, name: str | None, state: str) -> str:
        old = self.pieces[pid]
        traits = list(old.traits)
        i = next(i for i, t in enumerate(traits) if t.kind == kind and (name is None or t.fields[:1] == (name,)
                                                                           or t.get("name") == name))
        traits[i] = replace(traits[i], state=state)
        new = PieceDef.of(traits)
        self.pieces[pid] = new
        return "D/" + encode([pid, new.state_text(), old.state_text()], "/")

    def flip(self, key: str, face: str = "2") -> Log:
        """Turn the piece's face Layer (a unit has other Layers too: the attack arrow) to ``face``."""
        return self.step(self._change(self.base.ids[key], "Layer", mnames.FACE_LAYER, face))

    def attack(self, key: str, direction: str) -> Log:
        pid = self.base.ids[key]
        return self.step(self._change(pid, "DynamicProperty", NAMES.attack, direction),
                         f"CHAT* Unit [{key}] in 0000 attacks the hex to the {direction}")

    def chat(self, text: str) -> Log:
        return self.step(f"CHAT{text}")

    def die(self, n: int) -> Log:
        return self.step(encode(["", f"CHAT*** 1d6 = {n} *** &lt;Tester&gt;",
                                 f"MutableProperty\t1d6_result\t1\t{n}\tModule"], ESC))

    def result(self, key: str, result: str) -> Log:
        return self.chat(f"* Unit [{key}] in 0000 reports the battle result {result}")

    def tracker(self, turn: int, side: str | None, phase: str, level: int = 0) -> Log:
        """The tracker set on a turn's phase (its Set command), on Game Turn level ``level`` (1: the reversed order
        of a game whose order flips)."""
        levels = decode(self.turn_state, "|")
        levels[0] = str(level)
        turn_level = decode(levels[1 + level], ";")
        phase_level = decode(turn_level[4], ";")
        phase_level[0] = str(phase_sequence(self.game, level_orders(self.game)[level]).index((side, phase)))
        turn_level[0] = str(sorted(self.game.turns).index(turn))
        turn_level[4] = encode(phase_level, ";")
        levels[1 + level] = encode(turn_level, ";")
        self.turn_state = encode(levels, "|")
        return self.step(f"TURNTurnTracker0\t{self.turn_state}")

    def press(self, n: int = 1) -> Log:
        """The tracker's + button ``n`` times (- for a negative ``n``), one logged step each, as VASSAL moves it."""
        for _ in range(abs(n)):
            self.turn_state = press(self.turn_state, n > 0)
            self.step(f"TURNTurnTracker0\t{self.turn_state}")
        return self

    def marker(self, kind: str, face: str, location: str, report: str = "") -> Log:
        """A marker of ``kind`` put on the map (a copy of a setup marker with another identity and face)."""
        model = self.pieces[self.marker_model()]
        traits = [replace(t, state=f"marker,{kind},") if t.kind == "Marker" and t.fields[:1] == ("Kind",)
                  else replace(t, state=face) if t.kind == "Layer" and t.get("name") == mnames.FACE_LAYER else t
                  for t in model.traits]
        x, y = self.point(location)
        traits[-1] = replace(traits[-1], state=f"{NAMES.main_map};{x};{y};0;0")
        piece = PieceDef.of(traits)
        pid = str(self.next_id)
        self.next_id += 1
        self.pieces[pid] = piece
        self.places[pid] = (NAMES.main_map, x, y)
        self.base.ids.setdefault(f"{kind}@{location}", pid)
        add = f"+/{pid}/{encode([piece.type_text(), piece.state_text()], '/')}"
        return self.step(add, f"CHAT{report}") if report else self.step(add)

    def marker_model(self) -> str:
        """The piece id of the setup marker that :meth:`marker` copies."""
        return self.base.ids["blitz_shock-01"]

    def remove(self, key: str) -> Log:
        return self.step(f"-/{self.base.ids[key]}")

    def card(self, card: str, map_id: str, xy: tuple[int, int], *chat: str) -> Log:
        cmd = self._move(self.base.ids[card], map_id, *xy)
        return self.step(cmd, *(f"CHAT{c}" for c in chat))

    def pile(self, name: str) -> tuple[int, int]:
        from modgen.cards import piles
        p = next(p for p in piles(self.base.ctx) if p.name == name)
        return p.x, p.y

    def text(self) -> str:
        return encode(decode(self.base.text, ESC) + self.steps, ESC)

    def translated(self, module: bool = True):
        return translate(decode_command(self.text()), self.game, self.base.module if module else None)

    def actions(self, module: bool = True) -> list[dict[str, Any]]:
        return plain(self.translated(module).actions)

    def write(self, path: str) -> str:
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("savedGame", self.text())
            z.writestr("moduledata", "<data><name>NoRetreat</name><version>1.0</version></data>")
        return path


def plain(actions) -> list[dict[str, Any]]:
    """Translated actions without their VASSAL step numbers (``src``)."""
    return [{k: v for k, v in a.items() if k != "src"} for a in actions]


@pytest.fixture
def log(base, nr_game) -> Log:
    return Log(base, nr_game)


def A(kind: str, side: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "side": side, **fields}


def test_the_tracker_state_names_turn_and_phase(base, nr_game, log) -> None:
    assert position_of(nr_game, base.tracker) == start_position(nr_game, 1) == Position(1, None, "housekeeping")
    log.tracker(3, "soviet", "movement")
    state = log.steps[-1].split("\t", 2)[2]
    assert position_of(nr_game, state) == Position(3, "soviet", "movement")
    assert position_of(nr_game, "garbage") is None


def test_moves_paths_boxes_and_the_turn_tracker(log) -> None:
    log.tracker(1, "axis", "movement").move("ger_17", "0908").move("ger_17", "1107").move("ger_16", "rail_axis")
    log.tracker(1, "axis", "detraining").move("ger_16", "1105").move("ger_6", "destroyed_axis")
    log.tracker(2, None, "housekeeping").tracker(2, "axis", "card")
    assert log.actions() == [
        A("phase", "axis", phase="movement"),
        A("move", "axis", unit="ger_17", path=["0908"]),
        A("move", "axis", unit="ger_17", to="1107"),
        A("entrain", "axis", unit="ger_16"),
        A("phase", "axis", phase="detraining"),
        A("detrain", "axis", unit="ger_16", to="1105"),
        A("remove", "axis", unit="ger_6", to="destroyed_axis"),
        A("turn", "axis", turn=2),
        A("phase", "axis", phase="card"),
    ]


def test_flips_are_improvements_outside_combat_and_losses_in_it(log) -> None:
    log.tracker(1, "soviet", "organization").flip("sov_west")  # improve
    log.flip("ger_4pz")  # a step unit's front to back is a step loss wherever it happens
    log.tracker(1, "soviet", "combat").flip("sov_central")
    assert log.actions()[1:] == [
        A("flip", "soviet", unit="sov_west", face="back"),
        A("loss", "axis", unit="ger_4pz"),
        A("phase", "soviet", phase="combat"),
        A("loss", "soviet", unit="sov_central"),
    ]


def test_a_battle_its_retreat_advance_and_cb_marker(log) -> None:
    log.tracker(1, "axis", "combat").marker("target_counterblow", "1", "1304", "* NW [sov_northwest] in 1304 "
                                                                                "marked Target")
    log.attack("ger_4pz", "E").attack("ger_18", "E").die(5).die(2).result("ger_4pz", "DR")
    log.move("sov_northwest", "1404").move("sov_northwest", "1503").move("ger_4pz", "1304")
    log.attack("ger_1pz", "E").die(2).result("ger_1pz", "CB")
    log.marker("target_counterblow", "2", "0910", "* 1st Panzer [ger_1pz] in 0910 marked Counterblow")
    acts = log.actions()
    assert acts[1:] == [
        A("declare", "axis", targets=["1304"]),
        A("note", "axis", text=acts[2]["text"]),
        A("battle", "axis", attackers=["ger_18", "ger_4pz"], targets=["1304"], die=5, result="DR"),
        A("retreat", "soviet", unit="sov_northwest", path=["1404", "1503"]),
        A("advance", "axis", unit="ger_4pz", path=["1304"]),
        A("battle", "axis", attackers=["ger_1pz"], targets=["1010"], die=2, result="CB", marker="0910"),
    ]
    assert "rolled 2 times" in acts[2]["text"] and "the first roll counts" in acts[2]["text"]


def test_a_stack_dragged_hex_by_hex_retreats_unit_by_unit(log) -> None:
    log.tracker(1, "soviet", "combat").attack("sov_northwest", "W").die(5).result("sov_northwest", "DR")
    log.move_stack("1204", "1104").move_stack("1104", "1004").move("sov_northwest", "1204")
    assert log.actions()[1:] == [
        A("battle", "soviet", attackers=["sov_northwest"], targets=["1204"], die=5, result="DR"),
        A("retreat", "axis", unit="ger_4pz", path=["1104", "1004"]),
        A("retreat", "axis", unit="ger_18", path=["1104", "1004"]),
        A("advance", "soviet", unit="sov_northwest", path=["1204"]),
    ]


def test_markers_are_supply_facts_declarations_and_reorganizations(log) -> None:
    log.tracker(1, "axis", "supply").marker("disorganized_unsupplied", "2", "1206",
                                            "* West [sov_west] in 1206 marked Unsupplied")
    log.tracker(1, "axis", "organization").marker("disorganized_unsupplied", "1", "1208")
    log.remove("disorganized_unsupplied@1208")
    log.tracker(1, "soviet", "combat").marker("target_counterblow", "2", "1208")
    assert log.actions() == [
        A("phase", "axis", phase="supply"),
        A("supply", "soviet", unsupplied=["sov_west"]),
        A("phase", "axis", phase="organization"),
        A("reorganize", "soviet", unit="sov_central"),
        A("phase", "soviet", phase="combat"),
        A("counterblow", "soviet", target="1208"),
    ]


def test_cards_deal_draw_discard_pay_and_play(log, nr_game) -> None:
    hand = ("Axis Hand", (200, 200))
    for c in ("c01", "c02", "c03", "c04", "c05", "c06", "c07"):
        log.card(c, *hand)
    log.tracker(1, "axis", "card").card("c01", NAMES.card_map, log.pile(NAMES.discard_pile), "* Card 1 discarded")
    log.tracker(1, "axis", "movement").card("c02", NAMES.card_map, log.pile(NAMES.discard_pile))
    log.move("ger_16", "rail_axis")
    log.card("c03", NAMES.card_map, log.pile(NAMES.discard_pile), "* Axis plays Card 3: something")
    t = log.translated()
    assert t.header["position"]["hands"] == {"axis": ["c01", "c02", "c03", "c04", "c05", "c06"], "soviet": []}
    assert plain(t.actions) == [
        A("draw", "axis", cards=["c07"]),
        A("phase", "axis", phase="card"),
        A("discard", "axis", cards=["c01"]),
        A("phase", "axis", phase="movement"),
        A("entrain", "axis", unit="ger_16", pay=["c02"]),
        A("play", "axis", card="c03"),
    ]


def test_undo_withdraws_the_step_it_undoes(log) -> None:
    log.tracker(1, "axis", "movement").move("ger_17", "0908")
    undo = log._move(log.base.ids["ger_17"], NAMES.main_map, *log.point("0909"))
    log.step("UNDO\ttrue", undo, "UNDO\tfalse").move("ger_17", "1008")
    t = log.translated()
    moves = plain(a for a in t.actions if a["type"] == "move")
    assert moves == [A("move", "axis", unit="ger_17", to="1008")] and t.undone == 1


def test_an_undone_turn_tracker_press_can_be_pressed_again(log) -> None:
    log.tracker(1, "axis", "card")
    back = log.steps[-1][len("LOG\t"):]
    log.tracker(1, None, "housekeeping")
    undo = log.steps.pop()[len("LOG\t"):]
    log.step("UNDO\ttrue", undo, "UNDO\tfalse").step(back)
    assert log.actions() == [A("phase", "axis", phase="card")]


def test_what_cannot_be_read_is_a_note_with_its_step(log) -> None:
    log.tracker(1, "axis", "movement").remove("ger_17").die(3)
    log.result("ger_4pz", "DR").step("XYZZY\tfrom a newer VASSAL")
    t = log.translated()
    notes = [a for a in t.actions if a["type"] == "note"]
    assert t.notes == len(notes) == 4
    assert notes[0]["text"].startswith("VASSAL step 2: ger_17 was deleted")
    assert notes[1]["src"] == {"step": 4} and "no unit has an attack direction" in notes[1]["text"]
    assert notes[2]["src"] == {"step": 5} and "'XYZZY\\tfrom a newer VASSAL'" in notes[2]["text"]
    assert "die roll(s) 3 belong to no battle" in notes[3]["text"]


def test_without_the_module_hexes_are_known_and_boxes_are_notes(log) -> None:
    log.tracker(1, "axis", "movement").move("ger_17", "0908").move("ger_16", "rail_axis")
    acts = log.actions(module=False)
    assert acts[1] == A("move", "axis", unit="ger_17", path=["0908"])
    assert acts[2]["type"] == "note" and "ger_16 went from 1105 to" in acts[2]["text"]


def test_a_header_for_a_log_begun_in_mid_game(log, nr_game) -> None:
    log.move("ger_17", "0908").flip("ger_4pz").tracker(5, "soviet", "movement")
    text = log.text()
    restore = [x[len("LOG\t"):] if x.startswith("LOG\t") else x for x in decode(text, ESC)]
    t = translate(decode_command(encode(restore, ESC)), nr_game, log.base.module)
    assert t.actions == ()
    assert t.header["start"] == {"turn": 5, "phase": "movement", "player": "soviet"}
    units = t.header["position"]["units"]
    assert units == {"ger_17": {"at": "0908", "face": "front"}, "ger_4pz": {"at": "1204", "face": "back"}}
    assert t.header["position"]["keep_scenario"] is True


# -- the command line --------------------------------------------------------------------------------------------

def test_import_and_validate_a_log(log, base, tmp_path, capsys, monkeypatch) -> None:
    log.tracker(1, "axis", "movement").move("ger_16", "1205").move("ger_16", "1305").move("ger_6", "rail_axis")
    path = log.write(str(tmp_path / "game.vlog"))
    out = tmp_path / "game.jsonl"
    assert hexforge(["import", path, "-o", str(out), "--module", base.vmod]) == 0
    err = capsys.readouterr().err
    assert re.search(r"4 VASSAL steps -> 3 game actions, 0 not interpreted", err)
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["format"] == "hexforge-log"
    assert [a["type"] for a in lines[1:]] == ["phase", "move", "entrain"]  # the two drags: one move (8.1)
    assert lines[2]["path"] == ["1205", "1305"]
    shutil.copy(base.vmod, tmp_path / "NoRetreat.vmod")  # found beside the log
    assert hexforge(["validate", path]) == 1
    captured = capsys.readouterr()
    assert "rule 8.5.1" in captured.out and str(tmp_path / "NoRetreat.vmod") in captured.err
    os.unlink(tmp_path / "NoRetreat.vmod")
    monkeypatch.setattr(vlog_input, "module_candidates", lambda *_: [])
    assert hexforge(["validate", path]) == 1  # without a module: hexes are still known, the box is a note
    captured = capsys.readouterr()
    assert "rule 8.5.1" in captured.out and "1 not interpreted" in captured.err and "no module found" in captured.err


def test_a_units_drags_one_after_the_other_are_one_move_and_undo_takes_the_last_hex_off(log) -> None:
    """No Retreat!'s table joins a unit's drags in the Movement Phase (``join_moves``, 8.1): drags of another unit,
    or anything written, between them start a new move; VASSAL's Undo of a drag takes its hex off the path."""
    log.tracker(1, "axis", "movement").move("ger_16", "1205").move("ger_16", "1305")
    log.move("ger_6", "1010").move("ger_16", "1405")
    moves = [(a["unit"], a["path"]) for a in log.actions() if a["type"] == "move"]
    assert moves == [("ger_16", ["1205", "1305"]), ("ger_6", ["1010"]), ("ger_16", ["1405"])]
    log.move("ger_16", "1505")
    log.step("UNDO\ttrue", log._move(log.base.ids["ger_16"], mnames.MAIN_MAP, *log.point("1405")), "UNDO\tfalse")
    assert [a["path"] for a in log.actions() if a["type"] == "move"][-1] == ["1405"]
    log.tracker(1, "axis", "combat").move("ger_6", "1110")  # not in the Movement Phase: a drag is its own line
    log.move("ger_6", "1210")
    assert [a.get("path") for a in log.actions() if a.get("unit") == "ger_6"][-2:] == [["1110"], ["1210"]]


def test_unreadable_and_foreign_files_are_one_line_errors(tmp_path, capsys, log) -> None:
    cases = {
        "empty.vlog": b"",
        "garbage.vlog": b"!VCSK" + b"zz" * 10,
        "truncated.vlog": open(log.write(str(tmp_path / "whole.vlog")), "rb").read()[:200],
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        for command in ("import", "validate"):
            assert hexforge([command, str(path)]) == 2, (name, command)
            out, err = capsys.readouterr()
            assert out == "" and len(err.strip().splitlines()) == 1 and str(path) in err
    other = tmp_path / "other.vlog"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("savedGame", "begin_save" + ESC + "end_save")
        z.writestr("moduledata", "<data><name>Tour</name></data>")
    assert hexforge(["import", str(other), "-o", str(tmp_path / "x.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "made with module 'Tour'" in err and not (tmp_path / "x.jsonl").exists()


def test_real_logs_of_other_modules_are_refused_cleanly(samples_dir, capsys) -> None:
    files = [os.path.join(d, f) for d, _, fs in os.walk(samples_dir) for f in fs
             if f.endswith((".vlog", ".vsav", ".log", ".sav"))]
    assert files
    for path in sorted(files, key=os.path.getsize)[:6]:
        assert hexforge(["import", path]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and "hexforge translates logs of its own" in err


def damaged(log: Log, seed: int, tries: int, pieces: list[str]) -> Iterator[Any]:
    """The command trees of ``log`` with one logged step damaged at random (one character replaced by one of
    ``pieces``), ``tries`` times; those that no longer decode are left out."""
    tokens = decode(log.text(), ESC)
    head = len(tokens) - len(log.steps)
    rng = random.Random(seed)
    for _ in range(tries):
        mutated = list(tokens)
        i = rng.randrange(head, len(tokens))
        t = mutated[i]
        j = rng.randrange(len(t))
        mutated[i] = t[:j] + rng.choice(pieces) + t[j + 1:]
        try:
            root = decode_command(encode(mutated, ESC))
        except ValueError:
            continue
        yield root


def test_damaged_steps_never_stop_a_translation(log, nr_game) -> None:
    log.tracker(1, "axis", "movement").move("ger_17", "0908").attack("ger_4pz", "E").die(4)
    log.result("ger_4pz", "DR").move("sov_northwest", "1404").flip("ger_9")
    for root in damaged(log, 9, 25, ["", "/", ";", "\t", "x", "99999", "\\"]):
        t = translate(root, nr_game, log.base.module)
        assert all(a["type"] in ACTIONS for a in t.actions)


def test_the_translation_reaches_the_validator_as_the_log_its_json_lines_are(log, base, tmp_path) -> None:
    """load_vassal hands the translated lines to the JSON Lines reader as objects: they are plain JSON values, and
    the log read from them is the one read from `hexforge import`'s text (same checks, same line numbers)."""
    log.tracker(1, "axis", "movement").move("ger_17", "0908").attack("ger_4pz", "E").die(4)
    log.result("ger_4pz", "DR").move("sov_northwest", "1404").flip("ger_9")
    path = log.write(str(tmp_path / "game.vlog"))
    v = vlog_input.load_vassal(path, base.vmod)
    assert all(json.loads(json.dumps(line)) == line for line in v.translation.lines())
    parsed, game = parse_log(path, v.translation.jsonl().encode("utf-8"))
    assert v.log == parsed and len(v.log.actions) == len(v.translation.actions) == 5 and game.id == v.game.id


def test_a_log_that_does_not_name_its_module_is_known_by_its_pieces(log, base, tmp_path, capsys) -> None:
    log.tracker(1, "axis", "movement").move("ger_17", "0908")
    path = tmp_path / "bare.vlog"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", log.text())
    assert hexforge(["import", str(path), "--module", base.vmod]) == 0
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[0])["game"] == "no_retreat" and json.loads(out[-1])["unit"] == "ger_17"
