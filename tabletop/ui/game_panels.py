"""The game screen's sidebar and its modal panels (an offer to accept, a move that ends the
game to confirm, the legend, game over), as painters. The rules have their own screen.

A painter takes a snapshot (`Sidebar`, `Panel`: a frozen record of what it shows, made by
the game screen) and a surface to draw on (any `Screen`), and returns what it drew (its
buttons and the boxes the screen needs afterwards); it never reads or writes the game
screen, so this module does not import it. The wording of the end of a game is here too,
as functions of plain values.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import NP_, _, ngettext
from tabletop.lines import render
from tabletop.model import GameInfo, Outcome
from tabletop.play.table import RESIGN, Resignation
from tabletop.seats import Seat
from tabletop.store.library import FINISHED
from tabletop.ui._arcade import FONT_MONO, FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.textbox import MIN_POINTS, fit_text
from tabletop.ui.widgets import ACCENT, BACKGROUND, DIM, GOOD, PANEL, TEXT, Button, Screen

#: The scroll bar's track: the window's own background, sunk into the sidebar.
PANEL_DEEP = BACKGROUND
#: An empty rectangle: no scroll bar.
NOWHERE = Rect(0, 0, 0, 0)

def first_upper(text: str) -> str:
    """`text` with its first letter a capital, the rest as written ("Aufgeben (Blau)",
    where `str.capitalize` would lower "Blau")."""
    return text[:1].upper() + text[1:]


#: The context of a special move's word on its button (`i18n.translated(word,
#: SPECIAL_MOVE)`): "draw" offered is a game's "Remis", not a result's "unentschieden".
SPECIAL_MOVE = "special move"
# Translators: the words of special moves on their buttons ("Offer: draw", "Resign").
SPECIAL_WORDS = (NP_("special move", "draw"), NP_("special move", "resign"))

if TYPE_CHECKING:
    from tabletop.model import Game
    from tabletop.store.library import Library


def special_label(game: Game[Any, Any], state: Any, move: Any, mover: int | None,
                  offer: bool) -> str:
    """A special move's button, in the player's language: "Offer: draw" when the others
    must accept it; "Resign (Blue)" for the mover's own move that the game also reads
    from the host's bare word ("resign" for the player to move), named with the mover's
    seat, and for a resignation out of turn (`resign_label`); else the move's own words
    ("Resign")."""
    if isinstance(move, Resignation):
        return resign_label(game, move.seat)
    notation = game.move_to_text(state, move)
    shown = i18n.translated(notation, SPECIAL_MOVE)
    if offer:
        return _("Offer: {move}").format(move=shown)
    if mover is not None and mover < len(game.info.seat_names):
        for word in SPECIAL_WORDS:
            if word == notation:
                break
            try:
                same = game.parse_move(state, word) == move
            except Exception:  # plugin code on a label: when in doubt, the move's own words
                same = False
            if same:
                # Translators: a special move's button: the move, then the seat making it,
                # "Resign (Blue)".
                return _("{move} ({seat})").format(
                    move=first_upper(i18n.translated(word, SPECIAL_MOVE)),
                    seat=game.info.seat_name(mover))
    return first_upper(shown)

def resign_label(game: Game[Any, Any], seat: int) -> str:
    """The button of `seat`'s resignation out of turn (the table's verdict, not a move of
    the game), worded as a game's own: "Resign (Brown)", or "Resign" where the game
    names no seats."""
    word = first_upper(i18n.translated(RESIGN, SPECIAL_MOVE))
    if 0 <= seat < len(game.info.seat_names):
        return _("{move} ({seat})").format(move=word, seat=game.info.seat_name(seat))
    return word


def offer_title(player: str, notation: str, shown: str) -> str:
    """The title of the panel where `player` offers a special move: "Ada offers a draw"
    for the draw every game calls "draw", else "Ada offers: <the move's words>"."""
    if notation == "draw":
        return _("{player} offers a draw").format(player=player)
    return _("{player} offers: {move}").format(player=player, move=shown)


#: A button to draw: its label, what it does, whether it is enabled, and its name.
Action = tuple[str, Callable[[], None], bool, str]


@dataclass(frozen=True)
class Sidebar:
    """What the sidebar shows, top to bottom."""

    title: str
    #: The turn and status lines with their colours.
    status: tuple[tuple[str, Any], ...]
    #: The score lines (none when the game keeps no score).
    scores: tuple[str, ...]
    #: The buttons, two a row where their labels fit half a row.
    actions: tuple[Action, ...]
    #: The special moves' buttons (an offer, a resignation), a whole row each.
    specials: tuple[Action, ...]
    #: The move log: each ply's lines, the typed names already put in.
    log: tuple[tuple[str, ...], ...]
    #: How many rows the log is scrolled back from the newest.
    log_scroll: int
    #: VALIDATE and Cancel while the board previews a move: the last buttons, so that
    #: nothing a player may click moves when they appear.
    preview: tuple[Action, ...] = ()
    #: The number of the log's first move (an online seat is sent the latest only).
    log_first: int = 1
    #: Every turn line the game may show (each seat's "To move: …"): the turn's slot is
    #: as tall as the longest of them needs, so that nothing under it moves as turns pass.
    turns: tuple[str, ...] = ()
    #: The seats' names the turn lines hold: a turn line is cut (whole on hover) only
    #: where one of them alone is wider than the sidebar.
    names: tuple[str, ...] = ()
    #: The log's last line after the moves when the table's verdict ended the game
    #: ("Blue resigned.", `tabletop.play.table.verdict_said`), unnumbered; "" for none.
    ending: str = ""


@dataclass(frozen=True)
class SidebarDrawn:
    """What `paint_sidebar` drew: its buttons, the log's box (the wheel scrolls over it),
    the log's scroll (kept within the rows there are), how many rows it shows at once,
    and its scroll bar's track and thumb (empty rectangles when all rows show)."""

    buttons: tuple[Button, ...]
    log_box: Rect
    log_scroll: int
    log_room: int = 0
    log_track: Rect = NOWHERE
    log_thumb: Rect = NOWHERE


