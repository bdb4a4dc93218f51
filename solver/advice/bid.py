"""Monte-Carlo bid advice: how a contract fares over the deals a bidder cannot rule out.

The bidder sees their own hand (and whatever the constraints add). Deals
consistent with that are drawn uniformly (:class:`~belote.sampling.sampler.DealSampler`,
deal ``i`` depending only on the seed and ``i``), every sampled deal is
played double-dummy from the opening lead of the dealer's left, and the
results are scored by :mod:`belote.rules.scoring`:

* P(make) with its Wilson interval, P(capot) (the taking side takes every
  trick), in classic P(litige);
* the expected deal score of the taking side *net* of the defence's
  (taker's deal score minus the defence's), at x1 and, in coinche, x2 and x4,
  each with its t interval;
* the mean and deciles of the taking side's double-dummy trick points, when
  every sample is solved exactly (one contract, or the classic suits).

Double-dummy values assume both sides see every card: they are an upper
bound on what real play achieves. In colver's study of 62,000 deals
(github Avo-k/colver, ``docs/bid/reward_studies``), where double-dummy play
reached 100 points, play by strong bots reached it about 78% of the time
(87% at 80, 63% at 120).

**Every contract at once.** :func:`bid_table` judges every contract of the
bidder's side (four trumps x 80..160 and capot in coinche) on the *same*
samples (common random numbers), recommends the one with the highest
expected net score at x1, passing (worth exactly 0) included, and gives the
paired difference between the recommendation and the runner-up. Per sample
and trump it costs one threshold search at the need of the lowest bid; only
when that is reached is the exact value solved (made x1 scores depend on it;
failed and coinched scores do not), and a failed trump needs one more
threshold search (can the defence take every trick?).

**Stopping early.** With ``precision`` the data are looked at on a fixed
schedule (:class:`~belote.sampling.stats.LookSchedule`); a trump stops
being solved at the first look where every one of its P(make) intervals is
within +/- ``precision``, and the run stops when every trump has. Each look's
intervals are computed at level ``1 - 5% / K`` for the ``K`` looks the
schedule allows (Bonferroni): whatever look a row stops at, the chance that
its reported interval misses is at most the chance that one of its ``K``
intervals misses, at most 5%. So every reported interval keeps its 95%, as
without ``precision`` (each on its own; the schedule, hence ``K``, is fixed
by ``samples``, the cap, before anything is looked at).

>>> from belote import COINCHE, parse_contract
>>> from belote.sampling import Constraints
>>> hands = ["S:JH 9H AH TH KS AS AD 7C", "N:QH 8H AC TC KC 7D 8D 9D",
...          "E:7H 7S 8S 9S QS JS TS"]
>>> c = Constraints().with_text(hand=hands[:2], known=hands[2:])
>>> r = estimate_contract(c, parse_contract("100H", COINCHE, declarer=2), dealer=3,
...                       samples=8, seed=1)
>>> r.p_make.value, r.samples, r.mean_points.value
(1.0, 8, 252.0)
>>> r.expected_score[4].value
1400.0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import numpy as np

from ..errors import BeloteError
from ..dd import reaches_deals, solve_deals, warm_up
from ..parallel.runner import SERIAL, Run, parallel_map
from ..rules.play import belote_sides
from ..types.profile import RuleProfile
from ..rules.scoring import min_points_to_make, score_deal, trick_points_of
from ..sampling.constraints import Constraints, classic_bidding
from ..sampling.sampler import DealSampler
from ..sampling.view import enumerate_layouts
from .question import TABLE_SAMPLES
from ..sampling.stats import (DECILES, SMALL_SAMPLE, Estimate, LookSchedule, proportion_any_n,
                              wilson_bounds, z_value)
from .tally import LEVEL, Tally
from ..types.cards import SUITS, Suit, as_card
from ..types.contract import Contract, as_contract
from ..types.deal import Seat, as_seat, next_seat, side_of

__all__ = ["FAILED", "DEFENCE_CAPOT", "solve_range", "MAX_LISTED", "TableAdvice", "ContractEstimate", "ContractMenu", "bid_table", "classic_advice", "classic_contracts", "classic_constraints",
           "coinche_contracts", "count_layouts", "estimate_contract", "judge", "net_range",
           "sample_loop"]

CHUNK = 8
"""Samples solved per work item."""

MAX_LISTED = 100_000
"""The most layouts listed one by one (exact answers) when the samples asked for cover them."""

FAILED = -1
"""Outcome key: the taking side stays below the lowest need (value not solved)."""
DEFENCE_CAPOT = -2
"""Outcome key: the defence takes every trick (the taker's value is 0)."""


def coinche_contracts(profile: RuleProfile, declarer: Seat,
                      trumps: Sequence[Suit] = SUITS) -> tuple[Contract, ...]:
    """Every contract ``declarer`` can bid at x1: each trump, each bid, then capot.

    >>> from belote import COINCHE
    >>> rows = coinche_contracts(COINCHE, 2)
    >>> len(rows), rows[0].to_pbn(), rows[9].to_pbn(), rows[10].to_pbn()
    (40, '80S', 'CapotS', '80H')
    """
    rows = []
    for trump in trumps:
        for bid in range(profile.bid_min, profile.bid_max + 1, profile.bid_step):
            rows.append(Contract(trump, declarer, bid))
        rows.append(Contract(trump, declarer, profile.capot_bid, capot=True))
    return tuple(rows)


def at_multiplier(contract: Contract, multiplier: int) -> Contract:
    """``contract`` at ``multiplier`` (1, 2 or 4)."""
    return Contract(contract.trump, contract.declarer, contract.bid, multiplier, contract.capot)


@dataclass(frozen=True)
class ContractEstimate:
    """What the samples say of one contract (taken at x1; x2 and x4 scored alike).

    ``expected_score`` maps each multiplier to the expected net deal score
    (taker minus defence); ``p_capot`` is the chance the taking side takes
    every trick; ``p_litige`` (classic) the chance of equal totals;
    ``mean_points`` and ``deciles`` describe the taking side's double-dummy
    trick points, ``None`` when the samples were not all solved exactly.
    """

    contract: Contract
    samples: int
    p_make: Estimate
    expected_score: dict[int, Estimate]
    p_capot: Estimate
    p_litige: Estimate | None = None
    mean_points: Estimate | None = None
    deciles: tuple[int, ...] | None = None
    looks: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``ci95`` is the P(make) interval; ``looks`` with a precision)."""
        out: dict[str, Any] = {
            "contract": self.contract.to_pbn(),
            "samples": self.samples,
            "p_make": self.p_make.value,
            "ci95": [self.p_make.low, self.p_make.high],
            "p_make_estimate": self.p_make.to_dict(),
            "expected_score": {f"x{m}": e.to_dict() for m, e in self.expected_score.items()},
            "p_capot": self.p_capot.to_dict(),
            "mean_points": None if self.mean_points is None else self.mean_points.to_dict(),
            "deciles": None if self.deciles is None else list(self.deciles),
        }
        if self.p_litige is not None:
            out["p_litige"] = self.p_litige.to_dict()
        if self.looks:
            out["looks"] = list(self.looks)
        return out


@dataclass(frozen=True)
class TableAdvice:
    """Every contract judged on the same samples, and the recommendation.

    ``recommended`` and ``runner_up`` are contracts, or ``None`` for
    passing (worth 0); ``difference`` is the paired difference in expected
    net x1 score between them over the samples both were judged on.
    ``layouts`` is the number of deals consistent with what the bidder knows,
    ``leader`` the seat leading the first trick. ``exact``: the layouts were
    no more than the samples asked for (nor :data:`MAX_LISTED`), so each was
    solved once and every value is exact (its interval reduced to it).
    """

    rows: tuple[ContractEstimate, ...]
    recommended: Contract | None
    runner_up: Contract | None
    difference: Estimate
    layouts: int
    leader: Seat
    samples: int
    looks: tuple[int, ...] = field(default=())
    exact: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``rows``, ``recommended`` (``"Pass"`` for passing) and the rest."""
        def name(c: Contract | None) -> str:
            return "Pass" if c is None else c.to_pbn()

        return {
            "samples": self.samples,
            "layouts": self.layouts,
            "exact": self.exact,
            "leader": "NESW"[self.leader],
            "criterion": "highest expected net score at x1 (pass = 0)",
            "recommended": name(self.recommended),
            "runner_up": name(self.runner_up),
            "difference": self.difference.to_dict(),
            **({"looks": list(self.looks)} if self.looks else {}),
            "rows": [row.to_dict() for row in self.rows],
        }


