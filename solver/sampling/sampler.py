"""Exact uniform sampling of the deals consistent with :class:`Constraints`.

Every constraint but the hand sizes and the card counts concerns one seat
and one suit (lengths, points, excluded cards, and the holdings sets that
say which cards of a suit a seat may hold together: "J or 9", "3+ cards or
the J"), so the deals factor by suit. For each suit, every way of giving
its unseen cards to the seats that may hold them (at most ``4**8``,
enumerated with numpy) is checked against that suit's constraints, and the
survivors are grouped by their increment of the state: how many cards each
seat receives and, for each card count (:class:`CardCount`, "at least one
of J, 9 of hearts and the side aces", which spans suits), how many of its
cards its seat receives. A dynamic programme over the four suits, on that
state, then counts the completions of every partial deal exactly; a
complete deal counts when every hand is full and every card count is in its
range. Sampling walks the suits in order, picks each suit's group with
probability proportional to (group size x completions), then one assignment
of the group uniformly: every consistent deal has the same probability, and
nothing is ever rejected. Each card count multiplies the states by one more
than the number of its cards dealt at random; past :data:`MAX_STATES`
states, :class:`ConstraintError` says so (nothing is approximated).

Counts are exact: no count exceeds ``32! / (8!)**4`` (about ``1e17``), so
the ``int64`` arithmetic never overflows.

Random streams are reproducible by index: deal ``i`` of stream ``seed`` is
deal ``i % BLOCK`` of block ``i // BLOCK``, drawn with a generator seeded by
``SeedSequence([seed, i // BLOCK])``. :meth:`DealSampler.draw` of any range
therefore gives the same deals however the work is split.

>>> from belote.sampling import Constraints
>>> sampler = DealSampler(Constraints())
>>> sampler.count()
99561092450391000
>>> deal = sampler.draw(seed=1, start=0, n=1)[0]
>>> deal == sampler.draw(seed=1, start=0, n=3)[0]
True
>>> DealSampler(Constraints().with_text(shape=["N:S>=5", "E:S>=4"]))
Traceback (most recent call last):
...
belote.errors.ConstraintError: no deal satisfies the constraints: no way to deal the 8 unseen S (N S5-8, E S4-8)
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterator

import numpy as np

from ..errors import BeloteError
from ..types.cards import SUIT_MASKS, SUIT_NAMES, SUITS, CardSet, PBN_RANK_ORDER, RANK_NAMES
from ..types.deal import NORTH, SEATS, Deal, Seat, seat_name
from ..errors import ConstraintError
from .constraints import ALL_HOLDINGS, ANY_POINTS, NO_LIMIT, CardCount, Constraints

__all__ = ["MAX_STATES", "DealSampler", "deal_pbn", "deal_rows", "RANDOM_DEALER", "BLOCK"]

BLOCK = 1024
"""Deals per random block: deal ``i`` is drawn in block ``i // BLOCK``."""
_KEPT_BLOCKS = 4
"""Blocks a sampler keeps for later draws (16 KiB each)."""

MAX_STATES = 1 << 21
"""The most states the dynamic programme may have (card counts multiply them)."""


class _Layout:
    """The mixed-radix state numbering: four seat digits, then one per card count.

    A seat's digit counts the cards it has received (base: its need plus
    one), a card count's digit how many of its cards its seat has received.
    ``place`` holds the value of each digit, ``digits[state]`` the digits of
    every state (kept per bases: the plain layout is shared).
    """

    def __init__(self, bases: tuple[int, ...]) -> None:
        self.place = np.cumprod((1,) + bases[:-1]).astype(np.int64)
        self.states = int(np.prod(bases, dtype=np.int64))
        self.digits = (np.arange(self.states, dtype=np.int64)[:, None] // self.place) % np.array(
            bases, dtype=np.int64)


@functools.lru_cache(maxsize=16)
def _layout(bases: tuple[int, ...]) -> _Layout:
    return _Layout(bases)


