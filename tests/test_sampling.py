"""The deal sampler against brute-force enumeration, and the constraint language."""

from __future__ import annotations

import functools
import itertools
import math
import random
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from belote import CLASSIC, COINCHE, BeloteError, CardSet, Deal, Position
from belote.errors import ConstraintError
from belote.sampling import (BLOCK, Constraints, DealSampler, classic_bidding, deal_pbn,
                             holding_set, parse_known, parse_points, parse_shape)

from conftest import RANKS

ALL = 0xFFFFFFFF


def cards(text: str) -> int:
    return CardSet(text).mask


@functools.lru_cache
def points_table(c: Constraints) -> list[list[int]]:
    """Card points of every subset (byte) of every suit."""
    return [[sum(c.card_points(8 * suit + r) for r in range(8) if byte >> r & 1)
             for byte in range(256)] for suit in range(4)]


def satisfies(c: Constraints, hands: tuple[int, ...]) -> bool:
    """Direct check of one deal against every constraint (independent of the sampler)."""
    points = points_table(c)
    for seat, hand in enumerate(hands):
        if hand.bit_count() != c.hand_sizes[seat]:
            return False
        if hand & c.known[seat].mask != c.known[seat].mask or hand & c.excluded[seat].mask:
            return False
        for suit in range(4):
            byte = hand >> (8 * suit) & 0xFF
            low, high = c.lengths[seat][suit]
            plow, phigh = c.points[seat][suit]
            if not (low <= byte.bit_count() <= high and plow <= points[suit][byte] <= phigh):
                return False
            if not c.holdings[seat][suit] >> byte & 1:
                return False
    return all(count.low <= (hands[count.seat] & count.cards.mask).bit_count() <= count.high
               for count in c.counts)


def enumerate_deals(c: Constraints) -> list[tuple[int, ...]]:
    """Every deal meeting ``c``, by trying every split of the unseen cards."""
    free = [k for k in range(32) if c.free_cards() >> k & 1]
    need = [c.hand_sizes[s] - len(c.known[s]) for s in range(4)]
    out = []

    def rec(seat, left, hands):
        if seat == 4:
            out.append(tuple(hands))
            return
        for combo in itertools.combinations(left, need[seat]):
            mask = sum(1 << k for k in combo)
            rec(seat + 1, [k for k in left if not mask >> k & 1], hands + [c.known[seat].mask | mask])

    rec(0, free, [])
    return [hands for hands in out if satisfies(c, hands)]


def pool(text: str) -> CardSet:
    """``out`` that leaves only the cards of ``text`` in play."""
    return CardSet(ALL & ~cards(text))


EIGHT = "7S JS AS 9H KH TD 8C AC"
TEN = "7S JS AS KS 9H KH TH TD 8D AC"

CASES = {
    "plain": Constraints(hand_sizes=(2, 2, 2, 2), out=pool(EIGHT)),
    "known": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN),
                         known=(CardSet("AS"), CardSet(), CardSet("9H KH"), CardSet())),
    "excluded": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN),
                            excluded=(CardSet("7S JS AS KS"), CardSet(), CardSet("AC TD 8D"),
                                      CardSet("AS"))),
    "lengths": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))
    .with_length(0, 0, 2, 3).with_length(1, 1, 0, 0).with_length(3, 2, 1, 1),
    "points plain": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))
    .with_points(0, 0, 12, 62).with_points(2, 1, 0, 3),
    "points trump": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN), trump=0,
                                profile=CLASSIC).with_points(1, 0, 20, 62).with_points(3, 1, 4, 62),
    "mixed mid-play": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN),
                                  known=(CardSet(), CardSet("TD"), CardSet(), CardSet()))
    .with_excluded(2, "7S JS AS KS").with_length(0, 1, 1, 3).with_points(3, 3, 0, 0),
    # one of these cards, within a suit (a holdings set): N holds JS or 9H... of spades, JS
    "one of, one suit": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))
    .with_count(0, "JS AS", 1).with_count(3, "KS 7S", 1),
    # trump length tied to honours: E's spades are 3+ or hold the J
    "length tied to honours": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))
    .with_holdings(1, 0, holding_set(lambda h: h.bit_count() >= 3 or bool(h >> 4 & 1)))
    .with_holdings(2, 1, holding_set(lambda h: h.bit_count() != 1)),
    # one of these cards across suits (a counter in the dynamic programme)
    "one of, across suits": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))
    .with_count(0, "JS KH TD", 1),
    "two counts": Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN),
                              known=(CardSet(), CardSet(), CardSet("AC"), CardSet()))
    .with_count(1, "AS TH 8D", 2, 3).with_count(2, "AC 7S KH", 1, 1)
    .with_holdings(3, 0, holding_set(lambda h: h.bit_count() <= 1)),
}


