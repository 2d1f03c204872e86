"""The step-through replay page (issue 18): every action a step with the board at that point, violations marked where
they happen and linked to their rule's entry in the bundled rules reference, one self-contained file; rendered in a
real headless Chromium, screenshotted, and the screenshot examined for what a person looks for (the board, the
violation's ring at its hex, the step counter moving with the keyboard). The screenshots are kept in
``build/replay_page/`` for people to look at."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from validator.html_report import board
from validator.logfile import read_log
from validator.replay import replay
from validator.replay_page import render_page

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "tests" / "logs" / "movement_zoc.jsonl"
SHOTS = ROOT / "build" / "replay_page"


@pytest.fixture(scope="module")
def result():
    log, game = read_log(str(LOG))
    return replay(log, game, every_state=True)


@pytest.fixture(scope="module")
def drawn(result):
    return board(result.game)


@pytest.fixture(scope="module")
def page(result, drawn) -> str:
    return render_page(result, drawn)


def data_of(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S)
    assert m
    assert "<" not in m.group(1)  # nothing in the data can end the script element
    return json.loads(m.group(1))


def test_every_action_is_a_step_and_each_violation_is_on_its_own(page: str, result) -> None:
    d = data_of(page)
    assert len(d["steps"]) == len(result.log.actions) + 1  # the start, then one step per action
    assert [v["step"] for v in d["violations"]] == [v.action_index + 1 for v in result.violations]
    first = d["violations"][0]
    assert first["rule"] == "8.5.1" and first["loc"] == "1413" and first["where"] == "line 2"
    assert "1st Panzer [ger_1pz]" in first["msg"]
    step = d["steps"][first["step"]]
    assert step["c"]["ger_1pz"][0] == "1413"  # the board after the move shows the unit where it went
    assert step["path"][-1] == "1413" and step["w"] == "line 2" and step["d"].startswith("moved 1st Panzer")


def test_violations_link_to_their_rules_in_the_page(page: str) -> None:
    d = data_of(page)
    for v in d["violations"]:
        assert v["anchor"] == f"rule-{v['rule']}"
        assert f'id="{v["anchor"]}"' in page  # the rules reference is in the page itself


def test_self_contained_and_deterministic(page: str, result, drawn) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r'(src|href)="(https?:|//)', page) and "@import" not in page
    boards = re.findall(r'href="data:image/webp;base64,([^"]+)"', page)
    assert len(boards) == 1
    img = Image.open(io.BytesIO(base64.b64decode(boards[0])))
    assert img.size == drawn.image.size
    assert render_page(result, drawn) == page


def test_the_board_is_cropped_to_the_hexes(drawn) -> None:
    """No title band: the top hex row starts within a hex of the picture's top, and every location is on it."""
    ys = [y for _, y in drawn.centres.values()]
    xs = [x for x, _ in drawn.centres.values()]
    assert min(ys) < 1.6 * drawn.hex_px and min(xs) < 1.6 * drawn.hex_px  # the title band alone is 2 hexes high
    assert max(ys) < drawn.image.height and max(xs) < drawn.image.width
    assert drawn.image.height - max(ys) < 1.6 * drawn.hex_px


def test_a_28_turn_game_page_stays_small(tmp_path: Path) -> None:
    """The board once and a diff per step: a whole campaign (about 2,000 actions) is under 2 MB."""
    import games
    from nr_played import encode
    from players.no_retreat import play
    from validator.logfile import parse_log

    game = games.load("no_retreat")
    lines = play(game, seed=1)
    log, game = parse_log("campaign.jsonl", encode(lines))
    r = replay(log, game, every_state=True)
    html = render_page(r)
    assert len(r.log.actions) > 1500
    assert len(data_of(html)["steps"]) == len(r.log.actions) + 1
    assert len(html.encode()) < 2_000_000


# -- in a real browser ----------------------------------------------------------------------------------------------

def _screen_point(page, loc: str) -> tuple[float, float]:
    return tuple(page.evaluate(f"""(() => {{
        const svg = document.getElementById('board'), p = svg.createSVGPoint(), c = D.centres['{loc}'];
        p.x = c[0]; p.y = c[1];
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];
    }})()"""))


def _red(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    crop = img.crop(box).tobytes()
    return sum(1 for i in range(0, len(crop), 3) if crop[i] > 190 and crop[i + 1] < 70 and crop[i + 2] < 80)


def test_the_page_in_headless_chromium(page: str, tmp_path: Path) -> None:
    from headless import browser

    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with browser(path.as_uri()) as tab:
        start = tab.screenshot()
        start.save(SHOTS / "start.png")
        assert tab.evaluate("document.getElementById('counter').textContent") == "step 0 / 7"
        bx = tab.evaluate("(() => { const r = document.getElementById('board').getBoundingClientRect(); "
                          "return [r.left, r.top, r.right, r.bottom]; })()")
        board_box = tuple(int(v) for v in bx)
        colours = start.crop(board_box).convert("P", palette=Image.Palette.ADAPTIVE, colors=64).getcolors()
        assert board_box[2] - board_box[0] > 600 and len(colours) > 20  # the map is drawn: many colours, not blank
        assert _red(start, board_box) < 500  # no violation marked at the start

        tab.key("n")  # the next violation: 1st Panzer's move on
        assert tab.evaluate("document.getElementById('counter').textContent") == "step 1 / 7"
        shot = tab.screenshot()
        shot.save(SHOTS / "violation.png")
        x, y = _screen_point(tab, "1413")
        r = 40
        ring = _red(shot, (int(x - r), int(y - r), int(x + r), int(y + r)))
        assert ring > 150, ring  # the red ring and path are at the violation's hex
        far_x, far_y = _screen_point(tab, "0910")
        assert _red(shot, (int(far_x - r), int(far_y - r), int(far_x + r), int(far_y + r))) < 20
        link = tab.evaluate("document.querySelector('#here a.rule').getAttribute('href')")
        assert link == "#rule-8.5.1" and tab.evaluate("!!document.getElementById('rule-8.5.1')")

        counter = tuple(int(v) for v in tab.evaluate(
            "(() => { const r = document.getElementById('counter').getBoundingClientRect(); "
            "return [r.left, r.top, r.right, r.bottom]; })()"))
        tab.key("ArrowRight", "ArrowRight", 39)
        assert tab.evaluate("document.getElementById('counter').textContent") == "step 2 / 7"
        after = tab.screenshot()
        after.save(SHOTS / "next_step.png")
        assert after.crop(counter).tobytes() != shot.crop(counter).tobytes()  # the counter moved on screen
        tab.key("ArrowLeft", "ArrowLeft", 37)
        assert tab.evaluate("document.getElementById('counter').textContent") == "step 1 / 7"
        assert tab.screenshot().crop(counter).tobytes() == shot.crop(counter).tobytes()
        tab.key("End")
        assert tab.evaluate("document.getElementById('counter').textContent") == "step 7 / 7"


def test_text_from_the_log_cannot_break_out_of_the_page(tmp_path: Path) -> None:
    from validator.logfile import parse_log

    head = LOG.read_text().splitlines()[0]
    evil = '{"type": "note", "side": "axis", "text": "</script><script>alert(1)</script><!--"}'
    move = '{"type": "move", "side": "axis", "unit": "ger_1pz", "path": ["1312", "1412", "1413"]}'
    log, game = parse_log("evil.jsonl", f"{head}\n{evil}\n{move}\n".encode())
    page = render_page(replay(log, game, every_state=True))
    assert page.count("<script") == 2 and "alert(1)" in data_of(page)["steps"][1]["d"]
