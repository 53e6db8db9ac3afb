"""Statistics over the game library: per player, per game, against whom, by seat (no arcade).

Only finished games count (an entry with a result). A seat's result is a win when it is
the only winner, a draw when it shares the victory or nobody wins, else a loss. Solo
games (one seat) give a list of scores instead, sorted into the game's own rating bands
(`Game.score_bands`): the host knows no game by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.model import Game
from tabletop.store.index import Entry
from tabletop.store.records import UNREADABLE, given_names

#: How many of the latest solo scores the trend shows.
TREND = 50
PEOPLE = "people"


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
    rows: list[dict[str, Any]] = [{"label": f"under {floors[0]:g}", "name": "below the bands",
                                   "from": None, "count": 0}]
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


def player_stats(entries: Iterable[Entry], games: Mapping[str, Game[Any, Any]],
                 player: str | None = None, game: str | None = None) -> dict[str, Any]:
    """The statistics of every person (or of `player`, person or agent), as JSON-ready data.

    A person's seat counts for its person only if they gave a name: a seat left at the
    library's default "Player N" is nobody in particular (it still counts, as people,
    against the others).

    `games` gives each game's seat names and score bands (a game that is no longer
    installed is still counted, with "Player N" seats and no bands).
    """
    finished = sorted((e for e in entries if e.result is not None and e.status != UNREADABLE
                       and (game is None or e.game == game)),
                      key=lambda e: (e.updated, e.id))  # oldest first, for the trend
    table: dict[str, dict[str, Any]] = {}
    solo: dict[tuple[str, str], list[float]] = {}
    for entry in finished:
        assert entry.result is not None and entry.game is not None
        known = games.get(entry.game)
        named = given_names([s.player for s in entry.seats], [s.agent for s in entry.seats])
        for seat, sitting in enumerate(entry.seats):
            if sitting.human and not named[seat]:
                continue  # nobody typed a name (a quick start): "Player 1" is no person
            if player is not None and sitting.player != player:
                continue
            if player is None and not sitting.human:
                continue
            row = table.setdefault(sitting.player, {"games": {}, "against": {}, "by_seat": {},
                                                    "solo": {}})
            if entry.players == 1:
                score = sitting.score if sitting.score is not None else 0.0
                solo.setdefault((sitting.player, entry.game), []).append(score)
                continue
            result = seat_result(entry, seat)
            _count(row["games"].setdefault(entry.game, _tally()), result)
            seat_name = known.info.seat_name(seat) if known else f"Player {seat + 1}"
            _count(row["by_seat"].setdefault(entry.game, {}).setdefault(seat_name, _tally()),
                   result)
            rivals = {other.agent if not other.human else PEOPLE
                      for i, other in enumerate(entry.seats) if i != seat}
            for rival in sorted(rivals):
                _count(row["against"].setdefault(rival, _tally()), result)
    for (name, game_id), scores in solo.items():
        known = games.get(game_id)
        bands = tuple(known.score_bands()) if known else ()
        table[name]["solo"][game_id] = solo_summary(scores, bands)
    return {"players": {name: table[name] for name in sorted(table, key=str.lower)}}


def people(entries: Iterable[Entry]) -> list[str]:
    """Everyone statistics can be shown for, by name: the people who gave their seats a
    name first, then the agents (a seat nobody named is no one)."""
    found: dict[str, bool] = {}
    for entry in entries:
        named = given_names([s.player for s in entry.seats], [s.agent for s in entry.seats])
        for seat, sitting in enumerate(entry.seats):
            if not sitting.human:
                found.setdefault(sitting.player, False)
            elif named[seat]:
                found[sitting.player] = True
    return sorted(found, key=lambda name: (not found[name], name.lower()))


def stats_lines(stats: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    """The statistics as readable lines (`names` maps game ids to game names)."""
    lines: list[str] = []
    players = stats["players"]
    if not players:
        return ["No finished games yet."]
    for name, row in players.items():
        lines.append(f"{name}")
        for game_id, t in sorted(row["games"].items()):
            lines.append(f"  {names.get(game_id, game_id)}: {_tally_text(t)}")
            for seat, s in row["by_seat"].get(game_id, {}).items():
                lines.append(f"    as {seat}: {_tally_text(s)}")
        for rival, t in sorted(row["against"].items()):
            lines.append(f"  against {'people' if rival == PEOPLE else rival}: "
                         f"{_tally_text(t)}")
        for game_id, s in sorted(row["solo"].items()):
            lines.append(f"  {solo_heading(names.get(game_id, game_id), s)}")
            lines.append("    scores: " + " ".join(f"{v:g}" for v in s["scores"]))
            if s["bands"]:
                lines.append("    bands: " + ", ".join(f"{b['label']} {b['count']}"
                                                       for b in s["bands"]))
    return lines


def solo_heading(name: str, solo: Mapping[str, Any]) -> str:
    """"Verso solo: 3 games, best 52, average 47.3" (one game: "1 game, best 44")."""
    games = solo["games"]
    if games == 1:
        return f"{name} solo: 1 game, best {solo['best']:g}"
    return f"{name} solo: {games} games, best {solo['best']:g}, average {solo['average']:.1f}"


def _tally_text(t: Mapping[str, Any]) -> str:
    return (f"{t['games']} played, {t['wins']} won, {t['draws']} drawn, {t['losses']} lost "
            f"({t['win_rate']:.0%})")
