"""Positions for cross-checks: a plain description and a seeded random generator.

A :class:`PositionSpec` describes a position in play the way the reference
solver wants it (current hands, trump, mode, who led the current trick, the
cards already in it, what the completed tricks were worth) and converts it
to the package's :class:`~belote.rules.play.Position` for the fast solver.

The generator is independent of the fast solver: it deals the remaining cards
at random, makes up a consistent history for the completed tricks, and plays
a legal prefix of the current trick with :func:`reference.reference_legal`.

>>> spec = random_position(random.Random(3), tricks_left=3, trick_len=2)
>>> spec.tricks_left, len(spec.trick), sum(spec.tricks_won)
(3, 2, 5)
>>> spec.to_position().to_move == spec.to_move
True
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from belote import CardSet, Deal, Position, RuleProfile, get_profile
from belote.types import iter_cards

from reference import card_points, reference_legal, reference_value

MODES = ("classic", "coinche")


@dataclass(frozen=True)
class PositionSpec:
    """A position in play, with hands as card masks indexed by seat ``N E S W``.

    ``hands`` are the cards still held; ``leader`` led the current ``trick``
    (cards in play order, at most 3); ``points`` and ``tricks_won`` are what
    ``NS`` and ``EW`` took in the completed tricks.
    """

    hands: tuple[int, int, int, int]
    trump: int
    mode: str
    leader: int
    trick: tuple[int, ...] = ()
    points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) % 4

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the current one included."""
        return 8 - sum(self.tricks_won)

    def hand_sets(self) -> list[set[int]]:
        """The current hands as sets of card ints (the reference's input)."""
        return [set(iter_cards(h)) for h in self.hands]

    def start_hands(self) -> tuple[int, int, int, int]:
        """The hands at the start of the current trick (trick cards given back)."""
        hands = list(self.hands)
        for i, card in enumerate(self.trick):
            hands[(self.leader + i) % 4] |= 1 << card
        return (hands[0], hands[1], hands[2], hands[3])

    def with_mode(self, mode: str) -> "PositionSpec":
        """The same position under the other mode's rules.

        Only valid when the trick prefix is legal in ``mode`` too (a prefix
        legal in classic always is in coinche).
        """
        return dataclasses.replace(self, mode=mode)

    def reference_value(self, side: int) -> int:
        """The reference double-dummy value of ``side`` (0 = NS, 1 = EW)."""
        return reference_value(self.hand_sets(), self.trump, self.mode, self.leader,
                               list(self.trick), side, self.points, self.tricks_won)

    def to_position(self, profile: RuleProfile | None = None) -> Position:
        """The package :class:`Position`: the deal at the trick start, then the trick played.

        ``profile`` defaults to the profile named by :attr:`mode`.
        """
        deal = Deal([CardSet(h) for h in self.start_hands()])
        position = Position(deal, self.trump, self.leader, profile or get_profile(self.mode),
                            points=self.points, tricks_won=self.tricks_won)
        for card in self.trick:
            position.play(card)
        return position


def random_history(rng: random.Random, played: list[int], trump: int,
                   sweep: int | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """Points and tricks won for completed tricks made of the cards ``played``.

    The cards are grouped at random into tricks of four and the tricks shared
    between the sides: all to side ``sweep`` when it is 0 or 1 (a capot is then
    still open to it), else at least one to each side when there are two or
    more tricks. The play history is not checked for legality; only the totals
    matter to the value.
    """
    done = len(played) // 4
    if sweep is not None:
        ns_tricks = done if sweep == 0 else 0
    elif done >= 2:
        ns_tricks = rng.randint(1, done - 1)
    else:
        ns_tricks = rng.randint(0, done)
    cards = list(played)
    rng.shuffle(cards)
    ns_points = sum(card_points(c, trump) for c in cards[:4 * ns_tricks])
    ew_points = sum(card_points(c, trump) for c in cards[4 * ns_tricks:])
    return (ns_points, ew_points), (ns_tricks, done - ns_tricks)


def random_position(rng: random.Random, tricks_left: int | None = None, mode: str | None = None,
                    trick_len: int | None = None, sweep: int | None | str = "random",
                    prefix_mode: str | None = None) -> PositionSpec:
    """A random position with ``tricks_left`` tricks to go (default 2..5).

    ``trick_len`` cards (default 0..3) are already in the current trick, each a
    random legal card under ``prefix_mode`` (default ``mode``; use ``"classic"``
    for a position that is legal in both modes). ``sweep`` says who won all the
    completed tricks (0 or 1), ``None`` for a shared history, ``"random"``
    (default) for one of the three at random.
    """
    if tricks_left is None:
        tricks_left = rng.randint(2, 5)
    if mode is None:
        mode = rng.choice(MODES)
    if trick_len is None:
        trick_len = rng.randrange(4)
    if sweep == "random":
        sweep = rng.choice((0, 1, None))
    trump = rng.randrange(4)
    leader = rng.randrange(4)
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [set(cards[i * tricks_left:(i + 1) * tricks_left]) for i in range(4)]
    points, tricks_won = random_history(rng, cards[4 * tricks_left:], trump, sweep)
    trick: list[int] = []
    for i in range(trick_len):
        seat = (leader + i) % 4
        card = rng.choice(sorted(reference_legal(hands[seat], trick, trump, prefix_mode or mode)))
        hands[seat].remove(card)
        trick.append(card)
    masks = tuple(CardSet(h).mask for h in hands)
    return PositionSpec(masks, trump, mode, leader, tuple(trick), points, tricks_won)  # type: ignore[arg-type]


def random_positions(seed: int, count: int, **options: object) -> list[PositionSpec]:
    """``count`` positions from :func:`random_position` with ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [random_position(rng, **options) for _ in range(count)]  # type: ignore[arg-type]
