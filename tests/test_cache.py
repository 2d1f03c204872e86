"""The build cache (issue 21 item 3): a rebuild after a change makes only the outputs that read what changed, and its
files are byte for byte those of a clean build; the cache lives inside the output folder, stays bounded, and a
corrupt or hostile cache is only a miss (never unpickled, never followed out of the folder, never an error)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

import games
from hexforge import cache
from hexforge.cli import main
from hexforge.rebuild import build_game, forget


def outputs(root: Path) -> dict[str, bytes]:
    """Every output file under ``root`` (the cache aside) by relative path."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and cache.CACHE_DIR not in p.relative_to(root).parts}


def set_cell(csv: Path, row_id: str, column: str, value: str) -> None:
    lines = csv.read_text().splitlines(keepends=True)
    header = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    names = lines[header].rstrip("\n").split(",")
    for i, line in enumerate(lines[header + 1:], header + 1):
        cells = line.rstrip("\n").split(",")
        if cells[0] == row_id:
            assert cells[names.index(column)] != value
            cells[names.index(column)] = value
            lines[i] = ",".join(cells) + "\n"
            csv.write_text("".join(lines))
            return
    raise AssertionError(f"no row {row_id}")


@pytest.fixture(scope="module")
def warm(tmp_path_factory) -> Path:
    """A new game, built once (the cache is warm)."""
    root = tmp_path_factory.mktemp("cache")
    assert main(["new", "my_game", "--dir", str(root)]) == 0
    build_game(games.load(str(root / "my_game")), str(root / "build" / "my_game"))
    return root


@pytest.fixture
def work(warm: Path, tmp_path: Path) -> Path:
    """A copy of the warm folder (game, outputs and cache) for one test to change."""
    shutil.copytree(warm, tmp_path / "w")
    return tmp_path / "w"


def clean_build(game_dir: Path, out_root: Path) -> dict[str, bytes]:
    """A build from nothing: no cache folder, and nothing this process kept from earlier builds."""
    forget()
    build_game(games.load(str(game_dir)), str(out_root / "my_game"), use_cache=False)
    assert not (out_root / "my_game" / cache.CACHE_DIR).exists()  # --no-cache leaves no cache
    return outputs(out_root / "my_game")


@pytest.fixture(scope="module")
def clean(warm: Path, tmp_path_factory) -> dict[str, bytes]:
    """A clean build (no cache) of the unchanged game, made once: what every rebuild of it must give, byte for byte."""
    return clean_build(warm / "my_game", tmp_path_factory.mktemp("clean"))


def test_an_unchanged_game_is_all_found(work: Path) -> None:
    before = outputs(work / "build" / "my_game")
    report = build_game(games.load(str(work / "my_game")), str(work / "build" / "my_game"))
    assert sum(report.made.values()) == 0 and report.reused["art"] == len([p for p in before if p.endswith(".png")])
    assert outputs(work / "build" / "my_game") == before


def test_one_changed_cell_redraws_one_counter_and_what_holds_it(work: Path) -> None:
    set_cell(work / "my_game" / "units.csv", "r_1inf", "front_name", "1st Rifles")
    report = build_game(games.load(str(work / "my_game")), str(work / "build" / "my_game"))
    # the unit's two faces (both read its record), the contact sheet, the module, the counter sheets; nothing else
    assert report.names == {"art": ["images/units/r_1inf_front.png", "images/units/r_1inf_back.png",
                                    "contact_sheet.png"], "module": ["MyGame.vmod"], "pnp": ["counters.pdf"]}
    clean = clean_build(work / "my_game", work / "clean")
    rebuilt = outputs(work / "build" / "my_game")
    assert rebuilt.keys() == clean.keys()
    assert [p for p in clean if rebuilt[p] != clean[p]] == []  # byte for byte, every output


def test_a_changed_terrain_cost_redraws_the_charts_not_the_counters(work: Path) -> None:
    set_cell(work / "my_game" / "tables" / "tec.csv", "woods", "mp_foot", "3")  # the MP to enter woods
    report = build_game(games.load(str(work / "my_game")), str(work / "build" / "my_game"))
    assert 1 <= report.made["art"] < 10 and report.made["pnp"] < 6
    assert outputs(work / "build" / "my_game") == clean_build(work / "my_game", work / "clean")


def test_the_reads_are_noted_record_by_record() -> None:
    from art.counters import render_unit
    from art.style import style_of

    game = games.load("no_retreat")
    traced, log = cache.traced(game)
    render_unit(traced, "ger_1pz", "front", 60, style_of(game))
    assert ("units", cache.ONE, "ger_1pz") in log
    assert not any(name == "units" and kind == cache.ALL for name, kind, _ in log)  # not every unit
    assert not any(name.startswith("map.") or name == "cards" for name, _, _ in log)


def test_a_code_change_is_a_miss(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "draw.py").write_text("X = 1\n")
    before = cache.tree_hash(str(pkg))
    (pkg / "draw.py").write_text("X = 2\n")
    assert cache.tree_hash(str(pkg)) != before
    game = games.load("no_retreat")
    store = cache.Store(str(tmp_path / "out"))
    calls = []

    def produce(g) -> bytes:
        calls.append(1)
        return g.units["ger_1pz"].id.encode()

    for code in ("a", "a", "b"):
        assert cache.Cached(store, game, code).make("s", "x", produce)[1] == b"ger_1pz"
    assert len(calls) == 2  # the second "a" was found; "b" (other code) was made


