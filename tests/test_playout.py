"""Single-dummy play (:mod:`belote.advice.playout`) against plain loops and exact enumeration.

* ``layout_values`` (one kernel call for every card on every layout) equals
  ``position_analysis`` of each layout rebuilt as a position;
* a decision never reads a hidden card: the same visible history with the
  hidden cards dealt otherwise (same constraints) gives the same decision;
* with every layout listed, the card is ``hint``'s best by the chance of the
  side's goal (its exact mode), and a whole playout equals a plain loop of
  ``position_analysis`` over every layout at every decision;
* a run gives the same boards serially, on threads and on processes.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from belote.parallel import Run
from belote import (CLASSIC, COINCHE, NORTH, WEST, CardSet, Deal, judge_contract, parse_contract,
                    score_deal)
from belote.advice.hint import MAX_SAMPLES, enumerate_layouts, hint, replay, visible_constraints
from belote.advice.playout import (DEFAULT_SCHEDULE, Playout, Schedule, decide, played_board,
                                   seat_view,
                                   playout, playouts, resampled_layouts)
from belote.auction.beliefs import layout_log_likelihood
from belote.types.auction import Auction
from belote.dd import position_analysis, equivalence_classes, layout_values
from belote.errors import BeloteError, DealError, PlayoutError
from belote.formats import pbn
from belote.rules.play import Position
from belote.rules.scoring import min_points_to_make
from belote.sampling.sampler import BLOCK, DealSampler
from belote.board import Board
from belote.types.cards import card_name
from belote.types.deal import side_of

from conftest import played_position, redealt, sample_size, run_cli as run

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
DEALS = EXAMPLES / "deals.pbn"
PLAYED = EXAMPLES / "played.pbn"
PROFILES = (COINCHE, CLASSIC)
EVERY = Schedule.line(8, 8, exact=10**9)
"""A schedule that lists every layout (for small endings only)."""


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("left", [30, 17, 9, 6])
def test_layout_values_equal_analyse_position(profile, left: int) -> None:
    for seed in range(sample_size(2, 10)):
        pos, _ = played_position(1000 * left + seed, left, profile)
        seat = pos.to_move
        layouts = DealSampler(visible_constraints(pos, seat)).draw_masks(seed, 0, 12)
        classes, values = layout_values(pos, layouts)
        assert classes == equivalence_classes(pos)
        for i, hands in enumerate(layouts):
            analysis = position_analysis(replay(pos, [int(h) for h in hands]))
            by_card = {cv.card: tuple(cv.values) for cv in analysis.cards}
            assert [tuple(v) for v in values[i]] == [by_card[cls[0]] for cls in classes], (
                pos, i)


def test_layout_values_refuses_a_layout_that_moves_the_players_cards() -> None:
    pos, _ = played_position(7, 20)
    hands = list(pos.hands)
    mover = pos.to_move
    other = (mover + 1) % 4
    low = hands[mover] & -hands[mover]
    theirs = hands[other] & -hands[other]
    hands[mover] ^= low | theirs
    hands[other] ^= low | theirs
    with pytest.raises(DealError, match="layout 1: not a layout"):
        layout_values(pos, [pos.hands, hands])


@pytest.mark.parametrize("profile", PROFILES)
def test_a_decision_never_reads_a_hidden_card(profile) -> None:
    checked = 0
    for seed in range(sample_size(6, 40)):
        rng = random.Random(seed)
        pos, contract = played_position(seed, rng.choice((32, 27, 22, 14, 9)), profile)
        other = redealt(pos, 500 + seed)
        assert other.hands[pos.to_move] == pos.hands[pos.to_move]
        checked += other.hands != pos.hands
        first = decide(pos, contract, seed=seed)
        second = decide(other, contract, seed=seed)
        assert (first, first.classes, first.goal, first.points) == (
            second, second.classes, second.goal, second.points), (pos, other)
    assert checked >= sample_size(6, 40) // 2


def _exact_choice(pos: Position, contract) -> int:
    """The card a plain loop over every layout chooses (goal share, then points, then order)."""
    seat = pos.to_move
    classes = equivalence_classes(pos)
    if len(classes) == 1:
        return classes[0][0]
    side, taker = side_of(seat), side_of(contract.declarer)
    goal = np.zeros(len(classes))
    points = np.zeros(len(classes))
    for hands in enumerate_layouts(seat_view(pos)):
        layout = replay(pos, hands)
        need = min_points_to_make(pos.profile, contract, layout.belote_side())
        values = {cv.card: cv.values for cv in position_analysis(layout).cards}
        for j, cls in enumerate(classes):
            made = values[cls[0]][taker] >= need
            goal[j] += made if side == taker else not made
            points[j] += values[cls[0]][side]
    best = min(range(len(classes)), key=lambda j: (-goal[j], -points[j], j))
    return classes[best][0]


@pytest.mark.parametrize("profile", PROFILES)
def test_small_endings_choose_hints_exact_best(profile) -> None:
    for seed in range(sample_size(8, 60)):
        pos, contract = played_position(200 + seed, random.Random(seed).choice((8, 9, 11, 13)),
                                        profile)
        choice = decide(pos, contract, schedule=replace(EVERY, belote=False))
        if choice.forced:
            continue
        advice = hint(pos, pos.to_move, contract, samples=MAX_SAMPLES, by="make")
        assert choice.exact and advice.exact and choice.layouts == advice.layouts
        assert choice.card == advice.best, pos


@pytest.mark.parametrize("profile", PROFILES)
def test_a_playout_with_every_layout_equals_a_plain_loop(profile) -> None:
    for seed in range(sample_size(2, 12)):
        pos, contract = played_position(300 + seed, 12, profile)
        board = Board(Deal([CardSet(h) for h in pos.start_hands]), profile=profile,
                      contract=contract,
                      play_leader=pos.tricks[0].leader,
                      cards=[c for t in pos.tricks for c in t.cards] + pos.trick)
        played = played_board(board, schedule=EVERY)
        loop = pos.copy()
        cards = []
        while not loop.is_over:
            card = _exact_choice(loop, contract)
            loop.play(card)
            cards.append(card)
        assert list(played.cards[len(board.cards):]) == cards


def test_playouts_are_the_same_serially_on_threads_and_processes() -> None:
    boards = [Board(Deal.random(40 + i), dealer=i % 4, profile="coinche", contract="90S",
                    declarer=(i + 1) % 4) for i in range(3)]
    schedule = Schedule.line(6, 4, exact=6)
    serial = list(playouts(boards, schedule=schedule, seed=5))
    assert all(len(p.board.cards) == 32 for p in serial)
    assert serial == list(playouts(boards, schedule=schedule, seed=5, run=Run("thread", 2)))
    assert serial == list(playouts(boards, schedule=schedule, seed=5, run=Run("process", 2)))
    assert serial[1] == playout(boards[1], schedule=schedule, seed=5, board=1)
    assert serial != list(playouts(boards, schedule=schedule, seed=6))


def test_forced_cards_need_no_layout() -> None:
    pos, contract = played_position(11, 4)
    choice = decide(pos, contract)
    assert choice.forced == (len(equivalence_classes(pos)) == 1)
    if choice.forced:
        assert choice.layouts == 0


def test_playout_gives_the_score_and_the_double_dummy_verdict() -> None:
    deal = Deal.random(3)
    result = playout(deal, "100H", declarer="N", dealer="W", schedule=Schedule.line(6, 4, 6))
    assert isinstance(result, Playout)
    assert result == playout(deal, parse_contract("100H", COINCHE, NORTH), dealer=WEST,
                             schedule=Schedule.line(6, 4, 6))
    board = result.board
    assert len(board.cards) == 32 and board.play_leader == NORTH
    end = board.position()
    assert result.trick_points == end.points
    assert result.score == score_deal(COINCHE, board.contract, end.points, end.belote_side())
    start = Position(deal, "H", "N", "coinche")
    assert result.double_dummy == judge_contract(start, "100H", declarer="N")
    assert result.board == played_board(deal, "100H", declarer=0, dealer=3, leader="N",
                                        schedule=Schedule.line(6, 4, 6))
    with pytest.raises(BeloteError, match="unknown dealer 'X'"):
        playout(deal, "100H", declarer="N", dealer="X")


def test_bad_requests_are_refused() -> None:
    with pytest.raises(PlayoutError, match="contract"):
        playout(Deal.random(1), dealer=0)
    with pytest.raises(PlayoutError, match="dealer"):
        playout(Deal.random(1), "80H", declarer=0)
    with pytest.raises(PlayoutError, match="positive"):
        Schedule.line(0, 1)
    with pytest.raises(PlayoutError, match="tuple of 8 ints"):
        Schedule((60, 50))
    with pytest.raises(PlayoutError, match="exact"):
        Schedule(exact=-1)
    assert [DEFAULT_SCHEDULE.worlds(t) for t in range(8, 0, -1)] == [45, 54, 47, 41, 34, 28, 21, 15]
    with pytest.raises(PlayoutError, match="from 1 to 8"):
        DEFAULT_SCHEDULE.worlds(9)
    with pytest.raises(PlayoutError, match="from 1 to 1024"):
        Schedule.from_worlds(1025)
    with pytest.raises(PlayoutError, match="from 1 to 1024"):
        Schedule((2000,) * 8)


def test_the_help_says_the_default_schedule() -> None:
    """``--worlds``'s default in words is the default schedule (the CLI writes it out)."""
    from belote.cli.options import SCHEDULE_DEFAULT

    layouts = DEFAULT_SCHEDULE.layouts
    assert layouts[1:] == Schedule.line(60, 15).layouts[1:]
    assert SCHEDULE_DEFAULT == (f"{layouts[0]} at the first trick, then {layouts[1]} down to "
                                f"{layouts[-1]}, every layout when at most {DEFAULT_SCHEDULE.exact}")
    for command in ("bid", "playout"):
        code, text, _ = run(command, "--help")
        assert code == 0 and SCHEDULE_DEFAULT in " ".join(text.split())
    assert DEFAULT_SCHEDULE.exact == 60 and Schedule.from_worlds(None) is DEFAULT_SCHEDULE


