"""Piece definitions decoded trait by trait, and encoded back byte for byte (vassal-format.md §c).

A piece's type is ``SE(TAB)[outermost trait, inner type]`` down to its base (``piece;``, ``stack`` or ``deck;``), and
its state nests the same way. :func:`decode_piece` reads both level by level into a :class:`PieceDef` (a tuple of
:class:`Trait`, outermost first) and :meth:`PieceDef.type_text` / :meth:`PieceDef.state_text` write them back.
Every trait keeps its fields as decoded tokens; when a level's text is not what VASSAL's encoder would write for those
tokens (hand-written quotes, say), that level keeps its raw text so that re-encoding stays byte-identical. Unknown
traits are kept whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, repeat
from operator import getitem, ne, sub
from typing import Mapping, Sequence

from games.vassal_codec import decode, decode_canonical, encode

from .values import maker, memoised, whole
from .traits import ROTATE_FIXED, ROTATE_FREE, ROTATE_TAIL, TRAITS, prefix_of

TAB = "\t"
BASE_KINDS = ("BasicPiece", "Stack", "Deck")
LAYER_MARKER = "@@"  # Stack.HAS_LAYER_MARKER


def _typed(value: str, kind: str) -> object:
    if kind == "i":
        try:
            return int(value)
        except ValueError:
            return value
    if kind == "d":
        try:
            return float(value)
        except ValueError:
            return value
    if kind == "b":
        return value == "true"
    if kind == "l":
        return decode(value, ",") if value else []
    return value


def _named(names: tuple[str, ...], tokens: tuple[str, ...]) -> dict[str, object]:
    """Tokens by field name with their types; extra tokens as ``field<n>`` (1-based)."""
    out: dict[str, object] = {}
    for i, tok in enumerate(tokens):
        if i < len(names):
            name, _, kind = names[i].partition(":")
            out[name] = _typed(tok, kind)
        else:
            out[f"field{i + 1}"] = tok
    return out


@lru_cache(maxsize=256)
def _field_index(names: tuple[str, ...]) -> dict[str, tuple[int, str]]:
    """Field name -> (position, type) for a schema's field names (``name:t``); names are unique in every schema."""
    return {name: (i, kind) for i, (name, _, kind) in enumerate(n.partition(":") for n in names)}


def _split(text: str, delim: str) -> tuple[tuple[str, ...], str | None]:
    """Tokens of ``text`` and, when re-encoding them would not give ``text`` back, the raw text to keep."""
    if not delim:
        return (text,), None
    tokens = decode_canonical(text, delim)
    return (tuple(tokens), None) if tokens is not None else (tuple(decode(text, delim)), text)


@dataclass(frozen=True)
class Trait:
    """One trait of a piece: its id prefix, its type fields and its own state (None when the state has no level for
    it). ``type_raw``/``state_raw`` hold the exact text when the tokens would not re-encode to it."""

    prefix: str
    kind: str
    fields: tuple[str, ...]
    state: str | None
    type_raw: str | None = None

    @classmethod
    def parse(cls, type_text: str, state: str | None) -> Trait:
        prefix = prefix_of(type_text)
        spec = TRAITS.get(prefix)
        if spec is None:
            return cls(prefix, "Unknown", (), state, type_raw=type_text)
        body = type_text[len(prefix):]
        if not spec.type_delim:
            return cls(prefix, spec.kind, (), state, type_raw=type_text if body else None)
        fields, raw = _split(body, spec.type_delim)
        return cls(prefix, spec.kind, fields, state, type_raw=None if raw is None else type_text)

    def type_text(self) -> str:
        if self.type_raw is not None:
            return self.type_raw
        spec = TRAITS[self.prefix]
        return self.prefix + (encode(self.fields, spec.type_delim) if spec.type_delim else "")

    # -- typed views --
    @property
    def field_names(self) -> tuple[str, ...]:
        spec = TRAITS.get(self.prefix)
        if spec is None:
            return ()
        if self.kind == "FreeRotator":
            head = ROTATE_FREE if self.fields and self.fields[0] == "1" else ROTATE_FIXED
            return head + ROTATE_TAIL
        if self.kind == "Marker":
            return self.fields
        return spec.fields

    def values(self) -> dict[str, object]:
        """The type fields by name, typed (ints, booleans, lists ...)."""
        if self.kind == "Marker":
            return {"names": list(self.fields)}
        if self.kind == "Unknown":
            return {"type": self.type_raw}
        return _named(self.field_names, self.fields)

    def state_values(self) -> dict[str, object]:
        """This trait's state by field name, typed; ``{"state": text}`` when the trait has no state schema."""
        if self.state is None:
            return {}
        spec = TRAITS.get(self.prefix)
        if self.kind == "Marker":
            return dict(zip(self.fields, decode(self.state, ","), strict=False))
        if self.kind in BASE_KINDS:
            return _base_json(self.kind, parse_base_state(self.kind, self.state))
        if spec is None or (not spec.state_fields and self.kind not in ("FreeRotator", "Footprint")):
            return {"state": self.state} if self.state else {}
        if self.kind == "FreeRotator":
            return {"angle": _typed(self.state, "d" if self.fields[:1] == ("1",) else "i")}
        if self.kind == "Footprint":
            return _footprint_state(self.state)
        tokens = tuple(decode(self.state, spec.state_delim)) if spec.state_delim else (self.state,)
        return _named(spec.state_fields, tokens)

    def get(self, name: str, default: object = None) -> object:
        """One type field by name, typed (what ``values().get`` gives, without typing every field)."""
        if self.kind in ("Marker", "Unknown"):
            return self.values().get(name, default)
        found = _field_index(self.field_names).get(name)
        if found is None:
            return self.values().get(name, default)  # a field beyond the schema (``field<n>``), or none
        index, kind = found
        return _typed(self.fields[index], kind) if index < len(self.fields) else default

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"trait": self.kind, "id": self.prefix, "type": self.values()}
        state = self.state_values()
        if state:
            out["state"] = state
        return out


