"""A session reviewed: every call and card of the chosen seats judged twice, on the deal score.

:func:`review` goes through the boards of a session and, for each call and
each card of the reviewed seats, gives a :class:`ReviewedDecision` with two
costs, each in the units of the deal score (the net score of the seat's side:
its score minus the other side's, so the contract's threshold counts):

* **double dummy** (``dd_score_cost``), with every card visible. A card's
  trick-point loss ``dd_cost`` is exactly the loss of
  :func:`~belote.analysis.play_record.board_play_analysis` (``belote
  analyse``); its deal-score cost is the fall of the side's net score between
  the contract's double-dummy verdicts before and after it
  (:meth:`~belote.analysis.play_record.PlayAnalysis.verdicts`). A call's is the
  net score of the best call minus the call made, each valued on the actual
  deal as the auction ending after it (below);
* **single dummy** (``sd_score_cost``), from what the seat could see at that
  moment only. For a card: over the layouts the single-dummy player draws for
  that decision (:func:`~belote.advice.playout.decision_layouts`: the seat's
  hand, the cards played, the refusals, the auction's weights), every legal
  card is valued double dummy (:func:`~belote.dd.layout_values`) and scored as
  the deal it leads to; the cost is the best card's expected net score minus
  the played card's, with the paired 95% interval over the layouts. For a
  call: the seat's hand and the calls so far, read through the conventions
  (:func:`~belote.auction.inference.read_auction`; when the calls do not fit
  them, the hand alone), give ``call_samples`` layouts
  (:func:`~belote.advice.auction.sample_outcomes`, as ``belote bid
  --auction``); every legal call is valued as the auction ending after it (the
  contract as it then stands, played double dummy and scored,
  :func:`~belote.advice.auction.score_outcomes`; passed out: 0), on the same
  layouts; the cost is the best call's mean minus the call made's, with the
  paired interval.

A decision's ``verdict`` compares both costs with :data:`MARGIN`: ``error``
(both above), ``unlucky`` (double dummy only: the choice was as good as any
from what the seat saw), ``lucky`` (single dummy only) or ``fine``. A forced
decision (one legal call, or one class of interchangeable cards) costs 0
and is ``fine``. ``dd_cost`` and ``sd_cost`` are a card's trick points (the
side's whole-deal points given away, double and single dummy); a call gives
away none (0), its whole cost being on the deal score.

Classic auctions are not judged (the calls are made on five cards: their
sampling is :func:`~belote.advice.auction.auction_advice`'s own); their
cards are. Randomness comes from the stream ``seed`` and the board's place
in the session, so a review is the same whatever runs it (processes, a Dask
cluster) and however often it was interrupted: with ``state=FOLDER``,
:func:`iter_review` saves each deal as it is reviewed (a
:class:`~belote.files.Journal` keyed to the input file, the boards and the
options) and a run stopped half-way resumes from the deals saved.

>>> from belote import cfn
>>> [board] = cfn.loads("N:-/-/-/- 110d-x-p-p-p AcKcQc7c/JsQsTsKs/8hQhJhAh/8s9sQdKd/7d9d7sTc/9h8c7h8d/TdJdJcKh/ThAs9cAd 110dEWx")
>>> session = review([board], seats="E", call_samples=8)
>>> [(d.kind, d.index, d.played) for d in session.deals[0].decisions][:3]
[('call', 0, '110D'), ('card', 0, 'AC'), ('card', 4, 'JS')]
>>> session.deals[0].score
SidePair(ns=540, ew=0)
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from ..advice.auction import flip_outcomes, sample_outcomes, score_outcomes
from ..advice.playout import DEFAULT_SCHEDULE, Schedule, decision_layouts, play_board
from ..auction.conventions import DEFAULT as DEFAULT_CONVENTIONS
from ..auction.conventions import Conventions
from ..auction.inference import AuctionImpossible, read_auction
from ..board import Board
from ..dd import SearchContext, default_context, equivalence_classes, layout_values, warm_up
from ..dd.verdict import ContractVerdict, verdict_from_points
from ..errors import BeloteError, SavedWorkError
from ..files import Journal, input_identity
from ..parallel.runner import SERIAL, Run, parallel_map
from ..rules.play import Position, belote_sides
from ..rules.scoring import score_deal
from ..sampling.constraints import Constraints
from ..sampling.stats import Estimate, mean
from ..sampling.turned import Taken, taken_card
from ..types.auction import Auction
from ..types.cards import SUITS, card_name
from ..types.contract import Contract
from ..types.deal import SEATS, Seat, SidePair, as_seat, seat_name, side_name, side_of
from ..types.profile import RuleProfile
from .play_record import PlayAnalysis, board_play_analysis
import json
import hashlib
from .. import __version__

__all__ = ["CALL_SAMPLES", "MARGIN", "PHASES", "VERDICTS", "DealReview", "ReviewedDecision",
           "SessionReview", "SingleDummyChoice", "call_choice", "card_choice", "review",
           "review_board", "iter_review", "verdict_of"]

MARGIN = 10.0
"""Deal-score points a decision must cost to count against it (one rounding step of a
coinche score: a card that moves the net score by less is not an error)."""

CALL_SAMPLES = 100
"""Layouts a call is valued on, single dummy (each solved for the four trumps)."""

VERDICTS = ("error", "unlucky", "lucky", "fine")
"""The verdicts, worst first."""

PHASES = ("auction", "opening lead", "declarer play", "defence")
"""The phases of a deal a decision belongs to."""


def verdict_of(dd_score_cost: float, sd_score_cost: float, margin: float = MARGIN) -> str:
    """The verdict of a decision from its two deal-score costs.

    >>> verdict_of(40, 25), verdict_of(40, 0), verdict_of(0, 25), verdict_of(10, 10)
    ('error', 'unlucky', 'lucky', 'fine')
    """
    dd, sd = dd_score_cost > margin, sd_score_cost > margin
    return "error" if dd and sd else "unlucky" if dd else "lucky" if sd else "fine"


@dataclass(frozen=True)
class SingleDummyChoice:
    """Every option of one decision valued over the layouts its seat could not tell apart.

    ``options`` name the options (a card class by its first card, or a call's
    text), ``points`` the side's expected whole-deal trick points after each
    (cards only, else empty), ``nets`` its expected net deal score;
    ``samples`` holds the per-layout net scores (``(n, len(options))``) and
    ``weights`` how much each layout counts (``None``: equally). ``exact``:
    the layouts were every one consistent with what the seat saw, weighed
    exactly (no sampling error).
    """

    options: tuple[str, ...]
    points: tuple[float, ...]
    nets: tuple[float, ...]
    samples: np.ndarray = field(repr=False, compare=False)
    weights: np.ndarray | None = field(repr=False, compare=False)
    exact: bool

    @property
    def layouts(self) -> int:
        """The layouts valued."""
        return len(self.samples)

    @property
    def best(self) -> int:
        """The option with the highest expected net score (then points, then order)."""
        points = self.points or (0.0,) * len(self.options)
        return min(range(len(self.options)),
                   key=lambda j: (-round(self.nets[j], 9), -round(points[j], 9), j))

    def costs(self) -> dict[str, float]:
        """Each option's expected net score below the best one's."""
        top = self.nets[self.best]
        return {name: max(0.0, top - net) for name, net in zip(self.options, self.nets)}

    def cost(self, j: int) -> tuple[float, float, tuple[float, float]]:
        """Option ``j``'s trick-point cost, deal-score cost and the deal score's 95% interval."""
        best = self.best
        points = max(self.points) - self.points[j] if self.points else 0.0
        score = max(0.0, self.nets[best] - self.nets[j])
        if j == best or self.exact:
            return points, score, (score, score)
        diff = self.samples[:, best] - self.samples[:, j]
        if self.weights is not None:  # resampled: each kept layout counts as often as kept
            diff = np.repeat(diff, self.weights.astype(np.int64))
        if len(diff) < 2 or float(np.ptp(diff)) == 0.0:
            return points, score, (score, score)
        e = mean(diff)
        return points, score, (e.low, e.high)


@functools.lru_cache(maxsize=1 << 14)
def _taker_net(profile: RuleProfile, contract: Contract, taker_points: int, belote: int,
               defence_capot: bool) -> int:
    """The taking side's net deal score when it ends with ``taker_points`` (``belote``: -1 nobody)."""
    v = verdict_from_points(profile, contract, taker_points, None if belote < 0 else belote,
                            defence_capot=defence_capot)
    return _net(v, v.side)


