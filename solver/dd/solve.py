"""The double-dummy API: exact values of positions and deals.

The value of a position for a side is the number of trick points that side
can guarantee from the whole deal with all cards visible, the other side
playing to minimise it (points of completed tricks count; last trick 10, or
252 in all for a side taking every trick; belote is reported apart).

>>> from belote import COINCHE, EW, NORTH, NS, SPADES, Deal
>>> deal = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
>>> table = dd_table(deal, leader=NORTH, profile=COINCHE, trumps=[SPADES])
>>> table[SPADES, NS], table[SPADES, EW]
(252, 0)
"""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple
from pathlib import Path

import numpy as np

from ..types.cards import (HEARTS, SPADES, SUITS, Card, CardSet, Mask, Suit, as_suits,  # noqa: F401
                           card_name, one_or_many)
from ..types.deal import (EW, NORTH, NS, SIDES, Deal, Seat, Side, SidePair, as_seat,  # noqa: F401
                          as_side, side_name)
from ..errors import BeloteError, DealError, SearchLimitError
from ..rules.play import Position, legal_cards, trick_winner_index
from ..types.profile import RuleProfile, get_profile

__all__ = [
    "CardValue", "DDTable", "PositionAnalysis", "SearchContext", "position_analysis",
    "dd_table", "default_context", "equivalence_classes", "kernel_layout", "reaches",
    "layout_values", "reaches_targets", "solve_position",
]

DEFAULT_TT_BITS = 16
"""log2 of the transposition-table entries (2**16 entries of 16 bytes: 1 MiB).

The table holds trick-start positions only. On 80 seeded deals (4 trumps
each), tables of 2**15 to 2**18 entries searched within 1.5% of the same
number of nodes in the same time; on the bid advisor's samples 2**16 is 4%
faster than 2**18 (fewer cache misses)."""

_kernels = None


def _import_kernels():
    """Import :mod:`._kernels`; where numba finds no writable cache location, use a new temporary
    one (with a one-line note naming ``NUMBA_CACHE_DIR``) rather than fail.

    numba caches the compiled kernels next to their source (``__pycache__``), else in the user's
    cache directory (``~/.cache/numba``), else nowhere it may write: a read-only installation
    with a read-only home (a container, a service account). Worker processes inherit the
    temporary directory through ``NUMBA_CACHE_DIR``, so they load what this process compiled.
    """
    import importlib

    name = __name__.rpartition(".")[0] + "._kernels"
    try:
        return importlib.import_module(name)  # numba is imported here, not at package import
    except RuntimeError as e:
        if "no locator available" not in str(e):
            raise
    sys.modules.pop(name, None)
    import tempfile

    import numba

    directory = tempfile.mkdtemp(prefix="belote-numba-cache-")
    numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"] = directory  # type: ignore[attr-defined]
    print(f"belote: no writable numba cache location (package directory, home): using "
          f"{directory} for this run; set NUMBA_CACHE_DIR to a writable directory to keep the "
          f"compiled solver", file=sys.stderr, flush=True)
    return importlib.import_module(name)


def _load_kernels():
    """Import the numba kernels, saying so once when they must be compiled."""
    global _kernels
    if _kernels is None:
        kernels = _import_kernels()
        cache = getattr(kernels.search, "_cache", None)
        index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
        if index is not None and not Path(index).exists():
            print("belote: compiling the solver kernels (first run only, about 12 s)...",
                  file=sys.stderr, flush=True)
        _kernels = kernels
    return _kernels