# --- belote playout ---------------------------------------------------------------------------


def test_the_command_plays_writes_and_analyse_reads(tmp_path) -> None:
    out = tmp_path / "played.pbn"
    code, text, _ = run("playout", DEALS, "--board", "2", "--board", "4", "--worlds", "8",
                        "--json", "-o", out)
    assert code == 0
    rows = [json.loads(line) for line in text.splitlines()]
    assert [r["board"] for r in rows] == ["2", "4"]
    boards = pbn.load(out)
    for row, board in zip(rows, boards):
        assert [card_name(c) for c in board.cards] == row["cards"] and len(row["cards"]) == 32
        end = board.position()
        assert row["trick_points"] == {"NS": end.points.ns, "EW": end.points.ew}
        assert row["made"] == (row["taker_points"] >= row["needed"])
    code, text, _ = run("playout", DEALS, "--worlds", "8", "--json", "--jobs", "2")
    assert code == 0 and [json.loads(line) for line in text.splitlines()][1::2] == rows
    code, text, _ = run("analyse", out)
    assert code == 0 and "given away" in text


def test_the_command_refuses_a_finished_record() -> None:
    code, _, err = run("playout", PLAYED, "--board", "1")
    assert code == 2 and "play record is complete" in err and "board 1" in err


def test_analyse_single_dummy_labels_and_seat_totals() -> None:
    code, text, _ = run("analyse", PLAYED, "--board", "1", "--single-dummy", "--json")
    assert code == 0
    result = json.loads(text)
    totals = {s: {"cost": 0.0, "errors": 0, "unlucky": 0} for s in "NESW"}
    for card in result["cards"]:
        sd = card["sd"]
        if sd["label"] == "unlucky":
            assert card["loss"] > 0 and sd["shortfall"] == 0
        if sd["label"] is None:
            assert sd["forced"] or card["loss"] == 0
        totals[card["seat"]]["cost"] += sd["shortfall"]
        totals[card["seat"]]["errors"] += sd["label"] == "error"
        totals[card["seat"]]["unlucky"] += sd["label"] == "unlucky"
    for seat, got in result["summary"]["single_dummy"].items():
        assert got["errors"] == totals[seat]["errors"]
        assert got["unlucky"] == totals[seat]["unlucky"]
        assert got["cost"] == pytest.approx(totals[seat]["cost"], abs=0.2)


