"""The rules of the game: legal play and trick taking, deal scoring, matches (the rule
profiles they read are values, in :mod:`belote.types.profile`)."""

from .match import (PASSED_OUT, DealLine, MatchSheet, PlayedDeal, match_sheet, played_deal,
                    session_sheets)
from .play import Trick, belote_mask, belote_sides, legal_cards, trick_winner_index
from .scoring import DealScore, contract_made, min_points_to_make, round_score, trick_points_of

__all__ = ["DealLine", "DealScore", "MatchSheet", "PASSED_OUT", "PlayedDeal", "Trick",
           "belote_mask", "belote_sides", "contract_made", "legal_cards", "match_sheet",
           "min_points_to_make", "played_deal", "round_score", "session_sheets", "trick_points_of",
           "trick_winner_index"]
