"""A plain-text picture of a Verso table, for terminals, tests and bug reports."""

from __future__ import annotations

from games.verso.cards import JOKER, VALUES, key_for, key_of, points_of, value_of
from games.verso.rules import who
from games.verso.state import EMPTY, FINAL, OVER, VersoState
from games.verso.words import _, card_words, face_words, ngettext, pgettext
from tabletop.i18n import N_
from tabletop.lines import Line, seat

#: The rating bands of a solo score (§7), highest first; the host shows their names in
#: the player's language (`VersoGame.info.score_bands`).
SOLO_BANDS = ((64, N_("the designers' record")), (60, N_("top band")), (55, N_("pro")),
              (50, N_("model player")), (45, N_("talented")), (40, N_("great")),
              (35, N_("average")))


def solo_band(score: int) -> str:
    """The rulebook's rating band for a solo score, in our own words (§7), in the current
    language."""
    for floor, name in SOLO_BANDS:
        if score >= floor:
            return _("{band} ({floor}+)").format(band=_(name), floor=floor)
    return _("below average (under 35)")


def _colour_words() -> tuple[str, str, str]:
    """The colours as a layout's rows are headed, in the current language."""
    return (pgettext("row", "blue"), pgettext("row", "green"), pgettext("row", "orange"))


def card_text(state: VersoState, code: int) -> str:
    """A short form of a placed card: value and points, e.g. `3(1)`, `J(1)`, `5(3)`."""
    face = state.cards.face[code]
    value = value_of(face)
    text = f"{value if value != JOKER else 'J'}({points_of(face)})"
    if state.revealed >> (code >> 1) & 1:
        text += "/" + card_words(key_of(state.cards.face[code ^ 1]))
    return text


def _seat(index: int) -> str:
    """The field that names seat `index` in the picture's template."""
    return f"{{seat{index}}}"


def render(state: VersoState) -> Line:
    """The table as text: deck, discard pile, then each layout by colour. A `Line` whose
    fields `seat0`, `seat1`… name the seats, so the host shows people's names; `str()` of
    it is the picture with "Player 1"…"""
    lines = _picture(state)
    text = "\n".join(line.replace("{", "{{").replace("}", "}}") for line in lines)
    for index in range(state.players):
        text = text.replace(who(index) + "\x00", _seat(index))
    return Line.of(text, **{f"seat{index}": seat(index) for index in range(state.players)})


def _picture(state: VersoState) -> list[str]:
    """The picture's lines, each seat's name followed by a NUL (made a field above), in
    the current language."""

    def named(index: int) -> str:
        return who(index) + "\x00"

    players = state.players
    if state.phase == OVER:
        head = _("game over")
    elif state.phase == FINAL:
        head = _("{player} to bank a final sequence or pass").format(
            player=named(state.turn))
    else:
        head = _("{player} to draw or bank").format(player=named(state.turn))
    if players == 1:
        lines = [_("Verso, solo: {state}").format(state=head)]
    else:
        lines = [ngettext("Verso, {count} player: {state}", "Verso, {count} players: {state}",
                          players).format(count=players, state=head)]
    size = len(state.deck)
    if state.deck:
        lines.append(ngettext("Deck: {count} card, top shows {face}",
                              "Deck: {count} cards, top shows {face}", size).format(
            count=size, face=face_words(state.cards.face[state.deck[0]])))
    else:
        lines.append(ngettext("Deck: {count} card", "Deck: {count} cards", size).format(
            count=size))
    size = len(state.discard)
    if state.discard:
        lines.append(ngettext("Discard pile: {count} card, last {face}",
                              "Discard pile: {count} cards, last {face}", size).format(
            count=size, face=face_words(state.cards.face[state.discard[-1]])))
    else:
        lines.append(ngettext("Discard pile: {count} card", "Discard pile: {count} cards",
                              size).format(count=size))
    colours = _colour_words()
    width = max(7, *(len(word) + 1 for word in colours))
    for index in range(players):
        points = state.scores[index]
        marker = ">" if index == state.turn else " "
        if state.squares[index]:
            said = ngettext("{player}: {points} point, square standing",
                            "{player}: {points} points, square standing", points)
        else:
            said = ngettext("{player}: {points} point", "{player}: {points} points", points)
        lines.append(marker + said.format(player=named(index), points=points))
        slots = state.layouts[index]
        for colour in range(3):
            row = [card_text(state, slots[key_for(colour, v)]) for v in (*VALUES, JOKER)
                   if slots[key_for(colour, v)] != EMPTY]
            lines.append(f"    {colours[colour]:<{width}}{' '.join(row) if row else '-'}")
    if state.phase == OVER and players == 1:
        lines.append(_("Final score {points}: {band}").format(
            points=state.scores[0], band=solo_band(state.scores[0])))
    return lines
