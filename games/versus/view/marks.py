"""Versus's own marks, added to the board toolkit's: what a pending move would do beyond
its ghosts (§4, §5) — the arrow of the move, each pull's arrow and the ring of a pawn that
turns over, the no-entry sign of a pawn the limit keeps — the faint arrows of the pawns
the last move pulled, the ring round the chosen piece; and the preview in words.

Pure functions of plain values (centres, a hex radius, the rules' `Preview`); the
renderer calls them from the toolkit's `paint_under` and `paint_over` hooks, when the
position or the choice changes, never per frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.versus.state import Move, Preview
from games.versus.view.pawns import (
    FLIP_RING,
    MOVE_ARROW,
    PAWN_RIM,
    PULL_ARROW,
    SELECT,
    draw_refused,
    fade,
)
from games.versus.words import CATALOG, _
from tabletop.ui.kit import Mesh

Point = tuple[float, float]


def paint_selected(mesh: Mesh, centre: Point, size: float) -> None:
    """The white ring round the chosen piece (the legend's "white ring")."""
    mesh.ring(centre, size * 0.8, size * 0.92, SELECT)


def paint_preview(mesh: Mesh, centres: Mapping[int, Point], size: float, move: Move,
                  shown: Preview) -> None:
    """What `move` would do (§4, §5), as `shown` by the rules, over the toolkit's ghosts:
    a ring round each pulled pawn where it would land (it turns to the mover), the pawns
    the limit keeps barred, the move's arrow and each pull's."""
    s = size
    for pull in shown.attractions:
        mesh.ring(centres[pull.to], s * 0.78, s * 0.9, FLIP_RING)
    for cell in shown.refused:
        draw_refused(mesh, centres[cell], s)
    a, b = centres[move.frm], centres[move.to]
    mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 220), shorten=s * 0.25)
    mesh.arrow(a, b, s * 0.12, MOVE_ARROW, shorten=s * 0.3)
    for pull in shown.attractions:
        a, b = centres[pull.frm], centres[pull.to]
        mesh.arrow(a, b, s * 0.2, fade(PAWN_RIM, 220), shorten=s * 0.05)
        mesh.arrow(a, b, s * 0.12, PULL_ARROW, shorten=s * 0.1)


def last_move_arrows(mesh: Mesh, centres: Mapping[int, Point], size: float,
                     pulls: Sequence[tuple[int, int]]) -> None:
    """Faint arrows of the pawns the last move pulled (drawn under the pieces)."""
    for frm, to in pulls:
        mesh.arrow(centres[frm], centres[to], size * 0.1, fade(PULL_ARROW, 140),
                   shorten=size * 0.1)


def preview_words(move: Move, shown: Preview) -> str:
    """The preview in words, for the status line (in the player's language)."""
    parts = []
    if shown.attractions:
        n = len(shown.attractions)
        frozen = sum(1 for a in shown.attractions if a.frozen)
        if frozen:
            parts.append(CATALOG.ngettext(
                "pulls {count} pawn to your side, {frozen} onto a target",
                "pulls {count} pawns to your side, {frozen} onto a target", n).format(
                count=n, frozen=frozen))
        else:
            parts.append(CATALOG.ngettext("pulls {count} pawn to your side",
                                          "pulls {count} pawns to your side", n).format(
                count=n))
    elif move.versus:
        parts.append(_("pulls nothing"))
    if shown.refused:
        kept = len(shown.refused)
        parts.append(CATALOG.ngettext("{count} kept in place by the limit",
                                      "{count} kept in place by the limit", kept).format(
            count=kept))
    return CATALOG.pgettext("between clauses", "; ").join(parts)
