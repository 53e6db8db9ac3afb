"""The Statistics screen: one player's results drawn as charts in the services.

Left: per game, a bar of wins / draws / losses; the win rate against each agent and
against people; results by seat (Versus: by colour). Right, for a solo game: a histogram
of the scores by the game's rating bands and a line of the latest scores with the best
and the average. Every bar and point carries its number in text, and the three results
differ by a letter as well as a colour (W / D / L), so nothing depends on colour alone;
the palette is Okabe-Ito's, readable with every common colour-vision deficiency. The
numbers are `player_stats`' own, the same `tabletop stats --json` prints.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop.levels import computer_name
from tabletop.store.stats import PEOPLE, people, player_stats, solo_heading
from tabletop.ui._arcade import arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.widgets import ACCENT, DIM, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.ui.services import Services

# Okabe-Ito: distinguishable with protanopia, deuteranopia and tritanopia.
WIN = (0, 114, 178, 255)
DRAW = (240, 228, 66, 255)
LOSS = (213, 94, 0, 255)
BAR = (86, 180, 233, 255)
LINE = (0, 158, 115, 255)
TRACK = (58, 66, 82, 255)


class StatsScreen(Screen):
    """The statistics of one player, optionally of one game (see the module docstring)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services)
        self.game: str | None = None
        library = services.keeper.library
        services.keeper.flush()
        self.entries = library.entries() if library is not None else []
        # Named people and agents: a seat nobody named ("Player 1") is no one to pick.
        self.players = people(self.entries)
        self.player = self.players[0] if self.players else None
        self.stats: dict[str, Any] = {}
        self.recount()

    def recount(self) -> None:
        """Count again for the chosen player and game."""
        data = player_stats(self.entries, self.services.host.games, self.player, self.game)
        self.stats = data["players"].get(self.player or "", {})
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
        return " / ".join(sorted(words - {agent})) or agent

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
        return game.info.name if game else game_id

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        left, right = px(40), width - px(40)
        self.label("Statistics", left, height - px(64), 30, bold=True)
        y = height - px(120)
        for title, text, cycle, name, x in (
                ("Player", self.player or "nobody yet", self.cycle_player, "player", left),
                ("Game", "every game" if self.game is None else self._name(self.game),
                 self.cycle_game, "game", left + px(440))):
            self.label(title, x, y + px(12), 15)
            self.add_button("<", Rect(x + px(84), y, px(36), px(34)), partial(cycle, -1),
                            name=f"{name}-")
            self.label(text, x + px(132), y + px(12), 15, TEXT, width=px(200))
            self.add_button(">", Rect(x + px(340), y, px(36), px(34)), partial(cycle, 1),
                            name=f"{name}+")
        self.add_button("Back (Esc)", Rect(right - px(150), y, px(150), px(34)),
                        self.navigator.show_launcher, name="back")
        top, bottom = y - px(20), px(30)
        middle = left + (right - left) / 2
        self._build_results(Rect(left, bottom, middle - left - px(16), top - bottom))
        self._build_solo(Rect(middle + px(16), bottom, right - middle - px(16), top - bottom))

    def _section(self, title: str, x: float, y: float, width: float) -> float:
        self.label(title, x, y - self.px(18), 16, ACCENT, bold=True, width=width)
        return y - self.px(30)

    def _build_results(self, area: Rect) -> None:
        px, s = self.px, self.stats
        x, width = area.left + px(14), area.width - px(28)
        y = area.top - px(6)
        if not s or not (s["games"] or s["against"]):
            self.label("No finished games against anyone yet.", x, y - px(30), 13, DIM)
            return
        y = self._section("Games (W won · D drawn · L lost)", x, y, width)
        row = max(px(40), self.line(12, 1.4) + self.line(11, 1.2))
        for game_id, t in sorted(s["games"].items()):
            y -= row
            self.label(f"{self._name(game_id)}: {t['games']} played, {t['win_rate']:.0%} won",
                       x, y + row, 12, TEXT, width=width, anchor_y="top")
            self._stacked(Rect(x, y, width, row - self.line(12, 1.4)), t)
        y = self._section("Win rate against", x, y - px(10), width)
        for rival, t in sorted(self.opponents().items(),
                               key=lambda r: (r[0] == "people", r[0])):
            y -= row
            self._rate(Rect(x, y, width, row - px(8)), rival, t)
        y = self._section("By seat", x, y - px(10), width)
        for game_id, seats in sorted(s["by_seat"].items()):
            for seat, t in seats.items():
                y -= row
                if y < area.bottom:
                    return
                self._rate(Rect(x, y, width, row - px(8)),
                           f"{self._name(game_id)} as {seat}", t)

    def _stacked(self, bar: Rect, t: dict[str, Any]) -> None:
        """One bar split into wins, draws and losses, each labelled W/D/L and its count."""
        x = bar.left
        for key, colour, letter, ink in (("wins", WIN, "W", TEXT), ("draws", DRAW, "D",
                                                                    (20, 20, 20, 255)),
                                         ("losses", LOSS, "L", (20, 20, 20, 255))):
            if not t[key]:
                continue
            w = bar.width * t[key] / t["games"]
            self.box(Rect(x, bar.bottom, w, bar.height), colour)
            segment = Rect(x, bar.bottom, w, bar.height)
            self.label(f"{letter} {t[key]}", *segment.center, 11, ink, anchor_x="center",
                       anchor_y="center", box=segment)
            x += w

    def _rate(self, rect: Rect, title: str, t: dict[str, Any]) -> None:
        """A title, then a track with the win rate's bar and its number."""
        px = self.px
        title_w = rect.width * 0.42
        self.label(title, rect.left, rect.bottom + rect.height / 2, 12, TEXT,
                   anchor_y="center", width=title_w)
        track = Rect(rect.left + title_w, rect.bottom + px(4), rect.width - title_w,
                     rect.height - px(8))
        self.box(track, TRACK)
        self.box(Rect(track.left, track.bottom, track.width * t["win_rate"], track.height),
                 WIN)
        self.label(f"{t['win_rate']:.0%} of {t['games']}", track.left + px(8),
                   track.bottom + track.height / 2, 11, TEXT, anchor_y="center")

    def _build_solo(self, area: Rect) -> None:
        px = self.px
        x, width = area.left + px(14), area.width - px(28)
        y = area.top - px(6)
        solos = (self.stats or {}).get("solo", {})
        if not solos:
            self.label("No finished solo games yet.", x, y - px(30), 13, DIM)
            return
        game_id = sorted(solos)[0]
        solo = solos[game_id]
        y = self._section(solo_heading(self._name(game_id), solo), x, y, width)
        half = (y - area.bottom - px(40)) / 2
        if solo["bands"]:
            self.label("Scores by the rulebook's bands", x, y, 13, DIM, anchor_y="top")
            self._histogram(Rect(x, y - half, width, half - self.line(13, 1.8)),
                            solo["bands"])
            y -= half + px(8)
        count = len(solo["trend"])
        # The average line is named here, not on the chart, where it would run into the
        # labels of points lying on it (with one game the point is the average).
        caption = ("The one score so far" if count == 1 else
                   f"The last {count} scores, oldest left; flat line: the average")
        self.label(caption, x, y, 13, DIM, anchor_y="top")
        self._trend(Rect(x, area.bottom + px(12), width,
                         y - self.line(13, 1.8) - area.bottom - px(12)),
                    solo["trend"], solo["average"])

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
            self.label(str(band["count"]), cx, base + h + px(2), 11, TEXT, anchor_x="center",
                       anchor_y="bottom")
            text = band["label"] if band["from"] is not None else \
                f"<{bands[1]['from']:g}" if len(bands) > 1 else band["label"]  # narrow slots
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
        text = (f"{scores[best]:g}" if len(scores) == 1 else
                f"best {scores[best]:g}" + (", the last" if last else ""))
        self.label(text, bx, by + px(8), 11, TEXT, anchor_x=self._anchor(bx, area))
        if not last:
            lx, ly = points[-1]
            self.label(f"last {scores[-1]:g}", lx, ly + px(8), 11, TEXT,
                       anchor_x=self._anchor(lx, area))

    @staticmethod
    def _anchor(x: float, area: Rect) -> str:
        """How a point's label hangs so it stays inside the chart: from the point
        rightwards near the left edge, leftwards near the right edge, centred between."""
        if x < area.left + area.width * 0.2:
            return "left"
        return "right" if x > area.left + area.width * 0.8 else "center"

    def on_escape(self) -> None:
        self.navigator.show_launcher()
