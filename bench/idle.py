"""Benchmark the idle app: CPU use of the real app process while nobody touches it.

Run: .venv/bin/python bench/idle.py [--seconds 10]
Target (issue 12): ≤ 3 % of a core at the launcher, in a game (human to move, nothing
animating) and in the replay viewer after a step forward (its animation over). The app
runs as a subprocess with its real event loop (`arcade.run`) on a private Xvfb display
when `Xvfb` is installed, else headless through pyglet's own event loop (the one
`arcade.run` uses on a display; arcade's headless loop draws flat out and says nothing
about idleness). Each scene settles for 2 s, then the process's user + system CPU time is
read from /proc over the measured seconds. The AI worker is a separate process that idles
at zero; its CPU, if any, is printed too.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SETTLE = 2.0

#: The scenes: (label, game id or None for the launcher, seats' agents); no agents: the
#: replay of a finished solo game kept in the library, one step forward from its start.
SCENES = (
    ("launcher", None, ()),
    ("Versus, human vs computer, human to move", "versus", ("human", "random")),
    ("Verso solo, human to move", "verso", ("human",)),
    ("Verso solo replay, after a step (→)", "verso", ()),
)


def child(game_id: str | None, agents: tuple[str, ...]) -> None:
    """In the subprocess: open the app on the scene and run its event loop."""
    import pyglet

    from tabletop.play.session import Session
    from tabletop.plugins import Host
    from tabletop.ui._arcade import arcade
    from tabletop.ui.app import make_window

    host = Host().load()
    window = make_window(host)
    if game_id is not None and not agents:
        entry_id = keep_solo_game(host, game_id)
        window.app.show_replay(entry_id)
        window.current_view.go(0)
        window.current_view.step(1)  # animated; over long before the measure starts
    elif game_id is not None:
        game = host.game(game_id)
        options = {o.name: o.default for o in game.info.options}
        session = Session.new(game, len(agents), options, 1, agents)
        window.app.start_game(game_id, session)

    def ready(_dt: float) -> None:
        print("ready", flush=True)

    pyglet.clock.schedule_once(ready, SETTLE)
    if window.headless:
        pyglet.app.run(None)  # the loop arcade.run uses on a display
    else:
        arcade.run()


def keep_solo_game(host: Any, game_id: str) -> str:
    """Keep a finished solo game (seeded random moves) in the app's library; its id."""
    from tabletop.store.library import Library
    from tabletop.store.paths import data_dir
    from tabletop.testing import random_record

    library = Library.open(data_dir())
    try:
        return library.add(random_record(host.game(game_id), 1, 1), ["Ada"]).id
    finally:
        library.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process `pid`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The direct child processes of `pid` (the AI worker, the resource tracker)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parts = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(parts[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def start_display() -> tuple[subprocess.Popen[bytes] | None, str | None]:
    """A private Xvfb display, or (None, None) if Xvfb is not installed."""
    if shutil.which("Xvfb") is None:
        return None, None
    for number in range(140, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(
                f"/tmp/.X{number}-lock").exists():
            display = f":{number}"
            server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x800x24"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(50):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return server, display
                time.sleep(0.1)
            server.kill()
            server.wait()
    return None, None


def measure(index: int, seconds: float, display: str | None) -> tuple[float, float]:
    """(app %, other processes %) of a core over `seconds` of idleness in scene `index`."""
    env = dict(os.environ, TABLETOP_DATA_DIR=tempfile.mkdtemp(prefix="tabletop-idle-"))
    if display is not None:
        env.pop("ARCADE_HEADLESS", None)
        env["DISPLAY"] = display
    else:
        env["ARCADE_HEADLESS"] = "1"
    app = subprocess.Popen([sys.executable, __file__, "--child", str(index)], env=env,
                           stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        line = app.stdout.readline()
        if line.strip() != "ready":
            raise SystemExit(f"the app did not start (exit code {app.wait()})")
        others = children(app.pid)
        start = cpu_seconds(app.pid), sum(cpu_seconds(p) for p in others)
        time.sleep(seconds)
        end = cpu_seconds(app.pid), sum(cpu_seconds(p) for p in others)
        return (100 * (end[0] - start[0]) / seconds, 100 * (end[1] - start[1]) / seconds)
    finally:
        app.terminate()
        try:
            app.wait(10)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()


def main() -> None:
    """Print the idle CPU of each scene, with the command and the display used."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _, game_id, agents = SCENES[args.child]
        child(game_id, agents)
        return
    server, display = start_display()
    where = f"Xvfb {display}" if display else "headless (no Xvfb installed)"
    print(f"Idle CPU of the app, % of one core over {args.seconds:g} s, on {where} "
          f"(.venv/bin/python bench/idle.py); target ≤ 3 %:")
    try:
        for index, (label, _, _) in enumerate(SCENES):
            app, others = measure(index, args.seconds, display)
            print(f"  {label:<42} app {app:5.1f} %   other processes {others:4.1f} %")
    finally:
        if server is not None:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
