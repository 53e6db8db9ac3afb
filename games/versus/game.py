"""`VersusGame`: the rules of Versus behind the host's `Game` contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from games.versus import rules as R
from games.versus import saving
from games.versus.board import CELL_NAMES, CELLS
from games.versus.evaluation import static_score, win_chance
from games.versus.notation import AnyMove, BadText, move_text, read_text
from games.versus.picture import render as picture
from games.versus.pieces import (
    DEFAULT_TARGET_NAMES,
    FIRST_PAWN,
    OWNER,
    SEAT_NAMES,
    VALUE,
    board_from_data,
    check_start,
    check_targets,
    piece_args,
    piece_kind,
    targets_from_data,
)
from games.versus.state import AgreeDraw, End, Move, Preview, Resign, VersusState
from games.versus.words import CATALOG, _
from tabletop.i18n import N_
from tabletop.lines import Line, SeatArg, render
from tabletop.model import (
    Game,
    GameInfo,
    GameOption,
    IllegalMoveError,
    LearningSpaces,
    NotationError,
    OptionError,
    Outcome,
)

RULES_HELP = N_("""\
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
left: b2-c2 moves a pawn, Va3-e3 the VERSUS; also 'resign' and 'draw'.""")

#: The preset that lets a VERSUS stop on a target (a start position may then put it there).
LITERAL_READING = N_("Yes (the literal reading)")

OPTIONS = (
    GameOption("versus_may_stop_on_target", False,
               N_("a VERSUS may stop on an empty target (the literal reading of the rules)"),
               kind=bool, label=N_("VERSUS on a target"),
               help=N_("Our ruling keeps a VERSUS off the targets; the literal reading of "
                       "the rules lets it stop on an empty one."),
               presets=((N_("No (our ruling)"), False), (LITERAL_READING, True))),
    GameOption("repetition_limit", 3,
               N_("the game ends when a position occurs this many times"), kind=int,
               minimum=2, label=N_("Repeated positions"),
               help=N_("The game ends when the same position comes back this often."),
               presets=((N_("Twice"), 2), (N_("Three times (the rules)"), 3),
                        (N_("Four times"), 4), (N_("Five times"), 5))),
    GameOption("ply_limit", R.NO_PLY_LIMIT,
               N_("for experiments, not a rule: the game ends, scored as it stands, after "
                  "this many plies (0, the default: no limit)"), kind=int, minimum=0,
               maximum=1_000_000, label=N_("Move limit"),
               help=N_("Not a rule, for experiments: the game stops after this many moves "
                       "and is scored as it stands."),
               presets=((N_("No limit (the rules)"), R.NO_PLY_LIMIT),
                        (N_("100 moves, 50 each"), 100), (N_("200 moves, 100 each"), 200),
                        (N_("400 moves, 200 each"), 400))),
    GameOption("start_position", None,
               N_("the start position as data (None: the standard one)"), kind=object,
               check=check_start, label=N_("Start position"),
               help=N_("Where the pieces stand when the game begins (another one is given "
                       "on the command line)."),
               presets=((N_("The standard one (rules §2)"), None),)),
    GameOption("targets", None,
               N_("the target cells as data (None: the six of the central axis)"),
               kind=object, check=check_targets, label=N_("Targets"),
               help=N_("The cells that freeze a pawn and score it."),
               presets=((N_("The six of the central row"), None),)),
)

#: The whole rulebook, docs/rules/versus.md (shipped in this package as `rules.md`): the
#: app's Rules screen shows this text, so the document and the screen never disagree.
RULES_TEXT = resources.files("games.versus").joinpath("rules.md").read_text(encoding="utf-8")
#: The rulebook in French and German, docs/rules/versus.fr.md and versus.de.md (shipped
#: as `rules.fr.md`, `rules.de.md`), with the same sections.
RULES_TRANSLATIONS = {
    language: resources.files("games.versus").joinpath(f"rules.{language}.md").read_text(
        encoding="utf-8") for language in ("fr", "de")}
#: The guided first game (`tabletop.tutorial`), `tutorial.toml` in this package.
TUTORIAL = resources.files("games.versus").joinpath("tutorial.toml").read_text(
    encoding="utf-8")

INFO = GameInfo(
    id="versus",
    name="Versus",
    min_players=2,
    max_players=2,
    hidden_information=False,
    description=N_("Pull your opponent's pawns with your VERSUS and freeze your best ones "
                   "on the six targets of the central row."),
    rules_help=RULES_HELP,
    max_plies=None,  # §8: a default game ends only by §6, after no set number of plies
    options=OPTIONS,
    seat_names=SEAT_NAMES,
    rules_text=RULES_TEXT,
    tutorial=TUTORIAL,
    catalog=CATALOG,
    rules_translations=RULES_TRANSLATIONS,
)


def _refused(option: GameOption, exc: ValueError) -> OptionError:
    """The data of `option` refused: the reason as it is, after the option's label for
    a player."""
    return OptionError(str(exc), _("{option}: {problem}.").format(option=_(option.label),
                                                                   problem=exc))


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
            raise OptionError(str(exc), _(
                "{option}: the start position puts a VERSUS on the target {cell}, which "
                "only \"{value}\" allows.").format(option=_(rule.label), cell=exc.cell,
                                                   value=_(LITERAL_READING))) from None

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
            raise IllegalMoveError(Line.of("{move} names a cell off the board",
                                           move=repr(move)))
        code = frm << 7 | to
        if code not in R.listed_moves(state)[1] or move.versus != (
                state.board[frm] < FIRST_PAWN):
            raise IllegalMoveError(_why_illegal(state, move))
        return R.advance(state, code)

    def _over(self, state: VersusState) -> Line:
        """Why no move is legal in the finished `state`: its end, which the options
        `repetition_limit` and `ply_limit` may have brought (the seats as the game names
        them, in the player's language)."""
        outcome = self.outcome(state)
        if outcome is None:
            return Line.of("the game is over")
        return Line.of("the game is over: {reason}", reason=render(outcome.said, seat_words()))

    def _apply_other(self, state: VersusState, move: Any) -> VersusState:
        """`apply` for what is not exactly a `Move`: a resignation, a draw, or junk."""
        if isinstance(move, Resign):
            if move.seat not in (0, 1):
                raise IllegalMoveError(Line.of("no seat {seat} to resign", seat=move.seat))
            return R.finish(state, End(R.RESIGNED, move.seat))
        if isinstance(move, AgreeDraw):
            return R.finish(state, End(R.AGREED_DRAW))
        if isinstance(move, Move):  # a subclass: judged as the plain move it names
            return self.apply(state, Move(move.frm, move.to, move.versus))
        raise IllegalMoveError(Line.of("{move} is not a Versus move", move=repr(move)))

    def outcome(self, state: VersusState) -> Outcome | None:
        """Scores as they stand (§7); a resignation loses whatever the score."""
        if state.end is None:
            return None
        blue, brown = R.banked(state.board, state.rules)
        scores = (float(blue), float(brown))
        end = state.end
        # The reason names the seats as arguments; records keep it in English, in the
        # seats' names.
        if end.reason == R.RESIGNED:
            assert end.resigned is not None
            line = Line.of(_ENDS[R.RESIGNED][0], player=SeatArg(end.resigned))
            return Outcome(scores, (1 - end.resigned,), line.english(SEAT_NAMES), line)
        if end.reason == R.AGREED_DRAW:
            return Outcome(scores, (), R.AGREED_DRAW, Line.of(_ENDS[R.AGREED_DRAW][0]))
        winners = (0,) if blue > brown else (1,) if brown > blue else (0, 1)
        line = Line.of(_ENDS[end.reason][0], blue=SeatArg(0), brown=SeatArg(1),
                       blue_points=blue, brown_points=brown)
        return Outcome(scores, winners, line.english(SEAT_NAMES), line)

    def evaluate(self, state: VersusState) -> Sequence[float] | None:
        """Per-seat chances in [0, 1] from the static evaluation, for cut-off playouts."""
        blue = win_chance(static_score(state.board, state.pieces, state.rules, 0))
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
            raise NotationError(exc.line) from None
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
                raise IllegalMoveError(Line.of("{cell} holds a pawn, not a VERSUS",
                                               cell=CELL_NAMES[a]))
            return move
        probe = Move(a, b, bool(versus) or 0 < state.board[a] < FIRST_PAWN)
        raise IllegalMoveError(_why_illegal(state, probe))

    def render_text(self, state: VersusState, seat: int | None = None) -> str:
        """The board with row and cell labels, the score and whose turn it is (the same
        for every seat: nothing is hidden)."""
        blue, brown = R.banked(state.board, state.rules)
        footer = _("Score: Blue {blue}, Brown {brown}. Ply {ply}.").format(
            blue=blue, brown=brown, ply=state.ply)
        if state.end is not None:
            outcome = self.outcome(state)
            footer = _("Game over: {reason}.").format(
                reason=render(outcome.said, seat_words()) if outcome else state.end.reason)
        return picture(state.board, state.rules.is_target, self.to_move(state), footer)

    def describe(self, before: VersusState, move: AnyMove,
                 after: VersusState) -> list[str | Line]:
        """The ply in words: the move, each attraction, the limit, freezes and the end;
        each seat an argument (`tabletop.lines.Line`), so the host names it."""
        who = SeatArg(before.to_move)
        lines: list[str | Line] = []
        if isinstance(move, Resign):
            lines.append(Line.of("{player} resigns.", player=SeatArg(move.seat)))
        elif isinstance(move, AgreeDraw):
            lines.append(Line.of("The players agree to a draw."))
        else:
            # Full sentences, one per event (the app shows them as the computer's move);
            # each a whole template, so a translation words it its own way.
            lines.append(Line.of(_MOVED[move.versus], player=who, frm=CELL_NAMES[move.frm],
                                 to=CELL_NAMES[move.to], move=move_text(move)))
            if not move.versus and before.rules.is_target[move.to]:
                lines.append(_worth(after, move.to, _REACHES))
            # The preview the front end showed (kept in `before`), not a second tracing.
            full = R.preview(before, move)
            for pull in full.attractions:
                code = before.board[pull.frm]
                lines.append(Line.of(_PULLS[piece_kind(code)], player=who,
                                     frm=CELL_NAMES[pull.frm], to=CELL_NAMES[pull.to],
                                     **piece_args(code, "piece")))
                if pull.frozen:
                    lines.append(_worth(after, pull.to, _LANDS))
            for cell in full.refused:
                code = before.board[cell]
                lines.append(Line.of(_KEEPS[piece_kind(code)], cell=CELL_NAMES[cell],
                                     **piece_args(code, "piece")))
        outcome = self.outcome(after)
        if outcome is not None:
            said = outcome.said
            if isinstance(said, Line):
                reason = next((over for told, over in _ENDS.values() if told == said.text),
                              f"Game over: {said.text}.")
                lines.append(Line(reason, said.args))
            else:
                lines.append(f"Game over: {said}.")
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

    # -- capabilities ------------------------------------------------------------------
    def spaces(self) -> LearningSpaces[VersusState, AnyMove]:
        """2,070 actions and 13 planes per seat (`spaces`, imported on first use: it
        brings numpy)."""
        from games.versus import spaces

        return spaces.VersusSpaces(self)


#: Each end (§6) as the outcome says it, and as the log's last line says it: whole
#: templates, so a translation words each its own way (the first also name the ends in
#: records, as `R`'s reasons then the score).
_ENDS = {
    R.TARGETS_FULL: (
        N_("all targets hold pawns, {blue} {blue_points} - {brown} {brown_points}"),
        N_("Game over: all targets hold pawns, {blue} {blue_points} - {brown} "
           "{brown_points}.")),
    R.NO_MOVE: (
        N_("no legal move, {blue} {blue_points} - {brown} {brown_points}"),
        N_("Game over: no legal move, {blue} {blue_points} - {brown} {brown_points}.")),
    R.DECIDED: (
        N_("the game is decided, {blue} {blue_points} - {brown} {brown_points}"),
        N_("Game over: the game is decided, {blue} {blue_points} - {brown} "
           "{brown_points}.")),
    R.REPETITION: (
        N_("position repeated, {blue} {blue_points} - {brown} {brown_points}"),
        N_("Game over: position repeated, {blue} {blue_points} - {brown} "
           "{brown_points}.")),
    R.PLY_LIMIT: (
        N_("ply limit reached, {blue} {blue_points} - {brown} {brown_points}"),
        N_("Game over: ply limit reached, {blue} {blue_points} - {brown} "
           "{brown_points}.")),
    R.RESIGNED: (N_("{player} resigned"), N_("Game over: {player} resigned.")),
    R.AGREED_DRAW: (N_("draw agreed"), N_("Game over: draw agreed.")),
}

#: A move in the log: a pawn's step, a VERSUS's slide (`Move.versus`).
_MOVED = {
    False: N_("{player} moves a pawn from {frm} to {to} ({move})."),
    True: N_("{player} slides the VERSUS from {frm} to {to} ({move})."),
}
#: A pull in the log, by the pulled pawn's controller (`piece_kind`).
_PULLS = (
    N_("  The VERSUS pulls {piece}'s pawn of {piece_own} blue and {piece_other} brown "
       "sections from {frm} to {to}; it turns to {player}."),
    N_("  The VERSUS pulls {piece}'s pawn of {piece_own} brown and {piece_other} blue "
       "sections from {frm} to {to}; it turns to {player}."),
)
#: A pawn the limit keeps, in the log, by its controller (`piece_kind`).
_KEEPS = (
    N_("  The limit (§5) keeps {piece}'s pawn of {piece_own} blue and {piece_other} brown "
       "sections on {cell}: it was pulled in each of the last two moves."),
    N_("  The limit (§5) keeps {piece}'s pawn of {piece_own} brown and {piece_other} blue "
       "sections on {cell}: it was pulled in each of the last two moves."),
)
#: A pawn that steps onto a target, for 1 point and for any other number.
_REACHES = (
    N_("  The pawn reaches the target {cell} and is frozen there: it scores {points} "
       "point for {owner}."),
    N_("  The pawn reaches the target {cell} and is frozen there: it scores {points} "
       "points for {owner}."),
)
#: A pulled pawn that lands on a target, for 1 point and for any other number.
_LANDS = (
    N_("  It lands on the target {cell} and is frozen there: it scores {points} point "
       "for {owner}."),
    N_("  It lands on the target {cell} and is frozen there: it scores {points} points "
       "for {owner}."),
)
#: A refusal: the piece on the cell is not the mover's, by its kind (`piece_kind`).
_NOT_YOURS = (
    N_("{cell} holds {owner}'s pawn of {owner_own} blue and {owner_other} brown sections, "
       "and {player} may move only their own pieces (§3)"),
    N_("{cell} holds {owner}'s pawn of {owner_own} brown and {owner_other} blue sections, "
       "and {player} may move only their own pieces (§3)"),
    N_("{cell} holds {owner}'s VERSUS, and {player} may move only their own pieces (§3)"),
)
#: A refusal: the move is a pawn's and the cell holds a VERSUS, or the other way round.
_HOLDS = (
    N_("{cell} holds {owner}'s pawn of {owner_own} blue and {owner_other} brown sections"),
    N_("{cell} holds {owner}'s pawn of {owner_own} brown and {owner_other} blue sections"),
    N_("{cell} holds {owner}'s VERSUS"),
)


def seat_words() -> tuple[str, ...]:
    """The seats as the game names them, in the player's language ("Blue", "Bleu")."""
    return tuple(_(name) for name in SEAT_NAMES)


def _worth(state: VersusState, cell: int, templates: tuple[str, str]) -> Line:
    """The line of the pawn frozen on `cell` and what it scores ("... it scores 3
    points for Blue."): `templates` for 1 point and for any other number."""
    code = state.board[cell]
    owner = OWNER[code]
    points = VALUE[owner][code]
    return Line.of(templates[0] if points == 1 else templates[1], cell=CELL_NAMES[cell],
                   points=points, owner=SeatArg(owner))


def _why_illegal(state: VersusState, move: Move) -> Line:
    """Why `move` is not legal in `state`: the first rule of §3 it breaks, as this game's
    options have it (its targets, `versus_may_stop_on_target`). A `Line` whose seats are
    arguments: `IllegalMoveError` carries it and the host says "Not allowed: " and it."""
    frm, to = CELL_NAMES[move.frm], CELL_NAMES[move.to]
    code = state.board[move.frm]
    if code == 0:
        return Line.of("{cell} is empty", cell=frm)
    owner = state.controller(move.frm)
    if owner != state.to_move:
        return Line.of(_NOT_YOURS[piece_kind(code)], cell=frm, player=SeatArg(state.to_move),
                       **piece_args(code, "owner"))
    if state.frozen(move.frm):
        return Line.of("the pawn on {cell} is frozen on a target: it never moves again (§3)",
                       cell=frm)
    if move.versus != (code < FIRST_PAWN):
        return Line.of(_HOLDS[piece_kind(code)], cell=frm, **piece_args(code, "owner"))
    if state.board[move.to]:
        return Line.of("{cell} is taken: a piece stops only on a free hexagon (§3)", cell=to)
    if code >= FIRST_PAWN:
        return Line.of("a pawn steps to a neighbouring hexagon only (§3)")
    # The stop rule is the one an option changes: the rules say whether it alone refuses
    # the slide, rather than this explanation judging the line a second time.
    if R.encode(move.frm, move.to) in R.refused_stops(state.board, state.pieces,
                                                      state.to_move, state.rules):
        rule = INFO.option("versus_may_stop_on_target")
        # The option's label is an argument: the host shows it in the player's language.
        return Line.of("a VERSUS may not stop on the target {cell} (§3; the option "
                       "\"{option}\" allows it)", cell=to, option=rule.label)
    return Line.of("a VERSUS slides in a straight line over free cells only")
