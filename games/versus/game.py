"""`VersusGame`: the rules of Versus behind the host's `Game` contract."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from games.versus import rules as R
from games.versus import saving
from games.versus.board import CELL_NAMES, CELLS
from games.versus.evaluation import static_score
from games.versus.notation import AnyMove, BadText, move_text, read_text
from games.versus.picture import render
from games.versus.pieces import (
    DEFAULT_TARGET_NAMES,
    FIRST_PAWN,
    OWNER,
    SEAT_NAMES,
    VALUE,
    board_from_data,
    check_start,
    check_targets,
    piece_words,
    targets_from_data,
)
from games.versus.state import AgreeDraw, End, Move, Preview, Resign, VersusState
from tabletop.lines import Line, SeatArg
from tabletop.model import (
    Game,
    GameInfo,
    GameOption,
    IllegalMoveError,
    NotationError,
    OptionError,
    Outcome,
)

RULES_HELP = """\
Versus, for two players: Blue (moves first) and Brown.
Each side has a VERSUS and five pawns. A pawn has five sections, some blue, some brown;
it is worth to a player the number of sections of their colour.
On your turn move one element you control:
 - a pawn steps to a free neighbouring hexagon;
 - your VERSUS slides any distance in a straight line over free hexagons (it may not
   stop on a target unless the option allows it).
