"""The player's calls: a prior written from common club practice.

The prior reads the convention profile (:mod:`belote.auction.conventions`,
``club.toml`` by default): a call is proposed only when the hand meets the
rule the profile gives that kind of call (what partner and the opponents
will read from it, :func:`belote.auction.inference.call_kind`), and within
what the rule allows the hand's strength picks the level. In coinche:

* **strength of a suit as trump** (:func:`level`): :data:`OPENING` (90) with the
  jack and nine of trump, 10 less with one of them, +10 for each trump past three,
  for the trump ace and for each side ace; the highest bid up to that count whose
  opening rule the hand meets (a hand with only one of the jack and nine needs
  :data:`OPENING`);
* **opening**: the strongest suit at its level, or pass;
* **partner's contract**: raise once with the jack of the suit, by 20 (30
  with the nine too), never by one step; bid one's own suit
  over it only with no support and a level two steps above;
* **an opponent's contract**: overcall at the cheapest legal bid in a suit whose
  level is at most :data:`COMPETE` below it, never above :data:`COMPETE_TOP` (120), the
  overcall rule met; support partner's earlier suit (20 over it with its jack, 10 with
  its nine or a side ace), else coinche with the jack and nine of trump or four defensive
  tricks (three against 110 or more, :func:`defence`), else pass;
* **surcoinche**: the taker surcoinches when its level is two steps above
  the contract.

In classic, round 1 takes the turned suit with its jack and another trump
(the convention), with two trumps (or one and its nine or a side ace) when
the jack is the turned card, or with the nine, ace and a third trump and a
side ace; round 2 names the best other suit held with its jack and two more,
or with its jack and one more beside its nine or a side ace.

The numbers of the raise, :data:`COMPETE` and the coinche were tuned against colver's
``improved_v2`` bidder with contracts scored through the calibration (``bench/RESULTS.md``,
"Tuning the bidder", seeds 40,000,000-40,000,999), :data:`OPENING` and :data:`COMPETE_TOP`
with the cards played (seeds 42,000,000-42,000,439), and the calibration's ``taker_edge``
with the cards played too (seeds 42, 44 and 46 million, 440 of each). The first prior,
which overcalled only up to its opening level, took 10% of the contracts against it and
coinched 40% of its contracts.

>>> from belote.player import Game
>>> game = Game.random(9, "N", "coinche")
>>> while game.phase == "auction":
...     game = game.apply(prior_call(game.view(game.to_move)))
>>> game.auction.text(), game.view(1).hand
('E:80C S:90D W:P N:P E:P', CardSet('AS KH AH 7D TC JC KC AC'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..advice.auction import classic_seen
from ..auction.conventions import DEFAULT, Conventions, Rule
from ..auction.inference import AuctionImpossible, call_kind, read_auction
from ..dd import SearchContext, solve_deals
from ..errors import ConstraintError
from ..rules.play import belote_mask
from ..rules.scoring import DealScore, score_deal, trick_points_of
from ..sampling.constraints import Constraints
from ..sampling.sampler import DealSampler
from ..sampling.stats import Estimate, mean, paired_difference, proportion_any_n
from ..types.auction import BID, COINCHE_CALL, PASS, SURCOINCHE, Auction, Call
from ..types.contract import Contract
from ..types.cards import ACE, JACK, NINE, SUIT_MASKS, SUITS, TEN, Mask, Suit, make_card
from ..types.deal import SEATS, Seat, next_seat, partner, seat_name, side_of
from ..types.profile import RuleProfile
from .game import AUCTION, Game, SeatView

__all__ = ["CALIBRATION", "CANDIDATES", "COMPETE", "COMPETE_TOP", "OPENING", "CallDecision",
           "Calibration", "Candidate", "candidates", "defence", "level", "prior_call",
           "rule_holds", "simulated_call"]

OPENING = 90
"""The count of a suit holding the trump jack and nine (:func:`level`); a hand with only one of
them counts 10 less and needs this much to open."""

COMPETE = 30
"""How far above its :func:`level` the prior overcalls an opponent's contract (points): the
auction is contested, and an opponent's bid is often lighter than the hand's own count."""

COMPETE_TOP = 120
"""The highest bid the prior overcalls an opponent's contract with (points): higher, the
overcall fails too often where the opponents' contract would often have failed."""

