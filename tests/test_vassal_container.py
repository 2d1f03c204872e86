"""Save/log containers: zip layout, !VCSK obfuscation, plain text, and one clear line for every malformed input
(issue 9, item 1). Files are built here, so the checks do not depend on the real samples."""

from __future__ import annotations

import io
import os
import zipfile

import pytest

from games.errors import DataError
from hexforge.cli import main
from validator.vassal.archive import MAX_RATIO, Caps, SafeZip
from validator.vassal.savefile import read_save

STREAM = "begin_save\x1bCHATA <b>\u00e9t\u00e9</b>\x1bend_save"


def vcsk(text: str, key: int = 0x5A, upper: bool = False) -> bytes:
    body = bytes([key]) + bytes(b ^ key for b in text.encode("utf-8"))
    hexed = body.hex().upper() if upper else body.hex()
    return b"!VCSK" + hexed.encode("ascii")


def zip_bytes(entries: list[tuple[str, bytes]], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, data in entries:
            z.writestr(name, data)
    return buf.getvalue()


def write(tmp_path, name: str, data: bytes) -> str:
    path = os.path.join(tmp_path, name)
    with open(path, "wb") as fh:
        fh.write(data)
    return path


@pytest.mark.parametrize("key, upper", [(0x5A, False), (0x00, False), (0xFF, True)])
def test_vcsk_streams_decode_with_any_key_and_case(tmp_path, key: int, upper: bool) -> None:
    save = read_save(write(tmp_path, "g.vsav", zip_bytes([("savedGame", vcsk(STREAM, key, upper))])))
    assert save.text == STREAM and save.obfuscated and save.zipped


def test_plain_stream_bare_and_in_a_zip(tmp_path) -> None:
    assert read_save(write(tmp_path, "bare.log", STREAM.encode())).text == STREAM
    assert read_save(write(tmp_path, "bare.vlog", vcsk(STREAM))).obfuscated
    meta = b"<data version='1'><version>2.1</version><VassalVersion>3.7.26</VassalVersion></data>"
    save = read_save(write(tmp_path, "z.vlog", zip_bytes([("savedGame", STREAM.encode()), ("savedata", meta)])))
    assert save.text == STREAM and not save.obfuscated and save.vassal_version == "3.7.26"


def _one_line_error(path: str, capsys) -> str:
    assert main(["vassal-dump", path]) == 2
    err = capsys.readouterr()
    assert err.out == "" and err.err.count("\n") == 1 and "Traceback" not in err.err
    return err.err


BAD = [
    ("truncated.vsav", lambda: zip_bytes([("savedGame", vcsk(STREAM))])[:-30], "not a readable zip archive"),
    ("badhex.vsav", lambda: zip_bytes([("savedGame", vcsk(STREAM)[:20] + b"zz" + vcsk(STREAM)[22:])]),
     "bad hex digit b'z' at offset 20"),
    ("odd.vsav", lambda: zip_bytes([("savedGame", vcsk(STREAM)[:-1])]), "odd number of hex digits"),
    ("magic.vsav", lambda: zip_bytes([("savedGame", b"!VCSJ00" + b"41" * 8)]), "not a VASSAL command stream"),
    ("utf8.vsav", lambda: zip_bytes([("savedGame", b"begin_save\x1bCHAT\xff\xfe")]), "bad byte at offset 15"),
    ("empty.vlog", lambda: zip_bytes([("savedGame", b"")]), "empty command stream"),
    ("nokey.vlog", lambda: b"!VCSK4", "ends before its key"),
    ("module.vmod", lambda: zip_bytes([("buildFile.xml", b"<x/>")]), "no 'savedGame' entry"),
    ("vobs.vsav", lambda: zip_bytes([("savedGame", b"VOBS\x17" + bytes(range(1, 40)))]), "unsupported save format"),
    ("xz.vsav", lambda: zip_bytes([("savedGame", b"\xfd7zXZ\x00" + b"\x00" * 30)]), "unsupported save format"),
    ("absolute.vsav", lambda: zip_bytes([("/etc/savedGame", b"x"), ("savedGame", STREAM.encode())]),
     "absolute path refused"),
    ("dotdot.vsav", lambda: zip_bytes([("../savedGame", b"x"), ("savedGame", STREAM.encode())]),
     "'..' in path refused"),
    ("binary.log", lambda: bytes(range(256)), "not UTF-8 text"),
    ("zero.log", lambda: b"", "empty file"),
]


@pytest.mark.parametrize("name, make, message", BAD, ids=[b[0] for b in BAD])
def test_malformed_input_is_one_line_with_file_and_exit_2(tmp_path, capsys, name: str, make, message: str) -> None:
    path = write(tmp_path, name, make())
    with pytest.raises(DataError) as exc:
        read_save(path)
    assert str(exc.value).startswith(path + ": ") and message in str(exc.value)
    assert message in _one_line_error(path, capsys)


def test_duplicate_entry_names_are_refused(tmp_path) -> None:
    buf = io.BytesIO()
    with pytest.warns(UserWarning):
        with zipfile.ZipFile(buf, "w") as z:
            z.writestr("savedGame", STREAM)
            z.writestr("savedGame", "begin_save")
    with pytest.raises(DataError, match="'savedGame' appears twice"):
        read_save(write(tmp_path, "dup.vsav", buf.getvalue()))


def test_zip_bomb_is_stopped_by_ratio_entry_and_total_caps(tmp_path) -> None:
    bomb = zip_bytes([("savedGame", b"begin_save" + b"\x1b" * 3_000_000)])
    path = write(tmp_path, "bomb.vsav", bomb)
    with pytest.raises(DataError, match=f"inflates more than {MAX_RATIO}:1"):
        read_save(path)
    with pytest.raises(DataError, match="inflates to more than the cap of 10000 bytes"):
        SafeZip(path, bomb, Caps(entry_bytes=10_000)).read("savedGame")
    data = zip_bytes([("a", b"x" * 600), ("b", b"y" * 600)])
    archive = SafeZip("t.zip", data, Caps(total_bytes=1000))
    archive.read("a")
    with pytest.raises(DataError, match="in total"):
        archive.read("b")


def test_only_the_entries_asked_for_are_inflated(tmp_path) -> None:
    """A corrupt entry the reader does not need (an image, say) does not stop it."""
    noise = bytes((i * 7919 + (i >> 3) * 104729) % 251 for i in range(5000))  # does not deflate much
    data = bytearray(zip_bytes([("images/big.png", noise), ("savedGame", STREAM.encode())]))
    data[100:120] = b"\xff" * 20  # inside the deflated image data
    save = read_save(write(tmp_path, "partial.vsav", bytes(data)))
    assert save.text == STREAM
