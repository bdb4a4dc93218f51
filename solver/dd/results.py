"""What the double-dummy functions of :mod:`.solve` return: :class:`CardValue`,
:class:`PositionAnalysis` and :class:`DDTable`.

>>> from belote import HEARTS
>>> table = DDTable(leader=0, values={(HEARTS, 0): 100, (HEARTS, 1): 62}, belote={HEARTS: None})
>>> table["H", "EW"], table[HEARTS, 0]
(62, 100)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..types.cards import Card, Suit, as_suits
from ..types.deal import Seat, Side, SidePair, as_side

__all__ = ["CardValue", "DDTable", "PositionAnalysis"]


class CardValue(NamedTuple):
    """The whole-deal values after the player to move plays ``card``.

    ``equivalents`` is the class of cards of the same hand interchangeable
    with it (same suit, no live card between them, same points), strongest
    first and ``card`` among them; they all have the same values.
    """

    card: Card
    values: SidePair
    equivalents: tuple[Card, ...]

    @property
    def ns(self) -> int:
        """The value for N-S."""
        return self.values.ns

    @property
    def ew(self) -> int:
        """The value for E-W."""
        return self.values.ew

    def value(self, side: Side) -> int:
        """The value for ``side``."""
        return self.values[side]


@dataclass(frozen=True)
class PositionAnalysis:
    """Values of a position for both sides and of every legal card."""

    to_move: Seat
    trump: Suit
    value: SidePair
    cards: tuple[CardValue, ...]
    belote: Side | None

    def best_cards(self) -> list[Card]:
        """The legal cards that keep the mover's side at its value."""
        side = self.to_move & 1
        return [cv.card for cv in self.cards if cv.value(side) == self.value[side]]


@dataclass(frozen=True)
class DDTable:
    """Double-dummy values of a deal for several trumps and sides, one leader.

    Index with ``table[trump, side]``; ``belote[trump]`` is the side holding
    trump K+Q (or ``None``).
    """

    leader: Seat
    values: dict[tuple[Suit, Side], int]
    belote: dict[Suit, Side | None]

    def __getitem__(self, key: tuple[Suit | str, Side | str]) -> int:
        """The value of ``table[trump, side]``, by ints or letters (``table["H", "NS"]``)."""
        trump, side = key
        return self.values[as_suits(trump)[0], as_side(side)]
