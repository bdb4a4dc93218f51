"""Single-dummy card advice: which card to play, from what the player to move can see.

The player to move knows their own hand, the cards played so far and what
each played card showed (a suit not followed, a trump not used), what was
heard of the belote (a seat that played the trump K or Q announced it if and
only if it holds the other), in classic where the turned card is (the taker
holds it until it plays it), and the contract. :func:`hint` takes every
layout of the unseen cards consistent with that (the single-dummy player's
view, :func:`~belote.advice.playout.seat_view`), draws them
uniformly with the exact sampler (or lists them all when there are no more of
them than the samples asked for), rebuilds each layout as the real position
with the same history (:func:`~belote.rules.play.replay`: same tricks, same points, same trick in
progress), values every legal card on it double-dummy (one
:func:`~belote.position_analysis` per layout), and ranks the cards:

* by the expected whole-deal trick points of the player's side (tricks
  already taken count; belote apart), with a Student t interval;
* by the chance the contract makes (taker's value at least
  :func:`~belote.rules.scoring.min_points_to_make`, with the belote
  of the layout), with a Wilson interval.

Whether the best card is clearly best is judged on the same layouts: the
paired difference from the runner-up (points: paired t; chance: Newcombe's
paired interval) must exclude 0. When every layout is listed (``exact``) the
numbers are exact and the intervals reduce to the value.

Each layout is solved double-dummy: once the card is played, every card is
visible to everybody, so the advice assumes perfect play afterwards by both
sides, an optimistic model of what the defence and the declarer know.

Interchangeable cards (same suit, no live card between them, same points)
have the same value on every layout: they are one entry, its ``equivalents``.

>>> from belote import Deal, COINCHE
>>> ending = Position(Deal.from_pbn("N:A7... T8... K9... QJ..."), trump=1, leader=0,
...                   profile=COINCHE, points=(80, 42), tricks_won=(4, 2))
>>> advice = hint(ending, seat=0, samples=200)
>>> advice.exact, advice.layouts, card_name(advice.best), advice.clearly_best
(True, 90, '7S', True)
>>> [(card_name(c.card), round(c.expected_points.value, 2)) for c in advice.cards]
[('7S', 110.93), ('AS', 104.27)]
>>> round(advice.difference.value, 2), advice.difference.method
(6.67, 'exact')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..dd import equivalence_classes, warm_up
from ..dd.solve import position_analysis
from ..errors import BeloteError, ContractError, HintError, RecordError
from ..parallel.runner import SERIAL, Run, parallel_map
from ..rules.play import Position, replay
from ..types.profile import RuleProfile
from ..rules.scoring import min_points_to_make
from ..sampling.announcements import Heard
from ..sampling.sampler import DealSampler
from ..sampling.turned import Taken, taken_card
from ..sampling.view import enumerate_layouts
from ..sampling.stats import Estimate, mean, paired_difference, paired_proportions, proportion
from ..board import Board
from ..types.cards import Card, Mask, as_card, card_name
from ..types.contract import Contract, as_contract
from ..types.deal import SIDE_NAMES, Seat, Side, as_seat, seat_name, side_of
from .playout import seat_view

__all__ = ["MAX_SAMPLES", "BoardHint", "CardAdvice", "DEFAULT_SAMPLES", "Hint", "HintJob", "RANKINGS",
           "hint", "hint_board", "plan_hint"]

DEFAULT_SAMPLES = 60
"""Layouts solved when not told. Measured by ``python -m bench.hint`` on ten
seeded deals: an opening lead (the costliest hint) took 3.6 s of CPU on
average and 6.9 s at worst for 60 layouts (60 ms a layout), so at most about
3.5 s on two cores; later in the play a hint costs far less (11 ms a layout
at the second card, 3 ms at trick 3)."""

MAX_SAMPLES = 100_000
"""The most layouts one hint solves: an opening lead costs about 60 ms of CPU a layout
(``DEFAULT_SAMPLES``' measure), so this is already hours of work; every layout and
its values are kept for the paired comparison, so memory grows with the count."""

RANKINGS = ("points", "make")
"""What the cards are ranked by: expected points of the player's side, or the
chance that side reaches its goal (the taker making, the defence defeating)."""



@dataclass(frozen=True)
class CardAdvice:
    """One legal card (with its interchangeable ``equivalents``) over the layouts.

    ``expected_points`` is the mean whole-deal trick points of the player's
    side after it; ``p_make`` the share of layouts where the contract makes
    after it (``None`` when the contract has no declarer). Cards may be
    given by name; they are stored as ints, and the repr names them.

    >>> a = CardAdvice("AS", ("KS",), Estimate(95.0, 90.0, 100.0, 40, 0.95, "t"), None)
    >>> a.card, a
    (7, CardAdvice(card='AS', equivalents=('KS',), expected_points=Estimate(value=95.0, low=90.0, high=100.0, n=40, level=0.95, method='t'), p_make=None))
    >>> eval(repr(a)) == a
    True
    """

    card: Card
    equivalents: tuple[Card, ...]
    expected_points: Estimate
    p_make: Estimate | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", as_card(self.card))
        object.__setattr__(self, "equivalents", tuple(as_card(c) for c in self.equivalents))

    def __repr__(self) -> str:
        names = tuple(card_name(c) for c in self.equivalents)
        return (f"CardAdvice(card={card_name(self.card)!r}, equivalents={names!r}, "
                f"expected_points={self.expected_points!r}, p_make={self.p_make!r})")

    def to_dict(self) -> dict[str, Any]:
        """``card``, ``equivalents`` by name, the two estimates as ``{value, low, high}``."""
        return {"card": card_name(self.card),
                "equivalents": [card_name(c) for c in self.equivalents],
                "expected_points": _interval(self.expected_points),
                "p_make": None if self.p_make is None else _interval(self.p_make)}


def _interval(e: Estimate) -> dict[str, float]:
    return {"value": e.value, "low": e.low, "high": e.high}


@dataclass(frozen=True)
class Hint:
    """The advice for ``seat``: ``cards`` best first by ``by`` (one of :data:`RANKINGS`).

    ``samples`` layouts were solved out of the ``layouts`` consistent with
    what the seat sees (all of them when ``exact``; else drawn from stream
    ``seed``). ``difference`` is the best card's advantage over the runner-up
    on the same layouts, in points (``by="points"``) or in the chance of the
    side's goal (``by="make"``); ``None`` with a single entry. The seat may be
    given by name; it is stored as an int, and the repr names it (and the
    cards, through :class:`CardAdvice`), so that it rebuilds the hint.
    """

    seat: Seat
    by: str
    samples: int
    layouts: int
    exact: bool
    seed: int
    cards: tuple[CardAdvice, ...]
    difference: Estimate | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seat", as_seat(self.seat))

    def __repr__(self) -> str:
        return (f"Hint(seat={seat_name(self.seat)!r}, by={self.by!r}, samples={self.samples!r}, "
                f"layouts={self.layouts!r}, exact={self.exact!r}, seed={self.seed!r}, "
                f"cards={self.cards!r}, difference={self.difference!r})")

    @property
    def best(self) -> Card:
        """The best card (the strongest of its equivalents)."""
        return self.cards[0].card

    @property
    def clearly_best(self) -> bool:
        """Whether the best card beats the runner-up beyond doubt: the interval of the
        difference excludes 0 (always so for a single legal entry)."""
        return self.difference is None or self.difference.low > 0

    def to_dict(self) -> dict[str, Any]:
        """The numbers, as the ``--json`` output of ``belote hint`` writes them."""
        return {"seat": seat_name(self.seat), "side": SIDE_NAMES[side_of(self.seat)],
                "by": self.by, "samples": self.samples, "layouts": self.layouts,
                "exact": self.exact, "seed": self.seed,
                "cards": [c.to_dict() for c in self.cards], "best": card_name(self.best),
                "clearly_best": self.clearly_best,
                "difference": None if self.difference is None else _interval(self.difference)}


@dataclass(frozen=True)
class _LayoutJob:
    """Values one layout: the player's side points and the contract's fate, per entry."""

    position: Position
    heads: tuple[Card, ...]
    side: Side
    contract: Contract | None

    def __call__(self, hands: tuple[Mask, Mask, Mask, Mask]
                 ) -> tuple[tuple[int, ...], tuple[bool, ...] | None]:
        pos = replay(self.position, hands)
        values = {cv.card: cv.values for cv in position_analysis(pos).cards}
        points = tuple(values[card][self.side] for card in self.heads)
        if self.contract is None or self.contract.declarer is None:
            return points, None
        taker = side_of(self.contract.declarer)
        need = min_points_to_make(pos.profile, self.contract, pos.belote_side())
        return points, tuple(values[card][taker] >= need for card in self.heads)


def hint(position: Position, seat: Seat | str, contract: Contract | str | None = None, *,
         samples: int = DEFAULT_SAMPLES, seed: int = 0, by: str = "points",
         run: Run = SERIAL, heard: Sequence[Heard] | None = None,
         taken: Taken | None = None) -> Hint:
    """Advise ``seat``, the player to move at ``position``, from what that seat can see.

    ``seat`` is a letter (``"E"``) or a seat int; ``contract`` (a
    :class:`~belote.Contract` or its PBN text, with its declarer to judge
    making; its trump must be the position's) gives the chance of making; without a declarer there is none and ``by`` must be
    ``"points"``. When the consistent layouts number at most ``samples``
    they are all solved (``exact``), else ``samples`` of them are drawn from
    stream ``seed`` (the same layouts whatever runs them). ``run``
    (:class:`~belote.Run`) says how to run them, one item per layout.
    The layouts are those the single-dummy player draws from
    (:func:`~belote.advice.playout.seat_view`): ``heard`` the belote announcements as the
    seat heard them (``None``: read from the position's deal, a record's real deal),
    ``taken`` the classic turned card and its taker (``None``: not known).
    Raises :class:`HintError` when ``seat`` is not to move or the deal is over.
    """
    seat = as_seat(seat)
    if contract is not None:
        contract = as_contract(contract, position.profile)
    if position.is_over:
        raise HintError("the deal is over: every card has been played")
    if seat != position.to_move:
        raise HintError(f"{seat_name(seat)} is not to play: {seat_name(position.to_move)} is")
    if by not in RANKINGS:
        raise HintError(f"unknown ranking {by!r} (expected one of {' '.join(RANKINGS)})")
    if type(samples) is not int or not 2 <= samples <= MAX_SAMPLES:
        raise HintError(f"samples={samples!r}: at least 2 are needed for an interval, at most "
                        f"{MAX_SAMPLES:,} "
                        "(hours of work already)")
    if contract is not None and contract.trump != position.trump:
        raise ContractError(f"the contract {contract.to_pbn()} is not played at the "
                            f"position's trump")
    judged = contract is not None and contract.declarer is not None
    if by == "make" and not judged:
        raise HintError("ranking by the chance of making needs a contract with a declarer")
    sampler = DealSampler.of(seat_view(position, heard=heard, taken=taken))
    layouts = sampler.count()
    exact = layouts <= samples
    items: Iterable[tuple[Mask, Mask, Mask, Mask]]
    if exact:
        items = list(enumerate_layouts(sampler.constraints))
    else:
        items = [(int(row[0]), int(row[1]), int(row[2]), int(row[3]))
                 for row in sampler.draw_masks(seed, 0, samples)]
    classes = equivalence_classes(position)
    job = _LayoutJob(position, tuple(cls[0] for cls in classes), side_of(seat), contract)
    results = list(parallel_map(job, items, run, initializer=warm_up))
    points = np.array([r[0] for r in results], dtype=np.int64)
    made = np.array([r[1] for r in results], dtype=bool) if judged else None
    return _summarise(seat, by, seed, layouts, exact, classes, points, made,
                      contract is not None and contract.declarer is not None
                      and side_of(contract.declarer) == side_of(seat))


def _summarise(seat: Seat, by: str, seed: int, layouts: int, exact: bool,
               classes: Sequence[tuple[Card, ...]], points: np.ndarray,
               made: np.ndarray | None, taking: bool) -> Hint:
    """The ranked :class:`Hint` from the per-layout values (rows: layouts, columns: entries)."""
    n = len(points)
    # the player's side reaches its goal: the taker makes, the defence defeats
    goal = None if made is None else (made if taking else ~made)
    entries = []
    for j, cls in enumerate(classes):
        expected = Estimate.exact(points[:, j].mean(), n) if exact else mean(points[:, j])
        chance = None
        if made is not None:
            chance = (Estimate.exact(made[:, j].mean(), n) if exact
                      else proportion(int(made[:, j].sum()), n))
        entries.append(CardAdvice(cls[0], cls, expected, chance))
    rate = [0.0 if goal is None else float(goal[:, j].mean()) for j in range(len(classes))]
    average = [float(points[:, j].mean()) for j in range(len(classes))]
    if by == "points":
        order = sorted(range(len(classes)), key=lambda j: (-average[j], -rate[j], j))
    else:
        order = sorted(range(len(classes)), key=lambda j: (-rate[j], -average[j], j))
    difference = None
    if len(order) > 1:
        first, second = order[0], order[1]
        if by == "points":
            a, b = points[:, first], points[:, second]
            difference = (Estimate.exact(float((a - b).mean()), n) if exact
                          else paired_difference(a, b))
        else:
            a, b = goal[:, first], goal[:, second]  # type: ignore[index]
            difference = (Estimate.exact(float(a.mean() - b.mean()), n) if exact
                          else paired_proportions(a, b))
    return Hint(seat, by, n, layouts, exact, seed, tuple(entries[j] for j in order), difference)



@dataclass(frozen=True)
class HintJob:
    """A board checked for a hint (:func:`plan_hint`): the position after its play record, the
    contract, and the seat to advise."""

    board: Board
    seat: Seat
    position: Position
    contract: Contract


@dataclass(frozen=True)
class BoardHint:
    """The hint on a board's position, with what it was asked on (:func:`hint_board`)."""

    job: HintJob
    hint: Hint

    def to_dict(self) -> dict[str, Any]:
        """``board``, ``file``, ``mode``, ``contract``, ``declarer``, then :meth:`Hint.to_dict`."""
        board, contract = self.job.board, self.job.contract
        return {"board": board.board, "file": board.file,
                "mode": self.job.position.profile.name, "contract": contract.to_pbn(),
                "declarer": None if contract.declarer is None else seat_name(contract.declarer),
                **self.hint.to_dict()}


def plan_hint(board: Board, seat: Seat, profile: str | RuleProfile | None = None) -> HintJob:
    """Check that ``board`` can be hinted for ``seat``: it has a contract and a play record
    that stops with ``seat`` to play (under ``profile``'s rules: :meth:`Board.under`). Raises
    the board's :class:`~belote.errors.RecordError` naming the file, board and line.

    >>> from belote import pbn
    >>> job = plan_hint(pbn.load("datasets/examples/positions.pbn")[0], 2)
    >>> seat_name(job.position.to_move), job.contract.to_pbn()
    ('S', '90H')
    """
    board = board.under(profile)
    contract = board.contract
    if contract is None:
        raise board.error("no Contract tag: the trump suit is unknown")
    if board.play_leader is None and not board.cards:
        raise board.error("no Play section: record the play up to the card to advise (a Play "
                          "tag naming the leader and no card for the opening lead)", "Play")
    position = board.position()
    if position.is_over:
        raise board.error("the play record is complete: no card is left to advise on", "Play")
    if position.to_move != seat:
        raise board.error(f"{seat_name(seat)} is not to play: {seat_name(position.to_move)} is, "
                          f"after {len(board.cards)} recorded cards", "Play",
                          (len(board.cards) - 1) // 4 if board.cards else None)
    return HintJob(board, seat, position, contract)


def hint_board(job: HintJob | Board, seat: Seat | None = None, *,
               profile: str | RuleProfile | None = None, samples: int = DEFAULT_SAMPLES,
               seed: int = 0, by: str = "points", run: Run = SERIAL) -> BoardHint:
    """:func:`hint` on a board (checked by :func:`plan_hint`, or a job it planned), its errors
    naming the file and board; the result holds the board, seat, position and contract."""
    if isinstance(job, Board):
        if seat is None:
            raise HintError("hint_board on a Board needs the seat to advise")
        job = plan_hint(job, seat, profile)
    try:
        advice = hint(job.position, job.seat, job.contract, samples=samples, seed=seed, by=by,
                      run=run, taken=taken_card(job.board.auction))
    except BeloteError as e:
        raise RecordError(str(e), file=job.board.file, board=job.board.board) from None
    return BoardHint(job, advice)
