"""The solver's boundary check of a position: :func:`check_position`.

>>> from belote import COINCHE, Deal, Position
>>> check_position(Position(Deal.random(3), trump=1, leader=1, profile=COINCHE), "EW")
1
"""

from __future__ import annotations

from ..errors import DealError
from ..rules.play import Position
from ..types.deal import NS, Side, as_side

__all__ = ["check_position"]


def check_position(position: Position, side: object = NS) -> Side:
    """Check, in constant time, what a search of ``position`` for ``side`` relies on;
    return ``side`` as an int (:func:`~belote.types.deal.as_side`: ``"NS"`` or 0...).

    A :class:`Position` checks every card it is given, but its fields can be
    changed from outside; the kernels would then search nonsense. Rejected:
    a side, trump or seat out of range, hands that overlap or hold a card of
    the trick in progress, hand sizes that do not fit the trick in progress
    (the players who have played to it hold one card fewer), points and
    tricks taken that do not fit the cards left, and a finished deal.
    """
    if type(side) is not int or not 0 <= side <= 1:
        side = as_side(side)
    trump, leader = position.trump, position.leader
    for name, value in (("trump", trump), ("leader", leader)):
        if type(value) is not int or not 0 <= value <= 3:
            raise DealError(f"the position's {name} was changed to {value!r}: "
                            "build a new Position")
    hands = position.hands
    trick = position.trick
    if len(hands) != 4 or len(trick) > 3:
        raise DealError(f"{len(hands)} hands and {len(trick)} cards in the trick: "
                        "expected 4 hands and at most 3 cards")
    union = hands[0] | hands[1] | hands[2] | hands[3]
    sizes = [h.bit_count() for h in hands]
    trick_mask = 0
    for card in trick:
        trick_mask |= 1 << card
    if (union >> 32 or sum(sizes) != union.bit_count() or trick_mask >> 32
            or trick_mask.bit_count() != len(trick) or union & trick_mask):
        raise DealError("the hands overlap, or hold a card of the trick in progress")
    if sum(sizes) == 0:
        raise DealError("the deal is over: nothing left to solve")
    played = len(trick)
    left = sizes[(leader + played) % 4]
    if played or sizes.count(left) != 4:  # at a trick start, four equal hands fit
        for i in range(4):
            want = left - 1 if (i - leader) % 4 < played else left
            if sizes[i] != want:
                raise DealError(
                    f"hand sizes {' '.join(map(str, sizes))} (N E S W) do not fit a trick of "
                    f"{played} card(s) led by {'NESW'[leader]}")
    won = position.tricks_won
    if min(won) < 0 or sum(won) + left != 8:
        raise DealError(f"tricks won {tuple(won)} do not fit {left} cards left in hand")
    return side
