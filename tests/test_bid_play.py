"""``belote bid --play``: single-dummy estimates beside double-dummy on the same samples.

The double-dummy half equals the plain advisor's answer; the single-dummy
half equals a plain loop of playouts over the same sampled deals scored by
the rules; the paired differences are those of the per-sample values; the
run is the same on processes; the command's JSON gives each row a
``single_dummy`` object with the double-dummy keys.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from belote import CLASSIC, COINCHE, BidQuestion, Run, advise_bid, parse_contract, plan_bid
from belote import score_deal
from belote import CardSet, Deal
from belote.advice import Schedule, estimate_contract, play_both, played_board
from belote.sampling import Constraints, DealSampler, Taken
from belote.types import parse_card
from conftest import run_cli as run

HAND = "S:JH 9H AH TH KS AS AD 7C"
FAST = Schedule.from_worlds(6)


def test_both_halves_equal_their_plain_computations() -> None:
    constraints = Constraints().with_text(hand=[HAND])
    contract = parse_contract("110H", COINCHE, declarer=2)
    samples, seed = 5, 3
    dd, sd_tally, differences = play_both(constraints, 2, 3, [contract],
                                          COINCHE.coinche_multipliers, {contract.trump: contract},
                                          samples=samples, seed=seed, schedule=FAST)
    plain = estimate_contract(constraints, contract, dealer=3, samples=samples, seed=seed)
    assert dd.estimates(None)[0] == plain
    made, nets = [], []
    for i, row in enumerate(DealSampler(constraints).draw_masks(seed, 0, samples)):
        deal = Deal([CardSet(int(h)) for h in row])
        end = played_board(deal, contract, leader=0, schedule=FAST, seed=seed,
                      board=4 * i + contract.trump).position()
        score = score_deal(COINCHE, contract, end.points, end.belote_side())
        made.append(score.made)
        nets.append(score.scores[0] - score.scores[1])
    sd = sd_tally.estimates(None)[0]
    assert sd.p_make.value == np.mean(made)
    assert sd.expected_score[1].value == pytest.approx(np.mean(nets))
    diff = differences[0].expected_score[1]
    assert diff.value == pytest.approx(plain.expected_score[1].value - np.mean(nets))
    assert diff.n == samples and diff.method == "hoeffding"  # few samples: valid at any n


def test_the_table_is_the_same_on_processes() -> None:
    question = BidQuestion(hand=HAND[2:], seat="S", dealer="W", play="both", samples=2,
                           worlds=6)
    serial = advise_bid(question)
    pooled = advise_bid(question, run=Run("process", 2))
    assert serial.to_dict() == pooled.to_dict()
    assert serial.kind == "table" and len(serial.rows) == 40
    assert all(row.difference is not None and row.single_dummy is not None
               for row in serial.rows)


def test_the_command_adds_a_single_dummy_object_per_row() -> None:
    code, out, _ = run("bid", "--hand", HAND[2:], "--seat", "S", "--dealer", "W",
                       "--contract", "100H", "--play", "both", "-n", "3", "--worlds", "6",
                       "--json", "-j", "1")
    assert code == 0
    row = json.loads(out)
    assert row["play"] == "both"
    single = row["single_dummy"]
    assert set(single) == {k for k in row if k not in (
        "single_dummy", "difference", "schedule", "mode", "seat", "dealer", "play", "seed",
        "layouts", "leader")}
    assert set(row["difference"]) == {"p_make", "expected_score"}
    code, text, _ = run("bid", "--hand", HAND[2:], "--seat", "S", "--dealer", "W",
                        "--contract", "100H", "--play", "single-dummy", "-n", "3",
                        "--worlds", "6", "-j", "1")
    assert code == 0 and "single-dummy play" in text and "strategy fusion" in text


def test_precision_is_for_double_dummy_play() -> None:
    code, _, err = run("bid", "--hand", HAND[2:], "--seat", "S", "--dealer", "W",
                       "--play", "single-dummy", "--precision", "0.05")
    assert code == 2 and "--precision" in err


def test_a_classic_bidder_is_known_to_take_the_turned_card() -> None:
    """In classic the bidder takes the turned card, which every seat saw: each sample is played
    out with that fact (as :func:`played_board` plays a deal told it), and here it changes
    the cards played."""
    question = BidQuestion(hand="JH 9H AS KS 7C", seat="S", dealer="W", mode="classic",
                           turned="AH", play="single-dummy", samples=3, worlds=6, seed=2)
    job = plan_bid(question)
    advice = advise_bid(job)
    taken = Taken(2, parse_card("AH"))
    changed = 0
    for row in advice.rows:
        contract = row.contract
        made, nets = [], []
        for i, hands in enumerate(DealSampler(job.constraints).draw_masks(2, 0, 3)):
            deal = Deal([CardSet(int(h)) for h in hands])
            kw = dict(leader=0, profile=CLASSIC, schedule=FAST, seed=2,
                      board=4 * i + contract.trump)
            played = played_board(deal, contract, taken=taken, **kw)
            changed += played.cards != played_board(deal, contract, **kw).cards
            end = played.position()
            score = score_deal(CLASSIC, contract, end.points, end.belote_side())
            made.append(score.made)
            nets.append(score.scores[0] - score.scores[1])
        assert row.single_dummy.p_make.value == np.mean(made)
        assert row.single_dummy.expected_score[1].value == pytest.approx(np.mean(nets))
    assert changed > 0
