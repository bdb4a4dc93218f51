"""The player's calls (:mod:`belote.player.bidder`): the club prior and the simulation.

* the prior's calls say what the convention profile says they say (a bid meets its rule);
* hands of the club's ladder get the calls the profile describes;
* the calibration reproduces the project's measured single-dummy calibration;
* the simulation weighs legal calls only, keeps the prior's call unless a rival is better by
  more than the margin with its interval above 0, and is reproducible by its seed.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from belote.auction import DEFAULT, call_kind
from belote.player import (CALIBRATION, COMPETE, COMPETE_TOP, CallDecision, candidates, defence,
                           level, prior_call, rule_holds, simulated_call)
from belote.player import Game, SeatView
from belote import COINCHE, CardSet

from conftest import sample_size


def _prior_auction(seed: int, mode: str) -> Game:
    game = Game.random(seed, seed % 4, mode, number=seed)
    while game.phase == "auction":
        view = game.view(game.to_move)
        call = prior_call(view)
        if call.kind == "bid":  # what the call says of the hand holds
            kind, trump, raised = call_kind(view.auction, view.auction.state, call)
            rule = DEFAULT.rule_for(kind, call.bid, raised)
            assert rule_holds(rule, view.hand.mask, trump, view.profile), (
                view.auction.text(), view.hand, call)
        game = game.apply(call)
    return game


@pytest.mark.parametrize("mode", ["coinche", "classic"])
def test_the_prior_bids_what_the_conventions_say(mode: str) -> None:
    played = sum(not _prior_auction(seed, mode).passed_out for seed in range(sample_size(60, 400)))
    assert played >= sample_size(60, 400) // 2


def test_the_club_ladder() -> None:
    view = Game.new(_deal("JH 9H AH 7H AS TS 8D 7C"), "W", "coinche").view("N")
    assert level(view.hand.mask, 1, COINCHE) == 120 and prior_call(view).text == "120H"
    weak = Game.new(_deal("7S 8S 7H 8H 7D 8D 7C 8C"), "W", "coinche").view("N")
    assert prior_call(weak).text == "P" and all(level(weak.hand.mask, s, COINCHE) is None
                                                  for s in range(4))
    # partner (S) opened 80H; N holds the jack of hearts: two steps
    raise_ = Game.new(_deal("JH 7H 8S 9S 7D 8D 7C 8C"), "N", "coinche")
    for call in ("P", "80H", "P"):
        raise_ = raise_.apply(call)
    assert raise_.to_move == 0 and prior_call(raise_.view(0)).text == "100H"
    # N holds the nine, not the jack: no raise (a one-step raise cost points)
    nine = Game.new(_deal("9H 7H 8S 9S 7D 8D 7C 8C"), "N", "coinche")
    for call in ("P", "80H", "P"):
        nine = nine.apply(call)
    assert prior_call(nine.view(0)).text == "P"
    assert defence(CardSet("JH 9H AS TS AD 7C 8C 9C").mask, 1) == 4.5


def test_the_prior_competes_up_to_its_level_plus_compete() -> None:
    """Against an opponent's bid the prior overcalls up to COMPETE above its level, no higher."""
    hand = "JH 9H 7H AS 8S 7D 8D 7C"
    assert level(CardSet(hand).mask, 1, COINCHE) == 90
    for opened, answer in (("80S", "90H"), ("110S", "120H"), ("130S", "P")):
        game = Game.new(_deal(hand), "S", "coinche").apply(opened)  # W opens, N answers
        assert game.to_move == 0
        assert prior_call(game.view(0)).text == answer, opened


def test_the_prior_never_overcalls_above_compete_top() -> None:
    """A strong hand overcalls up to COMPETE_TOP (120), though its level allows more."""
    hand = "JH 9H AH 7H AS 8S 7D 7C"
    assert level(CardSet(hand).mask, 1, COINCHE) == 120 and 120 + COMPETE > COMPETE_TOP == 120
    for opened, answer in (("100S", "110H"), ("110S", "120H"), ("120S", "P")):
        game = Game.new(_deal(hand), "S", "coinche").apply(opened)
        assert prior_call(game.view(0)).text == answer, opened


