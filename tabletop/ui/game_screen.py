"""The game screen: a game at this screen, its renderer on the board, its input.

`GameScreen` adds a local game's keys to the shell's input (`tabletop.ui.board_shell`):
undo, redo, hint, save, new game, the answers to an offer. The table side is
`tabletop.ui.game_play.GamePlay`, the sidebar and panels `tabletop.ui.game_frame.GameFrame`.

One focus: the board has the keyboard focus by default; Tab moves it to each enabled
sidebar button in turn and back to the board (Shift-Tab the other way). Keys reach the
renderer only while the board has the focus, Enter and Space act on what has it, and
exactly one ring shows where it is. A mouse press never moves the focus to a button.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop import i18n
from tabletop.i18n import _
from tabletop.ui._arcade import arcade
from tabletop.ui.game_frame import GameFrame


class GameScreen(GameFrame):
    """One game in progress: its input."""

    def why_nothing(self, explained: str | None) -> str:
        """The status line's reason why a press on the board at (x, y) did nothing."""
        s = self.snapshot
        if s.to_move is None:
            return _("The game is over: Undo, New game or Launcher.")
        who = self.seat_label(s.to_move)
        if s.agent_to_move:
            return _("Wait: {player} (the computer) is to move.").format(player=who)
        return (i18n.translated(explained) if explained else
                _("Nothing to play there for {player} (H suggests a move).").format(player=who))

    def overlay_key(self, symbol: int) -> bool:
        """Y and N answer an offer or a confirmation, Esc keeps playing, N on the end
        panel starts a new game."""
        if self.overlay in ("offer", "confirm") and symbol in (arcade.key.Y, arcade.key.N):
            self.answer_offer(symbol == arcade.key.Y)
        elif self.overlay == "confirm" and symbol == arcade.key.ESCAPE:
            self.answer_offer(False)
        elif self.overlay == "end" and symbol == arcade.key.N:
            self.new_game()
        else:
            return False
        return True

    def key_help(self) -> list[tuple[str, str]]:
        return [*super().key_help(), ("U, R", _("undo, redo (back to your previous turn)")),
                ("H", _("a hint: a move, and what it does")),
                ("S", _("save a copy of the game")),
                ("N", _("a new game")), ("Y, N", _("answer an offer or a question"))]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        key = arcade.key
        return {**super().shortcuts(), key.U: self.undo, key.R: self.redo, key.H: self.hint,
                key.S: self.save,
                key.N: self.new_game}