def _random_evidence(seed: int) -> np.ndarray:
    """Continuous log factors by seat and card (no two layout sets weigh exactly the same)."""
    return np.random.default_rng(seed).normal(0.0, 1.0, (4, 32))


@pytest.mark.parametrize("profile", PROFILES)
def test_a_decision_with_evidence_never_reads_a_hidden_card(profile) -> None:
    for seed in range(sample_size(4, 30)):
        rng = random.Random(seed)
        pos, contract = played_position(40 + seed, rng.choice((32, 27, 22, 14, 9)), profile)
        other = redealt(pos, 900 + seed)
        evidence = _random_evidence(seed)
        first = decide(pos, contract, seed=seed, evidence=evidence)
        second = decide(other, contract, seed=seed, evidence=evidence)
        assert (first, first.classes, first.goal, first.points) == (
            second, second.classes, second.goal, second.points), (pos, other)


@pytest.mark.parametrize("profile", PROFILES)
def test_weighted_exact_decisions_equal_a_weighted_plain_loop(profile) -> None:
    for seed in range(sample_size(6, 40)):
        pos, contract = played_position(700 + seed, random.Random(seed).choice((8, 9, 11, 13)),
                                        profile)
        evidence = _random_evidence(seed)
        choice = decide(pos, contract, schedule=EVERY, evidence=evidence)
        if choice.forced:
            continue
        seat = pos.to_move
        side, taker = side_of(seat), side_of(contract.declarer)
        goal: dict[int, float] = {}
        points: dict[int, float] = {}
        total = 0.0
        for hands in enumerate_layouts(seat_view(pos)):
            weight = math.exp(sum(evidence[s, c] for s in range(4) for c in CardSet(hands[s])))
            total += weight
            layout = replay(pos, hands)
            need = min_points_to_make(pos.profile, contract, layout.belote_side())
            for cv in position_analysis(layout).cards:
                made = cv.values[taker] >= need
                goal[cv.card] = goal.get(cv.card, 0.0) + weight * (made if side == taker
                                                                  else not made)
                points[cv.card] = points.get(cv.card, 0.0) + weight * cv.values[side]
        assert choice.exact and choice.layouts == DealSampler(seat_view(pos)).count()
        for cls, g, p in zip(choice.classes, choice.goal, choice.points, strict=True):
            assert g == pytest.approx(goal[cls[0]] / total, rel=1e-9, abs=1e-12)
            assert p == pytest.approx(points[cls[0]] / total, rel=1e-9)
        best = max((goal[c] / total, points[c] / total) for c in goal)
        assert choice.goal[0] == pytest.approx(best[0], abs=1e-12)
        assert choice.points[0] == pytest.approx(best[1], rel=1e-9)


