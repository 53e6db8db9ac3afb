# Exact texts, some longer than a line: they are data, quoted whole.
# ruff: noqa: E501
"""The texts the layout test knows are still cut with an ellipsis, and where.

Each is laid out by code that other sessions of issue 36 change at the same time as this
list was made: the launcher, the game screen's sidebar, Verso's renderer and Statistics.
`test_layout` fails on any other cut text (but a name or a path, marked `may_cut` where it
is laid out), and on a text of this list no longer cut there: the list only shrinks, and
says exactly what is left to fix.
"""

from __future__ import annotations

#: (language, window size) -> screen (as `test_layout.screens` names it) -> exact texts.
KNOWN_CUT: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    ('en', '800x600'): {
        'versus in play': (
            'To move: Ada Lovelace-Byron (Blue)',
        ),
        'versus previewing a move': (
            'To move: Ada Lovelace-Byron (Blue)',
        ),
        'verso 1 players previewing a bank': (
            'To move: Ada Lovelace-Byron',
            'Ada Lovelace-Byron already holds orange 3: the drawn card is discarded (no duplicates). The solo opponent turns over orange 3 (3 pts): green 2 (1 pt).',
        ),
        'verso 6 players in play': (
            'To move: Ada Lovelace-Byron',
            '▶ Ada Lovelace-Byron',
        ),
        'reversi in play': (
            'To move: Ada Lovelace-Byron (Black)',
        ),
        'launcher': (
            'Ada Lovelace-Byron vs Player 2',
            'Ada Lovelace-Byron, Player 2, Player 3, Player 4, Player 5 and Player 6',
        ),
        'replay': (
            '3. Player 3: 12 4. Player 4: 12 5. Player 6: 12 6. Ada Lovelace-Byron: 10',
            'Ada Lovelace-Byron',
        ),
    },
    ('en', '1280x800'): {
        'verso 6 players in play': (
            '▶ Ada Lovelace-Byron',
        ),
        'launcher': (
            'Ada Lovelace-Byron, Player 2, Player 3, Player 4, Player 5 and Player 6',
        ),
    },
    ('en', '1920x1080'): {
        'launcher': (
            'Ada Lovelace-Byron, Player 2, Player 3, Player 4, Player 5 and Player 6',
        ),
    },
    ('fr', '800x600'): {
        'versus in play': (
            'À jouer\xa0: Ada Lovelace-Byron (Bleu)',
        ),
        'versus previewing a move': (
            'À jouer\xa0: Ada Lovelace-Byron (Bleu)',
        ),
        'verso 1 players in play': (
            'Défausse\xa0: 31',
        ),
        'verso 1 players previewing a bank': (
            'Défausse\xa0: 16',
            "Ada Lovelace-Byron a déjà le 3 orange\xa0: la carte piochée est défaussée (pas de doublon). L'adversaire fictif retourne le 3 orange (3 pts)\xa0: 2 vert (1 pt).",
        ),
        'verso 3 players in play': (
            'Défausse\xa0: 10',
            'Joueur 3 retourne le 6 bleu (3 pts), qui devient le 1 vert (1 pt), une face déjà dans son jeu\xa0: elle est défaussée.',
        ),
        'verso 3 players previewing a bank': (
            'Défausse\xa0: 3',
        ),
        'verso 6 players in play': (
            'Défausse\xa0: 6',
            '▶ Ada Lovelace-Byron',
        ),
        'verso 6 players previewing a bank': (
            'Défausse\xa0: 1',
        ),
        'reversi in play': (
            'À jouer\xa0: Ada Lovelace-Byron (Noir)',
        ),
        'launcher': (
            'Ada Lovelace-Byron contre Joueur 2',
            'Ada Lovelace-Byron, Joueur 2, Joueur 3, Joueur 4, Joueur 5 et Joueur 6',
        ),
        'replay': (
            'Défausse\xa0: 60',
            '3. Joueur 3\xa0: 12 4. Joueur 4\xa0: 12 5. Joueur 6\xa0: 12 6. Ada Lovelace-Byron\xa0: 10',
        ),
    },
    ('fr', '1280x800'): {
        'verso 6 players in play': (
            '▶ Ada Lovelace-Byron',
        ),
        'launcher': (
            'Ada Lovelace-Byron, Joueur 2, Joueur 3, Joueur 4, Joueur 5 et Joueur 6',
        ),
        'replay': (
            'Défausse\xa0: 60',
        ),
    },
    ('fr', '1920x1080'): {
        'launcher': (
            'Ada Lovelace-Byron, Joueur 2, Joueur 3, Joueur 4, Joueur 5 et Joueur 6',
        ),
    },
    ('de', '800x600'): {
        'versus in play': (
            'Am Zug: Ada Lovelace-Byron (Blau)',
        ),
        'versus previewing a move': (
            'Am Zug: Ada Lovelace-Byron (Blau)',
        ),
        'verso 1 players previewing a bank': (
            'Ada Lovelace-Byron hat schon: orange 3; die gezogene Karte wird abgeworfen (keine doppelten Karten). Der Solo-Gegner dreht um: orange 3 (3 Pkt.), jetzt grüne 2 (1 Pkt.).',
        ),
        'verso 3 players in play': (
            'Spieler 3 dreht um: blaue 6 (3 Pkt.) wird zu grüne 1 (1 Pkt.), einer Seite, die schon in der Auslage liegt – die Karte wird abgeworfen.',
        ),
        'verso 6 players in play': (
            '▶ Ada Lovelace-Byron',
        ),
        'reversi in play': (
            'Am Zug: Ada Lovelace-Byron (Schwarz)',
        ),
        'launcher': (
            'Ada Lovelace-Byron gegen Spieler 2',
            'Ada Lovelace-Byron, Spieler 2, Spieler 3, Spieler 4, Spieler 5 und Spieler 6',
        ),
        'replay': (
            '3. Spieler 3: 12 4. Spieler 4: 12 5. Spieler 6: 12 6. Ada Lovelace-Byron: 10',
            'Ada Lovelace-Byron',
        ),
    },
    ('de', '1280x800'): {
        'verso 6 players in play': (
            '▶ Ada Lovelace-Byron',
        ),
        'launcher': (
            'Ada Lovelace-Byron, Spieler 2, Spieler 3, Spieler 4, Spieler 5 und Spieler 6',
        ),
    },
    ('de', '1920x1080'): {
        'launcher': (
            'Ada Lovelace-Byron, Spieler 2, Spieler 3, Spieler 4, Spieler 5 und Spieler 6',
        ),
    },
}
