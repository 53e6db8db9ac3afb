"""Verso's drawing code for the desktop app (the only part of the plugin that uses arcade).

`renderer.VersoRenderer` is what the plugin registers; it keeps the interaction state,
takes a frozen `table.TableScene` of it on every change and lets `table.paint_table`
paint the still table, which returns what it drew (buttons, card boxes). `geometry`
places everything, `cards` paints a card, `moving` draws the cards in motion in a few
calls a frame, `preview` and `animation` work out — from a seat's view only, with the
rules' own functions, without arcade — what a bank would do and how the cards of a
played move travel.
"""
