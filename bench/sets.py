"""The fixed, seeded inputs of the benchmarks.

Every item is rebuilt from its seed alone, so two runs (or two machines)
time the same deals and positions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from belote import COINCHE, Deal, Position
from belote.types import Card, card_name

DEAL_SEED_BASE = 10_000
POSITION_SEED_BASE = 20_000
WARMUP_SEED = 1


@dataclass(frozen=True)
class Item:
    """A deal, its dealer (the next seat leads), a trump, and the cards played so far."""

    seed: int
    deal: Deal
    dealer: int
    trump: int
    played: tuple[Card, ...] = ()

    @property
    def leader(self) -> int:
        """The seat leading the first trick."""
        return (self.dealer + 1) % 4

    def position(self) -> Position:
        """Our position after the played cards (coinche rules)."""
        position = Position(self.deal, self.trump, self.leader, COINCHE)
        for card in self.played:
            position.play(card)
        return position

    def describe(self) -> str:
        """Deal in PBN, dealer, trump and played cards: enough to replay the item."""
        return (f"seed {self.seed}: deal {self.deal.to_pbn()!r} dealer {'NESW'[self.dealer]} "
                f"trump {'SHDC'[self.trump]} played [{' '.join(map(card_name, self.played))}]")


def full_deal(seed: int) -> Item:
    """A random full deal with a random dealer and trump."""
    rng = random.Random(seed)
    return Item(seed, Deal.random(rng), rng.randrange(4), rng.randrange(4))


def mid_game(seed: int, tricks_left: int = 4) -> Item:
    """A random deal played at random (legal cards) until ``tricks_left`` tricks remain."""
    item = full_deal(seed)
    rng = random.Random(seed + 1)
    position = item.position()
    played: list[Card] = []
    while position.cards_left > 4 * tricks_left:
        card = rng.choice(sorted(position.legal_cards()))
        position.play(card)
        played.append(card)
    return Item(seed, item.deal, item.dealer, item.trump, tuple(played))


def full_deals(count: int) -> list[Item]:
    """The benchmark's full deals."""
    return [full_deal(DEAL_SEED_BASE + i) for i in range(count)]


def mid_games(count: int) -> list[Item]:
    """The benchmark's positions with 4 tricks left."""
    return [mid_game(POSITION_SEED_BASE + i) for i in range(count)]
