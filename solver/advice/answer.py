"""The answer to a bid question: one question, one engine, one answer.

:func:`plan_bid` checks a :class:`~belote.advice.question.BidQuestion` as
``belote bid`` does and gives a :class:`BidJob` (the parsed hand, contract,
auction, constraints and layouts), raising
:class:`~belote.errors.QuestionError` (its ``option`` names the option at
fault) or :class:`~belote.errors.ConstraintError`; :func:`advise_bid` runs it
and gives a :class:`BidAdvice`, the one answer to every case of "should I
bid?": one contract, the coinche table, the classic suits, or the question of
the seat on turn in an auction (every legal call valued), under double-dummy
or single-dummy play. Its rows (:class:`BidRow`) are typed: the call, the
contract then played, the expected net score of the seat's side and P(make),
with each contract's whole estimate under each play; its
:meth:`~BidAdvice.to_dict` is what ``belote bid --json`` prints.

The engine has two plug-ins. The *menu*: the contracts a question judges
(:attr:`BidJob.menu`, a :class:`~belote.advice.bid.ContractMenu`: one
contract, the coinche table or the classic suits), or an auction's options
(:func:`~belote.advice.auction.auction_advice`). The *play*: double-dummy
(:func:`~belote.advice.bid.judge`) or single-dummy beside it
(:func:`~belote.advice.bid_play.play_both`), both taking the same menu.
Every menu folds its samples into one tally type
(:class:`~belote.advice.tally.Tally`) and reads its rows, the recommendation
and the paired difference from it.

>>> from belote.errors import QuestionError
>>> try:
...     plan_bid(BidQuestion(hand="JH 9H AH TH KS AS AD 7C", seat="S"))
... except QuestionError as e:
...     print(e.option, "|", e)
None | give --dealer (or --auction, whose seats name the dealer)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..auction.conventions import DEFAULT, Conventions, conventions_named
from ..auction.inference import AuctionReading
from ..errors import BeloteError, PlayoutError, QuestionError
from ..parallel.runner import SERIAL, Run
from ..sampling.constraints import Constraints, parse_known
from ..sampling.stats import Estimate
from ..sampling.turned import Taken
from ..types.auction import Auction
from ..types.cards import CardSet, card_name, parse_card
from ..types.contract import Contract, parse_contract
from ..types.deal import Seat, as_seat, next_seat, seat_name
from ..types.profile import RuleProfile, get_profile
from .auction import REST, auction_advice, auction_dict, classic_seen, question_of
from .bid import (ContractEstimate, ContractMenu, TableAdvice, classic_constraints,
                  count_layouts, judge)
from .bid_play import PLAYS, PlayDifference, play_both
from .playout import Schedule
from .question import PLAYED_SAMPLES, TABLE_SAMPLES, BidQuestion

__all__ = ["BidAdvice", "BidJob", "BidRow", "Choice", "QUESTION_KINDS", "advise_bid", "plan_bid"]


@dataclass(frozen=True)
class BidJob:
    """A checked :class:`BidQuestion`: what :func:`advise_bid` runs.

    ``hand`` and ``turned`` are the cards' names, ``samples`` the samples to
    draw, ``constraints`` what the bidder knows (in an auction, before the
    calls are read), ``layouts`` their count (in an auction, the layouts
    without it), ``contract`` the one contract judged, ``auction``,
    ``conventions`` and ``opponents`` the auction question's.
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
    opponents: Conventions | None = None

    @property
    def seat(self) -> Seat:
        """The bidder."""
        return as_seat(self.question.seat)

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
    def work(self) -> int:
        """The samples the ``run``'s progress counts: twice :attr:`samples` in a
        single-dummy defence (the contract played for its goal, then each trump for points)."""
        defence = self.auction is not None and question_of(self.auction, self.seat) == "defence"
        return 2 * self.samples if self.played and defence else self.samples

    @property
    def classic(self) -> bool:
        """Whether the mode is classic (a turned card, no numeric bids)."""
        return bool(self.profile.auction != "numeric")

    @property
    def played(self) -> bool:
        """Whether the samples are played single-dummy (``--play`` single-dummy or both)."""
        return self.question.play != "double-dummy"

    @property
    def menu(self) -> ContractMenu:
        """The contracts judged when the question is not an auction's: one contract, the
        classic suits, or the coinche table of the bidder."""
        if self.contract is not None:
            return ContractMenu.one(self.contract, self.profile)
        if self.classic:
            return ContractMenu.classic(self.seat, self.turned_card)
        return ContractMenu.table(self.profile, self.seat)

    @property
    def schedule(self) -> Schedule:
        """The single-dummy player's schedule (``question.worlds``, checked by
        :func:`plan_bid`)."""
        return Schedule.from_worlds(self.question.worlds)


