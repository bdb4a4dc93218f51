"""The play of a deal: legal cards, trick winners, and :class:`Position`.

This is the readable Python engine (the numba kernels carry their own copy of
the same rules for speed, and the tests hold the two together).

>>> from belote import COINCHE, HEARTS, NORTH, Deal
>>> pos = Position(Deal.random(7), trump=HEARTS, leader=NORTH, profile=COINCHE)
>>> pos.to_move, len(pos.legal_cards())
(0, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..types.cards import (KING, QUEEN, SUIT_MASKS, SUIT_NAMES, SUITS, Card, CardSet, Mask, Suit,
                           as_suit, card_name, card_suit, make_card, parse_card)
from ..types.deal import SEATS, Deal, Seat, Side, SidePair, as_seat, seat_name, side_of
from ..errors import DealError, IllegalPlayError
from ..types.profile import PROFILES, RuleProfile, get_profile

if TYPE_CHECKING:
    import numpy as np

__all__ = ["replay", "trick_winner_index", "legal_cards", "Trick", "belote_mask", "belote_sides", "Position"]


def trick_winner_index(cards: Sequence[Card], trump: Suit, profile: RuleProfile) -> int:
    """Index (0 = lead) of the card winning the (possibly partial) trick ``cards``.

    >>> from belote import COINCHE
    >>> trick_winner_index([parse_card(c) for c in ("AS", "TS", "7H", "JS")], 1, COINCHE)
    2
    """
    best = 0
    for i in range(1, len(cards)):
        if _beats(cards[i], cards[best], trump, profile):
            best = i
    return best


def _beats(card: Card, best: Card, trump: Suit, profile: RuleProfile) -> bool:
    """Does ``card``, played after ``best`` (the current winner), take the lead?"""
    suit, best_suit = card_suit(card), card_suit(best)
    if suit == best_suit:
        return profile.strength(card, trump) > profile.strength(best, trump)
    return suit == trump


def legal_cards(hand: Mask, trick: Sequence[Card], trump: Suit, profile: RuleProfile) -> Mask:
    """The mask of cards of ``hand`` that may be played to the partial ``trick``.

    ``trick`` holds the cards already played to the trick in order; the player
    to move is the next seat after the last of them.
    """
    if not trick:
        return hand
    led = card_suit(trick[0])
    follow = hand & SUIT_MASKS[led]
    trumps = hand & SUIT_MASKS[trump]
    win = trick_winner_index(trick, trump, profile)
    partner_winning = (len(trick) - win) % 2 == 0
    top_trump = max((profile.strength(c, trump) for c in trick if card_suit(c) == trump),
                    default=-1)
    higher = 0
    for c in CardSet(trumps):
        if profile.strength(c, trump) > top_trump:
            higher |= 1 << c
    if led == trump:
        if not follow:
            return hand
        if higher and (profile.overtrump_on_trump_lead or not partner_winning):
            return higher
        return follow
    if follow:
        return follow
    if partner_winning and profile.partner_winning_frees:
        return hand
    if not trumps or not profile.must_trump_when_void:
        return hand
    if top_trump < 0:
        return trumps
    if profile.must_overtrump_ruff and higher:
        return higher
    if higher or profile.undertrump_when_cannot_overtrump:
        return trumps
    return hand


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the four cards in play order, who won."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int

    def __repr__(self) -> str:
        cards = " ".join(card_name(c) for c in self.cards)
        return (f"Trick(leader={seat_name(self.leader)}, cards='{cards}', "
                f"winner={seat_name(self.winner)}, points={self.points})")


_KING_QUEEN = tuple((1 << make_card(suit, KING)) | (1 << make_card(suit, QUEEN)) for suit in SUITS)


def belote_mask(trump: Suit) -> Mask:
    """The K and Q of ``trump``: the hand dealt both holds the belote.

    >>> CardSet(belote_mask(1))
    CardSet('QH KH')
    """
    if type(trump) is not int or not 0 <= trump <= 3:
        raise DealError(f"trump {trump!r} is not a suit 0..3 (S H D C)")
    return _KING_QUEEN[trump]


def belote_sides(hands: np.ndarray, trump: Suit) -> np.ndarray:
    """:meth:`Position.belote_side` of each row of an ``(n, 4)`` array of hand masks (-1: nobody).

    >>> import numpy as np
    >>> belote_sides(np.array([[0, 0, 0x6000, 0], [0x2000, 0x4000, 0, 0]]), 1).tolist()
    [0, -1]
    """
    kq = belote_mask(trump)
    held = (hands & kq) == kq
    sides = held.argmax(axis=1) & 1
    sides[~held.any(axis=1)] = -1
    return sides


class Position:
    """A deal in play: current hands, trump, the trick in progress, the tricks taken.

    Build it from the deal at the start of play and :meth:`play` the cards;
    every card is checked against the rules of ``profile``. The trump and
    the leader are letters (``"H"``, ``"E"``) or the small ints of
    ``belote.HEARTS``, ``belote.EAST``...; two positions are equal
    when they are the same deal, rules and cards played. Its ``repr`` rebuilds
    it:

    >>> from belote import Deal
    >>> p = Position(Deal.random(2), "H", "N", "coinche").played("9D")
    >>> p
    Position(Deal.from_pbn('N:J7..J97.AQ8 A.AKJ9.K8.J K8.Q87.T.T7 QT9.T.AQ.K9'), trump='H', leader='N', profile='coinche').played('9D')
    >>> eval(repr(p)) == p, p.trump, p.leader
    (True, 1, 0)
    """

    __hash__ = None  # type: ignore[assignment]  # a position changes as cards are played

    def __init__(self, deal: Deal | str, trump: Suit | str, leader: Seat | str,
                 profile: RuleProfile | str, points: Sequence[int] = (0, 0),
                 tricks_won: Sequence[int] | None = None) -> None:
        """Start from ``deal`` with ``leader`` to lead a new trick.

        ``deal`` is a :class:`Deal` or its PBN text; ``trump`` a suit (``S H D C``
        or 0..3), ``leader`` a seat (``N E S W`` or 0..3), ``profile`` a
        :class:`RuleProfile` or the name of one; anything else is one
        :class:`~belote.errors.BeloteError` (a ``ValueError``) here. A deal of
        fewer than 8 cards each is an ending: ``tricks_won`` (per side) must
        then say how the earlier tricks went (it decides whether a capot is
        still possible) and ``points`` what they were worth.

        >>> Position("N:A7... T8... K9... QJ...", "H", "W", "classic", tricks_won=(3, 3))
        Position(Deal.from_pbn('N:A7... T8... K9... QJ...'), trump='H', leader='W', profile='classic', points=(0, 0), tricks_won=(3, 3))
        >>> Position(Deal.random(1), "X", "N", "coinche")
        Traceback (most recent call last):
        ...
        belote.errors.CardError: unknown trump 'X' (expected one of S H D C, or 0..3)
        """
        if isinstance(deal, str):
            deal = Deal.from_pbn(deal)
        elif not isinstance(deal, Deal):
            raise DealError(f"deal {deal!r} is not a Deal (or its PBN text 'N:...')")
        trump, leader = as_suit(trump, "trump"), as_seat(leader, "leader")
        deal.validate(cards_each=None)
        left = len(deal.hands[0])  # type: ignore[arg-type]
        if tricks_won is None:
            if left != 8:
                raise DealError(f"an ending of {left} cards each needs the tricks won so far")
            tricks_won = (0, 0)
        if sum(tricks_won) + left != 8 or min(tricks_won) < 0:
            raise DealError(f"tricks won {tuple(tricks_won)} do not fit {left} cards each")
        self.profile = get_profile(profile)
        self.trump = trump
        self.hands: list[Mask] = [h.mask for h in deal.hands]  # type: ignore[union-attr]
        self.start_hands: list[Mask] = list(self.hands)
        self.leader: Seat = leader
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self._points = SidePair(*points)
        self._tricks_won = SidePair(*tricks_won)
        self._start = (self._points, self._tricks_won)

    @property
    def points(self) -> SidePair:
        """The trick points each side has taken so far (last trick and capot included)."""
        return self._points

    @property
    def tricks_won(self) -> SidePair:
        """The tricks each side has won so far."""
        return self._tricks_won

    @property
    def to_move(self) -> Seat:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) % 4

    @property
    def cards_left(self) -> int:
        """Cards still to be played in the whole deal."""
        return sum(h.bit_count() for h in self.hands)

    @property
    def is_over(self) -> bool:
        """True when every card has been played."""
        return self.cards_left == 0

    def legal_cards(self) -> CardSet:
        """The cards the player to move may play."""
        return CardSet(legal_cards(self.hands[self.to_move], self.trick, self.trump,
                                   self.profile))

    def play(self, card: Card | str) -> Trick | None:
        """Play ``card`` for the player to move; return the trick if it completes.

        Raises :class:`IllegalPlayError` for a card not held or against the rules.
        """
        if isinstance(card, str):
            card = parse_card(card)
        seat = self.to_move
        if self.is_over:
            raise IllegalPlayError(f"{card_name(card)}: the deal is already over")
        if not self.hands[seat] >> card & 1:
            raise IllegalPlayError(f"{seat_name(seat)} does not hold {card_name(card)}")
        legal = legal_cards(self.hands[seat], self.trick, self.trump, self.profile)
        if not legal >> card & 1:
            raise IllegalPlayError(
                f"{seat_name(seat)} may not play {card_name(card)} here "
                f"(legal: {' '.join(CardSet(legal).names())})")
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < 4:
            return None
        return self._close_trick()

    def _close_trick(self) -> Trick:
        win = trick_winner_index(self.trick, self.trump, self.profile)
        winner = (self.leader + win) % 4
        points = sum(self.profile.card_points(c, self.trump) for c in self.trick)
        side = side_of(winner)
        won = list(self._tricks_won)
        taken = list(self._points)
        won[side] += 1
        taken[side] += points
        if self.is_over:
            if won[side] == 8:
                taken[side] = self.profile.capot_trick_points
            else:
                taken[side] += self.profile.last_trick_bonus
        self._tricks_won = SidePair(*won)
        self._points = SidePair(*taken)
        trick = Trick(self.leader, tuple(self.trick), winner, points)
        self.tricks.append(trick)
        self.trick = []
        self.leader = winner
        return trick

    def played_by(self, seat: Seat) -> Mask:
        """Cards already played by ``seat``."""
        return self.start_hands[seat] & ~self.hands[seat]

    def belote_side(self, initial_hands: Sequence[Mask] | None = None) -> Side | None:
        """The side holding trump K and Q in one hand (from the deal), or ``None``."""
        hands = self.start_hands if initial_hands is None else initial_hands
        kq = belote_mask(self.trump)
        for seat, hand in enumerate(hands):
            if hand & kq == kq:
                return side_of(seat)
        return None

    def current_deal(self) -> Deal:
        """The cards still held, as a :class:`Deal`."""
        return Deal([CardSet(h) for h in self.hands])

    def copy(self) -> "Position":
        """An independent copy."""
        other = object.__new__(Position)
        other.profile = self.profile
        other.trump = self.trump
        other.hands = list(self.hands)
        other.start_hands = list(self.start_hands)
        other.leader = self.leader
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other._points = self._points
        other._tricks_won = self._tricks_won
        other._start = self._start
        return other

    def played(self, cards: str | Sequence[Card | str]) -> "Position":
        """A copy with ``cards`` played in turn (card names, ints, or one string of names).

        >>> from belote import Deal
        >>> Position(Deal.random(2), 1, 0, "coinche").played("9D KD").trick
        [18, 22]
        """
        other = self.copy()
        for card in cards.replace(",", " ").split() if isinstance(cards, str) else cards:
            other.play(card)
        return other

    def _record(self) -> tuple[tuple[Mask, ...], Suit, Seat, RuleProfile,
                               tuple[SidePair, SidePair], tuple[Card, ...]]:
        """What the repr writes: the start (deal, trump, leader, rules, points and tricks
        before it) and the cards played since."""
        cards = [c for t in self.tricks for c in t.cards] + self.trick
        first = self.tricks[0].leader if self.tricks else self.leader
        return (tuple(self.start_hands), self.trump, first, self.profile, self._start,
                tuple(cards))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._record() == other._record()

    def __repr__(self) -> str:
        hands, trump, first, rules, (points, won), cards = self._record()
        ending = ("" if won == (0, 0) and points == (0, 0)
                  else f", points={tuple(points)}, tricks_won={tuple(won)}")
        name = self.profile.name
        profile = repr(name) if PROFILES.get(name) == rules else repr(rules)
        record = f".played({' '.join(map(card_name, cards))!r})" if cards else ""
        return (f"Position({Deal([CardSet(h) for h in hands])!r}, "
                f"trump={SUIT_NAMES[trump]!r}, leader={seat_name(first)!r}, "
                f"profile={profile}{ending}){record}")


def replay(position: Position, hands: Sequence[Mask]) -> Position:
    """``position`` as it would be if the hands still held were ``hands``.

    The deal at the start is each seat's ``hands`` plus the cards it played,
    and the recorded cards are played again in order from the same leader
    (checked: :class:`~belote.errors.IllegalPlayError` if a card could
    not have been played from that deal). Tricks, points and the trick in
    progress come out as in ``position``.

    >>> from belote import Deal, COINCHE
    >>> pos = Position(Deal.from_pbn("N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"),
    ...                trump=1, leader=1, profile=COINCHE)
    >>> for card in ("7H", "7S", "7C", "AH", "JH"):
    ...     _ = pos.play(card)
    >>> swap = CardSet("TD TC").mask  # E's TD and W's TC change hands
    >>> other = replay(pos, [h ^ swap if s in (1, 3) else h for s, h in enumerate(pos.hands)])
    >>> other.points == pos.points, other.trick == pos.trick, other.to_move
    (True, True, 1)
    """
    played = [position.played_by(seat) for seat in SEATS]
    start = Deal([CardSet(int(hands[seat]) | played[seat]) for seat in SEATS])
    points, won = list(position.points), list(position.tricks_won)
    for trick in position.tricks:
        points[side_of(trick.winner)] -= trick.points
        won[side_of(trick.winner)] -= 1
    first = position.tricks[0].leader if position.tricks else position.leader
    out = Position(start, position.trump, first, position.profile, points=points,
                   tricks_won=won)
    for trick in position.tricks:
        for card in trick.cards:
            out.play(card)
    for card in position.trick:
        out.play(card)
    return out