@dataclass(frozen=True)
class KernelLayout:
    """Card tables of the kernel for one trump under one rule profile.

    ``to_kernel[c]`` is the kernel index of face card ``c`` (suit * 8 +
    playing strength) and ``to_face`` the inverse; ``points`` is indexed by
    kernel card. ``byte_masks[s][b]`` and ``byte_points[s][b]`` translate the
    eight face bits ``b`` of suit ``s`` at once (kernel bits, card points);
    ``point_values`` is ``points`` as a tuple of ints (quicker to read from Python);
    ``mask_table`` is ``byte_masks`` as a ``(4, 256)`` int64 array (for arrays of masks).
    """

    to_kernel: tuple[int, ...]
    to_face: tuple[int, ...]
    points: np.ndarray
    byte_masks: tuple[tuple[int, ...], ...]
    byte_points: tuple[tuple[int, ...], ...]
    point_values: tuple[int, ...]
    mask_table: np.ndarray

    def mask(self, face_mask: Mask) -> int:
        """The kernel mask of a face mask."""
        m = self.byte_masks
        return (m[0][face_mask & 255] | m[1][face_mask >> 8 & 255]
                | m[2][face_mask >> 16 & 255] | m[3][face_mask >> 24 & 255])

    def points_of(self, face_mask: Mask) -> int:
        """The card points of the cards of a face mask."""
        p = self.byte_points
        return (p[0][face_mask & 255] + p[1][face_mask >> 8 & 255]
                + p[2][face_mask >> 16 & 255] + p[3][face_mask >> 24 & 255])


@functools.lru_cache(maxsize=64)
def kernel_layout(profile: RuleProfile, trump: Suit) -> KernelLayout:
    """Build the kernel card layout for ``trump`` from the profile's orders and points."""
    to_kernel = [(face & 56) + profile.strength(face, trump) for face in range(32)]
    to_face = [0] * 32
    points = np.zeros(32, dtype=np.int64)
    for face, k in enumerate(to_kernel):
        to_face[k] = face
        points[k] = profile.card_points(face, trump)
    byte_masks = []
    byte_points = []
    for suit in SUITS:
        masks = [0] * 256
        card_points = [0] * 256
        for b in range(1, 256):
            low = (b & -b).bit_length() - 1
            card = suit * 8 + low
            masks[b] = masks[b & (b - 1)] | 1 << to_kernel[card]
            card_points[b] = card_points[b & (b - 1)] + points[to_kernel[card]]
        byte_masks.append(tuple(masks))
        byte_points.append(tuple(int(p) for p in card_points))
    table = np.array(byte_masks, dtype=np.int64)
    table.flags.writeable = False
    return KernelLayout(tuple(to_kernel), tuple(to_face), points, tuple(byte_masks),
                        tuple(byte_points), tuple(int(p) for p in points), table)


@functools.lru_cache(maxsize=256)
def _fields(profile: RuleProfile, trump: Suit, side: Side, entries: int) -> np.ndarray:
    """The kernel workspace fields of one search target, generation 0 (see :mod:`._kernels`).

    Read-only and shared: a search copies them into its context's memory and
    sets its generation there.
    """
    k = _load_kernels()
    layout = kernel_layout(profile, trump)
    ws = np.zeros(k.WS_SIZE, dtype=np.int64)
    ws[k.TT_ENTRIES] = entries
    ws[k.POINTS:k.POINTS + 32] = layout.points
    ws[k.SIDE] = side
    ws[k.TRUMP] = trump
    ws[k.LAST_BONUS] = profile.last_trick_bonus
    ws[k.CAPOT_EXTRA] = profile.capot_trick_points - (
        profile.total_trick_points - profile.last_trick_bonus)
    ws[k.UNDERTRUMP] = profile.undertrump_when_cannot_overtrump
    ws[k.OVERTRUMP_LEAD] = profile.overtrump_on_trump_lead
    ws[k.PARTNER_FREES] = profile.partner_winning_frees
    ws[k.MUST_TRUMP] = profile.must_trump_when_void
    ws[k.MUST_OVERTRUMP] = profile.must_overtrump_ruff
    ws[k.ROOT_PLY] = -1
    ws.flags.writeable = False
    return ws


