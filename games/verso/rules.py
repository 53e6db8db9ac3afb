"""The rules of Verso as pure functions over `VersoState` (verso.md §2, §4–§7).

`apply_move(state, move, log)` returns the next state and, when `log` is a list, appends
one readable line per rule event (§8): the draw and keep/flip, duplicate discards, the
bank, neighbours' flips, squares scored and broken, the solo opponent's card and the end.
Each is a `tabletop.lines.Line` whose seats are arguments (`said`), which the host words.
Inside `apply_move` the position is copied into a private `_Table` of lists, changed in
the order the rules give, and frozen again; the input state is never touched.
Without a log no text is built at all (searches apply moves by the million), and keep,
flip and banks that are the very objects `legal_moves` returned are checked by identity.

Each rule lives here once, and the bank preview, the agents and the table call it:
`neighbours` (who flips when a seat banks), `flip_key` (which card a layout flips),
`is_duplicate` (what a draw or a flip discards), `bank_cards` / `bank_discards` /
`bank_points` (what a bank uses, discards and scores), `opponent_flip_colour` (the solo
opponent, §7) and `square_full` (§5). How a face decodes is in `cards`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.verso.cards import (
    COLOURS,
    JOKER,
    CardList,
    colour_of,
    face_text,
    key_for,
    key_of,
    points_of,
    value_of,
)
from games.verso.state import (
    EMPTY,
    EMPTY_LAYOUT,
    FINAL,
    OVER,
    PASS,
    PLAY,
    Bank,
    Draw,
    Move,
    Pass,
    VersoState,
)
from games.verso.words import _
from tabletop.i18n import N_
from tabletop.lines import Line, SeatArg
from tabletop.model import IllegalMoveError

SQUARE_POINTS = 7
SOLO_DECK = 35
CARDS_PER_PLAYER = 15
DRAWS: tuple[Move, ...] = (Draw(False), Draw(True))
FINAL_PASS: tuple[Move, ...] = (PASS,)


def deck_size(players: int) -> int:
    """How many cards the deck holds for `players` (§2, §7)."""
    return SOLO_DECK if players == 1 else CARDS_PER_PLAYER * players


def _sequences(colour: int, bits: int) -> tuple[Bank, ...]:
    """Every bank move of one colour for a colour's 7 bits (bit 0 joker, bit v number v).

    Every (card set, joker value) that forms a run of 2..6 non-wrapping values (§4.2).
    """
    moves = []
    joker = bits & 1
    for low in range(1, 7):
        for high in range(low + 1, 7):
            span = tuple(range(low, high + 1))
            missing = [v for v in span if not bits >> v & 1]
            if not missing:
                moves.append(Bank(colour, span))
            if not joker:
                continue
            if len(missing) == 1:
                moves.append(Bank(colour, tuple(v for v in span if v != missing[0]), missing[0]))
            elif not missing:
                moves.extend(Bank(colour, tuple(v for v in span if v != k), k) for k in span)
    return tuple(moves)


# BANKS[colour][bits]: the bank moves a colour's bits allow, in a stable order.
BANKS: tuple[tuple[tuple[Bank, ...], ...], ...] = tuple(
    tuple(_sequences(c, bits) for bits in range(128)) for c in range(3))
BANK_SETS: tuple[tuple[frozenset[Bank], ...], ...] = tuple(
    tuple(frozenset(moves) for moves in per_colour) for per_colour in BANKS)
# The ids of the move objects `legal_moves` hands out: a move that is one of them needs
# no hashing to be checked (search applies millions of them). The tables live as long
# as the module, so the ids stay valid.
_BANK_IDS: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(map(id, moves)) for moves in per_colour) for per_colour in BANKS)


def new_game(cards: CardList, players: int, deck: Sequence[int], first: int) -> VersoState:
    """The start of a game (§2): `deck` is placed cards top first, `first` the first seat."""
    return VersoState(cards, tuple(deck), (EMPTY_LAYOUT,) * players, (0,) * players, (),
                      (0,) * players, (False,) * players, 0, first, PLAY, 0)


def random_deck(cards: CardList, players: int, rng: random.Random) -> tuple[int, ...]:
    """A shuffled deck for `players` (§2): cards drawn at random, each with a random face up."""
    ids = rng.sample(range(len(cards)), deck_size(players))
    return tuple(i * 2 + rng.randrange(2) for i in ids)


def bank_moves(state: VersoState, seat: int) -> tuple[Bank, ...]:
    """Every sequence `seat` may bank (§4.2)."""
    return banks_of(state.masks[seat])


def banks_of(mask: int) -> tuple[Bank, ...]:
    """Every sequence a layout with this mask may bank (§4.2)."""
    return BANKS[0][mask & 127] + BANKS[1][mask >> 7 & 127] + BANKS[2][mask >> 14]


def legal_moves(state: VersoState) -> tuple[Move, ...]:
    """The moves of the player to move: draw keep/flip and banks, or pass and banks."""
    if state.phase == PLAY:
        return DRAWS + bank_moves(state, state.turn)
    if state.phase == FINAL:
        return FINAL_PASS + bank_moves(state, state.turn)
    return ()


def is_legal(state: VersoState, move: object) -> bool:
    """True if `move` is legal in `state` (cheaper than searching `legal_moves`)."""
    if state.phase == OVER:
        return False
    if isinstance(move, Draw):
        return state.phase == PLAY
    if isinstance(move, Pass):
        return state.phase == FINAL
    if isinstance(move, Bank) and move.colour in (0, 1, 2):
        bits = state.masks[state.turn] >> (7 * move.colour) & 127
        return id(move) in _BANK_IDS[move.colour][bits] or move in BANK_SETS[move.colour][bits]
    return False


def why_illegal(state: VersoState, move: object) -> str:
    """Why `move` is not legal in `state`, in a player's words, addressed to the seat to
    move (§4, §6): what `apply_move` and the notation refuse it with."""
    if state.phase == OVER:
        return _("the game is over")
    if isinstance(move, Draw):
        return _("the deck is empty; bank one final sequence or pass")
    if isinstance(move, Pass):
        return _("passing is only for the final bank")
    if not (isinstance(move, Bank) and type(move.colour) is int
            and isinstance(move.values, tuple)
            and all(type(v) is int for v in (*move.values, move.joker or 0))):
        return _("{move} is not a Verso move").format(move=repr(move))
    if move.colour not in (0, 1, 2):
        return _("there is no colour {colour} (blue, green and orange are 0, 1, "
                 "2)").format(colour=move.colour)
    run = move.run()
    if len(run) < 2:
        return _("a sequence has at least 2 cards (§4.2)")
    if run != tuple(range(run[0], run[0] + len(run))) or not 1 <= run[0] <= run[-1] <= 6:
        return _("the values are not consecutive (and a sequence never wraps 6 to 1, "
                 "§4.2)")
    bits = state.masks[state.turn] >> (7 * move.colour) & 127
    missing = [str(v) for v in move.values if not bits >> v & 1]
    if missing:
        return _(HOLD_NO[move.colour]).format(values=", ".join(missing))
    if move.joker is not None and not bits & 1:
        return _(HOLD_NO_JOKER[move.colour])
    return (_("not a sequence you can bank in the final round") if state.phase == FINAL
            else _("not a sequence you can bank"))


#: "you hold no <colour> <values>" by colour (a refusal of `why_illegal`).
HOLD_NO = (N_("you hold no blue {values}"), N_("you hold no green {values}"),
           N_("you hold no orange {values}"))
#: "you hold no <colour> joker" by colour.
HOLD_NO_JOKER = (N_("you hold no blue joker"), N_("you hold no green joker"),
                 N_("you hold no orange joker"))


def square_full(mask: int) -> bool:
    """True when a layout with this mask holds at least 3 cards of every colour (§5)."""
    return ((mask & 127).bit_count() >= 3 and (mask >> 7 & 127).bit_count() >= 3
            and (mask >> 14).bit_count() >= 3)


def neighbours(players: int, seat: int) -> tuple[int, ...]:
    """The seats that flip when `seat` banks (§4.2): the next in turn order first, then the
    previous one; one opponent with 2 players, nobody in solo."""
    return tuple(other for other in dict.fromkeys(((seat + 1) % players, (seat - 1) % players))
                 if other != seat)


def flip_key(mask: int, colour: int) -> int | None:
    """The key a layout with this mask flips for `colour` (§4.2, §7): its highest-valued
    card of that colour, the joker only when it is the only one; None when it has none."""
    bits = mask >> (7 * colour) & 127
    if not bits:
        return None
    numbers = bits >> 1
    return key_for(colour, numbers.bit_length() if numbers else JOKER)


def is_duplicate(mask: int, face: int) -> bool:
    """True when a layout with this mask already holds `face`'s key: a card arriving with
    that face up (drawn, or flipped by a bank or the solo opponent) is discarded (§4.1)."""
    return bool(mask >> key_of(face) & 1)


def bank_cards(move: Bank) -> dict[int, int]:
    """{value in the run: layout key} of the cards a bank uses (the joker at its value)."""
    cards = {v: key_for(move.colour, v) for v in move.values}
    if move.joker is not None:
        cards[move.joker] = key_for(move.colour, JOKER)
    return cards


def bank_discards(move: Bank) -> tuple[int, int]:
    """The keys of the two cards a bank discards (§4.2): the two highest of the run, the
    joker ranking as the value it stands for; lower first."""
    cards = bank_cards(move)
    low, high = sorted(cards)[-2:]
    return cards[low], cards[high]


def bank_points(faces: Sequence[int]) -> int:
    """The points a bank scores (§4.2): the sum of the points shown by its cards' faces."""
    return sum(points_of(face) for face in faces)


