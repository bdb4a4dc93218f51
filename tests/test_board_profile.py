"""A board has one rule profile (issue 34): ``board.under(profile)`` is the one way to other
rules, the play is replayed once, and every format's record errors are ``RecordError``."""

from __future__ import annotations

import inspect

import pytest

import belote.board
from belote import CLASSIC, COINCHE, Board, Deal, RecordError, cfn, pbn
from belote.errors import IllegalPlayError, PBNDecodeError

# N leads AS, E ruffs with JH, S (who cannot overtrump) throws TC: free in coinche, but
# classic makes S undertrump (7H or 8H).
DEAL = "N:AKQJT987... .AJT9..AKQJ .87.AK.T987 .KQ.QJT987."
RECORD = f"""[Board "5"]
[Dealer "W"]
[Deal "{DEAL}"]
[Declarer "E"]
[Contract "80H"]
[Play "N"]
AS JH TC -
*
"""


def test_the_profile_is_a_fact_of_the_board() -> None:
    board = Board(Deal.from_pbn(DEAL), dealer="W", contract="80H", declarer="E", cards="AS JH")
    assert board.profile is COINCHE and board.stated_profile is None
    assert board.trump == board.contract.trump  # type: ignore[union-attr]
    # no method but under() takes the rules
    for name, member in inspect.getmembers(Board, callable):
        if not name.startswith("_") and name not in ("under", "replace"):
            assert "profile" not in inspect.signature(member).parameters, name
    assert not hasattr(board, "full_deal") and not hasattr(board, "get_contract")


def test_under_rereads_the_contract_and_checks_the_play_once() -> None:
    board = Board(Deal.from_pbn(DEAL), dealer="W", contract="100HX", declarer="E",
                  cards="AS JH 7H")
    assert board.under(None) is board and board.under("coinche") is board
    classic = board.under(CLASSIC)
    assert classic.profile is CLASSIC and board.profile is COINCHE  # a new board
    assert classic.contract.to_pbn() == "H"  # type: ignore[union-attr]
    assert (classic.deal, classic.cards, classic.board) == (board.deal, board.cards, board.board)
    assert classic.position().profile is CLASSIC
    assert classic.under("classic") is classic
    with pytest.raises(IllegalPlayError, match=r"^trick 1: S may not play TC here \(legal: 7H 8H\)$"):
        Board(Deal.from_pbn(DEAL), dealer="W", contract="80H", declarer="E",
              cards="AS JH TC").under("classic")


def test_under_errors_are_located_at_the_record() -> None:
    [board] = pbn.loads(RECORD, file="r.pbn")
    with pytest.raises(PBNDecodeError, match=r"^r\.pbn: board 5: line 7: trick 1: S may not "
                                             r"play TC here \(legal: 7H 8H\)$"):
        board.under("classic")
    [classic] = pbn.loads(RECORD.replace("80H", "H").replace("TC", "7H").replace("[Declarer",
                                                              '[Mode "classic"]\n[Declarer'),
                          file="c.pbn")
    with pytest.raises(PBNDecodeError, match=r"^c\.pbn: board 5: line 6: Contract tag: "):
        classic.under("coinche")


def test_the_play_is_replayed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    replay = belote.board._replay

    def counted(*args: object) -> object:
        calls.append(1)
        return replay(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(belote.board, "_replay", counted)
    [board] = pbn.loads(RECORD.replace("TC", "7H"))
    assert len(calls) == 1
    first = board.position()
    first.play(first.legal_cards().names()[0])
    again = board.position()
    assert len(again.trick) == 3 and again is not first  # a copy each time, unchanged
    assert len(calls) == 1
    board.under("classic").position()
    assert len(calls) == 2


def test_every_format_raises_record_errors() -> None:
    with pytest.raises(RecordError) as cfn_error:
        cfn.loads("S:-/-/-/- 8d9dJdTd/7d7hKdQd garbage\n")
    assert type(cfn_error.value) is RecordError and isinstance(cfn_error.value, ValueError)
    with pytest.raises(PBNDecodeError) as pbn_error:
        pbn.loads('[Board "7"]\n[Deal "N:- - - -"]', file="f.pbn")
    assert isinstance(pbn_error.value, RecordError)
    assert str(pbn_error.value).startswith("f.pbn: board 7: line 2: ")
    # a board built in code or read from CFN locates its errors as a RecordError
    board = Board(Deal.from_pbn(DEAL), dealer="W")
    error = board.error("no Contract tag", "Contract")
    assert type(error) is RecordError and str(error) == "no Contract tag"