@dataclass(frozen=True)
class SampleQuestion:
    """What the workers solve: the deals, the leader, the side, the trumps and how."""

    constraints: Constraints
    profile: RuleProfile
    leader: Seat
    side: int
    trumps: tuple[Suit, ...]
    exact: bool
    needs: tuple[tuple[int, int, int], ...]  # per trump: need with belote NS, EW, nobody
    listed: bool = False  # every layout, in a fixed order, instead of samples of a seed


@functools.lru_cache(maxsize=8)
def deal_sampler(constraints: Constraints) -> DealSampler:
    """One sampler per constraints and process (building it counts the deals)."""
    return DealSampler(constraints)


@functools.lru_cache(maxsize=2)
def _layouts(constraints: Constraints) -> np.ndarray:
    """Every deal consistent with ``constraints`` (few of them), as ``(n, 4)`` hand masks."""
    return np.array(list(enumerate_layouts(constraints)), dtype=np.int64).reshape(-1, 4)


def solve_range(question: SampleQuestion, trumps: tuple[Suit, ...], span: tuple[int, int, int]
                 ) -> np.ndarray:
    """Outcome keys and belote sides of samples ``start .. start + n - 1`` of a seed.

    Returns an ``(n, len(trumps), 2)`` array: the outcome key (the taker's
    exact value 0..252, :data:`FAILED` or :data:`DEFENCE_CAPOT`) and the
    belote side (0, 1, or 2 for nobody) of each trump. Per trump, one
    batch search (:func:`~belote.dd.deals.solve_deals`) gives each
    sample's exact value, or, outside ``exact``, says it stays below the
    lowest need; the samples with no points get one more, for the
    defence's capot.
    """
    seed, start, n = span
    if question.listed:
        hands = _layouts(question.constraints)[start:start + n]
    else:
        hands = deal_sampler(question.constraints).draw_masks(seed, start, n).astype(np.int64)
    return solve_hands(question, trumps, hands)