def _net(verdict: ContractVerdict, side: int) -> int:
    """``side``'s score minus the other side's in ``verdict``."""
    return verdict.score.scores[side] - verdict.score.scores[1 - side]


def card_choice(position: Position, contract: Contract, *, schedule: Schedule = DEFAULT_SCHEDULE,
                seed: int = 0, board: int = 0, evidence: np.ndarray | None = None,
                context: SearchContext | None = None, taken: Taken | None = None
                ) -> SingleDummyChoice:
    """Every legal card of the player to move, valued single dummy on the deal score.

    The layouts are the single-dummy player's for that decision
    (:func:`~belote.advice.playout.decision_layouts`, which reads only what
    the player sees, ``taken`` the classic turned card with its taker); ``contract`` must
    name its declarer. A position with a
    single class of interchangeable cards gives that one option (no layout).
    """
    if contract.declarer is None:
        raise BeloteError(f"contract {contract.to_pbn()} has no declarer: cannot score it")
    heads = equivalence_classes(position)
    if len(heads) == 1:
        return SingleDummyChoice((card_name(heads[0][0]),), (0.0,), (0.0,),
                                 np.zeros((0, 1)), None, True)
    layouts, weights, exact = decision_layouts(position, schedule=schedule, seed=seed,
                                               board=board, evidence=evidence, taken=taken)
    classes, values = layout_values(position, layouts, context=context or default_context())
    side, taker = side_of(position.to_move), contract.side
    assert taker is not None
    starts = layouts | np.array([position.played_by(s) for s in SEATS], dtype=np.int64)
    belote = belote_sides(starts, position.trump)
    capot = position.profile.capot_trick_points
    nets = np.empty(values.shape[:2], dtype=np.float64)
    for i in range(len(layouts)):
        for j in range(len(classes)):
            t, d = int(values[i, j, taker]), int(values[i, j, 1 - taker])
            net = _taker_net(position.profile, contract, t, int(belote[i]), d == capot)
            nets[i, j] = net if side == taker else -net
    points = values[:, :, side].astype(np.float64)

    def avg(a: np.ndarray) -> np.ndarray:
        if weights is None:
            return a.mean(axis=0)
        return (weights @ a) / weights.sum()

    return SingleDummyChoice(tuple(card_name(c[0]) for c in classes),
                             tuple(float(x) for x in avg(points)),
                             tuple(float(x) for x in avg(nets)), nets, weights, exact)


