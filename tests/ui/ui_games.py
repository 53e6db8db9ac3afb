"""Small games and renderers that drive the app in the UI tests (registered as plugins).

`tictactoe` has its own renderer with the preview → VALIDATE flow a board game uses;
`tictactoe-text` registers no renderer (the generic one draws it); `broken` has a
renderer that raises while drawing. Tic-tac-toe also has special moves: resign and draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pyglet

from tabletop.hookspecs import hookimpl
from tabletop.model import Game, GameInfo, GameOption, IllegalMoveError, NotationError, Outcome
from tabletop.plugins import Host, module_sources

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "XO"


@dataclass(frozen=True)
class TTTState:
    board: tuple[str, ...]
    mover: int
    ended: str = ""  # "resign" or "draw" when a special move ended the game


class TicTacToe(Game[TTTState, Any]):
    """Tic-tac-toe; cells are a1..c3 (column letter, row number from the bottom)."""

    def __init__(self, game_id: str = "tictactoe", name: str = "Tic-tac-toe") -> None:
        self.info = GameInfo(
            id=game_id, name=name, min_players=2, max_players=2, hidden_information=False,
            description="Three in a row on a 3×3 grid.",
            rules_help="Players take turns marking a cell. Three marks in a row win.",
            max_plies=10, seat_names=("Crosses", "Noughts"),
            options=(GameOption("misere", False, "three in a row loses", kind=bool),
                     GameOption("handicap", 0, "cells pre-filled for O", kind=int,
                                minimum=0, maximum=2)))

    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> TTTState:
        board = ["O" if i in (0, 8)[: options["handicap"]] else " " for i in range(9)]
        return TTTState(tuple(board), 0)

    def _line(self, state: TTTState) -> str | None:
        for a, b, c in LINES:
            if state.board[a] != " " and state.board[a] == state.board[b] == state.board[c]:
                return state.board[a]
        return None

    def to_move(self, state: TTTState) -> int | None:
        return None if self.outcome(state) else state.mover

    def legal_moves(self, state: TTTState) -> Sequence[Any]:
        if self.outcome(state):
            return ()
        return tuple(i for i in range(9) if state.board[i] == " ")

    def special_moves(self, state: TTTState) -> Sequence[Any]:
        return () if self.outcome(state) else ("resign", "draw")

    def apply(self, state: TTTState, move: Any) -> TTTState:
        if move in ("resign", "draw") and not self.outcome(state):
            return TTTState(state.board, state.mover, move)
        if move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not legal")
        board = list(state.board)
        board[move] = MARKS[state.mover]
        return TTTState(tuple(board), 1 - state.mover)

    def outcome(self, state: TTTState) -> Outcome | None:
        if state.ended == "resign":
            return Outcome((0.0, 1.0) if state.mover == 0 else (1.0, 0.0),
                           (1 - state.mover,), "resigned")
        if state.ended == "draw":
            return Outcome((0.5, 0.5), (), "draw agreed")
        line = self._line(state)
        if line:
            seat = MARKS.index(line)
            return Outcome(tuple(1.0 if i == seat else 0.0 for i in range(2)), (seat,),
                           "three in a row")
        if " " not in state.board:
            return Outcome((0.5, 0.5), (), "the grid is full")
        return None

    def move_to_text(self, state: TTTState, move: Any) -> str:
        if move in ("resign", "draw"):
            return str(move)
        return "abc"[move % 3] + str(move // 3 + 1)

    def parse_move(self, state: TTTState, text: str) -> Any:
        text = text.strip()
        if text in ("resign", "draw"):
            move: Any = text
        elif len(text) == 2 and text[0] in "abc" and text[1] in "123":
            move = "abc".index(text[0]) + 3 * (int(text[1]) - 1)
        else:
            raise NotationError(f"{text!r} is not a cell")
        if move not in self.legal_moves(state) and move not in self.special_moves(state):
            raise IllegalMoveError(f"{text} is not legal here")
        return move

    def render_text(self, state: TTTState, seat: int | None = None) -> str:
        rows = [" ".join(state.board[r * 3:r * 3 + 3]).replace(" ", ".") for r in range(3)]
        return "\n".join(f"{r + 1} {rows[r]}" for r in reversed(range(3))) + "\n  a b c"

    def state_to_dict(self, state: TTTState) -> dict[str, Any]:
        return {"version": 1, "board": "".join(state.board), "mover": state.mover,
                "ended": state.ended}

    def state_from_dict(self, data: Mapping[str, Any]) -> TTTState:
        return TTTState(tuple(data["board"]), int(data["mover"]), str(data["ended"]))


def _renderer_base() -> type:
    from tabletop.ui.kit import (
        FONT_SANS,
        Changed,
        Event,
        Explain,
        Intent,
        Ply,
        Press,
        Propose,
        Rect,
        Renderer,
        arcade,
    )

    class GridRenderer(Renderer):
        """Click a cell → a faded preview mark; VALIDATE or Enter plays it."""

        hold = 0.0

        def cell_rect(self, index: int) -> Rect:
            board = self.area.square().inset(10)
            side = board.width / 3
            return Rect(board.left + (index % 3) * side, board.bottom + (index // 3) * side,
                        side, side)

        def sync(self) -> None:
            self.shapes = arcade.shape_list.ShapeElementList()
            self.batch = pyglet.graphics.Batch()
            self.texts = []
            for i in range(9):
                r = self.cell_rect(i)
                colour = (70, 80, 110) if i != self.hint else (200, 160, 40)
                self.shapes.append(arcade.shape_list.create_rectangle_filled(
                    *r.center, r.width - 6, r.height - 6, colour))
                mark = self.view.board[i] if self.view else " "
                faded = i == self.pending_move
                if faded:
                    mark = MARKS[self.view.mover]
                if mark != " ":
                    colour = (255, 90, 90) if mark == "X" else (90, 200, 255)
                    self.texts.append(arcade.Text(
                        mark, *r.center, colour if not faded else (130, 130, 130),
                        r.height * 0.4, font_name=FONT_SANS, anchor_x="center",
                        anchor_y="center", batch=self.batch))

        def draw(self) -> None:
            self.shapes.draw()
            self.batch.draw()

        def handle(self, event: Event) -> Intent | None:
            if not isinstance(event, Press):
                return None
            if self.interactive:
                for i in self.legal_moves:
                    if self.cell_rect(i).contains(event.x, event.y):
                        return Propose(i) if i != self.pending_move else Changed()
            for i in range(9):
                if self.cell_rect(i).contains(event.x, event.y) and self.view.board[i] != " ":
                    return Explain("That cell is taken.")
            return None

        def animate(self, played: Ply) -> None:
            self.hold = self.context.animation_seconds

        @property
        def animating(self) -> bool:
            return self.hold > 0

        def update(self, delta_time: float) -> bool:
            self.hold = max(0.0, self.hold - delta_time)
            return self.hold > 0

    return GridRenderer


def __getattr__(name: str) -> Any:
    # The renderer classes import arcade, so they are built on first use only, as the
    # renderer contract asks (the AI worker imports this module without arcade).
    if name == "GridRenderer":
        return _renderer_base()
    if name == "BrokenRenderer":
        class BrokenRenderer(_renderer_base()):  # type: ignore[misc]
            def draw(self) -> None:
                raise RuntimeError("the broken renderer cannot draw")

        return BrokenRenderer
    raise AttributeError(name)


class Plugin:
    """The test plugin: three games, a renderer for two of them."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        register(TicTacToe())
        register(TicTacToe("tictactoe-text", "Tic-tac-toe (text)"))
        register(TicTacToe("broken", "Broken renderer"))

    @hookimpl
    def tabletop_register_renderers(self, register: Any) -> None:
        register("tictactoe", "ui_games:GridRenderer")
        register("broken", "ui_games:BrokenRenderer")


class FailingPlugin:
    """A plugin that fails to load (listed as unavailable on the launcher)."""

    @hookimpl
    def tabletop_register_games(self, register: Any) -> None:
        raise RuntimeError("the board data file is missing")


def make_host() -> Host:
    """The tests' host (also built inside the AI worker process)."""
    return Host(module_sources([("tictactoe", Plugin()), ("chess", FailingPlugin())])).load()
