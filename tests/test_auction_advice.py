"""Advice during an auction: a plain loop over the same samples, exact enumeration, the CLI."""

import itertools
import json

import numpy as np
import pytest
from belote.advice import auction_advice, net_range, question_of
from belote.auction import DEFAULT, call_kind, read_auction
from belote.cli.main import cli
from belote import COINCHE, Auction, CardSet, Contract, Deal, score_deal
from belote.sampling import (Constraints, DealSampler, bounded_mean, paired_difference_bounded,
                             proportion_any_n as proportion)
from belote.types import iter_cards, to_mask
from click.testing import CliRunner
from conftest import deal_outcome

SOUTH = "JS 9S AS TS 7D 8D KC AC"
SMALL = {"S": "KS TH 9H KD 9D KC JC 9C", "N": "AS 9S 8H TD 7D AC QC 8C",
         "W": "7S 8S JS QS 7H 7C"}
"""South's and North's hands and six of West's cards: 45 layouts of the other ten."""


def _at(contract, m):
    return Contract(contract.trump, contract.declarer, contract.bid, m, contract.capot)


def _range(contract, sign=1, profile=COINCHE):
    """The range of ``sign`` times ``contract``'s net score (``None``: a pass, 0)."""
    low, high = (0, 0) if contract is None else net_range(profile, contract)
    return (low, high) if sign > 0 else (-high, -low)


def mean(values, bounds):
    """The advice's interval of a mean of values in ``bounds`` (Hoeffding's on few samples)."""
    x = np.asarray(values, dtype=float)
    return bounded_mean(len(x), float(x.sum()), float((x * x).sum()), *bounds)


def _plain(constraints, auction, seed, n, contract):
    """Per sample, by a plain solve of each deal drawn: made, taker's net at x1, x2, x4."""
    reading = read_auction(auction, DEFAULT, constraints, auction.turn)
    deals = DealSampler(reading.constraints).draw(seed, 0, n)
    leader = (auction.dealer + 1) % 4
    rows = []
    for deal in deals:
        row = [deal_outcome(deal, _at(contract, m), leader)[1:] for m in (1, 2, 4)]
        rows.append((row[0][0].made, *(net for _, net in row)))
    return np.array(rows, dtype=np.int64)


def test_defence_equals_a_plain_loop_over_the_same_samples():
    seen = Constraints().with_text(hand=[f"S:{SOUTH}"])
    auction = Auction.parse("N:P E:80H")
    advice = auction_advice(seen, 2, auction, DEFAULT, samples=24, seed=7)
    plain = _plain(seen, auction, 7, 24, Contract(1, 1, 80))
    assert advice.question == "defence" and advice.samples == 24
    assert advice.p_fail == proportion(int((plain[:, 0] == 0).sum()), 24)
    contract = Contract(1, 1, 80)
    assert advice.coinched == (mean(plain[:, 2], _range(_at(contract, 2))),
                               mean(plain[:, 3], _range(_at(contract, 4))))
    reply = 3 if plain[:, 3].mean() > plain[:, 2].mean() else 2
    assert advice.taker_reply == (4 if reply == 3 else 2)
    passing, coinching = -plain[:, 1], -plain[:, reply]
    ranges = {"Pass": _range(contract, -1), "X": _range(_at(contract, 2 ** (reply - 1)), -1)}
    assert advice.options[0].expected == mean(passing, ranges["Pass"])
    assert advice.options[1].expected == mean(coinching, ranges["X"])
    # every legal call is valued (issue 37): Pass, X, then each overcall of South's, each
    # the contract then played (the auction taken to stop there), on the same samples
    names = [o.name for o in advice.options]
    legal = [c.text for c in auction.legal_calls() if c.kind == "bid"]
    assert names == ["Pass", "X", *legal] and "80S" not in names and "CapotC" in names
    values = {"Pass": passing, "X": coinching}
    bounds = dict(ranges)
    by_value = sorted(advice.options, key=lambda o: (-o.expected.value, names.index(o.name)))
    checked = {"90S", "100D", "CapotS", *(o.name for o in by_value[:2])}
    for option in advice.options[2:]:
        if option.name not in checked:
            continue
        plain_bid = _plain(seen, auction, 7, 24, option.contract)
        assert option.contract.declarer == 2 and option.contract.multiplier == 1
        assert option.expected == mean(plain_bid[:, 1], _range(option.contract)), option.name
        assert option.p_make == proportion(int(plain_bid[:, 0].sum()), 24)
        values[option.name] = plain_bid[:, 1]
        bounds[option.name] = _range(option.contract)
    best, second = (o.name for o in by_value[:2])
    assert (advice.recommended, advice.runner_up) == (best, second)
    low, high = bounds[best], bounds[second]
    assert advice.difference == paired_difference_bounded(values[best], values[second],
                                                          low[0] - high[1], low[1] - high[0])