CANDIDATES = 5
"""At most this many calls are weighed by simulation (the prior's among them)."""


def _has(hand: Mask, suit: Suit, rank: int) -> bool:
    return bool(hand >> make_card(suit, rank) & 1)


def _length(hand: Mask, suit: Suit) -> int:
    return (hand & SUIT_MASKS[suit]).bit_count()


def _side_aces(hand: Mask, trump: Suit) -> int:
    return sum(_has(hand, s, ACE) for s in SUITS if s != trump)


def rule_holds(rule: Rule | None, hand: Mask, trump: Suit | None, profile: RuleProfile) -> bool:
    """Does a hand meet what ``rule`` says of the caller (``None``: says nothing, met)?

    The same reading as the sampler's (:func:`belote.auction.inference.read_auction`):
    the ``trump`` holding, each ``side`` suit, ``every_suit`` counted as trump, the counts.
    """
    if rule is None:
        return True

    def holding(suit: Suit) -> int:
        return (hand & SUIT_MASKS[suit]) >> (8 * suit)

    if trump is not None and rule.trump is not None and not rule.trump.holds(
            holding(trump), True, profile):
        return False
    if trump is not None and rule.side is not None and not all(
            rule.side.holds(holding(s), False, profile) for s in SUITS if s != trump):
        return False
    if rule.every_suit is not None and not all(
            rule.every_suit.holds(holding(s), True, profile) for s in SUITS):
        return False
    if trump is not None:
        for count in rule.count:
            held = sum(hand >> c & 1 for c in count.cards(trump))
            if not count.low <= held <= count.high:
                return False
    return True


def level(hand: Mask, trump: Suit, profile: RuleProfile,
          conventions: Conventions = DEFAULT) -> int | None:
    """The highest opening bid in ``trump`` the hand is worth (module docstring), ``None``
    when the hand opens nothing in it.

    >>> from belote import COINCHE, CardSet
    >>> hand = CardSet("JH 9H AH 7H AS TS 8D 7C").mask
    >>> level(hand, 1, COINCHE), level(hand, 0, COINCHE)
    (120, None)
    """
    jack, nine = _has(hand, trump, JACK), _has(hand, trump, NINE)
    length = _length(hand, trump)
    if not (jack or nine) or length < 3:
        return None
    count = OPENING - 10 * (not (jack and nine)) + 10 * (length - 3) \
        + 10 * _has(hand, trump, ACE) + 10 * _side_aces(hand, trump)
    if not (jack and nine) and count < OPENING:
        return None  # J or 9 without another trick: not an opening
    best = None
    for bid in range(profile.bid_min, profile.bid_max + 1, profile.bid_step):
        if bid > count:
            break
        if rule_holds(conventions.rule_for("opening", bid), hand, trump, profile):
            best = bid
    return best


def defence(hand: Mask, trump: Suit) -> float:
    """Defensive tricks against a contract in ``trump``: its jack, its nine with another trump,
    its ace, each side ace, half for each side ten with its ace.

    >>> from belote import CardSet
    >>> defence(CardSet("JH 9H AS TS AD 7C 8C 9C").mask, 1)
    4.5
    """
    tricks = float(_has(hand, trump, JACK)) + float(_has(hand, trump, ACE))
    tricks += float(_has(hand, trump, NINE) and _length(hand, trump) >= 2)
    for s in SUITS:
        if s != trump and _has(hand, s, ACE):
            tricks += 1.0 + 0.5 * _has(hand, s, TEN)
    return tricks


