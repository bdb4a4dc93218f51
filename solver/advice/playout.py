"""Single-dummy play: every seat plays what is best on average over the layouts it cannot tell apart.

This is perfect-information Monte Carlo (PIMC) play. At each decision the
seat to move knows its own hand, the cards played so far and what each of
them showed (a suit not followed, a trump not used:
:func:`~belote.sampling.view.visible_constraints`), and the contract. It
draws layouts of the unseen cards consistent with that with the exact
sampler, or lists them all when there are few enough (:class:`Schedule`);
values every legal card on every layout double-dummy in one kernel call
(:func:`~belote.dd.layout_values`), and plays the card best on average for
its side's goal:

1. the share of layouts where the side reaches its goal after the card (the
   taker's side: at least :func:`~belote.rules.scoring.min_points_to_make`
   with the belote of that layout; the defence: fewer), when the contract
   names its taker;
2. then the expected whole-deal trick points of the side (belote apart);
3. then the first card in a fixed order (:func:`~belote.dd.equivalence_classes`:
   suits S H D C, strongest first), and the strongest of interchangeable cards.

A forced card (a single class of interchangeable legal cards) is played
without any search. What the model assumes: the auction makes some layouts
more likely than others by soft weights (:mod:`belote.auction.beliefs`,
colver's; ``Schedule(beliefs=None)`` treats every layout consistent with the
play as equally likely); the belote announcement and its absence are facts
(:mod:`belote.sampling.announcements`: a seat that played the trump K or Q
announced belote if and only if it holds the other; ``Schedule(belote=False)``
ignores them), and so is the classic turned card (:mod:`belote.sampling.turned`:
the taker holds it until it plays it; ``decide(..., taken=...)``, read from a
record's auction by :func:`played_board`); the way the others chose their cards is not used as evidence
(no signalling); and after the
card is chosen each layout is valued with every card visible, so the player
behaves as if it would then know the layout ("strategy fusion"). It plays
below perfect play but much closer to a human than double-dummy play.

With weights, the average over a listed set of layouts is weighted by
their likelihood; a sampled decision draws a block of
:data:`~belote.sampling.sampler.BLOCK` layouts uniformly and keeps
``worlds`` of them by systematic resampling in proportion to their
likelihood (each distinct layout valued once, counted as often as kept).

Randomness comes from the stream ``seed``: the decision after ``k`` cards
of board ``b`` of a run uses deals ``(32 b + k) * BLOCK ...`` of that stream
(:meth:`~belote.sampling.sampler.DealSampler.draw_masks`; the resampling
its own stream ``(seed, 32 b + k)``), so a decision depends only on what its
player sees, the seed and the board's place, and a run gives the same cards
whatever executes it.

>>> from belote import Deal
>>> played = playout(Deal.random(3), "100H", declarer="N", dealer="W", seed=1)
>>> board = played.board
>>> len(board.cards), board.contract.to_pbn(), board.play_leader
(32, '100H', 0)
>>> played.trick_points, played.score.made, played.double_dummy.made
(SidePair(ns=44, ew=118), False, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..auction.beliefs import COLVER_WEIGHTS, CallWeights, layout_log_likelihood
from ..types.auction import Auction

import numpy as np

from ..dd import SearchContext, default_context, equivalence_classes, layout_values, warm_up
from ..dd.verdict import ContractVerdict, judge_contract
from ..errors import ContractError, PlayoutError
from ..parallel.runner import SERIAL, Run, parallel_map
from ..rules.play import Position, belote_sides
from ..types.profile import RuleProfile, get_profile
from ..rules.scoring import DealScore, min_points_to_make, score_deal
from ..sampling.announcements import Heard, heard_belote, with_belote
from ..sampling.constraints import Constraints
from ..sampling.sampler import BLOCK, DealSampler
from ..sampling.turned import Taken, taken_card, with_taken
from ..sampling.view import enumerate_layouts, visible_constraints
from ..board import Board
from ..types.cards import Card, card_name
from ..types.contract import Contract, as_contract
from ..types.deal import SEATS, Deal, Seat, SidePair, as_seat, next_seat, seat_name, side_of

__all__ = ["DEFAULT_SCHEDULE", "Decision", "Playout", "Schedule", "decide", "decision_layouts",
           "play_board", "played_board", "playout", "playouts", "resampled_layouts",
           "seat_view"]


@dataclass(frozen=True)
class Schedule:
    """How many layouts a decision values, trick by trick.

    ``layouts[t]`` layouts at trick ``t + 1`` (eight numbers, each at most
    :data:`~belote.sampling.sampler.BLOCK`, the draws a decision has); every
    layout is listed instead (exact) when they number at most ``exact`` or at
    most the layouts asked for. ``beliefs`` weigh the layouts by the auction
    (:mod:`belote.auction.beliefs`); ``None`` takes every layout consistent
    with the play as equally likely. ``belote``: the layouts agree with the
    belote announcements heard (:mod:`belote.sampling.announcements`);
    ``False`` ignores them. :meth:`line` draws a straight line from the first
    trick to the last.

    >>> s = Schedule.line(60, 15)
    >>> s.layouts, s.worlds(8), s.worlds(1)
    ((60, 54, 47, 41, 34, 28, 21, 15), 60, 15)
    """

    layouts: tuple[int, ...] = (45, 54, 47, 41, 34, 28, 21, 15)
    exact: int = 60
    beliefs: CallWeights | None = COLVER_WEIGHTS
    belote: bool = True

    def __post_init__(self) -> None:
        layouts = self.layouts
        if (not isinstance(layouts, tuple) or len(layouts) != 8
                or any(type(n) is not int or not 1 <= n <= BLOCK for n in layouts)):
            raise PlayoutError(f"schedule layouts={layouts!r}: expected a tuple of 8 ints from "
                               f"1 to {BLOCK}, one a trick")
        if type(self.exact) is not int or self.exact < 0:
            raise PlayoutError(f"schedule exact={self.exact!r}: expected an int >= 0")
        if self.beliefs is not None and not isinstance(self.beliefs, CallWeights):
            raise PlayoutError(f"schedule beliefs={self.beliefs!r}: expected CallWeights or None")
        if type(self.belote) is not bool:
            raise PlayoutError(f"schedule belote={self.belote!r}: expected True or False")

    def to_dict(self) -> dict[str, Any]:
        """The layouts a trick and the listing threshold, as JSON values (and
        ``"belote": false`` when the announcements are ignored).

        >>> Schedule.line(8, 1, 10).to_dict()
        {'per_trick': [8, 7, 6, 5, 4, 3, 2, 1], 'list_at_most': 10}
        """
        out: dict[str, Any] = {"per_trick": list(self.layouts), "list_at_most": self.exact}
        if not self.belote:
            out["belote"] = False
        return out

    def evidence(self, auction: Auction | None) -> np.ndarray | None:
        """What the decisions read from ``auction`` (log factors by seat and card), ``None``
        without an auction or without beliefs."""
        if auction is None or self.beliefs is None:
            return None
        return self.beliefs.evidence(auction)

    @classmethod
    def line(cls, first: int, last: int, exact: int = 60,
             beliefs: CallWeights | None = COLVER_WEIGHTS) -> Schedule:
        """``first`` layouts at the first trick, ``last`` at the last, in a straight line
        between (rounded)."""
        for name, value in (("first", first), ("last", last)):
            if type(value) is not int or value < 1:
                raise PlayoutError(f"schedule {name}={value!r}: expected a positive int")
        return cls(tuple(round(last + (first - last) * (7 - t) / 7) for t in range(8)),
                   exact, beliefs)

    @classmethod
    def from_worlds(cls, worlds: int | None) -> Schedule:
        """``worlds`` layouts at the first trick, a quarter of them (at least 1) at the last
        (:meth:`line`), every layout listed when there are at most ``worlds``; ``None``: the
        default schedule.

        >>> Schedule.from_worlds(60) == Schedule.line(60, 15, 60)
        True
        >>> Schedule.from_worlds(None) == DEFAULT_SCHEDULE
        True
        """
        if worlds is None:
            return DEFAULT_SCHEDULE
        if type(worlds) is not int or not 1 <= worlds <= BLOCK:
            raise PlayoutError(f"worlds={worlds!r}: expected an int from 1 to {BLOCK}")
        return cls.line(worlds, max(1, round(worlds / 4)), worlds)

    def worlds(self, tricks_left: int) -> int:
        """Layouts drawn for a decision with ``tricks_left`` tricks (1..8) not yet completed."""
        if type(tricks_left) is not int or not 1 <= tricks_left <= 8:
            raise PlayoutError(f"tricks_left={tricks_left!r}: expected an int from 1 to 8")
        return self.layouts[8 - tricks_left]


DEFAULT_SCHEDULE = Schedule()
"""The schedule when not told: 45 layouts at the first trick, then 54, 47, 41, 34, 28, 21
and 15 (the line from 60 to 15 of :meth:`Schedule.line`), every layout listed when there
are at most 60, weighed by colver's call weights. Measured by ``python -m bench.sd_schedule``
(``bench/RESULTS.md``, "Layouts a decision needs"): against a 400-layout reference, on 60
positions a stage, the regret of a first-trick decision is the same from 30 to 60 layouts
(0.19 expected points at 30, 45 and 60, intervals +/-0.22 to 0.25), while the first trick is three
quarters of the search; at the second trick 30 layouts cost 0.3 points more than 60. The
later tricks keep the line (they cost little); colver found regret flat past about 60
layouts early and 15 late."""


@dataclass(frozen=True)
class Decision:
    """One card chosen single-dummy by ``seat``, and what it was chosen on.

    ``classes`` are the legal cards grouped into interchangeable ones (best
    first); ``goal`` the share of layouts where the side reaches its goal
    after each (``None`` without a taker), ``points`` the side's expected
    whole-deal trick points after each. ``layouts`` were valued (every one
    consistent with what the seat sees when ``exact``); a ``forced`` card
    needed none.
    """

    seat: Seat
    card: Card
    layouts: int
    exact: bool
    forced: bool
    classes: tuple[tuple[Card, ...], ...]
    goal: tuple[float, ...] | None
    points: tuple[float, ...]

    def __repr__(self) -> str:
        return (f"Decision(seat={seat_name(self.seat)!r}, card={card_name(self.card)!r}, "
                f"layouts={self.layouts}, exact={self.exact}, forced={self.forced})")


def decide(position: Position, contract: Contract | None, *,
           schedule: Schedule = DEFAULT_SCHEDULE, seed: int = 0, board: int = 0,
           context: SearchContext | None = None,
           evidence: np.ndarray | None = None,
           heard: Sequence[Heard] | None = None, taken: Taken | None = None) -> Decision:
    """The card the player to move at ``position`` plays single-dummy (module docstring).

    ``contract`` (its trump must be the position's) sets the side's goal;
    without a declarer the cards are ranked by expected points alone.
    ``seed`` and ``board`` choose the random layouts (module docstring).
    ``evidence`` (``(4, 32)`` log factors, :meth:`Schedule.evidence` of the
    auction) weighs the layouts; ``None`` takes them as equally likely.
    ``heard``: the belote announcements heard, ``taken``: the classic turned card and its
    taker (:func:`seat_view`).
    """
    if position.is_over:
        raise PlayoutError("the deal is over: every card has been played")
    if contract is not None and contract.trump != position.trump:
        raise ContractError(f"the contract {contract.to_pbn()} is not played at the "
                            f"position's trump")
    seat = position.to_move
    profile = position.profile
    heads = equivalence_classes(position)
    if len(heads) == 1:
        return Decision(seat, heads[0][0], 0, False, True, tuple(heads), None, ())
    layouts, weights, exact = decision_layouts(position, schedule=schedule, seed=seed,
                                               board=board, evidence=evidence, heard=heard,
                                               taken=taken)
    classes, values = layout_values(position, layouts, context=context or default_context())
    side = side_of(seat)
    points = values[:, :, side]
    mean_points = _mean(points, weights)
    goal = None
    if contract is not None and contract.declarer is not None:
        taker = side_of(contract.declarer)
        starts = layouts | np.array([position.played_by(s) for s in SEATS], dtype=np.int64)
        belote = belote_sides(starts, position.trump)
        needs = np.array([min_points_to_make(profile, contract, None if b < 0 else int(b))
                          for b in (-1, 0, 1)], dtype=np.int64)
        made = values[:, :, taker] >= needs[belote + 1][:, None]
        goal = _mean(made if side == taker else ~made, weights)
    order = sorted(range(len(classes)), key=lambda j: (
        0.0 if goal is None else -goal[j], -mean_points[j], j))
    return Decision(seat, classes[order[0]][0], len(layouts), exact, False,
                    tuple(classes[j] for j in order),
                    None if goal is None else tuple(float(goal[j]) for j in order),
                    tuple(float(mean_points[j]) for j in order))


def decision_layouts(position: Position, *, schedule: Schedule = DEFAULT_SCHEDULE,
                     seed: int = 0, board: int = 0, evidence: np.ndarray | None = None,
                     heard: Sequence[Heard] | None = None, taken: Taken | None = None
                     ) -> tuple[np.ndarray, np.ndarray | None, bool]:
    """The layouts :func:`decide` values for the player to move at ``position``.

    ``(layouts, weights, exact)``: the ``(n, 4)`` hand masks of the unseen
    cards (every layout consistent with what the player sees when
    ``exact``, else drawn from the stream ``seed`` at the decision's place,
    module docstring), and their weights (``None``: equally likely; the
    likelihoods under ``evidence`` when listed, how many times each was kept
    when resampled). They depend only on what the player sees, ``seed`` and
    ``board``; ``heard`` and ``taken`` as :func:`seat_view`.
    """
    sampler = DealSampler.of(seat_view(position, belote=schedule.belote, heard=heard,
                                    taken=taken))
    count = sampler.count()
    worlds = schedule.worlds(8 - sum(position.tricks_won))
    exact = count <= max(worlds, schedule.exact)
    decision = 32 * board + 32 - position.cards_left
    if exact:
        layouts = np.array(list(enumerate_layouts(sampler.constraints)), dtype=np.int64)
        return layouts, None if evidence is None else _likelihoods(layouts, evidence), True
    if evidence is None:
        return sampler.draw_masks(seed, decision * BLOCK, worlds).astype(np.int64), None, False
    layouts, weights = resampled_layouts(sampler, evidence, worlds, seed, decision)
    return layouts, weights, False


def seat_view(position: Position, *, belote: bool = True,
              heard: Sequence[Heard] | None = None, taken: Taken | None = None) -> Constraints:
    """What the player to move at ``position`` knows of the unseen cards: its hand, the play
    (:func:`~belote.sampling.view.visible_constraints`), the classic turned card in the
    taker's hand until played (``taken``, :func:`~belote.sampling.turned.taken_card` of the
    auction; ``None``: no turned card known) and, with ``belote``, the belote announcements
    heard (:func:`~belote.sampling.announcements.with_belote`). Every path that plays or
    advises a card (:func:`decide`, :func:`~belote.advice.hint.hint`, the full-game player)
    samples its layouts from this view.

    ``heard`` are those announcements as the seat heard them (a player given a stand-in
    position whose hidden hands are made up passes them,
    :func:`~belote.sampling.announcements.heard_from_play`); ``None`` reads them from the
    position's deal (:func:`~belote.sampling.announcements.heard_belote`: a record's deal is
    the real one)."""
    seen = with_taken(visible_constraints(position, position.to_move), taken)
    if not belote:
        return seen
    return with_belote(seen, position.trump, heard_belote(position) if heard is None else heard)


def _likelihoods(layouts: np.ndarray, evidence: np.ndarray) -> np.ndarray:
    """Each layout's likelihood under ``evidence``, scaled so that the largest is 1."""
    log = layout_log_likelihood(layouts, evidence)
    return np.exp(log - log.max())


