"""The batch twins (:mod:`belote.dd.deals`) give exactly what the one-deal functions give.

``dd_table`` and ``reaches`` are checked against the plain minimax and colver
elsewhere; here every batch result must equal theirs, deal by deal, with a
small table shared by the whole batch (stale entries would show), in both
modes, after one-deal searches on the same context and from two threads at
once. Bad batches are refused naming the first bad deal.
"""

from __future__ import annotations

import dataclasses
import random
import threading

import numpy as np
import pytest

from belote import Deal, Position, dd_table, get_profile, solve_position
from belote.dd import SearchContext, dd_tables, hands_array, reaches, reaches_deals, solve_deals
from belote.errors import DealError, SearchLimitError
from belote.types import SUITS

from conftest import sample_size

MODES = ("coinche", "classic")
DEALS = sample_size(6, 120)
"""Random full deals per mode and case."""


def deals(tag: str, count: int = DEALS) -> list[Deal]:
    rng = random.Random(f"deals:{tag}")
    return [Deal.random(rng) for _ in range(count)]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("leader", [0, 3])
def test_dd_tables_equal_dd_table(mode: str, leader: int) -> None:
    batch = deals(f"{mode}:{leader}")
    tables = dd_tables(hands_array(batch), leader, mode, context=SearchContext(tt_bits=10))
    assert tables.shape == (len(batch), 4, 2) and tables.dtype == np.int64
    for i, deal in enumerate(batch):
        table = dd_table(deal, leader, mode)
        assert [tuple(tables[i, j]) for j in SUITS] == [
            (table[t, 0], table[t, 1]) for t in SUITS], f"deal {i}: {deal.to_pbn()}"


@pytest.mark.parametrize("mode", MODES)
def test_reaches_deals_equal_reaches(mode: str) -> None:
    batch = deals(f"reach:{mode}")
    hands = hands_array(batch)
    profile = get_profile(mode)
    context = SearchContext(tt_bits=10)
    for trump in (0, 2):
        values = dd_tables(hands, 1, mode, trumps=[trump])[:, 0]
        for side in (0, 1):
            v = values[:, side]
            for targets in (v, v + 1, np.full(len(v), 252), 0, -3, 81):
                got = reaches_deals(hands, trump, 1, mode, side, targets, context=context)
                wanted = [reaches(Position(d, trump, 1, profile), side,
                                  int(np.broadcast_to(targets, v.shape)[i]))
                          for i, d in enumerate(batch)]
                assert got.tolist() == wanted
            assert reaches_deals(hands, trump, 1, mode, side, v).all()
            assert not reaches_deals(hands, trump, 1, mode, side, v + 1).any()


VARIANTS = [
    dataclasses.replace(get_profile("coinche"), name="v1", last_trick_bonus=20,
                        capot_trick_points=300, partner_winning_frees=False),
    dataclasses.replace(get_profile("classic"), name="v2", last_trick_bonus=0,
                        plain_points=(0, 0, 1, 10, 2, 3, 4, 11), must_overtrump_ruff=False,
                        undertrump_when_cannot_overtrump=False),
]
"""Rule profiles of other points, bonuses and duties: the pack's points and the capot
bonus the batch passes to the kernel come from the profile."""


@pytest.mark.parametrize("profile", VARIANTS, ids=lambda p: p.name)
def test_values_under_other_rules(profile) -> None:  # type: ignore[no-untyped-def]
    batch = deals(f"rules:{profile.name}", 4)
    hands = hands_array(batch)
    tables = dd_tables(hands, 1, profile, trumps=[0, 2], context=SearchContext(tt_bits=10))
    for i, deal in enumerate(batch):
        table = dd_table(deal, 1, profile, trumps=[0, 2])
        assert [tuple(tables[i, j]) for j in range(2)] == [
            (table[t, 0], table[t, 1]) for t in (0, 2)]
    for side in (0, 1):
        v = tables[:, 1, side]
        assert (solve_deals(hands, 2, 1, profile, side) == v).all()
        assert (solve_deals(hands, 2, 1, profile, side, floor=v) == v).all()
        assert (solve_deals(hands, 2, 1, profile, side, floor=v + 1) == -1).all()
        assert reaches_deals(hands, 2, 1, profile, side, v).all()


