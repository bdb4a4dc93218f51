"""Par of a coinche deal: how the auction ends when every card is visible.

The game solved here, exactly:

* Two sides, NS and EW, see all four hands. The outcome of the auction is a
  deal score for each side; each side maximises its own score minus the
  other's. Between outcomes with the same difference, both sides prefer the
  one where both score more (the same as each preferring its own higher
  score), so the par scores are one pair even when several endings tie.
* The seats speak in turn from the dealer's left. A call is a pass; a bid
  strictly higher *in value* than the current contract (a suit and a value of
  :func:`bid_ladder`: ``bid_min``..``bid_max`` by ``bid_step``, then
  ``capot_bid``; the same value in another suit is not higher); or, only
  for an opponent of the current contract, a coinche. A partner may outbid
  his own side's contract.
* A coinche ends the auction: the taking side then chooses the multiplier
  among the profile's ``coinche_multipliers`` after the first (play at ×2, or
  surcoinche ×4). Three passes after a bid end the auction at ×1; four
  opening passes score 0-0.
* A contract scores its double-dummy result: the first trick is led by the
  dealer's left whoever declares, the taking side takes its double-dummy
  value for that trump (:func:`~belote.dd_table`), Belote–Rebelote
  counts for the side holding trump K+Q, and
  :func:`~belote.dd.verdict.verdict_from_points` gives the score
  (when the taker's value is 0, one threshold search tells whether the
  defence takes all eight tricks).

The result depends on the declaring side, never on the declaring seat. The
auction is finite (every bid raises the value), so backward induction over
its states (current contract and its side, seat to speak, passes in a row;
the taker's answer to a coinche is one more choice) gives its value. The
*par contracts* are every ending reached when each call is a best one.

Because the defenders may coinche, a bid the taking side fails is never a
gain for it: the coinche brings the defence at least (160 + bid) × 2 less
the taker's Belote, 460 or more, while the best contract the defence makes
below capot is worth at most 270 + 160 to it, and a capot bid remains
open to it over any lower bid. Sacrifices pay only under a profile without
coinche (``coinche_multipliers=(1,)``).

Each seat holding one whole suit: whoever takes trump makes all eight
tricks, so North, first to speak, bids capot at once (in spades or in
diamonds, where NS hold Belote): 252 + 20 + 250 rounds to 520.

>>> from belote import WEST, Deal
>>> deal = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
>>> result = par_of(deal, dealer=WEST)
>>> result.par, [(c.contract.to_pbn(), c.side_name) for c in result.contracts]
(SidePair(ns=520, ew=0), [('CapotS', 'NS'), ('CapotD', 'NS')])
>>> result.makeable.ew.contract.to_pbn(), result.makeable.ew.score
('CapotH', SidePair(ns=0, ew=520))
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..dd import SearchContext, reaches, warm_up
from ..dd.solve import dd_table
from ..dd.verdict import ContractVerdict, verdict_from_points
from ..errors import BeloteError
from ..parallel.runner import Run, parallel_map
from ..rules.play import Position
from ..types.profile import COINCHE, RuleProfile, get_profile
from ..types.cards import SUITS, Suit, as_suits
from ..types.contract import Contract, check_contract
from ..types.deal import (SIDES, Deal, Seat, Side, SidePair, as_seat, next_seat, seat_name,
                          side_name, side_of)

__all__ = ["BoardPar", "BoardParJob", "Makeable", "ParContract", "ParResult", "bid_ladder",
           "par_boards", "par_of", "plan_par", "solve_par"]

_Ending = tuple[int, Suit, Side, int] | None
"""An ending of the auction: (bid, trump, side, multiplier), or ``None`` when passed out."""


def bid_ladder(profile: RuleProfile) -> tuple[int, ...]:
    """The bid values of ``profile``, lowest first: the numeric bids, then capot.

    >>> bid_ladder(COINCHE)
    (80, 90, 100, 110, 120, 130, 140, 150, 160, 250)
    """
    numeric = range(profile.bid_min, profile.bid_max + 1, profile.bid_step)
    return tuple(numeric) + (profile.capot_bid,)


@dataclass(frozen=True)
class ParContract:
    """A contract played by ``side`` and the deal score it ends with.

    ``contract`` has no declarer seat (the score depends on the side only).

    >>> c = ParContract(Contract(1, None, 110, 2), 1, SidePair(0, 540))
    >>> c.to_dict()
    {'contract': '110HX', 'side': 'EW', 'score': {'NS': 0, 'EW': 540}}
    >>> c
    ParContract(contract=Contract(trump='H', declarer=None, bid=110, multiplier=2, capot=False), side=1, score=SidePair(ns=0, ew=540))
    """

    contract: Contract
    side: Side
    score: SidePair

    @property
    def side_name(self) -> str:
        """``'NS'`` or ``'EW'``."""
        return side_name(self.side)

    def to_dict(self) -> dict[str, Any]:
        """``{"contract": "110HX", "side": "EW", "score": {"NS": .., "EW": ..}}``."""
        return {"contract": self.contract.to_pbn(), "side": self.side_name,
                "score": self.score.to_dict()}


class Makeable(NamedTuple):
    """Each side's best made contract (``None``: it makes nothing), indexed by side like a
    :class:`~belote.types.deal.SidePair` (``pair[EW]``, ``pair.ew``)."""

    ns: ParContract | None
    ew: ParContract | None


@dataclass(frozen=True)
class ParResult:
    """The par of a deal.

    ``par`` holds the deal scores both sides get with best calls;
    ``contracts`` every ending reached with best calls (empty when the deal
    is passed out, scoring 0-0); ``makeable`` each side's best made contract
    at ×1: the highest score for that side (then the widest margin, the
    highest bid, the first suit in S H D C order); ``None`` when it makes nothing.
    """

    dealer: Seat
    par: SidePair
    contracts: tuple[ParContract, ...]
    makeable: Makeable

    @property
    def passed_out(self) -> bool:
        """True when four passes are the par auction."""
        return not self.contracts

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``dealer``, ``par``, ``contracts``, ``makeable``."""
        return {
            "dealer": seat_name(self.dealer),
            "par": self.par.to_dict(),
            "contracts": [c.to_dict() for c in self.contracts],
            "makeable": {side_name(s): None if best is None else best.to_dict()
                         for s, best in zip(SIDES, self.makeable)},
        }


