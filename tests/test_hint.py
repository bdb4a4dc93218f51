"""belote hint: single-dummy advice against independent loops and brute-force enumeration."""

from __future__ import annotations

import doctest
import itertools
import json
from pathlib import Path

import numpy as np
import pytest

import belote.cli.hint
from belote import Board, CardSet, Position, Run, hint, parse_contract, pbn, solve_position
from belote import CLASSIC, COINCHE, Deal
from belote.advice import DEFAULT_SAMPLES, CardAdvice, Hint
from belote.rules import replay
from belote.advice import hint_board, seat_view
from belote.player import Game, prior_call
from belote.sampling import (DealSampler, Estimate, enumerate_layouts, heard_belote, mean,
                             paired_difference, proportion, taken_card, visible_constraints)
from belote.errors import HintError, IllegalPlayError
from belote.rules import min_points_to_make
from belote.types import KING, QUEEN, make_card

from conftest import played_position as random_position, run_cli as run
from reference import reference_card_values

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
POSITIONS = EXAMPLES / "positions.pbn"
PLAYED = EXAMPLES / "played.pbn"
DEALS = EXAMPLES / "deals.pbn"
ENDINGS_FILE = EXAMPLES / "endings.pbn"


def history(position: Position) -> list[int]:
    """The cards played so far, in order."""
    return [c for t in position.tricks for c in t.cards] + list(position.trick)


def first_leader(position: Position) -> int:
    return position.tricks[0].leader if position.tricks else position.leader


def rebuild(position: Position, hands) -> Position:
    """The test's own replay: start hands = held + played, the history played again
    (raises IllegalPlayError if the history is not legal from that deal)."""
    played = history(position)
    seat = first_leader(position)
    start = [set(CardSet(int(h))) for h in hands]
    real = Position(Deal([CardSet(h) for h in position.start_hands]), position.trump, seat,
                    position.profile)
    for card in played:  # who played each card, from the real deal
        start[real.to_move].add(card)
        real.play(card)
    pos = Position(Deal([CardSet(sorted(h)) for h in start]), position.trump, seat,
                   position.profile)
    for card in played:
        pos.play(card)
    return pos


def belote_side(start_hands, trump: int) -> int | None:
    kq = {make_card(trump, KING), make_card(trump, QUEEN)}
    for seat, hand in enumerate(start_hands):
        if kq <= set(CardSet(hand)):
            return seat % 2
    return None


# --- the estimates equal a plain loop over the same samples ---------------------------------

@pytest.mark.parametrize("seed", [3, 12])
def test_estimates_equal_a_plain_loop(seed: int) -> None:
    pos, contract = random_position(seed, left=18)
    seat = pos.to_move
    samples = 24
    advice = hint(pos, seat, contract, samples=samples, seed=seed)
    assert not advice.exact and advice.samples == samples
    sampler = DealSampler(seat_view(pos))
    assert advice.layouts == sampler.count()
    heads = [c.card for c in advice.cards]
    assert len(heads) > 1
    side, taker = seat % 2, contract.declarer % 2
    points = {card: [] for card in heads}
    made = {card: [] for card in heads}
    for deal in sampler.draw(seed, 0, samples):
        layout = rebuild(pos, [h.mask for h in deal.hands])
        need = min_points_to_make(COINCHE, contract,
                                  belote_side(layout.start_hands, layout.trump))
        for card in heads:
            after = layout.copy()
            after.play(card)
            points[card].append(solve_position(after, side))
            made[card].append(solve_position(after, taker) >= need)
    for entry in advice.cards:
        assert entry.expected_points == mean(points[entry.card])
        assert entry.p_make == proportion(sum(made[entry.card]), samples)
    assert advice.difference == paired_difference(points[heads[0]], points[heads[1]])
    assert np.mean(points[heads[0]]) >= np.mean(points[heads[1]])
    assert advice.clearly_best == (advice.difference.low > 0)


def test_same_hint_on_threads_and_processes() -> None:
    pos, contract = random_position(5, left=20)
    serial = hint(pos, pos.to_move, contract, samples=16, seed=9)
    assert hint(pos, pos.to_move, contract, samples=16, seed=9, run=Run("thread", 2)) == serial
    assert hint(pos, pos.to_move, contract, samples=16, seed=9, run=Run("process", 2)) == serial
    assert hint(pos, pos.to_move, contract, samples=16, seed=10) != serial


