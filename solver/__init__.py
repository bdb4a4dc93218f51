"""belote: cards, rules, scoring, PBN and an exact double-dummy solver for Belote.

Everything a user needs is importable from here::

    import belote

    boards = belote.pbn.load("datasets/examples/deals.pbn")
    table = belote.dd_table(boards[0].deal, belote.WEST, belote.COINCHE)

The names, by layer:

- **cards, deals, contracts, rule profiles** -- :class:`CardSet`,
  :func:`parse_card`, :func:`card_name`, suits (:data:`SPADES`...), seats
  (:data:`NORTH`...), sides (:data:`NS`, :data:`EW`), :class:`SidePair`,
  :class:`Deal`, :class:`Contract`, :func:`parse_contract`,
  :class:`RuleProfile`, :data:`CLASSIC`, :data:`COINCHE`, :func:`get_profile`;
- **play and scoring** -- :class:`Position`, :func:`legal_cards`,
  :func:`score_deal`, :class:`DealScore`, :func:`min_points_to_make`, :func:`trick_points_of`;
- **boards and files** -- :class:`Board`, :class:`Auction`, the modules :mod:`pbn`
  (``pbn.load``, ``pbn.loads``, ``pbn.iter_load``, ``pbn.dump``, ``pbn.dumps``) and
  :mod:`cfn` (the same for CFN), :func:`iter_games` (any game file by its suffix);
- **double-dummy values** -- :func:`solve_position`, :func:`reaches`,
  :func:`reaches_targets`, :func:`dd_table`, :func:`position_analysis`,
  :func:`equivalence_classes`, and their batch twins over many full deals
  :func:`hands_array`, :func:`dd_tables`, :func:`solve_deals`,
  :func:`reaches_deals`; :class:`SearchContext`; :func:`warm_up`;
- **verdicts** -- :func:`judge_contract`, :class:`ContractVerdict`;
- **analyses** -- :func:`plan_board`, :func:`board_analysis`,
  :func:`board_analyses` (what ``belote solve`` computes), :func:`play_analysis`,
  :func:`board_play_analysis` (what ``belote analyse`` computes), :func:`review`,
  :class:`SessionReview` (``belote review``);
- **advice** -- :func:`estimate_contract`, :func:`bid_table`,
  :func:`classic_advice` (``belote bid``), :func:`hint` (``belote hint``),
  :func:`par_of` (``belote par``), :func:`auction_advice` (``belote bid --auction``),
  :class:`BidQuestion`, :func:`plan_bid`, :func:`advise_bid`, :class:`BidAdvice`,
  :class:`BidJob` (``belote bid`` whole: its checks, the dispatch, the answer with its inputs),
  :func:`playout` (``belote playout``), :class:`Constraints`, :class:`DealSampler`;
- **many boards** -- :func:`run_batch`, :class:`BatchOptions`,
  :func:`report_tables`, :func:`parallel_map`, and :class:`Run`, how to run
  them (executor, workers, progress, notices), the ``run`` argument of every
  function that solves many things;
- **errors** -- :class:`BeloteError` (a :class:`ValueError`) and its subclasses.

Importing this package is cheap: numpy, numba and polars are imported when a
name that needs them is first used, and the numba kernels are compiled (or
loaded from their cache) on the first solve.

>>> import belote
>>> belote.Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987").hands[0]
CardSet('7S 8S 9S TS JS QS KS AS')
>>> belote.dd_table is belote.dd.dd_table
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import (BatchStateError, BeloteError, CardError, ConstraintError, ContractError,
                     ConventionError, ConversionWarning, DealError, HintError, IllegalPlayError,
                     InputError, OutputError, PBNDecodeError, PBNWarning, PlayoutError,
                     QuestionError, SearchLimitError)
from .rules.play import Position, Trick, legal_cards
from .types.profile import CLASSIC, COINCHE, PROFILES, RuleProfile, get_profile
from .rules.scoring import (DealScore, contract_made, min_points_to_make, score_deal,
                            trick_points_of)
from .types.cards import (CLUBS, DIAMONDS, HEARTS, SPADES, SUITS, CardSet, card_name, parse_card,
                          parse_suit)
from .types.contract import Contract, parse_contract
from .types.deal import (EAST, EW, NORTH, NS, SEATS, SIDES, SOUTH, WEST, Deal, SidePair,
                         parse_seat, parse_side, seat_name, side_name)

if TYPE_CHECKING:  # imported on first use (numpy, numba, polars, the file formats): __getattr__
    from .advice.bid import (ContractEstimate, bid_table, classic_advice, classic_constraints,
                             estimate_contract)
    from .advice.auction import AuctionAdvice, auction_advice
    from .advice.answer import BidAdvice, BidJob, advise_bid, plan_bid
    from .advice.question import BidQuestion
    from .advice.hint import CardAdvice, Hint, hint
    from .advice.playout import Playout, playout
    from .analysis.board import (BoardAnalysis, BoardJob, TableRequest, board_analyses,
                                 board_analysis, plan_board)
    from .analysis.play_record import (CardAnalysis, PlayAnalysis, board_play_analysis,
                                       play_analysis)
    from .analysis.review import DealReview, ReviewedDecision, SessionReview, review
    from .auction.par import BoardPar, ParContract, ParResult, par_of
    from .database.batch import BatchOptions, BatchSummary, run_batch
    from .database.report import report_tables
    from .dd.context import SearchContext
    from .dd.results import CardValue, DDTable, PositionAnalysis
    from .dd.solve import (dd_table, equivalence_classes, position_analysis, reaches,
                           reaches_targets, solve_position)
    from .dd.deals import dd_tables, hands_array, reaches_deals, solve_deals
    from .dd.verdict import ContractVerdict, judge_contract
    from .dd.warm import warm_up
    from .formats import cfn, pbn
    from .formats.games import iter_games
    from .parallel.runner import Run, parallel_map
    from .sampling.constraints import Constraints
    from .sampling.sampler import DealSampler
    from .sampling.stats import Estimate
    from .types.auction import Auction
    from .board import Board

__version__ = "0.1.0"

_LAZY = {
    ".advice.bid": ("ContractEstimate", "bid_table", "classic_advice", "classic_constraints",
                    "estimate_contract"),
    ".advice.auction": ("AuctionAdvice", "auction_advice"),
    ".advice.answer": ("BidAdvice", "BidJob", "advise_bid", "plan_bid"),
    ".advice.question": ("BidQuestion",),
    ".advice.hint": ("CardAdvice", "Hint", "hint"),
    ".advice.playout": ("Playout", "playout"),
    ".analysis.board": ("BoardAnalysis", "BoardJob", "TableRequest", "board_analyses",
                        "board_analysis", "plan_board"),
    ".analysis.play_record": ("CardAnalysis", "PlayAnalysis", "board_play_analysis",
                              "play_analysis"),
    ".analysis.review": ("DealReview", "ReviewedDecision", "SessionReview", "review"),
    ".auction.par": ("BoardPar", "ParContract", "ParResult", "par_of"),
    ".database.batch": ("BatchOptions", "BatchSummary", "run_batch"),
    ".database.report": ("report_tables",),
    ".dd.context": ("SearchContext",),
    ".dd.results": ("CardValue", "DDTable", "PositionAnalysis"),
    ".dd.solve": ("dd_table", "equivalence_classes", "position_analysis", "reaches",
                  "reaches_targets", "solve_position"),
    ".dd.deals": ("dd_tables", "hands_array", "reaches_deals", "solve_deals"),
    ".dd.verdict": ("ContractVerdict", "judge_contract"),
    ".dd.warm": ("warm_up",),
    ".formats": ("cfn", "pbn"),
    ".formats.games": ("iter_games",),
    ".parallel.runner": ("Run", "parallel_map"),
    ".sampling.constraints": ("Constraints",),
    ".sampling.sampler": ("DealSampler",),
    ".sampling.stats": ("Estimate",),
    ".types.auction": ("Auction",),
    ".board": ("Board",),
}
"""The names imported on first use, by home module (or package, for a module) (the ``TYPE_CHECKING`` block above, for
type checkers and the docs; a test keeps the two equal)."""

_HOME = {name: module for module, names in _LAZY.items() for name in names}

__all__ = [
    "Auction", "AuctionAdvice", "BatchOptions", "BatchStateError", "BatchSummary",
    "BeloteError", "BidAdvice", "BidJob", "BidQuestion", "Board", "BoardAnalysis",
    "BoardJob", "BoardPar", "CLASSIC", "CLUBS", "COINCHE", "CardAdvice", "CardAnalysis",
    "CardError", "CardSet", "CardValue", "ConstraintError", "Constraints", "Contract",
    "ContractError", "ContractEstimate", "ContractVerdict", "ConventionError",
    "ConversionWarning", "DDTable", "DIAMONDS", "Deal", "DealError", "DealReview", "DealSampler",
    "DealScore", "EAST", "EW", "Estimate", "HEARTS", "Hint", "HintError", "IllegalPlayError",
    "InputError", "NORTH", "NS", "OutputError", "PBNDecodeError", "PBNWarning", "PROFILES",
    "ParContract", "ParResult", "PlayAnalysis", "Playout", "PlayoutError", "Position",
    "PositionAnalysis", "QuestionError", "ReviewedDecision", "RuleProfile", "Run", "SEATS", "SIDES", "SOUTH",
    "SPADES", "SUITS", "SearchContext", "SessionReview", "SearchLimitError", "SidePair", "TableRequest",
    "Trick", "WEST", "__version__", "advise_bid", "auction_advice", "bid_table",
    "board_analyses", "board_analysis", "board_play_analysis", "card_name", "cfn",
    "classic_advice", "classic_constraints", "contract_made", "dd_table", "dd_tables",
    "equivalence_classes", "estimate_contract", "get_profile", "hands_array", "hint",
    "iter_games", "judge_contract", "legal_cards", "min_points_to_make", "par_of",
    "parallel_map", "parse_card", "parse_contract", "parse_seat", "parse_side", "parse_suit",
    "pbn", "plan_bid", "plan_board", "play_analysis", "playout", "position_analysis",
    "reaches", "reaches_deals", "reaches_targets", "report_tables", "review", "run_batch", "score_deal",
    "seat_name", "side_name", "solve_deals", "solve_position", "trick_points_of", "warm_up",
]


def __getattr__(name: str) -> Any:
    """Import a name of :data:`_LAZY` on first use (and keep it)."""
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'belote' has no attribute {name!r}")
    home = importlib.import_module(module, __name__)
    value = getattr(home, name, None)
    if value is None:  # a module of a package (pbn, cfn)
        value = importlib.import_module(f"{module}.{name}", __name__)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
