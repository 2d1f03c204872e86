"""A game's rules reference for the replay page: ``docs/rules/<game>.md`` (or the game folder's ``rules.md``)
rendered into HTML with an anchor per rule number, so that a violation links to its rule's entry offline.

The reference is our own Markdown, so this renders the part of Markdown it uses: headings, paragraphs, pipe tables,
bullet lists, fenced code, inline code, bold, emphasis and links (a link's target is kept only when it is a page
anchor: the page never reaches the network). A table row whose first cell holds rule numbers, and a heading that
starts with one, is the anchor ``rule-<number>`` of each number it holds (the first place a number appears).
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass

from games.datafiles import read_bytes
from games.errors import DataError
from games.model import Game

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_BYTES = 1024 * 1024  # a rules reference (No Retreat!'s: 74 kB)
RULE_NUMBER = re.compile(r"\b\d+(?:\.\d+)+\b")
_INLINE = re.compile(r"`([^`]+)`|\*\*(.+?)\*\*|(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])|\[([^\]]+)\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class RulesDoc:
    """The rendered reference and the rule numbers that have an anchor in it."""

    html: str
    anchors: frozenset[str]
    source: str  # the file it came from ("" when the game has none)

    def anchor(self, rule: str) -> str | None:
        """The anchor of a rule's entry: the rule itself, else the nearest rule above it (8.5.1 → 8.5 → 8.0)."""
        parts = rule.split(".")
        tries = [".".join(parts[:k]) for k in range(len(parts), 1, -1)] + [f"{parts[0]}.0"]
        return next((f"rule-{t}" for t in tries if t in self.anchors), None)


def rules_file(game: Game) -> str | None:
    """The game's rules reference: ``rules.md`` in its folder, else ``docs/rules/<id>.md`` of this checkout."""
    for path in (os.path.join(game.root, "rules.md") if game.root else "",
                 os.path.join(REPO, "docs", "rules", f"{game.id}.md")):
        if path and os.path.isfile(path):
            return path
    return None


def load(game: Game) -> RulesDoc:
    path = rules_file(game)
    if path is None:
        return RulesDoc("", frozenset(), "")
    try:
        text = read_bytes(path, MAX_BYTES, path).decode("utf-8", errors="replace")
    except DataError:
        return RulesDoc("", frozenset(), "")
    body, anchors = render(text)
    return RulesDoc(body, anchors, path)


def inline(text: str) -> str:
    """One line of Markdown text as HTML (escaped; code, bold, emphasis, page-anchor links)."""
    out, last = [], 0
    for m in _INLINE.finditer(text):
        out.append(html.escape(text[last:m.start()]))
        code, bold, em, label, target = m.groups()
        if code is not None:
            out.append(f"<code>{html.escape(code)}</code>")
        elif bold is not None:
            out.append(f"<b>{inline(bold)}</b>")
        elif em is not None:
            out.append(f"<i>{inline(em)}</i>")
        else:
            ref = f' href="{html.escape(target)}"' if target.startswith("#") else ""
            out.append(f"<a{ref}>{inline(label)}</a>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def render(text: str) -> tuple[str, frozenset[str]]:
    """Markdown → (HTML, the rule numbers given an anchor)."""
    out: list[str] = []
    anchors: set[str] = set()
    lines = text.splitlines()
    i = 0

    def ids(numbers: list[str]) -> str:
        fresh = [n for n in numbers if n not in anchors]
        anchors.update(fresh)
        return "".join(f'<span id="rule-{n}"></span>' for n in fresh)

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append("<pre>" + html.escape("\n".join(lines[i + 1:j])) + "</pre>")
            i = j + 1
        elif m := re.match(r"(#{1,6}) (.*)", line):
            level = min(6, len(m.group(1)) + 1)  # the page's own title is h1
            title = m.group(2)
            lead = RULE_NUMBER.match(title)
            out.append(f"<h{level}>{ids([lead.group(0)]) if lead else ''}{inline(title)}</h{level}>")
            i += 1
        elif line.startswith("|"):
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            body = [r for r in rows[1:] if not all(set(c) <= set("-: ") for c in r)]
            head = "".join(f"<th>{inline(c)}</th>" for c in rows[0])
            trs = []
            for r in body:
                first = ids(RULE_NUMBER.findall(r[0])) if r else ""
                cells = "".join(f"<td>{first if k == 0 else ''}{inline(c)}</td>" for k, c in enumerate(r))
                trs.append(f"<tr>{cells}</tr>")
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(trs)}</tbody></table>")
        elif re.match(r"\s*[-*] ", line):
            items = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith(("#", "|", "```")):
                if re.match(r"\s*[-*] ", lines[i]):
                    items.append(re.sub(r"\s*[-*] ", "", lines[i], count=1))
                elif items:
                    items[-1] += " " + lines[i].strip()
                i += 1
            out.append("<ul>" + "".join(f"<li>{inline(t)}</li>" for t in items) + "</ul>")
        elif line.strip():
            para = []
            while i < len(lines) and lines[i].strip() and not lines[i].startswith(("#", "|", "```")) \
                    and not re.match(r"\s*[-*] ", lines[i]):
                para.append(lines[i].strip())
                i += 1
            out.append(f"<p>{inline(' '.join(para))}</p>")
        else:
            i += 1
    return "\n".join(out), frozenset(anchors)