# --- small endings: brute force over every layout -------------------------------------------

def brute_force_layouts(pos: Position, seat: int) -> list[tuple[int, int, int, int]]:
    """Every way to give the unseen cards to the other seats (their current hand sizes)
    under which the recorded history could have been played, and the same belote heard:
    the definition of a consistent layout, checked by replaying with the rules."""
    unseen = [c for s in range(4) if s != seat for c in CardSet(pos.hands[s])]
    others = [s for s in range(4) if s != seat]
    sizes = [len(CardSet(pos.hands[s])) for s in range(4)]
    found = []
    for owners in itertools.product(others, repeat=len(unseen)):
        hands = [0, 0, 0, 0]
        hands[seat] = pos.hands[seat]
        for card, owner in zip(unseen, owners):
            hands[owner] |= 1 << card
        if [h.bit_count() for h in hands] != sizes:
            continue
        try:
            layout = rebuild(pos, hands)
        except IllegalPlayError:
            continue
        if heard_belote(layout) == heard_belote(pos):
            found.append(tuple(hands))
    return found


def exact_values(pos: Position, seat: int, contract, layouts) -> tuple[dict, dict]:
    """Mean points of the seat's side and share of makes per card, by the reference."""
    side, taker = seat % 2, contract.declarer % 2
    totals: dict[int, list[int]] = {}
    makes: dict[int, list[int]] = {}
    for hands in layouts:
        layout = rebuild(pos, hands)
        need = min_points_to_make(pos.profile, contract,
                                  belote_side(layout.start_hands, layout.trump))
        values = reference_card_values([set(CardSet(h)) for h in layout.hands], layout.trump,
                                       pos.profile.name, layout.leader, layout.trick,
                                       layout.points, layout.tricks_won)
        for card, pair in values.items():
            totals.setdefault(card, []).append(pair[side])
            makes.setdefault(card, []).append(pair[taker] >= need)
    return totals, makes


ENDINGS = [(seed, mode, left) for seed in range(8) for mode, left in
           (("coinche", 9 + seed % 3), ("classic", 10 - seed % 2))]


@pytest.mark.parametrize("seed,mode,left", ENDINGS)
def test_endings_exact_against_brute_force(seed: int, mode: str, left: int) -> None:
    profile = {"coinche": COINCHE, "classic": CLASSIC}[mode]
    pos, contract = random_position(100 + seed, left, profile)
    seat = pos.to_move
    layouts = brute_force_layouts(pos, seat)
    assert sorted(enumerate_layouts(seat_view(pos))) == sorted(layouts)
    totals, makes = exact_values(pos, seat, contract, layouts)
    advice = hint(pos, seat, contract, samples=max(len(layouts), 2))
    assert advice.exact and advice.layouts == len(layouts) == advice.samples
    listed = {c for entry in advice.cards for c in entry.equivalents}
    assert listed == set(totals)
    for entry in advice.cards:
        for card in entry.equivalents:
            assert totals[card] == totals[entry.card]
        value = sum(totals[entry.card]) / len(layouts)
        share = sum(makes[entry.card]) / len(layouts)
        assert (entry.expected_points.value, entry.expected_points.low,
                entry.expected_points.high) == (value, value, value)
        assert (entry.p_make.value, entry.p_make.low, entry.p_make.high) == (share, share, share)
    best = max(sum(v) for v in totals.values()) / len(layouts)
    assert advice.cards[0].expected_points.value == best
    if len(advice.cards) > 1:
        gap = best - advice.cards[1].expected_points.value
        assert advice.difference.value == pytest.approx(gap, abs=1e-9)
        assert advice.clearly_best == (advice.difference.value > 0)


@pytest.mark.parametrize("seed,left,announced", [(58, 12, False), (46, 10, True)])
def test_hint_reads_the_belote_heard(seed: int, left: int, announced: bool) -> None:
    """A seat played the trump K or Q, with the belote announced or without a word: the hint
    lists only the layouts that agree (the brute force's, which checks what each would
    have made the table hear), and here that changes the card it advises."""
    pos, contract = random_position(seed, left)
    [fact] = heard_belote(pos)
    assert fact.announced is announced and fact.seat != pos.to_move
    layouts = brute_force_layouts(pos, pos.to_move)
    advice = hint(pos, pos.to_move, contract, samples=100)
    deaf = hint(pos, pos.to_move, contract, samples=100, heard=())
    assert advice.exact and deaf.exact and advice.layouts == len(layouts) < deaf.layouts
    assert advice.best != deaf.best


