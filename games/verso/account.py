"""A Verso move's account in one line (verso.md §3-§7): what it does and what it gains.

A hint shows it after the move ("Banks orange 3-4-5 for 12 points, …; Bob must flip the
orange 5 (3 pt)."). It is built from one seat's view (`observation.VersoView`), never
from the state: a face down is in no view, so the line cannot tell it (verso.md §3), and
two states a seat cannot tell apart give the same line. What the move does is what the
rules say, called here and not judged again: the cards a bank uses, discards and scores
(`rules.bank_cards`, `bank_discards`, `bank_points`), who flips and which card
(`rules.neighbours`, `flip_key`), a duplicate (`rules.is_duplicate`), the square
(`rules.square_full`) and the sequences a layout holds (`rules.BANKS`).

The seats are the line's arguments (`tabletop.lines.seat`): the mover is "you" when the
seat reading it is the mover (a hint), else `{player}`; a neighbour `{n0}`, `{n1}`.
"""

from __future__ import annotations

from typing import Any

from games.verso import rules
from games.verso.cards import COLOURS, JOKER, face_text, key_of, points_of, value_of
from games.verso.observation import UNSEEN, Seen, VersoView, candidates
from games.verso.state import FINAL, Bank, Draw, Move
from tabletop.lines import Line, SeatArg


def explain(view: VersoView, move: Move, seat: int) -> Line:
    """What the legal `move` of the seat to move in `view` does and gains, for `seat` to
    read (only what `view` shows)."""
    words = _Words(view.turn, seat)
    if isinstance(move, Bank):
        text = _bank(view, move, words)
    elif isinstance(move, Draw):
        text = _draw(view, move, words)
    else:
        text = _pass(view, words)
    return Line.of(text + ".", **words.args)


class _Words:
    """The mover as the reader calls it ("you" for the mover itself) and the line's
    arguments so far."""

    def __init__(self, mover: int, reader: int) -> None:
        self.mover = mover
        you = reader == mover
        self.me = "you" if you else "{player}"
        self.my = "your" if you else "{player}'s"
        self.hold = "you hold" if you else "{player} holds"
        self.args: dict[str, Any] = {"player": SeatArg(mover)}


def _layout(view: VersoView, seat: int) -> dict[int, Seen]:
    """A seat's layout as its view shows it: key to (face up, face down if known)."""
    return {key_of(item[0]): item for item in view.layouts[seat]}


def _card(key: int) -> str:
    """A card of a layout by its key, e.g. "orange 5", "blue joker"."""
    value = value_of(key)
    return f"{COLOURS[key // 7]} {'joker' if value == JOKER else value}"


def _run(move: Bank) -> str:
    """The values of a bank in order, e.g. "3-4-5 (the joker as 4)"."""
    text = "-".join(str(v) for v in move.run())
    return text + (f" (the joker as {move.joker})" if move.joker is not None else "")


def _bank(view: VersoView, move: Bank, words: _Words) -> str:
    """BANK (§4.2): the points, the two cards discarded, each neighbour's flip (and a
    square it breaks), and the banker's own square."""
    seat, colour = view.turn, move.colour
    layout = _layout(view, seat)
    used = rules.bank_cards(move)
    points = rules.bank_points([layout[key][0] for key in used.values()])
    discards = rules.bank_discards(move)
    kept = [key for key in used.values() if key not in discards]
    gone = " and the ".join(_value(key, move) for key in discards)
    text = (f"Banks {COLOURS[colour]} {_run(move)} for {points} points, discarding the "
            f"{gone}")
    if kept:
        text += " (" + ", ".join(f"the {_value(key, move)}" for key in kept) + \
                (" stays" if len(kept) == 1 else " stay") + ")"
    final = view.phase == FINAL
    if final:
        text += "; a final bank: nobody flips"
    else:
        for index, other in enumerate(rules.neighbours(view.players, seat)):
            name = f"n{index}"
            words.args[name] = SeatArg(other)
            text += "; " + _flip(view, other, colour, "{" + name + "}")
    left = view.masks[seat] & ~sum(1 << key for key in discards)
    if view.squares[seat] and not rules.square_full(left):
        text += f"; {words.my} square breaks"
    return text + _ending(view, drawn=False, words=words)


def _value(key: int, move: Bank) -> str:
    """A card of a bank by its value: "4", or "joker" (standing for its value)."""
    return "joker" if value_of(key) == JOKER else str(value_of(key))


