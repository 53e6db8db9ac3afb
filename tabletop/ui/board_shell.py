"""The shell around a game's renderer, shared by a game at this screen and an online seat.

`BoardShell` holds what does not depend on who runs the game: the plugin's renderer on
its `Stage` (its area, its frame, the move awaiting VALIDATE, what its input means), the
sidebar or a panel over the board (painted from the snapshots of
`tabletop.ui.game_panels`), the still picture, the focus ring, the board's input and the
frame's keys, and the catching of plugin code that raises. What the sidebar says, what a
move does and who may move come from the subclass: `tabletop.ui.game_screen.GameScreen`
(a `Table` here) or `tabletop.ui.online_screen.OnlineScreen` (a seat at a table on
another computer).
"""

from __future__ import annotations

import sys
import traceback
from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import Game
from tabletop.play.session import PluginFailed
from tabletop.play.table import Snapshot
from tabletop.ui import game_panels
from tabletop.ui._arcade import arcade
from tabletop.ui.failures import PluginFailure, plugin_files, raised_in
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.renderer import (
    Explain,
    Intent,
    Key,
    Play,
    Ply,
    Pointer,
    Press,
    Rect,
    Release,
    Renderer,
    RendererContext,
)
from tabletop.ui.stage import Stage
from tabletop.ui.textbox import TextBoxes
from tabletop.ui.widgets import (
    FOCUS,
    KEYS_NEXT,
    KEYS_PRESS,
    KEYS_PREV,
    PANEL,
    Screen,
)

if TYPE_CHECKING:
    from tabletop.ui.services import Services

#: The button that has the focus when a panel opens (the harmless choice).
OVERLAY_FOCUS = {"offer": "decline", "end": "review", "confirm": "keep", "legend": "close",
                 "leave": "stay", "keys": "close"}


def last_ply(shot: Snapshot) -> Ply | None:
    """The last ply of a table's snapshot as its seat saw it; None at the start."""
    return Ply(*shot.last) if shot.last is not None else None


