"""The Versus board on screen (arcade), imported only by the desktop app through
`renderer.VersusRenderer`, never by the rules, the AI or headless runs.

Drawn by the board toolkit (`tabletop.ui.boards`); what is Versus's own is here:
`renderer` (the toolkit's `BoardRenderer` told about Versus: its board, pieces, moves,
words), `pawns` (the palette and the pieces' look: a pawn's sections, the tetrahedra),
`marks` (a previewed move's arrows and §5 marks, the preview in words), `legend` (the
symbols explained).
"""
