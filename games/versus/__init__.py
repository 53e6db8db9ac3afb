"""Versus: the rules engine and AI players of the `versus` plugin (versus.md).

Modules, in the game's words: `board` (the 91 hexagons, names, lines), `pieces` (piece
codes, start position and targets as data), `rules` (every rule once: the start, moves,
attraction, the limit, a ply, the one end test, the score), `state` (frozen states,
moves, previews, the repetition history), `notation` (move text), `picture` (the board
as text), `saving` (the state format), `game` (`VersusGame`, the `Game` adapter),
`evaluation`, `search` and `agents` (the `greedy` and `strong` players), `words` (the
game's catalog of translations, French and German), `plugin`
(hookimpls only), and `view/` (the board on screen, for the desktop app only).
"""
