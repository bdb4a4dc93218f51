"""Seats, partnerships and deals (four hands).

Seats are small ints ``N E S W`` = 0..3 in playing order: each seat's left
is the next one. Sides are ``NS`` = 0 and ``EW`` = 1.

>>> d = Deal.from_pbn("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
>>> d.hands[EAST].to_pbn()
'.AKQJT987..'
>>> Deal.from_pbn(d.to_pbn("E")) == d
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .cards import ALL_CARDS, CardSet, card_name, coerce_small
from ..errors import CardError, DealError

__all__ = ["Seat", "Side", "NORTH", "EAST", "SOUTH", "WEST", "NS", "EW", "SEATS", "SEAT_NAMES",
           "SIDES", "SIDE_NAMES", "parse_seat", "as_seat", "parse_side", "as_side", "seat_name",
           "side_name", "next_seat", "partner", "side_of", "SidePair", "Deal"]

Seat = int
Side = int

NORTH, EAST, SOUTH, WEST = range(4)
SEATS: tuple[Seat, ...] = (NORTH, EAST, SOUTH, WEST)
SEAT_NAMES = "NESW"
NS, EW = 0, 1
SIDES: tuple[Side, ...] = (NS, EW)
SIDE_NAMES = ("NS", "EW")


def parse_seat(text: str) -> Seat:
    """Parse a seat letter or word (``N``, ``north``...).

    >>> parse_seat("w"), parse_seat("East")
    (3, 1)
    """
    key = text.strip().upper()
    for seat, name in enumerate(("NORTH", "EAST", "SOUTH", "WEST")):
        if key in (name, name[0]):
            return seat
    raise CardError(f"unknown seat {text!r} (expected one of N E S W)")


def as_seat(seat: object, what: str = "seat") -> Seat:
    """A seat int (0..3) from a seat int or any spelling :func:`parse_seat` reads.

    ``what`` names the value in the error (``leader``, ``declarer``...).

    >>> as_seat("S"), as_seat(2), as_seat("east")
    (2, 2, 1)
    >>> as_seat("Q", "leader")
    Traceback (most recent call last):
    ...
    belote.errors.CardError: unknown leader 'Q' (expected one of N E S W, or 0..3)
    """
    return coerce_small(seat, parse_seat, 3, what, "a seat", "N E S W")


def parse_side(text: str) -> Side:
    """Parse ``NS`` or ``EW`` (also ``SN``, ``WE``, any case).

    >>> parse_side("ew")
    1
    """
    key = text.strip().upper()
    if key in ("NS", "SN"):
        return NS
    if key in ("EW", "WE"):
        return EW
    raise CardError(f"unknown side {text!r} (expected NS or EW)")


def as_side(side: object, what: str = "side") -> Side:
    """A side int (``NS`` = 0, ``EW`` = 1) from a side int or ``NS`` / ``EW`` (:func:`parse_side`).

    >>> as_side("EW"), as_side(NS)
    (1, 0)
    >>> as_side(2)
    Traceback (most recent call last):
    ...
    belote.errors.CardError: side 2 is not a side (expected one of NS EW, or 0..1)
    """
    return coerce_small(side, parse_side, 1, what, "a side", "NS EW")


def seat_name(seat: Seat) -> str:
    """The letter of ``seat``."""
    return SEAT_NAMES[seat]


def side_name(side: Side) -> str:
    """``'NS'`` or ``'EW'``."""
    return SIDE_NAMES[side]


def next_seat(seat: Seat, steps: int = 1) -> Seat:
    """The seat ``steps`` places to the left of ``seat``."""
    return (seat + steps) % 4


def partner(seat: Seat) -> Seat:
    """The seat opposite ``seat``."""
    return (seat + 2) % 4


def side_of(seat: Seat) -> Side:
    """The side (``NS`` = 0, ``EW`` = 1) of ``seat``."""
    return seat & 1


class SidePair(NamedTuple):
    """One number per side: the type of every NS/EW pair the library returns.

    A tuple indexed by side (``pair[NS]``, ``pair[EW]``) with named fields;
    its repr rebuilds it.

    >>> pair = SidePair(52, 110)
    >>> pair, pair[EW], pair.ew, pair.to_dict()
    (SidePair(ns=52, ew=110), 110, 110, {'NS': 52, 'EW': 110})
    >>> SidePair.from_dict({"NS": 1, "EW": 2}) == (1, 2)
    True
    """

    ns: int
    ew: int

    def to_dict(self) -> dict[str, int]:
        """``{"NS": ns, "EW": ew}``, as the JSON output writes a pair."""
        return {"NS": self.ns, "EW": self.ew}

    @classmethod
    def from_dict(cls, d: dict[str, int]) -> "SidePair":
        """The pair of ``{"NS": ..., "EW": ...}``."""
        return cls(d["NS"], d["EW"])

    @classmethod
    def of(cls, side: Side, mine: int, theirs: int) -> "SidePair":
        """The pair where ``side`` has ``mine`` and the other side ``theirs``.

        >>> SidePair.of(EW, 100, 62)
        SidePair(ns=62, ew=100)
        """
        return cls(mine, theirs) if side == NS else cls(theirs, mine)


def _raise_duplicate(hands: Sequence[CardSet | None], first: Seat) -> None:
    """Raise the :class:`DealError` naming the first card held twice, from seat ``first`` round."""
    holder: dict[int, Seat] = {}
    for seat in (next_seat(first, i) for i in range(4)):
        for card in hands[seat] or ():
            if card in holder:
                raise DealError(f"duplicate card {card_name(card)} (held by "
                                f"{seat_name(holder[card])} and {seat_name(seat)})")
            holder[card] = seat


class Deal:
    """Four hands, indexed by seat; a hand may be ``None`` when unknown.

    A *complete* deal has four disjoint hands of equal size (8 at the start of
    play, fewer when cards have been played). Construction checks that no card
    is held twice; :meth:`validate` checks the sizes.
    """

    __slots__ = ("hands",)
    hands: tuple[CardSet | None, ...]
    """The four hands in seat order N E S W (``None``: unknown)."""

    def __init__(self, hands: Sequence[CardSet | str | int | None],
                 first: Seat = NORTH) -> None:
        """Check and store ``hands`` (indexed by seat).

        A card held twice is reported with both holders, looking at the hands
        from seat ``first`` round to its right-hand opponent.

        >>> Deal(["JS", None, None, "JS 7H"])
        Traceback (most recent call last):
        ...
        belote.errors.DealError: duplicate card JS (held by N and W)
        """
        if len(hands) != 4:
            raise DealError(f"a deal has 4 hands, not {len(hands)}")
        parsed = tuple(None if h is None else (h if isinstance(h, CardSet) else CardSet(h))
                       for h in hands)
        union = 0
        for hand in parsed:
            if hand is not None:
                if union & hand.mask:
                    _raise_duplicate(parsed, first)
                union |= hand.mask
        object.__setattr__(self, "hands", parsed)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[type["Deal"], tuple[tuple[CardSet | None, ...]]]:
        """Pickle (and copy) as a call ``Deal(hands)``, not by setting the slot."""
        return (Deal, (self.hands,))

    @classmethod
    def from_pbn(cls, text: str) -> "Deal":
        """Parse PBN deal notation ``F:h1 h2 h3 h4`` (``-`` = unknown hand).

        The first hand is that of seat ``F``; the others follow to its left.
        Errors name the hand at fault, or both holders of a duplicate.

        >>> Deal.from_pbn("E:J... - J... -")
        Traceback (most recent call last):
        ...
        belote.errors.DealError: duplicate card JS (held by E and W)
        >>> Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQX ..AKQJ.T987")
        Traceback (most recent call last):
        ...
        belote.errors.CardError: S hand: unknown rank 'X' in hand 'T987...AKQX'
        """
        s = text.strip()
        if len(s) < 2 or s[1] != ":":
            raise DealError(f"deal {text!r} does not start with a seat and ':' (like 'N:')")
        first = parse_seat(s[0])
        parts = s[2:].split()
        if len(parts) != 4:
            raise DealError(f"deal {text!r} has {len(parts)} hand{'s' * (len(parts) != 1)}, "
                            "expected 4")
        hands: list[CardSet | None] = [None] * 4
        for i, part in enumerate(parts):
            seat = next_seat(first, i)
            try:
                hands[seat] = None if part == "-" else CardSet.from_pbn(part)
            except CardError as e:
                raise CardError(f"{seat_name(seat)} hand: {e}") from None
        return cls(hands, first)

    def to_pbn(self, first: Seat | str = NORTH) -> str:
        """PBN deal notation starting with seat ``first``."""
        if isinstance(first, str):
            first = parse_seat(first)
        hands = [self.hands[(first + i) % 4] for i in range(4)]
        return seat_name(first) + ":" + " ".join(
            "-" if h is None else h.to_pbn() for h in hands)

    @classmethod
    def random(cls, rng: random.Random | int | None = None, cards_each: int = 8) -> "Deal":
        """A uniformly random deal of ``cards_each`` cards per hand.

        With fewer than 8 cards each, the cards are a random subset of the pack.

        >>> len(Deal.random(1).hands[NORTH])
        8
        """
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        cards = list(range(32))
        rng.shuffle(cards)
        return cls([CardSet(cards[i * cards_each:(i + 1) * cards_each]) for i in range(4)])

    @property
    def known(self) -> bool:
        """True when all four hands are given."""
        return all(h is not None for h in self.hands)

    def complete_unknown(self, total: int = 8) -> "Deal":
        """Fill a single unknown hand (PBN's ``-``) with the cards nobody else holds.

        Only meaningful for full deals: the other three hands must hold ``total``
        cards each (8), so that the one left out is determined.

        >>> Deal.from_pbn("N:- .AKQJT987.. ..AKQJT987. ...AKQJT987").complete_unknown()
        Deal.from_pbn('N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987')
        >>> Deal.from_pbn("N:- - ..AKQJT987. ...AKQJT987").complete_unknown()
        Traceback (most recent call last):
        ...
        belote.errors.DealError: 2 hands are unknown (N E); at most one can be inferred (from the other three)
        """
        missing = [s for s, h in enumerate(self.hands) if h is None]
        if not missing:
            return self
        if len(missing) > 1:
            raise DealError(f"{len(missing)} hands are unknown "
                            f"({' '.join(seat_name(s) for s in missing)}); at most one can be "
                            "inferred (from the other three)")
        sizes = [len(h) for h in self.hands if h is not None]
        if any(n != total for n in sizes):
            raise DealError(f"the hand of {seat_name(missing[0])} is unknown ('-') and the other "
                            f"three hold {' '.join(map(str, sizes))} cards: it is inferred only "
                            f"when they hold {total} each")
        rest = ALL_CARDS
        for h in self.hands:
            if h is not None:
                rest &= ~h.mask
        hands = list(self.hands)
        hands[missing[0]] = CardSet(rest)
        return Deal(hands)

    def validate(self, cards_each: int | None = 8) -> None:
        """Raise :class:`DealError` unless every hand is known and has ``cards_each``
        cards (or, with ``None``, all hands have the same size)."""
        if not self.known:
            raise DealError("a hand is unknown")
        sizes = [len(h) for h in self.hands]  # type: ignore[arg-type]
        want = sizes[0] if cards_each is None else cards_each
        for seat, n in enumerate(sizes):
            if n != want:
                raise DealError(
                    f"{seat_name(seat)} holds {n} cards, expected {want} "
                    f"(hands hold {' '.join(str(x) for x in sizes)})")

    def holder(self, card: int) -> Seat | None:
        """The seat holding ``card``, or ``None``."""
        for seat, hand in enumerate(self.hands):
            if hand is not None and card in hand:
                return seat
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.hands == other.hands

    def __hash__(self) -> int:
        return hash(self.hands)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"
