"""``hexforge vassal-dump``: JSON Lines of a save or log, deterministic, written whole or not at all (issue 9)."""

from __future__ import annotations

import json
import os

from hexforge.cli import main


def test_tour_log_dump_names_the_hexes_of_its_moves(samples_dir: str, tmp_path, capsys) -> None:
    tour = os.path.join(samples_dir, "vassal-tour")
    out = os.path.join(tmp_path, "tour.jsonl")
    assert main(["vassal-dump", os.path.join(tour, "tour.log"), "--module", os.path.join(tour, "tour.mod"),
                 "-o", out]) == 0
    with open(out, encoding="utf-8") as fh:
        lines = [json.loads(line) for line in fh]
    assert lines[0] == {"file": "tour.log", "zipped": True, "obfuscated": False, "vassal_version": "",
                        "module": "VASSAL Tour"}
    moves = [(e["from"]["location"], e["to"]["location"]) for line in lines for e in line.get("events", [])
             if e["event"] == "move" and e["to"].get("board") == "SL"]
    assert moves[:3] == [("G7", "H6"), ("H6", "I6"), ("I6", "J5")]
    logged = [line for line in lines if line.get("part") == "log"]
    assert [line["step"] for line in logged] == list(range(1, 115))
    setup = next(line["command"]["items"] for line in lines if line.get("command", {}).get("command") == "compound"
                 and line["command"]["items"][0]["command"] == "null")  # the NullCommand + AddPiece list
    assert len(setup) == 18 and {i["command"] for i in setup[1:]} == {"add"}
    assert setup[1]["traits"][-1] == {"trait": "BasicPiece", "id": "piece;", "type": {
        "cloneKey": "", "deleteKey": "", "imageName": "ALLIED_Dauntless_1", "commonName": "Dauntless"},
        "state": {"map": None, "x": 62, "y": 56, "gpId": "", "properties": {}}}
    again = os.path.join(tmp_path, "again.jsonl")
    main(["vassal-dump", os.path.join(tour, "tour.log"), "--module", os.path.join(tour, "tour.mod"), "-o", again])
    with open(out, "rb") as a, open(again, "rb") as b:
        assert a.read() == b.read()


def test_dump_to_stdout_and_errors_leave_no_file(samples_dir: str, tmp_path, capsys) -> None:
    assert main(["vassal-dump", os.path.join(samples_dir, "zxvt", "5x5_startup.vlog")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[0])["vassal_version"] == "3.2.17"
    chats = [i["logged"]["message"] for line in lines[1:] if "command" in json.loads(line)
             for i in json.loads(line)["command"].get("items", []) if i.get("command") == "log"
             and i["logged"]["command"] == "chat"]
    assert any("created in" in c for c in chats)
    out = os.path.join(tmp_path, "bad.jsonl")
    bad = os.path.join(tmp_path, "bad.vlog")
    with open(bad, "wb") as fh:
        fh.write(b"!VCSK0g")
    assert main(["vassal-dump", bad, "-o", out]) == 2
    assert not os.path.exists(out) and os.listdir(tmp_path) == ["bad.vlog"]
    assert capsys.readouterr().err == f"hexforge vassal-dump: {bad}: file: bad hex digit b'g' at offset 6\n"


def test_dump_written_readable_by_all_or_one_line_when_it_cannot_be(samples_dir: str, tmp_path, capsys) -> None:
    log = os.path.join(samples_dir, "zxvt", "5x5_startup.vlog")
    out = os.path.join(tmp_path, "dump.jsonl")
    assert main(["vassal-dump", log, "-o", out]) == 0
    assert os.stat(out).st_mode & 0o777 == 0o644 and os.listdir(tmp_path) == ["dump.jsonl"]
    blocked = os.path.join(out, "x.jsonl")  # its folder is a file
    assert main(["vassal-dump", log, "-o", blocked]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hexforge vassal-dump: {blocked}: cannot write: ") and len(err.splitlines()) == 1