@dataclass(frozen=True)
class BidRow:
    """One choice of the menu, valued on the samples.

    ``call`` names it as the seat says it: ``Pass``, ``X``, ``XX``, ``P`` (play
    coinched), a bid (``100H``), a classic suit (``H``); a table's rows are its
    contracts (``100H``). ``contract`` is the contract then played (``None``:
    passed out, worth 0). ``expected`` is the expected net score of the
    seat's side (x1 for a contract of the table, one contract or a classic
    suit) and ``p_make`` the chance that contract makes (``None``: passed
    out), under the play that answers (single-dummy alone:
    single-dummy). ``double_dummy`` and ``single_dummy`` are the contract's
    whole estimate under each play when the question judges contracts (one
    contract, the table, the classic suits; ``None`` in an auction and for
    the play not asked), ``difference`` double-dummy minus single-dummy
    (``--play both`` or ``single-dummy``).
    """

    call: str
    contract: Contract | None
    expected: Estimate
    p_make: Estimate | None
    double_dummy: ContractEstimate | None = None
    single_dummy: ContractEstimate | None = None
    difference: PlayDifference | None = None

    def option_dict(self) -> dict[str, object]:
        """The row as ``belote bid --auction --json`` lists an option."""
        contract = self.contract
        return {"option": self.call,
                "contract": None if contract is None else contract.to_pbn(),
                "declarer": None if contract is None or contract.declarer is None
                else seat_name(contract.declarer),
                "expected_net": self.expected.to_dict(),
                "p_make": None if self.p_make is None else self.p_make.to_dict()}


@dataclass(frozen=True)
class Choice:
    """The recommended call, the runner-up (``None``: the only legal call) and the paired
    difference of their expected net scores over the same samples (``None`` when forced)."""

    recommended: str
    runner_up: str | None
    difference: Estimate | None

    @property
    def forced(self) -> bool:
        """Is the recommended call the only one (no runner-up)?"""
        return self.runner_up is None


QUESTION_KINDS = ("contract", "table", "classic", "bid", "defence", "surcoinche", "take")
"""What a :class:`BidAdvice` answers: one contract, the coinche table, the classic suits, or
an auction's question for the seat on turn (bid, defence, surcoinche; classic: take)."""


