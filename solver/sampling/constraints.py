"""What is known of the unseen cards: the constraints a sampled deal must meet.

A :class:`Constraints` value says, for each seat, how many cards it ends with
(``hand_sizes``), which cards it is known to hold (``known``), which it cannot
hold (``excluded``: cards shown elsewhere, voids revealed by the play), and,
per suit, a range for its length and a range for its card points. Lengths
and points are those of the seat's whole hand, known cards included. Card
points are counted by :meth:`RuleProfile.card_points` with ``trump`` (no
trump: every suit counts plain points). The cards dealt at random are the
pack minus the known cards and minus ``out`` (cards no hand holds any more,
such as the cards already played).

Constraints are built with the ``with_*`` methods (each returns a new value
and checks what it can) or from the small text language of the command line:

=================  ============================================================
``--hand``         ``SEAT:CARDS``, the seat's whole hand: ``"S:JH 9H AH TH 7S 8S KD AC"``
``--known``        ``SEAT:CARDS``, cards the seat holds: ``"E:AS,TS"``
``--shape``        ``SEAT:RANGE[,RANGE...]``, suit lengths: ``"N:H>=3"``, ``"E:S<=2,D1-3"``
``--points``       ``SEAT:RANGE[,RANGE...]``, card points in a suit: ``"N:H>=20"``
=================  ============================================================

Cards are any spelling :func:`~belote.types.cards.parse_card` reads,
separated by commas or spaces. A ``RANGE`` is a suit letter followed by one
of ``=N`` (or just ``N``), ``>=N``, ``<=N``, ``>N``, ``<N`` or ``N-M``
(inclusive); ``H=0`` is a void.

>>> c = Constraints().with_text(known=["E:AS,TS"], shape=["N:H=0", "E:S<=2,D1-3"])
>>> c.known[1], c.lengths[0][1], c.lengths[1][0], c.lengths[1][2]
(CardSet('TS AS'), (0, 0), (0, 2), (1, 3))
>>> parse_shape("W:C2-9")
Traceback (most recent call last):
...
belote.errors.ConstraintError: 'W:C2-9': C2-9: a suit has at most 8 cards
>>> Constraints().with_text(known=["N:AS", "E:AS"])
Traceback (most recent call last):
...
belote.errors.ConstraintError: AS is known to be in N's hand and in E's

Conditions on a seat's holding in one suit (:meth:`Constraints.with_holdings`,
any set of holdings, e.g. "holds J or 9", "3+ cards or the J") and on how
many of a set of cards a seat holds across suits
(:meth:`Constraints.with_count`) are built in Python; the auction's
conventions (:mod:`belote.auction.conventions`) produce them.

Positions in play and the classic auction have helpers:
:meth:`Constraints.from_position` and :func:`classic_bidding`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TypeVar

from ..errors import BeloteError, ConstraintError
from ..rules.play import Position, legal_cards
from ..types.profile import CLASSIC, COINCHE, PROFILES, RuleProfile
from ..types.cards import (ALL_CARDS, SUIT_MASKS, SUIT_NAMES, SUITS, Card, CardSet, Mask,
                           Suit, card_name, iter_cards, parse_card, parse_suit, to_mask)
from ..types.deal import SEATS, Seat, parse_seat, seat_name

CARDS_EACH = 8
"""Cards in a full hand."""

MAX_POOL = 24
"""The most cards a seat may stand for: a hand has 8, but a seat may also stand for a pool
(the classic auction's stock and a hand together, :mod:`belote.advice.auction`)."""

NO_LIMIT = (0, CARDS_EACH)
"""The length range that says nothing."""

MAX_SUIT_POINTS = 62
"""More than any suit's card points (a trump suit has 62)."""

ANY_POINTS = (0, MAX_SUIT_POINTS)
"""The point range that says nothing."""

ALL_HOLDINGS = (1 << 256) - 1
"""The holdings set that says nothing: every one of the 256 holdings of a suit allowed."""


def holding_set(test: Callable[[int], bool]) -> int:
    """The holdings of a suit (8-bit masks, bit ``r`` = rank ``r`` held) passing ``test``.

    Returned as a 256-bit int, bit ``h`` set when holding ``h`` is allowed:
    the form :meth:`Constraints.with_holdings` takes. Holding either the J
    (rank 4) or the 9 (rank 2):

    >>> one_of = holding_set(lambda h: bool(h & 0b10100))
    >>> one_of >> 0b10100 & 1, one_of >> 0b00001 & 1, bin(one_of).count("1")
    (1, 0, 192)
    """
    return sum(1 << h for h in range(256) if test(h))


@dataclass(frozen=True)
class CardCount:
    """``seat`` holds between ``low`` and ``high`` of ``cards``, which may span suits.

    "At least one of J, 9 of hearts and the side aces" is
    ``CardCount(2, CardSet("JH 9H AS AD AC"), 1, 5)``. The sampler counts
    such constraints exactly (one more counter in its dynamic programme).

    >>> CardCount(2, CardSet("JH 9H AS"), 1, 3)
    CardCount(seat=2, cards=CardSet('AS 9H JH'), low=1, high=3)
    """

    seat: Seat
    cards: CardSet
    low: int
    high: int

    def __post_init__(self) -> None:
        if not isinstance(self.cards, CardSet):
            object.__setattr__(self, "cards", CardSet(_cards(self.cards)))
        if self.seat not in SEATS:
            raise ConstraintError(f"card count: seat {self.seat!r} is not 0..3")
        size = len(self.cards)
        if not 0 <= self.low <= self.high or self.low > size:
            raise ConstraintError(f"{seat_name(self.seat)} holds "
                                  f"{_range_text(self.low, self.high)} of {self.cards}: not a "
                                  f"range within 0-{size}")

    def text(self) -> str:
        """``S holds 1-3 of AS 9H JH``."""
        return (f"{seat_name(self.seat)} holds {_range_text(self.low, self.high).lstrip('=')}"
                f" of {' '.join(self.cards.names())}")


_T = TypeVar("_T")



def _read(parse: Callable[[str], _T], text: str, option: str) -> _T:
    """``parse(text)``, its error naming ``option`` (see :class:`ConstraintError`)."""
    try:
        return parse(text)
    except BeloteError as e:
        raise ConstraintError(str(e), option=option) from None


Range = tuple[int, int]
PerSuit = tuple[Range, ...]
"""One range per suit (four)."""


def _per_seat_suit(value: Range) -> tuple[PerSuit, ...]:
    return tuple((value,) * 4 for _ in SEATS)


def _all_holdings() -> tuple[tuple[int, ...], ...]:
    return tuple((ALL_HOLDINGS,) * 4 for _ in SEATS)


def _cards(cards: Iterable[Card | str] | str | CardSet | Mask) -> Mask:
    try:
        return to_mask(cards)
    except BeloteError as e:
        raise ConstraintError(str(e)) from None


@dataclass(frozen=True)
class Constraints:
    """The constraints on a deal, per seat (index = seat) and per seat and suit.

    ``known`` and ``excluded`` are :class:`CardSet` per seat; ``out`` the cards
    in nobody's hand; ``lengths[seat][suit]`` and ``points[seat][suit]`` are
    inclusive ``(low, high)`` ranges; ``profile`` and ``trump`` define the
    card points. The repr rebuilds the value (with the names of
    :mod:`belote` in scope).

    >>> from belote import CardSet, CLASSIC, COINCHE
    >>> c = Constraints(hand_sizes=(5, 5, 5, 5)).with_known(2, "AS KS")
    >>> c.hand_sizes, c.known[2], c.free_cards().bit_count()
    ((5, 5, 5, 5), CardSet('KS AS'), 30)
    >>> eval(repr(c)) == c
    True
    """

    hand_sizes: tuple[int, ...] = (CARDS_EACH,) * 4
    known: tuple[CardSet, ...] = (CardSet(),) * 4
    excluded: tuple[CardSet, ...] = (CardSet(),) * 4
    out: CardSet = CardSet()
    lengths: tuple[PerSuit, ...] = field(default_factory=lambda: _per_seat_suit(NO_LIMIT))
    points: tuple[PerSuit, ...] = field(default_factory=lambda: _per_seat_suit(ANY_POINTS))
    profile: RuleProfile = COINCHE
    trump: Suit | None = None
    holdings: tuple[tuple[int, ...], ...] = field(default_factory=_all_holdings)
    counts: tuple[CardCount, ...] = ()

    def __post_init__(self) -> None:
        """Normalise the containers to tuples and check that the parts agree."""
        def fix(name, convert):
            object.__setattr__(self, name, convert(getattr(self, name)))

        fix("hand_sizes", lambda v: tuple(int(x) for x in v))
        fix("known", lambda v: tuple(x if isinstance(x, CardSet) else CardSet(x) for x in v))
        fix("excluded", lambda v: tuple(x if isinstance(x, CardSet) else CardSet(x) for x in v))
        fix("out", lambda v: v if isinstance(v, CardSet) else CardSet(v))
        fix("lengths", lambda v: tuple(tuple((int(a), int(b)) for a, b in s) for s in v))
        fix("points", lambda v: tuple(tuple((int(a), int(b)) for a, b in s) for s in v))
        fix("holdings", lambda v: tuple(tuple(int(h) for h in s) for s in v))
        fix("counts", tuple)
        if self.trump is not None and self.trump not in SUITS:
            raise ConstraintError(f"trump {self.trump!r} is not a suit (0..3)")
        for name in ("hand_sizes", "known", "excluded", "lengths", "points", "holdings"):
            if len(getattr(self, name)) != 4:
                raise ConstraintError(f"{name} needs one entry per seat, not "
                                      f"{len(getattr(self, name))}")
        if any(len(s) != 4 for s in self.lengths + self.points):
            raise ConstraintError("lengths and points need one range per suit")
        if any(len(s) != 4 or not all(0 < h <= ALL_HOLDINGS for h in s)
               for s in self.holdings):
            raise ConstraintError("holdings need one non-empty set of holdings per suit")
        self._check()

    def _check(self) -> None:
        """Raise :class:`ConstraintError` at the first clash the parts show on their own."""
        holder: dict[Card, Seat] = {}
        for seat in SEATS:
            size = self.hand_sizes[seat]
            name = seat_name(seat)
            if not 0 <= size <= MAX_POOL:
                raise ConstraintError(f"{name} cannot hold {size} cards (0 to {MAX_POOL})")
            known = self.known[seat].mask
            for card in iter_cards(known):
                if card in holder:
                    raise ConstraintError(f"{CardSet(1 << card)} is known to be in "
                                          f"{seat_name(holder[card])}'s hand and in {name}'s")
                holder[card] = seat
            if known & self.out.mask:
                raise ConstraintError(f"{name} is known to hold "
                                      f"{CardSet(known & self.out.mask)}, which are out of play")
            if known & self.excluded[seat].mask:
                raise ConstraintError(f"{name} is known to hold "
                                      f"{CardSet(known & self.excluded[seat].mask)}, which "
                                      f"{name} cannot hold")
            if known.bit_count() > size:
                raise ConstraintError(f"{name} is known to hold {known.bit_count()} cards "
                                      f"({CardSet(known)}) but holds only {size}")
            for suit in SUITS:
                low, high = self.lengths[seat][suit]
                held = (known & SUIT_MASKS[suit]).bit_count()
                what = f"{name}'s {SUIT_NAMES[suit]} length {_range_text(low, high)}"
                if not 0 <= low <= high <= CARDS_EACH:
                    raise ConstraintError(f"{what} is not a range within 0-8")
                if held > high:
                    raise ConstraintError(f"{what} but {name} is known to hold {held}")
                plow, phigh = self.points[seat][suit]
                if not 0 <= plow <= phigh:
                    raise ConstraintError(f"{name}'s {SUIT_NAMES[suit]} points "
                                          f"{_range_text(plow, phigh)} is not a range")
                most = sum(self.card_points(c) for c in iter_cards(SUIT_MASKS[suit]))
                if plow > most:
                    kind = "trump" if suit == self.trump else "plain"
                    why = "" if self.trump is not None else " (no trump is set)"
                    raise ConstraintError(f"{name}'s {SUIT_NAMES[suit]} points "
                                          f"{_range_text(plow, phigh)}: {SUIT_NAMES[suit]} "
                                          f"counts {kind} points here{why}, at most {most}")
            lows = sum(r[0] for r in self.lengths[seat])
            highs = sum(min(r[1], CARDS_EACH) for r in self.lengths[seat])
            if lows > size or highs < size:
                ranges = ", ".join(SUIT_NAMES[s] + _range_text(*self.lengths[seat][s])
                                   for s in SUITS)
                raise ConstraintError(f"{name}'s suit lengths ({ranges}) cannot add up to "
                                      f"{size} cards")

    def card_points(self, card: Card) -> int:
        """The points of ``card`` as the point ranges count them.

        >>> Constraints(trump=1).card_points(12), Constraints().card_points(12)
        (20, 2)
        """
        if self.trump is None:
            return self.profile.plain_points[card & 7]
        return self.profile.card_points(card, self.trump)

    def admits_ranges(self, hands: Sequence[Mask]) -> bool:
        """Do four full hands meet every per-suit range, holdings set and card count?

        (Known, excluded and out cards and the hand sizes are not checked:
        the callers deal only what those allow.)

        >>> c = Constraints().with_count(0, "JH AS", 1).with_length(1, 0, 0, 2)
        >>> c.admits_ranges([CardSet("JH").mask, 0, 0, 0]), c.admits_ranges([0, 0, 0, 0])
        (True, False)
        """
        for seat in SEATS:
            for suit in SUITS:
                cards = hands[seat] & SUIT_MASKS[suit]
                low, high = self.lengths[seat][suit]
                if not low <= cards.bit_count() <= high:
                    return False
                plow, phigh = self.points[seat][suit]
                if (plow, phigh) != ANY_POINTS:
                    points = sum(self.card_points(c) for c in iter_cards(cards))
                    if not plow <= points <= phigh:
                        return False
                if not self.holdings[seat][suit] >> (cards >> (8 * suit)) & 1:
                    return False
        return all(c.low <= (hands[c.seat] & c.cards.mask).bit_count() <= c.high
                   for c in self.counts)

    def free_cards(self) -> Mask:
        """The cards dealt at random: neither known to be in a hand nor out of play."""
        taken = self.out.mask
        for hand in self.known:
            taken |= hand.mask
        return ALL_CARDS & ~taken

    def with_known(self, seat: Seat, cards: Iterable[Card | str] | str | CardSet | Mask
                   ) -> "Constraints":
        """These constraints with ``cards`` added to ``seat``'s known cards."""
        known = list(self.known)
        known[seat] = known[seat] | CardSet(_cards(cards))
        return replace(self, known=tuple(known))

    def with_hand(self, seat: Seat, cards: Iterable[Card | str] | str | CardSet | Mask
                  ) -> "Constraints":
        """These constraints with ``seat``'s whole hand known: exactly its hand size."""
        mask = _cards(cards)
        if mask.bit_count() != self.hand_sizes[seat]:
            cards = f" {CardSet(mask)}" if mask else ""
            raise ConstraintError(f"{seat_name(seat)}'s hand{cards} has "
                                  f"{mask.bit_count()} cards, not {self.hand_sizes[seat]}")
        return self.with_known(seat, mask)

    def with_excluded(self, seat: Seat, cards: Iterable[Card | str] | str | CardSet | Mask
                      ) -> "Constraints":
        """These constraints with ``seat`` unable to hold ``cards`` as well."""
        excluded = list(self.excluded)
        excluded[seat] = excluded[seat] | CardSet(_cards(cards))
        return replace(self, excluded=tuple(excluded))

    def with_length(self, seat: Seat, suit: Suit, low: int = 0, high: int = CARDS_EACH
                    ) -> "Constraints":
        """These constraints with ``seat``'s ``suit`` length also within ``low..high``."""
        return replace(self, lengths=_narrow(self.lengths, seat, suit, low, high, "length"))

    def with_points(self, seat: Seat, suit: Suit, low: int = 0, high: int = MAX_SUIT_POINTS
                    ) -> "Constraints":
        """These constraints with ``seat``'s card points in ``suit`` also within ``low..high``."""
        return replace(self, points=_narrow(self.points, seat, suit, low, high, "points"))

    def with_holdings(self, seat: Seat, suit: Suit, allowed: int) -> "Constraints":
        """These constraints with ``seat``'s holding in ``suit`` also within ``allowed``.

        ``allowed`` is a set of holdings as :func:`holding_set` makes it: any
        condition on one seat's cards of one suit (which honours, how many,
        one tied to the other). The holding is the seat's whole holding,
        known cards included.

        >>> jack_or_long = holding_set(lambda h: bool(h >> 4 & 1) or h.bit_count() >= 5)
        >>> c = Constraints().with_holdings(0, 1, jack_or_long)
        >>> c.holdings[0][1] == jack_or_long, c.holdings[1][1] == ALL_HOLDINGS
        (True, True)
        """
        rows = [list(r) for r in self.holdings]
        new = rows[seat][suit] & allowed
        if not new:
            raise ConstraintError(f"{seat_name(seat)}'s {SUIT_NAMES[suit]} holding: the "
                                  "holdings allowed contradict each other")
        rows[seat][suit] = new
        return replace(self, holdings=tuple(tuple(r) for r in rows))

    def with_count(self, seat: Seat, cards: Iterable[Card | str] | str | CardSet | Mask,
                   low: int = 0, high: int = CARDS_EACH) -> "Constraints":
        """These constraints with ``seat`` holding ``low..high`` of ``cards`` (any suits).

        A count on cards of one suit is a holdings constraint (exact and
        cheaper): it is stored as one. Counts on the same seat and cards are
        intersected.

        >>> c = Constraints().with_count(2, "JH 9H AS AD AC", 1).with_count(2, "AS AD AC JH 9H", 0, 2)
        >>> c.counts
        (CardCount(seat=2, cards=CardSet('AS 9H JH AD AC'), low=1, high=2),)
        >>> Constraints().with_count(0, "JH 9H", 1).counts
        ()
        """
        mask = _cards(cards)
        high = min(high, mask.bit_count())
        suits = {c >> 3 for c in iter_cards(mask)}
        if len(suits) == 1:
            suit = suits.pop()
            local = mask >> (8 * suit) & 0xFF
            return self.with_holdings(seat, suit, holding_set(
                lambda h: low <= (h & local).bit_count() <= high))
        counts = list(self.counts)
        for i, old in enumerate(counts):
            if old.seat == seat and old.cards.mask == mask:
                lo, hi = max(old.low, low), min(old.high, high)
                if lo > hi:
                    raise ConstraintError(f"{seat_name(seat)} holds {_range_text(low, high)} "
                                          f"of {CardSet(mask)}: contradicts "
                                          f"{_range_text(old.low, old.high)}")
                counts[i] = CardCount(seat, CardSet(mask), lo, hi)
                return replace(self, counts=tuple(counts))
        counts.append(CardCount(seat, CardSet(mask), low, high))
        return replace(self, counts=tuple(counts))

    def with_text(self, *, hand: Iterable[str] = (), known: Iterable[str] = (),
                  shape: Iterable[str] = (), points: Iterable[str] = ()) -> "Constraints":
        """These constraints with the command-line texts added (see the module doc).

        >>> c = Constraints(trump=1).with_text(hand=["S:JH 9H AH TH 7S 8S KD AC"],
        ...                                   points=["N:H>=3"])
        >>> c.known[2].to_pbn(), c.points[0][1]
        ('87.AJT9.K.A', (3, 62))
        """
        out = self
        hand_seats: set[Seat] = set()
        for text in hand:
            seat, mask = _read(parse_known, text, "hand")
            if seat in hand_seats:
                raise ConstraintError(f"{text!r}: {seat_name(seat)}'s hand is given twice",
                                      option="hand")
            hand_seats.add(seat)
            out = out.with_hand(seat, mask)
        for text in known:
            seat, mask = _read(parse_known, text, "known")
            out = out.with_known(seat, mask)
        for text in shape:
            seat, ranges = _read(parse_shape, text, "shape")
            for suit, low, high in ranges:
                out = out.with_length(seat, suit, low, high)
        for text in points:
            seat, ranges = _read(parse_points, text, "points")
            for suit, low, high in ranges:
                out = out.with_points(seat, suit, low, high)
        return out

    @classmethod
    def from_position(cls, position: Position, viewer: Seat, *,
                      known: Sequence[CardSet | Mask | str] | None = None) -> "Constraints":
        """What ``viewer`` knows of the other hands in ``position``.

        The viewer's cards are known (and, by ``known``, any other seat's cards
        shown, e.g. a dummy's), the played cards are out, hands have the sizes
        they have now, and every card played tells what its player could not
        hold: a card it would have had to play instead (a suit it did not
        follow, a trump it did not use or did not overtrump with), found by
        asking :func:`~belote.rules.play.legal_cards` of the rules.

        >>> from belote import Deal, COINCHE
        >>> deal = Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987")
        >>> pos = Position(deal, trump=1, leader=1, profile=COINCHE)
        >>> for card in ("7H", "7S", "7C", "AH"):
        ...     _ = pos.play(card)
        >>> c = Constraints.from_position(pos, viewer=2)
        >>> c.hand_sizes, c.known[2].to_pbn(), c.out
        ((7, 7, 7, 7), 'T98...AKQJ', CardSet('7S 7H AH 7C'))
        >>> c.excluded[3]  # W did not follow the trump lead: W holds no trump
        CardSet('8H 9H TH JH QH KH')
        """
        tricks = [(t.leader, tuple(t.cards)) for t in position.tricks]
        tricks.append((position.leader, tuple(position.trick)))
        return cls.from_play(viewer, position.hands[viewer],
                             tuple(h.bit_count() for h in position.hands), tricks,
                             position.trump, position.profile, known=known)

    @classmethod
    def from_play(cls, viewer: Seat, hand: CardSet | Mask, hand_sizes: Sequence[int],
                  tricks: Sequence[tuple[Seat, Sequence[Card]]], trump: Suit,
                  profile: RuleProfile, *,
                  known: Sequence[CardSet | Mask | str] | None = None) -> "Constraints":
        """What ``viewer``, holding ``hand`` now, knows of the other hands after ``tricks``.

        :meth:`from_position` from the public record alone: ``hand_sizes`` are the
        cards each seat holds now, ``tricks`` each trick's leader and cards in playing
        order (the last may be partial). This is what a seat that sees only its own
        cards and the play can build (:mod:`belote.player`).

        >>> from belote import COINCHE, Deal
        >>> pos = Position(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
        ...                1, 1, COINCHE).played("7H 7S 7C AH")
        >>> c = Constraints.from_play(2, CardSet("TS 9S 8S AC KC QC JC"), (7, 7, 7, 7),
        ...                           [(1, tuple(pos.tricks[0].cards))], 1, COINCHE)
        >>> c == Constraints.from_position(pos, 2), c.excluded[3]
        (True, CardSet('8H 9H TH JH QH KH'))
        """
        shown = [CardSet() for _ in SEATS]
        shown[viewer] = CardSet(hand)
        for seat, cards in enumerate(known or ()):
            if cards is not None and seat != viewer:
                shown[seat] = CardSet(_cards(cards))
        played = 0
        excluded = [0] * 4
        for leader, trick_cards in tricks:
            for i, card in enumerate(trick_cards):
                seat = (leader + i) % 4
                excluded[seat] |= _refused(card, tuple(trick_cards[:i]), trump, profile)
                played |= 1 << card
        seen = played
        for shown_hand in shown:
            seen |= shown_hand.mask
        unheld = [CardSet(0 if s == viewer else e & ~seen) for s, e in enumerate(excluded)]
        return cls(hand_sizes=tuple(hand_sizes), known=tuple(shown),
                   excluded=tuple(unheld), out=CardSet(played), profile=profile, trump=trump)

    def __repr__(self) -> str:
        """Only the fields that differ from the defaults, so the repr stays short."""
        default = Constraints()
        parts = []
        for name in ("hand_sizes", "known", "excluded", "out", "lengths", "points",
                     "profile", "trump", "holdings", "counts"):
            value = getattr(self, name)
            if value == getattr(default, name) and name != "profile":
                continue
            if name == "profile":
                if value is COINCHE:
                    continue
                text = {id(p): p.name.upper() for p in PROFILES.values()}.get(id(value),
                                                                              repr(value))
            else:
                text = repr(value)
            parts.append(f"{name}={text}")
        return f"Constraints({', '.join(parts)})"


@lru_cache(maxsize=4096)
def _refused(card: Card, before: tuple[Card, ...], trump: Suit, profile: RuleProfile) -> Mask:
    """The cards a player who played ``card`` after ``before`` cannot hold: each card it would
    have had to play instead, by :func:`~belote.rules.play.legal_cards` on the two-card hand.

    Cached: a playout asks the same of every earlier card at each of its decisions.
    """
    refused = 0
    for other in range(32):
        if other != card and not legal_cards((1 << card) | (1 << other), before, trump,
                                             profile) >> card & 1:
            refused |= 1 << other
    return refused


def _narrow(table: tuple[PerSuit, ...], seat: Seat, suit: Suit, low: int, high: int,
            what: str) -> tuple[PerSuit, ...]:
    """``table`` with the range at ``[seat][suit]`` intersected with ``low..high``."""
    old_low, old_high = table[seat][suit]
    new = (max(old_low, low), min(old_high, high))
    if new[0] > new[1]:
        raise ConstraintError(
            f"{seat_name(seat)}'s {SUIT_NAMES[suit]} {what} {_range_text(low, high)} "
            f"contradicts {_range_text(old_low, old_high)}")
    rows = [list(r) for r in table]
    rows[seat][suit] = new
    return tuple(tuple(r) for r in rows)


def _range_text(low: int, high: int) -> str:
    return f"={low}" if low == high else f"{low}-{high}"


def classic_bidding(seat: Seat, five: Iterable[Card | str] | str | CardSet | Mask,
                    turned: Card | str, taker: Seat, *, trump: Suit | None = None
                    ) -> Constraints:
    """The full deal as ``seat`` sees it in a classic auction, if ``taker`` takes.

    ``seat`` holds ``five`` cards and everybody sees the ``turned`` card; the
    taker receives it plus 2 more cards, the others 3 more each, so the deal
    is complete (8 cards each) with ``seat``'s five cards and the turned card
    in the taker's hand known. Card points (for point ranges) count ``trump``
    as trump (default: the turned card's suit).

    >>> c = classic_bidding(2, "JH 9H AS KS 7C", "AH", taker=0)
    >>> c.known[0], c.known[2], c.free_cards().bit_count(), c.trump
    (CardSet('AH'), CardSet('KS AS 9H JH 7C'), 26, 1)
    """
    five_mask = _cards(five)
    if five_mask.bit_count() != 5:
        raise ConstraintError(f"a classic bidder holds 5 cards, not "
                              f"{five_mask.bit_count()} ({CardSet(five_mask)})")
    turned_mask = _cards([turned])
    if turned_mask & five_mask:
        raise ConstraintError(f"the turned card {CardSet(turned_mask)} cannot be one of the "
                              f"bidder's five cards")
    out = Constraints(profile=CLASSIC,
                      trump=(turned_mask.bit_length() - 1) >> 3 if trump is None else trump)
    return out.with_known(seat, five_mask).with_known(taker, turned_mask)


_SEAT_PART = re.compile(r"^\s*([A-Za-z]+)\s*:(.*)$", re.S)
_RANGE = re.compile(r"^([^\d<>=\s-]+)\s*(>=|<=|=|>|<)?\s*(\d+)\s*(?:-\s*(\d+))?$")


def _split_seat(text: str, example: str) -> tuple[Seat, str]:
    """The seat before the colon and the rest of ``text``."""
    match = _SEAT_PART.match(text)
    if not match:
        raise ConstraintError(f"{text!r}: expected SEAT:..., like {example!r}")
    try:
        return parse_seat(match.group(1)), match.group(2)
    except BeloteError as e:
        raise ConstraintError(f"{text!r}: {e}") from None


def parse_known(text: str) -> tuple[Seat, Mask]:
    """Parse ``SEAT:CARDS`` (cards separated by commas or spaces).

    >>> parse_known("E:AS,TS"), parse_known("s: 10h jh")
    ((1, 136), (2, 6144))
    >>> parse_known("E:AS,XS")
    Traceback (most recent call last):
    ...
    belote.errors.ConstraintError: 'E:AS,XS': unknown card 'XS': ranks are 7 8 9 T J Q K A (or 10), suits S H D C
    >>> parse_known("N:QS 8D QS")
    Traceback (most recent call last):
    ...
    belote.errors.ConstraintError: 'N:QS 8D QS': QS is given twice
    """
    seat, rest = _split_seat(text, "E:AS,TS")
    tokens = rest.replace(",", " ").split()
    if not tokens:
        raise ConstraintError(f"{text!r}: no cards after the colon")
    mask = 0
    for token in tokens:
        try:
            card = parse_card(token)
        except BeloteError as e:
            raise ConstraintError(f"{text!r}: {e}") from None
        if mask >> card & 1:
            raise ConstraintError(f"{text!r}: {card_name(card)} is given twice")
        mask |= 1 << card
    return seat, mask


def _parse_ranges(text: str, example: str, limit: int, what: str
                  ) -> tuple[Seat, list[tuple[Suit, int, int]]]:
    """Parse ``SEAT:RANGE[,RANGE...]`` with bounds up to ``limit``."""
    seat, rest = _split_seat(text, example)
    items = [item.strip() for item in rest.split(",")]
    if not any(items):
        raise ConstraintError(f"{text!r}: no range after the colon, expected like {example!r}")
    ranges = []
    for item in items:
        match = _RANGE.match(item)
        if not match:
            raise ConstraintError(f"{text!r}: {item or 'empty item'}: expected a suit and a "
                                  f"range (=N, >=N, <=N, >N, <N or N-M)")
        suit_text, op, first, second = match.groups()
        try:
            suit = parse_suit(suit_text)
        except BeloteError as e:
            raise ConstraintError(f"{text!r}: {e}") from None
        a = int(first)
        if second is not None:
            if op is not None:
                raise ConstraintError(f"{text!r}: {item}: use either {op}N or N-M")
            low, high = a, int(second)
        else:
            low, high = {None: (a, a), "=": (a, a), ">=": (a, limit), "<=": (0, a),
                         ">": (a + 1, limit), "<": (0, a - 1)}[op]
        if max(low, high, a) > limit:
            raise ConstraintError(f"{text!r}: {item}: a suit has at most {limit} {what}")
        if low > high:
            raise ConstraintError(f"{text!r}: {item}: empty range")
        ranges.append((suit, low, high))
    return seat, ranges


def parse_shape(text: str) -> tuple[Seat, list[tuple[Suit, int, int]]]:
    """Parse suit-length ranges ``SEAT:RANGE[,RANGE...]``.

    >>> parse_shape("N:H>=3"), parse_shape("N:H=0"), parse_shape("E:S<=2,D1-3")
    ((0, [(1, 3, 8)]), (0, [(1, 0, 0)]), (1, [(0, 0, 2), (2, 1, 3)]))
    """
    return _parse_ranges(text, "N:H>=3", CARDS_EACH, "cards")


def parse_points(text: str) -> tuple[Seat, list[tuple[Suit, int, int]]]:
    """Parse card-point ranges ``SEAT:RANGE[,RANGE...]``.

    >>> parse_points("N:H>=20,S<10")
    (0, [(1, 20, 62), (0, 0, 9)])
    """
    return _parse_ranges(text, "N:H>=20", MAX_SUIT_POINTS, "points")
