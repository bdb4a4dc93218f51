"""The double-dummy verdict on a contract: made or not, and the deal score.

The double-dummy value ``v`` of the taking side is the fewest trick points it
can be held to. The deal is then taken to end with the defence holding the
rest: ``total_trick_points - v`` (162), except in the two capot cases. When
``v`` is ``capot_trick_points`` (252) the defence has 0; when ``v`` is 0 the
defence has 252 if it can take every trick itself, else 162 (the taker may
have won a trick worth nothing). Scoring is monotone in ``v``, so the
contract is made double-dummy exactly when ``v`` reaches
:func:`~belote.rules.scoring.min_points_to_make`.

:func:`verdict_from_points` does the bookkeeping for a known ``v``;
:func:`judge_contract` solves a position first.

>>> from belote import COINCHE, parse_contract
>>> v = verdict_from_points(COINCHE, parse_contract("100H", COINCHE, declarer=1), 124, None)
>>> v.made, v.needed, v.trick_points, v.score.scores
(True, 100, SidePair(ns=38, ew=124), SidePair(ns=40, ew=220))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..types.cards import SUIT_NAMES
from ..types.contract import Contract, as_contract
from .context import SearchContext
from .solve import reaches, solve_position
from ..types.deal import Seat, Side, SidePair
from ..errors import ContractError
from ..rules.play import Position
from ..types.profile import RuleProfile
from ..rules.scoring import DealScore, min_points_to_make, score_deal, trick_points_of

__all__ = ["ContractVerdict", "judge_contract", "verdict_from_points"]


@dataclass(frozen=True)
class ContractVerdict:
    """How ``contract`` ends when both sides play double-dummy.

    ``points`` is the taking side's double-dummy trick points, ``needed``
    the fewest that make the contract (its Belote counted), ``trick_points``
    the (NS, EW) trick points the deal ends with and ``score`` the deal
    score they give; ``belote`` is the side holding trump K+Q, or ``None``.
    """

    contract: Contract
    points: int
    needed: int
    trick_points: SidePair
    score: DealScore
    belote: Side | None

    @property
    def side(self) -> Side:
        """The taking side."""
        return self.contract.side  # type: ignore[return-value]

    @property
    def made(self) -> bool:
        """Whether the contract is made."""
        return self.score.made

    @property
    def litige(self) -> bool:
        """Whether the totals are equal under a litige rule (classic)."""
        return self.score.litige


def verdict_from_points(profile: RuleProfile, contract: Contract, taker_points: int,
                        belote_side: Side | None, *, defence_capot: bool = False
                        ) -> ContractVerdict:
    """The verdict when the taking side's double-dummy value is ``taker_points``.

    ``defence_capot`` says that the defence can take every trick, which is
    possible only when ``taker_points`` is 0. Raises :class:`ContractError`
    for a contract without a declarer or not allowed by ``profile``.

    >>> from belote import CLASSIC, parse_contract
    >>> contract = parse_contract("D", CLASSIC, declarer=1)
    >>> verdict_from_points(CLASSIC, contract, 0, None, defence_capot=True).trick_points
    SidePair(ns=252, ew=0)
    >>> verdict_from_points(CLASSIC, contract, 0, None).trick_points
    SidePair(ns=162, ew=0)
    """
    taker = contract.side
    if taker is None:
        raise ContractError(f"contract {contract.to_pbn()} has no declarer: cannot judge it")
    trick_points = trick_points_of(profile, taker, taker_points, defence_capot=defence_capot)
    return ContractVerdict(
        contract=contract,
        points=taker_points,
        needed=min_points_to_make(profile, contract, belote_side),
        trick_points=trick_points,
        score=score_deal(profile, contract, trick_points, belote_side),
        belote=belote_side,
    )


def judge_contract(position: Position, contract: Contract | str, *,
                   declarer: Seat | str | None = None, taker_points: int | None = None,
                   context: SearchContext | None = None) -> ContractVerdict:
    """Judge ``contract`` double-dummy from ``position`` (whole deal, tricks taken count).

    ``contract`` is a :class:`~belote.Contract` or its PBN text (``"100H"``,
    ``"80SX"``; classic: ``"H"``), read under the position's rules;
    ``declarer`` (``"E"`` or a seat int) is its taker when the contract does
    not name one. For a full deal, ``position`` is the start of play with the
    deal's own leader. ``taker_points``, the taking side's value if already
    known (from a :func:`~belote.dd_table` or an analysis), saves its solve;
    when it is 0, one threshold search tells whether the defence can take
    every trick. ``position.trump`` must be the contract's trump.

    >>> from belote import COINCHE, Deal
    >>> deal = Deal.from_pbn("S:K8.Q87.T.T7 QT9.T.AQ.K9 J7..J97.AQ8 A.AKJ9.K8.J")
    >>> v = judge_contract(Position(deal, "H", "W", COINCHE), "80H", declarer="N")
    >>> v.points, v.trick_points, v.made, v.score.scores
    (0, SidePair(ns=0, ew=252), False, SidePair(ns=0, ew=330))
    """
    contract = as_contract(contract, position.profile, declarer)
    if position.trump != contract.trump:
        raise ContractError(f"the position is played at trump {SUIT_NAMES[position.trump]}, "
                            f"the contract {contract.to_pbn()} at {SUIT_NAMES[contract.trump]}")
    taker = contract.side
    if taker is None:
        raise ContractError(f"contract {contract.to_pbn()} has no declarer: cannot judge it")
    if taker_points is None:
        taker_points = solve_position(position, taker, context=context)
    profile = position.profile
    capot = taker_points == 0 and reaches(position, 1 - taker, profile.capot_trick_points,
                                          context=context)
    return verdict_from_points(profile, contract, taker_points, position.belote_side(),
                               defence_capot=capot)
