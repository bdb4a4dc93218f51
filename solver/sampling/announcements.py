"""The belote announcement, and its absence, as evidence on the unseen cards.

Under the rules the seat dealt both the trump K and Q scores the belote and
announces it ("belote") as it plays the first of them, "rebelote" with the
second; the frozen rule card has it detected automatically, so it is never
forgotten. Each time a seat plays the trump K or Q, the table therefore
hears one public fact:

- **announced**: the seat holds the other honour (still in its hand if not
  yet played);
- **silent**: the seat does not hold the other honour (the first of the pair
  it played came without an announcement).

:func:`heard_belote` lists what the table heard at a position (one
:class:`Heard` per seat that has played a trump K or Q), and
:func:`with_belote` writes it into the :class:`Constraints` a seat samples
layouts from (the other honour known in the announcer's hand, or excluded
from the silent seat's), so every layout the sampler draws or lists agrees
with it.

>>> from belote import COINCHE, Deal, Position
>>> from belote.sampling.constraints import Constraints
>>> pos = Position(Deal.from_pbn("N:K.8.. 8.K.. Q.9.. A.A.."), trump=0, leader=0,
...                profile=COINCHE, points=(100, 42), tricks_won=(3, 3))
>>> _ = pos.play("KS")  # N plays the trump K without a word: N has no QS
>>> heard_belote(pos)
(Heard(seat='N', card='KS', announced=False),)
>>> c = with_belote(Constraints.from_position(pos, 1), pos.trump, heard_belote(pos))
>>> c.excluded[0]
CardSet('QS')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ConstraintError
from ..rules.play import Position, belote_mask
from ..types.cards import Card, CardSet, Suit, card_name
from ..types.deal import Seat, seat_name
from .constraints import Constraints

__all__ = ["Heard", "heard_belote", "with_belote"]


@dataclass(frozen=True)
class Heard:
    """``seat`` played the trump honour ``card`` (the first of K and Q it played), and
    ``announced`` the belote with it or not."""

    seat: Seat
    card: Card
    announced: bool

    def __repr__(self) -> str:
        return (f"Heard(seat={seat_name(self.seat)!r}, card={card_name(self.card)!r}, "
                f"announced={self.announced})")


def heard_belote(position: Position) -> tuple[Heard, ...]:
    """What the table heard of the belote at ``position``, in the order of the play.

    One :class:`Heard` per seat that has played the trump K or Q: the first
    of them it played, and whether it announced (it was dealt both: the
    position's start hands, which is what the announcement makes public). An
    ending built without its earlier tricks knows only the cards of its own
    start: a seat whose other honour went before it counts as silent, and the
    other honour is out of play anyway.
    """
    pair = belote_mask(position.trump)
    heard: list[Heard] = []
    tricks = [(t.leader, t.cards) for t in position.tricks]
    tricks.append((position.leader, tuple(position.trick)))
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            if pair >> card & 1 and all(h.seat != seat for h in heard):
                held = position.start_hands[seat] & pair
                heard.append(Heard(seat, card, held == pair))
    return tuple(heard)


def with_belote(constraints: Constraints, trump: Suit, heard: Iterable[Heard]) -> Constraints:
    """``constraints`` that also agree with what was ``heard`` of the belote (``trump``'s).

    An announcer holds the other honour (known in its hand unless already
    played); a silent seat does not (excluded from its hand). A fact about
    a seat whose hand the constraints already know, or about an honour
    already out of play, adds nothing; a fact the constraints contradict
    raises :class:`~belote.errors.ConstraintError`.
    """
    pair = belote_mask(trump)
    for fact in heard:
        if not pair >> fact.card & 1:
            raise ConstraintError(f"{card_name(fact.card)} is not a trump K or Q")
        other = pair & ~(1 << fact.card)
        if constraints.out.mask & other:
            continue
        holder = next((s for s, k in enumerate(constraints.known) if k.mask & other), None)
        if fact.announced:
            if holder is None:
                constraints = constraints.with_known(fact.seat, other)
            elif holder != fact.seat:
                raise ConstraintError(f"{seat_name(fact.seat)} announced the belote but "
                                      f"{CardSet(other)} is in {seat_name(holder)}'s hand")
        elif holder == fact.seat:
            raise ConstraintError(f"{seat_name(fact.seat)} played {card_name(fact.card)} "
                                  f"without announcing but holds {CardSet(other)}")
        elif holder is None:
            constraints = constraints.with_excluded(fact.seat, other)
    return constraints