class SearchContext:
    """A transposition table and node counters, reusable across solves.

    Bounds stay valid while the deal, trump, side and rules stay the same, so
    consecutive searches of one deal for one side (several thresholds, the
    positions of one play record) share them; a search of anything else
    opens a new generation (:meth:`begin`), which retires every older entry
    without clearing memory. The table has ``2**tt_bits`` entries of 16 bytes.
    It lives in ``memory``, one array with the kernels' workspace fields in
    front of it (see :mod:`._kernels`), which the solve using the context
    fills in; ``owner`` is that solve.

    A context is safe to share between threads: each public solving call
    holds its ``lock`` for its whole duration (so calls on one context run
    one at a time). Give each thread its own context for parallel work; the
    default context (:func:`default_context`) is one per thread.
    """

    MAX_GENERATION = (1 << 26) - 1

    def __init__(self, tt_bits: int = DEFAULT_TT_BITS, *, max_nodes: int | None = None) -> None:
        """A table of ``2**tt_bits`` entries; each search may visit at most ``max_nodes``.

        ``max_nodes`` (``None``: no limit) guards against runaway searches: a
        search that reaches it raises :class:`SearchLimitError`.
        """
        if not isinstance(tt_bits, int) or not 4 <= tt_bits <= 30:
            raise BeloteError(f"tt_bits={tt_bits!r}: expected an int from 4 to 30")
        if max_nodes is not None and (type(max_nodes) is not int
                                      or not 1 <= max_nodes <= _NO_NODE_LIMIT):
            raise BeloteError(f"max_nodes={max_nodes!r}: expected an int from 1 to 2**62 "
                              "or None")
        self.max_nodes = max_nodes
        k = _load_kernels()
        self.entries = 1 << tt_bits
        self.memory = np.full(k.TT + 2 * self.entries, -1, dtype=np.int64)
        self.owner: _Search | None = None
        self.nodes = 0
        self.tt_hits = 0
        self.generation = 0
        self.lock = threading.RLock()
        self._target: tuple[object, ...] | None = None

    def __repr__(self) -> str:
        limit = "" if self.max_nodes is None else f", max_nodes={self.max_nodes}"
        return f"SearchContext(tt_bits={self.entries.bit_length() - 1}{limit})"

    def __getstate__(self) -> None:
        raise TypeError("a SearchContext is not picklable: make one in each process")

    @property
    def tt(self) -> np.ndarray:
        """The transposition table: two words per entry (a view of ``memory``)."""
        return self.memory[_load_kernels().TT:]

    def retire(self) -> None:
        """Retire every entry of the table (after a search was cut short)."""
        self._target = None
        self.begin()

    def begin(self, target: tuple[object, ...] | None = None) -> int:
        """The table generation for a search of ``target``; a new one unless it is the last's.

        ``target`` identifies what the stored bounds depend on (deal, trump,
        side, rules); ``None`` always starts a new generation.
        """
        if target is None or target != self._target:
            self.generation += 1
            if self.generation > self.MAX_GENERATION:
                self.tt.fill(-1)
                self.generation = 1
            self._target = target
        return self.generation

    def begin_many(self, count: int) -> int:
        """The first of ``count`` new consecutive generations (one per deal of a batch).

        The next :meth:`begin` starts a new generation whatever its target.
        """
        if not 0 <= count <= self.MAX_GENERATION:
            raise BeloteError(f"{count} generations do not fit one table")
        if self.generation + count > self.MAX_GENERATION:
            self.tt.fill(-1)
            self.generation = 0
        first = self.generation + 1
        self.generation += count
        self._target = None
        return first


_NO_NODE_LIMIT = 1 << 62
"""The node limit of a context without one."""



_thread_contexts = threading.local()


def default_context(max_nodes: int | None = None) -> SearchContext:
    """The calling thread's search context with node limit ``max_nodes`` (one per thread).

    The solving functions use the one without a limit when given no context.
    """
    contexts = getattr(_thread_contexts, "contexts", None)
    if contexts is None:
        contexts = _thread_contexts.contexts = {}
    context = contexts.get(max_nodes)
    if context is None:
        context = contexts[max_nodes] = SearchContext(max_nodes=max_nodes)
    return context


