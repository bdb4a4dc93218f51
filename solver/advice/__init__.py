"""Advice from what a player can see: bids (:mod:`.bid`), cards (:mod:`.hint`), and whole
deals played single-dummy by all four seats (:mod:`.playout`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".auction": ("AuctionAdvice", "Option", "auction_advice", "classic_seen", "question_of",
                 "sample_outcomes", "score_outcomes"),
    ".bid": ("MAX_LISTED", "BidAdvice", "ContractEstimate", "bid_table", "classic_advice",
             "classic_constraints", "classic_question", "coinche_contracts", "count_layouts",
             "estimate_contract", "net_range"),
    ".bid_play": ("PLAYS", "PlayDifference", "PlayedAdvice", "played_classic", "played_estimate",
                  "played_table"),
    ".hint": ("DEFAULT_SAMPLES", "MAX_SAMPLES", "RANKINGS", "BoardHint", "CardAdvice", "Hint",
              "HintJob", "enumerate_layouts", "hint_board", "plan_hint", "replay",
              "visible_constraints"),
    ".playout": ("DEFAULT_SCHEDULE", "Decision", "Playout", "Schedule", "decide",
                 "decision_layouts", "play_board", "played_board", "playouts", "resampled_layouts"),
    ".question": ("PLAYED_SAMPLES", "TABLE_SAMPLES", "BidJob"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .auction import (AuctionAdvice as AuctionAdvice, Option as Option,
                          auction_advice as auction_advice, classic_seen as classic_seen,
                          question_of as question_of, sample_outcomes as sample_outcomes,
                          score_outcomes as score_outcomes)
    from .bid import (MAX_LISTED as MAX_LISTED, BidAdvice as BidAdvice,
                      ContractEstimate as ContractEstimate, bid_table as bid_table,
                      classic_advice as classic_advice, classic_constraints as classic_constraints,
                      classic_question as classic_question, coinche_contracts as coinche_contracts,
                      count_layouts as count_layouts, estimate_contract as estimate_contract,
                      net_range as net_range)
    from .bid_play import (PLAYS as PLAYS, PlayDifference as PlayDifference,
                           PlayedAdvice as PlayedAdvice, played_classic as played_classic,
                           played_estimate as played_estimate, played_table as played_table)
    from .hint import (DEFAULT_SAMPLES as DEFAULT_SAMPLES, MAX_SAMPLES as MAX_SAMPLES,
                       RANKINGS as RANKINGS, BoardHint as BoardHint, CardAdvice as CardAdvice,
                       Hint as Hint, HintJob as HintJob, enumerate_layouts as enumerate_layouts,
                       hint_board as hint_board, plan_hint as plan_hint, replay as replay,
                       visible_constraints as visible_constraints)
    from .playout import (DEFAULT_SCHEDULE as DEFAULT_SCHEDULE, Decision as Decision,
                          Playout as Playout, Schedule as Schedule, decide as decide,
                          decision_layouts as decision_layouts, play_board as play_board,
                          played_board as played_board, playouts as playouts,
                          resampled_layouts as resampled_layouts)
    from .question import (PLAYED_SAMPLES as PLAYED_SAMPLES, TABLE_SAMPLES as TABLE_SAMPLES,
                           BidJob as BidJob)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
