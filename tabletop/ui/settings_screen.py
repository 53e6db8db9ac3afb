"""The settings screen: animation pace, AI thinking time and pace, sound volume,
colour-blind mode, fullscreen, language (applied at once, every screen in it)."""

from __future__ import annotations

from collections.abc import Callable

from tabletop import i18n
from tabletop.i18n import N_, _
from tabletop.store.settings import Settings
from tabletop.ui.geometry import Rect
from tabletop.ui.widgets import DIM, ERROR, Screen

#: The animation paces offered, in seconds per move.
ANIMATION_PACES = (0.0, 0.3, 0.6, 1.0, 1.5)
#: The AI thinking times offered, in seconds per move.
AI_TIMES = (0.25, 0.5, 1.0, 2.0, 5.0)
#: The AI paces offered: how long a computer's move stays on show, after its animation,
#: before the next computer move is played.
AI_PACES = ((N_("instant"), 0.0), (N_("normal"), 1.0), (N_("slow"), 2.5))
#: The sound volumes offered (0: muted).
VOLUMES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: The languages offered: the system's ("") first, then each Tabletop speaks.
LANGUAGE_CHOICES = ("", *i18n.LANGUAGES)


def _next(values: tuple[float, ...], current: float, step: int) -> float:
    index = min(range(len(values)), key=lambda i: abs(values[i] - current))
    return values[max(0, min(len(values) - 1, index + step))]


def pace_name(seconds: float) -> str:
    """The AI pace's name for a pause ("normal (1 s)"), the nearest offered one."""
    name, offered = min(AI_PACES, key=lambda pace: abs(pace[1] - seconds))
    if not offered:
        return _(name)
    return _("{pace} ({seconds} s)").format(pace=_(name), seconds=i18n.number(offered))


def seconds_text(seconds: float) -> str:
    """"0.3 s" ("0,3 s" in French)."""
    return _("{seconds} s").format(seconds=i18n.number(seconds))


def language_name(code: str) -> str:
    """A language as Settings offers it: in its own words ("Deutsch"); the system's as
    "System (English)" (in the language shown)."""
    if code:
        return i18n.LANGUAGES.get(code, code)
    return _("System ({language})").format(
        language=i18n.LANGUAGES[i18n.resolve(None, None)[0]])


class SettingsScreen(Screen):
    """Change and persist the player's preferences."""

    #: Why the settings could not be written, once it has happened (shown below them).
    problem: str | None = None

    def change(self, update: Callable[[Settings], None]) -> None:
        """Apply a change to the settings, save them and redraw."""
        update(self.services.settings)
        self.services.save_settings()
        self.problem = self.services.take_save_problem() or self.problem
        self.invalidate()

    def build(self, width: int, height: int) -> None:
        px = self.px
        s = self.services.settings
        left, value_x, y = px(60), px(420), height - px(160)
        self.label(_("Settings"), left, height - px(70), 28, bold=True)
        self.label(_("Saved automatically. Esc returns."), left, height - px(100), 13, DIM)

        def row(title: str, value: str, down: Callable[[], None] | None,
                up: Callable[[], None], name: str, help_line: str) -> None:
            nonlocal y
            self.label(title, left, y + px(14), 16, width=value_x - left - px(12))
            # What the setting does, under its row (as set-up's options have it).
            self.label(help_line, left + px(16), y - px(4), 12, DIM, anchor_y="top",
                       width=width - left - px(16) - px(40))
            if down is None:
                self.add_button(value, Rect(value_x, y, px(340), px(38)), up, name=name)
            else:
                self.add_button("<", Rect(value_x, y, px(44), px(38)), down, name=f"{name}-")
                self.label(value, value_x + px(60), y + px(14), 16, width=px(224))
                self.add_button(">", Rect(value_x + px(296), y, px(44), px(38)), up,
                                name=f"{name}+")
            y -= px(80)

        def pace(step: int) -> Callable[[], None]:
            return lambda: self.change(lambda st: setattr(
                st, "animation_seconds", _next(ANIMATION_PACES, st.animation_seconds,
                                               step)))

        def think(step: int) -> Callable[[], None]:
            return lambda: self.change(lambda st: setattr(
                st, "ai_seconds", _next(AI_TIMES, st.ai_seconds, step)))

        def ai_pace(step: int) -> Callable[[], None]:
            pauses = tuple(seconds for _, seconds in AI_PACES)
            return lambda: self.change(lambda st: setattr(
                st, "ai_pause_seconds", _next(pauses, st.ai_pause_seconds, step)))

        def volume(step: int) -> Callable[[], None]:
            return lambda: self.change(lambda st: setattr(
                st, "volume", _next(VOLUMES, st.volume, step)))

        def language(step: int) -> Callable[[], None]:
            return lambda: self.choose_language(step)

        def on_off(value: bool) -> str:
            return _("on") if value else _("off")

        row(_("Animation per move"), seconds_text(s.animation_seconds), pace(-1), pace(1),
            "pace", _("How long a move takes to slide into place (0 s: at once)."))
        row(_("Computer thinking time"), seconds_text(s.ai_seconds), think(-1), think(1),
            "think", _("For a computer player without a level; a level keeps its own "
                       "strength."))
        row(_("Computer moves shown"), pace_name(s.ai_pause_seconds), ai_pace(-1),
            ai_pace(1), "ai_pace", _("How long a computer's move stays in view before "
                                     "the next one."))
        row(_("Sound volume"), _("muted") if s.volume <= 0 else _("{percent} %").format(
            percent=i18n.number(round(s.volume * 100))), volume(-1), volume(1), "volume",
            _("The sounds of moves and of a game's end."))
        row(_("Colour-blind symbols"), on_off(s.colour_blind), None,
            lambda: self.change(lambda st: setattr(st, "colour_blind", not st.colour_blind)),
            "colour_blind", _("Shapes on pieces and cards that name their colours."))
        row(_("Fullscreen (F11)"), on_off(s.fullscreen), None,
            self._toggle_fullscreen, "fullscreen",
            _("The window fills the screen; F11 switches it on any screen."))
        row(_("Language"), language_name(s.language), language(-1), language(1), "language",
            _("The app's and the games' words; System follows this computer."))
        self.add_button(_("Back"), Rect(left, y - px(20), px(200), px(52)),
                        self.navigator.show_launcher, name="back")
        if self.problem:
            self.label(self.problem, left, y - px(50), 13, ERROR, width=width - 2 * left,
                       multiline=True, anchor_y="top")

    def choose_language(self, step: int) -> None:
        """The next (+1) or previous (-1) language, applied at once (and saved)."""
        current = self.services.settings.language
        index = LANGUAGE_CHOICES.index(current) if current in LANGUAGE_CHOICES else 0
        self.services.set_language(LANGUAGE_CHOICES[(index + step) % len(LANGUAGE_CHOICES)])
        self.problem = self.services.take_save_problem() or self.problem
        self.invalidate()

    def _toggle_fullscreen(self) -> None:
        self.services.toggle_fullscreen()
        self.problem = self.services.take_save_problem() or self.problem
        self.invalidate()

    def on_escape(self) -> None:
        self.navigator.show_launcher()
