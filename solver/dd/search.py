"""One search target of the kernels: :class:`Search`, the bridge from a position to a kernel call.

The solving functions (:mod:`.solve`) build one for each deal, trump and side they solve;
tools that need a raw window search (``bench/bid.py``'s node counts) use it directly:

>>> from belote import COINCHE, Deal, Position
>>> from belote.dd import SearchContext
>>> position = Position(Deal.random(3), trump=1, leader=1, profile=COINCHE)
>>> search = Search(position, 0, SearchContext())
>>> v = search.score(position)
>>> search.future(position, v - 1, v + 1) == v
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import SearchLimitError
from ..rules.play import Position, trick_winner_index
from ..types.cards import Card
from ..types.deal import NS, Side, SidePair
from .context import NO_NODE_LIMIT, SearchContext
from .layout import kernel_classes, kernel_layout
from .loader import load_kernels
from .workspace import workspace_fields

__all__ = ["Search"]


class Search:
    """One solve target: a deal in play, a trump, a side; kernel arguments ready.

    ``position`` must have passed :func:`~belote.dd.checks.check_position` and ``side`` be
    0 or 1: the kernels trust what they are given. The caller holds ``context.lock`` for
    as long as it uses the search. Scores ``r`` are the side's whole-deal scores of
    :mod:`._kernels` (its value is ``max(r, 0)``, the other side's ``max(total - r, 0)``).
    """

    def __init__(self, position: Position, side: Side, context: SearchContext) -> None:
        self.side = side
        self.context = context
        self.kernels = load_kernels()
        self.total = position.profile.total_trick_points
        self.layout = kernel_layout(position.profile, position.trump)
        self.fields = workspace_fields(position.profile, position.trump, side, context.entries)
        target = (tuple(position.start_hands), position.trump, side, position.profile)
        self.generation = context.begin(target)
        self.live = 0

    @property
    def ws(self) -> np.ndarray:
        """The kernels' array: the context's memory, holding this search's fields."""
        context = self.context
        memory = context.memory
        if context.owner is not self:
            memory[:len(self.fields)] = self.fields
            memory[self.kernels.GENERATION] = self.generation
            context.owner = self
        return memory

    def kernel_position(self, position: Position) -> tuple[int, ...]:
        """Put ``position``'s hands in the workspace; return the kernel's position arguments.

        They are ``seat, n, led, wcard, wseat, tpts, tmask, left, cap, rem``
        as :func:`._kernels.search` takes them (ints, typed ``int64`` by
        numba). ``self.live`` is then the kernel mask of every card in a hand
        or in the trick.
        """
        k = self.kernels
        lay = self.layout
        mask = lay.mask
        hands = position.hands
        kernel_hands = [mask(hand) for hand in hands]
        ws = self.ws
        base = k.HANDS
        ws[base], ws[base + 1], ws[base + 2], ws[base + 3] = kernel_hands
        trick = position.trick
        n = len(trick)
        trick_mask = 0
        if n:
            win = trick_winner_index(trick, position.trump, position.profile)
            wcard = lay.to_kernel[trick[win]]
            wseat = (position.leader + win) % 4
            led = trick[0] >> 3
            for card in trick:
                trick_mask |= 1 << card
        else:
            wcard = wseat = led = 0
        tpts = lay.points_of(trick_mask)
        tmask = mask(trick_mask)
        self.live = (kernel_hands[0] | kernel_hands[1] | kernel_hands[2] | kernel_hands[3]
                     | tmask)
        held = hands[0] | hands[1] | hands[2] | hands[3]
        left = (held.bit_count() + n) // 4
        won = position.tricks_won
        cap = ((k.CAP_X if won[1 - self.side] == 0 else 0)
               | (k.CAP_Y if won[self.side] == 0 else 0))
        rem = tpts + lay.points_of(held)
        return position.to_move, n, led, wcard, wseat, tpts, tmask, left, cap, rem

    def _count(self, run: Callable[[], int]) -> int:
        """Call ``run`` (a kernel call), adding the nodes it searched to the context.

        The call may visit at most the context's ``max_nodes``; past that the
        kernel unwinds at once, its result and the table's entries are
        discarded, and :class:`SearchLimitError` is raised.
        """
        k = self.kernels
        ws = self.ws
        context = self.context
        nodes, hits = ws[k.NODES:k.TT_HITS + 1].tolist()  # adjacent counters, as ints
        limit = nodes + (context.max_nodes or NO_NODE_LIMIT)
        ws[k.NODE_LIMIT] = limit
        result = int(run())
        after, after_hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        context.nodes += after - nodes
        context.tt_hits += after_hits - hits
        if after > limit:
            context.retire()
            raise SearchLimitError(f"the search was stopped after {context.max_nodes:,} nodes "
                                   "(its node limit)")
        return result

    def future(self, position: Position, alpha: int, beta: int) -> int:
        """The side's score from ``position`` on, fail-soft in ``(alpha, beta)``."""
        k = self.kernels
        args = self.kernel_position(position)
        return self._count(lambda: k.search(self.ws, *args, alpha, beta))

    def card_classes(self, position: Position) -> list[tuple[tuple[Card, ...], int]]:
        """Each class of :func:`~.solve.equivalence_classes` with the side's exact whole-deal score ``r``.

        One kernel call searches the strongest card of each class.
        """
        k = self.kernels
        args = self.kernel_position(position)
        count = self._count(lambda: k.root_scores(self.ws, *args))
        out = self.ws[k.ROOT_CARDS:k.ROOT_LEGAL + 1].tolist()  # cards, scores, legal mask
        cards_at = k.ROOT_SCORES - k.ROOT_CARDS
        base = position.points[self.side]
        scores = dict(zip(out[:count], out[cards_at:cards_at + count]))
        face = self.layout.to_face.__getitem__
        return [(tuple(map(face, cls)), base + scores[cls[0]])
                for cls in kernel_classes(self.layout, out[-1], self.live)]

    def score(self, position: Position) -> int:
        """The exact whole-deal score ``r`` of the side (see :mod:`._kernels`).

        The side's value is ``max(r, 0)``, the other side's
        ``max(total - r, 0)``.
        """
        return position.points[self.side] + self.future(position, -1000, 1000)

    def values(self, position: Position) -> SidePair:
        """Exact whole-deal values of ``position`` for both sides."""
        return self.both_values(self.score(position))

    def both_values(self, r: int) -> SidePair:
        """The whole-deal values of both sides from the side's score ``r``."""
        total = self.total
        mine, theirs = r if r > 0 else 0, total - r if total > r else 0
        return SidePair(mine, theirs) if self.side == NS else SidePair(theirs, mine)

    def reaches(self, position: Position, target: int) -> bool:
        """Can the side guarantee at least ``target`` whole-deal points?"""
        need = target - position.points[self.side]
        if target <= 0:
            return True
        return self.future(position, need - 1, need) >= need
