"""The match sheet (``belote.rules.match``) and ``belote score``.

Each rule that spans deals gets a hand-built session of played deals
(contract, trick points, Belote); the expected sheets are worked out from
the rule page in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from belote import (CLASSIC, COINCHE, EW, NS, BeloteError, Contract,  # noqa: F401 (eval of reprs)
                    parse_contract)
from belote.rules import DealLine, MatchSheet, PlayedDeal, match_sheet
from belote.types import SidePair
from conftest import run_cli as run

SESSION = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "session.pbn"


def deal(board: str, profile, contract: str, declarer: int, ns: int, ew: int,
         belote: int | None = None) -> PlayedDeal:
    return PlayedDeal(board, parse_contract(contract, profile, declarer), SidePair(ns, ew), belote)


def rows(sheet: MatchSheet) -> list[tuple]:
    return [(d.outcome, tuple(d.score), tuple(d.totals), d.held) for d in sheet.deals]


def test_classic_litiges_accumulate() -> None:
    sheet = match_sheet(CLASSIC, [
        # 1: NS take hearts, 81-81: litige. EW (defence) score 81, NS 0; NS's 81 held.
        deal("1", CLASSIC, "H", 0, 81, 81),
        # 2: EW take spades, 71 + 20 (EW belote) = 91 against 91: litige again.
        #    NS (defence) score 91, EW their belote 20; held 81 + 71 = 152.
        deal("2", CLASSIC, "S", 1, 91, 71, belote=EW),
        # 3: NS take clubs and fail, 62 against 100: EW score 162 + 152 held = 314.
        deal("3", CLASSIC, "C", 2, 62, 100),
        # 4: EW make diamonds 100-62: each side its total, nothing held any more.
        deal("4", CLASSIC, "D", 3, 62, 100),
    ])
    assert rows(sheet) == [
        ("litige", (0, 81), (0, 81), 81),
        ("litige", (91, 20), (91, 101), 152),
        ("failed", (0, 314), (91, 415), 0),
        ("made", (62, 100), (153, 515), 0),
    ]
    assert sheet.winner is None and sheet.held == 0


def test_classic_held_points_go_to_the_maker() -> None:
    # 1: litige 81-81 (NS held 81). 2: NS make spades 120-42, and take the
    # 81: NS 201, EW 42.
    sheet = match_sheet(CLASSIC, [deal("1", CLASSIC, "H", 1, 81, 81),
                                  deal("2", CLASSIC, "S", 0, 120, 42)])
    assert rows(sheet) == [("litige", (81, 0), (81, 0), 81), ("made", (201, 42), (282, 42), 0)]


def test_classic_target_and_the_higher_total() -> None:
    # Four capots by NS in spades with belote, 252 + 20 = 272 each: 816
    # after three, 1088 >= 1000 after four: NS win.
    capot = deal("c", CLASSIC, "S", 0, 252, 0, belote=NS)
    sheet = match_sheet(CLASSIC, [capot] * 4)
    assert [tuple(d.totals) for d in sheet.deals] == [(272, 0), (544, 0), (816, 0), (1088, 0)]
    assert sheet.winner == NS and sheet.finished


def test_classic_both_over_the_target() -> None:
    ns_capot = deal("n", CLASSIC, "S", 0, 252, 0, belote=NS)   # NS 272
    ew_capot = deal("e", CLASSIC, "H", 1, 0, 252, belote=EW)   # EW 272
    deals = [ns_capot] * 3 + [ew_capot] * 3 + [
        deal("7", CLASSIC, "D", 0, 122, 40),            # 816 + 122 = 938, 816 + 40 = 856
        deal("8", CLASSIC, "C", 1, 20, 142),            # 958, 998
        # NS make spades 91 + 20 belote = 111 against 71: 1069 - 1069, both
        # over 1000 but equal: the match goes on.
        deal("9", CLASSIC, "S", 2, 91, 71, belote=NS),
        # EW make 100-62: 1131 - 1169, both over 1000, EW higher: EW win.
        deal("10", CLASSIC, "H", 3, 62, 100),
    ]
    sheet = match_sheet(CLASSIC, deals)
    assert [tuple(d.totals) for d in sheet.deals][5:] == [
        (816, 816), (938, 856), (958, 998), (1069, 1069), (1131, 1169)]
    assert sheet.winner == EW
    assert match_sheet(CLASSIC, deals[:9]).winner is None


def test_coinche_belote_alone_cannot_win() -> None:
    deals = [
        # NS 160SXX made 162-0 with belote: (160 + 160) x 4 + 20 = 1300.
        deal("1", COINCHE, "160SXX", 0, 162, 0, belote=NS),
        # NS 80HX made 100-62 with belote (120 > 62): (160 + 80) x 2 + 20 = 500.
        deal("2", COINCHE, "80HX", 2, 100, 62, belote=NS),
        # NS 90C made 92-70: 92 + 90 = 182 -> 180, EW 70: 1980 - 70.
        deal("3", COINCHE, "90C", 0, 92, 70),
        # NS fail 80D, 50 + 20 belote = 70 < 80: EW 160 + 80 = 240, NS their
        # belote 20: 2000 - 310. NS reach 2000 by their belote alone on a
        # deal they failed: no winner.
        deal("4", COINCHE, "80D", 2, 50, 112, belote=NS),
        # EW make 80H 92-70: EW 172 -> 170, NS 70: 2070 - 480, NS win.
        deal("5", COINCHE, "80H", 1, 70, 92),
    ]
    sheet = match_sheet(COINCHE, deals)
    assert rows(sheet) == [
        ("made", (1300, 0), (1300, 0), 0),
        ("made", (500, 0), (1800, 0), 0),
        ("made", (180, 70), (1980, 70), 0),
        ("failed", (20, 240), (2000, 310), 0),
        ("made", (70, 170), (2070, 480), 0),
    ]
    assert [d.barred for d in sheet.deals] == [(), (), (), (NS,), ()]
    assert match_sheet(COINCHE, deals[:4]).winner is None
    assert sheet.winner == NS
    # Classic has no such rule: the same four first deals' totals... a
    # classic side that fails is never barred.
    classic = match_sheet(CLASSIC, [deal("1", CLASSIC, "S", 0, 50, 112, belote=NS)])
    assert classic.deals[0].barred == ()


def test_coinche_capot_suffered_is_barred() -> None:
    # NS make 80S taking every trick; EW hold the belote of spades: NS
    # 252 + 80 = 332 -> 330, EW 20, and EW (capot) cannot win on this deal.
    sheet = match_sheet(COINCHE, [deal("1", COINCHE, "80S", 0, 252, 0, belote=EW)])
    assert rows(sheet) == [("made", (330, 20), (330, 20), 0)]
    assert sheet.deals[0].barred == (EW,)


def test_deal_after_the_end_is_an_error() -> None:
    win = deal("1", COINCHE, "160SXX", 0, 162, 0, belote=NS)
    with pytest.raises(BeloteError, match="board 3 follows the end of the match"):
        match_sheet(COINCHE, [win, deal("2", COINCHE, "160SXX", 0, 162, 0, belote=NS),
                              deal("3", COINCHE, "80S", 0, 100, 62)])


def test_sheet_types() -> None:
    sheet = match_sheet(CLASSIC, [deal("1", CLASSIC, "H", 0, 81, 81)])
    assert isinstance(sheet.deals[0], DealLine)
    assert eval(repr(sheet)) == sheet  # noqa: S307 - the repr is the constructor call
    assert sheet.to_dict() == {
        "mode": "classic", "target": 1000, "totals": {"NS": 0, "EW": 81}, "held": 81,
        "winner": None, "deals": [{
            "board": "1", "contract": "H", "declarer": "N", "side": "NS",
            "outcome": "litige", "trick_points": {"NS": 81, "EW": 81}, "belote": None,
            "score": {"NS": 0, "EW": 81}, "totals": {"NS": 0, "EW": 81}, "held": 81,
            "barred": []}]}


# --- the command --------------------------------------------------------------------------

EXPECTED = """\
Match sheet of {file} (coinche, to 2000)
  board  contract      result    NS    EW  total NS    EW  held
  1      100S by S     made     200    60       200    60     0
  2      80SX by W     failed   480     0       680    60     0
  3      100SX by S    made     520     0      1200    60     0
  4      110HXX by W   made       0  1100      1200  1160     0
  5      90S by S      failed     0   250      1200  1410     0
  6      110SXX by N   made    1080     0      2280  1410     0
  winner NS: 2280 to 1410 after board 6