def _flip(view: VersoView, other: int, colour: int, who: str) -> str:
    """What a bank of `colour` makes the neighbour `other` flip (§4.2): its highest card
    of that colour (the joker only if it is the only one); its face down only if known."""
    key = rules.flip_key(view.masks[other], colour)
    if key is None:
        return f"{who} has no {COLOURS[colour]} card to flip"
    up, down = _layout(view, other)[key]
    text = f"{who} must flip the {face_text(up)}"
    if down != UNSEEN:
        # Shown before (§3): what it turns into is known to every seat.
        text += f" into the {face_text(down)}"
        if rules.is_duplicate(view.masks[other] & ~(1 << key), down):
            text += ", a duplicate that is discarded"
    # A card's two faces differ in colour (§1), so the flip always costs that colour a card.
    if view.squares[other] and not rules.square_full(view.masks[other] & ~(1 << key)):
        text += f", breaking {who}'s square"
    return text


def _draw(view: VersoView, move: Draw, words: _Words) -> str:
    """DRAW (§4.1): keep the face up (what it does to the layout) or flip it (its face
    down unseen: its points, and the faces the card list allows for it)."""
    up = view.deck_top
    mask = view.masks[view.turn]
    if not move.flip:
        text = f"Keeps the {face_text(up)} on top of the deck"
        text += _placed(view, up, mask, words)
    else:
        down = 4 - points_of(up)  # one face is worth 1 point, the other 3 (§1)
        text = (f"Flips the {face_text(up)} on top of the deck to keep its other face, "
                f"unseen: worth {down} point{'s' if down != 1 else ''}")
        downs = sorted({view.cards.face[code ^ 1]
                        for code in candidates(view.cards, (up, UNSEEN))})
        if len(downs) <= 4:
            text += ", one of " + _listed([_plain(face) for face in downs], "or")
        else:
            text += f", one of {len(downs)} faces the card list allows"
        doubles = [face for face in downs if rules.is_duplicate(mask, face)]
        if doubles:
            text += (f"; the {_listed([_plain(face) for face in doubles], 'or')} would "
                     f"repeat a face {words.hold} and be discarded")
    return text + _ending(view, drawn=True, words=words)


def _ending(view: VersoView, drawn: bool, words: _Words) -> str:
    """The end the move brings, if it does (§6, §7): the deck runs out on this draw, or
    (solo) on the opponent's card right after this turn."""
    left = view.deck_size - (1 if drawn else 0)
    if view.phase == FINAL or left > 1 or (left == 1 and view.players > 1):
        return ""
    then = ("it is the last card: the game ends" if left == 0 else
            "the solo opponent then turns over the last card: the game ends")
    return "; " + then + (f" and {words.me} may bank once more" if view.players == 1 else
                          " and each player may bank one final sequence")


def _placed(view: VersoView, face: int, mask: int, words: _Words) -> str:
    """What keeping `face` does to the mover's layout: a duplicate is discarded (§4.1);
    else the square it completes (§5) and the longest sequence it joins (§4.2)."""
    if rules.is_duplicate(mask, face):
        return f": {words.hold} that face already, so it is discarded"
    key = key_of(face)
    new = mask | 1 << key
    text = ""
    if rules.square_full(new) and not view.squares[view.turn]:
        text += f"; it completes {words.my} square: +{rules.SQUARE_POINTS} points"
    colour = key // 7
    joining = [bank for bank in rules.BANKS[colour][new >> (7 * colour) & 127]
               if key in rules.bank_cards(bank).values()]
    if joining:
        layout = {k: item[0] for k, item in _layout(view, view.turn).items()}
        layout[key] = face

        def worth(bank: Bank) -> tuple[int, int]:
            cards = rules.bank_cards(bank).values()
            return len(cards), rules.bank_points([layout[k] for k in cards])

        best = max(joining, key=worth)
        text += (f"; {words.me} could then bank {COLOURS[colour]} {_run(best)} for "
                 f"{worth(best)[1]} points")
    return text


def _pass(view: VersoView, words: _Words) -> str:
    """Pass the final bank (§6, §7): the score stays."""
    points = view.scores[view.turn]
    text = f"Passes the final bank: {words.my} score stays at {points} points"
    if not rules.banks_of(view.masks[view.turn]):
        text += f" ({words.hold} no sequence to bank)"
    return text


def _plain(face: int) -> str:
    """A face without its points: "green 4", "blue joker"."""
    return _card(key_of(face))


def _listed(items: list[str], word: str) -> str:
    """"a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {word} " + items[-1]


__all__ = ["explain"]