def solve_hands(question: SampleQuestion, trumps: tuple[Suit, ...], hands: np.ndarray
                ) -> np.ndarray:
    """The outcomes (as :func:`solve_range` gives them) of the deals ``hands`` (``(n, 4)``)."""
    n = len(hands)
    out = np.zeros((n, len(trumps), 2), dtype=np.int64)
    side, profile, leader = question.side, question.profile, question.leader
    for j, trump in enumerate(trumps):
        belote = belote_sides(hands, trump)
        belote[belote < 0] = 2  # nobody
        out[:, j, 1] = belote
        floor = None if question.exact else np.asarray(question.needs[trump])[belote]
        values = solve_deals(hands, trump, leader, profile, side, floor=floor)
        keys = np.where(values < 0, FAILED, values)
        nothing = np.flatnonzero(keys <= 0)  # failed, or no points: did the defence sweep?
        if nothing.size:
            swept = reaches_deals(hands[nothing], trump, leader, profile, 1 - side,
                                  profile.capot_trick_points)
            keys[nothing[swept]] = DEFENCE_CAPOT
        out[:, j, 0] = keys
    return out


@functools.lru_cache(maxsize=1 << 16)
def score_outcome(profile: RuleProfile, contract: Contract, key: int, belote: int
           ) -> tuple[bool, bool, bool, int]:
    """(made, litige, taker capot, net score) of ``contract`` for an outcome key.

    A :data:`FAILED` key stands for any value below the lowest need: the
    failed scores do not depend on it (no litige rule applies then), so the
    value 1 is scored.
    """
    side = contract.side
    if side is None:
        raise BeloteError(f"contract {contract.to_pbn()} needs a declarer")
    belote_side = None if belote == 2 else belote
    if key == DEFENCE_CAPOT:
        points, dcap = 0, True
    else:
        points, dcap = (1 if key == FAILED else key), False
    trick = trick_points_of(profile, side, points, defence_capot=dcap)
    deal = score_deal(profile, contract, trick, belote_side)
    if key == FAILED and deal.made:
        raise BeloteError(f"{contract.to_pbn()} judged failed below its need but made")
    net = deal.scores[side] - deal.scores[1 - side]
    return deal.made, deal.litige, points == profile.capot_trick_points, net