@dataclass(frozen=True)
class Panel:
    """A modal panel: `kind` ("legend", "keys", "offer", "confirm" or "end") sets its size and
    layout; `heading` and `text` are its words, `legend` the symbols' lines (legend only),
    `buttons` its row of buttons, left to right."""

    kind: str
    heading: str
    text: str = ""
    legend: tuple[str, ...] = ()
    buttons: tuple[tuple[str, Callable[[], None], str], ...] = ()


@dataclass(frozen=True)
class PanelDrawn:
    """What `paint_panel` drew: its buttons and where each legend symbol goes (the
    renderer draws the symbols into these boxes)."""

    buttons: tuple[Button, ...]
    legend_boxes: tuple[Rect, ...]


#: The sidebar's width beside a board, in layout pixels; a window wider than WIDE
#: (width to height) gives it up to WIDE_SIDEBAR, at most a share SIDEBAR_SHARE of the
#: window: a board is bound by the height there, and a tutorial's long step leaves the
#: move log its rows.
SIDEBAR = 340
WIDE = 1.5
WIDE_SIDEBAR = 440
SIDEBAR_SHARE = 0.3


def board_and_sidebar(px: Callable[[float], float], width: float,
                      height: float) -> tuple[Rect, Rect]:
    """The board's area and the sidebar's panel in a window `width` by `height` (`px`
    scales layout pixels): one rule for every screen that shows a board beside a sidebar
    (a game, an online seat, a tutorial, a replay)."""
    side_w = px(SIDEBAR)
    if width > WIDE * height:
        side_w = max(side_w, min(px(WIDE_SIDEBAR), width * SIDEBAR_SHARE))
    area = Rect(px(16), px(16), width - side_w - px(40), height - px(32))
    return area, Rect(width - side_w - px(16), px(16), side_w, height - px(32))


