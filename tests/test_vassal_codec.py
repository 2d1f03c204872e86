"""The SequenceEncoder port: the fast decoder gives exactly the tokens of VASSAL's character loop (issue 9, item 2)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from games.vassal_codec import Decoder, decode, decode_canonical, encode


def java_tokens(value: str, delim: str) -> list[str]:
    """Oracle: ``SequenceEncoder.Decoder.nextToken`` transcribed character by character from VASSAL 3.7."""
    out: list[str] = []
    val: str | None = value
    start, stop = 0, len(value)
    while val is not None:
        if start == stop:
            out.append("")
            break
        buf: list[str] = []
        tok = None
        i = start
        while i < stop:
            if val[i] == delim:
                if i > 0 and val[i - 1] == "\\":
                    buf.append(val[start:i - 1])
                    start = i
                else:
                    tok = val[start:i] if not "".join(buf) else None
                    if tok is None:
                        buf.append(val[start:i])
                    start = i + 1
                    break
            i += 1
        if start < i:
            if not "".join(buf):
                tok = val[start:]
            else:
                buf.append(val[start:stop])
            val = None
        text = tok if tok is not None else "".join(buf)
        out.append(text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text)
    return out


TEXT = st.text(alphabet="ab;\\'\t/\x1b", max_size=16)


@settings(max_examples=1500)
@given(TEXT, st.sampled_from([";", "\t", "/", "\x1b", ","]))
def test_decoder_matches_vassals_character_loop(value: str, delim: str) -> None:
    assert decode(value, delim) == java_tokens(value, delim)


@settings(max_examples=400)
@given(st.lists(st.text(alphabet="ab;\\'\t", max_size=8).filter(lambda t: not t.endswith("\\")), min_size=1,
                max_size=5), st.sampled_from([";", "\t"]))
def test_decode_of_encode_reencodes_to_the_same_text(tokens: list[str], delim: str) -> None:
    """Holds for tokens that do not end in a backslash (VASSAL's own caveat: ``x\\`` + delimiter reads as an escape)."""
    text = encode(tokens, delim)
    assert encode(decode(text, delim), delim) == text


def test_nested_levels_unescape_one_backslash_each() -> None:
    inner = encode(["a\tb", "c"], "\t")  # a\⇥b⇥c
    outer = encode(["x", inner], "\t")
    assert outer == "x\ta\\\\\tb\\\tc"
    assert decode(outer, "\t") == ["x", inner]
    assert decode(decode(outer, "\t")[1], "\t") == ["a\tb", "c"]


def test_decoder_helpers_follow_java_defaults() -> None:
    d = Decoder("5;x;true", ";")
    assert (d.next_int(0), d.next_int(7), d.next_bool(False), d.has_more()) == (5, 7, True, False)
    assert d.next_or("default") == "default"
    assert decode("a;b;", ";") == ["a", "b", ""] and decode("", ";") == [""] and decode(None, ";") == []


# The whole-string decoder has three paths: a plain split when no delimiter is escaped, else escaped delimiters parked
# as a NUL character while the text is split, or (when the text has a NUL) a split on unescaped delimiters. Each must
# give the character loop's tokens, on short random strings and on nested texts (runs of backslashes before
# delimiters, as levels of a piece's state have).
NESTED = st.lists(st.sampled_from(["a", "'", "\\", "\\\\", ";", "\t", "\\\t", "\\\\\\\t", "\\;", "''", ",", "\x00"]),
                  max_size=24).map("".join)


@settings(max_examples=800)
@given(st.one_of(TEXT, NESTED), st.sampled_from([";", "\t", "/", "\x1b", ",", "|", "."]))
def test_fast_decode_matches_the_character_loop_and_the_incremental_decoder(value: str, delim: str) -> None:
    expected = java_tokens(value, delim)
    assert decode(value, delim) == expected
    assert list(Decoder(value, delim)) == expected


@settings(max_examples=300)
@given(st.lists(st.text(alphabet="ab;\\'\t,", max_size=6), min_size=1, max_size=6), st.sampled_from([";", "\t"]),
       st.integers(min_value=0, max_value=4))
def test_fast_decode_unwraps_nested_encodings_level_by_level(tokens: list[str], delim: str, depth: int) -> None:
    """Tokens encoded ``depth`` times over (each time as the inner token of a pair) decode back through the same
    number of levels, with the plain-split path taken wherever no delimiter is escaped."""
    text = encode(tokens, delim)
    for _ in range(depth):
        text = encode(["head", text], delim)
    for _ in range(depth):
        assert decode(text, delim) == java_tokens(text, delim)
        text = decode(text, delim)[1]
    assert decode(text, delim) == java_tokens(text, delim)


def test_fast_decode_paths() -> None:
    assert decode("a;'b';c", ";") == ["a", "b", "c"]  # plain split, quotes unwrapped
    assert decode("a\\;b;c", ";") == ["a;b", "c"]  # escaped delimiter: one backslash dropped
    assert decode("a\\\\;b", ";") == ["a\\;b"]  # only the backslash right before the delimiter escapes it
    assert decode("a\\b;c", ";") == ["a\\b", "c"]  # a backslash elsewhere is text (plain split)
    assert decode("\\;", ";") == [";"] and decode(";", ";") == ["", ""]
    assert decode("a\x00\\;b;c", ";") == ["a\x00;b", "c"]  # a text with a NUL: the split on unescaped delimiters


@settings(max_examples=800)
@given(st.one_of(TEXT, NESTED), st.sampled_from([";", "\t", "/", ","]))
def test_canonical_decode_is_the_decode_that_re_encodes(value: str, delim: str) -> None:
    """The tokens, exactly when ``encode`` writes the text back from them (the shortcut without escapes or quotes:
    only a token starting with a backslash would be written differently)."""
    tokens = decode(value, delim)
    assert decode_canonical(value, delim) == (tokens if encode(tokens, delim) == value else None)


def test_canonical_decode_paths() -> None:
    assert decode_canonical("a/b//c", "/") == ["a", "b", "", "c"]
    assert decode_canonical("a/\\b", "/") is None and decode_canonical("\\b/a", "/") is None  # would be quoted
    assert decode_canonical("a/'\\b'", "/") == ["a", "\\b"]  # quoted because it starts with a backslash
    assert decode_canonical("a/'b'", "/") is None  # the quotes would not be written again
    assert decode_canonical("a\\/b/c", "/") == ["a/b", "c"]
