"""What the host shows and checks about a game before any state exists (`GameInfo`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import Catalog, _, translated
from tabletop.lines import neutral_label
from tabletop.model.errors import OptionError
from tabletop.model.options import GameOption


@dataclass(frozen=True)
class GameInfo:
    """What the host shows and checks about a game before any state exists.

    `max_plies` is the declared maximum length of a game in plies (the conformance kit
    checks that random games end within it), or None when the rules set no bound: such a
    game ends only as its rules say, however long that takes, and tools that need a bound
    (the kit, a simulation) set their own and report the games it cuts. `picture` is an
    optional path to an image the launcher shows. `seat_names` names the seats in order
    (e.g. Blue, Brown); by default "Player N".

    `rules_help` is a short plain summary of the rules. `rules_text`, if given, is the
    game's whole rulebook in markdown-lite (`#`/`##`/`###` headings, paragraphs, `-` and
    `1.` lists, `**bold**` and `` `code` `` spans); the app's Rules screen shows it, and
    shows `rules_help` for a game without one. Ship it as a file in the game's package and
    read it with `importlib.resources`, so the rules screen and the document are one text.

    `tutorial`, if given, is the game's guided first game: TOML text in the format of
    `tabletop.tutorial` (steps over real positions, each teaching a section of
    `rules_text`), shipped as a file in the package like the rulebook. The app offers it
    as "Learn <name>" and the conformance kit checks it.

    `catalog`, if given, is the game's translations (`tabletop.i18n.Catalog`, gettext
    catalogs shipped in the package): the host shows the game's name, texts, options,
    seat names, lines and tutorial through it in the player's language.
    `rules_translations` maps a language ("fr", "de") to the rulebook in it, with the same
    sections as `rules_text`; `rules_in` picks one.

    `score_bands` are the rulebook's rating bands for a solo score, lowest first, as
    `(from score, name)` pairs: the game library's statistics sort a player's solo scores
    into them (plus one below the first). None by default (an empty tuple).
    """

    id: str
    name: str
    min_players: int
    max_players: int
    hidden_information: bool
    description: str
    rules_help: str
    max_plies: int | None = None
    options: tuple[GameOption, ...] = ()
    seat_names: tuple[str, ...] = ()
    picture: str | None = None
    rules_text: str | None = field(default=None, repr=False)
    tutorial: str | None = field(default=None, repr=False)
    catalog: Catalog | None = field(default=None, repr=False, compare=False)
    rules_translations: Mapping[str, str] = field(default_factory=dict, repr=False,
                                                  compare=False)
    score_bands: tuple[tuple[float, str], ...] = ()

    def option(self, name: str) -> GameOption:
        """The declared option called `name` (raises `OptionError` if unknown)."""
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or _("none")
        raise OptionError(_("game {game} has no option {name} (options: {known})").format(
            game=repr(self.id), name=repr(name), known=known))

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults overlaid with `given`, every value validated; unknown names raise."""
        values = {opt.name: opt.default for opt in self.options}
        for name, value in (given or {}).items():
            values[name] = self.option(name).validate(value)
        return values

    def check_players(self, players: int) -> int:
        """Return `players` if the game accepts that many, else raise `OptionError`."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
            self.min_players <= players <= self.max_players
        ):
            span = (str(self.min_players) if self.min_players == self.max_players
                    else f"{self.min_players}-{self.max_players}")
            raise OptionError(_("{game} is played by {span} players, not {players}").format(
                game=translated(self.name), span=span, players=repr(players)))
        return players

    def seat_name(self, seat: int) -> str:
        """The display name of a seat, in the player's language."""
        if seat < len(self.seat_names):
            return translated(self.seat_names[seat])
        return neutral_label(seat)

    def rules_in(self, language: str) -> str | None:
        """The rulebook in `language` if the game ships it, else `rules_text`."""
        return self.rules_translations.get(language) or self.rules_text

    def player_label(self, seat: int, name: str = "") -> str:
        """A seat as a front end names it once a person gave a name: the name in place of
        "Player 2", or beside the game's own seat name ("Bob (Blue)")."""
        own = self.seat_name(seat)
        if not name or name == own:
            return own
        return (_("{name} ({seat})").format(name=name, seat=own)
                if seat < len(self.seat_names) else name)