# -- a hostile or corrupt cache ---------------------------------------------------------------------------------

def cache_files(work: Path, kind: str) -> list[Path]:
    return sorted((work / "build" / "my_game" / cache.CACHE_DIR / kind).iterdir())


def drop_outputs(work: Path) -> None:
    """Remove every output but keep the cache: a rebuild must take them from the cache's blobs."""
    for rel in outputs(work / "build" / "my_game"):
        (work / "build" / "my_game" / rel).unlink()


def rebuild_and_check(work: Path, clean: dict[str, bytes]) -> dict[str, int]:
    report = build_game(games.load(str(work / "my_game")), str(work / "build" / "my_game"))
    assert outputs(work / "build" / "my_game") == clean
    return report.made


def test_corrupt_blobs_are_misses(work: Path, clean: dict[str, bytes]) -> None:
    blobs = cache_files(work, "blobs")
    for blob in blobs[::2]:
        data = bytearray(blob.read_bytes())
        data[len(data) // 2] ^= 0xFF  # one flipped byte: the name (its hash) no longer matches
        blob.write_bytes(bytes(data))
    drop_outputs(work)
    made = rebuild_and_check(work, clean)
    assert sum(made.values()) > 0


def test_garbage_keys_and_deps_are_misses(work: Path, clean: dict[str, bytes]) -> None:
    for path in cache_files(work, "keys")[::3]:
        path.write_bytes(b"../../../../etc/passwd")
    deps = cache_files(work, "deps")
    deps[0].write_text("[" * 100_000)  # deeper than the JSON parser goes
    deps[1].write_text(json.dumps([["units", "k", {"x": 1}]]))  # a key that is not a name
    deps[2].write_bytes(b"\x80\x81 not json")
    deps[3].write_text(json.dumps([["__class__", "*", None]]))  # no such table: never a hit
    drop_outputs(work)
    rebuild_and_check(work, clean)


def test_links_and_fifos_in_the_cache_are_never_read(work: Path, clean: dict[str, bytes], tmp_path: Path) -> None:
    secret = tmp_path / "secret.bin"
    secret.write_bytes(b"not yours")
    blobs = cache_files(work, "blobs")
    blobs[0].unlink()
    blobs[0].symlink_to(secret)
    blobs[1].unlink()
    os.mkfifo(blobs[1])  # would hang a reader that opens it blocking
    drop_outputs(work)
    rebuild_and_check(work, clean)
    assert secret.read_bytes() == b"not yours"


def test_a_cache_folder_that_is_a_link_is_not_used(work: Path, clean: dict[str, bytes], tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    folder = work / "build" / "my_game" / cache.CACHE_DIR
    shutil.rmtree(folder)
    folder.symlink_to(elsewhere)
    made = rebuild_and_check(work, clean)
    assert sum(made.values()) > 20  # nothing found
    assert list(elsewhere.iterdir()) == []  # nothing written through the link


def test_the_cache_is_bounded(work: Path, clean: dict[str, bytes]) -> None:
    store = cache.Store(str(work / "build" / "my_game"), max_bytes=200_000)
    store.prune()
    sizes = [p.stat().st_size for p in cache_files(work, "blobs")]
    assert sum(sizes) <= 200_000
    for key in cache_files(work, "keys"):  # every key left points at a blob still there
        assert (work / "build" / "my_game" / cache.CACHE_DIR / "blobs" / key.read_text()).is_file()
    drop_outputs(work)
    rebuild_and_check(work, clean)


def test_unchanged_outputs_are_not_written_again_but_an_edited_one_is(work: Path, clean: dict[str, bytes]) -> None:
    out = work / "build" / "my_game"
    first = build_game(games.load(str(work / "my_game")), str(out))  # (a copied folder: new inodes, all written)
    assert len(first.written) == len(first.files)
    stamp = {rel: (out / rel).stat().st_mtime_ns for rel in outputs(out)}
    edited = out / "images" / "map.png"
    edited.write_bytes(b"scribbled over")
    report = build_game(games.load(str(work / "my_game")), str(out))
    assert len(report.written) == 1 and report.written[0].endswith(os.path.join("images", "map.png"))
    assert {rel: (out / rel).stat().st_mtime_ns for rel in outputs(out) if rel != "images/map.png"} == \
        {rel: t for rel, t in stamp.items() if rel != "images/map.png"}
    assert outputs(out) == clean


def test_a_garbage_manifest_writes_everything_again(work: Path, clean: dict[str, bytes]) -> None:
    (work / "build" / "my_game" / cache.CACHE_DIR / cache.MANIFEST).write_text('{"../../x": ["00", 1, 2, 3]}')
    report = build_game(games.load(str(work / "my_game")), str(work / "build" / "my_game"))
    assert len(report.written) == len(report.files) and sum(report.made.values()) == 0
    assert outputs(work / "build" / "my_game") == clean


def test_a_blob_is_checked_against_its_name(tmp_path: Path) -> None:
    store = cache.Store(str(tmp_path / "out"))
    sha = store.put("o" * 64, [], "k" * 64, b"hello")
    assert sha == hashlib.sha256(b"hello").hexdigest() and store.blob(sha) == b"hello"
    (tmp_path / "out" / cache.CACHE_DIR / "blobs" / sha).write_bytes(b"HELLO")
    assert store.blob(sha) is None
    assert store.blob("../" + sha) is None and store.key("k" * 64) == sha
