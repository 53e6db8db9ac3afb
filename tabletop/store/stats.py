"""Statistics over the game library: per player, per game, against whom, by seat (no arcade).

Only finished games count (an entry with a result). A seat's result is a win when it is
the only winner, a draw when it shares the victory or nobody wins, else a loss. Solo
games (one seat) give a list of scores instead, sorted into the game's own rating bands
(`GameInfo.score_bands`): the host knows no game by name.

Per game with more than one seat, each player also gets a winning streak (the wins in a
row up to the latest game, and the longest run), personal bests (best score, widest win,
quickest win, strongest level beaten) and, in a game whose levels are rated, a person's
rating on the levels' scale with its interval and history (`tabletop.person_rating`,
`docs/rating.md`): their games against the rated levels and against other named people
count; games against an agent whose strength was never measured (the computer on the
app's own time rather than a level) and against a seat nobody named do not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop import i18n
from tabletop.i18n import N_, _, ngettext
from tabletop.model import Game, TabletopError
from tabletop.model.legacy import score_bands
from tabletop.person_rating import (
    Anchor,
    Estimate,
    Played,
    Scale,
    Side,
    comparisons,
    describe,
    placement,
    rate_people,
)
from tabletop.ratings import Finish, beats
from tabletop.store.index import Entry
from tabletop.store.records import UNREADABLE, given_names

if TYPE_CHECKING:
    from tabletop.ai.base import AgentSpec
    from tabletop.plugins import Host

#: How many of the latest solo scores the trend shows.
TREND = 50
PEOPLE = "people"
#: The player of the seats nobody named ("Player 1" of a quick start): counted together,
#: under no person's name (a name a person types is never empty).
UNNAMED = ""


def seat_result(entry: Entry, seat: int) -> str:
    """'win', 'draw' or 'loss' for a seat of a finished game."""
    assert entry.result is not None
    winners = entry.result.winners
    if seat in winners:
        return "win" if len(winners) == 1 else "draw"
    return "draw" if not winners else "loss"


def _tally() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "draws": 0, "losses": 0, "win_rate": 0.0}


def _count(row: dict[str, Any], result: str) -> None:
    row["games"] += 1
    row[{"win": "wins", "draw": "draws", "loss": "losses"}[result]] += 1
    row["win_rate"] = row["wins"] / row["games"]


def histogram(scores: Sequence[float], bands: Sequence[tuple[float, str]]
              ) -> list[dict[str, Any]]:
    """How many scores fall in each band (and below the first), lowest band first."""
    if not bands:
        return []
    floors = [b[0] for b in bands]
    rows: list[dict[str, Any]] = [{"label": _("under {score}").format(score=f"{floors[0]:g}"),
                                   "name": _("below the bands"), "from": None, "count": 0}]
    for i, (floor, name) in enumerate(bands):
        upper = floors[i + 1] if i + 1 < len(floors) else None
        label = f"{floor:g}+" if upper is None else f"{floor:g}–{upper - 1:g}"
        rows.append({"label": label, "name": name, "from": floor, "count": 0})
    for score in scores:
        index = sum(1 for f in floors if score >= f)
        rows[index]["count"] += 1
    return rows


def solo_summary(scores: Sequence[float], bands: Sequence[tuple[float, str]]
                 ) -> dict[str, Any]:
    """Every score (oldest first), best, average, the histogram and the latest `TREND`."""
    return {
        "games": len(scores),
        "scores": list(scores),
        "best": max(scores) if scores else None,
        "average": sum(scores) / len(scores) if scores else None,
        "bands": histogram(scores, bands),
        "trend": list(scores[-TREND:]),
    }


def finished_games(entries: Iterable[Entry], game: str | None = None) -> list[Entry]:
    """The finished, readable entries (of `game`, if given), oldest first."""
    return sorted((e for e in entries if e.result is not None and e.status != UNREADABLE
                   and e.game is not None and (game is None or e.game == game)),
                  key=lambda e: (e.updated, e.id))


def player_stats(entries: Iterable[Entry], games: Mapping[str, Game[Any, Any]],
                 player: str | None = None, game: str | None = None,
                 scales: Mapping[str, Scale] | None = None,
                 ratings: Mapping[str, Mapping[str, dict[str, Any]]] | None = None
                 ) -> dict[str, Any]:
    """The statistics of every person (or of `player`, person or agent), as JSON-ready data.

    A person's seat counts for its person only if they gave a name: a seat left at the
    library's default "Player N" is nobody in particular, and every such seat counts
    under `UNNAMED` (and, as people, against the others). Agents have no row of their
    own unless `player` names one: they are the people's opponents.

    `games` gives each game's seat names and score bands (a game that is no longer
    installed is still counted, with "Player N" seats and no bands). `scales` gives the
    rating scale of each game whose levels are rated (`rating_scales`); `ratings`, the
    people's ratings already worked out from the same entries (`people_ratings`), spares
    working them out again. Without either, nobody is rated.
    """
    entries = list(entries)
    scales = scales or {}
    if ratings is None:
        ratings = people_ratings(entries, scales, game) if scales else {}
    finished = finished_games(entries, game)  # oldest first, for the trend and streaks
    table: dict[str, dict[str, Any]] = {}
    solo: dict[tuple[str, str], list[float]] = {}
    for entry in finished:
        assert entry.result is not None and entry.game is not None
        known = games.get(entry.game)
        named = given_names([s.player for s in entry.seats], [s.agent for s in entry.seats])
        for seat, sitting in enumerate(entry.seats):
            # Nobody typed a name (a quick start): "Player 1" is no person, but the game
            # was played and counts, with every other seat nobody named.
            who = sitting.player if not sitting.human or named[seat] else UNNAMED
            if player is not None and who != player:
                continue
            if player is None and not sitting.human:
                continue
            row = table.setdefault(who, {"games": {}, "against": {}, "by_seat": {},
                                                    "solo": {}, "rating": {}, "streaks": {},
                                                    "bests": {}})
            if entry.players == 1:
                score = sitting.score if sitting.score is not None else 0.0
                solo.setdefault((who, entry.game), []).append(score)
                continue
            result = seat_result(entry, seat)
            _count(row["games"].setdefault(entry.game, _tally()), result)
            _streak(row["streaks"].setdefault(entry.game, {"current": 0, "longest": 0}),
                    result)
            _best(row["bests"].setdefault(entry.game, _no_bests()), entry, seat,
                  scales.get(entry.game))
            seat_name = known.info.seat_name(seat) if known else f"Player {seat + 1}"
            _count(row["by_seat"].setdefault(entry.game, {}).setdefault(seat_name, _tally()),
                   result)
            rivals = {other.agent if not other.human else PEOPLE
                      for i, other in enumerate(entry.seats) if i != seat}
            for rival in sorted(rivals):
                _count(row["against"].setdefault(rival, _tally()), result)
    for (name, game_id), scores in solo.items():
        known = games.get(game_id)
        bands = score_bands(known) if known else ()
        table[name]["solo"][game_id] = solo_summary(scores, bands)
    for name, row in table.items():
        for game_id in row["games"]:
            rated = ratings.get(game_id, {}).get(name)
            if rated is not None:
                row["rating"][game_id] = rated
            elif game_id in scales and name in scales[game_id].opponents:
                row["rating"][game_id] = measured_row(scales[game_id].opponents[name])
    return {"players": {name: table[name] for name in sorted(table, key=str.lower)}}


def _streak(streak: dict[str, int], result: str) -> None:
    """Count a result into a winning streak: a win extends it, a draw or a loss ends it."""
    streak["current"] = streak["current"] + 1 if result == "win" else 0
    streak["longest"] = max(streak["longest"], streak["current"])


def _no_bests() -> dict[str, Any]:
    return {"score": None, "margin": None, "quickest_win": None, "strongest_beaten": None}


def _best(bests: dict[str, Any], entry: Entry, seat: int, scale: Scale | None) -> None:
    """Count a seat's game into its player's personal bests at that game: the best score,
    the widest win (points ahead of the best other seat, a sole win only), the quickest
    win (fewest moves, both sides' counted) and the strongest rated level beaten (its
    rating; beaten as the rating counts it: `tabletop.ratings.beats`). Ties keep the
    earlier game."""
    assert entry.result is not None
    scores, winners = entry.result.scores, entry.result.winners
    if seat >= len(scores):
        return  # a result that does not match its seats: nothing to count
    where = {"id": entry.id, "when": entry.updated}
    mine = scores[seat]
    if bests["score"] is None or mine > bests["score"]["value"]:
        bests["score"] = {"value": mine, **where}
    if winners == (seat,):
        others = [v for i, v in enumerate(scores) if i != seat]
        margin = mine - max(others) if others else 0.0
        if bests["margin"] is None or margin > bests["margin"]["value"]:
            bests["margin"] = {"value": margin, **where}
        if bests["quickest_win"] is None or entry.plies < bests["quickest_win"]["plies"]:
            bests["quickest_win"] = {"plies": entry.plies, **where}
    if scale is None:
        return
    finish = Finish(entry.id, tuple(s.agent for s in entry.seats), scores, winners)
    for other, sitting in enumerate(entry.seats[:len(scores)]):
        anchor = None if sitting.human else scale.opponents.get(sitting.agent)
        if other == seat or anchor is None or beats(finish, seat, other) != 1.0:
            continue
        beaten = bests["strongest_beaten"]
        if beaten is None or anchor.rating > beaten["rating"]:
            bests["strongest_beaten"] = {"name": anchor.name, "rating": anchor.rating,
                                         **where}


# -- ratings ---------------------------------------------------------------------------
def rating_scale(specs: Sequence[AgentSpec]) -> Scale | None:
    """A game's rating scale from its agents (`Host.agent_specs`), None if no level of it
    is rated. Measured opponents: each rated level (by its name, as seats keep it);
    the agent of a level that has no budget of its own, which plays exactly as that level
    whatever time it is given (Verso's `greedy` is Club); and `random`, 0 by the scale's
    definition (the levels' tournament anchors on it). An agent a level holds to a budget
    is left out when played on other terms (the app's time per move): its strength on
    them was never measured."""
    # A rating file is read as any JSON number: one that is not finite rates nothing.
    levels = [spec.level for spec in specs if spec.level is not None
              and isinstance(spec.level.rating, int | float)
              and math.isfinite(spec.level.rating)]
    if not levels:
        return None
    opponents: dict[str, Anchor] = {}
    for level in levels:
        assert level.rating is not None
        low, high = (v if isinstance(v, int | float) and math.isfinite(v) else None
                     for v in (level.low, level.high))
        anchor = Anchor(level.name, float(level.rating), low, high)
        opponents[level.name] = anchor
        if level.budget.seconds is None and level.budget.iterations is None:
            opponents.setdefault(level.agent, anchor)
    opponents.setdefault("random", Anchor("random", 0.0, 0.0, 0.0))
    return Scale(tuple((level.name, float(level.rating or 0.0)) for level in levels),
                 opponents)


def rating_scales(host: Host) -> dict[str, Scale]:
    """The rating scale of each installed game whose levels are rated."""
    scales = {}
    for game_id in sorted(host.games):
        try:
            scale = rating_scale(host.agent_specs(game_id))
        except TabletopError:
            continue  # a game whose agents cannot be listed has no scale
        if scale is not None:
            scales[game_id] = scale
    return scales


def sides(entry: Entry, scale: Scale) -> tuple[Side, ...]:
    """Each seat of a kept game as the ratings see it: a named person by name, a measured
    agent as its anchor, anyone else as nobody (None)."""
    named = given_names([s.player for s in entry.seats], [s.agent for s in entry.seats])
    return tuple((sitting.player if named[seat] else None) if sitting.human
                 else scale.opponents.get(sitting.agent)
                 for seat, sitting in enumerate(entry.seats))


def people_ratings(entries: Iterable[Entry], scales: Mapping[str, Scale],
                   game: str | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """Per game with a scale (only `game`, if given), each rated or unrated person's
    rating row (`rating_row`), from the finished games of more than one seat."""
    by_game: dict[str, list[Entry]] = {}
    for entry in finished_games(entries, game):
        assert entry.game is not None and entry.result is not None
        if entry.game in scales and entry.players > 1 \
                and len(entry.result.scores) == len(entry.seats) == entry.players:
            by_game.setdefault(entry.game, []).append(entry)
    rows: dict[str, dict[str, dict[str, Any]]] = {}
    for game_id, kept in by_game.items():
        scale = scales[game_id]
        played = []
        for entry in kept:
            assert entry.result is not None
            played.append(Played(sides(entry, scale), entry.result.scores,
                                 entry.result.winners))
        rated = rate_people(played, scale.centre)
        unrated: dict[str, int] = {}  # every named person of the game, rated or not
        off_level: dict[str, int] = {}
        for entry, game_played in zip(kept, played, strict=True):
            counted = {side for pair in comparisons(game_played) for side in pair[:2]}
            # The computer on the app's time rather than a level (a quick start's).
            off = any(not s.human and s.agent not in scale.opponents for s in entry.seats)
            for side in {side for side in game_played.sides if isinstance(side, str)}:
                # Once a game, whatever seats they held.
                unrated[side] = unrated.get(side, 0) + (side not in counted)
                off_level[side] = off_level.get(side, 0) + (side not in counted and off)
        rows[game_id] = {
            name: rating_row(rated.now.get(name), [
                (kept[number], estimate) for number, estimate in rated.history.get(name, [])],
                unrated[name], off_level[name], scale)
            for name in sorted(unrated)}
    return rows


def _tenths(value: float) -> float:
    return round(value, 1)


def rating_row(now: Estimate | None, history: Sequence[tuple[Entry, Estimate]],
               unrated: int, off_level: int, scale: Scale) -> dict[str, Any]:
    """A person's rating at a game as `stats --json` gives it: the rating and its 95 %
    interval (None while no game counts), the games it rests on and those that did not
    count (`off_level` of them against the computer off its levels), in words ("about
    700 ± 120 — between Club and Expert") and after each game."""
    row: dict[str, Any] = {"rating": None, "low": None, "high": None, "games": 0,
                           "comparisons": 0, "points": 0.0, "unrated_games": unrated,
                           "off_level_games": off_level, "placement": None, "words": None,
                           "history": []}
    if now is not None:
        row.update(rating=_tenths(now.rating), low=_tenths(now.low), high=_tenths(now.high),
                   games=now.games, comparisons=now.comparisons, points=now.points,
                   placement=placement(now.rating, scale.levels) or None,
                   words=describe(now, scale.levels))
    row["history"] = [{"id": entry.id, "when": entry.updated,
                       "rating": _tenths(e.rating), "low": _tenths(e.low),
                       "high": _tenths(e.high)} for entry, e in history]
    return row


def measured_row(anchor: Anchor) -> dict[str, Any]:
    """An agent's rating at a game, as measured by the levels' tournament (no history)."""
    return {"rating": anchor.rating, "low": anchor.low, "high": anchor.high,
            "measured": True, "level": anchor.name, "history": []}


def people(entries: Iterable[Entry]) -> list[str]:
    """Everyone statistics can be shown for, by name: the people who gave their seats a
    name, then `UNNAMED` if a finished game had a seat nobody named. Computers are the
    people's opponents, never players of their own here."""
    found: set[str] = set()
    unnamed = False
    for entry in entries:
        named = given_names([s.player for s in entry.seats], [s.agent for s in entry.seats])
        for seat, sitting in enumerate(entry.seats):
            if sitting.human and named[seat]:
                found.add(sitting.player)
            elif sitting.human and entry.result is not None:
                unnamed = True
    return sorted(found, key=str.lower) + ([UNNAMED] if unnamed else [])


def player_words(name: str) -> str:
    """A player as Statistics names them: their name, or the words for games nobody
    named."""
    return name if name != UNNAMED else _("Played without a name")


#: How to keep one's own figures, said under the games nobody named.
NAME_ADVICE = N_("Type your name at set-up (or play --text --name NAME) to keep your own "
                 "figures.")


def stats_lines(stats: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """The statistics as readable lines (`names` maps game ids to game names)."""
    lines: list[str] = []
    players = stats["players"]
    if not players:
        return [_("No finished games yet.")]
    for name, row in players.items():
        lines.append(player_words(name))
        if name == UNNAMED:
            lines.append("  " + _(NAME_ADVICE))
        for game_id, t in sorted(row["games"].items()):
            lines.append("  " + _("{game}: {tally}").format(
                game=i18n.translated(names.get(game_id, game_id)), tally=_tally_text(t)))
            for seat, s in row["by_seat"].get(game_id, {}).items():
                lines.append("    " + _("as {seat}: {tally}").format(seat=seat,
                                                                     tally=_tally_text(s)))
            rating = row.get("rating", {}).get(game_id)
            if rating is not None:
                lines.append("    " + _("rating: {rating}").format(rating=rating_text(rating)))
            streak = row.get("streaks", {}).get(game_id)
            if streak is not None:
                lines.append(f"    {streak_text(streak)}")
            bests = bests_text(row.get("bests", {}).get(game_id, {}))
            if bests:
                lines.append("    " + _("bests: {bests}").format(bests=bests))
        for rival, t in sorted(row["against"].items()):
            lines.append("  " + (_("against people: {tally}") if rival == PEOPLE else
                                 _("against {rival}: {tally}")).format(
                rival=rival, tally=_tally_text(t)))
        for game_id, s in sorted(row["solo"].items()):
            lines.append(f"  {solo_heading(i18n.translated(names.get(game_id, game_id)), s)}")
            lines.append("    " + _("scores: {scores}").format(
                scores=" ".join(_score(v) for v in s["scores"])))
            if s["bands"]:
                lines.append("    " + _("bands: {bands}").format(bands=", ".join(
                    f"{b['label']} {i18n.number(b['count'])}" for b in s["bands"])))
    return lines


def _score(value: float) -> str:
    """A score as the language writes a number ("46.5", "46,5"), no needless decimals."""
    return i18n.number(float(f"{value:g}"))


def solo_heading(name: str, solo: Mapping[str, Any]) -> str:
    """"Verso solo: 3 games, best 52, average 47.3" (one game: "1 game, best 44")."""
    games = solo["games"]
    if games == 1:
        return _("{game} solo: 1 game, best {best}").format(game=name,
                                                            best=_score(solo["best"]))
    return ngettext("{game} solo: {count} game, best {best}, average {average}",
                    "{game} solo: {count} games, best {best}, average {average}",
                    games).format(game=name, count=i18n.number(games),
                                  best=_score(solo["best"]),
                                  average=i18n.number(solo["average"], 1))


def rating_text(rating: Mapping[str, Any]) -> str:
    """A rating row in words: "about 700 ± 120 — between Club and Expert, from 23 games",
    an agent's "measured 605 (392 to 817) as Club", or why there is none yet."""
    if rating.get("measured"):
        low, high = rating.get("low"), rating.get("high")
        level = i18n.translated(str(rating["level"]))
        if low is not None and high is not None and low != high:
            return _("measured {rating} ({low} to {high}) as {level}").format(
                rating=f"{rating['rating']:.0f}", low=f"{low:.0f}", high=f"{high:.0f}",
                level=level)
        return _("measured {rating} as {level}").format(rating=f"{rating['rating']:.0f}",
                                                       level=level)
    if rating.get("rating") is None:
        text = _("none yet: {reason}").format(reason=_(NO_RATING))
    else:
        games = rating["games"]
        text = ngettext("{rating}, from {count} game", "{rating}, from {count} games",
                        games).format(rating=rating["words"], count=i18n.number(games))
    if not rating.get("unrated_games"):
        return text
    # Translators: a rating, then why some games did not count ("; 2 games not counted…").
    return _("{rating}; {not_counted}").format(rating=text, not_counted=unrated_words(rating))


#: What a person with no rating at a game is told (translated where it is shown).
NO_RATING = N_("choose a level of the computer at set-up to get one")


def unrated_words(rating: Mapping[str, Any]) -> str:
    """Why some of a person's games did not count ("" if all did): "3 games not counted:
    the computer played on the app's time, not as a level" (a quick start's opponent,
    whose strength on that time was never measured), else "…: no opponent of known
    strength" (a seat nobody named, an agent never measured)."""
    unrated = rating.get("unrated_games", 0)
    if not unrated:
        return ""
    if rating.get("off_level_games", 0) == unrated:
        return ngettext("{count} game not counted: the computer played on the app's time, "
                        "not as a level",
                        "{count} games not counted: the computer played on the app's time, "
                        "not as a level", unrated).format(count=i18n.number(unrated))
    return ngettext("{count} game not counted: no opponent of known strength",
                    "{count} games not counted: no opponent of known strength",
                    unrated).format(count=i18n.number(unrated))


def streak_text(streak: Mapping[str, Any]) -> str:
    """"winning streak: 2 now, longest 5"."""
    return _("winning streak: {current} now, longest {longest}").format(
        current=i18n.number(streak["current"]), longest=i18n.number(streak["longest"]))


def bests_text(bests: Mapping[str, Any]) -> str:
    """The personal bests of a game in a line, the likeliest to matter first: "score 52,
    beat Expert, widest win by 12, quickest win in 31 moves" ("" if there are none)."""
    parts = []
    if bests.get("score"):
        parts.append(_("score {score}").format(score=_score(bests["score"]["value"])))
    if bests.get("strongest_beaten"):
        parts.append(_("beat {level}").format(
            level=i18n.translated(str(bests["strongest_beaten"]["name"]))))
    if bests.get("margin") and bests["margin"]["value"] > 0:
        parts.append(_("widest win by {points}").format(
            points=_score(bests["margin"]["value"])))
    if bests.get("quickest_win"):
        plies = bests["quickest_win"]["plies"]
        parts.append(ngettext("quickest win in {count} move", "quickest win in {count} moves",
                              plies).format(count=i18n.number(plies)))
    return ", ".join(parts)


def _tally_text(t: Mapping[str, Any]) -> str:
    return _("{games} played, {wins} won, {draws} drawn, {losses} lost ({share})").format(
        games=i18n.number(t["games"]), wins=i18n.number(t["wins"]),
        draws=i18n.number(t["draws"]), losses=i18n.number(t["losses"]),
        share=i18n.percent(t["win_rate"]))