def _call_nets(outcomes: np.ndarray, profile: RuleProfile, auction: Auction, seat: Seat
               ) -> tuple[tuple[str, ...], np.ndarray]:
    """Every legal call's net score for ``seat``'s side on each sample, the auction ending
    after it; ``outcomes`` are N-S's (``(n, 4, 2)``, one column per trump)."""
    names, columns = [], []
    mine = side_of(seat)
    for call in auction.legal_calls():
        names.append(call.text)
        contract = auction.with_call(call).contract
        if contract is None:
            columns.append(np.zeros(len(outcomes)))
            continue
        assert contract.side is not None
        keys = outcomes[:, contract.trump]
        if contract.side == 1:
            keys = flip_outcomes(keys, profile)
        _, net = score_outcomes(profile, keys, contract)
        columns.append(net if contract.side == mine else -net)
    return tuple(names), np.stack(columns, axis=1).astype(np.float64)


def call_choice(hand: Any, seat: Seat, auction: Auction, *,
                conventions: Conventions = DEFAULT_CONVENTIONS, samples: int = CALL_SAMPLES,
                seed: int = 0) -> tuple[SingleDummyChoice, bool]:
    """Every legal call of ``seat`` (on turn in ``auction``, holding ``hand``), valued on
    layouts of the other hands; and whether the calls so far were read through
    ``conventions`` (``False``: they do not fit them, the hand alone was used).

    Coinche only. The layouts are samples ``0 .. samples - 1`` of ``seed``
    (module docstring).
    """
    profile = auction.profile
    seen = Constraints(profile=profile).with_hand(seat, hand)
    try:
        constraints, read = read_auction(auction, conventions, seen, seat).constraints, True
    except AuctionImpossible:
        constraints, read = seen, False
    outcomes = sample_outcomes(constraints, 0, auction.dealer, SUITS, samples, seed)
    names, nets = _call_nets(outcomes, profile, auction, seat)
    return SingleDummyChoice(names, (), tuple(float(x) for x in nets.mean(axis=0)), nets, None,
                             False), read


def _actual_call_nets(board: Board, auction: Auction, seat: Seat) -> dict[str, float]:
    """Every legal call's net score for ``seat``'s side on the actual deal, double dummy."""
    profile = auction.profile
    deal = board.deal
    known = Constraints(profile=profile)
    for s in SEATS:
        known = known.with_hand(s, deal.hands[s] or ())
    outcomes = sample_outcomes(known, 0, auction.dealer, SUITS, 1, 0, listed=True)
    names, nets = _call_nets(outcomes, profile, auction, seat)
    return {name: float(v) for name, v in zip(names, nets[0])}