@pytest.mark.parametrize("profile", PROFILES)
def test_even_evidence_changes_no_exact_decision(profile) -> None:
    for seed in range(sample_size(4, 20)):
        pos, contract = played_position(800 + seed, 11, profile)
        plain = decide(pos, contract, schedule=EVERY)
        even = decide(pos, contract, schedule=EVERY, evidence=np.full((4, 32), 0.7))
        assert (plain.card, plain.classes, plain.layouts) == (even.card, even.classes,
                                                                even.layouts)
        assert plain.points == pytest.approx(even.points, rel=1e-12)


def test_resampling_keeps_each_layout_in_proportion_to_its_likelihood() -> None:
    pos, _ = played_position(11, 27, COINCHE)
    sampler = DealSampler(visible_constraints(pos, pos.to_move))
    evidence = _random_evidence(3)
    layouts, counts = resampled_layouts(sampler, evidence, 60, 5, 7)
    assert counts.sum() == 60 and len(np.unique(layouts, axis=0)) == len(layouts)
    pool = sampler.draw_masks(5, 7 * BLOCK, BLOCK).astype(np.int64)
    log = layout_log_likelihood(pool, evidence)
    share = np.exp(log - log.max())
    share = 60 * share / share.sum()
    for row, count in zip(layouts, counts, strict=True):
        same = (pool == row).all(axis=1)
        assert same.any()
        # systematic resampling: each pool entry is kept floor or ceil of its share times
        assert np.floor(share[same]).sum() <= count <= np.ceil(share[same]).sum()
    assert resampled_layouts(sampler, evidence, 60, 5, 7)[0].tolist() == layouts.tolist()
    strong = np.zeros((4, 32))
    seat, card = next((s, c) for s in range(4) if s != pos.to_move
                      for c in CardSet(pos.hands[s]))
    strong[seat, card] = 50.0
    held, _ = resampled_layouts(sampler, strong, 60, 5, 7)
    assert all(row[seat] >> card & 1 for row in held)


def test_a_playout_reads_the_auction_of_its_board() -> None:
    deal = Deal.random(random.Random(5))
    auction = Auction.parse("N:P E:90H S:P W:100H N:P E:P S:P")
    board = Board(deal, auction=auction, play_leader=0)
    played = played_board(board)
    schedule = DEFAULT_SCHEDULE
    evidence = schedule.evidence(auction)
    assert evidence is not None and schedule.evidence(None) is None
    assert Schedule(beliefs=None).evidence(auction) is None
    pos = board.position(board.profile())
    cards = []
    while not pos.is_over:
        card = decide(pos, board.get_contract(board.profile()), evidence=evidence).card
        pos.play(card)
        cards.append(card)
    assert list(played.cards) == cards
    uniform = played_board(board, schedule=Schedule(beliefs=None))
    assert len(uniform.cards) == 32 and uniform.cards != played.cards  # the auction mattered


def test_a_cfn_output_refuses_a_first_lead_it_cannot_hold_before_the_work(tmp_path: Path
                                                                          ) -> None:
    """CFN's first trick is led by the dealer's left: a board led by another seat fails
    before it is played, not after (issue 33)."""
    board_1 = DEALS.read_text().split("\n\n")[1]
    src = tmp_path / "w.pbn"
    src.write_text(board_1 + '\n[Play "W"]\n*\n', encoding="utf-8")
    code, out, err = run("playout", src, "--worlds", "4", "-j", "1", "-o", tmp_path / "p.cfn")
    assert code == 2 and out == "", (out, err)
    assert "CFN's first trick is led by the dealer's left (E), not by W" in err
    assert not (tmp_path / "p.cfn").exists()


def test_the_help_names_every_output_format() -> None:
    code, out, _ = run("playout", "--help")
    assert code == 0 and ".jsonl .ndjson .json JSON lines" in " ".join(out.split())