def opponent_flip_colour(shown: int, revealed: int) -> int | None:
    """The colour the solo player must flip when the opponent turns over a card showing
    `shown` to reveal `revealed` (§7): the revealed colour when its number is strictly
    higher and neither face is a joker; None when nothing happens."""
    up, new = value_of(shown), value_of(revealed)
    if up == JOKER or new == JOKER or new <= up:
        return None
    return colour_of(revealed)


def who(seat: int) -> str:
    """A seat's name in the text picture (`render_text`): "Player 2"."""
    return f"Player {seat + 1}"


def said(text: str, seat: int, **args: Any) -> Line:
    """A log line about `seat`, `{player}` in `text`, with the other arguments `args`:
    the host names the seat ("Player 2", or the name its person typed)."""
    return Line.of(text, player=SeatArg(seat), **args)


#: "{player} has no <colour> card to flip.", by colour: the colour is in the sentence, so
#: a translation makes it agree with its noun.
NO_CARD_TO_FLIP = (N_("{player} has no blue card to flip."),
                   N_("{player} has no green card to flip."),
                   N_("{player} has no orange card to flip."))
#: "{player} banks <colour> <values>", by colour (the values are notation: "2 3 J=4").
BANKS_LINE = (N_("{player} banks blue {values}."), N_("{player} banks green {values}."),
              N_("{player} banks orange {values}."))