class BoardShell(Screen, metaclass=ABCMeta):
    """A renderer's board with the sidebar beside it (see the module)."""

    def __init__(self, services: Services, game_id: str, game: Game[Any, Any],
                 seats: frozenset[int], names: Sequence[str],
                 renderer: type[Renderer] | None = None,
                 levels: Sequence[str] = ()) -> None:
        """The shell of `game` for the people at `seats` (`names`: the names people gave
        their seats; `levels`: each computer seat's level, in English, "" for none);
        `renderer` draws it (default: the one the game registered)."""
        super().__init__(services)
        self.game_id = game_id
        self.game = game
        self.overlay: str | None = None
        self.offer: Any = None  # a special move awaiting the others' consent or a confirm
        self.message = ""
        self._area: Rect | None = None
        #: The move log's box, how many rows it is scrolled back from the newest, how
        #: many it shows, and its scroll bar (track and thumb; empty when all show).
        self.log_box = Rect(0, 0, 0, 0)
        self.log_scroll = 0
        self.log_room = 0
        self.log_track = self.log_thumb = game_panels.NOWHERE
        self._needs_position = True
        self._built_overlay: str | None = None
        self._seen: tuple[bool, ...] = ()
        self._dragging_log, self._drag_rows = False, 0.0
        #: True while a frame draws the board over the still frame (see `_draw_live_board`).
        self._board_live = False
        self._dirs = plugin_files(game)
        #: Where the Legend panel shows each of the renderer's symbols (while it is open).
        self.legend_boxes: list[Rect] = []
        #: The names people typed for their seats ("" where none).
        self.names = tuple(names)
        #: Each computer seat's level as players know it ("Expert"; "" for a person).
        self.levels = tuple(levels)
        settings = services.settings
        renderer_cls = renderer or services.make_renderer(game_id)
        context = RendererContext(game, seats, settings.colour_blind,
                                  settings.animation_seconds, self.notation, self.names,
                                  self._position_text, levels=self.levels)
        try:
            self.renderer = renderer_cls(context)
            #: The renderer and what it is shown.
            self.stage = Stage(self.renderer)
        except (Exception, SystemExit) as exc:  # plugin code never ends the app
            raise PluginFailure(services.failure_message(game_id, "starting its renderer", exc)
                                ) from exc
        if renderer_cls is not TextRenderer:
            self._dirs += plugin_files(self.renderer)

    # -- a table's position on the board (the game screen and the tutorial) -------------
    def show_position(self, shot: Snapshot, interactive: bool, *, legal: bool = True,
                      last: bool = True, **more: Any) -> None:
        """Tell the renderer the position of a table's snapshot (what its seat may see):
        whether a person may move on the board (`interactive`), the legal moves (unless
        `legal` is False and it may not) and the last ply (unless `last` is False)."""
        self.stage.position(shot.view, shot.to_move,
                            shot.legal if legal or interactive else (), interactive,
                            last_ply(shot) if last else None, focused=self.board_focused,
                            **more)
        self._needs_position = False

    def animate_last(self, shot: Snapshot) -> None:
        """A table's move was played and its position shown: the board animates the last
        ply, its sounds are heard (and the end's, if it ended the game), and the move log
        shows its newest line."""
        self.log_scroll = 0
        shown = last_ply(shot)
        if shown is None:
            return
        self.stage.animate(shown)
        cues = list(self.renderer.sounds(shown))
        self.services.sounds.play(cues + (["game_end"] if shot.outcome is not None else []))

    # -- what the subclass says ----------------------------------------------------------
    @abstractmethod
    def notation(self, move: Any) -> str:
        """`move` in the game's notation in the current position."""

    @abstractmethod
    def _position_text(self) -> str:
        """The position as text for the seat the screen shows (its view only)."""

    @abstractmethod
    def push_position(self) -> None:
        """Tell the renderer the current position (what the shown seat may see)."""

    @abstractmethod
    def submit(self, move: Any) -> None:
        """A move chosen by a person here (through the renderer or a button)."""

    @property
    @abstractmethod
    def plies(self) -> int:
        """Moves played so far (a press that played one has changed it)."""

    @abstractmethod
    def seat_label(self, seat: int) -> str:
        """A seat as the screen names it: the person's name, or the game's seat name."""

    @abstractmethod
    def sidebar(self) -> game_panels.Sidebar:
        """The snapshot the sidebar paints: turn, scores, buttons, the move log."""

    @abstractmethod
    def panel(self) -> game_panels.Panel | None:
        """The snapshot of the open panel (None: its question is gone)."""

    @abstractmethod
    def why_nothing(self, explained: str | None) -> str:
        """The status line's reason why a press on the board did nothing (`explained`:
        the renderer's reason, if it gave one)."""

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        """The frame's letter keys while the board has the focus."""
        key = arcade.key
        return {key.F1: self.show_rules, key.F11: self.services.toggle_fullscreen,
                key.ESCAPE: self.escape, key.L: self.toggle_legend, key.SLASH: self.toggle_keys,
                key.QUESTION: self.toggle_keys,
                key.PAGEUP: lambda: self.page_log(1), key.PAGEDOWN: lambda: self.page_log(-1),
                key.HOME: lambda: self.log_to_end(False),
                key.END: lambda: self.log_to_end(True)}

    def key_help(self) -> list[tuple[str, str]]:
        """The keys of this screen and what each does, for the Keys panel (?)."""
        return [(_("Arrows, Enter"), _("choose on the board, while it has the focus (its ring)")),
                (_("Tab, Shift+Tab"), _("the board, then each button in turn")),
                (_("Enter, Space"), _("press the button that has the focus")),
                ("Esc", _("drop a previewed move; else leave the game")),
                ("F1", _("the rules")), ("L", _("the legend of the board's symbols")),
                (_("Page Up, Page Down"), _("the move log a page earlier or newer")),
                (_("Home, End"), _("the first moves of the log, the newest")),
                ("F11", _("full screen, or back to a window")), ("?", _("this list"))]

    def toggle_keys(self) -> None:
        """? (the key of / and ?): the list of this screen's keys (again: close it)."""
        if self.overlay == "keys":
            self.show_panel(None)
        elif self.overlay is None:
            self.show_panel("keys")

    def keys_panel(self) -> game_panels.Panel:
        """The Keys panel: each key of this screen and what it does, the game's own keys
        (its renderer's `keys()`) first."""
        game_keys = self._safely("keys", self.renderer.keys) or ()
        lines = [_("{keys}: {what}").format(keys=keys, what=what)
                 for keys, what in (*game_keys, *self.key_help())]
        return game_panels.Panel("keys", _("Keys"), "\n".join(lines),
                                 buttons=((_("Close (? or Esc)"), self.toggle_keys, "close"),))

    def overlay_key(self, symbol: int) -> bool:
        """A subclass's key while a panel is open; True if it used it."""
        return False

    def poll(self, delta_time: float) -> None:
        """Each frame, after the renderer's update: what the game has done meanwhile."""

    @abstractmethod
    def leave(self) -> None:
        """Esc on the board with no previewed move (and the Launcher button)."""

    def moving(self) -> tuple[bool, ...]:
        """What the sidebar shows that may change between two events (a new layout when
        it does): the preview, the animation, and whatever the subclass adds."""
        return self.stage.pending is not None, self.stage.moving

    # -- plugin code, caught -------------------------------------------------------------
    def _safely(self, where: str, action: Callable[..., Any], *args: Any) -> Any:
        """Run `action`; plugin code that raises (or calls `sys.exit`) sends the app to the
        launcher, named (the game stays in the library as it was after its last move)."""
        try:
            return action(*args)
        except PluginFailure as failure:
            self._abandon(str(failure))
        except PluginFailed as failed:  # the session's guard: the game's code in play
            traceback.print_exception(failed, file=sys.stderr)
            said = one_line(failed)
            self._abandon(_("{failure}. Your game is saved; choose Continue to retry.").format(
                failure=f"{said[:1].upper()}{said[1:]}"))
        except (Exception, SystemExit) as exc:  # SystemExit: never out of the event loop
            if not raised_in(exc, self._dirs):
                raise
            self._abandon(self.services.failure_message(self.game_id, where, exc))
        return None

    def _abandon(self, message: str) -> None:
        self.navigator.show_launcher(message)

    def act(self, intent: Intent | None) -> bool:
        """Do what the renderer says an input meant; True if it meant something."""
        if isinstance(intent, Play):
            self.stage.cancel()
            self.submit(intent.move)
        elif isinstance(intent, Explain):
            self.message = self.why_nothing(intent.words)
        elif intent is None:
            return False
        self.invalidate()  # a proposal shows VALIDATE; any change is painted
        return True

    # -- actions every board has ---------------------------------------------------------
    def validate(self) -> None:
        """VALIDATE: submit the move the renderer previews."""
        move = self.stage.pending
        if move is not None:
            self.stage.cancel()
            self.submit(move)
        self.invalidate()

    def cancel_preview(self) -> None:
        """Cancel: drop the previewed move."""
        self.stage.cancel()
        self.invalidate()

    def show_rules(self) -> None:
        """Open the game's rules (F1) on their own screen, with the legend's symbols as
        their last section; closing them comes back here."""
        self.navigator.show_rules(self.game.info, self, self.renderer.legend())

    def show_panel(self, name: str | None) -> None:
        """Open an overlay panel ("offer", "confirm", "end"...) or close it (None)."""
        self.overlay = name
        self.focus = -1
        self._needs_position = True
        self.invalidate()

    def toggle_legend(self) -> None:
        """L: show what the board's symbols mean (again: close it)."""
        if self.overlay == "legend":
            self.show_panel(None)
        elif self.overlay is None and self.renderer.legend():
            self.show_panel("legend")

    def escape(self) -> None:
        """Esc: drop a previewed move, else leave the game (`leave`)."""
        if self.stage.cancel():
            self.invalidate()
            return
        self.leave()

    def score_labels(self, players: int) -> list[str]:
        """Each seat as the narrow score lines name it: the person's name alone, else the
        game's seat name ("Ada 12 · Brown 9": "Ada (Blue)" would cut a long name), a
        computer's with its level, so that nobody learns whom they played at the end
        ("Ada 12 · Brown (Expert) 9")."""
        info = self.game.info
        labels = []
        for i in range(players):
            label = (self.names[i] if i < len(self.names) else "") or info.seat_name(i)
            level = self.levels[i] if i < len(self.levels) else ""
            # In brackets here: the scores are already parted by "·".
            labels.append(_("{player} ({level})").format(
                player=label, level=i18n.translated(level)) if level else label)
        return labels

    def with_level(self, seat: int, label: str) -> str:
        """`label` of `seat` followed by its computer's level in the player's language
        ("Brown · Expert"), or as it is for a person."""
        level = self.levels[seat] if seat < len(self.levels) else ""
        if not level:
            return label
        return _("{player} · {level}").format(player=label, level=i18n.translated(level))

    def preview_actions(self) -> tuple[game_panels.Action, ...]:
        """VALIDATE and Cancel while the board previews a move (else none)."""
        if self.stage.pending is None:
            return ()
        return ((_("VALIDATE"), self.validate, True, "validate"),
                (_("Cancel (Esc)"), self.cancel_preview, True, "cancel"))

    def legend_panel(self) -> game_panels.Panel:
        """The Legend panel: the renderer's symbols, each with its words."""
        return game_panels.Panel(
            "legend", _("Legend: the symbols of {game}").format(
                game=i18n.translated(self.game.info.name)),
            legend=tuple(i18n.translated(line) for line in self.renderer.legend()),
            buttons=((_("Close (L or Esc)"), self.toggle_legend, "close"),))

    @property
    def animating(self) -> bool:
        """True while the renderer plays a move's transition."""
        return self.stage.moving

    @property
    def board_focused(self) -> bool:
        """True when the board has the keyboard focus (no panel open, no button focused)."""
        return self.overlay is None and self.focus_name is None

    # -- each frame ----------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self._safely("updating", self._tick, delta_time)

    def _tick(self, delta_time: float) -> None:
        self.ensure_built()
        self.stage.show(focused=self.board_focused)
        self.stage.update(delta_time)
        self.poll(delta_time)
        seen = self.moving()
        if seen != self._seen:
            self._seen = seen
            self.invalidate()

    # -- layout and drawing --------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        area, panel = game_panels.board_and_sidebar(self.px, width, height)
        if area != self._area:
            self._area = area
            self.stage.set_area(area)
        if self._needs_position:
            self.push_position()
        if self.overlay != self._built_overlay:
            self._built_overlay = self.overlay
            # A panel opens on its harmless button; closing it gives the board the focus.
            self.focus_name = OVERLAY_FOCUS.get(self.overlay or "")
        self.legend_boxes = []
        if self.overlay is not None:
            shown = self.keys_panel() if self.overlay == "keys" else self.panel()
            if shown is None:  # its question is gone: no panel (and no sidebar this time)
                self.overlay = None
                return
            self.legend_boxes = list(game_panels.paint_panel(self, width, height,
                                                             shown).legend_boxes)
            return
        self.box(panel, PANEL)
        drawn = game_panels.paint_sidebar(self, panel, self.sidebar())
        self.log_box, self.log_scroll = drawn.log_box, drawn.log_scroll
        self.log_room, self.log_track, self.log_thumb = (drawn.log_room, drawn.log_track,
                                                         drawn.log_thumb)

    def relayout(self) -> None:
        """The language changed: the frame's texts laid out anew, the renderer given its
        area and position again (so it rebuilds the texts it draws) and every still
        picture repainted."""
        self._area = None
        self._needs_position = True
        self._safely("repainting", self.stage.redraw)
        super().relayout()

    def laid_out(self) -> TextBoxes:
        """The frame's texts and, while the board shows, the renderer's (the boxes of the
        text layers it was handed)."""
        if self.overlay is not None:
            return self.texts
        board = self.stage.placed()
        return TextBoxes([*self.texts.items, *board])

    def draw_under_text(self) -> None:
        if self.overlay is None:
            if self._board_live:
                self.renderer.draw_still()  # what does not move, kept while it runs
            else:
                self.renderer.draw()
        elif self.overlay == "legend":
            for index, box in enumerate(self.legend_boxes):
                self.renderer.draw_legend_symbol(index, box)

    def draw_over_text(self) -> None:
        # The ring lies outside the area a renderer draws in, so it stays in the still
        # picture while the board moves.
        self._draw_focus_ring()

    def _draw_focus_ring(self) -> None:
        if self.board_focused and self._area is not None:
            # The focus ring of the board, just outside the area the renderer draws in.
            a, m = self._area, self.px(6)
            arcade.draw_lbwh_rectangle_outline(a.left - m, a.bottom - m, a.width + 2 * m,
                                               a.height + 2 * m, FOCUS, 2)

    def on_draw(self) -> None:
        if self.stage.moving and self.overlay is None:
            self._safely("drawing", self._draw_live_board)
        else:
            self._safely("drawing", self._draw_still_picture)

    def _draw_still_picture(self) -> None:
        """A frame from the still picture: the layout and the renderer's board are painted
        offscreen when either changes (a move, a hover, the focus, a resize: the stage's
        version), and each frame copies that picture to the window."""
        self.draw_still_frame((self.board_focused, self.stage.version))

    def _draw_live_board(self) -> None:
        """A frame while the board moves: the frame around it (sidebar, panels, buttons:
        its boxes and texts) and the board's still part (`draw_still`) from the still
        picture, painted when they change, and the board's `draw` over it."""
        self._board_live = True
        try:
            self.draw_still_frame((self.board_focused, self.stage.version, "moving"),
                                  self._draw_board_over)
        finally:
            self._board_live = False

    def _draw_board_over(self) -> None:
        if self.overlay is None:
            self.renderer.draw()

    # -- input ---------------------------------------------------------------------------
    def _board_input(self) -> bool:
        return self.overlay is None and not self.stage.moving

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll_log(x, y, round(scroll_y * 3))

    def scroll_log(self, x: float, y: float, rows: int) -> bool:
        """The wheel over the move log: `rows` earlier (positive) or newer; True if used."""
        if not self.log_box.contains(x, y):
            return False
        self.log_scroll = max(0, self.log_scroll + rows)
        self.invalidate()
        return True

    def page_log(self, pages: int) -> None:
        """Page Up (+1) / Page Down (-1): the log a page earlier or newer."""
        self.log_scroll = max(0, self.log_scroll + pages * max(1, self.log_room - 1))
        self.invalidate()

    def log_to_end(self, newest: bool) -> None:
        """End: the newest moves; Home: the first ones."""
        self.log_scroll = 0 if newest else 10**9  # kept within the rows when laid out
        self.invalidate()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int,
                      modifiers: int) -> None:
        # Dragging the scroll bar's thumb moves the log with it, a row per row's height.
        track, thumb = self.log_track, self.log_thumb
        if track.height and (thumb.contains(x - dx, y - dy) or self._dragging_log):
            self._dragging_log = True
            rows = self.log_room * track.height / max(1.0, thumb.height)
            self._drag_rows += dy * rows / max(1.0, track.height)
            whole = int(self._drag_rows)
            if whole:
                self._drag_rows -= whole
                self.log_scroll = max(0, self.log_scroll + whole)
                self.invalidate()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self._board_input() and self._safely("handling the mouse", self.stage.handle,
                                                Pointer(x, y)):
            self.services.request_redraw()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._safely("handling a click", self._press, x, y, button, modifiers)

    def _press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._dragging_log, self._drag_rows = False, 0.0
        index = self.button_at(x, y)
        if self.log_track.contains(x, y) and not self.log_thumb.contains(x, y):
            # The track above the thumb: a page earlier; below it: a page newer.
            self.page_log(1 if y > self.log_thumb.top else -1)
        elif index >= 0:
            if self.overlay is None:
                self.focus = -1  # a click on a button leaves the keyboard on the board
            else:
                self.focus = index
            self.press(index)
        elif self.overlay is None and self._area is not None and self._area.contains(x, y):
            self.focus = -1
            if self._board_input():
                intent = self.stage.handle(Press(x, y, button, modifiers))
            else:
                intent = None
            if not self.act(intent) and not self.stage.moving:
                self.message = self.why_nothing(None)
            self.invalidate()
        self.stage.show(focused=self.board_focused)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self._board_input():
            self._safely("handling a click", self._release, x, y, button, modifiers)

    def _release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.act(self.stage.handle(Release(x, y, button, modifiers)))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._safely("handling a key", self._key, symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if self.overlay is not None:
            self._overlay_key(symbol, modifiers)
        else:
            self._frame_key(symbol, modifiers)
        self.stage.show(focused=self.board_focused)

    def _overlay_key(self, symbol: int, modifiers: int) -> None:
        """Keys while a panel is open: the subclass's, then its shortcuts, then the usual
        focus keys."""
        if self.overlay_key(symbol):
            return
        if self.overlay == "legend" and symbol == arcade.key.L:
            self.toggle_legend()
        elif self.overlay == "keys" and symbol in (arcade.key.SLASH, arcade.key.QUESTION):
            self.toggle_keys()
        elif symbol == arcade.key.ESCAPE and self.overlay != "offer":
            self.show_panel(None)
        else:
            Screen.on_key_press(self, symbol, modifiers)

    def cycle_focus(self, step: int) -> None:
        """Tab (+1) / Shift-Tab (-1): board → each enabled sidebar button → board."""
        self.ensure_built()
        stops: list[str | None] = [None, *(b.name for b in self.buttons if b.enabled)]
        at = stops.index(self.focus_name) if self.focus_name in stops else 0
        self.focus_name = stops[(at + step) % len(stops)]
        self.services.request_redraw()

    def _frame_key(self, symbol: int, modifiers: int) -> None:
        key = arcade.key
        if symbol == key.TAB:
            self.cycle_focus(-1 if modifiers & key.MOD_SHIFT else 1)
            return
        if not self.board_focused:
            # A sidebar button has the focus: Enter/Space press it, arrows walk the
            # buttons, Esc gives the board the focus back; nothing of this reaches the board.
            if symbol in KEYS_PRESS:
                self.press(self.focus)
                return
            if symbol in KEYS_NEXT + KEYS_PREV:
                self.move_focus(1 if symbol in KEYS_NEXT else -1)
                return
            if symbol == key.ESCAPE:
                self.focus = -1
                return
        elif self._board_input() and self._board_key(symbol, modifiers):
            return
        if symbol in KEYS_PRESS + KEYS_NEXT + KEYS_PREV:
            return  # keys that act on what has the focus are never shortcuts
        shortcuts = self.shortcuts()
        if symbol in shortcuts:
            shortcuts[symbol]()

    def _board_key(self, symbol: int, modifiers: int) -> bool:
        """A key while the board has the focus: Enter plays a previewed move (VALIDATE),
        Esc drops it; other keys go to the renderer. True if used."""
        key = arcade.key
        if self.stage.pending is not None and symbol in (key.ENTER, key.NUM_ENTER):
            self.validate()
            return True
        if self.stage.pending is not None and symbol == key.ESCAPE:
            self.cancel_preview()
            return True
        return self.act(self.stage.handle(Key(symbol, modifiers)))