def _hist_quantiles(hist: np.ndarray, probs: Sequence[float]) -> tuple[int, ...]:
    """:func:`~belote.sampling.stats.quantiles` of the values counted by ``hist``."""
    cumulative = np.cumsum(hist)
    n = int(cumulative[-1])
    return tuple(int(np.searchsorted(cumulative, max(math.ceil(p * n - 1e-9), 1)))
                 for p in probs)


def decided(successes: np.ndarray, n: np.ndarray | int, look_level: float,
            precision: float) -> np.ndarray:
    """Which proportions have an interval (at ``look_level``) within +/- ``precision``: the
    interval reported (:func:`~belote.sampling.stats.proportion_any_n`: Wilson's,
    Clopper-Pearson's below :data:`~belote.sampling.stats.SMALL_SAMPLE` samples).

    The stopping test of every row at a look; vectorised so that coverage can
    be simulated with it.

    >>> decided(np.array([0, 50]), 100, 0.95, 0.05).tolist()
    [True, False]
    """
    counts = np.asarray(successes)
    sizes = np.broadcast_to(np.asarray(n), counts.shape)
    low, high = wilson_bounds(counts, sizes, z_value(look_level))
    low, high = np.array(low, dtype=float, ndmin=1), np.array(high, dtype=float, ndmin=1)
    for i in np.flatnonzero(sizes.reshape(-1) < SMALL_SAMPLE):
        e = proportion_any_n(int(counts.reshape(-1)[i]), int(sizes.reshape(-1)[i]), look_level)
        low.reshape(-1)[i], high.reshape(-1)[i] = e.low, e.high
    return (np.round((high - low) / 2, 12) <= precision).reshape(counts.shape)


Span = tuple[int, int, int]
"""Samples ``start .. start + n - 1`` of stream ``seed``: ``(seed, start, n)``."""

Result = TypeVar("Result")


def sample_loop(play: Callable[[Span], Result], spans: Sequence[Span], run: Run,
                fold: Callable[[Span, Result], None]) -> None:
    """The one sampling loop of the bid advice: ``play`` each span (the play plug-in:
    double-dummy solves, :func:`solve_range`, or single-dummy playouts,
    :func:`~belote.advice.bid_play.play_range`) on ``run``'s workers, and ``fold`` each
    result in the spans' order (the menu plug-in: a tally of the contracts judged, or the
    outcomes kept for an auction's options), ``run.progress`` told of each span's samples.

    The results do not depend on the workers: each span is drawn from its seed alone.
    """
    results = parallel_map(play, spans, replace(run, progress=None), initializer=warm_up)
    try:
        for span, result in zip(spans, results, strict=True):
            fold(span, result)
            if run.progress is not None:
                run.progress(span[2])
    finally:
        results.close()


