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
* **defence** (an opponent's contract, not coinched; one's own bid
  overcalled included): P(the contract fails) with its Wilson interval;
  passing (the contract at x1), coinching (x2, or x4 when the taker's best
  reply is to surcoinche: the reply with the higher expected score for the
  taker over the same samples) and each legal overcall of the seat (that
  contract by the seat at x1, as in the bid question), all on the same
  samples: one double-dummy solve of the four trumps for the seat's side,
  the opponents' contract read from it (:func:`flip_outcomes`); the
  recommendation and the paired difference between the best and the
  runner-up.
* **surcoinche** (one's own side's contract coinched): playing at x2 (pass)
  against surcoinching (x4), paired.
* **take** (classic): pass (0) or take, the turned suit in round 1, each
  other suit in round 2. The calls were made on five cards, so the deals
  come in two stages (:class:`_ClassicDeals`).

Double-dummy values assume both sides see every card: an upper bound on
real play (see :mod:`belote.advice.bid`).

>>> from belote import Auction
>>> from belote.auction import DEFAULT
>>> from belote.sampling import Constraints
>>> seen = Constraints().with_text(hand=["S:JS 9S AS TS 7D 8D KC AC"])
>>> advice = auction_advice(seen, 2, Auction.parse("N:P E:80H"), DEFAULT, samples=16, seed=3)
>>> advice.question, advice.recommended, [o.name for o in advice.options][:4]
('defence', '120S', ['Pass', 'X', '90S', '100S'])
>>> advice.p_fail.n, round(advice.p_fail.value + advice.options[0].p_make.value, 9)
(16, 1.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..auction.conventions import Conventions
from ..auction.inference import AuctionReading, read_auction
from ..errors import BeloteError
from ..parallel.runner import SERIAL, Run
from ..types.profile import CLASSIC, RuleProfile
from ..sampling.constraints import Constraints
from ..sampling.stats import Estimate
from ..types.auction import Auction
from ..types.cards import SUIT_NAMES, SUITS, Card, CardSet, Suit
from ..types.contract import Contract
from ..types.deal import Seat, next_seat, seat_name, side_of
from .bid import (
    CHUNK,
    DEFENCE_CAPOT,
    MAX_LISTED,
    SampleQuestion,
    at_multiplier,
    deal_sampler,
    score_outcome,
    sample_loop,
    solve_range,
    net_range,
    solve_hands,
)
from .bid_play import Plays, play_range
from .question import TABLE_SAMPLES
from .playout import Schedule
from .tally import Tally

__all__ = ["AuctionAdvice", "Option", "auction_advice", "classic_seen", "flip_outcomes",
           "question_of", "sample_outcomes", "score_outcomes"]


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
    difference of their expected net scores. When one call only is legal
    (partner's capot stands: Pass), the advice is ``forced``: that call is
    recommended, with no runner-up and no difference (``None``). ``p_fail`` (defence) is the
    chance the opponents' contract fails, ``taker_reply`` (defence) the
    multiplier the taker is taken to choose when coinched (2 or 4).
    ``layouts`` counts the deals consistent with the hand and the auction;
    when they are no more than the samples asked for, each is solved once and
    every value is exact (``exact``, intervals reduced to the value).
    """

    seat: Seat
    question: str
    reading: AuctionReading
    samples: int
    options: tuple[Option, ...]
    recommended: str
    runner_up: str | None
    difference: Estimate | None
    p_fail: Estimate | None = None
    taker_reply: int | None = None
    coinched: tuple[Estimate, Estimate] | None = None

    @property
    def layouts(self) -> int:
        """The deals consistent with the seat's hand and the auction."""
        return self.reading.layouts

    @property
    def forced(self) -> bool:
        """Is the recommended call the only legal one (no runner-up)?"""
        return self.runner_up is None

    @property
    def exact(self) -> bool:
        """Were the samples every layout (exact values)?"""
        return self.samples == self.layouts and self.options[0].expected.method == "exact"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return auction_dict(self.seat, self.question, self.reading, self.layouts, self.samples,
                            self.exact, (self.recommended, self.forced, self.runner_up,
                                         self.difference),
                            [o.to_dict() for o in self.options], self.p_fail,
                            self.taker_reply, self.coinched)


def auction_dict(seat: Seat, question: str, reading: AuctionReading, layouts: int, samples: int,
                 exact: bool, choice: tuple[str, bool, str | None, Any],
                 options: list[dict[str, Any]], p_fail: Estimate | None,
                 taker_reply: int | None, coinched: Any) -> dict[str, object]:
    """The JSON of an auction question's advice (:meth:`AuctionAdvice.to_dict`, and
    :meth:`belote.BidAdvice.to_dict` of an auction question): ``choice`` is the
    recommended call, whether it was forced, the runner-up and their paired difference."""
    recommended, forced, runner_up, difference = choice
    out: dict[str, object] = {
        "seat": seat_name(seat), "question": question,
        "conventions": reading.conventions.name,
        "opponents": None if reading.opponents is None else reading.opponents.name,
        "calls": [{"call": f"{seat_name(i.seat)}:{i.call.text}", "kind": i.kind,
                   "says": i.text().split(": ", 1)[1]} for i in reading.inferences],
        "layouts": layouts, "samples": samples, "exact": exact,
        "criterion": "highest expected net score of your side",
        "recommended": recommended, "forced": forced, "runner_up": runner_up,
        "difference": None if difference is None else difference.to_dict(),
        "options": options}
    if p_fail is not None:
        out["p_fail"] = p_fail.to_dict()
    if taker_reply is not None:
        assert coinched is not None
        out["taker_reply"] = "XX" if taker_reply == 4 else "P"
        out["taker_expected_x2"], out["taker_expected_x4"] = (e.to_dict() for e in coinched)
    return out


def question_of(auction: Auction, seat: Seat) -> str:
    """Which question the seat on turn faces: ``bid``, ``defence`` or ``surcoinche``.

    >>> question_of(Auction.parse("N:80H"), 1), question_of(Auction.parse("N:80H E:X"), 2)
    ('defence', 'surcoinche')
    >>> question_of(Auction.parse("N:80H E:P"), 2)
    'bid'
    >>> question_of(Auction.parse("N:P E:P", mode="classic", turned="AH"), 2)
    'take'
    """
    if auction.complete:
        raise BeloteError(f"the auction {auction.text()} is over: nobody is to call")
    turn = auction.turn
    assert turn is not None
    if turn != seat:
        raise BeloteError(f"it is {seat_name(turn)}'s turn to call, not "
                          f"{seat_name(seat)}'s")
    if auction.profile.auction != "numeric":
        return "take"
    contract = auction.contract
    if contract is None or contract.side == side_of(seat):
        if contract is not None and contract.multiplier > 1:
            return "surcoinche"
        return "bid"
    return "defence"


def sample_outcomes(constraints: Constraints, taker_side: int, dealer: Seat,
                    trumps: tuple[Suit, ...], samples: int, seed: int, *,
                    run: Run = SERIAL, listed: bool = False, deals: _ClassicDeals | None = None,
                    single_dummy: tuple[tuple[Contract, ...], Schedule] | None = None
                    ) -> np.ndarray:
    """Exact outcome keys and belote sides of samples ``0 .. samples - 1`` of ``seed``.

    An ``(samples, len(trumps), 2)`` array as ``iter_outcomes`` of :mod:`belote.advice.bid`
    gives it (the taking side's exact value or ``DEFENCE_CAPOT``, and the
    belote side, 2 for nobody); the same whatever the workers. With
    ``listed``, the first ``samples`` layouts in their fixed order instead
    (all of them, to answer exactly). With ``deals`` (classic), the samples
    are its two-stage deals instead. With ``single_dummy`` (the contract
    each trump is played for, and the player's schedule), each sample is
    played out by :mod:`.playout`'s single-dummy player at every seat
    instead (:mod:`.bid_play`; the taking side's points at the end). ``run`` is
    sized by ``samples``, its ``progress`` told of each chunk of samples.
    """
    run = run.sized(samples)
    question = SampleQuestion(constraints, constraints.profile, next_seat(dealer), taker_side,
                         trumps, True, ((0, 0, 0),) * 4, listed)
    spans = [(seed, s, min(CHUNK, samples - s)) for s in range(0, samples, CHUNK)]
    work = (functools.partial(solve_range, question, trumps) if deals is None
            else functools.partial(_classic_range, question, deals, trumps))
    if single_dummy is not None:
        play_for, schedule = single_dummy
        spans = [(seed, s, 1) for s in range(samples)]
        work = functools.partial(_single_dummy_range, Plays(question, play_for, dealer,
                                                             schedule))
    parts: list[np.ndarray] = []
    sample_loop(work, spans, run, lambda _, outcomes: parts.append(outcomes))
    return np.concatenate(parts)


def score_outcomes(profile: RuleProfile, outcomes: np.ndarray, contract: Contract
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Per sample: made (bool) and the taking side's net score, from one trump's outcomes.

    ``outcomes`` is ``(samples, 2)``: outcome key and belote side, as
    :func:`sample_outcomes` gives them; each distinct outcome is scored once
    by :func:`~belote.rules.scoring.score_deal`.
    """
    codes, inverse = np.unique((outcomes[:, 0] + 2) * 3 + outcomes[:, 1], return_inverse=True)
    table = np.array([score_outcome(profile, contract, int(c) // 3 - 2, int(c) % 3) for c in codes],
                     dtype=np.int64).reshape(len(codes), 4)
    per = table[inverse.reshape(-1)]
    return per[:, 0].astype(bool), per[:, 3]


def _negated(bounds: tuple[int, int]) -> tuple[int, int]:
    """The range of ``-x`` for ``x`` in ``bounds``."""
    return -bounds[1], -bounds[0]


@dataclass(frozen=True)
class _Choice:
    """One option before it is valued: its name, the contract then played, the net score of
    the seat's side on each sample, whether that contract made (``None``: passed out) and
    the range of the net score (:func:`net_range`: the bounds of its mean's interval)."""

    name: str
    contract: Contract | None
    net: np.ndarray
    made: np.ndarray | None
    bounds: tuple[int, int]


def _valued(choices: list[_Choice], exact: bool
            ) -> tuple[tuple[Option, ...], str, str | None, Estimate | None, Tally]:
    """The options valued on their samples' :class:`~belote.advice.tally.Tally` (exact when
    the samples are every layout), the recommended one, the runner-up, the paired difference
    of their scores, and the tally (row ``r``: ``choices[r]``)."""
    tally = Tally.of([c.net for c in choices],
                     [np.zeros(len(c.net), dtype=bool) if c.made is None else c.made
                      for c in choices], exact=exact)
    options = tuple(Option(c.name, c.contract, tally.mean(r, 0, c.bounds),
                           None if c.made is None else tally.share(tally.made[r], r))
                    for r, c in enumerate(choices))
    best, second, difference = tally.best([o.expected.value for o in options],
                                          [c.bounds for c in choices])
    return (options, options[best].name, None if second is None else options[second].name,
            difference, tally)


REST = math.factorial(11) // (2 * 6 * 6 * 6)
"""Classic: the ways to deal the 11 cards left after the first five each and the turned
card (the taker gets 2 with the turned card, the others 3 each)."""


def classic_seen(seat: Seat, five: Iterable[Card | str] | str | CardSet | int,
                 turned: Card) -> Constraints:
    """What a classic bidder knows during the auction: five cards each, their own known.

    The bidder's seat also stands for the stock (the 11 cards still to be
    dealt after the turned card): it holds 16, its five known. The turned
    card is out of this first deal; card points count its suit as trump.

    >>> from belote.types import parse_card
    >>> c = classic_seen(2, "JH 9H AS KS 7C", parse_card("AH"))
    >>> c.hand_sizes, c.known[2], c.free_cards().bit_count()
    ((5, 5, 16, 5), CardSet('KS AS 9H JH 7C'), 26)
    """
    mine = CardSet(five)
    if len(mine) != 5 or turned in mine:
        raise BeloteError(f"a classic bidder holds 5 cards other than the turned card, not "
                          f"{mine}")
    sizes = tuple(16 if s == seat else 5 for s in range(4))
    return Constraints(hand_sizes=sizes, out=CardSet(1 << turned), profile=CLASSIC,  # type: ignore[arg-type]
                       trump=turned >> 3).with_known(seat, mine)


@dataclass(frozen=True)
class _ClassicDeals:
    """Classic deals in two stages: the five-card hands the auction allows, then the rest.

    Stage one draws the five-card hands exactly and uniformly under the
    auction's constraints (deal ``i`` of the seed's stream; the ``taker``'s
    seat holds its five and the stock, :func:`classic_seen`); stage two deals
    the stock uniformly (a permutation seeded by the seed and ``i``): 2 more
    to the ``taker`` with the turned card, 3 to each other seat. Every
    stage-one deal has the same number of completions (:data:`REST`), so
    the full deals are uniform among those consistent with the auction.
    """

    first: Constraints
    taker: Seat
    turned: Card

    def draw(self, seed: int, start: int, n: int) -> np.ndarray:
        """Full deals ``start .. start + n - 1`` of stream ``seed`` as ``(n, 4)`` hand masks."""
        five = deal_sampler(self.first).draw_masks(seed, start, n).astype(np.int64)
        mine = self.first.known[self.taker].mask
        hands = five.copy()
        hands[:, self.taker] = mine
        others = [s for s in range(4) if s != self.taker]
        for i, row in enumerate(five):
            stock = int(row[self.taker]) & ~mine
            cards = np.array([c for c in range(32) if stock >> c & 1], dtype=np.int64)
            rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(
                [seed, start + i, 1])))
            order = rng.permutation(cards)
            hands[i, self.taker] |= (1 << self.turned) | _bits(order[:2])
            for k, seat in enumerate(others):
                hands[i, seat] |= _bits(order[2 + 3 * k:5 + 3 * k])
        return hands


def _bits(cards: np.ndarray) -> int:
    return int(np.sum(np.left_shift(1, cards)))


def _single_dummy_range(plays: Plays, span: tuple[int, int, int]) -> np.ndarray:
    """The single-dummy outcomes of samples ``start ..`` (:func:`.bid_play.play_range`)."""
    return play_range(plays, span)[1]


def _classic_range(question: SampleQuestion, deals: _ClassicDeals, trumps: tuple[Suit, ...],
                   span: tuple[int, int, int]) -> np.ndarray:
    """The outcomes of classic samples ``start .. start + n - 1`` (the work of one item)."""
    return solve_hands(question, trumps, deals.draw(*span))


def auction_advice(constraints: Constraints, seat: Seat, auction: Auction,
                   conventions: Conventions, *, samples: int = TABLE_SAMPLES,
                   seed: int = 0, opponents: Conventions | None = None,
                   run: Run = SERIAL, single_dummy: Schedule | None = None) -> AuctionAdvice:
    """Advice for ``seat``, on turn in ``auction``, who knows ``constraints`` (their hand...);
    the opponents' calls are read under ``opponents`` when given, else under ``conventions``.

    With ``single_dummy`` (the player's schedule), every sample is played out
    by the single-dummy player instead of double-dummy (coinche only): for
    the contract's goal in the defence and surcoinche questions, for points
    in the bid question (one playout per trump). The players themselves
    sample their layouts uniformly (they do not read the auction).

    Raises :class:`~belote.auction.inference.AuctionImpossible` (naming the
    call) when no deal fits the hand, the auction and ``conventions``, and
    :class:`BeloteError` when it is not ``seat``'s turn.
    """
    if type(samples) is not int or samples < 2:
        raise BeloteError(f"samples={samples!r}: expected an int of at least 2")
    question = question_of(auction, seat)
    reading = read_auction(auction, conventions, constraints, seat, opponents)
    profile = constraints.profile
    c = reading.constraints
    contract = auction.contract
    if question == "take":
        if single_dummy is not None:
            raise BeloteError("single-dummy play of a classic auction is not available")
        return _classic_take(reading, seat, auction, samples=samples, seed=seed, run=run)
    listed = single_dummy is None and reading.layouts <= min(samples, MAX_LISTED)
    if listed:  # every layout once: exact answers
        samples = reading.layouts
    outcomes_of = functools.partial(sample_outcomes, c, dealer=auction.dealer,
                                    samples=samples, seed=seed, run=run, listed=listed)
    mine = side_of(seat)

    def played(contracts: tuple[Contract, ...]
               ) -> tuple[tuple[Contract, ...], Schedule] | None:
        return None if single_dummy is None else (contracts, single_dummy)

    if question == "bid":
        outcomes = outcomes_of(taker_side=mine, trumps=SUITS, single_dummy=played(
            tuple(Contract(t, None, profile.bid_min) for t in SUITS)))
        if contract is None:
            choices = [_Choice("Pass", None, np.zeros(samples), None, (0, 0))]
        else:
            made, net = score_outcomes(profile, outcomes[:, contract.trump], contract)
            choices = [_Choice("Pass", contract, net, made, net_range(profile, contract))]
        options, best, second, difference, _ = _valued(
            choices + _bids(auction, seat, outcomes), listed)
        return AuctionAdvice(seat, question, reading, samples, options, best, second,
                             difference)
    assert contract is not None and contract.declarer is not None
    taker = side_of(contract.declarer)
    if question == "surcoinche":
        outcomes = outcomes_of(taker_side=taker, trumps=(contract.trump,),
                               single_dummy=played((at_multiplier(contract, 1),)))[:, 0]
        made, x2 = score_outcomes(profile, outcomes, at_multiplier(contract, 2))
        _, x4 = score_outcomes(profile, outcomes, at_multiplier(contract, 4))
        options, best, second, difference, _ = _valued(
            [_Choice(name, at_multiplier(contract, m), net, made,
                     net_range(profile, at_multiplier(contract, m)))
             for name, m, net in (("P", 2, x2), ("XX", 4, x4))], listed)
        return AuctionAdvice(seat, question, reading, samples, options, best, second,
                             difference)
    points_only = played(tuple(Contract(t, None, profile.bid_min) for t in SUITS))
    if single_dummy is None:  # one double-dummy solve of every trump for the seat's side
        ours = outcomes_of(taker_side=mine, trumps=SUITS)
        outcomes = flip_outcomes(ours[:, contract.trump], profile)
    else:  # the contract played for its goal, then every trump for points
        outcomes = outcomes_of(taker_side=taker, trumps=(contract.trump,),
                               single_dummy=played((at_multiplier(contract, 1),)))[:, 0]
        ours = outcomes_of(taker_side=mine, trumps=SUITS, single_dummy=points_only)
    made, x1 = score_outcomes(profile, outcomes, contract)
    _, x2 = score_outcomes(profile, outcomes, at_multiplier(contract, 2))
    _, x4 = score_outcomes(profile, outcomes, at_multiplier(contract, 4))
    x2_range, x4_range = (net_range(profile, at_multiplier(contract, m)) for m in (2, 4))
    taker_tally = Tally.of([x2, x4], [made, made], exact=listed)
    taker_x2, taker_x4 = taker_tally.mean(0, 0, x2_range), taker_tally.mean(1, 0, x4_range)
    reply = 4 if 4 in profile.coinche_multipliers and taker_x4.value > taker_x2.value else 2
    coinched = x4 if reply == 4 else x2
    choices = [_Choice("Pass", contract, -x1, made, _negated(net_range(profile, contract))),
               _Choice("X", at_multiplier(contract, reply), -coinched, made,
                       _negated(x4_range if reply == 4 else x2_range))]
    options, best, second, difference, tally = _valued(choices + _bids(auction, seat, ours),
                                                       listed)
    p_fail = tally.share(tally.n[0] - tally.made[0], 0)
    return AuctionAdvice(seat, question, reading, samples, options, best, second,
                         difference, p_fail, reply, (taker_x2, taker_x4))


def _bids(auction: Auction, seat: Seat, outcomes: np.ndarray) -> list[_Choice]:
    """Every legal bid of ``seat``, scored (net for the seat's side, the auction taken to
    stop there) on ``outcomes``, the seat's side's per trump."""
    profile = auction.profile
    choices = []
    for call in auction.legal_calls():
        if call.kind != "bid":
            continue
        assert call.trump is not None
        bid = Contract(call.trump, seat, call.bid, 1, call.capot)
        made, net = score_outcomes(profile, outcomes[:, call.trump], bid)
        choices.append(_Choice(call.text, bid, net, made, net_range(profile, bid)))
    return choices


def flip_outcomes(outcomes: np.ndarray, profile: RuleProfile) -> np.ndarray:
    """Double-dummy outcomes of one side (``(n, 2)``: key and belote side, as
    :func:`sample_outcomes` gives one trump's) as the other side's.

    The two sides' trick points add up to the deal's total; a side's capot is
    the other's :data:`~belote.advice.bid.DEFENCE_CAPOT`.
    """
    keys = outcomes[..., 0]
    capot = profile.capot_trick_points
    flipped = profile.total_trick_points - keys
    flipped[keys == capot] = DEFENCE_CAPOT
    flipped[keys == DEFENCE_CAPOT] = capot
    out = outcomes.copy()
    out[..., 0] = flipped
    return out


def _classic_take(reading: AuctionReading, seat: Seat, auction: Auction, *, samples: int,
                  seed: int, run: Run) -> AuctionAdvice:
    """Classic: pass (0) or take, the turned suit in round 1, another suit in round 2.

    ``reading.layouts`` counts the full deals: the five-card deals the
    auction allows times :data:`REST`.
    """
    assert auction.turned is not None
    turned_suit = auction.turned >> 3
    suits = ((turned_suit,) if auction.state.round == 1
             else tuple(t for t in SUITS if t != turned_suit))
    deals = _ClassicDeals(reading.constraints, seat, auction.turned)
    outcomes = sample_outcomes(reading.constraints, side_of(seat), auction.dealer, suits,
                               samples, seed, run=run, deals=deals)
    choices = [_Choice("Pass", None, np.zeros(samples), None, (0, 0))]
    for j, trump in enumerate(suits):
        take = Contract(trump, seat, None)
        made, net = score_outcomes(CLASSIC, outcomes[:, j], take)
        choices.append(_Choice(SUIT_NAMES[trump], take, net, made, net_range(CLASSIC, take)))
    options, best, second, difference, _ = _valued(choices, False)
    full = replace(reading, layouts=reading.layouts * REST)
    return AuctionAdvice(seat, "take", full, samples, options, best, second, difference)