def _cheapest(legal: tuple[Call, ...], trump: Suit) -> Call | None:
    """The cheapest legal bid in ``trump`` (not capot)."""
    bids = [c for c in legal if c.kind == BID and c.trump == trump and not c.capot]
    return min(bids, key=lambda c: c.bid or 0) if bids else None


def _bid(legal: tuple[Call, ...], trump: Suit, value: int) -> Call | None:
    """The legal bid of ``value`` in ``trump``, if any."""
    return next((c for c in legal if c.kind == BID and c.trump == trump and c.bid == value
                 and not c.capot), None)


def _meets(view: SeatView, call: Call, conventions: Conventions) -> bool:
    """Does the seat's hand meet what ``call`` would say of it under ``conventions``?"""
    auction = view.auction
    kind, trump, raised = call_kind(auction, auction.state, call)
    rule = conventions.rule_for(kind, call.bid, raised)
    return rule_holds(rule, view.hand.mask, trump, view.profile)


def prior_call(view: SeatView, conventions: Conventions = DEFAULT) -> Call:
    """The call the club prior makes for the seat of ``view`` (module docstring)."""
    legal = view.legal()
    calls = tuple(c for c in legal if isinstance(c, Call))
    if not calls:
        raise ValueError("it is not this seat's turn to call")
    if len(calls) == 1:
        return calls[0]
    if view.profile.auction != "numeric":
        return _classic(view, calls)
    return _coinche(view, calls, conventions)


def _coinche(view: SeatView, legal: tuple[Call, ...], conventions: Conventions) -> Call:
    hand, profile, seat = view.hand.mask, view.profile, view.seat
    auction = view.auction
    contract = auction.contract
    pass_ = Call(PASS)
    levels = {s: level(hand, s, profile, conventions) for s in SUITS}
    if contract is not None and contract.multiplier > 1:  # our contract coinched
        mine = levels[contract.trump]
        if (Call(SURCOINCHE) in legal and contract.declarer == seat and mine is not None
                and contract.bid is not None and mine >= contract.bid + 20):
            return Call(SURCOINCHE)
        return pass_
    if contract is None:
        openings = [(lv, s) for s, lv in levels.items() if lv is not None]
        if not openings:
            return pass_
        top, suit = max(openings)
        return _bid(legal, suit, top) or pass_
    assert contract.declarer is not None and contract.bid is not None
    my_bids = [c for st, c in auction.history() if st.seat == seat and c.kind == BID]
    if side_of(contract.declarer) == side_of(seat):
        if contract.declarer == seat:
            return pass_
        t = contract.trump
        if any(c.trump == t for c in my_bids):
            return pass_  # already shown
        if _has(hand, t, JACK):
            raise_by = 20 + 10 * _has(hand, t, NINE)
            call = _bid(legal, t, min(contract.bid + raise_by, profile.bid_max))
            if call is not None and _meets(view, call, conventions):
                return call
        if not (_has(hand, t, JACK) or _has(hand, t, NINE)):
            own = [(lv, s) for s, lv in levels.items()
                   if s != t and lv is not None and lv >= contract.bid + 20]
            if own:
                call = _cheapest(legal, max(own)[1])
                if call is not None and _meets(view, call, conventions):
                    return call
        return pass_
    # an opponent's contract
    options: list[tuple[int, int, Call]] = []
    for s, lv in levels.items():
        call = _cheapest(legal, s)
        if lv is not None and call is not None and call.bid is not None \
                and call.bid <= min(lv + COMPETE, COMPETE_TOP) and _meets(view, call, conventions):
            options.append((lv - call.bid, lv, call))
    partner_suits = {c.trump for st, c in auction.history()
                     if st.seat == partner(seat) and c.kind == BID}
    for held in partner_suits:
        if held is None or any(c.trump == held for c in my_bids):
            continue
        last = max(c.bid or 0 for st, c in auction.history()
                   if st.seat == partner(seat) and c.kind == BID and c.trump == held)
        support = last + (20 if _has(hand, held, JACK) else
                          10 if _has(hand, held, NINE) or _side_aces(hand, held) else 0)
        call = _cheapest(legal, held)
        if support > last and call is not None and call.bid is not None and \
                call.bid <= support and _meets(view, call, conventions):
            options.append((support - call.bid, support, call))
    if options:
        return max(options, key=lambda o: (o[0], o[1]))[2]
    coinche = Call(COINCHE_CALL)
    strength = defence(hand, contract.trump)
    both = _has(hand, contract.trump, JACK) and _has(hand, contract.trump, NINE)
    if coinche in legal and _meets(view, coinche, conventions) and (
            both or strength >= 4 or (strength >= 3 and contract.bid >= 110)):
        return coinche
    return pass_