def _mean(values: np.ndarray, weights: np.ndarray | None) -> np.ndarray:
    """The mean over layouts (axis 0) of ``values``, weighted by ``weights`` if given."""
    if weights is None:
        return values.mean(axis=0)
    return (weights @ values.reshape(len(values), -1)).reshape(values.shape[1:]) / weights.sum()


def resampled_layouts(sampler: DealSampler, evidence: np.ndarray, worlds: int, seed: int,
                      decision: int) -> tuple[np.ndarray, np.ndarray]:
    """``worlds`` layouts in proportion to their likelihood under ``evidence``: the distinct
    layouts kept and how many times each (module docstring).

    The block drawn is deals ``decision * BLOCK ...`` of stream ``seed``; the systematic
    resampling uses one uniform number of stream ``(seed, decision, 1)``, so the result
    depends on what the player sees, the seed and the decision only.

    >>> from belote.sampling import Constraints
    >>> sampler = DealSampler(Constraints().with_text(hand=["N:AS KS QS JS TS 9S 8S 7S"]))
    >>> layouts, counts = resampled_layouts(sampler, np.zeros((4, 32)), 60, 7, 0)
    >>> int(counts.sum()), len(layouts) == len(counts)
    (60, True)
    """
    pool = sampler.draw_masks(seed, decision * BLOCK, BLOCK).astype(np.int64)
    weights = _likelihoods(pool, evidence)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, decision, 1])))
    points = (rng.random() + np.arange(worlds)) / worlds
    cumulative = np.cumsum(weights)
    picked = np.searchsorted(cumulative / cumulative[-1], points, side="right")
    picked = np.minimum(picked, len(pool) - 1)
    layouts, counts = np.unique(pool[picked], axis=0, return_counts=True)
    return layouts, counts.astype(np.float64)


