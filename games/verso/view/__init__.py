"""Verso's drawing code for the desktop app (the only part of the plugin that uses arcade).

`renderer.VersoRenderer` is what the plugin registers; it keeps the interaction state,
takes a frozen `table.TableScene` of it on every change and lets `table.paint_table`
paint the still table, which returns what it drew (buttons, card boxes). It draws through
the board toolkit (`tabletop.ui.boards`): `places` lays the strip and the panels out
and places every card on the toolkit's `CardTable` (the deck, the pile, each seat's three
colour rows); `cards` paints a card's face into the toolkit's `Mesh` (`CardFace`, a
`Piece.painter`); the toolkit's `MoveAnimation` plays each card's `Travel` that
`motions` works out; `preview` and `motions` work out — from a seat's view only, with
the rules' own functions, without arcade — what a bank would do and how the cards of a
played move travel.
"""
