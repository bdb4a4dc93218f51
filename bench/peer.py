"""The peer solver colver (PyPI, MIT, Rust) seen through our cards and seats.

Colver numbers its cards ``suit * 8 + r`` with suits S H D C like ours but
ranks ``7 8 9 J Q K 10 A``; the mapping is read from colver's own card names
rather than written out here. Seats are N E S W = 0..3 in both.
"""

from __future__ import annotations

from collections.abc import Iterable

import colver

from belote import Deal
from belote.types import Card, parse_card

VERSION: str = colver.__version__

FROM_COLVER: tuple[Card, ...] = tuple(parse_card(colver.Env.card_name(i)) for i in range(32))
"""Our card for each colver card index."""
TO_COLVER: dict[Card, int] = {card: i for i, card in enumerate(FROM_COLVER)}
"""Colver's card index for each of our cards."""


def new_game(deal: Deal, dealer: int, trump: int, played: Iterable[Card] = ()) -> colver.Env:
    """A colver game of ``deal`` in the play phase, ``trump`` trump, ``played`` replayed.

    The contract's bid, team and coinche level (80, N-S, none) do not change
    card points, which is all the solvers report.
    """
    env = colver.Env.deal_with_hands(dealer, [[TO_COLVER[c] for c in h] for h in deal.hands])
    env.set_contract(trump, 80, 0, 0)
    env.set_phase_playing()
    for card in played:
        env.step(TO_COLVER[card])
    return env


def ns_table(env: colver.Env) -> list[int]:
    """N-S trick points for trumps S H D C from the opening lead (``solve_all_suits``)."""
    return [ns for ns, _ in env.solve_all_suits()["suits"]]


def ns_card_scores(env: colver.Env) -> dict[Card, int]:
    """N-S whole-deal points after each legal card of the player to move (``solve_scores``)."""
    return {FROM_COLVER[i]: ns for i, ns in env.solve_scores()["scores"]}
