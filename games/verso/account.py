"""A Verso move's account in one line (verso.md §3-§7): what it does and what it gains.

A hint shows it after the move ("Banks orange 3-4-5 for 12 points, …; Bob must flip the
orange 5 (3 pts)."). It is built from one seat's view (`observation.VersoView`), never
from the state: a face down is in no view, so the line cannot tell it (verso.md §3), and
two states a seat cannot tell apart give the same line. What the move does is what the
rules say, called here and not judged again: the cards a bank uses, discards and scores
(`rules.bank_cards`, `bank_discards`, `bank_points`), who flips and which card
(`rules.neighbours`, `flip_key`), a duplicate (`rules.is_duplicate`), the square
(`rules.square_full`) and the sequences a layout holds (`rules.BANKS`).

The seats are the line's arguments (`tabletop.lines.seat`): the mover is "you" when the
seat reading it is the mover (a hint), else `{player}`; a neighbour `{n0}`, `{n1}`.

The line is put in words in the current language when it is built (a hint is asked for
where it is shown): each part of it is a text of the game's catalog, "; " and ": " parts
included, so that a translation words and punctuates each its own way. The seat fields
stay fields of the line's template, for the host to name.
"""

from __future__ import annotations

from typing import Any

from games.verso import rules
from games.verso.cards import JOKER, key_of, points_of, value_of
from games.verso.observation import UNSEEN, Seen, VersoView, candidates
from games.verso.state import FINAL, Bank, Draw, Move
from games.verso.words import _, card_words, face_words, ngettext, pgettext
from tabletop.i18n import N_
from tabletop.lines import Line, SeatArg

#: A field of a seat, kept as a field when a part is put in words.
_SEATS = {"player": "{player}", "n0": "{n0}", "n1": "{n1}"}


def _say(text: str, **values: Any) -> str:
    """`text` (a part of the account, already in the current language) with `values`,
    the seat fields left as fields."""
    return text.format(**_SEATS, **values)


def _colour(colour: int) -> str:
    """A colour as the adjective of a card or a sequence ("blue")."""
    return (pgettext("card", "blue"), pgettext("card", "green"),
            pgettext("card", "orange"))[colour]


def explain(view: VersoView, move: Move, seat: int) -> Line:
    """What the legal `move` of the seat to move in `view` does and gains, for `seat` to
    read (only what `view` shows), in the current language."""
    words = _Words(view.turn, seat)
    if isinstance(move, Bank):
        text = _bank(view, move, words)
    elif isinstance(move, Draw):
        text = _draw(view, move, words)
    else:
        text = _pass(view, words)
    return Line.of(text + _("."), **words.args)


class _Words:
    """Whether the reader is the mover (called "you") and the line's arguments so far."""

    def __init__(self, mover: int, reader: int) -> None:
        self.mover = mover
        self.you = reader == mover
        self.args: dict[str, Any] = {"player": SeatArg(mover)}

    def pick(self, you: str, other: str) -> str:
        """The text for the mover reading (`you`) or another seat (`other`, which names
        the mover `{player}`), translated."""
        return _(you) if self.you else _(other)


def _layout(view: VersoView, seat: int) -> dict[int, Seen]:
    """A seat's layout as its view shows it: key to (face up, face down if known)."""
    return {key_of(item[0]): item for item in view.layouts[seat]}


def _run(move: Bank) -> str:
    """The values of a bank in order, e.g. "3-4-5 (the joker as 4)"."""
    text = "-".join(str(v) for v in move.run())
    if move.joker is None:
        return text
    return _("{values} (the joker as {joker})").format(values=text, joker=move.joker)


def _the(key: int, move: Bank, stays: bool = False) -> str:
    """A card of a bank by its value: "the 4", or "the joker" (standing for its value);
    `stays`: as the subject of "stays"."""
    if value_of(key) == JOKER:
        return pgettext("stays", "the joker") if stays else _("the joker")
    value = value_of(key)
    return (pgettext("stays", "the {value}") if stays else _("the {value}")).format(
        value=value)


def _bank(view: VersoView, move: Bank, words: _Words) -> str:
    """BANK (§4.2): the points, the two cards discarded, each neighbour's flip (and a
    square it breaks), and the banker's own square."""
    seat, colour = view.turn, move.colour
    layout = _layout(view, seat)
    used = rules.bank_cards(move)
    points = rules.bank_points([layout[key][0] for key in used.values()])
    discards = rules.bank_discards(move)
    kept = [key for key in used.values() if key not in discards]
    text = _say(_("Banks {colour} {run} for {points} points, discarding {first} and "
                  "{second}"), colour=_colour(colour), run=_run(move), points=points,
                first=_the(discards[0], move), second=_the(discards[1], move))
    if kept:
        text += _say(ngettext(" ({cards} stays)", " ({cards} stay)", len(kept)),
                     cards=_(", ").join(_the(key, move, stays=True) for key in kept))
    final = view.phase == FINAL
    if final:
        text += _("; a final bank: nobody flips")
    else:
        for index, other in enumerate(rules.neighbours(view.players, seat)):
            name = f"n{index}"
            words.args[name] = SeatArg(other)
            text += _flip(view, other, colour, "{" + name + "}")
    left = view.masks[seat] & ~sum(1 << key for key in discards)
    if view.squares[seat] and not rules.square_full(left):
        text += _say(words.pick(N_("; your square breaks"), N_("; {player}'s square breaks")))
    return text + _ending(view, drawn=False, words=words)


