"""The Library screen: every kept game, filtered by game and player, newest first.

Each row offers Continue (a game in progress) or Replay and Review (a finished one: the
computer's review, `tabletop.play.review`) and Delete, which asks first and moves the
file to the trash folder. An online game this app joined is listed from its first move
as "in progress, online", with Rejoin (the launcher's way back to the seat) and Delete
(what its seat saw goes to the trash; Restore brings it back): this app
holds what its seat saw (`tabletop.store.seen`), not the game's record, so it is neither
continued nor replayed here until the host sends the whole game at its end; it is then a
finished game like any other. Games started and left unplayed
go to the trash in one click ("Discard 3 unplayed games"). Restore brings back what the
last Delete or Discard moved. Import keeps a copy of a record or save: a path typed or
pasted (Ctrl+V) into the field, or a file of the saves folder.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import N_, _, ngettext
from tabletop.model import TabletopError
from tabletop.net.joined import Joined, joined_tables
from tabletop.record import replay
from tabletop.store.library import (
    FINISHED,
    IN_PROGRESS,
    UNREADABLE,
    Entry,
    Library,
    Seen,
)
from tabletop.store.seen import TRASHED
from tabletop.ui._arcade import FONT_SANS, arcade
from tabletop.ui.geometry import Rect
from tabletop.ui.keeper import last_played, players_line, seat_words
from tabletop.ui.textbox import MIN_POINTS
from tabletop.ui.widgets import DIM, ERROR, GOOD, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.plugins import Host
    from tabletop.ui.services import Services

PANEL_RULE = (70, 78, 96, 255)
#: The longest path the import field accepts.
PATH_LENGTH = 400
#: A kept game's status in words (`tabletop.store.records`).
STATUS_WORDS = (N_("in progress"), N_("finished"), N_("unreadable"))


def joined(names: list[str]) -> str:
    """"Ada", "Ada and Bob", "Ada and Bob and Cy" (in the player's language)."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = _("{players} and {last}").format(players=text, last=name)
    return text


def result_line(entry: Entry, host: Host | None = None) -> str:
    """"Ada wins", "draw", "score 42", "in progress, move 7", "unreadable: why" (a
    computer named by its level, as `seat_words` names it)."""
    if entry.status == UNREADABLE:
        return _("unreadable: {problem}").format(problem=entry.problem)
    if entry.result is None:
        return _("{status}, move {number}").format(status=_(entry.status),
                                                   number=i18n.number(entry.plies + 1))
    if entry.players == 1:
        return _("score {score}").format(score=i18n.number(entry.result.scores[0]))
    seats = seat_words(entry, host)
    winners = [seats[w] for w in entry.result.winners if w < len(seats)]
    if not winners:
        return _("draw")
    return ngettext("{players} wins", "{players} win", len(winners)).format(
        players=joined(winners))


def seen_players(seen: Seen) -> str:
    """"Hana (Brown) vs Ada (Blue)": the seats of a joined game as its app named them."""
    labels = list(seen.labels)
    if len(labels) == 2:
        return _("{first} vs {second}").format(first=labels[0], second=labels[1])
    if len(labels) == 1:
        return _("{player} (solo)").format(player=labels[0])
    return _("{players} and {last}").format(players=", ".join(labels[:-1]), last=labels[-1])


def seen_line(seen: Seen) -> str:
    """"in progress, online, move 7 · joined from 192.0.2.2:8470"."""
    return _("in progress, online, move {number} · joined from {address}").format(
        number=i18n.number(seen.ply + 1), address=seen.address)


def rejoin_of(seen: Seen, directory: Path) -> Joined:
    """How to take the seat of a joined game again: the table this app keeps the seat
    token of, else its address, code and name as the sight kept them (joined again by
    the code)."""
    for joined_table in joined_tables(directory):
        if (joined_table.uri, joined_table.code) == (seen.uri, seen.code):
            return joined_table
    return Joined(seen.uri, seen.code, "", seen.address, seen.name, seen.game)


def describe(entry: Entry, names: dict[str, str], host: Host | None = None) -> str:
    """"Versus · Ada vs Casual" (a file that cannot be read: its name)."""
    if entry.game is None or not entry.seats:
        return entry.file.name
    return _("{game} · {players}").format(
        game=i18n.translated(names.get(entry.game, entry.game)),
        players=players_line(entry, host))


class LibraryScreen(Screen):
    """The kept games, with filters, paging, Continue / Replay / Delete and Import."""

    def __init__(self, services: Services, message: str | None = None) -> None:
        super().__init__(services)
        self.game: str | None = None
        self.player: str | None = None
        self.page = 0
        self.mode = "list"  # or "import", or "delete"
        self.doomed: Entry | Seen | None = None
        self.path_text = ""
        self.message = message or ""
        #: True when the message tells of a success (an import, a game moved to the trash).
        self.good = False
        #: The files the last Delete or Discard moved to the trash, and what Restore says
        #: once they are back.
        self.trashed: tuple[list[Path], str] | None = None
        self.entries: list[Entry] = []
        #: The online games this app joined that go on, as their seats saw them.
        self.seen: list[Seen] = []
        #: How many kept games were started and left unplayed (Discard offers them).
        self.unplayed = 0
        self.reload()

    # -- data ----------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the filtered list again (after a filter change, an import or a delete)."""
        library = self.services.keeper.library
        self.services.keeper.flush()
        self.entries = library.entries(self.game, self.player) if library is not None else []
        self.seen = [s for s in (library.seen() if library is not None else [])
                     if self.game in (None, s.game)
                     and self.player in (None, s.name, *s.labels)]
        self.unplayed = len(library.unplayed()) if library is not None else 0
        self.invalidate()

    def _choices(self) -> tuple[list[str | None], list[str | None]]:
        library = self.services.keeper.library
        if library is None:
            return [None], [None]
        games = sorted({e.game for e in library.entries() if e.game}
                       | {s.game for s in library.seen()})
        return [None, *games], [None, *library.player_names()]

    def cycle_game(self, step: int) -> None:
        """Show every game, or only one (cycling through the games kept)."""
        games, _ = self._choices()
        index = games.index(self.game) if self.game in games else 0
        self.game = games[(index + step) % len(games)]
        self.page = 0
        self.reload()

    def cycle_player(self, step: int) -> None:
        """Show everyone's games, or only one player's."""
        _, players = self._choices()
        index = players.index(self.player) if self.player in players else 0
        self.player = players[(index + step) % len(players)]
        self.page = 0
        self.reload()

    def turn_page(self, step: int) -> None:
        """Newer (-1) or older (+1) games."""
        self.page = max(0, self.page + step)
        self.invalidate()

    # -- actions -------------------------------------------------------------------------
    def open_entry(self, entry: Entry) -> None:
        """Continue a game in progress, or replay a finished one."""
        if entry.status == FINISHED or entry.result is not None:
            self.navigator.show_replay(entry.id)
        else:
            self.navigator.continue_game(entry.id)

    def rejoin(self, seen: Seen) -> None:
        """Take the seat of a joined game again, as the launcher's Rejoin does."""
        self.navigator.show_join(rejoin_of(seen, self.services.directory))

    def ask_delete(self, entry: Entry | Seen) -> None:
        """Ask before deleting (the safe answer, Cancel, has the focus: Enter keeps it)."""
        self.doomed, self.mode = entry, "delete"
        self.focus_name = "cancel"
        self.invalidate()

    def delete(self) -> None:
        """Move the asked-about game to the trash (Restore brings it back)."""
        entry, self.doomed, self.mode = self.doomed, None, "list"
        if entry is None:
            self._change(None)
            return
        names = {gid: g.info.name for gid, g in self.services.host.games.items()}
        game = self._describe(entry, names)

        def trash(library: Library) -> str:
            moved = (library.delete_seen(entry.id) if isinstance(entry, Seen)
                     else library.delete(entry.id))
            self.trashed = ([moved], _("{game}: restored.").format(game=game))
            return _("{game}: moved to the trash.").format(game=game)

        self._change(trash)

    def discard_unplayed(self) -> None:
        """Move every game started and left unplayed to the trash (Restore brings them
        back)."""
        def discard(library: Library) -> str:
            paths = library.discard_unplayed()
            count = i18n.number(len(paths))
            self.trashed = (paths, ngettext("{count} unplayed game restored.",
                                            "{count} unplayed games restored.",
                                            len(paths)).format(count=count))
            return ngettext("{count} unplayed game moved to the trash.",
                            "{count} unplayed games moved to the trash.",
                            len(paths)).format(count=count)

        self._change(discard)

    def restore(self) -> None:
        """Bring the games the last Delete or Discard moved back from the trash."""
        trashed, self.trashed = self.trashed, None
        if trashed is None:
            self._change(None)
            return

        def bring_back(library: Library) -> str:
            for path in trashed[0]:
                if path.suffix == TRASHED:  # a joined game's sight
                    library.restore_seen(path)
                else:
                    library.restore(path)
            return trashed[1]

        self._change(bring_back)

    def _change(self, change: Callable[[Library], str] | None) -> None:
        """Make `change` to the library (if any, and if there is a library) and say how it
        went: its words, or the error in one line; then list the games again."""
        library = self.services.keeper.library
        if change is not None and library is not None:
            try:
                self.message, self.good = change(library), True
            except TabletopError as exc:
                self.message, self.good = str(exc), False
        self.focus = -1
        self.reload()

    def show_import(self) -> None:
        """The import panel: a path field and the files of the saves folder."""
        self.mode, self.focus = "import", -1
        self.invalidate()

    def back(self) -> None:
        """Close a panel, else go back to the launcher."""
        if self.mode != "list":
            self.mode, self.doomed = "list", None
            self.focus = -1
            self.invalidate()
        else:
            self.navigator.show_launcher()

    def import_path(self, path: Path | None = None) -> None:
        """Keep a copy of `path` (default: the typed path); it must replay."""
        library = self.services.keeper.library
        target = path if path is not None else Path(self.path_text.strip()).expanduser()
        if library is None or not str(target).strip() or str(target) == ".":
            self.message = _("Type or paste the path of a game record first.")
            self.good = False
            self.invalidate()
            return
        host = self.services.host

        def check(record: Any) -> None:
            replay(host.game(record.game), record)

        before = library.count()
        try:
            entry = library.import_file(target, check)
        except TabletopError as exc:
            self.message, self.good = str(exc), False
            self.invalidate()
            return
        self.trashed = None
        self.message = (_("Imported {file}") if library.count() > before
                        else _("Imported already: {file} is kept in the library")).format(
            file=target.name)
        self.good = True
        self.mode, self.path_text = "list", ""
        self.game = self.player = None
        self.page = 0
        self.reload()
        self.focus = next((i for i, b in enumerate(self.buttons)
                           if b.name == f"open:{entry.id}"), -1)

    def save_files(self) -> list[Path]:
        """The saves folder's records, newest first."""
        folder = self.services.directory / "saves"
        files = [p for p in folder.glob("*.json") if p.is_file()] if folder.is_dir() else []
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    # -- layout --------------------------------------------------------------------------
    def build(self, width: int, height: int) -> None:
        px = self.px
        left, right = px(40), width - px(40)
        self.label(_("Library"), left, height - px(64), 30, bold=True)
        if self.mode == "import":
            self._build_import(left, right, height)
        elif self.mode == "delete":
            self._build_confirm(width, height)
        else:
            self._build_list(left, right, height)
        restore = self.trashed is not None and self.mode == "list"
        if restore:
            self.add_button(_("Restore"), Rect(right - px(170), px(4), px(170), px(32)),
                            self.restore, name="restore")
        if self.message:
            # Under the pager, wrapped: an error names a file and says why, whole.
            colour = GOOD if self.good else ERROR
            room = Rect(left, 0, right - left - (px(190) if restore else 0), px(58))
            self.label(self.message, left, room.top, 13, colour, multiline=True,
                       anchor_y="top", box=room)

    def _build_list(self, left: float, right: float, height: int) -> None:
        px = self.px
        y = height - px(120)
        names = {gid: g.info.name for gid, g in self.services.host.games.items()}
        game_text = (_("every game") if self.game is None
                     else i18n.translated(names.get(self.game, self.game)))
        player_text = _("everyone") if self.player is None else self.player
        for title, text, cycle, name, x in (
                (_("Game"), game_text, self.cycle_game, "filter-game", left),
                (_("Player"), player_text, self.cycle_player, "filter-player",
                 left + px(440))):
            self.label(title, x, y + px(12), 15, width=px(80))
            self.add_button("<", Rect(x + px(84), y, px(36), px(34)), partial(cycle, -1),
                            name=f"{name}-")
            self.fitted(text, x + px(132), y + px(12), 15, TEXT, px(200))
            self.add_button(">", Rect(x + px(340), y, px(36), px(34)), partial(cycle, 1),
                            name=f"{name}+")
        # Back is wide enough for "Retour (Échap)" at 800x600.
        self.add_button(_("Import…"), Rect(right - px(320), y, px(140), px(34)),
                        self.show_import, name="import")
        self.add_button(_("Back (Esc)"), Rect(right - px(170), y, px(170), px(34)),
                        self.navigator.show_launcher, name="back")
        # Rows keep room for two lines of text at the smallest font size (small windows).
        row_h, top, floor = max(px(58), 46), y - px(16), px(110)
        per_page = max(1, int((top - floor) // row_h))
        # Newest first, the joined games that go on among the kept ones.
        rows: list[Entry | Seen] = sorted([*self.seen, *self.entries],
                                          key=lambda row: -row.updated)
        pages = max(1, -(-len(rows) // per_page))
        self.page = min(self.page, pages - 1)
        shown = rows[self.page * per_page:(self.page + 1) * per_page]
        if not shown:
            self.label(_("No games kept yet.") if self.game is None and self.player is None
                       else _("No game matches these filters."), left, top - px(40), 15, DIM)
        y = top
        for entry in shown:
            y -= row_h
            rect = Rect(left, y + px(4), right - left, row_h - px(8))
            if isinstance(entry, Seen):
                self._build_seen_row(entry, rect, names)
            else:
                self._build_row(entry, rect, names)
        count = len(rows)
        pager = px(260)  # Newer and Older
        if self.unplayed:
            # Beside the pager, as wide as its words need (German's are long).
            words = ngettext("Discard {count} unplayed game", "Discard {count} unplayed games",
                             self.unplayed).format(count=i18n.number(self.unplayed))
            probe = arcade.Text(words, 0, 0, font_size=max(px(14), MIN_POINTS),
                                font_name=FONT_SANS)
            wide = min(probe.content_width + px(16) + 8, right - left - pager - px(200))
            self.add_button(words, Rect(right - pager - px(10) - wide, px(62), wide, px(32)),
                            self.discard_unplayed, name="discard-unplayed")
            pager += px(20) + wide
        self.label(ngettext("{count} game · page {page} of {pages}",
                            "{count} games · page {page} of {pages}", count).format(
            count=i18n.number(count), page=i18n.number(self.page + 1),
            pages=i18n.number(pages)), left, px(76), 13, DIM, width=right - left - pager)
        self.add_button(_("Newer"), Rect(right - px(250), px(62), px(120), px(32)),
                        partial(self.turn_page, -1), enabled=self.page > 0, name="newer")
        self.add_button(_("Older"), Rect(right - px(120), px(62), px(120), px(32)),
                        partial(self.turn_page, 1), enabled=self.page < pages - 1,
                        name="older")

    def _build_row(self, entry: Entry, rect: Rect, names: dict[str, str]) -> None:
        px = self.px
        # A rule under each row, not a filled card: on software OpenGL every filled pixel
        # costs (bench/library_ui.py).
        self.box(Rect(rect.left, rect.bottom - px(4), rect.width, 1), PANEL_RULE)
        text_w = rect.width - px(420)
        # The game and its players' names: names may be long, and are read whole on hover.
        self.fitted(describe(entry, names, self.services.host), rect.left + px(12),
                    rect.top - max(px(20), 14), 14, TEXT, text_w, bold=True, may_cut=True)
        colour = ERROR if entry.status == UNREADABLE else DIM
        self.fitted(_("{result} · {when}").format(result=result_line(entry, self.services.host),
                                                 when=last_played(entry.updated)),
                    rect.left + px(12), rect.top - max(px(40), 30), 12, colour, text_w)
        bx = rect.right - px(400)
        bh = px(32)
        by = rect.bottom + (rect.height - bh) / 2
        if entry.status != UNREADABLE:
            installed = entry.game in self.services.host.games
            finished = not (entry.status == IN_PROGRESS or entry.result is None)
            label = _("Replay") if finished else _("Continue")
            self.add_button(label, Rect(bx, by, px(130), bh), partial(self.open_entry, entry),
                            enabled=installed, name=f"open:{entry.id}")
            if finished:  # the computer's review of it (kept: shown at once the next time)
                self.add_button(_("Review"), Rect(bx + px(140), by, px(120), bh),
                                partial(self.navigator.show_replay, entry.id, True),
                                enabled=installed, name=f"review:{entry.id}")
        self.add_button(_("Delete"), Rect(bx + px(270), by, px(120), bh),
                        partial(self.ask_delete, entry), name=f"delete:{entry.id}")

    def _build_seen_row(self, seen: Seen, rect: Rect, names: dict[str, str]) -> None:
        """A joined online game that goes on: what its seat saw, and Rejoin."""
        px = self.px
        self.box(Rect(rect.left, rect.bottom - px(4), rect.width, 1), PANEL_RULE)
        text_w = rect.width - px(420)
        self.fitted(self._describe(seen, names), rect.left + px(12),
            rect.top - max(px(20), 14), 14, TEXT, text_w, bold=True, may_cut=True)
        self.fitted(_("{result} · {when}").format(result=seen_line(seen),
                                                 when=last_played(seen.updated)),
                    rect.left + px(12), rect.top - max(px(40), 30), 12, DIM, text_w,
                    may_cut=True)  # an address
        bx = rect.right - px(400)
        bh = px(32)
        by = rect.bottom + (rect.height - bh) / 2
        self.add_button(_("Rejoin"), Rect(bx, by, px(130), bh), partial(self.rejoin, seen),
                        enabled=seen.game in self.services.host.games,
                        name=f"rejoin:{seen.id}")
        self.add_button(_("Delete"), Rect(bx + px(270), by, px(120), bh),
                        partial(self.ask_delete, seen), name=f"delete:{seen.id}")

    def _describe(self, entry: Entry | Seen, names: dict[str, str]) -> str:
        """"Versus · Ada vs Bob" of a kept game or a joined one."""
        if isinstance(entry, Seen):
            return _("{game} · {players}").format(
                game=i18n.translated(names.get(entry.game, entry.game)),
                players=seen_players(entry))
        return describe(entry, names, self.services.host)

    def fitted(self, text: str, x: float, y: float, size: float, colour: Any, width: float,
               bold: bool = False, may_cut: bool = False) -> None:
        """A one-line label that ends within `width`: by the layout rule, made smaller,
        then (only a name or a path: `may_cut`) cut short with "…" (shown whole on
        hover)."""
        self.label(text, x, y, size, colour, bold=bold, width=width, may_cut=may_cut)

    def _build_confirm(self, width: int, height: int) -> None:
        px = self.px
        entry = self.doomed
        if entry is None:
            return
        # Room for the names of six players and the sentence, wrapped whole at the
        # smallest size in a small window.
        wide = min(width - 2 * px(40), max(px(600), 560.0))
        tall = max(px(200), 230.0)
        panel = Rect(width / 2 - wide / 2, height / 2 - tall / 2, wide, tall)
        self.box(panel, PANEL)
        names = {gid: g.info.name for gid, g in self.services.host.games.items()}
        self.label(_("Delete this game?"), panel.left + px(24), panel.top - px(40), 20,
                   bold=True, width=panel.width - px(48))
        # Above the buttons, wrapped (and made smaller) to be read whole.
        about = Rect(panel.left + px(24), panel.bottom + px(76), panel.width - px(48),
                     panel.top - px(60) - (panel.bottom + px(76)))
        self.label(_("{game} ({result}). Its file moves to the trash folder.").format(
            game=self._describe(entry, names),
            result=seen_line(entry) if isinstance(entry, Seen)
            else result_line(entry, self.services.host)), about.left, about.top, 13, DIM,
            multiline=True, anchor_y="top", box=about)
        self.add_button(_("Delete"), Rect(panel.left + px(24), panel.bottom + px(24), px(200),
                                       px(44)), self.delete, name="confirm-delete")
        self.add_button(_("Cancel (Esc)"), Rect(panel.right - px(224), panel.bottom + px(24),
                                             px(200), px(44)), self.back, name="cancel")

    def _build_import(self, left: float, right: float, height: int) -> None:
        px = self.px
        y = height - px(190)
        # Under the title, above the path field: room for three lines at the smallest
        # size (the French and German words wrap to two at 800x600).
        about = Rect(left, y + px(36), right - left, height - px(80) - (y + px(36)))
        self.label(_("Import a game record or save: type or paste (Ctrl+V) its path, then "
                     "Enter; or pick a file of the saves folder."), left, about.top, 13,
                   DIM, multiline=True, anchor_y="top", box=about)
        shown = self.path_text or _("(click here, then type or paste a path)")
        self.add_button(shown[-70:], Rect(left, y - px(8), right - left - px(330), px(38)),
                        self.import_path, name="path")
        self.add_button(_("Import"), Rect(right - px(320), y - px(8), px(140), px(38)),
                        self.import_path, name="import-path")
        self.add_button(_("Back (Esc)"), Rect(right - px(170), y - px(8), px(170), px(38)),
                        self.back, name="back")
        y -= px(60)
        self.fitted(_("Saves folder: {folder}").format(folder=self.services.directory / "saves"),
                    left, y, 14, TEXT, right - left, may_cut=True)  # a path
        files = self.save_files()
        if not files:
            self.label(_("(empty: Save (S) during a game writes a file here)"), left,
                       y - px(30),
                       13, DIM)
        for path in files:
            y -= px(44)
            if y < px(90):
                break
            self.add_button(path.name, Rect(left, y - px(10), right - left, px(36)),
                            partial(self.import_path, path), name=f"save:{path.name}")

    # -- keyboard ------------------------------------------------------------------------
    def _in_path_field(self) -> bool:
        focused = self.buttons[self.focus] if 0 <= self.focus < len(self.buttons) else None
        return self.mode == "import" and focused is not None and focused.name == "path"

    def on_text(self, text: str) -> None:
        """Typed characters go into the path field when it has the focus."""
        self.ensure_built()
        typed = "".join(c for c in text if c.isprintable())
        if self._in_path_field() and typed:
            self.path_text = (self.path_text + typed)[:PATH_LENGTH]
            self.invalidate()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.ensure_built()
        if self._in_path_field():
            if symbol == arcade.key.BACKSPACE:
                self.path_text = self.path_text[:-1]
                self.invalidate()
                return
            if symbol == arcade.key.V and modifiers & arcade.key.MOD_ACCEL:
                self.on_text(self._clipboard())
                return
            if symbol == arcade.key.SPACE:
                return  # a space is text here (on_text adds it)
        if self.mode == "list" and symbol in (arcade.key.PAGEUP, arcade.key.PAGEDOWN):
            self.turn_page(-1 if symbol == arcade.key.PAGEUP else 1)
            return
        super().on_key_press(symbol, modifiers)

    def _clipboard(self) -> str:
        try:
            return str(self.window.get_clipboard_text())
        except Exception:  # no clipboard here (headless, or the platform refuses)
            return ""

    def on_escape(self) -> None:
        self.back()
