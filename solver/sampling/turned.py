"""The classic turned card as evidence on the unseen cards: the taker holds it until it plays it.

In classic Belote the card turned after the first five cards of each seat
goes to the taker, whichever suit was taken (RULES.md, *Classic*). Every
seat saw it turned and heard who took, so from the take until the taker
plays it every seat knows where it is: one public fact, the same for the
four seats. :func:`taken_card` reads it from a finished auction (a
:class:`Taken`, ``None`` in coinche or before the take) and
:func:`with_taken` writes it into the :class:`Constraints` a seat samples
layouts from (the card known in the taker's hand unless already played), so
every layout the sampler draws or lists agrees with it.

>>> from belote import Auction
>>> taken = taken_card(Auction.parse("N:P E:H", mode="classic", turned="JH"))
>>> taken
Taken(seat='E', card='JH')
>>> with_taken(Constraints(), taken).known[1]
CardSet('JH')
>>> with_taken(Constraints().with_known(0, "JH"), taken)
Traceback (most recent call last):
...
belote.errors.ConstraintError: E took the turned card JH, but it is in N's hand
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ConstraintError
from ..types.auction import Auction
from ..types.cards import Card, CardSet, card_name
from ..types.deal import Seat, seat_name
from .constraints import Constraints

__all__ = ["Taken", "taken_card", "with_taken"]


@dataclass(frozen=True)
class Taken:
    """The taker ``seat`` picked up the turned ``card`` (classic)."""

    seat: Seat
    card: Card

    def __repr__(self) -> str:
        return f"Taken(seat={seat_name(self.seat)!r}, card={card_name(self.card)!r})"


def taken_card(auction: Auction | None) -> Taken | None:
    """The turned card and its taker once a classic ``auction`` has one; ``None`` without an
    auction, in coinche (no turned card), before the take or when the deal was passed out.
    (A record whose deal gives the turned card to another seat is refused when it is read,
    :class:`~belote.board.Board`.)

    >>> taken_card(Auction.parse("N:P E:P S:P W:P N:P", mode="classic", turned="JH")) is None
    True
    """
    if auction is None or auction.turned is None or not auction.complete:
        return None
    contract = auction.contract
    if contract is None or contract.declarer is None:
        return None
    return Taken(contract.declarer, auction.turned)


def with_taken(constraints: Constraints, taken: Taken | None) -> Constraints:
    """``constraints`` that also agree with the turned card ``taken`` (``None``: unchanged).

    The card is known in the taker's hand unless it is out of play (the
    taker played it) or already known there (the viewer is the taker); known
    in another seat's hand, it contradicts the take: a record whose deal does
    not give the taker the turned card raises
    :class:`~belote.errors.ConstraintError`.
    """
    if taken is None or constraints.out.mask >> taken.card & 1:
        return constraints
    holder = next((s for s, k in enumerate(constraints.known) if k.mask >> taken.card & 1), None)
    if holder is None:
        return constraints.with_known(taken.seat, 1 << taken.card)
    if holder != taken.seat:
        raise ConstraintError(f"{seat_name(taken.seat)} took the turned card "
                              f"{CardSet(1 << taken.card)}, but it is in "
                              f"{seat_name(holder)}'s hand")
    return constraints
