"""Quizzes from a reviewed session: positions with one clearly best card.

A card decision of a :class:`~belote.analysis.review.SessionReview` becomes a
quiz when its answer does not depend on luck or on the draw of layouts:

1. single dummy, the best card beats the second by at least ``margin``
   deal-score points (:data:`QUIZ_MARGIN`);
2. it is also one of the double-dummy best cards of the actual deal
   (:meth:`~belote.dd.PositionAnalysis.best_cards`);
3. the single-dummy best card is the same under a second seed (the layouts of
   stream ``seed + 1``).

Each :class:`Quiz` holds what the seat saw (its hand, the contract, the
auction, the cards played, the trick on the table), the answer, the margin and
every legal card's single-dummy cost.

>>> from belote import cfn, review
>>> boards = cfn.load("datasets/examples/colver.cfn")[:1]
>>> quizzes = session_quiz(boards, review(boards, seats="S", call_samples=4))
>>> [(q.board, q.seat, q.index, q.answer) for q in quizzes]
[('1', 'S', 23, 'TC')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..dd import default_context, warm_up
from ..dd.solve import position_analysis
from ..parallel.runner import SERIAL, Run, parallel_map
from ..rules.play import Position
from ..sampling.turned import taken_card
from ..types.cards import card_name, parse_card
from ..types.deal import seat_name
from .review import ReviewedDecision, SessionReview, card_choice
from ..types.cards import CardSet

__all__ = ["QUIZ_MARGIN", "Quiz", "position_before", "quiz_position", "session_quiz"]

QUIZ_MARGIN = 20.0
"""Deal-score points by which a quiz's answer must beat the second best card, single dummy."""


@dataclass(frozen=True)
class Quiz:
    """One quiz: board, seat and the card's place in the play (``index``), what the seat saw
    (``sees``), the ``answer``, its ``margin`` over the second best card and every legal
    card's single-dummy cost (``costs``, deal score)."""

    board: str | None
    place: int
    seat: str
    index: int
    answer: str
    played: str
    margin: float
    costs: dict[str, float]
    sees: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (``--quiz``'s entries)."""
        return {"board": self.board, "seat": self.seat, "index": self.index,
                "answer": self.answer, "played": self.played, "margin": round(self.margin, 1),
                "costs": {k: round(v, 1) for k, v in self.costs.items()}, "sees": self.sees}


def position_before(board: Board, index: int) -> Position:
    """The position of ``board`` before its card ``index``."""
    profile, contract = board.profile, board.contract
    assert contract is not None
    pos = Position(board.deal, contract.trump, board.first_leader(), profile)
    for card in board.cards[:index]:
        pos.play(card)
    return pos


def _sees(board: Board, pos: Position) -> dict[str, Any]:
    """What the player to move at ``pos`` sees."""

    contract = board.contract
    assert contract is not None
    played = list(board.cards[:32 - pos.cards_left])
    return {"hand": str(CardSet(pos.hands[pos.to_move])),
            "contract": contract.to_pbn(),
            "declarer": None if contract.declarer is None else seat_name(contract.declarer),
            "auction": None if board.auction is None else board.auction.text(),
            "leader": seat_name(board.first_leader()),
            "played": [card_name(c) for c in played],
            "trick": [card_name(c) for c in pos.trick]}


def quiz_position(board: Board, decision: ReviewedDecision, *, seed: int,
                  margin: float = QUIZ_MARGIN, schedule: Any = None) -> Quiz | None:
    """``decision`` (a card of ``board``, reviewed with ``seed``) as a quiz, or ``None`` when
    it fails one of the three tests (module docstring)."""
    from ..advice.playout import DEFAULT_SCHEDULE

    schedule = schedule or DEFAULT_SCHEDULE
    if decision.kind != "card" or decision.forced or len(decision.sd_costs) < 2:
        return None
    costs = dict(decision.sd_costs)
    second = sorted(costs.values())[1]
    if second < margin:
        return None
    pos = position_before(board, decision.index)
    context = default_context()
    answer = parse_card(decision.best)
    if answer not in position_analysis(pos, context=context).best_cards():
        return None
    contract = board.contract
    assert contract is not None
    again = card_choice(pos, contract, schedule=schedule, seed=seed + 1, board=decision.place,
                        evidence=schedule.evidence(board.auction), context=context,
                        taken=taken_card(board.auction))
    if again.options[again.best] != decision.best:
        return None
    return Quiz(decision.board, decision.place, seat_name(decision.seat), decision.index,
                decision.best, decision.played, second, costs, _sees(board, pos))


@dataclass(frozen=True)
class _QuizJob:
    seed: int
    margin: float
    schedule: Any

    def __call__(self, item: tuple[Board, ReviewedDecision]) -> Quiz | None:
        board, decision = item
        return quiz_position(board, decision, seed=self.seed, margin=self.margin,
                             schedule=self.schedule)


def session_quiz(boards: Sequence[Board], session: SessionReview, *,
                 margin: float = QUIZ_MARGIN, places: Iterable[int] | None = None,
                 run: Run = SERIAL) -> list[Quiz]:
    """The quizzes of ``session``, the review of ``boards`` (board ``i`` at place
    ``places[i]``, default ``i``, as reviewed), in playing order."""
    by_place = dict(zip(range(len(boards)) if places is None else places, boards, strict=True))
    items = [(by_place[d.place], d) for d in session.decisions()
             if d.kind == "card" and not d.forced and len(d.sd_costs) >= 2
             and sorted(v for _, v in d.sd_costs)[1] >= margin]
    job = _QuizJob(session.seed, margin, session.schedule)
    return [q for q in parallel_map(job, items, run, initializer=warm_up) if q is not None]
