"""Single-dummy grades of a play record: each card against what its player could know.

The double-dummy cost of a card (:mod:`~belote.analysis.play_record`)
judges it with every hand visible. Its single-dummy grade judges it as its
player saw the deal: over the layouts of the unseen cards consistent with
what that player saw (:func:`~belote.advice.playout.decide`, perfect-
information Monte Carlo), the share of layouts where the side reaches its
goal after the card and the side's expected whole-deal trick points, beside
the same for the best card on that reckoning. A card is well chosen single
dummy when it matches the best one, even where double dummy finds it costly.

Layouts come from the stream ``seed`` and the board's place ``board``, so
grades are reproducible.

>>> from belote import cfn
>>> [board] = cfn.loads("N:-/-/-/- 110d-x-p-p-p AcKcQc7c/JsQsTsKs/8hQhJhAh/8s9sQdKd/7d9d7sTc/9h8c7h8d/TdJdJcKh/ThAs9cAd 110dEWx")
>>> grades = grade_record(board, seed=1)
>>> len(grades), grades[-1].forced
(32, True)
>>> g = grades[0]
>>> g.shortfall >= 0 and 0 <= g.layouts <= 60
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..advice.playout import DEFAULT_SCHEDULE, Schedule, decide
from ..sampling.turned import taken_card
from ..dd import SearchContext, default_context
from ..board import Board
from ..types.cards import Card, card_name
from .play_record import recorded_cards

__all__ = ["SDGrade", "grade_record", "seat_totals"]


@dataclass(frozen=True)
class SDGrade:
    """The single-dummy grade of one recorded card.

    ``points`` and ``best_points`` are the side's expected whole-deal trick
    points after the card and after the best card (over ``layouts``
    layouts, every one consistent with what the player saw when ``exact``);
    ``goal`` and ``best_goal`` the shares of layouts where the side reaches
    its goal (``None`` without a declarer); ``best`` the best cards
    (interchangeable ones together). A ``forced`` card had no choice.
    """

    card: Card
    layouts: int
    exact: bool
    forced: bool
    points: float | None
    best_points: float | None
    goal: float | None
    best_goal: float | None
    best: tuple[Card, ...]

    @property
    def shortfall(self) -> float:
        """Expected points the card gave away against the best card single dummy (0 if best)."""
        if self.points is None or self.best_points is None:
            return 0.0
        return max(0.0, self.best_points - self.points)

    @property
    def lost(self) -> bool:
        """Whether the card lost on average: a lower goal share than the best card's, or the
        same share and fewer expected points (the player's own ranking)."""
        if self.forced or self.points is None or self.best_points is None:
            return False
        if self.goal is not None and self.best_goal is not None:
            if self.best_goal - self.goal > 1e-12:
                return True
            if self.goal - self.best_goal > 1e-12:
                return False
        return self.best_points - self.points > 1e-9

    def label(self, dd_loss: int) -> str | None:
        """``"error"`` for a card that lost on average (:attr:`lost`), ``"unlucky"`` for one
        best on average that lost ``dd_loss`` > 0 points double-dummy, else ``None``.

        >>> g = SDGrade(0, 20, False, False, 80.0, 80.0, 0.5, 0.5, (0,))
        >>> g.label(12), g.label(0), SDGrade(0, 20, False, False, 70.0, 80.0, 0.5, 0.5, (1,)).label(0)
        ('unlucky', None, 'error')
        """
        if self.lost:
            return "error"
        return "unlucky" if dd_loss > 0 else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (points rounded to 0.1, shares to 0.001)."""
        def r(x: float | None, n: int) -> float | None:
            return None if x is None else round(x, n)
        return {"layouts": self.layouts, "exact": self.exact, "forced": self.forced,
                "points": r(self.points, 1), "best_points": r(self.best_points, 1),
                "goal": r(self.goal, 3), "best_goal": r(self.best_goal, 3),
                "shortfall": round(self.shortfall, 1),
                "best": [card_name(c) for c in self.best]}


def grade_record(board: Board, *, schedule: Schedule = DEFAULT_SCHEDULE,
                 seed: int = 0, place: int = 0, context: SearchContext | None = None
                 ) -> tuple[SDGrade, ...]:
    """The single-dummy grade of every recorded card of ``board``, in playing order.

    ``place`` is the board's place in its file (it selects the layouts with
    ``seed``). Raises what :func:`recorded_cards` raises for a board without
    a play record. Under another profile's rules: ``grade_record(board.under(profile))``.
    """
    start, cards = recorded_cards(board)
    contract = board.contract
    context = context or default_context()
    pos = start.copy()
    grades = []
    evidence = schedule.evidence(board.auction)
    taken = taken_card(board.auction)
    for card in cards:
        d = decide(pos, contract, schedule=schedule, seed=seed, board=place, context=context,
                   evidence=evidence, taken=taken)
        if d.forced:
            grades.append(SDGrade(card, 0, False, True, None, None, None, None, d.classes[0]))
        else:
            mine = next(i for i, cls in enumerate(d.classes) if card in cls)
            goal = None if d.goal is None else d.goal[mine]
            best_goal = None if d.goal is None else d.goal[0]
            grades.append(SDGrade(card, d.layouts, d.exact, False, d.points[mine], d.points[0],
                                  goal, best_goal, d.classes[0]))
        pos.play(card)
    return tuple(grades)


def seat_totals(grades: tuple[SDGrade, ...], seats: list[int], dd_losses: list[int]
                ) -> dict[int, dict[str, float]]:
    """Per seat (0..3): the single-dummy ``cost`` (sum of shortfalls), ``errors`` (cards that
    lost on average) and ``unlucky`` cards (best on average, costly double-dummy).

    >>> g = SDGrade(0, 20, False, False, 70.0, 80.0, None, None, (1,))
    >>> seat_totals((g, g), [0, 2], [0, 5])[2]
    {'cost': 10.0, 'errors': 1, 'unlucky': 0}
    """
    out = {seat: {"cost": 0.0, "errors": 0, "unlucky": 0} for seat in range(4)}
    for grade, seat, loss in zip(grades, seats, dd_losses, strict=True):
        row = out[seat]
        row["cost"] = round(row["cost"] + grade.shortfall, 1)
        label = grade.label(loss)
        if label == "error":
            row["errors"] += 1
        elif label == "unlucky":
            row["unlucky"] += 1
    return out
