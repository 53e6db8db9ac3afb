"""The game screen of an online seat: the board as this seat sees it, at a table whose
authority is on another computer (or on this one's server, for its host).

`OnlineScreen` shows what the host sends (`tabletop.net.seat.OnlineSeat`): the seat's
view on the game's own renderer, the log, who sits where, who is connected, who is
thinking, a banner while the link or a peer is reconnecting, the clock of a timed table,
and the way to join while seats are free. A move chosen on the board goes to the host as
its notation; the board takes no other move until the host has answered. The shell
(board, sidebar, panels, input) is `tabletop.ui.board_shell`, shared with a game here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import _
from tabletop.limits import one_line
from tabletop.model import Outcome
from tabletop.net.client import STATUS
from tabletop.net.frames import drawn_online
from tabletop.net.seat import OnlineSeat
from tabletop.play.hints import SeatHint
from tabletop.play.table import RESIGN, hint_text, said
from tabletop.record import VERDICTS
from tabletop.ui import game_panels
from tabletop.ui._arcade import arcade
from tabletop.ui.board_shell import BoardShell
from tabletop.ui.fallback import TextRenderer
from tabletop.ui.renderer import Ply
from tabletop.ui.widgets import ACCENT, DIM, ERROR, GOOD, TEXT

if TYPE_CHECKING:
    from tabletop.ui.services import Services


def _names(seat: OnlineSeat) -> list[str]:
    """The names the table gave its seats ("" where a seat goes by the game's name)."""
    info, online = seat.game.game.info, seat.game
    return [label if (label := online.label(i)) != info.seat_name(i) else ""
            for i in range(online.players)]


def _remote(seat: OnlineSeat) -> frozenset[int]:
    """The seats people play from other computers (not this one, not the computer's)."""
    return frozenset(int(e["seat"]) for e in seat.game.seats
                     if e.get("kind") != "computer" and e.get("seat") != seat.game.seat)


class OnlineScreen(BoardShell):
    """A seat at an online table (see the module)."""

    def __init__(self, services: Services, seat: OnlineSeat) -> None:
        online = seat.game
        mine = frozenset({online.seat}) if online.seat is not None else frozenset()
        super().__init__(services, online.game.info.id, online.game, mine, _names(seat),
                         renderer=None if drawn_online(online.game) else TextRenderer)
        self.seat = seat
        self._seated()
        self.overlay = "end" if online.outcome is not None else None
        #: The position shown: its ply, the seat's view, and a state to read moves on
        #: (the game's own, or dealt from the view: the host never sends what is hidden).
        self._shown: tuple[int, Any, Any] | None = None
        self._legal: list[Any] = []
        #: The last move as views (before, move, after), for the renderer's mark.
        self._last: Ply | None = None
        #: The ply whose move this seat sent and the host has not yet answered.
        self._sent: int | None = None
        self.link = "connected"
        self._rng = random.Random()
        #: When the position last changed (the clock of a timed table counts from it),
        #: and the whole seconds left shown last.
        self._since = time.monotonic()
        self._clock_shown: int | None = None
        self._full = online.full
        self._asked = ""  # the host's reason for a confirmation ("resigning ends…")
        self._offered_by = ""
        #: When (the monotonic clock) the link gives up reconnecting; None while it holds.
        self._gives_up: float | None = None
        #: The hint under way, found by this app from this seat's view (never the host's).
        self._hint: SeatHint | None = None

    # -- the position --------------------------------------------------------------------
    @property
    def online(self) -> Any:
        """The seat's picture of the game (`tabletop.net.client.OnlineGame`)."""
        return self.seat.game

    @property
    def plies(self) -> int:
        return int(self.online.ply)

    def _current(self) -> tuple[int, Any, Any]:
        """The shown position (ply, view, state), made from the host's last message."""
        online = self.online
        if self._shown is None or self._shown[0] != online.ply:
            data = online.position.get("view")
            codec = self.game.codec()
            view = codec.view_from_dict(data) if data is not None and codec else None
            self._shown = (online.ply, view, online.state(self._rng))
            self._legal = self._read_legal()
        return self._shown

    def _read_legal(self) -> list[Any]:
        """The legal moves the host listed, read as the game's moves (their notation
        itself for a game that sends no views: the text board plays notation)."""
        state = self.online.state(self._rng)
        if state is None:
            return list(self.online.legal)
        return [self.game.parse_move(state, text) for text in self.online.legal]

    def notation(self, move: Any) -> str:
        state = self._current()[2]
        if state is None or isinstance(move, str):
            return str(move)
        return self.game.move_to_text(state, move)

    def _position_text(self) -> str:
        return str(self.online.position.get("text", ""))

    @property
    def may_move(self) -> bool:
        """True when this seat may choose a move on the board now."""
        online = self.online
        return (online.my_turn and self.overlay is None and self._sent != online.ply
                and self.seat.lost is None and self.link == "connected")

    def push_position(self) -> None:
        _, view, _ = self._current()
        online = self.online
        interactive = self.may_move
        self.stage.position(view, online.position.get("to_move"),
                            self._legal if interactive else (), interactive, self._last,
                            focused=self.board_focused)
        self._needs_position = False

    def seat_label(self, seat: int) -> str:
        return str(self.online.label(seat))

    # -- what the host sends -------------------------------------------------------------
    def poll(self, delta_time: float) -> None:
        for message in self.seat.poll():
            self._take(message)
        self._tick_clock()
        self._poll_hint()

    # -- hints: found here, from this seat's view ----------------------------------------
    def may_hint(self) -> bool:
        """True when a hint can be asked: this seat to move, a position to think on (a
        game that sends views), and no hint under way."""
        return (self.may_move and self._hint is None
                and self._current()[2] is not None)

    def hint(self) -> None:
        """Ask the game's strongest agent, in this app's AI worker, for a move of this
        seat, on a position made from what the seat sees (the host is never asked)."""
        if not self.may_hint():
            return
        ply, _view, state = self._current()
        try:
            self._hint = SeatHint(self.services.host, self.services.worker, self.game,
                                  state, int(self.online.seat), ply, self._legal,
                                  self.services.ai_budget())
        except Exception as exc:  # the game's code failed writing its state down
            self.message = one_line(_("No hint: {reason}").format(reason=exc))
        else:
            self.message = _("Looking for a hint ({agent})…").format(
                agent=i18n.translated(self._hint.agent))
        self.invalidate()

    def _poll_hint(self) -> None:
        hint = self._hint
        if hint is None or not hint.done():
            return
        self._hint = None
        if hint.ply != self.plies or not self.may_move:
            return  # the position moved on meanwhile: that hint is of no use now
        try:
            move = hint.move()
            explained = self.game.explain(hint.state, move, hint.seat)
            why = one_line(said(explained, self.online_labels())) if explained else ""
            words = i18n.translated(self.game.move_to_text(hint.state, move))
        except Exception as exc:  # the agent or the game's code failed: said, not raised
            self.message = one_line(_("No hint: {reason}").format(reason=exc))
        else:
            self.stage.show(hint=move)
            self.message = hint_text(words, why)
        self.invalidate()

    def online_labels(self) -> list[str]:
        """Each seat as this table names it, for the game's lines."""
        return [str(self.online.label(i)) for i in range(self.online.players)]

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "played":
            self._played(message)
        elif kind == "welcome":  # back after a drop: the game as it stands
            self._shown, self._sent, self._last = None, None, None
            self._seated()
            self._moved()
        elif kind == "ended":
            self.overlay = "end"
            self._needs_position = True
        elif kind == "confirm":
            self.offer, self._asked = message["move"], str(message["reason"])
            self.show_panel("confirm")
        elif kind == "offer":
            self.offer, self._offered_by = message["move"], str(message["label"])
            self.show_panel("offer")
        elif kind == "declined":
            self.message = _("{player} declines: {move}.").format(
                player=message["by"], move=i18n.translated(str(message["move"])))
        elif kind in ("error", "note"):
            self.message = i18n.translated(str(message["message"]))
            if kind == "error":
                self._sent = None  # refused: this seat may choose again
                self._needs_position = True
        elif kind == "seats":
            if self.online.full and not self._full:
                self._since = time.monotonic()  # the clock runs from the start of play
            self._full = self.online.full
            self._seated()
            self._needs_position = True  # play may start now that every seat is taken
        elif kind == STATUS:
            self.link = str(message.get("state", ""))
            until = message.get("until")
            self._gives_up = float(until) if isinstance(until, float | int) else None
            self._needs_position = True  # no move while the link is down
        self.invalidate()

    def _seated(self) -> None:
        """Who sits where changed (a friend took a seat with a name): the renderer's
        context says so from now on."""
        self.names = tuple(_names(self.seat))
        self.stage.rename(self.names, _remote(self.seat))

    def _played(self, message: dict[str, Any]) -> None:
        """A move was played: logged, animated, told (another seat's) in words."""
        _, before, before_state = self._shown or (None, None, None)
        move: Any = None
        if before_state is not None:
            try:  # read on the state dealt from this seat's view (never the true one)
                move = self.game.parse_move(before_state, str(message["move"]))
            except Exception:  # a move that reads only on what was hidden: not animated
                move = None
        self._shown = None
        after = self._current()[1]
        self._last = (Ply(before, move, after)
                      if move is not None and before is not None and after is not None
                      else None)
        self._sent = None
        self.log_scroll = 0
        if message.get("seat") != self.online.seat:
            self.message = " ".join(str(line).strip() for line in message["lines"])
        else:
            self.message = ""
        self._moved()
        if self._last is not None:
            self.stage.animate(self._last)
            cues = list(self.renderer.sounds(self._last))
            ended = self.online.outcome is not None
            self.services.sounds.play(cues + (["game_end"] if ended else []))

    def _moved(self) -> None:
        self._since = time.monotonic()
        self.push_position()

    def _tick_clock(self) -> None:
        """A timed table's clock, and the patience left while reconnecting: the sidebar
        shows their whole seconds."""
        left = self.clock_left()
        if self.link == "reconnecting" and self._gives_up is not None:
            left = max(0.0, self._gives_up - time.monotonic())
        shown = None if left is None else int(left)
        if shown != self._clock_shown:
            self._clock_shown = shown
            self.invalidate()

    def clock_left(self) -> float | None:
        """Seconds the person to move has left (None: no clock, or nobody's clock runs)."""
        limit = self.online.time_limit
        online = self.online
        if limit is None or self.seat.waiting or online.outcome is not None:
            return None
        to_move = online.position.get("to_move")
        entry = next((e for e in online.seats if e.get("seat") == to_move), None)
        if entry is None or entry.get("kind") == "computer":
            return None
        return max(0.0, float(limit) - (time.monotonic() - self._since))

    # -- a person's moves ----------------------------------------------------------------
    def submit(self, move: Any) -> None:
        if not self.may_move:
            self.message = self.why_not_now() or _("Wait for the host's answer.")
            self.invalidate()
            return
        self.seat.move(self.notation(move))
        self._sent = self.online.ply
        self.message = ""
        self._needs_position = True
        self.invalidate()

    @property
    def may_special(self) -> bool:
        """True when this seat may resign or offer a draw now: on its turn as a move, and
        out of turn too (while the friend or the computer thinks)."""
        online = self.online
        if online.my_turn:
            return self.may_move
        return (online.seat is not None and online.full and online.outcome is None
                and self.overlay is None and self.seat.lost is None
                and self.link == "connected")

    def play_special(self, notation: str) -> None:
        """A special move's button (resign, offer a draw), on this seat's turn or not: the
        host asks what it needs (a confirmation, the others' answers)."""
        if not self.may_special:
            return
        self.seat.move(notation)
        if self.online.my_turn:
            self._sent = self.online.ply
        self.invalidate()

    def answer_offer(self, accept: bool) -> None:
        """The answer to the panel open: another's offer, or a confirmation."""
        asked, move = self.overlay, self.offer
        self.offer = None
        self.show_panel(None)
        if asked == "offer":
            self.seat.answer(accept)
            self.message = _("You accept.") if accept else _("You decline.")
        elif accept and move is not None:
            self.seat.confirm(str(move))
        else:
            self._sent = None
            self.message = _("You play on.")

    def why_not_now(self) -> str | None:
        """Why this seat may not move now (None: it may)."""
        online = self.online
        if self.seat.lost is not None:
            return _("The connection to the host is lost.")
        if self.link != "connected":
            return _("Wait: the connection to the host is being made again.")
        if online.outcome is not None:
            return _("The game is over.")
        if self.seat.waiting:
            return _("Play starts when every seat is taken.")
        if online.seat is None:
            return _("You are watching: every seat was taken.")
        if not online.my_turn:
            return _("Wait: {player} is to move.").format(
                player=self.seat_label(online.position.get("to_move") or 0))
        if self._sent == online.ply:
            return _("Your move is with the host.")
        return None

    def why_nothing(self, explained: str | None) -> str:
        why = self.why_not_now()
        if why is not None:
            return why
        return (i18n.translated(explained) if explained
                else _("Nothing to play there (F1: the rules)."))

    # -- leaving -------------------------------------------------------------------------
    def leave(self) -> None:
        """Esc or Leave: asked first while the game goes on."""
        if self.online.outcome is not None or self.seat.lost is not None:
            self.leave_now()
        else:
            self.show_panel("leave")

    def leave_now(self) -> None:
        """Leave the table and go to the launcher."""
        self.seat.leave()
        self.navigator.show_launcher(None if self.online.outcome is not None
                                     or self.seat.hosting is None else
                                     _("You left the table you hosted. Continue hosts it "
                                       "again; your friends' apps come back by themselves."))

    def closing(self) -> None:
        """The window closes: leave the table (a hosted one writes its game and stops)."""
        self.seat.leave()

    def _abandon(self, message: str) -> None:
        self.seat.leave()
        super()._abandon(message)

    def free_seat(self, seat: int) -> None:
        """The host lets the person at `seat` go before the game starts (the code's next
        holder takes the seat)."""
        if self.seat.hosting is not None:
            self.seat.hosting.free(seat)
            self.message = _("Seat {number} is free again: the code seats the next "
                             "friend who joins.").format(number=seat + 1)
            self.invalidate()

    def copy_invitation(self) -> None:
        """C: put the address and the code on the clipboard (Join reads both)."""
        try:
            self.window.set_clipboard_text(f"{self.seat.address} {self.seat.code}")
            self.message = _("Copied: paste it into Join on your friend's Tabletop.")
        except Exception:  # no clipboard here (a headless window): read it out instead
            self.message = _("Join with {address} and the code {code}.").format(
                address=self.seat.address, code=self.seat.code)
        self.invalidate()

    # -- the sidebar and panels ----------------------------------------------------------
    def status_lines(self) -> list[tuple[str, Any]]:
        """The link, the table's seats, the turn, the clock and the last message."""
        online, seat = self.online, self.seat
        lines: list[tuple[str, Any]] = []
        if seat.lost is not None:
            lines.append((_("Connection lost: {reason}").format(
                reason=i18n.translated(str(seat.lost))), ERROR))
        elif self.link == "reconnecting":
            patience = (max(0, int(self._gives_up - time.monotonic()))
                        if self._gives_up is not None else None)
            lines.append((_("The connection dropped: reconnecting…") if patience is None
                          else _("The connection dropped: reconnecting (for {time} more)…").format(
                              time=f"{patience // 60}:{patience % 60:02d}"), ERROR))
        if seat.unkept is not None:  # what this seat saw is not kept: said until it is
            lines.append((_("Not saving: {problem}").format(problem=seat.unkept), ERROR))
        away = [str(e.get("label")) for e in online.seats if e.get("away")]
        if away and online.outcome is None:
            lines.append((_("{players}: reconnecting…").format(
                players=game_panels.and_list(away)), ERROR))
        if seat.waiting:
            if seat.hosting is not None:
                # The address and the code on lines of their own: read whole at any size.
                lines.append((_("Waiting for players."), ACCENT))
                lines.append((_("address {address}").format(address=seat.address), TEXT))
                lines.append((_("code {code}").format(code=seat.code), TEXT))
            else:
                lines.append((_("Waiting for the other players to join."), ACCENT))
        elif online.outcome is not None:
            lines.append((_("Game over"), ACCENT))
        else:
            to_move = online.position.get("to_move")
            entry: dict[str, Any] = next(
                (e for e in online.seats if e.get("seat") == to_move), {})
            mine = to_move == online.seat
            who = self.seat_label(to_move or 0)
            turn = _("Your move") if mine else _("To move: {player}").format(player=who)
            if entry.get("thinking"):
                turn = (_("You are thinking…") if mine else
                        _("{player} is thinking…").format(player=who))
            left = self.clock_left()
            if left is not None:
                turn = _("{turn} ({time} left)").format(
                    turn=turn, time=f"{int(left) // 60}:{int(left) % 60:02d}")
            lines.append((turn, GOOD if mine else TEXT))
        lines.append((_("At the table: {players}").format(players=online.who()), DIM))
        if self.message:
            lines.append((self.message, DIM))
        return lines

    def sidebar(self) -> game_panels.Sidebar:
        online = self.online
        view = self._current()[1]
        outcome = online.outcome
        verdict = outcome is not None and outcome.get("ended") in VERDICTS
        # A verdict's marks are no points: the game's own standing scores stay on show.
        scores = outcome.get("scores") if outcome is not None and not verdict else (
            self.renderer.scores(view) if view is not None else None)
        labels = self.score_labels(online.players)
        actions: list[game_panels.Action] = []
        if self.seat.hosting is not None and self.seat.waiting:
            actions.append((_("Copy invitation (C)"), self.copy_invitation, True, "copy"))
        if self.seat.hosting is not None and not self.plies and online.outcome is None:
            # Until the first move the host may let a seat's person go (a stranger who
            # took it, a friend who will not come): the code seats the next one.
            # "At the table" above says whose seat each is.
            actions += [(_("Free seat {number}").format(number=int(entry["seat"]) + 1),
                         partial(self.free_seat, int(entry["seat"])), True,
                         f"free:{entry['seat']}")
                        for entry in online.seats
                        if entry.get("kind") == "online" and entry.get("taken")]
        actions += [
            (_("Hint (H)"), self.hint, self.may_hint(), "hint"),
            (_("Rules (F1)"), self.show_rules, True, "rules"),
            (_("Legend (L)"), self.toggle_legend, bool(self.renderer.legend()), "legend"),
            (_("Keys (?)"), self.toggle_keys, True, "keys"),
            (_("Leave (Esc)"), self.leave, True, "launcher"),
        ]
        # The host lists this seat's special moves on its turn and out of turn alike.
        specials: list[game_panels.Action] = [
            (self._special_label(text), partial(self.play_special, text), self.may_special,
             f"special:{text}")
            for text in map(str, online.position.get("special", []))]
        return game_panels.Sidebar(
            _("{game} online").format(game=i18n.translated(self.game.info.name)),
            tuple(self.status_lines()),
            tuple(game_panels.score_lines(labels, scores)), tuple(actions), tuple(specials),
            tuple(tuple(str(line) for line in lines) for lines in online.log),
            self.log_scroll, self.preview_actions(), online.log_from + 1,
            # The verdict's reason, as the table's log ends (`verdict_said`): in this
            # client's words already (the host sends it as a line).
            ending=_("{reason}.").format(reason=outcome.get("said", "")) if verdict else "")

    def _special_label(self, notation: str) -> str:
        """A special move's button: "Offer: draw" when the others must accept it (it ends
        the game without the mover losing), else the move ("Resign")."""
        state, mover = self._current()[2], self.online.seat
        if not self.online.my_turn and mover is not None:
            # Out of turn: the host's word for resigning, else the game's draw offer (read
            # on this position, "resign" would name the seat to move).
            if notation == RESIGN:
                return game_panels.resign_label(self.game, int(mover))
            return _("Offer: {move}").format(
                move=i18n.translated(notation, game_panels.SPECIAL_MOVE))
        try:
            move = self.game.parse_move(state, notation) if state is not None else None
            after = self.game.outcome(self.game.apply(state, move)) if state is not None \
                else None
        except Exception:  # read on a dealt state: when in doubt, the move's own words
            move = after = None
        if move is None:
            return game_panels.first_upper(i18n.translated(notation,
                                                           game_panels.SPECIAL_MOVE))
        offer = after is not None and (not after.winners or mover in after.winners)
        return game_panels.special_label(self.game, state, move, mover, offer)

    def _result_lines(self, outcome: dict[str, Any]) -> list[str]:
        """The end panel's words: who won, why it ended, each seat's points."""
        online = self.online
        names = [_("{player} (the computer)").format(player=online.label(i))
                 if entry.get("kind") == "computer"
                 else online.label(i) for i, entry in enumerate(online.seats)]
        ended = Outcome(tuple(outcome.get("scores", ())), tuple(outcome.get("winners", ())),
                        str(outcome.get("said", "")),
                        points=outcome.get("ended") not in VERDICTS)
        return game_panels.result_lines(ended, names)

    def panel(self) -> game_panels.Panel | None:
        kind, online = self.overlay, self.online
        if kind == "legend":
            return self.legend_panel()
        if kind == "offer" and self.offer is not None:
            return game_panels.Panel(
                kind, game_panels.offer_title(
                    self._offered_by, str(self.offer),
                    i18n.translated(str(self.offer), game_panels.SPECIAL_MOVE)),
                _("Do you accept?"),
                buttons=((_("Accept (Y)"), lambda: self.answer_offer(True), "accept"),
                         (_("Decline (N)"), lambda: self.answer_offer(False), "decline")))
        if kind == "confirm" and self.offer is not None:
            move = game_panels.first_upper(i18n.translated(str(self.offer),
                                                           game_panels.SPECIAL_MOVE))
            return game_panels.Panel(
                kind, _("{move}?").format(move=move), i18n.translated(self._asked),
                buttons=((_("{move} (Y)").format(move=move),
                          lambda: self.answer_offer(True), "yes"),
                         (_("Keep playing (N)"), lambda: self.answer_offer(False), "keep")))
        if kind == "leave":
            text = (_("The table closes: your friends cannot play on without you. Continue "
                      "on the launcher hosts it again, with the same code; your friends' "
                      "apps come back to it by themselves.")
                    if self.seat.hosting is not None else
                    _("Your seat is kept for you: join again with the same code to take it."))
            return game_panels.Panel(
                "confirm", _("Leave the table?"), text,
                buttons=((_("Leave (Y)"), self.leave_now, "leave"),
                         (_("Stay (N)"), lambda: self.show_panel(None), "stay")))
        if kind == "end" and online.outcome is not None:
            said = self._result_lines(online.outcome)
            if self.seat.kept:
                said += ["", i18n.translated(self.seat.kept)]
            elif self.seat.hosting is not None:
                said += ["", _("Kept in your Library.")]
            return game_panels.Panel(
                kind, _("Game over"), "\n".join(said),
                buttons=((_("Review board"), lambda: self.show_panel(None), "review"),
                         (_("Launcher"), self.leave_now, "launcher")))
        return None

    # -- keys ----------------------------------------------------------------------------
    def overlay_key(self, symbol: int) -> bool:
        key = arcade.key
        if self.overlay in ("offer", "confirm") and symbol in (key.Y, key.N):
            self.answer_offer(symbol == key.Y)
        elif self.overlay == "confirm" and symbol == key.ESCAPE:
            self.answer_offer(False)
        elif self.overlay == "leave" and symbol == key.Y:
            self.leave_now()
        elif self.overlay == "leave" and symbol in (key.N, key.ESCAPE):
            self.show_panel(None)
        else:
            return False
        return True

    def key_help(self) -> list[tuple[str, str]]:
        extra = ([("C", _("copy the address and code, for a friend"))] if self.seat.hosting
                 else [])
        return [*super().key_help(), ("H", _("a hint: a move, and what it does")), *extra,
                ("Y, N", _("answer an offer or a question"))]

    def shortcuts(self) -> dict[int, Callable[[], None]]:
        keys = {**super().shortcuts(), arcade.key.H: self.hint}
        if self.seat.hosting is not None:
            keys[arcade.key.C] = self.copy_invitation
        return keys

    def moving(self) -> tuple[bool, ...]:
        return (*super().moving(), self.may_move)
