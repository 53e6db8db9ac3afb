"""Move notation: OpenSpiel's `action_to_string`, made to round-trip.

OpenSpiel's text for an action is meant for people and logs; nothing promises that two
legal actions read differently or that the text has no line breaks. Tabletop needs one
text per legal move that `parse_move` turns back into that move, so the labels of a
position are built together: whitespace is folded to single spaces, a leading copy of
the action id (`32 - …`) is dropped, an empty text becomes `action N`, and texts shared
by several legal actions are told apart by a `#k` suffix in the order of the legal
actions (`#1`, `#2`, …).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any


def labels(native: Any, player: int, actions: Sequence[int]) -> dict[int, str]:
    """The notation of each legal action of `player` in `native`, all different."""
    plain = []
    for action in actions:
        text = " ".join(str(native.action_to_string(player, action)).split())
        # Some games (backgammon) write the action id first, "32 - 23/22 18/16": the id
        # means nothing to a player, and the rest names the move.
        text = text.removeprefix(f"{action} - ")
        plain.append(text or f"action {action}")
    counts = Counter(plain)
    taken = {text for text in plain if counts[text] == 1}
    last: Counter[str] = Counter()
    result: dict[int, str] = {}
    for action, text in zip(actions, plain, strict=True):
        if counts[text] > 1:
            number = last[text] + 1
            while f"{text} #{number}" in taken:  # a natural label already reads so
                number += 1
            last[text] = number
            text = f"{text} #{number}"
            taken.add(text)
        result[action] = text
    return result


def fold(text: str) -> str:
    """The form a typed move is compared in: stripped, whitespace folded."""
    return " ".join(text.split())
