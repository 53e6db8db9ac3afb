"""The launcher: every registered game, Continue, Settings, Quit, and unavailable plugins."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tabletop.limits import one_line
from tabletop.model import GameInfo
from tabletop.ui import storage
from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.widgets import DIM, ERROR, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.app import App


def players_text(info: GameInfo) -> str:
    """"2 players", "1-4 players"."""
    span = (str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}")
    return f"{span} player" + ("" if span == "1" else "s")


class LauncherScreen(Screen):
    """The first screen: pick a game, resume the autosave, or change settings."""

    def __init__(self, app: App, message: str | None = None) -> None:
        super().__init__(app)
        self.message = one_line(message) if message else None
        self.resume = self._inspect_autosave()
        self._pictures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()

    def _inspect_autosave(self) -> tuple[str, bool] | None:
        """(Continue label, can resume) for a game in progress, or None.

        An unreadable or foreign autosave is moved aside here, with a message."""
        path = self.app.directory / storage.AUTOSAVE
        if not path.exists():
            return None
        try:
            record = storage.read_autosave(self.app.directory)
        except Exception as exc:  # whatever went wrong, the next start must not repeat it
            self.message = storage.set_aside(path, "The autosaved game could not be read", exc)
            return None
        if record.result is not None:
            return None  # finished games are not continued
        game = self.app.host.games.get(record.game)
        if game is None:
            return f"{record.game} (not installed)", False
        return f"{game.info.name}, move {len(record.moves) + 1}", True

    def build(self, width: int, height: int) -> None:
        px = self.px
        margin = px(40)
        self.label("Tabletop", margin, height - px(70), 34, bold=True)
        self.label("Choose a game (Tab / arrows, Enter)", margin, height - px(100), 13, DIM)
        side_w = px(280)
        side_x = width - margin - side_w
        # Games first: Tab from nothing lands on the first game.
        self._build_games(margin, height - px(170), side_x - 2 * margin)
        y = height - px(150)
        if self.resume is not None:
            label, ok = self.resume
            self.add_button("Continue", Rect(side_x, y, side_w, px(52)), self.app.continue_game,
                            enabled=ok, name="continue")
            self.label(label, side_x, y - px(20), 12, DIM, width=side_w)
            y -= px(90)
        self.add_button("Settings", Rect(side_x, y, side_w, px(52)), self.app.show_settings,
                        name="settings")
        y -= px(66)
        self.add_button("Quit", Rect(side_x, y, side_w, px(52)), self.app.quit, name="quit")
        if self.message:
            self.label(self.message, margin, px(70), 14, ERROR, width=width - 2 * margin,
                       multiline=True, anchor_y="top")

    def _build_games(self, left: float, top: float, card_w: float) -> None:
        px = self.px
        card_h = px(92)
        self._pictures = arcade.SpriteList()
        y = top - card_h + px(20)
        for game_id, game in sorted(self.app.host.games.items(), key=lambda g: g[1].info.name):
            info = game.info
            rect = Rect(left, y, card_w, card_h)
            self.add_button("", rect, partial(self.app.show_setup, game_id),
                            name=f"game:{game_id}")
            text_x = left + px(16)
            if info.picture:
                text_x = self._add_picture(info.picture, rect) or text_x
            self.label(info.name, text_x, y + card_h - px(34), 20, TEXT, bold=True)
            line = f"{players_text(info)} · {info.description}"
            # Wrapped inside the card: a long description takes two lines, not the sidebar.
            self.label(line, text_x, y + card_h - px(46), 13, DIM,
                       width=card_w - (text_x - left) - px(12), multiline=True, anchor_y="top")
            y -= card_h + px(12)
        for error in self.app.host.errors:
            self.box(Rect(left, y + card_h - px(56), card_w, px(56)), PANEL)
            self.label(f"{error.name} (unavailable): {error.error}", left + px(16),
                       y + card_h - px(8), 12, ERROR, width=card_w - px(24), multiline=True,
                       anchor_y="top")
            y -= px(66)

    def _add_picture(self, path: str, card: Rect) -> float | None:
        """Show the plugin's picture at the card's left; the text x after it, or None."""
        try:
            texture = arcade.load_texture(path)
        except Exception:  # a missing or unreadable picture only loses the picture
            return None
        side = card.height - self.px(12)
        sprite = arcade.Sprite(texture)
        sprite.scale = side / max(texture.width, texture.height)
        sprite.position = (card.left + self.px(6) + side / 2, card.bottom + card.height / 2)
        self._pictures.append(sprite)
        return card.left + side + self.px(20)

    def draw_over_text(self) -> None:
        self._pictures.draw()

    def on_escape(self) -> None:
        self.focus = -1