def _positions(cards: list[int], mask: int) -> int:
    """Which of ``cards`` (by their position in the list) are in ``mask``, as a bit mask."""
    return sum(1 << j for j, c in enumerate(cards) if mask >> c & 1)


@functools.lru_cache(maxsize=9)
def _assignments(m: int) -> tuple[np.ndarray, np.ndarray]:
    """Every way of giving ``m`` cards to the four seats, in the order of the base-4 codes
    (card ``j`` goes to seat ``code >> 2j & 3``): each seat's cards as a bit mask of card
    positions, ``(4**m, 4)``, and their number, ``(4**m, 4)``. Shared, read-only."""
    codes = np.arange(4 ** m, dtype=np.int64)
    seats = (codes[:, None] >> (2 * np.arange(m, dtype=np.int64))) & 3
    weights = np.int64(1) << np.arange(m, dtype=np.int64)
    positions = np.stack([((seats == seat) * weights).sum(axis=1) for seat in SEATS], axis=1)
    count = np.stack([(seats == seat).sum(axis=1) for seat in SEATS], axis=1)
    positions.flags.writeable = False
    count.flags.writeable = False
    return positions, count


class _SuitTable:
    """The valid assignments of one suit's unseen cards, grouped by their state increment.

    An assignment is valid when every seat's holding (known cards included)
    is within its length, point and holdings constraints and no seat gets a
    card it cannot hold. Its increment is the cards each seat receives and,
    per card count, how many of the count's cards its seat receives. An
    assignment giving a seat more cards than it still needs (``need``) is
    left out: no deal completes it.
    """

    def __init__(self, constraints: Constraints, suit: int, free: int,
                 need: list[int], counts: list[tuple[int, int]], place: np.ndarray) -> None:
        cards = [c for c in range(suit * 8, suit * 8 + 8) if free >> c & 1]
        m = len(cards)
        positions, count = _assignments(m)
        subsets = (np.arange(1 << m, dtype=np.int64)[:, None] >> np.arange(m)) & 1
        bits = subsets @ np.array([1 << c for c in cards], dtype=np.int64)
        local_bits = subsets @ np.array([1 << (c & 7) for c in cards], dtype=np.int64)
        card_points = subsets @ np.array([constraints.card_points(c) for c in cards],
                                         dtype=np.int64)
        popcount = subsets.sum(axis=1)
        ok = np.ones(len(positions), dtype=bool)
        masks = np.zeros((len(positions), 4), dtype=np.uint32)
        keys = np.zeros(len(positions), dtype=np.int64)
        for seat in SEATS:
            mine = positions[:, seat]
            excluded = _positions(cards, constraints.excluded[seat].mask)
            ok &= (mine & excluded) == 0
            known = constraints.known[seat].mask & SUIT_MASKS[suit]
            ok &= count[:, seat] <= need[seat]
            low, high = constraints.lengths[seat][suit]
            length = count[:, seat] + known.bit_count()
            ok &= (length >= low) & (length <= high)
            plow, phigh = constraints.points[seat][suit]
            if (plow, phigh) != ANY_POINTS:
                held = sum(constraints.card_points(c) for c in range(32) if known >> c & 1)
                points = card_points[mine] + held
                ok &= (points >= plow) & (points <= phigh)
            allowed = constraints.holdings[seat][suit]
            if allowed != ALL_HOLDINGS:
                table = np.array([allowed >> h & 1 for h in range(256)], dtype=bool)
                holding = local_bits[mine] | (known >> (8 * suit))
                ok &= table[holding]
            masks[:, seat] = bits[mine]
            keys += count[:, seat] * place[seat]
        for j, (seat, cards_mask) in enumerate(counts):
            counted = popcount[positions[:, seat] & _positions(cards, cards_mask)]
            keys += counted * place[4 + j]
        keys = keys[ok]
        order = np.argsort(keys, kind="stable")
        self.masks = masks[ok][order]
        self.keys, self.offsets, self.sizes = np.unique(keys[order], return_index=True,
                                                        return_counts=True)
        self.unseen = m


