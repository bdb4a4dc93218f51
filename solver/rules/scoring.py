"""Deal scoring: who made the contract and what each side records.

One formula serves both modes; every rule choice in it is a field of the
:class:`~belote.types.profile.RuleProfile`. A side's *trick points* are its
card points plus the last-trick bonus, or ``capot_trick_points`` (252) for
all eight tricks; its *total* adds its Belote–Rebelote, which is never lost
and counts in every comparison and toward a bid.

* Made: the taking side's total is strictly above the defence's and at least
  the bid; the capot bid needs all eight tricks.
* Made, not coinched: each side records its total, the taker adds the bid
  (classic contracts have none) and anything held from earlier litiges.
* Failed, not coinched: the taker records its Belote only; the defence
  records ``failed_contract_base`` (``capot_contract_base`` when it took all
  eight tricks) plus the bid, its Belote and anything held.
* Equal totals with ``equal_totals_litige``: the defence records its total,
  the taker its Belote; the taker's trick points are held for the winners of
  the next decisive deal. Without the field, equal totals fail.
* Coinched (×2) or surcoinched (×4): the side that wins the contract records
  (base + bid) × multiplier, the base being ``capot_contract_base`` when that
  side took all eight tricks, plus its Belote (and anything held); the other
  side records its Belote only.
* Each side's deal score is rounded to ``round_scores_to`` (5 up); rounding
  never decides whether the contract is made.

>>> from belote import CLASSIC, COINCHE, parse_contract
>>> score_deal(CLASSIC, parse_contract("H", CLASSIC, declarer=0), (100, 62), None).ns
100
>>> s = score_deal(COINCHE, parse_contract("80S", COINCHE, declarer=1), (77, 85), None)
>>> s.scores, s.unrounded
(SidePair(ns=80, ew=170), SidePair(ns=77, ew=165))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..types.contract import Contract, as_contract, check_contract
from ..types.deal import EW, NS, Side, SidePair, as_side
from ..errors import BeloteError, ContractError
from ..types.profile import RuleProfile, get_profile

__all__ = ["DealScore", "trick_points_of", "round_score", "contract_made", "min_points_to_make",
           "score_deal"]


@dataclass(frozen=True)
class DealScore:
    """The outcome of one deal.

    ``scores`` (also ``ns`` / ``ew``) are the deal scores each side records (rounded when the
    profile rounds); ``unrounded`` the same before rounding; ``totals`` each
    side's trick points plus its Belote. ``made`` tells whether the contract
    was made; ``litige`` whether the totals were equal under a litige rule,
    in which case ``held_out`` is everything now on hold (earlier holds
    included); otherwise ``held_out`` is 0.
    """

    scores: SidePair
    made: bool
    litige: bool
    held_out: int
    unrounded: SidePair
    totals: SidePair

    @property
    def ns(self) -> int:
        """N-S's deal score."""
        return self.scores.ns

    @property
    def ew(self) -> int:
        """E-W's deal score."""
        return self.scores.ew


def trick_points_of(profile: RuleProfile | str, side: Side | str, value: int, *,
                    defence_capot: bool = False) -> SidePair:
    """Both sides' trick points at the end of a deal in which ``side`` (the taker's, when judging
    a contract) takes ``value``.

    The other side (the defence) has the rest, ``total_trick_points - value`` (162 - value),
    except in the two capot cases: when ``value`` is ``capot_trick_points``
    (252) it has 0, and when the defence takes every trick (``defence_capot``,
    so ``value`` is 0) it has 252. This is how a double-dummy value becomes
    the trick points a deal is scored on.

    >>> from belote import COINCHE
    >>> trick_points_of(COINCHE, EW, 124), trick_points_of(COINCHE, NS, 252)
    (SidePair(ns=38, ew=124), SidePair(ns=252, ew=0))
    >>> trick_points_of(COINCHE, NS, 0, defence_capot=True)
    SidePair(ns=0, ew=252)
    """
    profile, side = get_profile(profile), as_side(side)
    if defence_capot and value != 0:
        raise BeloteError(f"the defence cannot take every trick when the taker has "
                          f"{value} points")
    if value == profile.capot_trick_points:
        other = 0
    elif defence_capot:
        other = profile.capot_trick_points
    else:
        other = profile.total_trick_points - value
    return SidePair(value, other) if side == NS else SidePair(other, value)


