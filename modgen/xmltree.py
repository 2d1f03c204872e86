"""Writing ``buildFile.xml`` with lxml: one element per VASSAL component, the tag is its Java class name.

Attributes are written in sorted order (as VASSAL's own DOM writer does); text content (piece definitions) is
written as is, so TAB characters stay literal (VASSAL trims the text, so it must not start or end with blanks).
"""

from __future__ import annotations

from typing import Mapping

from lxml import etree

BUILD = "VASSAL.build."
MODULE = BUILD + "module."
MAP = MODULE + "map."
BOARD = MAP + "boardPicker."
GRID = BOARD + "board."
WIDGET = BUILD + "widget."
TURN = MODULE + "turn."
PROPS = MODULE + "properties."
DOC = MODULE + "documentation."


def text_value(value: object) -> str:
    """An attribute value as VASSAL reads it (booleans lower case)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def element(parent: etree._Element | None, cls: str, attrs: Mapping[str, object] | None = None,
            text: str | None = None) -> etree._Element:
    """A component element ``cls`` (a fully qualified class name) under ``parent`` (None: a new root)."""
    values = {k: text_value(v) for k, v in sorted((attrs or {}).items())}
    el = etree.Element(cls, values) if parent is None else etree.SubElement(parent, cls, values)
    if text is not None:
        el.text = text
    return el


def to_bytes(root: etree._Element) -> bytes:
    """The document with VASSAL's XML declaration, UTF-8, one element per line."""
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False, pretty_print=True)
