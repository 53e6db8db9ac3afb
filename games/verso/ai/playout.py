"""Fast private play for Verso's agents: the greedy policy and whole-game playouts.

The greedy policy values each choice as points now plus `Evaluator.layout` of what it
leaves: keep by the face up, flip by the mean over the faces that may lie under it
(§3: the public card list narrows them to a few), a bank by its points and the layout
left once its two highest cards are gone (§4.2). Choices are small ints: `KEEP_CHOICE`,
`FLIP_CHOICE`, `PASS_CHOICE`, or `colour * 64 + n` for the n-th distinct bank effect of
that colour (`heuristic.OPTIONS`).

`Playout` plays a full state to its end with that policy for every seat, on lists it
owns and changes in place: the same rules as `rules.apply_move` (the tests check that
both reach the same scores), without frozen states, legality checks or log text, which
makes a playout several times cheaper. It is private to the agents (STYLE.md allows
mutation inside an AI, measured).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.verso.ai.heuristic import BEST, CLIPPED, EFFECTS, OPTIONS, Evaluator
from games.verso.cards import CardList
from games.verso.rules import BANKS, DRAWS, SQUARE_POINTS
from games.verso.state import EMPTY, FINAL, OVER, PASS, PLAY, Move, VersoState

KEEP_CHOICE, FLIP_CHOICE, PASS_CHOICE = -1, -2, -3
_REVERSES: dict[int, tuple[CardList, tuple[tuple[int, ...], ...]]] = {}


def reverse_faces(cards: CardList) -> tuple[tuple[int, ...], ...]:
    """REV[face id]: the reverse face of every card that has that face (one per card)."""
    entry = _REVERSES.get(id(cards))
    if entry is None or entry[0] is not cards:
        table = tuple(tuple(cards.face[code ^ 1] for code in cards.by_face[face])
                      for face in range(42))
        entry = _REVERSES[id(cards)] = (cards, table)
    return entry[1]


def _full(mask: int) -> bool:
    return CLIPPED[mask & 127] + CLIPPED[mask >> 7 & 127] + CLIPPED[mask >> 14] == 9


def face_value(ev: Evaluator, mask: int, threes: int, standing: bool, face: int,
               turns: float) -> float:
    """Points now plus the layout's value after adding `face` (lost if a duplicate)."""
    key = face % 21
    if mask >> key & 1:
        return ev.layout(mask, threes, standing, turns)
    mask |= 1 << key
    if face >= 21:
        threes |= 1 << key
    if not standing and _full(mask):
        return SQUARE_POINTS + ev.layout(mask, threes, True, turns)
    return ev.layout(mask, threes, standing, turns)


def bank_value(ev: Evaluator, mask: int, threes: int, standing: bool, colour: int,
               option: tuple[int, int, int, int], turns: float) -> float:
    """Points of a bank plus the value of the layout it leaves."""
    shift = 7 * colour
    _, run, cards, removed = option
    points = cards + 2 * (run & threes >> (shift + 1)).bit_count()
    mask &= ~(removed << shift)
    threes &= ~(removed << shift)
    return (points + ev.w.bank_bias
            + ev.layout(mask, threes, standing and _full(mask), turns))


def final_bank(mask: int, threes: int) -> int:
    """The choice for the one final bank: the most points, PASS_CHOICE if none."""
    best, best_points = PASS_CHOICE, 0
    for colour in range(3):
        shift = 7 * colour
        t = threes >> (shift + 1)
        for n, (_, run, cards, _) in enumerate(OPTIONS[mask >> shift & 127]):
            points = cards + 2 * (run & t).bit_count()
            if points > best_points:
                best, best_points = colour * 64 + n, points
    return best


