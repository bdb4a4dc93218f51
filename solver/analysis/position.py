"""A board's position after its recorded play, valued for a table: :func:`position_report`.

What an analysis board or a bot needs at one moment of a deal, in one call:
the player to move, the trick in progress, the tricks taken with their
leader, winner and points, the hands left, and the double-dummy value of
every legal card (whole deal, points already taken counting), the best
ones marked, with the contract's double-dummy fate from here.

>>> from belote import Board, Deal
>>> deal = Deal.from_pbn("N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97")
>>> report = position_report(Board(deal, dealer=3, contract="80H", declarer=0, cards="AS"))
>>> report.to_dict()["to_play"], report.to_dict()["legal"]
('E', ['9S', '8S', '7S'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..dd import PositionAnalysis, SearchContext
from ..dd.solve import position_analysis
from ..dd.verdict import ContractVerdict, judge_contract, verdict_from_points
from ..rules.play import Position
from ..types.cards import card_name
from ..types.contract import Contract
from ..types.deal import SEAT_NAMES, SidePair, seat_name
from .play_record import outcome

__all__ = ["PositionReport", "position_report"]


@dataclass(frozen=True)
class PositionReport:
    """A position with its double-dummy values: ``analysis`` is ``None`` once the deal is over
    (``value`` is then the points taken), ``verdict`` ``None`` without a declarer."""

    position: Position
    contract: Contract
    analysis: PositionAnalysis | None
    value: SidePair
    verdict: ContractVerdict | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``docs/serve.md``): ``to_play``, ``leader``, ``trick``, ``legal``,
        ``values``, ``tricks``, ``points``, ``tricks_won``, ``hands``, ``finished``, ``dd``,
        ``verdict``."""
        pos, analysis = self.position, self.analysis
        values = []
        if analysis is not None:
            side = analysis.to_move & 1
            for cv in analysis.cards:
                loss = analysis.value[side] - cv.value(side)
                values.append({"card": card_name(cv.card), "ns": cv.ns, "ew": cv.ew,
                               "loss": loss, "best": loss == 0})
        verdict = self.verdict
        return {
            "to_play": None if pos.is_over else seat_name(pos.to_move),
            "leader": seat_name(pos.leader),
            "trick": [card_name(c) for c in pos.trick],
            "legal": [v["card"] for v in values],
            "values": values,
            "tricks": [{"leader": seat_name(t.leader), "cards": [card_name(c) for c in t.cards],
                        "winner": seat_name(t.winner), "points": t.points} for t in pos.tricks],
            "points": pos.points.to_dict(),
            "tricks_won": pos.tricks_won.to_dict(),
            "hands": {SEAT_NAMES[s]: [card_name(c) for c in _cards(h)]
                      for s, h in enumerate(pos.hands)},
            "finished": pos.is_over,
            "dd": self.value.to_dict(),
            "verdict": None if verdict is None else {
                "outcome": outcome(verdict), "points": verdict.points, "needed": verdict.needed,
                "score": verdict.score.scores.to_dict()},
        }


def _cards(mask: int) -> list[int]:
    """The cards of a hand mask, suits S H D C, the highest first."""
    return sorted((c for c in range(32) if mask >> c & 1), key=lambda c: (c >> 3, -(c & 7)))


def position_report(board: Board, *, context: SearchContext | None = None) -> PositionReport:
    """The position after ``board``'s recorded play (under its rules), valued double-dummy.

    Raises the board's :class:`~belote.errors.RecordError` for a board without
    a contract (the trump is unknown).
    """
    position = board.position()
    contract = board.contract
    assert contract is not None  # board.position has checked it
    analysis = None
    if position.is_over:
        value = position.points
    else:
        analysis = position_analysis(position, context=context)
        value = analysis.value
    verdict = None
    if contract.side is not None:
        taker = contract.side
        if position.is_over:
            verdict = verdict_from_points(position.profile, contract, value[taker],
                                          position.belote_side(),
                                          defence_capot=position.tricks_won[taker] == 0)
        else:
            verdict = judge_contract(position, contract, taker_points=value[taker],
                                     context=context)
    return PositionReport(position, contract, analysis, value, verdict)