def played_board(source: Board | Deal, contract: Contract | str | None = None, *,
                 declarer: Seat | str | None = None, dealer: Seat | str | None = None,
                 leader: Seat | str | None = None, profile: RuleProfile | str | None = None,
                 schedule: Schedule = DEFAULT_SCHEDULE, seed: int = 0, board: int = 0,
                 context: SearchContext | None = None, taken: Taken | None = None) -> Board:
    """The board of :func:`playout` alone: the deal played to its end single-dummy (its play
    record), without the score and the double-dummy verdict (which cost a solve).

    Takes what :func:`playout` takes. The board holds the whole play record: PBN writes it
    and ``belote analyse`` reads it. A classic record's auction names the turned card: every
    decision knows the taker holds it (:func:`~belote.sampling.turned.taken_card`); ``taken``
    states it for a deal without an auction (the classic bid advice's samples).
    """
    record = _board(source, contract, declarer, dealer, leader, profile)
    played = record.position()
    judged = record.contract
    context = context or default_context()
    cards = list(record.cards)
    evidence = schedule.evidence(record.auction)
    taken = taken or taken_card(record.auction)
    while not played.is_over:
        card = decide(played, judged, schedule=schedule, seed=seed, board=board,
                      context=context, evidence=evidence, taken=taken).card
        played.play(card)
        cards.append(card)
    return record.replace(cards=cards, play_leader=record.first_leader())