#: The same in the final round.
FINAL_BANKS_LINE = (N_("{player} banks blue {values} (final bank, nobody flips)."),
                    N_("{player} banks green {values} (final bank, nobody flips)."),
                    N_("{player} banks orange {values} (final bank, nobody flips)."))
#: The solo opponent's card when it makes the player flip, by the colour flipped.
SOLO_FLIP = (
    N_("The solo opponent turns over {shown}: the other face is {revealed}; higher, so you "
       "flip your highest blue card."),
    N_("The solo opponent turns over {shown}: the other face is {revealed}; higher, so you "
       "flip your highest green card."),
    N_("The solo opponent turns over {shown}: the other face is {revealed}; higher, so you "
       "flip your highest orange card."))
#: The end of a game of 2 to 6: END_LINES[players - 2][winners - 1]. Each seat's field
#: is `seat<i>` with its score `score<i>`; the winners are `win0`, `win1`, … in seat
#: order (the host names every seat).
END_LINES = (
    (N_("Game over: {win0} wins with {best} points ({seat0} {score0}, {seat1} {score1})."),
     N_("Game over: {win0} and {win1} share the victory with {best} points ({seat0} "
        "{score0}, {seat1} {score1}).")),
    (N_("Game over: {win0} wins with {best} points ({seat0} {score0}, {seat1} {score1}, "
        "{seat2} {score2})."),
     N_("Game over: {win0} and {win1} share the victory with {best} points ({seat0} "
        "{score0}, {seat1} {score1}, {seat2} {score2})."),
     N_("Game over: {win0} and {win1} and {win2} share the victory with {best} points "
        "({seat0} {score0}, {seat1} {score1}, {seat2} {score2}).")),
    (N_("Game over: {win0} wins with {best} points ({seat0} {score0}, {seat1} {score1}, "
        "{seat2} {score2}, {seat3} {score3})."),
     N_("Game over: {win0} and {win1} share the victory with {best} points ({seat0} "
        "{score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3})."),
     N_("Game over: {win0} and {win1} and {win2} share the victory with {best} points "
        "({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} share the victory with {best} "
        "points ({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} "
        "{score3}).")),
    (N_("Game over: {win0} wins with {best} points ({seat0} {score0}, {seat1} {score1}, "
        "{seat2} {score2}, {seat3} {score3}, {seat4} {score4})."),
     N_("Game over: {win0} and {win1} share the victory with {best} points ({seat0} "
        "{score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, {seat4} "
        "{score4})."),
     N_("Game over: {win0} and {win1} and {win2} share the victory with {best} points "
        "({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, {seat4} "
        "{score4})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} share the victory with {best} "
        "points ({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, "
        "{seat4} {score4})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} and {win4} share the victory "
        "with {best} points ({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} "
        "{score3}, {seat4} {score4}).")),
    (N_("Game over: {win0} wins with {best} points ({seat0} {score0}, {seat1} {score1}, "
        "{seat2} {score2}, {seat3} {score3}, {seat4} {score4}, {seat5} {score5})."),
     N_("Game over: {win0} and {win1} share the victory with {best} points ({seat0} "
        "{score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, {seat4} {score4}, "
        "{seat5} {score5})."),
     N_("Game over: {win0} and {win1} and {win2} share the victory with {best} points "
        "({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, {seat4} "
        "{score4}, {seat5} {score5})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} share the victory with {best} "
        "points ({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} {score3}, "
        "{seat4} {score4}, {seat5} {score5})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} and {win4} share the victory "
        "with {best} points ({seat0} {score0}, {seat1} {score1}, {seat2} {score2}, {seat3} "
        "{score3}, {seat4} {score4}, {seat5} {score5})."),
     N_("Game over: {win0} and {win1} and {win2} and {win3} and {win4} and {win5} share "
        "the victory with {best} points ({seat0} {score0}, {seat1} {score1}, {seat2} "
        "{score2}, {seat3} {score3}, {seat4} {score4}, {seat5} {score5}).")),
)


