"""The SequenceEncoder port: the fast decoder gives exactly the tokens of VASSAL's character loop (issue 9, item 2)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from games.vassal_codec import Decoder, decode, encode


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
