"""Verso's move notation: short words a person can type, that round-trip exactly.

- `keep` — draw the top card and keep the face up (also `draw`, `draw keep`);
- `flip` — draw the top card and flip it (also `draw flip`);
- `bank <colour> <values>` — bank a sequence: the colour (`blue`/`green`/`orange`, or
  `sea`/`land`/`sky`, or `b`/`g`/`o`) and the run's values in increasing order, the joker
  written `J=<value it stands for>`; e.g. `bank blue 3 J=4 5`, `bank orange 1 2 3`;
- `pass` — decline the one final bank at the end (§6, §7).

Words are case-insensitive and extra spaces are ignored. `parse_move` raises
`NotationError` for text that is none of these and `IllegalMoveError` for a well-formed
move the position does not allow (not your sequence, a draw in the final round, …).
"""

from __future__ import annotations

from games.verso.cards import COLOURS, colour_number
from games.verso.rules import is_legal, why_illegal
from games.verso.state import FLIP, KEEP, PASS, Bank, Draw, Move, Pass, VersoState
from games.verso.words import _
from tabletop.model import IllegalMoveError, NotationError

_WORDS: dict[str, Move] = {"keep": KEEP, "draw": KEEP, "draw keep": KEEP,
                           "flip": FLIP, "draw flip": FLIP, "pass": PASS}


def move_text(move: Move) -> str:
    """The notation of a move."""
    if isinstance(move, Draw):
        return "flip" if move.flip else "keep"
    if isinstance(move, Pass):
        return "pass"
    return move.text()


def read_move(text: str) -> Move:
    """The move `text` names, position aside (raises `NotationError`)."""
    if not isinstance(text, str):
        raise NotationError(_("a move is text, not {value}").format(value=repr(text)))
    words = text.lower().split()
    joined = " ".join(words)
    if joined in _WORDS:
        return _WORDS[joined]
    if not words or words[0] != "bank":
        raise NotationError(_("{text} is not a Verso move (keep, flip, bank …, "
                                "pass)").format(text=repr(text)))
    if len(words) < 3:
        raise NotationError(_("{text}: write `bank <colour> <values>`, e.g. bank blue 3 J=4 "
                              "5").format(text=repr(text)))
    colour = colour_number(words[1])
    if colour is None:
        raise NotationError(_("{text}: {word} is not a colour ({colours})").format(
            text=repr(text), word=repr(words[1]), colours=", ".join(COLOURS)))
    values: list[int] = []
    joker: int | None = None
    for word in words[2:]:
        is_joker = word.startswith("j=")
        digit = word[2:] if is_joker else word
        if len(digit) != 1 or digit not in "123456":
            raise NotationError(_("{text}: {word} is not a value 1..6 or "
                                  "J=<value>").format(text=repr(text), word=repr(word)))
        value = int(digit)
        if is_joker:
            if joker is not None:
                raise NotationError(_("{text}: a sequence holds at most one "
                                      "joker").format(text=repr(text)))
            joker = value
        else:
            values.append(value)
        if (values + ([joker] if joker is not None else [])).count(value) > 1:
            raise NotationError(_("{text}: the value {value} appears "
                                  "twice").format(text=repr(text), value=value))
    return Bank(colour, tuple(sorted(values)), joker)


def parse(state: VersoState, text: str) -> Move:
    """The legal move `text` names in `state` (NotationError / IllegalMoveError, the
    latter with the rules' reason, `rules.why_illegal`)."""
    move = read_move(text)
    if is_legal(state, move):
        return move
    raise IllegalMoveError(why_illegal(state, move))
