"""The Versus board on screen (arcade), imported only by the desktop app through
`renderer.VersusRenderer`, never by the rules, the AI or headless runs.

`renderer` (the shell-facing class: events, layers, texts), `board` and `marks` (the
painters), `scene` (what painters get and give back), `mesh` (triangles and palette),
`animation` (a move's transition), `geometry` (layout arithmetic, no arcade).
"""
