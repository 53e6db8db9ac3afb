"""The game screen: the plugin's renderer on the board, and the shell's frame around it.

The frame shows whose turn it is, scores, the move log and the buttons (undo, redo, hint,
save, rules, new game, launcher, the game's special moves, VALIDATE/Cancel for a previewed
move). It applies every move, autosaves after each, runs AI seats in the worker process
and catches plugin code that raises (naming the plugin and returning to the launcher).

One focus: the board has the keyboard focus by default; Tab moves it to each enabled
sidebar button in turn and back to the board (Shift-Tab the other way). Keys reach the
renderer only while the board has the focus, Enter and Space act on what has it, and
exactly one ring shows where it is. A mouse press never moves the focus to a button.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop.limits import one_line
from tabletop.model import Outcome, TabletopError
from tabletop.session import (
    HINT,
    MOVE,
    AgentError,
    Decision,
    DecisionTimeout,
    PluginFailed,
    Session,
    agent_label,
)
from tabletop.store.paths import reason
from tabletop.store.saves import save_copy
from tabletop.ui import game_panels
from tabletop.ui._arcade import arcade
from tabletop.ui.canvas import Canvas
from tabletop.ui.failures import PluginFailure, plugin_files, raised_in
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.renderer import Rect, RendererContext
from tabletop.ui.textbox import TextBoxes
from tabletop.ui.widgets import (
    ACCENT,
    BACKGROUND,
    DIM,
    ERROR,
    FOCUS,
    KEYS_NEXT,
    KEYS_PRESS,
    KEYS_PREV,
    PANEL,
    TEXT,
    Screen,
)
from tabletop.worker import WorkerLost

if TYPE_CHECKING:
    from tabletop.ui.services import Services

SIDEBAR = 340

#: The button that has the focus when a panel opens (the harmless choice).
OVERLAY_FOCUS = {"offer": "decline", "end": "review", "confirm": "keep", "legend": "close"}


class GameScreen(Screen):
    """One game in progress."""

    def __init__(self, services: Services, game_id: str, session: Session) -> None:
        super().__init__(services)
        self.game_id = game_id
        self.session = session
        session.plugin = services.plugin_name(game_id)  # its failures in play name the plugin
        self.game = session.game
        self.overlay: str | None = "end" if session.outcome else None
        self.offer: Any = None  # a special move awaiting the others' consent or a confirm
        self.message = services.take_save_problem() or ""  # the first autosave may have failed
        self.thinking: tuple[Decision, Future[str]] | None = None
        self.hinting: tuple[int, Decision, Future[str]] | None = None
        #: Agents that failed in this game, and the agent that plays in their place.
        self.stand_ins: dict[str, str] = {}
        #: One status line per failed agent, shown for the rest of the game.
        self.agent_notes: list[str] = []
        self._submitted: list[Any] = []
        self._area: Rect | None = None
        #: The move log's box, and how many rows it is scrolled back from the newest.
        self.log_box = Rect(0, 0, 0, 0)
        self.log_scroll = 0
        self._needs_position = True
        self._built_overlay: str | None = None
        self._seen: tuple[bool, bool, bool] = (False, False, False)
        #: Seconds a computer's move stays on show before the next one may be played
        #: (counted once its animation has ended): AI turns a person can follow.
        self._hold = 0.0
        self._dirs = plugin_files(self.game)
        #: Where the Legend panel shows each of the renderer's symbols (while it is open).
        self.legend_boxes: list[Rect] = []
        #: The still picture of the whole window, for a renderer with `still_picture`,
        #: and what it was painted for (see `_draw_still_picture`).
        self._picture = Canvas(BACKGROUND[:3], window_order=True)
        self._picture_for: tuple[Any, ...] | None = None
        settings = services.settings
        renderer_cls = services.make_renderer(game_id)
        #: The names people typed for their seats ("" where none): shown for the seats
        #: everywhere the screen names them (`seat_label`, `with_names`).
        self.names = game_panels.typed_names(services, session)
        context = RendererContext(self.game, session.human_seats, settings.colour_blind,
                                  settings.animation_seconds, self._submitted.append,
                                  lambda move: self.game.move_to_text(self.session.state, move),
                                  self.names)
        try:
            self.renderer = renderer_cls(context)
        except (Exception, SystemExit) as exc:  # plugin code never ends the app
            raise PluginFailure(services.failure_message(game_id, "starting its renderer", exc)
                                ) from exc
        if renderer_cls is not TextRenderer:
            self._dirs += plugin_files(self.renderer)

    # -- plugin failures -----------------------------------------------------------------
    def _safely(self, where: str, action: Callable[..., Any], *args: Any) -> Any:
        """Run `action`; plugin code that raises (or calls `sys.exit`) sends the app to the
        launcher, named, and the game stays in the library as it was after its last move."""
        try:
            return action(*args)
        except PluginFailure as failure:
            self._abandon(str(failure))
        except PluginFailed as failed:  # the session's guard: the game's code in play
            traceback.print_exception(failed, file=sys.stderr)
            self._abandon(f"{one_line(failed)[:1].upper()}{one_line(failed)[1:]}. Your game "
                          "is saved; choose Continue to retry.")
        except (Exception, SystemExit) as exc:  # SystemExit: never out of the event loop
            if not raised_in(exc, self._dirs):
                raise
            self._abandon(self.services.failure_message(self.game_id, where, exc))
        return None

    def _abandon(self, message: str) -> None:
        self.thinking = None
        self.hinting = None
        self.navigator.show_launcher(message)

    # -- position and moves --------------------------------------------------------------
    def push_position(self) -> None:
        """Tell the renderer the current position (what the viewing seat may see)."""
        s = self.session
        to_move = s.to_move
        interactive = to_move is not None and not s.is_ai(to_move) and self.overlay is None
        self.renderer.set_position(s.view_of(s.state), to_move,
                                   s.legal_moves() if to_move is not None else (), interactive)
        self.renderer.set_focus(self.board_focused)
        self.renderer.show_last_move(*self._last_ply())
        self._needs_position = False

    def _last_ply(self) -> tuple[Any, Any, Any]:
        """The last ply of the history as views (before, move, after); Nones at the start."""
        s = self.session
        if not s.moves:
            return None, None, None
        seat = s.viewing_seat()
        return s.view_of(s.states[-2], seat), s.moves[-1], s.view_of(s.states[-1], seat)

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
            if self.game.outcome(self.game.apply(s.state, move)) is not None:
                # Resigning ends the game at once and cannot be undone: ask first.
                self.offer, self.overlay = move, "confirm"
                self.invalidate()
                return
        elif move not in s.legal_moves():
            self.message = "That move is not legal here."
            self.invalidate()
            return
        self.commit(move)

    def commit(self, move: Any) -> None:
        """Apply `move`, log it, autosave, show and animate it.

        A computer's move is also told in words on the status line, and stays on show
        for the AI pace (Settings) before the next computer move is played."""
        s = self.session
        mover = s.to_move
        before, after = s.play(move)
        self.log_scroll = 0  # the newest move shows
        self.services.autosave(s)
        problem = self.services.take_save_problem()
        self.message = problem or ""
        if mover is not None and s.is_ai(mover):
            told = self.with_names(" ".join(line.strip() for line in s.log[-1]))
            self.message = f"{problem} {told}" if problem else told
            self._hold = self.services.settings.ai_pause_seconds
        self.hinting = None
        if s.outcome is not None:
            self.overlay = "end"
        self.push_position()
        seat = s.viewing_seat()
        shown = s.view_of(before, seat), move, s.view_of(after, seat)
        self.renderer.animate(*shown)
        cues = list(self.renderer.sound_cues(*shown))
        self.services.sounds.play(cues + (["game_end"] if s.outcome is not None else []))
        self.invalidate()

    # -- frame actions -------------------------------------------------------------------
    def undo(self) -> None:
        """Go back to the previous human turn, if the engine allows it."""
        if self.session.undo():
            self.thinking = None
            self.hinting = None
            self.overlay = None
            self.services.autosave(self.session)
            self.message = self.services.take_save_problem() or "Move undone."
            self.push_position()
        else:
            self.message = self.session.undo_refusal()
        self.invalidate()

    def redo(self) -> None:
        """Replay the last undone turn."""
        if self.session.redo():
            self.services.autosave(self.session)
            self.message = self.services.take_save_problem() or "Move redone."
            if self.session.outcome is not None:
                self.overlay = "end"
            self.push_position()
        self.invalidate()

    def hint(self) -> None:
        """Ask the strongest agent for a suggestion; the renderer marks it."""
        s = self.session
        if s.to_move is None or s.is_ai(s.to_move) or self.hinting is not None:
            return
        agent = self._playing_for(self.services.host.strongest_agent(self.game_id).name)
        self.hinting = (len(s.moves), *self._ask(agent, HINT))
        self.message = f"Looking for a hint ({agent})…"
        self.invalidate()

    # -- agents ----------------------------------------------------------------------------
    def _ask(self, agent: str, purpose: str) -> tuple[Decision, Future[str]]:
        """Send `agent`'s decision for the seat to move to the AI worker."""
        label = agent_label(self.services.host, self.game_id, agent)
        decision = self.session.decision(agent, label, self.services.ai_budget(), purpose)
        return decision, self.services.worker.submit(decision)

    def _playing_for(self, agent: str) -> str:
        """The agent that plays for `agent`: itself, or its stand-in if it failed."""
        seen = set()
        while agent in self.stand_ins and agent not in seen:
            seen.add(agent)
            agent = self.stand_ins[agent]
        return agent

    def _stand_in(self, failed: str, error: Exception) -> str:
        """Retire `failed` for this game; the agent that takes its place, with a message.

        An agent that ran out of time gives way to the random agent; one that failed to
        the next weaker agent of the game (the random agent last of all).
        """
        failed_names = {failed, *self.stand_ins}
        specs = sorted(self.services.host.agent_specs(self.game_id), key=lambda a: -a.strength)
        order = [a.name for a in specs]
        below = order[order.index(failed) + 1:] if failed in order else order
        names = [name for name in below if name not in failed_names]
        if isinstance(error, DecisionTimeout) or not names:
            names = ["random"]
        if failed == "random" or names[0] in failed_names:
            raise PluginFailure(f"No agent can play {self.game.info.name}: {error}. "
                               "Your game is saved; choose Continue to retry.")
        self.stand_ins[failed] = names[0]
        self.agent_notes.append(f"{error}; {names[0]!r} plays instead.")
        return names[0]

    def save(self) -> None:
        """Save the game under a new name in the saves folder."""
        try:
            path = save_copy(self.services.directory, self.session.record())
        except (OSError, TabletopError) as exc:
            self.message = one_line(f"Save failed: {reason(exc)}")
        else:
            # A zero-width space after each separator and dash lets the sidebar wrap it.
            wrappable = str(path).replace(os.sep, os.sep + "\u200b").replace("-", "-\u200b")
            self.message = f"Saved to {wrappable}"
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
        """Open the game's rules (F1) on their own screen, with the legend's symbols as
        their last section; closing them comes back here."""
        self.navigator.show_rules(self.game.info, self, self.renderer.legend())

    def show_panel(self, name: str | None) -> None:
        """Open an overlay panel ("offer", "confirm", "end") or close it (None)."""
        self.overlay = name
        self.focus = -1
        self._needs_position = True
        self.invalidate()

    def answer_offer(self, accept: bool) -> None:
        """The other player accepts or declines the offered special move (or, for a
        move that ends the game such as resigning, its mover confirms or takes it back)."""
        move, self.offer = self.offer, None
        asked = self.overlay
        self.overlay = None
        if accept:
            self.commit(move)
        else:
            self.message = ("The offer was declined." if asked == "offer"
                            else "You play on.")
            self._needs_position = True
            self.invalidate()

    # -- per frame -----------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self._safely("updating", self._tick, delta_time)

    def _tick(self, delta_time: float) -> None:
        self.ensure_built()
        self.renderer.set_focus(self.board_focused)
        self.renderer.update(delta_time)
        if not self.renderer.animating:
            self._hold = max(0.0, self._hold - delta_time)
        self._drain()
        self._poll_hint()
        self._poll_ai()
        # The keeper writes on its own thread: a write that failed is said when it is known.
        problem = self.services.take_save_problem()
        if problem:
            self.message = problem
            self.invalidate()
        seen = (self.renderer.pending_move is not None, self.renderer.animating,
                self.move_held)
        if seen != self._seen:
            self._seen = seen
            self.invalidate()

    def _answer(self, decision: Decision, future: Future[str], where: str) -> Any:
        """The move a finished decision chose; None (and a stand-in named) if the agent
        failed or ran out of time. Any other failure is the game plugin's."""
        try:
            return self.session.answer(decision, future.result())
        except (AgentError, DecisionTimeout) as exc:
            self._stand_in(decision.agent, exc)
            self.invalidate()
            return None
        except WorkerLost as exc:  # not a plugin's fault: the process itself kept dying
            raise PluginFailure(f"{exc}. Your game is saved; choose Continue to retry."
                                ) from exc
        except Exception as exc:  # raised in the worker by the game's code
            raise PluginFailure(self.services.failure_message(self.game_id, where, exc)) from exc

    def _poll_hint(self) -> None:
        if self.hinting is None or not self.hinting[2].done():
            return
        ply, decision, future = self.hinting
        self.hinting = None
        if ply != len(self.session.moves):
            return
        move = self._answer(decision, future, "finding a hint")
        if move is None:
            self.hinting = (ply, *self._ask(self._playing_for(decision.agent), HINT))
            return
        self.renderer.show_hint(move)
        self.message = f"Hint: {self.game.move_to_text(self.session.state, move)}"
        self.invalidate()

    def _poll_ai(self) -> None:
        s = self.session
        if self.thinking is not None:
            decision, future = self.thinking
            if future.done() and not self._showing_move():
                self.thinking = None
                if decision.ply != len(s.moves):
                    return  # asked about a position the game has left
                move = self._answer(decision, future, "choosing a move for the computer "
                                    f"({decision.agent})")
                if move is not None:
                    self.commit(move)
            return
        if (self.overlay is not None or s.to_move is None or not s.is_ai(s.to_move)
                or self.renderer.animating):
            return
        self.thinking = self._ask(self._playing_for(s.agents[s.to_move]), MOVE)
        self.invalidate()

    def _showing_move(self) -> bool:
        """True while the last move is still on show: its animation, then the AI pace."""
        return self.renderer.animating or self._hold > 0

    @property
    def move_held(self) -> bool:
        """True when the computer has chosen its move and it waits only for the last
        move's show (its animation, the AI pace) to end."""
        return (self.thinking is not None and self.thinking[1].done()
                and self._showing_move())

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
            # A panel opens on its harmless button; closing it gives the board the focus.
            self.focus_name = OVERLAY_FOCUS.get(self.overlay or "")
        self.legend_boxes = []
        if self.overlay is not None:
            shown = self._panel()
            if shown is None:  # its question is gone: no panel (and no sidebar this time)
                self.overlay = None
                return
            self.legend_boxes = list(game_panels.paint_panel(self, width, height,
                                                             shown).legend_boxes)
            return
        panel = Rect(width - side_w - px(16), px(16), side_w, height - px(32))
        self.box(panel, PANEL)
        drawn = game_panels.paint_sidebar(self, panel, self._sidebar())
        self.log_box, self.log_scroll = drawn.log_box, drawn.log_scroll

    def _sidebar(self) -> game_panels.Sidebar:
        """The snapshot the sidebar paints: turn, scores, buttons, the move log."""
        s = self.session
        outcome = s.outcome
        scores = outcome.scores if outcome is not None else self.renderer.scores(
            s.view_of(s.state))
        labels = [self.seat_label(i) for i in range(s.players)]
        actions: list[game_panels.Action] = []
        if self.renderer.pending_move is not None:
            actions += [("VALIDATE", self.validate, True, "validate"),
                        ("Cancel (Esc)", self.cancel_preview, True, "cancel")]
        actions += [
            ("Undo (U)", self.undo, s.can_undo(), "undo"),
            ("Redo (R)", self.redo, s.can_redo(), "redo"),
            ("Hint (H)", self.hint, s.to_move is not None and not s.is_ai(s.to_move), "hint"),
            ("Save (S)", self.save, True, "save"),
            ("Rules (F1)", self.show_rules, True, "rules"),
            ("Legend (L)", self.toggle_legend, bool(self.renderer.legend()), "legend"),
            ("New game (N)", lambda: self.navigator.show_setup(self.game_id, s), True, "new"),
            ("Launcher (Esc)", self.escape, True, "launcher"),
        ]
        specials: list[game_panels.Action] = []
        for move in s.special_moves():
            text = self.game.move_to_text(s.state, move)
            label = f"Offer: {text}" if s.needs_consent(move) else text.capitalize()
            specials.append((label, partial(self.submit, move), True, f"special:{text}"))
        return game_panels.Sidebar(
            self.game.info.name, tuple(self.status_lines()),
            tuple(game_panels.score_lines(labels, scores)), tuple(actions), tuple(specials),
            tuple(tuple(self.with_names(line) for line in lines) for lines in s.log),
            self.log_scroll)

    def _panel(self) -> game_panels.Panel | None:
        """The snapshot of the open panel (None: its question is gone)."""
        s, info, kind = self.session, self.game.info, self.overlay
        if kind == "legend":
            return game_panels.Panel(
                kind, f"Legend: the symbols of {info.name}", legend=tuple(self.renderer.legend()),
                buttons=(("Close (L or Esc)", self.toggle_legend, "close"),))
        if kind == "offer" and self.offer is not None:
            mover = self.seat_label(s.to_move) if s.to_move is not None else "?"
            others = ", ".join(self.seat_label(i) for i in range(s.players) if i != s.to_move)
            text = self.game.move_to_text(s.state, self.offer)
            return game_panels.Panel(
                kind, f"{mover} offers: {text}", f"{others}: do you accept?",
                buttons=(("Accept (Y)", lambda: self.answer_offer(True), "accept"),
                         ("Decline (N)", lambda: self.answer_offer(False), "decline")))
        if kind == "confirm" and self.offer is not None:
            mover = self.seat_label(s.to_move) if s.to_move is not None else "?"
            text = self.game.move_to_text(s.state, self.offer)
            after = self.game.outcome(self.game.apply(s.state, self.offer))
            winners = [self.seat_label(w) for w in after.winners] if after else []
            result = (" and ".join(winners) + (" wins." if len(winners) == 1 else " win.")
                      if winners else "Nobody wins.")
            return game_panels.Panel(
                kind, f"{mover}: {text}?",
                f"The game ends now and cannot be undone. {result}",
                buttons=((f"{text.capitalize()} (Y)", lambda: self.answer_offer(True), "yes"),
                         ("Keep playing (N)", lambda: self.answer_offer(False), "keep")))
        if kind == "end" and s.outcome is not None:
            return game_panels.Panel(
                kind, "Game over", "\n".join(self._result_lines(s.outcome)),
                buttons=(("Review board", lambda: self.show_panel(None), "review"),
                         ("New game (N)", lambda: self.navigator.show_setup(self.game_id, s),
                          "new"),
                         ("Launcher", self.navigator.show_launcher, "launcher")))
        return None

    def _result_lines(self, outcome: Outcome) -> list[str]:
        """The end panel's words: a solo score with its rating and best, or who won."""
        if self.session.players == 1:
            name = self.names[0]
            best = game_panels.personal_best(
                self.services.keeper.library, self.game_id,
                self.services.keeper.entry_id(self.session), name)
            return game_panels.solo_lines(outcome, name, self.game.info.name,
                                          tuple(self.game.score_bands()), best)
        names = game_panels.player_names(self.game.info, self.session, self.names,
                                         self.services.host.agent_specs(self.game_id))
        return game_panels.result_lines(outcome, names)

    def laid_out(self) -> TextBoxes:
        """The frame's texts and, while the board shows, the renderer's `text_boxes`."""
        if self.overlay is not None:
            return self.texts
        board = self._safely("laying out its text", self.renderer.text_boxes) or ()
        return TextBoxes([*self.texts.items, *board])

    @property
    def animating(self) -> bool:
        """True while the renderer plays a move's transition."""
        return bool(self._safely("animating", getattr, self.renderer, "animating"))

    @property
    def board_focused(self) -> bool:
        """True when the board has the keyboard focus (no panel open, no button focused)."""
        return self.overlay is None and self.focus_name is None

    def draw_under_text(self) -> None:
        if self.overlay is None:
            if self.renderer.still_picture:
                self.renderer.draw_still()
            else:
                self.renderer.draw()
        elif self.overlay == "legend":
            for index, box in enumerate(self.legend_boxes):
                self.renderer.draw_legend_symbol(index, box)

    def toggle_legend(self) -> None:
        """L: show what the board's symbols mean (again: close it)."""
        if self.overlay == "legend":
            self.show_panel(None)
        elif self.overlay is None and self.renderer.legend():
            self.show_panel("legend")

    def draw_over_text(self) -> None:
        if self.board_focused and self._area is not None:
            # The focus ring of the board, just outside the area the renderer draws in.
            a, m = self._area, self.px(6)
            arcade.draw_lbwh_rectangle_outline(a.left - m, a.bottom - m, a.width + 2 * m,
                                               a.height + 2 * m, FOCUS, 2)

    def on_draw(self) -> None:
        if self.renderer.still_picture:
            self._safely("drawing", self._draw_still_picture)
        else:
            self._safely("drawing", super().on_draw)

    def _draw_still_picture(self) -> None:
        """A frame from the still picture: the layout and the renderer's still board are
        painted offscreen when either changes (a move, a hover, the focus, a resize), and
        each frame copies that picture to the window and draws what moves over it."""
        self.ensure_built()
        painted_for = (self.layouts, self.focus, self.hover, self.board_focused,
                       self.renderer.still_changes)
        if painted_for != self._picture_for:
            self._picture_for = painted_for
            self._picture.dirty = True
        width, height = self.window.get_size()
        self._picture.draw(Rect(0, 0, width, height), self.draw_layout)
        if self.overlay is None:
            self.renderer.draw_moving()
        self._draw_tooltip()

    # -- input ---------------------------------------------------------------------------
    def _board_input(self) -> bool:
        return self.overlay is None and not self.renderer.animating

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll_log(x, y, round(scroll_y * 3))

    def scroll_log(self, x: float, y: float, rows: int) -> bool:
        """The wheel over the move log: `rows` earlier (positive) or newer; True if used."""
        if not self.log_box.contains(x, y):
            return False
        self.log_scroll = max(0, self.log_scroll + rows)
        self.invalidate()
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self._board_input():
            self._safely("handling the mouse", self.renderer.on_mouse_motion, x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self._safely("handling a click", self._press, x, y, button, modifiers)

    def _press(self, x: int, y: int, button: int, modifiers: int) -> None:
        index = self.button_at(x, y)
        if index >= 0:
            if self.overlay is None:
                self.focus = -1  # a click on a button leaves the keyboard on the board
            else:
                self.focus = index
            self.press(index)
        elif self.overlay is None and self._area is not None and self._area.contains(x, y):
            self.focus = -1
            plies = len(self.session.moves)
            used = self._board_input() and self.renderer.on_mouse_press(x, y, button,
                                                                        modifiers)
            self._drain()
            if not used and len(self.session.moves) == plies and not self.renderer.animating:
                self.message = self.why_nothing(x, y)
            self.invalidate()
        self.renderer.set_focus(self.board_focused)

    def seat_label(self, seat: int) -> str:
        """A seat as the screen names it: the person's name, or the game's seat name."""
        return self.game.info.player_label(seat, self.names[seat])

    def with_names(self, text: str) -> str:
        """A line the game wrote about seats ("Player 2 banks…"), with people's names."""
        return self.game.info.with_names(text, self.names)

    def why_nothing(self, x: float, y: float) -> str:
        """The status line's reason why a press on the board at (x, y) did nothing."""
        s = self.session
        if s.to_move is None:
            return "The game is over: Undo, New game or Launcher."
        who = self.seat_label(s.to_move)
        if s.is_ai(s.to_move):
            return f"Wait: {who} (the computer) is to move."
        why = self.renderer.explain_click(x, y)
        return why or f"Nothing to play there for {who} (H suggests a move)."

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
            self._overlay_key(symbol, modifiers)
        else:
            self._frame_key(symbol, modifiers)
        self.renderer.set_focus(self.board_focused)

    def _overlay_key(self, symbol: int, modifiers: int) -> None:
        """Keys while a panel is open: its shortcuts, then the usual focus keys."""
        if self.overlay in ("offer", "confirm") and symbol in (arcade.key.Y, arcade.key.N):
            self.answer_offer(symbol == arcade.key.Y)
        elif self.overlay == "confirm" and symbol == arcade.key.ESCAPE:
            self.answer_offer(False)
        elif self.overlay == "legend" and symbol == arcade.key.L:
            self.toggle_legend()
        elif self.overlay == "end" and symbol == arcade.key.N:
            self.navigator.show_setup(self.game_id, self.session)
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
        elif self._board_input() and self.renderer.on_key_press(symbol, modifiers):
            self._drain()
            self.invalidate()
            return
        if symbol in KEYS_PRESS + KEYS_NEXT + KEYS_PREV:
            return  # keys that act on what has the focus are never shortcuts
        shortcuts: dict[int, Callable[[], None]] = {
            arcade.key.U: self.undo, arcade.key.R: self.redo, arcade.key.H: self.hint,
            arcade.key.S: self.save, arcade.key.F1: self.show_rules,
            arcade.key.N: lambda: self.navigator.show_setup(self.game_id, self.session),
            arcade.key.F11: self.services.toggle_fullscreen, arcade.key.ESCAPE: self.escape,
            arcade.key.L: self.toggle_legend,
        }
        if symbol in shortcuts:
            shortcuts[symbol]()

    def escape(self) -> None:
        """Esc: drop a previewed move, else go back to the launcher (the game is saved)."""
        if self.renderer.cancel():
            self.invalidate()
            return
        self.thinking = None
        self.navigator.show_launcher()

    def status_lines(self) -> list[tuple[str, Any]]:
        """The sidebar's turn and status lines, with their colours."""
        s = self.session
        lines: list[tuple[str, Any]] = []
        if s.to_move is None:
            lines.append(("Game over", ACCENT))
        else:
            who = self.seat_label(s.to_move)
            kind = f"computer: {s.agents[s.to_move]}" if s.is_ai(s.to_move) else "human"
            lines.append((f"To move: {who} ({kind})", TEXT))
            if self.move_held:
                # Not "thinking" any more: the move is chosen, and the last one (its
                # sentence below) stays on show for the pace. One line, as "thinking" is,
                # so that the sidebar does not jump.
                lines.append((f"{who} plays in a moment.", ACCENT))
            elif self.thinking is not None:
                lines.append((f"{who} is thinking…", ACCENT))
        lines.extend((note, ERROR) for note in self.agent_notes)
        if self.message:
            lines.append((self.message, DIM))
        return lines
