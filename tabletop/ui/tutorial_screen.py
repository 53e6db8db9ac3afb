"""The tutorial screen: a game's guided first game, step by step, on the game's own board.

`TutorialScreen` shows the steps of the tutorial a game ships (`tabletop.tutorial`) in the
shell every game screen shares (`tabletop.ui.board_shell`): the step's position on the
game's renderer, what to look at framed on the board (`Frame.marks`), the step's
words in the sidebar, and its buttons. A step that asks for a move takes it from the board
as a game does; any other move is refused with the step's reason and what that move would
have done. The other players' answers that follow the learner's move are played on the
board one by one when the learner goes on: the screen drives a `Table` whose other seats
are a `Script` of those answers (`tabletop.play.script`), so the learner's move enters by
`Table.propose` and an answer by `Table.advance`, and the board shows them as a game
screen does (`BoardShell.show_position`, `animate_last`). The step reached is kept in the
data folder (`tabletop.store.tutorials`), so the tutorial resumes there; the last step
starts a real game against the computer (the tutorial's opponent, by default the game's
weakest level).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _, pgettext
from tabletop.levels import computer_name
from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.play.script import SCRIPT, Script
from tabletop.play.table import Answer, Played, Snapshot, Table
from tabletop.record import replay
from tabletop.seats import HUMAN, Seat
from tabletop.store import tutorials
from tabletop.store.paths import reason
from tabletop.tutorial import Step, Tutorial, tutorial_of
from tabletop.ui import game_panels
from tabletop.ui._arcade import arcade
from tabletop.ui.board_shell import BoardShell
from tabletop.ui.failures import PluginFailure
from tabletop.ui.widgets import ACCENT, DIM, ERROR, GOOD, TEXT

if TYPE_CHECKING:
    from tabletop.ui.services import Services

#: The most moves between two steps that are played on the board one by one (the other
#: players' answers); a longer way to the next position is shown at once.
SHOWN_ANSWERS = 3
#: The layout scale from which a refusal also says what the refused move would have done
#: (at 800×600 the step's words and the reason fill the sidebar and the move log would
#: lose its room: tests/ui/test_tutorial_app.py).
ROOMY = 0.9


class TutorialScreen(BoardShell):
    """A game's tutorial at step `number` (see the module)."""

    def __init__(self, services: Services, game_id: str, tutorial: Tutorial,
                 number: int = 1) -> None:
        game = services.host.game(game_id)
        # The seats go by the game's own names ("Blue", "Player 1"), as the rulebook
        # and the steps' words call them.
        super().__init__(services, game_id, game, frozenset({tutorial.seat}), ())
        self.tutorial = tutorial
        #: The game this screen teaches (the rules screen opened over it offers no
        #: "Learn" of the same game).
        self.teaches = game_id
        self.seat = tutorial.seat
        self.number = min(max(1, number), len(tutorial.steps))
        #: The other seats' answers still to play (the table's scripted seats).
        self.script = Script()
        #: The step's position, at a table (the learner's move and the answers are
        #: played on it).
        self.table = self._table(self.number)
        #: True once the learner has played a move the step asks for.
        self.played = False
        #: The moves (notation) still to play on the board on the way to this step.
        self.answers: list[str] = []
        #: A refusal shown and what the refused move would have done, in words.
        self._tried = ("", "")
        self._keep_place(self.number)

    @classmethod
    def open(cls, services: Services, game_id: str, number: int | None = None
             ) -> TutorialScreen:
        """The tutorial of `game_id` at step `number` (default: where the player left it).
        Raises `TabletopError` if the game has none or it cannot be read."""
        game = services.host.game(game_id)
        tutorial = tutorial_of(game)
        if tutorial is None:
            raise TabletopError(_("{game} has no tutorial").format(
                game=i18n.translated(game.info.name)))
        if number is None:
            number = tutorials.place(services.directory, game_id)
        try:
            return cls(services, game_id, tutorial, number)
        except (TabletopError, PluginFailure):
            raise
        except Exception as exc:  # the game's code raised while replaying the position
            raise PluginFailure(services.failure_message(
                game_id, "replaying its tutorial", exc)) from exc

    # -- the steps -----------------------------------------------------------------------
    @property
    def step(self) -> Step:
        """The step shown."""
        return self.tutorial.step(self.number)

    @property
    def last(self) -> bool:
        """True on the tutorial's last step."""
        return self.number == len(self.tutorial.steps)

    def _table(self, number: int) -> Table:
        """Step `number`'s position at a table, replayed from its start: the learner's
        seat a person, the others the script (raises `TabletopError`)."""
        record = self.tutorial.step(number).record(self.game_id)
        seats = [Seat.person(i) if i == self.seat else Seat.computer(i, SCRIPT)
                 for i in range(record.players)]
        table = Table.from_record(self.services.host, record, seats,
                                  plugin=self.services.plugin_name(self.game_id),
                                  agents={SCRIPT: self.script})
        table.listen(self._on_event)
        return table

    @property
    def snapshot(self) -> Snapshot:
        """The table as the learner's seat sees it."""
        return self.table.snapshot(self.seat)

    def _go(self, number: int) -> None:
        """Show step `number`: its answers played on the board if they follow from what
        is shown (a step or two on), else its position at once."""
        step = self.tutorial.step(number)
        shown = list(self.snapshot.notations)
        ahead = list(step.moves[len(shown):])
        follows = (number > self.number and list(step.moves[:len(shown)]) == shown
                   and self.table.players == step.start.players
                   and 0 < len(ahead) <= SHOWN_ANSWERS)
        if follows:
            # The answers as moves: read in the positions they are played in (the step's
            # record replayed), so that a scripted seat needs no view of the state.
            self.script.load(replay(self.game, step.record(self.game_id)).moves[len(shown):])
        else:
            self.script.load(())
            self.table = self._table(number)
            ahead = []
        self.number, self.played, self.answers = number, False, ahead
        self.message = ""
        self.log_scroll = 0
        self.stage.show(hint=None)
        self._keep_place(number)
        self._needs_position = True
        self.invalidate()

    def notation_of(self, ply: int) -> str:
        """The notation of the move played at `ply` of the shown history."""
        return self.snapshot.notations[ply]

    def _keep_place(self, number: int) -> None:
        try:
            tutorials.keep_place(self.services.directory, self.game_id, number)
        except (OSError, ValueError) as exc:
            self.message = one_line(_("Your place in the tutorial cannot be kept "
                                      "({reason}).").format(reason=reason(exc)))

    def next(self) -> None:
        """Next (N): the next step; on the last, the real game against the computer."""
        if not self.may_go_on:
            return
        if self.answers:  # the answers are still being played: show the step at once
            self._finish_answers()
            return
        if self.last:
            self.play_for_real()
            return
        self._go(self.number + 1)

    def back(self) -> None:
        """Back (Backspace): the step before, from its own position."""
        if self.number > 1:
            self._go(self.number - 1)

    @property
    def may_go_on(self) -> bool:
        """True when Next may be pressed: the step asks nothing, or its move was played."""
        return not self.step.asks or self.played or bool(self.answers)

    def show_me(self) -> None:
        """Show me (H): the move the step asks for, marked on the board."""
        moves = self.asked()
        if moves and not self.played and not self.answers:
            self.stage.show(hint=moves[0])
            self.message = _("This one: {move}.").format(move=self.table.notation(moves[0]))
            self.invalidate()

    def asked(self) -> list[Any]:
        """The moves the step asks for, read in the table's position (those that do not
        read are left out: the kit reports them)."""
        moves = []
        for text in self.step.ask:
            try:
                moves.append(self.table.read_move(text))
            except TabletopError:
                continue
        return moves

    def play_for_real(self) -> None:
        """The tutorial's end: a real game against the computer, the learner at their
        seat (and the tutorial starts again from its first step next time)."""
        specs = self.services.host.agent_specs(self.game_id)
        opponent = self.opponent
        players = self.tutorial.start.players
        agents = [HUMAN if seat == self.seat else opponent for seat in range(players)]
        self._keep_place(1)
        try:
            opening = Table.opening(self.game, players, {}, random.SystemRandom().randrange(
                2**31), agents, self.services.plugin_name(self.game_id))
        except TabletopError as exc:
            self.message = one_line(_("The game cannot start: {reason}").format(reason=exc))
            self.invalidate()
            return
        seats = [Seat.person(i) if agent == HUMAN else
                 Seat.computer(i, agent, computer_name(specs, agent))
                 for i, agent in enumerate(agents)]
        self.navigator.start_game(self.game_id, opening, seats)

    @property
    def opponent(self) -> str:
        """The agent of the real game at the end: the tutorial's opponent if the game has
        it, else its weakest level (levels are registered weakest first), else its
        strongest agent."""
        host = self.services.host
        specs = host.agent_specs(self.game_id)
        if self.tutorial.opponent in {spec.name for spec in specs}:
            return str(self.tutorial.opponent)
        levels = [spec.name for spec in specs if spec.level is not None]
        return levels[0] if levels else host.strongest_agent(self.game_id).name

    @property
    def opponent_name(self) -> str:
        """How the real game's opponent is named on the last step's button."""
        return computer_name(self.services.host.agent_specs(self.game_id), self.opponent)

    # -- what the shell asks -------------------------------------------------------------
    @property
    def plies(self) -> int:
        return self.table.plies

    def notation(self, move: Any) -> str:
        return self.table.notation(move)

    def _position_text(self) -> str:
        return self.table.position_text(self.seat)

    @property
    def interactive(self) -> bool:
        """True when the learner may choose a move on the board now."""
        return (self.step.asks and not self.played and not self.answers
                and self.overlay is None and self.table.to_move == self.seat)

    def push_position(self) -> None:
        self.show_position(self.snapshot, self.interactive, legal=False,
                           last=self._played_here(),
                           marks=() if self.answers else tuple(self.step.look))

    def _played_here(self) -> bool:
        """True when the last move shown was played on the way to this step or in it: a
        move of an earlier step (and the red note of what it did) is not this step's."""
        if self.number == 1:
            return bool(self.table.plies)
        before = self.tutorial.step(self.number - 1)
        earlier = len(before.moves) if before.start == self.step.start else 0
        return self.table.plies > earlier

    def submit(self, move: Any) -> None:
        """A move chosen on the board: played if the step asks for it, else refused with
        the step's reason and what the move would have done."""
        if not self.interactive:
            self.message = self.why_nothing(None)
        elif move in self.asked():
            self.played = True  # shown as played while the table tells of the move
            proposal = self.table.propose(move)
            if proposal.answer in (Answer.CONFIRM, Answer.CONSENT):
                self.table.confirm(move)  # the step asks for it: asked and agreed
            elif proposal.answer is not Answer.PLAYED:
                self.played = False
                self.message = proposal.reason
                self.invalidate()
                return
            self.message = i18n.translated(self.step.done) if self.step.done else _(
                "Well played.")
            self._needs_position = True
        else:
            text = self.table.notation(move)
            said = (self.table.explain(move) if move in self.snapshot.legal else ""
                    ).rstrip(". ")
            self.message = one_line(_("Not this move. {reason}").format(
                reason=i18n.translated(self.step.why_not)), 600)
            self._tried = (self.message, _("{move}: {effect}.").format(
                move=text, effect=f"{said[:1].lower()}{said[1:]}") if said else "")
            self._needs_position = True
        self.invalidate()

    def _seat_labels(self) -> list[str]:
        return [self.seat_label(i) for i in range(self.table.players)]

    def _on_event(self, event: object) -> None:
        """A move the table played (the learner's or an answer): shown and animated as
        the game screen shows one (`BoardShell.animate_last`)."""
        if isinstance(event, Played) and self._animating:
            self.push_position()
            self.animate_last(self.snapshot)

    #: False while the rest of the answers are played at once (Next): nothing animates.
    _animating = True

    def _play_answer(self) -> None:
        """The next answer on the way to this step, played at the table: a scripted
        seat's by the table (`advance`), one at the learner's seat proposed for it."""
        self.answers.pop(0)
        if self.table.agent_to_move:
            self.table.advance()
        else:
            self.table.propose(self.script.take())

    def poll(self, delta_time: float) -> None:
        """The answers on the way to this step, one by one as each animation ends."""
        if not self.answers or self.stage.moving:
            return
        self._play_answer()
        self.message = " ".join(line.strip() for line in self.snapshot.lines[-1])
        if not self.answers:
            self._needs_position = True  # the step's marks and its moves, now
        self.invalidate()

    def _finish_answers(self) -> None:
        """Play the rest of the answers at once (Next while they are shown)."""
        self._animating = False
        try:
            while self.answers:
                self._play_answer()
        finally:
            self._animating = True
        self.message = ""
        self._needs_position = True
        self.invalidate()

    def seat_label(self, seat: int) -> str:
        return self.game.info.seat_name(seat)

    def why_nothing(self, explained: str | None) -> str:
        if self.answers:
            return _("Wait: the other side is answering (N shows it at once).")
        if not self.step.asks:
            return _("This step asks for no move: read it, then Next (N).")
        if self.played:
            return _("Well done: Next (N) goes on.")
        return (i18n.translated(explained) if explained else
                _("Nothing to play there: Show me (H) marks the move this step asks for."))

    def leave(self) -> None:
        """Back to the launcher; the tutorial resumes at this step."""
        self.navigator.show_launcher()

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        key = arcade.key
        return {**super().shortcuts(), key.N: self.next, key.PAGEDOWN: self.next,
                key.BACKSPACE: self.back, key.PAGEUP: self.back, key.H: self.show_me}

    def moving(self) -> tuple[bool, ...]:
        return (*super().moving(), bool(self.answers))

    # -- the sidebar ---------------------------------------------------------------------
    def sidebar(self) -> game_panels.Sidebar:
        step, s = self.step, self.snapshot
        count = len(self.tutorial.steps)
        turn = (_("Step {number} of {count} · {sections}").format(
            number=i18n.number(self.number), count=i18n.number(count),
            sections=", ".join(_whole_sections(step.teaches))), DIM)
        scores = self.renderer.scores(s.view)
        asking = step.asks and not self.played and not self.answers
        onward = (_("Play against {level}").format(level=i18n.translated(self.opponent_name))
                  if self.last and not self.answers else _("Next (N)"))
        actions: list[game_panels.Action] = [
            (pgettext("tutorial step", "Back"), self.back, self.number > 1, "back"),
            (onward, self.next, self.may_go_on, "next"),
            (_("Show me (H)"), self.show_me, asking, "show"),
            (_("Rules (F1)"), self.show_rules, True, "rules"),
            (_("Legend (L)"), self.toggle_legend, bool(self.renderer.legend()), "legend"),
            (_("Leave (Esc)"), self.escape, True, "launcher"),
        ]
        status: list[tuple[str, Any]] = [turn, (i18n.translated(step.title), ACCENT),
                                         (i18n.translated(step.text), TEXT)]
        if self.message:
            refused = self.message == self._tried[0]
            status.append((self.refusal if refused else self.message,
                           ERROR if refused else GOOD if self.played else DIM))
        elif asking:
            status.append((_("Your move: play it on the board."), DIM))
        labels = self._seat_labels()
        return game_panels.Sidebar(
            i18n.translated(self.tutorial.title), tuple(status),
            tuple(game_panels.score_lines(labels, scores)), tuple(actions), (),
            s.lines, self.log_scroll, self.preview_actions())

    @property
    def refusal(self) -> str:
        """The refusal of a move the step does not ask for, as the sidebar says it: the
        step's reason, then what that move would have done where the window has room for
        it (a small one keeps the sidebar to the step's words and the reason)."""
        message, what = self._tried
        if what and self.scale >= ROOMY:
            return _("{refusal} ({effect})").format(refusal=message, effect=what)
        return message

    def panel(self) -> game_panels.Panel | None:
        return self.legend_panel() if self.overlay == "legend" else None


def _whole_sections(teaches: Sequence[str]) -> list[str]:
    """The sections a step teaches as its sidebar names them: a section and not its own
    parts (section 6 alone, not with 6.1, 6.2 and 6.3: the parts are in it)."""
    listed = set(teaches)
    return [section for section in teaches
            if not any(section.startswith(whole + ".") for whole in listed)]