def score_lines(labels: Sequence[str], scores: Sequence[float] | None) -> list[str]:
    """The scores, two seats a line so that six players fit the sidebar."""
    if scores is None:
        return []
    parts = [_("{seat} {score}").format(seat=label, score=score_number(v))
             for label, v in zip(labels, scores, strict=False)]
    lines = [" · ".join(parts[i:i + 2]) for i in range(0, len(parts), 2)]
    return [_("Scores: {scores}").format(scores=lines[0]), *lines[1:]]


def _would_cut(surface: Screen, line: str, width: float) -> bool:
    """True if `line`, its numbers a digit longer, would be cut on a sidebar row."""
    widest = re.sub(r"\d+", lambda m: "8" * (len(m.group()) + 1), line)
    return fit_text(widest, 0, 0, Rect(0, -100, width, 200), 13, TEXT,
                    font_name=FONT_SANS)[1].cut


def _row_cut(line: str, width: float, points: float) -> bool:
    """True if `line` is cut on one sidebar row `width` wide (at `points`, scaled down
    to the smallest size first)."""
    return fit_text(line, 0, 0, Rect(0, -100, width, 200), points, TEXT,
                    font_name=FONT_SANS)[1].cut


def _turn_slot(surface: Screen, shown: Sidebar, turn: str, width: float
               ) -> tuple[int, bool]:
    """The rows of the turn's slot (one, or two where the game's longest turn line does
    not fit one), and whether the turn line now may be cut: only where a name in it is
    alone wider than a row. A sidebar that lists no turn lines keeps one row (its first
    line could not keep its rows as it changes)."""
    points = surface.px(13)
    rows = 2 if shown.turns and any(_row_cut(line, width, points)
                                    for line in (turn, *shown.turns)) else 1
    may_cut = any(name and name in turn and _row_cut(name, width, points)
                  for name in shown.names)
    return rows, may_cut


def _split_scores(line: str) -> list[str]:
    """A line of two seats' scores as one line each (the first keeps "Scores:")."""
    return [part.strip() for part in line.split(" · ")]


def score_number(value: float) -> str:
    """A score as the current language writes it ("12", "12.5", "12,5")."""
    if i18n.language() == "en" or float(value).is_integer():
        return f"{value:g}"
    return i18n.number(value)


