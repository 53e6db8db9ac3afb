"""`VersoGame`: the Verso rules behind the host's `Game` contract (verso.md, whole)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from games.verso import notation, observation, rules, saving
from games.verso.cards import CardList, cards_from_data, check_deck_option
from games.verso.picture import SOLO_BANDS, render
from games.verso.state import Move, VersoState
from games.verso.words import CATALOG, _, ngettext
from tabletop.i18n import N_
from tabletop.lines import Line
from tabletop.model import (
    Game,
    GameInfo,
    GameOption,
    IllegalMoveError,
    LearningSpaces,
    OptionError,
    Outcome,
    Sampler,
    ViewCodec,
)

RULES_HELP = N_("""\
Goal: score the most points with sequences and squares.
Cards have two faces of different colours (blue, green, orange), one worth 1 point and
one worth 3; numbers on the two faces are neighbours (6 and 1 are neighbours too); a
joker is always a 1-point face.
Your turn: DRAW or BANK.
- keep / flip: take the deck's top card and keep the face up (without looking under it)
  or flip it and keep the other face. A card that repeats a face you hold (same colour
  and number, or a second joker of a colour) is discarded.
- bank <colour> <values>: score a run of 2-6 consecutive values of one colour (no wrap
  from 6 to 1; a joker stands for any missing value, written J=4). Your neighbours first
  flip their highest card of that colour (a joker only if it is their only one). You
  score the points shown, then discard only the two highest cards of the run.
Square: whenever your display has 3+ cards of every colour, score 7. To score it again,
first drop below 3 in some colour.
End: when the deck is empty, everyone in turn may bank one final sequence (pass
otherwise), without flips. Highest total wins; ties share.
Solo: 35 cards. After each of your turns, the top card is turned over; if its new number
is higher than the old one (no jokers involved), flip your highest card of the new
face's colour. The game ends as soon as the deck is empty; then bank once more.
Bands: 35 average, 40, 45, 50, 55, 60+ top; the designers' record is 64.""")

SOLO_SCALE = 70.0

#: The whole rulebook, docs/rules/verso.md (shipped in this package as `rules.md`): the
#: app's Rules screen shows this text, so the document and the screen never disagree.
RULES_TEXT = resources.files("games.verso").joinpath("rules.md").read_text(encoding="utf-8")
#: The rulebook in French and German (docs/rules/verso.fr.md, verso.de.md), same sections.
RULES_TRANSLATIONS = {
    language: resources.files("games.verso").joinpath(f"rules.{language}.md").read_text(
        encoding="utf-8") for language in ("fr", "de")}
#: The guided first game (`tabletop.tutorial`), `tutorial.toml` in this package.
TUTORIAL = resources.files("games.verso").joinpath("tutorial.toml").read_text(
    encoding="utf-8")


def _cards(options: Mapping[str, Any]) -> CardList:
    try:
        return cards_from_data(options.get("deck"))
    except ValueError as exc:
        raise OptionError(f"option 'deck': {exc}",
                          _("Deck: {problem}.").format(problem=exc)) from None


def _preset_name(option: GameOption, value: Any) -> str:
    """The name this game gives `value` of `option` (its preset's), else the value."""
    return next((name for name, preset in option.presets if preset == value
                 and type(preset) is type(value)), str(value))


def _table(players: int) -> str:
    """A game of `players`, in words (the current language)."""
    if players == 1:
        return _("a solo game")
    return ngettext("a game of {count} player", "a game of {count} players",
                    players).format(count=players)


def _rewards(scores: Sequence[int], winners: tuple[int, ...]) -> tuple[float, ...]:
    """What the end is worth to each seat for search: solo, the score / 70 (capped at 1);
    otherwise the victory share, blended a little with the margin over the best other
    seat so that search prefers wide wins."""
    if len(scores) == 1:
        return (min(scores[0] / SOLO_SCALE, 1.0),)
    rewards = []
    for seat, score in enumerate(scores):
        margin = score - max(v for s, v in enumerate(scores) if s != seat)
        share = 1.0 / len(winners) if seat in winners else 0.0
        rewards.append(0.85 * share + 0.15 * min(max(0.5 + margin / 40.0, 0.0), 1.0))
    return tuple(rewards)


