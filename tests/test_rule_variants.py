"""The solver is exact under every combination of the legal-play rule fields.

The reference minimax of :mod:`reference` knows the two modes only. Here
each of the 32 combinations of the five legal-play fields of a
:class:`RuleProfile` is checked on random endings against a plain minimax
over :class:`Position` itself (the library's rules, :func:`legal_cards` and
the trick winner, which ``test_reference`` checks against the reference in
both modes). The kernel's pruning (near-equivalent cards, bounds, the table)
must not depend on which duties apply. Profiles with shuffled point tables
(ties anywhere) and other last-trick bonuses check the bounds that rest on
point differences, on endings of 3 tricks (4 with ``--runslow``, where the
transposition cut-offs start).
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from conftest import sample_size

from belote import COINCHE, CardSet, Deal, Position, position_analysis, solve_position
from belote.dd import reaches

FLAGS = ("overtrump_on_trump_lead", "partner_winning_frees", "must_trump_when_void",
         "must_overtrump_ruff", "undertrump_when_cannot_overtrump")
PROFILES = [dataclasses.replace(COINCHE, name="flags-" + "".join(map(str, map(int, bits))),
                                **dict(zip(FLAGS, bits)))
            for bits in itertools.product((False, True), repeat=len(FLAGS))]
SEEDS = sample_size(6, 40)
"""Endings per profile (2 or 3 tricks left, 0-3 cards into the trick)."""
POINT_SEEDS = sample_size(8, 60)
"""Random point tables checked, one ending each (3 tricks left; 4 with ``--runslow``)."""


def plain_minimax(position: Position, side: int, memo: dict | None = None) -> int:
    """``side``'s whole-deal points under best play by both sides, by brute force.

    ``memo`` caches the values of positions met more than once (same hands,
    trick, leader and score so far) within one call.
    """
    if position.is_over:
        return position.points[side]
    memo = {} if memo is None else memo
    key = (tuple(position.hands), tuple(position.trick), position.leader,
           tuple(position.points), tuple(position.tricks_won))
    if key in memo:
        return memo[key]
    maximise = position.to_move % 2 == side
    values = []
    for card in position.legal_cards():
        child = position.copy()
        child.play(card)
        values.append(plain_minimax(child, side, memo))
    memo[key] = max(values) if maximise else min(values)
    return memo[key]


def random_ending(profile, seed: int,  # type: ignore[no-untyped-def]
                  left: int | None = None) -> Position:
    """An ending of ``left`` tricks (by default 2 or 3, by seed), with a random legal start
    of the current trick.

    The earlier tricks are the other cards, shared out between the sides (all
    to one side in some endings, so that a capot is still open).
    """
    rng = random.Random(f"{profile.name}:{seed}")
    left = 2 + seed % 2 if left is None else left
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [CardSet(cards[i * left:(i + 1) * left]) for i in range(4)]
    trump = rng.randrange(4)
    won_ns = rng.choice((0, 8 - left, rng.randint(0, 8 - left)))
    played = cards[4 * left:]
    ns_points = sum(profile.card_points(c, trump) for c in played[:4 * won_ns])
    ew_points = sum(profile.card_points(c, trump) for c in played[4 * won_ns:])
    position = Position(Deal(hands), trump, rng.randrange(4), profile,
                        points=(ns_points, ew_points), tricks_won=(won_ns, 8 - left - won_ns))
    for _ in range(rng.randrange(4)):
        position.play(rng.choice(list(position.legal_cards())))
    return position


def check_position(position: Position) -> None:
    """Values, thresholds and card values of ``position`` against :func:`plain_minimax`."""
    for side in (0, 1):
        value = plain_minimax(position, side)
        assert solve_position(position, side) == value, f"side {side}: {position!r}"
        for target in (value, value + 1):
            assert reaches(position, side, target) == (value >= target), \
                f"side {side} target {target}: {position!r}"
    analysis = position_analysis(position)
    for card_value in analysis.cards:
        child = position.copy()
        child.play(card_value.card)
        assert tuple(card_value.values) == (plain_minimax(child, 0), plain_minimax(child, 1)), \
            f"card {card_value.card}: {position!r}"


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.name)
def test_values_match_plain_minimax(profile) -> None:  # type: ignore[no-untyped-def]
    for seed in range(SEEDS):
        check_position(random_ending(profile, seed))


def random_points_profile(seed: int):  # type: ignore[no-untyped-def]
    """COINCHE with its point tables shuffled (ties anywhere), a random last-trick bonus
    and random legal-play duties: the near-equivalence bounds rest on point differences."""
    rng = random.Random(f"points:{seed}")
    trump_points = list(COINCHE.trump_points)
    plain_points = list(COINCHE.plain_points)
    rng.shuffle(trump_points)
    rng.shuffle(plain_points)
    profile = dataclasses.replace(COINCHE, name=f"points-{seed}", trump_points=tuple(trump_points),
                                  plain_points=tuple(plain_points),
                                  last_trick_bonus=rng.choice((0, 10, 30)),
                                  **{flag: rng.random() < 0.5 for flag in FLAGS})
    return dataclasses.replace(profile, capot_trick_points=max(252, profile.total_trick_points))


@pytest.mark.parametrize("seed", range(POINT_SEEDS))
def test_point_tables_match_plain_minimax(seed: int) -> None:
    profile = random_points_profile(seed)
    check_position(random_ending(profile, seed, left=4 if POINT_SEEDS > 8 else 3))
