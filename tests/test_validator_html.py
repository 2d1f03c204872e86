"""The HTML report: self-contained, one board picture per violation with the offending path drawn in red."""

from __future__ import annotations

import base64
import io
import os
import re

import pytest
from PIL import Image

from validator.html_report import PATH_RGBA, board, picture, render_html
from validator.logfile import read_log
from validator.replay import replay, rules_of

LOG = os.path.join(os.path.dirname(__file__), "logs", "movement_zoc.jsonl")


@pytest.fixture(scope="module")
def result():
    log, game = read_log(LOG)
    return replay(log, game)


@pytest.fixture(scope="module")
def drawn(result):
    return board(result.game)


@pytest.fixture(scope="module")
def page(result, drawn) -> str:
    return render_html(result, drawn)


def red_pixels(img: Image.Image) -> int:
    r = PATH_RGBA[0]
    data = img.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if abs(data[i] - r) < 40 and data[i + 1] < 80 and data[i + 2] < 90)


def test_page_is_self_contained(page: str, result) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert "http://" not in page and "https://" not in page
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == len(result.violations) == 5
    for rule in ("8.5.1", "8.5.2", "8.5.3", "8.1"):
        assert f"rule {rule}" in page
    first = Image.open(io.BytesIO(base64.b64decode(images[0])))
    assert first.format == "PNG"
    assert 200 < first.width < 1400 and 200 < first.height < 1400
    assert red_pixels(first) > 200  # the 1212-1312-1412-1413 path


def test_picture_is_deterministic_and_marks_the_units(result, drawn) -> None:
    b = drawn
    v = result.violations[2]  # the 8.5.3 infiltration of ger_6
    pieces = rules_of(result.game).pieces(result.ctx, result.before[v.action_index])
    one = picture(result.game, b, pieces, v, {})
    two = picture(result.game, b, pieces, v, {})
    assert one.tobytes() == two.tobytes()
    assert red_pixels(one) > 100
    empty = picture(result.game, b, [], v, {})
    assert empty.tobytes() != one.tobytes()  # the counters are drawn
