"""The auction: its par when every card is visible (:mod:`.par`), and what its calls say
of the hidden hands under a convention profile (:mod:`.conventions`, :mod:`.inference`)."""

from .beliefs import COLVER_WEIGHTS, CallWeights, layout_log_likelihood
from .conventions import (CALL_KINDS, DEFAULT, Conventions, CountRule, HoldingRule, Rule,
                          load_conventions, parse_conventions)
from .inference import AuctionImpossible, AuctionReading, Inference, call_kind, read_auction
from .par import (BoardPar, BoardParJob, Makeable, ParContract, ParResult, bid_ladder, par_boards,
                  plan_par, solve_par)

__all__ = ["AuctionImpossible", "AuctionReading", "BoardPar", "BoardParJob", "CALL_KINDS",
           "COLVER_WEIGHTS", "CallWeights", "Conventions", "CountRule", "DEFAULT", "HoldingRule",
           "Inference", "Makeable", "ParContract", "ParResult", "Rule", "bid_ladder", "call_kind",
           "layout_log_likelihood", "load_conventions", "par_boards", "parse_conventions",
           "plan_par", "read_auction", "solve_par"]
