"""The match sheet: the deals of a session scored in order, with the rules that span deals.

Each deal is scored by :func:`~belote.rules.scoring.score_deal`; what
this module adds is what carries from one deal to the next:

* Litige (profile ``equal_totals_litige``, classic): the taking side's trick
  points of a deal with equal totals are held; they go, with every amount
  held by earlier litiges, to the side that wins the next decisive deal
  (``held_in`` of ``score_deal``).
* The target (``match_target``): after a deal, a side whose running total
  has reached the target wins; when both have, the higher total wins, and
  equal totals play on.
* The Belote rule (``belote_alone_wins_match`` False, coinche): a side that
  failed its contract, or took no trick, on a deal scores only its Belote on
  that deal and cannot win the match on it: it does not count as having
  reached the target after that deal (the other side may), and can win
  after a later deal where neither happens to it.

* A passed-out deal (four passes, :attr:`Board.passed_out
  <belote.board.Board.passed_out>`) is a line of its own: nobody
  scores, amounts held by litiges stay held, and the next deal is dealt.

A session may hold several matches one after another: :func:`session_sheets`
starts a new match after the deal that decides one. A session mixing modes
is an error (its matches are played under one profile).

>>> from belote import CLASSIC, parse_contract
>>> deals = [PlayedDeal("1", parse_contract("H", CLASSIC, 0), SidePair(81, 81), None),
...          PlayedDeal("2", parse_contract("S", CLASSIC, 1), SidePair(60, 102), None)]
>>> sheet = match_sheet(CLASSIC, deals)
>>> [(d.outcome, d.score, d.totals, d.held) for d in sheet.deals]
[('litige', SidePair(ns=0, ew=81), SidePair(ns=0, ew=81), 81), ('made', SidePair(ns=60, ew=183), SidePair(ns=60, ew=264), 0)]
>>> sheet.winner is None, sheet.finished
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BeloteError
from ..types.contract import Contract
from ..types.deal import SIDES, Side, SidePair, side_name
from ..types.profile import RuleProfile
from .scoring import score_deal

__all__ = ["PASSED_OUT", "DealLine", "MatchSheet", "PlayedDeal", "match_sheet", "played_deal",
           "session_sheets"]

PASSED_OUT = "passed out"
"""The outcome of a passed-out deal on the sheet."""


@dataclass(frozen=True)
class PlayedDeal:
    """What the sheet needs of one played deal.

    ``contract`` has its declarer (``None`` for a passed-out deal);
    ``trick_points`` are the (NS, EW) trick points of the finished play (252
    and 0 for a capot); ``belote`` the side holding trump K+Q, or ``None``.
    """

    board: str | None
    contract: Contract | None
    trick_points: SidePair
    belote: Side | None


@dataclass(frozen=True)
class DealLine:
    """One line of the sheet.

    ``outcome`` is ``made``, ``failed``, ``litige`` or ``passed out``; ``score`` the deal
    score, ``totals`` the running totals after it, ``held`` the points on
    hold after it; ``barred`` the sides that cannot win the match on this
    deal (the Belote rule).
    """

    deal: PlayedDeal
    outcome: str
    score: SidePair
    totals: SidePair
    held: int
    barred: tuple[Side, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the line."""
        contract = self.deal.contract
        return {
            "board": self.deal.board,
            "contract": None if contract is None else contract.to_pbn(),
            "declarer": None if contract is None else "NESW"[contract.declarer],  # type: ignore[index]
            "side": None if contract is None else side_name(contract.side),  # type: ignore[arg-type]
            "outcome": self.outcome,
            "trick_points": self.deal.trick_points.to_dict(),
            "belote": None if self.deal.belote is None else side_name(self.deal.belote),
            "score": self.score.to_dict(),
            "totals": self.totals.to_dict(),
            "held": self.held,
            "barred": [side_name(s) for s in self.barred],
        }