def choice_values(ev: Evaluator, mask: int, threes: int, standing: bool, top: int,
                  unders: Sequence[int], turns_draw: float, turns_bank: float
                  ) -> list[tuple[float, int]]:
    """(value, choice) for keep, flip (if `unders`) and every distinct bank, in that order.

    The same values as `face_value` and `bank_value`, computed colour by colour from the
    tables: a draw or a bank changes one colour, so only that colour is looked up again.
    """
    colour_value, square = ev.colour, ev.square
    stand_value, horizon = ev.standing, ev.horizon
    index = [(mask & 127) << 6 | (threes >> 1 & 63), (mask >> 1 & 8128) | (threes >> 8 & 63),
             (mask >> 8 & 8128) | (threes >> 15 & 63)]
    values = [colour_value[i] for i in index]
    b0, b1, b2 = BEST[index[0]], BEST[index[1]], BEST[index[2]]
    others = (max(b1, b2), max(b0, b2), max(b0, b1))  # the best bank outside each colour
    counts = [CLIPPED[i >> 6] for i in index]
    total, count = values[0] + values[1] + values[2], counts[0] + counts[1] + counts[2]

    def after(colour: int, new: int, turns: float) -> float:
        """The value of the layout once `colour`'s index becomes `new` (squares scored)."""
        value = total - values[colour] + colour_value[new]
        new_count = count - counts[colour] + CLIPPED[new >> 6]
        gain = 0.0
        if new_count == 9:
            if not standing:
                gain = SQUARE_POINTS
            value += stand_value
        else:
            value += square[new_count]
        if turns < horizon:
            best = max(BEST[new], others[colour])
            share = turns / horizon
            value = share * value + (1.0 - share) * best
        return gain + value

    def draw(face: int) -> float:
        key = face % 21
        colour, number = divmod(key, 7)
        old = index[colour]
        if old >> (number + 6) & 1:  # a duplicate is discarded (§4.1)
            return after(colour, old, turns_draw)
        new = old | 1 << (number + 6)
        if face >= 21:
            new |= 1 << (number - 1)
        return after(colour, new, turns_draw)

    choices = [(draw(top), KEEP_CHOICE)]
    if unders:
        flip = 0.0
        for face in unders:
            flip += draw(face)
        choices.append((flip / len(unders), FLIP_CHOICE))
    bias = ev.w.bank_bias
    for colour in range(3):
        for points, new, n in EFFECTS[index[colour]]:
            choices.append((points + bias + after(colour, new, turns_bank), colour * 64 + n))
    return choices


def greedy_choice(ev: Evaluator, mask: int, threes: int, standing: bool, top: int,
                  unders: Sequence[int], turns_draw: float, turns_bank: float) -> int:
    """The choice of highest one-step value (the first on ties: keep, flip, banks)."""
    best_value, best = -1e18, KEEP_CHOICE
    for value, choice in choice_values(ev, mask, threes, standing, top, unders, turns_draw,
                                       turns_bank):
        if value > best_value:
            best_value, best = value, choice
    return best


def turns_left(deck_after: int, players: int) -> float:
    """About how many turns a seat has left when `deck_after` cards remain.

    Solo, a turn uses two cards (a draw and the opponent's card); with more players each
    other seat's draw uses one.
    """
    return max(deck_after, 0) / (2 if players == 1 else players)


def choice_move(choice: int, mask: int) -> Move:
    """The rules' move object for a choice (one of the objects `legal_moves` returns)."""
    if choice == KEEP_CHOICE:
        return DRAWS[0]
    if choice == FLIP_CHOICE:
        return DRAWS[1]
    if choice == PASS_CHOICE:
        return PASS
    colour, n = divmod(choice, 64)
    bits = mask >> (7 * colour) & 127
    return BANKS[colour][bits][OPTIONS[bits][n][0]]


def layout_threes(cards: CardList, slots: Sequence[int]) -> int:
    """The 3-point bits (by key) of a layout's slots in a full state."""
    face = cards.face
    threes = 0
    for code in slots:
        if code != EMPTY and face[code] >= 21:
            threes |= 1 << (face[code] - 21)
    return threes