def test_surcoinche_equals_a_plain_loop():
    seen = Constraints().with_text(hand=[f"S:{SOUTH}"])
    auction = Auction.parse("N:80D E:X")
    advice = auction_advice(seen, 2, auction, DEFAULT, samples=16, seed=2)
    plain = _plain(seen, auction, 2, 16, Contract(2, 0, 80))
    assert advice.question == "surcoinche"
    assert [o.name for o in advice.options] == ["P", "XX"]
    contract = Contract(2, 0, 80)
    assert advice.options[0].expected == mean(plain[:, 2], _range(_at(contract, 2)))
    assert advice.options[1].expected == mean(plain[:, 3], _range(_at(contract, 4)))
    assert advice.options[0].p_make == proportion(int(plain[:, 0].sum()), 16)


def test_bid_equals_a_plain_loop():
    seen = Constraints().with_text(hand=[f"S:{SOUTH}"])
    auction = Auction.parse("N:80D E:P")
    advice = auction_advice(seen, 2, auction, DEFAULT, samples=12, seed=5)
    assert advice.question == "bid"
    names = [o.name for o in advice.options]
    assert names[0] == "Pass" and "90S" in names and "80S" not in names and "CapotC" in names
    for option in advice.options:
        if option.name in ("Pass", "90S", "100D", "CapotS"):
            plain = _plain(seen, auction, 5, 12, option.contract)
            assert option.expected == mean(plain[:, 1], _range(option.contract)), option.name
            assert option.p_make == proportion(int(plain[:, 0].sum()), 12)


def _layouts(auction):
    """Every layout of SMALL's ten unseen cards that meets each call's rule, by brute force."""
    free = list(iter_cards(_small().free_cards()))
    deals = []
    for two in itertools.combinations(free, 2):
        west = to_mask(SMALL["W"]) | sum(1 << x for x in two)
        east = sum(1 << x for x in free) & ~west
        hands = [to_mask(SMALL["N"]), east, to_mask(SMALL["S"]), west]
        ok = True
        for state, call in auction.history():
            if state.seat in (0, 2):
                continue
            kind, trump, raised = call_kind(auction, state, call)
            rule = DEFAULT.rule_for(kind, call.bid, raised)
            if rule is None:
                continue
            for suit in range(4):
                byte = hands[state.seat] >> (8 * suit) & 0xFF
                if rule.trump is not None and suit == trump:
                    ok &= rule.trump.holds(byte, True, COINCHE)
                if rule.every_suit is not None:
                    ok &= rule.every_suit.holds(byte, True, COINCHE)
            for count in rule.count:
                held = sum(hands[state.seat] >> c & 1 for c in count.cards(trump))
                ok &= count.low <= held <= count.high
        if ok:
            deals.append(Deal([CardSet(h) for h in hands]))
    return deals


def _small():
    return Constraints().with_text(hand=[f"S:{SMALL['S']}", f"N:{SMALL['N']}"],
                                   known=[f"W:{SMALL['W']}"])


def test_estimates_converge_to_exact_enumeration():
    auction = Auction.parse("E:80D")
    deals = _layouts(auction)
    contract = Contract(2, 1, 80)
    outcomes = [[deal_outcome(d, _at(contract, m), 1)[1:] for m in (1, 2, 4)] for d in deals]
    p_fail = np.mean([not row[0][0].made for row in outcomes])
    passing = -np.mean([row[0][1] for row in outcomes])
    x2 = np.mean([row[1][1] for row in outcomes])
    exact = auction_advice(_small(), 2, auction, DEFAULT, samples=100, seed=3)
    assert exact.exact and exact.samples == exact.layouts == len(deals) == 33
    assert exact.layouts < DealSampler(_small()).count()
    assert 0.2 < p_fail < 0.8
    assert exact.p_fail.value == pytest.approx(p_fail) and exact.p_fail.method == "exact"
    assert exact.options[0].expected.value == pytest.approx(passing)
    assert exact.coinched[0].value == pytest.approx(x2)
    sampled = auction_advice(_small(), 2, auction, DEFAULT, samples=32, seed=3)
    assert not sampled.exact and sampled.samples == 32
    assert sampled.p_fail.contains(p_fail)
    assert sampled.options[0].expected.contains(passing)
    assert sampled.coinched[0].contains(x2)