def test_the_prior_coinches_with_four_tricks_or_three_against_110() -> None:
    three = "AS TS AD 7D AC 8H 7C 9S"  # no trump honour in hearts: three aces and a half
    assert defence(CardSet(three).mask, 1) == 3.5
    for bid, answer in (("80H", "P"), ("110H", "X")):
        game = Game.new(_deal(three), "S", "coinche").apply(bid)  # W opens, N answers
        assert prior_call(game.view(0)).text == answer, bid


def test_coinche_is_weighed_against_every_opponents_contract_and_never_our_own() -> None:
    weak = "7S 8S 7D 8D 7C 8C 9C TH"  # no defensive trick against spades or hearts
    assert defence(CardSet(weak).mask, 0) == 0.0
    game = Game.new(_deal(weak), "S", "coinche").apply("80S")  # W opens, N answers
    assert prior_call(game.view(0)).text == "P"
    assert [c.text for c in candidates(game.view(0), prior_call(game.view(0)))] == ["P", "X"]
    ours = Game.new(_deal(weak), "E", "coinche").apply("80S").apply("P")  # S opens, N answers
    assert "X" not in [c.text for c in candidates(ours.view(0), prior_call(ours.view(0)))]


def _deal(north: str):
    """A deal with North's hand, the other cards dealt in order to E, S, W."""
    from belote import Deal

    rest = [c for c in range(32) if c not in CardSet(north)]
    return Deal([CardSet(north), CardSet(rest[0:8]), CardSet(rest[8:16]), CardSet(rest[16:24])])


MEASURED = {80: 94.8, 90: 92.3, 100: 88.7, 110: 83.6, 120: 77.5, 130: 69.6, 140: 61.1,
            150: 46.7, 160: 43.0}
"""bench/RESULTS.md, "Calibration": of 2,000 bid deals, the share (%) of those where
double-dummy play reached T in which single-dummy play reached it too."""
DD_AT_LEAST = {80: 1867, 90: 1758, 100: 1627, 110: 1421, 120: 1183, 130: 909, 140: 653,
               150: 362, 160: 321}
"""The same run: deals whose double-dummy value reached T (the rest of the 2,000 below 80)."""


def test_the_calibration_reproduces_the_measured_one() -> None:
    # the run's double-dummy values, spread evenly inside each band of ten; above 160: 12
    # deals of 160-162 and the rest capots
    values: list[float] = list(np.linspace(30, 79, 2000 - DD_AT_LEAST[80]))
    bands = sorted(DD_AT_LEAST)
    for low, high in zip(bands, bands[1:]):
        values += list(np.linspace(low, high - 1, DD_AT_LEAST[low] - DD_AT_LEAST[high]))
    values += [160, 161, 162] * 4 + [252] * (DD_AT_LEAST[160] - 12)
    rng = np.random.default_rng(0)
    dd = np.array([int(v) for v in values] * 8)
    draws = CALIBRATION.draws(rng, len(dd))
    sd = np.array([CALIBRATION.points(int(v), d, COINCHE) for v, d in zip(dd, draws)])
    for t, share in MEASURED.items():
        model = 100 * (sd[dd >= t] >= t).mean()
        assert abs(model - share) <= 10, (t, model, share)
    assert (sd <= 162).sum() + (sd == 252).sum() == len(sd) and sd.min() >= 0


def _simulated_auctions(deals: int) -> Iterator[tuple[int, SeatView, CallDecision]]:
    """Each call of ``deals`` random coinche auctions, made by the simulation over 12 layouts
    (no extra ones): the deal's seed, the caller's view and the decision."""
    for seed in range(deals):
        game = Game.random(seed, "N", "coinche", number=seed)
        while game.phase == "auction":
            view = game.view(game.to_move)
            decision = simulated_call(view, seed=seed, layouts=12, extra_layouts=0)
            yield seed, view, decision
            game = game.apply(decision.call)


def test_the_simulation_keeps_the_prior_unless_a_rival_is_clearly_better() -> None:
    switched = simulated = 0
    for seed, view, d in _simulated_auctions(sample_size(6, 30)):
        legal = view.legal()
        assert d.prior == prior_call(view) and d.call in legal
        assert all(c.call in legal for c in d.candidates)
        if d.simulated:
            simulated += 1
            assert d.candidates[0].call == d.prior and d.layouts == 12
            assert [c.call for c in d.candidates] == list(candidates(view, d.prior))
            if d.call != d.prior:
                switched += 1
                gain = next(c for c in d.candidates if c.call == d.call).versus_prior
                assert gain is not None and gain.value > d.margin and gain.low > 0
            assert d == simulated_call(view, seed=seed, layouts=12, extra_layouts=0)
        else:
            assert d.call == d.prior and d.candidates == ()
    assert simulated >= 6


