"""A slow, plain double-dummy reference solver, independent of the project's engine.

It restates the rules of play from the rule page in the plainest form it can
(card names, Python sets, full minimax) so that it can serve as an oracle for
the fast solver. Only card parsing and printing are borrowed from the
package; rank orders, card points, legal play, trick winners and the
whole-deal value are written out again here.

Cards are the package's card ints (see :func:`belote.types.cards.parse_card`),
seats ``N E S W`` = 0..3 in playing order, sides ``NS`` = 0 and ``EW`` = 1.

>>> from belote import HEARTS
>>> from belote.types import parse_card
>>> c = lambda names: [parse_card(n) for n in names.split()]
>>> sorted(card_name(x) for x in reference_legal(c("7H JH 8D"), c("KS 9H"), HEARTS, "classic"))
['JH']
>>> sorted(card_name(x) for x in reference_legal(c("7H 8D"), c("KS 9H"), HEARTS, "coinche"))
['7H', '8D']
>>> reference_trick_winner(c("AS TS 7H JS"), HEARTS)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from belote.types import card_name

SUIT_LETTERS = "SHDC"

TRUMP_ORDER = "J9ATKQ87"
"""Trump ranks, highest first."""
PLAIN_ORDER = "ATKQJ987"
"""Plain-suit ranks, highest first."""

TRUMP_STRENGTH = {rank: 8 - i for i, rank in enumerate(TRUMP_ORDER)}
PLAIN_STRENGTH = {rank: 8 - i for i, rank in enumerate(PLAIN_ORDER)}

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

LAST_TRICK_BONUS = 10
CAPOT_POINTS = 252
TRICKS_PER_DEAL = 8

_SUIT = {card: SUIT_LETTERS.index(card_name(card)[1]) for card in range(32)}
"""Suit index of each card int, read once from the card's printed name."""
_RANK = {card: card_name(card)[0] for card in range(32)}
"""Rank letter of each card int."""

MUST_UNDERTRUMP = {"classic": True, "coinche": False}
"""The one difference between the modes: void in a plain suit led, an opponent's
trump winning and no higher trump in hand, must a (lower) trump still be played?"""


def suit_of(card: int) -> int:
    """The suit index of ``card`` (``S H D C`` = 0..3)."""
    return _SUIT[card]


def card_points(card: int, trump: int) -> int:
    """Card points of ``card`` with ``trump`` as the trump suit."""
    table = TRUMP_POINTS if _SUIT[card] == trump else PLAIN_POINTS
    return table[_RANK[card]]


def strength(card: int, trump: int) -> int:
    """Strength of ``card`` within its own suit (bigger beats smaller)."""
    table = TRUMP_STRENGTH if _SUIT[card] == trump else PLAIN_STRENGTH
    return table[_RANK[card]]


def reference_trick_winner(trick: Sequence[int], trump: int) -> int:
    """Index in ``trick`` (0 = the lead) of the card currently winning it.

    The highest trump wins if a trump was played, else the highest card of
    the suit led; other cards cannot win.
    """
    trumps = [i for i, c in enumerate(trick) if suit_of(c) == trump]
    if trumps:
        return max(trumps, key=lambda i: strength(trick[i], trump))
    led = suit_of(trick[0])
    followers = [i for i, c in enumerate(trick) if suit_of(c) == led]
    return max(followers, key=lambda i: strength(trick[i], trump))


def reference_legal(hand: Iterable[int], trick: Sequence[int], trump: int, mode: str) -> set[int]:
    """The cards of ``hand`` that may be played to the partial ``trick``.

    ``trick`` lists the cards already played to the trick, lead first; the
    player to move sits right after the last of them.
    """
    hand = set(hand)
    if not trick:
        return hand
    led = suit_of(trick[0])
    same_suit = {c for c in hand if suit_of(c) == led}
    my_trumps = {c for c in hand if suit_of(c) == trump}
    trick_trumps = [c for c in trick if suit_of(c) == trump]
    best_trump = max((strength(c, trump) for c in trick_trumps), default=0)
    higher_trumps = {c for c in my_trumps if strength(c, trump) > best_trump}

    if led == trump:
        if not my_trumps:
            return hand
        return higher_trumps or my_trumps
    if same_suit:
        return same_suit
    winner = reference_trick_winner(trick, trump)
    partner_winning = (len(trick) - winner) % 2 == 0
    if partner_winning or not my_trumps:
        return hand
    if not trick_trumps:
        return my_trumps
    if higher_trumps:
        return higher_trumps
    return my_trumps if MUST_UNDERTRUMP[mode] else hand


def _check_state(hands: Sequence[Iterable[int]], trump: int, mode: str, leader: int,
                 trick: Sequence[int], points: Sequence[int], tricks_won: Sequence[int]) -> None:
    """Raise ``ValueError`` if the arguments cannot describe a position in play."""
    if mode not in MUST_UNDERTRUMP:
        raise ValueError(f"unknown mode {mode!r}")
    if trump not in range(4) or leader not in range(4) or len(trick) > 3:
        raise ValueError("bad trump, leader or trick")
    sizes = [len(set(h)) for h in hands]
    left = sizes[leader] + (1 if trick else 0)
    for i in range(4):
        expect = left - 1 if i < len(trick) else left
        if sizes[(leader + i) % 4] != expect:
            raise ValueError(f"hand sizes {sizes} do not fit a trick of {len(trick)} cards")
    cards = [c for h in hands for c in set(h)] + list(trick)
    if len(cards) != len(set(cards)):
        raise ValueError("a card appears twice")
    if sum(tricks_won) + left != TRICKS_PER_DEAL or min(tricks_won) < 0 or min(points) < 0:
        raise ValueError(f"tricks won {tuple(tricks_won)} do not fit {left} tricks left")


