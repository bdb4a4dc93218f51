"""Letters at the door: every public function that takes a suit, a seat, a side, a contract or
a profile takes what a player types (``"H"``, ``"E"``, ``"NS"``, ``"100H"``, ``"coinche"``) as
well as the small ints, and refuses anything else with one ``ValueError`` when called."""

from __future__ import annotations

import numpy as np
import pytest

import belote
from belote import (COINCHE, EAST, EW, HEARTS, NORTH, NS, SPADES, WEST, Board, Contract, Deal,
                    Position, dd_table, judge_contract, par_of, parse_contract, score_deal,
                    solve_position)
from belote.analysis import TableRequest
from belote.dd import reaches
from belote.errors import CardError
from belote.types import as_seat, as_side, as_suit, as_suits, parse_card

DEAL = Deal.from_pbn("N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9")


def test_the_coercions_take_letters_small_ints_and_numpy_ints() -> None:
    assert as_suit("H") == as_suit("h") == as_suit("♥") == as_suit(HEARTS) == as_suit(
        np.int64(1)) == HEARTS
    assert as_seat("E") == as_seat("east") == as_seat(np.int8(1)) == EAST
    assert as_side("EW") == as_side("we") == as_side(1) == EW
    assert as_suits("S") == (SPADES,) and as_suits(["S", 1]) == (SPADES, HEARTS)