#: A move's log: the lines `apply_move` appends, or None to build no text at all.
Log = list[str | Line] | None


class _Table:
    """The position as lists while one move is resolved (private to `apply_move`)."""

    __slots__ = ("cards", "deck", "discard", "layouts", "log", "masks", "revealed",
                 "scores", "squares")

    def __init__(self, state: VersoState, log: Log) -> None:
        self.cards = state.cards
        self.deck = state.deck
        self.layouts = list(state.layouts)
        self.masks = list(state.masks)
        self.discard = state.discard  # a tuple: most moves discard nothing, so no copy
        self.scores = list(state.scores)
        self.squares = list(state.squares)
        self.revealed = state.revealed
        self.log = log

    def say(self, line: str | Line) -> None:
        if self.log is not None:
            self.log.append(line)

    def place(self, seat: int, code: int) -> None:
        """Add a card to a layout, or discard it if it duplicates a face there (§4.1)."""
        face = self.cards.face[code]
        if is_duplicate(self.masks[seat], face):
            self.discard += (code,)
            if self.log is not None:
                self.log.append(said(N_("{player} discards {card}: their display already "
                                        "holds that face."), seat,
                                     card=self.cards.text(code)))
            return
        key = key_of(face)
        slots = self.layouts[seat]
        self.layouts[seat] = (*slots[:key], code, *slots[key + 1:])
        self.masks[seat] |= 1 << key

    def remove(self, seat: int, key: int) -> int:
        """Take the card of `key` out of a layout and return it."""
        slots = self.layouts[seat]
        code = slots[key]
        self.layouts[seat] = (*slots[:key], EMPTY, *slots[key + 1:])
        self.masks[seat] &= ~(1 << key)
        return code

    def check_square(self, seat: int) -> None:
        """Score a new square or clear a broken one (§5)."""
        full = square_full(self.masks[seat])
        if full and not self.squares[seat]:
            self.squares[seat] = True
            self.scores[seat] += SQUARE_POINTS
            if self.log is not None:
                self.log.append(said(N_("{player} completes a square: +{points} points."),
                                     seat, points=SQUARE_POINTS))
        elif not full and self.squares[seat]:
            self.squares[seat] = False
            if self.log is not None:
                self.log.append(said(N_("{player}'s square is broken."), seat))

    def flip_highest(self, seat: int, colour: int) -> None:
        """Flip the seat's highest card of `colour` (a joker only if it is the only one)."""
        key = flip_key(self.masks[seat], colour)
        if key is None:
            if self.log is not None:
                self.log.append(said(NO_CARD_TO_FLIP[colour], seat,
                                     colour=COLOURS[colour]))
            return
        code = self.remove(seat, key)
        self.revealed |= 1 << (code >> 1)
        if self.log is not None:
            self.log.append(said(N_("{player} flips {card}: it becomes {face}."), seat,
                                 card=self.cards.text(code), face=self.cards.text(code ^ 1)))
        self.place(seat, code ^ 1)
        self.check_square(seat)

    def freeze(self, deck: tuple[int, ...], turn: int, phase: int,
               final_left: int) -> VersoState:
        return VersoState(self.cards, deck, tuple(self.layouts), tuple(self.masks),
                          self.discard, tuple(self.scores), tuple(self.squares),
                          self.revealed, turn, phase, final_left)


