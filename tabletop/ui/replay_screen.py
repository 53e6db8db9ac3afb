"""The replay viewer: a kept game's board at any ply, its move log, autoplay, play on.

First / back / forward / last (Home, ←, →, End), a click on a move in the log jumps to
it, autoplay (Space) at a chosen speed, the result once the last ply is shown, and "Play
on from here", which opens the set-up of a new game that starts at the viewed ply. The
board shows what the players saw: a hidden-information game is drawn from the
observation of the seat of the first person at the table (Verso shows every seat the
same), with the last move marked as in the game, and a step forward animated as the
game animates a move. The renderer is the game's own, never interactive here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.lines import render
from tabletop.model import TabletopError, seat_text
from tabletop.play.terminal import result_text
from tabletop.record import Record, Replay, replay
from tabletop.store.library import HUMAN, Entry, given_names
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.failures import PluginFailure
from tabletop.ui.game_panels import board_and_sidebar
from tabletop.ui.keeper import players_line
from tabletop.ui.renderer import Ply, Rect, RendererContext
from tabletop.ui.stage import Stage
from tabletop.ui.textbox import MIN_POINTS, TextBoxes
from tabletop.ui.widgets import ACCENT, DIM, GOOD, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services

#: Autoplay speeds offered, in moves per second.
SPEEDS = (0.5, 1.0, 2.0, 4.0)


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
        self.renderer_broken = False  # set once the plugin's renderer raised
        agents = record.agents or (HUMAN,) * record.players
        self.seat = next((i for i, a in enumerate(agents) if a == HUMAN), 0)
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
        self.stage.position(self.view_of(self.state), self.game.to_move(self.state), (), False,
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
        self._show()
        if ply == before + 1:
            self.stage.animate(Ply(self.view_of(self.played.states[before]),
                                   self.played.moves[before], self.view_of(self.state)))
        if self.ply == self.last:
            self.playing = False

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
        """Back to the Library."""
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
        if area != self._area:
            self._area = area
            self.stage.set_area(area)
        self.box(panel, PANEL)
        left, inner = panel.left + px(16), panel.width - px(32)
        y = panel.top - px(36)
        self.label(_("Replay: {game}").format(game=i18n.translated(self.game.info.name)), left,
                   y, 20, bold=True, width=inner)
        y -= self.line(13, 2)
        self.label(players_line(self.entry, self.services.host), left, y, 13, DIM, width=inner)
        y -= self.line(15, 1.6)
        self.label(_("Move {number} of {count}").format(number=i18n.number(self.ply),
                                                         count=i18n.number(self.last)),
                   left, y, 15, TEXT)
        y -= px(8)
        # The result has a slot of its own, there or not, so that no button below moves
        # when the last move is reached (a longer result is cut, whole on hover).
        outcome = self.played.outcome(self.game, self.ply)
        slot = Rect(left, y - px(4) - 3 * self.line(13, 1.3), inner, 3 * self.line(13, 1.3))
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

    def _build_log(self, left: float, width: float, bottom: float, top: float) -> None:
        """The moves, one row per ply (wrapped rows cut), around the viewed ply."""
        px = self.px
        self.label(_("Moves (click to jump)"), left, top - px(16), 14, ACCENT, bold=True)
        # A move's sentence gets two lines where one would cut most of them (800x600).
        probe = arcade.Text("", 0, 0, font_size=max(px(11), MIN_POINTS), font_name=FONT_SANS)
        sample = [self.move_row(n) for n in range(1, min(len(self.played.moves), 12) + 1)]
        too_long = 0
        for text in sample:
            probe.text = f"000. {text}"
            too_long += probe.content_width > width
        lines = 2 if too_long * 2 > len(sample) else 1
        row_h = self.line(11, 1.35) * lines + px(4)
        room = int((top - px(30) - bottom) // row_h)
        self._log_rows = []
        if room <= 0:
            return
        # One row per ply, the game's own sentence with the players' names ("Alice keeps
        # orange 5"), cut to the row (whole on hover).
        count = len(self.played.moves)
        # The list scrolls only when the viewed move would leave it: a row clicked stays
        # under the pointer (re-centring at each step moved the rows and the next click
        # landed on another move).
        first = self._log_first
        if self.ply and self.ply - 1 < first:
            first = self.ply - 1
        elif self.ply > first + room:
            first = self.ply - room
        first = self._log_first = max(0, min(first, count - room))
        y = top - px(30)
        for index in range(first, min(count, first + room)):
            rect = Rect(left - px(4), y - row_h + px(3), width + px(8), row_h)
            if index + 1 == self.ply:
                self.box(rect, (60, 78, 110, 255))
            self._log_rows.append((rect, index + 1))
            self.label(f"{index + 1}. {self.move_row(index + 1)}", left, rect.top - px(2),
                       11, TEXT if index + 1 <= self.ply else DIM, anchor_y="top",
                       multiline=lines > 1, box=Rect(left, rect.bottom, width, rect.height))
            y -= row_h

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
            arcade.key.SPACE: self.toggle_play}
        if symbol in keys:
            keys[symbol]()
            return
        super().on_key_press(symbol, modifiers)

    def on_escape(self) -> None:
        self.back()