@dataclass(frozen=True)
class MatchSheet:
    """The sheet of a match: its deal lines and, if decided, the winner.

    ``winner`` is the side that won after the last line, or ``None`` when
    the match is not finished.
    """

    mode: str
    target: int
    deals: tuple[DealLine, ...]
    winner: Side | None

    @property
    def totals(self) -> SidePair:
        """The running totals after the last deal."""
        return self.deals[-1].totals if self.deals else SidePair(0, 0)

    @property
    def held(self) -> int:
        """The points still on hold after the last deal."""
        return self.deals[-1].held if self.deals else 0

    @property
    def finished(self) -> bool:
        """Whether a side has won."""
        return self.winner is not None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: mode, target, deals, totals, held, winner."""
        return {
            "mode": self.mode,
            "target": self.target,
            "deals": [d.to_dict() for d in self.deals],
            "totals": self.totals.to_dict(),
            "held": self.held,
            "winner": None if self.winner is None else side_name(self.winner),
        }


def _winner(profile: RuleProfile, totals: SidePair, barred: tuple[Side, ...]) -> Side | None:
    """The side that wins after a deal, or ``None`` (target, higher total, Belote rule)."""
    reached = [s for s in SIDES if totals[s] >= profile.match_target and s not in barred]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def match_sheet(profile: RuleProfile, deals: Iterable[PlayedDeal], *,
                stop: bool = False) -> MatchSheet:
    """Score ``deals`` in order as one match under ``profile``.

    Raises :class:`BeloteError` for a deal after the one that decides the
    match (with ``stop``, the sheet ends there instead), and whatever
    :func:`score_deal` raises for a deal it cannot score.

    >>> from belote import COINCHE, parse_contract
    >>> big = PlayedDeal("1", parse_contract("160SXX", COINCHE, 0), SidePair(162, 0), 0)
    >>> sheet = match_sheet(COINCHE, [big, big])
    >>> sheet.totals, sheet.winner
    (SidePair(ns=2600, ew=0), 0)
    >>> match_sheet(COINCHE, [big, big, big])
    Traceback (most recent call last):
    ...
    belote.errors.BeloteError: board 1 follows the end of the match (NS won after board 1)
    """
    lines: list[DealLine] = []
    totals = SidePair(0, 0)
    held = 0
    winner: Side | None = None
    for deal in deals:
        if winner is not None:
            if stop:
                break
            raise BeloteError(f"board {deal.board} follows the end of the match "
                              f"({side_name(winner)} won after board {lines[-1].deal.board})")
        if deal.contract is None:  # passed out: nobody scores, what is held stays held
            lines.append(DealLine(deal, PASSED_OUT, SidePair(0, 0), totals, held))
            continue
        score = score_deal(profile, deal.contract, (deal.trick_points[0], deal.trick_points[1]), deal.belote,
                           held_in=held)
        held = score.held_out
        totals = SidePair(totals.ns + score.ns, totals.ew + score.ew)
        barred: tuple[Side, ...] = ()
        if not profile.belote_alone_wins_match:
            taker = deal.contract.side
            barred = tuple(s for s in SIDES if (s == taker and not score.made)
                           or deal.trick_points[1 - s] == profile.capot_trick_points)
        outcome = "litige" if score.litige else "made" if score.made else "failed"
        lines.append(DealLine(deal, outcome, SidePair(score.ns, score.ew), totals, held, barred))
        winner = _winner(profile, totals, barred)
    return MatchSheet(profile.name, profile.match_target, tuple(lines), winner)


def played_deal(board: Any) -> PlayedDeal:
    """The :class:`PlayedDeal` of a board (:class:`~belote.board.Board`), under its rules.

    A passed-out board is a deal without a contract. Raises the board's
    :class:`~belote.errors.RecordError` (naming file, board and line) for a
    board without a contract, a declarer or a complete play record.
    """
    if board.passed_out:
        return PlayedDeal(board.board, None, SidePair(0, 0), None)
    contract = board.contract
    if contract is None:
        raise board.error("no Contract tag: a match sheet needs every deal's contract "
                          "(or an auction of four passes for a passed-out deal)")
    if contract.declarer is None:
        side = dict(board.tags).get("TakerSide")
        why = (f"the record names the taking side ({side}), not the seat: give the "
               "auction (CFN's 4-section form) or a Declarer" if side else
               "a match sheet needs every deal's taker")
        raise board.error(f"no Declarer tag: {why}")
    position = board.position()
    if not position.tricks and not position.trick:
        raise board.error("no Play record: a match sheet needs every card played")
    if not position.is_over:
        done = len(position.tricks)
        raise board.error(f"the play record stops after {done} trick{'s' * (done != 1)} "
                          "of 8: a match sheet needs every card played")
    return PlayedDeal(board.board, contract, SidePair(*position.points), position.belote_side())


def session_sheets(boards: Sequence[Any]) -> list[MatchSheet]:
    """The match sheets of the boards of a session, in order: a new match after each one ends.

    All boards must be of one mode; errors name the board at fault. The
    last sheet may be unfinished.
    """
    if not boards:
        raise BeloteError("no boards: a match sheet needs at least one deal")
    profile = _session_profile(boards)
    deals = [played_deal(board) for board in boards]
    sheets = []
    while deals:
        sheet = match_sheet(profile, deals, stop=True)
        sheets.append(sheet)
        deals = deals[len(sheet.deals):]
    return sheets


def _session_profile(boards: Sequence[Any]) -> RuleProfile:
    """The one profile of a session's boards (the board's error at a board of another)."""
    profile: RuleProfile = boards[0].profile
    for board in boards:
        mode = board.profile
        if mode.name != profile.name:
            raise board.error(f"{mode.name} board in a {profile.name} session (board "
                              f"{boards[0].board}): a match is played under one mode")
    return profile
