"""The bid advisor under single-dummy play, beside double-dummy on the same samples.

:mod:`.bid` plays every sampled deal double-dummy: both sides see every
card, an upper bound on real play. Here each sampled deal is also played
to its end by the single-dummy player of :mod:`.playout` at all four seats
(each seat sees only its own hand and what the play showed), and both
results are scored alike, sample by sample:

* one coinche contract, and each classic suit: the players play for that
  contract's goal (the taker making, the defence defeating it);
* the coinche table (every bid of a trump): one playout per sample and
  trump, the players playing for the most points (no bid level is known
  to them), and every bid of that trump is scored from its points.

Each row then has its double-dummy and single-dummy estimates (the same
:class:`~.bid.ContractEstimate` fields) and the paired differences
double-dummy minus single-dummy of P(make) (Newcombe's paired interval)
and of the expected net score at each multiplier (paired t): what perfect
play was hiding. The single-dummy player is a model (sampling with every
layout equally likely, strategy fusion, no signalling, the auction not used
as evidence): closer to real play than double-dummy, not a human.

Sample ``i`` is deal ``i`` of stream ``seed`` (as in :mod:`.bid`); its
playout at trump ``t`` uses board ``4 i + t`` of the player's stream
``seed``, so results do not depend on the number of workers. No early
stopping (``precision``): every sample is played.

>>> from belote.types.profile import COINCHE
>>> from belote.sampling.constraints import Constraints
>>> from belote.types.contract import parse_contract
>>> c = Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"])
>>> r = played_estimate(c, parse_contract("100H", COINCHE, declarer=2), dealer=3, samples=2,
...                     schedule=Schedule.from_worlds(4))
>>> r.double_dummy.samples, r.single_dummy.samples, r.differences[0].contract.to_pbn()
(2, 2, '100H')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import BeloteError
from ..parallel.runner import SERIAL, Run, run_keywords
from ..sampling.constraints import Constraints
from ..sampling.stats import Estimate, paired_difference_bounded, paired_proportions_any_n
from ..types.cards import CardSet, Suit
from ..types.contract import Contract
from ..types.deal import Deal, Seat
from .bid import (
    DEFENCE_CAPOT,
    TableAdvice,
    ContractEstimate,
    at_multiplier,
    check_samples,
    Engine,
    make_engine,
    SampleQuestion,
    deal_sampler,
    score_outcome,
    Span,
    sample_loop,
    solve_range,
    classic_question,
    coinche_contracts,
    count_layouts,
)
from .question import PLAYED_SAMPLES
from .playout import DEFAULT_SCHEDULE, Schedule, played_board

__all__ = ["PLAYS", "PlayDifference", "PlayedAdvice", "played_classic", "played_estimate",
           "played_table"]

PLAYS = ("double-dummy", "single-dummy", "both")
"""How the sampled deals are played in ``belote bid --play``."""


@dataclass(frozen=True)
class PlayDifference:
    """Double-dummy minus single-dummy for one contract, paired over the same samples."""

    contract: Contract
    p_make: Estimate
    expected_score: dict[int, Estimate]

    def to_dict(self) -> dict[str, Any]:
        """``p_make`` and ``expected_score`` (``x1``, ``x2``...) as estimate dicts."""
        return {"p_make": self.p_make.to_dict(),
                "expected_score": {f"x{m}": e.to_dict() for m, e in self.expected_score.items()}}


@dataclass(frozen=True)
class PlayedAdvice:
    """The same question answered under double-dummy and single-dummy play.

    ``double_dummy`` and ``single_dummy`` are a :class:`~.bid.ContractEstimate`
    (one contract) or a :class:`~.bid.TableAdvice` (table, classic), each with
    its own recommendation; ``differences`` has one entry per row.
    """

    double_dummy: ContractEstimate | TableAdvice
    single_dummy: ContractEstimate | TableAdvice
    differences: tuple[PlayDifference, ...]
    schedule: Schedule

    def to_dict(self) -> dict[str, Any]:
        """The double-dummy dict, each row with ``single_dummy`` (same keys) and ``difference``."""
        out = self.double_dummy.to_dict()
        sd = self.single_dummy.to_dict()
        schedule = self.schedule.to_dict()
        if isinstance(self.double_dummy, ContractEstimate):
            return {**out, "single_dummy": sd, "difference": self.differences[0].to_dict(),
                    "schedule": schedule}
        rows = [{**row, "single_dummy": sd_row, "difference": diff.to_dict()}
                for row, sd_row, diff in zip(out["rows"], sd["rows"], self.differences)]
        single = {k: v for k, v in sd.items() if k != "rows"}
        return {**out, "rows": rows, "single_dummy": single, "schedule": schedule}


@dataclass(frozen=True)
class Plays:
    """What the workers play: the question, the contract each trump is played for, how."""

    question: SampleQuestion
    play_for: tuple[Contract, ...]  # one per trump of the question
    dealer: Seat
    schedule: Schedule


def play_range(plays: Plays, span: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Double- and single-dummy outcome keys and belote sides of samples ``start ..``.

    Both ``(n, trumps, 2)`` arrays as :func:`~.bid.solve_range` gives them;
    the single-dummy key is the taking side's trick points at the end of the
    playout (:data:`~.bid.DEFENCE_CAPOT` when it took no trick).
    """
    q = plays.question
    seed, start, n = span
    dd = solve_range(q, q.trumps, span)
    sd = dd.copy()
    hands = deal_sampler(q.constraints).draw_masks(seed, start, n)
    for i, row in enumerate(hands):
        deal = Deal([CardSet(int(h)) for h in row])
        for j, contract in enumerate(plays.play_for):
            board = played_board(deal, contract, leader=q.leader, profile=q.profile,
                            schedule=plays.schedule, seed=seed,
                            board=4 * (start + i) + contract.trump)
            end = board.position()
            won = end.tricks_won[q.side]
            sd[i, j, 0] = end.points[q.side] if won else DEFENCE_CAPOT
    return dd, sd