def _footprint_state(state: str) -> dict[str, object]:
    toks = decode(state, ";")
    out: dict[str, object] = {"visible": toks[0] == "true", "startMapId": toks[1] if len(toks) > 1 else ""}
    n = (whole(toks[2]) if len(toks) > 2 else None) or 0
    points = []
    for tok in toks[3:3 + n]:
        xy = [whole(v) for v in decode(tok, ",")]
        if len(xy) == 2 and None not in xy:
            points.append(xy)
    out["points"] = points
    return out


@dataclass(frozen=True)
class BasicState:
    """The state of a ``piece;``, ``stack`` or ``deck;`` base: map, position and what else the base keeps."""

    map_id: str | None
    x: int
    y: int
    gp_id: str = ""
    properties: Mapping[str, str] | None = None
    members: tuple[str, ...] = ()  # stack members (bottom first) or deck contents
    layer: int | None = None  # stack layer (``@@n``)
    face_down: bool = False  # deck


_trait = maker(Trait)  # (the classes' constructors, without a setattr per field: readers make thousands)
_basic_state = maker(BasicState)


def _base_json(kind: str, st: BasicState) -> dict[str, object]:
    out: dict[str, object] = {"map": st.map_id, "x": st.x, "y": st.y}
    if kind == "BasicPiece":
        out.update(gpId=st.gp_id, properties=dict(st.properties or {}))
    elif kind == "Stack":
        out.update(members=list(st.members), layer=st.layer)
    else:
        out.update(contents=list(st.members), faceDown=st.face_down)
    return out


def _int(tok: str) -> int:
    try:
        return int(tok)
    except ValueError:
        return 0


def parse_base_state(kind: str, state: str) -> BasicState:
    """``BasicPiece.setState`` / ``Stack.setState`` / ``Deck.setState`` read without the game around them."""
    toks = decode(state, ";")
    map_id = toks[0] if toks and toks[0] != "null" else None
    if kind == "Stack":
        rest = toks[3:] if map_id is not None else toks[1:]
        xy = (_int(toks[1]), _int(toks[2])) if map_id is not None and len(toks) > 2 else (0, 0)
        members, last_layer = [], None
        for t in rest:
            if t.startswith(LAYER_MARKER):
                last_layer = t
            else:
                members.append(t)
        layer = _int(last_layer[2:]) if last_layer is not None else None
        return _basic_state(map_id, xy[0], xy[1], "", None, tuple(members), layer, False)
    x = _int(toks[1]) if len(toks) > 1 else 0
    y = _int(toks[2]) if len(toks) > 2 else 0
    if kind == "Deck":
        face_down = len(toks) > 3 and toks[3] == "true"
        contents = tuple(decode(toks[4], ",")) if len(toks) > 4 and toks[4] else ()
        return _basic_state(map_id, x, y, "", None, contents, None, face_down)
    gp_id = toks[3] if len(toks) > 3 else ""
    props: dict[str, str] = {}
    n = _int(toks[4]) if len(toks) > 4 else 0
    for i in range(n):
        k = 5 + 2 * i
        if k < len(toks):
            props[toks[k]] = toks[k + 1] if k + 1 < len(toks) else ""
    return _basic_state(map_id, x, y, gp_id, props, (), None, False)


