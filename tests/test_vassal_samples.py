"""Real VASSAL files (../shared/vassal-samples, skipped when absent): every one decodes and re-encodes exactly, the
tour log's moves are named like VASSAL's own chat, The Longest Day logs replay completely and chain, and every piece
definition of PathsOfGlory and ForThePeople round-trips byte for byte (issue 9, items 1, 2, 3, 5)."""

from __future__ import annotations

import glob
import os
import re

import pytest

from validator.vassal.commands import (
    AddPiece, Chat, MovePiece, Unknown, census, decode_command, decode_leaf, steps, walk,
)
from validator.vassal.module import read_module
from validator.vassal.replay import Replay, replay
from validator.vassal.savefile import read_save

SAVE_PATTERNS = ("*/*.vsav", "*/*.vlog", "*/*.log", "*/*.sav", "*/*/*.log", "*/*/*.sav")
# The Longest Day: consecutive log pairs whose end state is exactly the next log's saved start (found by this suite)
TLD_CHAINS = 13
TLD_PAIRS = 19
TLD_ANOMALIES = 41


def _saves(samples: str) -> list[str]:
    return sorted({p for pattern in SAVE_PATTERNS for p in glob.glob(os.path.join(samples, pattern))})


@pytest.fixture(scope="module")
def decoded(samples_dir: str) -> dict[str, tuple[object, object]]:
    """Every sample save and log: path -> (SaveFile, command tree), decoded once per module."""
    out = {}
    for path in _saves(samples_dir):
        save = read_save(path)
        out[path] = (save, decode_command(save.text))
    return out


@pytest.fixture(scope="module")
def tld(samples_dir: str) -> dict[str, object]:
    """The Longest Day module and its 20 logs, decoded once."""
    logs = sorted(glob.glob(os.path.join(samples_dir, "tld-mod", "game", "*.log")))
    return {"module": read_module(os.path.join(samples_dir, "tld-mod", "buildFile")),
            "logs": [(os.path.basename(p), decode_command(read_save(p).text)) for p in logs]}


def test_every_sample_save_and_log_decodes_and_reencodes_exactly(decoded: dict[str, tuple]) -> None:
    assert len(decoded) == 27  # 20 TLD logs, 3 TLD scenarios, 2 GMT saves, tour.log, zxvt log
    pieces, seen = 0, set()
    for path, (save, root) in decoded.items():
        assert root.encode() == save.text, path
        counts = census(root)
        assert counts["unknown"] == 0, (path, [c.text[:60] for c in walk(root) if isinstance(c, Unknown)])
        for c in walk(root):
            if isinstance(c, AddPiece):
                pieces += 1
                if (c.type, c.state) not in seen:  # decoding is pure: identical texts need checking once
                    seen.add((c.type, c.state))
                    assert c.piece.type_text() == c.type and c.piece.state_text() == c.state, (path, c.id)
    print(f"\n{pieces} pieces in {len(decoded)} files, {len(seen)} distinct, all re-encode byte-identically")
    assert pieces == 108_118


def test_savedata_and_moduledata_are_read_when_present(samples_dir: str) -> None:
    save = read_save(os.path.join(samples_dir, "zxvt", "5x5_startup.vlog"))
    assert save.obfuscated and save.zipped
    assert save.vassal_version == "3.2.17"
    assert save.metadata["moduledata"]["name"] == "Capture of the territory"
    tour = read_save(os.path.join(samples_dir, "vassal-tour", "tour.log"))
    assert not tour.obfuscated and tour.text.startswith("begin_save\x1b")


def _tour_steps(samples_dir: str):
    module = read_module(os.path.join(samples_dir, "vassal-tour", "tour.mod"))
    root = decode_command(read_save(os.path.join(samples_dir, "vassal-tour", "tour.log")).text)
    return replay(root, module)


MOVE_REPORT = re.compile(r"^\* (?P<name>.*) moves (?P<old>.*) -> (?P<new>.*) \*$")


def test_tour_log_moves_name_the_hexes_of_its_chat_lines(samples_dir: str) -> None:
    hexes = []
    for step, _ in _tour_steps(samples_dir):
        moves = [e for e in step.events if e.action == "move" and e.name == "1ME" and e.after.board == "SL"]
        hexes += [(e.before.location, e.after.location) for e in moves]
    assert hexes[:3] == [("G7", "H6"), ("H6", "I6"), ("I6", "J5")]


