"""The click face of `tabletop.play.choices`: option types and the option groups every
command shares, so `play`, `simulate` and `tournament` take their budgets, seeds and
agents with the same names, the same bounds and the same error lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from tabletop.ai.base import Budget
from tabletop.i18n import N_, _
from tabletop.play import choices
from tabletop.play.choices import ChoiceError

F = TypeVar("F", bound=Callable[..., Any])


class Choice(click.ParamType):
    """A click type that converts with a `choices` function (its `ChoiceError` becomes
    click's one-line "Invalid value for '--seed': …")."""

    def __init__(self, name: str, parse: Callable[[Any], Any]) -> None:
        self.name = name
        self.parse = parse

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        """The kind of value, in capitals after the option in `--help` ("INTEGER"), in
        the player's language."""
        return _(self.name).upper()

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return self.parse(value)
        except ChoiceError as exc:
            self.fail(str(exc), param, ctx)


SECONDS = Choice(N_("seconds"), choices.seconds)
ITERATIONS = Choice(N_("integer"), choices.iterations)
SEED = Choice(N_("integer"), choices.seed)


def refused(exc: ChoiceError, hint: str | None = None) -> click.BadParameter:
    """A choice refused by `choices`, as click's bad-option error (exit 2), on one line."""
    return click.BadParameter(str(exc), param_hint=hint or exc.option)


def budget_options(command: F) -> F:
    """`--seconds S` and `--iterations N`: the budget per AI decision, the same options
    with the same bounds in `play`, `simulate` and `tournament`."""
    command = click.option(
        "--iterations", type=ITERATIONS, metavar="N",
        help=_("Work per AI move instead of time (the same seed gives the same "
               "game)."))(command)
    return click.option(
        "--seconds", type=SECONDS, metavar="S",
        help=_("Thinking time per AI move (default: each agent's own)."))(command)


def agents_option(help_text: str, **extra: Any) -> Callable[[F], F]:
    """`--agents A,B,...` (repeatable too): the agents or levels, comma-separated."""
    return click.option("--agents", "agent_list", multiple=True, metavar="A,B[,...]",
                        help=help_text, **extra)


def the_budget(seconds: float | None, iterations: int | None, text: str | None = None,
               ) -> Budget:
    """The budget of `--seconds`/`--iterations`, or of the older `--budget TEXT` (said
    deprecated on stderr, in one line); both spellings at once are refused."""
    if text is None:
        return choices.budget(seconds, iterations)
    click.echo(_("warning: --budget is deprecated: use --iterations N and/or --seconds S"),
               err=True)
    if seconds is not None or iterations is not None:
        raise click.BadParameter(_("give --seconds/--iterations or --budget, not both"),
                                 param_hint="--budget")
    try:
        return choices.budget_text(text)
    except ChoiceError as exc:
        raise refused(exc) from None
