"""The map generator on a small synthetic world (no geo extra needed): what it makes of a sea, a lake, a river, a
road, a terrain region, places and Entry Areas; the projection fit and its rubber sheet; determinism; clean errors
for bad configs."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from games.errors import DataError
from mapgen import config, preview, routing, write
from mapgen.generate import generate
from mapgen.hexspace import HexSpace
from mapgen.projection import Conic, fit

# A 10 x 8 flat grid over one degree of longitude at 45N (about 15 km a hex). Alpha (0E, 45N) is fitted to hex 0304
# and Beta (1E, 45N) to 0904, so x = 1.732 + 5.196 * lon and y = 3.0 - 7.34 * (lat - 45) in hex space: the sea west
# of 0.12W covers columns 01-02, the river at 0.75E runs between columns 07 and 08, the lake fills 0606.
WORLD = """
[[land]]
polygon = [[-0.12, 44.0], [2.0, 44.0], [2.0, 46.0], [-0.12, 46.0]]
[[lake]]
polygon = [[0.35, 44.58], [0.65, 44.58], [0.65, 44.74], [0.35, 44.74]]
[[river]]
line = [[0.75, 45.42], [0.75, 44.3]]
[[place]]
name = "Alpha"
lonlat = [0.0, 45.0]
[[place]]
name = "Beta"
lonlat = [1.0, 45.0]
"""

CONFIG = """
include = ["layers.toml"]
[output]
dir = "out"
[grid]
orientation = "flat"
offset = "odd"
columns = 10
rows = 8
[projection]
lon0 = 0.5
lat0 = 45.0
lat1 = 44.5
lat2 = 45.5
warp = "none"
[sources]
coast = "world.toml"
rivers = "world.toml"
places = "world.toml"
bbox = [-0.5, 44.0, 2.0, 46.0]
[[fit]]
name = "Alpha"
place = "Alpha"
hex = "0304"
[[fit]]
name = "Beta"
place = "Beta"
hex = "0904"
"""

LAYERS = """
[[place]]
name = "Alpha"
settlement = "town"
vp = 1
features = ["port"]
[[place]]
name = "Beta"
settlement = "major_city"
[[sea]]
id = "west"
name = "West Sea"
polygon = [[-0.5, 44.0], [0.0, 44.0], [0.0, 46.0], [-0.5, 46.0]]
supply = ["blue"]
[[lake]]
id = "round"
name = "Round Lake"
at = [0.5, 44.66]
[[river]]
id = "big"
name = "Big River"
feature = "major_river"
guide = [[0.75, 45.42], [0.75, 44.3]]
[[terrain]]
terrain = "woods"
polygon = [[0.03, 45.21], [0.3, 45.21], [0.3, 45.05], [0.03, 45.05]]
[[line]]
id = "road"
mode = "cross"
feature = "primary_road"
via = ["Alpha", [0.5, 44.973], "Beta"]
[[bridge]]
crossing = "primary_road"
over = ["major_river"]
add = "road_bridge"
[[area]]
id = "N"
name = "North"
hexes = ["0401-0701"]
side = "blue"
[[area]]
id = "E"
name = "East"
edge = [[1.17, 45.3], [1.17, 44.7]]
[[section]]
id = "A"
name = "All"
columns = [1, 10]
rows = [1, 8]
[[region]]
id = "east_bank"
name = "East bank"
polygon = [[0.76, 46.0], [2.0, 46.0], [2.0, 44.0], [0.76, 44.0]]
"""


def _world(folder, config_text: str = CONFIG, layers: str = LAYERS) -> str:
    os.makedirs(folder, exist_ok=True)
    for name, text in (("world.toml", WORLD), ("mapgen.toml", config_text), ("layers.toml", layers)):
        with open(os.path.join(folder, name), "w", encoding="utf-8") as fh:
            fh.write(text)
    return os.path.join(folder, "mapgen.toml")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    cfg = config.load(_world(tmp_path_factory.mktemp("world")))
    return cfg, generate(cfg)


def _col(hex_id: str) -> int:
    return int(hex_id[:2])


def test_sea_lake_and_coast(made):
    _, m = made
    assert m.water["west"] == [f"{c:02d}{r:02d}" for c in (1, 2) for r in range(1, 9)]
    assert m.water["round"] == ["0606"]
    assert all(m.hexes[f"03{r:02d}"].coast == {"west"} for r in range(1, 9))
    assert not any(r.coast for hid, r in m.hexes.items() if _col(hid) > 3)
    shores = {k for k, r in m.sides.items() if "sea" in r.features}
    assert len(shores) == 15 and all(_col(k[0]) == 2 for k in shores)  # every side of column 02 facing 03
    lake = m.space.hex_of("0606")
    assert all("lake" in m.sides[m.space.side_key(lake, d)].features for d in m.space.dirs)  # its six shores


def test_river_is_the_chain_of_hexsides_along_its_line(made):
    _, m = made
    river = sorted(k for k, r in m.sides.items() if "major_river" in r.features)
    assert len(river) == 15  # the zigzag between columns 07 and 08, top to bottom
    for key in river:
        a, b = m.space.hexes_of_side(key)
        assert {_col(m.space.ids[a]), _col(m.space.ids[b])} == {7, 8}


def test_road_hexes_bridge_terrain_and_places(made):
    _, m = made
    road = [hid for hid in m.lines["road"]]
    assert road == [f"{c:02d}04" for c in range(3, 10)]
    bridged = [k for k, r in m.sides.items() if "road_bridge" in r.features]
    assert len(bridged) == 1 and m.sides[bridged[0]].features >= {"major_river", "primary_road"}
    assert m.hexes["0402"].terrain == "woods" and m.hexes["0302"].terrain == "clear"
    alpha, beta = m.hexes["0304"], m.hexes["0904"]
    assert (alpha.settlement, alpha.name, alpha.vp, alpha.features) == ("town", "Alpha", 1, {"port"})
    assert (beta.settlement, beta.name) == ("major_city", "Beta")


def test_areas_regions_sections(made):
    _, m = made
    assert m.areas["N"] == ["0401", "0501", "0601", "0701"]
    assert m.areas["E"] and all(_col(h) == 10 for h in m.areas["E"])
    assert m.regions["east_bank"] and all(_col(h) >= 8 for h in m.regions["east_bank"])
    assert {r.section for r in m.hexes.values()} == {"A"}


def test_written_files_are_deterministic_and_say_their_source(tmp_path):
    outputs = []
    for run in ("one", "two"):
        path = _world(tmp_path / run)
        cfg = config.load(path)
        write.write(cfg, generate(cfg))
        outputs.append({name: (tmp_path / run / "out" / name).read_bytes() for name in write.FILES})
    assert outputs[0] == outputs[1]
    hexes = outputs[0]["hexes.csv"].decode()
    assert hexes.startswith("# Written by `hexforge mapgen ../mapgen.toml`")
    assert "0304,clear,town,Alpha,1,west,port,A,found+authored," in hexes
    assert "0504,clear,,,0,,,A,authored," in hexes
    assert "[lakes.round]" in outputs[0]["water.toml"].decode()


def test_cli_dry_run_reports_and_writes_nothing(tmp_path):
    path = _world(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "hexforge.cli", "mapgen", path, "--dry-run"], capture_output=True,
                          text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "similarity fit of 2 points" in proc.stdout and "0304   0.00 hexes" in proc.stdout
    assert not (tmp_path / "out").exists()


def test_preview_draws_the_map(made):
    cfg, m = made
    img = Image.open(io.BytesIO(preview.render(cfg, m, 20, {"terrain": {"woods": "#00ff00"}}))).convert("RGB")
    colours = {c for _, c in img.getcolors(1 << 20)}
    assert img.size[0] > 150 and img.size[1] > 150
    assert (0, 255, 0) in colours  # the woods hex
    assert (0x9c, 0xc3, 0xe6) in colours  # the sea


def test_fit_reports_residuals_and_the_rubber_sheet_lands_every_point():
    cfg = config.ProjectionConfig(lon0=0.5, lat0=45, lat1=44.5, lat2=45.5, fit="similarity", warp="tps")
    lonlat = np.array([[0.0, 45.0], [1.0, 45.0], [0.5, 45.4], [0.2, 44.7]])
    targets = np.array([[1.732, 3.0], [6.928, 3.0], [4.5, 0.2], [3.0, 5.5]])  # the last two a little off
    proj = fit(cfg, ["a", "b", "c", "d"], ["0304", "0904", "0601", "0406"], lonlat, targets)
    assert proj.rms > 0.05 and 14 < proj.km_per_hex < 16.5
    x, y = proj(lonlat[:, 0], lonlat[:, 1])
    assert np.allclose(np.c_[x, y], targets, atol=1e-6)
    flat = fit(config.ProjectionConfig(0.5, 45, 44.5, 45.5, "similarity", "none"), ["a", "b", "c", "d"],
               ["0304", "0904", "0601", "0406"], lonlat, targets)
    x, y = flat(lonlat[:, 0], lonlat[:, 1])
    assert not np.allclose(np.c_[x, y], targets, atol=1e-3)
    assert flat.report()[1].split()[0] in {"0601", "0406"}  # worst first


def test_conic_is_centred_and_keeps_north_up():
    c = Conic(42.0, 48.0, 45.0, 51.0)
    x, y = c.forward(np.array([42.0, 42.0, 43.0]), np.array([48.0, 49.0, 48.0]))
    assert abs(x[0]) < 1e-9 and abs(y[0]) < 1e-9
    assert abs(x[1]) < 1e-9 and 110 < y[1] < 112  # a degree of latitude north along the central meridian
    assert 72 < x[2] < 76  # a degree of longitude at 48N


def test_hex_route_goes_round_water_and_blocked_hexsides():
    space = HexSpace(config.GridConfig("flat", "odd", 6, 5))
    land = set(space.cells) - {space.hex_of("0303")}
    a, b = space.centre(space.hex_of("0103")), space.centre(space.hex_of("0503"))
    path = [space.ids[h] for h in routing.hex_route(space, land, [a, b])]
    assert path[0] == "0103" and path[-1] == "0503" and "0303" not in path
    assert all(space.hex_of(q) - space.hex_of(p) in space.dirs.values() for p, q in zip(path, path[1:]))
    blocked = {space.side_key(space.hex_of("0103"), d) for d in space.dirs if space.side_key(space.hex_of("0103"), d)}
    assert [space.ids[h] for h in routing.hex_route(space, land, [a, b], blocked)] == ["0103"]


@pytest.mark.parametrize("field, value, message", [
    ("[output]\ndir = \"out\"", "[output]\ndir = \"../../elsewhere\"", "outside the config's folder"),
    ("lon0 = 0.5", "lon0 = \"east\"", "expected a number"),
    ("hex = \"0904\"", "hex = \"9999\"", "'9999' is not a hex of the grid"),
    ("place = \"Beta\"", "place = \"Gamma\"", "'Gamma' is not a place in the gazetteer"),
    ("include = [\"layers.toml\"]", "include = [\"../layers.toml\"]", "outside the config's folder"),
    ("warp = \"none\"", "warp = \"rubber\"", "'rubber' is not one of tps, none"),
])
def test_bad_config_is_one_clean_error(tmp_path, field, value, message):
    path = _world(tmp_path, CONFIG.replace(field, value))
    with pytest.raises(DataError) as err:
        generate(config.load(path))
    assert message in str(err.value) and "\n" not in str(err.value)
    assert not (tmp_path / "out").exists()


def test_bad_layer_record_names_its_file_and_key(tmp_path):
    path = _world(tmp_path, layers=LAYERS + "\n[[river]]\nid = \"x\"\nname = \"X\"\nfeature = \"r\"\n"
                                              "guide = [[0.1, 45.0], [200.0, 45.0]]\n")
    with pytest.raises(DataError) as err:
        config.load(path)
    assert str(err.value).startswith(os.path.relpath(str(tmp_path / "layers.toml"))) or "layers.toml" in str(err.value)
    assert "river[1].guide" in str(err.value) and "not a longitude and latitude" in str(err.value)


def test_cli_bad_config_exits_2_with_one_line(tmp_path):
    path = _world(tmp_path, CONFIG.replace("columns = 10", "columns = 'x'"))
    proc = subprocess.run([sys.executable, "-m", "hexforge.cli", "mapgen", path], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "grid.columns" in proc.stderr and "Traceback" not in proc.stderr


def test_a_port_inland_takes_its_neighbours_coast(tmp_path):
    """A port whose hex is on no coast (5.7 landings, 16.2.3 supply need its sea) is on the coasts of its land
    neighbours; one with no coastal neighbour is left on none, with a warning."""
    world = (WORLD + '[[place]]\nname = "Gamma"\nlonlat = [0.17, 45.27]\n'
             '[[place]]\nname = "Delta"\nlonlat = [1.1, 44.6]\n')
    layers = (LAYERS + '[[place]]\nname = "Gamma"\nsettlement = "town"\nfeatures = ["port"]\n'
              '[[place]]\nname = "Delta"\nsettlement = "town"\nfeatures = ["port"]\n')
    folder = tmp_path / "world"
    path = _world(folder, layers=layers)
    (folder / "world.toml").write_text(world, encoding="utf-8")
    m = generate(config.load(path))
    by_name = {r.name: (hid, r) for hid, r in m.hexes.items() if r.name}
    gamma, delta = by_name["Gamma"], by_name["Delta"]
    assert _col(gamma[0]) == 4 and gamma[1].coast == {"west"}  # one hex inland of column 03, the West Sea's coast
    assert delta[1].coast == set()
    assert any(f"port {delta[0]} (Delta) is on no sea's coast" in w for w in m.warnings)
    assert by_name["Alpha"][1].coast == {"west"}  # a port on the coast keeps its own
