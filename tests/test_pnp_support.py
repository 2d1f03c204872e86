"""Print-and-play test support (issue 5): poppler (installed when missing), the default set built once for all
workers, and readers of what poppler sees in a PDF: page sizes, images, the text layer, rendered pages, and
where a counter's printed box is on a rendered page. Fixtures are registered in conftest.py."""

from __future__ import annotations

import fcntl
import io
import math
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
from PIL import Image

from art.pnp.imposition import Rect
from hexforge import cli

POPPLER = ("pdfinfo", "pdfimages", "pdftoppm", "pdftotext")
MM_PER_PT = 25.4 / 72
INK = 240  # grey level below which a rendered pixel is printed ink, not paper


def _install_poppler() -> str | None:
    """apt-get install poppler-utils (once, whichever worker comes first); the reason it cannot, or None."""
    if os.geteuid() != 0:
        return "poppler-utils is missing and the tests are not running as root to install it"
    if not shutil.which("apt-get"):
        return "poppler-utils is missing and there is no apt-get to install it"
    with open("/tmp/hexforge-poppler.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if all(shutil.which(t) for t in POPPLER):
            return None
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for cmd in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "poppler-utils"]):
            p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
            if p.returncode:
                return f"apt-get could not install poppler-utils: {(p.stderr or p.stdout).strip()[-300:]}"
    missing = [t for t in POPPLER if not shutil.which(t)]
    return f"still missing after apt-get: {' '.join(missing)}" if missing else None


@pytest.fixture(scope="session")
def poppler() -> None:
    """poppler-utils on PATH (installed with apt-get when missing and possible; otherwise the test skips)."""
    if not all(shutil.which(t) for t in POPPLER):
        reason = _install_poppler()
        if reason:
            pytest.skip(reason)


