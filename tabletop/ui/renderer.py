"""The renderer contract: how a game plugin draws its game inside the app's screens.

A plugin registers a renderer by import path from its `tabletop_register_renderers` hook:

    @tabletop.hookimpl
    def tabletop_register_renderers(register):
        register("versus", "games.versus.view.renderer:VersusRenderer")

The app imports that class only when the game is opened on screen (so headless runs never
import arcade) and builds one instance per screen: `VersusRenderer(context)`. A game that
registers no renderer is drawn by the app's `TextRenderer` (tabletop/ui/fallback.py), so
every plugin is playable in the app. For a game on a grid, a hex board or a card table,
`tabletop.ui.boards.BoardRenderer` does the whole contract from two things the game says:
which piece stands on which cell, and where each legal move goes.

Who does what
-------------
The **host** (the game, tutorial, online and replay screens, the launcher's pictures)
owns the game: it plays moves, keeps the history, undo, the move log, the computer's
seats, hints, the VALIDATE and Cancel buttons, and the picture of the screen. The
**renderer** draws what it is shown and says what an input means. Five calls:

1. `set_area(rect)`: lay out in this rectangle of the window (pixels), whenever the
   window is resized. Everything the renderer draws fits in it and scales with it.
2. `show(frame)`: show a frozen `Frame`: the seat's view, who moves, the legal moves,
   whether a person here may move, the move awaiting VALIDATE, the hint, the last move,
   whether the board has the keyboard focus, and what a tutorial asks to look at. The
   host sends a new frame whenever any of it changes. A frame with a new position
   (`view`, `to_move`, `legal_moves` or `interactive` differ) starts the player's choice
   afresh; a frame without the pending move drops the previewed choice (Cancel).
3. `draw()`: draw it, with batched shapes and texts built in `set_area`/`show` (never
   `arcade.draw_text` in a loop), in the shipped fonts (`tabletop.ui.kit.FONT_SANS`).
4. `handle(event)`: a `Press`, `Release`, `Pointer` (motion) or `Key` (window pixels,
   arcade's key codes), while the board has the input; returns what it means:
   `Play(move)` (play it now), `Propose(move)` (preview it: the host shows VALIDATE and
   Cancel, and sends a frame with it as `pending`), `Explain(words)` (a press that does
   nothing, and why: "that pawn is frozen"), `Changed()` (used: the picture changed, a
   selection or a hover) or None (not used: the host's keys and words apply). Enter with
   a pending move, Esc and Tab are the host's.
5. `animate(played)` and `update(seconds) -> bool`: play the transition of a move just
   played (a `Ply`: the seat's views before and after, and the move), lasting about
   `context.animation_seconds`; `update` advances it each frame and returns True while
   something moves. The host waits for it before the computer's next move.

And the extras, each with a default: `draw_still()` (while a transition runs, what does
not move; see below), `legend()` and `draw_legend_symbol(index, box)` (the board's
symbols in words, for the Legend panel and the rules), `scores(view)` (running scores),
`sounds(played)` (the cues of `tabletop.ui.sound.CUES` a move makes),
`missing_marks()` (the names of `frame.marks` it found nothing for: the tutorials' tests
check there are none) and the class method `thumbnail_position(game)` (the launcher's
picture: `(view, to_move)`, or None for a generic card). A renderer that sets the class
attribute `draws_pictures` draws the launcher's pictures itself, for their own small
size: the host makes it with `context.picture` set and an area of the picture's size,
and it draws what a glance reads there (a few large pieces, no words of play). Others
are drawn at a table's size and shown scaled down.

What the host does for every renderer
-------------------------------------
- **The still picture.** While `update` says nothing moves, the host paints the
  renderer's `draw()` once into an offscreen picture with the rest of the screen and
  copies that picture each frame; it paints again after `set_area`, `show`, a `handle`
  that returned something, `animate`, or the end of a transition. While a transition
  runs, the picture holds `draw_still()` (the board without what moves; by default
  nothing) and `draw()` is called every frame over it: a renderer that draws its still
  part in `draw_still` draws in `draw` then only what moves. A renderer needs no cache of
  its own.
- **Texts.** A renderer lays its words out in text layers it asks the host for:
  `context.layer(name)` gives a new, empty `TextLayer` (the app's one rule for text: in a
  box, wrapped or scaled down to `MIN_POINTS`, else cut with an ellipsis) and forgets
  the layer it gave before under that name. The host reads every current layer's boxes:
  the layout test checks that none leaves its box or overlaps another, and a cut text
  shows whole on hover. Glyphs fitted to a symbol by construction (a card's number, a
  pawn's value) may be drawn otherwise.
- **Failures.** Anything a renderer raises is caught by the host, which names the plugin,
  goes back to the launcher and keeps the game as it was after its last move.

A renderer imports only `tabletop.ui.kit` (and `tabletop.ui.boards`): the test
`tests/host/test_public_kit.py` fails on an import of a private module of the host.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from tabletop import i18n
from tabletop.model import Game, PluginDeprecationWarning
from tabletop.ui.geometry import Rect

if TYPE_CHECKING:
    import pyglet

    from tabletop.ui.textbox import Placed, TextLayer

__all__ = ["Changed", "Event", "Explain", "Frame", "Intent", "Key", "Play", "Ply",
           "Pointer", "Press", "Propose", "Rect", "Release", "Renderer", "RendererContext",
           "TextLayers", "typical_position"]

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


# -- what the host shows ---------------------------------------------------------------------
@dataclass(frozen=True)
class Ply:
    """One ply: what the shown seat saw `before` it and `after` it, and the `move`."""

    before: Any
    move: Any
    after: Any


@dataclass(frozen=True, eq=False)
class Frame:
    """What the board shows, frozen; the host sends a new one when any of it changes.

    `view` is what the shown seat may see: the state of a perfect-information game,
    `Game.observation(state, seat)` of a hidden-information one (never assume a full
    state there). `legal_moves` are the moves of the seat to move, in the game's order;
    `interactive` is True when a person at this screen may move now. `pending` is the
    move previewed and awaiting VALIDATE (the host's: set after a `Propose`), `hint` the
    suggested move, `last` the last ply of the history (after undo, redo and Continue
    too; None before the first), `focused` True while the board has the keyboard focus
    (draw a keyboard cursor only then), and `marks` the names of what a tutorial asks the
    player to look at, in the game's own words (cells by their notation; whatever else
    the game documents).
    """

    view: Any = None
    to_move: int | None = None
    legal_moves: tuple[Any, ...] = ()
    interactive: bool = False
    pending: Any = None
    hint: Any = None
    last: Ply | None = None
    focused: bool = True
    marks: tuple[str, ...] = ()

    def same_position(self, other: Frame) -> bool:
        """True if `other` shows the same position to the same mover with the same
        moves (then a choice in progress stays)."""
        return (self.view is other.view and self.to_move == other.to_move
                and self.interactive == other.interactive
                and (self.legal_moves is other.legal_moves
                     or self.legal_moves == other.legal_moves))

    def same(self, other: Frame) -> bool:
        """True if `other` would show exactly this (views compared by identity)."""
        return (self.same_position(other) and self.focused == other.focused
                and self.marks == other.marks and _alike(self.pending, other.pending)
                and _alike(self.hint, other.hint) and _alike(self.last, other.last))


def _alike(a: Any, b: Any) -> bool:
    return a is b or (a is not None and b is not None and a == b)


# -- the input a renderer handles ------------------------------------------------------------
@dataclass(frozen=True)
class Press:
    """A mouse button pressed at (x, y), window pixels."""

    x: float
    y: float
    button: int = 1
    modifiers: int = 0


@dataclass(frozen=True)
class Release:
    """A mouse button released at (x, y)."""

    x: float
    y: float
    button: int = 1
    modifiers: int = 0


@dataclass(frozen=True)
class Pointer:
    """The pointer moved to (x, y) (for hover marks)."""

    x: float
    y: float


@dataclass(frozen=True)
class Key:
    """A key pressed (`arcade.key` codes)."""

    symbol: int
    modifiers: int = 0


Event = Press | Release | Pointer | Key


# -- what an input means ------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """Play `move` now (one of the frame's legal moves, or a special move)."""

    move: Any


@dataclass(frozen=True)
class Propose:
    """Preview `move` and wait for VALIDATE (Enter) or Cancel (Esc)."""

    move: Any


@dataclass(frozen=True)
class Explain:
    """A press that does nothing, and why, in the player's words."""

    words: str


@dataclass(frozen=True)
class Changed:
    """The input was used and the picture changed (a selection, a hover, a cursor)."""


Intent = Play | Propose | Explain | Changed


def _meaning(event: Event, played: Intent | None, proposal: Any, pending: Any, used: bool,
             explain: Callable[[float, float], str | None]) -> Intent | None:
    """What an input meant, from what a renderer did with it (the deprecated `meaning`)."""
    if played is not None:
        return played
    if proposal is not pending and (proposal is None or pending is None
                                    or proposal != pending):
        return Propose(proposal)
    if used:
        return Changed()
    if isinstance(event, Press):
        why = explain(event.x, event.y)
        return Explain(why) if why else None
    return None


def _deprecated_meaning(event: Event, played: Intent | None, proposal: Any, pending: Any,
                        used: bool, explain: Callable[[float, float], str | None]
                        ) -> Intent | None:
    """Deprecated (goes in the next release): what an input meant, worked out from what a
    renderer did with it. Return the `Intent` from `handle` itself instead."""
    warnings.warn("tabletop.ui.kit.meaning(...) is deprecated and goes in the next "
                  "release: return the Intent (Play, Propose, Explain, Changed) from "
                  "handle(event) itself", PluginDeprecationWarning, stacklevel=2)
    return _meaning(event, played, proposal, pending, used, explain)


#: Public names removed from the contract, kept one release: each warns when used.
REMOVED = {"meaning": _deprecated_meaning}
#: The calls of the last release's contract that `Renderer` keeps one more release,
#: each warning with what to use instead (never called by the host).
DEPRECATED_CALLS = frozenset({
    "text_boxes", "set_position", "show_hint", "show_last_move", "set_focus",
    "sound_cues", "on_mouse_press", "on_mouse_release", "on_mouse_motion", "on_key_press",
    "draw_moving", "repaint"})


def __getattr__(name: str) -> Any:
    """A removed name, with its `PluginDeprecationWarning` (see `REMOVED`)."""
    if name in REMOVED:
        return REMOVED[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- what the host hands a renderer ----------------------------------------------------------
class TextLayers:
    """The text layers the host has handed a renderer, by name (`RendererContext.layer`):
    their boxes are the renderer's texts on screen."""

    def __init__(self) -> None:
        self._layers: dict[str, TextLayer] = {}

    def layer(self, name: str = "", batch: pyglet.graphics.Batch | None = None
              ) -> TextLayer:
        """A new, empty layer called `name` (drawn in `batch`, if given), in place of the
        one given before under that name."""
        from tabletop.ui.textbox import TextLayer

        made = TextLayer(batch)
        self._layers[name] = made
        return made

    def drop(self, name: str) -> None:
        """Forget the layer called `name` (its texts are no longer shown)."""
        self._layers.pop(name, None)

    def placed(self) -> list[Placed]:
        """Every text of every current layer, as laid out."""
        return [p for layer in self._layers.values() for p in layer.placed]


@dataclass(frozen=True)
class RendererContext:
    """What the host tells a renderer once, when the screen opens.

    `game` is the registered game object (use its pure methods: `legal_moves`,
    `move_to_text`, `apply` on a *view* only where the game allows it, `describe`...).
    `seats` are the seats a person controls at this screen (hotseat: all the people's);
    `own_seat` the one seat when only one is (the side a board shows at the bottom).
    `colour_blind` asks for shapes or symbols wherever colour carries meaning.
    `animation_seconds` is the pace of one move's transition (0: no animation).
    `notation(move)` is the move's text in the current position (the host holds the true
    state, so this works in hidden-information games where the renderer has a view only).
    `names` are the names people gave their seats ("" where none); name a seat on the
    board with `seat_label(seat)`, which puts them in. `remote` are the seats people play
    from other computers (an online table); the rest are the computer's.
    `position_text()` is the current position as text for the seat this screen shows
    (`tabletop.model.seat_text`: that seat's view, never the whole state), for a renderer
    that draws text (None where the host gives none). `layer(name)` hands out a text layer
    (see `TextLayers`). The host gives a renderer a new context when `names` or `remote`
    change.
    """

    game: Game[Any, Any]
    seats: frozenset[int]
    colour_blind: bool
    animation_seconds: float
    notation: Callable[[Any], str]
    names: tuple[str, ...] = ()
    position_text: Callable[[], str] | None = None
    #: Seats played by people at other screens (an online table): neither here nor the
    #: computer's.
    remote: frozenset[int] = frozenset()
    #: The text layers handed out (the host reads their boxes).
    texts: TextLayers = field(default_factory=TextLayers)
    #: Each computer seat's level as players know it, in English ("Expert"; "" for a
    #: person or an agent without one): name it beside the seat (`level`).
    levels: tuple[str, ...] = ()
    #: True when the renderer draws the launcher's picture of a position (only for a
    #: renderer whose class sets `Renderer.draws_pictures`): its area is the picture's
    #: own small size, and it draws what a glance reads there.
    picture: bool = False

    @property
    def own_seat(self) -> int | None:
        """The one seat a person plays at this screen (an online seat, a game against the
        computer, a tutorial), None where several people share the screen (a hot-seat
        game) or none plays (the launcher's pictures): the seat whose side of the board
        faces the player (`tabletop.ui.boards.BoardRenderer.bottom_seat`)."""
        return next(iter(self.seats)) if len(self.seats) == 1 else None

    def seat_label(self, seat: int) -> str:
        """The seat as the board names it: the person's name, or the game's seat name."""
        name = self.names[seat] if seat < len(self.names) else ""
        return self.game.info.player_label(seat, name)

    def level(self, seat: int) -> str:
        """The level of the computer at `seat` in the player's language, "" if none."""
        level = self.levels[seat] if seat < len(self.levels) else ""
        return i18n.translated(level) if level else ""

    def layer(self, name: str = "", batch: pyglet.graphics.Batch | None = None
              ) -> TextLayer:
        """A new, empty text layer called `name`, in place of the one given before under
        that name (see `tabletop.ui.renderer.TextLayers.layer`)."""
        return self.texts.layer(name, batch)


#: The renderer classes already told about the removed calls they override.
_TOLD: set[type] = set()


def _warn_overridden(cls: type) -> None:
    """Warn once per class that overrides a call the host no longer makes (an input
    handler of the last release, say): the override is never called."""
    if cls in _TOLD:
        return
    _TOLD.add(cls)
    for name in sorted(DEPRECATED_CALLS):
        owner = next(k for k in cls.__mro__ if name in vars(k))
        if owner is not Renderer:
            warnings.warn(f"{owner.__name__}.{name} overrides a call the host no longer "
                          f"makes, so it is never called (deprecated; the base's goes in "
                          f"the next release): {_INSTEAD[name]}",
                          PluginDeprecationWarning, stacklevel=4)


#: What a renderer of the last release's contract does instead of each removed call.
_INSTEAD = {
    "text_boxes": "lay texts out in the layers context.layer(name) hands out",
    "set_position": "override sync(), called on every new Frame",
    "show_hint": "read self.hint in sync()",
    "show_last_move": "read self.last_played in sync()",
    "set_focus": "read self.focused in sync()",
    "sound_cues": "override sounds(ply)",
    "on_mouse_press": "return what a Press means from handle(event)",
    "on_mouse_release": "return what a Release means from handle(event)",
    "on_mouse_motion": "return Changed() from handle(Pointer) when the picture changes",
    "on_key_press": "return what a Key means from handle(event)",
    "draw_moving": "draw what moves in draw() while a transition runs",
    "repaint": "nothing: the host paints its still picture again itself",
}


class Renderer:
    """Base class of game renderers: subclass it and override `draw` and `handle` (and
    what else you need; see the module for the contract).

    The base keeps the area and the frame (`area`, `frame`, and for short `view`,
    `to_move`, `legal_moves`, `interactive`, `hint`, `pending_move`, `focused`,
    `last_played`, `marks`), calls the hooks `layout` on a new area and `sync` on a new
    frame, ignores input and does not animate.
    """

    #: True if the renderer draws the launcher's pictures for their own size when its
    #: context says `picture` (default: the host draws the table at a table's size and
    #: shows it scaled down).
    draws_pictures: ClassVar[bool] = False

    def __init__(self, context: RendererContext) -> None:
        self.context = context
        self.area = Rect(0, 0, 1, 1)
        self.frame = Frame()
        _warn_overridden(type(self))

    def _intent_after(self, event: Event, proposal: Any, used: bool,
                      explain: Callable[[float, float], str | None]) -> Intent | None:
        """For a subclass's `handle`, once it dealt with `event` and played nothing: the
        choice now in progress (`proposal`) to preview if it changed (`Propose`, of None
        when dropped), else `Changed` if the input was `used`, else why a press did
        nothing (`explain(x, y)`)."""
        return _meaning(event, None, proposal, self.frame.pending, used, explain)

    # -- the frame, for short ------------------------------------------------------------
    @property
    def view(self) -> Any:
        """What the shown seat may see (`frame.view`)."""
        return self.frame.view

    @property
    def to_move(self) -> int | None:
        """The seat to move (`frame.to_move`)."""
        return self.frame.to_move

    @property
    def legal_moves(self) -> tuple[Any, ...]:
        """The moves of the seat to move (`frame.legal_moves`)."""
        return self.frame.legal_moves

    @property
    def interactive(self) -> bool:
        """True when a person here may move now (`frame.interactive`)."""
        return self.frame.interactive

    @property
    def hint(self) -> Any:
        """The suggested move (`frame.hint`)."""
        return self.frame.hint

    @property
    def pending_move(self) -> Any:
        """The move previewed, awaiting VALIDATE (`frame.pending`)."""
        return self.frame.pending

    @property
    def focused(self) -> bool:
        """True while the board has the keyboard focus (`frame.focused`)."""
        return self.frame.focused

    @property
    def marks(self) -> tuple[str, ...]:
        """What a tutorial asks the player to look at (`frame.marks`)."""
        return self.frame.marks

    @property
    def last_played(self) -> tuple[Any, Any, Any] | None:
        """The last ply as (before, move, after), None before the first."""
        last = self.frame.last
        return None if last is None else (last.before, last.move, last.after)

    # -- the five calls --------------------------------------------------------------------
    def set_area(self, area: Rect) -> None:
        """Lay out in `area` (window pixels): calls `layout`, then `sync` if a frame shows."""
        self.area = area
        self.layout()
        if self.view is not None:
            self.sync()

    def show(self, frame: Frame) -> None:
        """Show `frame`: keeps it and calls `sync`."""
        self.frame = frame
        self.sync()

    def draw(self) -> None:
        """Draw the board inside `self.area`. Subclasses must override."""
        raise NotImplementedError(f"{type(self).__name__} does not implement draw()")

    def handle(self, event: Event) -> Intent | None:
        """What `event` means (see the module); the base uses none."""
        return None

    def animate(self, played: Ply) -> None:
        """Start the transition of the move just played (default: none)."""

    def update(self, delta_time: float) -> bool:
        """Advance a transition by `delta_time` seconds; True while something moves."""
        return False

    # -- hooks of the base -----------------------------------------------------------------
    def layout(self) -> None:
        """Hook: compute geometry for `self.area` (called by `set_area`)."""

    def sync(self) -> None:
        """Hook: rebuild shapes and texts for `self.frame` (a new frame or area)."""

    # -- the extras --------------------------------------------------------------------------
    def draw_still(self) -> None:
        """While a transition runs: draw what does not move (the host keeps it in its still
        picture and calls `draw` every frame over it). Default: nothing, so `draw` draws
        the whole board every frame of a transition."""

    def keys(self) -> Sequence[tuple[str, str]]:
        """The game's own keys, each with what it does, in the player's language (the
        Keys panel lists them above the host's). Default: none."""
        return ()

    def legend(self) -> Sequence[str]:
        """What each symbol on the board means, one line each (the Legend panel)."""
        return ()

    def draw_legend_symbol(self, index: int, box: Rect) -> None:
        """Draw the symbol that `legend()[index]` explains inside `box` (window pixels)."""

    def scores(self, view: Any) -> Sequence[float] | None:
        """Running scores per seat to show during play, or None if the game has none."""
        return None

    def sounds(self, played: Ply) -> Sequence[str]:
        """The sound cues of the move just played (see `tabletop.ui.sound.CUES`)."""
        return ()

    def missing_marks(self) -> Sequence[str]:
        """The names of `frame.marks` that mark nothing shown (default: all of them)."""
        return self.frame.marks

    @classmethod
    def thumbnail_position(cls, game: Game[Any, Any]) -> tuple[Any, int | None] | None:
        """The launcher picture's position as (view, to_move), or None for a generic card
        (default: `typical_position`)."""
        return typical_position(game)

    # -- removed calls, kept one release: each warns and says what to use instead -------
    def _deprecated(self, old: str, instead: str) -> None:
        warnings.warn(f"{type(self).__name__}.{old} is deprecated and goes in the next "
                      f"release: {instead}", PluginDeprecationWarning, stacklevel=3)

    def text_boxes(self) -> Sequence[Placed]:
        """Deprecated: every text laid out in the layers the host handed out."""
        self._deprecated("text_boxes()", "the host reads the text layers it hands out "
                         "(context.layer(name)); use self.context.texts.placed()")
        return tuple(self.context.texts.placed())

    def set_position(self, view: Any, to_move: int | None, legal_moves: Sequence[Any],
                     interactive: bool) -> None:
        """Deprecated: show a new position (without a hint or a pending move)."""
        self._deprecated("set_position(...)", "show(Frame(view=..., to_move=..., "
                         "legal_moves=..., interactive=...))")
        self.show(replace(self.frame, view=view, to_move=to_move,
                          legal_moves=tuple(legal_moves), interactive=interactive,
                          hint=None, pending=None))

    def show_hint(self, move: Any) -> None:
        """Deprecated: mark `move` as the hint (None clears it)."""
        self._deprecated("show_hint(move)", "show a Frame with hint=move")
        self.show(replace(self.frame, hint=move))

    def show_last_move(self, before: Any, move: Any, after: Any) -> None:
        """Deprecated: mark the last ply (all None before the first)."""
        self._deprecated("show_last_move(...)", "show a Frame with last=Ply(before, move, "
                         "after)")
        self.show(replace(self.frame, last=None if move is None else Ply(before, move, after)))

    def set_focus(self, focused: bool) -> None:
        """Deprecated: the board gained or lost the keyboard focus."""
        self._deprecated("set_focus(focused)", "show a Frame with focused=...")
        self.show(replace(self.frame, focused=focused))

    def sound_cues(self, before: Any, move: Any, after: Any) -> Sequence[str]:
        """Deprecated: the sound cues of a move just played."""
        self._deprecated("sound_cues(...)", "override sounds(ply), given a Ply")
        return self.sounds(Ply(before, move, after))

    def on_mouse_press(self, x: float, y: float, button: int = 1, modifiers: int = 0
                       ) -> bool:
        """Deprecated: True if a press at (x, y) meant something (see `handle`)."""
        self._deprecated("on_mouse_press(...)", "handle(Press(x, y, button, modifiers)) "
                         "returns what the press means")
        return self.handle(Press(x, y, button, modifiers)) is not None

    def on_mouse_release(self, x: float, y: float, button: int = 1, modifiers: int = 0
                         ) -> bool:
        """Deprecated: True if a release at (x, y) meant something (see `handle`)."""
        self._deprecated("on_mouse_release(...)", "handle(Release(x, y, button, "
                         "modifiers)) returns what the release means")
        return self.handle(Release(x, y, button, modifiers)) is not None

    def on_mouse_motion(self, x: float, y: float) -> bool:
        """Deprecated: True if the pointer's move to (x, y) changed the picture."""
        self._deprecated("on_mouse_motion(x, y)", "handle(Pointer(x, y)) returns Changed() "
                         "when the picture changed")
        return self.handle(Pointer(x, y)) is not None

    def on_key_press(self, symbol: int, modifiers: int = 0) -> bool:
        """Deprecated: True if the key meant something (see `handle`)."""
        self._deprecated("on_key_press(...)", "handle(Key(symbol, modifiers)) returns what "
                         "the key means")
        return self.handle(Key(symbol, modifiers)) is not None

    def draw_moving(self) -> None:
        """Deprecated: draw what moves during a transition (`draw` does, then)."""
        self._deprecated("draw_moving()", "while a transition runs the host draws "
                         "draw_still() once and draw() every frame over it")
        self.draw()

    def repaint(self) -> None:
        """Deprecated: nothing to do; the host paints the still picture again itself."""
        self._deprecated("repaint()", "nothing: the host paints its still picture again "
                         "after show, a handle that returned something, animate or the end "
                         "of a transition")
