"""The auction's soft weights (:mod:`belote.auction.beliefs`): each call kind, once each."""

from __future__ import annotations

import numpy as np
import pytest

from belote.auction import COLVER_WEIGHTS, CallWeights, layout_log_likelihood
from belote import Auction, BeloteError
from belote.types import parse_card


def _w(auction: str, seat: str, card: str, **kw) -> float:
    return float(COLVER_WEIGHTS.weights(Auction.parse(auction, **kw))["NESW".index(seat),
                                                                      parse_card(card)])


def test_a_bid_weighs_its_suit() -> None:
    text = "N:90S E:P S:P W:P"
    assert [_w(text, "N", c) for c in ("JS", "9S", "AS", "TS", "KS", "7S", "JH", "AH")] == [
        10.0, 6.0, 4.0, 3.0, 2.5, 2.5, 1.0, 1.0]


def test_a_pass_weighs_jacks_and_nines_and_the_suit_on_the_table() -> None:
    text = "N:P E:90S S:P W:P N:P"
    assert [_w(text, "E", c) for c in ("JS", "JH")] == [10.0, 1.0]
    # S passed over 90S once: the spade jack 0.25, nine 0.3, others 0.7; other suits J/9
    assert [_w(text, "S", c) for c in ("JS", "9S", "AS", "JH", "9D", "AC")] == [
        0.25, 0.3, 0.7, 0.5, 0.6, 1.0]
    # N passed with nothing bid (0.5), then over 90S (0.25): both kinds multiply
    assert _w(text, "N", "JS") == 0.125 and _w(text, "N", "JH") == 0.5


def test_a_seats_calls_of_one_kind_count_once() -> None:
    twice = "N:P E:P S:P W:80H N:P E:P S:P"
    assert _w(twice, "E", "JD") == 0.5 and _w(twice, "E", "JH") == 0.5 * 0.25
    again = "N:80H E:90S S:P W:P N:100H E:P S:P W:P"
    assert _w(again, "N", "JH") == 10.0 and _w(again, "E", "JS") == 10.0 * 0.5


def test_a_coinche_weighs_the_contract_suit_and_side_aces_and_its_answer_nothing() -> None:
    text = "N:80H E:X S:XX"
    assert [_w(text, "E", c) for c in ("JH", "9H", "AH", "AS", "AC", "JS")] == [
        3.0, 2.5, 1.0, 2.0, 2.0, 1.0]
    assert _w(text, "S", "JH") == 1.0 and _w("N:80H E:X S:P", "S", "JH") == 1.0


def test_classic_rounds() -> None:
    text = "N:P E:P S:P W:P N:P E:S"
    kw = {"mode": "classic", "turned": "AH"}
    # N passed the turned heart (round 1), then every other suit (round 2)
    assert [_w(text, "N", c, **kw) for c in ("JH", "7H", "JS", "9D", "AC")] == [
        0.25, 0.7, 0.5, 0.6, 1.0]
    assert [_w(text, "E", c, **kw) for c in ("JH", "JS", "9S", "JD")] == [0.25, 10.0, 6.0, 1.0]


def test_weights_are_checked() -> None:
    with pytest.raises(BeloteError, match="bid_jack=0"):
        CallWeights(bid_jack=0)
    with pytest.raises(BeloteError, match="pass_nine=inf"):
        CallWeights(pass_nine=float("inf"))


def test_the_log_likelihood_of_a_layout_sums_its_cards() -> None:
    auction = Auction.parse("N:P E:90S S:P W:P N:P")
    evidence = COLVER_WEIGHTS.evidence(auction)
    hands = np.array([[0xFF, 0xFF00, 0xFF0000, 0xFF000000]], dtype=np.int64)  # N all spades...
    expected = sum(np.log(COLVER_WEIGHTS.weights(auction)[s, 8 * s + r])
                   for s in range(4) for r in range(8))
    assert layout_log_likelihood(hands, evidence)[0] == pytest.approx(expected, rel=1e-12)