def test_questions_and_turns():
    assert question_of(Auction.parse("N:80H E:P"), 2) == "bid"
    with pytest.raises(ValueError, match="it is S's turn to call, not E's"):
        question_of(Auction.parse("N:80H E:P"), 1)
    with pytest.raises(ValueError, match="is over"):
        question_of(Auction.parse("N:80H E:P S:P W:P"), 0)


def run(*args):
    return CliRunner().invoke(cli, ["bid", *args])


def test_cli_same_output_whatever_jobs():
    base = ["--hand", SOUTH, "--seat", "S", "--auction", "N:P E:80H", "-n", "24", "--seed",
            "4", "--json"]
    one, two = run(*base, "--jobs", "1"), run(*base, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, one.output
    assert one.output == two.output
    out = json.loads(one.output)
    assert out["question"] == "defence" and out["auction"] == "N:P E:80H"
    assert out["calls"][1] == {"call": "E:80H", "kind": "opening",
                               "says": "H: length 3-8, one of J 9"}
    assert out["uniform_layouts"] > out["layouts"] > 0


def test_cli_human_output_shows_calls_and_layouts():
    r = run("--hand", SOUTH, "--seat", "S", "--auction", "N:P E:80H", "-n", "8", "-j", "1")
    assert r.exit_code == 0, r.output
    assert "  E:80H    opening: H: length 3-8, one of J 9" in r.output
    assert "layouts left: " in r.output and "P(80H by E fails)" in r.output
    assert "recommended: " in r.output


def test_cli_reads_the_opponents_under_their_profile():
    r = run("--hand", SOUTH, "--seat", "S", "--auction", "N:P E:80H", "--opponents", "light",
            "-n", "8", "-j", "1", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["conventions"] == "club" and out["opponents"] == "light"
    assert [c["says"] for c in out["calls"]] == [
        "every suit (as trump): not (length 4-8, all of J 9)",  # partner: club
        "H: not (all of J 9)"]  # the opponent: light
    club = json.loads(run("--hand", SOUTH, "--seat", "S", "--auction", "N:P E:80H",
                          "-n", "8", "-j", "1", "--json").output)
    assert club["opponents"] is None and club["layouts"] < out["layouts"]
    human = run("--hand", SOUTH, "--seat", "S", "--auction", "N:P E:80H", "--conventions",
                "club", "--opponents", "light", "-n", "8", "-j", "1")
    assert "conventions club, the opponents' light: what each call says" in human.output


@pytest.mark.parametrize("args, message", [
    (["--auction", "W:90S N:P E:P"], "call 1 (W:90S, opening) cannot be met"),
    (["--auction", "N:P E:P S:P W:90Q"], "Invalid value for '--auction': call 4 (W:90Q)"),
    (["--auction", "N:P"], "it is E's turn to call, not S's"),
    (["--auction", "N:P E:80H", "--contract", "80H"], "--contract does not go with --auction"),
    (["--auction", "N:P E:80H", "--dealer", "N"], "with dealer N, E speaks first, not N"),
    (["--conventions", "x.toml", "--dealer", "W"], "--conventions goes with --auction"),
    (["--auction", "N:P E:80H", "--conventions", "missing.toml"], "missing.toml: cannot read"),
    (["--opponents", "light", "--dealer", "W"], "--opponents goes with --auction"),
    (["--auction", "N:P E:80H", "--opponents", "lite"], "lite: cannot read"),
    ([], "give --dealer (or --auction"),
])
def test_cli_bad_auctions_are_one_line(args, message):
    r = run("--hand", SOUTH, "--seat", "S", *args)
    assert r.exit_code == 2
    assert message in r.output and len(r.output.strip().splitlines()) == 1, r.output


CLASSIC_AUCTION = "N:P E:P S:P W:P N:P E:P"


def test_classic_deals_are_full_deals_whose_passers_fives_meet_their_calls():
    from belote.advice import classic_seen
    from belote.advice.auction import _ClassicDeals
    from belote.types import parse_card

    turned = parse_card("7D")
    auction = Auction.parse(CLASSIC_AUCTION, mode="classic", turned="7D")
    seen = classic_seen(2, "JH 9H AS KS 7C", turned)
    reading = read_auction(auction, DEFAULT, seen, 2)
    assert reading.layouts < DealSampler(seen).count()
    fives = DealSampler(reading.constraints).draw_masks(9, 0, 3000).tolist()
    used = [i for i in reading.inferences if i.used]
    assert {i.kind for i in used} == {"pass-turned", "pass-second"}
    for row in fives:
        for i in used:
            hand = row[i.seat]
            for suit in range(4):
                byte = hand >> (8 * suit) & 0xFF
                if i.rule.trump is not None and suit == i.trump:
                    assert i.rule.trump.holds(byte, True, reading.constraints.profile)
                if i.rule.every_suit is not None:
                    assert i.rule.every_suit.holds(byte, True, reading.constraints.profile)
    deals = _ClassicDeals(reading.constraints, 2, turned).draw(9, 0, 200)
    assert [tuple(r) for r in deals[:, [0, 1, 3]] & np.array(fives[:200])[:, [0, 1, 3]]] == [
        tuple(r) for r in np.array(fives[:200])[:, [0, 1, 3]]]
    for row in deals.tolist():
        Deal([CardSet(h) for h in row]).validate(8)
        assert row[2] >> turned & 1 and row[2] & to_mask("JH 9H AS KS 7C") == to_mask(
            "JH 9H AS KS 7C")


def test_classic_take_equals_a_plain_loop():
    from belote.advice import classic_seen
    from belote.advice.auction import _ClassicDeals
    from belote import CLASSIC
    from belote.types import parse_card

    turned = parse_card("7D")
    auction = Auction.parse(CLASSIC_AUCTION, mode="classic", turned="7D")
    seen = classic_seen(2, "JH 9H AS KS 7C", turned)
    advice = auction_advice(seen, 2, auction, DEFAULT, samples=16, seed=4)
    assert advice.question == "take" and [o.name for o in advice.options] == [
        "Pass", "S", "H", "C"]
    reading = read_auction(auction, DEFAULT, seen, 2)
    deals = _ClassicDeals(reading.constraints, 2, turned).draw(4, 0, 16)
    for option in advice.options[1:]:
        rows = [deal_outcome(Deal([CardSet(h) for h in row]), option.contract, 0, CLASSIC)[1:]
                for row in deals.tolist()]
        assert option.expected == mean([net for _, net in rows],
                                       _range(option.contract, profile=CLASSIC))
        assert option.p_make == proportion(sum(score.made for score, _ in rows), 16)


def test_cli_classic_auction():
    base = ["--mode", "classic", "--hand", "JH 9H AS KS 7C", "--turned", "7D", "--seat", "S",
            "--auction", CLASSIC_AUCTION, "-n", "16", "--json"]
    one, two = run(*base, "-j", "1"), run(*base, "-j", "2")
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    out = json.loads(one.output)
    assert out["question"] == "take" and out["calls"][0]["kind"] == "pass-turned"
    r = run("--mode", "classic", "--hand", "JH 9H AS KS 7C", "--seat", "S", "--auction", "N:P")
    assert r.exit_code == 2 and "a classic --auction needs --turned CARD" in r.output


def test_single_dummy_defence_equals_a_plain_loop_of_playouts():
    from belote.advice import Schedule, played_board

    seen = Constraints().with_text(hand=[f"S:{SOUTH}"])
    auction = Auction.parse("N:P E:80H")
    schedule = Schedule.from_worlds(4)
    advice = auction_advice(seen, 2, auction, DEFAULT, samples=3, seed=2,
                            single_dummy=schedule)
    reading = read_auction(auction, DEFAULT, seen, 2)
    contract = Contract(1, 1, 80)
    nets = []
    for i, deal in enumerate(DealSampler(reading.constraints).draw(2, 0, 3)):
        end = played_board(deal, contract, leader=0, profile=COINCHE, schedule=schedule,
                      seed=2, board=4 * i + 1).position()
        won = end.tricks_won
        trick = (252, 0) if won[0] == 8 else (0, 252) if won[1] == 8 else tuple(end.points)
        score = score_deal(COINCHE, contract, trick, end.belote_side())
        nets.append(score.scores[1] - score.scores[0])
    assert advice.options[0].expected == mean(-np.array(nets), _range(contract, -1))
