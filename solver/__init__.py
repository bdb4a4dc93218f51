"""belote: cards, rules, scoring, records and an exact double-dummy solver for Belote.

The user's nouns and verbs are here, each at this one address::

    import belote

    boards = belote.pbn.load("datasets/examples/deals.pbn")
    table = belote.dd_table(boards[0].deal, belote.WEST, belote.COINCHE)

Everything else is public at its subpackage (:mod:`belote.dd`, :mod:`belote.rules`,
:mod:`belote.advice`...) or at one of the modules :mod:`belote.errors`,
:mod:`belote.files` and :mod:`belote.board`, and only there: a name this package
exports is not listed again below it. The names, by what they are for:

- **cards, seats, deals** -- :class:`CardSet`, the suits (:data:`SPADES`...), the seats
  (:data:`NORTH`...), the sides (:data:`NS`, :data:`EW`), :class:`Deal`;
- **rules, contracts, records** -- :class:`RuleProfile`, :data:`CLASSIC`,
  :data:`COINCHE`, :func:`get_profile`, :class:`Contract`, :func:`parse_contract`,
  :class:`Auction`, :class:`Position` (play), :func:`score_deal`, :class:`Board`, and the
  record formats :mod:`pbn` and :mod:`cfn` (``load``, ``loads``, ``iter_load``, ``dump``,
  ``dumps``);
- **solving and judging** -- :func:`solve_position`, :func:`dd_table`,
  :func:`position_analysis` (every legal card's value), :func:`judge_contract`;
- **analyses** -- :func:`board_analysis` (what ``belote solve`` computes),
  :func:`board_play_analysis` (``belote analyse``), :func:`review` (``belote review``);
- **advice** -- :class:`BidQuestion`, :func:`plan_bid`, :func:`advise_bid` and its answer
  :class:`BidAdvice` (``belote bid``), :func:`hint` (``belote hint``), :func:`par_of` (``belote par``),
  :func:`playout` (``belote playout``), :class:`Player` (a full-game player that sees one
  seat, ``belote selfplay``);
- **many boards** -- :func:`run_batch` (``belote batch``), :func:`report_tables`
  (``belote report``) and :class:`Run`, how to run them: the ``run`` argument of every
  function that solves many things;
- **errors** -- :class:`BeloteError` (a :class:`ValueError`, the base of every error of
  the library, the others in :mod:`belote.errors`) and :class:`RecordError` (a bad record
  of any format, located by file, board and line).

Importing this package is cheap: numpy, numba and polars are imported when a
name that needs them is first used, and the numba kernels are compiled (or
loaded from their cache) on the first solve.

>>> import belote
>>> belote.Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987").hands[0]
CardSet('7S 8S 9S TS JS QS KS AS')
>>> "dd_table" in belote.__all__, "dd_tables" in belote.__all__  # the batch twin: belote.dd
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import attach

__version__ = "0.1.0"

_TABLE: dict[str, tuple[str, ...]] = {
    ".types.cards": ("CardSet", "SPADES", "HEARTS", "DIAMONDS", "CLUBS"),
    ".types.deal": ("NORTH", "EAST", "SOUTH", "WEST", "NS", "EW", "Deal"),
    ".types.profile": ("RuleProfile", "CLASSIC", "COINCHE", "get_profile"),
    ".types.contract": ("Contract", "parse_contract"),
    ".types.auction": ("Auction",),
    ".rules.play": ("Position",),
    ".rules.scoring": ("score_deal",),
    ".board": ("Board",),
    ".formats.pbn": ("pbn",),
    ".formats.cfn": ("cfn",),
    ".dd.solve": ("solve_position", "dd_table", "position_analysis"),
    ".dd.verdict": ("judge_contract",),
    ".analysis.board": ("board_analysis",),
    ".analysis.play_record": ("board_play_analysis",),
    ".analysis.review": ("review",),
    ".advice.question": ("BidQuestion",),
    ".advice.answer": ("plan_bid", "advise_bid", "BidAdvice"),
    ".advice.hint": ("hint",),
    ".auction.par": ("par_of",),
    ".advice.playout": ("playout",),
    ".database.batch": ("run_batch",),
    ".database.report": ("report_tables",),
    ".parallel.runner": ("Run",),
    ".player.player": ("Player",),
    ".errors": ("BeloteError", "RecordError"),
}
"""The one table of the front door: each public name of ``belote``, by its home module. It
gives ``__all__`` and what ``__getattr__`` imports on first use (:func:`belote._lazy.attach`);
the ``TYPE_CHECKING`` block below says the same to type checkers and the docs
(tests/test_front_door.py keeps the two equal)."""

if TYPE_CHECKING:
    from .types.cards import CLUBS as CLUBS, DIAMONDS as DIAMONDS, HEARTS as HEARTS
    from .types.cards import SPADES as SPADES, CardSet as CardSet
    from .types.deal import EAST as EAST, EW as EW, NORTH as NORTH, NS as NS
    from .types.deal import SOUTH as SOUTH, WEST as WEST, Deal as Deal
    from .types.profile import CLASSIC as CLASSIC, COINCHE as COINCHE
    from .types.profile import RuleProfile as RuleProfile, get_profile as get_profile
    from .types.contract import Contract as Contract, parse_contract as parse_contract
    from .types.auction import Auction as Auction
    from .rules.play import Position as Position
    from .rules.scoring import score_deal as score_deal
    from .board import Board as Board
    from .formats import cfn as cfn, pbn as pbn
    from .dd.solve import (dd_table as dd_table, position_analysis as position_analysis,
                           solve_position as solve_position)
    from .dd.verdict import judge_contract as judge_contract
    from .analysis.board import board_analysis as board_analysis
    from .analysis.play_record import board_play_analysis as board_play_analysis
    from .analysis.review import review as review
    from .advice.question import BidQuestion as BidQuestion
    from .advice.answer import (BidAdvice as BidAdvice, advise_bid as advise_bid,
                                plan_bid as plan_bid)
    from .advice.hint import hint as hint
    from .auction.par import par_of as par_of
    from .advice.playout import playout as playout
    from .database.batch import run_batch as run_batch
    from .database.report import report_tables as report_tables
    from .parallel.runner import Run as Run
    from .player.player import Player as Player
    from .errors import BeloteError as BeloteError, RecordError as RecordError

if not TYPE_CHECKING:  # a checker reads the imports above, and flags other names
    __all__, __getattr__, __dir__ = attach(__name__, _TABLE)
