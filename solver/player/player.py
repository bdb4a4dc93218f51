"""The full-game player: it sees one seat's view and answers a call or a card.

Cards are chosen by the single-dummy player
(:func:`belote.advice.playout.decide`), reading the auction as it does; calls
by :mod:`.bidder`. The player never sees the game, only a
:class:`~belote.player.game.SeatView`: to ask the card player, which works
on a :class:`~belote.rules.play.Position`, it builds a *stand-in* position
(:func:`stand_in`): its own hand, the cards played, and the unseen cards
dealt to the other seats in one way consistent with everything the view
shows (the suits each seat did not follow, the trumps it did not use...).
The card player reads only what the seat sees from it, so the choice does
not depend on that deal (the re-deal test of ``tests/test_player.py``).

>>> from belote.player.game import Game
>>> game = Game.random(5, "N", "coinche")
>>> player = Player(seed=1)
>>> while game.phase != "done":
...     game = game.apply(player.act(game.view(game.to_move)))
>>> game.contract.to_pbn(), game.result.scores
('80S', SidePair(ns=60, ew=190))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..advice.playout import DEFAULT_SCHEDULE, Decision, Schedule, decide
from ..auction.conventions import DEFAULT, Conventions
from ..dd import SearchContext, default_context
from ..rules.play import Position
from ..sampling.constraints import Constraints
from ..sampling.sampler import DealSampler
from ..types.auction import Call
from ..types.cards import Card, CardSet
from ..types.deal import SEATS, Deal, next_seat
from .bidder import prior_call
from .game import AUCTION, PLAY, SeatView

__all__ = ["Player", "stand_in"]


def stand_in(view: SeatView) -> Position:
    """A position with the view's own hand and play, the unseen cards dealt consistently with
    what the view shows (the first layout of stream 0 of the exact sampler)."""
    contract = view.contract
    if contract is None or view.phase != PLAY:
        raise ValueError("a stand-in position needs the play to have begun")
    seen = Constraints.from_play(view.seat, view.hand, view.hand_sizes, view.tricks,
                                 contract.trump, view.profile)
    layout = DealSampler(seen).draw_masks(0, 0, 1)[0]
    start = [int(layout[s]) for s in SEATS]
    for seat, card in view.played:
        start[seat] |= 1 << card
    first = view.tricks[0][0] if view.tricks else next_seat(view.dealer)
    pos = Position(Deal([CardSet(h) for h in start]), contract.trump, first, view.profile)
    for _, card in view.played:
        pos.play(card)
    return pos


@dataclass
class Player:
    """A player for any seat: ``act(view)`` answers the call or card the seat makes.

    ``conventions`` are the calls' meanings (the bidder's prior and what the
    others' calls are read to say); ``schedule`` the card player's layouts a
    decision; ``seed`` its random stream (a decision depends only on the
    view, the seed and the view's deal number).
    """

    conventions: Conventions = DEFAULT
    schedule: Schedule = DEFAULT_SCHEDULE
    seed: int = 0
    context: SearchContext | None = None

    def act(self, view: SeatView) -> Call | Card:
        """The call (auction) or card (play) of the seat of ``view``, whose turn it is."""
        if view.to_move != view.seat:
            raise ValueError("it is not this seat's turn")
        if view.phase == AUCTION:
            return self.call(view)
        return self.card(view).card

    def call(self, view: SeatView) -> Call:
        """The seat's call (:mod:`.bidder`)."""
        return prior_call(view, self.conventions)

    def card(self, view: SeatView) -> Decision:
        """The seat's card, as the single-dummy player's :class:`Decision`."""
        contract = view.contract
        assert contract is not None
        evidence: np.ndarray | None = self.schedule.evidence(view.auction)
        return decide(stand_in(view), contract, schedule=self.schedule, seed=self.seed,
                      board=view.number, context=self.context or default_context(),
                      evidence=evidence)