def test_every_tour_move_report_agrees_with_the_replayed_locations(samples_dir: str) -> None:
    checked = named = 0
    for step, _ in _tour_steps(samples_dir):
        reports = [MOVE_REPORT.match(c.message) for cmd in step.commands for c in walk(cmd) if isinstance(c, Chat)]
        reports = [m for m in reports if m]
        moves = [e for e in step.events if e.action == "move"]
        if reports:
            assert len(moves) == len(reports), step.index
            for m, e in zip(reports, moves):
                assert (e.before.location, e.after.location) == (m.group("old"), m.group("new")), step.index
                assert m.group("name") in (e.name, "?"), step.index  # "?": reported while hidden
                checked += 1
                named += m.group("name") == e.name
    assert (checked, named) == (20, 16)  # every auto-report in the tour: plain, zoned, hex and square grids


def test_longest_day_moves_all_land_on_its_grid(tld: dict[str, object]) -> None:
    module = tld["module"]
    normandy = module.layout("Normandy")
    zoned = normandy.boards[0].board.grid
    hexes = zones = 0
    missing_maps = set()
    for name, root in tld["logs"]:
        for c in walk(root):
            if isinstance(c, MovePiece) and c.new_map == "Normandy":
                loc = normandy.locate((c.new_x, c.new_y))
                assert loc.board == "Normandy" and loc.name != "offboard", (name, c.text)
                if zoned.zone_at(loc.local) is not None:
                    zones += 1
                else:
                    assert re.fullmatch(r"\d{4}", loc.name), (name, loc.name)
                    assert zoned.background.snap(loc.local) == loc.local, (name, c.text)  # on a hex centre
                    hexes += 1
            elif isinstance(c, MovePiece) and c.new_map is not None and module.map(c.new_map) is None:
                missing_maps.add(c.new_map)
    assert (hexes, zones) == (5018, 7)
    assert missing_maps == {"German Remnants"}  # a display the published build file no longer has


def test_longest_day_dice_reports_are_read(tld: dict[str, object]) -> None:
    """Its d6 button's chat reports ("*** d6 = 4 *** <Nate>", one "*" more than the button's format) are dice."""
    chats = [c for _, root in tld["logs"] for c in walk(root) if isinstance(c, Chat) and " = " in c.message
             and c.message.startswith("***")]
    rolls = [c.dice for c in chats]
    assert chats and all(r is not None and r["button"] == "d6" and len(r["rolls"]) == 1 for r in rolls)
    assert {r["rolls"][0] for r in rolls} == {1, 2, 3, 4, 5, 6} and {r["player"] for r in rolls} == {"Joel", "Nate"}


@pytest.mark.slow
def test_longest_day_logs_replay_completely_and_chain(tld: dict[str, object]) -> None:
    previous_end = None
    chains, pairs, anomalies = [], 0, 0
    for name, root in tld["logs"]:
        start = Replay(record=False)
        restore, _ = steps(root)
        for c in restore:
            start.apply(c)
        for _, r in replay(root, record=False):
            pass
        anomalies += len(r.anomalies)  # moves of stacks VASSAL created on the fly (their ids never reach the log)
        assert all(a.startswith(("MovePiece of unknown", "RemovePiece of unknown")) for a in r.anomalies)
        if previous_end is not None:
            pairs += 1
            if previous_end == start.positions():
                chains.append(name)
        previous_end = r.positions()
    print(f"\nThe Longest Day: {len(chains)} of {pairs} consecutive log pairs chain exactly: {', '.join(chains)}; "
          f"{anomalies} commands name pieces VASSAL's replay would not find either")
    assert (len(chains), pairs, anomalies) == (TLD_CHAINS, TLD_PAIRS, TLD_ANOMALIES)


@pytest.mark.parametrize("game", ["pathsofglory", "forthepeople"])
def test_gmt_piece_definitions_round_trip_byte_identically(samples_dir: str, decoded: dict[str, tuple],
                                                             game: str) -> None:
    folder = os.path.join(samples_dir, game)
    module = read_module(os.path.join(folder, "buildFile.xml"))
    slots = 0
    kinds: set[str] = set()
    for slot in module.slots:
        add = decode_leaf(slot.text)
        assert isinstance(add, AddPiece), (slot.line, slot.text[:80])
        assert add.piece.type_text() == add.type and add.piece.state_text() == add.state, slot.line
        kinds |= {t.kind for t in add.piece.traits}
        slots += 1
    saved = 0
    for path in glob.glob(os.path.join(folder, "*.vsav")):
        for c in walk(decoded[path][1]):
            if isinstance(c, AddPiece):
                assert c.piece.type_text() == c.type and c.piece.state_text() == c.state, c.id
                saved += 1
    print(f"\n{game}: {slots} piece definitions and {saved} saved pieces re-encode byte-identically")
    assert (slots, saved) == {"pathsofglory": (1172, 2256), "forthepeople": (928, 1063)}[game]
    assert "Unknown" not in kinds and {"BasicPiece", "Layer", "Marker"} <= kinds