@dataclass(frozen=True)
class ReviewedDecision:
    """One call or card of a reviewed seat, judged double and single dummy (module docstring).

    ``index`` is the call's place in the auction or the card's in the play
    (from 0); ``played`` and ``best`` (single dummy: the best from what the
    seat saw) name a call or a card, ``dd_best`` the best on the actual deal;
    ``sd_costs`` every option's single-dummy deal-score cost; ``layouts`` how
    many layouts the single-dummy view was valued on (``exact``: all of them).
    """

    board: str | None
    place: int
    seat: Seat
    kind: str
    index: int
    played: str
    best: str
    dd_best: str
    forced: bool
    dd_cost: int
    sd_cost: float
    dd_score_cost: float
    sd_score_cost: float
    sd_interval: tuple[float, float]
    verdict: str
    phase: str
    level: str
    layouts: int = 0
    exact: bool = True
    sd_costs: tuple[tuple[str, float], ...] = ()
    read: bool = True

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (single-dummy numbers rounded to 0.1)."""
        return {"board": self.board, "place": self.place, "seat": seat_name(self.seat),
                "kind": self.kind,
                "index": self.index, "played": self.played, "best": self.best,
                "dd_best": self.dd_best, "forced": self.forced, "dd_cost": self.dd_cost,
                "sd_cost": round(self.sd_cost, 1), "dd_score_cost": self.dd_score_cost,
                "sd_score_cost": round(self.sd_score_cost, 1),
                "sd_interval": [round(x, 1) for x in self.sd_interval],
                "verdict": self.verdict, "phase": self.phase, "level": self.level,
                "layouts": self.layouts, "exact": self.exact,
                "sd_costs": {k: round(v, 1) for k, v in self.sd_costs},
                **({} if self.read else {"conventions_read": False})}

    def state(self) -> dict[str, Any]:
        """Every field, unrounded, as JSON values (what a saved review keeps)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> ReviewedDecision:
        """The decision :meth:`state` gave ``data`` for."""
        return cls(**{**data, "sd_interval": tuple(data["sd_interval"]),
                      "sd_costs": tuple((k, v) for k, v in data["sd_costs"])})


