"""A plain-text picture of a Verso table, for terminals, tests and bug reports."""

from __future__ import annotations

from games.verso.cards import COLOURS, JOKER, VALUES, face_text, key_for, points_of, value_of
from games.verso.rules import who
from games.verso.state import EMPTY, FINAL, OVER, VersoState
from tabletop.lines import Line, seat

SOLO_BANDS = ((64, "the designers' record"), (60, "top band"), (55, "pro"), (50, "model player"),
              (45, "talented"), (40, "great"), (35, "average"))


def solo_band(score: int) -> str:
    """The rulebook's rating band for a solo score, in our own words (§7)."""
    for floor, name in SOLO_BANDS:
        if score >= floor:
            return f"{name} ({floor}+)"
    return "below average (under 35)"


def card_text(state: VersoState, code: int) -> str:
    """A short form of a placed card: value and points, e.g. `3(1)`, `J(1)`, `5(3)`."""
    face = state.cards.face[code]
    value = value_of(face)
    text = f"{value if value != JOKER else 'J'}({points_of(face)})"
    if state.revealed >> (code >> 1) & 1:
        text += "/" + face_text(state.cards.face[code ^ 1]).split(" (")[0]
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
    """The picture's lines, each seat's name followed by a NUL (made a field above)."""

    def named(index: int) -> str:
        return who(index) + "\x00"

    players = state.players
    if state.phase == OVER:
        head = "game over"
    elif state.phase == FINAL:
        head = f"{named(state.turn)} to bank a final sequence or pass"
    else:
        head = f"{named(state.turn)} to draw or bank"
    lines = [f"Verso, {'solo' if players == 1 else f'{players} players'}: {head}"]
    top = f", top shows {face_text(state.cards.face[state.deck[0]])}" if state.deck else ""
    lines.append(f"Deck: {len(state.deck)} cards{top}")
    last = (f", last {face_text(state.cards.face[state.discard[-1]])}"
            if state.discard else "")
    lines.append(f"Discard pile: {len(state.discard)} cards{last}")
    for index in range(players):
        flag = ", square standing" if state.squares[index] else ""
        marker = ">" if index == state.turn else " "
        lines.append(f"{marker}{named(index)}: {state.scores[index]} points{flag}")
        slots = state.layouts[index]
        for colour in range(3):
            row = [card_text(state, slots[key_for(colour, v)]) for v in (*VALUES, JOKER)
                   if slots[key_for(colour, v)] != EMPTY]
            lines.append(f"    {COLOURS[colour]:<7}{' '.join(row) if row else '-'}")
    if state.phase == OVER and players == 1:
        lines.append(f"Final score {state.scores[0]}: {solo_band(state.scores[0])}")
    return lines