def _preference(side: Side, pair: SidePair) -> tuple[int, int]:
    """How much ``side`` likes ``pair``: its margin first, then both sides' total."""
    return (pair[side] - pair[1 - side], pair[0] + pair[1])


_Value = tuple[SidePair, frozenset]
"""A state's value: the scores with best calls and the endings that reach them."""


class _Auction:
    """Backward induction over the states of the auction (memoised)."""

    def __init__(self, bids: tuple[int, ...], trumps: tuple[Suit, ...],
                 multipliers: tuple[int, ...], outcome: Callable[[int, Suit, Side, int], SidePair]
                 ) -> None:
        self.bids = bids
        self.trumps = trumps
        self.multipliers = multipliers
        self.outcome = outcome
        self.memo: dict[tuple[int, int, int, Seat, int], _Value] = {}

    def _leaf(self, ending: _Ending) -> _Value:
        """The value of an auction that ends in ``ending``."""
        if ending is None:
            return SidePair(0, 0), frozenset({None})
        return self.outcome(*ending), frozenset({ending})

    @staticmethod
    def _best(side: Side, options: list[_Value]) -> _Value:
        """The option ``side`` prefers, with every ending of the options tied with it."""
        best = max((pair for pair, _ in options), key=lambda pair: _preference(side, pair))
        return best, frozenset().union(*(ends for pair, ends in options if pair == best))

    def value(self, level: int, trump: int, side: int, speaker: Seat, passes: int) -> _Value:
        """The value with ``speaker`` to call.

        ``level`` indexes :attr:`bids` (-1 before the first bid, ``trump`` and
        ``side`` then -1 too); ``passes`` counts the passes since the last bid
        (or since the start).
        """
        key = (level, trump, side, speaker, passes)
        if key in self.memo:
            return self.memo[key]
        mover = side_of(speaker)
        after = next_seat(speaker)
        if level < 0:
            options = [self._leaf(None) if passes == 3 else
                       self.value(-1, -1, -1, after, passes + 1)]
        elif passes == 2:
            options = [self._leaf((self.bids[level], trump, side, self.multipliers[0]))]
        else:
            options = [self.value(level, trump, side, after, passes + 1)]
        for higher in range(level + 1, len(self.bids)):
            options += [self.value(higher, t, mover, after, 0) for t in self.trumps]
        if level >= 0 and side != mover and len(self.multipliers) > 1:
            bid = self.bids[level]
            options.append(self._best(side, [self._leaf((bid, trump, side, m))
                                             for m in self.multipliers[1:]]))
        result = self._best(mover, options)
        self.memo[key] = result
        return result


