"""The one parser of choices (`tabletop.play.choices`, issue 20 item 7): seats, agents and
levels, budgets, options, player counts and seeds are resolved by the same functions in
`play`, `simulate`, `tournament` and the set-up screen, so a bad value gets the same line
from each."""

from __future__ import annotations

import json
from typing import Any

import pytest
import tabletop_nim
from click.testing import CliRunner

from tabletop.ai.base import Budget
from tabletop.cli import main
from tabletop.limits import MAX_MESSAGE, SEED_RANGE
from tabletop.play import choices
from tabletop.play.choices import ChoiceError
from tabletop.plugins import Host, module_sources


@pytest.fixture(scope="module")
def nim() -> Host:
    return Host(module_sources([("nim", tabletop_nim)]), disabled=[]).load()


def _refused(call: Any, *args: Any, **kwargs: Any) -> ChoiceError:
    """The `ChoiceError` of `call(*args)`, checked to be one short line."""
    with pytest.raises(ChoiceError) as caught:
        call(*args, **kwargs)
    text = str(caught.value)
    assert "\n" not in text and len(text) <= MAX_MESSAGE
    return caught.value


# -- numbers and budgets --------------------------------------------------------------------
def test_seconds_are_finite_positive_and_bounded() -> None:
    assert choices.seconds("0.5") == 0.5 and choices.seconds(3600) == 3600.0
    for bad in ("0", "-1", "nan", "inf", "3600.5", "1e30"):
        error = _refused(choices.seconds, bad)
        assert "is not a number of seconds in (0, 3600]" in str(error)
        assert error.option == "--seconds"
    assert str(_refused(choices.seconds, "soon")) == "'soon' is not a number of seconds"


def test_iterations_are_whole_and_bounded_in_clicks_words() -> None:
    assert choices.iterations("300") == 300
    assert str(_refused(choices.iterations, "0")) == (
        f"0 is not in the range 1<=x<={choices.MAX_ITERATIONS}.")
    assert str(_refused(choices.iterations, "2.5")) == "'2.5' is not a valid integer."
    # A 100,000-digit number is refused without being quoted whole.
    assert "is not a valid integer" in str(_refused(choices.iterations, "9" * 100_000))


def test_a_budget_from_either_spelling_is_the_same_budget() -> None:
    assert choices.budget() == Budget()
    assert choices.budget("1.5", "40") == Budget(1.5, 40)
    assert choices.budget_text("seconds=1.5,iterations=40") == choices.budget(1.5, 40)
    assert choices.budget_text(None) == Budget()
    assert _refused(choices.budget, None, "0").option == "--iterations"
    error = _refused(choices.budget_text, "moves=3")
    assert error.option == "--budget" and "expected iterations=N" in str(error)
    assert "at most iterations=" in str(_refused(choices.budget_text, "iterations=" + "9" * 12))
    assert "at most" in str(_refused(choices.budget_text, "seconds=3601"))


# -- seeds ----------------------------------------------------------------------------------
def test_seeds_are_64_bit_and_a_run_of_seeds_stays_within_them() -> None:
    low, high = SEED_RANGE
    assert choices.seed(str(low)) == low and choices.seed(high) == high
    assert "is not in the range" in str(_refused(choices.seed, str(high + 1)))
    assert _refused(choices.seed, "x").option == "--seed"
    assert choices.seed_run(high - 9, 10, "game") == high - 9
    error = _refused(choices.seed_run, high - 9, 11, "round")
    assert str(error) == f"round seeds SEED..SEED+10 must stay within {high}"


def test_a_random_seed_is_a_seed() -> None:
    drawn = {choices.random_seed() for _ in range(20)}
    assert all(0 <= s < choices.RANDOM_SEEDS for s in drawn) and len(drawn) > 1
    assert all(choices.seed(s) == s for s in drawn)


# -- agents, levels, seats and players ------------------------------------------------------
def test_agent_names_read_commas_and_repeats_alike() -> None:
    assert choices.agent_names(["random,mcts"]) == ["random", "mcts"]
    assert choices.agent_names(["random", " mcts ", ","]) == ["random", "mcts"]
    assert choices.agent_names([]) == []


def test_agents_are_the_games_and_human_only_where_a_person_may_sit(nim: Host) -> None:
    assert choices.agents(nim, "nim", ["mcts", "random"]) == ["mcts", "random"]
    assert choices.agents(nim, "nim", ["human", "mcts"], human=True) == ["human", "mcts"]
    error = _refused(choices.agents, nim, "nim", ["human"])
    assert str(error) == "no agent 'human' for nim (agents: random, mcts)"
    assert _refused(choices.agents, nim, "nim", ["x" * 100_000], "--seat").option == "--seat"


def test_levels_are_what_a_seat_offers_where_the_game_has_them(nim: Host) -> None:
    versus = Host().load()
    named = choices.levels(versus, "versus")
    assert list(named) == ["Casual", "Club", "Expert"]
    assert all(level.name == name for name, level in named.items())
    assert choices.seat_choices(versus, "versus") == ["human", *named]
    # A game without levels offers its agents.
    assert choices.levels(nim, "nim") == {}
    assert choices.seat_choices(nim, "nim") == ["human", "random", "mcts"]
    assert choices.agents(versus, "versus", ["Expert"]) == ["Expert"]


def test_players_are_checked_against_the_games_range(nim: Host) -> None:
    game = nim.game("nim")
    assert choices.players(game, None, 2) == 2
    error = _refused(choices.players, game, 3, 2)
    assert error.option == "--players" and "played by 2 players" in str(error)