class Engine:
    """Solve samples look by look and fold their outcomes into a
    :class:`~belote.advice.tally.Tally` (its last row: passing, worth 0)."""

    def __init__(self, question: SampleQuestion, contracts: Sequence[Contract],
                 multipliers: Sequence[int]) -> None:
        self.q = question
        self.contracts = tuple(contracts)
        self.multipliers = tuple(multipliers)
        self.variants = [[at_multiplier(c, m) for m in self.multipliers] for c in self.contracts]
        self.trump_index = {t: i for i, t in enumerate(question.trumps)}
        self.tally = Tally(len(self.contracts) + 1, len(self.multipliers), len(question.trumps),
                           question.profile.capot_trick_points + 1)
        self._scored: dict[tuple[int, int], np.ndarray] = {}

    def _outcome_scores(self, row: int, code: int) -> np.ndarray:
        """(made, litige, taker capot, net) of ``row`` at each multiplier for an outcome code.

        The code of an outcome is ``(key + 1) * 3 + belote side``; the
        scores of each code a row meets are computed once.
        """
        scored = self._scored.get((row, code))
        if scored is None:
            key, belote = divmod(code, 3)
            scored = np.array([score_outcome(self.q.profile, variant, key - 1, belote)
                               for variant in self.variants[row]], dtype=np.int64)
            self._scored[row, code] = scored
        return scored

    def fold_span(self, trumps: tuple[Suit, ...], span: Span, outcomes: np.ndarray) -> None:
        """:meth:`fold` the outcomes of ``span`` (the menu plug-in of :func:`sample_loop`)."""
        self.fold(trumps, outcomes)

    def fold(self, trumps: tuple[Suit, ...], outcomes: np.ndarray) -> None:
        """Add the outcomes of a chunk (solved for ``trumps``) to the tally."""
        q, t = self.q, self.tally
        col = {trump: j for j, trump in enumerate(trumps)}
        codes = {trump: np.unique((outcomes[:, j, 0] + 1) * 3 + outcomes[:, j, 1],
                                  return_inverse=True) for trump, j in col.items()}
        rows, per_row = [], []
        for r, contract in enumerate(self.contracts):
            if contract.trump not in col:
                continue
            distinct, inverse = codes[contract.trump]
            rows.append(r)
            per_row.append(np.stack([self._outcome_scores(r, int(c)) for c in distinct])[inverse])
        m = len(outcomes)
        rows.append(len(self.contracts))  # passing: 0 on every sample
        per_row.append(np.zeros((m, len(self.multipliers), 4), dtype=np.int64))
        per = np.stack(per_row, axis=1)  # (m, rows, multipliers, made/litige/capot/net)
        t.add(rows, per[:, :, :, 3].astype(np.float64), per[:, :, 0, 0], per[:, :, 0, 1],
              per[:, :, 0, 2])
        if q.exact:
            for trump, j in col.items():
                values = outcomes[:, j, 0]
                t.hist[self.trump_index[trump]] += np.bincount(
                    np.maximum(values, 0), minlength=t.hist.shape[1])

    def run(self, seed: int, samples: int, precision: float | None, run: Run,
            first_look: int = 100) -> tuple[np.ndarray, LookSchedule | None]:
        """Solve up to ``samples`` samples; return each row's stopping look and the schedule.

        ``run`` is sized by ``samples`` (its ``progress`` told of each chunk of samples)."""
        run = run.sized(samples)
        schedule = None
        looks: tuple[int, ...] = (samples,)
        layouts = deal_sampler(self.q.constraints).count()
        if layouts <= min(samples, MAX_LISTED):  # every layout once: exact answers
            self.q = replace(self.q, listed=True)
            self.tally.exact = True
            looks, precision = (layouts,), None
        if precision is not None:
            schedule = LookSchedule(max_n=samples, first=min(first_look, samples), level=LEVEL)
            looks = schedule.looks
        active = list(self.q.trumps)
        done = 0
        for look in looks:
            if not active:
                break
            trumps = tuple(active)
            spans = [(seed, s, min(CHUNK, look - s)) for s in range(done, look, CHUNK)]
            sample_loop(functools.partial(solve_range, self.q, trumps), spans, run,
                        functools.partial(self.fold_span, trumps))
            done = look
            if schedule is not None and precision is not None:
                for trump in trumps:
                    rows = [r for r, c in enumerate(self.contracts) if c.trump == trump]
                    if decided(self.tally.made[rows], look, schedule.look_level,
                               precision).all():
                        active.remove(trump)
        return self.tally.n[:-1].copy(), schedule

    def estimates(self, schedule: LookSchedule | None) -> list[ContractEstimate]:
        """One :class:`ContractEstimate` per row from the tally."""
        t = self.tally
        out = []
        top = self.q.profile.capot_trick_points
        for r, contract in enumerate(self.contracts):
            scores = {m: t.mean(r, k, self.net_range(r, k), schedule)
                      for k, m in enumerate(self.multipliers)}
            mean_points = deciles = None
            if self.q.exact:
                hist = t.hist[self.trump_index[contract.trump]]
                values = np.arange(len(hist))
                mean_points = t.average(int(t.n[r]), float(hist @ values),
                                        float(hist @ values ** 2), (0, top), schedule)
                deciles = _hist_quantiles(hist, DECILES)
            litige = (t.share(t.litige[r], r, schedule) if self.q.profile.equal_totals_litige
                      else None)
            out.append(ContractEstimate(contract, int(t.n[r]), t.share(t.made[r], r, schedule),
                                        scores, t.share(t.capot[r], r, schedule), litige,
                                        mean_points, deciles))
        return out

    def net_range(self, row: int, k: int) -> tuple[int, int]:
        """The lowest and highest net score ``row`` can get at its ``k``-th multiplier."""
        return net_range(self.q.profile, self.variants[row][k])

    def advice(self, schedule: LookSchedule | None, layouts: int) -> TableAdvice:
        """The rows, the recommendation and its paired difference with the runner-up."""
        rows = self.estimates(schedule)
        values = [row.expected_score[1].value for row in rows] + [0.0]
        ranges = [self.net_range(r, 0) for r in range(len(rows))] + [(0, 0)]  # pass: 0
        best, second, difference = self.tally.best(values, ranges, schedule)
        assert second is not None and difference is not None, "passing is always a row"
        pick = [row.contract for row in rows] + [None]
        return TableAdvice(tuple(rows), pick[best], pick[second], difference, layouts,
                           self.q.leader, int(self.tally.n[:-1].max()),
                           () if schedule is None else schedule.looks, exact=self.q.listed)


