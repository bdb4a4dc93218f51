"""Advice from what a player can see: bids (:mod:`.bid`), cards (:mod:`.hint`), and whole
deals played single-dummy by all four seats (:mod:`.playout`)."""

from .auction import (AuctionAdvice, Option, auction_advice, classic_seen, question_of,
                      sample_outcomes, score_outcomes)
from .bid import (BidAdvice, ContractEstimate, bid_table, classic_advice, classic_constraints,
                  classic_question, coinche_contracts, count_layouts, estimate_contract, net_range)
from .bid_play import (PLAYS, PlayDifference, PlayedAdvice, played_classic, played_estimate,
                       played_table)
from .hint import (DEFAULT_SAMPLES, MAX_SAMPLES, RANKINGS, BoardHint, CardAdvice, Hint, HintJob,
                   enumerate_layouts, hint_board, plan_hint, replay, visible_constraints)
from .playout import (DEFAULT_SCHEDULE, Decision, Playout, Schedule, decide, decision_layouts,
                      play_board, played_board, playouts, resampled_layouts)
from .question import PLAYED_SAMPLES, TABLE_SAMPLES, BidJob

__all__ = ["AuctionAdvice", "BidAdvice", "BidJob", "BoardHint", "CardAdvice", "ContractEstimate",
           "DEFAULT_SAMPLES", "DEFAULT_SCHEDULE", "Decision", "Hint", "HintJob", "MAX_SAMPLES",
           "Option", "PLAYED_SAMPLES", "PLAYS", "PlayDifference", "PlayedAdvice", "Playout",
           "RANKINGS", "Schedule", "TABLE_SAMPLES", "auction_advice", "bid_table",
           "classic_advice", "classic_constraints", "classic_question", "classic_seen",
           "coinche_contracts", "count_layouts", "decide", "decision_layouts", "enumerate_layouts",
           "estimate_contract", "hint_board", "net_range", "plan_hint", "play_board",
           "played_board", "played_classic", "played_estimate", "played_table", "playouts",
           "question_of", "replay", "resampled_layouts", "sample_outcomes", "score_outcomes",
           "visible_constraints"]