@pytest.mark.parametrize("mode", MODES)
def test_solve_deals_with_floors(mode: str) -> None:
    batch = deals(f"floor:{mode}")
    hands = hands_array(batch)
    profile = get_profile(mode)
    values = np.array([solve_position(Position(d, 3, 2, profile), 1) for d in batch])
    assert (solve_deals(hands, 3, 2, mode, 1) == values).all()
    floors = np.where(np.arange(len(batch)) % 2 == 0, values, values + 1)
    wanted = np.where(floors <= values, values, -1)
    assert (solve_deals(hands, 3, 2, mode, 1, floor=floors) == wanted).all()
    assert (solve_deals(hands, 3, 2, mode, 1, floor=0) == values).all()
    assert (solve_deals(hands, 3, 2, mode, 1, floor=-20) == values).all()


def test_one_deal_searches_between_batches_keep_their_values() -> None:
    batch = deals("interleave", 6)
    hands = hands_array(batch)
    context = SearchContext(tt_bits=8)
    profile = get_profile("coinche")
    first = solve_position(Position(batch[0], 1, 0, profile), 0, context=context)
    tables = dd_tables(hands, 0, profile, trumps=[1], context=context)
    again = solve_position(Position(batch[0], 1, 0, profile), 0, context=context)
    assert first == again == tables[0, 0, 0]
    assert (dd_tables(hands, 0, profile, trumps=[1], context=context) == tables).all()