def test_seats_of_a_played_game_a_match_and_a_tournament(nim: Host) -> None:
    # A played game: one seat given, the strongest agent fills the rest.
    assert choices.play_seats(nim, "nim", [], 2) == ["human", "mcts"]
    assert choices.play_seats(nim, "nim", ["random"], 2) == ["random", "mcts"]
    assert str(_refused(choices.play_seats, nim, "nim", ["human"] * 3, 2)) == (
        "3 seats given for 2 players")
    # A match: one agent for every seat, or one per seat.
    assert choices.match_seats(nim, "nim", ["random"], 2) == ["random", "random"]
    assert str(_refused(choices.match_seats, nim, "nim", ["a", "b", "c"], 2)) == (
        "3 agents for 2 players")
    assert str(_refused(choices.match_seats, nim, "nim", [], 2)) == "name at least one agent"
    assert "no agent 'human'" in str(_refused(choices.match_seats, nim, "nim", ["human"], 2))
    # A tournament: two different known agents at least.
    assert choices.entrants(nim, "nim", ["random", "mcts"]) == ["random", "mcts"]
    for few in (["random"], ["random", "random"]):
        assert str(_refused(choices.entrants, nim, "nim", few)) == (
            "name at least two different agents")


# -- options and names ----------------------------------------------------------------------
def test_options_are_parsed_by_the_games_own_options(nim: Host) -> None:
    game = nim.game("nim")
    values = choices.options(game, ["heaps=1,2"])
    assert choices.checked_options(game, values) is values
    assert str(_refused(choices.options, game, ["heaps"])) == "'heaps' is not key=value"
    assert "no option 'size'" in str(_refused(choices.options, game, ["size=3"]))
    assert _refused(choices.options, game, ["heaps=0,0"]).option == "--option"


def test_person_names_are_bounded_and_printable() -> None:
    assert choices.person_name("Ada") == "Ada"
    assert "longer than 40" in str(_refused(choices.person_name, "A" * 41))
    assert "control" in str(_refused(choices.person_name, "A\x1b[2J"))


# -- one line from every command --------------------------------------------------------------
COMMANDS = (("play", "nim", "--text"), ("simulate", "nim"), ("tournament", "nim"))
#: Agents every command takes (a tournament needs two), where the bad choice is another.
AGENTS = ("--agents", "random,mcts")


def _error_line(*args: str) -> str:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    result = CliRunner().invoke(main, list(args), obj={"host": host}, input="")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, result.output
    return errors[0]


@pytest.mark.parametrize("bad", [
    ("--seconds", "nan"), ("--seconds", "0"), ("--iterations", "0"),
    ("--iterations", "many"), ("--seed", str(SEED_RANGE[1] + 1)), ("--seed", "x"),
    ("--agents", "nobody,random"), ("--option", "heaps"), ("--option", "size=3"),
])
def test_play_simulate_and_tournament_refuse_a_bad_choice_with_the_same_line(
        bad: tuple[str, str]) -> None:
    agents = () if bad[0] == "--agents" else AGENTS
    lines = {_error_line(*command, *agents, *bad) for command in COMMANDS}
    assert len(lines) == 1, lines
    assert f"Invalid value for {bad[0]}" in lines.pop().replace("'", "")


def test_every_command_takes_the_same_budget_and_agents_spelling() -> None:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    runner = CliRunner()
    played = runner.invoke(main, ["play", "nim", "--text", "--agents", "random,random",
                                  "--iterations", "5", "--seed", "1"], obj={"host": host})
    assert played.exit_code == 0, played.output
    assert "wins." in played.output  # two agents played it through, nobody was asked
    same = runner.invoke(main, ["play", "nim", "--text", "--seat", "random", "--seat",
                                "random", "--iterations", "5", "--seed", "1"],
                         obj={"host": host})
    assert [line for line in same.output.splitlines() if "library" not in line] == [
        line for line in played.output.splitlines() if "library" not in line]
    simulated = runner.invoke(main, ["simulate", "nim", "--agents", "random,mcts",
                                     "--iterations", "5", "--games", "2", "--json"],
                              obj={"host": host})
    assert simulated.exit_code == 0, simulated.output
    rated = runner.invoke(main, ["tournament", "nim", "--agents", "random,mcts",
                                 "--iterations", "5", "--games-per-pair", "2", "--json"],
                          obj={"host": host})
    assert rated.exit_code == 0, rated.output
    assert rated.stderr.count("deprecated") == 0


def test_the_older_budget_spelling_still_works_and_says_it_is_deprecated() -> None:
    host = Host(module_sources([("nim", tabletop_nim)]), disabled=[])
    args = ["tournament", "nim", "--agents", "random,mcts", "--games-per-pair", "2",
            "--seed", "3", "--json"]
    old = CliRunner().invoke(main, [*args, "--budget", "iterations=5"], obj={"host": host})
    new = CliRunner().invoke(main, [*args, "--iterations", "5"], obj={"host": host})
    assert old.exit_code == 0 and new.exit_code == 0, old.output
    warning = [line for line in old.stderr.splitlines() if "deprecated" in line]
    assert warning == ["warning: --budget is deprecated: use --iterations N and/or --seconds S"]
    assert json.loads(old.stdout)["results"] == json.loads(new.stdout)["results"]
    both = _error_line(*args, "--budget", "iterations=5", "--seconds", "1")
    assert both == ("Error: Invalid value for --budget: give --seconds/--iterations or "
                    "--budget, not both")
