"""Verso, the two-faced card game: rules engine (`rules`), cards as data (`cards`),
notation, observations, saving, a text picture, and the `greedy` and `strong` agents
(`ai`). `plugin` registers them with the Tabletop host; nothing here imports arcade.
"""
