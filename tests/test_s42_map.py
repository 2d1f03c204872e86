"""The committed Stalingrad '42 map against its rules: every hex number the rules text names, with what the rules
say about it, is checked in games/stalingrad42/map (the generated files, read as they are), and the loader accepts
the map files."""

from __future__ import annotations

import csv
import os
import re
import tomllib
from collections import deque
from functools import lru_cache

import pytest

from games.grid import HexIds
from games.hexgrid import directions
from games.loader import check_folder
from games.model import GridSpec

ROOT = os.path.join(os.path.dirname(__file__), "..")
GAME = os.path.join(ROOT, "games", "stalingrad42")
MAP = os.path.join(GAME, "map")
RULES = os.path.join(ROOT, "..", "shared", "rules", "stalingrad42-rules-v2.md")
SPEC = GridSpec("flat", "odd", 66, 63, first_column=10, first_row=0)
IDS = HexIds(SPEC)
DIRS = directions("flat")
RIVERS = {"minor_river", "major_river", "volga"}
ROADS = {"primary_road", "secondary_road"}


def _rows(name: str) -> list[dict[str, str]]:
    with open(os.path.join(MAP, name), encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def _toml(name: str) -> dict:
    with open(os.path.join(MAP, name), "rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=None)
def hexes() -> dict[str, dict[str, str]]:
    return {r["hex"]: r for r in _rows("hexes.csv")}


@lru_cache(maxsize=None)
def sides() -> dict[frozenset[str], set[str]]:
    out: dict[frozenset[str], set[str]] = {}
    for r in _rows("hexsides.csv"):
        other = IDS.id_of(IDS.hex_of(r["hex"]) + DIRS[r["dir"]])
        out[frozenset((r["hex"], other))] = set(r["features"].split())
    return out


def neighbours(hid: str) -> list[str]:
    h = IDS.hex_of(hid)
    return [IDS.id_of(h + v) for v in DIRS.values()]


def side(a: str, b: str) -> set[str]:
    return sides().get(frozenset((a, b)), set())


def features(hid: str) -> set[str]:
    return set(hexes()[hid]["features"].split())


def rail_path(a: str, b: str, through=lambda h: True) -> list[str] | None:
    """Hexes along railroad hexsides from a to b (each intermediate hex passing ``through``)."""
    back, todo = {a: None}, deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            path = [b]
            while back[path[-1]]:
                path.append(back[path[-1]])
            return path[::-1]
        for n in neighbours(h):
            if n not in back and "railroad" in side(h, n) and (n == b or through(n)):
                back[n] = h
                todo.append(n)
    return None


# --- each hex number of the rules, with what the rules say about it ----------------------------------------------


def check_5902():  # 5.5.3, 9.5.3: the Volga rail bridge at Saratov
    assert hexes()["5902"]["name"] == "Saratov"
    assert any(side("5902", n) >= {"volga", "railroad", "rail_bridge"} for n in neighbours("5902"))
    bridges = [k for k, f in sides().items() if "volga" in f and f & {"rail_bridge", "road_bridge"}]
    assert len(bridges) == 1 and "5902" in bridges[0]  # the only bridge over the Volga


def check_5622():  # 5.5.3: the Volga Flotilla crosses any one Volga hexside in or north of hex 5622
    assert any("volga" in side("5622", n) for n in neighbours("5622"))
    stalingrad = {h for h, r in hexes().items() if r["name"] == "Stalingrad"}
    assert any("volga" in side("5622", s) for s in stalingrad)


def check_6424_6523():  # 5.5.7: the Vladimirovka ferry, a rail line across the Volga from 6523 to 6424
    assert "6523" in neighbours("6424")
    assert side("6424", "6523") >= {"volga", "railroad", "rail_ferry"} and "rail_bridge" not in side("6424", "6523")
    assert {"rail"} <= features("6424") and {"rail"} <= features("6523")
    assert hexes()["6523"]["name"] == "Vladimirovka"


def check_1549():  # 5.7.2, 16.2.5, 20.7: Taman, the Axis port across the Kerch Strait from Entry Area W
    r = hexes()["1549"]
    assert r["name"] == "Taman" and "port" in features("1549") and "azov" in r["coast"].split()
    assert any("kerch_strait" in side("1549", n) for n in neighbours("1549"))
    assert _toml("areas.toml")["W"]["adjacent"] == ["1549"]


def check_1949():  # 16.2.4: Temryuk, the port that decides the Sea of Azov
    r = hexes()["1949"]
    assert r["name"] == "Temryuk" and "port" in features("1949") and "azov" in r["coast"].split()


def check_1521():  # 9.5.5: the Izium bend: the river along four hexsides, none through the hex
    assert hexes()["1521"]["name"] == "Izium"
    assert sum(1 for n in neighbours("1521") if side("1521", n) & RIVERS) == 4


def check_2002_2013():  # 17.1: the line between Kastornoye and Valuyki, repaired when both ends are
    assert hexes()["2002"]["name"] == "Kastornoye" and hexes()["2013"]["name"] == "Valuyki"
    assert {"rail", "repair"} <= features("2002") and {"rail", "repair"} <= features("2013")
    assert rail_path("2002", "2013", lambda h: "repair" not in features(h)) is not None  # not green between


def check_2338_2839():  # 17.1: the dead-end line in the Kuban that can never be repaired
    path = rail_path("2338", "2839", lambda h: "repair" not in features(h))
    assert path is not None and not any("repair" in features(h) for h in path[:-1])
    assert sum(1 for n in neighbours("2338") if "railroad" in side("2338", n)) == 1  # a dead end


def check_2850_4549():  # 20.8: the volunteers arrive at Krasnodar or Voroshilovsk
    assert hexes()["2850"]["name"] == "Krasnodar" and hexes()["2850"]["settlement"] == "major_city"
    assert hexes()["4549"]["name"] == "Voroshilovsk" and hexes()["4549"]["settlement"] == "minor_city"


def check_3443():  # S2.2: the second railhead runs from Tikhoretsk to Taman
    assert hexes()["3443"]["name"] == "Tikhoretsk"
    assert rail_path("3443", "1549", lambda h: "repair" in features(h)) is not None


def check_3140_3139():  # S2.2: the first railhead starts at 3140; air support from the imaginary hex 3139
    assert {"rail", "repair"} <= features("3140") and "railroad" in side("3140", "3139")
    sections = _toml("sections.toml")
    assert hexes()["3139"]["section"] == "A" and sections["C1"]["first"][2:] == "40"  # 3139 is off the C maps


def check_3327():  # 9.3.5: all railroads in a repaired hex are usable: a hex where railroads meet
    assert "rail" in features("3327")
    assert sum(1 for n in neighbours("3327") if "railroad" in side("3327", n)) >= 3


def check_4860():  # 24.3: Mt Elbrus, a mountain hex worth a (temporary) VP
    r = hexes()["4860"]
    assert r["terrain"] == "mountain" and int(r["vp"]) >= 1 and r["name"] == "Mt Elbrus"
    assert any("alpine_side" in side("4860", n) or hexes().get(n, {}).get("terrain") == "alpine"
               for n in neighbours("4860"))  # the alpine ridge next to it


def check_2403():  # 29.1.3: Axis units in 2403 attack Voronezh across the Don
    voronezh = [n for n in neighbours("2403") if hexes().get(n, {}).get("name") == "Voronezh"]
    assert len(voronezh) == 1 and "major_river" in side("2403", voronezh[0])


def check_3806():  # S1.2: the 6th Reserve Army starts in 3806 (map A: Fall Blau uses map A only)
    assert hexes()["3806"]["section"] == "A" and hexes()["3806"]["terrain"] != "alpine"


def check_4100_4111():  # S1.2: the 5th Reserve Army enters from Entry Area M into any hex 4100-4111
    assert _toml("areas.toml")["M"]["adjacent"] == [f"41{r:02d}" for r in range(12)]
    assert _toml("sections.toml")["A"]["last"][:2] == "41"  # map A's east edge


def check_2740_4240_2140_4740():  # S2.2: the Axis enters the Caucasus maps on their north edge
    first = [f"{c}40" for c in range(27, 43)]
    later = _toml("areas.toml")["north_edge"]["adjacent"]
    assert _toml("regions.toml")["caucasus_north_edge_turn10"]["locations"] == first
    assert set(first) <= set(later) and set(later) <= {f"{c}40" for c in range(21, 48)}
    assert all(hexes()[h]["section"] in {"A", "B"} and h in hexes() for h in later)  # row 40: on both maps


def check_4440():  # S2.2: Axis supply from roads leading off the north edge west of 4440
    assert any(side("4440", n) & ROADS and n.endswith("39") for n in neighbours("4440"))
    assert any(any(side(h, n) & ROADS and n.endswith("39") for n in neighbours(h))
               for h in (f"{c}40" for c in range(21, 44)) if h in hexes())


def check_rows_40_43():  # 23.4, 30.0: rows xx43 and north are the north maps, xx40 and south the Caucasus maps
    s = _toml("sections.toml")
    assert (s["A"]["first"], s["A"]["last"], s["B"]["first"], s["B"]["last"]) == ("1000", "4143", "4200", "7543")
    assert (s["C1"]["first"], s["C1"]["last"], s["C2"]["first"], s["C2"]["last"]) == ("1040", "4162", "4240", "7562")


RULE_HEXES = {
    ("5902",): check_5902, ("5622",): check_5622, ("6424", "6523"): check_6424_6523, ("1549",): check_1549,
    ("1949",): check_1949, ("1521",): check_1521, ("2002", "2013"): check_2002_2013,
    ("2338", "2839"): check_2338_2839, ("2850", "4549"): check_2850_4549, ("3443",): check_3443,
    ("3140", "3139"): check_3140_3139, ("3327",): check_3327, ("4860",): check_4860, ("2403",): check_2403,
    ("3806",): check_3806, ("4100", "4111"): check_4100_4111,
    ("2740", "4240", "2140", "4740"): check_2740_4240_2140_4740, ("4440",): check_4440,
}
NOT_HEXES = {"1308", "1942", "2022"}  # the publisher's P.O. box, the year, the edition's year


@pytest.mark.parametrize("numbers", sorted(RULE_HEXES), ids=lambda n: "-".join(n))
def test_rule_hex(numbers):
    RULE_HEXES[numbers]()


def test_map_sections_rows():
    check_rows_40_43()


def test_every_hex_number_in_the_rules_is_checked():
    if not os.path.exists(RULES):
        pytest.skip("the rules text is not here")
    with open(RULES, encoding="utf-8") as fh:
        named = set(re.findall(r"\b\d{4}\b", fh.read())) - NOT_HEXES
    covered = {n for key in RULE_HEXES for n in key}
    assert named == covered


def test_cities_and_regions_the_rules_name():
    west = set(_toml("regions.toml")["west_of_start_line"]["locations"])
    for city in ("Kharkov", "Stalino"):  # 24.1.4: the major cities west of the start line
        (hid,) = [h for h, r in hexes().items() if r["name"] == city]
        assert hexes()[hid]["settlement"] == "major_city" and hid in west
    assert len([h for h, r in hexes().items() if r["name"] == "Stalingrad"]) >= 2  # S3.5: "a hex of Stalingrad"
    rostov = [h for h, r in hexes().items() if r["name"] == "Rostov"][0]
    forts = _toml("regions.toml")["forts_rostov"]["locations"]  # 9.7.7: the four hexes around Rostov
    assert len(forts) == 4 and all("fort" in features(h) for h in forts)
    assert all(h in neighbours(rostov) or any(n in neighbours(rostov) for n in neighbours(h)) for h in forts)
    for group in ("forts_north_of_kharkov", "forts_south_of_kharkov"):  # 9.7.6: the Soviet front line
        locs = _toml("regions.toml")[group]["locations"]
        assert len(locs) >= 8 and not set(locs) & west
    steppe = set(_toml("regions.toml")["kalmyk_steppe"]["locations"])  # 9.5.6: its lakes freeze on Turn 28
    assert any("lake" in f and k & steppe for k, f in sides().items())



def test_every_port_is_on_a_sea():
    """5.7 (landings) and 16.2.3 (a Port is a Supply Source on the sea its side controls) need each port's sea: Tuapse
    and Gelendzhik (Black Sea) and Azov (Sea of Azov) stood a hex inland of the drawn shore with none."""
    seas = set(_toml("water.toml")["seas"])
    ports = {r["name"]: set(r["coast"].split()) for r in hexes().values() if "port" in r["features"].split()}
    assert len(ports) >= 12 and all(c and c <= seas for c in ports.values()), ports
    assert ports["Tuapse"] == ports["Gelendzhik"] == ports["Novorossiysk"] == {"black_sea"}
    assert ports["Azov"] == ports["Taganrog"] == {"azov"} and ports["Taman"] == {"azov", "black_sea"}


def test_entry_areas():
    areas = _toml("areas.toml")
    soviet, axis = "ABCDEFGHJKL", "WXYZ"
    assert all(areas[a]["side"] == "soviet" for a in soviet) and all(areas[a]["side"] == "axis" for a in axis)
    assert all(areas[a]["adjacent"] for a in soviet + axis + "MNOPQR" if a != "F")  # F is the Caspian box
    south = {a: {hexes()[h]["section"] for h in areas[a]["adjacent"]} for a in "GHJKL"}
    assert all(s <= {"C1", "C2"} for s in south.values())  # 22.1.1: G-L on the Caucasus maps
    north = {a: {hexes()[h]["section"] for h in areas[a]["adjacent"]} for a in "ABCDE"}
    assert all(s <= {"A", "B"} for s in north.values())


def test_every_record_says_where_it_came_from():
    assert {r["source"] for r in hexes().values()} <= {"found", "authored", "found+authored"}
    assert {r["source"] for r in _rows("hexsides.csv")} <= {"found", "authored", "found+authored"}


def test_the_loader_accepts_the_map():
    checked = check_folder(GAME)
    in_map = [str(p) for p in checked.problems if "/map/" in str(p).replace(os.sep, "/")]
    assert not in_map, in_map[:5]
    assert checked.game is not None and len(checked.game.map.hexes) == len(hexes())
