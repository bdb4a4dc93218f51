"""Advice in the middle of an auction, for the seat whose turn it is.

The hidden hands are sampled uniformly among the deals consistent with the
seat's own hand and with what the auction's calls say under a convention
profile (:func:`~belote.auction.inference.read_auction`: exact constraints,
no rejection, no weights). Every sample is solved double-dummy for the
trumps concerned, the first trick led by the dealer's left; every option is
scored on the *same* samples (common random numbers), as the net deal
score of the asking seat's side (its score minus the other side's), so two
options compare through the paired difference of their scores.

The question depends on the state of the auction (coinche):

* **bid** (no contract yet, or partner's or one's own): pass, or each legal
  bid of the seat (every trump, every value above the contract). Passing is
  worth the standing contract played at x1 (partner's or one's own; later
  calls by the others are not modelled), or 0 when there is no bid yet.
* **defence** (an opponent's contract, not coinched): P(the contract fails)
  with its Wilson interval; passing (the contract at x1) against coinching
  (x2, or x4 when the taker's best reply is to surcoinche: the reply with
  the higher expected score for the taker over the same samples); the
  recommendation and the paired difference coinche minus pass.
* **surcoinche** (one's own side's contract coinched): playing at x2 (pass)
  against surcoinching (x4), paired.

Double-dummy values assume both sides see every card: an upper bound on
real play (see :mod:`belote.advice.bid`).

>>> from belote.auction.conventions import DEFAULT
>>> from belote.sampling.constraints import Constraints
>>> from belote.types.auction import Auction
>>> seen = Constraints().with_text(hand=["S:JS 9S AS TS 7D 8D KC AC"])
>>> advice = auction_advice(seen, 2, Auction.parse("N:P E:80H"), DEFAULT, samples=16, seed=3)
>>> advice.question, advice.recommended, [o.name for o in advice.options]
('defence', 'Pass', ['Pass', 'X'])
>>> advice.p_fail.n, round(advice.p_fail.value + advice.options[0].p_make.value, 9)
(16, 1.0)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..auction.conventions import Conventions
from ..auction.inference import AuctionReading, read_auction
from ..errors import BeloteError
from ..parallel import parallel_map
from ..rules.profiles import RuleProfile
from ..sampling.constraints import Constraints
from ..sampling.stats import Estimate, mean, paired_difference, proportion
from ..types.auction import Auction
from ..types.cards import SUITS, Suit
from ..types.contract import Contract
from ..types.deal import Seat, next_seat, seat_name, side_of
from .bid import CHUNK, _Question, _score, _solve_range

__all__ = ["AuctionAdvice", "Option", "auction_advice", "question_of", "sample_outcomes",
           "score_outcomes"]


@dataclass(frozen=True)
class Option:
    """One thing the seat may do: its name (``Pass``, ``X``, ``XX``, ``100H``), the contract
    then played (``None``: passed out, worth 0), P(made) of that contract, and the expected
    net score of the seat's side."""

    name: str
    contract: Contract | None
    expected: Estimate
    p_make: Estimate | None

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {"option": self.name,
                "contract": None if self.contract is None else self.contract.to_pbn(),
                "declarer": None if self.contract is None or self.contract.declarer is None
                else seat_name(self.contract.declarer),
                "expected_net": self.expected.to_dict(),
                "p_make": None if self.p_make is None else self.p_make.to_dict()}


