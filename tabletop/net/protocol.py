"""The online protocol's messages: versioned JSON objects, one per WebSocket message.

Every message is an object with `"v"` (the protocol version) and `"type"`. A message
over `MAX_MESSAGE` bytes, not JSON, of a newer version, of an unknown type or with a
field of the wrong kind is refused with a one-line `ProtocolError`; the host answers it
with an `error` message to that client only and changes nothing. See `docs/network.md`.

What a player reads travels as data, never as words (version 2): a game's lines, a
result, a refusal and an error are `tabletop.lines.to_data` (an English template and its
arguments, seats as seats), and each client words them in its own language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tabletop.limits import MAX_PLAYER_NAME, shown
from tabletop.lines import Line
from tabletop.model import TabletopError

#: The protocol version this side speaks; a message of a newer one is refused. Version 2:
#: lines, results, refusals and errors travel as template and arguments, and seats as
#: their names (`docs/network.md`, "Versions").
VERSION = 2
#: The largest message the host reads (bytes of UTF-8); bigger ones get an error.
MAX_MESSAGE = 64 * 1024
#: The largest frame the WebSocket layer accepts at all: above it the connection closes.
MAX_FRAME = 256 * 1024
#: The default port of `tabletop host` and `tabletop serve`.
DEFAULT_PORT = 8470
#: How long a client keeps trying to take its seat again while the host is gone (a
#: host's app that crashed and is started again, a network that drops): five minutes,
#: counted down on the screen.
PATIENCE = 300.0
#: The longest name a client may give (the one rule of names: `limits.player_name_problem`).
MAX_NAME = MAX_PLAYER_NAME

#: What a client may send, with its fields and their kinds (a field with a `?` is
#: optional).
CLIENT_MESSAGES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {"code?": str, "token?": str, "name?": str, "agent?": str, "seat?": int,
             "table?": str},
    "move": {"ply": int, "move": str, "confirmed?": bool},
    "answer": {"accept": bool},
    "open": {"game": str, "seats": list, "options?": dict, "time_limit?": (int, float)},
    "lobby": {},
    "leave": {},
}


class ProtocolError(TabletopError):
    """A message that breaks the protocol; its `line` is what the sender is sent."""


def encode(kind: str, **fields: Any) -> str:
    """A message of `kind` with `fields`, as the text sent."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"),
                      ensure_ascii=False)


def encode_message(message: Mapping[str, Any]) -> str:
    """The message `message` (a dict with its `"type"`) as the text sent."""
    fields = dict(message)
    return encode(fields.pop("type"), **fields)


def decode(text: str | bytes, expected: Mapping[str, Mapping[str, Any]] | None = None,
           limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """The message in `text`, checked against `expected` (type → fields; default: what a
    client may send) and `limit` (bytes). Raises `ProtocolError` with a one-line reason."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise ProtocolError(Line.of("message of {size} bytes, over the limit of {limit}",
                                        size=len(text), limit=limit))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(Line.of("a message must be UTF-8 text")) from None
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError(Line.of("message of {size} bytes, over the limit of {limit}",
                                    size=size, limit=limit))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(Line.of("a message must be a JSON object")) from None
    if not isinstance(data, dict):
        raise ProtocolError(Line.of("a message must be a JSON object"))
    version = data.get("v")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ProtocolError(Line.of('a message needs its protocol version "v"'))
    if version > VERSION:
        raise ProtocolError(Line.of("protocol version {version} is newer than this "
                                    "side's {own}: update Tabletop",
                                    version=version, own=VERSION))
    kinds = CLIENT_MESSAGES if expected is None else expected
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(Line.of("unknown message type {type}", type=shown(kind)))
    for name, want in kinds[kind].items():
        field = name.rstrip("?")
        if field not in data:
            if name.endswith("?"):
                continue
            raise ProtocolError(Line.of("a {type} message needs {field}", type=repr(kind),
                                        field=repr(field)))
        value = data[field]
        wants = want if isinstance(want, tuple) else (want,)
        if (isinstance(value, bool) and bool not in wants) or not isinstance(value, wants):
            raise ProtocolError(Line.of("{type}: {field} must be {kinds}, not {value}",
                                        type=repr(kind), field=repr(field),
                                        kinds=" | ".join(w.__name__ for w in wants),
                                        value=shown(value)))
    return data