def chi_square_limit(dof: int, alpha: float = 0.001) -> float:
    """The upper ``alpha`` quantile of chi-square (Wilson-Hilferty; within 1% for dof >= 10)."""
    z = NormalDist().inv_cdf(1 - alpha)
    return dof * (1 - 2 / (9 * dof) + z * (2 / (9 * dof)) ** 0.5) ** 3


@pytest.mark.parametrize("name", CASES)
def test_count_and_uniformity_against_enumeration(name):
    c = CASES[name]
    deals = enumerate_deals(c)
    sampler = DealSampler(c)
    assert sampler.count() == len(deals) > 10
    index = {d: i for i, d in enumerate(deals)}
    n = 40 * len(deals)
    drawn = sampler.draw_masks(seed=2024, start=0, n=n)
    rows, found = np.unique(drawn, axis=0, return_counts=True)
    counts = {index[tuple(int(h) for h in row)]: k for row, k in zip(rows, found)}  # KeyError = invalid
    expected = n / len(deals)
    chi2 = sum((counts.get(i, 0) - expected) ** 2 / expected for i in range(len(deals)))
    assert chi2 < chi_square_limit(len(deals) - 1)


def test_chi_square_catches_a_biased_sampler():
    """The uniformity check has power: a sampler that favours one deal is rejected."""
    c = CASES["plain"]
    deals = enumerate_deals(c)
    n = 40 * len(deals)
    rng = np.random.default_rng(5)
    picks = rng.integers(0, len(deals), n)
    picks[: n // 50] = 0  # 2% of the draws forced onto one deal
    counts = dict(zip(*np.unique(picks, return_counts=True)))
    expected = n / len(deals)
    chi2 = sum((counts.get(i, 0) - expected) ** 2 / expected for i in range(len(deals)))
    assert chi2 > chi_square_limit(len(deals) - 1)


@pytest.mark.parametrize("name", ["one of, one suit", "length tied to honours",
                                  "one of, across suits", "two counts"])
def test_layout_listing_honours_the_new_kinds(name):
    """The exact answers list layouts one by one: the same deals as the enumeration."""
    from belote.sampling import enumerate_layouts

    listed = sorted(enumerate_layouts(CASES[name]))
    assert listed == sorted(enumerate_deals(CASES[name]))
    assert all(CASES[name].admits_ranges(hands) for hands in listed)


def test_new_kinds_restrict_what_the_plain_constraints_allow():
    """Each new constraint kind removes deals (its cases are not the plain ones in disguise)."""
    plain = len(enumerate_deals(Constraints(hand_sizes=(3, 3, 2, 2), out=pool(TEN))))
    for name in ("one of, one suit", "length tied to honours", "one of, across suits"):
        assert 10 < len(enumerate_deals(CASES[name])) < plain


def test_thousands_of_constrained_full_deals_meet_every_constraint():
    hearts = holding_set(lambda h: h.bit_count() >= 3 and bool(h & 0b10100))
    c = (Constraints(trump=1).with_text(hand=["S:JS 9S AS TS 7D 8D KC AC"])
         .with_holdings(3, 1, hearts)                      # W opened hearts: J or 9, 3+
         .with_count(1, "9H JH AD AC AS", 1)               # E raised: 9, J or an ace
         .with_count(0, "JH 9H JD 9D", 0, 1)               # N: at most one of these
         .with_holdings(1, 2, holding_set(lambda h: not h >> 4 & 1)))
    masks = DealSampler(c).draw_masks(11, 0, 4000)
    assert all(satisfies(c, tuple(int(h) for h in row)) for row in masks)
    assert len({tuple(row) for row in masks.tolist()}) > 3900


def test_impossible_counts_and_holdings_say_why():
    c = Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"])
    with pytest.raises(ConstraintError, match="N holds 1-3 of 9S JS QD"):
        DealSampler(c.with_count(0, "JS 9S QD", 1).with_count(1, "JS 9S QD", 3, 3))
    with pytest.raises(ConstraintError, match="no way to deal the 7 unseen D .*N's D "
                                              "holdings"):
        DealSampler(c.with_count(0, "JD 9D", 2).with_count(1, "JD", 1))
    with pytest.raises(ConstraintError, match=r"S holds 0 of AH AD.*known \(2\)"):
        DealSampler(c.with_count(2, "AH AD", 0, 0))


def test_too_many_counts_is_one_clear_error():
    c = Constraints()
    for seat in range(4):
        c = c.with_count(seat, "AS AH AD AC JS JH JD JC", 1)
    with pytest.raises(ConstraintError, match="too many card counts to count exactly"):
        DealSampler(c)


def test_full_deal_counts():
    assert DealSampler(Constraints()).count() == 99561092450391000  # 32! / (8!)**4
    south = Constraints().with_text(hand=["S:JH 9H AH TH 7S 8S KD AC"])
    assert DealSampler(south).count() == math.comb(24, 8) * math.comb(16, 8)
    no_hearts = south.with_length(0, 1, 0, 0)  # N takes 8 of the 20 non-hearts
    assert DealSampler(no_hearts).count() == math.comb(20, 8) * math.comb(16, 8)


def test_sampled_full_deals_are_deals_meeting_the_constraints():
    c = Constraints(trump=1).with_text(hand=["S:JH 9H AH TH 7S 8S KD AC"],
                                       shape=["N:H=0", "E:S>=3", "W:D<=2"],
                                       points=["E:C>=10"])
    masks = DealSampler(c).draw_masks(3, 0, 500)
    assert all(satisfies(c, tuple(int(h) for h in row)) for row in masks)
    for deal in DealSampler(c).draw(3, 0, 20):
        deal.validate(8)


def test_draw_is_reproducible_and_independent_of_chunking():
    sampler = DealSampler(Constraints().with_text(shape=["N:S>=2"]))
    assert sampler.draw(9, 0, 100) == sampler.draw(9, 0, 50) + sampler.draw(9, 50, 50)
    whole = sampler.draw_masks(9, 0, BLOCK + 100)
    assert np.array_equal(sampler.draw_masks(9, BLOCK - 30, 130), whole[BLOCK - 30:])
    assert not np.array_equal(sampler.draw_masks(10, 0, 10), whole[:10])
    assert sampler.draw_masks(9, 5, 0).shape == (0, 4)


def test_first_deal_of_seed_1_is_fixed():
    assert deal_pbn(DealSampler(Constraints()).draw_masks(1, 0, 1)[0]) == FIRST_DEAL_SEED_1


FIRST_DEAL_SEED_1 = "N:Q7.QJT9..K7 98.7.K9.AT8 AJ.K.QJT7.J KT.A8.A8.Q9"


def test_sample_uses_the_generator():
    sampler = DealSampler(Constraints())
    assert sampler.sample(np.random.default_rng(4)) == sampler.sample(4)
    assert sampler.sample(4) != sampler.sample(5)


def test_deal_pbn_matches_deal():
    for row in DealSampler(Constraints()).draw_masks(2, 0, 50):
        deal = Deal([CardSet(int(h)) for h in row])
        for first in range(4):
            assert deal_pbn(row, first) == deal.to_pbn(first)


@pytest.mark.parametrize("kwargs, message", [
    (dict(shape=["N:S>=5", "E:S>=4"]),
     "no deal satisfies the constraints: no way to deal the 8 unseen S (N S5-8, E S4-8)"),
    (dict(known=["N:AS", "E:AS"]), "AS is known to be in N's hand and in E's"),
    (dict(known=["N:AS KS QS JS TS 9S 8S 7S AH"]), "N is known to hold 9 cards (7S 8S 9S TS JS QS KS AS AH) but holds only 8"),
    (dict(shape=["N:S>=3,H>=3,D>=3"]),
     "N's suit lengths (S3-8, H3-8, D3-8, C0-8) cannot add up to 8 cards"),
    (dict(shape=["N:S<=1,H<=1,D<=1,C<=1"]),
     "N's suit lengths (S0-1, H0-1, D0-1, C0-1) cannot add up to 8 cards"),
    (dict(known=["N:AS KS"], shape=["N:S<=1"]), "N's S length 0-1 but N is known to hold 2"),
    (dict(shape=["N:S>=4", "N:S<=2"]), "N's S length 0-2 contradicts 4-8"),
    (dict(points=["N:H>=31"]),
     "N's H points 31-62: H counts plain points here (no trump is set), at most 30"),
    (dict(known=["S:AH"], points=["N:H>=20"]),
     ("no deal satisfies the constraints: no way to deal the 7 unseen H (N H points 20-62, "
      "S holds AH)")),
    (dict(hand=["S:AS KS"]), "S's hand KS AS has 2 cards, not 8"),
    (dict(hand=["S:JH 9H AH TH KS AS AD 7C"], shape=["N:S=0", "E:S=0", "W:S=0"]),
     ("no deal satisfies the constraints: no way to deal the 6 unseen S (N S=0, E S=0, "
      "S's hand is complete, S holds KS AS, W S=0)")),
])
def test_impossible_constraints_say_why(kwargs, message):
    with pytest.raises(ConstraintError) as e:
        DealSampler(Constraints().with_text(**kwargs))
    assert str(e.value) == message


def test_lengths_that_fit_per_suit_but_not_as_hands():
    c = Constraints().with_text(shape=["N:S=0,H=0", "E:S=0,H=0"])  # N, E share 16 D and C
    assert DealSampler(c).count() == math.comb(16, 8) ** 2  # N's D+C, then S's S+H
    c = c.with_text(shape=["S:S=0,H<=7"])  # W must hold the 8 spades, S the 8 hearts
    with pytest.raises(ConstraintError, match="cannot make hands of N 8, E 8, S 8, W 8"):
        DealSampler(c)


def test_hand_sizes_must_match_the_unseen_cards():
    with pytest.raises(ConstraintError, match="the hands need 28 more cards but 32 are unseen"):
        DealSampler(Constraints(hand_sizes=(7, 7, 7, 7)))


@pytest.mark.parametrize("text, message", [
    ("AS", "'AS': expected SEAT:..., like 'E:AS,TS'"),
    ("Q:AS", "'Q:AS': unknown seat 'Q' (expected one of N E S W)"),
    ("E:", "'E:': no cards after the colon"),
    ("E:AS,1S", "'E:AS,1S': unknown card '1S'" + RANKS),
])
def test_known_parse_errors(text, message):
    with pytest.raises(ConstraintError) as e:
        parse_known(text)
    assert str(e.value) == message


@pytest.mark.parametrize("text, message", [
    ("N:H", "'N:H': H: expected a suit and a range (=N, >=N, <=N, >N, <N or N-M)"),
    ("N:X>=3", "'N:X>=3': unknown suit 'X' (expected one of S H D C)"),
    ("N:H>=9", "'N:H>=9': H>=9: a suit has at most 8 cards"),
    ("N:H3-1", "'N:H3-1': H3-1: empty range"),
    ("N:H<0", "'N:H<0': H<0: empty range"),
    ("N:H>=2-3", "'N:H>=2-3': H>=2-3: use either >=N or N-M"),
    ("N:", "'N:': no range after the colon, expected like 'N:H>=3'"),
    ("N:S1,,H2", "'N:S1,,H2': empty item: expected a suit and a range (=N, >=N, <=N, >N, <N or N-M)"),
])
def test_shape_parse_errors(text, message):
    with pytest.raises(ConstraintError) as e:
        parse_shape(text)
    assert str(e.value) == message


def test_range_syntax():
    assert parse_shape("w: s = 0 , h2, d>1, c<3")[1] == [(0, 0, 0), (1, 2, 2), (2, 2, 8), (3, 0, 2)]
    assert parse_shape("N:♥1-3") == (0, [(1, 1, 3)])
    assert parse_points("E:D>=62")[1] == [(2, 62, 62)]
    with pytest.raises(ConstraintError, match="at most 62 points"):
        parse_points("E:D>=63")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="NESWnesw:SHDC♠♥AKQJT10987 ,-<>=x", max_size=30))
