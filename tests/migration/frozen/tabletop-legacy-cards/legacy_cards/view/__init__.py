"""Legacy Cards on screen: the hands, the trick and the last trick, drawn by Tabletop's toolkit.

The toolkit (`tabletop.ui.boards`) lays out the card table and does the drawing, clicks,
preview with VALIDATE, keyboard cursor, last-move mark, hint and animation; this module
says which card lies in which place of what the viewing seat may see (a `View`, never the
whole deal) and which place each card goes to. The only module that imports arcade.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from tabletop.ui.boards import BoardRenderer, CardTable, Cell, MovePath, Piece, Region

from legacy_cards.game import LegacyCards
from legacy_cards.notation import LETTERS
from legacy_cards.rules import Card, View, trick_winner, tricks_taken

SUIT_SIGNS = "♠♥♦♣"
#: Hearts and diamonds in red; each card also shows its suit's sign and, in colour-blind
#: mode, its letter.
INKS = ((24, 24, 24), (196, 30, 36), (196, 30, 36), (24, 24, 24))
BACK = Piece(fill=(52, 70, 140), edge=(230, 230, 240), shape="card", face_down=True)


def face(card: Card) -> Piece:
    """A card face up: rank and suit sign, in its suit's ink."""
    return Piece(fill=(250, 248, 240), edge=(40, 40, 40), shape="card", text=INKS[card.suit],
                 label=f"{card.rank}{SUIT_SIGNS[card.suit]}", symbol=LETTERS[card.suit])


def others(seat: int, players: int) -> list[int]:
    """The other seats, in the order they play after `seat`."""
    return [(seat + k) % players for k in range(1, players)]


@cache
def table(seat: int, players: int, hand_size: int) -> CardTable:
    """The table as `seat` sees it: the others' hands along the top, this trick and the
    last one in the middle (one place per seat, in seat order), its own hand below."""
    name = LegacyCards.info.seat_name
    seats = " · ".join(name(s) for s in range(players))
    width = 1.0 / (players - 1)
    regions = [Region(f"seat{other}", k * width + 0.01, 0.7, width - 0.02, 0.3,
                      slots=hand_size, title=name(other))
               for k, other in enumerate(others(seat, players))]
    regions += [Region("trick", 0.02, 0.34, 0.5, 0.34, slots=players,
                       title=f"This trick: {seats}"),
                Region("last", 0.56, 0.34, 0.42, 0.34, slots=players, title="Last trick"),
                Region("hand", 0.02, 0.0, 0.96, 0.32, slots=hand_size,
                       title=f"{name(seat)}'s hand")]
    return CardTable(tuple(regions))


class LegacyCardsRenderer(BoardRenderer):
    """Draws the table of one seat; a click on a playable card previews playing it."""

    def board_for(self, view: View) -> CardTable:
        """The table as the viewing seat sees it, with places for the hand size dealt."""
        return table(view.seat, view.players, view.hand_size)

    def pieces(self, view: View) -> Mapping[Cell, Piece]:
        """Own cards face up, the others' face down, the tricks' cards where they lie."""
        places: dict[Cell, Piece] = {("hand", i): face(card) for i, card in enumerate(view.hand)}
        for other in others(view.seat, view.players):
            places.update({(f"seat{other}", i): BACK for i in range(view.hand_sizes[other])})
        for i, card in enumerate(view.current.cards):
            places[("trick", view.current.player_of(i, view.players))] = face(card)
        if view.tricks:
            last = view.tricks[-1]
            for i, card in enumerate(last.cards):
                places[("last", last.player_of(i, view.players))] = face(card)
        return places

    def move_path(self, view: View, move: Card) -> MovePath:
        """A card goes from its hand to its seat's place on the table (to the last trick
        when it completes the trick): click the card, then its place."""
        seat = view.current.player_of(len(view.current.cards), view.players)
        place = "last" if len(view.current.cards) == view.players - 1 else "trick"
        if move in view.hand:
            return MovePath(frm=("hand", view.hand.index(move)), to=(place, seat))
        # Another seat's card (its animation, or a hint): it leaves that seat's hand.
        return MovePath(frm=(f"seat{seat}", max(0, view.hand_sizes[seat] - 1)), to=(place, seat))

    def scores(self, view: Any) -> Sequence[float]:
        """The tricks each seat has taken."""
        return [float(count) for count in tricks_taken(view)]

    def status(self) -> str:
        """Who took the last trick, then what to do now."""
        view = self.view
        if not isinstance(view, View) or not view.tricks or view.current.cards:
            return super().status()
        taker = LegacyCards.info.seat_name(trick_winner(view.tricks[-1], view.players))
        return f"{taker} took the trick. {super().status()}"