@dataclass(frozen=True)
class AuctionAdvice:
    """The advice for the seat on turn: its options on the same samples, the recommendation.

    ``question`` is ``bid``, ``defence`` or ``surcoinche``; ``recommended``
    and ``runner_up`` are option names; ``difference`` is the paired
    difference of their expected net scores. ``p_fail`` (defence) is the
    chance the opponents' contract fails, ``taker_reply`` (defence) the
    multiplier the taker is taken to choose when coinched (2 or 4).
    ``layouts`` counts the deals consistent with the hand and the auction.
    """

    seat: Seat
    question: str
    reading: AuctionReading
    samples: int
    options: tuple[Option, ...]
    recommended: str
    runner_up: str
    difference: Estimate
    p_fail: Estimate | None = None
    taker_reply: int | None = None
    coinched: tuple[Estimate, Estimate] | None = None

    @property
    def layouts(self) -> int:
        return self.reading.layouts

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        out: dict[str, object] = {
            "seat": seat_name(self.seat), "question": self.question,
            "conventions": self.reading.conventions.name,
            "calls": [{"call": f"{seat_name(i.seat)}:{i.call.text}", "kind": i.kind,
                       "says": i.text().split(": ", 1)[1]} for i in self.reading.inferences],
            "layouts": self.layouts, "samples": self.samples,
            "criterion": "highest expected net score of your side",
            "recommended": self.recommended, "runner_up": self.runner_up,
            "difference": self.difference.to_dict(),
            "options": [o.to_dict() for o in self.options]}
        if self.p_fail is not None:
            out["p_fail"] = self.p_fail.to_dict()
        if self.taker_reply is not None:
            assert self.coinched is not None
            out["taker_reply"] = "XX" if self.taker_reply == 4 else "P"
            out["taker_expected_x2"], out["taker_expected_x4"] = (
                e.to_dict() for e in self.coinched)
        return out


def question_of(auction: Auction, seat: Seat) -> str:
    """Which question the seat on turn faces: ``bid``, ``defence`` or ``surcoinche``.

    >>> question_of(Auction.parse("N:80H"), 1), question_of(Auction.parse("N:80H E:X"), 2)
    ('defence', 'surcoinche')
    >>> question_of(Auction.parse("N:80H E:P"), 2)
    'bid'
    """
    if auction.profile.auction != "numeric":
        raise BeloteError("advice during a classic auction is not available: use "
                          "belote bid --mode classic --turned CARD")
    if auction.complete:
        raise BeloteError(f"the auction {auction.text()} is over: nobody is to call")
    turn = auction.turn
    assert turn is not None
    if turn != seat:
        raise BeloteError(f"it is {seat_name(turn)}'s turn to call, not "
                          f"{seat_name(seat)}'s")
    contract = auction.contract
    if contract is None or contract.side == side_of(seat):
        if contract is not None and contract.multiplier > 1:
            return "surcoinche"
        return "bid"
    return "defence"


def sample_outcomes(constraints: Constraints, taker_side: int, dealer: Seat,
                    trumps: tuple[Suit, ...], samples: int, seed: int, *,
                    executor: str = "serial", workers: int | None = None,
                    progress: Callable[[int], object] | None = None) -> np.ndarray:
    """Exact outcome keys and belote sides of samples ``0 .. samples - 1`` of ``seed``.

    An ``(samples, len(trumps), 2)`` array as :func:`belote.advice.bid.iter_outcomes`
    gives it (the taking side's exact value or ``DEFENCE_CAPOT``, and the
    belote side, 2 for nobody); the same whatever the workers.
    """
    question = _Question(constraints, constraints.profile, next_seat(dealer), taker_side,
                         trumps, True, ((0, 0, 0),) * 4)
    spans = [(seed, s, min(CHUNK, samples - s)) for s in range(0, samples, CHUNK)]
    results = parallel_map(functools.partial(_solve_range, question, trumps), spans,
                           executor=executor, workers=workers)
    parts = []
    try:
        for span, outcomes in zip(spans, results, strict=True):
            parts.append(outcomes)
            if progress is not None:
                progress(span[2])
    finally:
        results.close()  # type: ignore[attr-defined]
    return np.concatenate(parts)


