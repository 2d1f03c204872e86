"""Property-based hostile input (issue 20): generated logs, VASSAL archives, game folders and command lines, run
through the commands, every promise of SECURITY.md checked on each (tests/hostile.py). The normal suite runs a
short, derandomized pass; ``make fuzz`` runs many more examples, each command in a child process under the memory
limit and the timeout. A failure found here goes into tests/hostile/ as a regression case (test_hostile_corpus.py).
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import struct
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.vassal_codec import encode
from hostile import FUZZ, LOGS, PROFILE, check, check_workspace, fingerprint, fresh_game, listing, run

# -- hostile values ------------------------------------------------------------------------------------------------

NASTY_TEXT = ["", " ", "../../x", "/etc/passwd", "a\nb", "a\x00b", "a\u2028b", "\u202eevil", "\x1b[31mred", "x" * 70000,
              "é", "\ud800", "1e23", "-1", "0", "NaN", "99999999999999999999999", "9" * 5000, "[", "{", "#", '"', "'",
              "\\", "\ufeff", "no_retreat", "ger_1pz", "1311", "axis"]
JSON_RAW = ["NaN", "Infinity", "-Infinity", "1e999", "-0", "1" * 5000, "1." + "0" * 100, "[" * 5000 + "]" * 5000,
            '{"a":' * 3000 + "1" + "}" * 3000, "null", "true", "[]", "{}", '"' + "x" * 2_000_000 + '"',
            '"\\u0000\\u2028\\ud800"', "12345678901234567890", "-5", "0.5", '"../../x"']
TOML_RAW = ["9" * 5000, "nan", "inf", "-inf", "1e400", '"../x"', "[" * 3000 + "]" * 3000, "{a=" * 2000 + "1" + "}" * 2000,
            '"x"', "[1, 2]", "true", "0", "-1", "2000", "0.0", "1e9", "99999999999999", '"\\u0000"', "{}", "[]",
            '"' + "x" * 70000 + '"', "1979-05-27T07:32:00Z"]

nasty_text = st.sampled_from(NASTY_TEXT) | st.text(max_size=20)


# -- logs ------------------------------------------------------------------------------------------------------------

def _seed_logs() -> list[str]:
    """The smallest logs of each game: No Retreat!'s in tests/logs, Stalingrad '42's in tests/logs/stalingrad42."""
    seeds = []
    for folder, count in ((LOGS, 40), (os.path.join(LOGS, "stalingrad42"), 30)):
        names = sorted(os.listdir(folder))
        sized = sorted((os.path.getsize(os.path.join(folder, n)), n) for n in names if n.endswith(".jsonl"))
        seeds += [os.path.join(folder, n) for _, n in sized[:count]]
    return seeds


SEED_LOGS = _seed_logs()


