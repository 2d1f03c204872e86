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
from games_once import read_log
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
    from games_once import parse_log

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
    from games_once import parse_log

    head = LOG.read_text().splitlines()[0]
    evil = '{"type": "note", "side": "axis", "text": "</script><script>alert(1)</script><!--"}'
    move = '{"type": "move", "side": "axis", "unit": "ger_1pz", "path": ["1312", "1412", "1413"]}'
    log, game = parse_log("evil.jsonl", f"{head}\n{evil}\n{move}\n".encode())
    page = render_page(replay(log, game, every_state=True))
    assert page.count("<script") == 2 and "alert(1)" in data_of(page)["steps"][1]["d"]


# -- a Stalingrad '42 game: its battles drawn from the facts its rules package gives (validator.battle_view) --------

S42 = ROOT / "tests" / "logs" / "stalingrad42"


@pytest.fixture(scope="module")
def s42_page() -> str:
    log, game = read_log(str(S42 / "combat_determined.jsonl"))
    return render_page(replay(log, game, every_state=True))


def test_the_page_draws_only_the_board_it_can_show(s42_page: str) -> None:
    """A few units' game: the board is the part of the map around every location the page shows (units, paths,
    battles) with the zoom's margin, not the whole map (its pixels are the whole map's: the art's windows)."""
    import games
    from art.boards import map_size
    from games.grid import Layout
    from validator.html_report import MAP_SCALE, REGION_MARGIN
    from validator.replay_page import shown

    d = data_of(s42_page)
    w, h = d["size"]
    game = games.load("stalingrad42")
    whole = map_size(game, Layout.module(game.map.grid, MAP_SCALE))
    assert w * h < whole[0] * whole[1] / 5
    room = (REGION_MARGIN - 1) * d["hex"]
    for loc in shown(d):
        x, y = d["centres"][loc]
        assert room < x < w - room and room < y < h - room, loc


def _battle_at(d: dict, line: int) -> list[dict]:
    """The battle of each step whose action is on ``line``'s combat (opened by ``line``), in step order."""
    return [d["battles"][s["b"]] for s in d["steps"] if "b" in s and d["battles"][s["b"]]["line"] == line]


def test_a_stalingrad_battle_is_drawn_with_its_odds_roll_losses_retreat_and_advance(s42_page: str) -> None:
    d = data_of(s42_page)
    first = _battle_at(d, 2)  # 57 ID against 6 RD at 1-2, die 5 A1/DR2; a Partial Success; retreat; advance
    assert len(first) == 5  # the battle line and its four lines
    assert [b["froms"] for b in first] == [["2616"]] * 5 and first[0]["target"] == "2716"
    assert first[0]["odds"] == "1-2" and first[0]["die"] == 5 and first[0]["result"] == "A1/DR2"
    assert first[0]["label"] == "1-2 die 5 → A1/DR2" and not first[0]["moves"]
    last = first[-1]
    assert last["losses"] == ["57 ID [ger_57id]"]
    assert len(last["rolls"]) == 1 and "die 5: P -/- (Partial Success)" in last["rolls"][0]
    assert last["label"].endswith("| DD P -/-")
    assert last["moves"] == [["retreat", "sov_6rd", ["2716", "2817"]], ["advance", "ger_57id", ["2616", "2716"]]]
    assert "advance up to 2 hex(es)" in last["notes"]
    tanks = _battle_at(d, 11)[0]  # 24 and 9 Pz: 20 to 5 = 4-1, Tank and Elite Tank Shifts to 6-1; a barred cell
    assert [(m[0], m[2], m[3]) for m in tanks["mods"]] == [(1, "9.2.1", "rule-9.2.1"), (1, "9.2.2", "rule-9.2.2")]
    assert tanks["reading"] == "20 to 5 = 4-1, net shift +2 → 6-1" and tanks["odds"] == "6-1"
    assert "no Determined Defense on this result (11.2.2)" in tanks["notes"]
    orange = _battle_at(d, 15)[-1]  # light orange: the roll at -1
    assert "-1 light orange result" in orange["rolls"][0]
    assert all("b" not in s for s in d["steps"][:1])  # the start is no battle
    for b in d["battles"]:
        for m in b["mods"]:
            if m[3]:
                assert f'id="{m[3]}"' in s42_page  # each modifier's rule is in the bundled reference


