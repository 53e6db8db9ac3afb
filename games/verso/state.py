"""The Verso position and moves: frozen values made of tuples and small ints.

A placed card is `card id * 2 + side up` (see `cards`). A layout is a tuple of 21 slots,
one per key (`colour * 7 + value`, value 0 the joker): the placed card holding that key,
or `EMPTY`. Because a layout never holds two faces of one key (verso.md §4.1), the slots
are the layout itself, and `masks` (one bit per filled slot) is kept beside it so that
the count of a colour and the sequences a player holds are a few bit operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.verso.cards import COLOURS, CardList

EMPTY = -1
SLOTS = 21
PLAY, FINAL, OVER = 0, 1, 2
PHASES = ("play", "final", "over")
EMPTY_LAYOUT: tuple[int, ...] = (EMPTY,) * SLOTS


@dataclass(frozen=True, slots=True)
class VersoState:
    """A whole Verso position (the truth, hidden parts included).

    `deck` lists placed cards top first; `discard` oldest first, each with the face that
    was up when it was discarded; `revealed` has bit `card id` set once both faces of that
    card have been shown to everyone (§3); `turn` is the seat to move (-1 once over);
    `final_left` counts the final banks still to come in the FINAL phase (§6, §7).
    """

    cards: CardList
    deck: tuple[int, ...]
    layouts: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    discard: tuple[int, ...]
    scores: tuple[int, ...]
    squares: tuple[bool, ...]
    revealed: int
    turn: int
    phase: int
    final_left: int

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.scores)

    @property
    def solo(self) -> bool:
        """True in the solo mode of §7."""
        return len(self.scores) == 1

    def layout_codes(self, seat: int) -> tuple[int, ...]:
        """The placed cards of a seat's layout, in key order."""
        return tuple(code for code in self.layouts[seat] if code != EMPTY)


@dataclass(frozen=True, slots=True)
class Draw:
    """DRAW (§4.1): take the deck's top card and keep the face up, or flip it first.

    The choice is part of the move, so the face down is never seen before deciding.
    """

    flip: bool


@dataclass(frozen=True, slots=True)
class Bank:
    """BANK a sequence (§4.2): a colour, the numbers of the real cards, the joker's value.

    `joker` is None when the sequence has no joker, else the value (1..6) it stands for.
    Cards are named by their faces, which a layout holds at most once each.
    """

    colour: int
    values: tuple[int, ...]
    joker: int | None = None

    def run(self) -> tuple[int, ...]:
        """The values of the sequence in order, the joker's included."""
        run = self.values if self.joker is None else (*self.values, self.joker)
        return tuple(sorted(run))

    def text(self) -> str:
        """The move in notation, e.g. `bank blue 3 J=4 5`."""
        parts = [f"J={v}" if v == self.joker else str(v) for v in self.run()]
        return f"bank {COLOURS[self.colour]} " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the one final bank of §6/§7."""


Move = Draw | Bank | Pass
KEEP = Draw(False)
FLIP = Draw(True)
PASS = Pass()