def playout(source: Board | Deal, contract: Contract | str | None = None, *,
            declarer: Seat | str | None = None, dealer: Seat | str | None = None,
            leader: Seat | str | None = None, profile: RuleProfile | str | None = None,
            schedule: Schedule = DEFAULT_SCHEDULE, seed: int = 0, board: int = 0,
            context: SearchContext | None = None) -> Playout:
    """The deal played to its end single-dummy by all four seats (:func:`decide`), and how it
    ended: a :class:`Playout` (``board``, ``trick_points``, ``score``, ``double_dummy``).

    ``source`` is a :class:`Board` (its contract, rules and any cards already
    played, which are kept: the play goes on from there) or a full
    :class:`Deal` with ``contract`` (a :class:`Contract` or its PBN text such
    as ``"100H"``), ``declarer``, ``profile`` (default coinche) and the leader
    of the first trick (``leader``, else the ``dealer``'s left); seats are
    letters (``"E"``) or ints. ``seed`` and ``board`` choose the random layouts
    (module docstring). :func:`played_board` gives the played board alone.
    """
    record = _board(source, contract, declarer, dealer, leader, profile)
    return play_board(record, schedule=schedule, seed=seed, board=board, context=context)


def _board(source: Board | Deal, contract: Contract | str | None,
           declarer: Seat | str | None, dealer: Seat | str | None, leader: Seat | str | None,
           profile: RuleProfile | str | None) -> Board:
    """The board to play out: ``source`` itself, or built from a deal and a contract."""
    if isinstance(source, Board):
        if contract is not None or declarer is not None:
            source = source.replace(contract=contract, declarer=declarer)
        if source.contract is None:
            raise PlayoutError("a playout needs a contract (for the trump suit and the goal)")
        if source.cards or source.play_leader is not None or leader is None:
            return source
        return source.replace(play_leader=leader)
    if not isinstance(source, Deal):
        raise PlayoutError(f"expected a Board or a Deal, not {source!r}")
    if contract is None:
        raise PlayoutError("a playout needs a contract (for the trump suit and the goal)")
    if leader is None and dealer is None:
        raise PlayoutError("a playout of a deal needs its dealer or the first leader")
    stated = get_profile(profile or "coinche")
    contract = as_contract(contract, stated, declarer)
    if leader is None:
        leader = next_seat(as_seat(dealer, "dealer"))  # type: ignore[arg-type]
    return Board(source, dealer=dealer, profile=stated, contract=contract,
                 declarer=contract.declarer, play_leader=leader)