After your VERSUS moves it looks along its six lines: the first piece on each line, if
it is an opponent's pawn two or more hexagons away, comes one hexagon closer and turns to
your side. A pawn that reaches one of the six targets on the middle row is frozen there.
Tug of war: a pawn attracted in each of the last two plies cannot be attracted again by
the player who does not hold its majority colour, until it has been left alone a ply.
The game ends when all targets are filled, the player to move cannot move, the leader
can no longer be caught, or a position occurs a third time. There is no ply limit (the
option ply_limit sets one for experiments). Pawns on targets score their value to their
controller.
Notation: rows a (Blue's home, bottom) to k (Brown's home, top), cells numbered from the
left: b2-c2 moves a pawn, Va3-e3 the VERSUS; also 'resign' and 'draw'."""

OPTIONS = (
    GameOption("versus_may_stop_on_target", False,
               "a VERSUS may stop on an empty target (the literal reading of the rules)",
               kind=bool, label="VERSUS on a target",
               help="Our ruling keeps a VERSUS off the targets; the literal reading of "
                    "the rules lets it stop on an empty one.",
               presets=(("No (our ruling)", False), ("Yes (the literal reading)", True))),
    GameOption("repetition_limit", 3,
               "the game ends when a position occurs this many times", kind=int, minimum=2,
               label="Repeated positions",
               help="The game ends when the same position comes back this often.",
               presets=(("Twice", 2), ("Three times (the rules)", 3), ("Four times", 4),
                        ("Five times", 5))),
    GameOption("ply_limit", R.NO_PLY_LIMIT,
               "for experiments, not a rule: the game ends, scored as it stands, after "
               "this many plies (0, the default: no limit)", kind=int, minimum=0,
               maximum=1_000_000, label="Move limit",
               help="Not a rule, for experiments: the game stops after this many moves "
                    "and is scored as it stands.",
               presets=(("No limit (the rules)", R.NO_PLY_LIMIT), ("100 moves, 50 each", 100),
                        ("200 moves, 100 each", 200), ("400 moves, 200 each", 400))),
    GameOption("start_position", None,
               "the start position as data (None: the standard one)", kind=object,
               check=check_start, label="Start position",
               help="Where the pieces stand when the game begins (another one is given "
                    "on the command line).",
               presets=(("The standard one (rules §2)", None),)),
    GameOption("targets", None,
               "the target cells as data (None: the six of the central axis)", kind=object,
               check=check_targets, label="Targets",
               help="The cells that freeze a pawn and score it.",
               presets=(("The six of the central row", None),)),
)

#: The whole rulebook, docs/rules/versus.md (shipped in this package as `rules.md`): the
#: app's Rules screen shows this text, so the document and the screen never disagree.
RULES_TEXT = resources.files("games.versus").joinpath("rules.md").read_text(encoding="utf-8")
#: The guided first game (`tabletop.tutorial`), `tutorial.toml` in this package.
TUTORIAL = resources.files("games.versus").joinpath("tutorial.toml").read_text(
    encoding="utf-8")

INFO = GameInfo(
    id="versus",
    name="Versus",
    min_players=2,
    max_players=2,
    hidden_information=False,
    description="Pull your opponent's pawns with your VERSUS and freeze your best ones "
                "on the six targets of the central row.",
    rules_help=RULES_HELP,
    max_plies=None,  # §8: a default game ends only by §6, after no set number of plies
    options=OPTIONS,
    seat_names=SEAT_NAMES,
    rules_text=RULES_TEXT,
    tutorial=TUTORIAL,
)


def _refused(option: GameOption, exc: ValueError) -> OptionError:
    """The data of `option` refused: the reason as it is, after the option's label for
    a player."""
    return OptionError(str(exc), f"{option.title}: {exc}.")


class VersusGame(Game[VersusState, AnyMove]):
    """The Versus rules engine (versus.md); states are `VersusState`, moves `Move`."""

    info = INFO

    # -- creating states -------------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> VersusState:
        """The start position of §2 (or the `start_position` option); Blue to move."""
        self.info.check_players(players)
        opts = self.info.resolve_options(options)
        try:
            board = board_from_data(opts["start_position"] or R.START_POSITION)
        except ValueError as exc:
            raise _refused(self.info.option("start_position"), exc) from None
        try:
            targets = targets_from_data(opts["targets"] or DEFAULT_TARGET_NAMES)
        except ValueError as exc:
            raise _refused(self.info.option("targets"), exc) from None
        rules = R.Rules(targets, opts["versus_may_stop_on_target"],
                        opts["repetition_limit"], opts["ply_limit"])
        try:
            return R.start(rules, board)
        except R.VersusOnTarget as exc:
            rule = self.info.option("versus_may_stop_on_target")
            raise OptionError(str(exc), f"{rule.title}: the start position puts a VERSUS on "
                                        f"the target {exc.cell}, which only "
                                        f"\"{rule.value_text(True)}\" allows.") from None

    # -- playing ---------------------------------------------------------------------
    def to_move(self, state: VersusState) -> int | None:
        """The seat to move, None once the game is over."""
        return None if state.end is not None else state.to_move

    def legal_moves(self, state: VersusState) -> Sequence[AnyMove]:
        """Every pawn step and VERSUS slide, each with the attractions it would make."""
        if state.end is not None:
            return []
        return list(R.listed_moves(state)[0])

    def special_moves(self, state: VersusState) -> Sequence[AnyMove]:
        """The mover's resignation, and a draw by agreement (§6.4).

        `apply` also accepts the other player's resignation (a record may hold one), but
        a front end offers each player their own on their turn.
        """
        if state.end is not None:
            return []
        return [Resign(state.to_move), AgreeDraw()]

    def apply(self, state: VersusState, move: AnyMove) -> VersusState:
        """The state after `move`; raises `IllegalMoveError` if it is not legal here."""
        if state.end is not None:
            raise IllegalMoveError(self._over(state))
        if type(move) is not Move:
            return self._apply_other(state, move)
        frm, to = move.frm, move.to
        if not (type(frm) is int and type(to) is int and 0 <= frm < CELLS
                and 0 <= to < CELLS):
            raise IllegalMoveError(f"{move!r} names a cell off the board")
        code = frm << 7 | to
        if code not in R.listed_moves(state)[1] or move.versus != (
                state.board[frm] < FIRST_PAWN):
            raise IllegalMoveError(_why_illegal(state, move))
        return R.advance(state, code)

    def _over(self, state: VersusState) -> str:
        """Why no move is legal in the finished `state`: its end, which the options
        `repetition_limit` and `ply_limit` may have brought."""
        outcome = self.outcome(state)
        return f"the game is over: {outcome.reason}" if outcome else "the game is over"

    def _apply_other(self, state: VersusState, move: Any) -> VersusState:
        """`apply` for what is not exactly a `Move`: a resignation, a draw, or junk."""
        if isinstance(move, Resign):
            if move.seat not in (0, 1):
                raise IllegalMoveError(f"no seat {move.seat} to resign")
            return R.finish(state, End(R.RESIGNED, move.seat))
        if isinstance(move, AgreeDraw):
            return R.finish(state, End(R.AGREED_DRAW))
        if isinstance(move, Move):  # a subclass: judged as the plain move it names
            return self.apply(state, Move(move.frm, move.to, move.versus))
        raise IllegalMoveError(f"{move!r} is not a Versus move")

    def outcome(self, state: VersusState) -> Outcome | None:
        """Scores as they stand (§7); a resignation loses whatever the score."""
        if state.end is None:
            return None
        blue, brown = R.banked(state.board, state.rules)
        scores = (float(blue), float(brown))
        end = state.end
        # The reason names the seats as arguments; records keep it in the seats' names.
        if end.reason == R.RESIGNED:
            assert end.resigned is not None
            line = Line.of("{player} resigned", player=SeatArg(end.resigned))
            return Outcome(scores, (1 - end.resigned,), line.render(SEAT_NAMES), line)
        if end.reason == R.AGREED_DRAW:
            return Outcome(scores, (), R.AGREED_DRAW, Line(R.AGREED_DRAW))
        winners = (0,) if blue > brown else (1,) if brown > blue else (0, 1)
        line = Line.of(end.reason + ", {blue} {blue_points} - {brown} {brown_points}",
                       blue=SeatArg(0), brown=SeatArg(1), blue_points=blue,
                       brown_points=brown)
        return Outcome(scores, winners, line.render(SEAT_NAMES), line)

    def reward(self, outcome: Outcome, seat: int) -> float:
        """The share of the victory; an agreed draw (nobody wins) is worth one half."""
        return 0.5 if not outcome.winners else outcome.share(seat)

    def evaluate(self, state: VersusState) -> Sequence[float] | None:
        """Per-seat chances in [0, 1] from the static evaluation, for cut-off playouts."""
        score = static_score(state.board, state.pieces, state.rules, 0)
        blue = 1.0 / (1.0 + math.exp(-score / 4.0))
        return (blue, 1.0 - blue)

    # -- notation and pictures -------------------------------------------------------
    def move_to_text(self, state: VersusState, move: AnyMove) -> str:
        """E.g. `b2-c2`, `Va3-e3`, `resign blue`, `draw`."""
        return move_text(move)

    def parse_move(self, state: VersusState, text: str) -> AnyMove:
        """The move `text` names; `NotationError` if it is not notation, else
        `IllegalMoveError` if it is not legal here."""
        try:
            kind, a, b, versus = read_text(text, state.to_move)
        except BadText as exc:
            raise NotationError(str(exc)) from None
        if state.end is not None:
            raise IllegalMoveError(self._over(state))
        if kind == "draw":
            return AgreeDraw()
        if kind == "resign":
            return Resign(a)
        moves, codes = R.listed_moves(state)
        code = R.encode(a, b)
        if code in codes:
            move = moves[codes.index(code)]
            if versus and not move.versus:
                raise IllegalMoveError(f"{CELL_NAMES[a]} holds a pawn, not a VERSUS")
            return move
        probe = Move(a, b, bool(versus) or 0 < state.board[a] < FIRST_PAWN)
        raise IllegalMoveError(_why_illegal(state, probe))

    def render_text(self, state: VersusState, seat: int | None = None) -> str:
        """The board with row and cell labels, the score and whose turn it is (the same
        for every seat: nothing is hidden)."""
        blue, brown = R.banked(state.board, state.rules)
        footer = f"Score: Blue {blue}, Brown {brown}. Ply {state.ply}."
        if state.end is not None:
            outcome = self.outcome(state)
            footer = f"Game over: {outcome.reason if outcome else state.end.reason}."
        return render(state.board, state.rules.is_target, self.to_move(state), footer)

    def describe(self, before: VersusState, move: AnyMove,
                 after: VersusState) -> list[str | Line]:
        """The ply in words: the move, each attraction, the limit, freezes and the end;
        each seat an argument (`tabletop.lines.Line`), so the host names it."""
        who = SeatArg(before.to_move)
        lines: list[str | Line] = []
        if isinstance(move, Resign):
            lines.append(Line.of("{player} resigns.", player=SeatArg(move.seat)))
        elif isinstance(move, AgreeDraw):
            lines.append(Line("The players agree to a draw."))
        else:
            # Full sentences, one per event (the app shows them as the computer's move).
            what = "slides the VERSUS" if move.versus else "moves a pawn"
            lines.append(Line.of("{player} " + what + " from {frm} to {to} ({move}).",
                                 player=who, frm=CELL_NAMES[move.frm],
                                 to=CELL_NAMES[move.to], move=move_text(move)))
            if not move.versus and before.rules.is_target[move.to]:
                lines.append(_worth(after, move.to, "  The pawn reaches the target {cell} "
                                    "and is frozen there: "))
            # The preview the front end showed (kept in `before`), not a second tracing.
            full = R.preview(before, move)
            for pull in full.attractions:
                piece, args = piece_words(before.board[pull.frm], "piece")
                lines.append(Line.of("  The VERSUS pulls " + piece + " from {frm} to {to}; "
                                     "it turns to {player}.", player=who,
                                     frm=CELL_NAMES[pull.frm], to=CELL_NAMES[pull.to],
                                     **args))
                if pull.frozen:
                    lines.append(_worth(after, pull.to, "  It lands on the target {cell} "
                                        "and is frozen there: "))
            for cell in full.refused:
                piece, args = piece_words(before.board[cell], "piece")
                lines.append(Line.of("  The limit (§5) keeps " + piece + " on {cell}: it was "
                                     "pulled in each of the last two moves.",
                                     cell=CELL_NAMES[cell], **args))
        outcome = self.outcome(after)
        if outcome is not None:
            said = outcome.said
            lines.append(Line(f"Game over: {said.text}.", said.args)
                         if isinstance(said, Line) else f"Game over: {said}.")
        return lines

    def explain(self, state: VersusState, move: AnyMove, seat: int) -> Line:
        """What the legal `move` does and gains, in one line: the pawns it pulls, where
        they land, which freeze on a target, the points, the end, and the pawns it
        moved that the opponent's VERSUS could pull at once (`account`); the mover is
        "you" when `seat` is the mover. Raises `IllegalMoveError` if it is not legal."""
        after = self.apply(state, move)
        from games.versus import account  # a hint's words: loaded when first asked for

        return account.explain(state, move, after, seat, self.outcome(after))

    def preview(self, state: VersusState, move: Move) -> Preview:
        """What the legal `move` would do from `state`: the pawns it attracts and those
        the limit of §5 keeps (built on first request, then kept in the state)."""
        return R.preview(state, move)

    # -- saving ----------------------------------------------------------------------
    def state_to_dict(self, state: VersusState) -> dict[str, Any]:
        """The whole state as JSON-ready data (format version 1)."""
        return saving.to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> VersusState:
        """The state `state_to_dict` saved; raises `StateFormatError` if invalid."""
        return saving.from_dict(data)

    # -- learning environments (`spaces`, imported on first use: it brings numpy) ------
    def action_count(self, players: int, options: Mapping[str, Any]) -> int | None:
        """Every (from, to) pair of cells on a line: 2,070 actions (`spaces`)."""
        from games.versus import spaces

        return len(spaces.ACTIONS)

    def action_of(self, state: VersusState, move: AnyMove) -> int:
        """The action of a pawn step or VERSUS slide (`spaces`)."""
        from games.versus import spaces

        return spaces.action_of(move)  # type: ignore[arg-type]

    def move_of(self, state: VersusState, action: int) -> AnyMove:
        """The legal move `action` names here (`IllegalMoveError` otherwise)."""
        from games.versus import spaces

        return spaces.move_of(state, action)

    def legal_actions(self, state: VersusState) -> list[int]:
        """The legal moves' actions, ascending."""
        from games.versus import spaces

        return spaces.legal_actions(state)

    def observation_shape(self, players: int,
                          options: Mapping[str, Any]) -> tuple[int, ...] | None:
        """13 planes of 11 × 11 (`spaces.SHAPE`)."""
        from games.versus import spaces

        return spaces.SHAPE

    def observation_tensor(self, state: VersusState, seat: int) -> Any:
        """The board's planes as `seat` sees them (`spaces.observation_tensor`)."""
        from games.versus import spaces

        return spaces.observation_tensor(state, seat)


