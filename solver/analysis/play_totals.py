"""Totals of the play analyses of many boards: what ``belote analyse`` prints at the end.

:func:`play_totals_of` adds up :class:`~belote.analysis.play_record.PlayAnalysis`
results: the points given away and the costly cards per seat, per side and
per role (the taking side against the defence), and the contracts' double-dummy
outcomes before the first card and at the end of the records.

>>> from belote import COINCHE, Deal, Position, parse_contract
>>> from belote.analysis import PlayAnalysis, play_analysis
>>> ending = Deal.from_pbn("N:.A.7. .Q..8 .J.T. 8...A")
>>> start = Position(ending, 1, 0, COINCHE, points=(80, 17), tricks_won=(3, 3))
>>> play = PlayAnalysis("1", None, "coinche", parse_contract("130H", COINCHE, 0), None,
...                     play_analysis(start, "7D QH TD 8S 8C JH AC AH".split()))
>>> totals = play_totals_of([play, None, play])
>>> totals.boards, totals.passed_out, totals.cards, totals.seat_given_away
(2, 1, 16, (48, 0, 0, 22))
>>> totals.role_given_away, totals.start, totals.end, totals.changed
((48, 22), {'made': 2, 'failed': 0, 'litige': 0}, {'made': 2, 'failed': 0, 'litige': 0}, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..types.deal import SEATS, SIDES, seat_name, side_name
from .play_record import PlayAnalysis, outcome

__all__ = ["OUTCOMES", "PlayTotals", "play_totals_of"]

OUTCOMES = ("made", "failed", "litige")
"""The double-dummy outcomes of a contract, as :func:`~belote.analysis.play_record.outcome` names them."""


@dataclass(frozen=True)
class PlayTotals:
    """What the analyses of many boards add up to.

    ``boards`` counts the boards with a play record, ``passed_out`` the
    passed-out ones, ``cards`` the cards analysed; ``seat_given_away`` and
    ``seat_errors`` are per seat (N E S W), ``role_given_away`` and
    ``role_errors`` per role (the taking side, the defence) over the boards
    whose contract names its side. ``judged`` boards have a contract with
    a declarer: ``start`` and ``end`` count their double-dummy outcomes
    before the first card and after the last recorded one, ``changed`` the
    boards where the two differ.
    """

    boards: int
    passed_out: int
    cards: int
    seat_given_away: tuple[int, int, int, int]
    seat_errors: tuple[int, int, int, int]
    role_given_away: tuple[int, int]
    role_errors: tuple[int, int]
    judged: int
    start: dict[str, int]
    end: dict[str, int]
    changed: int

    def side_given_away(self) -> tuple[int, int]:
        """The points each side (NS, EW) gave away."""
        lost = self.seat_given_away
        return lost[0] + lost[2], lost[1] + lost[3]

    def side_errors(self) -> tuple[int, int]:
        """The costly cards of each side (NS, EW)."""
        count = self.seat_errors
        return count[0] + count[2], count[1] + count[3]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``boards, passed_out, cards, seats, sides, roles, contracts``."""
        side_lost, side_count = self.side_given_away(), self.side_errors()
        return {
            "boards": self.boards,
            "passed_out": self.passed_out,
            "cards": self.cards,
            "seats": {seat_name(s): {"given_away": self.seat_given_away[s],
                                     "errors": self.seat_errors[s]} for s in SEATS},
            "sides": {side_name(s): {"given_away": side_lost[s], "errors": side_count[s]}
                      for s in SIDES},
            "roles": {role: {"given_away": self.role_given_away[i], "errors": self.role_errors[i]}
                      for i, role in enumerate(("taker", "defence"))},
            "contracts": {"judged": self.judged, "start": dict(self.start), "end": dict(self.end),
                          "changed": self.changed},
        }


def play_totals_of(analyses: Iterable[PlayAnalysis | None]) -> PlayTotals:
    """The totals of ``analyses``, one per board (``None`` for a passed-out deal)."""
    boards = passed_out = cards = judged = changed = 0
    lost, count = [0] * 4, [0] * 4
    role_lost, role_count = [0, 0], [0, 0]
    start = dict.fromkeys(OUTCOMES, 0)
    end = dict.fromkeys(OUTCOMES, 0)
    for play in analyses:
        if play is None:
            passed_out += 1
            continue
        boards += 1
        cards += len(play.cards)
        taker = None if play.contract is None else play.contract.side
        for card in play.cards:
            lost[card.seat] += card.loss
            count[card.seat] += card.loss > 0
            if taker is not None:
                role = 0 if card.side == taker else 1
                role_lost[role] += card.loss
                role_count[role] += card.loss > 0
        verdicts = play.verdicts()
        if verdicts:
            judged += 1
            first, last = outcome(verdicts[0]), outcome(verdicts[-1])
            start[first] += 1
            end[last] += 1
            changed += first != last
    return PlayTotals(boards, passed_out, cards, (lost[0], lost[1], lost[2], lost[3]),
                      (count[0], count[1], count[2], count[3]), (role_lost[0], role_lost[1]),
                      (role_count[0], role_count[1]), judged, start, end, changed)