def net_range(profile: RuleProfile, contract: Contract) -> tuple[int, int]:
    """The lowest and highest net score (the taking side's score minus the other's) that
    ``contract`` can get: the bounds of its mean's interval (:func:`~belote.sampling.bounded_mean`).

    The score grows with the taker's points (:mod:`belote.rules.scoring`), so
    the ends are the defence's capot and the taker's, each with every belote.

    >>> from belote import COINCHE
    >>> net_range(COINCHE, Contract(1, 0, 100))
    (-370, 370)
    """
    top = profile.capot_trick_points
    nets = [score_outcome(profile, contract, key, belote)[3]
            for key in (DEFENCE_CAPOT, top) for belote in (0, 1, 2)]
    return min(nets), max(nets)


def _needs(profile: RuleProfile, contracts: Sequence[Contract], side: int
           ) -> tuple[tuple[int, int, int], ...]:
    """Per trump, the lowest need of its contracts with belote NS, EW, nobody."""
    def need(own: list[Contract], belote: int | None) -> int:
        return min((min_points_to_make(profile, c, belote) for c in own),
                   default=profile.capot_trick_points)

    needs = []
    for trump in SUITS:
        own = [c for c in contracts if c.trump == trump]
        needs.append((need(own, 0), need(own, 1), need(own, None)))
    return tuple(needs)


def check_samples(samples: int, precision: float | None) -> None:
    if type(samples) is not int or samples < 2:
        raise BeloteError(f"samples={samples!r}: expected an int of at least 2")
    if precision is not None and not 0 < precision < 0.5:
        raise BeloteError(f"precision={precision!r}: expected a number between 0 and 0.5")


def make_engine(constraints: Constraints, profile: RuleProfile, declarer: Seat, dealer: Seat,
            contracts: Sequence[Contract], multipliers: Sequence[int], exact: bool) -> Engine:
    side = side_of(declarer)
    trumps = tuple(t for t in SUITS if any(c.trump == t for c in contracts))
    question = SampleQuestion(constraints, profile, next_seat(dealer), side, trumps, exact,
                         _needs(profile, contracts, side))
    return Engine(question, contracts, multipliers)


