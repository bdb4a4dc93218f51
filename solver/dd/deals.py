"""Many full deals at once: the batch twins of :func:`~.solve.dd_table` and :func:`~.solve.reaches`.

A batch is an ``(n, 4)`` integer array of face masks: the hands N E S W of
``n`` deals of eight cards each, as
:meth:`~belote.solver.sampling.sampler.DealSampler.draw_masks` gives them.
Every deal is played from its opening lead by ``leader``. One kernel call
(:func:`._kernels.search_deals`) searches the whole batch, with no Python
object per deal: on the bid advisor's samples that is about 6% of the time
of solving them one :class:`~belote.solver.rules.play.Position` at a time
(``bench/RESULTS.md``). Each deal gets its own generation of the context's
transposition table, so the values are those of the one-deal functions.

>>> from belote.solver import COINCHE, Deal
>>> from belote.solver.dd import dd_table
>>> from belote.solver.types.cards import HEARTS
>>> deals = [Deal.random(seed) for seed in range(3)]
>>> hands = hands_array(deals)
>>> tables = dd_tables(hands, 0, COINCHE, trumps=[HEARTS])
>>> tables.shape, [int(v) for v in tables[:, 0, 0]] == [
...     dd_table(d, 0, COINCHE, trumps=[HEARTS])[HEARTS, 0] for d in deals]
((3, 1, 2), True)
>>> reaches_deals(hands, HEARTS, 0, COINCHE, 0, tables[:, 0, 0]).all()
np.True_
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..errors import DealError
from ..rules.profiles import RuleProfile, get_profile
from ..types.cards import SUITS, Suit
from ..types.deal import Deal, Seat, Side
from .solve import (_NO_NODE_LIMIT, SearchContext, SearchLimitError, _check_seat, _check_side,
                    _check_trump, _fields, _load_kernels, default_context, kernel_layout)

__all__ = ["dd_tables", "hands_array", "reaches_deals"]

_FULL_PACK = (1 << 32) - 1
_BYTE_POPCOUNT = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)


def hands_array(deals: Iterable[Deal]) -> np.ndarray:
    """The ``(n, 4)`` int64 array of face masks of ``deals`` (what the batch functions take).

    >>> from belote.solver import Deal
    >>> hands_array([Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")])
    array([[       255,      65280,   16711680, 4278190080]])
    """
    rows = [[hand.mask for hand in deal.hands] for deal in deals]  # type: ignore[union-attr]
    return np.array(rows, dtype=np.int64).reshape(-1, 4)


def _checked(hands: object) -> np.ndarray:
    """``hands`` as C-contiguous int64 face masks, or :class:`DealError` naming the first bad deal.

    Refused: anything but an ``(n, 4)`` array of integers in ``0 .. 2**32 - 1``,
    and any deal whose hands are not four disjoint hands of eight cards.
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != 4 or not np.issubdtype(array.dtype, np.integer):
        raise DealError(f"hands: expected an (n, 4) array of integer masks, not "
                        f"{array.dtype} of shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > _FULL_PACK):
        raise DealError("hands: a mask is not a 32-bit card set (0 .. 2**32 - 1)")
    masks = np.ascontiguousarray(array, dtype=np.int64)
    sizes = sum(_BYTE_POPCOUNT[(masks >> shift) & 255] for shift in (0, 8, 16, 24))
    union = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    bad = np.flatnonzero((sizes != 8).any(axis=1) | (union != _FULL_PACK))
    if bad.size:
        i = int(bad[0])
        raise DealError(f"deal {i} of the batch: hands of {' '.join(map(str, sizes[i]))} "
                        "cards (N E S W) that do not make the 32-card pack, 8 each")
    return masks


def _searched(hands: np.ndarray, trump: Suit, leader: Seat, profile: RuleProfile, side: Side,
              alphas: np.ndarray, betas: np.ndarray, context: SearchContext) -> np.ndarray:
    """Fail-soft whole-deal scores ``r`` of ``side`` (see :mod:`._kernels`) of checked ``hands``."""
    k = _load_kernels()
    layout = kernel_layout(profile, trump)
    table = layout.mask_table
    kernel_hands = (table[0][hands & 255] | table[1][(hands >> 8) & 255]
                    | table[2][(hands >> 16) & 255] | table[3][(hands >> 24) & 255])
    n = len(hands)
    out = np.zeros(n, dtype=np.int64)
    with context.lock:
        first = context.begin_many(n)
        ws = context.memory
        fields = _fields(profile, trump, side, context.entries)
        ws[:len(fields)] = fields
        ws[k.GENERATION] = first
        context.owner = None
        nodes, hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        stopped = int(k.search_deals(ws, kernel_hands, np.int64(leader),
                                     np.int64(layout.points.sum()), alphas, betas,
                                     np.int64(context.max_nodes or _NO_NODE_LIMIT), out))
        after, after_hits = ws[k.NODES:k.TT_HITS + 1].tolist()
        context.nodes += after - nodes
        context.tt_hits += after_hits - hits
        if stopped >= 0:
            context.retire()
            raise SearchLimitError(f"deal {stopped} of the batch: the search was stopped after "
                                   f"{context.max_nodes:,} nodes (its node limit)")
    return out


def _arguments(hands: object, trump: Suit, leader: Seat, profile: RuleProfile | str,
               side: Side) -> tuple[np.ndarray, RuleProfile]:
    profile = get_profile(profile)
    _check_trump(trump)
    _check_seat(leader, "leader")
    _check_side(side)
    return _checked(hands), profile


def dd_tables(hands: object, leader: Seat, profile: RuleProfile | str, *,
              trumps: Sequence[Suit] = SUITS, context: SearchContext | None = None
              ) -> np.ndarray:
    """Exact values of each deal of ``hands`` for each trump: an ``(n, len(trumps), 2)`` array.

    ``out[i, j]`` is (NS, EW) of deal ``i`` with trump ``trumps[j]``, as
    :func:`~.solve.dd_table` gives them (trick points, 252 for taking every
    trick; belote apart). One search per deal and trump gives both sides.
    """
    trumps = tuple(trumps)
    if not trumps:
        raise DealError("a table needs at least one trump")
    for trump in trumps:
        _check_trump(trump)
    masks, rules = _arguments(hands, trumps[0], leader, profile, 0)
    context = context or default_context()
    out = np.zeros((len(masks), len(trumps), 2), dtype=np.int64)
    wide = np.full(len(masks), 1000, dtype=np.int64)
    total = rules.total_trick_points
    for j, trump in enumerate(trumps):
        r = _searched(masks, trump, leader, rules, 0, -wide, wide, context)
        out[:, j, 0] = np.maximum(r, 0)
        out[:, j, 1] = np.maximum(total - r, 0)
    return out


def reaches_deals(hands: object, trump: Suit, leader: Seat, profile: RuleProfile | str,
                  side: Side, targets: int | Sequence[int] | np.ndarray, *,
                  context: SearchContext | None = None) -> np.ndarray:
    """Per deal of ``hands``: can ``side`` guarantee ``targets`` (one, or one per deal) points?

    The batch twin of :func:`~.solve.reaches`: a boolean array, one
    threshold search per deal with a target above 0 (a target of 0 or less
    is always reached).
    """
    masks, rules = _arguments(hands, trump, leader, profile, side)
    need = np.asarray(targets)
    if need.ndim > 1 or (need.ndim == 1 and len(need) != len(masks)) or not (
            np.issubdtype(need.dtype, np.integer)):
        raise DealError(f"targets: expected an int or one int per deal ({len(masks)}), "
                        f"not {need.dtype} of shape {need.shape}")
    need = np.broadcast_to(need.astype(np.int64), (len(masks),))
    context = context or default_context()
    out = need <= 0
    todo = np.flatnonzero(~out)
    if todo.size:
        goal = np.ascontiguousarray(need[todo])
        out[todo] = _searched(masks[todo], trump, leader, rules, side, goal - 1, goal,
                              context) >= goal
    return out