class VersoGame(Game[VersoState, Move]):
    """Verso for 1 (solo) to 6 players, with the keep/flip choice inside the draw move."""

    info = GameInfo(
        id="verso",
        name="Verso",
        min_players=1,
        max_players=6,
        hidden_information=True,
        # Short enough for two lines of a launcher card at 800x600.
        description=N_("Keep or flip two-faced cards and bank runs of one colour; each "
                       "bank makes your neighbours flip a card."),
        rules_help=RULES_HELP,
        # Play: at most one draw per card and one bank per two cards drawn (a bank
        # discards two), 90 cards at most, then one final bank each: 90 + 45 + 6.
        max_plies=141,
        options=(
            GameOption("first_player", -1, N_("the seat that plays first (-1: at random)"),
                       kind=int, minimum=-1, maximum=5, label=N_("Who plays first"),
                       help=N_("The player who takes the first turn; the others follow "
                               "in seat order."),
                       presets=((N_("At random"), -1), (N_("Player 1"), 0),
                                (N_("Player 2"), 1), (N_("Player 3"), 2),
                                (N_("Player 4"), 3), (N_("Player 5"), 4),
                                (N_("Player 6"), 5)),
                       min_players=2),
            GameOption("deck", None, N_("the card list as data (null: the standard 90 cards)"),
                       kind=object, check=check_deck_option, label=N_("Deck"),
                       help=N_("The cards shuffled into the draw pile (a custom deck "
                               "is given on the command line)."),
                       presets=((N_("The standard 90 cards"), None),)),
        ),
        rules_text=RULES_TEXT,
        rules_translations=RULES_TRANSLATIONS,
        tutorial=TUTORIAL,
        catalog=CATALOG,
        # The rulebook's solo rating bands (§7), lowest first, for the statistics.
        score_bands=tuple((float(floor), name) for floor, name in reversed(SOLO_BANDS)),
    )

    # -- creating states -------------------------------------------------------------
    def new_state(self, players: int, options: Mapping[str, Any], seed: int,
                  setup: Any = None) -> VersoState:
        """A new game (§2): the deck and first player from `seed`, or from `setup`."""
        self.info.check_players(players)
        cards = _cards(options)
        need = rules.deck_size(players)
        if len(cards) < need:
            raise OptionError(f"the deck has {len(cards)} cards; {players} player(s) "
                              f"need {need}",
                              _("{option}: this deck has {count} cards, and {table} needs "
                                "{need}.").format(option=_(self.info.option("deck").label),
                                                  count=len(cards), table=_table(players),
                                                  need=need))
        first = options.get("first_player", -1)
        if first is None:
            first = -1
        if isinstance(first, bool) or not isinstance(first, int) or not -1 <= first < players:
            option = self.info.option("first_player")
            named = [_(_preset_name(option, seat)) for seat in (-1, *range(players))]
            if players == 1:
                offered = _("{first} or {second}").format(first=named[0], second=named[1])
            elif players == 2:
                offered = _("{first}, {second} or {third}").format(
                    first=named[0], second=named[1], third=named[2])
            else:
                offered = _("{first} or one of {low} to {high}").format(
                    first=named[0], low=named[1], high=named[-1])
            raise OptionError(f"option 'first_player': {first!r} is not a seat of "
                              f"{players} player(s) (or -1 for random)",
                              _("{option}: {value} has no seat in {table}; choose "
                                "{offered}.").format(option=_(option.label),
                                                     value=_(_preset_name(option, first)),
                                                     table=_table(players),
                                                     offered=offered))
        if setup is not None:
            deck, first_in_setup = saving.setup_from_data(setup, cards, players)
            if first not in (-1, first_in_setup):
                raise OptionError(f"the set-up's first player {first_in_setup} differs from "
                                  f"option first_player {first}")
            return rules.new_game(cards, players, deck, first_in_setup)
        rng = random.Random(seed)
        deck_codes = rules.random_deck(cards, players, rng)
        if first == -1:
            first = rng.randrange(players)
        return rules.new_game(cards, players, deck_codes, first)

    def setup(self, state: VersoState) -> Any:
        """The deck top first as `[card id, face up]` pairs, and the first player."""
        return saving.setup_to_data(state)

    # -- playing ---------------------------------------------------------------------
    def to_move(self, state: VersoState) -> int | None:
        """The seat to move, None once over."""
        return state.turn if state.turn >= 0 else None

    def legal_moves(self, state: VersoState) -> Sequence[Move]:
        """keep, flip, then banks; in the final round pass, then banks."""
        return rules.legal_moves(state)

    def apply(self, state: VersoState, move: Move) -> VersoState:
        """The state after `move` (IllegalMoveError if not legal)."""
        return rules.apply_move(state, move)

    def outcome(self, state: VersoState) -> Outcome | None:
        """Scores and winners once over (tied leaders share the victory)."""
        if state.turn >= 0:
            return None
        scores = state.scores
        if len(scores) == 1:
            # The rating band is the front end's to say (`info.score_bands`), in its words.
            return Outcome((float(scores[0]),), (0,), N_("the deck ran out"),
                           rewards=_rewards(scores, (0,)))
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        line = Line.of("the deck ran out and the final banks are done; best {best} points",
                       best=best)
        # The reason a record keeps is English in every language (the line is shown).
        return Outcome(tuple(float(v) for v in scores), winners, line.english(), line,
                       rewards=_rewards(scores, winners))

    # -- notation and pictures -------------------------------------------------------
    def move_to_text(self, state: VersoState, move: Move) -> str:
        """`keep`, `flip`, `pass` or `bank <colour> <values>` (see `notation`)."""
        return notation.move_text(move)

    def parse_move(self, state: VersoState, text: str) -> Move:
        """The legal move `text` names (NotationError / IllegalMoveError)."""
        return notation.parse(state, text)

    def render_text(self, state: VersoState, seat: int | None = None) -> Line:
        """The table as plain text: the faces every seat sees (§3), the same for all; the
        seats are the line's arguments (the host names them)."""
        return render(state)

    def describe(self, before: VersoState, move: Move, after: VersoState) -> list[str | Line]:
        """One line per rule event of the ply (§8), each seat an argument (`rules.said`)."""
        log: list[str | Line] = []
        rules.apply_move(before, move, log)
        return log

    def explain(self, state: VersoState, move: Move, seat: int) -> Line:
        """What the legal `move` does and gains, in one line, from the view every seat
        has (`account`): a bank's points, discards and the neighbours' flips; what a kept
        card does to the layout; what a flip may bring. No face down is told (§3).
        Raises `IllegalMoveError` (the rules' reason) if the move is not legal."""
        if not rules.is_legal(state, move):
            raise IllegalMoveError(rules.why_illegal(state, move))
        from games.verso import account  # a hint's words: loaded when first asked for

        return account.explain(observation.observe(state), move, seat)

    # -- saving ----------------------------------------------------------------------
    def state_to_dict(self, state: VersoState) -> dict[str, Any]:
        """The versioned JSON-ready dict of a state."""
        return saving.state_to_dict(state)

    def state_from_dict(self, data: Mapping[str, Any]) -> VersoState:
        """A state from its dict (StateFormatError if invalid)."""
        return saving.state_from_dict(data)

    # -- hidden information ------------------------------------------------------------
    def observation(self, state: VersoState, seat: int) -> observation.VersoView:
        """What every seat sees (§3): faces up, faces once shown, never a face down."""
        return observation.observe(state)

    def reveals(self, before: VersoState, move: Move, after: VersoState) -> bool:
        """True when the ply showed a hidden face (a flip, or a new top of the deck)."""
        return (after.revealed != before.revealed
                or (bool(after.deck) and len(after.deck) < len(before.deck)))

    # -- capabilities ------------------------------------------------------------------
    def spaces(self) -> LearningSpaces[VersoState, Move]:
        """198 actions and a vector per seat (`spaces`, imported on first use: it brings
        numpy)."""
        from games.verso import spaces

        return spaces.VersoSpaces(self)

    def codec(self) -> ViewCodec:
        """A seat's view on the wire: faces as seen, never a face down (`VersoCodec`)."""
        return observation.VersoCodec()

    def sampler(self) -> Sampler[VersoState]:
        """Tables consistent with the view, unseen parts dealt at random (`VersoSampler`)."""
        return observation.VersoSampler()
