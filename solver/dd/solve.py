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

from collections.abc import Iterable, Sequence

import numpy as np

from ..errors import DealError
from ..rules.play import Position, legal_cards
from ..types.cards import HEARTS, SPADES, SUITS, Card, Suit, as_suits, card_name, one_or_many  # noqa: F401
from ..types.deal import NORTH, NS, SIDES, Deal, Seat, Side, as_seat, as_side  # noqa: F401
from ..types.profile import RuleProfile, get_profile
from .checks import check_position
from .context import SearchContext, default_context
from .layout import kernel_classes, kernel_layout
from .results import CardValue, DDTable, PositionAnalysis
from .search import Search

__all__ = [
    "dd_table", "equivalence_classes", "layout_values", "position_analysis", "reaches",
    "reaches_targets", "solve_position",
]


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
    side = check_position(position, side)
    context = context or default_context()
    with context.lock:
        return Search(position, side, context).values(position)[side]


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
    side = check_position(position, side)
    targets = tuple(targets)
    for target in targets:
        if type(target) is not int and not isinstance(target, np.integer):
            raise DealError(f"target {target!r} is not an int")
    ordered = sorted({int(t) for t in targets})
    context = context or default_context()
    with context.lock:
        search = Search(position, side, context)
        lo, hi = 0, len(ordered)  # ordered[:lo] are reached, ordered[hi:] are not
        while lo < hi:
            mid = (lo + hi) // 2
            if search.reaches(position, ordered[mid]):
                lo = mid + 1
            else:
                hi = mid
    answers = {t: i < lo for i, t in enumerate(ordered)}
    return tuple(answers[int(t)] for t in targets)


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
    return [tuple(to_face[c] for c in cls) for cls in kernel_classes(lay, legal, live)]


def position_analysis(position: Position, *,
                     context: SearchContext | None = None) -> PositionAnalysis:
    """Solve ``position`` for both sides and value every legal card."""
    check_position(position)
    context = context or default_context()
    with context.lock:
        search = Search(position, NS, context)
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
    check_position(position)
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
        search = Search(position, NS, context)
        k = search.kernels
        lay = search.layout
        args = [np.int64(a) for a in search.kernel_position(position)]
        legal = lay.mask(legal_cards(hands[mover], position.trick, position.trump,
                                     position.profile))
        classes = kernel_classes(lay, legal, search.live)
        heads = np.array([cls[0] for cls in classes], dtype=np.int64)
        kernel_hands = np.ascontiguousarray(lay.kernel_hands(masks))
        scores = np.zeros((len(masks), len(heads)), dtype=np.int64)
        ws = search.ws
        limit = context.node_limit
        context.search_many(len(masks), lambda: k.layout_scores(ws, kernel_hands, *args, heads,
                                                                 limit, scores),
                            "layout {}".format)
    r = scores + position.points[NS]
    total = position.profile.total_trick_points
    values = np.stack([np.maximum(r, 0), np.maximum(total - r, 0)], axis=2)
    to_face = lay.to_face
    return [tuple(to_face[c] for c in cls) for cls in classes], values


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
            both = Search(position, wanted[0], context).values(position)
            for side in wanted:
                values[trump, side] = both[side]
    return DDTable(first, values, belote)
