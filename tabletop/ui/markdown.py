"""Markdown-lite: the small part of Markdown that rulebooks use, read into blocks (no arcade).

- `#`, `##` and `###` start a heading (one line);
- a blank line ends a paragraph; lines of one paragraph are joined with spaces;
- `- ` (or `* `) starts a bullet and `1. ` a numbered item; indented by two spaces or more
  they nest one level; the lines after an item continue it;
- inside any block, `**bold**` and `` `code` `` spans.

Anything else is kept as text, so a plugin's rules never fail to show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*]|\d{1,3}[.)])\s+(.*)$")
_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")


@dataclass(frozen=True)
class Span:
    """A run of text in one style."""

    text: str
    bold: bool = False
    code: bool = False


@dataclass(frozen=True)
class Block:
    """A heading, paragraph or list item.

    `kind` is `heading` (`level` 1-3), `paragraph` or `item` (`level` 0 or 1: its nesting,
    `marker` its bullet `•` or its number such as `2.`).
    """

    kind: str
    spans: tuple[Span, ...]
    level: int = 0
    marker: str = ""

    @property
    def text(self) -> str:
        """The block's plain text."""
        return "".join(span.text for span in self.spans)


def spans(text: str) -> tuple[Span, ...]:
    """`text` cut into plain, bold and code spans."""
    out: list[Span] = []
    at = 0
    for match in _INLINE.finditer(text):
        if match.start() > at:
            out.append(Span(text[at:match.start()]))
        bold, code = match.groups()
        out.append(Span(bold, bold=True) if bold is not None else Span(code, code=True))
        at = match.end()
    if at < len(text):
        out.append(Span(text[at:]))
    return tuple(out)


def parse(text: str) -> list[Block]:
    """The blocks of a markdown-lite document, in order."""
    blocks: list[Block] = []
    kind, level, marker = "", 0, ""  # the block being gathered
    lines: list[str] = []

    def close() -> None:
        nonlocal kind, lines
        if kind:
            blocks.append(Block(kind, spans(" ".join(lines)), level, marker))
        kind, lines = "", []

    for raw in text.splitlines():
        line = raw.strip()
        heading = _HEADING.match(line)
        item = _ITEM.match(raw)
        if not line:
            close()
        elif heading:
            close()
            blocks.append(Block("heading", spans(heading.group(2)), len(heading.group(1))))
        elif item:
            close()
            indent, bullet, rest = item.groups()
            kind, level, lines = "item", 1 if len(indent) >= 2 else 0, [rest.strip()]
            marker = "•" if bullet in "-*" else bullet[:-1] + "."
        elif kind:
            lines.append(line)
        else:
            kind, level, marker, lines = "paragraph", 0, "", [line]
    close()
    return blocks
