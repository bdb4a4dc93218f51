"""What the auction makes more or less likely: soft weights on where each hidden card lies.

A call does not prove anything about the caller's hand (a bidder may bid on
a hunch, a passer may hold the jack), so it is not a constraint: it makes
some layouts more likely than others. :class:`CallWeights` gives each call
a factor per card of the caller's hand; a layout's likelihood is the
product of the factors of the cards each seat holds in it, and a
single-dummy player (:func:`belote.advice.playout.decide`) averages over
layouts in proportion to it instead of uniformly.

The factors by default (:data:`COLVER_WEIGHTS`) are the ones colver's
heuristic belief model uses (github Avo-k/colver, ``docs/belief/bis_dd.md``,
"Soft weights"); colver measured that they never rule out the real deal,
where hard limits read from the bids did 72% of the time against its own
bidders. A seat's calls of one kind in one suit count once (a second pass
says nothing new); calls of different kinds multiply. In coinche:

* a bid in a suit: that suit's jack x10, nine x6, ace x4, ten x3, its other
  cards x2.5;
* a pass: every jack x0.5 and nine x0.6, except in the suit of the contract
  on the table, if any, whose jack is x0.25, nine x0.3, other cards x0.7;
* a coinche: the contract suit's jack x3 and nine x2.5, the other suits'
  aces x2;
* the calls after a coinche (surcoinche or not) weigh nothing.

In classic the same factors read the two rounds: a take is a bid in its
suit; a first-round pass is a pass over the turned suit; a second-round pass
is a pass in the three other suits (the turned suit already passed).

>>> from belote import Auction
>>> from belote.types import parse_card
>>> w = COLVER_WEIGHTS.weights(Auction.parse("N:P E:90H S:P W:P N:P"))
>>> float(w[1, parse_card("JH")]), float(w[3, parse_card("JH")]), float(w[3, parse_card("JS")])
(10.0, 0.25, 0.5)
>>> float(w[0, parse_card("JH")])  # N passed with nothing bid, then over 90H: 0.5 x 0.25
0.125
>>> float(w[2, parse_card("AS")]), float(w[2, parse_card("7H")])
(1.0, 0.7)
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from ..errors import BeloteError
from ..types.auction import BID, COINCHE_CALL, PASS, Auction
from ..types.cards import ACE, JACK, NINE, SUITS, TEN, Suit, make_card

__all__ = ["COLVER_WEIGHTS", "CallWeights", "layout_log_likelihood"]


@dataclass(frozen=True)
class CallWeights:
    """The factor a call gives each card of the caller's hand (module docstring).

    ``bid_*`` for the cards of a bid's suit, ``pass_*`` for a pass with no
    contract on the table in that suit, ``pass_bid_*`` for the suit of the
    contract a pass leaves standing, ``coinche_*`` for a coinche. Every factor
    is a positive number; 1 means the call says nothing of that card.
    """

    bid_jack: float = 10.0
    bid_nine: float = 6.0
    bid_ace: float = 4.0
    bid_ten: float = 3.0
    bid_other: float = 2.5
    pass_jack: float = 0.5
    pass_nine: float = 0.6
    pass_bid_jack: float = 0.25
    pass_bid_nine: float = 0.3
    pass_bid_other: float = 0.7
    coinche_jack: float = 3.0
    coinche_nine: float = 2.5
    coinche_side_ace: float = 2.0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if not isinstance(value, (int, float)) or not 0 < value < float("inf"):
                raise BeloteError(f"call weight {field.name}={value!r}: expected a positive "
                                  f"finite number")

    def _suit_factors(self, kind: str, suit: Suit) -> dict[int, float]:
        """The factors, by card, of a call of ``kind`` about ``suit``."""
        def card(rank: int) -> int:
            return make_card(suit, rank)

        if kind == "bid":
            out = {make_card(suit, r): self.bid_other for r in range(8)}
            out.update({card(JACK): self.bid_jack, card(NINE): self.bid_nine,
                        card(ACE): self.bid_ace, card(TEN): self.bid_ten})
            return out
        if kind == "pass":
            return {card(JACK): self.pass_jack, card(NINE): self.pass_nine}
        if kind == "pass-bid":
            out = {make_card(suit, r): self.pass_bid_other for r in range(8)}
            out.update({card(JACK): self.pass_bid_jack, card(NINE): self.pass_bid_nine})
            return out
        if kind == "coinche":
            return {card(JACK): self.coinche_jack, card(NINE): self.coinche_nine}
        assert kind == "coinche-side"
        return {card(ACE): self.coinche_side_ace}

    def weights(self, auction: Auction) -> np.ndarray:
        """``(4, 32)`` factors: ``[seat, card]`` is what ``auction`` makes of ``seat`` holding
        ``card`` (the product over that seat's calls, each (seat, kind, suit) once)."""
        said: set[tuple[int, str, Suit]] = set()
        for state, call in auction.history():
            seat = state.seat
            standing = state.contract
            if standing is not None and standing.multiplier > 1:
                break  # after a coinche: the answer weighs nothing
            if auction.profile.name == "classic":
                turned = auction.turned
                assert turned is not None
                turned_suit = turned >> 3
                if call.kind == BID:
                    assert call.trump is not None
                    said.add((seat, "bid", call.trump))
                elif state.round == 1:
                    said.add((seat, "pass-bid", turned_suit))
                else:
                    said.update((seat, "pass", s) for s in SUITS if s != turned_suit)
            elif call.kind == BID:
                assert call.trump is not None
                said.add((seat, "bid", call.trump))
            elif call.kind == PASS:
                for s in SUITS:
                    on_table = standing is not None and standing.trump == s
                    said.add((seat, "pass-bid" if on_table else "pass", s))
            elif call.kind == COINCHE_CALL:
                assert standing is not None
                said.add((seat, "coinche", standing.trump))
                said.update((seat, "coinche-side", s) for s in SUITS if s != standing.trump)
        out = np.ones((4, 32), dtype=np.float64)
        for seat, kind, suit in sorted(said):
            for c, factor in self._suit_factors(kind, suit).items():
                out[seat, c] *= factor
        return out

    def evidence(self, auction: Auction) -> np.ndarray:
        """:meth:`weights` as logarithms, what :func:`layout_log_likelihood` reads."""
        return np.log(self.weights(auction))


COLVER_WEIGHTS = CallWeights()
"""colver's factors (module docstring): what a single-dummy player reads from the auction
unless told to treat every layout as equally likely."""


def layout_log_likelihood(layouts: np.ndarray, evidence: np.ndarray) -> np.ndarray:
    """The log-likelihood of each layout (``(n, 4)`` hand masks) under ``evidence``
    (``(4, 32)`` log factors, :meth:`CallWeights.evidence`), up to a constant.

    >>> ev = np.zeros((4, 32)); ev[0, 0] = np.log(2.0)
    >>> layout_log_likelihood(np.array([[1, 2, 4, 8], [2, 1, 4, 8]]), ev).round(3).tolist()
    [0.693, 0.0]
    """
    bits = (np.asarray(layouts, dtype=np.int64)[:, :, None] >> np.arange(32)) & 1
    return np.einsum("nsc,sc->n", bits.astype(np.float64), evidence)