class Playout:
    """A full state as mutable lists, played forward by the rules (§4–§7)."""

    __slots__ = ("deck", "ev", "face", "final_left", "masks", "phase", "players", "pos",
                 "rev", "scores", "slots", "standing", "threes", "turn")

    def __init__(self, ev: Evaluator, state: VersoState | None = None) -> None:
        self.ev = ev
        if state is None:
            return
        cards = state.cards
        self.face = cards.face
        self.rev = reverse_faces(cards)
        self.slots = [list(slots) for slots in state.layouts]
        self.masks = list(state.masks)
        self.threes = [layout_threes(cards, slots) for slots in state.layouts]
        self.scores = list(state.scores)
        self.standing = list(state.squares)
        self.deck = state.deck
        self.pos = 0
        self.players = state.players
        self.turn = state.turn
        self.phase = state.phase
        self.final_left = state.final_left

    def copy(self) -> Playout:
        """An independent copy (the deck is shared: it is never changed)."""
        other = Playout(self.ev)
        other.face, other.rev, other.deck = self.face, self.rev, self.deck
        other.slots = [list(slots) for slots in self.slots]
        other.masks, other.threes = self.masks[:], self.threes[:]
        other.scores, other.standing = self.scores[:], self.standing[:]
        other.pos, other.players, other.turn = self.pos, self.players, self.turn
        other.phase, other.final_left = self.phase, self.final_left
        return other

    # -- the rules ---------------------------------------------------------------------
    def _place(self, seat: int, code: int) -> None:
        face = self.face[code]
        key = face % 21
        bit = 1 << key
        if self.masks[seat] & bit:
            return  # a duplicate is discarded (§4.1)
        self.slots[seat][key] = code
        self.masks[seat] |= bit
        if face >= 21:
            self.threes[seat] |= bit

    def _check_square(self, seat: int) -> None:
        full = _full(self.masks[seat])
        if full and not self.standing[seat]:
            self.standing[seat] = True
            self.scores[seat] += SQUARE_POINTS
        elif not full and self.standing[seat]:
            self.standing[seat] = False

    def _flip_highest(self, seat: int, colour: int) -> None:
        bits = self.masks[seat] >> (7 * colour) & 127
        if not bits:
            return
        numbers = bits >> 1
        key = 7 * colour + (numbers.bit_length() if numbers else 0)
        code = self.slots[seat][key]
        self.slots[seat][key] = EMPTY
        self.masks[seat] &= ~(1 << key)
        self.threes[seat] &= ~(1 << key)
        self._place(seat, code ^ 1)
        self._check_square(seat)

    def play(self, choice: int) -> None:
        """Play one choice for the seat to move, then the solo opponent and the end."""
        seat, players = self.turn, self.players
        if choice >= 0:
            colour, n = divmod(choice, 64)
            shift = 7 * colour
            mask = self.masks[seat]
            _, run, cards, removed = OPTIONS[mask >> shift & 127][n]
            if self.phase == PLAY and players > 1:
                for other in ((seat + 1) % players, (seat - 1) % players):
                    if other != seat:
                        self._flip_highest(other, colour)
                    if players == 2:
                        break
            self.scores[seat] += cards + 2 * (run & self.threes[seat] >> (shift + 1)).bit_count()
            slots = self.slots[seat]
            for value in range(7):
                if removed >> value & 1:
                    slots[shift + value] = EMPTY
            self.masks[seat] = mask & ~(removed << shift)
            self.threes[seat] &= ~(removed << shift)
            self._check_square(seat)
        elif choice != PASS_CHOICE:
            code = self.deck[self.pos]
            self.pos += 1
            self._place(seat, code ^ 1 if choice == FLIP_CHOICE else code)
            self._check_square(seat)
        if self.phase == FINAL:
            self.final_left -= 1
            if self.final_left == 0:
                self.turn, self.phase = -1, OVER
            else:
                self.turn = (seat + 1) % players
            return
        deck = self.deck
        if players == 1 and self.pos < len(deck):
            code = deck[self.pos]
            self.pos += 1
            up, down = self.face[code], self.face[code ^ 1]
            if up % 7 and down % 7 and down % 7 > up % 7:
                self._flip_highest(0, down % 21 // 7)
        if self.pos == len(deck):
            self.phase, self.final_left = FINAL, players
        self.turn = (seat + 1) % players

    # -- the policy --------------------------------------------------------------------
    def greedy(self) -> int:
        """The greedy policy's choice for the seat to move (faces up only)."""
        seat = self.turn
        mask, threes = self.masks[seat], self.threes[seat]
        if self.phase == FINAL:
            return final_bank(mask, threes)
        top = self.face[self.deck[self.pos]]
        left, players = len(self.deck) - self.pos, self.players
        if players == 1:
            return greedy_choice(self.ev, mask, threes, self.standing[seat], top,
                                 self.rev[top], turns_left(left - 2, 1),
                                 turns_left(left - 1, 1))
        return greedy_choice(self.ev, mask, threes, self.standing[seat], top, self.rev[top],
                             turns_left(left - 1, players), turns_left(left, players))

    def finish(self) -> tuple[int, ...]:
        """Play greedy moves for every seat to the end; the final scores."""
        while self.turn >= 0:
            self.play(self.greedy())
        return tuple(self.scores)