def apply_move(state: VersoState, move: Move, log: Log = None) -> VersoState:
    """The state after `move` (raises `IllegalMoveError`); rule events go to `log`."""
    # keep and flip from `legal_moves` are the shared DRAWS objects: legal in PLAY.
    drawn = (move is DRAWS[0] or move is DRAWS[1]) and state.phase == PLAY
    if not (drawn or is_legal(state, move)):
        raise IllegalMoveError(why_illegal(state, move))
    table = _Table(state, log)
    seat, players, deck = state.turn, state.players, state.deck
    if isinstance(move, Draw):
        deck = _draw(table, seat, deck, move.flip)
    elif isinstance(move, Bank):
        _bank(table, seat, move, flips=state.phase == PLAY)
    elif log is not None:
        log.append(said(N_("{player} passes the final bank."), seat))
    if state.phase == FINAL:
        left = state.final_left - 1
        if left == 0:
            _say_end(table)
            return table.freeze(deck, -1, OVER, 0)
        return table.freeze(deck, (seat + 1) % players, FINAL, left)
    if players == 1 and deck:
        deck = _solo_opponent(table, deck)
    if not deck:
        table.say(Line.of("The deck is empty: the game ends. You may bank one final "
                          "sequence.") if players == 1 else
                  Line.of("The deck is empty: the game ends. Each player in turn may bank "
                          "one final sequence (no flips)."))
        return table.freeze(deck, (seat + 1) % players, FINAL, players)
    return table.freeze(deck, (seat + 1) % players, PLAY, 0)


