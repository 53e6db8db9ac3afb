"""What the Verso table shows, worked out from a seat's view only (no arcade here).

The renderer receives `VersoView`s, never full states, so everything it explains is
computed here from what the view shows: the preview of a bank (its points, the two cards
it discards, the card each neighbour flips, verso.md §4.2), when the joker's value is
worth asking, and the card movements of one applied move (for the animation), found by
comparing the views before and after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.verso.cards import COLOURS, JOKER, face_text
from games.verso.observation import UNSEEN, Seen, VersoView
from games.verso.rules import SQUARE_POINTS, who
from games.verso.state import FINAL, PLAY, Bank, Draw, Move

#: A card's place on the table: (seat, key) in a layout; seat DECK / DISCARD for the piles.
DECK, DISCARD = -1, -2
Place = tuple[int, int]


def key_of(face_id: int) -> int:
    """The layout slot (colour * 7 + value) of a face."""
    return face_id % 21


def colour_of(face_id: int) -> int:
    """The colour of a face."""
    return face_id % 21 // 7


def value_of(face_id: int) -> int:
    """The value of a face (0 for a joker)."""
    return face_id % 7


def points_of(face_id: int) -> int:
    """The points of a face (1 or 3)."""
    return 3 if face_id >= 21 else 1


def layout_by_key(view: VersoView, seat: int) -> dict[int, Seen]:
    """A seat's layout as {key: seen card}."""
    return {key_of(item[0]): item for item in view.layouts[seat]}


def neighbours(players: int, seat: int) -> tuple[int, ...]:
    """The seats that flip when `seat` banks: next in turn order first, then previous."""
    if players < 2:
        return ()
    return tuple(dict.fromkeys(((seat + 1) % players, (seat - 1) % players)))


def flip_target(layout: dict[int, Seen], colour: int) -> int | None:
    """The key a player flips for a bank of `colour` (§4.2): their highest-valued card of
    that colour, the joker only if it is their only one; None if they have none."""
    keys = [k for k in layout if k // 7 == colour]
    if not keys:
        return None
    return max(keys, key=lambda k: k % 7)


def bank_cards(move: Bank) -> dict[int, int]:
    """{value in the run: layout key} of the cards a bank uses (the joker at its value)."""
    base = 7 * move.colour
    cards = {v: base + v for v in move.values}
    if move.joker is not None:
        cards[move.joker] = base + JOKER
    return cards


@dataclass(frozen=True)
class BankPreview:
    """What a bank would do: points scored, keys discarded, (seat, key) flipped."""

    points: int
    discards: tuple[int, ...]
    flips: tuple[Place, ...]
    lines: tuple[str, ...]


def bank_preview(view: VersoView, seat: int, move: Bank) -> BankPreview:
    """The effects of `move` by `seat` that the view shows (§4.2, §6: no flips in FINAL)."""
    layout = layout_by_key(view, seat)
    cards = bank_cards(move)
    points = sum(points_of(layout[k][0]) for k in cards.values())
    discards = tuple(cards[v] for v in sorted(cards)[-2:])
    lines = [f"Bank {move.text()[5:]}: {points} points.",
             "Discards " + " and ".join(face_text(layout[k][0]) for k in discards) + "."]
    flips: list[Place] = []
    if view.phase == PLAY:
        for other in neighbours(view.players, seat):
            target = flip_target(layout_by_key(view, other), move.colour)
            if target is None:
                lines.append(f"{who(other)} has no {COLOURS[move.colour]} card to flip.")
                continue
            flips.append((other, target))
            item = layout_by_key(view, other)[target]
            after = face_text(item[1]) if item[1] != UNSEEN else "its unseen face"
            lines.append(f"{who(other)} flips {face_text(item[0])} → {after}.")
    else:
        lines.append("Final bank: nobody flips.")
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
    seen: dict[tuple[int, ...], Bank] = {}
    for move in moves:
        cards = bank_cards(move)
        discards = tuple(sorted(cards[v] for v in sorted(cards)[-2:]))
        seen.setdefault(discards, move)
    return list(seen.values())


@dataclass(frozen=True)
class Motion:
    """One card moving on the table during an animation.

    The card shows `face` (and `face_after` once flipped, when `flip` is a time window),
    travels from `start` to `end` during `move` (fractions of the animation), and
    `hides` is the place whose static card stays hidden until the motion ends.
    """

    face: int
    face_after: int
    start: Place
    end: Place
    flip: tuple[float, float] | None
    move: tuple[float, float]
    note: str = ""  # why it happens, when the table should say so (a duplicate discarded)


@dataclass(frozen=True)
class Floater:
    """A short text rising over a seat's panel (points scored, a square)."""

    seat: int
    text: str


def _take(items: list[tuple[Place, Seen]],
          test: Callable[[Seen], bool]) -> tuple[Place, Seen] | None:
    """Remove and return the first item that passes `test` (each card explains one motion)."""
    for index, (_, item) in enumerate(items):
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
            note = (f"{who(mover)} already holds {face_text(item[0])}: the drawn card is "
                    "discarded (no duplicates)." if place[0] == DISCARD else "")
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
            note = (f"{who(place[0])} flips {face_text(item[0])} into "
                    f"{face_text(flipped[1][0])}, a face they already hold: it is discarded."
                    if flipped[0][0] == DISCARD else "")
            motions.append(Motion(item[0], flipped[1][0], place, flipped[0], flip_in, settle,
                                  note))
    for place, item in discarded:
        if before.players == 1 and item[1] != UNSEEN:
            # The solo opponent's card: turned over on the deck, then discarded (§7).
            motions.append(Motion(item[1], item[0], (DECK, 0), place, (0.45, 0.62),
                                  (0.62, 0.8), f"The solo opponent turns over "
                                  f"{face_text(item[1])}: {face_text(item[0])}."))
    floaters = []
    for seat in range(after.players):
        gained = after.scores[seat] - before.scores[seat]
        square = after.squares[seat] and not before.squares[seat]
        if square:
            floaters.append(Floater(seat, f"square! +{SQUARE_POINTS}"))
            gained -= SQUARE_POINTS
        if gained > 0:
            floaters.append(Floater(seat, f"+{gained}"))
        elif before.squares[seat] and not after.squares[seat]:
            floaters.append(Floater(seat, "square broken"))
    return motions, floaters


def status_line(view: VersoView, seat_name: str, interactive: bool) -> str:
    """The one-line state of play shown above the table."""
    if not interactive:
        return f"{seat_name} to play."
    if view.phase == FINAL:
        return f"{seat_name}: bank one final sequence (select it), or pass (P)."
    return f"{seat_name}: draw (click the deck, or D) or bank (select a sequence)."
