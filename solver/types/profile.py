"""Rule profiles: every rule choice of a Belote mode, as named fields.

A :class:`RuleProfile` holds the card order and points, the duties of legal
play and the scoring parameters of one mode. The solver, the scorer and the
play engine read their rules from a profile and nowhere else, so a local
custom is a new profile (``dataclasses.replace(COINCHE, ...)``), not an edit.

>>> from belote import HEARTS, SPADES
>>> from belote.types import parse_card
>>> CLASSIC.undertrump_when_cannot_overtrump, COINCHE.undertrump_when_cannot_overtrump
(True, False)
>>> COINCHE.card_points(parse_card("JH"), trump=HEARTS), COINCHE.card_points(parse_card("JH"), trump=SPADES)
(20, 2)
>>> get_profile("classic") is CLASSIC
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import RANK_NAMES, Card, Rank, Suit, card_rank, card_suit
from ..errors import BeloteError

__all__ = ["RuleProfile", "CLASSIC", "COINCHE", "PROFILES", "get_profile"]

def _by_rank(letters_high_to_low: str, values: tuple[int, ...]) -> tuple[int, ...]:
    """Turn a high-to-low rank string and its values into a tuple indexed by rank."""
    table = [0] * 8
    for letter, value in zip(letters_high_to_low, values):
        table[RANK_NAMES.index(letter)] = value
    return tuple(table)


@dataclass(frozen=True)
class RuleProfile:
    """The rule choices of one Belote mode.

    Card order and points
        ``trump_order`` / ``plain_order`` are the ranks high to low;
        ``trump_points`` / ``plain_points`` the matching card points.
    Trick bonuses
        ``last_trick_bonus`` (dix de der); ``capot_trick_points``, the trick
        points of a side that takes all eight tricks (replacing the last-trick
        bonus); ``belote_bonus`` for trump K+Q in one hand.
    Legal play
        ``overtrump_on_trump_lead``: on a trump lead, beat the highest trump
        if able, even when it is partner's. ``partner_winning_frees``: void in
        the led plain suit with partner winning, any card may be played.
        ``must_trump_when_void``: void in a plain suit with an opponent
        winning, a trump must be played. ``must_overtrump_ruff``: over an
        opponent's ruff, overtrump if able. ``undertrump_when_cannot_overtrump``:
        unable to overtrump an opponent's ruff, a lower trump is still forced
        (classic "pisser"); when False any card may be played (coinche).
    Contracts
        ``auction`` is how trump is chosen: ``"turned-card"`` (classic: a
        contract is a suit only, never coinched) or ``"numeric"`` (coinche: a
        bid from ``bid_min`` to ``bid_max`` in steps of ``bid_step``, or the
        capot bid ``capot_bid``, at a multiplier from ``coinche_multipliers``).
    Scoring
        The remaining fields parametrise the one scoring formula of
        :mod:`belote.rules.scoring`. ``equal_totals_litige``: when the taking side's
        total equals the defence's, the taker's trick points are held for the
        winners of the next decisive deal (classic litige); when False an
        equal total is simply a failed contract.
    Match
        ``match_target``: a side wins once its running total reaches it.
        ``belote_alone_wins_match``: when False, a side that failed its
        contract or took no trick on a deal (its deal score is then its
        Belote alone) cannot win the match on that deal
        (:mod:`belote.rules.match`).
    """

    name: str
    trump_order: str = "J9ATKQ87"
    plain_order: str = "ATKQJ987"
    trump_points: tuple[int, ...] = _by_rank("J9ATKQ87", (20, 14, 11, 10, 4, 3, 0, 0))
    plain_points: tuple[int, ...] = _by_rank("ATKQJ987", (11, 10, 4, 3, 2, 0, 0, 0))
    last_trick_bonus: int = 10
    capot_trick_points: int = 252
    belote_bonus: int = 20
    overtrump_on_trump_lead: bool = True
    partner_winning_frees: bool = True
    must_trump_when_void: bool = True
    must_overtrump_ruff: bool = True
    undertrump_when_cannot_overtrump: bool = True
    match_target: int = 1000
    failed_contract_base: int = 162
    capot_contract_base: int = 252
    round_scores_to: int = 0
    bid_min: int = 80
    bid_max: int = 160
    bid_step: int = 10
    capot_bid: int = 250
    coinche_multipliers: tuple[int, ...] = field(default=(1, 2, 4))
    auction: str = "numeric"
    equal_totals_litige: bool = False
    belote_alone_wins_match: bool = True

    def __post_init__(self) -> None:
        """Refuse a capot worth less than the trick points of a shared deal.

        The solver reads both sides' values from one search on the premise
        that taking every trick is worth at least as much as the trick points
        of the pack (see :mod:`belote.dd._kernels`).

        >>> import dataclasses
        >>> dataclasses.replace(COINCHE, name="low", capot_trick_points=100)
        Traceback (most recent call last):
        ...
        belote.errors.BeloteError: profile 'low': capot_trick_points 100 is below the 162 trick points of the pack
        """
        if self.capot_trick_points < self.total_trick_points:
            raise BeloteError(f"profile {self.name!r}: capot_trick_points "
                              f"{self.capot_trick_points} is below the "
                              f"{self.total_trick_points} trick points of the pack")

    def __hash__(self) -> int:
        """The name's hash: equal profiles share a name, and profiles key many caches.

        Hashing every field (the dataclass default) cost more than a cache
        lookup saves on small positions.
        """
        return hash(self.name)

    @property
    def total_trick_points(self) -> int:
        """Card points of the pack plus the last-trick bonus (162)."""
        return sum(self.trump_points) + 3 * sum(self.plain_points) + self.last_trick_bonus

    def trump_strength(self, rank: Rank) -> int:
        """Strength of a trump of ``rank`` (7 = strongest)."""
        return 7 - self.trump_order.index(RANK_NAMES[rank])

    def plain_strength(self, rank: Rank) -> int:
        """Strength of a plain-suit card of ``rank`` (7 = strongest)."""
        return 7 - self.plain_order.index(RANK_NAMES[rank])

    def card_points(self, card: Card, trump: Suit) -> int:
        """Card points of ``card`` when ``trump`` is trump."""
        table = self.trump_points if card_suit(card) == trump else self.plain_points
        return table[card_rank(card)]

    def strength(self, card: Card, trump: Suit) -> int:
        """Strength of ``card`` within its suit under ``trump`` (0..7)."""
        if card_suit(card) == trump:
            return self.trump_strength(card_rank(card))
        return self.plain_strength(card_rank(card))


CLASSIC = RuleProfile(
    name="classic",
    auction="turned-card",
    equal_totals_litige=True,
    undertrump_when_cannot_overtrump=True,
    match_target=1000,
    failed_contract_base=162,
    capot_contract_base=252,
    round_scores_to=0,
)
"""Classic Belote: trump from the turned card, under-trumping forced."""

COINCHE = RuleProfile(
    name="coinche",
    auction="numeric",
    equal_totals_litige=False,
    undertrump_when_cannot_overtrump=False,
    match_target=2000,
    failed_contract_base=160,
    capot_contract_base=250,
    round_scores_to=10,
    belote_alone_wins_match=False,
)
"""Belote coinchée: numeric auction, no forced under-trump (FFB ruling)."""

PROFILES: dict[str, RuleProfile] = {p.name: p for p in (CLASSIC, COINCHE)}


def get_profile(profile: "str | RuleProfile") -> RuleProfile:
    """The profile named ``profile`` (``classic`` or ``coinche``), or ``profile`` itself.

    >>> get_profile("Coinche").name
    'coinche'
    """
    if isinstance(profile, RuleProfile):
        return profile
    found = PROFILES.get(str(profile).strip().lower())
    if found is None:
        raise BeloteError(f"unknown mode {profile!r} (expected one of {', '.join(PROFILES)})")
    return found
