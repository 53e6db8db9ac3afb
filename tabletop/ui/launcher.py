"""The launcher: every registered game, the games in progress (each with Continue),
Settings, Quit, and unavailable plugins."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from tabletop import i18n
from tabletop.i18n import N_, _, ngettext
from tabletop.limits import one_line
from tabletop.model import GameInfo, TabletopError
from tabletop.net.credentials import hosted_here
from tabletop.net.joined import Joined, joined_tables
from tabletop.play.session import HUMAN
from tabletop.store import tutorials
from tabletop.tutorial import read_tutorial
from tabletop.ui import quickstart, thumbnails
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.keeper import last_played, players_line
from tabletop.ui.textbox import SLACK, fit_text
from tabletop.ui.widgets import ACCENT, DIM, ERROR, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.store.index import Entry
    from tabletop.ui.services import Services


def players_text(info: GameInfo) -> str:
    """"2 players", "1-4 players"."""
    if info.min_players == info.max_players:
        count = info.min_players
        return ngettext("{count} player", "{count} players", count).format(
            count=i18n.number(count))
    return _("{least}-{most} players").format(least=i18n.number(info.min_players),
                                              most=i18n.number(info.max_players))


def initials(name: str) -> str:
    """"Ve" for "Verso", "TT" for "Tic Tac": the generic card's letters; a name of one
    short word is shown whole ("Go", "Nim", "2048": two letters of it would mislead)."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if len(words) > 1:
        return (words[0][0] + words[1][0]).upper()
    if len(words) == 1 and len(words[0]) <= 4:
        return words[0]
    return (words[0][:2] if words else "?").capitalize()


#: The quick starts the launcher offers, in rows of `QUICK_COLUMNS` (the same set at every
#: window size: a click aimed at one never finds another there after a resize).
QUICK_STARTS, QUICK_COLUMNS = 4, 2

#: The buttons down the right side: (name, label).
ACTIONS = (("join", N_("Join a game")), ("library", N_("Library")),
           ("statistics", N_("Statistics")), ("settings", N_("Settings")),
           ("quit", N_("Quit")))


#: How tall a box the pitches are measured in (taller than any pitch).
_TALL = 100_000
#: The height each pitch takes at a size and wrap width (measured once per process).
_PITCH_HEIGHTS: dict[tuple[str, int, float], float] = {}
#: Each game's tutorial length, by the text of its tutorial.
_TUTORIAL_LENGTHS: dict[str, int | None] = {}


def _tutorial_length(info: GameInfo) -> int | None:
    """How many steps the tutorial of `info` has (None: none, or it cannot be read: the
    Learn button then says nothing more, and the tutorial screen says why)."""
    text = info.tutorial
    if text is None:
        return None
    if text not in _TUTORIAL_LENGTHS:
        try:
            tutorial = read_tutorial(text, info)
        except TabletopError:
            tutorial = None
        _TUTORIAL_LENGTHS[text] = len(tutorial.steps) if tutorial is not None else None
    return _TUTORIAL_LENGTHS[text]