def test_parsers_raise_only_constraint_errors(text):
    for parse in (parse_known, parse_shape, parse_points):
        try:
            parse(text)
        except ConstraintError:
            pass
    try:
        Constraints().with_text(known=[text], shape=[text], points=[text])
    except ConstraintError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("NESW"), st.lists(st.tuples(st.sampled_from("SHDC"),
                                                   st.sampled_from(["=", ">=", "<=", ">", "<", ""]),
                                                   st.integers(0, 9)), min_size=1, max_size=4))
def test_shape_parser_reads_what_it_is_given(seat, items):
    text = seat + ":" + ",".join(f"{s}{op}{n}" for s, op, n in items)
    try:
        _, ranges = parse_shape(text)
    except ConstraintError:
        return
    for (s, op, n), (suit, low, high) in zip(items, ranges):
        assert suit == "SHDC".index(s)
        assert {"": (n, n), "=": (n, n), ">=": (n, 8), "<=": (0, n), ">": (n + 1, 8),
                "<": (0, n - 1)}[op] == (low, high)


def test_constraints_are_immutable_and_rebuilt_by_their_repr():
    c = classic_bidding(2, "JH 9H AS KS 7C", "AH", taker=0).with_length(1, 1, 0, 0)
    with pytest.raises(AttributeError):
        c.trump = 2  # type: ignore[misc]
    assert eval(repr(c), {"Constraints": Constraints, "CardSet": CardSet, "CLASSIC": CLASSIC,
                          "COINCHE": COINCHE}) == c
    assert isinstance(ConstraintError("x"), BeloteError) and isinstance(ConstraintError("x"),
                                                                        ValueError)