def _classic(view: SeatView, legal: tuple[Call, ...]) -> Call:
    hand = view.hand.mask
    turned = view.turned
    assert turned is not None
    turned_suit = turned >> 3
    takes = [c for c in legal if c.kind == BID]
    if not takes:
        return Call(PASS)
    if takes[0].trump == turned_suit:  # round 1
        t = turned_suit
        mine = _length(hand, t)
        nine, aces = _has(hand, t, NINE), _side_aces(hand, t)
        if _has(hand, t, JACK):
            take = mine >= 2  # the convention: the jack with another trump takes
        elif turned == make_card(t, JACK):
            take = mine >= 2 or (mine >= 1 and (nine or aces >= 1))
        else:
            take = nine and _has(hand, t, ACE) and mine >= 3 and aces >= 1
        return takes[0] if take else Call(PASS)
    best = None
    for call in takes:
        s = call.trump
        assert s is not None
        length, jack, nine = _length(hand, s), _has(hand, s, JACK), _has(hand, s, NINE)
        if jack and (length >= 3 or (length >= 2 and (nine or _side_aces(hand, s)))):
            key = (nine, length, _side_aces(hand, s))
            if best is None or key > best[0]:
                best = (key, call)
    return Call(PASS) if best is None else best[1]


@dataclass(frozen=True)
class Calibration:
    """The taker's single-dummy trick points drawn from its double-dummy value ``x``.

    Below a capot the shortfall ``x - SD`` is normal, of mean ``base + slope * (x - 81)`` and
    sd ``spread``, plus, with probability ``slip_rate``, an exponential slip of mean ``slip``;
    the points are rounded and kept in ``0 .. 162``. A double-dummy capot stays a capot with
    probability ``capot_kept``, else it is played as a value of 162 is.

    The numbers are fitted (least squares on the percentages) to the project's measured
    calibration, ``bench/RESULTS.md`` "Calibration: where double-dummy reached T, how often
    single-dummy did" (``python -m bench.sd_calibration``: 2,000 bid deals, all four seats our
    single-dummy player): of the deals where double-dummy play reached T, single-dummy play
    reached it 94.8% of the time at T = 80, 88.7% at 100, 77.5% at 120, 61.1% at 140 and 43.0%
    at 160; this model gives 93.4, 86.2, 75.5, 61.3 and 37.6 on that run's double-dummy values
    (``tests/test_bidder.py`` holds the comparison). Sampling the points, not using their
    conditional mean, is what colver found right: the mean flips made and failed contracts
    the other way (Jensen).

    ``taker_edge`` is what the simulation adds to the taker's side's net (and takes from the
    other side's), times the contract's multiplier (:meth:`edge`). Set beside the cards
    played (``python -m bench.bid_bias``, ``bench/RESULTS.md``), the simulation expected
    too little of the calls after which its side took (its overcalls, its passes over
    partner's contract) and far too much of its coinches: the contracts' takers did better
    than these draws say, by more when the contract was coinched.
    """

    base: float = 1.48
    slope: float = 0.09
    spread: float = 15.6
    slip_rate: float = 0.25
    slip: float = 6.8
    capot_kept: float = 0.105
    taker_edge: float = 50.0

    def draws(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``(n, 4)`` random numbers a draw of :meth:`points` uses (common to every candidate
        of a decision)."""
        return np.column_stack([rng.standard_normal(n), rng.random(n),
                                rng.exponential(1.0, n), rng.random(n)])

    def points(self, value: int, draw: np.ndarray, profile: RuleProfile) -> int:
        """The single-dummy points for double-dummy ``value`` and one row of :meth:`draws`."""
        z, slip_at, slip, capot_at = (float(v) for v in draw)
        if value == profile.capot_trick_points:
            if capot_at < self.capot_kept:
                return value
            value = profile.total_trick_points
        shortfall = self.base + self.slope * (value - 81) + self.spread * z
        if slip_at < self.slip_rate:
            shortfall += self.slip * slip
        return int(min(max(round(value - shortfall), 0), profile.total_trick_points))

    def edge(self, contract: Contract, side: int) -> float:
        """What the simulation adds to ``side``'s net when ``contract`` is played: ``taker_edge``
        times its multiplier for the taker's side, as much less for the other.

        >>> from belote import COINCHE, parse_contract
        >>> cal = Calibration(taker_edge=50.0)
        >>> contract = parse_contract("100HX", COINCHE, declarer=1)
        >>> cal.edge(contract, 1), cal.edge(contract, 0)
        (100.0, -100.0)
        """
        assert contract.declarer is not None
        shift = self.taker_edge * contract.multiplier
        return shift if side == side_of(contract.declarer) else -shift

    def score(self, contract: Contract, value: int, draw: np.ndarray, hands: tuple[Mask, ...],
              profile: RuleProfile) -> DealScore:
        """The deal's score when ``contract`` (with its declarer) is played from ``hands``
        (the four seats' masks) and the taker's double-dummy ``value`` becomes the points of
        one row of :meth:`draws`; the belote counted for the side holding the trump K and Q."""
        assert contract.declarer is not None
        taker = side_of(contract.declarer)
        points = self.points(value, draw, profile)
        split = trick_points_of(profile, taker, points, defence_capot=points == 0)
        kq = belote_mask(contract.trump)
        belote = next((side_of(s) for s in SEATS if hands[s] & kq == kq), None)
        return score_deal(profile, contract, split, belote)


CALIBRATION = Calibration()
"""The calibration the bidder scores contracts with."""


@dataclass(frozen=True)
class Candidate:
    """One call the bidder weighed: its expected net score for the seat's side (the side's deal
    score minus the other's, with the calibration's taker edge, :meth:`Calibration.edge`, over
    the layouts), P(a contract is played), and the paired
    difference with the prior's call (``None`` for the prior's call itself)."""

    call: Call
    expected: Estimate
    played: Estimate
    versus_prior: Estimate | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"call": self.call.text, "expected_net": self.expected.to_dict(),
                "p_contract": self.played.to_dict(),
                "versus_prior": None if self.versus_prior is None
                else self.versus_prior.to_dict()}


@dataclass(frozen=True)
class CallDecision:
    """A call chosen by the bidder, and what it was chosen on.

    ``prior`` is the club prior's call; ``candidates`` the calls weighed (the prior's first;
    empty when the prior had no close rival, then nothing was simulated); ``layouts`` the
    deals of the hidden cards the prior's call was valued on (a candidate's estimate gives its
    own count: the others than the prior's best rival keep the first layouts when more are
    added to an undecided call), ``reading`` whether they were drawn under
    the auction's constraints (``False``: what the calls say did not fit the hand, so the
    layouts are uniform among those the seat's cards allow); ``margin`` the bonus the
    prior's call keeps: another call is chosen only when its expected net score is more than
    ``margin`` above the prior's.
    """

    seat: Seat
    call: Call
    prior: Call
    candidates: tuple[Candidate, ...]
    layouts: int
    reading: bool
    margin: float

    @property
    def simulated(self) -> bool:
        """Was the call arbitrated by simulation (more than one candidate)?"""
        return bool(self.candidates)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"seat": seat_name(self.seat), "call": self.call.text, "prior": self.prior.text,
                "simulated": self.simulated, "layouts": self.layouts,
                "auction_read": self.reading, "margin": self.margin,
                "candidates": [c.to_dict() for c in self.candidates]}


def candidates(view: SeatView, prior: Call, conventions: Conventions = DEFAULT
               ) -> tuple[Call, ...]:
    """The calls close enough to the prior's to be weighed (the prior's first): pass, the
    prior's bid a step lower and higher, the cheapest legal bid in each suit the hand opens
    (:func:`level`), coinche against the opponents' contract whatever the hand's defence
    (weighing it only with 1.5 defensive tricks or more lost 2.0 [-0.5, +4.5] a deal over
    1,320 ladder deals: ``bench/RESULTS.md``), and both answers to a coinche; one candidate
    (the prior's) when the hand offers no rival.

    >>> from belote.player import Game
    >>> view = Game.random(9, "N", "coinche").view(1)
    >>> [c.text for c in candidates(view, prior_call(view))]
    ['80C', 'P', '90C']
    """
    legal = tuple(c for c in view.legal() if isinstance(c, Call))
    hand, profile = view.hand.mask, view.profile
    out = [prior]

    def add(call: Call | None) -> None:
        if call is not None and call in legal and call not in out:
            out.append(call)

    if profile.auction != "numeric":
        for call in legal:
            if call.kind == PASS:
                add(call)
            elif call.trump is not None:
                full = hand | (1 << view.turned if view.turned is not None
                               and call.trump == view.turned >> 3 else 0)
                if (_has(full, call.trump, JACK) or _has(full, call.trump, NINE)) and \
                        _length(full, call.trump) >= 2:
                    add(call)
        return tuple(out[:CANDIDATES])
    contract = view.auction.contract
    add(Call(PASS))
    if contract is not None and contract.multiplier > 1:
        add(Call(SURCOINCHE))
        return tuple(out)
    if prior.kind == BID and prior.trump is not None and prior.bid is not None \
            and not prior.capot:
        add(_bid(legal, prior.trump, prior.bid - profile.bid_step))
        add(_bid(legal, prior.trump, prior.bid + profile.bid_step))
    for suit in sorted(SUITS, key=lambda s: -(level(hand, s, profile, conventions) or 0)):
        if level(hand, suit, profile, conventions) is not None:
            add(_cheapest(legal, suit))
    if contract is not None and contract.side != side_of(view.seat):
        add(Call(COINCHE_CALL))
    return tuple(out[:CANDIDATES])


def simulated_call(view: SeatView, *, conventions: Conventions = DEFAULT, layouts: int = 16,
                   extra_layouts: int = 16, margin: float = 10.0, seed: int = 0,
                   calibration: Calibration = CALIBRATION,
                   context: SearchContext | None = None,
                   opponents: Conventions | None = None) -> CallDecision:
    """The call of the seat of ``view``: the prior's, unless the simulation finds a close rival
    better by more than ``margin`` (the guide, ``docs/player.md``: *A simulation between close
    calls*). The layouts read the opponents' calls under ``opponents`` (``None``: under
    ``conventions``, like partner's). When coinche is weighed and ``layouts`` leave the call
    undecided (the best rival's 95% interval against the prior's call holds ``margin``),
    ``extra_layouts`` more layouts value those two calls, and the call between them is made on
    all the layouts (the other candidates keep their first estimates). Over 1,320 tuning deals of the bidding-only ladder this gained
    +3.7 [-2.1, +9.4] a deal for 0.12 s more CPU a deal (``bench/RESULTS.md``)."""
    prior = prior_call(view, conventions)
    weighed = candidates(view, prior, conventions)
    if len(weighed) == 1:
        return CallDecision(view.seat, prior, prior, (), 0, False, margin)
    sampler, read = _sampler(view, conventions, opponents)
    index = len(view.auction.calls)
    start = (view.number * 64 + index) * layouts
    nets, played = _outcomes(view, weighed, sampler.draw_masks(seed, start, layouts), seed, 0,
                             conventions, calibration, context)
    rows = [(nets[k], played[k]) for k in range(len(weighed))]
    rival = max(range(1, len(weighed)), key=lambda k: (nets[k].mean(), -k))
    if extra_layouts and Call(COINCHE_CALL) in weighed and _undecided(nets[rival], nets[0],
                                                                      margin):
        pair = (weighed[0], weighed[rival])
        more_start = _EXTENSION + (view.number * 64 + index) * extra_layouts
        more, more_played = _outcomes(view, pair,
                                      sampler.draw_masks(seed, more_start, extra_layouts),
                                      seed, layouts, conventions, calibration, context)
        for k, row in ((0, 0), (rival, 1)):
            rows[k] = (np.concatenate([nets[k], more[row]]),
                       np.concatenate([played[k], more_played[row]]))
    found = tuple(Candidate(call, mean(rows[k][0]),
                            proportion_any_n(int(rows[k][1].sum()), len(rows[k][1])),
                            None if k == 0 else paired_difference(rows[k][0],
                                                                  rows[0][0][:len(rows[k][0])]))
                  for k, call in enumerate(weighed))
    gain = found[rival].versus_prior
    assert gain is not None
    chosen = weighed[rival] if gain.value > margin and gain.low > 0 else prior
    return CallDecision(view.seat, chosen, prior, found, len(rows[0][0]), read, margin)


_EXTENSION = 1 << 32
"""Where, in the sampler's stream, the layouts :func:`simulated_call` adds to an undecided call
begin: call ``index`` of deal ``number`` draws them from ``_EXTENSION + (number * 64 + index) *
extra_layouts`` on, clear of the first layouts of every call of the deals numbered below
``_EXTENSION / (64 * layouts)`` (4,194,304 at 16 layouts). Past that a stretch of the stream
can serve two calls of deals millions apart, each through its own deal's sampler."""


def _undecided(rival: np.ndarray, prior: np.ndarray, margin: float) -> bool:
    """Does the 95% interval of the rival's paired gain over the prior's call (their nets on
    the same layouts) hold ``margin``, the gain a switch needs?"""
    gain = paired_difference(rival, prior)
    return gain.low <= margin <= gain.high


def _outcomes(view: SeatView, weighed: tuple[Call, ...], hands: np.ndarray, seed: int,
              first: int, conventions: Conventions, calibration: Calibration,
              context: SearchContext | None) -> tuple[np.ndarray, np.ndarray]:
    """The net score of each candidate of ``weighed`` for the seat's side on each layout of
    ``hands`` (``first`` the index of the first among the call's layouts: the random numbers
    of the calibration's draws and of a classic stock's order depend on it, and each layout's
    are common to the candidates), and whether a contract was played, as two
    ``(candidates, layouts)`` arrays."""
    index = len(view.auction.calls)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(
        [seed, view.number, index, 1] if first == 0 else [seed, view.number, index, 3, first])))
    draws = calibration.draws(rng, len(hands))
    ends = [[_roll_forward(view, row, call, conventions, stock) for call in weighed]
            for i, row in enumerate(hands, start=first)
            for stock in [[seed, view.number, index, 2, i]]]
    values = _dd_values(ends, view.profile, next_seat(view.dealer), context)
    side = side_of(view.seat)
    nets = np.zeros((len(weighed), len(hands)))
    played = np.zeros((len(weighed), len(hands)), dtype=bool)
    for i, row in enumerate(ends):
        for k, game in enumerate(row):
            contract = game.contract
            if contract is None or contract.declarer is None:
                continue
            dealt = tuple(h.mask for h in game.deal.hands)  # type: ignore[union-attr]
            score = calibration.score(contract, values[i][k], draws[i], dealt, view.profile)
            nets[k, i] = (score.scores[side] - score.scores[1 - side]
                          + calibration.edge(contract, side))
            played[k, i] = True
    return nets, played