def test_an_undecided_coinche_gets_more_layouts_for_the_prior_and_its_best_rival() -> None:
    """Where coinche is weighed and the best rival's interval against the prior's call holds
    the margin, ``extra`` layouts are added to those two (the other candidates keep their first
    estimates); a call the first layouts decide is made on them alone."""
    extended = decided = 0
    for seed, view, first in _simulated_auctions(sample_size(12, 40)):
        if not (first.simulated and any(c.call.text == "X" for c in first.candidates)):
            continue
        more = simulated_call(view, seed=seed, layouts=12, extra_layouts=8)
        rivals = first.candidates[1:]
        best = max(range(len(rivals)), key=lambda k: (rivals[k].expected.value, -k))
        gain = rivals[best].versus_prior
        assert gain is not None
        if gain.contains(first.margin):
            extended += 1
            assert more.layouts == 20 and more.candidates[0].expected.n == 20
            assert [c.expected.n for c in more.candidates[1:]] == [
                20 if k == best else 12 for k in range(len(rivals))]
            assert [c for k, c in enumerate(more.candidates[1:]) if k != best] == [
                c for k, c in enumerate(rivals) if k != best]
            moved = more.candidates[1 + best].versus_prior
            assert moved is not None
            assert more.call == (rivals[best].call if moved.value > more.margin
                                 and moved.low > 0 else more.prior)
        else:
            decided += 1
            assert more == first
    assert extended > 0 and decided > 0


def test_a_forced_call_is_not_simulated() -> None:
    game = Game.random(3, "N", "coinche").apply("CapotH").apply("P")
    view = game.view(game.to_move)  # W, partner of the capot: only a pass is legal
    assert [c.text for c in view.legal()] == ["P"]
    d = simulated_call(view)
    assert not d.simulated and d.layouts == 0 and d.call.text == "P"


def test_the_opponents_profile_reads_what_club_meanings_cannot() -> None:
    from belote import Deal, Player
    from belote.auction import LIGHT
    deal = Deal.from_pbn("N:7..J.QJT987 98.AKQT.T9. AT.J9.87.AK KQJ.87.AKQ.")
    view = Game.new(deal, "N").apply("90H").view("S")  # S holds the jack and nine of hearts
    club = simulated_call(view, seed=1, layouts=8)
    light = simulated_call(view, seed=1, layouts=8, opponents=LIGHT)
    assert club.simulated and light.simulated
    assert not club.reading  # club's 90 promises E the jack and nine: no layout fits
    assert light.reading  # light's 90 promises an honour: E's real hand is one of them
    assert Player(seed=1, layouts=8, opponents=LIGHT).bid(view) == light


def test_the_taker_edge_moves_the_takers_net_only() -> None:
    """The simulation adds ``taker_edge`` x the multiplier to the taker's side's net: a pass
    that passes the deal out is worth the same with any edge, a bid of one's own more."""
    from dataclasses import replace

    game = Game.random(0, "N", "coinche").apply("P").apply("P").apply("P")
    view = game.view(game.to_move)
    flat = simulated_call(view, seed=3, layouts=8, calibration=replace(CALIBRATION, taker_edge=0))
    steep = simulated_call(view, seed=3, layouts=8,
                           calibration=replace(CALIBRATION, taker_edge=1000))
    assert [c.call for c in flat.candidates] == [c.call for c in steep.candidates]
    assert flat.simulated and any(c.call.kind == "bid" for c in flat.candidates)
    for a, b in zip(flat.candidates, steep.candidates):
        if a.call.kind == "pass":
            assert a.expected.value == b.expected.value == 0.0  # passed out: nobody takes
        else:  # our side takes in every layout (x1, or x2 when the roll-forward coinches)
            shift = b.expected.value - a.expected.value
            assert shift >= 1000 * a.played.value - 1e-6 and (16 * shift) % 1000 == 0