def _worth(state: VersusState, cell: int, before: str) -> Line:
    """The line `before` (a template with `{cell}`) then what the pawn frozen on `cell`
    scores: "it scores 3 points for Blue."."""
    code = state.board[cell]
    owner = OWNER[code]
    points = VALUE[owner][code]
    return Line.of(before + "it scores {points} point" + ("s" if points != 1 else "")
                   + " for {owner}.", cell=CELL_NAMES[cell], points=points,
                   owner=SeatArg(owner))


def _why_illegal(state: VersusState, move: Move) -> Line:
    """Why `move` is not legal in `state`: the first rule of §3 it breaks, as this game's
    options have it (its targets, `versus_may_stop_on_target`). A `Line` whose seats are
    arguments: `IllegalMoveError` carries it and the host says "Not allowed: " and it."""
    frm, to = CELL_NAMES[move.frm], CELL_NAMES[move.to]
    code = state.board[move.frm]
    if code == 0:
        return Line(f"{frm} is empty")
    owner = state.controller(move.frm)
    if owner != state.to_move:
        piece, args = piece_words(code, "owner")
        return Line.of(f"{frm} holds {piece}, and {{player}} may move only their own "
                       "pieces (§3)", player=SeatArg(state.to_move), **args)
    if state.frozen(move.frm):
        return Line(f"the pawn on {frm} is frozen on a target: it never moves again (§3)")
    if move.versus != (code < FIRST_PAWN):
        piece, args = piece_words(code, "owner")
        return Line.of(f"{frm} holds {piece}", **args)
    if state.board[move.to]:
        return Line(f"{to} is taken: a piece stops only on a free hexagon (§3)")
    if code >= FIRST_PAWN:
        return Line("a pawn steps to a neighbouring hexagon only (§3)")
    # The stop rule is the one an option changes: the rules say whether it alone refuses
    # the slide, rather than this explanation judging the line a second time.
    if R.encode(move.frm, move.to) in R.refused_stops(state.board, state.pieces,
                                                      state.to_move, state.rules):
        rule = INFO.option("versus_may_stop_on_target")
        return Line(f"a VERSUS may not stop on the target {to} (§3; the option "
                    f"\"{rule.title}\" allows it)")
    return Line("a VERSUS slides in a straight line over free cells only")
