"""The full-game player: a deal as a state machine (:mod:`.game`), and a player that calls and
plays from one seat's view (:mod:`.player`, its calls by :mod:`.bidder`)."""

from .game import Announcement, Game, GameError, SeatView
from .player import Player

__all__ = ["Announcement", "Game", "GameError", "Player", "SeatView"]
