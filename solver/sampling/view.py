"""The seat's view: the layouts of the unseen cards a seat cannot tell apart at a position.

:func:`visible_constraints` is what a seat knows at a position (its hand, the
cards played and what they showed); :func:`enumerate_layouts` lists every
deal that meets some constraints, for the few-layout case (the sampler
draws them when they are many).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ..rules.play import Position
from ..types.cards import ALL_CARDS, CardSet, Mask
from ..types.deal import SEATS, Seat
from .constraints import Constraints

__all__ = ["enumerate_layouts", "visible_constraints"]


def visible_constraints(position: Position, seat: Seat) -> Constraints:
    """What ``seat`` knows of the unseen cards at ``position``.

    :meth:`Constraints.from_position
    <belote.sampling.constraints.Constraints.from_position>`, with the
    cards of no hand at the start of ``position`` also out of play (an ending
    built without its earlier tricks).

    >>> from belote import Deal, COINCHE
    >>> ending = Position(Deal.from_pbn("N:A... K... Q... J..."), trump=1, leader=0,
    ...                   profile=COINCHE, points=(100, 42), tricks_won=(4, 3))
    >>> visible_constraints(ending, 0).free_cards() == CardSet("KS QS JS").mask
    True
    """
    seen = Constraints.from_position(position, seat)
    gone = ALL_CARDS & ~(sum(position.start_hands))
    return replace(seen, out=seen.out | CardSet(gone))


def enumerate_layouts(constraints: Constraints) -> Iterator[tuple[Mask, Mask, Mask, Mask]]:
    """Every deal of the unseen cards that meets ``constraints``, as four hand masks.

    A plain backtracking over the unseen cards (each to a seat that may hold
    it and still has room), for the few-layout case; the suit ranges,
    holdings sets and card counts are checked on each complete deal
    (:meth:`Constraints.admits_ranges`). Deals come in a fixed
    order, each once: as many as :meth:`DealSampler.count
    <belote.sampling.sampler.DealSampler.count>` says.

    >>> from belote import Deal, COINCHE
    >>> ending = Position(Deal.from_pbn("N:A... K... Q... J..."), trump=1, leader=0,
    ...                   profile=COINCHE, points=(100, 42), tricks_won=(4, 3))
    >>> layouts = list(enumerate_layouts(visible_constraints(ending, 0)))
    >>> len(layouts), [CardSet(h).to_pbn() for h in layouts[0]]
    (6, ['A...', 'J...', 'Q...', 'K...'])
    """
    free_mask = constraints.free_cards()
    free = [c for c in range(32) if free_mask >> c & 1]
    need = [size - len(known) for size, known in zip(constraints.hand_sizes, constraints.known)]
    allowed = [[s for s in SEATS if not constraints.excluded[s].mask >> c & 1] for c in free]
    # room[i][s]: how many of the cards from i on may still go to seat s
    room = [[0] * 4 for _ in range(len(free) + 1)]
    for i in range(len(free) - 1, -1, -1):
        room[i] = [room[i + 1][s] + (s in allowed[i]) for s in SEATS]
    hands = [k.mask for k in constraints.known]
    if sum(need) != len(free) or min(need) < 0:
        return

    def place(i: int) -> Iterator[tuple[Mask, Mask, Mask, Mask]]:
        if any(need[s] > room[i][s] for s in SEATS):
            return
        if i == len(free):
            if constraints.admits_ranges(hands):
                yield tuple(hands)  # type: ignore[misc]
            return
        card = free[i]
        for seat in allowed[i]:
            if need[seat]:
                need[seat] -= 1
                hands[seat] |= 1 << card
                yield from place(i + 1)
                hands[seat] &= ~(1 << card)
                need[seat] += 1

    yield from place(0)
