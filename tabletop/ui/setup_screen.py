"""The set-up screen: players, who plays each seat (a person's name, remembered, or an agent),
the game's options, a seed, Start."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import N_, _
from tabletop.levels import computer_name, describe
from tabletop.limits import MAX_PLAYER_NAME
from tabletop.model import GameOption, TabletopError
from tabletop.play import choices, option_words
from tabletop.play.session import HUMAN
from tabletop.play.table import Table
from tabletop.record import Record
from tabletop.seats import Seat
from tabletop.store.library import given_names
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.line_edit import (
    LineEdit,
    caret_places,
    caret_rects,
    draw_caret,
    nearest_place,
)
from tabletop.ui.textbox import MIN_POINTS
from tabletop.ui.widgets import DIM, ERROR, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services

_DIGITS = {getattr(arcade.key, f"KEY_{d}"): str(d) for d in range(10)}
_DIGITS |= {getattr(arcade.key, f"NUM_{d}"): str(d) for d in range(10)}
#: The longest player name the set-up accepts (the bound `play --name` checks too).
NAME_LENGTH = MAX_PLAYER_NAME
#: What a name field shows: the name after a prefix (the caret is placed after it).
NAME_FIELD = N_("Name: {name}")
#: A seat taken by a friend who joins from another computer (the table is hosted here).
ONLINE = "online"
#: The time per move an online table may give each person (None: no clock), in seconds.
TIME_LIMITS: tuple[float | None, ...] = (None, 30.0, 60.0, 120.0, 300.0, 600.0)


def name_prefix() -> str:
    """What a name field shows before the name, in the player's language ("Name: ")."""
    return _(NAME_FIELD).partition("{name}")[0]


def _fitting(name: str) -> str:
    """A remembered name as the name field can hold it: its shown characters, cut to
    `NAME_LENGTH` (a name kept before the bound, or in an edited library file, may be
    long enough to stall every frame that draws it)."""
    return "".join(c for c in name[:NAME_LENGTH * 4] if c.isprintable())[:NAME_LENGTH]


