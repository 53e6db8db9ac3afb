"""`tabletop screenshot --screen NAME`: any screen drawn headless at the asked size."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from tabletop.cli import main
from tabletop.plugins import Host


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), obj={"host": Host()})
    return result.exit_code, result.output


@pytest.mark.parametrize("screen, extra", [("launcher", []), ("setup", ["--game", "verso"]),
                                           ("rules", ["--game", "versus"]),
                                           ("stats", [])])
def test_a_screen_is_drawn_at_the_size_asked(tmp_path: Path, screen: str,
                                             extra: list[str]) -> None:
    out = tmp_path / f"{screen}.png"
    code, output = _run("screenshot", "--screen", screen, *extra, "--size", "800x600",
                        "--out", str(out))
    assert code == 0, output
    with Image.open(out) as image:
        assert image.size == (800, 600)
        assert len(set(image.convert("RGB").getdata())) > 8  # something was drawn


@pytest.mark.parametrize("args, message", [
    (["--screen", "lobby"], "unknown screen 'lobby'"),
    (["--screen", "setup"], "--screen setup needs --game ID"),
    (["--screen", "replay"], "--screen replay needs --record FILE"),
    (["--screen", "rules", "--game", "chess"], "chess"),
    ([], "give GAME and --record FILE, or --screen NAME"),
])
def test_what_is_missing_is_said_in_one_line(tmp_path: Path, args: list[str],
                                              message: str) -> None:
    code, output = _run("screenshot", *args, "--out", str(tmp_path / "x.png"))
    assert code != 0 and message in output and "Traceback" not in output
