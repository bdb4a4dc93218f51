"""The auction: its par when every card is visible (:mod:`.par`), and what its calls say
of the hidden hands under a convention profile (:mod:`.conventions`, :mod:`.inference`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import attach

_TABLE: dict[str, tuple[str, ...]] = {
    ".beliefs": ("COLVER_WEIGHTS", "CallWeights", "layout_log_likelihood"),
    ".conventions": ("BUILT_IN", "CALL_KINDS", "DEFAULT", "LIGHT", "Conventions", "CountRule",
                     "HoldingRule", "Rule", "conventions_named", "load_conventions",
                     "parse_conventions"),
    ".inference": ("AuctionImpossible", "AuctionReading", "Inference", "call_kind", "read_auction"),
    ".par": ("BoardPar", "BoardParJob", "Makeable", "ParContract", "ParResult", "bid_ladder",
             "par_boards", "plan_par", "solve_par"),
}
"""The public names of this package, by home module (see :mod:`belote._lazy`)."""

if TYPE_CHECKING:
    from .beliefs import (COLVER_WEIGHTS as COLVER_WEIGHTS, CallWeights as CallWeights,
                          layout_log_likelihood as layout_log_likelihood)
    from .conventions import (BUILT_IN as BUILT_IN, CALL_KINDS as CALL_KINDS, DEFAULT as DEFAULT,
                              LIGHT as LIGHT, conventions_named as conventions_named,
                              Conventions as Conventions, CountRule as CountRule,
                              HoldingRule as HoldingRule, Rule as Rule,
                              load_conventions as load_conventions,
                              parse_conventions as parse_conventions)
    from .inference import (AuctionImpossible as AuctionImpossible,
                            AuctionReading as AuctionReading, Inference as Inference,
                            call_kind as call_kind, read_auction as read_auction)
    from .par import (BoardPar as BoardPar, BoardParJob as BoardParJob, Makeable as Makeable,
                      ParContract as ParContract, ParResult as ParResult, bid_ladder as bid_ladder,
                      par_boards as par_boards, plan_par as plan_par, solve_par as solve_par)

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
