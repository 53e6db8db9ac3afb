"""The card movements that explain one applied move, for the Verso table's animation.

Found by comparing two `VersoView`s (before and after the move), never full states:
what left a layout, what arrived, what reached the discard pile (no arcade here).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.verso.cards import face_text, key_of
from games.verso.observation import UNSEEN, Seen, VersoView
from games.verso.rules import SQUARE_POINTS, said
from games.verso.state import Bank, Draw, Move
from games.verso.view.preview import DECK, DISCARD, Place, layout_by_key
from games.verso.words import CARD_WORDS, _
from tabletop.i18n import N_
from tabletop.lines import Line


@dataclass(frozen=True)
class Motion:
    """One card moving on the table during an animation.

    The card shows `face` (and `face_after` once flipped, when `flip` is a time window),
    travels from `start` to `end` during `move` (fractions of the animation); the still
    table leaves the card at `end` out until the animation is over.
    """

    face: int
    face_after: int
    start: Place
    end: Place
    flip: tuple[float, float] | None
    move: tuple[float, float]
    #: Why it happens, when the table should say so (a duplicate discarded); a seat is an
    #: argument of a `tabletop.lines.Line`, which the renderer words.
    note: str | Line = ""
    news: bool = False  # the note tells an event (the solo opponent's card), not a loss


@dataclass(frozen=True)
class Floater:
    """A short text rising over a seat's panel (points scored, a square)."""

    seat: int
    text: str


def _take(items: list[tuple[Place, Seen]],
          test: Callable[[Seen], bool]) -> tuple[Place, Seen] | None:
    """Remove and return the first item that passes `test` (each card explains one motion)."""
    for index, (_place, item) in enumerate(items):
        if test(item):
            return items.pop(index)
    return None


def _reverse_of(face: int) -> Callable[[Seen], bool]:
    """A test for a card now showing the other side of `face` (it was flipped)."""
    return lambda item: item[1] == face and item[0] != face


def transitions(before: VersoView, move: Move, after: VersoView,
                mover: int) -> tuple[list[Motion], list[Floater]]:
    """The card motions and floating texts that explain `move` by `mover`.

    Found by comparing the views: cards that left a layout, cards that arrived, new
    cards on the discard pile. A card that arrived showing, as its known reverse, the
    face of a card that left was flipped; the drawn card comes from the deck; the solo
    opponent's card is turned over on the deck and discarded.
    """
    left: list[tuple[Place, Seen]] = []
    arrived: list[tuple[Place, Seen]] = []
    for seat in range(after.players):
        was, now = layout_by_key(before, seat), layout_by_key(after, seat)
        left += [((seat, k), item) for k, item in was.items() if now.get(k) != item]
        arrived += [((seat, k), item) for k, item in now.items() if was.get(k) != item]
    discarded = [((DISCARD, i), item)
                 for i, item in enumerate(after.discard[len(before.discard):])]
    motions: list[Motion] = []
    solo_victim = not isinstance(move, Bank)
    flip_in = (0.65, 0.82) if solo_victim else (0.05, 0.3)
    settle = (0.82, 1.0) if solo_victim else (0.3, 0.5)
    top = before.deck_top
    if isinstance(move, Draw) and top != UNSEEN:
        drawn = _take(arrived, lambda item: (item[1] == top) if move.flip else (item[0] == top))
        if drawn is None:  # a duplicate: it goes straight to the discard pile
            drawn = _take(discarded, lambda item: (item[1] == top) if move.flip
                          else (item[0] == top))
        if drawn is None:  # solo: the opponent made the player flip the new card at once
            drawn = _take(arrived, lambda item: top in item)
        if drawn is not None:
            place, item = drawn
            note: str | Line = (
                # The held card may show other points than the drawn one (a 1-point orange
                # 4 against a 3-point one): name it by colour and number only.
                said(N_("{player} already holds {card}: the drawn card is discarded (no "
                        "duplicates)."), mover, card=CARD_WORDS[key_of(item[0])])
                if place[0] == DISCARD else "")
            motions.append(Motion(top, item[0], (DECK, 0), place,
                                  (0.0, 0.2) if move.flip else None,
                                  (0.2 if move.flip else 0.0, 0.45), note))
    for place, item in list(left):
        # A flipped card stays with its owner, or goes to the pile as a duplicate (§4.2).
        own = [entry for entry in arrived if entry[0][0] == place[0]]
        flipped = _take(own, _reverse_of(item[0]))
        if flipped is not None:
            arrived.remove(flipped)
        else:
            gone = _take(discarded, item.__eq__)
            if gone is not None:
                motions.append(Motion(item[0], item[0], place, gone[0], None, (0.5, 0.92)))
                continue
            flipped = _take(discarded, _reverse_of(item[0]))
        if flipped is not None:
            note = (said(N_("{player} flips {card} into {face}, a face they already hold: "
                            "it is discarded."), place[0], card=face_text(item[0]),
                         face=face_text(flipped[1][0]))
                    if flipped[0][0] == DISCARD else "")
            motions.append(Motion(item[0], flipped[1][0], place, flipped[0], flip_in, settle,
                                  note))
    for place, item in discarded:
        if before.players == 1 and item[1] != UNSEEN:
            # The solo opponent's card: turned over on the deck, then discarded (§7).
            motions.append(Motion(item[1], item[0], (DECK, 0), place, (0.45, 0.62),
                                  (0.62, 0.8),
                                  Line.of("The solo opponent turns over {shown}: {face}.",
                                          shown=face_text(item[1]), face=face_text(item[0])),
                                  news=True))
    floaters = []
    for seat in range(after.players):
        gained = after.scores[seat] - before.scores[seat]
        square = after.squares[seat] and not before.squares[seat]
        if square:
            floaters.append(Floater(seat, _("square! +{points}").format(points=SQUARE_POINTS)))
            gained -= SQUARE_POINTS
        if gained > 0:
            floaters.append(Floater(seat, f"+{gained}"))
        elif before.squares[seat] and not after.squares[seat]:
            floaters.append(Floater(seat, _("square broken")))
    return motions, floaters