def par_of(deal: Deal, dealer: Seat | str, profile: RuleProfile | str = COINCHE, *,
        bids: Iterable[int] | None = None, trumps: Iterable[Suit | str] | Suit | str = SUITS,
        context: SearchContext | None = None) -> ParResult:
    """The par of ``deal`` (8 cards each) dealt by ``dealer`` under ``profile``.

    ``bids`` and ``trumps`` restrict the auction to these bid values (of the
    profile's ladder) and trump suits; by default every bid of
    :func:`bid_ladder` in every suit. Raises :class:`BeloteError` for a
    profile without a bidding auction (classic), an incomplete deal or a bid
    the profile does not allow.

    >>> deal = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
    >>> par_of(deal, "W", bids=[80, 90], trumps=["H", "D"]).contracts[0].to_dict()
    {'contract': '90D', 'side': 'NS', 'score': {'NS': 360, 'EW': 0}}
    """
    profile = get_profile(profile)
    dealer = as_seat(dealer, "dealer")
    if profile.auction != "numeric":
        raise BeloteError(f"par needs a bidding auction: {profile.name} chooses trump by "
                          f"{profile.auction}, without bids")
    ladder = bid_ladder(profile) if bids is None else tuple(sorted(set(bids)))
    suits = tuple(sorted(set(as_suits(trumps))))
    if not ladder or not suits:
        raise BeloteError("par needs at least one bid value and one trump suit")
    for bid in ladder:
        check_contract(Contract(suits[0], None, bid, 1, bid == profile.capot_bid), profile)
    if profile.coinche_multipliers[0] != 1:
        raise BeloteError(f"the first of coinche_multipliers must be 1 (an uncoinched "
                          f"contract), got {profile.coinche_multipliers}")
    deal.validate(cards_each=8)
    leader = next_seat(dealer)
    table = dd_table(deal, leader, profile, trumps=suits, context=context)
    defence_capot = {
        (trump, side): reaches(Position(deal, trump, leader, profile), 1 - side,
                               profile.capot_trick_points, context=context)
        for trump in suits for side in SIDES if table[trump, side] == 0
    }
    verdicts: dict[tuple[int, Suit, Side, int], ContractVerdict] = {}

    def verdict(bid: int, trump: Suit, side: Side, multiplier: int) -> ContractVerdict:
        key = (bid, trump, side, multiplier)
        if key not in verdicts:
            # the seat numbered like the side (N for NS, E for EW) declares
            contract = Contract(trump, side, bid, multiplier, bid == profile.capot_bid)
            verdicts[key] = verdict_from_points(
                profile, contract, table[trump, side], table.belote[trump],
                defence_capot=defence_capot.get((trump, side), False))
        return verdicts[key]

    def outcome(bid: int, trump: Suit, side: Side, multiplier: int) -> SidePair:
        return SidePair(*verdict(bid, trump, side, multiplier).score.scores)

    def ending(bid: int, trump: Suit, side: Side, multiplier: int) -> ParContract:
        contract = Contract(trump, None, bid, multiplier, bid == profile.capot_bid)
        return ParContract(contract, side, outcome(bid, trump, side, multiplier))

    auction = _Auction(ladder, suits, profile.coinche_multipliers, outcome)
    scores, endings = auction.value(-1, -1, -1, leader, 0)
    order = {bid: i for i, bid in enumerate(ladder)}
    contracts = tuple(ending(*e) for e in sorted(
        (e for e in endings if e is not None),
        key=lambda e: (order[e[0]], e[1], e[2], e[3])))
    best: list[ParContract | None] = [None, None]
    for side in SIDES:
        made = [(bid, trump) for bid in ladder for trump in suits
                if verdict(bid, trump, side, 1).made]
        if made:
            bid, trump = max(made, key=lambda m: (
                outcome(m[0], m[1], side, 1)[side],
                _preference(side, outcome(m[0], m[1], side, 1)), order[m[0]], -m[1]))
            best[side] = ending(bid, trump, side, 1)
    return ParResult(dealer, scores, contracts, Makeable(*best))


