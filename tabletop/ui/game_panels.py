"""The game screen's sidebar and its modal panels (an offer to accept, a move that ends the
game to confirm, game over). The rules have their own screen (`rules_screen`)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from tabletop.levels import computer_name
from tabletop.model import Outcome
from tabletop.store.library import FINISHED, given_names
from tabletop.ui._arcade import FONT_MONO, arcade
from tabletop.ui.renderer import Rect
from tabletop.ui.textbox import MIN_POINTS
from tabletop.ui.widgets import ACCENT, DIM, GOOD, PANEL, TEXT, Screen

if TYPE_CHECKING:
    from tabletop.session import Session
    from tabletop.ui.app import App
    from tabletop.ui.game_screen import GameScreen

#: The advance of a DejaVu Sans Mono glyph, in ems (the replay's log is wrapped by columns).
MONO_ADVANCE = 0.602


def _score_lines(screen: GameScreen) -> list[str]:
    """The scores, two seats a line so that six players fit the sidebar."""
    s = screen.session
    outcome = s.outcome
    scores = outcome.scores if outcome is not None else screen.renderer.scores(
        s.view_of(s.state))
    if scores is None:
        return []
    parts = [f"{screen.seat_label(i)} {v:g}" for i, v in enumerate(scores)]
    lines = [" · ".join(parts[i:i + 2]) for i in range(0, len(parts), 2)]
    return [f"Scores: {lines[0]}", *lines[1:]]


def build_sidebar(screen: GameScreen, panel: Rect) -> None:
    """Turn, scores, buttons and the move log, top to bottom in `panel`."""
    px, s = screen.px, screen.session
    left, width = panel.left + px(16), panel.width - px(32)
    y = panel.top - px(36)
    screen.label(screen.game.info.name, left, y, 20, bold=True)
    y -= px(30)
    for text, colour in screen.status_lines():
        # Wrapped to the sidebar (a reason for a click, a save path can be long).
        shown = screen.label(text, left, y + px(15), 13, colour, width=width,
                             multiline=True, anchor_y="top")
        y -= max(px(22), shown.content_height + px(6))
    for line in _score_lines(screen):
        screen.label(line, left, y, 13, TEXT, width=width)
        y -= screen.line(13)
    row, half = px(40), (width - px(10)) / 2
    y -= px(8)
    actions = []
    if screen.renderer.pending_move is not None:
        actions += [("VALIDATE", screen.validate, True, "validate"),
                    ("Cancel (Esc)", screen.cancel_preview, True, "cancel")]
    actions += [
        ("Undo (U)", screen.undo, s.can_undo(), "undo"),
        ("Redo (R)", screen.redo, s.can_redo(), "redo"),
        ("Hint (H)", screen.hint, s.to_move is not None and not s.is_ai(s.to_move), "hint"),
        ("Save (S)", screen.save, True, "save"),
        ("Rules (F1)", screen.show_rules, True, "rules"),
        ("Legend (L)", screen.toggle_legend, bool(screen.renderer.legend()), "legend"),
        ("New game (N)", lambda: screen.app.show_setup(screen.game_id, s), True, "new"),
        ("Launcher (Esc)", screen.escape, True, "launcher"),
    ]
    # Two buttons a row; a label that would be cut on half a row (a small window) gets a
    # whole row, so that every label reads whole at every size.
    right_free = False
    for label, action, enabled, name in actions:
        if screen.button_fits(label, half):
            if not right_free:
                y -= row
            x = left + half + px(10) if right_free else left
            right_free = not right_free
            rect = Rect(x, y, half, px(34))
        else:
            y -= row
            right_free = False
            rect = Rect(left, y, width, px(34))
        screen.add_button(label, rect, action, enabled, name)
    for move in s.special_moves():
        y -= row
        text = screen.game.move_to_text(s.state, move)
        label = f"Offer: {text}" if s.needs_consent(move) else text.capitalize()
        screen.add_button(label, Rect(left, y, width, px(34)),
                          partial(screen.submit, move), name=f"special:{text}")
    _build_log(screen, left, width, panel.bottom + px(12), y - px(16))


def _build_log(screen: GameScreen, left: float, width: float, bottom: float,
               top: float) -> None:
    """The move log in whole rows under its heading: the newest rows by default, earlier
    ones with the mouse wheel (`scroll_log`); a row that would not fit is never shown."""
    px = screen.px
    heading = screen.label("Moves", left, top, 14, ACCENT, bold=True, anchor_y="top")
    row_h = screen.line(11, 1.6)
    box = Rect(left, bottom, width, max(0.0, top - heading.content_height - px(8) - bottom))
    screen.log_box = box
    room = int(box.height // row_h)
    if room <= 0 or not screen.session.log:
        return
    # Wrapped here by the font's real advance at the size drawn, so that a row is a row:
    # a ply's number on its first row, its further lines and wrapped rows indented.
    probe = arcade.Text("0" * 10, 0, 0, font_size=max(px(11), MIN_POINTS), font_name=FONT_MONO)
    columns = max(12, int(width // (probe.content_width / 10)))
    rows: list[str] = []
    for number, lines in enumerate(screen.session.log, 1):
        for index, line in enumerate(lines):
            lead = f"{number:>3}. " if index == 0 else " " * 5
            rows += textwrap.wrap(screen.with_names(line), columns, initial_indent=lead,
                                  subsequent_indent=" " * 5, break_on_hyphens=False) or [lead]
    screen.log_scroll = max(0, min(screen.log_scroll, len(rows) - room))
    end = len(rows) - screen.log_scroll
    shown = rows[max(0, end - room):end]
    if end - room > 0:  # earlier rows hidden: say so in the first row
        shown[0] = f"↑ {end - room + 1} earlier (wheel)"
    if screen.log_scroll:
        shown[-1] = f"↓ {screen.log_scroll + 1} newer (wheel)"
    for index, row in enumerate(shown):
        row_box = Rect(left, box.top - (index + 1) * row_h, width, row_h)
        screen.label(row, left, row_box.top, 11, DIM, mono=True, anchor_y="top", box=row_box)


def scroll_log(screen: GameScreen, x: float, y: float, rows: int) -> bool:
    """The wheel over the move log: `rows` earlier (positive) or newer; True if used."""
    if not screen.log_box.contains(x, y):
        return False
    screen.log_scroll = max(0, screen.log_scroll + rows)
    screen.invalidate()
    return True


def typed_names(app: App, session: Session) -> tuple[str, ...]:
    """The names people typed for their seats ("" where none was: the library's default
    "Player N" is no name to show beside the seat's own)."""
    kept = given_names(app.keeper.names_of(session) or (), session.agents)
    return kept + ("",) * (session.players - len(kept))



def _player_names(screen: GameScreen) -> list[str]:
    """Each seat as the end screen names it: the person's name, or "the computer"."""
    s, info = screen.session, screen.game.info
    kept = list(screen.names)
    specs = screen.app.host.agent_specs(screen.game_id)
    names = []
    for seat in range(s.players):
        colour = info.seat_name(seat)
        if s.is_ai(seat):  # by its level's name, as the set-up and the Library say it
            names.append(f"{colour} (the computer, {computer_name(specs, s.agents[seat])})")
        elif seat < len(kept) and kept[seat] and kept[seat] != colour:
            names.append(f"{kept[seat]} ({colour})")
        else:
            names.append(colour)
    return names


def _points(score: float) -> str:
    return f"{score:g} point{'' if score == 1 else 's'}"


def _band_words(bands: Sequence[tuple[float, str]], score: float) -> str:
    """The rulebook's rating of a solo score, in a sentence."""
    reached = [(floor, name) for floor, name in bands if score >= floor]
    if not reached:
        return (f"The rulebook's rating: not yet rated; its lowest rating, "
                f"{bands[0][1]}, starts at {_points(bands[0][0])}.")
    floor, name = reached[-1]
    higher = [(f, n) for f, n in bands if f > floor]
    after = (f" The next, {higher[0][1]}, starts at {_points(higher[0][0])}."
             if higher else " No rating is higher.")
    return f"The rulebook's rating: {name} ({_points(floor)} or more).{after}"


def personal_best(screen: GameScreen, player: str) -> float | None:
    """`player`'s best score at this game solo before this game, from the library."""
    library = screen.app.keeper.library
    if library is None or not player:
        return None
    this = screen.app.keeper.entry_id(screen.session)
    scores = [entry.seats[0].score for entry in library.entries(
        game=screen.game_id, player=player, status=FINISHED)
        if entry.id != this and entry.players == 1 and entry.seats
        and entry.seats[0].human and entry.seats[0].score is not None]
    return max(scores) if scores else None


def _solo_lines(screen: GameScreen, outcome: Outcome) -> list[str]:
    """The solo end: the score, its rating in words and the player's personal best."""
    score = outcome.scores[0]
    kept = screen.names[0]
    who = kept or "You"
    lines = [f"{who} scored {_points(score)}.", f"The game ended: {outcome.reason}.", ""]
    bands = tuple(screen.game.score_bands())
    if bands:
        lines.append(_band_words(bands, score))
    best = personal_best(screen, kept)
    if not kept:
        lines.append("Type a name at set-up to keep a personal best.")
    elif best is None:
        lines.append(f"Your first finished solo game of {screen.game.info.name}: "
                     f"{_points(score)} is your personal best.")
    elif score > best:
        lines.append(f"A new personal best! Your best before was {_points(best)}.")
    else:
        lines.append(f"Your personal best is {_points(best)}.")
    return lines


def _result_lines(screen: GameScreen, outcome: Outcome) -> list[str]:
    if screen.session.players == 1:
        return _solo_lines(screen, outcome)
    names = _player_names(screen)
    winners = [names[w] for w in outcome.winners]
    if not winners:
        head = "A draw: nobody wins."
    elif len(winners) == 1:
        head = f"{winners[0]} wins."
    else:
        head = "A shared victory: " + " and ".join(winners) + "."
    lines = [head, f"The game ended: {outcome.reason}.", ""]
    for seat, score in enumerate(outcome.scores):
        mark = "  ★ winner" if seat in outcome.winners else ""
        lines.append(f"{names[seat]}: {_points(score)}{mark}")
    return lines


def build_overlay(screen: GameScreen, width: int, height: int) -> None:
    """The modal panel named by `screen.overlay`, centred in the window."""
    px, s = screen.px, screen.session
    tall = px(300) if screen.overlay in ("offer", "confirm") else px(520)  # a question is short
    if screen.overlay == "legend":  # a line and a picture per symbol: all the height
        tall = max(tall, height - px(60))
    panel = Rect(width / 2 - px(380), height / 2 - tall / 2, px(760), tall)
    screen.box(panel, PANEL, ACCENT)
    left, top, inner = panel.left + px(30), panel.top - px(50), panel.width - px(60)
    bottom_row = Rect(left, panel.bottom + px(24), px(200), px(44))

    def buttons(*specs: tuple[str, object, str]) -> None:
        for i, (label, action, name) in enumerate(specs):
            rect = Rect(bottom_row.left + i * px(230), bottom_row.bottom, bottom_row.width,
                        bottom_row.height)
            screen.add_button(label, rect, action, name=name)  # type: ignore[arg-type]

    screen.legend_boxes = []
    if screen.overlay == "legend":
        screen.label(f"Legend: the symbols of {screen.game.info.name}", left, top, 22,
                     bold=True, width=inner)
        lines = list(screen.renderer.legend())
        row = min(px(96), (top - px(40) - bottom_row.top - px(36)) / max(1, len(lines)))
        side = row * 0.86
        for index, line in enumerate(lines):
            y = top - px(30) - (index + 1) * row
            screen.legend_boxes.append(Rect(left, y + (row - side) / 2, side, side))
            screen.label(line, left + side + px(16), y + row / 2, 12, TEXT,
                         width=inner - side - px(16), multiline=True, anchor_y="center")
        buttons(("Close (L or Esc)", screen.toggle_legend, "close"))
    elif screen.overlay == "offer" and screen.offer is not None:
        mover = screen.seat_label(s.to_move) if s.to_move is not None else "?"
        others = ", ".join(screen.seat_label(i) for i in range(s.players) if i != s.to_move)
        text = screen.game.move_to_text(s.state, screen.offer)
        screen.label(f"{mover} offers: {text}", left, top, 22, bold=True)
        screen.label(f"{others}: do you accept?", left, top - px(50), 16, TEXT, width=inner)
        buttons(("Accept (Y)", lambda: screen.answer_offer(True), "accept"),
                ("Decline (N)", lambda: screen.answer_offer(False), "decline"))
    elif screen.overlay == "confirm" and screen.offer is not None:
        mover = screen.seat_label(s.to_move) if s.to_move is not None else "?"
        text = screen.game.move_to_text(s.state, screen.offer)
        after = screen.game.outcome(screen.game.apply(s.state, screen.offer))
        winners = [screen.seat_label(w) for w in after.winners] if after else []
        result = (" and ".join(winners) + (" wins." if len(winners) == 1 else " win.")
                  if winners else "Nobody wins.")
        screen.label(f"{mover}: {text}?", left, top, 22, bold=True, width=inner)
        screen.label(f"The game ends now and cannot be undone. {result}", left,
                     top - px(40), 16, TEXT, width=inner, multiline=True, anchor_y="top")
        buttons((f"{text.capitalize()} (Y)", lambda: screen.answer_offer(True), "yes"),
                ("Keep playing (N)", lambda: screen.answer_offer(False), "keep"))
    elif screen.overlay == "end" and s.outcome is not None:
        screen.label("Game over", left, top, 26, GOOD, bold=True)
        screen.label("\n".join(_result_lines(screen, s.outcome)), left, top - px(40), 15,
                     TEXT, width=inner, multiline=True, anchor_y="top")
        buttons(("Review board", lambda: screen.show_panel(None), "review"),
                ("New game (N)", lambda: screen.app.show_setup(screen.game_id, s), "new"),
                ("Launcher", screen.app.show_launcher, "launcher"))
    else:
        screen.overlay = None
        return
    screen.label("Tab / arrows choose, Enter confirms", left,
                 bottom_row.top + max(px(12), 6), 12, DIM, anchor_y="bottom")


def overlay_key(screen: GameScreen, symbol: int, modifiers: int) -> None:
    """Keys while a panel is open: its shortcuts, then the usual focus keys."""
    if screen.overlay in ("offer", "confirm") and symbol in (arcade.key.Y, arcade.key.N):
        screen.answer_offer(symbol == arcade.key.Y)
    elif screen.overlay == "confirm" and symbol == arcade.key.ESCAPE:
        screen.answer_offer(False)
    elif screen.overlay == "legend" and symbol == arcade.key.L:
        screen.toggle_legend()
    elif screen.overlay == "end" and symbol == arcade.key.N:
        screen.app.show_setup(screen.game_id, screen.session)
    elif symbol == arcade.key.ESCAPE and screen.overlay != "offer":
        screen.show_panel(None)
    else:
        Screen.on_key_press(screen, symbol, modifiers)