def paint_sidebar(surface: Screen, panel: Rect, shown: Sidebar) -> SidebarDrawn:
    """Top to bottom in `panel`: the title, the turn (one row), the scores, the buttons,
    the special moves, VALIDATE/Cancel, then the other status lines and the move log.

    Fixed slots: every button's place depends only on the buttons above it, never on a
    text, so nothing a player may click moves under the pointer when a message, a
    refusal or a preview appears. The turn line wraps to a second row where one is too
    narrow, in a slot as tall as the game's longest turn line needs (`Sidebar.turns`),
    so the rows stay put as turns pass; the status lines below the buttons wrap and
    take room from the log."""
    px = surface.px
    left, width = panel.left + px(16), panel.width - px(32)
    y = panel.top - px(36)
    surface.label(shown.title, left, y, 20, bold=True, width=width)
    y -= px(30)
    turn, *status = shown.status or (("", TEXT),)
    # The turn in its slot, then each score line: one row each, in a box of its own.
    # A line of two seats' scores that would be cut, even at scores a digit longer, gives
    # each seat a row (so the rows, and the buttons under them, stay put as scores grow).
    row_h, top = surface.line(13, 1.5), y - px(12)
    rows, name_cut = _turn_slot(surface, shown, turn[0], width)
    turn_box = Rect(left, top - rows * row_h, width, rows * row_h)
    surface.label(turn[0], left, turn_box.top, 13, turn[1], anchor_y="top", box=turn_box,
                  multiline=rows > 1, may_cut=name_cut)
    top = turn_box.bottom
    # (A row of one seat that is still cut holds a long name: cut, whole on hover.)
    scores = [(part, split) for line in shown.scores
              for split in (_would_cut(surface, line, width),)
              for part in (_split_scores(line) if split else [line])]
    for text, split in scores:
        row_box = Rect(left, top - row_h, width, row_h)
        surface.label(text, left, row_box.top, 13, TEXT, anchor_y="top", box=row_box,
                      may_cut=split)
        top -= row_h
    row, half = px(40), (width - px(10)) / 2
    y = top - px(10)
    buttons: list[Button] = []
    # Two buttons a row; a label that would be cut on half a row (a small window) gets a
    # whole row, so that every label reads whole at every size.
    right_free = False
    for label, action, enabled, name in shown.actions:
        if surface.button_fits(label, half):
            if not right_free:
                y -= row
            x = left + half + px(10) if right_free else left
            right_free = not right_free
            rect = Rect(x, y, half, px(34))
        else:
            y -= row
            right_free = False
            rect = Rect(left, y, width, px(34))
        buttons.append(surface.add_button(label, rect, action, enabled, name))
    for label, action, enabled, name in shown.specials:
        y -= row
        buttons.append(surface.add_button(label, Rect(left, y, width, px(34)), action,
                                          enabled, name))
    if shown.preview:
        y -= row
        pair = shown.preview[:2]
        # One row (the last buttons: nothing clickable below them moves); halves, unless
        # a label would be cut on half ("Annuler (Esc)" at 800x600): then the shorter
        # label gives up some room, and where no share reads both whole ("Abbrechen
        # (Esc)" beside "BESTÄTIGEN"), each has a row.
        first: float | None = half
        if len(pair) == 2 and not all(surface.button_fits(p[0], half) for p in pair):
            first = None
            for share in (0.4, 0.6, 0.35, 0.65, 0.3, 0.7):
                size = (width - px(10)) * share
                if surface.button_fits(pair[0][0], size) and surface.button_fits(
                        pair[1][0], width - px(10) - size):
                    first = size
                    break
        for index, (label, action, enabled, name) in enumerate(pair):
            if first is None:
                y -= row if index else 0
                rect = Rect(left, y, width, px(34))
            else:
                size = first if index == 0 else width - px(10) - first
                rect = Rect(left + index * (first + px(10)), y, size, px(34))
            buttons.append(surface.add_button(label, rect, action, enabled, name))
    y -= px(8)
    for text, colour in status:
        # Wrapped to the sidebar (a reason for a click, a hint's sentence, a save path).
        placed = surface.label(text, left, y, 13, colour, width=width, multiline=True,
                               anchor_y="top")
        y -= placed.content_height + px(6)
    return _paint_log(surface, shown, tuple(buttons), left, width, panel.bottom + px(12),
                      y - px(8))


