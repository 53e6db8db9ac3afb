"""Each client reads the whole game in its own language (`docs/network.md`, Versions):
real `tabletop serve` and `tabletop host` processes, and real client processes that
speak French, German or English (`tests/net/speaker.py`), at one table of Versus.

The host sends lines, results, refusals and errors as template and arguments; each
client words them with its own catalogs. So the French player reads the log, the result
and its refusals in French beside a German player or at an English host, and the host
words nothing for them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from websockets.sync.client import connect

from tabletop.net.protocol import encode
from tests.net.processes import Process, finish, kept, start_host, start_serve, stop

SPEAKER = [sys.executable, "-m", "tests.net.speaker"]

#: What each language's player must read: a refused move ("Error: ..."), the result,
#: the resignation, the seat's name, a move's line in the log (Versus's catalog).
WORDS = {
    "fr": ["Erreur\u00a0:", "Partie terminée\u00a0:", "abandonne", "Bleu", "déplace un pion de"],
    "de": ["Fehler:", "gibt auf", "Blau", "zieht einen Stein von"],
    "en": ["Error:", "Game over:", "resigns", "Blue", "moves a pawn from"],
}
#: Words that give another language away.
FOREIGN = {"fr": ["Error:", "Game over", "resigns", "Fehler", "gibt auf"],
           "de": ["Error:", "Game over", "resigns", "Erreur", "abandonne"],
           "en": ["Erreur", "abandonne", "Fehler", "gibt auf"]}


def speak(address: str, code: str, name: str, language: str, data: Path) -> Process:
    """A scripted player in `language` at the table `code` (see `speaker.py`)."""
    return Process([address, code, name], data, language=language, command=SPEAKER)


def check(text: str, language: str) -> None:
    """The player's whole output reads in `language`: log, refusals, result."""
    for words in WORDS[language]:
        assert words in text, (language, words, text)
    for words in FOREIGN[language]:
        assert words not in text, (language, words, text)


def play(address: str, code: str, languages: tuple[str, str], data: Path) -> list[str]:
    """Two players, the first to join sits first; what each said, in order."""
    first = speak(address, code, "Ada", languages[0], data / "ada")
    first.wait_for(lambda text: "Ada" in text)  # seated first: seat 1, to move
    second = speak(address, code, "Bob", languages[1], data / "bob")
    return [finish(first, 120), finish(second, 120)]


def test_a_french_and_a_german_player_at_one_serve_each_read_their_own_language(
        tmp_path: Path) -> None:
    server, address = start_serve(tmp_path / "serve")
    try:
        with connect(f"ws://{address}/", open_timeout=20) as opener:
            opener.send(encode("open", game="versus", seats=["online", "online"]))
            opened = json.loads(opener.recv(timeout=20))
        assert opened["type"] == "opened", opened
        french, german = play(address, opened["code"], ("fr", "de"), tmp_path)
    finally:
        said = stop(server)
    check(french, "fr")
    check(german, "de")
    # The server words nothing for the players: none of their words in its output.
    for words in WORDS["fr"] + WORDS["de"]:
        assert words not in said, (words, said)


def test_a_french_player_at_an_english_host_reads_french(tmp_path: Path) -> None:
    host, address, code = start_host(tmp_path / "host", "versus", "--seat=remote",
                                     "--seat=remote", language="en")
    english, french = play(address, code, ("en", "fr"), tmp_path)
    finish(host)
    check(english, "en")
    check(french, "fr")
    [record] = kept(tmp_path / "host")
    assert [r.moves for r in kept(tmp_path / "bob")] == [record.moves]