@dataclass(frozen=True)
class PieceDef:
    """A decoded piece: its traits' types outermost first, the base (BasicPiece, Stack or Deck) last, and each trait's
    state.

    Trait *i*'s state is the *i*-th level of the state text; a state with fewer levels than the type leaves the inner
    traits' states at None, as VASSAL's own reader would. ``types`` are the traits without their states (one tuple
    for every piece of a type); :attr:`traits`, the traits with their states, are made only when asked for: a log
    changes pieces thousands of times, and a reader mostly wants a few of the states (``states``) and the base's.
    """

    types: tuple[Trait, ...]
    states: tuple[str | None, ...]

    @classmethod
    def of(cls, traits: Sequence[Trait]) -> PieceDef:
        """The piece of these traits (each with its state)."""
        return cls(tuple(t if t.state is None else _trait(t.prefix, t.kind, t.fields, None, t.type_raw)
                         for t in traits), tuple(t.state for t in traits))

    @memoised
    def traits(self) -> tuple[Trait, ...]:
        """Each trait with its state, outermost first."""
        return tuple([t if s is None else _trait(t.prefix, t.kind, t.fields, s, t.type_raw)
                      for t, s in zip(self.types, self.states)])

    def type_text(self) -> str:
        return _join_levels([t.type_text() for t in self.types])

    def state_text(self) -> str:
        states = list(self.states)
        while states and states[-1] is None:
            states.pop()
        return _join_levels([s or "" for s in states])

    # -- what a reader wants to know --
    @property
    def base(self) -> Trait:
        return self.traits[-1]

    @memoised
    def kind(self) -> str:
        """``BasicPiece``, ``Stack``, ``Deck`` or, when the base is not one of VASSAL's, ``Unknown``."""
        return self.types[-1].kind

    @memoised
    def base_state(self) -> BasicState:
        return parse_base_state(self.kind, self.states[-1] or "")

    @property
    def name(self) -> str:
        """The BasicPiece name (its ``commonName``), or the deck's name."""
        if self.kind == "BasicPiece":
            return str(self.types[-1].get("commonName", ""))
        if self.kind == "Deck":
            return str(self.types[-1].get("deckName", ""))
        return ""

    @memoised
    def display_name(self) -> str:
        """The name VASSAL shows and reports (``getName`` from the outermost trait): the BasicPiece name, changed by
        active Layer level names (``+ suffix``, ``prefix +`` or a replacement) and Text Labels (``nameFormat``)."""
        name = self.name
        for t in reversed(self.traits[:-1]):
            if t.kind == "Layer":
                value = t.state_values().get("value", 0)
                levels = t.get("levelNames") or []
                if isinstance(value, int) and 0 < value <= len(levels) and levels[value - 1]:
                    parts = decode(levels[value - 1], "+")
                    if len(parts) > 1:
                        name = name + parts[1] if not parts[0] else parts[0] + name
                    else:
                        name = parts[0]
            elif t.kind == "Labeler":
                label = (t.state or "").strip()
                if label or t.get("alwaysUseFormat"):
                    fmt = str(t.get("nameFormat") or "$pieceName$ ($label$)")
                    name = fmt.replace("$pieceName$", name).replace("$label$", label)
        return name

    def markers(self) -> dict[str, str]:
        """Marker trait properties (``mark;``); an outer trait hides an inner one of the same name, as in VASSAL."""
        out: dict[str, str] = {}
        for t in reversed(self.traits):
            if t.kind == "Marker":
                out.update(t.state_values())
        return out

    def layers(self) -> dict[str, int]:
        """Layer name -> current value (positive: active level, 1-based; negative: inactive)."""
        out: dict[str, int] = {}
        for t in self.traits:
            if t.kind == "Layer":
                value = t.state_values().get("value", -1)
                out.setdefault(str(t.get("name", "")), value if isinstance(value, int) else -1)
        return out

    def find(self, kind: str) -> Trait | None:
        return next((t for t in self.traits if t.kind == kind), None)

    def as_json(self) -> dict[str, object]:
        return {"traits": [t.as_json() for t in self.traits]}

    def merge_state(self, new_text: str, old_text: str) -> tuple[PieceDef, bool]:
        """``Decorator.mergeState``: only the levels whose state differs between ``old_text`` and ``new_text`` are set
        (what ``ChangePiece`` does when it carries the old state). Also says whether the base level changed."""
        n = len(self.types)
        quick = _merged_plain(self.states, new_text, old_text, n)
        if quick is not None:
            return _piece_def(self.types, quick[0]), quick[1]
        new, old = _state_levels(new_text, n), _state_levels(old_text, n)
        states = tuple([ns if ns != os_ else s for s, ns, os_ in zip(self.states, new, old)])
        return _piece_def(self.types, states), bool(n) and new[-1] != old[-1]

    def with_state(self, state_text: str) -> PieceDef:
        """The same piece with a new full state, as ``ChangePiece`` sets it."""
        n = len(self.types)
        return _piece_def(self.types, (state_text,) if n == 1 else _state_levels(state_text, n))