@dataclass(frozen=True)
class ContractMenu:
    """The menu of a question that judges contracts, as both plays use it.

    ``kind`` is ``contract`` (one contract), ``table`` (every coinche
    contract of the declarer) or ``classic`` (the classic suits, the turned
    one first); ``contracts`` are judged at x1 and scored at each of
    ``multipliers``; ``exact`` solves every trump of every sample exactly
    (else threshold searches answer what they can: the table); ``play_for``
    is the contract each trump is played for single-dummy (one contract, a
    classic suit: itself; the table: a bid of the trump with no declarer,
    played for points). Build it with :meth:`one`, :meth:`table` or
    :meth:`classic`.

    >>> from belote import COINCHE
    >>> menu = ContractMenu.table(COINCHE, 2)
    >>> menu.kind, len(menu.contracts), menu.multipliers, menu.declarer
    ('table', 40, (1, 2, 4), 2)
    """

    kind: str
    contracts: tuple[Contract, ...]
    multipliers: tuple[int, ...]
    exact: bool
    play_for: tuple[Contract, ...]

    @property
    def declarer(self) -> Seat:
        """The seat judged taking."""
        declarer = self.contracts[0].declarer
        assert declarer is not None, "the menu's contracts have their declarer"
        return declarer

    @property
    def plays(self) -> dict[Suit, Contract]:
        """:attr:`play_for` by trump."""
        return {c.trump: c for c in self.play_for}

    @classmethod
    def one(cls, contract: Contract, profile: RuleProfile) -> ContractMenu:
        """One ``contract`` (declarer included), at each multiplier ``profile`` allows."""
        if contract.declarer is None:
            raise BeloteError(f"contract {contract.to_pbn()} needs a declarer")
        base = at_multiplier(contract, 1)
        multipliers = profile.coinche_multipliers if contract.bid is not None else (1,)
        return cls("contract", (base,), tuple(multipliers), True, (base,))

    @classmethod
    def table(cls, profile: RuleProfile, declarer: Seat, exact: bool = False) -> ContractMenu:
        """Every coinche contract of ``declarer`` (4 trumps x 80..160 and capot)."""
        return cls("table", coinche_contracts(profile, declarer),
                   tuple(profile.coinche_multipliers), exact,
                   tuple(Contract(t, None, profile.bid_min) for t in SUITS))

    @classmethod
    def classic(cls, seat: Seat, turned: str | int) -> ContractMenu:
        """The classic suits of a bidder at ``seat`` (:func:`classic_contracts`)."""
        contracts = classic_contracts(seat, turned)
        return cls("classic", contracts, (1,), True, contracts)


def judge(constraints: Constraints, dealer: Seat, menu: ContractMenu, *, samples: int,
          seed: int, precision: float | None, run: Run, first_look: int = 100) -> TableAdvice:
    """The double-dummy play of ``menu`` over samples of ``constraints``: every contract on
    the same samples, the recommendation (passing included) and, for one contract, its
    estimate with the looks of ``precision`` (``rows[0]``)."""
    check_samples(samples, precision)
    layouts = count_layouts(constraints)
    engine = make_engine(constraints, constraints.profile, menu.declarer, dealer,
                         menu.contracts, menu.multipliers, menu.exact)
    _, schedule = engine.run(seed, samples, precision, run, first_look=first_look)
    advice = engine.advice(schedule, layouts)
    if menu.kind == "contract":
        return replace(advice, rows=(replace(advice.rows[0], looks=advice.looks),))
    return advice


def count_layouts(constraints: Constraints) -> int:
    """The number of deals consistent with ``constraints`` (raises when there is none).

    >>> from belote.sampling import Constraints
    >>> count_layouts(Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"]))
    9465511770
    """
    return deal_sampler(constraints).count()


def estimate_contract(constraints: Constraints, contract: Contract | str, dealer: Seat | str, *,
                      samples: int = TABLE_SAMPLES, seed: int = 0,
                      precision: float | None = None,
                      run: Run = SERIAL) -> ContractEstimate:
    """Judge one ``contract`` (declarer included) over samples of ``constraints``.

    Every sample is solved exactly, so the mean and deciles of the taking
    side's points are given; scores are given at each multiplier the profile
    allows. ``constraints.profile`` is the rule profile; ``run``
    (:class:`~belote.Run`) says how to run the samples (its
    ``progress`` counts samples). Raises
    :class:`BeloteError` for bad arguments and
    :class:`~belote.errors.ConstraintError` when no deal
    fits.
    """
    menu = ContractMenu.one(as_contract(contract, constraints.profile), constraints.profile)
    return judge(constraints, as_seat(dealer, "dealer"), menu, samples=samples, seed=seed,
                 precision=precision, run=run).rows[0]


