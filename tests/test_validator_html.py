"""Report pictures: the board at a violation with the offending path drawn in red (the step-through page that
uses the board is tested in test_replay_page.py)."""

from __future__ import annotations

import os

import pytest
from PIL import Image

from validator.html_report import PATH_RGBA, board, picture
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


def red_pixels(img: Image.Image) -> int:
    r = PATH_RGBA[0]
    data = img.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if abs(data[i] - r) < 40 and data[i + 1] < 80 and data[i + 2] < 90)


def test_the_first_violation_has_its_path_in_red(result, drawn) -> None:
    v = result.violations[0]
    img = picture(result.game, drawn, rules_of(result.game).pieces(result.ctx, result.before[v.action_index]), v, {})
    assert 200 < img.width < 1400 and 200 < img.height < 1400
    assert red_pixels(img) > 200  # the 1212-1312-1412-1413 path


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


def _near(img: Image.Image, rgb: tuple[int, ...]) -> int:
    data = img.convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if all(abs(data[i + j] - rgb[j]) < 40 for j in range(3)))


def test_a_stalingrad_violation_at_a_battle_shows_the_battle() -> None:
    """12.4 at a retreat: the picture draws the combat it belongs to (the attack arrow and label in blue, the other
    unit's retreat in orange) beside the violation's own path in red."""
    from validator.battle_view import battles_of
    from validator.html_report import BATTLE_RGBA, MOVE_RGBA

    log, game = read_log(os.path.join(os.path.dirname(__file__), "logs", "stalingrad42", "combat_retreats.jsonl"))
    r = replay(log, game, every_state=True)
    v = next(v for v in r.violations if v.rule == "12.4")
    fight = battles_of(rules_of(game), r.ctx, r.states, r.log.actions)[v.action_index]
    assert fight is not None and [m.kind for m in fight.moves] == ["retreat", "retreat"]
    b = board(game)
    pieces = rules_of(game).pieces(r.ctx, r.states[v.action_index])
    plain = picture(game, b, pieces, v, {})
    drawn = picture(game, b, pieces, v, {}, fight)
    assert red_pixels(drawn) > 200  # the violation's own retreat, as before
    assert _near(drawn, MOVE_RGBA["retreat"][:3]) > 150 > _near(plain, MOVE_RGBA["retreat"][:3])
    assert _near(drawn, BATTLE_RGBA[:3]) > 150 + _near(plain, BATTLE_RGBA[:3])
