"""The bid advisor's single-dummy play, beside double-dummy on the same samples.

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

:func:`play_both` is the play plug-in :func:`~belote.advice.answer.advise_bid` uses
under ``play="single-dummy"`` or ``"both"``. Each row then has its double-dummy and
single-dummy estimates (the same
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

>>> from belote import COINCHE, parse_contract
>>> from belote.sampling import Constraints
>>> c = Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"])
>>> contract = parse_contract("100H", COINCHE, declarer=2)
>>> dd, sd, differences = play_both(c, 2, 3, [contract], (1, 2, 4), {contract.trump: contract},
...                                 samples=2, seed=0, schedule=Schedule.from_worlds(4))
>>> int(dd.tally.n[0]), int(sd.tally.n[0]), differences[0].contract.to_pbn()
(2, 2, '100H')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..parallel.runner import SERIAL, Run
from ..sampling.constraints import Constraints
from ..sampling.stats import Estimate, paired_difference_bounded, paired_proportions_any_n
from ..sampling.turned import Taken
from ..types.cards import CardSet, Suit
from ..types.contract import Contract
from ..types.deal import Deal, Seat
from .bid import (
    DEFENCE_CAPOT,
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
)
from .question import PLAYED_SAMPLES
from .playout import DEFAULT_SCHEDULE, Schedule, played_board

__all__ = ["PLAYS", "PlayDifference", "Plays", "play_both", "play_range"]

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
class Plays:
    """What the workers play: the question, the contract each trump is played for, how."""

    question: SampleQuestion
    play_for: tuple[Contract, ...]  # one per trump of the question
    dealer: Seat
    schedule: Schedule
    taken: Taken | None = None  # classic: the bidder takes the turned card (a public fact)


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
                            board=4 * (start + i) + contract.trump, taken=plays.taken)
            end = board.position()
            won = end.tricks_won[q.side]
            sd[i, j, 0] = end.points[q.side] if won else DEFENCE_CAPOT
    return dd, sd


def play_both(constraints: Constraints, declarer: Seat, dealer: Seat,
              contracts: Sequence[Contract], multipliers: Sequence[int],
              play_for: dict[Suit, Contract], *, samples: int = PLAYED_SAMPLES, seed: int = 0,
              schedule: Schedule = DEFAULT_SCHEDULE, run: Run = SERIAL,
              taken: Taken | None = None
              ) -> tuple[Engine, Engine, tuple[PlayDifference, ...]]:
    """Play every sample of ``constraints`` both ways: the double-dummy and the single-dummy
    tallies of ``contracts`` (by ``declarer``'s side, each at ``multipliers``) and each
    contract's paired differences.

    ``play_for`` is the contract each trump is played for single-dummy (one contract, a
    classic suit: itself; the coinche table: any bid of the trump with no declarer, played for
    points). ``run``'s ``progress`` is told of each sample played. ``taken``: in classic,
    the turned card and the bidder who takes it, which every seat knows in the play.
    """
    check_samples(samples, None)
    run = run.sized(samples)
    engines = [make_engine(constraints, constraints.profile, declarer, dealer, contracts,
                       multipliers, True) for _ in range(2)]
    q = engines[0].q
    plays = Plays(q, tuple(play_for[t] for t in q.trumps), dealer, schedule, taken)
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
