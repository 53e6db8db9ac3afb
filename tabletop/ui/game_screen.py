"""The game screen: the plugin's renderer on the board, and the shell's frame around it.

The frame shows whose turn it is, scores, the move log and the buttons (undo, redo, hint,
save, rules, new game, launcher, the game's special moves, VALIDATE/Cancel for a previewed
move). It applies every move, autosaves after each, runs AI seats in the worker process
and catches plugin code that raises (naming the plugin and returning to the launcher).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from tabletop.ui import game_panels, storage
from tabletop.ui._arcade import arcade
from tabletop.ui.app import PluginFailure, plugin_files, raised_in
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.renderer import Rect, RendererContext
from tabletop.ui.rules_screen import RulesScreen
from tabletop.ui.session import Session
from tabletop.ui.widgets import ACCENT, DIM, KEYS_PRESS, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.app import App

SIDEBAR = 340


class GameScreen(Screen):
    """One game in progress."""

    def __init__(self, app: App, game_id: str, session: Session) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.session = session
        self.game = session.game
        self.overlay: str | None = "end" if session.outcome else None
        self.offer: Any = None
        self.message = ""
        self.thinking: Future[str] | None = None
        self.hinting: tuple[int, Future[str]] | None = None
        self._submitted: list[Any] = []
        self._area: Rect | None = None
        self._needs_position = True
        self._built_overlay: str | None = None
        self._seen: tuple[bool, bool] = (False, False)
        self._dirs = plugin_files(self.game)
        settings = app.settings
        renderer_cls = app.make_renderer(game_id)
        context = RendererContext(self.game, session.human_seats, settings.colour_blind,
                                  settings.animation_seconds, self._submitted.append,
                                  lambda move: self.game.move_to_text(self.session.state, move))
        try:
            self.renderer = renderer_cls(context)
        except Exception as exc:
            raise PluginFailure(app.failure_message(game_id, "starting its renderer", exc)
                                ) from exc
        if renderer_cls is not TextRenderer:
            self._dirs += plugin_files(self.renderer)

    # -- plugin failures -----------------------------------------------------------------
    def _safely(self, where: str, action: Callable[..., Any], *args: Any) -> Any:
        """Run `action`; plugin code that raises sends the app to the launcher, named."""
        try:
            return action(*args)
        except PluginFailure as failure:
            self._abandon(str(failure))
        except Exception as exc:
            if not raised_in(exc, self._dirs):
                raise
            self._abandon(self.app.failure_message(self.game_id, where, exc))
        return None

    def _abandon(self, message: str) -> None:
        self.thinking = None
        self.hinting = None
        self.app.show_launcher(message)

    # -- position and moves --------------------------------------------------------------
    def push_position(self) -> None:
        """Tell the renderer the current position (what the viewing seat may see)."""
        s = self.session
        to_move = s.to_move
        interactive = to_move is not None and not s.is_ai(to_move) and self.overlay is None
        self.renderer.set_position(s.view_of(s.state), to_move,
                                   s.legal_moves() if to_move is not None else (), interactive)
        self._needs_position = False

    def _drain(self) -> None:
        while self._submitted:
            self.submit(self._submitted.pop(0))

    def submit(self, move: Any) -> None:
        """A move chosen by a human (through the renderer or a button): check, then play."""
        s = self.session
        if s.to_move is None or s.is_ai(s.to_move):
            return
        if move in s.special_moves():
            if s.needs_consent(move) and s.players > 1:
                others = [seat for seat in range(s.players) if seat != s.to_move]
                if any(s.is_ai(seat) for seat in others):
                    self.message = "The computer declines the offer."
                    self.invalidate()
                    return
                self.offer, self.overlay = move, "offer"
                self.invalidate()
                return
        elif move not in s.legal_moves():
            self.message = "That move is not legal here."
            self.invalidate()
            return
        self.commit(move)

    def commit(self, move: Any) -> None:
        """Apply `move`, log it, autosave, show and animate it."""
        s = self.session
        before, after = s.play(move)
        self.app.autosave(s)
        self.message = ""
        self.hinting = None
        if s.outcome is not None:
            self.overlay = "end"
        self.push_position()
        seat = s.viewing_seat()
        self.renderer.animate(s.view_of(before, seat), move, s.view_of(after, seat))
        self.invalidate()

    # -- frame actions -------------------------------------------------------------------
    def undo(self) -> None:
        """Go back to the previous human turn, if the engine allows it."""
        if self.session.undo():
            self.thinking = None
            self.hinting = None
            self.overlay = None
            self.app.autosave(self.session)
            self.message = "Move undone."
            self.push_position()
        else:
            self.message = "Nothing that may be undone."
        self.invalidate()

    def redo(self) -> None:
        """Replay the last undone turn."""
        if self.session.redo():
            self.app.autosave(self.session)
            self.message = "Move redone."
            if self.session.outcome is not None:
                self.overlay = "end"
            self.push_position()
        self.invalidate()

    def hint(self) -> None:
        """Ask the strongest agent for a suggestion; the renderer marks it."""
        s = self.session
        if s.to_move is None or s.is_ai(s.to_move) or self.hinting is not None:
            return
        strongest = self.app.host.strongest_agent(self.game_id)
        future = self.app.worker.submit(self.game_id, strongest.name,
                                        self.game.state_to_dict(s.state),
                                        self.app.settings.ai_seconds, s.seed + len(s.moves))
        self.hinting = (len(s.moves), future)
        self.message = f"Looking for a hint ({strongest.name})…"
        self.invalidate()

    def save(self) -> None:
        """Save the game under a new name in the saves folder."""
        path = storage.save_game(self.app.directory, self.session.record())
        self.message = f"Saved to {path}"
        self.invalidate()

    def validate(self) -> None:
        """VALIDATE: submit the move the renderer previews."""
        self.renderer.confirm()
        self._drain()
        self.invalidate()

    def cancel_preview(self) -> None:
        """Cancel: drop the previewed move."""
        self.renderer.cancel()
        self.invalidate()

    def show_rules(self) -> None:
        """Open the game's rules (F1) on their own screen; closing them comes back here."""
        self.window.show_view(RulesScreen(self.app, self.game.info, self))

    def show_panel(self, name: str | None) -> None:
        """Open an overlay panel ("offer", "end") or close it (None)."""
        self.overlay = name
        self.focus = -1
        self._needs_position = True
        self.invalidate()

    def answer_offer(self, accept: bool) -> None:
        """The other player accepts or declines the offered special move."""
        move, self.offer = self.offer, None
        self.overlay = None
        if accept:
            self.commit(move)
        else:
            self.message = "The offer was declined."
            self._needs_position = True
            self.invalidate()

    # -- per frame -----------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self._safely("updating", self._tick, delta_time)

    def _tick(self, delta_time: float) -> None:
        self.ensure_built()
        self.renderer.update(delta_time)
        self._drain()
        self._poll_hint()
        self._poll_ai()
        seen = (self.renderer.pending_move is not None, self.renderer.animating)
        if seen != self._seen:
            self._seen = seen
            self.invalidate()

    def _poll_hint(self) -> None:
        if self.hinting is None or not self.hinting[1].done():
            return
        ply, future = self.hinting
        self.hinting = None
        if ply != len(self.session.moves):
            return
        try:
            text = future.result()
        except Exception as exc:  # raised in the worker: the agent's code failed
            raise PluginFailure(self.app.failure_message(self.game_id, "finding a hint", exc)
                                ) from exc
        move = self.game.parse_move(self.session.state, text)
        self.renderer.show_hint(move)
        self.message = f"Hint: {self.game.move_to_text(self.session.state, move)}"
        self.invalidate()

    def _poll_ai(self) -> None:
        s = self.session
        if self.thinking is not None:
            if self.thinking.done():
                future, self.thinking = self.thinking, None
                try:
                    text = future.result()
                except Exception as exc:  # raised in the worker: the agent's code failed
                    agent = s.agents[s.to_move] if s.to_move is not None else "?"
                    raise PluginFailure(self.app.failure_message(
                        self.game_id, f"choosing a move for the computer ({agent})", exc)
                    ) from exc
                self.commit(self.game.parse_move(s.state, text))
            return
        if (self.overlay is not None or s.to_move is None or not s.is_ai(s.to_move)
                or self.renderer.animating):
            return
        self.thinking = self.app.worker.submit(
            self.game_id, s.agents[s.to_move], self.game.state_to_dict(s.state),
            self.app.settings.ai_seconds, s.seed * 7919 + len(s.moves))
        self.invalidate()

    # -- layout and drawing --------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        side_w = px(SIDEBAR)
        area = Rect(px(16), px(16), width - side_w - px(40), height - px(32))
        if area != self._area:
            self._area = area
            self.renderer.set_area(area)
        if self._needs_position:
            self.push_position()
        if self.overlay != self._built_overlay:
            self._built_overlay = self.overlay
            self.focus = -1  # a focus index from the other button set means nothing here
        if self.overlay is not None:
            game_panels.build_overlay(self, width, height)
            return
        panel = Rect(width - side_w - px(16), px(16), side_w, height - px(32))
        self.box(panel, PANEL)
        game_panels.build_sidebar(self, panel)

    def draw_under_text(self) -> None:
        if self.overlay is None:
            self.renderer.draw()

    def on_draw(self) -> None:
        self._safely("drawing", super().on_draw)

    # -- input ---------------------------------------------------------------------------
    def _board_input(self) -> bool:
        return self.overlay is None and not self.renderer.animating

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self._board_input():
            self._safely("handling the mouse", self.renderer.on_mouse_motion, x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._safely("handling a click", self._press, x, y, button, modifiers)

    def _press(self, x: int, y: int, button: int, modifiers: int) -> None:
        index = self.button_at(x, y)
        if index >= 0:
            self.focus = index
            self.press(index)
        elif self._board_input() and self._area is not None and self._area.contains(x, y):
            self.focus = -1
            self.renderer.on_mouse_press(x, y, button, modifiers)
            self._drain()
            self.invalidate()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self._board_input():
            self._safely("handling a click", self.renderer.on_mouse_release, x, y, button,
                         modifiers)
            self._safely("handling a click", self._drain)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._safely("handling a key", self._key, symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if self.overlay is not None:
            game_panels.overlay_key(self, symbol, modifiers)
            return
        if symbol == arcade.key.TAB:
            step = -1 if modifiers & arcade.key.MOD_SHIFT else 1
            self.focus = self.focus + step
            if not -1 <= self.focus < len(self.buttons):
                self.focus = -1  # past either end: back to the board
            return
        if self.focus >= 0 and symbol in KEYS_PRESS:
            self.press(self.focus)
            return
        if self._board_input() and self.renderer.on_key_press(symbol, modifiers):
            self._drain()
            self.invalidate()
            return
        shortcuts: dict[int, Callable[[], None]] = {
            arcade.key.U: self.undo, arcade.key.R: self.redo, arcade.key.H: self.hint,
            arcade.key.S: self.save, arcade.key.F1: self.show_rules,
            arcade.key.N: lambda: self.app.show_setup(self.game_id, self.session),
            arcade.key.F11: self.app.toggle_fullscreen, arcade.key.ESCAPE: self.escape,
        }
        if symbol in shortcuts:
            shortcuts[symbol]()

    def escape(self) -> None:
        """Esc: drop a previewed move, else go back to the launcher (the game is saved)."""
        if self.renderer.cancel():
            self.invalidate()
            return
        self.thinking = None
        self.app.show_launcher()

    def status_lines(self) -> list[tuple[str, Any]]:
        """The sidebar's turn and status lines, with their colours."""
        s = self.session
        lines: list[tuple[str, Any]] = []
        if s.to_move is None:
            lines.append(("Game over", ACCENT))
        else:
            who = self.game.info.seat_name(s.to_move)
            kind = f"computer: {s.agents[s.to_move]}" if s.is_ai(s.to_move) else "human"
            lines.append((f"To move: {who} ({kind})", TEXT))
            if self.thinking is not None:
                lines.append((f"{who} is thinking…", ACCENT))
        if self.message:
            lines.append((self.message, DIM))
        return lines
