"""The bank preview of the Verso table, worked out from a seat's view only (no arcade).

The renderer receives `VersoView`s, never full states. What a bank would do — its points,
the two cards it discards, the card each neighbour flips (verso.md §4.2) — is asked of
the rules' own functions (`rules.bank_cards`, `bank_discards`, `bank_points`,
`neighbours`, `flip_key`), applied to what the view shows; nothing here re-states a rule.
Also here: which legal banks a selection of cards names, and when the joker's value is
worth asking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.verso.cards import COLOURS, face_text, key_of
from games.verso.observation import UNSEEN, Seen, VersoView
from games.verso.rules import (
    NO_CARD_TO_FLIP,
    bank_cards,
    bank_discards,
    bank_points,
    flip_key,
    neighbours,
    said,
)
from games.verso.state import PLAY, Bank, Move
from tabletop.i18n import N_
from tabletop.lines import Line

#: "Bank <colour> <values>: <points> points.", by colour (the values are notation).
BANK_LINE = (N_("Bank blue {values}: {points} points."),
             N_("Bank green {values}: {points} points."),
             N_("Bank orange {values}: {points} points."))

#: A card's place on the table: (seat, key) in a layout; seat DECK / DISCARD for the piles.
DECK, DISCARD = -1, -2
Place = tuple[int, int]


def layout_by_key(view: VersoView, seat: int) -> dict[int, Seen]:
    """A seat's layout as {key: seen card}."""
    return {key_of(item[0]): item for item in view.layouts[seat]}


@dataclass(frozen=True)
class BankPreview:
    """What a bank would do: points scored, keys discarded, (seat, key) flipped, and the
    lines that say so (a seat an argument of a `tabletop.lines.Line`)."""

    points: int
    discards: tuple[int, ...]
    flips: tuple[Place, ...]
    lines: tuple[str | Line, ...]


def bank_preview(view: VersoView, seat: int, move: Bank) -> BankPreview:
    """The effects of `move` by `seat` that the view shows (§4.2, §6: no flips in FINAL)."""
    layout = layout_by_key(view, seat)
    points = bank_points([layout[k][0] for k in bank_cards(move).values()])
    discards = bank_discards(move)
    lines: list[str | Line] = [
        Line.of(BANK_LINE[move.colour], values=move.text()[5:].split(" ", 1)[1],
                points=points),
        Line.of("Discards {first} and {second}.", first=face_text(layout[discards[0]][0]),
                second=face_text(layout[discards[1]][0]))]
    flips: list[Place] = []
    if view.phase == PLAY:
        for other in neighbours(view.players, seat):
            target = flip_key(view.masks[other], move.colour)
            if target is None:
                lines.append(said(NO_CARD_TO_FLIP[move.colour], other,
                                  colour=COLOURS[move.colour]))
                continue
            flips.append((other, target))
            item = layout_by_key(view, other)[target]
            after = face_text(item[1]) if item[1] != UNSEEN else N_("its unseen face")
            lines.append(said(N_("{player} flips {card} → {face}."), other,
                              card=face_text(item[0]), face=after))
    else:
        lines.append(Line.of("Final bank: nobody flips."))
    return BankPreview(points, discards, tuple(flips), tuple(lines))


def banks_for(legal: Sequence[Move], colour: int, keys: frozenset[int]) -> list[Bank]:
    """The legal banks that use exactly the cards `keys` (all of `colour`)."""
    found = []
    for move in legal:
        if (isinstance(move, Bank) and move.colour == colour
                and frozenset(bank_cards(move).values()) == keys):
            found.append(move)
    return found


def distinct_outcomes(moves: Sequence[Bank]) -> list[Bank]:
    """One bank per distinct outcome: joker values matter only when the discards differ."""
    seen: dict[frozenset[int], Bank] = {}
    for move in moves:
        seen.setdefault(frozenset(bank_discards(move)), move)
    return list(seen.values())