class DealSampler:
    """Uniform sampler over the deals consistent with ``constraints``.

    Construction counts the deals and raises :class:`ConstraintError` (with
    the reason where one suit or the hand sizes show it) when there is none.

    >>> from belote.sampling import Constraints
    >>> c = Constraints().with_text(hand=["S:JH 9H AH TH 7S 8S KD AC"], shape=["N:H=0"])
    >>> sampler = DealSampler(c)
    >>> sampler.count()
    1621233900
    >>> sampler.draw(7, 0, 1)[0].hands[2] == c.known[2]
    True
    >>> sampler.draw_masks(7, 0, 4).shape
    (4, 4)
    """

    def __init__(self, constraints: Constraints) -> None:
        self.constraints = constraints
        free = constraints.free_cards()
        self._known = np.array([h.mask for h in constraints.known], dtype=np.uint32)
        need = [size - len(known) for size, known in zip(constraints.hand_sizes,
                                                         constraints.known)]
        if sum(need) != free.bit_count():
            raise ConstraintError(
                f"no deal satisfies the constraints: the hands need {sum(need)} more cards "
                f"but {free.bit_count()} are unseen")
        self._counts = _live_counts(constraints, free)
        bases = tuple(n + 1 for n in need) + tuple(
            (cards & free).bit_count() + 1 for _, cards, _, _ in self._counts)
        if math.prod(bases) > MAX_STATES:
            raise ConstraintError(
                f"too many card counts to count exactly ({len(self._counts)}: "
                + "; ".join(CardCount(s, CardSet(c), lo, hi).text()
                            for s, c, lo, hi in self._counts) + ")")
        self._layout = _layout(bases)
        plain = [(seat, cards) for seat, cards, _, _ in self._counts]
        self._tables = [_SuitTable(constraints, suit, free, need, plain, self._layout.place)
                        for suit in SUITS]
        for suit, table in enumerate(self._tables):
            if len(table.keys) == 0:
                raise ConstraintError("no deal satisfies the constraints: "
                                      + _suit_reason(constraints, suit, table.unseen, need))
        self._need = np.array(need, dtype=np.int64)
        self._free = free
        self._blocks: dict[tuple[int, int], np.ndarray] = {}
        self._levels()
        if self.count() == 0:
            counts = "".join(f"; {CardCount(s, CardSet(c), lo, hi).text()}"
                             for s, c, lo, hi in self._counts)
            raise ConstraintError(
                "no deal satisfies the constraints: the suit lengths allowed cannot make "
                "hands of " + ", ".join(f"{seat_name(s)} {n}" for s, n in
                                        enumerate(constraints.hand_sizes)) + counts)

    def _levels(self) -> None:
        """The dynamic programme, backwards from the complete deal.

        Before suit ``k`` the seats have received as many cards as suits
        ``0..k-1`` have unseen, and each card count's seat at most as many of
        its cards as those suits hold, so only such states are kept:
        ``_live[k]``. ``_cumulative[k]`` holds, per live state and per group
        of suit ``k``, the running total of group size x completions of the
        state reached; its last column is the number of completions of the
        state, ``_weights[k]``. A complete deal counts when every seat has
        its need and every card count is within its range.
        """
        layout = self._layout
        digits = layout.digits
        seat_digits = digits[:, :4]
        dealt = np.cumsum([0] + [t.unseen for t in self._tables])
        within = (seat_digits <= self._need).all(axis=1)
        self._live = []
        for k, d in enumerate(dealt):
            live = within & (seat_digits.sum(axis=1) == d)
            below = ALL_CARDS_MASK_BELOW[k] & self._free
            for j, (_, cards, _, _) in enumerate(self._counts):
                live &= digits[:, 4 + j] <= (cards & below).bit_count()
            self._live.append(np.flatnonzero(live))
        self._rows = []
        for live in self._live:
            row = np.full(layout.states, -1, dtype=np.int64)
            row[live] = np.arange(len(live))
            self._rows.append(row)
        final = digits[self._live[4]]
        accept = (final[:, :4] == self._need).all(axis=1)
        for j, (_, _, low, high) in enumerate(self._counts):
            accept &= (final[:, 4 + j] >= low) & (final[:, 4 + j] <= high)
        self._weights: list[np.ndarray] = [np.zeros(0, dtype=np.int64)] * 4 + [
            accept.astype(np.int64)]
        self._cumulative: list[np.ndarray] = [np.zeros((0, 0), dtype=np.int64)] * 4
        for k in range(3, -1, -1):
            table = self._tables[k]
            live = self._live[k]
            fits = (seat_digits[live][:, None, :] + seat_digits[table.keys][None, :, :]
                    <= self._need).all(axis=2)
            target = self._rows[k + 1][np.where(fits, live[:, None] + table.keys[None, :], 0)]
            following = np.where(fits & (target >= 0), self._weights[k + 1][target], 0)
            self._cumulative[k] = np.cumsum(following * table.sizes[None, :], axis=1)
            self._weights[k] = self._cumulative[k][:, -1].copy()

    @classmethod
    def of(cls, constraints: Constraints) -> DealSampler:
        """The sampler of ``constraints``, shared with the recent callers that asked for
        equal ones (the last 16 are kept): a sampler does not change once built,
        and the paths that read an auction or choose a card often build the same one twice.

        >>> c = Constraints().with_text(hand=["S:JH 9H AH TH 7S 8S KD AC"])
        >>> DealSampler.of(c) is DealSampler.of(Constraints().with_text(
        ...     hand=["S:JH 9H AH TH 7S 8S KD AC"]))
        True
        """
        return _shared(constraints)

    def count(self) -> int:
        """The exact number of deals consistent with the constraints."""
        return int(self._weights[0][0])

    def _generate(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``n`` deals as an ``(n, 4)`` array of hand masks, drawn with ``rng``."""
        state = np.zeros(n, dtype=np.int64)
        hands = np.tile(self._known, (n, 1))
        for k, table in enumerate(self._tables):
            row = self._rows[k][state]
            ticket = rng.integers(0, self._weights[k][row], dtype=np.int64)
            group = (self._cumulative[k][row] <= ticket[:, None]).sum(axis=1)
            pick = table.offsets[group] + rng.integers(0, table.sizes[group], dtype=np.int64)
            hands |= table.masks[pick]
            state += table.keys[group]
        return hands

    def sample(self, rng: np.random.Generator | random.Random | int | None = None) -> Deal:
        """One deal drawn with ``rng``: a numpy generator, a :class:`random.Random` or a seed."""
        if isinstance(rng, random.Random):
            rng = np.random.default_rng(rng.getrandbits(64))
        elif not isinstance(rng, np.random.Generator):
            rng = np.random.default_rng(rng)
        return _deal(self._generate(rng, 1)[0])

    def iter_masks(self, seed: int, start: int, n: int) -> Iterator[np.ndarray]:
        """Deals ``start .. start + n - 1`` of stream ``seed``, one array per block touched.

        ``seed``, ``start`` and ``n`` are non-negative ints (numpy's too);
        anything else raises :class:`~belote.errors.BeloteError`.
        """
        seed, start, n = (_count(seed, "seed"), _count(start, "start"), _count(n, "n"))
        stop = start + n
        for block in range(start // BLOCK, -(-stop // BLOCK)):
            hands = self._block(seed, block)
            lo, hi = max(start - block * BLOCK, 0), min(stop - block * BLOCK, BLOCK)
            yield hands[lo:hi]

    def _block(self, seed: int, block: int) -> np.ndarray:
        """Block ``block`` of stream ``seed`` (read-only), kept for the next small draws.

        Callers often draw a few deals at a time (a work item of the bid
        advisor holds 8), so the last blocks drawn are kept rather than drawn
        again for each. Drawing a block twice (two threads at once) is
        harmless: it is the same block.
        """
        key = (seed, block)
        hands = self._blocks.get(key)
        if hands is None:
            rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, block])))
            hands = self._generate(rng, BLOCK)
            hands.flags.writeable = False
            if len(self._blocks) >= _KEPT_BLOCKS:
                self._blocks.clear()
            self._blocks[key] = hands
        return hands

    def draw_masks(self, seed: int, start: int, n: int) -> np.ndarray:
        """Deals ``start .. start + n - 1`` of stream ``seed`` as ``(n, 4)`` uint32 hand masks.

        Deal ``i`` depends only on ``seed`` and ``i``.
        """
        parts = list(self.iter_masks(seed, start, n))
        return np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint32)

    def draw(self, seed: int, start: int, n: int) -> list[Deal]:
        """Deals ``start .. start + n - 1`` of stream ``seed`` as :class:`Deal` objects."""
        return [_deal(row) for row in self.draw_masks(seed, start, n)]

    def __repr__(self) -> str:
        return f"DealSampler({self.constraints!r})"


ALL_CARDS_MASK_BELOW = tuple((1 << (8 * k)) - 1 for k in range(5))
"""The cards of suits ``0..k-1``, per ``k``."""


@functools.lru_cache(maxsize=16)
def _shared(constraints: Constraints) -> DealSampler:
    return DealSampler(constraints)


def _live_counts(constraints: Constraints, free: int) -> list[tuple[int, int, int, int]]:
    """The card counts left to the dynamic programme: ``(seat, cards, low, high)``.

    Known cards are taken off each range; a count none of whose cards is
    dealt at random is checked here and dropped.
    """
    out = []
    for count in constraints.counts:
        held = (count.cards.mask & constraints.known[count.seat].mask).bit_count()
        low, high = count.low - held, count.high - held
        if not (count.cards.mask & free):
            if not low <= 0 <= high:
                raise ConstraintError(f"no deal satisfies the constraints: {count.text()}, "
                                      f"but {seat_name(count.seat)}'s share of them is known "
                                      f"({held})")
            continue
        out.append((count.seat, count.cards.mask & free, max(low, 0), high))
    return out


def _count(value: object, what: str) -> int:
    """``value`` as a non-negative int, or :class:`BeloteError` naming ``what``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or value < 0:
        raise BeloteError(f"{what}={value!r}: expected a non-negative int")
    return int(value)


def _deal(row: np.ndarray) -> Deal:
    return Deal([CardSet(int(m)) for m in row])


def _suit_reason(constraints: Constraints, suit: int, unseen: int, need: list[int]) -> str:
    """Why no assignment of ``suit``'s unseen cards meets that suit's constraints."""
    said = []
    for seat in SEATS:
        name = seat_name(seat)
        if need[seat] == 0:
            said.append(f"{name}'s hand is complete")
        length = constraints.lengths[seat][suit]
        if length != NO_LIMIT:
            said.append(f"{name} {SUIT_NAMES[suit]}{_text(*length)}")
        points = constraints.points[seat][suit]
        if points != ANY_POINTS:
            said.append(f"{name} {SUIT_NAMES[suit]} points {_text(*points)}")
        allowed = constraints.holdings[seat][suit]
        if allowed != ALL_HOLDINGS:
            said.append(f"{name}'s {SUIT_NAMES[suit]} holdings limited to "
                        f"{allowed.bit_count()} of 256")
        known = constraints.known[seat].mask & SUIT_MASKS[suit]
        if known:
            said.append(f"{name} holds {CardSet(known)}")
        excluded = constraints.excluded[seat].mask & SUIT_MASKS[suit]
        if excluded:
            said.append(f"{name} cannot hold {CardSet(excluded)}")
    return (f"no way to deal the {unseen} unseen {SUIT_NAMES[suit]} "
            f"({', '.join(said) or 'no constraint'})")


def _text(low: int, high: int) -> str:
    return f"={low}" if low == high else f"{low}-{high}"


_SUIT_TEXT = tuple("".join(PBN_RANK_ORDER[i] for i in range(8)
                           if bits >> RANK_NAMES.index(PBN_RANK_ORDER[i]) & 1)
                   for bits in range(256))
"""The PBN ranks of a suit, indexed by the suit's 8-bit mask."""


def deal_pbn(hands: np.ndarray | list[int], first: Seat = NORTH) -> str:
    """PBN deal notation of four hand masks, starting with seat ``first`` (fast).

    >>> deal_pbn([0xFF, 0xFF00, 0xFF0000, 0xFF000000], first=1)
    'E:.AKQJT987.. ..AKQJT987. ...AKQJT987 AKQJT987...'
    """
    hands = [int(hands[(first + i) % 4]) for i in range(4)]
    return seat_name(first) + ":" + " ".join(
        ".".join(_SUIT_TEXT[h >> (8 * s) & 0xFF] for s in SUITS) for h in hands)


RANDOM_DEALER = "random"
"""The dealer of :func:`deal_rows` drawn per board from the seed."""

ROWS_CHUNK = 8192
"""Deals drawn and formatted per chunk by :func:`deal_rows`."""


def _dealers(dealer: Seat | str | None, seed: int, start: int, n: int) -> list[Seat]:
    """The dealers of boards ``start .. start + n - 1`` (0-based): in turn from N, one
    seat, or drawn per block of :data:`BLOCK` boards from ``seed`` (independent of ``n``)."""
    if dealer is None:
        return [SEATS[i % 4] for i in range(start, start + n)]
    if dealer != RANDOM_DEALER:
        return [dealer] * n  # type: ignore[list-item]
    drawn: list[Seat] = []
    for block in range(start // BLOCK, -(-(start + n) // BLOCK)):
        seats = np.random.default_rng([seed, block, 1]).integers(0, 4, BLOCK)
        lo, hi = max(start - block * BLOCK, 0), min(start + n - block * BLOCK, BLOCK)
        drawn.extend(int(d) for d in seats[lo:hi])
    return drawn


def deal_rows(sampler: DealSampler, seed: int, count: int,
              dealer: Seat | str | None = None, *, chunk: int = ROWS_CHUNK
              ) -> Iterator[tuple[list[str], list[Seat], list[str]]]:
    """Boards 1..``count`` of stream ``seed`` as chunks ``(boards, dealers, deals)``.

    What ``belote deal`` writes, ready for :func:`belote.formats.rows.write_deals`:
    one chunk of at most ``chunk`` boards at a time, so memory stays flat
    whatever ``count``. ``dealer``: ``None`` (N, E, S, W in turn from board
    1), a seat, or :data:`RANDOM_DEALER`. Board ``i`` depends only on the
    seed and ``i``, not on ``count`` or ``chunk``.

    >>> from belote.sampling import Constraints
    >>> rows = list(deal_rows(DealSampler(Constraints()), 1, 3, chunk=2))
    >>> [(b, d) for boards, dealers, _ in rows for b, d in zip(boards, dealers)]
    [('1', 0), ('2', 1), ('3', 2)]
    """
    for start in range(0, count, chunk):
        n = min(chunk, count - start)
        dealers = _dealers(dealer, seed, start, n)
        deals = [deal_pbn(row, dealers[i]) for i, row in
                 enumerate(sampler.draw_masks(seed, start, n))]
        yield [str(start + i + 1) for i in range(n)], dealers, deals
