"""Bounds on what Tabletop reads and shows (no arcade here).

Everything read from a file or the command line is measured against these bounds before
any work is done with it, so a corrupt or hostile file is refused in milliseconds instead
of freezing the app or filling memory. Every message shown to a person (a label, a line on
the terminal) goes through `one_line`, and every input value quoted in a message through
`shown`, so a 50 MB field can never become a 50 MB message.
"""

from __future__ import annotations

import math
import os
import reprlib
import stat
import unicodedata
from pathlib import Path
from typing import Any

from tabletop import i18n
from tabletop.i18n import N_, _

#: The largest record or autosave file read (a 100,000-ply game is about 1.2 MB).
MAX_FILE_BYTES = 16 * 2**20
#: The largest settings file read.
MAX_SETTINGS_BYTES = 64 * 2**10
#: How deep JSON data (options, set-up, a state) may nest; real data nests 4 levels.
MAX_DEPTH = 32
#: Values (numbers, texts, lists, objects) in one piece of data; a 10,000-card deck fits.
MAX_ITEMS = 200_000
#: Characters in one text inside data.
MAX_TEXT = 10_000
#: Characters in a name: a game id, an agent, a plugin.
MAX_NAME = 64
#: Characters in a person's name (typed at set-up, or `play --name`).
MAX_PLAYER_NAME = 40
#: Characters in one move's notation.
MAX_MOVE_TEXT = 200
#: Moves in one record (fewer than `MAX_ITEMS`, which bounds the whole record).
MAX_MOVES = 100_000
#: Seeds are whole numbers in this range (both ends included).
SEED_RANGE = (-(2**63), 2**63 - 1)
#: Characters of a message shown in a label or on the terminal.
MAX_MESSAGE = 400

_SHOWN = reprlib.Repr()
_SHOWN.maxstring = 40
_SHOWN.maxother = 40
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = 4
_SHOWN.maxlevel = 2
_SHOWN.maxlong = 40


def shown(value: Any) -> str:
    """A short `repr` of an input value for a message (long texts and lists elided)."""
    return one_line(_SHOWN.repr(value), 80)


def one_line(message: object, limit: int = MAX_MESSAGE) -> str:
    """`message` on one line of at most `limit` characters, fit for a label or a terminal.

    Line breaks and other control characters (a terminal escape in a file's text) become
    spaces; a longer message is cut with "…".
    """
    text = str(message)
    if len(text) > 4 * limit:  # never walk a huge text character by character
        text = text[:4 * limit]
    clean = "".join(ch if ch.isprintable() else " " for ch in text)
    clean = " ".join(clean.split())
    return clean if len(clean) <= limit else clean[:limit - 1].rstrip() + "…"


#: Characters shown as nothing that `str.isprintable` lets through (fillers, the
#: combining grapheme joiner, the Mongolian vowel separator): a name holding one looks
#: like another name.
_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")


def player_name(name: str) -> str:
    """`name` as a person's name is kept and compared: stripped, in Unicode's composed
    form (NFC), so that the same name typed two ways is one name."""
    return unicodedata.normalize("NFC", name.strip())


def player_name_problem(name: str) -> str | None:
    """What makes `name` unusable as a person's name, as words to follow it ("is longer
    than 40 characters"), or None if it is fine: more than `MAX_PLAYER_NAME` characters,
    or a control, format, bidi-override, zero-width or other invisible character (a line
    break, a terminal escape, U+202E, U+200B) that would break the lines and labels it is
    shown in or make it look like someone else's name.

    This is the one rule of a person's name: `play --name`, `host`/`join --name`, the
    set-up screen and the online host (a client's `join`) all ask it."""
    name = player_name(name)
    if len(name) > MAX_PLAYER_NAME:
        return _("is longer than {count} characters").format(count=MAX_PLAYER_NAME)
    # isprintable is False for every control (Cc), format (Cf: bidi overrides, zero-width
    # spaces and joiners), separator other than the space, and unassigned character.
    if not name.isprintable() or any(c in _INVISIBLE for c in name):
        return _("holds a control or invisible character")
    return None


