"""``hexforge pnp`` options and errors, cut lines front and back, and the calibration page as poppler reads it
(issue 5)."""

from __future__ import annotations

import math

import pytest

from art.pnp.calibration import calibration_page, targets
from art.pnp.counter_sheets import bleed_mm, counter_layout, counter_sheets
from art.pnp.paper import Options
from hexforge import cli
from test_pnp_layout import seen_through
from test_pnp_support import page_sizes, render, words


@pytest.mark.parametrize("args,message", [
    (["--back-offset", "1,x"], "hexforge pnp: --back-offset: expected X,Y in mm"),
    (["--back-offset", "9,0"], "hexforge pnp: --back-offset: 9,0 mm is more than"),
    (["--counter-size", "5/8"], "hexforge pnp: --counter-size: expected a length such as 5/8in"),
    (["--counter-size", "3in"], "hexforge pnp: --counter-size: 76.2 mm is outside 8-40 mm"),
])
def test_bad_options_are_one_line_exit_2_and_write_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "out"
    assert cli.main(["pnp", "no_retreat", "-o", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1, err
    assert not out.exists()


def test_an_unknown_paper_or_duplex_mode_is_refused_by_the_parser(tmp_path, capsys):
    for args in (["--paper", "a5"], ["--duplex", "both"]):
        with pytest.raises(SystemExit) as exc:
            cli.main(["pnp", "no_retreat", "-o", str(tmp_path / "out"), *args])
        assert exc.value.code == 2
        assert "invalid choice" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("mode,offset", [("long", (0.0, 0.0)), ("short", (1.5, -0.5)), ("fold", (-1.0, 2.0))])
def test_calibration_grids_sit_behind_their_targets(nr_game, tmp_path, poppler, mode, offset):
    options = Options("a4", duplex=mode, back_offset=offset)
    path = tmp_path / "calibration.pdf"
    path.write_bytes(calibration_page(nr_game, options))
    sizes = page_sizes(str(path))
    assert sizes == [(595.28, 841.89)] * (1 if mode == "fold" else 2)
    found = {(w.text, w.page): (w.cx, w.cy) for w in words(str(path)) if w.text.startswith("target/")}
    back_page = 1 if mode == "fold" else 2
    assert len(found) == 2 * len(targets(options)) == 10
    for name, x, y in targets(options):
        fx, fy = found[(f"target/{name}/front", 1)]
        assert math.hypot(fx - x, fy - y) < 0.3
        gx, gy = found[(f"target/{name}/back", back_page)]
        # the grid's 0,0 is printed where the pin through the target comes out, moved by the offset
        hx, hy = seen_through(mode, options.page, fx, fy)
        assert math.hypot(gx - offset[0] - hx, gy - offset[1] - hy) < 0.3, name
    text = " ".join(w.text for w in words(str(path)))
    assert f"--back-offset {offset[0]:g},{offset[1]:g}" in text and "--duplex " + mode in text


def test_cut_lines_on_the_fronts_only_unless_asked_for_the_backs_too(nr_game, tmp_path, poppler):
    """The lines run 3 mm past the block of counters into the margin: dark pixels there, above the first row."""
    def margin_ink(options: Options) -> list[bool]:
        layout = counter_layout(nr_game, options)
        path = tmp_path / f"{options.back_cut_lines}.pdf"
        path.write_bytes(counter_sheets(nr_game, options))
        out = []
        for page in (0, 1):
            top = min(p.cut().y0 for p in layout.on_page(page)) - bleed_mm(options)
            img = render(str(path), page + 1, 150)
            k = 150 / 25.4
            band = img[int((top - 2.5) * k):int((top - 0.2) * k)]
            out.append(bool((band < 128).any()))
        return out

    assert margin_ink(Options()) == [True, False]
    assert margin_ink(Options(back_cut_lines=True)) == [True, True]
