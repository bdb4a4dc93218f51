"""Advice from what a player can see: bids (:mod:`.bid`), cards (:mod:`.hint`), and whole
deals played single-dummy by all four seats (:mod:`.playout`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".answer": ("QUESTION_KINDS", "BidJob", "BidRow", "Choice"),
    ".auction": ("AuctionAdvice", "Option", "auction_advice", "classic_seen", "flip_outcomes",
                 "question_of", "sample_outcomes", "score_outcomes"),
    ".bid": ("DEFENCE_CAPOT", "FAILED", "MAX_LISTED", "ContractEstimate", "ContractMenu",
             "TableAdvice", "bid_table", "classic_advice", "classic_constraints",
             "classic_contracts", "coinche_contracts", "count_layouts", "estimate_contract",
             "judge", "net_range", "sample_loop", "solve_range"),
    ".bid_play": ("PLAYS", "PlayDifference", "Plays", "play_both", "play_range"),
    ".hint": ("DEFAULT_SAMPLES", "MAX_SAMPLES", "RANKINGS", "BoardHint", "CardAdvice", "Hint",
              "HintJob", "hint_board", "plan_hint"),
    ".playout": ("DEFAULT_SCHEDULE", "Decision", "Playout", "Schedule", "decide",
                 "decision_layouts", "play_board", "played_board", "playouts", "resampled_layouts",
                 "seat_view"),
    ".question": ("PLAYED_SAMPLES", "TABLE_SAMPLES"),
    ".tally": ("LEVEL", "Tally", "look_level"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .answer import (QUESTION_KINDS as QUESTION_KINDS, BidJob as BidJob, BidRow as BidRow,
                         Choice as Choice)
    from .auction import (AuctionAdvice as AuctionAdvice, Option as Option,
                          auction_advice as auction_advice, classic_seen as classic_seen,
                          flip_outcomes as flip_outcomes, question_of as question_of,
                          sample_outcomes as sample_outcomes, score_outcomes as score_outcomes)
    from .bid import (DEFENCE_CAPOT as DEFENCE_CAPOT, FAILED as FAILED, MAX_LISTED as MAX_LISTED,
                      ContractEstimate as ContractEstimate, ContractMenu as ContractMenu,
                      TableAdvice as TableAdvice, bid_table as bid_table,
                      classic_advice as classic_advice, classic_constraints as classic_constraints,
                      classic_contracts as classic_contracts,
                      coinche_contracts as coinche_contracts, count_layouts as count_layouts,
                      estimate_contract as estimate_contract, judge as judge,
                      net_range as net_range, sample_loop as sample_loop,
                      solve_range as solve_range)
    from .bid_play import (PLAYS as PLAYS, PlayDifference as PlayDifference, Plays as Plays,
                           play_both as play_both, play_range as play_range)
    from .hint import (DEFAULT_SAMPLES as DEFAULT_SAMPLES, MAX_SAMPLES as MAX_SAMPLES,
                       RANKINGS as RANKINGS, BoardHint as BoardHint, CardAdvice as CardAdvice,
                       Hint as Hint, HintJob as HintJob, hint_board as hint_board,
                       plan_hint as plan_hint)
    from .playout import (DEFAULT_SCHEDULE as DEFAULT_SCHEDULE, Decision as Decision,
                          Playout as Playout, Schedule as Schedule, decide as decide,
                          decision_layouts as decision_layouts, play_board as play_board,
                          played_board as played_board, playouts as playouts,
                          resampled_layouts as resampled_layouts, seat_view as seat_view)
    from .question import PLAYED_SAMPLES as PLAYED_SAMPLES, TABLE_SAMPLES as TABLE_SAMPLES
    from .tally import LEVEL as LEVEL, Tally as Tally, look_level as look_level

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