class _Search:
    """One solve target: a deal in play, a trump, a side; kernel arguments ready."""

    def __init__(self, position: Position, side: Side, context: SearchContext) -> None:
        self.side = side
        self.context = context
        self.kernels = _load_kernels()
        self.total = position.profile.total_trick_points
        self.layout = kernel_layout(position.profile, position.trump)
        self.fields = _fields(position.profile, position.trump, side, context.entries)
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

    def _kernel_position(self, position: Position) -> tuple[int, ...]:
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
        limit = nodes + (context.max_nodes or _NO_NODE_LIMIT)
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
        args = self._kernel_position(position)
        return self._count(lambda: k.search(self.ws, *args, alpha, beta))

    def card_classes(self, position: Position) -> list[tuple[tuple[Card, ...], int]]:
        """Each class of :func:`equivalence_classes` with the side's exact whole-deal score ``r``.

        One kernel call searches the strongest card of each class.
        """
        k = self.kernels
        args = self._kernel_position(position)
        count = self._count(lambda: k.root_scores(self.ws, *args))
        out = self.ws[k.ROOT_CARDS:k.ROOT_LEGAL + 1].tolist()  # cards, scores, legal mask
        cards_at = k.ROOT_SCORES - k.ROOT_CARDS
        base = position.points[self.side]
        scores = dict(zip(out[:count], out[cards_at:cards_at + count]))
        face = self.layout.to_face.__getitem__
        return [(tuple(map(face, cls)), base + scores[cls[0]])
                for cls in _kernel_classes(self.layout, out[-1], self.live)]

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


def _check(position: Position, side: object = NS) -> Side:
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


def solve_position(position: Position, side: Side | str, *,
                   context: SearchContext | None = None) -> int:
    """The exact double-dummy value of ``position`` for ``side`` (whole deal).

    >>> from belote import Deal, COINCHE
    >>> pos = Position(Deal.random(3), trump="H", leader="E", profile=COINCHE)
    >>> v = solve_position(pos, NS); 0 <= v <= 252, solve_position(pos, "NS") == v
    (True, True)
    >>> solve_position(pos, 2)
    Traceback (most recent call last):
    ...
    belote.errors.CardError: side 2 is not a side (expected one of NS EW, or 0..1)
    """
    side = _check(position, side)
    context = context or default_context()
    with context.lock:
        return _Search(position, side, context).values(position)[side]


def reaches(position: Position, side: Side | str, target: int, *,
            context: SearchContext | None = None) -> bool:
    """Whether ``side`` can guarantee at least ``target`` points (a threshold search).

    Cheaper than :func:`solve_position`: one null-window search.
    """
    return reaches_targets(position, side, (target,), context=context)[0]


def reaches_targets(position: Position, side: Side | str, targets: Iterable[int], *,
                    context: SearchContext | None = None) -> tuple[bool, ...]:
    """For each of ``targets``, whether ``side`` can guarantee that many points.

    The answers are monotone in the target, so the distinct targets are
    bisected (about log2 of their number of null-window searches) and every
    search shares one transposition table, whose bounds carry over from one
    target to the next.

    >>> from belote import Deal, COINCHE
    >>> pos = Position(Deal.random(3), trump=1, leader=1, profile=COINCHE)
    >>> v = solve_position(pos, NS)
    >>> reaches_targets(pos, NS, [v + 1, 0, v, 253])
    (False, True, True, False)
    """
    side = _check(position, side)
    targets = tuple(targets)
    for target in targets:
        if type(target) is not int and not isinstance(target, np.integer):
            raise DealError(f"target {target!r} is not an int")
    ordered = sorted({int(t) for t in targets})
    context = context or default_context()
    with context.lock:
        search = _Search(position, side, context)
        lo, hi = 0, len(ordered)  # ordered[:lo] are reached, ordered[hi:] are not
        while lo < hi:
            mid = (lo + hi) // 2
            if search.reaches(position, ordered[mid]):
                lo = mid + 1
            else:
                hi = mid
    answers = {t: i < lo for i, t in enumerate(ordered)}
    return tuple(answers[int(t)] for t in targets)


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


