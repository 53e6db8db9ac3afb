"""The result of a finished game (`Outcome`) and what it is worth to each seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.i18n import _
from tabletop.limits import shown
from tabletop.lines import Line
from tabletop.model.errors import RecordError


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `scores` has one entry per seat; `winners` lists the winning seats (tied leaders share
    the victory, so there may be several; empty for a draw where nobody wins); `reason`
    says in the game's words why the game ended, as records keep it. `line`, if given, is
    the same reason as a `tabletop.lines.Line` whose seats are arguments (`reason` is then
    that line with the game's seat names, `line.render(default_labels(info, players))`),
    so a front end can name the seats as it names them elsewhere. It is not saved and
    not compared: an outcome read from a record has none.

    `rewards`, if given, is what the result is worth to each seat in [0, 1] for generic
    search and learning, where the host's scale (`reward`) does not say it well: a solo
    game's score over the best possible, a win by a wide margin worth a little more.
    Like `line`, it is neither saved nor compared.

    `points` is False when `scores` are not the game's points but the table's win and
    loss marks (1 and 0) of a verdict that ended the game beside its rules (a resignation
    out of turn, a timeout, a forfeit: `tabletop.record.VERDICTS`): ratings and
    statistics read the marks as ever, while a front end shows who won, never the marks
    as points. A record keeps it as how the game `ended`; it is neither saved nor compared.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    line: Line | None = field(default=None, compare=False, repr=False)
    rewards: tuple[float, ...] | None = field(default=None, compare=False, repr=False)
    points: bool = field(default=True, compare=False, repr=False)

    @property
    def said(self) -> str | Line:
        """The reason as a front end shows it: `line` if the game gave one, else `reason`
        (`tabletop.lines.render` shows either with the seats' labels)."""
        return self.line if self.line is not None else self.reason

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of this outcome."""
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Any) -> Outcome:
        """Rebuild an outcome from `to_dict` output; raises `RecordError` naming the part
        that is malformed (scores are numbers, winners seat numbers, the reason a text)."""
        if not isinstance(data, dict) or set(data) != {"scores", "winners", "reason"}:
            raise RecordError(_("result must be an object of scores, winners and reason, "
                                "not {value}").format(value=shown(data)))
        scores, winners, reason = data["scores"], data["winners"], data["reason"]
        if not isinstance(scores, list) or not all(type(s) in (int, float) for s in scores):
            raise RecordError(_("result scores must be a list of numbers, not {value}").format(
                value=shown(scores)))
        if not isinstance(winners, list) or not all(type(w) is int and w >= 0
                                                    for w in winners):
            raise RecordError(_("result winners must be a list of seats, not {value}").format(
                value=shown(winners)))
        if not isinstance(reason, str):
            raise RecordError(_("result reason must be a text, not {value}").format(
                value=shown(reason)))
        return cls(tuple(scores), tuple(winners), reason)

    def share(self, seat: int) -> float:
        """The seat's share of the victory: 1/k if it is one of k winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def reward(self, seat: int) -> float:
        """What the result is worth to `seat` on the host's one scale, in [0, 1].

        A sole win is 1 and a loss 0; one of k winners gets 1/k (two sharing a win
        each get 1/2); a draw, where nobody wins at a table of two or more, is worth
        1/2 to every seat — half a win, better than a loss, so search plays for a draw
        when a win is out of reach. Alone at the table, a game without a winner is lost
        (0). The game's own `rewards`, when it gives them, take the place of this scale.
        """
        if self.rewards is not None:
            return self.rewards[seat]
        if not self.winners:
            return 0.5 if len(self.scores) > 1 else 0.0
        return self.share(seat)