"""


def test_cli_score_session() -> None:
    # 1: NS 100S, 102-60: 102 + 100 = 202 -> 200, EW 60.
    # 2: EW 80SX, 66-96, fail: NS (160 + 80) x 2 = 480.
    # 3: NS 100SX, 105-57, made: (160 + 100) x 2 = 520.
    # 4: EW 110HXX, 90 + 20 belote = 110 >= 110 and > 72: (160 + 110) x 4 + 20 = 1100.
    # 5: NS 90S, 50-112, fail: EW 160 + 90 = 250.
    # 6: NS 110SXX, 118-44: (160 + 110) x 4 = 1080: NS 2280 >= 2000 win.
    code, out, err = run("score", SESSION)
    assert (code, err) == (0, "")
    assert out == EXPECTED.format(file=SESSION)


def test_cli_score_names_an_unnamed_last_board_by_its_place(tmp_path: Path) -> None:
    """A last board without a name is said by its place in the sheet, never "None" (issue 33)."""
    src = tmp_path / "unnamed.pbn"
    src.write_text(SESSION.read_text().replace('[Board "6"]\n', ""), encoding="utf-8")
    code, out, err = run("score", src)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == ("  winner NS: 2280 to 1410 after deal 6 (a board without "
                                    "a name)")
    code, out, err = run("score", SESSION, "--json")
    sheet = json.loads(out)
    assert (sheet["file"], sheet["winner"], sheet["totals"]) == (str(SESSION), "NS",
                                                                 {"NS": 2280, "EW": 1410})
    assert [d["trick_points"]["NS"] for d in sheet["deals"]] == [102, 96, 105, 72, 50, 118]


def _boards(text: str) -> list[str]:
    return ["[Board" + b for b in text.split("[Board")[1:]]


def test_cli_score_errors(tmp_path: Path) -> None:
    boards = _boards(SESSION.read_text())
    cases = {
        # a board without a play record
        "noplay": (boards[0].split("[Play")[0],
                   "board 1: line 1: no Play record: a match sheet needs every card played"),
        # a record stopped after two tricks
        "short": ("\n".join(boards[0].splitlines()[:9]) + "\n*\n",
                  "board 1: line 1: the play record stops after 2 tricks of 8: a match "
                  "sheet needs every card played"),
        "nodeclarer": (boards[0].replace('[Declarer "S"]\n', ""),
                       "board 1: line 1: no Declarer tag: a match sheet needs every deal's "
                       "taker"),
        "mixed": (boards[0] + '[Board "2"]\n[Mode "classic"]\n[Dealer "N"]\n'
                  '[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\n',
                  "board 2: line 18: classic board in a coinche session (board 1): a match "
                  "is played under one mode"),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / f"{name}.pbn"
        path.write_text(text)
        code, out, err = run("score", path)
        assert (name, code, out) == (name, 2, "")
        assert err == f"Error: {path}: {message}\n", name
