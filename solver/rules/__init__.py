"""The rules of the game: legal play and trick taking, deal scoring, matches (the rule
profiles they read are values, in :mod:`belote.types.profile`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".match": ("PASSED_OUT", "DealLine", "MatchSheet", "PlayedDeal", "match_sheet", "played_deal",
               "session_sheets"),
    ".play": ("Trick", "belote_mask", "belote_sides", "legal_cards", "replay",
              "trick_winner_index"),
    ".scoring": ("DealScore", "contract_made", "min_points_to_make", "round_score",
                 "trick_points_of"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .match import (PASSED_OUT as PASSED_OUT, DealLine as DealLine, MatchSheet as MatchSheet,
                        PlayedDeal as PlayedDeal, match_sheet as match_sheet,
                        played_deal as played_deal, session_sheets as session_sheets)
    from .play import (Trick as Trick, belote_mask as belote_mask, belote_sides as belote_sides,
                       legal_cards as legal_cards, replay as replay,
                       trick_winner_index as trick_winner_index)
    from .scoring import (DealScore as DealScore, contract_made as contract_made,
                          min_points_to_make as min_points_to_make, round_score as round_score,
                          trick_points_of as trick_points_of)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
