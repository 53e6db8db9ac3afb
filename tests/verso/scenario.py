"""Hand-built Verso tables for rule tests: cards are named by the faces that show."""

from __future__ import annotations

from collections.abc import Sequence

from games.verso.cards import STANDARD, colour_number
from games.verso.rules import square_full
from games.verso.state import EMPTY_LAYOUT, PLAY, VersoState

# A card spec: (colour, value, points) for the face up, optionally followed by the
# reverse's (colour, value). Value "J" is the joker.
Spec = tuple[object, ...]


def _face_id(colour: object, value: object, points: int) -> int:
    number = 0 if value == "J" else int(str(value))
    c = colour_number(str(colour))
    assert c is not None
    return (21 if points == 3 else 0) + 7 * c + number


def find(spec: Spec, used: set[int]) -> int:
    """A placed card of the standard deck showing the spec'd face (and reverse)."""
    face = _face_id(spec[0], spec[1], int(str(spec[2])))
    for code in STANDARD.by_face[face]:
        if code >> 1 in used:
            continue
        if len(spec) == 5:
            reverse = STANDARD.face[code ^ 1] % 21
            if reverse != _face_id(spec[3], spec[4], 1) % 21:
                continue
        used.add(code >> 1)
        return code
    raise LookupError(f"no free card shows {spec}")


def table(layouts: Sequence[Sequence[Spec]], deck: Sequence[Spec] = (), filler: int = 10,
          turn: int = 0, scores: Sequence[int] | None = None) -> VersoState:
    """A position in play: the given layouts, the deck top first, then `filler` cards."""
    used: set[int] = set()
    slots_of, masks = [], []
    for layout in layouts:
        slots, mask = list(EMPTY_LAYOUT), 0
        for spec in layout:
            code = find(spec, used)
            key = STANDARD.key[code]
            assert not mask >> key & 1, f"duplicate face {spec}"
            slots[key], mask = code, mask | 1 << key
        slots_of.append(tuple(slots))
        masks.append(mask)
    codes = [find(spec, used) for spec in deck]
    spare = [i for i in range(len(STANDARD)) if i not in used]
    codes += [i * 2 for i in spare[:filler]]
    players = len(layouts)
    return VersoState(STANDARD, tuple(codes), tuple(slots_of), tuple(masks), (),
                      tuple(scores or (0,) * players),
                      tuple(square_full(m) for m in masks), 0, turn, PLAY, 0)


def faces(state: VersoState, seat: int) -> list[str]:
    """The faces up in a seat's layout, in words, in key order."""
    return [state.cards.text(code) for code in state.layout_codes(seat)]
