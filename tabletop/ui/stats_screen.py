"""The Statistics screen: one player's results drawn as charts in the services.

Left: per game, a bar of wins / draws / losses with the winning streak and personal
bests under it; the win rate against each agent and against people; results by seat
(Versus: by colour). Right, for a game whose levels are rated: the person's rating in
words ("about 700 ± 120 — between Club and Expert") and a chart of it after each game,
its 95 % interval and the levels drawn across it (`docs/rating.md`), with the person's
accuracy in their reviewed games of it (`docs/review.md`); for a solo game: a
histogram of the scores by the game's rating bands and a line of the latest scores with
the best and the average. Every bar and point carries its number in text, and the three
results differ by a letter as well as a colour (W / D / L), so nothing depends on colour
alone; the palette is Okabe-Ito's, readable with every common colour-vision deficiency.
The numbers are `player_stats`' own, the same `tabletop stats --json` prints.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _, ngettext, pgettext
from tabletop.levels import computer_name
from tabletop.limits import MAX_PLAYER_NAME, player_name, player_name_problem, shown
from tabletop.model import TabletopError
from tabletop.person_rating import rounded
from tabletop.store.library import DEFAULT_NAME
from tabletop.store.reviews import accuracy_history
from tabletop.store.stats import (
    NAME_ADVICE,
    NO_RATING,
    PEOPLE,
    UNNAMED,
    people,
    people_ratings,
    player_stats,
    player_words,
    rating_scales,
    rating_text,
    solo_heading,
    unrated_words,
)
from tabletop.ui._arcade import arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.line_edit import LineEdit, caret_places, caret_rects, draw_caret, nearest_place
from tabletop.ui.widgets import ACCENT, DIM, ERROR, GOOD, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services

# Okabe-Ito: distinguishable with protanopia, deuteranopia and tritanopia.
WIN = (0, 114, 178, 255)
DRAW = (240, 228, 66, 255)
LOSS = (213, 94, 0, 255)
BAR = (86, 180, 233, 255)
LINE = (0, 158, 115, 255)
TRACK = (58, 66, 82, 255)
LEVEL = (96, 104, 122, 255)
#: A history longer than this is drawn as a line alone, without a mark at each game.
MARKED = 60


class StatsScreen(Screen):
    """The statistics of one player, optionally of one game (see the module docstring)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.game: str | None = None
        library = services.keeper.library
        services.keeper.flush()
        self.entries = library.entries() if library is not None else []
        # Named people, then the games nobody named (UNNAMED); computers are opponents.
        self.players = people(self.entries)
        self.player = self.players[0] if self.players else None
        # Everyone's ratings once: they do not depend on whose statistics are shown.
        self.scales = rating_scales(services.host)
        self.ratings = people_ratings(self.entries, self.scales)
        self.stats: dict[str, Any] = {}
        #: The language the statistics were counted in (their words: ratings, seats).
        self.counted_in = ""
        #: The new name being typed for the player (None: not renaming), what is wrong
        #: with it, and how the last rename went (its words, and whether it worked).
        self.renaming: LineEdit | None = None
        self.message, self.good = "", True
        self.recount()

    def recount(self) -> None:
        """Count again for the chosen player and game."""
        data = player_stats(self.entries, self.services.host.games, self.player, self.game,
                            self.scales, self.ratings)
        self.stats = data["players"].get(self.player, {}) if self.player is not None else {}
        library = self.services.keeper.library
        #: The player's accuracy in each reviewed game, per game (`store.reviews`).
        self.accuracies = ({} if library is None or self.player is None else
                           accuracy_history(library, self.entries, self.player))
        self.counted_in = i18n.language()
        self.invalidate()

    def cycle_player(self, step: int) -> None:
        """The next (+1) or previous (-1) player who has kept games."""
        if self.players:
            index = self.players.index(self.player) if self.player in self.players else 0
            self.player = self.players[(index + step) % len(self.players)]
            self.recount()

    def cycle_game(self, step: int) -> None:
        """Every game, or one."""
        games: list[str | None] = [None, *sorted({e.game for e in self.entries if e.game})]
        index = games.index(self.game) if self.game in games else 0
        self.game = games[(index + step) % len(games)]
        self.recount()

    def rival_name(self, agent: str) -> str:
        """An opponent agent as the set-up names it: its level's name ("Expert"; see
        `tabletop.levels.computer_name`), in the games counted (names joined if they
        differ from game to game)."""
        host = self.services.host
        games = [self.game] if self.game is not None else sorted(
            {e.game for e in self.entries if e.game is not None})
        words = {computer_name(host.agent_specs(g), agent) for g in games if g in host.games}
        # A level's own name ("Casual") is words of the game too: translated like the rest.
        return " / ".join(sorted({i18n.translated(w) for w in words})) or agent

    def opponents(self) -> dict[str, dict[str, Any]]:
        """The results against each opponent, by the name shown ("people" for people):
        an agent and the level it is shown as ("strong" and "Expert") are one row."""
        rows: dict[str, dict[str, Any]] = {}
        for rival, t in self.stats.get("against", {}).items():
            name = "people" if rival == PEOPLE else self.rival_name(rival)
            row = rows.setdefault(name, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
            for count in ("games", "wins", "draws", "losses"):
                row[count] += t[count]
            row["win_rate"] = row["wins"] / row["games"] if row["games"] else 0.0
        return rows

    def _name(self, game_id: str) -> str:
        game = self.services.host.games.get(game_id)
        return i18n.translated(game.info.name) if game else game_id

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        if self.renaming is not None:
            self._build_rename(width, height)
            return
        if self.counted_in != i18n.language():  # the words of the ratings and seats
            data = player_stats(self.entries, self.services.host.games, self.player,
                                self.game, self.scales, self.ratings)
            self.stats = (data["players"].get(self.player, {}) if self.player is not None
                          else {})
            self.counted_in = i18n.language()
        left, right = px(40), width - px(40)
        self.label(_("Statistics"), left, height - px(64), 30, bold=True)
        y = height - px(120)
        for title, text, cycle, name, x in (
                (_("Player"), _("nobody yet") if self.player is None else
                 player_words(self.player), self.cycle_player, "player", left),
                (_("Game"), _("every game") if self.game is None else self._name(self.game),
                 self.cycle_game, "game", left + px(440))):
            self.label(title, x, y + px(12), 15, width=px(80))
            self.add_button("<", Rect(x + px(84), y, px(36), px(34)), partial(cycle, -1),
                            name=f"{name}-")
            # The player's or the game's name: any length, read whole on hover.
            self.label(text, x + px(132), y + px(12), 15, TEXT, width=px(200), may_cut=True)
            self.add_button(">", Rect(x + px(340), y, px(36), px(34)), partial(cycle, 1),
                            name=f"{name}+")
        if self.player is not None and self.player != UNNAMED:  # a name a person typed
            self.add_button(_("Rename…"), Rect(right - px(366), y, px(180), px(34)),
                            self.ask_rename, name="rename")
        self.add_button(_("Back (Esc)"), Rect(right - px(170), y, px(170), px(34)),
                        self.navigator.show_launcher, name="back")
        top, bottom = y - px(20), px(30)
        if self.message:  # how the last rename went, under the choices
            self.label(self.message, left, top, 13, GOOD if self.good else ERROR,
                       width=right - left)
            top -= self.line(13, 1.5)
        middle = left + (right - left) / 2
        self._build_results(Rect(left, bottom, middle - left - px(16), top - bottom))
        column = Rect(middle + px(16), bottom, right - middle - px(16), top - bottom)
        ratings = self.stats.get("rating", {}) if self.stats else {}
        if not ratings:
            self._build_solo(column)
        elif not self.stats.get("solo"):
            self._build_rating(column, ratings)
        else:  # both: the rating above with a chart of a set height, the solo scores below
            used = self._build_rating(column, ratings,
                                      chart=max(px(170), 7 * self.line(10, 1.2)))
            self._build_solo(Rect(column.left, column.bottom, column.width,
                                  used - column.bottom - px(8)))

    @staticmethod
    def _streak_and_bests(stats: dict[str, Any], game_id: str) -> str:
        """"winning streak 2 (longest 5) · best score 58 · beat Expert": the streak and the
        bests likeliest to matter (`tabletop stats` has them all)."""
        words = []
        streak = stats.get("streaks", {}).get(game_id)
        if streak:
            words.append(_("winning streak {current} (longest {longest})").format(
                current=i18n.number(streak["current"]), longest=i18n.number(streak["longest"])))
        bests = stats.get("bests", {}).get(game_id, {})
        if bests.get("score"):
            words.append(_("best score {score}").format(
                score=i18n.number(bests["score"]["value"])))
        if bests.get("strongest_beaten"):
            words.append(_("beat {level}").format(
                level=i18n.translated(bests["strongest_beaten"]["name"])))
        return " · ".join(words)

    def _section(self, title: str, x: float, y: float, width: float) -> float:
        """A section's heading under `y`, on two lines where one would cut it (a longer
        language in a narrow window); where the section's body starts."""
        line = self.line(16, 1.25)
        top = y - self.px(18) + self.line(16, 0.8)
        self.label(title, x, top, 16, ACCENT, bold=True, anchor_y="top", multiline=True,
                   box=Rect(x, top - 2 * line, width, 2 * line))
        extra = max(0.0, self.texts.items[-1].extent.height - line)
        return y - self.px(30) - extra

    def _build_results(self, area: Rect) -> None:
        px, s = self.px, self.stats
        x, width = area.left + px(14), area.width - px(28)
        y = area.top - px(6)
        if self.player == UNNAMED:  # how these games would have been someone's
            # (three lines: German's sentence at 800×600)
            # (below it, room for a section's heading, which stands above its `y`)
            y -= self._wrapped(_(NAME_ADVICE), x, y - px(4), width, 12, DIM, 3) + px(20)
        if not s or not (s["games"] or s["against"]):
            self.label(_("No finished games against anyone yet."), x, y - px(30), 13, DIM,
                       width=width)
            return
        # Translators: W, D and L are the letters of the bars (pgettext "result letter").
        y = self._section(_("Games (W won · D drawn · L lost)"), x, y, width)
        row = max(px(40), self.line(12, 1.4) + self.line(11, 1.2))
        for game_id, t in sorted(s["games"].items()):
            y -= row
            self.label(ngettext("{game}: {count} played, {share} won",
                                "{game}: {count} played, {share} won", t["games"]).format(
                game=self._name(game_id), count=i18n.number(t["games"]),
                share=i18n.percent(t["win_rate"])),
                       x, y + row, 12, TEXT, width=width, anchor_y="top")
            self._stacked(Rect(x, y, width, row - self.line(12, 1.4)), t)
            # The streak and the personal bests, under the bar they belong to.
            words = self._streak_and_bests(s, game_id)
            if words:
                y -= self._wrapped(words, x, y - px(2), width, 11, DIM) + px(2)
        # The computers by their levels in a section of their own, then people.
        rivals = self.opponents()
        for title, chosen in ((_("Against the computer"), [r for r in rivals if r != "people"]),
                              (_("Against people"), [r for r in rivals if r == "people"])):
            if not chosen:
                continue
            if y - px(40) - row < area.bottom:
                return
            y = self._section(title, x, y - px(10), width)
            for rival in sorted(chosen):
                if y - row < area.bottom:
                    return  # no room for more: the rest is in `tabletop stats`
                y -= row
                # An opponent's name (a person's, a level's): any length, read whole on
                # hover.
                self._rate(Rect(x, y, width, row - px(8)),
                           _("people") if rival == "people" else rival, rivals[rival],
                           may_cut=rival != "people")
        if y - px(40) - row < area.bottom:
            return
        y = self._section(_("By seat"), x, y - px(10), width)
        for game_id, seats in sorted(s["by_seat"].items()):
            for seat, t in seats.items():
                if y - row < area.bottom:
                    return
                y -= row
                self._rate(Rect(x, y, width, row - px(8)),
                           _("{game} as {seat}").format(game=self._name(game_id), seat=seat),
                           t)

    def _stacked(self, bar: Rect, t: dict[str, Any]) -> None:
        """One bar split into wins, draws and losses, each labelled W/D/L and its count."""
        x = bar.left
        for key, colour, letter, ink in (
                ("wins", WIN, pgettext("result letter", "W"), TEXT),
                ("draws", DRAW, pgettext("result letter", "D"), (20, 20, 20, 255)),
                ("losses", LOSS, pgettext("result letter", "L"), (20, 20, 20, 255))):
            if not t[key]:
                continue
            w = bar.width * t[key] / t["games"]
            self.box(Rect(x, bar.bottom, w, bar.height), colour)
            segment = Rect(x, bar.bottom, w, bar.height)
            self.label(f"{letter} {i18n.number(t[key])}", *segment.center, 11, ink,
                       anchor_x="center",
                       anchor_y="center", box=segment)
            x += w

    def _rate(self, rect: Rect, title: str, t: dict[str, Any], may_cut: bool = False
              ) -> None:
        """A title (`may_cut`: a name, cut if long), then a track with the win rate's bar
        and its number."""
        px = self.px
        title_w = rect.width * 0.42
        self.label(title, rect.left, rect.bottom + rect.height / 2, 12, TEXT,
                   anchor_y="center", width=title_w, may_cut=may_cut)
        track = Rect(rect.left + title_w, rect.bottom + px(4), rect.width - title_w,
                     rect.height - px(8))
        self.box(track, TRACK)
        self.box(Rect(track.left, track.bottom, track.width * t["win_rate"], track.height),
                 WIN)
        self.label(_("{share} of {count}").format(share=i18n.percent(t["win_rate"]),
                                                  count=i18n.number(t["games"])),
                   track.left + px(8),
                   track.bottom + track.height / 2, 11, TEXT, anchor_y="center")

    def _build_solo(self, area: Rect) -> None:
        px = self.px
        x, width = area.left + px(14), area.width - px(28)
        y = area.top - px(6)
        solos = (self.stats or {}).get("solo", {})
        if not solos:
            self.label(_("No finished solo games yet."), x, y - px(30), 13, DIM, width=width)
            return
        game_id = sorted(solos)[0]
        solo = solos[game_id]
        y = self._section(solo_heading(self._name(game_id), solo), x, y, width)
        half = (y - area.bottom - px(40)) / 2
        # Under a rating the room may be short: the histogram gives way to the trend.
        if solo["bands"] and y - area.bottom >= 8 * self.line(13, 1.8):
            self.label(_("Scores by the rulebook's bands"), x, y, 13, DIM, anchor_y="top")
            self._histogram(Rect(x, y - half, width, half - self.line(13, 1.8)),
                            solo["bands"])
            y -= half + px(8)
        count = len(solo["trend"])
        # The average line is named here, not on the chart, where it would run into the
        # labels of points lying on it (with one game the point is the average).
        caption = (_("The one score so far") if count == 1 else
                   ngettext("The last {count} score, oldest left; flat line: the average",
                            "The last {count} scores, oldest left; flat line: the average",
                            count).format(count=i18n.number(count)))
        # Two lines where one would cut it (French and German at 800x600).
        y -= self._wrapped(caption, x, y, width, 13, DIM)
        self._trend(Rect(x, area.bottom + px(12), width,
                         y - self.line(13, 0.5) - area.bottom - px(12)),
                    solo["trend"], solo["average"])

    def _build_rating(self, area: Rect, ratings: dict[str, dict[str, Any]],
                      chart: float | None = None) -> float:
        """The rating at each game in words, then the history of one of them as a chart
        (the game chosen, else the one with the longest history) `chart` high, or down to
        the bottom of `area`; the lowest y it used."""
        px = self.px
        x, width = area.left + px(14), area.width - px(28)
        y = self._section(_("Rating against the levels (95 % interval)"), x,
                          area.top - px(6), width)
        for game_id, rating in sorted(ratings.items(), key=lambda r: self._name(r[0])):
            y -= self._wrapped(_("{game}: {rating}").format(
                game=self._name(game_id), rating=self._rating_words(rating)), x, y,
                width, 13, TEXT)
            for detail in self._rating_details(rating):
                y -= self._wrapped(detail, x, y, width, 11, DIM)
            accuracy = self._accuracy_words(game_id)
            if accuracy:
                y -= self._wrapped(accuracy, x, y, width, 11, DIM)
            y -= px(4)
        charted = sorted((g for g, r in ratings.items() if r.get("history")),
                         key=lambda g: (g != self.game, -len(ratings[g]["history"]), g))
        under = self.line(10, 1.6)  # the chart's first and last games are named under it
        if not charted or y - area.bottom < px(90):
            return y  # nothing to chart, or no room for a chart worth reading
        game_id = charted[0]
        history = ratings[game_id]["history"]
        count = len(history)
        caption = (_("{game}: the rating after its one game; thin lines: its 95 % interval")
                   if count == 1 else
                   ngettext("{game}: the rating after each of {count} game; thin lines: "
                            "its 95 % interval",
                            "{game}: the rating after each of {count} games; thin lines: "
                            "its 95 % interval", count))
        y -= self._wrapped(caption.format(game=self._name(game_id), count=i18n.number(count)),
                           x, y - px(4), width, 11, DIM) + px(4)
        scale = self.scales.get(game_id)
        bottom = area.bottom + under if chart is None else max(area.bottom + under,
                                                                y - px(4) - chart)
        self._rating_chart(Rect(x, bottom, width, y - px(4) - bottom), history,
                           scale.levels if scale else ())
        return bottom - under

    def _wrapped(self, text: str, x: float, top: float, width: float, size: float,
                 colour: Any, lines: int = 2) -> float:
        """A text hung from `top`, wrapped onto `lines` lines at most if it is too long
        for one (a narrow window); the height it took."""
        line = self.line(size, 1.3)
        self.label(text, x, top, size, colour, anchor_y="top", multiline=True,
                   box=Rect(x, top - lines * line, width, lines * line))
        return max(line, self.texts.items[-1].extent.height + self.px(4))

    def _accuracy_words(self, game_id: str) -> str:
        """The player's accuracy in their reviewed games of `game_id` (`docs/review.md`):
        the mean and the latest few, oldest first; "" when none was reviewed."""
        found = self.accuracies.get(game_id, [])
        if not found:
            return ""
        latest = ", ".join(i18n.percent(a / 100, 1) for a in found[-4:])
        return ngettext("Accuracy in {count} reviewed game: {mean}",
                        "Accuracy in {count} reviewed games: {mean} (latest: {latest})",
                        len(found)).format(count=i18n.number(len(found)),
                                           mean=i18n.percent(sum(found) / len(found) / 100, 1),
                                           latest=latest)

    @staticmethod
    def _rating_words(rating: dict[str, Any]) -> str:
        """The first line of a game's rating: its words, or why there is none."""
        if rating.get("measured"):
            return rating_text(rating)
        if rating.get("rating") is None:
            return _("no rating yet")
        return str(rating["words"])

    @staticmethod
    def _rating_details(rating: dict[str, Any]) -> list[str]:
        """The smaller lines under it: what the rating rests on, and what did not count."""
        if rating.get("measured"):
            return [_("by the levels' own tournament")]
        games = rating.get("games", 0)
        found = [i18n.translated(NO_RATING) if rating.get("rating") is None
                 else ngettext("from {count} game", "from {count} games", games).format(
                     count=i18n.number(games))]
        return found + ([unrated_words(rating)] if rating.get("unrated_games") else [])

    def _rating_chart(self, area: Rect, history: list[dict[str, Any]],
                      levels: tuple[tuple[str, float], ...]) -> None:
        """The rating after each game as a line, its interval as two thin lines, the levels
        as flat lines named at the left; the first and last games named under the axis.

        The scale spans the ratings, the levels and the latest interval with a margin, not
        every interval: the first games' are a thousand points wide and would flatten the
        rest. What lies beyond the chart's edges is left out (`_inside`)."""
        px = self.px
        if area.height < px(40) or not history:
            return
        self._shapes.append(arcade.shape_list.create_line(
            area.left, area.bottom, area.right, area.bottom, TRACK, 2))
        # The ratings, the levels and the latest interval: the one that matters now.
        values = [h["rating"] for h in history] + [rating for _, rating in levels] + [
            history[-1]["low"], history[-1]["high"]]
        low, high = min(values), max(values)
        margin = max(50.0, (high - low) * 0.12)
        low, high = low - margin, high + margin
        pad, head = px(10), self.line(11, 1.3)  # room above the last point for its label
        # The levels are named at the left, in a gutter the lines of the games keep out of.
        gutter = area.width * 0.22
        start = area.left + gutter

        def at(i: float, value: float) -> tuple[float, float]:
            step = (area.right - pad - start) / max(1, len(history) - 1)
            value = min(high, max(low, value))
            return (start + i * step,
                    area.bottom + (value - low) / (high - low) * (area.height - head))

        named = math.inf  # the bottom of the last level named: their labels keep apart
        for name, rating in sorted(levels, key=lambda level: -level[1]):
            y = at(0, rating)[1]
            self._shapes.append(arcade.shape_list.create_line(
                area.left, y, area.right, y, LEVEL, 1))
            if named - y >= self.line(10, 1.2) and y + self.line(10, 1.2) <= area.top:
                self.label(i18n.translated(name), area.left + px(2), y + px(2), 10, DIM,
                           anchor_y="bottom",
                           width=gutter - px(4))
                named = y
        for key in ("low", "high"):
            for strip in self._inside([h[key] for h in history], low, high):
                self._shapes.append(arcade.shape_list.create_line_strip(
                    [at(i, value) for i, value in strip], BAR, 1))
        # The latest interval also as a bar at the last point, capped where it ends inside
        # the chart: after one game it is the only interval there is to draw.
        last = len(history) - 1
        bar_x, bar_low = at(last, history[-1]["low"])
        bar_high = at(last, history[-1]["high"])[1]
        self._shapes.append(arcade.shape_list.create_line(bar_x, bar_low, bar_x, bar_high,
                                                          BAR, 1))
        for key, end in (("low", bar_low), ("high", bar_high)):
            if low < history[-1][key] < high:
                self._shapes.append(arcade.shape_list.create_line(
                    bar_x - px(5), end, bar_x + px(5), end, BAR, 1))
        points = [at(i, h["rating"]) for i, h in enumerate(history)]
        if len(points) > 1:
            self._shapes.append(arcade.shape_list.create_line_strip(points, LINE, 2))
        for px_, py in points if len(points) <= MARKED else points[-1:]:
            self._shapes.append(arcade.shape_list.create_rectangle_filled(
                px_, py, 5, 5, LINE))
        lx, ly = points[-1]
        self.label(_("now {rating}").format(rating=i18n.number(rounded(history[-1]["rating"]))),
                   lx, ly + px(6), 11, TEXT,
                   anchor_x=self._anchor(lx, area), width=area.width * 0.3)
        below = area.bottom - px(2)
        self.label(_("game {number}").format(number=i18n.number(1)), start, below, 10, DIM,
                   anchor_y="top", width=area.width * 0.3)
        if len(history) > 1:
            self.label(_("game {number}").format(number=i18n.number(len(history))),
                       area.right - pad, below, 10, DIM,
                       anchor_x="right", anchor_y="top", width=area.width * 0.3)

    @staticmethod
    def _inside(values: list[float], low: float, high: float
                ) -> list[list[tuple[float, float]]]:
        """The parts of the line through `values` (at x = 0, 1, 2, …) that lie between
        `low` and `high`, each a list of (x, value), cut where the line crosses an edge:
        an early interval far wider than the chart is left out, not drawn along its edge."""
        strips: list[list[tuple[float, float]]] = []
        current: list[tuple[float, float]] = []
        for i, value in enumerate(values):
            inside = low <= value <= high
            if i and (inside != (low <= values[i - 1] <= high)):
                before = values[i - 1]  # differs from `value`: one is in, one is out
                edge = high if max(value, before) > high else low
                cross = (i - 1 + (edge - before) / (value - before), edge)
                if inside:
                    current = [cross]
                else:
                    strips.append([*current, cross])
                    current = []
            if inside:
                current.append((float(i), value))
        if current:
            strips.append(current)
        return [strip for strip in strips if len(strip) > 1]

    def _histogram(self, area: Rect, bands: list[dict[str, Any]]) -> None:
        """One bar per band, its count above and its range below."""
        px = self.px
        most = max(1, *(b["count"] for b in bands))
        slot = area.width / len(bands)
        label_h = self.line(10, 1.8)
        base, tall = area.bottom + label_h, area.height - 2 * label_h - px(6)
        for i, band in enumerate(bands):
            cx = area.left + slot * (i + 0.5)
            h = tall * band["count"] / most
            self.box(Rect(cx - slot * 0.35, base, slot * 0.7, max(h, 1.0)), BAR)
            self.label(i18n.number(band["count"]), cx, base + h + px(2), 11, TEXT,
                       anchor_x="center",
                       anchor_y="bottom")
            text = band["label"] if band["from"] is not None else \
                f"<{i18n.number(bands[1]['from'])}" if len(bands) > 1 else band["label"]
            self.label(text, cx, area.bottom, 10, DIM, anchor_x="center", anchor_y="bottom")

    def _trend(self, area: Rect, scores: list[float], average: float) -> None:
        """The scores as a line with a marked point each, the average as a flat thin line."""
        px = self.px
        # Axes, not a filled plot area: on software OpenGL every filled pixel costs.
        self._shapes.append(arcade.shape_list.create_line(
            area.left, area.bottom, area.right, area.bottom, TRACK, 2))
        self._shapes.append(arcade.shape_list.create_line(
            area.left, area.bottom, area.left, area.top, TRACK, 2))
        if not scores:
            return
        low, high = min(0.0, *scores), max(1.0, *scores)
        pad, head = px(14), max(px(30), 20)  # room above the highest point for its label

        def at(i: int, v: float) -> tuple[float, float]:
            step = (area.width - 2 * pad) / max(1, len(scores) - 1)
            return (area.left + pad + i * step, area.bottom + pad
                    + (v - low) / (high - low) * (area.height - pad - head))

        points = [at(i, v) for i, v in enumerate(scores)]
        ay = at(0, average)[1]
        self._shapes.append(arcade.shape_list.create_line(
            area.left + pad, ay, area.right - pad, ay, DIM, 1))
        if len(points) > 1:
            self._shapes.append(arcade.shape_list.create_line_strip(points, LINE, 2))
        for px_, py in points:
            self._shapes.append(arcade.shape_list.create_rectangle_filled(
                px_, py, 5, 5, LINE))
        best = max(range(len(scores)), key=lambda i: scores[i])
        bx, by = points[best]
        last = best == len(scores) - 1
        top = i18n.number(scores[best])
        text = (top if len(scores) == 1 else
                _("best {score}, the last").format(score=top) if last else
                _("best {score}").format(score=top))
        self.label(text, bx, by + px(8), 11, TEXT, anchor_x=self._anchor(bx, area))
        if not last:
            lx, ly = points[-1]
            self.label(_("last {score}").format(score=i18n.number(scores[-1])), lx, ly + px(8),
                       11, TEXT,
                       anchor_x=self._anchor(lx, area))

    @staticmethod
    def _anchor(x: float, area: Rect) -> str:
        """How a point's label hangs so it stays inside the chart: from the point
        rightwards near the left edge, leftwards near the right edge, centred between."""
        if x < area.left + area.width * 0.2:
            return "left"
        return "right" if x > area.left + area.width * 0.8 else "center"

    # -- renaming and merging players ---------------------------------------------------
    def ask_rename(self) -> None:
        """Open the rename panel for the player shown, their name selected in its field
        (typing replaces it; the arrows, Home and End edit it)."""
        if self.player is None or self.player == UNNAMED:
            return
        self.renaming = LineEdit.all_selected(self.player, MAX_PLAYER_NAME)
        self.message = ""
        self.focus_name = "rename-field"
        self.invalidate()

    def rename_problem(self) -> str | None:
        """What is wrong with the name typed (None if it can be given), in words."""
        if self.renaming is None:
            return None
        new = player_name(self.renaming.text)
        problem = (_("is empty") if not new else player_name_problem(new)
                   or (_("is the name of a seat nobody named")
                       if DEFAULT_NAME.fullmatch(new) else None))
        return None if problem is None else _("The name {name} {problem}.").format(
            name=shown(new), problem=problem)

    def merges_with(self) -> str | None:
        """The other player the typed name is (their two names become one), if any."""
        if self.renaming is None:
            return None
        new = player_name(self.renaming.text)
        return new if new != self.player and new in self.players else None

    def games_of(self, name: str) -> int:
        """How many kept games `name` played a seat of."""
        return sum(1 for e in self.entries if any(s.human and s.player == name
                                                  for s in e.seats))

    def rename(self) -> None:
        """Give the player the typed name in every kept game (merging with a player who
        has it), then show their statistics under it; a refusal is said in one line."""
        if self.renaming is None or self.player is None or self.rename_problem():
            return
        old, new = self.player, player_name(self.renaming.text)
        merged = self.merges_with()
        try:
            changed = self.services.keeper.rename_player(old, new)
        except TabletopError as exc:
            self.message, self.good = str(exc), False
        else:
            self.good = True
            self.message = (ngettext("{old} and {new} are one player now: {count} game "
                                     "moved to {new}.", "{old} and {new} are one player "
                                     "now: {count} games moved to {new}.", changed)
                            if merged else
                            ngettext("{old} is now {new}, in {count} game.",
                                     "{old} is now {new}, in {count} games.", changed)
                            ).format(old=old, new=new, count=changed)
            self.reload(new)
        self.renaming = None
        self.focus_name = "rename"
        self.invalidate()

    def cancel_rename(self) -> None:
        """Close the rename panel; nothing changes."""
        self.renaming = None
        self.focus_name = "rename"
        self.invalidate()

    def reload(self, player: str | None) -> None:
        """Read the library again (after a rename) and show `player`."""
        library = self.services.keeper.library
        self.entries = library.entries() if library is not None else []
        self.players = people(self.entries)
        self.player = player if player in self.players else (
            self.players[0] if self.players else None)
        self.ratings = people_ratings(self.entries, self.scales)
        self.recount()

    def _build_rename(self, width: int, height: int) -> None:
        px = self.px
        assert self.renaming is not None and self.player is not None
        self.label(_("Statistics"), px(40), height - px(64), 30, bold=True)
        panel = Rect(width / 2 - px(320), height / 2 - px(170), px(640), px(340))
        self.box(panel, PANEL)
        inner = panel.width - px(48)
        self.label(_("Rename {name}").format(name=self.player), panel.left + px(24),
                   panel.top - px(40), 20, bold=True, width=inner, may_cut=True)
        about = Rect(panel.left + px(24), panel.top - px(150), inner, px(82))
        self.label(ngettext("The new name goes on {name}'s {count} kept game. The name of "
                            "another player merges the two into one.",
                            "The new name goes on all {count} of {name}'s kept games. The "
                            "name of another player merges the two into one.",
                            self.games_of(self.player)).format(
            name=self.player, count=self.games_of(self.player)), about.left, about.top, 13,
            DIM, multiline=True, anchor_y="top", box=about)
        field = Rect(panel.left + px(24), panel.top - px(200), inner, px(40))
        self.add_button(self.renaming.text, field, self.rename, name="rename-field")
        problem, other = self.rename_problem(), self.merges_with()
        said = problem or (ngettext("{name} has {count} game: the two become one player.",
                                    "{name} has {count} games: the two become one player.",
                                    self.games_of(other)).format(
            name=other, count=self.games_of(other)) if other else "")
        if said:
            self.label(said, field.left, field.bottom - px(10), 13,
                       ERROR if problem else ACCENT, width=inner, multiline=True,
                       anchor_y="top")
        self.add_button(_("Merge") if other else _("Rename"),
                        Rect(panel.left + px(24), panel.bottom + px(20), px(220), px(44)),
                        self.rename, enabled=problem is None, name="confirm-rename")
        self.add_button(_("Cancel (Esc)"), Rect(panel.right - px(244), panel.bottom + px(20),
                                             px(220), px(44)), self.cancel_rename,
                        name="cancel-rename")

    # -- the rename field: typing, editing keys, a click places the caret ----------------
    def _in_field(self) -> bool:
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        return (self.renaming is not None and focused is not None
                and focused.name == "rename-field")

    def _edit(self, edited: LineEdit | None) -> bool:
        """Keep an edit of the field (laid out again: the text, the merge line and the
        button's word change with it); False if it was no edit."""
        if edited is None:
            return False
        if self.renaming is None or edited.text != self.renaming.text:
            self.renaming = edited
            self.invalidate()
        else:
            self.renaming = edited
            self.services.request_redraw()
        return True

    def on_text(self, text: str) -> None:
        """Typed characters go into the rename field when it has the focus."""
        self.ensure_built()
        if self._in_field() and self.renaming is not None:
            self._edit(self.renaming.typed(text))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if (self._in_field() and self.renaming is not None
                and self._edit(self.renaming.key(symbol, modifiers))):
            return
        super().on_key_press(symbol, modifiers)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        # A click in the rename field gives it the focus and puts the caret there (it
        # does not press it: Enter in the field renames).
        field = self.button_named("rename-field")
        if self.renaming is not None and field is not None and field.rect.contains(x, y):
            self.focus = self.buttons.index(field)
            place = nearest_place(caret_places(self, "rename-field", self.renaming.text), x)
            if place is not None:
                self._edit(self.renaming.moved(place,
                                               bool(modifiers & arcade.key.MOD_SHIFT)))
            self.services.request_redraw()
            return
        super().on_mouse_press(x, y, button, modifiers)

    def draw_over_text(self) -> None:
        if self._in_field() and self.renaming is not None:
            draw_caret(caret_rects(self, "rename-field", self.renaming,
                                   caret_places(self, "rename-field", self.renaming.text)))

    def on_escape(self) -> None:
        if self.renaming is not None:
            self.cancel_rename()
            return
        self.navigator.show_launcher()
