"""The set-up screen: players, who plays each seat, the game's options, a seed, Start.

Start asks first only when something would be lost: when the autosave holds an unfinished
game with moves in it, which the new game would replace (Continue could not resume it).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from tabletop.model import GameOption, TabletopError
from tabletop.record import Record
from tabletop.ui import storage
from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.session import HUMAN, Session
from tabletop.ui.widgets import DIM, ERROR, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.app import App

_DIGITS = {getattr(arcade.key, f"KEY_{d}"): str(d) for d in range(10)}
_DIGITS |= {getattr(arcade.key, f"NUM_{d}"): str(d) for d in range(10)}


class SetupScreen(Screen):
    """Choose the players and options of a new game, validated before it starts."""

    def __init__(self, app: App, game_id: str, preset: Session | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.game = app.host.game(game_id)
        info = self.game.info
        self.agent_names = [HUMAN] + [s.name for s in app.host.agent_specs(game_id)]
        self.players = preset.players if preset else info.min_players
        self.seats = list(preset.agents) if preset else [HUMAN] * info.max_players
        self.seats += [HUMAN] * (info.max_players - len(self.seats))
        self.options: dict[str, Any] = (
            dict(preset.options) if preset else {o.name: o.default for o in info.options})
        self.seed_text = ""
        self.error: str | None = None
        #: The unfinished game Start would replace, while asking to confirm; else None.
        self.replacing: str | None = None

    # -- changing choices ----------------------------------------------------------------
    def _set(self, change: Any) -> None:
        change()
        self.error = None
        self.replacing = None
        self.invalidate()

    def step_players(self, step: int) -> None:
        """Change the number of players within the game's range."""
        info = self.game.info
        self._set(lambda: setattr(self, "players", min(info.max_players,
                                                       max(info.min_players,
                                                           self.players + step))))

    def cycle_seat(self, seat: int, step: int = 1) -> None:
        """Human → each agent → human, for one seat."""
        names = self.agent_names
        index = names.index(self.seats[seat]) if self.seats[seat] in names else 0
        self._set(lambda: self.seats.__setitem__(seat, names[(index + step) % len(names)]))

    def step_option(self, option: GameOption, step: int) -> None:
        """Toggle a bool, step an int within its bounds, or cycle a choice."""
        value = self.options[option.name]
        if option.kind is bool:
            new: Any = not value
        elif option.choices:
            choices = list(option.choices)
            new = choices[(choices.index(value) + step) % len(choices)] if (
                value in choices) else choices[0]
        else:
            new = value + step
            if option.minimum is not None:
                new = max(option.minimum, new)
            if option.maximum is not None:
                new = min(option.maximum, new)
        self._set(lambda: self.options.__setitem__(option.name, new))

    def start(self, replace: bool = False) -> None:
        """Validate everything and open the game; problems are shown, not raised. An
        unfinished game in the autosave is replaced only once confirmed (`replace`)."""
        seed = int(self.seed_text) if self.seed_text else random.SystemRandom().randrange(2**31)
        try:
            session = Session.new(self.game, self.players, dict(self.options), seed,
                                  self.seats[:self.players])
        except TabletopError as exc:
            self.error = str(exc)
            self.invalidate()
            return
        unfinished = None if replace else self.unfinished_game()
        if unfinished is not None:
            self.replacing = unfinished
            self.focus_name = "keep"  # the harmless answer
            self.invalidate()
            return
        self.app.start_game(self.game_id, session)

    def unfinished_game(self) -> str | None:
        """"Versus, move 12" for an unfinished game with moves in the autosave, else None."""
        try:
            text = (self.app.directory / storage.AUTOSAVE).read_text(encoding="utf-8")
            record = Record.from_json(text)
        except (OSError, UnicodeDecodeError, TabletopError):
            return None  # no autosave, or one the launcher will move aside: nothing to lose
        if record.result is not None or not record.moves:
            return None
        game = self.app.host.games.get(record.game)
        name = game.info.name if game is not None else record.game
        return f"{name}, move {len(record.moves) + 1}"

    def keep_unfinished(self) -> None:
        """Do not start: the unfinished game stays in the autosave."""
        self.replacing = None
        self.focus_name = "start"
        self.invalidate()

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        info = self.game.info
        left = px(60)
        self.label(f"New game: {info.name}", left, height - px(70), 28, bold=True)
        self.label(info.description, left, height - px(100), 13, DIM)
        row_h, y = px(46), height - px(160)
        value_x, small = left + px(300), px(44)

        def stepper(title: str, value: str, down: Any, up: Any, name: str) -> None:
            nonlocal y
            self.label(title, left, y + px(14), 16)
            self.add_button("<", Rect(value_x, y, small, px(38)), down, name=f"{name}-")
            self.label(value, value_x + small + px(16), y + px(14), 16, TEXT)
            self.add_button(">", Rect(value_x + px(420), y, small, px(38)), up, name=f"{name}+")
            y -= row_h

        if info.min_players != info.max_players:
            stepper("Players", str(self.players), lambda: self.step_players(-1),
                    lambda: self.step_players(1), "players")
        for seat in range(self.players):
            player = self.seats[seat]
            text = "Human" if player == HUMAN else f"Computer: {player}"
            stepper(info.seat_name(seat), text, lambda s=seat: self.cycle_seat(s, -1),
                    lambda s=seat: self.cycle_seat(s, 1), f"seat{seat}")
        for option in info.options:
            value = self.options[option.name]
            if option.kind is object or (option.kind is str and not option.choices):
                self.label(f"{option.name}: default ({option.description})", left, y + px(14),
                           13, DIM)
                y -= row_h
                continue
            shown = ("on" if value else "off") if option.kind is bool else str(value)
            stepper(option.name, shown, lambda o=option: self.step_option(o, -1),
                    lambda o=option: self.step_option(o, 1), f"option:{option.name}")
        self.label("Seed", left, y + px(14), 16)
        self.add_button(self.seed_text or "random (type digits)", Rect(value_x, y, px(464),
                        px(38)), lambda: None, name="seed")
        y -= row_h + px(10)
        self.add_button("Start", Rect(left, y - px(10), px(200), px(52)), self.start,
                        name="start")
        self.add_button("Back", Rect(left + px(220), y - px(10), px(200), px(52)),
                        self.app.show_launcher, name="back")
        if self.error:
            self.label(self.error, left, y - px(50), 15, ERROR, width=width - 2 * left,
                       multiline=True, anchor_y="top")
        elif self.replacing:
            self.label(f"Starting replaces your unfinished game ({self.replacing}): "
                       "Continue could no longer resume it.", left, y - px(50), 15, ERROR,
                       width=width - 2 * left, multiline=True, anchor_y="top")
            self.add_button("Start anyway", Rect(left, y - px(130), px(200), px(44)),
                            lambda: self.start(replace=True), name="start-anyway")
            self.add_button("Keep it (Esc)", Rect(left + px(220), y - px(130), px(200),
                            px(44)), self.keep_unfinished, name="keep")

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        seed = self.button_named("seed")
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        if focused is seed and symbol in _DIGITS and len(self.seed_text) < 9:
            self._set(lambda: setattr(self, "seed_text", self.seed_text + _DIGITS[symbol]))
        elif focused is seed and symbol == arcade.key.BACKSPACE:
            self._set(lambda: setattr(self, "seed_text", self.seed_text[:-1]))
        else:
            super().on_key_press(symbol, modifiers)

    def on_escape(self) -> None:
        if self.replacing:
            self.keep_unfinished()
        else:
            self.app.show_launcher()