def test_classic_bidding_helper():
    c = classic_bidding(2, "JH 9H AS KS 7C", "AH", taker=2)
    assert c.known[2] == CardSet("JH 9H AS KS 7C AH") and c.trump == 1
    sampler = DealSampler(c)
    assert sampler.count() == math.comb(26, 2) * math.comb(24, 8) * math.comb(16, 8)
    with pytest.raises(ConstraintError, match="holds 5 cards, not 4"):
        classic_bidding(2, "JH 9H AS KS", "AH", taker=0)
    with pytest.raises(ConstraintError, match="the turned card AH cannot be one of the bidder's five cards"):
        classic_bidding(2, "JH 9H AS KS AH", "AH", taker=0)


def _random_position(seed: int, profile, tricks: int, extra: int) -> tuple[Position, Deal]:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    pos = Position(deal, trump=rng.randrange(4), leader=rng.randrange(4), profile=profile)
    for _ in range(4 * tricks + extra):
        pos.play(rng.choice(list(pos.legal_cards())))
    return pos, deal


@pytest.mark.parametrize("seed", range(40))
def test_position_constraints_hold_for_the_true_hands(seed):
    """What a player infers from the play never rules out the actual deal."""
    profile = (CLASSIC, COINCHE)[seed % 2]
    pos, _ = _random_position(seed, profile, tricks=seed % 6, extra=seed % 4)
    viewer = seed % 4
    c = Constraints.from_position(pos, viewer)
    assert satisfies(c, tuple(pos.hands))
    assert DealSampler(c).count() >= 1


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_position_count_against_enumeration(seed):
    pos, _ = _random_position(seed, (CLASSIC, COINCHE)[seed % 2], tricks=5, extra=2)
    c = Constraints.from_position(pos, viewer=seed % 4)
    deals = enumerate_deals(c)
    assert tuple(pos.hands) in deals
    assert DealSampler(c).count() == len(deals)


