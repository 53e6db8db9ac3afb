"""The launcher: every registered game, the games in progress (each with Continue),
Settings, Quit, and unavailable plugins."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tabletop.library import Entry
from tabletop.limits import one_line
from tabletop.model import GameInfo
from tabletop.ui._arcade import arcade
from tabletop.ui.keeper import last_played
from tabletop.ui.renderer import Rect
from tabletop.ui.widgets import DIM, ERROR, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.app import App


def players_text(info: GameInfo) -> str:
    """"2 players", "1-4 players"."""
    span = (str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}")
    return f"{span} player" + ("" if span == "1" else "s")


def players_line(entry: Entry) -> str:
    """"Ada vs greedy", "Ada (solo)", "Ada, Bob, Cy and Dee"."""
    names = [seat.player for seat in entry.seats]
    if len(names) == 1:
        return f"{names[0]} (solo)"
    if len(names) == 2:
        return f"{names[0]} vs {names[1]}"
    return ", ".join(names[:-1]) + f" and {names[-1]}"


class LauncherScreen(Screen):
    """The first screen: pick a game, continue one in progress, or change settings."""

    def __init__(self, app: App, message: str | None = None) -> None:
        super().__init__(app)
        self.message = one_line(message) if message else None
        self.in_progress = app.keeper.in_progress()
        self._pictures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()

    def build(self, width: int, height: int) -> None:
        px = self.px
        margin = px(40)
        title = self.label("Tabletop", margin, height - px(24), 34, bold=True, anchor_y="top")
        below = height - px(24) - title.content_height - px(6)
        self.label("Choose a game (Tab / arrows, Enter)", margin, below, 13, DIM,
                   anchor_y="top")
        side_w = px(280)
        side_x = width - margin - side_w
        # Games first: Tab from nothing lands on the first game.
        self._build_games(margin, height - px(170), side_x - 2 * margin)
        actions = (("Library", self.app.show_library), ("Statistics", self.app.show_stats),
                   ("Settings", self.app.show_settings), ("Quit", self.app.quit))
        bottom = px(62) + (px(60) if self.message else 0)
        y = bottom + len(actions) * px(58)
        # Tab order: the games, the games in progress, then these buttons top down.
        self._build_in_progress(side_x, height - px(150), side_w, y + px(6))
        for label, action in actions:
            y -= px(58)
            self.add_button(label, Rect(side_x, y, side_w, px(46)), action,
                            name=label.lower())
        if self.message:
            self.label(self.message, margin, px(70), 14, ERROR, width=width - 2 * margin,
                       multiline=True, anchor_y="top")

    def _build_in_progress(self, left: float, top: float, width: float, floor: float) -> None:
        """A card per game in progress, newest first, each with its Continue button; as
        many as fit above `floor`, then how many more there are."""
        px = self.px
        if not self.in_progress:
            return
        self.label("In progress", left, top, 16, TEXT, bold=True)
        # Cards keep room for three lines and a button at the smallest size (small windows).
        lines = [self.line(14, 1.6), self.line(12, 1.5), self.line(12, 1.5)]
        button_h = max(px(28), self.line(14, 1.4))
        card_h = max(px(92), sum(lines) + button_h + px(16))
        y = top - self.line(16, 1.2) - card_h
        shown = 0
        for entry in self.in_progress:
            if y < floor:
                break
            game = self.app.host.games.get(entry.game or "")
            name = game.info.name if game else f"{entry.game} (not installed)"
            self.box(Rect(left, y, width, card_h), PANEL)
            line_y = y + card_h - px(6)
            for text, size, colour, bold in (
                    (name, 14, TEXT, True), (players_line(entry), 12, DIM, False),
                    (f"move {entry.plies + 1} · {last_played(entry.updated)}", 12, DIM, False)):
                self.label(text, left + px(10), line_y, size, colour, bold=bold,
                           width=width - px(20), anchor_y="top")
                line_y -= lines[0] if bold else lines[1]
            self.add_button("Continue", Rect(left + px(10), y + px(6), width - px(20),
                                             button_h),
                            partial(self.app.continue_game, entry.id), enabled=game is not None,
                            name=f"continue:{entry.id}")
            y -= card_h + px(8)
            shown += 1
        if shown < len(self.in_progress):
            self.label(f"… and {len(self.in_progress) - shown} more in progress", left,
                       y + card_h - px(10), 12, DIM, width=width)

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