@dataclass(frozen=True)
class Playout:
    """A board played out single-dummy (:func:`playout`) and how it ended.

    ``board`` holds the whole play record; ``trick_points`` are the (NS, EW)
    trick points the play gave, ``score`` the deal score (``None`` when the
    contract names no taker); ``double_dummy`` is the double-dummy verdict
    from where the playout started (what perfect play by both sides would
    have given; ``None`` without a taker).
    """

    board: Board
    trick_points: SidePair
    score: DealScore | None
    double_dummy: ContractVerdict | None

    def to_dict(self) -> dict[str, Any]:
        """The numbers, as ``belote playout --json`` writes them (one object per board)."""
        record = self.board
        contract = record.contract
        taker = None if contract is None or contract.declarer is None else contract.side
        out: dict[str, Any] = {
            "board": record.board, "file": record.file, "mode": record.profile.name,
            "contract": None if contract is None else contract.to_pbn(),
            "declarer": None if record.declarer is None else seat_name(record.declarer),
            "leader": seat_name(record.first_leader()),
            "cards": [card_name(c) for c in record.cards],
            "trick_points": {"NS": self.trick_points.ns, "EW": self.trick_points.ew},
            "taker_points": None if taker is None else self.trick_points[taker],
            "made": None if self.score is None else self.score.made,
            "score": None if self.score is None else {"NS": self.score.ns,
                                                      "EW": self.score.ew},
            "double_dummy": None}
        dd = self.double_dummy
        if dd is not None:
            out["needed"] = dd.needed
            out["double_dummy"] = {"taker_points": dd.points, "made": dd.made,
                                   "score": {"NS": dd.score.ns, "EW": dd.score.ew}}
        return out


