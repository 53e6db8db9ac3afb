"""Tabletop: a desktop suite for tabletop games, with games as plugins."""

from tabletop.hookspecs import hookimpl
from tabletop.lines import Line, seat
from tabletop.model import Game, GameInfo, GameOption, Outcome

__all__ = ["Game", "GameInfo", "GameOption", "Line", "Outcome", "hookimpl", "seat"]
__version__ = "0.1.0"