def score_outcomes(profile: RuleProfile, outcomes: np.ndarray, contract: Contract
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Per sample: made (bool) and the taking side's net score, from one trump's outcomes.

    ``outcomes`` is ``(samples, 2)``: outcome key and belote side, as
    :func:`sample_outcomes` gives them; each distinct outcome is scored once
    by :func:`~belote.rules.scoring.score_deal`.
    """
    codes, inverse = np.unique((outcomes[:, 0] + 2) * 3 + outcomes[:, 1], return_inverse=True)
    table = np.array([_score(profile, contract, int(c) // 3 - 2, int(c) % 3) for c in codes],
                     dtype=np.int64).reshape(len(codes), 4)
    per = table[inverse.reshape(-1)]
    return per[:, 0].astype(bool), per[:, 3]


def _at(contract: Contract, multiplier: int) -> Contract:
    return Contract(contract.trump, contract.declarer, contract.bid, multiplier, contract.capot)


def _best(options: list[Option], values: list[np.ndarray]) -> tuple[str, str, Estimate]:
    """The recommended option, the runner-up and the paired difference of their scores."""
    order = sorted(range(len(options)), key=lambda i: (-options[i].expected.value, i))
    best, second = order[0], order[1]
    return (options[best].name, options[second].name,
            paired_difference(values[best], values[second]))


def auction_advice(constraints: Constraints, seat: Seat, auction: Auction,
                   conventions: Conventions, *, samples: int = 1000, seed: int = 0,
                   executor: str = "serial", workers: int | None = None,
                   progress: Callable[[int], object] | None = None) -> AuctionAdvice:
    """Advice for ``seat``, on turn in ``auction``, who knows ``constraints`` (their hand...).

    Raises :class:`~belote.auction.inference.AuctionImpossible` (naming the
    call) when no deal fits the hand, the auction and ``conventions``, and
    :class:`BeloteError` when it is not ``seat``'s turn.
    """
    if type(samples) is not int or samples < 2:
        raise BeloteError(f"samples={samples!r}: expected an int of at least 2")
    question = question_of(auction, seat)
    reading = read_auction(auction, conventions, constraints, seat)
    profile = constraints.profile
    c = reading.constraints
    contract = auction.contract
    run = functools.partial(sample_outcomes, c, dealer=auction.dealer, samples=samples,
                            seed=seed, executor=executor, workers=workers, progress=progress)
    mine = side_of(seat)
    if question == "bid":
        outcomes = run(taker_side=mine, trumps=SUITS)
        options, values = [], []
        if contract is None:
            options.append(Option("Pass", None, mean(np.zeros(samples)), None))
            values.append(np.zeros(samples))
        else:
            made, net = score_outcomes(profile, outcomes[:, contract.trump], contract)
            options.append(Option("Pass", contract, mean(net), proportion(int(made.sum()),
                                                                           samples)))
            values.append(net)
        for call in auction.legal_calls():
            if call.kind != "bid":
                continue
            assert call.trump is not None
            bid = Contract(call.trump, seat, call.bid, 1, call.capot)
            made, net = score_outcomes(profile, outcomes[:, call.trump], bid)
            options.append(Option(call.text, bid, mean(net), proportion(int(made.sum()),
                                                                         samples)))
            values.append(net)
        best, second, difference = _best(options, values)
        return AuctionAdvice(seat, question, reading, samples, tuple(options), best, second,
                             difference)
    assert contract is not None and contract.declarer is not None
    taker = side_of(contract.declarer)
    outcomes = run(taker_side=taker, trumps=(contract.trump,))[:, 0]
    if question == "surcoinche":
        made, x2 = score_outcomes(profile, outcomes, _at(contract, 2))
        _, x4 = score_outcomes(profile, outcomes, _at(contract, 4))
        p_make = proportion(int(made.sum()), samples)
        options = [Option("P", _at(contract, 2), mean(x2), p_make),
                   Option("XX", _at(contract, 4), mean(x4), p_make)]
        best, second, difference = _best(options, [x2, x4])
        return AuctionAdvice(seat, question, reading, samples, tuple(options), best, second,
                             difference)
    made, x1 = score_outcomes(profile, outcomes, contract)
    _, x2 = score_outcomes(profile, outcomes, _at(contract, 2))
    _, x4 = score_outcomes(profile, outcomes, _at(contract, 4))
    taker_x2, taker_x4 = mean(x2), mean(x4)
    reply = 4 if 4 in profile.coinche_multipliers and taker_x4.value > taker_x2.value else 2
    coinched = x4 if reply == 4 else x2
    p_make = proportion(int(made.sum()), samples)
    options = [Option("Pass", contract, mean(-x1), p_make),
               Option("X", _at(contract, reply), mean(-coinched), p_make)]
    best, second, difference = _best(options, [-x1, -coinched])
    p_fail = proportion(samples - int(made.sum()), samples)
    return AuctionAdvice(seat, question, reading, samples, tuple(options), best, second,
                         difference, p_fail, reply, (taker_x2, taker_x4))