def _draw(table: _Table, seat: int, deck: tuple[int, ...], flip: bool) -> tuple[int, ...]:
    """DRAW (§4.1): keep the face up or flip, place or discard a duplicate, check square."""
    code = deck[0]
    log = table.log
    if flip:
        table.revealed |= 1 << (code >> 1)
        if log is not None:
            log.append(said(N_("{player} draws {card} and flips it: {face}."), seat,
                            card=table.cards.text(code), face=table.cards.text(code ^ 1)))
        code ^= 1
    elif log is not None:
        log.append(said(N_("{player} draws {card} and keeps it."), seat,
                        card=table.cards.text(code)))
    table.place(seat, code)
    table.check_square(seat)
    return deck[1:]


def _bank(table: _Table, seat: int, move: Bank, flips: bool) -> None:
    """BANK (§4.2): neighbours flip, score the sequence, discard its two highest cards."""
    log = table.log
    if log is not None:
        cards = move.text()[5:]  # "blue 2 3 J=4": the colour, then the values
        log.append(said((BANKS_LINE if flips else FINAL_BANKS_LINE)[move.colour], seat,
                        cards=cards, values=cards.split(" ", 1)[1]))
    if flips:
        for other in neighbours(len(table.scores), seat):
            table.flip_highest(other, move.colour)
    slots, face = table.layouts[seat], table.cards.face
    points = bank_points([face[slots[key]] for key in bank_cards(move).values()])
    table.scores[seat] += points
    if log is not None:
        log.append(said(N_("{player} scores {points} points."), seat, points=points))
    for key in bank_discards(move):
        code = table.remove(seat, key)
        table.discard += (code,)
        if log is not None:
            joker = value_of(key) == JOKER
            log.append(said(N_("{player} discards {card} (the joker, as {joker}).") if joker
                            else N_("{player} discards {card}."), seat,
                            card=table.cards.text(code),
                            **({"joker": move.joker} if joker else {})))
    table.check_square(seat)


def _solo_opponent(table: _Table, deck: tuple[int, ...]) -> tuple[int, ...]:
    """The simulated opponent of §7: turn over the top card, maybe flip, discard it."""
    code = deck[0]
    cards = table.cards
    shown, revealed = cards.face[code], cards.face[code ^ 1]
    table.revealed |= 1 << (code >> 1)
    log = table.log
    colour = opponent_flip_colour(shown, revealed)
    if colour is not None:
        if log is not None:
            log.append(Line.of(SOLO_FLIP[colour], shown=face_text(shown),
                               revealed=face_text(revealed), colour=COLOURS[colour]))
        table.flip_highest(0, colour)
    elif log is not None:
        line = (N_("The solo opponent turns over {shown}: the other face is {revealed}; a "
                   "joker, so nothing happens.")
                if JOKER in (value_of(shown), value_of(revealed)) else
                N_("The solo opponent turns over {shown}: the other face is {revealed}; not "
                   "higher, so nothing happens."))
        log.append(Line.of(line, shown=face_text(shown), revealed=face_text(revealed)))
    table.discard += (code ^ 1,)
    return deck[1:]


def _say_end(table: _Table) -> None:
    scores = table.scores
    if len(scores) == 1:
        table.say(Line.of("Game over: final score {points} points.", points=scores[0]))
        return
    best = max(scores)
    # One field per seat ({seat0}, {score0}, ...) and per winner ({win0}, ...): the host
    # names each seat.
    leaders = [s for s, v in enumerate(scores) if v == best]
    args: dict[str, Any] = {f"seat{s}": SeatArg(s) for s in range(len(scores))}
    args.update((f"score{s}", v) for s, v in enumerate(scores))
    args.update((f"win{i}", SeatArg(s)) for i, s in enumerate(leaders))
    table.say(Line.of(END_LINES[len(scores) - 2][len(leaders) - 1], best=best, **args))