def round_score(x: int, step: int) -> int:
    """``x`` rounded to the nearest multiple of ``step``, halves up; ``step`` 0 keeps ``x``.

    >>> round_score(85, 10), round_score(84, 10), round_score(162, 10), round_score(85, 0)
    (90, 80, 160, 85)
    """
    if step == 0:
        return x
    return (2 * x + step) // (2 * step) * step


def _belotes(profile: RuleProfile, belote_side: Side | None) -> tuple[int, int]:
    """The Belote–Rebelote points of NS and EW (``belote_side`` checked by :func:`_coerced`)."""
    return (
        profile.belote_bonus if belote_side == NS else 0,
        profile.belote_bonus if belote_side == EW else 0,
    )


def _taker_side(profile: RuleProfile, contract: Contract) -> Side:
    """The taking side of ``contract``, after checking ``profile`` allows it."""
    check_contract(contract, profile)
    if contract.side is None:
        raise ContractError(f"contract {contract.to_pbn()} has no declarer: cannot score it")
    return contract.side


def _check_trick_points(profile: RuleProfile, trick_points: tuple[int, int]) -> None:
    """Raise unless ``trick_points`` can be the (NS, EW) trick points of a deal."""
    ns, ew = trick_points
    capot = profile.capot_trick_points
    if ns + ew == profile.total_trick_points and min(ns, ew) >= 0:
        return
    if sorted((ns, ew)) == [0, capot]:
        return
    raise BeloteError(
        f"trick points {trick_points} are not a deal's: they sum to "
        f"{profile.total_trick_points}, or one side has {capot} (capot) and the other 0"
    )


def _made(profile: RuleProfile, contract: Contract, taker_points: int, totals: tuple[int, int],
          taker: Side) -> bool:
    """The made test on already-checked inputs."""
    taker_total, defence_total = totals[taker], totals[1 - taker]
    if contract.capot and taker_points != profile.capot_trick_points:
        return False
    bid = 0 if contract.bid is None else contract.bid
    return taker_total > defence_total and taker_total >= bid


def _coerced(profile: RuleProfile | str, contract: Contract | str,
             belote_side: Side | str | None) -> tuple[RuleProfile, Contract, Side | None]:
    """The profile (or its name), the contract (or its text, with its declarer: ``Contract``
    or e.g. ``parse_contract("100H", COINCHE, "E")``) and the belote side (``"NS"`` or an int)
    as the scoring reads them."""
    rules = get_profile(profile)
    if not isinstance(contract, Contract):
        contract = as_contract(contract, rules)
    return rules, contract, None if belote_side is None else as_side(belote_side, "belote side")


def contract_made(profile: RuleProfile | str, contract: Contract | str,
                  trick_points: tuple[int, int], belote_side: Side | str | None) -> bool:
    """Whether ``contract`` is made with ``trick_points`` (NS, EW) and the given Belote.

    >>> from belote import CLASSIC, COINCHE, parse_contract
    >>> contract_made(CLASSIC, parse_contract("S", CLASSIC, 0), (81, 81), None)
    False
    >>> contract_made(COINCHE, parse_contract("100S", COINCHE, 0), (80, 82), 0)
    True
    """
    profile, contract, belote_side = _coerced(profile, contract, belote_side)
    taker = _taker_side(profile, contract)
    _check_trick_points(profile, trick_points)
    belotes = _belotes(profile, belote_side)
    totals = (trick_points[0] + belotes[0], trick_points[1] + belotes[1])
    return _made(profile, contract, trick_points[taker], totals, taker)