_piece_def = maker(PieceDef)


def _join_levels(texts: list[str]) -> str:
    if not texts:
        return ""
    out = texts[-1]
    for text in reversed(texts[:-1]):
        out = encode((text, out), TAB)
    return out


def _levels(text: str, max_levels: int | None = None) -> tuple[list[str], bool]:
    """Split nested ``SE(TAB)[head, inner]`` levels. A level that would not re-encode to its text (more than two
    tokens, hand-written quoting) ends the split: the rest is kept as the last level, and the flag says so.

    Gives exactly what decoding level by level gives (:func:`_levels_stepwise`), in one pass over the tabs: each
    level escapes the tabs of its inner text once more, so level *k*'s separator is the tab with exactly *k*
    backslashes before it, every tab after it has more, and undoing *k* levels of escaping removes *k* backslashes
    before each tab. Where a level's token would start with a quote or a backslash (quoting rules apply) the text is
    handed to the stepwise split from that level on (the first characters of a token after decoding are those of
    ``k + 2`` characters of the text: a run of more backslashes than that leaves a backslash).
    """
    if max_levels == 1 or text.endswith("'"):
        return _levels_stepwise(text, max_levels, [])  # (one level: the text itself, at once)
    pieces = text.split(TAB)
    n = len(pieces) - 1
    if (max_levels is None or max_levels > n) and all(map(str.endswith, pieces, _runs(n))):
        # the usual text: every tab separates levels, the one after level k's text has exactly k backslashes before
        # it, and no level starts with a quote or a backslash (the checks and cuts in C, no Python step per level)
        heads = list(map(getitem, pieces, _cuts(n)))
        if not any(map(str.endswith, heads, repeat("\\", n))) and not any(map(str.startswith, heads, repeat(_QUOTING))):
            return heads, False
    before = pieces[:-1]  # the text before each tab
    heads = list(map(str.rstrip, before, repeat("\\", n)))
    runs = list(map(sub, map(len, before), map(len, heads)))  # backslashes right before each tab
    ends, at = [], -1  # position of each tab
    for p in pieces[:-1]:
        at += len(p) + 1
        ends.append(at)
    least = runs + [n + 1]  # least[j]: the fewest backslashes before tab j or any later tab (none: more than k)
    for j in range(n - 2, -1, -1):
        least[j] = min(runs[j], least[j + 1])
    out: list[str] = []
    start = j = k = 0  # level k's text starts at text[start]; tabs before j belong to earlier levels
    while True:
        if max_levels is not None and len(out) == max_levels - 1:
            out.append(_unescape(text[start:], k))
            return out, False
        while j < n and runs[j] != k:  # tabs of this level's head (they have more backslashes)
            j += 1
        if j == n:  # no separator: the innermost level, which must hold no escaped tab to re-encode
            out.append(_unescape(text[start:], k))
            return out, TAB in out[-1]
        if least[j + 1] <= k:  # a second unescaped tab: more than two tokens
            out.append(_unescape(text[start:], k))
            return out, True
        head, inner = _unescape(text[start:ends[j] - k], k + 1), ends[j] + 1
        if head[:1] in ("'", "\\") or _unescape(text[inner:inner + k + 2], k + 1)[:1] == "\\":
            return _levels_stepwise(_unescape(text[start:], k), max_levels, out)  # tokens the encoder would quote
        out.append(head)
        start, j, k = inner, j + 1, k + 1


_QUOTING = ("'", "\\")  # what a token starts with when its encoder quotes it


@lru_cache(maxsize=128)
def _runs(n: int) -> tuple[str, ...]:
    """The backslashes before each of ``n`` tabs in a text of ``n + 1`` levels: none, one, two ..."""
    return tuple("\\" * k for k in range(n))


@lru_cache(maxsize=128)
def _cuts(n: int) -> tuple[slice, ...]:
    """The slices taking each part of such a text (split on its tabs) without the backslashes before its tab."""
    return (slice(None),) + tuple(slice(None, -k) for k in range(1, n)) + ((slice(None),) if n else ())