def test_hint_of_a_classic_record_knows_where_the_turned_card_is() -> None:
    """A classic record's auction names the turned card: the hint's layouts put it in the
    taker's hand, as the seat to move knows."""
    checked = fewer = 0
    for seed in range(12):
        game = Game.random(seed, seed % 4, "classic")
        while game.phase == "auction":
            game = game.apply(prior_call(game.view(game.to_move)))
        if game.passed_out:
            continue
        while len(game.cards) < 9:
            game = game.apply(min(game.legal()))
        taken = taken_card(game.auction)
        seat = game.to_move
        if seat == taken.seat or game.turned in game.cards:
            continue
        advice = hint_board(game.board(), seat, samples=10, seed=1).hint
        blind = hint(game.position, seat, game.contract, samples=10, seed=1)
        seen = seat_view(game.position, taken=taken)
        assert seen.known[taken.seat].mask >> taken.card & 1
        assert advice.layouts == DealSampler(seen).count() <= blind.layouts
        checked += 1
        fewer += advice.layouts < blind.layouts  # unless the belote heard told it already
    assert checked >= 3 and fewer >= 2


def test_sampled_ending_lands_in_its_intervals() -> None:
    pos, contract = random_position(104, 11)
    seat = pos.to_move
    layouts = brute_force_layouts(pos, seat)
    assert len(layouts) > 60
    totals, makes = exact_values(pos, seat, contract, layouts)
    advice = hint(pos, seat, contract, samples=40, seed=2)
    assert not advice.exact and advice.layouts == len(layouts)
    for entry in advice.cards:
        assert entry.expected_points.contains(sum(totals[entry.card]) / len(layouts))
        assert entry.p_make.contains(sum(makes[entry.card]) / len(layouts))


def test_sampled_layouts_replay_the_real_history() -> None:
    pos, contract = random_position(21, left=17)
    seat = pos.to_move
    sampler = DealSampler(visible_constraints(pos, seat))
    for row in sampler.draw_masks(4, 0, 300):
        ours = rebuild(pos, row)  # raises IllegalPlayError if the history is not legal
        theirs = replay(pos, row)
        assert theirs.hands == [int(h) for h in row] == ours.hands
        assert (theirs.points, theirs.tricks_won, theirs.trick, theirs.leader) == (
            pos.points, pos.tricks_won, pos.trick, pos.leader)
        assert [t.cards for t in theirs.tricks] == [t.cards for t in pos.tricks]
        assert theirs.hands[seat] == pos.hands[seat]


def test_errors() -> None:
    pos, contract = random_position(1, left=12)
    with pytest.raises(HintError, match="is not to play"):
        hint(pos, (pos.to_move + 1) % 4, contract)
    with pytest.raises(HintError, match="at least 2"):
        hint(pos, pos.to_move, contract, samples=1)
    no_taker = parse_contract(contract.to_pbn(), COINCHE, None)
    with pytest.raises(HintError, match="needs a contract with a declarer"):
        hint(pos, pos.to_move, no_taker, by="make")
    advice = hint(pos, pos.to_move, no_taker, samples=4)
    assert all(entry.p_make is None for entry in advice.cards)
    while not pos.is_over:
        pos.play(min(pos.legal_cards()))
    with pytest.raises(HintError, match="the deal is over"):
        hint(pos, 0, contract)


def test_rank_by_make() -> None:
    pos, contract = random_position(3, left=18)
    advice = hint(pos, pos.to_move, contract, samples=30, seed=1, by="make")
    assert len(advice.cards) > 1
    taking = pos.to_move % 2 == contract.declarer % 2
    goal = [e.p_make.value if taking else 1 - e.p_make.value for e in advice.cards]
    assert goal == sorted(goal, reverse=True)
    assert advice.difference.method == "newcombe paired"


def test_repr_rebuilds_the_hint() -> None:
    pos, contract = random_position(3, left=18)
    advice = hint(pos, pos.to_move, contract, samples=30, seed=1, by="make")
    text = repr(advice)
    assert text.startswith(f"Hint(seat='{'NESW'[pos.to_move]}', by='make'")
    assert "card='" in text and "p_make=Estimate(" in text
    names = {"Hint": Hint, "CardAdvice": CardAdvice, "Estimate": Estimate}
    assert eval(text, names) == advice