def _flip(view: VersoView, other: int, colour: int, who: str) -> str:
    """What a bank of `colour` makes the neighbour `other` flip (§4.2): its highest card
    of that colour (the joker only if it is the only one); its face down only if known.
    The part begins with its "; "."""
    key = rules.flip_key(view.masks[other], colour)
    if key is None:
        return _("; {who} has no {colour} card to flip").format(who=who,
                                                                colour=_colour(colour))
    up, down = _layout(view, other)[key]
    if down == UNSEEN:
        text = _("; {who} must flip the {face}").format(who=who, face=face_words(up))
    else:
        # Shown before (§3): what it turns into is known to every seat.
        text = _("; {who} must flip the {face} into the {other}").format(
            who=who, face=face_words(up), other=face_words(down))
        if rules.is_duplicate(view.masks[other] & ~(1 << key), down):
            text += _(", a duplicate that is discarded")
    # A card's two faces differ in colour (§1), so the flip always costs that colour a card.
    if view.squares[other] and not rules.square_full(view.masks[other] & ~(1 << key)):
        text += _(", breaking {who}'s square").format(who=who)
    return text


def _draw(view: VersoView, move: Draw, words: _Words) -> str:
    """DRAW (§4.1): keep the face up (what it does to the layout) or flip it (its face
    down unseen: its points, and the faces the card list allows for it)."""
    up = view.deck_top
    mask = view.masks[view.turn]
    if not move.flip:
        text = _("Keeps the {face} drawn from the deck").format(face=face_words(up))
        text += _placed(view, up, mask, words)
    else:
        down = 4 - points_of(up)  # one face is worth 1 point, the other 3 (§1)
        text = ngettext("Flips the {face} drawn from the deck to keep its other face, "
                        "unseen: worth {points} point",
                        "Flips the {face} drawn from the deck to keep its other face, "
                        "unseen: worth {points} points", down).format(
            face=face_words(up), points=down)
        downs = sorted({view.cards.face[code ^ 1]
                        for code in candidates(view.cards, (up, UNSEEN))})
        if len(downs) <= 4:
            text += _(", one of {faces}").format(
                faces=_listed([_plain(face) for face in downs]))
        else:
            text += _(", one of {count} faces the card list allows").format(
                count=len(downs))
        doubles = [face for face in downs if rules.is_duplicate(mask, face)]
        if doubles:
            text += _say(words.pick(N_("; the {faces} would repeat a face you hold and be "
                                       "discarded"),
                                    N_("; the {faces} would repeat a face {player} holds "
                                       "and be discarded")),
                         faces=_listed([_plain(face) for face in doubles]))
    return text + _ending(view, drawn=True, words=words)


def _ending(view: VersoView, drawn: bool, words: _Words) -> str:
    """The end the move brings, if it does (§6, §7): the deck runs out on this draw, or
    (solo) on the opponent's card right after this turn."""
    left = view.deck_size - (1 if drawn else 0)
    if view.phase == FINAL or left > 1 or (left == 1 and view.players > 1):
        return ""
    if view.players > 1:
        return _("; it is the last card: the game ends and each player may bank one final "
                 "sequence")
    if left == 0:
        return _say(words.pick(N_("; it is the last card: the game ends and you may bank "
                                  "once more"),
                               N_("; it is the last card: the game ends and {player} may "
                                  "bank once more")))
    return _say(words.pick(N_("; the solo opponent then turns over the last card: the game "
                              "ends and you may bank once more"),
                           N_("; the solo opponent then turns over the last card: the game "
                              "ends and {player} may bank once more")))


def _placed(view: VersoView, face: int, mask: int, words: _Words) -> str:
    """What keeping `face` does to the mover's layout: a duplicate is discarded (§4.1);
    else the square it completes (§5) and the longest sequence it joins (§4.2)."""
    if rules.is_duplicate(mask, face):
        return _say(words.pick(N_(": you hold that face already, so it is discarded"),
                               N_(": {player} holds that face already, so it is "
                                  "discarded")))
    key = key_of(face)
    new = mask | 1 << key
    text = ""
    if rules.square_full(new) and not view.squares[view.turn]:
        text += _say(words.pick(N_("; it completes your square: +{points} points"),
                                N_("; it completes {player}'s square: +{points} points")),
                     points=rules.SQUARE_POINTS)
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
        text += _say(words.pick(N_("; you could then bank {colour} {run} for {points} points"),
                                N_("; {player} could then bank {colour} {run} for {points} "
                                   "points")),
                     colour=_colour(colour), run=_run(best), points=worth(best)[1])
    return text


def _pass(view: VersoView, words: _Words) -> str:
    """Pass the final bank (§6, §7): the score stays."""
    points = view.scores[view.turn]
    if words.you:
        text = ngettext("Passes the final bank: your score stays at {points} point",
                        "Passes the final bank: your score stays at {points} points", points)
    else:
        text = ngettext("Passes the final bank: {player}'s score stays at {points} point",
                        "Passes the final bank: {player}'s score stays at {points} points",
                        points)
    text = _say(text, points=points)
    if not rules.banks_of(view.masks[view.turn]):
        text += _say(words.pick(N_(" (you hold no sequence to bank)"),
                                N_(" ({player} holds no sequence to bank)")))
    return text


def _plain(face: int) -> str:
    """A face without its points: "green 4", "blue joker"."""
    return card_words(key_of(face))


def _listed(items: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    if len(items) == 1:
        return items[0]
    return _("{items} or {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


__all__ = ["explain"]