class LauncherScreen(Screen):
    """The first screen: pick a game, start one in a click, continue one in progress, or
    change settings."""

    still = True  # its pictures and texts change only when it is laid out again

    def __init__(self, services: Services, message: str | None = None) -> None:
        super().__init__(services)
        self.message = one_line(message) if message else None
        self.in_progress = services.keeper.in_progress()
        #: The online tables this app joined whose game goes on: offered back (Rejoin).
        self.joined = joined_tables(services.directory)
        self.page = 0  # which page of games, when there are more than fit
        self._pictures: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._quick: list[quickstart.QuickStart] | None = None
        #: True once a frame is on screen, and while pictures wait for one (`_later`).
        self._shown = self._waiting = False

    def build(self, width: int, height: int) -> None:
        px = self.px
        margin = px(40)
        self._pictures = arcade.SpriteList()
        title = self.label("Tabletop", margin, height - px(24), 34, bold=True, anchor_y="top")
        below = height - px(24) - title.content_height - px(6)
        subtitle = self.label(_("Choose a game, or start one in a click (Tab / arrows, "
                                "Enter)"),
                              margin, below, 13, DIM, anchor_y="top")
        side_w = max(px(280), 200)
        side_x = width - margin - side_w
        top = below - subtitle.content_height - px(20)
        go = self.navigator
        doing: dict[str, Callable[[], None]] = {
            "join": go.show_join, "library": go.show_library, "statistics": go.show_stats,
            "settings": go.show_settings, "quit": go.quit}
        actions = [(name, _(label), doing[name]) for name, label in ACTIONS]
        floor = px(24)
        # Games first: Tab from nothing lands on the first game. A red message takes no
        # room from them: it goes above the games in progress (`_build_problems`).
        y = self._build_games(margin, top, side_x - 2 * margin, floor)
        self._build_quick_starts(margin, y - px(8), side_x - 2 * margin, floor)
        row = max(px(58), self.line(14, 1.6) + px(12))
        buttons_top = floor + len(actions) * row
        # Tab order: the games, the quick starts, the games in progress, then these.
        below = self._build_problems(side_x, top, side_w, buttons_top + px(6))
        self._build_in_progress(side_x, below, side_w, buttons_top + px(6))
        y = buttons_top
        for name, label, action in actions:
            y -= row
            self.add_button(label, Rect(side_x, y, side_w, row - px(12)), action, name=name)

    def problems(self) -> list[str]:
        """The red lines: the launcher's message (a plugin that failed in play, a file set
        aside), then each plugin that could not be loaded."""
        lines = [self.message] if self.message else []
        return lines + [_("{plugin} (unavailable): {problem}").format(
            plugin=error.name, problem=error.error) for error in self.services.host.errors]

    def _build_problems(self, left: float, top: float, width: float, floor: float) -> float:
        """The red lines at the top of the side column, each in its panel, wrapped to the
        column and as tall as it needs (room for a game in progress is left below them
        when there is one); the y below them."""
        px = self.px
        problems = self.problems()
        if not problems:
            return top
        cards = len(self.in_progress) + len(self.joined)
        reserved = floor
        if cards:  # the heading and one card (and "… and 2 more") stay
            # (below the last red line: its panel's margin and the gap, px(8) + px(10))
            reserved += (px(18) + self.line(16, 1.4) + px(8) + self._in_progress_card_h(width)
                         + (self.line(12, 1.5) if cards > 1 else 0))
        y = top
        for index, text in enumerate(problems):
            # The first red line (what just happened: a game set aside, a plugin that
            # failed) is read whole before any game in progress; the others leave room
            # for one.
            bottom = floor if index == 0 else reserved
            room = Rect(left + px(8), bottom, width - px(16), y - px(8) - bottom)
            if room.height < self.line(12, 1.5):
                break
            self.label(text, room.left, room.top, 12, ERROR, multiline=True,
                       anchor_y="top", box=room)
            bottom = self.texts.items[-1].extent.bottom - px(8)  # as tall as it was laid out
            self.box(Rect(left, bottom, width, y - bottom), PANEL)
            y = bottom - px(10)
        return y

    def game_order(self) -> list[str]:
        """The games' ids as the launcher lists them: the games shipped with Tabletop, then
        the others, each by name (a plugin bringing dozens of games never buries them)."""
        def key(game_id: str) -> tuple[bool, str]:
            owner = self.services.host.owner(game_id)
            return (not (owner is not None and owner.builtin),
                    self.services.host.games[game_id].info.name.lower())
        return sorted(self.services.host.games, key=key)

    def _build_games(self, left: float, top: float, width: float, floor: float) -> float:
        """A card per game (its picture, name, player counts, pitch); the y below them.

        As many cards as fit above room for the quick starts; more games turn into pages,
        with Previous / Next and which games are shown. A page's cards are as tall as its
        longest pitch needs, laid out by the one rule (`pitch_height`)."""
        px = self.px
        order = self.game_order()
        games = self.services.host.games
        rows = -(-len(self.quick_start_set()) // QUICK_COLUMNS)
        quick_room = self.line(16, 1.4) + rows * max(px(44), self.line(14, 1.6)) + px(16)
        room = top - floor - quick_room
        gap, pager_h = px(10), max(px(40), self.line(14, 1.6))
        head = self.line(20, 1.4) + self.line(13, 1.4)  # the name and the players
        base_h = max(px(150), head + 2 * self.line(13, 1.3) + px(16))
        # A pitch longer than five lines is the rule's to scale down or cut.
        most_h = max(base_h, head + 5 * self.line(13, 1.3) + px(16))
        art_h = base_h - px(16)
        learn_w = max(px(170), 110)
        # "Learn <game>" reads whole: a longer language's words widen the buttons a little.
        places = tutorials.places(self.services.directory)[0] if any(
            games[g].info.tutorial is not None for g in order) else {}
        learns = [text for g in order if games[g].info.tutorial is not None
                  for text in (self._learn_label(games[g].info),
                               self._learn_progress(g, places.get(g, 1)))
                  if text]
        while learn_w < max(px(250), 160) and not all(self.button_fits(text, learn_w)
                                                        for text in learns):
            learn_w += px(10)

        def text_box(game_id: str) -> tuple[float, float]:
            """Where a card's texts start and how wide they may be."""
            teaches = games[game_id].info.tutorial is not None
            right = left + width - (learn_w + gap if teaches else 0)
            art_right = left + px(8) + art_h * 4 / 3
            return art_right + px(16), right - art_right - px(28)

        def need(game_id: str) -> float:
            text_x, text_w = text_box(game_id)
            pitch = self.pitch_height(i18n.translated(games[game_id].info.description),
                                      text_x, text_w, 13)
            return min(most_h, max(base_h, head + pitch + px(16)))

        def page_from(first: int, room: float) -> tuple[int, float]:
            """How many cards a page starting at `first` holds, and their height."""
            count, height = 0, base_h
            while first + count < len(order):
                taller = max(height, need(order[first + count]))
                if count and (count + 1) * (taller + gap) - gap > room:
                    break
                count, height = count + 1, taller
            return count, height

        paged = page_from(0, room)[0] < len(order)
        # The last card's gap is the pager's room above it; the quick starts keep theirs.
        page_room = room - pager_h if paged else room
        firsts = [0]
        while len(firsts) <= self.page:
            after = firsts[-1] + page_from(firsts[-1], page_room)[0]
            if after >= len(order):
                break
            firsts.append(after)
        self.page = min(self.page, len(firsts) - 1)
        count, card_h = page_from(firsts[self.page], page_room)
        shown = order[firsts[self.page]:firsts[self.page] + count]
        y = top
        for game_id in shown:
            info = games[game_id].info
            # A game that ships a tutorial has "Learn <game>" beside its card.
            teaches = info.tutorial is not None
            rect = Rect(left, y - card_h, width - (learn_w + gap if teaches else 0), card_h)
            self.add_button("", rect, partial(self.navigator.show_setup, game_id),
                            name=f"game:{game_id}")
            if teaches:
                self._learn_button(game_id, info, Rect(rect.right + gap, rect.bottom,
                                                       learn_w, card_h),
                                   places.get(game_id, 1))
            art = Rect(rect.left + px(8), rect.top - px(8) - art_h, art_h * 4 / 3, art_h)
            name = i18n.translated(info.name)
            self._picture(game_id, name, art)
            text_x, text_w = text_box(game_id)
            line_y = rect.top - px(8)
            for text, size, colour, bold, step in (
                    (name, 20, TEXT, True, self.line(20, 1.4)),
                    (players_text(info), 13, TEXT, False, self.line(13, 1.4)),
                    (i18n.translated(info.description), 13, DIM, False,
                     line_y - head - rect.bottom - px(8))):
                self.label(text, text_x, line_y, size, colour, bold=bold, anchor_y="top",
                           multiline=colour is DIM,
                           box=Rect(text_x, line_y - step, text_w, step))
                line_y -= step
            y -= card_h + gap
        if paged:
            first = firsts[self.page] + 1
            self.label(_("Games {first}–{last} of {count}").format(
                first=i18n.number(first), last=i18n.number(first + len(shown) - 1),
                count=i18n.number(len(order))), left,
                       y - pager_h / 2, 13, DIM, anchor_y="center",
                       box=Rect(left, y - pager_h, width / 3, pager_h))
            button_w = min(px(160), width / 3 - px(10))
            for name, label, step, x, enabled in (
                    ("games:previous", _("◀ Previous"), -1,
                     left + width - 2 * button_w - px(10), self.page > 0),
                    ("games:next", _("Next ▶"), 1, left + width - button_w,
                     firsts[self.page] + count < len(order))):
                button = self.add_button(label, Rect(x, y - pager_h, button_w, pager_h - px(4)),
                                         partial(self.show_page, self.page + step), name=name)
                button.enabled = enabled
            y -= pager_h
        return y

    def pitch_height(self, text: str, x: float, width: float, size: float) -> float:
        """The height `text` takes wrapped in a box `width` wide from `x`, at design size
        `size`, as the one rule lays it out (`fit_text` in a box tall enough): the room
        a pitch needs to read whole at its size."""
        points = self.px(size)
        room = max(1, int(x + width - round(x)))  # the wrap width `fit_text` gives it
        key = (text, room, points)
        if key not in _PITCH_HEIGHTS:
            _label, placed = fit_text(text, 0, _TALL, Rect(0, 0, room, _TALL), points, DIM,
                                      font_name=FONT_SANS, wrap=True, anchor_y="top")
            _PITCH_HEIGHTS[key] = placed.extent.height + 2 * SLACK
        return _PITCH_HEIGHTS[key]

    def _learn_progress(self, game_id: str, step: int) -> str | None:
        """"Step 7 of 15" when the tutorial of `game_id` was left at `step` (> 1)."""
        if step <= 1:
            return None
        steps = _tutorial_length(self.services.host.games[game_id].info)
        if steps is None or step > steps:
            return None
        return _("Step {number} of {count}").format(number=i18n.number(step),
                                                    count=i18n.number(steps))

    def _learn_button(self, game_id: str, info: GameInfo, rect: Rect, step: int) -> None:
        """"Learn <game>", and under it where the player left off ("Step 7 of 15")."""
        action = partial(self.navigator.show_tutorial, game_id)
        progress = self._learn_progress(game_id, step)
        if progress is None:
            self.add_button(self._learn_label(info), rect, action, name=f"learn:{game_id}")
            return
        self.add_button("", rect, action, name=f"learn:{game_id}")
        inner = self.label_box(rect)
        title_h, under_h = self.line(14, 1.4), self.line(12, 1.4)
        top = rect.center[1] + (title_h + under_h) / 2
        for text, size, colour, height in ((self._learn_label(info), 14, TEXT, title_h),
                                           (progress, 12, DIM, under_h)):
            self.label(text, inner.center[0], top - height / 2, size, colour,
                       anchor_x="center", anchor_y="center",
                       box=Rect(inner.left, top - height, inner.width, height))
            top -= height

    @staticmethod
    def _learn_label(info: GameInfo) -> str:
        return _("Learn {game}").format(game=i18n.translated(info.name))

    def show_page(self, page: int) -> None:
        """Show another page of the games."""
        self.page = page
        self.invalidate()

    def _later(self, game_id: str, size: tuple[int, int], key: str = "typical") -> bool:
        """True if the picture is not drawn yet and the launcher's first frame is not on
        screen either: it waits for the next frame (drawing the games' pictures took 0.7 s
        of a 1.3 s start), and a card stands in for it meanwhile."""
        if self._shown or thumbnails.ready(game_id, size, key, glance=True):
            return False
        self._waiting = True
        return True

    def on_draw(self) -> None:
        super().on_draw()
        self._shown = True

    def on_update(self, delta_time: float) -> None:
        if self._waiting and self._shown:
            self._waiting = False
            self.invalidate()  # the pictures that waited for the first frame

    def _picture(self, game_id: str, name: str, art: Rect) -> None:
        """The game's picture by its renderer, else its shipped picture, else a card."""
        size = (int(art.width), int(art.height))
        texture = None if self._later(game_id, size) else thumbnails.picture(
            self.services, game_id, size, glance=True)
        if texture is None:
            info = self.services.host.game(game_id).info
            if info.picture and self._add_picture(info.picture, art):
                return
            self.box(art, PANEL, ACCENT)
            self.label(initials(name), *art.center, 30, ACCENT, bold=True,
                       anchor_x="center", anchor_y="center", box=art.inset(self.px(6)))
            return
        sprite = arcade.Sprite(texture)
        sprite.scale = min(art.width / texture.width, art.height / texture.height)
        sprite.position = art.center
        self._pictures.append(sprite)

    def quick_start_set(self) -> list[quickstart.QuickStart]:
        """The quick starts offered, the same at every window size: the games shipped with
        Tabletop first (plugins never push them off), each game's first one (against the
        computer, or solo), then each game's next, `QUICK_STARTS` in all."""
        if self._quick is None:
            host = self.services.host
            order = self.game_order()
            builtin = [g for g in order if (o := host.owner(g)) is not None and o.builtin]
            chosen: list[quickstart.QuickStart] = []
            for games in (builtin, [g for g in order if g not in builtin]):
                offered = [quickstart.quick_starts(host, g) for g in games[:QUICK_STARTS]]
                for rank in range(max((len(o) for o in offered), default=0)):
                    chosen += [starts[rank] for starts in offered if rank < len(starts)]
            self._quick = chosen[:QUICK_STARTS]
        return self._quick

    def _build_quick_starts(self, left: float, top: float, width: float,
                            floor: float) -> None:
        """The quick-start buttons, as many rows as fit above `floor`."""
        px = self.px
        starts = self.quick_start_set()
        if not starts:
            return
        head = self.label(_("Quick start"), left, top, 16, TEXT, bold=True, anchor_y="top")
        button_h = max(px(44), self.line(14, 1.6))
        columns = QUICK_COLUMNS
        column_w = (width - (columns - 1) * px(10)) / columns
        y = top - head.content_height - px(8)
        for index, start in enumerate(starts):
            if index % columns == 0:
                y -= button_h
                if y < floor:
                    return
            x = left + (index % columns) * (column_w + px(10))
            self.add_button(quickstart.as_offered(self.services, start).label,
                            Rect(x, y, column_w, button_h - px(8)),
                            partial(quickstart.begin, self.services, start),
                            name=f"quick:{start.game_id}:{len(start.seats)}:"
                                 f"{start.seats.count(HUMAN)}")

    def _players_rows(self, width: float) -> int:
        """The rows of the players line on the cards of games in progress `width` wide:
        two where one card's does not fit one (every card alike, so that the Continue
        buttons line up)."""
        room = width - self.px(20)
        cut = any(fit_text(players_line(entry, self.services.host), 0, 0,
                           Rect(0, -_TALL, room, 2 * _TALL), self.px(12), DIM,
                           font_name=FONT_SANS)[1].cut for entry in self.in_progress)
        return 2 if cut else 1

    def _in_progress_card_h(self, width: float) -> float:
        """The height of a game in progress's card `width` wide: room for its lines (the
        players on one row or two) and a button at the smallest size (small windows)."""
        lines = self.line(14, 1.6) + (1 + self._players_rows(width)) * self.line(12, 1.5)
        return max(self.px(92), lines + max(self.px(28), self.line(14, 1.4)) + self.px(16))

    def _build_in_progress(self, left: float, top: float, width: float, floor: float) -> None:
        """A card per game in progress, newest first, each with its Continue button; as
        many as fit above `floor`, then how many more there are."""
        px = self.px
        if not self.in_progress and not self.joined:
            return
        head = self.label(_("In progress"), left, top, 16, TEXT, bold=True, anchor_y="top")
        rows = self._players_rows(width)
        lines = [self.line(14, 1.6), rows * self.line(12, 1.5), self.line(12, 1.5)]
        button_h = max(px(28), self.line(14, 1.4))
        card_h = self._in_progress_card_h(width)
        more_h = self.line(12, 1.5)
        y = top - head.content_height - px(8) - card_h
        shown = 0
        # Newest first: the games kept here and the online tables joined from here.
        cards: list[Entry | Joined] = sorted(
            [*self.in_progress, *self.joined], key=lambda card: -card.updated)
        for index, entry in enumerate(cards):
            last = index == len(cards) - 1
            if y < floor + (0 if last else more_h):
                break
            if isinstance(entry, Joined):
                self._joined_card(entry, Rect(left, y, width, card_h), lines, button_h)
                y -= card_h + px(8)
                shown += 1
                continue
            game = self.services.host.games.get(entry.game or "")
            name = (i18n.translated(game.info.name) if game else
                    _("{game} (not installed)").format(game=entry.game))
            if hosted_here(self.services.directory, entry.id):  # Continue hosts it again
                name = _("{game} · online").format(game=name)
            self.box(Rect(left, y, width, card_h), PANEL)
            line_y = y + card_h - px(6)
            # Its own picture left of its first two lines (its latest position, drawn
            # once); the third line ("move 19 · 5 min ago") has the card's whole width.
            tall = lines[0] + lines[1] / rows
            art = Rect(left + px(8), line_y - tall, tall * 4 / 3, tall)
            art_size = (int(art.width), int(art.height))
            players = players_line(entry, self.services.host)
            # The picture gives way to who plays: a players line that would be cut beside
            # it (by the rule's own measure) has the card's whole width instead, on two
            # rows where one is too narrow; a list of names longer still is cut, whole on
            # hover (the game, the first player, the move and when tell the game apart).
            beside = art.right + px(8)
            pictured = not fit_text(players, beside, 0, Rect(beside, -_TALL, left + width
                                                              - px(10) - beside, 2 * _TALL),
                                    px(12), DIM, font_name=FONT_SANS)[1].cut
            later = pictured and game is not None and self._later(
                entry.game or "", art_size, thumbnails.kept_game_key(entry))
            texture = (thumbnails.kept_game_picture(self.services, entry, art_size,
                                                     glance=True)
                       if pictured and game is not None and not later else None)
            text_x = left + px(10)
            if texture is not None:
                sprite = arcade.Sprite(texture)
                sprite.scale = min(art.width / texture.width, art.height / texture.height)
                sprite.position = art.center
                self._pictures.append(sprite)
                text_x = art.right + px(8)
            for n, (text, size, colour, bold) in enumerate((
                    (name, 14, TEXT, True),
                    (players, 12, DIM, False),
                    (_("move {number} · {when}").format(number=i18n.number(entry.plies + 1),
                                                        when=last_played(entry.updated)),
                     12, DIM, False))):
                x = text_x if n < 2 else left + px(10)
                box = Rect(x, line_y - lines[n], left + width - px(10) - x, lines[n])
                self.label(text, x, line_y, size, colour, bold=bold, anchor_y="top",
                           box=box, multiline=n == 1 and rows > 1, may_cut=n == 1)
                line_y -= lines[n]
            self.add_button(_("Continue"), Rect(left + px(10), y + px(6), width - px(20),
                                             button_h),
                            partial(self.navigator.continue_game, entry.id),
                            enabled=game is not None,
                            name=f"continue:{entry.id}")
            y -= card_h + px(8)
            shown += 1
        if shown < len(cards):
            more = len(cards) - shown
            self.label(ngettext("… and {count} more in progress",
                                "… and {count} more in progress", more).format(
                count=i18n.number(more)), left,
                       y + card_h, 12, DIM, width=width, anchor_y="top")

    def _joined_card(self, joined: Joined, card: Rect, lines: list[float],
                     button_h: float) -> None:
        """The card of an online table this app joined: the game, who else is at it,
        when it was joined, and Rejoin (its seat taken again with the kept token)."""
        px = self.px
        game = self.services.host.games.get(joined.game)
        name = (i18n.translated(game.info.name) if game else
                _("{game} (not installed)").format(game=joined.game))
        self.box(card, PANEL)
        line_y = card.top - px(6)
        for n, (text, size, colour, bold) in enumerate((
                (_("{game} · online").format(game=name), 14, TEXT, True),
                (_("with {players}").format(players=joined.about) if joined.about
                 else joined.address, 12, DIM, False),
                (_("joined {when}").format(when=last_played(joined.updated)), 12, DIM,
                 False))):
            self.label(text, card.left + px(10), line_y, size, colour, bold=bold,
                       width=card.width - px(20), anchor_y="top", may_cut=n == 1)
            line_y -= lines[n]
        self.add_button(_("Rejoin"), Rect(card.left + px(10), card.bottom + px(6),
                                          card.width - px(20), button_h),
                        partial(self.navigator.show_join, joined), enabled=game is not None,
                        name=f"rejoin:{joined.code}")

    def _add_picture(self, path: str, art: Rect) -> bool:
        """Show the plugin's shipped picture in `art`; False if it cannot be read."""
        try:
            texture = arcade.load_texture(path)
        except Exception:  # a missing or unreadable picture only loses the picture
            return False
        sprite = arcade.Sprite(texture)
        sprite.scale = min(art.width / texture.width, art.height / texture.height)
        sprite.position = art.center
        self._pictures.append(sprite)
        return True

    def draw_over_text(self) -> None:
        self._pictures.draw()

    def on_escape(self) -> None:
        self.focus = -1
