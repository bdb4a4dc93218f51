"""Many full deals at once: batch twins of ``dd_table``, ``solve_position`` and ``reaches``.

A batch is an ``(n, 4)`` integer array of face masks: the hands N E S W of
``n`` deals of eight cards each, as
:meth:`~belote.sampling.sampler.DealSampler.draw_masks` gives them.
Every deal is played from its opening lead by ``leader``. One kernel call
(:func:`._kernels.search_deals`) searches the whole batch, with no Python
object per deal: building a :class:`~belote.rules.play.Position` and
calling the kernel for each sample took 0.11-0.14 s of a 1.83 s run of the
bid advisor's one-contract question (``bench/RESULTS.md``). Each deal gets
its own generation of the context's transposition table, so the values are
those of the one-deal functions.

>>> from belote import COINCHE, HEARTS, Deal, dd_table
>>> deals = [Deal.random(seed) for seed in range(3)]
>>> hands = hands_array(deals)
>>> tables = dd_tables(hands, 0, COINCHE, trumps=[HEARTS])
>>> tables.shape, [int(v) for v in tables[:, 0, 0]] == [
...     dd_table(d, 0, COINCHE, trumps=[HEARTS])[HEARTS, 0] for d in deals]
((3, 1, 2), True)
>>> reaches_deals(hands, HEARTS, 0, COINCHE, 0, tables[:, 0, 0]).all()
np.True_
>>> values = solve_deals(hands, HEARTS, 0, COINCHE, 0)
>>> (values == tables[:, 0, 0]).all(), solve_deals(hands, HEARTS, 0, COINCHE, 0,
...                                                 floor=values + 1).tolist()
(np.True_, [-1, -1, -1])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..errors import DealError
from ..types.profile import RuleProfile, get_profile
from ..types.cards import SUITS, Suit, as_suit, as_suits, card_name
from ..types.deal import Deal, Seat, Side, as_seat, as_side, seat_name
from .context import SearchContext, default_context
from .layout import kernel_layout
from .loader import load_kernels
from .workspace import workspace_fields

__all__ = ["dd_tables", "hands_array", "reaches_deals", "solve_deals"]

_FULL_PACK = (1 << 32) - 1
_BYTE_POPCOUNT = np.array([bin(b).count("1") for b in range(256)], dtype=np.int64)
_WIDE = 1000
"""A window bound no score reaches (scores lie within -1000..1000)."""
_BATCH = 1 << 16
"""Deals searched per kernel call at most (each takes a table generation)."""


def hands_array(deals: Iterable[Deal]) -> np.ndarray:
    """The ``(n, 4)`` int64 array of face masks of ``deals`` (what the batch functions take).

    >>> from belote import Deal
    >>> hands_array([Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")])
    array([[       255,      65280,   16711680, 4278190080]])
    """
    if isinstance(deals, Deal) or not isinstance(deals, Iterable):
        raise DealError(f"expected an iterable of Deal objects, not {deals!r}")
    rows = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, Deal) or any(hand is None for hand in deal.hands):
            raise DealError(f"deal {i}: expected a Deal with four known hands, not {deal!r}")
        rows.append([hand.mask for hand in deal.hands])  # type: ignore[union-attr]
    return np.array(rows, dtype=np.int64).reshape(-1, 4)


def _checked(hands: object) -> np.ndarray:
    """``hands`` as C-contiguous int64 face masks, or :class:`DealError` naming the first bad deal.

    Refused: anything but an ``(n, 4)`` array of integers in ``0 .. 2**32 - 1``
    (an empty sequence is an empty batch), and any deal whose hands are not
    four disjoint hands of eight cards.
    """
    hint = "hands_array(deals) builds one from Deal objects"
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError):
        raise DealError(f"hands: expected an (n, 4) array of integer masks ({hint})") from None
    if array.size == 0 and (array.ndim == 1 or (array.ndim == 2 and array.shape[1] == 4)):
        return np.zeros((0, 4), dtype=np.int64)
    if array.ndim != 2 or array.shape[1] != 4 or not np.issubdtype(array.dtype, np.integer):
        raise DealError(f"hands: expected an (n, 4) array of integer masks, not "
                        f"{array.dtype} of shape {array.shape} ({hint})")
    outside = np.flatnonzero(((array < 0) | (array > _FULL_PACK)).any(axis=1))
    if outside.size:
        raise DealError(f"deal {int(outside[0])} of the batch: a mask is not a 32-bit card set "
                        "(0 .. 2**32 - 1)")
    masks = np.ascontiguousarray(array, dtype=np.int64)
    sizes = sum(_BYTE_POPCOUNT[(masks >> shift) & 255] for shift in (0, 8, 16, 24))
    union = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    short = np.flatnonzero((sizes != 8).any(axis=1))
    overlap = np.flatnonzero(union != _FULL_PACK)
    if short.size and (not overlap.size or short[0] <= overlap[0]):
        i = int(short[0])
        raise DealError(f"deal {i} of the batch: hands of {' '.join(map(str, sizes[i]))} "
                        "cards (N E S W), not 8 each")
    if overlap.size:
        i = int(overlap[0])
        row = [int(m) for m in masks[i]]
        twice = next(card for card in range(32)
                     if sum(hand >> card & 1 for hand in row) > 1)
        holders = "".join(seat_name(seat) for seat in range(4) if row[seat] >> twice & 1)
        missing = next(card for card in range(32) if not int(union[i]) >> card & 1)
        raise DealError(f"deal {i} of the batch: {card_name(twice)} is held twice ({holders}) "
                        f"and {card_name(missing)} by nobody")
    return masks


def _searched(hands: np.ndarray, trump: Suit, leader: Seat, profile: RuleProfile, side: Side,
              alphas: np.ndarray, betas: np.ndarray, context: SearchContext,
              rows: np.ndarray | None = None) -> np.ndarray:
    """Fail-soft whole-deal scores ``r`` of ``side`` (see :mod:`._kernels`) of checked ``hands``.

    ``rows`` are the deals' numbers in the caller's batch (for the message of
    a search stopped by the context's node limit); by default ``0 .. n - 1``.
    """
    k = load_kernels()
    layout = kernel_layout(profile, trump)
    kernel_hands = layout.kernel_hands(hands)
    out = np.zeros(len(hands), dtype=np.int64)
    limit = context.node_limit
    rem = np.int64(layout.points.sum())
    with context.lock:
        for start in range(0, len(hands), _BATCH):
            part = slice(start, start + _BATCH)
            ws = context.memory
            ws[:k.WS_SIZE] = workspace_fields(profile, trump, side, context.entries)
            context.search_many(
                len(out[part]),
                lambda: k.search_deals(ws, kernel_hands[part], np.int64(leader), rem,
                                       alphas[part], betas[part], limit, out[part]),
                lambda stopped: f"deal {start + stopped if rows is None else int(rows[start + stopped])}"
                                f" of the batch")
    return out


def _arguments(hands: object, trump: object, leader: object, profile: RuleProfile | str,
               side: object) -> tuple[np.ndarray, int, int, RuleProfile, int]:
    """The checked batch, trump, leader, profile and side (numpy integers taken as ints)."""
    rules = get_profile(profile)
    return (_checked(hands), as_suit(trump, "trump"),  # type: ignore[arg-type]
            as_seat(leader, "leader"), rules, as_side(side))  # type: ignore[arg-type]


def _per_deal(values: object, n: int, what: str) -> np.ndarray:
    """``values`` (one int, or one per deal) as ``n`` int64s, or :class:`DealError`.

    Points beyond any score (outside -1000..1000) are taken as -1000 or 1000:
    the answers are the same.
    """
    try:
        array = np.asarray(values)
    except (TypeError, ValueError):
        array = np.asarray(None)
    if array.ndim == 1 and array.size == 0 == n:
        return np.zeros(0, dtype=np.int64)
    if array.ndim > 1 or (array.ndim == 1 and len(array) != n) or not (
            np.issubdtype(array.dtype, np.integer)):
        raise DealError(f"{what}: expected an int or one int per deal ({n}), "
                        f"not {array.dtype} of shape {array.shape}")
    if np.issubdtype(array.dtype, np.unsignedinteger):
        array = np.minimum(array, _WIDE)
    array = np.clip(array.astype(np.int64), -_WIDE, _WIDE)
    return np.ascontiguousarray(np.broadcast_to(array, (n,)))


def dd_tables(hands: object, leader: Seat | str, profile: RuleProfile | str, *,
              trumps: Sequence[Suit | str] | Suit | str = SUITS,
              context: SearchContext | None = None
              ) -> np.ndarray:
    """Exact values of each deal of ``hands`` for each trump: an ``(n, len(trumps), 2)`` array.

    ``hands`` is an ``(n, 4)`` array of the face masks N E S W of full deals
    (module docstring); each deal is played from the opening lead by
    ``leader``. ``out[i, j]`` is (NS, EW) of deal ``i`` with trump
    ``trumps[j]``, as :func:`~.solve.dd_table` gives them (trick points, the
    profile's capot score for taking every trick; belote apart). One search
    per deal and trump gives both sides. ``context`` (default: this thread's,
    :func:`~.solve.default_context`) holds the transposition table; its
    ``max_nodes`` limits each deal's search.
    """
    trumps = as_suits(trumps)
    if not trumps:
        raise DealError("a table needs at least one trump")
    masks, _, leader, rules, _ = _arguments(hands, trumps[0], leader, profile, 0)
    context = context or default_context()
    out = np.zeros((len(masks), len(trumps), 2), dtype=np.int64)
    wide = np.full(len(masks), _WIDE, dtype=np.int64)
    total = rules.total_trick_points
    for j, trump in enumerate(trumps):
        r = _searched(masks, trump, leader, rules, 0, -wide, wide, context)
        out[:, j, 0] = np.maximum(r, 0)
        out[:, j, 1] = np.maximum(total - r, 0)
    return out


def solve_deals(hands: object, trump: Suit | str, leader: Seat | str,
                profile: RuleProfile | str, side: Side | str, *,
                floor: int | Sequence[int] | np.ndarray | None = None,
                context: SearchContext | None = None) -> np.ndarray:
    """The exact value of ``side`` in each deal of ``hands``: the batch twin of ``solve_position``.

    ``hands``, ``leader`` and ``context`` are as for :func:`dd_tables`; the
    values are trick points from the opening lead (belote apart). With
    ``floor`` (one, or one per deal; 0 or less is no floor) a deal where
    ``side`` cannot reach its floor gets ``-1`` instead of its value: one
    search per deal answers "does it reach the floor, and then exactly how
    much?" at less cost than an exact value. The bid advisor asks this for
    the lowest need of a trump's contracts.
    """
    masks, trump, leader, rules, side = _arguments(hands, trump, leader, profile, side)
    n = len(masks)
    low = (np.zeros(n, dtype=np.int64) if floor is None
           else np.maximum(_per_deal(floor, n, "floor"), 0))
    context = context or default_context()
    alphas = np.where(low > 0, low - 1, -_WIDE)
    r = _searched(masks, trump, leader, rules, side, alphas, np.full(n, _WIDE, dtype=np.int64),
                  context)
    return np.where((low == 0) | (r >= low), np.maximum(r, 0), -1)


def reaches_deals(hands: object, trump: Suit | str, leader: Seat | str,
                  profile: RuleProfile | str, side: Side | str,
                  targets: int | Sequence[int] | np.ndarray, *,
                  context: SearchContext | None = None) -> np.ndarray:
    """Per deal of ``hands``: can ``side`` guarantee ``targets`` (one, or one per deal) points?

    The batch twin of :func:`~.solve.reaches`: a boolean array, one
    threshold search per deal with a target above 0 (a target of 0 or less
    is always reached). Trick points from the opening lead, belote apart;
    ``hands``, ``leader`` and ``context`` are as for :func:`dd_tables`.
    """
    masks, trump, leader, rules, side = _arguments(hands, trump, leader, profile, side)
    need = _per_deal(targets, len(masks), "targets")
    context = context or default_context()
    out = need <= 0
    todo = np.flatnonzero(~out)
    if todo.size:
        goal = np.ascontiguousarray(need[todo])
        out[todo] = _searched(masks[todo], trump, leader, rules, side, goal - 1, goal,
                              context, rows=todo) >= goal
    return out