def _sampler(view: SeatView, conventions: Conventions,
             opponents: Conventions | None = None) -> tuple[DealSampler, bool]:
    """The sampler of the cards the seat cannot see, under the auction's constraints when they
    fit (else uniform), and whether they did. In classic the seat's row holds its five cards
    and the stock (:func:`~belote.advice.auction.classic_seen`)."""
    if view.turned is not None:
        seen = classic_seen(view.seat, view.hand, view.turned)
    else:
        seen = Constraints().with_hand(view.seat, view.hand)
    auction = view.auction
    calls = len(auction.calls)
    while True:
        try:
            reading = read_auction(auction, conventions, seen, view.seat, opponents)
            if reading.layouts > 0:
                break
        except AuctionImpossible as e:
            auction = Auction(auction.dealer, auction.calls[:e.call], auction.profile,
                              auction.turned)
        except ConstraintError:
            return DealSampler.of(seen), False
    return DealSampler.of(reading.constraints), len(auction.calls) == calls


def _roll_forward(view: SeatView, hands: np.ndarray, call: Call, conventions: Conventions,
                  stock: list[int]) -> Game:
    """The game on layout ``hands`` after ``call``, every later call made by the prior; in
    classic the stock is dealt in the order the random stream ``stock`` (a seed sequence's
    entropy, the same for every candidate on the layout) gives it."""
    rows = [int(h) for h in hands]
    if view.turned is None:
        game = Game(view.profile, view.dealer, tuple(rows), None, (), view.auction,
                    number=view.number)
    else:
        five = view.hand.mask
        cards = [c for c in range(32) if (rows[view.seat] & ~five) >> c & 1]
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(stock)))
        order = [cards[int(j)] for j in rng.permutation(len(cards))]
        rows[view.seat] = five
        game = Game(view.profile, view.dealer, tuple(rows), view.turned, tuple(order),
                    view.auction, number=view.number)
    game = game.apply(call)
    while game.phase == AUCTION:
        seat = game.to_move
        assert seat is not None
        game = game.apply(prior_call(game.view(seat), conventions))
    return game


