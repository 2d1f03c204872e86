"""Outputs are written only inside the output folder, all or nothing, never over an input (issue 20, SECURITY.md):
``games.atomic`` (the one writer) and every command that writes through it."""

from __future__ import annotations

import os
import shutil
import sys
import types

import pytest

from games import DataError
from games.atomic import Staging, check_output_file, inside, write_atomic, write_file
from games.errors import UserError
from hexforge.cli import main

LOGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "logs")
CLEAN_LOG = os.path.join(LOGS, "supply_rulebook_example.jsonl")


def tree(root) -> dict[str, bytes]:
    """Every file under ``root`` (relative path -> bytes), links as their targets."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            out[rel] = ("-> " + os.readlink(path)).encode() if os.path.islink(path) else open(path, "rb").read()
    return out


# --- inside: the second guard every writer uses ---------------------------------------------------------------------

@pytest.mark.parametrize("rel", ["../x", "a/../../x", "/etc/x", "", "a\x00b", ".", "a/.."])
def test_inside_refuses_what_leaves_the_folder(tmp_path, rel) -> None:
    with pytest.raises(UserError):
        inside(str(tmp_path), rel)


def test_inside_follows_links_out_of_the_folder(tmp_path) -> None:
    root = tmp_path / "out"
    root.mkdir()
    (root / "images").symlink_to(tmp_path)
    with pytest.raises(UserError, match="outside the output folder"):
        inside(str(root), "images/x.png")
    with pytest.raises(UserError):
        write_file(str(root), "images/x.png", b"x")
    assert not (tmp_path / "x.png").exists()
    assert inside(str(root), "a/b.png") == os.path.join(str(root), "a/b.png")


# --- one output file --------------------------------------------------------------------------------------------------

def test_an_output_that_is_an_input_is_refused_by_path_link_or_hard_link(tmp_path) -> None:
    src = tmp_path / "log.jsonl"
    src.write_bytes(b"input")
    (tmp_path / "link").symlink_to(src)
    os.link(src, tmp_path / "hard")
    for out in (src, tmp_path / "hard"):
        with pytest.raises(UserError, match="it is the input"):
            write_atomic(str(out), b"output", [str(tmp_path / "link")])
    with pytest.raises(UserError, match="symbolic link"):
        write_atomic(str(tmp_path / "link"), b"output", [str(src)])
    assert src.read_bytes() == b"input"
    assert sorted(os.listdir(tmp_path)) == ["hard", "link", "log.jsonl"]


@pytest.mark.parametrize("kind", ["folder", "fifo", "device", "under a file", "dangling link"])
def test_an_output_that_is_not_a_regular_file_is_refused(tmp_path, kind) -> None:
    path = tmp_path / "out"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = "/dev/null"
    elif kind == "under a file":
        (tmp_path / "file").write_bytes(b"")
        path = tmp_path / "file" / "out"
    else:
        path.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UserError):
        check_output_file(str(path))
    assert not (tmp_path / "elsewhere").exists()


def test_write_atomic_leaves_no_temporary_file_when_the_data_fails(tmp_path) -> None:
    def chunks():
        yield b"first"
        raise DataError("x", "boom")

    (tmp_path / "out").write_bytes(b"before")
    with pytest.raises(DataError):
        write_atomic(str(tmp_path / "out"), chunks())
    assert os.listdir(tmp_path) == ["out"] and (tmp_path / "out").read_bytes() == b"before"


# --- a folder of outputs ----------------------------------------------------------------------------------------------

def test_staging_moves_files_into_place_and_keeps_the_others(tmp_path) -> None:
    target = tmp_path / "out" / "game"
    with Staging(str(target)) as folder:
        write_file(folder, "images/a.png", b"a1")
        write_file(folder, "b.pdf", b"b1")
        assert not target.exists()
    assert tree(target) == {"images/a.png": b"a1", "b.pdf": b"b1"}
    (target / "mine.txt").write_bytes(b"kept")
    with Staging(str(target)) as folder:
        write_file(folder, "images/a.png", b"a2")
    assert tree(target) == {"images/a.png": b"a2", "b.pdf": b"b1", "mine.txt": b"kept"}
    assert sorted(os.listdir(tmp_path / "out")) == ["game"]


def test_a_failed_command_leaves_the_previous_output_and_nothing_else(tmp_path) -> None:
    target = tmp_path / "game"
    with Staging(str(target)) as folder:
        write_file(folder, "a.png", b"old")
    with pytest.raises(DataError):
        with Staging(str(target)) as folder:
            write_file(folder, "a.png", b"new")
            write_file(folder, "c.png", b"new")
            raise DataError("data.csv", "boom", line=3)
    assert tree(tmp_path) == {"game/a.png": b"old"}
    with pytest.raises(DataError):  # the folders it had to make are gone again
        with Staging(str(tmp_path / "new" / "deeper" / "game")) as folder:
            write_file(folder, "a.png", b"new")
            raise DataError("data.csv", "boom")
    assert tree(tmp_path) == {"game/a.png": b"old"} and not (tmp_path / "new").exists()


def test_staging_refuses_a_target_that_is_a_file_a_link_or_an_input(tmp_path) -> None:
    (tmp_path / "file").write_bytes(b"x")
    (tmp_path / "game").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "game")
    for target, message in ((tmp_path / "file", "it is not a regular file|it is a"),
                            (tmp_path / "file" / "game", "is not a folder"),
                            (tmp_path / "link", "symbolic link"),
                            (tmp_path / "game", "overlaps the input folder"),
                            (tmp_path / "game" / "out", "overlaps the input folder"),
                            (tmp_path, "overlaps the input folder")):
        with pytest.raises(UserError, match=message):
            Staging(str(target), [str(tmp_path / "game")])
    assert tree(tmp_path) == {"file": b"x", "link": b"-> " + str(tmp_path / "game").encode()}


def test_a_link_planted_in_the_previous_output_is_not_followed(tmp_path) -> None:
    target = tmp_path / "game"
    (target / "x").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (target / "images").symlink_to(outside)
    (target / "x" / "a.png").symlink_to(outside / "a.png")
    with pytest.raises(UserError):
        with Staging(str(target)) as folder:
            write_file(folder, "images/a.png", b"new")
    assert os.listdir(outside) == []
    with pytest.raises(UserError):  # a link where a file goes: refused, never written through
        with Staging(str(target)) as folder:
            write_file(folder, "x/a.png", b"new")
    assert os.listdir(outside) == [] and os.path.islink(target / "x" / "a.png")
    assert sorted(os.listdir(tmp_path)) == ["game", "outside"]


# --- the commands -----------------------------------------------------------------------------------------------------

def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def test_build_into_a_file_or_a_link_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_bytes(b"x")
    assert main(["build", "no_retreat", "-o", "file"]) == 2
    assert "is not a folder" in _one_line(capsys)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "no_retreat").symlink_to(tmp_path)
    for command in ("build", "art", "pnp"):
        assert main([command, "no_retreat", "-o", "out"]) == 2
        assert "symbolic link" in _one_line(capsys)
    assert main(["build", "no_retreat", "-o", os.path.dirname(os.path.dirname(CLEAN_LOG)) + "/../games"]) == 2
    assert "overlaps the input folder" in _one_line(capsys)
    assert sorted(os.listdir(tmp_path)) == ["file", "out"] and os.listdir(tmp_path / "out") == ["no_retreat"]


def _step(name: str, build) -> str:
    module = types.ModuleType(name)
    module.build = build
    sys.modules[name] = module
    return name


def test_a_build_that_fails_half_way_keeps_the_previous_build(tmp_path, capsys, monkeypatch) -> None:
    import hexforge.build

    def good(game, out):
        return [write_file(out, "images/map.png", b"new map")]

    def bad(game, out):
        raise DataError("style.toml", "boom", key="x")

    out = tmp_path / "no_retreat"
    out.mkdir()
    (out / "NoRetreat.vmod").write_bytes(b"old module")
    monkeypatch.setattr(hexforge.build, "STEPS", [("art", _step("fake_art_step", good)),
                                                  ("module", _step("fake_bad_step", bad))])
    assert main(["build", "no_retreat", "-o", str(tmp_path)]) == 2
    assert _one_line(capsys) == "hexforge build: style.toml: x: boom\n"
    assert tree(tmp_path) == {"no_retreat/NoRetreat.vmod": b"old module"}
    monkeypatch.setattr(hexforge.build, "STEPS", [("art", "fake_art_step")])
    assert main(["build", "no_retreat", "-o", str(tmp_path)]) == 0
    assert tree(tmp_path) == {"no_retreat/NoRetreat.vmod": b"old module", "no_retreat/images/map.png": b"new map"}


def test_validate_never_writes_its_report_over_its_log(tmp_path, capsys) -> None:
    log = tmp_path / "game.jsonl"
    shutil.copy(CLEAN_LOG, log)
    before = log.read_bytes()
    (tmp_path / "link.html").symlink_to(log)
    for out in (log, tmp_path / "link.html"):
        assert main(["validate", str(log), "--html", str(out)]) == 2
        _one_line(capsys)
    assert log.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["game.jsonl", "link.html"]


@pytest.mark.parametrize("logs", [1, 2])
def test_validate_refuses_an_empty_page_name(tmp_path, capsys, logs) -> None:
    """``--html ''`` once wrote no page and said nothing (exit 0): a page asked for and not written is refused."""
    assert main(["validate", *[CLEAN_LOG] * logs, "--html", ""]) == 2
    assert "--html: an empty file name" in _one_line(capsys)


@pytest.mark.parametrize("command", ["import", "vassal-dump"])
def test_import_and_dump_refuse_an_empty_output_name(hostile_base, tmp_path, capsys, command) -> None:
    """``-o ''`` once wrote to standard output as if no -o were given: an output asked for and not written is
    refused before any work."""
    assert main([command, str(hostile_base.save), "-o", ""]) == 2
    line = _one_line(capsys)
    assert "-o: an empty output file name" in line and "{" not in line


@pytest.mark.parametrize("command", ["import", "vassal-dump"])
def test_import_and_dump_never_write_over_their_input(hostile_base, tmp_path, capsys, command) -> None:
    save = tmp_path / "game.vsav"
    shutil.copy(hostile_base.save, save)
    before = save.read_bytes()
    (tmp_path / "link").symlink_to(save)
    for out in (save, tmp_path / "link"):
        assert main([command, str(save), "-o", str(out)]) == 2
        assert "refused as output" in _one_line(capsys)
    assert main([command, str(tmp_path / "link"), "-o", str(save)]) == 2
    assert "it is the input" in _one_line(capsys)
    assert save.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["game.vsav", "link"]
    assert main([command, str(save), "-o", str(tmp_path / "out.jsonl")]) == 0
    assert (tmp_path / "out.jsonl").stat().st_size > 0