def _paths(value, path=()):
    """Every path to a value inside a JSON object."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


PLACEHOLDER = "__HOSTILE_VALUE__"


def _replace_value(line: bytes, rnd: random.Random, raw: str) -> bytes:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):  # (a line an earlier mutation nested thousands deep stays as it is)
        return line
    paths = [p for p in _paths(obj) if p]
    if not paths:
        return line
    path = rnd.choice(paths)
    target = obj
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = PLACEHOLDER
    return json.dumps(obj).replace(json.dumps(PLACEHOLDER), raw).encode("utf-8", "surrogatepass")


@st.composite
def hostile_log(draw) -> bytes:
    data = open(draw(st.sampled_from(SEED_LOGS)), "rb").read()
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    for op in draw(st.lists(st.sampled_from(["value", "text", "delete", "dup", "swap", "flip", "cut", "insert",
                                             "bom", "crlf", "header"]), min_size=1, max_size=4)):
        lines = data.split(b"\n")
        i = rnd.randrange(len(lines))
        if op == "value":
            lines[i] = _replace_value(lines[i], rnd, draw(st.sampled_from(JSON_RAW)))
        elif op == "text":
            lines[i] = _replace_value(lines[i], rnd, json.dumps(draw(nasty_text)))
        elif op == "header":
            lines[0] = _replace_value(lines[0], rnd, json.dumps(draw(nasty_text)))
        elif op == "delete":
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = rnd.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        data = b"\n".join(lines)
        if op == "flip" and data:
            k = rnd.randrange(len(data))
            data = data[:k] + bytes([rnd.randrange(256)]) + data[k + 1:]
        elif op == "cut":
            data = data[:rnd.randrange(len(data) + 1)]
        elif op == "insert":
            k = rnd.randrange(len(data) + 1)
            data = data[:k] + draw(st.binary(max_size=16)) + data[k:]
        elif op == "bom":
            data = b"\xef\xbb\xbf" + data
        elif op == "crlf":
            data = data.replace(b"\n", b"\r\n")
    return data


@settings(PROFILE)
@given(log=hostile_log(), fmt=st.sampled_from(["text", "json"]), html=st.booleans() if FUZZ else st.just(False))
def test_any_log_is_validated_or_refused_in_one_line(tmp_path_factory, log: bytes, fmt: str, html: bool) -> None:
    ws = str(tmp_path_factory.mktemp("log"))
    path = os.path.join(ws, "game.jsonl")
    with open(path, "wb") as f:
        f.write(log)
    before, inputs = listing(ws), fingerprint([path])
    argv = ["validate", "game.jsonl", "--format", fmt] + (["--html", "report.html"] if html else [])
    check(run(argv, ws))
    assert fingerprint([path]) == inputs
    check_workspace(ws, before, ["report.html"])


# -- VASSAL files ------------------------------------------------------------------------------------------------------

CD = b"PK\x01\x02"
LOCAL = b"PK\x03\x04"
# offsets of (method, crc, compressed size, size) in a central directory header and in a local header
CD_FIELDS = {"method": (10, "<H"), "crc": (16, "<L"), "csize": (20, "<L"), "size": (24, "<L")}
LOCAL_FIELDS = {"method": (8, "<H"), "crc": (14, "<L"), "csize": (18, "<L"), "size": (22, "<L")}


def _zip(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in entries:
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, compress_type=method)
    return buf.getvalue()


def _vcsk(text: str, key: int) -> bytes:
    return b"!VCSK" + (bytes([key]) + bytes(b ^ key for b in text.encode("utf-8", "surrogatepass"))).hex().encode()


def _patch(data: bytes, magic: bytes, fields: dict, rnd: random.Random, value: int) -> bytes:
    spots = [i for i in range(len(data)) if data.startswith(magic, i)]
    if not spots:
        return data
    at = rnd.choice(spots)
    offset, fmt = fields[rnd.choice(sorted(fields))]
    size = struct.calcsize(fmt)
    if at + offset + size > len(data):
        return data
    return data[:at + offset] + struct.pack(fmt, value % (1 << (8 * size))) + data[at + offset + size:]


COMMANDS = ["CHAT<x> hello", "LOG\tCHAT<y> hi", "LOG\tM/{p}/Main Map/{x}/{y}/{p}/0/0/0", "D/{p}/junk\t1/x\t2",
            "-/{p}", "+/{q}/piece;;;a.png;A/null;0;0;;", "LOG\t+/{q}/mark;UnitId,ger_1pz\tpiece;;;a.png;A/{p}\tnull;0;0",
            "TURNTurnTracker0\t{x}", "PLAYER\tme\tAxis", "UNDO\t{p}", "LOG\t{nasty}", "{nasty}", "LOG\tLOG\tLOG\tCHAT"]


@st.composite
def hostile_save(draw, base) -> bytes:
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    text = base.text
    kind = draw(st.sampled_from(["stream", "stream", "zip", "meta", "bare", "bytes", "module"]))
    if kind in ("stream", "zip", "meta", "bare", "module"):
        parts = [text]
        for _ in range(draw(st.integers(0, 12))):
            cmd = rnd.choice(COMMANDS).format(p=rnd.choice(base.pieces), q=f"x{rnd.randrange(9)}",
                                              x=rnd.choice([0, 1, -1, 10 ** 30, 5000]), y=rnd.randrange(3000),
                                              nasty=draw(nasty_text))
            parts.append(cmd)
        text = encode(parts, "\x1b")
        if draw(st.booleans()):
            k = rnd.randrange(len(text) + 1)
            text = text[:k] + draw(st.text(max_size=8)) + text[rnd.randrange(k, len(text) + 1):]
    stream = _vcsk(text, rnd.randrange(256)) if draw(st.booleans()) else text.encode("utf-8", "surrogatepass")
    if kind == "bare":
        return stream
    if kind == "bytes":
        return draw(st.binary(max_size=200)) if draw(st.booleans()) else open(base.save, "rb").read()[
            :rnd.randrange(16040)]
    meta = b"<?xml version='1.0'?><data version='1'><version>1.0</version><name>NoRetreat</name></data>"
    if kind == "meta":
        meta = draw(st.sampled_from([
            b"<!DOCTYPE d [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;'>]><data><name>&b;</name></data>",
            b"<data>" + b"<x>" * 5000 + b"</x>" * 5000 + b"</data>", b"<data><name>NoRetreat\x00</name></data>",
            b"<data><name>" + "\u2028".encode() + b"</name></data>", b"not xml", b""]))
    entries = [("savedGame", stream), ("moduledata", meta)]
    if kind == "module":
        with zipfile.ZipFile(base.vmod) as z:
            entries = [(n, z.read(n)) for n in ("buildFile.xml", "moduledata")]
        build = entries[0][1]
        k = rnd.randrange(len(build))
        entries[0] = ("buildFile.xml", build[:k] + draw(st.binary(max_size=20)) + build[k + rnd.randrange(40):])
    if kind == "zip" and draw(st.booleans()):
        entries.append((draw(st.sampled_from(["../x", "/abs", "savedGame", "a\x00b", "images/x.png"])), b"x" * 100))
    data = _zip(entries, draw(st.sampled_from([zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])))
    if kind == "zip":
        for _ in range(draw(st.integers(1, 3))):
            magic, fields = draw(st.sampled_from([(CD, CD_FIELDS), (LOCAL, LOCAL_FIELDS)]))
            value = draw(st.sampled_from([0, 1, 2 ** 32 - 1, 2 ** 31, len(data), 12, 99, 1 << 24]))
            data = _patch(data, magic, fields, rnd, value)
        if draw(st.booleans()):
            k = rnd.randrange(len(data))
            data = data[:k] + bytes([rnd.randrange(256)]) + data[k + 1:]
    return data


NUMBER_ATTRIBUTE = re.compile(r'\w+="(-?[0-9.]+)"')
ATTRIBUTE_VALUES = ["0", "-1", "1e308", "NaN", "Infinity", "9" * 5000, "", "1.2.3", "0.0000001", "-0", "99999999999",
                    "abc", "1,2", "\u2028"]


@st.composite
def hostile_module(draw, base) -> bytes:
    """Our module with numbers of its build file (grids, boards, zones, decks) made hostile, or its bytes cut."""
    rnd = random.Random(draw(st.integers(0, 2 ** 32)))
    with zipfile.ZipFile(base.vmod) as z:
        entries = {n: z.read(n) for n in z.namelist() if not n.startswith("images/units")}
    build = entries["buildFile.xml"].decode("utf-8")
    spots = list(NUMBER_ATTRIBUTE.finditer(build))
    for _ in range(draw(st.integers(1, 4))):
        m = rnd.choice(spots)
        build = build[:m.start(1)] + draw(st.sampled_from(ATTRIBUTE_VALUES)) + build[m.end(1):]
        spots = list(NUMBER_ATTRIBUTE.finditer(build))
    entries["buildFile.xml"] = build.encode("utf-8")
    data = _zip(sorted(entries.items()))
    return data[:rnd.randrange(len(data))] if draw(st.integers(0, 9)) == 0 else data


@settings(PROFILE)
@given(data=st.data(), command=st.sampled_from(["vassal-dump", "import", "validate"]),
       module=st.sampled_from(["none", "ours", "hostile"]))
def test_any_vassal_file_is_read_or_refused_in_one_line(hostile_base, tmp_path_factory, data, command: str,
                                                        module: str) -> None:
    ws = str(tmp_path_factory.mktemp("vassal"))
    path = os.path.join(ws, "game.vsav")
    with open(path, "wb") as f:
        f.write(data.draw(hostile_save(hostile_base)) if module != "hostile" else open(hostile_base.save, "rb").read())
    argv = [command, "game.vsav"]
    if module == "hostile":
        with open(os.path.join(ws, "NoRetreat.vmod"), "wb") as f:  # beside the save: found by validate too
            f.write(data.draw(hostile_module(hostile_base)))
        if command != "validate":
            argv += ["--module", "NoRetreat.vmod"]
    elif module == "ours" and command != "validate":
        argv += ["--module", hostile_base.vmod]
    if command in ("import", "vassal-dump"):
        argv += ["-o", "out.jsonl"]
    before, inputs = listing(ws), fingerprint([path, os.path.join(ws, "NoRetreat.vmod")])
    check(run(argv, ws))
    assert fingerprint([path, os.path.join(ws, "NoRetreat.vmod")]) == inputs
    check_workspace(ws, before, ["out.jsonl"])


# -- game folders ------------------------------------------------------------------------------------------------------

CSV_FILES = ["units.csv", "markers.csv", "cards.csv", "turns.csv", "turn_events.csv", "map/hexes.csv",
             "tables/tec.csv", "tables/weather.csv", "tables/crt_axis.csv", "scenarios/campaign_1941/setup.csv"]
TOML_FILES = ["game.toml", "style.toml", "map/areas.toml", "map/water.toml", "map/regions.toml", "map/boxes.toml",
              "tables/crt.toml", "scenarios/campaign_1941/scenario.toml"]


def _mutate_csv(path: str, rnd: random.Random, op: str, value: str) -> None:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    data = [i for i, ln in enumerate(lines) if ln and not ln.startswith("#")]
    header, rows = data[0], data[1:] or data
    i = rnd.choice(rows)
    if op == "delete_row":
        del lines[i]
    elif op == "dup_row":
        lines.insert(i, lines[i])
    elif op == "cell":
        cells = lines[i].split(",")
        cells[rnd.randrange(len(cells))] = value.replace(",", ";").replace("\n", " ")
        lines[i] = ",".join(cells)
    elif op == "raw_cell":
        cells = lines[i].split(",")
        cells[rnd.randrange(len(cells))] = value
        lines[i] = ",".join(cells)
    elif op == "drop_column":
        cols = lines[header].split(",")
        del cols[rnd.randrange(len(cols))]
        lines[header] = ",".join(cols)
    elif op == "blank_id":
        lines[i] = "," + lines[i].split(",", 1)[-1]
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write("\n".join(lines))


def _mutate_toml(path: str, rnd: random.Random, op: str, value: str) -> None:
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    assigned = [i for i, ln in enumerate(lines) if "=" in ln and not ln.lstrip().startswith("#")] or [0]
    i = rnd.choice(assigned)
    if op == "value" and "=" in lines[i]:
        lines[i] = lines[i].split("=", 1)[0] + "= " + value
    elif op == "dup_key":
        lines.insert(i, lines[i])
    elif op == "delete_line":
        del lines[i]
    elif op == "dotted":
        lines.insert(0, "a" + ".a" * rnd.choice([10, 30, 100000]) + " = 1")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def _mutate_file(path: str, op: str, workspace: str) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        import shutil

        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)
    if op == "folder":
        os.mkdir(path)
    elif op == "dev_zero":
        os.symlink("/dev/zero", path)
    elif op == "loop":
        os.symlink(os.path.basename(path), path)
    elif op == "fifo":
        os.mkfifo(path)
    elif op == "binary":
        with open(path, "wb") as f:
            f.write(bytes(range(256)) * 4)
    elif op == "latin1":
        with open(path, "wb") as f:
            f.write("id,name\ncaf\u00e9,x\n".encode("latin-1"))
    elif op == "empty":
        open(path, "wb").close()
    elif op == "outside":
        os.symlink(os.path.join(workspace, "..", "..", "elsewhere"), path)


@st.composite
def game_mutation(draw) -> list[tuple]:
    out = []
    for _ in range(draw(st.integers(1, 3))):
        family = draw(st.sampled_from(["csv", "csv", "toml", "toml", "file"]))
        if family == "csv":
            out.append(("csv", draw(st.sampled_from(CSV_FILES)),
                        draw(st.sampled_from(["delete_row", "dup_row", "cell", "cell", "raw_cell", "drop_column",
                                              "blank_id"])), draw(nasty_text)))
        elif family == "toml":
            out.append(("toml", draw(st.sampled_from(TOML_FILES)),
                        draw(st.sampled_from(["value", "value", "value", "dup_key", "delete_line", "dotted"])),
                        draw(st.sampled_from(TOML_RAW) | nasty_text.map(json.dumps))))
        else:
            out.append(("file", draw(st.sampled_from(CSV_FILES + TOML_FILES + ["scenarios", "tables", "map"])),
                        draw(st.sampled_from(["delete", "folder", "dev_zero", "loop", "fifo", "binary", "latin1",
                                              "empty", "outside"])), ""))
    return out


def apply_mutation(game: str, mutation: list[tuple], seed: int, workspace: str) -> None:
    rnd = random.Random(seed)
    for family, rel, op, value in mutation:
        path = os.path.join(game, rel)
        if family == "file":
            _mutate_file(path, op, workspace)
        elif not os.path.isfile(path) or os.path.islink(path):
            continue
        else:
            try:
                (_mutate_csv if family == "csv" else _mutate_toml)(path, rnd, op, value)
            except UnicodeDecodeError:  # made binary by an earlier step
                continue


@settings(PROFILE)
@given(mutation=game_mutation(), seed=st.integers(0, 2 ** 32))
def test_any_game_folder_is_loaded_or_refused_in_one_line(tmp_path_factory, mutation, seed: int) -> None:
    ws = str(tmp_path_factory.mktemp("game"))
    game = fresh_game(ws)
    apply_mutation(game, mutation, seed, ws)
    before, inputs = listing(ws), fingerprint([game])
    check(run(["info", "./nr"], ws), allowed=(0, 2))
    assert fingerprint([game]) == inputs
    check_workspace(ws, before)


@pytest.mark.skipif(not FUZZ, reason="builds take seconds each: make fuzz runs them")
@settings(PROFILE, max_examples=12)
@given(mutation=game_mutation(), seed=st.integers(0, 2 ** 32), command=st.sampled_from(["build", "art", "pnp"]))
def test_a_broken_game_builds_whole_or_not_at_all(tmp_path_factory, mutation, seed: int, command: str) -> None:
    ws = str(tmp_path_factory.mktemp("build"))
    game = fresh_game(ws)
    apply_mutation(game, mutation, seed, ws)
    before, inputs = listing(ws), fingerprint([game])
    o = run([command, "./nr", "-o", "out"], ws, timeout=300)
    check(o, allowed=(0, 2))
    assert fingerprint([game]) == inputs
    check_workspace(ws, before, [] if o.code else ["out"])


# -- command lines -----------------------------------------------------------------------------------------------------

PATHS = ["log.jsonl", "save.vsav", "dir", "fifo", "link", "loop", "/dev/zero", "/dev/null", "absent", "nl\nname.jsonl",
         "out/x.jsonl", "out", "report.html", "-", "", "..", ".", "dir/../log.jsonl", "\u2028.jsonl"]
GAMES = ["absent", "log.jsonl", "dir", "fifo", "/dev/zero", "..", "../..", "loop", "", "-o", "nl\nname.jsonl"]
OPTIONS = ["--format", "--html", "-o", "--out", "--module", "--game", "--scenario", "--paper", "--counter-size",
           "--duplex", "--back-offset", "--back-cut-lines", "--debug", "--help", "-h", "--bogus"]
VALUES = ["json", "text", "a4", "letter", "5/8in", "16mm", "0mm", "1e9in", "-1in", "nan,nan", "1,2", "1e308,0",
          "fold", "long", "campaign_1941", "../x"]


def _workspace(ws: str, base) -> None:
    import shutil

    shutil.copy(os.path.join(LOGS, "supply_rulebook_example.jsonl"), os.path.join(ws, "log.jsonl"))
    shutil.copy(os.path.join(LOGS, "supply_rulebook_example.jsonl"), os.path.join(ws, "nl\nname.jsonl"))
    shutil.copy(base.save, os.path.join(ws, "save.vsav"))
    os.mkdir(os.path.join(ws, "dir"))
    os.mkfifo(os.path.join(ws, "fifo"))
    os.symlink("log.jsonl", os.path.join(ws, "link"))
    os.symlink("loop", os.path.join(ws, "loop"))


@st.composite
def command_line(draw) -> list[str]:
    command = draw(st.sampled_from(["info", "validate", "import", "vassal-dump", "build", "art", "pnp", "bogus"]))
    first = draw(st.sampled_from(GAMES if command in ("info", "build", "art", "pnp") else PATHS))
    argv = [command, first]
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(OPTIONS))
        argv.append(option)
        if draw(st.integers(0, 4)):
            argv.append(draw(st.sampled_from(PATHS + VALUES) | st.text(max_size=6)))
    if draw(st.booleans()):
        draw(st.randoms()).shuffle(argv)
    return argv


@settings(PROFILE)
@given(argv=command_line())
def test_any_command_line_ends_cleanly(hostile_base, tmp_path_factory, argv: list[str]) -> None:
    ws = str(tmp_path_factory.mktemp("argv"))
    _workspace(ws, hostile_base)
    inputs = fingerprint([os.path.join(ws, n) for n in ("log.jsonl", "nl\nname.jsonl", "save.vsav", "link")])
    before = listing(ws)
    outputs = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("-o", "--out", "--html")]
    check(run(argv, ws, timeout=120))
    assert fingerprint([os.path.join(ws, n) for n in ("log.jsonl", "nl\nname.jsonl", "save.vsav", "link")]) == inputs
    check_workspace(ws, before, [os.path.normpath(p) for p in outputs if p] + ["out"])