def _run(constraints: Constraints, declarer: Seat, dealer: Seat, contracts: Sequence[Contract],
         multipliers: Sequence[int], play_for: dict[Suit, Contract], samples: int, seed: int,
         schedule: Schedule, run: Run
         ) -> tuple[Engine, Engine, tuple[PlayDifference, ...]]:
    """Play every sample both ways; the two tallies and the per-row paired differences."""
    check_samples(samples, None)
    run = run.sized(samples)
    engines = [make_engine(constraints, constraints.profile, declarer, dealer, contracts,
                       multipliers, True) for _ in range(2)]
    q = engines[0].q
    plays = Plays(q, tuple(play_for[t] for t in q.trumps), dealer, schedule)
    spans = [(seed, s, 1) for s in range(samples)]
    column = {t: j for j, t in enumerate(q.trumps)}
    made = np.zeros((2, samples, len(contracts)), dtype=bool)
    nets = np.zeros((2, samples, len(contracts), len(multipliers)))

    def fold(span: Span, both: tuple[np.ndarray, np.ndarray]) -> None:
        start = span[1]
        for k, outcomes in enumerate(both):
            engines[k].fold(q.trumps, outcomes)
            for r, contract in enumerate(contracts):
                key, belote = outcomes[0, column[contract.trump]]
                for m, multiplier in enumerate(multipliers):
                    ok, _, _, net = score_outcome(q.profile, at_multiplier(contract, multiplier),
                                                  int(key), int(belote))
                    nets[k, start, r, m] = net
                    made[k, start, r] = ok if m == 0 else made[k, start, r]

    sample_loop(functools.partial(play_range, plays), spans, run, fold)

    def net_difference(r: int, m: int) -> Estimate:
        low, high = engines[0].net_range(r, m)
        return paired_difference_bounded(nets[0, :, r, m], nets[1, :, r, m], low - high,
                                         high - low)

    differences = tuple(
        PlayDifference(contract, paired_proportions_any_n(made[0, :, r], made[1, :, r]),
                       {mult: net_difference(r, m) for m, mult in enumerate(multipliers)})
        for r, contract in enumerate(contracts))
    return engines[0], engines[1], differences


@run_keywords
def played_estimate(constraints: Constraints, contract: Contract, dealer: Seat, *,
                    samples: int = PLAYED_SAMPLES, seed: int = 0,
                    schedule: Schedule = DEFAULT_SCHEDULE,
                    run: Run = SERIAL) -> PlayedAdvice:
    """One coinche ``contract`` (declarer included) under both plays, played for its goal.

    The twin of :func:`~.bid.estimate_contract`; the ``run``'s ``progress`` is told of each
    sample played.
    """
    if contract.declarer is None:
        raise BeloteError(f"contract {contract.to_pbn()} needs a declarer")
    count_layouts(constraints)
    base = at_multiplier(contract, 1)
    multipliers = (constraints.profile.coinche_multipliers if contract.bid is not None
                   else (1,))
    dd, sd, diffs = _run(constraints, contract.declarer, dealer, [base], multipliers,
                         {contract.trump: base}, samples, seed, schedule, run)
    return PlayedAdvice(dd.estimates(None)[0], sd.estimates(None)[0], diffs, schedule)


@run_keywords
def played_table(constraints: Constraints, declarer: Seat, dealer: Seat, *,
                 samples: int = PLAYED_SAMPLES, seed: int = 0,
                 schedule: Schedule = DEFAULT_SCHEDULE, run: Run = SERIAL) -> PlayedAdvice:
    """Every coinche contract of ``declarer`` under both plays (the twin of :func:`~.bid.bid_table`).

    Each trump is played out once per sample, the players playing for points.
    """
    profile = constraints.profile
    if profile.auction != "numeric":
        raise BeloteError(f"{profile.name} has no numeric bids: use played_classic")
    layouts = count_layouts(constraints)
    contracts = coinche_contracts(profile, declarer)
    points_only = {t: Contract(t, None, profile.bid_min) for t in range(4)}
    dd, sd, diffs = _run(constraints, declarer, dealer, contracts,
                         profile.coinche_multipliers, points_only, samples, seed, schedule,
                         run)
    return PlayedAdvice(dd.advice(None, layouts), sd.advice(None, layouts), diffs, schedule)


@run_keywords
def played_classic(seat: Seat, five: str | Sequence[str], turned: str | int, dealer: Seat, *,
                   known: Sequence[str] = (), shape: Sequence[str] = (),
                   points: Sequence[str] = (), samples: int = PLAYED_SAMPLES, seed: int = 0,
                   schedule: Schedule = DEFAULT_SCHEDULE, run: Run = SERIAL) -> PlayedAdvice:
    """Classic under both plays (the twin of :func:`~.bid.classic_advice`), each suit played
    for its own contract's goal."""
    constraints, layouts, contracts = classic_question(seat, five, turned, known=known,
                                                       shape=shape, points=points)
    dd, sd, diffs = _run(constraints, seat, dealer, contracts, (1,),
                         {c.trump: c for c in contracts}, samples, seed, schedule, run)
    return PlayedAdvice(dd.advice(None, layouts), sd.advice(None, layouts), diffs, schedule)