def _dd_values(ends: list[list[Game]], profile: RuleProfile, leader: Seat,
               context: SearchContext | None) -> list[list[int]]:
    """The taker's double-dummy value of every played contract of ``ends`` (0 when passed
    out), each distinct deal, trump and side solved once, in batches."""
    keys: dict[tuple[tuple[int, ...], int, int], int] = {}
    for row in ends:
        for game in row:
            contract = game.contract
            if contract is not None and contract.declarer is not None:
                hands = tuple(h.mask for h in game.deal.hands)  # type: ignore[union-attr]
                keys.setdefault((hands, contract.trump, side_of(contract.declarer)), -1)
    groups: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for hands, trump, side in keys:
        groups.setdefault((trump, side), []).append(hands)
    for (trump, side), deals in groups.items():
        solved = solve_deals(np.array(deals, dtype=np.int64), trump, leader, profile, side,
                             context=context)
        for hands, value in zip(deals, solved):
            keys[hands, trump, side] = int(value)
    out = []
    for row in ends:
        values = []
        for game in row:
            contract = game.contract
            if contract is None or contract.declarer is None:
                values.append(0)
            else:
                hands = tuple(h.mask for h in game.deal.hands)  # type: ignore[union-attr]
                values.append(keys[hands, contract.trump, side_of(contract.declarer)])
        out.append(values)
    return out