def bid_table(constraints: Constraints, declarer: Seat | str, dealer: Seat | str, *,
              samples: int = TABLE_SAMPLES,
              seed: int = 0, precision: float | None = None, run: Run = SERIAL,
              exact: bool = False, first_look: int = 100) -> TableAdvice:
    """Every coinche contract of ``declarer`` (4 trumps x 80..160 and capot) on the same samples.

    With ``exact`` every trump of every sample is solved exactly (the plain
    computation, slower, and the only way to get mean points); otherwise
    threshold searches answer what they can (module docstring). Both give
    the same P(make), P(capot) and scores. ``first_look`` is the first look
    of the ``precision`` schedule (then twice as many samples each look).
    """
    profile = constraints.profile
    declarer, dealer = as_seat(declarer, "declarer"), as_seat(dealer, "dealer")
    if profile.auction != "numeric":
        raise BeloteError(f"{profile.name} has no numeric bids: use classic_advice")
    return judge(constraints, dealer, ContractMenu.table(profile, declarer, exact),
                 samples=samples, seed=seed, precision=precision, run=run,
                 first_look=first_look)


def classic_constraints(seat: Seat | str, five: str | Sequence[str], turned: str | int, *,
                        known: Sequence[str] = (), shape: Sequence[str] = (),
                        points: Sequence[str] = ()) -> Constraints:
    """What a classic bidder at ``seat`` knows when thinking of taking (they get the turned card).

    >>> c = classic_constraints(2, "JH 9H AS KS 7C", "AH")
    >>> c.known[2], c.free_cards().bit_count()
    (CardSet('KS AS 9H JH AH 7C'), 26)
    """
    card, seat = as_card(turned), as_seat(seat)
    return classic_bidding(seat, five, card, taker=seat).with_text(
        known=known, shape=shape, points=points)


def classic_contracts(seat: Seat | str, turned: str | int) -> tuple[Contract, ...]:
    """The contracts a classic bidder at ``seat`` judges: the ``turned`` card's suit first
    (round 1), then each other suit (round 2).

    >>> [c.to_pbn() for c in classic_contracts(2, "AH")]
    ['H', 'S', 'D', 'C']
    """
    first, seat = as_card(turned) >> 3, as_seat(seat)
    return tuple(Contract(t, seat, None) for t in [first] + [s for s in SUITS if s != first])


def classic_advice(seat: Seat | str, five: str | Sequence[str], turned: str | int,
                   dealer: Seat | str, *,
                   known: Sequence[str] = (), shape: Sequence[str] = (),
                   points: Sequence[str] = (), samples: int = TABLE_SAMPLES, seed: int = 0,
                   precision: float | None = None, run: Run = SERIAL) -> TableAdvice:
    """Classic: taking the turned suit (round 1, first row) or naming each other suit (round 2).

    ``seat`` holds ``five`` cards and takes: it receives the ``turned`` card
    and 2 more, the others 3 more each (what is still to be dealt is sampled
    too). Each suit is solved exactly on every sample. The net score counts a
    litige as the scorer does for the deal alone: the defence scores its
    total, the taker its belote, and the held trick points are credited to
    nobody (they go to a later deal).
    """
    check_samples(samples, precision)
    seat, dealer = as_seat(seat), as_seat(dealer, "dealer")
    constraints = classic_constraints(seat, five, turned, known=known, shape=shape,
                                      points=points)
    return judge(constraints, dealer, ContractMenu.classic(seat, turned), samples=samples,
                 seed=seed, precision=precision, run=run)


def iter_outcomes(constraints: Constraints, declarer: Seat, dealer: Seat, trumps: Sequence[Suit],
                  seed: int, samples: int) -> Iterator[np.ndarray]:
    """The raw exact outcome keys of samples ``0 .. samples - 1`` (for checks and benches).

    Each item is a ``(len(trumps), 2)`` array: key and belote side per trump.

    >>> from belote.sampling import Constraints
    >>> c = Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"])
    >>> next(iter_outcomes(c, 2, 3, [1], seed=1, samples=1)).shape
    (1, 2)
    """
    question = SampleQuestion(constraints, constraints.profile, next_seat(dealer),
                         side_of(declarer), tuple(trumps), True, ((0, 0, 0),) * 4)
    for start in range(0, samples, CHUNK):
        yield from solve_range(question, tuple(trumps), (seed, start,
                                                          min(CHUNK, samples - start)))