@pytest.mark.parametrize("call, message", [
    (lambda: as_suit("X", "trump"), "unknown trump 'X' (expected one of S H D C, or 0..3)"),
    (lambda: as_suit(True), "suit True is not a suit (expected one of S H D C, or 0..3)"),
    (lambda: as_suit(1.0), "suit 1.0 is not a suit (expected one of S H D C, or 0..3)"),
    (lambda: as_seat(np.int64(4)), "seat 4 is not a seat (expected one of N E S W, or 0..3)"),
    (lambda: as_side("NE"), "unknown side 'NE' (expected one of NS EW, or 0..1)"),
    (lambda: Position(DEAL, "X", "E", "coinche"),
     "unknown trump 'X' (expected one of S H D C, or 0..3)"),
    (lambda: Position(DEAL, "H", "Q", "coinche"),
     "unknown leader 'Q' (expected one of N E S W, or 0..3)"),
    (lambda: Position(DEAL, "H", "E", "skat"), "unknown mode 'skat'"),
    (lambda: Position(None, "H", "E", "coinche"), "deal None is not a Deal"),
    (lambda: dd_table(DEAL, "X", "coinche"), "unknown leader 'X'"),
    (lambda: judge_contract(Position(DEAL, "H", "E", COINCHE), "100Z", declarer="N"),
     "unknown trump 'Z' in contract '100Z'"),
    (lambda: judge_contract(Position(DEAL, "H", "E", COINCHE), "100H", declarer="Z"),
     "unknown declarer 'Z'"),
    (lambda: Board(DEAL, dealer="Z"), "unknown dealer 'Z'"),
    (lambda: Contract("H", "Z", 100), "unknown declarer 'Z'"),
    (lambda: TableRequest(trumps=("H", "Y")), "unknown trump 'Y'"),
])
def test_a_wrong_letter_is_one_value_error_at_the_door(call, message: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert isinstance(info.value, belote.BeloteError)
    assert str(info.value).startswith(message)


def test_a_position_of_letters_is_the_position_of_ints() -> None:
    by_letters = Position(DEAL, "H", "E", "coinche")
    by_ints = Position(DEAL, HEARTS, EAST, COINCHE)
    assert by_letters == by_ints and (by_letters.trump, by_letters.leader) == (HEARTS, EAST)
    assert by_letters.legal_cards() == by_ints.legal_cards()
    assert Position(DEAL.to_pbn(), "H", "E", "coinche") == by_ints
    assert solve_position(by_letters, "EW") == solve_position(by_ints, EW)
    assert reaches(by_letters, "NS", 1) == reaches(by_ints, NS, 1)
    assert by_letters.played("8C") != by_ints


@pytest.mark.parametrize("position", [
    Position(DEAL, "H", "E", "coinche"),
    Position(DEAL, "S", "W", "classic").played("QS 9S 7C"),
    Position(Deal.from_pbn("N:A7... T8... K9... QJ..."), "D", "N", "coinche",
             points=(40, 30), tricks_won=(3, 3)),
])
def test_a_position_repr_reads_letters_and_rebuilds_it(position: Position) -> None:
    text = repr(position)
    assert f"trump='{'SHDC'[position.trump]}'" in text
    assert eval(text, vars(belote)) == position


def test_a_contract_repr_reads_letters_and_rebuilds_it() -> None:
    contract = parse_contract("100HX", COINCHE, "E")
    assert repr(contract) == ("Contract(trump='H', declarer='E', bid=100, multiplier=2, "
                              "capot=False)")
    assert eval(repr(contract), vars(belote)) == contract == Contract(HEARTS, EAST, 100, 2)


def test_a_board_repr_reads_letters_and_rebuilds_it() -> None:
    board = Board(DEAL, dealer="N", contract="100H", declarer="E", cards="8C TC 9C AC")
    assert "dealer='N'" in repr(board) and "declarer='E'" in repr(board)
    assert eval(repr(board), vars(belote)) == board
    assert (board.dealer, board.declarer, board.first_leader()) == (NORTH, EAST, EAST)


def test_tables_verdicts_and_scores_take_letters() -> None:
    table = dd_table(DEAL, "E", "coinche", trumps="H")
    assert table["H", "NS"] == table[HEARTS, NS] == dd_table(DEAL, EAST, COINCHE,
                                                             trumps=[HEARTS])[HEARTS, NS]
    start = Position(DEAL, "H", "E", "coinche")
    by_text = judge_contract(start, "100H", declarer="N")
    assert by_text == judge_contract(start, parse_contract("100H", COINCHE, NORTH))
    assert by_text.score == score_deal("coinche", by_text.contract, by_text.trick_points,
                                       None if by_text.belote is None else "NSEW"[
                                           2 * by_text.belote:2 * by_text.belote + 2])
    assert TableRequest(trumps="H", sides="NS", leader="E") == TableRequest(
        trumps=(HEARTS,), sides=(NS,), leader=EAST)


def test_par_takes_letters() -> None:
    by_letters = par_of(DEAL, "W", "coinche", bids=[80, 90], trumps=["H", "S"])
    assert by_letters == par_of(DEAL, WEST, COINCHE, bids=[80, 90], trumps=[HEARTS, SPADES])


@pytest.mark.parametrize("text, french", [
    ("VC", True), ("RS", True), ("DH", True), ("CD", True), ("ZZ", False), ("7D 8D", False),
    ("1H", False),
])
def test_an_unknown_card_explains_the_ranks_and_the_french_letters(text: str,
                                                                   french: bool) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    message = str(info.value)
    assert message.startswith(f"unknown card {text!r}: ranks are 7 8 9 T J Q K A (or 10), "
                              "suits S H D C")
    assert message.endswith("(French V = J, D = Q, R = K)") == french


def test_french_letters_are_explained_in_the_commands_never_read() -> None:
    from conftest import run_cli

    code, out, err = run_cli("bid", "--hand", "VC 9C AC TC RS AS AD 7C", "--seat", "S",
                             "--dealer", "W")
    assert (code, out) == (2, "")
    assert "unknown card 'VC': ranks are 7 8 9 T J Q K A (or 10), suits S H D C (French V = J, " \
           "D = Q, R = K)" in err
    code, _, err = run_cli("solve", "--deal", "N:AJ.QJ.AJT.Q 987.T987.R. KQT.A.Q9.A8 .K.87.KJT97")
    assert code == 2 and "E hand: unknown rank 'R' in hand '987.T987.R.' (French V = J" in err