def play_board(record: Board, *, schedule: Schedule = DEFAULT_SCHEDULE, seed: int = 0,
               board: int = 0, context: SearchContext | None = None) -> Playout:
    """:func:`playout` of the board ``record`` (the work item of :func:`playouts`)."""
    context = context or default_context()
    played = played_board(record, schedule=schedule, seed=seed, board=board, context=context)
    profile, contract = played.profile, played.contract
    end = played.position()
    if contract is None or contract.declarer is None:
        return Playout(played, end.points, None, None)
    start = record.position()
    belote = end.belote_side()
    return Playout(played, end.points, score_deal(profile, contract, end.points, belote),
                   judge_contract(start, contract, context=context))


@dataclass(frozen=True)
class _PlayoutJob:
    """Plays out board number ``index`` of a run (a picklable work item)."""

    schedule: Schedule
    seed: int

    def __call__(self, item: tuple[int, Board]) -> Playout:
        index, record = item
        return play_board(record, schedule=self.schedule, seed=self.seed, board=index)


def playouts(boards: Iterable[Board], *, schedule: Schedule = DEFAULT_SCHEDULE, seed: int = 0,
             places: Iterable[int] | None = None, run: Run = SERIAL) -> Iterator[Playout]:
    """:func:`play_board` of each board, in order, as each is done.

    Board ``i`` is played with ``board=places[i]`` (default ``i``): give
    each board's place in its file, and a board plays the same whichever
    others are played with it.

    ``run`` (:class:`~belote.Run`) says how to run them, one item
    per board; the results are the same whatever runs them.
    """
    records = list(boards)
    items = list(zip(range(len(records)) if places is None else places, records, strict=True))
    return parallel_map(_PlayoutJob(schedule, seed), items, run, initializer=warm_up)