class SetupScreen(Screen):
    """Choose the players and options of a new game, validated before it starts."""

    def __init__(self, services: Services, game_id: str, preset: Table | None = None,
                 position: Record | None = None) -> None:
        super().__init__(services)
        self.game_id = game_id
        self.game = services.host.game(game_id)
        info = self.game.info
        #: A game played so far (a replay's "Play on from here"): only seats are chosen.
        self.position = position
        # A game with levels offers its levels (by name, rating and blurb), else its
        # agents: the command line's parser says which (`choices.seat_choices`).
        self.levels = choices.levels(services.host, game_id)
        self.agent_names = choices.seat_choices(services.host, game_id)
        if position is None:  # a game played on from a replay stays at this screen
            self.agent_names.append(ONLINE)
        self.time_limit: float | None = None
        self.players = preset.players if preset else info.min_players
        self.seats = ([seat.agent for seat in preset.seats] if preset
                      else [HUMAN] * info.max_players)
        self.options: dict[str, Any] = (
            dict(preset.options) if preset else {o.name: o.default for o in info.options})
        if position is not None:
            self.players = position.players
            self.seats = [a if a in self.agent_names else HUMAN
                          for a in position.agents or [HUMAN] * position.players]
            self.options = dict(position.options)
        self.seats += [HUMAN] * (info.max_players - len(self.seats))
        self.seed_text = ""
        #: Why Start did not start (a value refused is data: worded when shown, in the
        #: language of that moment).
        self.refused: TabletopError | None = None
        # People's names, per seat: the preset game's, else those last used at this game,
        # each at the seat its person had (not the first free person's seat).
        kept = services.keeper.names_of(preset) if preset else None
        # The library's "Player N" of a seat nobody named is no name to type over.
        remembered = (list(given_names(kept, [seat.agent for seat in preset.seats]))
                      if kept is not None and preset
                      else services.keeper.last_names(game_id))
        self.names = [_fitting(n) if i < len(self.seats) and self.seats[i] == HUMAN else ""
                      for i, n in enumerate(remembered)]
        self.names += [""] * (info.max_players - len(self.names))
        #: The name field the caret is in (its button's name), the caret's place in the
        #: name and the other end of the selection (the anchor; equal: nothing selected).
        self._field: str | None = None
        self.caret = self.anchor = 0

    # -- changing choices ----------------------------------------------------------------
    def _set(self, change: Any) -> None:
        # The focus stays on its button by name (`Screen.focus_name`) when the layout
        # changes: a seat turned AI loses its name field, which shifts the buttons after it.
        change()
        self.refused = None
        self.invalidate()

    @property
    def error(self) -> str | None:
        """Why Start did not start, in the player's words and language (None: nothing)."""
        if self.refused is None:
            return None
        return option_words.refusal_words(self.refused, self.game.info)

    def step_players(self, step: int) -> None:
        """Change the number of players within the game's range; a preset the new table
        refuses (Player 4 to start, at a table of 2) goes back to one it takes."""
        info = self.game.info

        def change() -> None:
            self.players = min(info.max_players, max(info.min_players, self.players + step))
            for option in info.options:
                value = self.options[option.name]
                if option.presets and not self.accepts(option, value):
                    taken = [v for _, v in option.presets if self.accepts(option, v)]
                    self.options[option.name] = taken[0] if taken else value

        self._set(change)

    def accepts(self, option: GameOption, value: Any) -> bool:
        """True if the game starts with `value` for `option` at this table (the game's own
        check: a preset the table cannot take is not offered)."""
        options = dict(self.options)
        options[option.name] = value
        try:
            self.game.new_state(self.players, options, 0)
        except Exception:  # the game refuses it (a plugin may refuse in its own way)
            return False
        return True

    def cycle_seat(self, seat: int, step: int = 1) -> None:
        """Human → each agent → human, for one seat."""
        names = self.agent_names
        index = names.index(self.seats[seat]) if self.seats[seat] in names else 0
        self._set(lambda: self.seats.__setitem__(seat, names[(index + step) % len(names)]))

    def step_option(self, option: GameOption, step: int) -> None:
        """The option's next (or previous) value: a preset, a toggle, a choice or a step."""
        value = new = option_words.step(option, self.options[option.name], step)
        # Presets the table refuses are passed over (if none is taken, the plain next
        # value, and Start says why).
        for _tried in range(len(option.presets)):
            if self.accepts(option, new):
                break
            new = option_words.step(option, new, step)
        else:
            new = value
        self._set(lambda: self.options.__setitem__(option.name, new))

    @property
    def online(self) -> bool:
        """True when a seat is played from another computer: the table is hosted here."""
        return ONLINE in self.seats[:self.players]

    def cycle_time_limit(self) -> None:
        """The online table's time per move: the next one offered (after the longest,
        no clock again). A person out of time loses."""
        index = TIME_LIMITS.index(self.time_limit) if self.time_limit in TIME_LIMITS else 0
        new = TIME_LIMITS[(index + 1) % len(TIME_LIMITS)]
        self._set(lambda: setattr(self, "time_limit", new))

    def host(self, seed: int) -> None:
        """Host the table online: one seat here, the others online or the computer's;
        raises `TabletopError` (the set-up says it) if it cannot be."""
        from tabletop.net.server import HERE

        seats = self.seats[:self.players]
        if seats.count(HUMAN) != 1:
            raise TabletopError(_("An online table has one seat here: make yours Human, "
                                  "and each other seat Online or a computer."))
        choices.agents(self.services.host, self.game_id,
                       [s for s in seats if s != ONLINE], "--seat", human=True)
        options = self.game.info.resolve_options(self.options)
        self.game.new_state(self.players, options, seed)  # the game takes these options
        kinds = [HERE if s == HUMAN else s for s in seats]
        names = [self.names[i] if s == HUMAN else "" for i, s in enumerate(seats)]
        self.navigator.host_game(self.game_id, kinds, names, options, seed, self.time_limit)

    def new_game(self, seed: int) -> Record:
        """The game the choices make, as a record to start from; raises `TabletopError`
        if they do not make one (or the kept moves of a position do not replay)."""
        if self.position is not None:  # the kept moves replayed, then play goes on
            record = replace(self.position, agents=tuple(self.seats[:self.players]))
            Table.from_record(self.services.host, record)
            return record
        seats = choices.agents(self.services.host, self.game_id, self.seats[:self.players],
                               "--seat", human=True)
        return Table.opening(self.game, self.players, dict(self.options), seed, seats)

    def start(self) -> None:
        """Validate everything and open the game; problems are shown, not raised, in the
        words the screen uses (the options' labels and presets' names)."""
        try:
            # The seed's rules (its range, a random one if none is typed) are the
            # command line's: one seed is one game in both.
            seed = choices.seed(self.seed_text) if self.seed_text else choices.random_seed()
            # A typed name follows the one rule of names (`--name`'s and the host's).
            self.names = [choices.person_name(name, _("Name")) if name else name
                          for name in self.names]
            if self.online:
                self.host(seed)
                return
            game = self.new_game(seed)
        except TabletopError as exc:
            self.refused = exc
            self.invalidate()
            return
        specs = self.services.host.agent_specs(self.game_id)
        seats = [Seat.person(i, self.names[i]) if agent == HUMAN
                 else Seat.computer(i, agent, computer_name(specs, agent))
                 for i, agent in enumerate(game.agents)]
        self.navigator.start_game(self.game_id, game, seats)

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        # Computer seats' blurbs go on a line of their own where one of the game's levels'
        # blurbs would be cut beside its seat; if that pushes Start off a short window,
        # they stay beside (cut, whole on hover) rather than the buttons going.
        if self._build(width, height, blurbs_below=True) < 0:
            self.clear_layout()
            self._build(width, height, blurbs_below=False)

    @staticmethod
    def _sentence(blurb: str) -> str:
        words = blurb[:1].upper() + blurb[1:]
        return words + ("" if words.endswith((".", "!", "?")) else ".")

    def _blurb_fits_beside(self, words: str, box: Rect) -> bool:
        """True if `words` read whole in `box` beside a seat (wrapped to its lines)."""
        lines = max(1, int(box.height // self.line(12, 1.3)))
        probe = arcade.Text(words, 0, 0, font_size=max(self.px(12), MIN_POINTS),
                            font_name=FONT_SANS)
        return probe.content_width <= 0.85 * lines * box.width  # words wrap, not letters

    def _build(self, width: int, height: int, blurbs_below: bool) -> float:
        """Lay the screen out; returns the bottom of its lowest button."""
        px = self.px
        info = self.game.info
        left = px(60)
        title = self.label(_("New game: {game}").format(game=i18n.translated(info.name)),
                           left, height - px(30), 28, bold=True, anchor_y="top",
                           width=width - 2 * left)
        below = height - px(30) - title.content_height - px(4)
        about = (_("Playing on from move {number} of a kept game: choose who plays each "
                   "seat.").format(number=i18n.number(len(self.position.moves)))
                 if self.position is not None else i18n.translated(info.description))
        about_h = 2 * self.line(13, 1.3)  # two lines at most, the rest on hover
        self.label(about, left, below, 13, DIM, multiline=True, anchor_y="top",
                   box=Rect(left, below - about_h, width - 2 * left, about_h))
        row_h, y = max(px(46), self.line(16, 1.5) + px(8)), below - about_h - px(50)
        value_x, small = left + px(300), px(44)

        def stepper(title: str, value: str, down: Any, up: Any, name: str) -> None:
            nonlocal y
            # Each text in its own cell of the row: a long title shrinks, then is cut.
            self.label(title, left, y + px(19), 16, anchor_y="center",
                       box=Rect(left, y, value_x - left - px(12), px(38)))
            self.add_button("<", Rect(value_x, y, small, px(38)), down, name=f"{name}-")
            self.label(value, value_x + small + px(16), y + px(19), 16, TEXT, anchor_y="center",
                       box=Rect(value_x + small + px(16), y, px(420) - small - px(28), px(38)))
            self.add_button(">", Rect(value_x + px(420), y, small, px(38)), up, name=f"{name}+")
            y -= row_h

        if info.min_players != info.max_players and self.position is None:
            stepper(_("Players"), i18n.number(self.players), lambda: self.step_players(-1),
                    lambda: self.step_players(1), "players")
        name_x = value_x + px(480)
        name_w = min(px(420), max(px(260), width - left - name_x))  # the rest of the row
        beside_w = max(px(160), width - name_x - px(20))
        # One rule for every seat, whoever plays it: where any level's blurb would be cut
        # beside its seat, each seat row keeps a line below for it. So no row moves when a
        # seat turns from a person to the computer, or from one level to the next.
        below = blurbs_below and not all(
            self._blurb_fits_beside(self._sentence(i18n.translated(level.blurb)),
                                    Rect(name_x, 0, beside_w, row_h - px(2)))
            for level in self.levels.values())
        first_online = self.seats.index(ONLINE) if self.online else -1
        for seat in range(self.players):
            player = self.seats[seat]
            level = self.levels.get(player)
            shown = describe(level) if level is not None else player
            text = (_("Human") if player == HUMAN else _("Online: a friend joins")
                    if player == ONLINE else _("Computer: {level}").format(level=shown))
            row_y = y
            # Added in reading order (the focus order): the seat's "<" and ">", then
            # what stands right of them.
            stepper(info.seat_name(seat), text, lambda s=seat: self.cycle_seat(s, -1),
                    lambda s=seat: self.cycle_seat(s, 1), f"seat{seat}")
            tall = self.line(12, 1.4)
            if player == HUMAN:  # the name field sits right of the seat's stepper
                name = _(NAME_FIELD).format(
                    name=self.names[seat] or _("Player {number} (type)").format(
                        number=seat + 1))
                self.add_button(name, Rect(name_x, row_y, name_w, px(38)),
                                lambda: None, name=f"name{seat}")
            elif seat == first_online:  # the table's clock, in the row that asked for it
                limit = self.time_limit
                value = (_("no clock") if limit is None else
                         _("{seconds} s").format(seconds=i18n.number(limit)) if limit < 60
                         else _("{minutes} min").format(minutes=i18n.number(limit / 60)))
                self.add_button(_("Time per move: {limit}").format(limit=value),
                                Rect(name_x, row_y, name_w, px(38)),
                                self.cycle_time_limit, name="time-limit")
            elif level is not None:  # how the level plays: beside the seat, in a
                # person's name's place (two lines at most), or on a line of its own below
                # it (as an option's help) when it would be cut beside (800x600).
                words = self._sentence(i18n.translated(level.blurb))
                if below:
                    blurb = Rect(left + px(16), row_y - px(4) - tall, width - left - px(36),
                                 tall)
                    self.label(words, blurb.left, blurb.top, 12, DIM, anchor_y="top",
                               box=blurb)
                else:
                    beside = Rect(name_x, row_y + px(40) - row_h, beside_w, row_h - px(2))
                    self.label(words, name_x, beside.top, 12, DIM, multiline=True,
                               anchor_y="top", box=beside)
            if below:
                y -= tall + px(4)  # apart from the next row, as an option's help
        for option in info.options if self.position is None else ():
            if self.players < option.min_players:
                continue  # it changes nothing at this table (who plays first, alone)
            # Each option in plain words: its title, its value's name, one line of help.
            value = option_words.value_text(option, self.options[option.name])
            heading = option_words.title(option)
            if len(option.presets) == 1 or (option.kind is object and not option.presets) or (
                    option.kind is str and not option.choices and not option.presets):
                # Nothing to choose here (one preset, or data given on the command line).
                self.label(heading, left, y + px(14), 16)
                self.label(value, value_x + small + px(16), y + px(14), 16, TEXT)
            else:
                stepper(heading, value, lambda o=option: self.step_option(o, -1),
                        lambda o=option: self.step_option(o, 1), f"option:{option.name}")
                y += row_h
            self.label(option_words.help_line(option), left + px(16), y - px(14), 12, DIM)
            y -= row_h + px(18)
        if self.position is None:
            self.label(_("Seed"), left, y + px(14), 16)
            self.add_button(self.seed_text or _("random (type digits)"), Rect(value_x, y,
                            px(464), px(38)), lambda: None, name="seed")
            y -= row_h
        y -= px(10)
        self.add_button(_("Start"), Rect(left, y - px(10), px(200), px(52)), self.start,
                        name="start")
        self.add_button(_("Back"), Rect(left + px(220), y - px(10), px(200), px(52)),
                        self.navigator.show_launcher, name="back")
        if error := self.error:
            self.label(error, left, y - px(50), 15, ERROR, width=width - 2 * left,
                       multiline=True, anchor_y="top")
        return y - px(10)

    def _name_field(self) -> int | None:
        """The seat whose name field has the keyboard focus, if one has."""
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        if focused is not None and focused.name.startswith("name"):
            return int(focused.name[4:])
        return None

    # -- the name field: a caret, a selection and the editing keys -----------------------
    def editing(self) -> int | None:
        """The seat whose name field has the focus, its caret kept in step: a field that
        has just got the focus (a click, Tab) has its whole name selected, so that typing
        replaces a remembered name rather than adding to it."""
        seat = self._name_field()
        if seat is None:
            self._field = None
        elif self._field != self.focus_name:
            self._field = self.focus_name
            self.anchor, self.caret = 0, len(self.names[seat])
        return seat

    @property
    def selected(self) -> tuple[int, int]:
        """The selected span of the name being edited (start, end); empty when equal."""
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def _field_of(self, seat: int) -> LineEdit:
        """The name of `seat` as a field being edited (its caret and selection)."""
        return LineEdit(self.names[seat], self.caret, self.anchor, NAME_LENGTH)

    def _take(self, seat: int, edited: LineEdit) -> None:
        """Keep an edit of the name field: a new name changes the set-up (laid out
        again); a caret or selection that moved only redraws."""
        if edited.text != self.names[seat]:
            def change() -> None:
                self.names[seat] = edited.text
                self.anchor, self.caret = edited.anchor, edited.caret

            self._set(change)
        else:
            self.anchor, self.caret = edited.anchor, edited.caret
            self.services.request_redraw()  # the layout is the same: only the caret moves

    def _move_caret(self, seat: int, to: int, extend: bool) -> None:
        """Put the caret at `to` (within the name); with `extend` (Shift) the selection
        grows or shrinks from its anchor, else it is dropped."""
        self._take(seat, self._field_of(seat).moved(to, extend))

    def on_text(self, text: str) -> None:
        """Typed characters replace the selection, or go in at the caret, in the focused
        name field (characters that cannot be shown are dropped)."""
        self.ensure_built()
        seat = self.editing()
        edited = None if seat is None else self._field_of(seat).typed(text)
        if seat is not None and edited is not None:
            self._take(seat, edited)

    def _edit_key(self, seat: int, symbol: int, modifiers: int) -> bool:
        """A key of the focused name field; False if it is not one (it moves the focus,
        presses Start...)."""
        edited = self._field_of(seat).key(symbol, modifiers)
        if edited is None:
            return False
        self._take(seat, edited)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        seed = self.button_named("seed")
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        seat = self.editing()
        if seat is not None and self._edit_key(seat, symbol, modifiers):
            return
        if focused is seed and symbol in _DIGITS and len(self.seed_text) < 9:
            self._set(lambda: setattr(self, "seed_text", self.seed_text + _DIGITS[symbol]))
        elif focused is seed and symbol == arcade.key.BACKSPACE:
            self._set(lambda: setattr(self, "seed_text", self.seed_text[:-1]))
        else:
            super().on_key_press(symbol, modifiers)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        # A click in the name field being edited puts the caret there (the first click
        # gives the field the focus, with its name selected).
        seat = self.editing()
        index = self.button_at(x, y)
        if seat is not None and index == self.focus:
            nearest = nearest_place(self._caret_places(seat), x)
            if nearest is not None:
                self._move_caret(seat, nearest, bool(modifiers & arcade.key.MOD_SHIFT))
            return
        super().on_mouse_press(x, y, button, modifiers)

    def _caret_places(self, seat: int) -> list[float]:
        """The x of each place the caret can take in a name field (before each character
        and after the last), from the field's text as laid out; empty if not shown."""
        return caret_places(self, f"name{seat}", self.names[seat], name_prefix())

    def caret_rects(self) -> tuple[Rect, Rect | None] | None:
        """Where the caret and the selection (None if nothing is selected) are drawn, in
        the focused name field; None when no name field has the focus."""
        seat = self.editing()
        if seat is None:
            return None
        return caret_rects(self, f"name{seat}", self._field_of(seat),
                           self._caret_places(seat))

    def draw_over_text(self) -> None:
        draw_caret(self.caret_rects())

    def on_escape(self) -> None:
        self.navigator.show_launcher()