@dataclass(frozen=True)
class DealReview:
    """One board of the session reviewed: its decisions and its recorded score.

    ``score`` is the (NS, EW) deal score of the recorded play (``None`` when
    the play stops before the end or the contract names no taker; a passed-out
    deal scores 0 each); ``skipped`` says why nothing of the board was
    reviewed (``None``: it was).
    """

    board: str | None
    place: int
    mode: str
    contract: str | None
    declarer: Seat | None
    passed_out: bool
    score: SidePair | None
    decisions: tuple[ReviewedDecision, ...]
    skipped: str | None = None
    engine: SidePair | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``board, place, mode, contract, declarer, passed_out, score, decisions``
        (and ``engine``, the engine's score, when it replayed the deal)."""
        return {"board": self.board, "place": self.place, "mode": self.mode,
                "contract": self.contract,
                "declarer": None if self.declarer is None else seat_name(self.declarer),
                "passed_out": self.passed_out,
                "score": None if self.score is None else self.score.to_dict(),
                "decisions": [d.to_dict() for d in self.decisions],
                **({} if self.skipped is None else {"skipped": self.skipped}),
                **({} if self.engine is None else {"engine": self.engine.to_dict()})}

    def state(self) -> dict[str, Any]:
        """Every field, unrounded, as JSON values (what a saved review keeps: read back by
        :meth:`from_state`, it is equal to this one)."""
        return {**{f.name: getattr(self, f.name) for f in fields(self)},
                "decisions": [d.state() for d in self.decisions]}

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> DealReview:
        """The deal :meth:`state` gave ``data`` for."""
        return cls(**{**data,
                      "score": None if data["score"] is None else SidePair(*data["score"]),
                      "engine": None if data["engine"] is None else SidePair(*data["engine"]),
                      "decisions": tuple(ReviewedDecision.from_state(d)
                                         for d in data["decisions"])})


def _level(contract: Contract | None) -> str:
    """The contract level a decision is totalled under."""
    if contract is None:
        return "passed out"
    if contract.capot:
        return "capot"
    return "classic" if contract.bid is None else str(contract.bid)


def _calls(board: Board, seats: frozenset[Seat], level: str, *, place: int, seed: int,
           samples: int, conventions: Conventions) -> Iterator[ReviewedDecision]:
    """The reviewed decisions of the auction of ``board``."""
    auction = board.auction
    if auction is None or auction.profile.auction != "numeric":
        return
    hands = board.deal.hands
    for index, call in enumerate(auction.calls):
        seat = auction.seat_of(index)
        if seat not in seats:
            continue
        before = Auction(auction.dealer, auction.calls[:index], auction.profile)
        legal = before.legal_calls()
        common = dict(board=board.board, place=place, seat=seat, kind="call", index=index,
                      played=call.text, phase="auction", level=level)
        if len(legal) == 1:
            yield ReviewedDecision(**common, best=call.text, dd_best=call.text,  # type: ignore[arg-type]
                                   forced=True, dd_cost=0, sd_cost=0.0, dd_score_cost=0.0,
                                   sd_score_cost=0.0, sd_interval=(0.0, 0.0), verdict="fine")
            continue
        choice, read = call_choice(hands[seat], seat, before, conventions=conventions,
                                   samples=samples, seed=seed)
        actual = _actual_call_nets(board, before, seat)
        mine = choice.options.index(call.text)
        _, sd, interval = choice.cost(mine)
        dd = max(actual.values()) - actual[call.text]
        dd_best = max(actual, key=lambda k: actual[k])
        yield ReviewedDecision(**common, best=choice.options[choice.best], dd_best=dd_best,  # type: ignore[arg-type]
                               forced=False, dd_cost=0, sd_cost=0.0, dd_score_cost=dd,
                               sd_score_cost=sd, sd_interval=interval,
                               verdict=verdict_of(dd, sd), layouts=choice.layouts,
                               exact=False, sd_costs=tuple(choice.costs().items()), read=read)


def _cards(board: Board, analysis: PlayAnalysis, start: Position, seats: frozenset[Seat],
           level: str, *, place: int, seed: int, schedule: Schedule,
           context: SearchContext) -> tuple[list[ReviewedDecision], Position]:
    """The reviewed decisions of the play of ``board``, and the position it ends in."""
    contract = analysis.contract
    assert contract is not None and contract.side is not None
    verdicts = analysis.verdicts()
    evidence = schedule.evidence(board.auction)
    taken = taken_card(board.auction)
    pos = start.copy()
    out = []
    for index, card in enumerate(analysis.cards):
        seat = card.seat
        if seat in seats:
            side = side_of(seat)
            dd_score = _net(verdicts[index], side) - _net(verdicts[index + 1], side)
            phase = ("opening lead" if index == 0 else
                     "declarer play" if side == contract.side else "defence")
            choice = card_choice(pos, contract, schedule=schedule, seed=seed, board=place,
                                 evidence=evidence, context=context, taken=taken)
            mine = next(j for j, cls in enumerate(equivalence_classes(pos))
                        if card.card in cls)
            forced = choice.layouts == 0
            sd_points, sd, interval = (0.0, 0.0, (0.0, 0.0)) if forced else choice.cost(mine)
            dd_best = card_name(card.best[0][0]) if card.best else card_name(card.card)
            out.append(ReviewedDecision(
                board.board, place, seat, "card", index, card_name(card.card),
                choice.options[choice.best], dd_best, forced, card.loss, sd_points,
                float(dd_score), sd, interval, "fine" if forced else verdict_of(dd_score, sd),
                phase, level, choice.layouts, choice.exact,
                () if forced else tuple(choice.costs().items())))
        pos.play(card.card)
    return out, pos


def review_board(board: Board, seats: Iterable[Seat] = SEATS, *, place: int = 0, seed: int = 0,
                 schedule: Schedule = DEFAULT_SCHEDULE, call_samples: int = CALL_SAMPLES,
                 conventions: Conventions = DEFAULT_CONVENTIONS,
                 context: SearchContext | None = None, calls: bool = True,
                 engine: bool = False) -> DealReview:
    """The review of one board (its calls and cards by ``seats``), ``place`` its place in
    the session (it selects the layouts with ``seed``); ``calls=False`` reviews the cards
    only (no call is valued). With ``engine``, a deal played to its end is also replayed
    from the same contract by the single-dummy player at all four seats
    (:func:`~belote.advice.playout.play_board`, same seed and place): its score is
    :attr:`DealReview.engine`."""
    seats = frozenset(as_seat(s) for s in seats)
    profile, contract = board.profile, board.contract
    level = _level(contract)
    head = dict(board=board.board, place=place, mode=profile.name,
                contract=None if contract is None else contract.to_pbn(),
                declarer=board.declarer, passed_out=board.passed_out)
    if board.passed_out:
        passes = _calls(board, seats, level, place=place, seed=seed, samples=call_samples,
                        conventions=conventions) if calls else ()
        return DealReview(**head, score=SidePair(0, 0), decisions=tuple(passes))  # type: ignore[arg-type]
    if contract is None or contract.declarer is None:
        return DealReview(**head, score=None, decisions=(),  # type: ignore[arg-type]
                          skipped="no contract with a declarer: the deal cannot be scored")
    decisions = list(_calls(board, seats, level, place=place, seed=seed, samples=call_samples,
                            conventions=conventions)) if calls else []
    score = None
    if board.cards:
        context = context or default_context()
        analysis = board_play_analysis(board, context=SearchContext())
        start = Position(board.deal, contract.trump, board.first_leader(), profile)
        cards, end = _cards(board, analysis, start, seats, level, place=place, seed=seed,
                            schedule=schedule, context=context)
        decisions += cards
        if end.is_over:
            score = score_deal(profile, contract, end.points, end.belote_side()).scores
    replayed = None
    if engine and score is not None:
        fresh = board.replace(cards=(), play_leader=board.first_leader())
        result = play_board(fresh, schedule=schedule, seed=seed, board=place, context=context)
        assert result.score is not None, "the contract names its taker"
        replayed = result.score.scores
    return DealReview(**head, score=score, decisions=tuple(decisions),  # type: ignore[arg-type]
                      engine=replayed)


def _group(decisions: Sequence[ReviewedDecision], places: Sequence[int]) -> dict[str, Any]:
    """The sums of a group of decisions (of the costs as the decisions show them, to 0.1),
    and its costs a deal with their intervals (the deals of ``places`` are the units: a
    deal's decisions are one cluster)."""
    out: dict[str, Any] = {
        "decisions": len(decisions),
        "dd_cost": sum(d.dd_cost for d in decisions),
        "sd_cost": round(sum(round(d.sd_cost, 1) for d in decisions), 1),
        "dd_score_cost": round(sum(d.dd_score_cost for d in decisions), 1),
        "sd_score_cost": round(sum(round(d.sd_score_cost, 1) for d in decisions), 1),
        **{v: sum(d.verdict == v for d in decisions) for v in VERDICTS}}
    for name in ("dd_score_cost", "sd_score_cost"):
        per = {p: 0.0 for p in places}
        for d in decisions:
            per[d.place] += getattr(d, name)
        e = _per_deal(list(per.values()))
        out[f"{name}_per_deal"] = None if e is None else {
            "value": round(e.value, 1), "low": round(e.low, 1), "high": round(e.high, 1),
            "deals": e.n}
    return out


def _per_deal(values: list[float]) -> Estimate | None:
    """The mean a deal with its t interval, clipped at 0 (a cost is never negative; ``None``
    below 2 deals)."""
    if len(values) < 2:
        return None
    if max(values) == min(values):
        return Estimate(values[0], values[0], values[0], len(values), method="t")
    return mean(values).within(0.0, math.inf)


@dataclass(frozen=True)
class SessionReview:
    """A reviewed session: the deals (:class:`DealReview`), what was reviewed and how.

    ``seats`` are the reviewed seats, ``margin`` the verdicts' margin on the
    deal score, ``seed``/``schedule``/``call_samples`` what the single-dummy
    view drew.
    """

    deals: tuple[DealReview, ...]
    seats: tuple[Seat, ...]
    margin: float = MARGIN
    seed: int = 0
    schedule: Schedule = DEFAULT_SCHEDULE
    call_samples: int = CALL_SAMPLES

    def decisions(self) -> list[ReviewedDecision]:
        """Every decision, deal by deal."""
        return [d for deal in self.deals for d in deal.decisions]

    def costliest(self, n: int = 5) -> list[ReviewedDecision]:
        """The ``n`` decisions that cost most single dummy (then double dummy)."""
        return sorted(self.decisions(), key=lambda d: (-d.sd_score_cost, -d.dd_score_cost,
                                                       d.place, d.kind, d.index))[:n]

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per decision (``--parquet``): the JSON fields, ``sd_interval`` as
        ``sd_low``/``sd_high``, ``sd_costs`` as JSON text, with the deal's place, contract
        and declarer."""

        out = []
        for deal in self.deals:
            for d in deal.decisions:
                row = d.to_dict()
                low, high = row.pop("sd_interval")
                row.pop("conventions_read", None)
                out.append({**row, "sd_low": low, "sd_high": high,
                            "sd_costs": json.dumps(row["sd_costs"]),
                            "conventions_read": d.read, "contract": deal.contract,
                            "declarer": None if deal.declarer is None
                            else seat_name(deal.declarer)})
        return out

    def totals(self) -> dict[str, Any]:
        """Sums by seat, side, phase and contract level, the score sheet's totals, the margin."""
        reviewed = [deal for deal in self.deals if deal.skipped is None]
        places = [deal.place for deal in reviewed]
        decisions = self.decisions()

        def by(key: Any, names: Iterable[str]) -> dict[str, Any]:
            return {name: _group([d for d in decisions if key(d) == name], places)
                    for name in names}

        levels = sorted({d.level for d in decisions},
                        key=lambda x: (not x.isdigit(), int(x) if x.isdigit() else 0, x))
        sides = sorted({side_name(side_of(s)) for s in self.seats}, key="NS EW".split().index)
        scored = [deal.score for deal in reviewed if deal.score is not None]
        engine = self.engine_totals()
        return {
            "margin": self.margin, "deals": len(reviewed),
            "skipped": len(self.deals) - len(reviewed),
            "by_seat": by(lambda d: seat_name(d.seat), [seat_name(s) for s in self.seats]),
            "by_side": by(lambda d: side_name(side_of(d.seat)), sides),
            "by_phase": by(lambda d: d.phase, PHASES),
            "by_level": by(lambda d: d.level, levels),
            "score": {"NS": sum(s.ns for s in scored), "EW": sum(s.ew for s in scored),
                      "deals": len(scored)},
            **({} if engine is None else {"engine": engine})}

    def engine_totals(self) -> dict[str, Any] | None:
        """The engine's replays against the recorded play (``None`` without replays): both
        scores' totals over the replayed deals, and per side the net gain a deal of the
        engine (its side's score minus the other's, engine minus recorded) with its 95%
        interval (paired by deal; ``None`` below 2 deals)."""
        pairs = [(d.score, d.engine) for d in self.deals
                 if d.score is not None and d.engine is not None]
        if not pairs:
            return None
        out: dict[str, Any] = {
            "deals": len(pairs),
            "recorded": {"NS": sum(r.ns for r, _ in pairs), "EW": sum(r.ew for r, _ in pairs)},
            "engine": {"NS": sum(e.ns for _, e in pairs), "EW": sum(e.ew for _, e in pairs)}}
        for side, name in ((0, "NS"), (1, "EW")):
            gains = [(e[side] - e[1 - side]) - (r[side] - r[1 - side]) for r, e in pairs]
            est = None
            if len(gains) >= 2:
                est = (Estimate(float(gains[0]), float(gains[0]), float(gains[0]), len(gains),
                                method="t") if max(gains) == min(gains) else mean(gains))
            out[f"{name}_gain_per_deal"] = None if est is None else {
                "value": round(est.value, 1), "low": round(est.low, 1),
                "high": round(est.high, 1), "deals": est.n}
        return out

    def to_dict(self) -> dict[str, Any]:
        """What ``belote review --json`` prints."""
        return {"seats": [seat_name(s) for s in self.seats], "seed": self.seed,
                "schedule": self.schedule.to_dict(), "call_samples": self.call_samples,
                "deals": [deal.to_dict() for deal in self.deals], "totals": self.totals(),
                "costliest": [d.to_dict() for d in self.costliest()]}


@dataclass(frozen=True)
class _ReviewJob:
    """Reviews board number ``place`` of a session (a picklable work item)."""

    seats: tuple[Seat, ...]
    seed: int
    schedule: Schedule
    call_samples: int
    conventions: Conventions
    engine: bool = False

    def __call__(self, item: tuple[int, Board]) -> DealReview:
        place, board = item
        return review_board(board, self.seats, place=place, seed=self.seed,
                            schedule=self.schedule, call_samples=self.call_samples,
                            conventions=self.conventions, engine=self.engine)


def _seats(seats: Iterable[Seat | str] | str | None) -> tuple[Seat, ...]:
    """The reviewed seats, in N E S W order (a string names seats by letter, ``"NS"``)."""
    if seats is None:
        return tuple(SEATS)
    if isinstance(seats, str):
        seats = list(seats)
    chosen = {as_seat(s) for s in seats}
    if not chosen:
        raise BeloteError("no seat to review")
    return tuple(sorted(chosen))


STATE_FORMAT = 1
"""Version of a saved review's form (:meth:`DealReview.state`); a change starts saved work again."""


def iter_review(boards: Iterable[Board], seats: Iterable[Seat | str] | str | None = None, *,
                seed: int = 0, schedule: Schedule = DEFAULT_SCHEDULE,
                call_samples: int = CALL_SAMPLES, conventions: Conventions = DEFAULT_CONVENTIONS,
                places: Iterable[int] | None = None, engine: bool = False,
                run: Run = SERIAL, state: str | os.PathLike[str] | None = None,
                source: str | os.PathLike[str] | None = None) -> Iterator[DealReview]:
    """:func:`review_board` of each board, in order, as each is done.

    Board ``i`` is reviewed at place ``places[i]`` (default ``i``): give each
    board's place in its file, and a board is reviewed the same whichever
    others are reviewed with it. ``engine``: also replay each deal by the
    engine (:func:`review_board`). ``run`` says how, one item a board; the
    results are the same whatever runs them.

    ``state``: a folder where each deal is saved as it is reviewed (a
    :class:`~belote.files.Journal`), keyed to ``source`` (the file the boards
    were read from: its size and hash), the boards themselves with their
    places, the seats, ``seed``, ``schedule``, ``call_samples``, the
    conventions' name, ``engine`` and the version of belote. The deals saved
    there before are given back first, unchanged (``run.notice`` is told how
    many, ``run.progress`` counts them), and the others reviewed: an
    interrupted review run again gives the same deals as a whole one. Saved
    work of other boards or options raises
    :class:`~belote.errors.SavedWorkError` (naming what differs) here, before
    any work.
    """
    if type(call_samples) is not int or call_samples < 2:
        raise BeloteError(f"call_samples={call_samples!r}: expected an int of at least 2")
    job = _ReviewJob(_seats(seats), seed, schedule, call_samples, conventions, engine)
    records = list(boards)
    items = list(zip(range(len(records)) if places is None else places, records, strict=True))
    if state is None:
        return parallel_map(job, items, run, initializer=warm_up)
    journal = Journal.open(state, _manifest(job, items, source))
    return _resumed(journal, job, items, run)


def _manifest(job: _ReviewJob, items: list[tuple[int, Board]],
              source: str | os.PathLike[str] | None) -> dict[str, Any]:
    """What a saved review is keyed to (:func:`iter_review`)."""


    boards = hashlib.sha256()
    for place, board in items:
        boards.update(f"{place} {board!r}\n".encode())
    return {"format": STATE_FORMAT, "version": __version__,
            "input": None if source is None else input_identity(source),
            "boards": f"sha256:{boards.hexdigest()}", "deals": len(items),
            "seats": [seat_name(s) for s in job.seats], "seed": job.seed,
            "schedule": job.schedule.to_dict(), "call_samples": job.call_samples,
            "conventions": job.conventions.name, "engine": job.engine}


def _resumed(journal: Journal, job: _ReviewJob, items: list[tuple[int, Board]],
             run: Run) -> Iterator[DealReview]:
    """The deals saved in ``journal``, then the others reviewed and saved one by one."""
    try:
        saved = [DealReview.from_state(entry) for entry in journal.entries]
    except (TypeError, KeyError, ValueError):
        saved = None
    if saved is None or [d.place for d in saved] != [p for p, _ in items[:len(saved)]]:
        raise SavedWorkError(f"{journal.folder}: its saved deals cannot be read: remove the "
                             "folder, or choose another, to start again")
    if saved and run.notice is not None:
        run.notice(f"{journal.folder}: all {len(saved)} deals reviewed before"
                   if len(saved) == len(items) else
                   f"{journal.folder}: {len(saved)} of {len(items)} deals reviewed before, "
                   "resuming")
    return _continued(journal, saved, job, items[len(saved):], run)


def _continued(journal: Journal, saved: list[DealReview], job: _ReviewJob,
               items: list[tuple[int, Board]], run: Run) -> Iterator[DealReview]:
    """``saved``, then each of ``items`` reviewed, saved before it is given (a deal a work
    item: each is saved as soon as it is done, not with a chunk of others)."""
    if saved and run.progress is not None:
        run.progress(len(saved))
    yield from saved
    for deal in parallel_map(job, items, run, chunk_size=1, initializer=warm_up):
        journal.append(deal.state())
        yield deal


def review(boards: Iterable[Board], seats: Iterable[Seat | str] | str | None = None, *,
           seed: int = 0, schedule: Schedule = DEFAULT_SCHEDULE, call_samples: int = CALL_SAMPLES,
           conventions: Conventions = DEFAULT_CONVENTIONS, places: Iterable[int] | None = None,
           engine: bool = False, run: Run = SERIAL, state: str | os.PathLike[str] | None = None,
           source: str | os.PathLike[str] | None = None) -> SessionReview:
    """The review of a session (module docstring): the calls and cards of ``seats`` (default:
    all four; letters or ints) on every board, board ``i`` drawn at place ``places[i]``
    (default ``i``) of ``seed``; ``state`` and ``source``: saved work to resume
    (:func:`iter_review`)."""
    chosen = _seats(seats)
    deals = tuple(iter_review(boards, chosen, seed=seed, schedule=schedule,
                              call_samples=call_samples, conventions=conventions,
                              places=places, engine=engine, run=run, state=state,
                              source=source))
    return SessionReview(deals, chosen, MARGIN, seed, schedule, call_samples)