def _unescape(text: str, k: int) -> str:
    """``text`` decoded ``k`` times over as the inner token of a level: ``k`` backslashes fewer before each tab."""
    return text.replace("\\" * k + TAB, TAB) if k and TAB in text else text


STEPWISE_WORK = 64 * 1024  # characters decoded by one stepwise split, at most (real pieces: none go stepwise)


def _levels_stepwise(text: str, max_levels: int | None, out: list[str]) -> tuple[list[str], bool]:
    """:func:`_levels` decoding one level at a time (after the levels already in ``out``). Each level decodes all
    the text inside it, so thousands of levels cost the cube of their number (a 6,000-level piece: minutes); past
    :data:`STEPWISE_WORK` characters the rest is kept as one opaque level, as a level that does not re-encode is."""
    rest = text
    work = 0
    while True:
        if max_levels is not None and len(out) == max_levels - 1:
            out.append(rest)
            return out, False
        work += len(rest)
        if work > STEPWISE_WORK:
            out.append(rest)
            return out, True
        toks = decode(rest, TAB)
        if len(toks) == 1 and toks[0] == rest:
            out.append(rest)
            return out, False
        if len(toks) != 2 or encode(toks, TAB) != rest:
            out.append(rest)
            return out, True
        out.append(toks[0])
        rest = toks[1]


def _merged_plain(states: tuple[str | None, ...], new_text: str, old_text: str,
                  n: int) -> tuple[tuple[str | None, ...], bool] | None:
    """:meth:`PieceDef.merge_state` of two plain state texts without splitting either level by level, or None when
    one is not plain. Plain: both have the same number of tabs, fewer than ``n``, and no backslash but the ``k`` that
    escape the tab after level ``k`` (level ``k``'s part of the text, split on the tabs, ends with exactly those), and
    no level starts with a quote. :func:`_levels` then gives each part without its backslashes (its usual text), so
    a level differs between the two texts exactly when its part does, and only those parts are cut: a log's
    ChangePiece carries two such texts of ~1,000 characters and 30-odd levels that differ in one or two, and VASSAL's
    old state is never a state met before (nothing to reuse from a memo)."""
    if n < 2 or new_text[-1:] == "'" or old_text[-1:] == "'" or new_text[:1] == "'" or old_text[:1] == "'":
        return None
    new = new_text.split(TAB)
    tabs = len(new) - 1
    plain = tabs * (tabs - 1) // 2  # 0 + 1 + ... + (tabs - 1) backslashes before the tabs
    if (tabs >= n or new_text.count("\\") != plain or old_text.count("\\") != plain or "\t'" in new_text
            or "\t'" in old_text):
        return None
    old = old_text.split(TAB)
    runs = _runs(tabs)
    if len(old) != tabs + 1 or not all(map(str.endswith, new, runs)):
        return None  # (each part ending with at least its run and no other backslash: exactly its run)
    out = list(states)
    for k in compress(range(tabs + 1), map(ne, new, old)):
        part = new[k]
        if 0 < k < tabs:
            if not old[k].endswith(runs[k]):
                return None
            part = part[:-k]
        out[k] = part
    return tuple(out), tabs + 1 == n and new[tabs] != old[tabs]


@lru_cache(maxsize=4096)
def _state_levels(state_text: str, n: int) -> tuple[str | None, ...]:
    """The state's levels for a piece of ``n`` traits (memoised: a ChangePiece's old state is the last one's new)."""
    states: list[str | None] = list(_levels(state_text, n)[0]) if n else []
    return tuple(states + [None] * (n - len(states)))


@lru_cache(maxsize=8192)
def _type_traits(type_text: str) -> tuple[Trait, ...]:
    """The traits of a type with no state (pure; memoised because saves repeat the same types thousands of times)."""
    types, opaque = _levels(type_text)
    traits = [_type_trait(t) for t in types]
    if opaque:
        last = traits[-1]
        traits[-1] = Trait(last.prefix, "Unknown", (), None, type_raw=types[-1])
    return tuple(traits)


@lru_cache(maxsize=8192)
def _type_trait(level: str) -> Trait:
    """One level of a type, without a state (memoised: a module's piece types share most of their traits: the 120
    types of the 28-turn log have 2,708 levels and 399 different ones)."""
    return Trait.parse(level, None)


def decode_piece(type_text: str, state_text: str) -> PieceDef:
    """Decode an AddPiece's type and state into traits (``BasicCommandEncoder.createPiece`` + ``setState``)."""
    traits = _type_traits(type_text)
    if len(traits) == 1:  # a stack, say: its one state is its own (where it is, what it holds), seldom shared
        return _piece_def(traits, (state_text,))
    return _piece_def(traits, _state_levels(state_text, len(traits)))
