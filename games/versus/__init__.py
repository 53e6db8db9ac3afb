"""Versus: the rules engine and AI players of the `versus` plugin (versus.md).

Modules, in the game's words: `board` (the 91 hexagons, names, lines), `pieces` (piece
codes, start position and targets as data), `rules` (moves, attraction, the limit, the
end and the score), `state` (frozen states and moves), `notation` (move text and the
board picture), `save` (the state format), `game` (`VersusGame`), `evaluation`,
`search` and `agents` (the `greedy` and `strong` players), `plugin` (hookimpls only).
"""
