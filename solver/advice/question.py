"""A bid question from one hand, checked once, and its answer carrying what was asked.

:class:`BidQuestion` holds what ``belote bid`` is given (hand, seat, dealer,
mode, contract or auction, turned card, constraints, play, samples...).
:func:`plan_bid` checks it as the command does and gives a :class:`BidJob`
(the parsed hand, contract, auction, constraints and layouts), raising
:class:`~belote.errors.QuestionError` (its ``option`` names the option at
fault) or :class:`~belote.errors.ConstraintError`; :func:`advise_bid` runs
it (the coinche table, one contract, the classic suits, or the auction's
question, under double-dummy or single-dummy play) and gives a
:class:`BidAnswer`, whose :meth:`~BidAnswer.to_dict` is what ``belote bid
--json`` prints.

Importing this module is cheap: the solver is imported when a question is planned.

>>> from belote.errors import QuestionError
>>> try:
...     plan_bid(BidQuestion(hand="JH 9H AH TH KS AS AD 7C", seat="S"))
... except QuestionError as e:
...     print(e.option, "|", e)
None | give --dealer (or --auction, whose seats name the dealer)
>>> BidQuestion(hand="JH 9H AH TH KS AS AD 7C", seat="S", dealer="W", known="N:7S").known
('N:7S',)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import BeloteError, PlayoutError, QuestionError
from ..parallel.runner import SERIAL, Run
from ..types.cards import parse_card
from ..types.deal import Seat, as_seat, seat_name

if TYPE_CHECKING:
    from ..auction.conventions import Conventions
    from ..sampling.constraints import Constraints
    from ..types.auction import Auction
    from ..types.contract import Contract
    from ..types.profile import RuleProfile
    from .playout import Schedule

__all__ = ["BidAnswer", "BidJob", "BidQuestion", "PLAYED_SAMPLES", "TABLE_SAMPLES",
           "advise_bid", "plan_bid"]

PLAYED_SAMPLES = 100
"""Samples played by default under single-dummy play (about 1 s of CPU each and trump)."""

TABLE_SAMPLES = 500
"""Samples solved by default under double-dummy play: a P(make) interval of at most
+/-4.4 points, in about 1 s of CPU for one contract or 10 s for the coinche table
(``python -m bench.bid``)."""


def _texts(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """One text or several, as a tuple (one string is one constraint, not its characters)."""
    return (value,) if isinstance(value, str) else tuple(value)


@dataclass(frozen=True)
class BidQuestion:
    """What ``belote bid`` is asked, its options as the command takes them.

    ``hand`` is the bidder's cards (any spelling; classic: 5 cards), ``seat``
    the bidder (the declarer), ``dealer`` the dealer (``None``: named by
    ``auction``). ``contract`` (coinche) judges one contract instead of the
    table; ``auction`` (``"N:P E:80H"``) asks for the advice on turn, under the
    ``conventions`` file (``None``: the built-in profile); ``turned`` is the
    classic turned card. ``known``, ``shape`` and ``points`` are the
    constraint texts (one string or several). ``play`` is one of
    ``double-dummy``, ``single-dummy``, ``both``; ``samples`` ``None`` is
    :data:`TABLE_SAMPLES` (:data:`PLAYED_SAMPLES` under single-dummy play);
    ``worlds`` the single-dummy player's layouts a decision at the first trick
    (:meth:`~belote.advice.playout.Schedule.from_worlds`; ``None``: the default
    schedule); ``precision`` the
    early-stopping half-width (double-dummy only).
    """

    hand: str
    seat: Seat | str
    dealer: Seat | str | None = None
    mode: str = "coinche"
    contract: str | None = None
    auction: str | None = None
    conventions: str | Path | None = None
    turned: str | None = None
    known: tuple[str, ...] = ()
    shape: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    samples: int | None = None
    play: str = "double-dummy"
    worlds: int | None = None
    seed: int = 0
    precision: float | None = None

    def __post_init__(self) -> None:
        for name in ("known", "shape", "points"):
            object.__setattr__(self, name, _texts(getattr(self, name)))
        object.__setattr__(self, "seat", as_seat(self.seat))
        if self.dealer is not None:
            object.__setattr__(self, "dealer", as_seat(self.dealer))


@dataclass(frozen=True)
class BidJob:
    """A checked :class:`BidQuestion`: what :func:`advise_bid` runs.

    ``hand`` and ``turned`` are the cards' names, ``samples`` the samples to
    draw, ``constraints`` what the bidder knows (in an auction, before the
    calls are read), ``layouts`` their count (in an auction, the layouts
    without it), ``contract`` the one contract judged, ``auction`` and
    ``conventions`` the auction question's.
    """

    question: BidQuestion
    profile: RuleProfile
    hand: str
    turned: str | None
    samples: int
    constraints: Constraints
    layouts: int
    contract: Contract | None = None
    auction: Auction | None = None
    conventions: Conventions | None = None

    @property
    def dealer(self) -> Seat:
        """The dealer (the auction's when the question does not name it)."""
        dealer = self.auction.dealer if self.auction is not None else self.question.dealer
        assert dealer is not None, "plan_bid checks that the dealer is named"
        return int(dealer)

    @property
    def turned_card(self) -> int:
        """The classic turned card (as an int; only for a classic question)."""
        assert self.turned is not None, "plan_bid checks that classic has a turned card"
        return parse_card(self.turned)

    @property
    def classic(self) -> bool:
        """Whether the mode is classic (a turned card, no numeric bids)."""
        return bool(self.profile.auction != "numeric")

    @property
    def played(self) -> bool:
        """Whether the samples are played single-dummy (``--play`` single-dummy or both)."""
        return self.question.play != "double-dummy"

    @property
    def schedule(self) -> Schedule:
        """The single-dummy player's schedule (``question.worlds``, checked by
        :func:`plan_bid`)."""
        from .playout import Schedule

        return Schedule.from_worlds(self.question.worlds)


@dataclass(frozen=True)
class BidAnswer:
    """The answer to a :class:`BidJob`, with what was asked.

    ``result`` is the library's answer: a
    :class:`~belote.advice.bid.BidAdvice` (the coinche table, the classic
    suits), a :class:`~belote.advice.bid.ContractEstimate` (one contract), a
    :class:`~belote.advice.bid_play.PlayedAdvice` (single-dummy play) or an
    :class:`~belote.advice.auction.AuctionAdvice` (an auction's question).
    """

    job: BidJob
    result: Any = field(repr=False)

    @property
    def mode(self) -> str:
        """The rule profile's name."""
        return str(self.job.profile.name)

    @property
    def seat(self) -> Seat:
        """The bidder."""
        return self.job.question.seat  # type: ignore[return-value]

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return self.job.dealer

    @property
    def leader(self) -> Seat:
        """The seat leading the first trick (the dealer's left)."""
        return (self.job.dealer + 1) % 4  # type: ignore[return-value]

    @property
    def layouts(self) -> int:
        """The layouts the bidder cannot tell apart (in an auction, before it is read)."""
        return self.job.layouts

    @property
    def seed(self) -> int:
        """The random stream."""
        return self.job.question.seed

    @property
    def play(self) -> str:
        """``double-dummy``, ``single-dummy`` or ``both``."""
        return self.job.question.play

    def to_dict(self) -> dict[str, Any]:
        """What ``belote bid --json`` prints."""
        job = self.job
        out = self.result.to_dict()
        if job.auction is not None:
            return {"mode": self.mode, "play": self.play, "dealer": seat_name(self.dealer),
                    "auction": job.auction.text(), "uniform_layouts": self.layouts, **out,
                    "seed": self.seed}
        if job.contract is not None:
            out = {**out, "layouts": self.layouts, "leader": seat_name(self.leader)}
        head = {"mode": self.mode, "seat": seat_name(self.seat), "dealer": seat_name(self.dealer)}
        if job.played:
            head["play"] = self.play
        return {**head, **out, "seed": self.seed}


def _cards(text: str, option: str) -> str:
    """``text`` checked card by card (unknown and repeated cards are refused)."""
    from ..types.cards import card_name

    seen: list[int] = []
    for token in text.replace(",", " ").split():
        try:
            card = parse_card(token)
        except BeloteError as e:
            raise QuestionError(str(e), option=option) from None
        if card in seen:
            raise QuestionError(f"{card_name(card)} is given twice", option=option)
        seen.append(card)
    return " ".join(card_name(c) for c in seen)


def _own_known(seat: Seat, hand: str, known: tuple[str, ...], turned: str | None) -> None:
    """Refuse known cards of your own seat that are not in the hand (or the classic turned card)."""
    from ..sampling.constraints import parse_known
    from ..types.cards import CardSet

    classic = turned is not None
    mine = sum(1 << parse_card(c) for c in (hand + " " + (turned or "")).split())
    for text in known:
        try:
            who, mask = parse_known(text)
        except BeloteError:
            continue  # the constraints report it, naming the option
        extra = mask & ~mine
        if who == seat and extra:
            later = " (the cards still to be dealt to you are not known yet)" if classic else ""
            raise QuestionError(f"{text!r}: {'NESW'[seat]} is your seat, and "
                                f"{CardSet(extra)} is not in your --hand{later}",
                                option="known")


def _contract(text: str, profile: RuleProfile, seat: Seat) -> Contract:
    """The contract to judge (at x1, declarer ``seat``)."""
    from ..types.contract import parse_contract

    try:
        contract = parse_contract(text, profile, declarer=seat)
    except BeloteError as e:
        message = str(e)
        if getattr(e, "unreadable", False):
            message = (f"cannot read {text!r}: expected a bid and a trump, e.g. "
                       "100H or CapotS")
        raise QuestionError(message, option="contract") from None
    if contract.multiplier != 1:
        raise QuestionError(f"{text}: give the contract without X or XX (it is judged at x1, "
                            "x2 and x4 at once)", option="contract")
    return contract


def _plan_auction(question: BidQuestion, profile: RuleProfile, hand: str) -> BidJob:
    """The checks and the parsed auction of an auction question."""
    from ..advice import auction as advisor
    from ..advice.bid import count_layouts
    from ..auction.conventions import DEFAULT, load_conventions
    from ..sampling.constraints import Constraints
    from ..types.auction import Auction

    if question.play == "both":
        raise QuestionError("--play both does not go with --auction (give double-dummy or "
                            "single-dummy)")
    for given, option in ((question.contract, "--contract"), (question.precision, "--precision")):
        if given is not None:
            raise QuestionError(f"{option} does not go with --auction")
    turned = None if question.turned is None else _cards(question.turned, "turned")
    seat: Seat = question.seat  # type: ignore[assignment]
    _own_known(seat, hand, question.known, turned)
    classic = profile.auction != "numeric"
    if classic and turned is None:
        raise QuestionError("a classic --auction needs --turned CARD")
    if classic and question.play != "double-dummy":
        raise QuestionError("single-dummy play of a classic --auction is not available")
    if classic and (question.known or question.shape or question.points):
        raise QuestionError("--known, --shape and --points do not go with a classic --auction")
    try:
        auction = Auction.parse(question.auction, dealer=question.dealer,  # type: ignore[arg-type]
                                mode=question.mode.lower(), turned=turned)
    except BeloteError as e:
        raise QuestionError(str(e), option="auction") from None
    try:
        conventions = (DEFAULT if question.conventions is None
                       else load_conventions(Path(question.conventions)))
    except BeloteError as e:
        raise QuestionError(str(e), option="conventions") from None
    try:
        advisor.question_of(auction, seat)
    except BeloteError as e:
        raise QuestionError(str(e), option="auction") from None
    if classic:
        assert auction.turned is not None, "a classic auction records its turned card"
        seen = advisor.classic_seen(seat, hand, auction.turned)
        uniform = count_layouts(seen) * advisor.REST
    else:
        seen = Constraints(profile=profile).with_hand(seat, hand).with_text(
            known=question.known, shape=question.shape, points=question.points)
        uniform = count_layouts(seen)
    return BidJob(question, profile, hand, turned, _samples(question), seen, uniform,
                  auction=auction, conventions=conventions)


def _samples(question: BidQuestion) -> int:
    """The samples asked for, or the default of the play."""
    if question.samples is not None:
        return question.samples
    return TABLE_SAMPLES if question.play == "double-dummy" else PLAYED_SAMPLES


def plan_bid(question: BidQuestion) -> BidJob:
    """Check ``question`` as ``belote bid`` does, in the same order, and parse it.

    Raises :class:`~belote.errors.QuestionError` naming the option at fault
    (``option`` ``None``: options that do not go together) and
    :class:`~belote.errors.ConstraintError` (also naming its option) when
    the hand and the constraints cannot be read or no deal fits them.
    """
    from ..advice import bid as advisor
    from ..sampling.constraints import Constraints
    from ..types.profile import get_profile

    from .bid_play import PLAYS
    from .playout import Schedule

    precision = question.precision
    if precision is not None and not (math.isfinite(precision) and 0 < precision < 0.5):
        raise QuestionError(f"{precision} is not a number between 0 and 0.5", option="precision")
    if question.play not in PLAYS:
        raise QuestionError(f"{question.play!r} is not one of {', '.join(PLAYS)}", option="play")
    try:
        Schedule.from_worlds(question.worlds)
    except PlayoutError as e:
        raise QuestionError(str(e), option="worlds") from None
    try:
        profile = get_profile(question.mode.lower())
    except BeloteError as e:
        raise QuestionError(str(e), option="mode") from None
    hand = _cards(question.hand, "hand")
    played = question.play != "double-dummy"
    if played and precision is not None:
        raise QuestionError("--precision is for double-dummy play: single-dummy play plays "
                            "every sample (give --samples)")
    if question.auction is not None:
        return _plan_auction(question, profile, hand)
    if question.conventions is not None:
        raise QuestionError("--conventions goes with --auction")
    if question.dealer is None:
        raise QuestionError("give --dealer (or --auction, whose seats name the dealer)")
    seat: Seat = question.seat  # type: ignore[assignment]
    classic = profile.auction != "numeric"
    turned = question.turned
    if classic:
        if question.contract is not None:
            raise QuestionError("--contract is for coinche; classic tables the four suits")
        if turned is None:
            raise QuestionError("classic needs --turned CARD")
        turned = _cards(turned, "turned")
        if len(turned.split()) != 1:
            raise QuestionError("give one card", option="turned")
        if turned in hand.split():
            raise QuestionError(f"{turned} is in your --hand", option="turned")
    elif turned is not None:
        raise QuestionError("--turned is for --mode classic")
    _own_known(seat, hand, question.known, turned)
    contract = None if question.contract is None else _contract(question.contract, profile,
                                                                seat)
    texts: dict[str, Any] = {"known": question.known, "shape": question.shape,
                             "points": question.points}
    if classic:
        assert turned is not None
        constraints = advisor.classic_constraints(seat, hand, parse_card(turned), **texts)
    else:
        constraints = Constraints(profile=profile,
                                  trump=None if contract is None else contract.trump)
        constraints = constraints.with_hand(seat, hand).with_text(**texts)
    return BidJob(question, profile, hand, turned, _samples(question), constraints,
                  advisor.count_layouts(constraints), contract=contract)


def advise_bid(question: BidQuestion | BidJob, *, run: Run = SERIAL) -> BidAnswer:
    """The answer to ``question`` (checked first by :func:`plan_bid` unless already a job).

    ``run`` (:class:`~belote.Run`) says how to run the samples; its
    ``progress`` counts samples.
    """
    from ..advice import auction as auction_advisor
    from ..advice import bid as advisor
    from ..advice import bid_play

    job = question if isinstance(question, BidJob) else plan_bid(question)
    asked = job.question
    seat: Seat = asked.seat  # type: ignore[assignment]
    common: dict[str, Any] = {"samples": job.samples, "seed": asked.seed, "run": run}
    texts: dict[str, Any] = {"known": asked.known, "shape": asked.shape, "points": asked.points}
    result: Any
    classic: Callable[..., Any]
    one: Callable[..., Any]
    table: Callable[..., Any]
    if job.auction is not None:
        assert job.conventions is not None, "plan_bid gives an auction its conventions"
        schedule = job.schedule if job.played else None
        result = auction_advisor.auction_advice(job.constraints, seat, job.auction,
                                                job.conventions, single_dummy=schedule,
                                                **common)
    else:
        if job.played:
            common["schedule"] = job.schedule
            classic, one, table = (bid_play.played_classic, bid_play.played_estimate,
                                   bid_play.played_table)
        else:
            common["precision"] = asked.precision
            classic, one, table = (advisor.classic_advice, advisor.estimate_contract,
                                   advisor.bid_table)
        if job.classic:
            result = classic(seat, job.hand, job.turned_card, job.dealer, **texts, **common)
        elif job.contract is not None:
            result = one(job.constraints, job.contract, job.dealer, **common)
        else:
            result = table(job.constraints, seat, job.dealer, **common)
    return BidAnswer(job, result)