def name_likeness(name: str) -> str:
    """What two names that look alike share: `name` folded (NFKC, case-folded) to its
    letters and digits. "Bob", "BOB", "Bob." and "ｂｏｂ" give the same."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if c.isalnum())


def data_problem(value: Any, depth: int = MAX_DEPTH, items: int = MAX_ITEMS,
                 text: int = MAX_TEXT) -> str | None:
    """What makes JSON-like `value` too big (None if it is within bounds).

    Walks the data without recursion, so even data nested far deeper than Python's
    recursion limit is measured safely. Numbers must be finite, and whole numbers at most
    `text` digits long. In an object, the answer names the top-level field at fault.
    """
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    count = 0
    while stack:
        node, level, field = stack.pop()
        count += 1
        problem = None
        if count > items:
            return _("more than {count} values").format(count=i18n.number(items))
        if level > depth:
            problem = _("nested more than {count} levels deep").format(count=depth)
        elif isinstance(node, str):
            if len(node) > text:
                problem = _("a text longer than {count} characters").format(
                    count=i18n.number(text))
        elif isinstance(node, bool) or node is None:
            continue
        elif isinstance(node, int):
            if node.bit_length() > 3 * text:
                problem = _("a number too large")
        elif isinstance(node, float):
            if not math.isfinite(node):
                problem = _("a number that is not finite (NaN or infinity)")
        elif isinstance(node, dict):
            if len(node) > items:
                problem = _("more than {count} values").format(count=i18n.number(items))
            for key, child in node.items():
                if isinstance(key, str) and len(key) > text:
                    problem = _("a key longer than {count} characters").format(
                        count=i18n.number(text))
                stack.append((child, level + 1, field or (level == 1 and str(key)) or ""))
        elif isinstance(node, list | tuple):
            if len(node) > items:
                problem = _("more than {count} values").format(count=i18n.number(items))
            stack.extend((child, level + 1, field) for child in node)
        if problem:
            return _("{problem} in {field}").format(problem=problem, field=shown(field)) \
                if field else problem
    return None


def file_kind(mode: int) -> str:
    """What a file of `stat` mode `mode` is, in words: "a file", "a folder", "a named
    pipe", "a device", "a socket", "a symbolic link" (for messages that refuse it)."""
    kinds = ((stat.S_ISREG, N_("a file")), (stat.S_ISDIR, N_("a folder")),
             (stat.S_ISFIFO, N_("a named pipe")), (stat.S_ISCHR, N_("a device")),
             (stat.S_ISBLK, N_("a device")), (stat.S_ISSOCK, N_("a socket")),
             (stat.S_ISLNK, N_("a symbolic link")))
    return _(next((word for test, word in kinds if test(mode)), N_("not a file")))


def _no_blocking(path: str, flags: int) -> int:
    # Opening a named pipe for reading waits for a writer unless non-blocking.
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at `path`, read without ever holding more than `limit`.

    Raises `OSError` if the file cannot be read, `ValueError` (naming the limit) if it is
    larger than `limit` bytes, is not UTF-8 text or is not a regular file (a named pipe
    would block the read forever).
    """
    # Refused before it is opened (opening some devices already does something), and
    # again on the open handle, before any read, in case the path changed in between.
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise ValueError(_("not a regular file ({kind})").format(kind=file_kind(mode)))
    with open(path, "rb", opener=_no_blocking) as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):  # /dev/zero would never end, a pipe never start
            raise ValueError(_("not a regular file ({kind})").format(kind=file_kind(mode)))
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(_("the file is larger than {size} MB").format(size=limit // 2**20)
                         if limit >= 2**20 else
                         _("the file is larger than {size} KB").format(size=limit // 2**10))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(_("the file is not text (UTF-8)")) from None
