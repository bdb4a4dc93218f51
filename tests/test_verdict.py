"""The double-dummy verdict on a contract (solver/dd/verdict.py).

Scores follow from the rules by hand (see the comments); the double-dummy
values of the example boards are those of tests/test_cli.py.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from belote import (CLASSIC, COINCHE, DIAMONDS, EAST, HEARTS, NORTH, SPADES, WEST, BeloteError,
                    Board, CardSet, Deal, Position, judge_contract, parse_contract, pbn)
from belote.dd import verdict, verdict_from_points
from belote.dd import SearchContext
from belote.errors import ContractError

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
CLASSIC_1_DEAL = "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"
EW_CAPOT_DEAL = "S:K8.Q87.T.T7 QT9.T.AQ.K9 J7..J97.AQ8 A.AKJ9.K8.J"


def summary(v: verdict.ContractVerdict) -> tuple:
    return v.points, v.needed, v.made, v.litige, v.trick_points, v.score.scores


def test_doctests() -> None:
    result = doctest.testmod(verdict)
    assert result.attempted > 0 and result.failed == 0


# --- verdict_from_points: the bookkeeping --------------------------------------------------

@pytest.mark.parametrize(("profile", "contract", "declarer", "points", "belote", "capot",
                          "expected"), [
    # 124 >= 100: EW 124 + 100 = 224 -> 220, NS 38 -> 40.
    (COINCHE, "100H", EAST, 124, None, False, (124, 100, True, False, (38, 124), (40, 220))),
    # EW's belote: needs max(142 // 2 + 1, 100 - 20) = 80; EW 90 + 20 + 100, NS 72 -> 70.
    (COINCHE, "100H", EAST, 90, 1, False, (90, 80, True, False, (72, 90), (70, 210))),
    # All eight tricks: the defence has 0; 252 + 80 = 332 -> 330.
    (COINCHE, "80D", NORTH, 252, None, False, (252, 82, True, False, (252, 0), (330, 0))),
    # The defence takes every trick: 250 + 80 for EW.
    (COINCHE, "80H", NORTH, 0, None, True, (0, 82, False, False, (0, 252), (0, 330))),
    # Classic failure to a capot: 252 for the defence; without it, 162.
    (CLASSIC, "D", EAST, 0, None, True, (0, 82, False, False, (252, 0), (252, 0))),
    (CLASSIC, "D", EAST, 0, None, False, (0, 82, False, False, (162, 0), (162, 0))),
    # Classic equal totals: litige, the defence scores its 81, the taker nothing.
    (CLASSIC, "S", NORTH, 81, None, False, (81, 82, False, True, (81, 81), (0, 81))),
])
def test_verdict_from_points(profile, contract, declarer, points, belote, capot,
                             expected) -> None:
    v = verdict_from_points(profile, parse_contract(contract, profile, declarer), points,
                            belote, defence_capot=capot)
    assert summary(v) == expected
    assert (v.contract.to_pbn(), v.side, v.belote) == (contract, declarer & 1, belote)


def test_litige_holds_the_takers_points() -> None:
    v = verdict_from_points(CLASSIC, parse_contract("S", CLASSIC, NORTH), 81, None)
    assert v.score.held_out == 81


def test_verdict_errors() -> None:
    with pytest.raises(ContractError, match="100H has no declarer"):
        verdict_from_points(COINCHE, parse_contract("100H", COINCHE), 100, None)
    with pytest.raises(BeloteError, match="cannot take every trick when the taker has 5"):
        verdict_from_points(COINCHE, parse_contract("100H", COINCHE, NORTH), 5, None,
                            defence_capot=True)
    with pytest.raises(ContractError, match="classic contracts have no bid"):
        verdict_from_points(CLASSIC, parse_contract("100H", COINCHE, NORTH), 100, None)


# --- judge_contract: solving first ---------------------------------------------------------

def start_of(board: Board) -> Position:
    contract = board.contract
    assert contract is not None
    return Position(board.deal, contract.trump, board.first_leader(), board.profile)


def test_example_deals() -> None:
    boards = pbn.load(EXAMPLES / "deals.pbn")
    assert [summary(judge_contract(start_of(b), b.contract)) for b in boards] == [
        (124, 100, True, False, (38, 124), (40, 220)),
        # coinched, made: (160 + 80) x 2 + NS belote 20.
        (102, 72, True, False, (102, 60), (500, 0)),
        # capot bid without all tricks: EW 160 + 250, NS keeps its belote.
        (137, 252, False, False, (137, 25), (20, 410)),
        # surcoinched, made: (160 + 110) x 4.
        (121, 110, True, False, (121, 41), (1080, 0)),
    ]


def test_position_in_the_middle_of_the_play() -> None:
    """Tricks taken count: 90H by E from the third trick (EW's belote: needs 72)."""
    board = pbn.load(EXAMPLES / "positions.pbn")[0]
    v = judge_contract(board.position(), board.contract)
    assert summary(v) == (110, 72, True, False, (52, 110), (50, 220))
    assert v.belote == 1


def test_known_value_is_not_solved_again() -> None:
    board = pbn.load(EXAMPLES / "deals.pbn")[0]
    context = SearchContext(tt_bits=10)
    v = judge_contract(start_of(board), board.contract, taker_points=124,
                       context=context)
    assert summary(v) == (124, 100, True, False, (38, 124), (40, 220))
    assert context.nodes == 0


def test_defence_capot_by_ns() -> None:
    """With N leading, NS take every trick at diamonds: E's D fails to a capot (252)."""
    deal = Deal.from_pbn(CLASSIC_1_DEAL)
    v = judge_contract(Position(deal, DIAMONDS, NORTH, CLASSIC),
                       parse_contract("D", CLASSIC, EAST))
    assert summary(v) == (0, 82, False, False, (252, 0), (252, 0))


def test_defence_capot_by_ew() -> None:
    deal = Deal.from_pbn(EW_CAPOT_DEAL)
    v = judge_contract(Position(deal, HEARTS, WEST, COINCHE),
                       parse_contract("80H", COINCHE, NORTH))
    assert summary(v) == (0, 82, False, False, (0, 252), (0, 330))


def test_zero_points_without_capot() -> None:
    """NS won a trick worth nothing: they end with 0 points, yet EW have 162, not 252."""
    ending = Deal([CardSet("7H"), CardSet("AS"), CardSet("8H"), CardSet("7D")])
    position = Position(ending, SPADES, NORTH, COINCHE, points=(0, 141), tricks_won=(1, 6))
    v = judge_contract(position, parse_contract("80S", COINCHE, NORTH))
    # Failed, not coinched: EW 160 + 80.
    assert summary(v) == (0, 82, False, False, (0, 162), (0, 240))


def test_judge_errors() -> None:
    start = Position(Deal.from_pbn(CLASSIC_1_DEAL), HEARTS, EAST, CLASSIC)
    with pytest.raises(ContractError, match="played at trump H, the contract S at S"):
        judge_contract(start, parse_contract("S", CLASSIC, EAST))
    with pytest.raises(ContractError, match="H has no declarer"):
        judge_contract(start, parse_contract("H", CLASSIC))
