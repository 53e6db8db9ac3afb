"""One OpenSpiel game as a Tabletop `Game`: moves are OpenSpiel action ids (ints).

The rules are OpenSpiel's; this class only translates. Seats are OpenSpiel's players in
order. A game with chance is declared to have hidden information: what is hidden is the
seed, that is, the dice and draws still to come. Its observation is the public history
(`seed` None) and `sample_state` gives that history a fresh seed, so the host's MCTS
searches over futures it cannot know instead of reading the dice in advance, and a ply
that resolved chance counts as a reveal (the app does not undo past a roll). In the few
imperfect-information games bridged, a seat's observation is what it knows
(`hidden.SpielView`) and the log names no chance outcome (a deal is private).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pyspiel

from tabletop import Game, GameInfo, Line, Outcome
from tabletop.model import (
    IllegalMoveError,
    NotationError,
    OptionError,
    Sampler,
    StateFormatError,
    TabletopError,
    check_version,
)

from . import hidden, notation
from .catalogue import Entry, game_id
from .hidden import SpielView
from .options import game_options, load, spielerror_text, to_parameters
from .state import SpielState, advance, rebuild, start

SAVE_VERSION = 1
_MAX_LISTED = 8  # legal moves named in an error message


def _is_chance_game(kind: Any) -> bool:
    return bool(kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC)


class OpenSpielGame(Game[SpielState, int]):
    """A bridged OpenSpiel game (see the module docstring)."""

    def __init__(self, entry: Entry) -> None:
        self.entry = entry
        self.kind = pyspiel.load_game(entry.name).get_type()
        self.defaults: dict[str, Any] = dict(self.kind.parameter_specification)
        # OpenSpiel's own bound on a game's decisions, at the default options, for the
        # largest number of players (more players, longer games).
        longest = max(int(load(entry.name, to_parameters(
            {}, players, self.defaults, entry.fixed)).max_game_length())
            for players in {self._default_players(), self.kind.max_num_players})
        self.chance = _is_chance_game(self.kind)
        self.imperfect = (self.kind.information
                          != pyspiel.GameType.Information.PERFECT_INFORMATION)
        seat_names = entry.seat_names or tuple(
            f"Player {n + 1}" for n in range(self.kind.max_num_players))
        self.info = GameInfo(
            id=game_id(entry.name),
            name=self.kind.long_name,
            min_players=self.kind.min_num_players,
            max_players=self.kind.max_num_players,
            hidden_information=self.chance or self.imperfect,
            description=f"{self.kind.long_name} as OpenSpiel plays it (the OpenSpiel bridge).",
            rules_help=(f"The rules are OpenSpiel's implementation of "
                        f"{self.kind.long_name} ('{entry.name}'). Moves are written as "
                        "OpenSpiel writes them; each legal move is listed."
                        + (" Chance (dice, draws) is drawn from the game's seed."
                           if self.chance else "")),
            max_plies=longest,
            options=game_options(entry, self.defaults),
            seat_names=seat_names,
        )
        self._loaded: dict[tuple[tuple[str, Any], ...], Any] = {}

    def _default_players(self) -> int:
        return int(self.defaults.get("players", self.kind.min_num_players))

    def _game(self, parameters: Mapping[str, Any]) -> Any:
        key = tuple(sorted(parameters.items()))
        if key not in self._loaded:
            self._loaded[key] = load(self.entry.name, parameters)
        return self._loaded[key]

    # -- creating states -------------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> SpielState:
        """A new game: OpenSpiel's initial state, its opening chance drawn from `seed`."""
        self.info.check_players(players)
        parameters = to_parameters(self.info.resolve_options(options), players,
                                   self.defaults, self.entry.fixed)
        game = self._game(parameters)
        if game.num_players() != players:
            raise OptionError(f"{self.info.name} with these options is played by "
                              f"{game.num_players()} players, not {players}")
        return start(game, parameters, seed)

    # -- playing ---------------------------------------------------------------------
    def to_move(self, state: SpielState) -> int | None:
        """OpenSpiel's current player, or None at the end."""
        if state.native.is_terminal():
            return None
        return int(state.native.current_player())

    def legal_moves(self, state: SpielState) -> Sequence[int]:
        """OpenSpiel's legal actions, in its (stable, ascending) order."""
        if state.native.is_terminal():
            return ()
        return tuple(int(a) for a in state.native.legal_actions())

    def apply(self, state: SpielState, move: int) -> SpielState:
        """The state after `move`, chance resolved from the seed."""
        if isinstance(move, bool) or not isinstance(move, int) or \
                move not in self.legal_moves(state):
            raise IllegalMoveError(f"{move!r} is not a legal move here")
        if state.seed is None:
            raise TabletopError("this is a player's view of the game, not the game itself")
        return advance(state, move)

    def outcome(self, state: SpielState) -> Outcome | None:
        """OpenSpiel's returns as scores; the best return wins unless all are equal."""
        native = state.native
        if not native.is_terminal():
            return None
        scores = tuple(float(r) for r in native.returns())
        best = max(scores)
        if len(scores) == 1:
            winners: tuple[int, ...] = (0,) if best > 0 else ()
        elif min(scores) == best:
            winners = ()
        else:
            winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        # Each seat's reward: its return scaled from OpenSpiel's utility range to [0, 1]
        # (without a range, its share of the victory).
        game = native.get_game()
        low, high = float(game.min_utility()), float(game.max_utility())
        rewards = tuple(min(1.0, max(0.0, (score - low) / (high - low))) if high > low
                        else (1.0 / len(winners) if seat in winners else 0.0)
                        for seat, score in enumerate(scores))
        return Outcome(scores, winners, "by OpenSpiel's rules", rewards=rewards)

    # -- notation and pictures -------------------------------------------------------
    def _labels(self, state: SpielState) -> dict[int, str]:
        if "labels" not in state.cache:
            mover = self.to_move(state)
            state.cache["labels"] = ({} if mover is None else notation.labels(
                state.native, mover, self.legal_moves(state)))
        labels: dict[int, str] = state.cache["labels"]
        return labels

    def move_to_text(self, state: SpielState, move: int) -> str:
        """OpenSpiel's text of the action, unique among the legal moves here."""
        labels = self._labels(state)
        if move in labels:
            return labels[move]
        raise IllegalMoveError(f"{move!r} is not a legal move here")

    def parse_move(self, state: SpielState, text: str) -> int:
        """The legal move whose notation is `text` (whitespace-insensitive)."""
        if not isinstance(text, str) or not text.strip() or not text.isprintable():
            raise NotationError(f"{text!r} is not a move: type one of the legal moves")
        wanted = notation.fold(text)
        labels = self._labels(state)
        for action, label in labels.items():
            if label == wanted:
                return action
        folded = [a for a, label in labels.items() if label.casefold() == wanted.casefold()]
        if len(folded) == 1:
            return folded[0]
        if not labels:
            raise IllegalMoveError(f"{wanted!r}: the game is over")
        listed = ", ".join(list(labels.values())[:_MAX_LISTED])
        more = ", …" if len(labels) > _MAX_LISTED else ""
        raise IllegalMoveError(f"{wanted!r} is not a legal move here (legal: {listed}{more})")

    def render_text(self, state: SpielState | SpielView, seat: int | None = None) -> str:
        """OpenSpiel's text picture of the position as `seat` sees it.

        In an imperfect-information game that is the seat's information-state string
        (what it knows); a spectator (None) is shown no picture, since OpenSpiel words
        only the players' views, until the end shows everything. Otherwise every seat and
        a spectator see the whole position (the dice to come are in no picture). Given a
        seat's view (`observation`), the text is what that view knows.
        """
        if isinstance(state, SpielView):
            return state.information.rstrip("\n")
        if self.imperfect and not state.native.is_terminal():
            if seat is None:
                return (f"{self.info.name}: {len(state.history)} actions so far; "
                        "each player sees only their own view.")
            return hidden.view_of(state, seat).information.rstrip("\n")
        return str(state.native).rstrip("\n")

    def describe(self, before: SpielState, move: int, after: SpielState) -> list[str | Line]:
        """The mover and move, then each chance outcome the move led to, in OpenSpiel's words."""
        lines = list(super().describe(before, move, after))
        if self.imperfect:
            return lines  # a deal is hidden from some seats: the log shows no chance
        native = before.native.clone()
        native.apply_action(move)
        for action in after.history[len(before.history) + 1:]:
            lines.append(f"Chance: {native.action_to_string(pyspiel.PlayerId.CHANCE, action)}")
            native.apply_action(action)
        return lines

    # -- saving ----------------------------------------------------------------------
    def state_to_dict(self, state: SpielState) -> dict[str, Any]:
        """The game's parameters, seed and whole action history (chance included)."""
        return {"version": SAVE_VERSION, "game": self.entry.name,
                "parameters": state.parameter_dict, "seed": state.seed,
                "history": list(state.history)}

    def state_from_dict(self, data: Mapping[str, Any]) -> SpielState:
        """Replay a saved history; `StateFormatError` saying why it is not a state."""
        data = check_version(data, f"{self.info.name} state", SAVE_VERSION)
        if data.get("game") != self.entry.name:
            raise StateFormatError(f"a saved state of {data.get('game')!r}, "
                                   f"not of {self.entry.name!r}")
        parameters, seed, history = data.get("parameters"), data.get("seed"), \
            data.get("history")
        if not isinstance(parameters, dict) or not all(isinstance(k, str) for k in parameters):
            raise StateFormatError("a saved state's parameters must be an object")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise StateFormatError("a saved state's seed must be a whole number")
        if not isinstance(history, list) or not all(
                isinstance(a, int) and not isinstance(a, bool) for a in history):
            raise StateFormatError("a saved state's history must be a list of actions")
        try:
            game = self._game(parameters)
        except OptionError as exc:
            raise StateFormatError(str(exc)) from None
        try:
            return rebuild(game, parameters, history, seed)
        except (ValueError, pyspiel.SpielError) as exc:
            raise StateFormatError(f"a saved {self.info.name} history does not replay: "
                                   f"{spielerror_text(exc)}") from None

    # -- hidden information: the chance to come ----------------------------------------
    def observation(self, state: SpielState, seat: int) -> SpielState | SpielView:
        """In an imperfect-information game, what `seat` knows (`hidden.SpielView`);
        otherwise the public history, with the seed (the dice to come) hidden."""
        if self.imperfect:
            return hidden.view_of(state, seat)
        if not self.chance or state.seed is None:
            return state
        return SpielState(state.parameters, state.history, None, state.native, state.cache)

    def sampler(self) -> Sampler[SpielState]:
        """Histories consistent with a seat's view, the chance to come reseeded
        (`SpielSampler`)."""
        return SpielSampler(self.info.id)

    def reveals(self, before: SpielState, move: int, after: SpielState) -> bool:
        """True when the move was followed by chance (a roll or a draw was seen)."""
        return len(after.history) > len(before.history) + 1


class SpielSampler(Sampler[SpielState]):
    """Whole states consistent with what a seat knows: an imperfect-information game's
    hidden parts dealt by OpenSpiel (`hidden.sample`), and in every game a fresh seed for
    the chance still to come."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def sample_state(self, observation: Any, seat: int, rng: random.Random) -> SpielState:
        """The observed history with a fresh seed for the chance still to come."""
        if isinstance(observation, SpielView):
            return hidden.sample(observation, rng)
        if not isinstance(observation, SpielState):
            raise TabletopError(f"{self.game_id}: not an observation of this game")
        return SpielState(observation.parameters, observation.history,
                          rng.getrandbits(62), observation.native, observation.cache)