# --- the command ----------------------------------------------------------------------------

def test_cli_json_and_jobs() -> None:
    args = (POSITIONS, "--board", "1", "--seat", "S", "--samples", "20", "--seed", "3", "--json")
    code, out, err = run("hint", *args)
    assert code == 0, err
    result = json.loads(out)
    assert {"board", "file", "seat", "samples", "layouts", "cards", "best", "clearly_best",
            "difference"} <= set(result)
    assert (result["board"], result["seat"], result["samples"]) == ("1", "S", 20)
    assert result["layouts"] == 2018016
    assert result["best"] == result["cards"][0]["card"]
    first = result["cards"][0]
    assert set(first) == {"card", "equivalents", "expected_points", "p_make"}
    assert set(first["expected_points"]) == {"value", "low", "high"}
    [board] = [b for b in pbn.load(POSITIONS) if b.board == "1"]
    advice = hint(board.position(), 2, board.contract, samples=20, seed=3)
    assert result["cards"] == [c.to_dict() for c in advice.cards]
    for jobs in ("1", "2"):
        assert run("hint", *args, "--jobs", jobs)[1] == out


def test_cli_table() -> None:
    code, out, err = run("hint", POSITIONS, "--board", "3", "--seat", "E", "--samples", "10")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Board 3 (classic), contract S by S: E to play to trick 2 (after TC)"
    assert lines[1] == ("  10 of 133,024,320 layouts E cannot tell apart (seed 0), each solved "
                        "double-dummy")
    assert lines[-1].startswith("  best ")


def test_cli_exact_ending(tmp_path: Path) -> None:
    pos, contract = random_position(103, 10)
    board = Board(Deal([CardSet(h) for h in pos.start_hands]), board="7", dealer=contract.declarer,
                  profile="coinche", contract=contract, cards=history(pos))
    path = tmp_path / "ending.pbn"
    path.write_text(pbn.dumps([board]))
    seat = "NESW"[pos.to_move]
    code, out, err = run("hint", path, "--seat", seat, "--json")
    assert code == 0, err
    result = json.loads(out)
    layouts = brute_force_layouts(pos, pos.to_move)
    assert result["exact"] and result["layouts"] == result["samples"] == len(layouts)
    code, out, err = run("hint", path, "--seat", seat)
    assert out.splitlines()[1].startswith(f"  exact: all {len(layouts)} layouts")


def test_cli_opening_lead() -> None:
    code, out, err = run("hint", ENDINGS_FILE, "--board", "2", "--seat", "W", "--samples", "3",
                         "--json")
    assert code == 0, err
    result = json.loads(out)
    assert (result["seat"], result["samples"], result["exact"]) == ("W", 3, False)
    assert result["layouts"] == 9465511770  # 24 unseen cards, 8 to each other seat
    assert sorted(c for e in result["cards"] for c in e["equivalents"]) == sorted(
        "AS KS JS 9S 8S 7H KD 7D".split())


def test_cli_seat_not_to_move() -> None:
    code, out, err = run("hint", POSITIONS, "--board", "1", "--seat", "N")
    assert code == 2 and out == ""
    assert err == (f"Error: {POSITIONS}: board 1: line 17: N is not to play: S is, after 10 "
                   f"recorded cards\n")


@pytest.mark.parametrize("path,board,message", [
    (DEALS, "2", "line 14: no Play section: record the play up to the card to advise (a "
                 "Play tag naming the leader and no card for the opening lead)"),
    (PLAYED, "1", "line 13: the play record is complete: no card is left to advise on"),
])
def test_cli_no_card_to_advise(path: Path, board: str, message: str) -> None:
    code, out, err = run("hint", path, "--board", board, "--seat", "S")
    assert code == 2 and out == ""
    assert err == f"Error: {path}: board {board}: {message}\n"


def test_cli_help() -> None:
    code, out, _ = run("hint", "--help")
    assert code == 0 and "Each layout is solved double-dummy" in out
    [samples] = [p for p in belote.cli.hint.hint.params if p.name == "samples"]
    assert samples.default == DEFAULT_SAMPLES


def test_cli_doctests() -> None:
    failed, attempted = doctest.testmod(belote.cli.hint)
    assert attempted > 0 and failed == 0