@dataclass(frozen=True)
class BoardParJob:
    """The par question of one board of a file: what a worker needs (it pickles)."""

    board: str | None
    file: str | None
    line: int | None
    deal: Deal
    dealer: Seat
    profile: str


def plan_par(board: Any) -> BoardParJob:
    """The par job of a :class:`~belote.board.Board`, checked without solving.

    Raises the board's :class:`~belote.errors.RecordError` (naming the file, board
    and line) for a board whose par is undefined: not coinche, or no dealer.
    """
    profile = board.profile
    if profile.auction != "numeric":
        raise board.error(f"par is defined for coinche boards only (this board is {profile.name}: "
                    "trump is chosen without bids)")
    if board.dealer is None:
        raise board.error("no Dealer tag: par needs the dealer (the dealer's left speaks first)")
    return BoardParJob(board.board, board.file, board.line or None, board.deal,
                       board.dealer, profile.name)


@dataclass(frozen=True)
class BoardPar:
    """The par of one board of a file, with its job (board, file, line, deal, dealer, profile)."""

    job: BoardParJob
    result: ParResult

    @property
    def board(self) -> str | None:
        """The board's number (its Board tag), ``None`` when it has none."""
        return self.job.board

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return self.job.dealer

    @property
    def speaker(self) -> Seat:
        """The seat speaking first (the dealer's left)."""
        return next_seat(self.job.dealer)

    @property
    def deal(self) -> Deal:
        """The full deal."""
        return self.job.deal

    def to_dict(self) -> dict[str, Any]:
        """What ``belote par --json`` prints: ``board``, ``file``, ``deal`` and
        :meth:`ParResult.to_dict`."""
        job = self.job
        return {"board": job.board, "file": job.file, "deal": job.deal.to_pbn(job.dealer),
                **self.result.to_dict()}


def solve_par(job: BoardParJob) -> BoardPar:
    """The par of one job."""
    return BoardPar(job, par_of(job.deal, job.dealer, job.profile))


def par_boards(boards: Iterable[Any], *, run: Run = Run("process")
               ) -> Generator[BoardPar, None, None]:
    """The par of each board (:func:`solve_par`), in board order, as each is solved.

    Every board is checked (:func:`plan_par`) before any is solved, so a bad
    board fails the run at once. ``run`` (:class:`~belote.Run`) says
    how to run them: the results stream, so a reader sees each board as soon
    as it and those before it are done.
    """
    jobs = [plan_par(board) for board in boards]
    return parallel_map(solve_par, jobs, run, initializer=warm_up)