@dataclass(frozen=True)
class BidAdvice:
    """The answer to any :class:`BidQuestion`: the rows of the menu valued on the same
    samples, the recommendation, and what was asked.

    ``kind`` is one of :data:`QUESTION_KINDS`; ``rows`` the choices (:class:`BidRow`);
    ``choice`` the recommendation among them (``None`` for one contract: there is
    nothing to choose), ``single_dummy_choice`` the one under single-dummy play
    beside double-dummy (``--play both``, single-dummy; the table and the classic
    suits). ``samples`` is the number of deals judged, ``layouts`` the deals
    consistent with what the seat knows (in an auction, once the calls are read;
    :attr:`job` ``.layouts`` before), ``exact`` whether the samples were every
    layout (intervals reduced to the value), ``looks`` the early-stopping looks
    (``precision``). In an auction's defence, ``p_fail`` is the chance the
    opponents' contract fails, ``taker_reply`` the multiplier the taker is
    taken to choose when coinched and ``coinched`` the taker's expected net at
    x2 and x4; ``reading`` is what the calls said (an auction only).
    """

    job: BidJob
    kind: str
    rows: tuple[BidRow, ...]
    choice: Choice | None
    samples: int
    layouts: int
    exact: bool = False
    looks: tuple[int, ...] = ()
    single_dummy_choice: Choice | None = None
    reading: AuctionReading | None = field(default=None, repr=False)
    p_fail: Estimate | None = None
    taker_reply: int | None = None
    coinched: tuple[Estimate, Estimate] | None = None

    @property
    def mode(self) -> str:
        """The rule profile's name."""
        return str(self.job.profile.name)

    @property
    def seat(self) -> Seat:
        """The bidder."""
        return self.job.seat

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        return self.job.dealer

    @property
    def leader(self) -> Seat:
        """The seat leading the first trick (the dealer's left)."""
        return next_seat(self.job.dealer)

    @property
    def seed(self) -> int:
        """The random stream."""
        return self.job.question.seed

    @property
    def play(self) -> str:
        """``double-dummy``, ``single-dummy`` or ``both``."""
        return self.job.question.play

    def row(self, call: str) -> BidRow:
        """The row of ``call`` (``KeyError`` if the menu has none)."""
        for row in self.rows:
            if row.call == call:
                return row
        raise KeyError(call)

    def to_dict(self) -> dict[str, Any]:
        """What ``belote bid --json`` prints."""
        job = self.job
        if job.auction is not None:
            return {"mode": self.mode, "play": self.play, "dealer": seat_name(self.dealer),
                    "auction": job.auction.text(), "uniform_layouts": job.layouts,
                    **self._auction_dict(), "seed": self.seed}
        head: dict[str, Any] = {"mode": self.mode, "seat": seat_name(self.seat),
                                "dealer": seat_name(self.dealer)}
        if job.played:
            head["play"] = self.play
        if self.kind == "contract":
            row = self.rows[0]
            assert row.double_dummy is not None, "one contract is judged double-dummy"
            out = row.double_dummy.to_dict()
            if job.played:
                assert row.single_dummy is not None and row.difference is not None
                out = {**out, "single_dummy": row.single_dummy.to_dict(),
                       "difference": row.difference.to_dict(),
                       "schedule": job.schedule.to_dict()}
            out = {**out, "layouts": self.layouts, "leader": seat_name(self.leader)}
        else:
            assert self.choice is not None, "a table has its recommendation"
            dd = [row.double_dummy.to_dict() for row in self.rows if row.double_dummy]
            out = self._table_dict(self.choice, dd)
            if job.played:
                assert self.single_dummy_choice is not None
                single = self._table_dict(self.single_dummy_choice, [])
                del single["rows"]
                out["rows"] = [{**row, "single_dummy": r.single_dummy.to_dict(),
                                "difference": r.difference.to_dict()}
                               for row, r in zip(out["rows"], self.rows, strict=True)
                               if r.single_dummy and r.difference]
                out = {**out, "single_dummy": single, "schedule": job.schedule.to_dict()}
        return {**head, **out, "seed": self.seed}

    def _table_dict(self, choice: Choice, rows: list[dict[str, Any]]) -> dict[str, Any]:
        """The table's (or the classic suits') part of the JSON under one play."""
        assert choice.difference is not None, "a table has a runner-up"
        return {"samples": self.samples, "layouts": self.layouts, "exact": self.exact,
                "leader": seat_name(self.leader),
                "criterion": "highest expected net score at x1 (pass = 0)",
                "recommended": choice.recommended, "runner_up": choice.runner_up,
                "difference": choice.difference.to_dict(),
                **({"looks": list(self.looks)} if self.looks else {}), "rows": rows}

    def _auction_dict(self) -> dict[str, Any]:
        """The auction question's part of the JSON."""
        assert self.reading is not None and self.choice is not None
        reading, choice = self.reading, self.choice
        return auction_dict(self.seat, self.kind, reading, self.layouts, self.samples,
                            self.exact, (choice.recommended, choice.forced, choice.runner_up,
                                         choice.difference),
                            [row.option_dict() for row in self.rows], self.p_fail,
                            self.taker_reply, self.coinched)


def _cards(text: str, option: str) -> str:
    """``text`` checked card by card (unknown and repeated cards are refused)."""
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
                       else conventions_named(question.conventions))
    except BeloteError as e:
        raise QuestionError(str(e), option="conventions") from None
    try:
        opponents = (None if question.opponents is None
                     else conventions_named(question.opponents))
    except BeloteError as e:
        raise QuestionError(str(e), option="opponents") from None
    try:
        question_of(auction, seat)
    except BeloteError as e:
        raise QuestionError(str(e), option="auction") from None
    if classic:
        assert auction.turned is not None, "a classic auction records its turned card"
        seen = classic_seen(seat, hand, auction.turned)
        uniform = count_layouts(seen) * REST
    else:
        seen = Constraints(profile=profile).with_hand(seat, hand).with_text(
            known=question.known, shape=question.shape, points=question.points)
        uniform = count_layouts(seen)
    return BidJob(question, profile, hand, turned, _samples(question), seen, uniform,
                  auction=auction, conventions=conventions, opponents=opponents)


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
    if question.opponents is not None:
        raise QuestionError("--opponents goes with --auction")
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
        constraints = classic_constraints(seat, hand, parse_card(turned), **texts)
    else:
        constraints = Constraints(profile=profile,
                                  trump=None if contract is None else contract.trump)
        constraints = constraints.with_hand(seat, hand).with_text(**texts)
    return BidJob(question, profile, hand, turned, _samples(question), constraints,
                  count_layouts(constraints), contract=contract)


