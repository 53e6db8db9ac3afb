"""Render the three games `tabletop new-game` scaffolds, in the app, to PNG.

Run: .venv/bin/python docs/screens/render_scaffold.py
Scaffolds four_row (--board square), hex_link (--board hex) and tricks (--board cards,
3 players) with the real command into a temporary folder, installs them with pip there,
plays a few moves of each with the generic MCTS agent (`tabletop simulate --max-plies`)
and draws the position reached with `tabletop screenshot` at 800×600 and 1280×800.
Writes docs/screens/scaffold-<game>-<W>x<H>.png.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
SIZES = ("800x600", "1280x800")
#: Each game: its new-game arguments, and the simulate arguments of the game drawn.
GAMES = {
    "four_row": (["--board", "square"],
                 ["--seed", "4", "--option", "size=7", "--option", "line=4", "--max-plies", "10"]),
    "hex_link": (["--board", "hex"], ["--seed", "2", "--option", "size=7", "--max-plies", "17"]),
    "tricks": (["--board", "cards", "--players", "3"], ["--seed", "5", "--max-plies", "7"]),
}


def tabletop(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "-m", "tabletop", *args], env=env, check=True)


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        env = dict(os.environ, ARCADE_HEADLESS="1", TABLETOP_DISABLE_PLUGINS="")
        for name, (shape, _) in GAMES.items():
            tabletop(env, "new-game", name, "--dir", str(work / name), *shape)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                        "--target", str(work / "site"), *(str(work / n) for n in GAMES)],
                       check=True)
        env["PYTHONPATH"] = str(work / "site")
        for name, (_, play) in GAMES.items():
            tabletop(env, "simulate", name, "--agents", "mcts", "--games", "1",
                     "--iterations", "200", "--records", str(work / "records"), *play)
            record = next((work / "records").glob(f"{name}-*.json"))
            for size in SIZES:
                tabletop(env, "screenshot", name, "--record", str(record), "--out",
                         str(HERE / f"scaffold-{name}-{size}.png"), "--size", size)


if __name__ == "__main__":
    main()