def equivalence_classes(position: Position) -> list[tuple[Card, ...]]:
    """Group the legal cards of the player to move into interchangeable classes.

    Cards are interchangeable when they are of one suit, no card still live
    (in a hand or in the current trick) lies between them in playing order,
    and they carry the same points. Each class is listed strongest first,
    suits in the order spades, hearts, diamonds, clubs.

    >>> from belote import Deal, COINCHE
    >>> deal = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
    >>> classes = equivalence_classes(Position(deal, SPADES, NORTH, COINCHE))
    >>> [" ".join(card_name(c) for c in cls) for cls in classes]
    ['JS', '9S', 'AS', 'TS', 'KS', 'QS', '8S 7S']
    """
    lay = kernel_layout(position.profile, position.trump)
    legal = lay.mask(legal_cards(position.hands[position.to_move], position.trick,
                                 position.trump, position.profile))
    live = lay.mask(sum(position.hands) | sum(1 << c for c in position.trick))
    to_face = lay.to_face
    return [tuple(to_face[c] for c in cls) for cls in _kernel_classes(lay, legal, live)]


def _kernel_classes(lay: KernelLayout, legal: int, live: int) -> list[list[int]]:
    """:func:`equivalence_classes` in kernel cards, from kernel masks of the legal and live cards.

    The first card of each class is the one the kernels search
    (``_kernels._order_moves`` leaves out the others).
    """
    points = lay.point_values
    classes: list[list[int]] = []
    for base in (0, 8, 16, 24):  # kernel suits are face suits: S H D C in turn
        bits = legal >> base & 255
        while bits:  # the legal cards of the suit, strongest first
            strength = bits.bit_length() - 1
            bits ^= 1 << strength
            k = base + strength
            up = live >> (k + 1) & ((1 << (7 - strength)) - 1)  # live cards above k
            if up:
                above = k + (up & -up).bit_length()  # the live card just above k
                if legal >> above & 1 and points[above] == points[k]:
                    classes[-1].append(k)  # ``above`` is the last card placed
                    continue
            classes.append([k])
    return classes


def position_analysis(position: Position, *,
                     context: SearchContext | None = None) -> PositionAnalysis:
    """Solve ``position`` for both sides and value every legal card."""
    _check(position)
    context = context or default_context()
    with context.lock:
        search = _Search(position, NS, context)
        classes = search.card_classes(position)
    maximise = position.to_move & 1 == NS
    cards = []
    best_r = classes[0][1]
    new = tuple.__new__  # CardValue(card, values, cls) without the NamedTuple's argument parsing
    for cls, r in classes:
        values = search.both_values(r)
        cards.extend([new(CardValue, (card, values, cls)) for card in cls])
        if r > best_r if maximise else r < best_r:
            best_r = r
    value = search.both_values(best_r)
    return PositionAnalysis(position.to_move, position.trump, value, tuple(cards),
                            position.belote_side())