def _paint_log(surface: Screen, shown: Sidebar, buttons: tuple[Button, ...], left: float,
               width: float, bottom: float, top: float) -> SidebarDrawn:
    """The move log in whole rows under its heading: the newest rows by default, earlier
    ones with the wheel, the scroll bar or Page Up/Down; a row that would not fit is
    never shown, and the first and last rows say how many moves are out of sight."""
    px = surface.px
    heading = surface.label(_("Moves"), left, top, 14, ACCENT, bold=True, anchor_y="top")
    row_h = surface.line(11, 1.6)
    box = Rect(left, bottom, width, max(0.0, top - heading.content_height - px(8) - bottom))
    room = int(box.height // row_h)
    if room <= 0 or not (shown.log or shown.ending):
        return SidebarDrawn(buttons, box, shown.log_scroll, max(0, room))
    bar = px(8)
    # Wrapped here by the font's real advance at the size drawn, so that a row is a row:
    # a ply's number on its first row, its further lines and wrapped rows indented.
    probe = arcade.Text("0" * 10, 0, 0, font_size=max(px(11), MIN_POINTS), font_name=FONT_MONO)
    columns = max(12, int((width - 2 * bar) // (probe.content_width / 10)))
    rows: list[tuple[int, str]] = []  # (the ply it belongs to, its text)
    for ply, lines in enumerate(shown.log):
        for index, line in enumerate(lines):
            lead = f"{ply + shown.log_first:>3}. " if index == 0 else " " * 5
            rows += [(ply, text) for text in textwrap.wrap(
                line, columns, initial_indent=lead, subsequent_indent=" " * 5,
                break_on_hyphens=False) or [lead]]
    if shown.ending:  # part of the last move's rows: it counts as no move of its own
        rows += [(max(0, len(shown.log) - 1), text) for text in textwrap.wrap(
            shown.ending, columns, initial_indent=" " * 5, subsequent_indent=" " * 5,
            break_on_hyphens=False)]
    scroll = max(0, min(shown.log_scroll, len(rows) - room))
    end = len(rows) - scroll
    start = max(0, end - room)
    visible = [text for _, text in rows[start:end]]
    if start > 0:  # earlier moves out of sight: the first row says how many
        # A move whose first row (its number) is out of sight, or under this row, is
        # earlier: never "0 moves earlier" above a move's continued lines.
        firsts: dict[int, int] = {}
        for index, (ply, _text) in enumerate(rows):
            firsts.setdefault(ply, index)
        earlier = sum(1 for index in firsts.values() if index <= start)
        # The rest of a move counted earlier is left blank and the count stands just
        # above the first whole move: the rows under it start at a move's number, never
        # halfway through its sentence.
        above = 0
        while (above + 1 < len(visible)
               and firsts[rows[start + above + 1][0]] <= start):
            above += 1
        visible[:above] = [""] * above
        visible[above] = ngettext("↑ {count} move earlier", "↑ {count} moves earlier",
                                  earlier).format(count=i18n.number(earlier))
    if scroll:
        newer = len(shown.log) - 1 - rows[end - 2][0] if end >= 2 else len(shown.log)
        visible[-1] = ngettext("↓ {count} move newer", "↓ {count} moves newer",
                               newer).format(count=i18n.number(newer))
    text_w = width - (2 * bar if len(rows) > room else 0)
    for index, row in enumerate(visible):
        row_box = Rect(left, box.top - (index + 1) * row_h, text_w, row_h)
        surface.label(row, left, row_box.top, 11, DIM, mono=True, anchor_y="top", box=row_box)
    if len(rows) <= room:
        return SidebarDrawn(buttons, box, scroll, room)
    # The scroll bar: the track the log's height, the thumb its share of the rows there.
    track = Rect(box.right - bar, box.bottom, bar, box.height)
    thumb_h = max(px(18), track.height * room / len(rows))
    thumb_top = track.top - (track.height - thumb_h) * start / max(1, len(rows) - room)
    thumb = Rect(track.left, thumb_top - thumb_h, bar, thumb_h)
    surface.box(track, PANEL_DEEP)
    surface.box(thumb, DIM)
    return SidebarDrawn(buttons, box, scroll, room, track, thumb)


def player_names(info: GameInfo, seats: Sequence[Seat]) -> list[str]:
    """Each seat as the end screen names it: the person's name, or "the computer"."""
    names_out = []
    for seat in seats:
        colour = info.seat_name(seat.index)
        if not seat.is_person:  # by its level's name, as the set-up and the Library say it
            names_out.append(_("{seat} (the computer, {level})").format(
                seat=colour, level=i18n.translated(seat.level or seat.agent)))
        else:
            named = seat.name and seat.name != colour
            names_out.append(_("{name} ({seat})").format(name=seat.name, seat=colour)
                             if named else colour)
    return names_out


def _points(score: float) -> str:
    count = int(score) if float(score).is_integer() else 2
    return ngettext("{points} point", "{points} points", count).format(
        points=score_number(score))


def _band_words(bands: Sequence[tuple[float, str]], score: float) -> str:
    """The rulebook's rating of a solo score, in a sentence."""
    reached = [(floor, name) for floor, name in bands if score >= floor]
    if not reached:
        return _("The rulebook's rating: not yet rated; its lowest rating, {rating}, "
                 "starts at {points}.").format(rating=i18n.translated(bands[0][1]),
                                               points=_points(bands[0][0]))
    floor, name = reached[-1]
    higher = [(f, n) for f, n in bands if f > floor]
    rating = _("The rulebook's rating: {rating} ({points} or more).").format(
        rating=i18n.translated(name), points=_points(floor))
    after = (_("The next, {rating}, starts at {points}.").format(
        rating=i18n.translated(higher[0][1]), points=_points(higher[0][0]))
        if higher else _("No rating is higher."))
    return f"{rating} {after}"


def personal_best(library: Library | None, game_id: str, this: str | None,
                  player: str) -> float | None:
    """`player`'s best score at `game_id` solo, from the library, but for the kept game
    `this` (the one just played)."""
    if library is None or not player:
        return None
    scores = [entry.seats[0].score for entry in library.entries(
        game=game_id, player=player, status=FINISHED)
        if entry.id != this and entry.players == 1 and entry.seats
        and entry.seats[0].human and entry.seats[0].score is not None]
    return max(scores) if scores else None


def _reason(outcome: Outcome, labels: Sequence[str]) -> str:
    """Why the game ended, its seats named by `labels` (none given: as the game wrote it,
    in its seats' names), in the player's language."""
    if labels and outcome.line is not None:
        return render(outcome.line, labels)
    return i18n.translated(outcome.reason)


def _ended(outcome: Outcome, labels: Sequence[str]) -> str:
    return _("The game ended: {reason}.").format(reason=_reason(outcome, labels))


def solo_lines(outcome: Outcome, name: str, game_name: str,
               bands: Sequence[tuple[float, str]], best: float | None,
               labels: Sequence[str] = ()) -> list[str]:
    """The solo end: the score, its rating in words and the player's personal best
    (`best`, before this game; `name` is the typed name, "" if none); `labels` name the
    seats in the reason (`tabletop.lines.render`)."""
    score = outcome.scores[0]
    scored = (_("{name} scored {points}.").format(name=name, points=_points(score)) if name
              else _("You scored {points}.").format(points=_points(score)))
    lines = [scored, _ended(outcome, labels), ""]
    if bands:
        lines.append(_band_words(bands, score))
    if not name:
        lines.append(_("Type a name at set-up to keep a personal best."))
    elif best is None:
        lines.append(_("Your first finished solo game of {game}: {points} is your personal "
                       "best.").format(game=i18n.translated(game_name), points=_points(score)))
    elif score > best:
        lines.append(_("A new personal best! Your best before was {points}.").format(
            points=_points(best)))
    else:
        lines.append(_("Your personal best is {points}.").format(points=_points(best)))
    return lines


def result_lines(outcome: Outcome, names: Sequence[str],
                 labels: Sequence[str] = ()) -> list[str]:
    """The end of a game of several: who won, why it ended, each seat's points (`names`
    as `player_names` words them; `labels` name the seats in the reason, see
    `tabletop.lines.render`)."""
    winners = [names[w] for w in outcome.winners]
    if not winners:
        head = _("A draw: nobody wins.")
    elif len(winners) == 1:
        head = _("{name} wins.").format(name=winners[0])
    else:
        head = _("A shared victory: {names}.").format(names=and_list(winners))
    lines = [head, _ended(outcome, labels), ""]
    if not outcome.points:  # a verdict's marks of 1 and 0 are no points: the head says it
        return lines[:2]
    for seat, score in enumerate(outcome.scores):
        row = (_("{name}: {points}  ★ winner") if seat in outcome.winners
               else _("{name}: {points}"))
        lines.append(row.format(name=names[seat], points=_points(score)))
    return lines


def and_list(names: Sequence[str]) -> str:
    """Names in one text: "Ada", "Ada and Bob", "Ada, Bob and Cy" ("Ada and Bob and Cy"
    in English, as the app always wrote it)."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    if i18n.language() == "en":
        return " and ".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def paint_panel(surface: Screen, width: int, height: int, shown: Panel) -> PanelDrawn:
    """The modal panel `shown`, centred in a window `width` by `height`."""
    px, kind = surface.px, shown.kind
    tall = px(300) if kind in ("offer", "confirm") else px(520)  # a question is short
    if kind in ("legend", "keys"):  # a line per symbol or key: all the height
        tall = max(tall, height - px(60))
    # A label too long for the usual width (a long move in another language) gets a
    # wider button, so that it reads whole. The panel widens to hold its buttons in one
    # row where the window has room (the end panel's four); else they wrap below.
    gap = px(30)
    widths = [next((w for w in (px(200), px(260), px(320), px(380))
                    if surface.button_fits(label, w)), px(380))
              for label, _action, _name in shown.buttons]
    row_width = sum(widths) + gap * max(0, len(widths) - 1)
    wide = max(px(760), min(row_width + px(60), width - px(40)))
    if kind == "keys":  # two columns of keys: all the width
        wide = max(wide, width - px(40))
    panel = Rect(width / 2 - wide / 2, height / 2 - tall / 2, wide, tall)
    surface.box(panel, PANEL, ACCENT)
    left, top, inner = panel.left + px(30), panel.top - px(50), panel.width - px(60)
    bottom_row = Rect(left, panel.bottom + px(24), px(200), px(44))
    legend_boxes: list[Rect] = []
    if kind == "legend":
        surface.label(shown.heading, left, top, 22, bold=True, width=inner)
        row = min(px(96), (top - px(40) - bottom_row.top - px(36)) / max(1, len(shown.legend)))
        side = row * 0.86
        for index, line in enumerate(shown.legend):
            y = top - px(30) - (index + 1) * row
            legend_boxes.append(Rect(left, y + (row - side) / 2, side, side))
            surface.label(line, left + side + px(16), y + row / 2, 12, TEXT,
                          width=inner - side - px(16), multiline=True, anchor_y="center")
    elif kind == "keys":  # one line a key, in two columns from the heading to the buttons
        surface.label(shown.heading, left, top, 22, bold=True, width=inner)
        # The game's keys and the screen's make some twenty lines: in one column a small
        # window scaled them below the smallest size (and cut them); two halves fit.
        lines = shown.text.split("\n")
        half = (len(lines) + 1) // 2
        column = (inner - gap) / 2
        for index, part in enumerate((lines[:half], lines[half:])):
            if not part:
                continue
            box = Rect(left + index * (column + gap), bottom_row.top + px(36), column,
                       top - px(36) - bottom_row.top - px(36))
            surface.label("\n".join(part), box.left, box.top, 13, TEXT, multiline=True,
                          anchor_y="top", box=box)
    elif kind == "offer":
        surface.label(shown.heading, left, top, 22, bold=True)
        surface.label(shown.text, left, top - px(50), 16, TEXT, width=inner)
    elif kind == "confirm":
        surface.label(shown.heading, left, top, 22, bold=True, width=inner)
        surface.label(shown.text, left, top - px(40), 16, TEXT, width=inner, multiline=True,
                      anchor_y="top")
    else:  # the end
        surface.label(shown.heading, left, top, 26, GOOD, bold=True)
        surface.label(shown.text, left, top - px(40), 15, TEXT, width=inner,
                      multiline=True, anchor_y="top")
    # Buttons that do not fit in one row wrap to rows above it, in reading order (the
    # focus order).
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, wide in enumerate(widths):
        if rows[-1] and used + gap + wide > inner:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0) + wide
        rows[-1].append(index)
    step = bottom_row.height + px(12)
    placed: dict[int, Rect] = {}
    for row, indices in enumerate(rows):
        x = bottom_row.left
        y = bottom_row.bottom + (len(rows) - 1 - row) * step
        for index in indices:
            placed[index] = Rect(x, y, widths[index], bottom_row.height)
            x += widths[index] + gap
    buttons = [surface.add_button(label, placed[index], action, name=name)
               for index, (label, action, name) in enumerate(shown.buttons)]
    surface.label(_("Tab / arrows choose, Enter confirms"), left,
                  bottom_row.top + (len(rows) - 1) * step + max(px(12), 6), 12, DIM,
                  anchor_y="bottom")
    return PanelDrawn(tuple(buttons), tuple(legend_boxes))
