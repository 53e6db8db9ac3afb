"""The replay viewer: a kept game's board at any ply, its move log, autoplay, play on.

First / back / forward / last (Home, ←, →, End), a click on a move in the log jumps to
it, autoplay (Space) at a chosen speed, the result once the last ply is shown, and "Play
on from here", which opens the set-up of a new game that starts at the viewed ply. The
board shows what the players saw: a hidden-information game is drawn from the
observation of the seat of the first person at the table (Verso shows every seat the
same), with the last move marked as in the game, and a step forward animated as the
game animates a move. The renderer is the game's own, never interactive here.

Review (R) has the computer go through the game (`tabletop.play.review`) on a thread that
hands the plies to a process pool, with its progress and Cancel under the board; the
window never waits for it, and the review is kept (`tabletop.store.reviews`), so a game
is reviewed once. Then the strip under the board shows the evaluation graph (a click
jumps to that move), the viewed move's mark and the better move with the game's own
line for it (B shows it on the board, as the game shows a hint), each seat's
accuracy and counts; N and P jump to the next and previous flagged move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.lines import render
from tabletop.model import TabletopError, seat_text
from tabletop.play.review import FLAGGED, MARK_NAMES, SIGNS, Cancelled, Review, digest, kept_or_new
from tabletop.play.table import verdict_said
from tabletop.play.terminal import result_text
from tabletop.record import Record, Replay, replay
from tabletop.store.library import HUMAN, Entry, given_names
from tabletop.store.reviews import ReviewStore
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.failures import PluginFailure
from tabletop.ui.game_panels import board_and_sidebar
from tabletop.ui.keeper import players_line
from tabletop.ui.renderer import Ply, Rect, RendererContext
from tabletop.ui.stage import Stage
from tabletop.ui.textbox import MIN_POINTS, TextBoxes, wrapped_lines
from tabletop.ui.widgets import ACCENT, BUTTON, DIM, ERROR, FOCUS, GOOD, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services

#: Autoplay speeds offered, in moves per second.
SPEEDS = (0.5, 1.0, 2.0, 4.0)
#: The review strip's height under the board, in design pixels.
STRIP = 136
#: A mark's colour in the graph and the strip.
MARK_COLOURS = {"inaccuracy": (240, 210, 90, 255), "mistake": (245, 150, 60, 255),
                "blunder": ERROR}
#: Each seat's colour in the graph of every seat (apart from the marks' colours).
SEAT_COLOURS = ((90, 160, 255, 255), (200, 140, 235, 255), (110, 205, 130, 255),
                (80, 205, 205, 255), (235, 120, 170, 255), (190, 190, 200, 255))


class ReplayScreen(Screen):
    """One kept game, replayed ply by ply (see the module docstring)."""

    def __init__(self, services: Services, entry: Entry, record: Record, played: Replay) -> None:
        super().__init__(services)
        self.entry = entry
        self.record = record
        self.played = played
        self.game = services.host.game(record.game)
        self.ply = len(played.moves)  # a finished game opens on its result
        self.playing = False
        self.speed = 1
        self._clock = 0.0
        self._area: Rect | None = None
        self._log_rows: list[tuple[Rect, int]] = []
        #: The first move the list shows (it scrolls only to keep the viewed move in it).
        self._log_first = 0
        #: How many lines each move's row takes, for the width and size they were
        #: measured at (the key): a row is as tall as its sentence needs.
        self._row_lines: dict[int, int] = {}
        self._row_lines_for: tuple[float, float, str] | None = None
        self.renderer_broken = False  # set once the plugin's renderer raised
        #: The review (kept, or made by Review), its progress while it runs, its cancel.
        self.review: Review | None = None
        self.review_progress: tuple[int, int] | None = None
        self.review_failed = ""
        self.review_workers = 2
        self.review_budget: Any = None  # None: the review's default (tests: a small one)
        self._review_thread: threading.Thread | None = None
        self._review_cancel = threading.Event()
        self._review_done: Review | None = None
        self._shown_progress: tuple[int, int] | None = None
        #: True while the board previews the better move of the viewed move (B).
        self.previewing = False
        self._graph: tuple[Rect, int] | None = None
        agents = record.agents or (HUMAN,) * record.players
        self.seat = next((i for i, a in enumerate(agents) if a == HUMAN), 0)
        #: The seat whose winning chances the graph shows (None: every seat's; G changes).
        self.graph_seat: int | None = self.seat
        people = frozenset(i for i, a in enumerate(agents) if a == HUMAN)
        #: The names people gave their seats ("" where none), as the game screen shows them.
        self.names = given_names([seat.player for seat in entry.seats],
                                 [seat.agent for seat in entry.seats])
        context = RendererContext(self.game, people, services.settings.colour_blind,
                                  services.settings.animation_seconds,
                                  lambda move: self.game.move_to_text(self.state, move),
                                  self.names, lambda: seat_text(
                                      self.game, self.state,
                                      self.seat if self.game.info.hidden_information else None))
        renderer_cls = services.make_renderer(record.game)
        try:
            self.renderer = renderer_cls(context)
            #: The renderer and what it is shown.
            self.stage = Stage(self.renderer)
        except Exception as exc:  # the plugin's code: named, and the app carries on
            raise PluginFailure(services.failure_message(record.game, "starting its renderer",
                                                    exc)) from exc
        store = self.review_store()
        if store is not None:
            data = store.load(digest(record))
            if data is not None:
                try:
                    self.review = Review.from_dict(data)
                except ValueError:
                    self.review = None
        self._show()

    def labels(self) -> tuple[str, ...]:
        """How the game's lines name each seat: the person's name in place of "Player 2",
        or beside the game's own seat name ("Ada (Crosses)")."""
        return tuple(self.game.info.player_label(seat, name)
                     for seat, name in enumerate(self.names))

    def mover_label(self, seat: int) -> str:
        """A seat as the narrow move list names it: the person's name ("Bob", not
        "Blue"), else the game's own seat name."""
        name = self.names[seat] if seat < len(self.names) else ""
        return name or self.game.info.seat_name(seat)

    def move_row(self, ply: int) -> str:
        """Move `ply` (from 1) as the move list says it: the game's own first sentence for
        it with the players' names ("Alice draws orange 5 and keeps it."), else the
        mover and the notation."""
        names = [self.mover_label(seat) for seat in range(len(self.names))]
        lines = self.played.log[ply - 1] if ply - 1 < len(self.played.log) else ()
        if lines:
            return render(lines[0], names)
        state = self.played.states[ply - 1]
        return _("{player}: {move}").format(
            player=self.mover_label(self.game.to_move(state) or 0),
            move=self.game.move_to_text(state, self.played.moves[ply - 1]))

    def log_row(self, ply: int) -> str:
        """The log's row of move `ply`: its number and `move_row`; the last move's row
        ends with the table's verdict when one ended the game ("Blue resigned.", as the
        game's own log ended, `tabletop.play.table.verdict_said`)."""
        row = f"{ply}. {self.move_row(ply)}"
        if ply == self.last:
            names = [self.mover_label(seat) for seat in range(len(self.names))]
            ending = verdict_said(self.played.outcome(self.game, ply), names)  # as the rows
            if ending:
                return f"{row}\n{ending}"
        return row

    @classmethod
    def open(cls, services: Services, entry_id: str) -> ReplayScreen:
        """The viewer of a kept game; raises `TabletopError` if it does not replay."""
        library = services.keeper.library
        if library is None:
            raise TabletopError(_("the game library is not available"))
        entry = library.get(entry_id)
        record = library.read_record(entry_id)
        played = replay(services.host.game(record.game), record)
        return cls(services, entry, record, played)

    # -- the position --------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The number of plies (the last position's index)."""
        return len(self.played.moves)

    @property
    def state(self) -> Any:
        """The state at the viewed ply."""
        return self.played.states[self.ply]

    def view_of(self, state: Any) -> Any:
        """What the board may show of `state`: itself, or what the seat saw."""
        if not self.game.info.hidden_information:
            return state
        return self.game.observation(state, self.seat)

    def _show(self) -> None:
        """The viewed ply on the board, its last move marked as the game screen marks it
        (so a ply looks the same however it was reached: a step, a jump, Home or End)."""
        states, moves, ply = self.played.states, self.played.moves, self.ply
        better = self.better_move()
        if self.previewing and better is not None:
            # The position before the viewed move, the better move shown on it as the
            # game shows a hint (its own marks: the path, pulls, banks).
            before = states[ply - 1]
            self.stage.position(self.view_of(before), self.game.to_move(before),
                                self.game.legal_moves(before), False, focused=False)
            self.stage.show(hint=better)
            self.invalidate()
            return
        self.previewing = False
        # Nobody is to move once the game ended, by its rules or by the table's verdict
        # (its last position has a seat to move by the rules).
        ended = self.played.outcome(self.game, ply) is not None
        self.stage.position(self.view_of(self.state),
                            None if ended else self.game.to_move(self.state), (), False,
                            None if ply == 0 else Ply(self.view_of(states[ply - 1]),
                                                      moves[ply - 1], self.view_of(states[ply])),
                            focused=False)
        self.invalidate()

    def go(self, ply: int) -> None:
        """Show the position after `ply` moves (animated when it is one step forward)."""
        ply = max(0, min(self.last, ply))
        if ply == self.ply:
            return
        before, self.ply = self.ply, ply
        self.previewing = False
        self._show()
        if ply == before + 1:
            self.stage.animate(Ply(self.view_of(self.played.states[before]),
                                   self.played.moves[before], self.view_of(self.state)))
        if self.ply == self.last:
            self.playing = False

    # -- the review ----------------------------------------------------------------------
    def review_store(self) -> ReviewStore | None:
        """Where reviews are kept (the data folder of the library), if there is one."""
        library = self.services.keeper.library
        return None if library is None else ReviewStore(library.directory)

    @property
    def reviewing(self) -> bool:
        """True while a review runs in the background."""
        return self._review_thread is not None

    def start_review(self) -> None:
        """Review the game in the background (kept: once only), unless one runs or the
        game is reviewed already."""
        if self.review is not None or self.reviewing:
            return
        self.review_failed = ""
        self.review_progress = (0, self.last)
        self._review_cancel = threading.Event()
        self._review_done = None
        host, record, store = self.services.host, self.record, self.review_store()
        cancel, budget, workers = self._review_cancel, self.review_budget, self.review_workers
        factory = self.services.worker.host_factory  # the pool's host: the app's games

        def progress(done: int, total: int) -> None:
            self.review_progress = (done, total)

        def run() -> None:
            try:
                self._review_done = kept_or_new(host, record, store, budget=budget,
                                                workers=workers, progress=progress,
                                                cancel=cancel, host_factory=factory)[0]
            except Cancelled:
                pass
            except Exception as exc:  # an analyst's failure: said, the replay goes on
                self.review_failed = str(exc) or type(exc).__name__

        self._review_thread = threading.Thread(target=run, name="review", daemon=True)
        self._review_thread.start()
        self.invalidate()

    def cancel_review(self) -> None:
        """Stop the review that runs (nothing is kept)."""
        self._review_cancel.set()

    def _poll_review(self) -> None:
        """Once a frame while a review runs: its progress shown, its result taken."""
        thread = self._review_thread
        if thread is None:
            return
        if not thread.is_alive():
            self._review_thread = None
            self.review = self._review_done
            self.review_progress = None
            self.invalidate()
        elif self.review_progress != self._shown_progress:
            # Laid out again only when the progress moved, not every frame.
            self._shown_progress = self.review_progress
            self.invalidate()

    def judgement(self) -> Any:
        """The review's judgement of the viewed move (the last one shown), if any."""
        if self.review is None or self.ply == 0:
            return None
        return self.review.at(self.ply - 1)

    def better_move(self) -> Any:
        """The better move than the viewed one, if the review flagged it."""
        judgement = self.judgement()
        if judgement is None or judgement.mark not in FLAGGED:
            return None
        try:
            return self.game.parse_move(self.played.states[self.ply - 1], judgement.best)
        except TabletopError:
            return None

    def toggle_preview(self) -> None:
        """Show the better move on the board (B), or the game again."""
        self.previewing = not self.previewing and self.better_move() is not None
        self._show()

    def jump_flagged(self, step: int) -> None:
        """The next (N, 1) or previous (P, -1) flagged move."""
        if self.review is None:
            return
        ply = self.review.next_flagged(self.ply - 1, step)
        if ply is not None:
            self.playing = False
            self.go(ply + 1)

    def step(self, delta: int) -> None:
        """One ply back (-1) or forward (+1)."""
        self.go(self.ply + delta)

    def toggle_play(self) -> None:
        """Start or pause autoplay (from the start if the last ply is shown)."""
        if not self.playing and self.ply == self.last:
            self.go(0)
        self.playing = not self.playing
        self._clock = 0.0
        self.invalidate()

    def change_speed(self, step: int) -> None:
        """A slower (-1) or faster (+1) autoplay."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self.invalidate()

    def play_on(self) -> None:
        """Set up a new game that starts at the viewed ply (seats chosen there)."""
        position = replace(self.record, moves=self.record.moves[:self.ply], result=None)
        self.navigator.show_setup(self.record.game, position=position)

    def back(self) -> None:
        """Back to the Library (a review that runs is cancelled)."""
        self.cancel_review()
        self.navigator.show_library()

    # -- per frame -----------------------------------------------------------------------
    def _renderer_failed(self, exc: Exception, doing: str) -> None:
        """The plugin's renderer raised: named in one line, back to the Library (the app
        and the kept game are untouched)."""
        self.playing = False
        self.renderer_broken = True
        self.navigator.show_library(PluginFailure(self.services.failure_message(
            self.record.game, doing, exc)).args[0])

    @property
    def animating(self) -> bool:
        """True while the board plays a step's transition: the window draws every tick
        meanwhile (and once more at its end), else only when something changes."""
        return not self.renderer_broken and self.stage.moving

    def on_update(self, delta_time: float) -> None:
        if self.renderer_broken:
            return
        try:
            self._update(delta_time)
        except Exception as exc:  # the plugin's renderer
            self._renderer_failed(exc, "animating a replay")

    def _update(self, delta_time: float) -> None:
        self._poll_review()
        self.ensure_built()
        self.stage.update(delta_time)
        if not self.playing or self.stage.moving:
            return
        self._clock += delta_time
        if self._clock >= 1.0 / SPEEDS[self.speed]:
            self._clock = 0.0
            self.step(1)

    # -- layout --------------------------------------------------------------------------
    def relayout(self) -> None:
        """The language changed: the texts laid out anew, the board given its area again
        (so the renderer rebuilds the texts it draws)."""
        self._area = None
        self.stage.redraw()
        super().relayout()

    def build(self, width: int, height: int) -> None:
        px = self.px
        area, panel = board_and_sidebar(px, width, height)
        strip = Rect(area.left, area.bottom, area.width, px(STRIP))
        area = Rect(area.left, strip.top + px(8), area.width, area.height - strip.height - px(8))
        self._build_review(strip)
        if area != self._area:
            self._area = area
            self.stage.set_area(area)
        self.box(panel, PANEL)
        left, inner = panel.left + px(16), panel.width - px(32)
        y = panel.top - px(36)
        self.label(_("Replay: {game}").format(game=i18n.translated(self.game.info.name)), left,
                   y, 20, bold=True, width=inner)
        y -= self.line(13, 2)
        self.label(players_line(self.entry, self.services.host), left, y, 13, DIM, width=inner,
                   may_cut=True)  # names, read whole on hover
        y -= self.line(15, 1.6)
        self.label(_("Move {number} of {count}").format(number=i18n.number(self.ply),
                                                         count=i18n.number(self.last)),
                   left, y, 15, TEXT)
        y -= px(8)
        # The result has a slot of its own, there or not, as tall as the final result
        # needs, so that no button below moves when the last move is reached.
        outcome = self.played.outcome(self.game, self.ply)
        tall = self._result_lines(inner) * self.line(13, 1.3)
        slot = Rect(left, y - px(4) - tall, inner, tall)
        if outcome is not None:
            self.label(result_text(self.game, outcome, self.labels()), left, slot.top, 13,
                       GOOD, multiline=True, anchor_y="top", box=slot)
        y = slot.bottom - px(40)
        quarter = (inner - px(24)) / 4
        for i, (label, action, name) in enumerate((
                ("|<", partial(self.go, 0), "first"), ("<", partial(self.step, -1), "back"),
                (">", partial(self.step, 1), "forward"),
                (">|", partial(self.go, self.last), "last"))):
            self.add_button(label, Rect(left + i * (quarter + px(8)), y, quarter, px(34)),
                            action, name=name)
        y -= px(42)
        half = (inner - px(10)) / 2
        self.add_button(_("Pause (Space)") if self.playing else _("Play (Space)"),
                        Rect(left, y, half, px(34)), self.toggle_play, name="play")
        self.add_button("-", Rect(left + half + px(10), y, px(34), px(34)),
                        partial(self.change_speed, -1), name="slower")
        self.label(_("{speed}/s").format(speed=i18n.number(SPEEDS[self.speed])),
                   left + half + px(10) + (half - px(10)) / 2, y + px(17), 12, DIM,
                   anchor_x="center", anchor_y="center")
        self.add_button("+", Rect(left + inner - px(34), y, px(34), px(34)),
                        partial(self.change_speed, 1), name="faster")
        y -= px(42)
        self.add_button(_("Play on from here"), Rect(left, y, inner, px(34)), self.play_on,
                        name="play-on")
        y -= px(42)
        self.add_button(_("Library (Esc)"), Rect(left, y, inner, px(34)), self.back,
                        name="library")
        self._build_log(left, inner, panel.bottom + px(12), y - px(12))

    def _build_review(self, strip: Rect) -> None:
        """Under the board: Review, or its progress and Cancel, or the review itself."""
        px = self.px
        self._graph = None
        self.box(strip, PANEL)
        left, inner = strip.left + px(12), strip.width - px(24)
        top = strip.top - px(10)
        if self.review is None:
            if self.reviewing:
                done, total = self.review_progress or (0, self.last)
                self.label(_("Reviewing: {done}/{total} moves").format(done=done, total=total),
                           left, top - px(16), 13, TEXT, width=inner - px(130))
                bar = Rect(left, top - px(48), inner - px(130), px(16))
                self.box(bar, BUTTON)
                if total:
                    self.box(Rect(bar.left, bar.bottom, bar.width * done / total, bar.height),
                             ACCENT)
                self.add_button(_("Cancel"), Rect(strip.right - px(122), top - px(50),
                                                  px(110), px(34)),
                                self.cancel_review, name="cancel-review")
            else:
                self.label(_("The computer goes through the game with you: where it "
                             "turned, and what was better."), left, top - px(6), 13, DIM,
                           multiline=True, anchor_y="top",  # three lines' room (800x600)
                           box=Rect(left, top - px(96), inner - px(230), px(92)))
                self.add_button(_("Review (R)"), Rect(strip.right - px(222), top - px(44),
                                                      px(210), px(34)),
                                self.start_review, name="review")
            if self.review_failed:
                self.label(_("The review failed: {error}").format(error=self.review_failed),
                           left, strip.bottom + px(10), 12, ERROR, width=inner)
            return
        caption_w = px(210)
        self._build_graph(Rect(left, top - px(44), inner - caption_w - px(10), px(44)))
        who = (_("every seat") if self.graph_seat is None
               else self.mover_label(self.graph_seat))
        # Whose chances the graph shows, and the key that shows another seat's.
        self.label(_("Win %: {seats} (G)").format(seats=who),
                   strip.right - px(12) - caption_w, top - px(22), 11, TEXT,
                   width=caption_w)
        y = top - px(62)
        judgement = self.judgement()
        if judgement is None:
            text = _("N / P: next / previous mistake · G: another seat's graph · click the "
                     "graph to jump")
            colour = DIM
        else:
            sign = SIGNS[judgement.mark]
            text = _("{ply}. {move}{sign}: {mark}").format(
                ply=judgement.ply + 1, move=judgement.played,
                sign=f" {sign}" if sign else "", mark=i18n.translated(
                    MARK_NAMES[judgement.mark]))
            colour = MARK_COLOURS.get(judgement.mark, GOOD if judgement.mark == "best"
                                      else TEXT)
            if judgement.mark in FLAGGED:
                text += " — " + _("Better: {move}").format(move=judgement.best)
                why = judgement.explain_line()
                if why is not None:
                    text += " — " + render(why, self.labels())
                text += " " + (_("(B: back to the game)") if self.previewing
                               else _("(B: show it)"))
        self.label(text, left, y + self.line(12, 1.0) * 0.7, 12, colour, multiline=True,
                   anchor_y="top", box=Rect(left, y - self.line(12, 1.3),
                                            inner, self.line(12, 1.25) * 2))
        y -= self.line(12, 1.3) + self.line(12, 1.2)
        parts = []
        for summary in self.review.summaries():
            if summary.accuracy is None:
                continue
            parts.append(_("{player} {accuracy}: {inaccuracies}?! {mistakes}? {blunders}??")
                         .format(player=self.mover_label(summary.seat),
                                 accuracy=i18n.percent(summary.accuracy / 100, 1),
                                 inaccuracies=summary.inaccuracies,
                                 mistakes=summary.mistakes, blunders=summary.blunders))
        if self.graph_seat is not None:
            self.label(_("Accuracy: {seats}").format(seats=" · ".join(parts)), left, y, 12,
                       TEXT, width=inner)
            return
        # The graph of every seat: each seat's summary in its colour there (the key).
        probe = arcade.Text("", 0, 0, font_size=max(px(12), MIN_POINTS), font_name=FONT_SANS)
        x, right = left, left + inner
        for seat, text in zip((s.seat for s in self.review.summaries()
                               if s.accuracy is not None), parts, strict=False):
            if right - x < px(40):
                break
            self.label(text, x, y, 12, SEAT_COLOURS[seat % len(SEAT_COLOURS)], width=right - x)
            probe.text = text
            x += probe.content_width + px(16)

    def _build_graph(self, rect: Rect) -> None:
        """The evaluation graph of one seat (`graph_seat`): a bar per move (its winning
        chances before the move; its own moves bright, the others' dim), flagged moves of
        every seat in their mark's colour, the viewed move outlined; a click jumps there.
        With no seat chosen, every seat's chances side by side (`_build_every_graph`)."""
        assert self.review is not None
        self.box(rect, (28, 32, 42, 255))
        count = max(1, self.last)
        self._graph = (rect, count)
        width = rect.width / count
        seat = self.graph_seat
        if seat is None:
            self._build_every_graph(rect, width)
            return
        points = dict(self.review.curve(seat))
        middle = rect.bottom + rect.height / 2
        self.box(Rect(rect.left, middle, rect.width, 1), DIM)
        for ply in range(self.last):
            judgement = self.review.at(ply)
            value = points.get(ply)
            if value is None:
                continue
            height = max(1.0, rect.height * value / 100)
            own = judgement is not None and judgement.seat == seat
            colour = MARK_COLOURS.get(judgement.mark if judgement is not None else "",
                                      ACCENT if own else DIM)
            self.box(Rect(rect.left + ply * width + width * 0.1, rect.bottom,
                          max(1.0, width * 0.8), height), colour)
        self._outline_viewed(rect, width)

    def _build_every_graph(self, rect: Rect, width: float) -> None:
        """Every seat's winning chances, a thin bar each per move in the seat's colour
        (a seat's chances hold from its last judged move until its next); flagged moves
        as a tick of their mark's colour at the top."""
        assert self.review is not None
        players = max(1, self.review.players)
        curves = [dict(self.review.curve(seat)) for seat in range(players)]
        held: list[float | None] = [None] * players
        part = width * 0.8 / players
        for ply in range(self.last):
            for seat, points in enumerate(curves):
                held[seat] = points.get(ply, held[seat])
                value = held[seat]
                if value is None:
                    continue
                self.box(Rect(rect.left + ply * width + width * 0.1 + seat * part,
                              rect.bottom, max(1.0, part),
                              max(1.0, rect.height * value / 100)),
                         SEAT_COLOURS[seat % len(SEAT_COLOURS)])
            judgement = self.review.at(ply)
            if judgement is not None and judgement.mark in MARK_COLOURS:
                self.box(Rect(rect.left + ply * width, rect.top - 4, max(2.0, width), 4),
                         MARK_COLOURS[judgement.mark])
        self._outline_viewed(rect, width)

    def _outline_viewed(self, rect: Rect, width: float) -> None:
        if self.ply:
            self.box(Rect(rect.left + (self.ply - 1) * width, rect.bottom, max(2.0, width),
                          rect.height), (0, 0, 0, 0), FOCUS, 2)

    def next_graph(self) -> None:
        """G: the graph of the next seat, then of every seat, then the first seat's."""
        if self.review is None:
            return
        players = self.review.players
        seat = self.graph_seat
        self.graph_seat = (0 if seat is None else None if seat + 1 >= players
                           else seat + 1)
        self.invalidate()

    def _build_log(self, left: float, width: float, bottom: float, top: float) -> None:
        """The moves, one row per ply around the viewed ply, each as many lines as its
        sentence needs (read whole, never cut)."""
        px = self.px
        self.label(_("Moves (click to jump)"), left, top - px(16), 14, ACCENT, bold=True)
        self._log_rows = []
        line_h = self.line(11, 1.35)
        room = top - px(30) - bottom  # the list's height

        def row_h(ply: int) -> float:
            return self._lines_of(ply, width) * line_h + px(4)

        count = len(self.played.moves)
        if count == 0 or room < row_h(1):
            return
        # The list scrolls only when the viewed move would leave it: a row clicked stays
        # under the pointer (re-centring at each step moved the rows and the next click
        # landed on another move).
        first = min(self._log_first, count - 1)
        if self.ply - 1 < first:  # (the start, ply 0: from the first move)
            first = max(0, self.ply - 1)
        while first < self.ply - 1 and sum(row_h(n) for n in range(first + 1, self.ply + 1)
                                           ) > room:
            first += 1
        # No empty room under the last move while earlier moves are out of sight.
        while first > 0 and sum(row_h(n) for n in range(first, count + 1)) <= room:
            first -= 1
        self._log_first = first
        y = top - px(30)
        for index in range(first, count):
            height = row_h(index + 1)
            if y - height < bottom - px(3):
                break
            rect = Rect(left - px(4), y - height + px(3), width + px(8), height)
            if index + 1 == self.ply:
                self.box(rect, (60, 78, 110, 255))
            self._log_rows.append((rect, index + 1))
            # The game's own sentence with the players' names ("Alice keeps orange 5").
            self.label(self.log_row(index + 1), left, rect.top - px(2),
                       11, TEXT if index + 1 <= self.ply else DIM, anchor_y="top",
                       multiline=True, box=Rect(left, rect.bottom, width, rect.height))
            y -= height

    def _result_lines(self, width: float) -> int:
        """How many lines the game's final result takes wrapped to `width` (none for a
        game that did not end)."""
        final = self.played.outcome(self.game, self.last)
        if final is None:
            return 0
        return self._wrapped_lines(result_text(self.game, final, self.labels()), width, 13)

    def _wrapped_lines(self, text: str, width: float, size: float) -> int:
        """How many lines `text` takes at design size `size` (held at the smallest
        size in a small window) wrapped to `width`."""
        return wrapped_lines(text, width, max(self.px(size), MIN_POINTS), font_name=FONT_SANS)

    def _lines_of(self, ply: int, width: float) -> int:
        """How many lines the row of move `ply` takes wrapped to `width` (measured once
        per width, size and language)."""
        points = max(self.px(11), MIN_POINTS)
        key = (width, points, i18n.language())
        if key != self._row_lines_for:
            self._row_lines_for, self._row_lines = key, {}
        if ply not in self._row_lines:
            self._row_lines[ply] = self._wrapped_lines(self.log_row(ply), width, 11)
        return self._row_lines[ply]

    def draw_under_text(self) -> None:
        if self.stage.moving:
            self.renderer.draw_still()
        else:
            self.renderer.draw()

    def laid_out(self) -> TextBoxes:
        """The viewer's texts and the board's (the boxes of the renderer's text layers)."""
        return TextBoxes([*self.texts.items, *self.stage.placed()])

    def on_draw(self) -> None:
        try:
            if self.stage.moving:  # the board's still part kept, `draw` over it
                self.draw_still_frame((self.stage.version, "moving"), self.stage.draw)
            else:
                self.draw_still_frame((self.stage.version,))
        except Exception as exc:  # the plugin's renderer: named, back to the Library
            self._renderer_failed(exc, "drawing a replay")

    # -- input ---------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        try:
            self._mouse_press(x, y)
        except Exception as exc:  # a step runs the plugin's renderer
            self._renderer_failed(exc, "showing a replay's move")

    def _mouse_press(self, x: int, y: int) -> None:
        index = self.button_at(x, y)
        if index >= 0:
            self.focus = index
            self.press(index)
            return
        for rect, ply in self._log_rows:
            if rect.contains(x, y):
                self.playing = False
                self.go(ply)
                return
        if self._graph is not None and self._graph[0].contains(x, y):
            rect, count = self._graph
            self.playing = False
            self.go(min(count, int((x - rect.left) / (rect.width / count)) + 1))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        try:
            self._key_press(symbol, modifiers)
        except Exception as exc:  # a step runs the plugin's renderer
            self._renderer_failed(exc, "showing a replay's move")

    def _key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        keys: dict[int, Callable[[], None]] = {
            arcade.key.HOME: partial(self.go, 0), arcade.key.END: partial(self.go, self.last),
            arcade.key.LEFT: partial(self.step, -1), arcade.key.RIGHT: partial(self.step, 1),
            arcade.key.SPACE: self.toggle_play, arcade.key.R: self.start_review,
            arcade.key.N: partial(self.jump_flagged, 1),
            arcade.key.P: partial(self.jump_flagged, -1), arcade.key.B: self.toggle_preview,
            arcade.key.G: self.next_graph}
        if symbol in keys:
            keys[symbol]()
            return
        super().on_key_press(symbol, modifiers)

    def on_escape(self) -> None:
        if self.reviewing:
            self.cancel_review()
            return
        self.back()