def shared_dir(tmp_path_factory, name: str) -> str:
    """A folder shared by the pytest-xdist workers of this session (the session's own folder without xdist)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return str(base / name)


def made_once(tmp_path_factory, name: str, make: Callable[[str], None]) -> str:
    """The shared folder ``name`` (:func:`shared_dir`), filled by ``make(folder)`` once per session whichever worker
    asks first; the others wait for it. Tests read it and never write into it."""
    out = shared_dir(tmp_path_factory, name)
    with open(out + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(os.path.join(out, "done")):
            make(out)
            with open(os.path.join(out, "done"), "w") as f:
                f.write("ok")
    return out


def _pnp(out: str) -> None:
    assert cli.main(["pnp", "no_retreat", "-o", out]) == 0


@pytest.fixture(scope="session")
def pnp_set(tmp_path_factory, poppler) -> str:
    """``hexforge pnp no_retreat`` (the default set), run once per session: the folder of its PDFs."""
    return os.path.join(made_once(tmp_path_factory, "pnp_default", _pnp), "no_retreat", "pnp")


def run(*cmd: str) -> str:
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def page_sizes(path: str) -> list[tuple[float, float]]:
    """Every page's size in points, as pdfinfo reports it."""
    n = int(re.search(r"^Pages:\s+(\d+)", run("pdfinfo", path), re.M).group(1))
    out = run("pdfinfo", "-f", "1", "-l", str(n), path)
    return [(float(w), float(h)) for w, h in re.findall(r"^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)]


@dataclass(frozen=True)
class PdfImage:
    page: int
    width: int
    height: int
    enc: str
    x_ppi: int
    y_ppi: int


def images(path: str) -> list[PdfImage]:
    """Every image drawn, as ``pdfimages -list`` reports it."""
    rows = run("pdfimages", "-list", path).splitlines()[2:]
    out = []
    for row in rows:
        f = row.split()
        out.append(PdfImage(int(f[0]), int(f[3]), int(f[4]), f[8], int(f[12]), int(f[13])))
    return out


@dataclass(frozen=True)
class Word:
    page: int  # 1-based
    text: str
    cx: float  # mm
    cy: float


def words(path: str) -> list[Word]:
    """Every word of the text layer with its centre in mm (``pdftotext -bbox``)."""
    html = run("pdftotext", "-bbox", path, "-")
    out = []
    for page, body in enumerate(re.split(r"<page [^>]*>", html)[1:], 1):
        for x0, y0, x1, y1, text in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', body):
            out.append(Word(page, text, (float(x0) + float(x1)) / 2 * MM_PER_PT,
                            (float(y0) + float(y1)) / 2 * MM_PER_PT))
    return out


def render(path: str, page: int, dpi: int, gray: bool = True, region: Rect | None = None) -> np.ndarray:
    """Page ``page`` (1-based) rendered by pdftoppm at ``dpi``: grey levels (or RGB), row by row. With
    ``region`` (mm) only the pixels from its top-left corner to the page's bottom-right are rendered
    (``region_origin`` gives their offset): the cost of a page is its pixels."""
    crop = []
    if region is not None:
        x0, y0 = region_origin(region, dpi)
        crop = ["-x", str(x0), "-y", str(y0), "-W", str(math.ceil(region.x1 / 25.4 * dpi) - x0),
                "-H", str(math.ceil(region.y1 / 25.4 * dpi) - y0)]
    cmd = ["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), *crop] + (["-gray"] if gray else []) + [path]
    data = subprocess.run(cmd, capture_output=True, check=True).stdout
    return np.asarray(Image.open(io.BytesIO(data)))


def region_origin(region: Rect | None, dpi: int) -> tuple[int, int]:
    if region is None:
        return 0, 0
    return max(0, math.floor(region.x0 / 25.4 * dpi)), max(0, math.floor(region.y0 / 25.4 * dpi))


def _crossings(profile: np.ndarray) -> tuple[float, float]:
    """The sub-pixel positions (pixel units, 0 = the first pixel's left side) where ``profile`` crosses half way
    from paper to the ink just inside the printed box, at its first and its last edge."""
    dark = np.nonzero(profile < INK)[0]
    if not dark.size:
        raise AssertionError("no printed box in the window")
    i0, i1 = int(dark[0]), int(dark[-1])
    if i0 == 0 or i1 == len(profile) - 1:
        raise AssertionError("the printed box runs out of its window: it is not where the layout says")
    left_level = (255 + profile[min(i0 + 2, i1)]) / 2
    right_level = (255 + profile[max(i1 - 2, i0)]) / 2
    j = i0 if profile[i0] < left_level else i0 + 1
    left = j - 0.5 + (profile[j - 1] - left_level) / (profile[j - 1] - profile[j])
    k = i1 if profile[i1] < right_level else i1 - 1
    right = k + 0.5 + (right_level - profile[k]) / (profile[k + 1] - profile[k])
    return float(left), float(right)


def box_centre(page: np.ndarray, window: Rect, dpi: int, origin: tuple[int, int] = (0, 0)) -> tuple[float, float]:
    """The centre (mm) of the one printed box inside ``window`` (mm) of a rendered page (whose first pixel is
    page pixel ``origin``), measured from its edges along the middle half of each side (where cut lines do not
    cross the gutters)."""
    k = dpi / 25.4
    x0, y0, x1, y1 = (int(round(v * k)) for v in (window.x0, window.y0, window.x1, window.y1))
    win = page[y0 - origin[1]:y1 - origin[1], x0 - origin[0]:x1 - origin[0]].astype(float)
    h, w = win.shape
    band_rows = win[h // 4: 3 * h // 4]
    band_cols = win[:, w // 4: 3 * w // 4]
    left, right = _crossings(np.median(band_rows, axis=0))
    top, bottom = _crossings(np.median(band_cols, axis=1))
    return (x0 + (left + right) / 2) / k, (y0 + (top + bottom) / 2) / k


def test_box_centre_finds_a_drawn_box_to_a_hundredth_of_a_mm():
    """The measuring tool itself: a box edge drawn with partial coverage is located to sub-pixel precision."""
    dpi = 300
    k = dpi / 25.4
    page = np.full((400, 400), 255.0)
    x0, x1, y0, y1 = 100.3, 287.9, 50.6, 240.2  # px, sub-pixel edges
    for x in range(400):
        cov_x = max(0.0, min(1.0, min(x + 1, x1) - max(x, x0)))
        for y in range(400):
            cov_y = max(0.0, min(1.0, min(y + 1, y1) - max(y, y0)))
            page[y, x] = 255 - (255 - 90) * cov_x * cov_y
    cx, cy = box_centre(page, Rect(80 / k, 30 / k, 310 / k, 260 / k), dpi)
    assert abs(cx - (x0 + x1) / 2 / k) < 0.01 and abs(cy - (y0 + y1) / 2 / k) < 0.01
    with pytest.raises(AssertionError, match="runs out of its window"):
        box_centre(page, Rect(120 / k, 30 / k, 310 / k, 260 / k), dpi)