def min_points_to_make(profile: RuleProfile | str, contract: Contract | str,
                       belote_side: Side | str | None) -> int:
    """The fewest trick points with which the taking side makes ``contract``.

    The defence is assumed to hold the rest of the deal's trick points (none
    when the taker took all eight tricks). Scoring is monotone in the taker's
    trick points, so a double-dummy value ``v`` makes the contract exactly
    when ``v >= min_points_to_make(...)``. The answer is
    ``capot_trick_points`` when only all eight tricks make it.

    >>> from belote import CLASSIC, COINCHE, parse_contract
    >>> min_points_to_make(CLASSIC, parse_contract("H", CLASSIC, 0), None)
    82
    >>> min_points_to_make(COINCHE, parse_contract("120H", COINCHE, 0), 0)
    100
    >>> min_points_to_make(COINCHE, parse_contract("CapotH", COINCHE, 0), 1)
    252
    """
    profile, contract, belote_side = _coerced(profile, contract, belote_side)
    taker = _taker_side(profile, contract)
    belotes = _belotes(profile, belote_side)
    if contract.capot:
        return profile.capot_trick_points
    total = profile.total_trick_points
    # strictly above the defence: t + own > total - t + theirs
    need = (total + belotes[1 - taker] - belotes[taker]) // 2 + 1
    if contract.bid is not None:
        need = max(need, contract.bid - belotes[taker])
    need = max(need, 0)
    return need if need <= total else profile.capot_trick_points


def score_deal(profile: RuleProfile | str, contract: Contract | str,
               trick_points: tuple[int, int], belote_side: Side | str | None,
               held_in: int = 0) -> DealScore:
    """Score one deal.

    ``trick_points`` are the (NS, EW) trick points, last-trick bonus
    included (252 and 0 for a capot); ``belote_side`` the side holding trump
    K–Q (``"NS"``, ``"EW"`` or an int), or ``None``; ``held_in`` the trick points on hold from earlier
    litiges (only under ``equal_totals_litige``).

    >>> from belote import CLASSIC, COINCHE, parse_contract
    >>> score_deal(CLASSIC, parse_contract("H", CLASSIC, 0), (62, 100), None).scores
    SidePair(ns=0, ew=162)
    >>> s = score_deal(CLASSIC, parse_contract("H", CLASSIC, 0), (81, 81), None)
    >>> s.scores, s.litige, s.held_out
    (SidePair(ns=0, ew=81), True, 81)
    >>> score_deal(COINCHE, parse_contract("100HX", COINCHE, 1), (52, 110), 1).scores
    SidePair(ns=0, ew=540)
    >>> score_deal("coinche", parse_contract("100HX", COINCHE, "E"), (52, 110), "EW").scores
    SidePair(ns=0, ew=540)
    """
    profile, contract, belote_side = _coerced(profile, contract, belote_side)
    taker = _taker_side(profile, contract)
    _check_trick_points(profile, trick_points)
    if held_in < 0 or (held_in and not profile.equal_totals_litige):
        raise BeloteError(
            f"held_in={held_in}: points are held only by a litige rule "
            f"({profile.name} equal_totals_litige={profile.equal_totals_litige})"
        )
    defence = 1 - taker
    belotes = _belotes(profile, belote_side)
    totals = SidePair(trick_points[0] + belotes[0], trick_points[1] + belotes[1])
    made = _made(profile, contract, trick_points[taker], totals, taker)
    litige = not made and profile.equal_totals_litige and totals[taker] == totals[defence]
    bid = 0 if contract.bid is None else contract.bid

    raw = list(belotes)
    held_out = 0
    if litige:
        raw[defence] = totals[defence]
        held_out = held_in + trick_points[taker]
    else:
        winner = taker if made else defence
        if contract.multiplier == 1 and made:
            raw[taker] = totals[taker] + bid
            raw[defence] = totals[defence]
        else:
            capot = trick_points[winner] == profile.capot_trick_points
            base = profile.capot_contract_base if capot else profile.failed_contract_base
            raw[winner] = (base + bid) * contract.multiplier + belotes[winner]
        raw[winner] += held_in
    step = profile.round_scores_to
    return DealScore(
        scores=SidePair(round_score(raw[0], step), round_score(raw[1], step)),
        made=made,
        litige=litige,
        held_out=held_out,
        unrounded=SidePair(raw[0], raw[1]),
        totals=totals,
    )
