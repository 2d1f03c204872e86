"""The parts a rebuild reuses inside one process (issue 21 item 3): the contact sheet's compressed bands, the pieces'
AddPiece texts and the module's own drawn images. Each is kept by everything it is made from, so what is given again
is what making it afresh gives, and a change to any input makes it again."""

from __future__ import annotations

import io
import os
import random
import zlib

import pytest
from PIL import Image, ImageDraw

import games
from art import banded_png
from games import kept
from art.style import style_of
from modgen import drawn, traits


def decoded(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        return im.copy()


def sheet(mode: str, size: tuple[int, int] = (300, 150), seed: int = 1) -> Image.Image:
    rng = random.Random(seed)
    img = Image.new(mode, size)
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        d.rectangle((x, y, x + rng.randrange(1, 60), y + rng.randrange(1, 40)),
                    fill=tuple(rng.randrange(256) for _ in img.getbands()))
    return img


@pytest.mark.parametrize("mode", sorted(banded_png.MODES))
@pytest.mark.parametrize("size", [(300, 150), (7, 1), (1, 33), (64, 64)])
def test_a_banded_png_decodes_to_the_same_pixels(mode: str, size: tuple[int, int]) -> None:
    img = sheet(mode, size)
    data = banded_png.png_bytes(img, 6)
    back = decoded(data)
    assert back.mode == mode and back.size == size and back.tobytes() == img.tobytes()
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    raw = zlib.decompress(idat)  # one well-formed zlib stream: its Adler-32 checked
    assert len(raw) == size[1] * (1 + size[0] * banded_png.MODES[mode][1])


def test_bands_found_again_give_the_bytes_of_a_fresh_encoding() -> None:
    before = sheet("RGB", (400, 200))
    banded_png.png_bytes(before, 6)
    after = before.copy()
    after.paste((255, 0, 0), (100, 70, 130, 90))  # one band's rows change
    found = banded_png.png_bytes(after, 6)
    kept.forget()
    fresh = banded_png.png_bytes(after, 6)
    assert found == fresh and decoded(found).tobytes() == after.tobytes()
    assert decoded(banded_png.png_bytes(before, 6)).tobytes() == before.tobytes()
    assert banded_png.png_bytes(after, 1) != fresh  # the level is part of a band's key


def test_the_same_rows_in_an_image_of_another_width_or_mode_are_not_taken() -> None:
    a = Image.frombytes("RGB", (20, 40), bytes(range(256)) * 9 + bytes(96))
    b = Image.frombytes("RGB", (40, 20), a.tobytes())  # the same bytes, other rows
    c = Image.frombytes("L", (60, 40), a.tobytes())
    for img in (a, b, c, a):
        assert decoded(banded_png.png_bytes(img, 6)).tobytes() == img.tobytes()


def test_adler32_combine_matches_zlib() -> None:
    rng = random.Random(2)
    for length in (0, 1, 5, 65520, 65521, 65522, 200_000):
        a, b = os.urandom(rng.randrange(300)), os.urandom(length)
        assert banded_png.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_an_add_piece_text_is_the_text_of_its_value() -> None:
    piece = traits.Piece(traits.BasicPiece(name="Tank", image="t.png"), (traits.Marker((("side", "a"),)),))
    text = traits.add_piece(piece, "7")
    kept.forget()
    assert traits.add_piece(piece, "7") == text == traits._add_piece_text(piece, "7")
    assert traits.add_piece(piece, "8") != text  # the id
    other = traits.Piece(traits.BasicPiece(name="Tank", image="t.png"), (traits.Marker((("side", "b"),)),))
    assert traits.add_piece(other, "7") != text  # a trait
    moved = piece.placed("Main Map", 10, 20)
    assert traits.add_piece(moved, "7") != text and traits.add_piece(piece, "7") == text  # the state


def test_the_drawn_images_are_kept_by_what_they_are_drawn_from() -> None:
    import dataclasses

    game = games.load("no_retreat")
    style = style_of(game)
    about = drawn.about_card(game, style)
    assert drawn.about_card(game, style) is about  # found
    kept.forget()
    assert drawn.about_card(game, style) == about  # made again: the same bytes
    assert drawn.about_card(dataclasses.replace(game, title="Another"), style) != about
    assert drawn.about_card(dataclasses.replace(game, edition="2nd"), style) != about
    renamed = {k: dataclasses.replace(s, name=s.name + "s") for k, s in game.sides.items()}
    assert drawn.about_card(dataclasses.replace(game, sides=renamed), style) != about
    bold = dataclasses.replace(game, style={**game.style, "fonts": {"bold": "DejaVuSans.ttf"}})
    assert drawn.about_card(game, style_of(bold)) != about  # the style
    assert drawn.arrow_image("n") and drawn.attack_arrows(game, _layout(game), (60, 60)) != \
        drawn.attack_arrows(game, _layout(game), (64, 64))
    labels = [("Draw", (0, 0, 80, 20))]
    table = drawn._drawn(("table", drawn.style_key(style), (100, 50), (1, 2, 3), tuple(labels)),
                         lambda: drawn.card_table(style, (100, 50), (1, 2, 3), labels))
    assert table == drawn.card_table(style, (100, 50), (1, 2, 3), labels)


def _layout(game):
    from modgen.context import Context

    return Context.of(game, {}).layout


def test_the_cache_stays_bounded_when_pruning_skips_the_walk(tmp_path) -> None:
    from hexforge import cache

    store = cache.Store(str(tmp_path / "out"), max_bytes=10_000)

    def blobs() -> int:
        folder = tmp_path / "out" / cache.CACHE_DIR / "blobs"
        return sum(p.stat().st_size for p in folder.iterdir())

    for i in range(3):
        store.put(f"{i:064x}", [], f"{i:064x}", bytes([i]) * 3_000)
    store.prune()  # the first prune of the folder in this process: walked, 9,000 bytes kept
    assert blobs() == 9_000
    store.prune()  # nothing put since: under the bound, not walked
    store.put(f"{9:064x}", [], f"{9:064x}", bytes([9]) * 3_000)  # now over it
    store.prune()
    assert blobs() <= 10_000
    later = cache.Store(str(tmp_path / "out"), max_bytes=10_000)  # another build of the same folder
    for i in range(10, 14):
        later.put(f"{i:064x}", [], f"{i:064x}", bytes([i]) * 3_000)
        later.prune()
        assert blobs() <= 10_000
    for key in (tmp_path / "out" / cache.CACHE_DIR / "keys").iterdir():  # every key left has its blob
        assert (tmp_path / "out" / cache.CACHE_DIR / "blobs" / key.read_text()).is_file()


def test_a_save_is_kept_by_its_text_module_data_and_versions() -> None:
    from modgen import savegame

    contents = savegame.Contents((("1", traits.Piece(traits.BasicPiece(name="Tank"))),), (), ("NOTES\t",))
    data = savegame.save_bytes(contents, b"<data/>", "1.0", "3.6")
    assert savegame.save_bytes(contents, b"<data/>", "1.0", "3.6") is data
    kept.forget()
    assert savegame.save_bytes(contents, b"<data/>", "1.0", "3.6") == data
    moved = savegame.Contents((("1", traits.Piece(traits.BasicPiece(name="Tank", x=5))),), (), ("NOTES\t",))
    others = [savegame.save_bytes(moved, b"<data/>", "1.0", "3.6"),
              savegame.save_bytes(contents, b"<other/>", "1.0", "3.6"),
              savegame.save_bytes(contents, b"<data/>", "1.1", "3.6"),
              savegame.save_bytes(contents, b"<data/>", "1.0", "3.7")]
    assert all(o != data for o in others) and len(set(others)) == 4


def test_the_plugin_key_follows_the_jar(tmp_path) -> None:
    from modgen import plugin

    jar = tmp_path / "engine.jar"
    jar.write_bytes(b"one")
    first = plugin.inputs_key(str(jar))
    assert plugin.inputs_key(str(jar)) == first
    new = tmp_path / "new.jar"
    new.write_bytes(b"two")  # a new jar put in its place (as the engine set-up does)
    os.replace(new, jar)
    assert plugin.inputs_key(str(jar)) != first


def test_a_kept_table_is_bounded_and_forgotten_with_the_others() -> None:
    table: kept.Kept[int] = kept.Kept(3)
    made = []

    def make(n: int) -> int:
        made.append(n)
        return n * 10

    assert [table.made(n, lambda n=n: make(n)) for n in (1, 2, 1, 3)] == [10, 20, 10, 30] and made == [1, 2, 3]
    table.made(4, lambda: make(4))  # a fourth value: the full table was emptied first
    assert table.get(1) is None and table.get(4) == 40
    other: kept.Kept[str] = kept.Kept(10)
    other.put("a", "x")
    kept.forget()
    assert table.get(4) is None and other.get("a") is None
