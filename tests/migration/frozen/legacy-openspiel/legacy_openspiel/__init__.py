"""OpenSpiel's perfect-information and chance games as Tabletop games (`openspiel-<name>`)."""

from .catalogue import BRIDGED, HIDDEN_BRIDGED, LEFT_OUT, game_id
from .game import OpenSpielGame

__all__ = ["BRIDGED", "HIDDEN_BRIDGED", "LEFT_OUT", "OpenSpielGame", "game_id"]
