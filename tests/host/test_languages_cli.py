"""Issue 23: the `tabletop` command in French and German, chosen by `--lang` or
`TABLETOP_LANG`, in real processes (the language is settled before click makes the
commands' help, so only a fresh process shows it)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _tabletop(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {name: value for name, value in os.environ.items()
               if name not in ("TABLETOP_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update(ARCADE_HEADLESS="1", LANG="C.UTF-8", **env)
    done = subprocess.run([sys.executable, "-m", "tabletop", *args], env=environ,
                          capture_output=True, text=True, timeout=120)
    # French puts a no-break space before : ; ? ! (the expected texts below write a space).
    done.stdout, done.stderr = (plain(done.stdout), plain(done.stderr))
    return done


def plain(text: str) -> str:
    """`text` with its no-break spaces as plain ones."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def test_help_in_german() -> None:
    shown = _tabletop("--lang", "de", "--help")
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert out.startswith("Aufruf: ")
    assert "Optionen:" in out and "Befehle:" in out
    assert "Sprache der Texte: en, fr oder de" in out
    assert "Die Desktop-App öffnen" in out
    assert "Diese Hilfe anzeigen und beenden." in out
    # The notation a player types is the same in every language.
    assert "--lang LANG" in out and "tournament" in out
    play = _tabletop("--lang", "de", "play", "--help").stdout
    assert "Im Terminal spielen (vorerst erforderlich)." in play


def test_help_stays_english_by_default() -> None:
    shown = _tabletop("--help")
    assert shown.stdout.startswith("Usage: ")
    assert "Open the desktop app (the launcher)." in shown.stdout


def test_an_unknown_language_is_refused_naming_the_languages() -> None:
    refused = _tabletop("--lang", "xx", "games")
    assert refused.returncode == 2
    errors = [line for line in refused.stderr.splitlines() if line.startswith("Error")]
    assert len(errors) == 1, refused.stderr
    assert "'xx' is not a language of Tabletop" in errors[0]
    assert all(code in errors[0] for code in ("en", "fr", "de"))
    assert refused.stdout == ""


def test_games_listed_in_french_from_the_environment() -> None:
    listed = _tabletop("games", TABLETOP_LANG="fr")
    assert listed.returncode == 0, listed.stderr
    assert " joueurs) : " in listed.stdout or " joueur) : " in listed.stdout
    assert "  agents : " in listed.stdout and "(par défaut " in listed.stdout
    # Game ids and option names are typed as they are: never translated.
    assert "  --option " in listed.stdout and "verso " in listed.stdout


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "pas un enregistrement de partie : JSON non valide"),
    ("de", "keine Spielaufzeichnung: ungültiges JSON"),
    (None, "not a game record: invalid JSON"),
])
def test_a_corrupt_record_is_refused_in_the_players_language(
        tmp_path: Path, lang: str | None, said: str) -> None:
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text("{not json", encoding="utf-8")
    args = ("--lang", lang) if lang else ()
    refused = _tabletop(*args, "replay", str(corrupt))
    assert refused.returncode == 1
    lines = refused.stderr.strip().splitlines()
    assert len(lines) == 1, refused.stderr
    assert said in lines[0] and str(corrupt) in lines[0]
    assert lines[0].startswith({"fr": "Erreur : ", "de": "Fehler: "}.get(lang or "", "Error: "))


def test_a_bad_option_is_refused_in_french() -> None:
    refused = _tabletop("--lang", "fr", "play", "verso", "--text", "--seed", "abc")
    assert refused.returncode == 2
    assert ("Erreur : Valeur non valide pour '--seed' : 'abc' n'est pas un nombre entier "
            "valide.") in refused.stderr
    assert refused.stderr.startswith("Utilisation : ")
