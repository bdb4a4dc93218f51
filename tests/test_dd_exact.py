"""The fast solver is exact: every result equals the independent reference.

:mod:`reference` is a plain minimax written apart from the engine. Here the
fast solver (:mod:`belote.dd`) must agree with it, exactly, on random
endings of both modes:

* values of both sides (:func:`solve_position`) on endings of 2 to 4 tricks,
  plus a few of 5 tricks (the reference needs about a second for one), at a
  trick start and 1 to 3 cards into a trick, after every kind of history (NS
  took every earlier trick, EW did, or they shared them);
* the value of every legal card (:func:`position_analysis`) on endings of 1 to
  4 tricks, the set of legal cards, the position's value and the
  equivalent-card classes;
* threshold searches (:func:`reaches`) around the value and at 0, 1 and 252;
* every position of the vector file (full deals included) against its known
  values;
* a small transposition table shared by many different solves gives the same
  results as a fresh table for each.

Each case is one seed of one mode; the seed, with the test's name and the
mode, fixes the position (see :func:`ending`), and a failure prints the
position in the vector-file format. Default runs check a sample; ``--runslow``
checks thousands of positions (see ``conftest.sample_size``).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from conftest import sample_size

from belote import Deal, Position, get_profile, position_analysis, solve_position
from belote.dd import SearchContext, reaches

from positions import MODES, PositionSpec, random_history, random_position
from reference import CAPOT_POINTS, reference_card_values, reference_legal
from vectors import format_spec, load_vectors

SIDES = (0, 1)
SWEEPS = (0, 1, None)
"""Histories: NS took every earlier trick, EW did, or both sides took some."""

VALUE_SEEDS = sample_size(240, 1800)
"""Endings of 2-4 tricks per mode whose values are checked."""
FIVE_TRICK_SEEDS = sample_size(2, 40)
"""Endings of 5 tricks per mode whose values are checked (about 1 s each)."""
CARD_SEEDS = sample_size(60, 600)
"""Endings of 1-4 tricks per mode whose card values are checked (60: every shape once)."""
THRESHOLD_SEEDS = sample_size(60, 500)
"""Endings of 2-4 tricks per mode whose threshold searches are checked."""
CONTEXT_SEEDS = sample_size(2, 16)
"""Batches per mode solved with one shared small table."""

VECTORS = load_vectors()


def cases(count: int) -> list[tuple[str, int]]:
    """``(mode, seed)`` for both modes and ``count`` seeds each."""
    return [(mode, seed) for mode in MODES for seed in range(count)]


def ending(test: str, mode: str, seed: int, tricks: tuple[int, ...] = (2, 3, 4)) -> PositionSpec:
    """The position of case ``seed`` of ``test`` in ``mode``.

    Successive seeds run through every shape: tricks left (from ``tricks``),
    cards already in the trick (0..3) and history (:data:`SWEEPS`).
    """
    rng = random.Random(f"{test}:{mode}:{seed}")
    shape = seed // len(tricks)
    return random_position(rng, tricks_left=tricks[seed % len(tricks)], mode=mode,
                           trick_len=shape % 4, sweep=SWEEPS[shape // 4 % 3])


def where(seed: int, spec: PositionSpec) -> str:
    """What a failure prints: the seed and the whole position."""
    return f"seed {seed}: {format_spec(spec)}"


def reference_cards(spec: PositionSpec) -> dict[int, tuple[int, int]]:
    """The reference ``(NS, EW)`` values after each legal card of the player to move."""
    return reference_card_values(spec.hand_sets(), spec.trump, spec.mode, spec.leader,
                                 list(spec.trick), spec.points, spec.tricks_won)


def check_thresholds(position: Position, side: int, value: int, text: str) -> None:
    """``reaches`` must say yes exactly for the targets up to ``value``."""
    for target in sorted({value - 1, value, value + 1, 0, 1, CAPOT_POINTS}):
        assert reaches(position, side, target) == (value >= target), \
            f"side {side} target {target} (value {value}); {text}"


# --- values of both sides

def check_values(seed: int, spec: PositionSpec) -> None:
    position = spec.to_position()
    ours = [solve_position(position, side) for side in SIDES]
    theirs = [spec.reference_value(side) for side in SIDES]
    assert ours == theirs, f"[NS, EW] ours {ours} reference {theirs}; {where(seed, spec)}"


@pytest.mark.parametrize("mode, seed", cases(VALUE_SEEDS))
def test_value_matches_reference(mode: str, seed: int) -> None:
    check_values(seed, ending("value", mode, seed))


@pytest.mark.parametrize("mode, seed", cases(FIVE_TRICK_SEEDS))
def test_five_trick_value_matches_reference(mode: str, seed: int) -> None:
    """Seeds 0, 1 and 2 start 1, 2 and 3 cards into the trick, seed 3 at its start."""
    rng = random.Random(f"five:{mode}:{seed}")
    spec = random_position(rng, tricks_left=5, mode=mode, trick_len=(seed + 1) % 4,
                           sweep=SWEEPS[seed % 3])
    check_values(seed, spec)


def test_samples_cover_every_shape() -> None:
    specs = [ending("value", mode, seed) for mode, seed in cases(VALUE_SEEDS)]
    shapes = {(s.mode, s.tricks_left, len(s.trick), s.tricks_won[0] == 0, s.tricks_won[1] == 0)
              for s in specs}
    assert len(shapes) == 2 * 3 * 4 * 3


# --- the value of every card

@pytest.mark.parametrize("mode, seed", cases(CARD_SEEDS))
def test_card_values_match_reference(mode: str, seed: int) -> None:
    spec = ending("cards", mode, seed, tricks=(1, 2, 3, 4))
    text = where(seed, spec)
    theirs = reference_cards(spec)
    analysis = position_analysis(spec.to_position())
    ours = {cv.card: (cv.ns, cv.ew) for cv in analysis.cards}
    assert len(ours) == len(analysis.cards), text
    assert set(ours) == reference_legal(spec.hand_sets()[spec.to_move], spec.trick,
                                        spec.trump, mode), text
    assert ours == theirs, text
    mover = spec.to_move % 2
    best = {side: (max if side == mover else min)(v[side] for v in theirs.values())
            for side in SIDES}
    assert analysis.value == tuple(best[side] for side in SIDES), text
    for cv in analysis.cards:
        assert cv.card in cv.equivalents, text
        assert {theirs[c] for c in cv.equivalents} == {theirs[cv.card]}, f"{cv}; {text}"


# --- threshold searches

@pytest.mark.parametrize("mode, seed", cases(THRESHOLD_SEEDS))
def test_reaches_matches_reference(mode: str, seed: int) -> None:
    spec = ending("reaches", mode, seed)
    position = spec.to_position()
    for side in SIDES:
        check_thresholds(position, side, spec.reference_value(side), where(seed, spec))


# --- the vector file

@pytest.mark.parametrize("vector", VECTORS, ids=[v.id for v in VECTORS])
def test_vector_values(vector) -> None:  # type: ignore[no-untyped-def]
    position = vector.spec.to_position()
    text = f"vector {vector.id} (line {vector.line}): {format_spec(vector.spec)}"
    assert tuple(solve_position(position, side) for side in SIDES) == vector.values, text
    for side in SIDES:
        check_thresholds(position, side, vector.values[side], text)


def test_every_vector_is_checked() -> None:
    assert len(VECTORS) == 172
    assert sum(v.kind == "full" for v in VECTORS) == 2


# --- one small table shared by many solves

def spec_of(position: Position) -> PositionSpec:
    """The :class:`PositionSpec` of a package position (for failure messages)."""
    return PositionSpec(tuple(position.hands), position.trump,  # type: ignore[arg-type]
                        position.profile.name, position.leader, tuple(position.trick),
                        (position.points[0], position.points[1]),
                        (position.tricks_won[0], position.tricks_won[1]))


def variants(rng: random.Random, spec: PositionSpec) -> list[PositionSpec]:
    """``spec`` with the same cards held: every history, the other mode, another trump.

    Such positions share the table's keys but not their values, which is what
    a stale entry of an earlier solve would get wrong.
    """
    held = sum(spec.hands) | sum(1 << c for c in spec.trick)
    played = [c for c in range(32) if not held >> c & 1]
    out = []
    for sweep in SWEEPS:
        points, tricks_won = random_history(rng, played, spec.trump, sweep)
        out.append(dataclasses.replace(spec, points=points, tricks_won=tricks_won))
    other = MODES[1 - MODES.index(spec.mode)]
    out.append(spec.with_mode(other))
    if not spec.trick:
        trump = (spec.trump + 1) % 4
        points, tricks_won = random_history(rng, played, trump, None)
        out.append(dataclasses.replace(spec, trump=trump, points=points, tricks_won=tricks_won))
    return out


def context_batch(mode: str, seed: int) -> list[PositionSpec]:
    """Endings of 1-5 tricks with their variants, then a whole deal played out.

    Of the deal played out, every third position is kept (0, 3, 6, ... cards
    played): the opening lead and each place in a trick, cheaply.
    """
    rng = random.Random(f"context:{mode}:{seed}")
    batch = []
    for _ in range(12):
        spec = random_position(rng, tricks_left=rng.randint(1, 5), mode="classic",
                               prefix_mode="classic")
        batch.extend(variants(rng, spec.with_mode(mode)))
    position = Position(Deal.random(rng), rng.randrange(4), rng.randrange(4), get_profile(mode))
    while not position.is_over:
        if position.cards_left % 3 == 2:
            batch.append(spec_of(position))
        position.play(rng.choice(sorted(position.legal_cards())))
    return batch


def solve_all(batch: list[PositionSpec], context: SearchContext | None) -> list[tuple]:
    """Values, threshold answers and card values of each position with ``context``.

    ``None`` gives each search a fresh default-size context.
    """
    def ctx() -> SearchContext:
        return context or SearchContext()

    results = []
    for spec in batch:
        position = spec.to_position()
        values = tuple(solve_position(position, side, context=ctx()) for side in SIDES)
        thresholds = tuple(reaches(position, side, values[side] + step, context=ctx())
                           for side in SIDES for step in (0, 1))
        cards = position_analysis(position, context=ctx()).cards
        results.append((values, thresholds, cards))
    return results


@pytest.mark.parametrize("mode, seed", cases(CONTEXT_SEEDS))
def test_shared_small_context_matches_fresh(mode: str, seed: int) -> None:
    batch = context_batch(mode, seed)
    fresh = solve_all(batch, None)
    shared = SearchContext(tt_bits=10)
    for order in (batch, batch[::-1]):
        got = solve_all(order, shared)
        expected = fresh if order is batch else fresh[::-1]
        for spec, ours, theirs in zip(order, got, expected):
            assert ours == theirs, f"seed {seed}: {format_spec(spec)}"
    assert shared.nodes > shared.tt.size, "the shared table was not filled"
    for values, thresholds, _ in fresh:
        assert thresholds == (True, False, True, False)
        assert all(0 <= v <= CAPOT_POINTS for v in values)