def _final_points(points: Sequence[int], tricks_won: Sequence[int], last_winner: int) -> tuple[int, int]:
    """Trick points of both sides when the deal is over."""
    final = []
    for s in (0, 1):
        if tricks_won[s] == TRICKS_PER_DEAL:
            final.append(CAPOT_POINTS)
        else:
            final.append(points[s] + (LAST_TRICK_BONUS if s == last_winner else 0))
    return final[0], final[1]


class _Search:
    """Full minimax for one side and one trump/mode, memoised at trick starts.

    The memo key is the complete state (hands, leader, points, tricks won),
    so it never confuses two different positions: the value stays exact.
    Mid-trick states are not memoised: each is reached from a single trick
    start, so storing them would save nothing.
    """

    def __init__(self, side: int, trump: int, mode: str) -> None:
        self.side = side
        self.trump = trump
        self.mode = mode
        self.memo: dict[tuple, int] = {}

    def value(self, hands: tuple[frozenset[int], ...], leader: int, trick: tuple[int, ...],
              points: tuple[int, int], tricks_won: tuple[int, int]) -> int:
        """Side ``self.side``'s whole-deal points from this state with best play."""
        if len(trick) == 4:
            return self._after_trick(hands, leader, trick, points, tricks_won)
        key = (hands, leader, points, tricks_won)
        if not trick and key in self.memo:
            return self.memo[key]
        player = (leader + len(trick)) % 4
        results = []
        for card in reference_legal(hands[player], trick, self.trump, self.mode):
            after = list(hands)
            after[player] = hands[player] - {card}
            results.append(self.value(tuple(after), leader, trick + (card,), points, tricks_won))
        best = max(results) if player % 2 == self.side else min(results)
        if not trick:
            self.memo[key] = best
        return best

    def _after_trick(self, hands: tuple[frozenset[int], ...], leader: int, trick: tuple[int, ...],
                     points: tuple[int, int], tricks_won: tuple[int, int]) -> int:
        winner = (leader + reference_trick_winner(trick, self.trump)) % 4
        won_by = winner % 2
        gained = sum(card_points(c, self.trump) for c in trick)
        points = (points[0] + gained, points[1]) if won_by == 0 else (points[0], points[1] + gained)
        tricks_won = (tricks_won[0] + 1, tricks_won[1]) if won_by == 0 else (tricks_won[0], tricks_won[1] + 1)
        if not any(hands):
            return _final_points(points, tricks_won, won_by)[self.side]
        return self.value(hands, winner, (), points, tricks_won)


def reference_value(hands: Sequence[Iterable[int]], trump: int, mode: str, leader: int,
                    trick: Sequence[int], side: int, points: Sequence[int] = (0, 0),
                    tricks_won: Sequence[int] = (0, 0)) -> int:
    """The whole-deal double-dummy trick points side ``side`` can guarantee.

    ``hands`` are the cards still held by ``N E S W``; ``leader`` led the
    current ``trick`` (cards in play order, possibly none); ``points`` and
    ``tricks_won`` are what ``NS`` and ``EW`` took in the completed tricks.
    Side ``side`` plays to maximise its final trick points (card points of its
    tricks + 10 for the last trick, or 252 in all for all 8 tricks), the other
    side to minimise them.
    """
    _check_state(hands, trump, mode, leader, trick, points, tricks_won)
    search = _Search(side, trump, mode)
    return search.value(tuple(frozenset(h) for h in hands), leader, tuple(trick),
                        (points[0], points[1]), (tricks_won[0], tricks_won[1]))


def reference_card_values(hands: Sequence[Iterable[int]], trump: int, mode: str, leader: int,
                          trick: Sequence[int], points: Sequence[int] = (0, 0),
                          tricks_won: Sequence[int] = (0, 0)) -> dict[int, tuple[int, int]]:
    """For each legal card of the player to move: ``(NS value, EW value)`` after it.

    Each value is the whole-deal double-dummy value of that side (as in
    :func:`reference_value`) once the card has been played.
    """
    _check_state(hands, trump, mode, leader, trick, points, tricks_won)
    start = tuple(frozenset(h) for h in hands)
    player = (leader + len(trick)) % 4
    searches = [_Search(0, trump, mode), _Search(1, trump, mode)]
    values = {}
    for card in reference_legal(start[player], trick, trump, mode):
        after = tuple(h - {card} if seat == player else h for seat, h in enumerate(start))
        values[card] = tuple(
            s.value(after, leader, tuple(trick) + (card,), (points[0], points[1]),
                    (tricks_won[0], tricks_won[1]))
            for s in searches)
    return values
