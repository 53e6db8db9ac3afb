"""The table side of the game screen: a view of the game's `Table` (no layout, no input).

`GamePlay` builds the table (its seats, the app's worker, the stand-in policy, keeping
through the app's keeper), listens to its events (a move is logged, animated and told; a
stand-in named; the end; a save that failed; a hint), sends it people's moves and the
frame's actions (undo, redo, hint, save, offers), drives the computer's turns from the
frame loop at a pace a person can follow, and catches plugin code that raises (naming
the plugin and returning to the launcher). Its layout and drawing are
`tabletop.ui.game_frame`, its input `tabletop.ui.game_screen`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.levels import computer_name
from tabletop.limits import one_line
from tabletop.model import TabletopError
from tabletop.play.session import HINT, MOVE, PluginFailed
from tabletop.play.table import (
    Answer,
    Ended,
    Event,
    Hinted,
    NoAgentLeft,
    Played,
    Policy,
    Replaced,
    Rewound,
    SaveFailed,
    Snapshot,
    Special,
    Table,
    Thought,
    hint_text,
)
from tabletop.play.worker import WorkerLost
from tabletop.record import Record
from tabletop.seats import HUMAN, Seat
from tabletop.store.paths import reason
from tabletop.store.saves import save_copy
from tabletop.ui.board_shell import BoardShell
from tabletop.ui.failures import PluginFailure

if TYPE_CHECKING:
    from tabletop.ui.services import Services


class GamePlay(BoardShell):
    """One game in progress: the table's side of the screen."""

    def __init__(self, services: Services, game_id: str, game: Record,
                 seats: Sequence[Seat] | None = None, entry_id: str | None = None) -> None:
        """The game of `game` (a new game's opening or a kept game: its moves are
        replayed), `seats` as set up (default: as kept with `entry_id`, or unnamed); kept
        in the library before anything is shown (a new entry unless `entry_id` continues
        one), so that Continue finds it even if its board cannot be drawn."""
        # People's names as set up; a continued game keeps the names kept with it.
        people = [seat.name for seat in seats] if seats else None
        seats = list(seats or self._seats(services, game, entry_id))
        #: The one driver of the game: this screen reads its snapshot and sends it
        #: people's moves; it keeps the game (`_keep`) before any listener hears of a move.
        self.table = Table.from_record(services.host, game, seats,
                                       plugin=services.plugin_name(game_id),
                                       budget=services.ai_budget(), policy=Policy.STAND_IN,
                                       worker=services.worker, keep=self._keep)
        if services.keeper.entry_id(self.table) is None:
            services.keeper.start(self.table, people, entry_id)
        super().__init__(services, game_id, self.table.game,
                         frozenset(seat.index for seat in seats if seat.is_person),
                         [seat.name for seat in seats],
                         levels=[seat.shown if not seat.is_person else "" for seat in seats])
        self.table.listen(self._on_event)
        #: Who made the special move awaiting an answer (None: the seat to move).
        self.offer_seat: int | None = None
        self.overlay = "end" if self.table.over else None
        self.message = services.take_save_problem() or ""  # the first autosave may have failed
        #: One status line per failed agent, shown for the rest of the game.
        self.agent_notes: list[str] = []
        #: A save problem the table reported during the current action (None: none).
        self._problem: str | None = None
        #: Seconds a computer's move stays on show before the next one may be played
        #: (counted once its animation has ended): AI turns a person can follow.
        self._hold = 0.0

    @staticmethod
    def _seats(services: Services, game: Record, entry_id: str | None) -> list[Seat]:
        """The seats as set up: the names kept with the game, the computers' levels."""
        specs = services.host.agent_specs(game.game)
        agents = tuple(game.agents) or (HUMAN,) * game.players
        kept = (services.keeper.kept_names(entry_id, agents) if entry_id else None) or []
        return [Seat.kept(i, kept[i] if i < len(kept) else "", agent,
                          computer_name(specs, agent))
                for i, agent in enumerate(agents)]

    @property
    def thinking(self) -> Thought | None:
        """The computer's decision under way, if any."""
        return self.table.thought

    @property
    def stand_ins(self) -> dict[str, str]:
        """Agents that failed in this game, and the agent that plays in their place."""
        return self.table.stand_ins

    @property
    def plies(self) -> int:
        """Moves played so far."""
        return self.table.plies

    def notation(self, move: Any) -> str:
        """`move` in the game's notation in the current position."""
        return self.table.notation(move)

    def _position_text(self) -> str:
        """The position as text for the seat the screen shows (its view only)."""
        return self.table.position_text(
            self.table.viewing_seat() if self.game.info.hidden_information else None)

    def _keep(self, table: Table) -> str | None:
        """Keep the game (queued for the keeper's thread); a failure known by now."""
        self.services.autosave(table)
        return self.services.take_save_problem()

    def _abandon(self, message: str) -> None:
        self.table.thought = self.table.hinting = None
        super()._abandon(message)

    @property
    def snapshot(self) -> Snapshot:
        """The table as the viewing seat may see it (what this screen shows)."""
        return self.table.snapshot()

    def push_position(self) -> None:
        """Tell the renderer the current position (what the viewing seat may see)."""
        shot = self.snapshot
        interactive = (shot.to_move is not None and not shot.agent_to_move
                       and self.overlay is None)
        self.show_position(shot, interactive)

    def submit(self, move: Any) -> None:
        """A move chosen by a person (through the renderer or a button): the table plays
        it, or says what to ask first (a confirm, the others' consent) or why not."""
        proposal = self.table.propose(move)
        if proposal.answer in (Answer.CONSENT, Answer.CONFIRM):
            self.offer, self.offer_seat = move, None
            self.overlay = "offer" if proposal.answer is Answer.CONSENT else "confirm"
        elif proposal.answer is not Answer.PLAYED:
            self.message = proposal.reason
        self.invalidate()

    def submit_special(self, special: Special) -> None:
        """A special move's button (resign, offer a draw): the viewing person's, on their
        turn or not (while the computer thinks); the table answers as for `submit`."""
        proposal = self.table.propose(special.move, special.seat)
        if proposal.answer in (Answer.CONSENT, Answer.CONFIRM):
            self.offer, self.offer_seat = special.move, special.seat
            self.overlay = "offer" if proposal.answer is Answer.CONSENT else "confirm"
        elif proposal.answer is not Answer.PLAYED:
            self.message = proposal.reason
        self.invalidate()

    def _on_event(self, event: Event) -> None:
        """What the table did, shown: a move (logged, animated, told), a stand-in, the
        end, a save that failed, a hint, an undo."""
        if isinstance(event, Played):
            self._show_move(event)
        elif isinstance(event, SaveFailed):
            self._problem = event.message
            self.message = " ".join(m for m in (event.message, self.message) if m)
        elif isinstance(event, Ended):
            self.overlay = "end"
        elif isinstance(event, Replaced):
            self.agent_notes.append(event.message)
        elif isinstance(event, Hinted):
            self.stage.show(hint=event.move)
            # The move in the player's words where the game has them ("garder"); the
            # notation otherwise.
            self.message = hint_text(i18n.translated(self.table.notation(event.move)),
                                     event.why)
        elif isinstance(event, Rewound):
            self.overlay = None
        self.invalidate()

    def _show_move(self, played: Played) -> None:
        """A move was played: the log shows its newest line, the board animates it, and a
        computer's move is told in words on the status line and stays on show for the AI
        pace (Settings) before the next computer move is played."""
        self.message = ""
        if played.by_agent:
            self.message = " ".join(line.strip() for line in self.table.lines(played.ply))
            self._hold = self.services.settings.ai_pause_seconds
        self.push_position()
        self.animate_last(self.snapshot)

    def undo(self) -> None:
        """Go back to the previous human turn, if the engine allows it."""
        self._problem = None
        if self.table.undo():
            self.message = self._problem or _("Move undone.")
            self.push_position()
        else:
            self.message = self.table.undo_refusal()
        self.invalidate()

    def redo(self) -> None:
        """Replay the last undone turn."""
        self._problem = None
        if self.table.redo():
            self.message = self._problem or _("Move redone.")
            self.push_position()
        self.invalidate()

    def hint(self) -> None:
        """Ask the strongest agent for a suggestion; the renderer marks it."""
        if self.table.to_move is None or self.table.agent_to_move or (
                self.table.hinting is not None):
            return
        thought = self.table.think(HINT)
        if thought is not None:
            self.message = _("Looking for a hint ({agent})…").format(
                agent=i18n.translated(thought.agent))
        self.invalidate()

    def save(self) -> None:
        """Save the game under a new name in the saves folder."""
        try:
            path = save_copy(self.services.directory, self.table.record())
        except (OSError, TabletopError) as exc:
            self.message = one_line(_("Save failed: {reason}").format(reason=reason(exc)))
        else:
            # A zero-width space after each separator and dash lets the sidebar wrap it.
            wrappable = str(path).replace(os.sep, os.sep + "\u200b").replace("-", "-\u200b")
            self.message = _("Saved to {path}").format(path=wrappable)
        self.invalidate()

    def leave(self) -> None:
        """Back to the launcher (the game is kept)."""
        self.table.thought = None
        self.navigator.show_launcher()

    def answer_offer(self, accept: bool) -> None:
        """The other player accepts or declines the offered special move (or, for a
        move that ends the game such as resigning, its mover confirms or takes it back)."""
        move, self.offer = self.offer, None
        seat, self.offer_seat = self.offer_seat, None
        asked = self.overlay
        self.overlay = None
        if accept:
            # A resignation out of turn ends the game even while the computer thinks:
            # the table drops that decision, and its answer is never played.
            self.table.confirm(move, seat)
        else:
            if asked == "offer":
                self.table.decline()
            self.message = (_("The offer was declined.") if asked == "offer"
                            else _("You play on."))
            self._needs_position = True
            self.invalidate()

    def poll(self, delta_time: float) -> None:
        """The hint and the computer's move under way; a save that failed meanwhile."""
        if not self.stage.moving:
            self._hold = max(0.0, self._hold - delta_time)
        self._poll_hint()
        self._poll_ai()
        # The keeper writes on its own thread: a write that failed is said when it is known.
        problem = self.services.take_save_problem()
        if problem:
            self.message = problem
            self.invalidate()

    def moving(self) -> tuple[bool, ...]:
        return (*super().moving(), self.move_held)

    def _driving(self, where: str, action: Callable[[], Any]) -> Any:
        """Run a table step whose decision may have failed: a failure the table's policy
        could not deal with (no agent left, a lost worker, the game's code raising in
        the worker) ends the game here, named."""
        try:
            return action()
        except NoAgentLeft as exc:
            raise PluginFailure(_("{failure}. Your game is saved; choose Continue to "
                                  "retry.").format(failure=exc)) from exc
        except WorkerLost as exc:  # not a plugin's fault: the process itself kept dying
            raise PluginFailure(_("{failure}. Your game is saved; choose Continue to "
                                  "retry.").format(failure=exc)) from exc
        except PluginFailed:
            raise
        except Exception as exc:  # raised in the worker by the game's code
            raise PluginFailure(self.services.failure_message(self.game_id, where, exc)) from exc

    def _poll_hint(self) -> None:
        hinting = self.table.hinting
        if hinting is None or not hinting.done():
            return
        failed = len(self.table.stand_ins)
        move = self._driving("finding a hint", lambda: self.table.hint(wait=False))
        if move is None and len(self.table.stand_ins) > failed:
            self.table.think(HINT)  # the stand-in finds it

    def _poll_ai(self) -> None:
        table = self.table
        if table.thought is not None:
            if table.thought.done() and not self._showing_move():
                where = f"choosing a move for the computer ({table.thought.agent})"
                self._driving(where, lambda: table.advance(wait=False))
            return
        if self.overlay is not None or not table.agent_to_move or self.stage.moving:
            return
        table.think(MOVE)
        self.invalidate()

    def _showing_move(self) -> bool:
        """True while the last move is still on show: its animation, then the AI pace."""
        return self.stage.moving or self._hold > 0

    @property
    def move_held(self) -> bool:
        """True when the computer has chosen its move and it waits only for the last
        move's show (its animation, the AI pace) to end."""
        return (self.thinking is not None and self.thinking.done()
                and self._showing_move())

    def seat_label(self, seat: int) -> str:
        """A seat as the screen names it: the person's name, or the game's seat name."""
        return self.table.label(seat)