def layout_values(position: Position, layouts: object, *,
                  context: SearchContext | None = None
                  ) -> tuple[list[tuple[Card, ...]], np.ndarray]:
    """Every legal card's whole-deal values on many layouts of ``position``'s hidden cards.

    ``layouts`` is an ``(n, 4)`` array of face masks N E S W: each row a
    way of holding the cards ``position``'s hands hold now, with the player
    to move holding their own hand (the rest is what that player cannot
    see). The answer is the player's :func:`equivalence_classes` (the same
    on every such layout) and an ``(n, len(classes), 2)`` int64 array:
    ``out[i, j]`` is (NS, EW) after the first card of class ``j`` on layout
    ``i``, as :func:`position_analysis` of that layout gives them (trick
    points of the whole deal, belote apart). One kernel call
    (:func:`._kernels.layout_scores`) searches them all, each layout on its
    own table generation. Raises :class:`DealError` for a row that is not
    such a layout.

    >>> from belote import Deal, COINCHE
    >>> pos = Position(Deal.from_pbn("N:A7... T8... K9... QJ..."), trump=1, leader=0,
    ...                profile=COINCHE, points=(80, 42), tricks_won=(4, 2))
    >>> n, e, s, w = pos.hands
    >>> classes, values = layout_values(pos, [[n, e, s, w], [n, s, e, w]])  # E and S swapped
    >>> [[card_name(c) for c in cls] for cls in classes], values[:, :, 0].tolist()
    ([['AS'], ['7S']], [[97, 107], [120, 120]])
    """
    _check(position)
    try:
        masks = np.asarray(layouts)
    except (TypeError, ValueError):
        masks = np.asarray(None)
    if masks.ndim != 2 or masks.shape[1] != 4 or not np.issubdtype(masks.dtype, np.integer):
        raise DealError(f"layouts: expected an (n, 4) array of integer masks, not "
                        f"{masks.dtype} of shape {masks.shape}")
    masks = masks.astype(np.int64)
    hands = position.hands
    mover = position.to_move
    held = hands[0] | hands[1] | hands[2] | hands[3]
    sizes = np.array([h.bit_count() for h in hands], dtype=np.int64)
    union = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    counts = np.zeros(masks.shape, dtype=np.int64)
    for shift in range(32):
        counts += (masks >> shift) & 1
    bad = np.flatnonzero((masks[:, mover] != hands[mover]) | (union != held)
                         | (counts != sizes).any(axis=1) | (masks < 0).any(axis=1))
    if bad.size:
        raise DealError(f"layout {int(bad[0])}: not a layout of the cards held, with "
                        f"{'NESW'[mover]}'s own hand")
    context = context or default_context()
    with context.lock:
        search = _Search(position, NS, context)
        k = search.kernels
        lay = search.layout
        args = search._kernel_position(position)
        legal = lay.mask(legal_cards(hands[mover], position.trick, position.trump,
                                     position.profile))
        kernel_classes = _kernel_classes(lay, legal, search.live)
        heads = np.array([cls[0] for cls in kernel_classes], dtype=np.int64)
        table = lay.mask_table
        kernel_hands = np.ascontiguousarray(
            table[0][masks & 255] | table[1][(masks >> 8) & 255]
            | table[2][(masks >> 16) & 255] | table[3][(masks >> 24) & 255])
        scores = np.zeros((len(masks), len(heads)), dtype=np.int64)
        ws = search.ws
        ws[k.GENERATION] = context.begin_many(len(masks))
        context.owner = None
        nodes, hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        stopped = int(k.layout_scores(ws, kernel_hands, *(np.int64(a) for a in args), heads,
                                      np.int64(context.max_nodes or _NO_NODE_LIMIT), scores))
        after, after_hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        context.nodes += after - nodes
        context.tt_hits += after_hits - hits
        if stopped >= 0:
            context.retire()
            raise SearchLimitError(f"layout {stopped}: the search was stopped after "
                                   f"{context.max_nodes:,} nodes (its node limit)")
    r = scores + position.points[NS]
    total = position.profile.total_trick_points
    values = np.stack([np.maximum(r, 0), np.maximum(total - r, 0)], axis=2)
    to_face = lay.to_face
    return [tuple(to_face[c] for c in cls) for cls in kernel_classes], values


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


def dd_table(deal: Deal, leader: Seat | str, profile: RuleProfile | str, *,
             trumps: Iterable[Suit | str] | Suit | str = SUITS,
             sides: Sequence[Side | str] | Side | str = SIDES,
             context: SearchContext | None = None) -> DDTable:
    """Values of a full deal from the opening lead for each trump and side.

    ``leader`` is a seat (``"E"`` or ``belote.EAST``), ``trumps`` and
    ``sides`` one suit or side or several (``"H"``, ``["S", "H"]``, ``"NS"``).

    >>> from belote import Deal
    >>> table = dd_table(Deal.random(3), "E", "coinche", trumps="H", sides="NS")
    >>> list(table.values) == [(HEARTS, NS)], table.leader
    (True, 1)
    """
    profile = get_profile(profile)
    deal.validate(cards_each=8)
    first = as_seat(leader, "leader")
    suits = as_suits(trumps)
    wanted = tuple(as_side(side) for side in one_or_many(sides))
    if not suits or not wanted:
        raise DealError("a table needs at least one trump and one side")
    context = context or default_context()
    values: dict[tuple[Suit, Side], int] = {}
    belote: dict[Suit, Side | None] = {}
    with context.lock:
        for trump in suits:
            position = Position(deal, trump, first, profile)
            belote[trump] = position.belote_side()
            both = _Search(position, wanted[0], context).values(position)
            for side in wanted:
                values[trump, side] = both[side]
    return DDTable(first, values, belote)