def test_threads_share_one_context() -> None:
    batch = deals("threads", 8)
    hands = hands_array(batch)
    wanted = dd_tables(hands, 2, "coinche", trumps=[0, 3])
    shared = SearchContext(tt_bits=6)
    got: list[np.ndarray] = []
    singles: list[int] = []

    def tables() -> None:
        for _ in range(3):
            got.append(dd_tables(hands, 2, "coinche", trumps=[0, 3], context=shared))

    def one_deal() -> None:
        for _ in range(6):
            singles.append(solve_position(Position(batch[1], 3, 2, get_profile("coinche")), 0,
                                          context=shared))

    threads = [threading.Thread(target=f) for f in (tables, tables, one_deal)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 6 and all((g == wanted).all() for g in got)
    assert singles == [wanted[1, 1, 0]] * 6


def test_generations_wrap_around() -> None:
    hands = hands_array(deals("wrap", 5))
    wanted = dd_tables(hands, 0, "coinche", trumps=[2])
    context = SearchContext()
    dd_tables(hands_array(deals("other", 5)), 0, "coinche", trumps=[2], context=context)
    context.generation = SearchContext.MAX_GENERATION - 2  # the next batch wraps to 1..5
    assert (dd_tables(hands, 0, "coinche", trumps=[2], context=context) == wanted).all()
    assert context.generation == 5


def test_node_limit_names_the_deal() -> None:
    hands = hands_array(deals("limit", 4))
    wanted = dd_tables(hands, 0, "coinche", trumps=[1])
    context = SearchContext(max_nodes=50)
    with pytest.raises(SearchLimitError, match="deal 0 of the batch"):
        dd_tables(hands, 0, "coinche", trumps=[1], context=context)
    with pytest.raises(SearchLimitError, match="deal 2 of the batch"):
        reaches_deals(hands, 1, 0, "coinche", 0, [0, -1, 81, 81], context=context)
    context.max_nodes = None
    assert (dd_tables(hands, 0, "coinche", trumps=[1], context=context) == wanted).all()


@pytest.mark.parametrize("empty", [np.zeros((0, 4), dtype=np.uint32), [], hands_array([])])
def test_empty_batch(empty) -> None:  # type: ignore[no-untyped-def]
    assert dd_tables(empty, 0, "coinche").shape == (0, 4, 2)
    assert reaches_deals(empty, 0, 0, "coinche", 0, 80).shape == (0,)
    assert reaches_deals(empty, 0, 0, "coinche", 0, []).shape == (0,)
    assert solve_deals(empty, 0, 0, "coinche", 1, floor=80).shape == (0,)


def test_numpy_integers_and_far_targets() -> None:
    hands = hands_array(deals("numpy", 3))
    wanted = dd_tables(hands, 1, "coinche", trumps=[2])
    assert (dd_tables(hands, np.int64(1), "coinche", trumps=np.array([2])) == wanted).all()
    v = wanted[:, 0, 1]
    assert (solve_deals(hands, np.int8(2), np.uint8(1), "coinche", np.int64(1)) == v).all()
    assert not reaches_deals(hands, 2, 1, "coinche", 1, np.uint64(2**63)).any()
    assert not reaches_deals(hands, 2, 1, "coinche", 1, 5000).any()
    assert reaches_deals(hands, 2, 1, "coinche", 1, -5000).all()
    assert (solve_deals(hands, 2, 1, "coinche", 1, floor=5000) == -1).all()


def test_unsigned_masks_are_read_alike() -> None:
    hands = hands_array(deals("uint", 4))
    assert (dd_tables(hands.astype(np.uint32), 3, "classic", trumps=[3])
            == dd_tables(hands, 3, "classic", trumps=[3])).all()


def _bad(change) -> np.ndarray:  # type: ignore[no-untyped-def]
    hands = hands_array(deals("bad", 3))
    return change(hands)


def _duplicate(hands: np.ndarray) -> np.ndarray:
    hands[2, 1] |= hands[2, 0] & -hands[2, 0]  # E also holds N's lowest card
    return hands


def _overlap(hands: np.ndarray) -> np.ndarray:
    north_low = hands[0, 0] & -hands[0, 0]
    east_low = hands[0, 1] & -hands[0, 1]
    hands[0, 1] ^= east_low | north_low  # E gives up a card and takes one of N's
    return hands


def _seven_cards(hands: np.ndarray) -> np.ndarray:
    hands[1, 3] &= hands[1, 3] - 1  # W drops a card
    return hands


@pytest.mark.parametrize("hands, message", [
    (_bad(lambda h: h[:, :3]), r"an \(n, 4\) array of integer masks, not int64 of shape \(3, 3\)"),
    (_bad(lambda h: h.astype(float)), "not float64"),
    (_bad(lambda h: h[0]), r"shape \(4,\)"),
    (_bad(lambda h: -h), "deal 0 of the batch: a mask is not a 32-bit card set"),
    (_bad(lambda h: h << 8), "deal 0 of the batch: a mask is not a 32-bit card set"),
    ([[1, 2, 3, 4], [1, 2, 3]], r"an \(n, 4\) array of integer masks \(hands_array"),
    ([[2**70, 1, 2, 3]], "not object of shape"),
    (np.zeros((0, 5)), r"not float64 of shape \(0, 5\)"),
    (_bad(_duplicate), r"deal 2 of the batch: hands of 8 9 8 8 cards \(N E S W\), not 8 each"),
    (_bad(_seven_cards), "deal 1 of the batch: hands of 8 8 8 7 cards"),
    (_bad(_overlap), r"deal 0 of the batch: \w\w is held twice \(NE\) and \w\w by nobody"),
])
def test_bad_batches_are_refused(hands: np.ndarray, message: str) -> None:
    with pytest.raises(DealError, match=message):
        dd_tables(hands, 0, "coinche")
    with pytest.raises(DealError, match=message):
        reaches_deals(hands, 0, 0, "coinche", 0, 80)


@pytest.mark.parametrize("call, message", [
    (lambda h: dd_tables(h, 4, "coinche"), "leader 4"),
    (lambda h: dd_tables(h, 0, "coinche", trumps=[]), "at least one trump"),
    (lambda h: dd_tables(h, 0, "coinche", trumps=[1, 5]), "trump 5"),
    (lambda h: reaches_deals(h, 0, 0, "coinche", 2, 80), "side 2"),
    (lambda h: reaches_deals(h, 0, 0, "coinche", 0, [80, 90]), r"one int per deal \(3\), not int64 of shape \(2,\)"),
    (lambda h: reaches_deals(h, 0, 0, "coinche", 0, 80.5), "not float64"),
    (lambda h: dd_tables(h, 0, "coinche", trumps=1.5), "trump 1.5 is not a suit"),
    (lambda h: dd_tables(h, "X", "coinche"), "unknown leader 'X'"),
    (lambda h: dd_tables(h, np.int64(5), "coinche"), "leader 5"),
    (lambda h: solve_deals(h, 0, 0, "coinche", 0, floor=[1, 2]), "floor: expected an int"),
    (lambda h: hands_array([Deal.random(1), "N:AS"]), "deal 1: expected a Deal"),
    (lambda h: hands_array(None), "expected an iterable of Deal objects"),
    (lambda h: dd_tables(h, 0, "skat"), "unknown mode"),
])
def test_bad_arguments_are_refused(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call(hands_array(deals("args", 3)))


def test_letters_are_the_small_ints() -> None:
    hands = hands_array(deals("letters", 3))
    assert np.array_equal(dd_tables(hands, "E", "coinche", trumps="H"),
                          dd_tables(hands, 1, "coinche", trumps=[1]))
    assert np.array_equal(solve_deals(hands, "S", "W", "classic", "EW"),
                          solve_deals(hands, 0, 3, "classic", 1))