@pytest.mark.parametrize("name, rules", [
    ("combat_modifiers.jsonl", {"9.9", "9.7.1", "9.5.4", "9.6.3", "8.5.2", "13.2.1", "9.6.1", "9.5.1", "9.5.2"}),
    ("combat_air.jsonl", {"9.3.3"}),
    ("artillery.jsonl", {"9.4"}),
    ("interchange.jsonl", {"23.4"}),
])
def test_each_kind_of_modifier_is_given_with_its_rule(name: str, rules: set[str]) -> None:
    from validator.battle_view import battles_of
    from validator.replay import rules_of

    log, game = read_log(str(S42 / name))
    r = replay(log, game, every_state=True)
    found = {m.rule for b in battles_of(rules_of(game), r.ctx, r.states, r.log.actions) if b for m in b.modifiers}
    assert rules <= found


def _colour(img: Image.Image, box: tuple[int, int, int, int], rgb: tuple[int, int, int], tol: int = 45) -> int:
    crop = img.crop(box).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(crop), 3)
               if all(abs(crop[i + j] - rgb[j]) < tol for j in range(3)))


def test_the_stalingrad_battle_in_headless_chromium(s42_page: str, tmp_path: Path) -> None:
    """At the advance that ends the first battle: the blue attack arrow between the attacker's hex and the target,
    the orange retreat towards 2817, the green advance, the label on the board, the battle's table in the panel."""
    from headless import browser

    d = data_of(s42_page)
    at = max(k for k, s in enumerate(d["steps"]) if "b" in s and d["battles"][s["b"]]["line"] == 2)
    path = tmp_path / "s42.html"
    path.write_text(s42_page, encoding="utf-8")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with browser(path.as_uri()) as tab:
        tab.evaluate(f"show({at})")
        shot = tab.screenshot()
        shot.save(SHOTS / "s42_battle.png")
        panel = tab.evaluate("document.querySelector('#here .battle').textContent")
        assert "Battle at 2716" in panel and "die 5 → A1/DR2" in panel and "Partial Success" in panel
        assert "6 RD [sov_6rd]: 2716 → 2817" in panel and "57 ID [ger_57id]: 2616 → 2716" in panel
        label = tab.evaluate("document.querySelector('.blabel text').textContent")
        assert label == "1-2 die 5 → A1/DR2 | DD P -/-"

        def around(a: str, b: str) -> tuple[int, int, int, int]:
            (x0, y0), (x1, y1) = _screen_point(tab, a), _screen_point(tab, b)
            x, y = (x0 + x1) / 2, (y0 + y1) / 2
            return int(x - 30), int(y - 30), int(x + 30), int(y + 30)
        assert _colour(shot, around("2716", "2817"), (224, 120, 0)) > 40  # the retreat
        assert _colour(shot, around("2616", "2716"), (18, 140, 60)) > 40  # the advance
        assert _colour(shot, around("2616", "2716"), (25, 70, 200)) > 40  # the attack arrow
        far = around("2312", "2313")
        assert _colour(shot, far, (224, 120, 0)) + _colour(shot, far, (18, 140, 60)) < 5
        tab.evaluate("show(0)")
        assert tab.evaluate("document.querySelectorAll('#here .battle, .blabel').length") == 0


def test_a_no_retreat_battle_comes_from_its_own_package_too() -> None:
    from validator.battle_view import battles_of
    from validator.replay import rules_of

    log, game = read_log(str(ROOT / "tests" / "logs" / "combat_battle.jsonl"))
    r = replay(log, game, every_state=True)
    first = battles_of(rules_of(game), r.ctx, r.states, r.log.actions)[0]
    assert first is not None and first.target == "1513" and first.froms == ("1512", "1613")
    assert first.odds == "3:1" and [(m.shift, m.rule) for m in first.modifiers] == [(1, "10.6.3")]
    assert first.label() == "3:1 die 1 → CB" and first.reading.startswith("11 vs 4: 2:1, net shift +1")


def test_a_package_without_battle_facts_gets_the_core_fields_drawn() -> None:
    """Game-neutral: the battle line's own fields (attackers from where they stand, targets, die, result)."""
    from types import SimpleNamespace

    from validator.battle_view import battles_of
    from validator.model import Action

    rules = SimpleNamespace(pieces=lambda ctx, state: [(u, loc, "front", ()) for u, loc in state.items()])
    states = [{"a": "0101", "b": "0102", "c": "0303"}] * 3
    actions = [Action(2, "battle", "x", {"attackers": ["a", "b"], "targets": ["0202"], "die": 4, "result": "DR",
                                         "odds": "2:1"}),
               Action(3, "move", "x", {"unit": "c", "to": "0304"})]
    drawn = battles_of(rules, None, states, actions)
    assert drawn[1] is None and drawn[0] is not None
    assert drawn[0].froms == ("0101", "0102") and drawn[0].target == "0202"
    assert drawn[0].label() == "2:1 die 4 → DR"
