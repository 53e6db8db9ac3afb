"""The renderer contract: how a game plugin draws its game inside the app's game screen.

A plugin registers a renderer by import path from its `tabletop_register_renderers` hook:

    @tabletop.hookimpl
    def tabletop_register_renderers(register):
        register("versus", "games.versus.view.renderer:VersusRenderer")

The app imports that class only when the game is opened on screen (so headless runs never
import arcade) and builds one instance per game screen: `VersusRenderer(context)`. A game
that registers no renderer is drawn by the app's `TextRenderer` (tabletop/ui/fallback.py), so every
plugin is playable in the app.

Who does what
-------------
The **shell** (the game screen) owns the game: it applies moves, keeps the history, undo and
redo, the move log, autosave, AI seats, hints, resign/draw buttons and the VALIDATE / Cancel
buttons. The **renderer** only draws a position and turns clicks and keys into a move:

1. `set_area(rect)` — the board rectangle, in window pixels, whenever the window is resized.
   Everything the renderer draws must fit in it and scale with it.
2. `set_position(view, to_move, legal_moves, interactive)` — whenever the position changes
   (a move, undo, redo, a new game). `view` is what the viewing seat may see: the state for
   a perfect-information game, `Game.observation(state, seat)` for a hidden-information one
   (the shell picks the seat: the human seat to move in hotseat). Never assume `view` is a
   full state of a hidden-information game. `legal_moves` are the moves of the seat to move
   (in the game's stable order); `interactive` is True when a human at this screen may move
   now. Build or *sync* shape lists / sprite lists here, not in `draw`.
3. `draw()` — every frame. Draw with batched shapes (`arcade.shape_list.ShapeElementList`),
   `arcade.SpriteList` and `arcade.Text` objects (ideally in a `pyglet.graphics.Batch`),
   built in `set_area` / `set_position`. Never call `arcade.draw_text` in a loop. Use only
   the shipped fonts: `from tabletop.ui.kit import FONT_SANS, FONT_MONO` (the public kit,
   `tabletop.ui.kit`, has every name a renderer needs).
4. `update(delta_time)` — every frame, to advance animations.
5. Input: `on_mouse_press`, `on_mouse_release`, `on_mouse_motion` and `on_key_press`
   are forwarded by the shell while the renderer is not animating; the press and key
   methods return True when they used the event (an unused key falls through to the
   shell's shortcuts, e.g. U undo, H hint, Esc back). Coordinates are window pixels.
6. Choosing a move: call `self.choose(move)` to submit a move at once, or set
   `self.pending_move` to a move (and draw its preview) to ask for confirmation: the shell
   then shows VALIDATE and Cancel buttons. VALIDATE (or Enter, which the base class
   handles) calls `confirm()`, which submits the pending move; Cancel (or Esc) calls
   `cancel()`. The shell checks that a submitted move is legal, applies it, logs it,
   autosaves and then calls `set_position` with the new position.
7. `animate(before, move, after)` — called right after `set_position` for the new
   position, for every applied move (human or AI, not for undo/redo). `before` and `after`
   are views as in `set_position`. Run a transition lasting about
   `context.animation_seconds` and report `animating` True meanwhile: the shell waits for
   it before the next AI move, so AI play is readable. The last move should stay marked.
8. `show_hint(move)` — mark a suggested move on the board (None clears it). A new
   position clears the hint (the base `set_position` does that).
9. `scores(view)` — optional running scores, one per seat, shown by the shell.
10. `show_last_move(before, move, after)` — called right after every `set_position`
   (a live move, undo, redo, resuming a saved game) with the last ply of the game's
   history (views as in `animate`; all None before the first move). Mark that move from
   here, not from `animate`, so the mark survives undo, redo and Continue.
11. `set_focus(focused)` — the board gained or lost the keyboard focus (Tab moves it
   between the board and the shell's buttons). Draw a keyboard cursor only while
   `self.focused`, so exactly one thing on screen shows the focus. Keys reach the
   renderer only while the board has the focus; the shell keeps Tab, Esc and its
   letter shortcuts.
12. `explain_click(x, y)` — why a press the renderer did not use does nothing ("that is
   Brown's pawn", "that pawn is frozen on its target"): the shell shows it in its status
   line. Return None to let the shell say something general. Hover highlights on what
   can be clicked come from `on_mouse_motion`.
13. `sound_cues(before, move, after)` — the sound effects of a move just played (views
   as in `animate`), named from `tabletop.ui.sound.CUES` ("card_flip", "pawn_step",
   "attraction", "square", "bank"); the shell plays them at the player's volume and adds
   "game_end" itself. Default: none.
14. `legend()` and `draw_legend_symbol(index, box)` — the symbols the board uses, one
   line of the player's words each; the shell's Legend panel (key L, a button) draws each
   symbol in a box beside its line. Default: no legend.

15. `text_boxes()` — every text the renderer drew, laid out by the app's one layout rule
   for text (in a box, wrapped or scaled down to `tabletop.ui.boards.MIN_POINTS`, else
   cut with an ellipsis), as `Placed` records. The shell adds them to its screen's
   register: the layout test checks that none leaves its box or overlaps another text,
   and a cut text shows its full text on hover. Lay texts out with a
   `tabletop.ui.boards.TextLayer` (one batch to draw, its `placed` to return here), made
   anew in `sync`. Glyphs fitted to a symbol by construction (a card's number, a pawn's
   value) may stay outside it. Default: none (a renderer that lays out no text this way
   still works).

16. `thumbnail_position(game)` — optional, a class method: the position the launcher's
   picture of the game shows, as `(view, to_move)`, or None for the host's generic card.
   The launcher builds one renderer with no human seat, sets its area to the picture's
   size and that position, draws it once offscreen and keeps the picture. The default is
   a typical position: the start for the fewest players, a few moves in (a fixed seed, so
   the picture is the same at every launch). Override it to show a better one.

17. Still and moving (optional, for a cheaper frame): a renderer that sets the class
   attribute `still_picture = True` splits `draw()` into `draw_still()`, everything that
   changes only when the renderer says so, and `draw_moving()`, what moves on its own
   (an animation's cards), and calls `repaint()` whenever what `draw_still()` draws
   changes (a new position, a selection, the hint, the focus, an animation's start and
   end). The game screen then paints the still board once, together with its own still
   frame, into one offscreen picture, and a frame is that picture copied to the window
   with `draw_moving()` over it. `draw_moving()` draws only inside the area, over the
   still picture; `draw()` must still draw both (thumbnails and the replay call it).
   Renderers that do not opt in are drawn by `draw()` every frame, as before.

18. `show_marks(names)` — optional: mark what a player should look at (a tutorial's
   step: "look at f3 and k2"), named in the game's own words: cells by the names its
   notation writes, and whatever else the game documents (a card, a pile). The marks
   stay through new positions until the next call (an empty `names` clears them), and
   are told apart by shape, not colour alone. Returns the names it could not mark (the
   tutorial's tests check there are none). Default: marks nothing. `BoardRenderer` marks
   cells by their `cell_name`.

For a game on a grid, a hex board or a card table, `tabletop.ui.boards.BoardRenderer`
does all of the above from two things the game says: which piece stands on which cell,
and where each legal move goes.

Anything a renderer raises is caught by the shell, which names the plugin, returns to the
launcher and keeps the autosave, so a renderer need not guard its own code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.model import Game
from tabletop.ui.geometry import Rect

if TYPE_CHECKING:
    from tabletop.ui.textbox import Placed

__all__ = ["Rect", "Renderer", "RendererContext", "typical_position"]

#: How many moves into a game the default thumbnail shows.
THUMBNAIL_PLIES = 12


def typical_position(game: Game[Any, Any], plies: int = THUMBNAIL_PLIES,
                     seed: int = 1) -> tuple[Any, int | None]:
    """A position `plies` moves into a game for its fewest players, played on a `Table`
    by the random agent from a fixed seed, as (what seat 0 may see, seat to move): the
    default thumbnail."""
    from tabletop.ai import RandomAgent
    from tabletop.play.table import Table
    from tabletop.seats import seats_of

    info = game.info
    table = Table.of_game(None, game, seats_of(("random",) * info.min_players),
                          {o.name: o.default for o in info.options}, seed,
                          agents={"random": RandomAgent()}, max_plies=plies)
    table.run()
    state = table.state
    view = game.observation(state, 0) if info.hidden_information else state
    return view, game.to_move(state)


@dataclass(frozen=True)
class RendererContext:
    """What the shell tells a renderer once, when the game screen opens.

    `game` is the registered game object (use its pure methods: `legal_moves`,
    `move_to_text`, `apply` on a *view* only where the game allows it, `describe`...).
    `seats` are the seats a human controls at this screen (hotseat: all human seats).
    `colour_blind` asks for shapes or symbols wherever colour carries meaning.
    `animation_seconds` is the pace of one move's animation (0: no animation).
    `submit` hands a chosen move to the shell; call it through `Renderer.choose`.
    `notation(move)` is the move's text in the current position (the shell holds the true
    state, so this works in hidden-information games where the renderer has a view only).
    `names` are the names people gave their seats ("" where none); name a seat on the
    board with `seat_label(seat)`, which puts them in. `remote` are the seats people play
    from other computers (an online table); the rest are the computer's.
    `position_text()` is the current position as text for the seat this screen shows
    (`tabletop.model.seat_text`: that seat's view, never the whole state), for a renderer
    that draws text (None where the shell gives none).
    """

    game: Game[Any, Any]
    seats: frozenset[int]
    colour_blind: bool
    animation_seconds: float
    submit: Callable[[Any], None]
    notation: Callable[[Any], str]
    names: tuple[str, ...] = ()
    position_text: Callable[[], str] | None = None
    #: Seats played by people at other screens (an online table): neither here nor the
    #: computer's. The shell gives a renderer a new context when they or `names` change.
    remote: frozenset[int] = frozenset()

    def seat_label(self, seat: int) -> str:
        """The seat as the board names it: the person's name, or the game's seat name."""
        name = self.names[seat] if seat < len(self.names) else ""
        return self.game.info.player_label(seat, name)


class Renderer:
    """Base class of game renderers: subclass it and override `draw` (and what you need).

    The defaults keep the last position, hint and area in attributes (`area`, `view`,
    `to_move`, `legal_moves`, `interactive`, `hint`, `pending_move`), ignore input and do
    not animate, so a minimal renderer overrides `draw` and `on_mouse_press`.
    """

    def __init__(self, context: RendererContext) -> None:
        self.context = context
        self.area = Rect(0, 0, 1, 1)
        self.view: Any = None
        self.to_move: int | None = None
        self.legal_moves: Sequence[Any] = ()
        self.interactive = False
        self.hint: Any = None
        #: A move awaiting the player's confirmation (its preview is drawn); None if none.
        self.pending_move: Any = None
        #: True while the board has the keyboard focus (see `set_focus`).
        self.focused = True
        #: The last ply of the history as (before, move, after) views, None at the start.
        self.last_played: tuple[Any, Any, Any] | None = None
        #: The names of what the player is asked to look at (see `show_marks`).
        self.marks: tuple[str, ...] = ()

    # -- the shell tells the renderer ------------------------------------------------
    def set_area(self, area: Rect) -> None:
        """The board rectangle changed (window resized). Re-lay out, then re-sync."""
        self.area = area
        self.layout()
        if self.view is not None:
            self.sync()

    def set_position(self, view: Any, to_move: int | None, legal_moves: Sequence[Any],
                     interactive: bool) -> None:
        """A new position to show. Clears the hint, selection and pending move."""
        self.view = view
        self.to_move = to_move
        self.legal_moves = tuple(legal_moves)
        self.interactive = interactive
        self.hint = None
        self.pending_move = None
        self.sync()

    def layout(self) -> None:
        """Hook: compute geometry for `self.area` (called by `set_area`)."""

    def sync(self) -> None:
        """Hook: rebuild shapes/sprites/texts for `self.view` (position or area changed)."""

    def draw(self) -> None:
        """Draw the board inside `self.area` (every frame). Subclasses must override."""
        raise NotImplementedError(f"{type(self).__name__} does not implement draw()")

    #: True if the renderer splits its drawing into `draw_still` and `draw_moving` and
    #: calls `repaint` when the still part changes (item 17 of this module's contract).
    still_picture = False
    #: How many times the still part changed (`repaint` counts; the shell compares).
    still_changes = 0

    def draw_still(self) -> None:
        """Draw what stays put until the next `repaint()` (renderers with `still_picture`);
        by default the whole board."""
        self.draw()

    def draw_moving(self) -> None:
        """Draw what moves on its own this frame, over the still part (default: nothing)."""

    def repaint(self) -> None:
        """Say that what `draw_still` draws has changed: the shell paints it again."""
        self.still_changes += 1

    def update(self, delta_time: float) -> None:
        """Advance animations by `delta_time` seconds (every frame)."""

    def show_hint(self, move: Any) -> None:
        """Mark `move` as the suggested move (None clears the hint)."""
        self.hint = move
        self.sync()

    def show_marks(self, names: Sequence[str]) -> Sequence[str]:
        """Mark the things called `names` for the player to look at, until the next call
        (item 18 of this module's contract); returns the names it could not mark. The
        base keeps them in `marks` and draws nothing, so it marks none."""
        self.marks = tuple(names)
        return tuple(names)

    def animate(self, before: Any, move: Any, after: Any) -> None:
        """Start the transition of one applied move (default: none)."""

    def show_last_move(self, before: Any, move: Any, after: Any) -> None:
        """The last ply of the history (None, None, None before the first): mark it.

        The base keeps it in `last_played`; override to draw the mark (and call this)."""
        self.last_played = None if move is None else (before, move, after)

    def legend(self) -> Sequence[str]:
        """What each symbol on the board means, one line each (the shell's Legend)."""
        return ()

    def draw_legend_symbol(self, index: int, box: Rect) -> None:
        """Draw the symbol that `legend()[index]` explains inside `box` (window pixels)."""

    def text_boxes(self) -> Sequence[Placed]:
        """Every text drawn now, as laid out by the one rule (see `TextLayer`); default
        none."""
        return ()

    def sound_cues(self, before: Any, move: Any, after: Any) -> Sequence[str]:
        """The sound effects of the move just played (see `tabletop.ui.sound.CUES`)."""
        return ()

    def set_focus(self, focused: bool) -> None:
        """The board gained (True) or lost the keyboard focus: show or hide the cursor."""
        if focused != self.focused:
            self.focused = focused
            if self.view is not None:
                self.sync()

    @property
    def animating(self) -> bool:
        """True while a transition runs (the shell holds AI moves and input meanwhile)."""
        return False

    def scores(self, view: Any) -> Sequence[float] | None:
        """Running scores per seat to show during play, or None if the game has none."""
        return None

    @classmethod
    def thumbnail_position(cls, game: Game[Any, Any]) -> tuple[Any, int | None] | None:
        """The launcher picture's position as (view, to_move), or None for a generic card
        (default: `typical_position`)."""
        return typical_position(game)

    # -- input forwarded by the shell --------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A mouse press in window pixels; True if the renderer used it."""
        return False

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A mouse release in window pixels; True if the renderer used it."""
        return False

    def on_mouse_motion(self, x: float, y: float) -> None:
        """The pointer moved (for hover highlights)."""

    def explain_click(self, x: float, y: float) -> str | None:
        """Why a press at (x, y) that was not used does nothing, or None (the shell's words)."""
        return None

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """A key press; True if used. The base confirms a pending move on Enter."""
        from tabletop.ui._arcade import arcade

        if symbol in (arcade.key.ENTER, arcade.key.NUM_ENTER):
            return self.confirm()
        return False

    # -- the renderer tells the shell --------------------------------------------------
    def choose(self, move: Any) -> None:
        """Submit `move` to the shell now (it must be one of `legal_moves` or a special move)."""
        self.pending_move = None
        self.context.submit(move)

    def confirm(self) -> bool:
        """Submit the pending move (VALIDATE); False if there was none."""
        if self.pending_move is None:
            return False
        self.choose(self.pending_move)
        return True

    def cancel(self) -> bool:
        """Drop the pending move and any selection; True if there was something to drop."""
        if self.pending_move is None:
            return False
        self.pending_move = None
        self.sync()
        return True
