"""Cards, suits, ranks and card masks.

A card is a small int ``suit * 8 + rank``: suits ``S H D C`` are 0..3 and ranks
``7 8 9 T J Q K A`` are 0..7 (the plain-suit *face* order, not the playing
strength, which depends on trump and lives in :mod:`belote.types.profile`).
A set of cards is a 32-bit mask with bit ``card`` set; :class:`CardSet` wraps
such a mask and behaves like a frozen set.

>>> parse_card("JH"), parse_card("10h"), parse_card("J♥"), parse_card("HJ")
(12, 11, 12, 12)
>>> card_name(12)
'JH'
>>> CardSet.from_pbn("AK.J..7")
CardSet('KS AS JH 7C')
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator

from ..errors import CardError

__all__ = ["Suit", "Rank", "Card", "SPADES", "HEARTS", "DIAMONDS", "CLUBS", "SUITS", "SUIT_NAMES",
           "SUIT_SYMBOLS", "RANKS", "RANK_NAMES", "SEVEN", "EIGHT", "NINE", "TEN", "JACK", "QUEEN",
           "KING", "ACE", "CARDS", "ALL_CARDS", "SUIT_MASKS", "make_card", "card_suit",
           "card_rank", "card_name", "parse_suit", "parse_rank", "parse_card", "as_suit",
           "as_suits", "as_card", "iter_cards", "to_mask", "popcount", "CardSet"]

Suit = int
Rank = int
Card = int
Mask = int

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUITS: tuple[Suit, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_NAMES = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
RANKS: tuple[Rank, ...] = tuple(range(8))
RANK_NAMES = "789TJQKA"
"""Rank letters in face order (index = rank)."""

PBN_RANK_ORDER = "AKQJT987"
"""The order in which PBN writes the ranks of a suit."""

CARDS: tuple[Card, ...] = tuple(range(32))
ALL_CARDS: Mask = 0xFFFFFFFF
SUIT_MASKS: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in SUITS)

_SUIT_ALIASES = {
    **{name: s for s, name in enumerate(SUIT_NAMES)},
    **{sym: s for s, sym in enumerate(SUIT_SYMBOLS)},
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
}
_RANK_ALIASES = {**{name: r for r, name in enumerate(RANK_NAMES)}, "10": TEN}


def make_card(suit: Suit, rank: Rank) -> Card:
    """The card of ``suit`` and ``rank``.

    >>> make_card(HEARTS, JACK)
    12
    """
    return suit * 8 + rank


def card_suit(card: Card) -> Suit:
    """The suit of ``card`` (0..3)."""
    return card >> 3


def card_rank(card: Card) -> Rank:
    """The face rank of ``card`` (0..7, seven to ace)."""
    return card & 7


def card_bit(card: Card) -> Mask:
    """The one-card mask of ``card``."""
    return 1 << card


def card_name(card: Card) -> str:
    """The canonical name of ``card``: rank letter then suit letter.

    >>> card_name(make_card(CLUBS, TEN))
    'TC'
    """
    if not 0 <= card < 32:
        raise CardError(f"no card has index {card!r}")
    return RANK_NAMES[card & 7] + SUIT_NAMES[card >> 3]


def parse_suit(text: str) -> Suit:
    """Parse a suit letter (``S H D C``, any case) or symbol.

    >>> parse_suit("h"), parse_suit("♣")
    (1, 3)
    """
    key = text.strip()
    suit = _SUIT_ALIASES.get(key.upper()) if key else None
    if suit is None:
        raise CardError(f"unknown suit {text!r} (expected one of S H D C)")
    return suit


def small_int(value: object, high: int) -> int | None:
    """``value`` as an int if it is an integer (numpy's too, not a bool) in ``0 .. high``, else
    ``None``: the number half of the coercions :func:`as_suit`, :func:`~belote.types.deal.as_seat`
    and :func:`~belote.types.deal.as_side`.

    >>> small_int(3, 3), small_int(4, 3), small_int(True, 1), small_int("1", 3)
    (3, None, None, None)
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    return number if 0 <= number <= high else None


def coerce_small(value: object, parse: Callable[[str], int], high: int, what: str,
                 kind: str, letters: str) -> int:
    """``value`` (its small int, or text that ``parse`` reads) as an int, or one
    :class:`CardError` naming ``what``, the ``kind`` of value expected and its ``letters``.

    The one rule of every public function that takes a suit, a seat or a side: the
    letters a player types and the library's small ints (``HEARTS``, ``EAST``...)
    are both accepted, and anything else is refused at the door.
    """
    expected = f"expected one of {letters}, or 0..{high}"
    if isinstance(value, str):
        try:
            return parse(value)
        except CardError:
            raise CardError(f"unknown {what} {value!r} ({expected})") from None
    number = small_int(value, high)
    if number is not None:
        return number
    try:  # a numpy integer shown as its number
        shown = (repr(value) if isinstance(value, bool)
                 else str(operator.index(value)))  # type: ignore[arg-type]
    except TypeError:
        shown = repr(value)
    raise CardError(f"{what} {shown} is not {kind} ({expected})")


def as_suit(suit: object, what: str = "suit") -> Suit:
    """A suit int (0..3) from a suit int or a suit letter or symbol (:func:`parse_suit`).

    ``what`` names the value in the error (``trump``...).

    >>> as_suit("H"), as_suit(HEARTS), as_suit("♣")
    (1, 1, 3)
    >>> as_suit("X", "trump")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: unknown trump 'X' (expected one of S H D C, or 0..3)
    >>> as_suit(4, "trump")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: trump 4 is not a suit (expected one of S H D C, or 0..3)
    """
    return coerce_small(suit, parse_suit, 3, what, "a suit", "S H D C")


def one_or_many(values: object) -> tuple[object, ...]:
    """``values`` as a tuple: the items of an iterable, or the one value given (a string is
    one value: ``"NS"`` is a side, ``"H"`` a suit).

    >>> one_or_many("H"), one_or_many([0, "S"]), one_or_many(2)
    (('H',), (0, 'S'), (2,))
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        return (values,)
    return tuple(values)


def as_suits(suits: object, what: str = "trump") -> tuple[Suit, ...]:
    """Suit ints from one suit or several (each as :func:`as_suit` takes it).

    >>> as_suits(["H", SPADES]), as_suits("D")
    ((1, 0), (2,))
    """
    return tuple(as_suit(s, what) for s in one_or_many(suits))


FRENCH_RANKS = {"V": "J", "D": "Q", "R": "K"}
"""The French rank letters (valet, dame, roi) and the letters the project reads instead: they
are explained in errors, never read silently (``D`` is also diamonds)."""


def _french(rank: str, suit: str = "") -> str:
    """`` (French V = J, D = Q, R = K)`` when ``rank`` is a French rank letter (and ``suit``,
    when given, a suit), else ``""``."""
    if rank.strip().upper() not in FRENCH_RANKS or (suit and suit.upper() not in _SUIT_ALIASES):
        return ""
    return " (French " + ", ".join(f"{v} = {k}" for v, k in FRENCH_RANKS.items()) + ")"


def parse_rank(text: str) -> Rank:
    """Parse a rank (``7 8 9 T J Q K A`` or ``10``, any case).

    >>> parse_rank("R")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: unknown rank 'R' (expected one of 7 8 9 T J Q K A) (French V = J, D = Q, R = K)
    """
    rank = _RANK_ALIASES.get(text.strip().upper())
    if rank is None:
        raise CardError(f"unknown rank {text!r} (expected one of 7 8 9 T J Q K A)"
                        f"{_french(text)}")
    return rank


def parse_card(text: str) -> Card:
    """Parse a card in any common spelling.

    Rank then suit (``JH``, ``Jh``, ``10H``, ``J♥``) and PBN's suit then rank
    (``HJ``, ``HT``) are both accepted: suit and rank letters never clash.

    >>> [card_name(parse_card(t)) for t in ("ah", "10♠", "ST", "7c")]
    ['AH', 'TS', 'TS', '7C']
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: unknown card '1H': ranks are 7 8 9 T J Q K A (or 10), suits S H D C
    >>> parse_card("VC")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: unknown card 'VC': ranks are 7 8 9 T J Q K A (or 10), suits S H D C (French V = J, D = Q, R = K)
    """
    s = text.strip()
    if len(s) >= 2:
        upper = s.upper()
        for head, tail in ((upper[:-1], upper[-1]), (upper[1:], upper[0])):
            suit = _SUIT_ALIASES.get(tail)
            rank = _RANK_ALIASES.get(head)
            if suit is not None and rank is not None:
                return make_card(suit, rank)
    french = len(s) == 2 and (_french(s[0], s[1]) or _french(s[1], s[0]))
    raise CardError(f"unknown card {text!r}: ranks are 7 8 9 T J Q K A (or 10), suits S H D C"
                    f"{french or ''}")


def as_card(card: Card | str) -> Card:
    """A card int from a card int or any spelling :func:`parse_card` reads.

    >>> as_card("JH"), as_card(12)
    (12, 12)
    """
    return parse_card(card) if isinstance(card, str) else card


def popcount(mask: Mask) -> int:
    """Number of cards in ``mask``."""
    return mask.bit_count()


def iter_cards(mask: Mask) -> Iterator[Card]:
    """The cards of ``mask`` in ascending index order.

    >>> list(iter_cards(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def to_mask(cards: Iterable[Card | str] | str | "CardSet" | Mask) -> Mask:
    """A mask from a mask, a :class:`CardSet`, card ints or card names.

    A single string is split on whitespace and commas.

    >>> to_mask("JH 9H") == (1 << 12) | (1 << 10)
    True
    """
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, int):
        if not 0 <= cards <= ALL_CARDS:
            raise CardError(f"mask {cards!r} is out of range")
        return cards
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    mask = 0
    for c in cards:
        card = as_card(c)
        if not isinstance(card, int) or not 0 <= card < 32:
            raise CardError(f"unknown card {c!r}")
        mask |= 1 << card
    return mask


class CardSet:
    """An immutable set of cards, stored as a 32-bit mask.

    Behaves like a ``frozenset`` of card ints: the set operators, ``union``,
    ``intersection``, ``difference``, ``isdisjoint``, ``issubset`` and
    ``issuperset`` (which also take masks, card names or card ints). Like a
    set built from a list, it keeps a card given twice once
    (``CardSet("JH JH")`` is ``CardSet('JH')``); :meth:`from_pbn`, which reads
    a hand, refuses it.

    >>> hand = CardSet("JH 9H AS 7C")
    >>> len(hand), parse_card("9H") in hand, "AS" in hand
    (4, True, True)
    >>> hand & CardSet.suit(HEARTS)
    CardSet('9H JH')
    >>> hand.to_pbn()
    'A.J9..7'
    """

    __slots__ = ("mask",)
    mask: Mask
    """The cards as a 32-bit mask (bit ``card`` set for each card held)."""

    def __init__(self, cards: Iterable[Card | str] | str | "CardSet" | Mask = 0) -> None:
        object.__setattr__(self, "mask", to_mask(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type["CardSet"], tuple[Mask]]:
        """Pickle (and copy) as a call ``CardSet(mask)``, not by setting the slot.

        >>> import pickle
        >>> pickle.loads(pickle.dumps(CardSet("JH 9H")))
        CardSet('9H JH')
        """
        return (CardSet, (self.mask,))

    @classmethod
    def suit(cls, suit: Suit) -> "CardSet":
        """All eight cards of ``suit``."""
        return cls(SUIT_MASKS[suit])

    @classmethod
    def full(cls) -> "CardSet":
        """The whole 32-card pack."""
        return cls(ALL_CARDS)

    @classmethod
    def from_pbn(cls, text: str) -> "CardSet":
        """Parse a PBN hand ``S.H.D.C`` with ranks ``AKQJT987`` (``10`` also read).

        >>> CardSet.from_pbn("J9.A10..")
        CardSet('9S JS TH AH')
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise CardError(f"hand {text!r} does not have four suits separated by '.'")
        mask = 0
        for suit, part in enumerate(parts):
            ranks = part.strip().upper().replace("10", "T")
            for letter in ranks:
                rank = _RANK_ALIASES.get(letter)
                if rank is None:
                    raise CardError(f"unknown rank {letter!r} in hand {text!r}"
                                    f"{_french(letter)}")
                bit = 1 << make_card(suit, rank)
                if mask & bit:
                    raise CardError(
                        f"card {card_name(make_card(suit, rank))} twice in hand {text!r}")
                mask |= bit
        return cls(mask)

    def to_pbn(self) -> str:
        """The PBN spelling ``S.H.D.C`` with ranks high to low."""
        return ".".join(
            "".join(r for r in PBN_RANK_ORDER
                    if self.mask >> make_card(s, RANK_NAMES.index(r)) & 1)
            for s in SUITS)

    def of_suit(self, suit: Suit) -> "CardSet":
        """The cards of this set in ``suit``."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            try:
                card = parse_card(card)
            except CardError:
                return False
        return isinstance(card, int) and 0 <= card < 32 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask | to_mask(other))

    def __and__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & to_mask(other))

    def __sub__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask & ~to_mask(other) & ALL_CARDS)

    def __xor__(self, other: "CardSet") -> "CardSet":
        return CardSet(self.mask ^ to_mask(other))

    def __le__(self, other: "CardSet") -> bool:
        return self.mask & ~to_mask(other) == 0

    def __ge__(self, other: "CardSet") -> bool:
        return to_mask(other) & ~self.mask == 0

    def isdisjoint(self, other: "CardSet | Iterable[Card | str] | Mask") -> bool:
        """No card in common with ``other``."""
        return self.mask & to_mask(other) == 0

    def issubset(self, other: "CardSet | Iterable[Card | str] | Mask") -> bool:
        """Every card is in ``other`` (like ``<=``)."""
        return self <= other  # type: ignore[operator]

    def issuperset(self, other: "CardSet | Iterable[Card | str] | Mask") -> bool:
        """Every card of ``other`` is here (like ``>=``)."""
        return self >= other  # type: ignore[operator]

    def union(self, *others: "CardSet | Iterable[Card | str] | Mask") -> "CardSet":
        """The cards here or in any of ``others`` (like ``|``).

        >>> CardSet("AS KS").union("QS", CardSet("AS JS")), CardSet("AS").isdisjoint("KS")
        (CardSet('JS QS KS AS'), True)
        """
        mask = self.mask
        for other in others:
            mask |= to_mask(other)
        return CardSet(mask)

    def intersection(self, *others: "CardSet | Iterable[Card | str] | Mask") -> "CardSet":
        """The cards here and in every one of ``others`` (like ``&``)."""
        mask = self.mask
        for other in others:
            mask &= to_mask(other)
        return CardSet(mask)

    def difference(self, *others: "CardSet | Iterable[Card | str] | Mask") -> "CardSet":
        """The cards here and in none of ``others`` (like ``-``)."""
        mask = self.mask
        for other in others:
            mask &= ~to_mask(other)
        return CardSet(mask)

    def names(self) -> list[str]:
        """Card names in ascending index order."""
        return [card_name(c) for c in self]

    def __str__(self) -> str:
        return " ".join(self.names())

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"