def test_position_inference_of_the_rules():
    """Classic pisser: a player who discards on an opponent's ruff has no trump at all;
    in coinche, only that it could not overtrump."""
    deal = Deal.from_pbn("N:AKQJT98.7.. 7.AK.QJ7.QJ .QJT98.A.AK ..KT98.T987")
    for profile, expected in ((CLASSIC, "8H TH JH QH KH AH"), (COINCHE, "JH")):
        pos = Position(deal, trump=1, leader=0, profile=profile)
        for card in ("AS", "7S", "9H", "8D"):  # S ruffs its partner's ace, W discards
            pos.play(card)
        c = Constraints.from_position(pos, viewer=0)
        assert c.excluded[3] == CardSet(expected)
        assert c.excluded[2] == CardSet()  # partner winning: S could play anything


def test_sample_takes_a_python_random() -> None:
    import random
    sampler = DealSampler(Constraints().with_text(hand=["S:JH 9H AH TH KS AS AD 7C"]))
    deal = sampler.sample(random.Random(5))
    assert deal == sampler.sample(random.Random(5)) and deal.hands[2] == CardSet(
        "JH 9H AH TH KS AS AD 7C")


@pytest.mark.parametrize("seed, start, n, message", [
    (0, -5, 3, "start=-5"), (-1, 0, 3, "seed=-1"), (0, 0, -3, "n=-3"), (0, 1.5, 3, "start=1.5"),
    (True, 0, 3, "seed=True"),
])
def test_draw_masks_refuses_bad_ranges(seed, start, n, message):
    sampler = DealSampler(Constraints())
    with pytest.raises(BeloteError, match=message):
        sampler.draw_masks(seed, start, n)
