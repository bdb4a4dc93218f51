"""Tests of the reference solver, the position generator and the vector file."""

from __future__ import annotations

import doctest
import random
from types import ModuleType

import pytest

from belote import HEARTS
from belote.types import card_name, parse_card

import positions
import reference
import vectors
from conftest import sample_size
from positions import MODES, random_position, random_positions
from reference import (CAPOT_POINTS, card_points, reference_card_values, reference_legal,
                       reference_trick_winner, reference_value, strength)
from vectors import VectorFormatError, format_vector, load_vectors, parse_vector

VECTORS = load_vectors()


def cards(text: str) -> list[int]:
    """Card ints from space-separated names."""
    return [parse_card(c) for c in text.split()]


def legal(hand: str, trick: str, mode: str, trump: int = HEARTS) -> str:
    """The legal cards as sorted names, for readable assertions."""
    return " ".join(sorted(card_name(c) for c in reference_legal(cards(hand), cards(trick),
                                                                  trump, mode)))


@pytest.mark.parametrize("module", [reference, positions, vectors], ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- ranks and points

def test_rank_orders() -> None:
    trumps = sorted(cards("7H 8H 9H TH JH QH KH AH"), key=lambda c: strength(c, HEARTS))
    plain = sorted(cards("7S 8S 9S TS JS QS KS AS"), key=lambda c: strength(c, HEARTS))
    assert [card_name(c) for c in trumps] == "7H 8H QH KH TH AH 9H JH".split()
    assert [card_name(c) for c in plain] == "7S 8S 9S JS QS KS TS AS".split()


def test_card_points() -> None:
    assert [card_points(c, HEARTS) for c in cards("JH 9H AH TH KH QH 8H 7H")] == [
        20, 14, 11, 10, 4, 3, 0, 0]
    assert [card_points(c, HEARTS) for c in cards("AS TS KS QS JS 9S 8S 7S")] == [
        11, 10, 4, 3, 2, 0, 0, 0]


@pytest.mark.parametrize("trump", range(4))
def test_pack_holds_152_card_points(trump: int) -> None:
    assert sum(card_points(c, trump) for c in range(32)) == 152


# --- trick winners

@pytest.mark.parametrize("trick, winner", [
    ("AS TS KS 7S", 0),        # plain suit: ace highest
    ("JS TS KS QS", 1),        # ten beats king, queen and jack in a plain suit
    ("7S AD AC 8S", 3),        # off-suit discards never win
    ("AS 7H TS JS", 1),        # any trump beats the led plain suit
    ("AS 7H 8H KS", 2),        # higher of two trumps
    ("9H AH JH TH", 2),        # trump order J > 9 > A > 10
    ("KH QH 8H 7H", 0),
    ("7D 9S AS JS", 0),        # only the led suit (or trump) can win
])
def test_trick_winner(trick: str, winner: int) -> None:
    assert reference_trick_winner(cards(trick), HEARTS) == winner


# --- legal play, clause by clause (trump is hearts; the player to move sits after the trick)

@pytest.mark.parametrize("mode", MODES)
def test_lead_is_free(mode: str) -> None:
    assert legal("7S JH AD", "", mode) == "7S AD JH"


@pytest.mark.parametrize("mode", MODES)
def test_follow_suit_when_able(mode: str) -> None:
    assert legal("7S KS JH AD", "AS", mode) == "7S KS"
    assert legal("7S JH", "8S 9H", mode) == "7S"          # even when an opponent ruffed
    assert legal("7S JH", "8S AS", mode) == "7S"          # and when partner wins


@pytest.mark.parametrize("mode", MODES)
def test_trump_lead_must_overtrump(mode: str) -> None:
    assert legal("7H JH AS", "9H", mode) == "JH"
    assert legal("8H AH JH 7S", "9H", mode) == "JH"


@pytest.mark.parametrize("mode", MODES)
def test_trump_lead_overtrump_partner_too(mode: str) -> None:
    assert legal("JH 7H AS", "9H 8H", mode) == "JH"       # partner's 9H is winning


@pytest.mark.parametrize("mode", MODES)
def test_trump_lead_any_trump_when_unable_to_overtrump(mode: str) -> None:
    assert legal("7H 8H AS", "9H", mode) == "7H 8H"
    assert legal("7H AS", "KH JH", mode) == "7H"


@pytest.mark.parametrize("mode", MODES)
def test_trump_lead_no_trump_any_card(mode: str) -> None:
    assert legal("7S AD KC", "9H", mode) == "7S AD KC"


@pytest.mark.parametrize("mode", MODES)
def test_void_partner_winning_any_card(mode: str) -> None:
    assert legal("7H JH AD", "AS 7S", mode) == "7H AD JH"
    assert legal("7H AD", "AS 7S 8S", mode) == "7H"       # partner's 7S is not winning
    assert legal("7H AD", "7S AS 8S", mode) == "7H AD"    # second player's AS wins: partner


@pytest.mark.parametrize("mode", MODES)
def test_void_partner_ruffing_winning_any_card(mode: str) -> None:
    assert legal("7H AD", "AS 9H TS", mode) == "7H AD"    # no need to overtrump partner
    assert legal("8H AD", "7S JH AS", mode) == "8H AD"    # under partner's trump is fine


@pytest.mark.parametrize("mode", MODES)
def test_void_opponent_winning_must_trump(mode: str) -> None:
    assert legal("7H KH AD TC", "AS", mode) == "7H KH"
    assert legal("7H AD", "7S AS", mode) == "7H"


@pytest.mark.parametrize("mode", MODES)
def test_void_must_overtrump_opponent_ruff(mode: str) -> None:
    assert legal("7H AH JH AD", "AS 9H", mode) == "JH"
    assert legal("QH KH AD", "8S 7S 8H", mode) == "KH QH"


@pytest.mark.parametrize("mode", MODES)
def test_void_must_overtrump_opponent_overruff(mode: str) -> None:
    assert legal("AH 7H AD", "AS KH TH", mode) == "AH"    # partner ruffed, opponent overruffed


@pytest.mark.parametrize("mode, expected", [("classic", "7H 8H"), ("coinche", "7H 8H AD TC")])
def test_void_cannot_overtrump_opponent_ruff(mode: str, expected: str) -> None:
    assert legal("7H 8H AD TC", "AS 9H", mode) == expected


@pytest.mark.parametrize("mode, expected", [("classic", "7H"), ("coinche", "7H AD")])
def test_void_cannot_overtrump_opponent_overruff(mode: str, expected: str) -> None:
    assert legal("7H AD", "AS TH JH", mode) == expected


@pytest.mark.parametrize("mode", MODES)
def test_void_without_trump_any_card(mode: str) -> None:
    assert legal("AD TC", "AS", mode) == "AD TC"
    assert legal("AD TC", "AS 9H", mode) == "AD TC"


def test_classic_legal_cards_are_coinche_legal() -> None:
    rng = random.Random(5)
    for _ in range(400):
        spec = random_position(rng, tricks_left=rng.randint(1, 8), mode="coinche")
        hand = spec.hand_sets()[spec.to_move]
        classic = reference_legal(hand, spec.trick, spec.trump, "classic")
        coinche = reference_legal(hand, spec.trick, spec.trump, "coinche")
        assert classic and classic <= coinche <= hand


# --- values

def test_last_trick_bonus_and_capot() -> None:
    """The last trick of a deal: the winner gets its cards and 10, or 252 for a sweep."""
    hands = [set(cards("JH")), set(cards("7S")), set(cards("8S")), set(cards("AS"))]
    assert reference_value(hands, HEARTS, "classic", 0, [], 0, (70, 51), (4, 3)) == 111
    assert reference_value(hands, HEARTS, "classic", 0, [], 1, (70, 51), (4, 3)) == 51
    assert reference_value(hands, HEARTS, "classic", 0, [], 0, (121, 0), (7, 0)) == CAPOT_POINTS
    assert reference_value(hands, HEARTS, "classic", 0, [], 1, (121, 0), (7, 0)) == 0


@pytest.mark.parametrize("seed", range(6))
def test_values_sum_to_162_without_capot(seed: int) -> None:
    for spec in random_positions(seed, 5, tricks_left=3, sweep=None):
        assert spec.reference_value(0) + spec.reference_value(1) == 162


def test_card_values_agree_with_value() -> None:
    for spec in random_positions(11, 12, tricks_left=3):
        args = (spec.hand_sets(), spec.trump, spec.mode, spec.leader, list(spec.trick))
        per_card = reference_card_values(*args, spec.points, spec.tricks_won)
        hand = spec.hand_sets()[spec.to_move]
        assert set(per_card) == reference_legal(hand, spec.trick, spec.trump, spec.mode)
        mover = spec.to_move % 2
        for side in (0, 1):
            best = max if side == mover else min
            assert best(v[side] for v in per_card.values()) == spec.reference_value(side)


def test_bad_state_is_rejected() -> None:
    hands = [set(cards("JH")), set(cards("7S")), set(cards("8S")), set(cards("AS 9S"))]
    with pytest.raises(ValueError):
        reference_value(hands, HEARTS, "classic", 0, [], 0, (0, 0), (4, 3))
    with pytest.raises(ValueError):
        reference_value(hands[:3] + [set(cards("AS"))], HEARTS, "classic", 0, [], 0,
                        (0, 0), (3, 3))
    with pytest.raises(ValueError):
        reference_value(hands[:3] + [set(cards("AS"))], HEARTS, "belote", 0, [], 0,
                        (0, 0), (4, 3))


# --- the generator

def test_generator_is_seeded() -> None:
    assert random_positions(7, 5) == random_positions(7, 5)
    assert random_positions(7, 5) != random_positions(8, 5)


@pytest.mark.parametrize("seed", range(4))
def test_generated_positions_are_consistent(seed: int) -> None:
    for spec in random_positions(seed, 50):
        start = spec.start_hands()
        held = [h.bit_count() for h in start]
        assert held == [spec.tricks_left] * 4
        assert sum(spec.tricks_won) + spec.tricks_left == 8
        in_play = sum(card_points(c, spec.trump) for h in spec.hand_sets() for c in h)
        in_play += sum(card_points(c, spec.trump) for c in spec.trick)
        assert sum(spec.points) + in_play == 152
        for side in (0, 1):
            if spec.tricks_won[side] == 0:
                assert spec.points[side] == 0
        position = spec.to_position()
        assert position.hands == list(spec.hands)
        assert position.to_move == spec.to_move
        assert position.trick == list(spec.trick)
        assert position.points == tuple(spec.points)


def test_generator_covers_every_shape() -> None:
    specs = random_positions(0, 300)
    assert {s.tricks_left for s in specs} == {2, 3, 4, 5}
    assert {len(s.trick) for s in specs} == {0, 1, 2, 3}
    assert {s.mode for s in specs} == set(MODES)
    assert any(s.tricks_won[1] == 0 and s.tricks_won[0] > 0 for s in specs)  # NS swept so far
    assert any(s.tricks_won[0] == 0 and s.tricks_won[1] > 0 for s in specs)  # EW swept so far
    assert any(min(s.tricks_won) > 0 for s in specs)


def test_classic_prefix_is_legal_in_coinche() -> None:
    for spec in random_positions(3, 40, mode="classic", prefix_mode="classic"):
        assert spec.with_mode("coinche").to_position().trick == list(spec.trick)


# --- the vector file

HAND_VALUES = {
    "h01": (111, 51), "h02": (252, 0), "h03": (121, 41), "h04": (60, 102), "h05": (91, 71),
    "h06": (60, 102), "h07": (81, 81), "h08": (151, 11), "h09": (252, 0), "h10": (106, 56),
}
"""Values worked out by hand (the reasoning is in the vector file comments)."""


@pytest.mark.parametrize("name", sorted(HAND_VALUES))
def test_hand_checked_vector(name: str) -> None:
    vector = next(v for v in VECTORS if v.id == name)
    assert vector.kind == "hand"
    assert vector.values == HAND_VALUES[name]
    assert (vector.spec.reference_value(0), vector.spec.reference_value(1)) == HAND_VALUES[name]


def test_vector_file_contents() -> None:
    kinds: dict[str, int] = {}
    for v in VECTORS:
        kinds[v.kind] = kinds.get(v.kind, 0) + 1
    assert kinds == {"hand": 10, "random": 120, "modes": 20, "capot": 20, "full": 2}
    for kind in ("random", "modes", "capot", "full"):
        assert {v.spec.mode for v in VECTORS if v.kind == kind} == set(MODES)
    assert {v.id for v in VECTORS if v.kind == "hand"} == set(HAND_VALUES)


def test_vector_lines_round_trip() -> None:
    for v in VECTORS:
        assert parse_vector(format_vector(v), v.line) == v
        v.spec.to_position()


GOOD_LINE = ("id=x kind=hand mode=coinche trump=H leader=S deal=N:.J.. ..A. .7.. ...7 "
             "trick=- points=70,51 tricks=4,3 | NS=101 EW=51")


@pytest.mark.parametrize("bad", [
    GOOD_LINE.replace("kind=hand ", ""),                   # missing field
    GOOD_LINE.replace("kind=hand", "kind=easy"),           # unknown kind
    GOOD_LINE.replace("mode=coinche", "mode=belote"),      # unknown mode
    GOOD_LINE.replace("trick=-", "trick=1X"),              # bad card
    GOOD_LINE.replace("trump=H", "trump=H trump=S"),       # field twice
    GOOD_LINE.replace(" | NS=101 EW=51", ""),              # no values
    GOOD_LINE.replace("deal=N:.J.. ..A. .7.. ...7", "deal=N:.J.. .J.. .7.. ...7"),  # JH twice
])
def test_bad_vector_lines_are_rejected(bad: str) -> None:
    assert parse_vector(GOOD_LINE).values == (101, 51)
    with pytest.raises(VectorFormatError):
        parse_vector(bad)


def test_duplicate_vector_ids_are_rejected(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "v.txt"
    path.write_text(f"# two lines\n{GOOD_LINE}\n\n{GOOD_LINE}\n", encoding="utf-8")
    with pytest.raises(VectorFormatError):
        load_vectors(path)
    path.write_text(f"# one line\n{GOOD_LINE}\n", encoding="utf-8")
    assert [v.line for v in load_vectors(path)] == [2]


def test_mode_vectors_differ_between_modes() -> None:
    by_id = {v.id: v for v in VECTORS if v.kind == "modes"}
    for name, classic in by_id.items():
        if name.endswith("c"):
            coinche = by_id[name[:-1] + "k"]
            assert (classic.spec.mode, coinche.spec.mode) == ("classic", "coinche")
            assert coinche.spec == classic.spec.with_mode("coinche")
            assert coinche.values != classic.values


def test_capot_vectors_cover_made_and_failed() -> None:
    capot = [v for v in VECTORS if v.kind == "capot"]
    for v in capot:
        sweeper = 0 if v.spec.tricks_won[1] == 0 else 1
        assert v.spec.tricks_won[1 - sweeper] == 0
        assert (v.values[sweeper] == CAPOT_POINTS) == v.id.endswith("y")
    assert sum(v.id.endswith("y") for v in capot) == 10


ENDINGS = [v for v in VECTORS if v.kind != "full"]
SAMPLE = random.Random(2024).sample(ENDINGS, sample_size(40, len(ENDINGS)))


@pytest.mark.parametrize("vector", SAMPLE, ids=[v.id for v in SAMPLE])
def test_vector_value_matches_reference(vector) -> None:  # type: ignore[no-untyped-def]
    assert (vector.spec.reference_value(0), vector.spec.reference_value(1)) == vector.values


@pytest.mark.slow
@pytest.mark.parametrize("vector", [v for v in VECTORS if v.kind == "full"],
                         ids=lambda v: v.id)
def test_full_deal_vector_matches_reference(vector) -> None:  # type: ignore[no-untyped-def]
    assert (vector.spec.reference_value(0), vector.spec.reference_value(1)) == vector.values