def advise_bid(question: BidQuestion | BidJob, *, run: Run = SERIAL) -> BidAdvice:
    """The answer to ``question`` (checked first by :func:`plan_bid` unless already a job).

    ``run`` (:class:`~belote.Run`) says how to run the samples; its
    ``progress`` counts samples.
    """
    job = question if isinstance(question, BidJob) else plan_bid(question)
    if job.auction is not None:
        return _auction(job, run)
    menu = job.menu
    if job.played:
        return _played(job, menu, run)
    asked = job.question
    table = judge(job.constraints, job.dealer, menu, samples=job.samples, seed=asked.seed,
                  precision=asked.precision, run=run)
    rows = tuple(BidRow(e.contract.to_pbn(), e.contract, e.expected_score[1], e.p_make,
                        double_dummy=e) for e in table.rows)
    if menu.kind == "contract":
        return BidAdvice(job, "contract", rows, None, table.samples, job.layouts, table.exact,
                         table.looks)
    return BidAdvice(job, menu.kind, rows, _choice(table), table.samples, table.layouts,
                     table.exact, table.looks)


def _choice(table: TableAdvice) -> Choice:
    """The recommendation of a table (passing is ``Pass``)."""
    def name(c: Contract | None) -> str:
        return "Pass" if c is None else c.to_pbn()

    return Choice(name(table.recommended), name(table.runner_up), table.difference)


def _played(job: BidJob, menu: ContractMenu, run: Run) -> BidAdvice:
    """The answer under single-dummy play, beside double-dummy on the same samples
    (:func:`~belote.advice.bid_play.play_both`)."""
    asked = job.question
    dd, sd, differences = play_both(job.constraints, menu.declarer, job.dealer, menu.contracts,
                                    menu.multipliers, menu.plays, samples=job.samples,
                                    seed=asked.seed, schedule=job.schedule, run=run,
                                    taken=Taken(job.seat, job.turned_card) if job.classic
                                    else None)
    dd_rows, sd_rows = dd.estimates(None), sd.estimates(None)
    shown_rows = sd_rows if asked.play == "single-dummy" else dd_rows
    rows = tuple(BidRow(d.contract.to_pbn(), d.contract, shown.expected_score[1], shown.p_make,
                        d, s, diff)
                 for d, s, diff, shown in zip(dd_rows, sd_rows, differences, shown_rows,
                                              strict=True))
    if menu.kind == "contract":
        return BidAdvice(job, "contract", rows, None, dd_rows[0].samples, job.layouts)
    dd_table, sd_table = dd.advice(None, job.layouts), sd.advice(None, job.layouts)
    return BidAdvice(job, menu.kind, rows, _choice(dd_table), dd_table.samples,
                     dd_table.layouts, dd_table.exact, single_dummy_choice=_choice(sd_table))


def _auction(job: BidJob, run: Run) -> BidAdvice:
    """The answer to an auction's question for the seat on turn."""
    assert job.auction is not None and job.conventions is not None, "plan_bid parses them"
    asked = job.question
    advice = auction_advice(job.constraints, job.seat, job.auction, job.conventions,
                                    opponents=job.opponents,
                                    samples=job.samples, seed=asked.seed, run=run,
                                    single_dummy=job.schedule if job.played else None)
    rows = tuple(BidRow(o.name, o.contract, o.expected, o.p_make) for o in advice.options)
    choice = Choice(advice.recommended, advice.runner_up, advice.difference)
    return BidAdvice(job, advice.question, rows, choice, advice.samples, advice.layouts,
                     advice.exact, reading=advice.reading, p_fail=advice.p_fail,
                     taker_reply=advice.taker_reply, coinched=advice.coinched)
