"""`Reversi`, the game object the plugin registers: the Tabletop contract over `rules`.

Notation: a square's name ("d3") or "pass". Save format: version 1,
`{"version": 1, "size": 8, "discs": "...", "to_move": 0}` with one character per square
("." empty, "b" Black, "w" White), row by row from a1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any

from tabletop import Game, GameInfo, GameOption, Line, Outcome, seat
from tabletop.i18n import N_
from tabletop.model import IllegalMoveError, LearningSpaces, NotationError, StateFormatError
from tabletop_reversi import rules, spaces
from tabletop_reversi.rules import PASS, SEAT_NAMES, SIZES, Move, Position
from tabletop_reversi.words import CATALOG, _

#: The rulebook shipped with the package (rules.md): the app's Rules screen shows it.
RULES_TEXT = files("tabletop_reversi").joinpath("rules.md").read_text(encoding="utf-8")
#: The guided first game (Tabletop's tutorial format), shipped with the package.
TUTORIAL = files("tabletop_reversi").joinpath("tutorial.toml").read_text(encoding="utf-8")
#: The rulebook in French and German (rules.fr.md, rules.de.md), with the same sections.
RULES_TRANSLATIONS = {language: files("tabletop_reversi").joinpath(
    f"rules.{language}.md").read_text(encoding="utf-8") for language in ("fr", "de")}


class Reversi(Game[Position, Move]):
    """Reversi with the Othello rules for two players; see rules.md."""

    info = GameInfo(
        id="reversi", name="Reversi", min_players=2, max_players=2,
        hidden_information=False,
        # Texts the host shows are marked `N_`: it translates them through `catalog`.
        description=N_("Outflank your opponent's discs to turn them your colour; "
                       "most discs at the end wins."),
        rules_help=N_("Place a disc so that it outflanks a line of your opponent's discs, "
                      "which turn over to your colour; pass only when you cannot place. "
                      "When neither player can place, most discs wins."),
        rules_text=RULES_TEXT,
        tutorial=TUTORIAL,
        catalog=CATALOG,
        rules_translations=RULES_TRANSLATIONS,
        # At most one placement per empty square, and never two passes in a row (§5, §6).
        max_plies=2 * (max(SIZES) ** 2 - 4),
        options=(GameOption("size", 8, N_("squares on a side (6, 8 or 10)"), int,
                            choices=SIZES, label=N_("Size")),),
        seat_names=SEAT_NAMES,
    )

    # -- creating states ---------------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> Position:
        """The set-up of rules.md §2 (Reversi has no chance: the seed is not used)."""
        self.info.check_players(players)
        size = self.info.resolve_options(options)["size"]
        return rules.start(size)

    # -- playing -----------------------------------------------------------------------
    def to_move(self, state: Position) -> int | None:
        """The seat to move, None once neither player can place (§6)."""
        return state.to_move

    def legal_moves(self, state: Position) -> list[Move]:
        """The placements from a1 row by row, or the pass when there is none (§3, §5)."""
        return rules.legal_moves(state)

    def apply(self, state: Position, move: Move) -> Position:
        """Place and turn over (§3, §4), or pass (§5)."""
        if move not in rules.legal_moves(state):
            raise IllegalMoveError(self._why_illegal(state, move))
        return rules.play(state, move)

    def _why_illegal(self, state: Position, move: Move) -> Line:
        """Why `move` is refused, a line the host puts in the player's language (the
        square, as the notation writes it, an argument)."""
        if state.to_move is None:
            return Line.of("the game is over")
        if not isinstance(move, Move):
            return Line.of("{move} is not a Reversi move", move=repr(move))
        if move.is_pass:
            return Line.of("you may pass only when you cannot place a disc")
        square = move.square
        if not isinstance(square, int) or not 0 <= square < state.size ** 2:
            return Line.of("{square} is not a square of this board", square=repr(square))
        name = rules.square_name(state.size, square)
        if state.discs[square] != rules.EMPTY:
            return Line.of("{square} is taken", square=name)
        return Line.of("a disc on {square} outflanks no disc", square=name)

    def outcome(self, state: Position) -> Outcome | None:
        """Disc counts once the game is over; more discs wins, equal is a draw (§7)."""
        if state.to_move is not None:
            return None
        black, white = state.count(0), state.count(1)
        won = rules.winners(state)
        # The winner is an argument, `seat(i)`: the host names the seat as it labels it.
        reason = (Line.of("{player} has more discs, {most} to {fewest}", player=seat(won[0]),
                          most=max(black, white), fewest=min(black, white)) if won
                  else Line.of("equal discs, {count} each", count=black))
        # The reason as records keep it: in English, whatever the player's language.
        return Outcome((float(black), float(white)), won, reason.english(SEAT_NAMES), reason)

    # -- notation and pictures ---------------------------------------------------------
    def move_to_text(self, state: Position, move: Move) -> str:
        """"d3" for a placement, "pass" for a pass."""
        return "pass" if move.square is None else rules.square_name(state.size, move.square)

    def parse_move(self, state: Position, text: str) -> Move:
        """The move named by `text` ("d3", "pass"); clear errors for anything else."""
        word = text.strip().lower() if isinstance(text, str) else ""
        if word == "pass":
            move = PASS
        else:
            square = rules.square_of(state.size, word)
            if square is None:
                last = rules.square_name(state.size, state.size ** 2 - 1)
                raise NotationError(Line.of("{text} is not a square (a1 to {last}) or 'pass'",
                                            text=repr(text), last=last))
            move = Move(square)
        if move not in rules.legal_moves(state):
            raise IllegalMoveError(self._why_illegal(state, move))
        return move

    def render_text(self, state: Position, seat: int | None = None) -> str:
        """The board with column letters and row numbers, then whose move it is (the same
        for every seat: nothing is hidden)."""
        size = state.size
        marks = {rules.EMPTY: ".", rules.BLACK: "x", rules.WHITE: "o"}
        lines = ["   " + " ".join(chr(ord("a") + c) for c in range(size))]
        for row in range(size):
            cells = state.discs[row * size:(row + 1) * size]
            lines.append(f"{row + 1:>2} " + " ".join(marks[c] for c in cells))
        black, white = state.count(0), state.count(1)
        if state.to_move is None:
            last = _("Black (x) {black}, White (o) {white}; game over").format(
                black=black, white=white)
        else:
            last = _("Black (x) {black}, White (o) {white}; {player} to move").format(
                black=black, white=white, player=_(SEAT_NAMES[state.to_move]))
        return "\n".join([*lines, last])

    def describe(self, before: Position, move: Move, after: Position) -> list[str | Line]:
        """"Black plays d3 and turns over d4." / "White cannot place a disc and passes.",
        the mover an argument (`seat(i)`) that the host names."""
        mover = before.to_move
        who = seat(mover) if mover is not None else "?"
        if move.square is None:
            return [Line.of("{player} cannot place a disc and passes.", player=who)]
        turned = rules.outflanked(before.discs, before.size, mover or 0, move.square)
        names = ", ".join(rules.square_name(before.size, s) for s in turned)
        return [Line.of("{player} plays {square} and turns over {turned}.", player=who,
                        square=self.move_to_text(before, move), turned=names)]

    # -- saving ------------------------------------------------------------------------
    def state_to_dict(self, state: Position) -> dict[str, Any]:
        """Version 1: size, discs (one character per square) and the seat to move."""
        return {"version": 1, "size": state.size, "discs": state.discs,
                "to_move": state.to_move}

    def state_from_dict(self, data: Mapping[str, Any]) -> Position:
        """The position saved by `state_to_dict`, checked: `StateFormatError` otherwise."""
        if not isinstance(data, Mapping) or data.get("version") != 1:
            raise StateFormatError("not a Reversi position (version 1 expected)")
        size, discs, to_move = data.get("size"), data.get("discs"), data.get("to_move")
        if size not in SIZES or isinstance(size, bool):
            raise StateFormatError(f"Reversi board size must be one of {SIZES}, not {size!r}")
        if not isinstance(discs, str) or len(discs) != size * size or set(discs) - set(
                rules.EMPTY + rules.BLACK + rules.WHITE):
            raise StateFormatError(f"Reversi discs must be {size * size} of '.', 'b', 'w'")
        if isinstance(to_move, bool) or to_move not in (0, 1, None) or rules.next_to_move(
                discs, size, 0 if to_move is None else to_move) != to_move:
            raise StateFormatError(f"Reversi to_move {to_move!r} does not fit the discs")
        return Position(size, discs, to_move)

    # -- capabilities ------------------------------------------------------------------
    def spaces(self) -> LearningSpaces[Position, Move]:
        """Every square and the pass as actions, three planes per seat (`spaces`)."""
        return spaces.ReversiSpaces(self)

    # -- search ------------------------------------------------------------------------
    def evaluate(self, state: Position) -> Sequence[float]:
        """A quick estimate for the generic MCTS: corners and edges held, minus squares
        that give corners away, plus mobility — squashed into a share per seat."""
        size, discs = state.size, state.discs
        score = 0.0
        for square, disc in enumerate(discs):
            if disc != rules.EMPTY:
                score += _weight(size, square) * (1 if disc == rules.BLACK else -1)
        mobility = (len(rules.placements(discs, size, 0))
                    - len(rules.placements(discs, size, 1)))
        black = 1.0 / (1.0 + math.exp(-(score + 2.0 * mobility) / 12.0))
        return (black, 1.0 - black)


def _weight(size: int, square: int) -> float:
    """How much holding `square` is worth: corners most; squares next to an empty corner
    cost, as they hand it to the opponent; edges a little."""
    col, row = square % size, square // size
    edge_col, edge_row = col in (0, size - 1), row in (0, size - 1)
    if edge_col and edge_row:
        return 20.0
    near_col, near_row = col in (1, size - 2), row in (1, size - 2)
    if near_col and near_row:
        return -8.0
    if (edge_col and near_row) or (edge_row and near_col):
        return -3.0
    if edge_col or edge_row:
        return 2.0
    return 1.0

