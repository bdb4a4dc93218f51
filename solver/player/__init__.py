"""The full-game player: a deal as a state machine (:mod:`.game`), and a player that calls and
plays from one seat's view (:mod:`.player`, its calls by :mod:`.bidder`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".bidder": ("CALIBRATION", "CANDIDATES", "COMPETE", "COMPETE_TOP", "OPENING", "Calibration",
                "CallDecision", "Candidate", "candidates", "defence", "level", "prior_call",
                "rule_holds", "simulated_call"),
    ".game": ("Announcement", "Game", "GameError", "SeatView"),
    ".player": ("Explanation", "heard_by", "seen_by", "stand_in"),
    ".selfplay": ("PlayedGame", "board_games", "play_game", "play_games", "random_games"),
    ".session": ("DEFAULT_STRENGTH", "STRENGTHS", "MatchSession", "new_match", "warm_player"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .bidder import (CALIBRATION as CALIBRATION, CANDIDATES as CANDIDATES,
                         COMPETE as COMPETE, COMPETE_TOP as COMPETE_TOP, OPENING as OPENING,
                         Calibration as Calibration,
                         CallDecision as CallDecision, Candidate as Candidate,
                         candidates as candidates, defence as defence, level as level,
                         prior_call as prior_call, rule_holds as rule_holds,
                         simulated_call as simulated_call)
    from .game import (Announcement as Announcement, Game as Game, GameError as GameError,
                       SeatView as SeatView)
    from .player import (Explanation as Explanation, heard_by as heard_by, seen_by as seen_by,
                         stand_in as stand_in)
    from .selfplay import (PlayedGame as PlayedGame, board_games as board_games,
                           play_game as play_game, play_games as play_games,
                           random_games as random_games)
    from .session import (DEFAULT_STRENGTH as DEFAULT_STRENGTH, STRENGTHS as STRENGTHS,
                          MatchSession as MatchSession, new_match as new_match,
                          warm_player as warm_player)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
