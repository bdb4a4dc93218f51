"""PBN reading and writing: the example files, replay of play records, errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import belote.formats.pbn as pbn
from belote import (CLASSIC, CLUBS, COINCHE, DIAMONDS, EAST, HEARTS, NORTH, SOUTH, SPADES, WEST,
                    Board, CardSet, Deal, RecordError)
from belote.types import parse_card
from belote.errors import ContractError, DealError, IllegalPlayError, PBNDecodeError
from belote.formats.pbn import dump, dumps, load, loads, play_rows

from conftest import RANKS

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"

FULL_DEAL = "N:AKQJ.AKQJ.. .T987.T987. T987...AKQJ ..AKQJ.T987"

BASE = f"""\
[Board "3"]
[Dealer "S"]
[Deal "{FULL_DEAL}"]
[Declarer "N"]
[Contract "100H"]
[Play "W"]
DA HJ D7 S7
C7 SA H7 S8
- - DT -
*
"""
"""Hearts trump, W leads. Trick 1 (W N E S): DA HJ D7 S7, won by N's ruff.
Trick 2 is led by N, so its play order is N E S W: SA H7 S8 C7 (E ruffs, W is
free as its partner wins); the row still lists the cards in columns W N E S.
Trick 3: E leads DT, S is to play."""

AFTER_TRICK_1 = "N:AKQJ.AKQ.. .T987.T98. T98...AKQJ ..KQJ.T987"
"""The hands of BASE after trick 1."""


def cards(names: str) -> list[int]:
    return [parse_card(n) for n in names.split()]


def error_of(text: str, **kwargs: str) -> str:
    with pytest.raises(PBNDecodeError) as info:
        loads(text, file="t.pbn", **kwargs)
    return str(info.value)


def content(board: Board) -> tuple:
    """What a board says, without where it was read or how its known tags were spelt."""
    others = {k: v for k, v in board.tags if k not in pbn.KNOWN_TAGS}
    return (board.board, board.dealer, board.deal, board.stated_profile, board.declarer, board.contract,
            board.play_leader, play_rows(board), others, board.sections)


def test_iter_load_yields_each_bad_board_in_its_place(tmp_path) -> None:
    """A streamed read goes on past bad boards, each error naming its board and line."""
    text = (EXAMPLES / "deals.pbn").read_text()
    bad = text.replace("T.AK.AK8.KT", "T.AK.AK8.K").replace("110CXX", "170CXX")
    path = tmp_path / "bad.pbn"
    path.write_text(bad)
    out = list(pbn.iter_load(path))
    kinds = [type(b).__name__ for b in out]
    assert kinds == ["Board", "PBNDecodeError", "Board", "PBNDecodeError"]
    assert [(e.board, e.line) for e in out if isinstance(e, PBNDecodeError)] == [
        ("2", 16), ("4", 33)]
    assert [b.deal for b in out if isinstance(b, Board)] == [
        b.deal for b in pbn.load(EXAMPLES / "deals.pbn")[::2]]


def test_iter_load_stops_at_bytes_that_are_not_utf8(tmp_path) -> None:
    path = tmp_path / "latin.pbn"
    path.write_bytes((EXAMPLES / "deals.pbn").read_bytes() + b'\n[Event "caf\xe9"]\n')
    out = list(pbn.iter_load(path))
    assert [type(b).__name__ for b in out] == ["Board"] * 4 + ["PBNDecodeError"]
    assert "not UTF-8 text" in str(out[-1])


def test_line_numbers_count_only_newlines() -> None:
    """Unicode line separators inside a line do not shift the numbers of later lines."""
    text = '[Board "1"]\n[Event "a\u2028b\x0cc"]\n[Deal "N:- - - -"]\n'
    with pytest.raises(PBNDecodeError) as info:
        pbn.loads(text)
    assert info.value.line == 3


# --- the example files -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["deals.pbn", "classic.pbn", "positions.pbn"])
def test_example_round_trip(name: str) -> None:
    boards = load(EXAMPLES / name)
    text = dumps(boards)
    again = loads(text)
    assert [content(b) for b in again] == [content(b) for b in boards]
    assert dumps(again) == text


def test_deals_example() -> None:
    boards = load(EXAMPLES / "deals.pbn")
    assert [b.board for b in boards] == ["1", "2", "3", "4"]
    assert [b.contract.to_pbn() for b in boards] == ["100H", "80SX", "CapotD", "110CXX"]
    assert [b.stated_profile for b in boards] == [COINCHE] * 4
    assert [b.dealer for b in boards] == [NORTH, EAST, SOUTH, WEST]
    assert [b.declarer for b in boards] == [EAST, SOUTH, NORTH, SOUTH]
    assert [b.trump for b in boards] == [HEARTS, SPADES, DIAMONDS, CLUBS]
    contract = boards[2].contract
    assert (contract.bid, contract.capot, contract.multiplier) == (250, True, 1)
    assert boards[3].contract.multiplier == 4
    for b in boards:
        assert play_rows(b) == [] and b.play_leader is None
        assert b.deal == b.deal
        pos = b.position()
        assert pos.to_move == (b.dealer + 1) % 4
        assert pos.cards_left == 32


def test_classic_example() -> None:
    boards = load(EXAMPLES / "classic.pbn")
    assert [b.contract.to_pbn() for b in boards] == ["H", "S", "C"]
    assert [b.profile for b in boards] == [CLASSIC] * 3
    pos = boards[2].position()
    assert pos.is_over
    assert pos.points == (37, 125)
    assert pos.tricks_won == (2, 6)
    assert str(pos.tricks[-1]) == "Trick(leader=N, cards='9S KS KD 9H', winner=E, points=8)"


def test_positions_example_mid_trick() -> None:
    board = load(EXAMPLES / "positions.pbn")[0]
    assert board.line == 8
    assert board.source.trick_lines == (15, 16, 17)
    pos = board.position()
    assert pos.to_move == SOUTH
    assert pos.points == (28, 0)
    assert pos.tricks_won == (2, 0)
    assert pos.leader == NORTH
    assert pos.trick == cards("JC 7C")


def test_positions_example_remaining_hands() -> None:
    board = load(EXAMPLES / "positions.pbn")[1]
    assert board.stated_profile is None and board.profile is COINCHE
    written = Deal.from_pbn("E:.Q8.QJ8. 7.A.7.AQ 98.KT.K. .97.AT9.")  # the Deal tag
    full = board.deal
    assert full == board.deal
    assert full.to_pbn() == "N:Q.97.AT9.K7 T.Q8.QJ8.98 A7.A.7.AQJT KJ98.KJT.K."
    pos = board.position()
    assert pos.current_deal() == written
    assert pos.to_move == SOUTH
    assert pos.points == (50, 30)
    assert pos.tricks_won == (2, 1)
    assert str(pos.tricks[1]) == "Trick(leader=S, cards='TC JH KC 9C', winner=E, points=30)"


def test_positions_example_unknown_hand() -> None:
    board = load(EXAMPLES / "positions.pbn")[2]
    assert board.deal.hands[SOUTH] == CardSet.from_pbn("98.K9.A87.K")
    pos = board.position()
    assert pos.to_move == EAST
    assert pos.points == (13, 0)
    assert pos.trick == cards("TC")


# --- replaying the play record ---------------------------------------------------------------

def test_columns_start_at_play_seat_and_tricks_at_their_leader() -> None:
    [board] = loads(BASE)
    assert board.play_leader == WEST
    assert play_rows(board) == [cards("AD JH 7D 7S"), cards("7C AS 7H 8S"),
                          [None, None, parse_card("TD"), None]]
    pos = board.position()
    first, second = pos.tricks
    assert (first.leader, first.cards, first.winner, first.points) == (
        WEST, tuple(cards("AD JH 7D 7S")), NORTH, 31)
    assert (second.leader, second.cards, second.winner, second.points) == (
        NORTH, tuple(cards("AS 7H 8S 7C")), EAST, 11)
    assert pos.to_move == SOUTH
    assert pos.points == (31, 11)
    assert pos.tricks_won == (1, 1)


def test_row_in_play_order_is_misread() -> None:
    text = BASE.replace("C7 SA H7 S8", "SA H7 S8 C7")
    assert error_of(text) == "t.pbn: board 3: line 8: trick 2: N does not hold 7H"


def test_default_leader_is_dealers_left() -> None:
    text = BASE.replace('[Play "W"]', '[Play "?"]')
    [board] = loads(text)
    assert board.play_leader == WEST  # the dealer's left, stated once read
    assert board.first_leader() == WEST
    assert board.position().points == (31, 11)
    assert '[Play "W"]' in dumps([board])


def test_position_after_n_cards() -> None:
    text = BASE.replace("C7 SA H7 S8\n- - DT -\n", "- SA - -\n")
    pos = loads(text)[0].position()
    assert pos.to_move == EAST
    assert pos.trick == cards("AS")
    assert pos.points == (31, 0)
    assert pos.tricks_won == (1, 0)
    assert pos.cards_left == 27


def test_remaining_hands_with_play_record() -> None:
    text = BASE.replace(FULL_DEAL, AFTER_TRICK_1).replace("C7 SA H7 S8\n- - DT -\n", "")
    [board] = loads(text)
    assert board.deal == Deal.from_pbn(FULL_DEAL)
    pos = board.position()
    assert pos.current_deal() == Deal.from_pbn(AFTER_TRICK_1)
    assert pos.to_move == NORTH
    assert pos.points == (31, 0)


def test_unknown_hand_is_inferred() -> None:
    text = BASE.replace(FULL_DEAL, "N:AKQJ.AKQJ.. .T987.T987. - ..AKQJ.T987")
    [board] = loads(text)
    assert board.deal == Deal.from_pbn(FULL_DEAL)
    assert board.position().points == (31, 11)


def test_unknown_hand_with_remaining_hands() -> None:
    text = (BASE.replace(FULL_DEAL, "N:AKQJ.AKQ.. - T98...AKQJ ..KQJ.T987")
            .replace("C7 SA H7 S8\n- - DT -\n", ""))
    assert loads(text)[0].deal == Deal.from_pbn(FULL_DEAL)


def test_mode_tag_and_override() -> None:
    classic = BASE.replace("100H", "H").replace('[Board "3"]', '[Board "3"]\n[Mode "classic"]')
    [board] = loads(classic)
    assert (board.stated_profile, board.profile, board.trump) == (CLASSIC, CLASSIC, HEARTS)
    [board] = loads(BASE.replace("100H", "H"), profile="classic")
    assert board.stated_profile is CLASSIC
    assert "Mode" not in board.source.tag_order
    assert '[Mode "classic"]' in dumps([board])
    [board] = loads(BASE)
    assert (board.stated_profile, board.profile, board.under("classic").profile) == (None, COINCHE, CLASSIC)


# --- comments, unknown tags, writing ---------------------------------------------------------

def test_comments_and_unknown_tags() -> None:
    text = f"""\
% PBN 2.1
{{ A comment over
  several lines,

  with a blank line and a [Fake "tag"] }}
[Event "Club {{night}}; \\"final\\""] ; a rest-of-line comment
[Board "3"]
; a comment line inside a board
[Dealer "S"] {{ a short comment }}
[Deal "{FULL_DEAL}"]
[Auction "W"]
Pass 80H {{ bid }} Pass
100H Pass Pass Pass
[Contract "100H"]
[Declarer "S"]

[Board "4"]
[Deal "{FULL_DEAL}"]
"""
    first, second = loads(text)
    assert first.line == 6
    assert first.tags == (("Event", 'Club {night}; "final"'),)
    assert first.auction.text() == "W:P N:80H E:P S:100H W:P N:P E:P"
    assert first.source.tag_order == ("Event", "Board", "Dealer", "Deal", "Auction",
                                      "Contract", "Declarer")
    assert first.sections == ()
    assert first.source.tag_lines["Contract"] == 14
    assert (second.board, second.line, second.dealer, second.contract) == ("4", 17, None, None)
    written = dumps([first, second])
    assert written == f"""\
% PBN 2.1

[Event "Club {{night}}; \\"final\\""]
[Board "3"]
[Dealer "S"]
[Deal "S:T987...AKQJ ..AKQJ.T987 AKQJ.AKQJ.. .T987.T987."]
[Auction "W"]
Pass 80H Pass 100H
Pass Pass Pass
[Contract "100H"]
[Declarer "S"]

[Board "4"]
[Deal "{FULL_DEAL}"]
"""
    assert [content(b) for b in loads(written)] == [
        content(b) for b in loads(dumps(loads(written)))]


def test_every_comment_is_recorded_with_a_board_but_the_header() -> None:
    """``%`` lines (a run of them is one comment) and the comments after the last board are
    recorded as left out, with the board they come in or before, else the last (issue 33)."""
    text = ("% PBN 2.1\n% EXPORT\n% about the session\n% still about it\n\n" + BASE
            + "\n" + BASE.replace('"3"', '"4"') + "\n{ after the last board }\n; and this\n"
            "% and this\n")
    first, second = loads(text)
    assert first.source.dropped == ("the comment on line 3",)
    assert second.source.dropped == tuple(f"the comment on line {n}" for n in (28, 29, 30))
    [alone] = loads(BASE + "% after\n")
    assert alone.source.dropped == ("the comment on line 11",)
    assert loads("% PBN 2.1\n\n" + BASE)[0].source.dropped == ()


def test_dumps_board_built_in_code() -> None:
    board = Board(Deal.from_pbn(FULL_DEAL), board="9", dealer=EAST, profile="coinche",
                  declarer=NORTH, contract="80sx", play_leader=SOUTH, cards="AC 7C JS 7H")
    assert dumps([board]) == """\
% PBN 2.1

[Board "9"]
[Dealer "E"]
[Deal "E:.T987.T987. T987...AKQJ ..AKQJ.T987 AKQJ.AKQJ.."]
[Mode "coinche"]
[Declarer "N"]
[Contract "80SX"]
[Play "S"]
CA C7 SJ H7
*
"""
    [back] = loads(dumps([board]))
    assert (back.deal, back.contract.to_pbn(), back.play_leader, play_rows(back)) == (
        board.deal, "80SX", SOUTH, play_rows(board))
    assert back == board and eval(repr(board), {"Board": Board, "Deal": Deal}) == board


def test_dump_and_load_files(tmp_path: Path) -> None:
    boards = loads(BASE)
    path = tmp_path / "out.pbn"
    dump(boards, path)
    assert path.read_text() == dumps(boards)
    assert [content(b) for b in load(path)] == [content(b) for b in boards]
    buffer = io.StringIO()
    dump(boards, buffer)
    assert buffer.getvalue() == dumps(boards)
    assert [content(b) for b in load(io.StringIO(buffer.getvalue()))] == [
        content(b) for b in boards]


def test_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(BASE.replace('"S"]', '"X"]'))
    with pytest.raises(PBNDecodeError) as info:
        load(path)
    assert str(info.value) == (f"{path}: board 3: line 2: Dealer tag: unknown seat 'X' "
                               "(expected one of N E S W)")
    assert (info.value.file, info.value.board, info.value.line) == (str(path), "3", 2)


@pytest.mark.parametrize(("data", "line", "message"), [
    (b"\xff\xfe\x00[\x00B\x00", 1, "invalid start byte at byte 0"),
    # Latin-1 in a data line: the offset counts the bytes of the file.
    (b'[Board "1"]\n[Event "caf\xe9"]\n', 2, "invalid continuation byte at byte 23"),
    # After a byte-order mark, which counts in the offset too.
    (b'\xef\xbb\xbf[Board "1"]\n\n[Site "\xc3', 3, "unexpected end of data at byte 23"),
])
def test_file_not_utf8(tmp_path: Path, data: bytes, line: int, message: str) -> None:
    path = tmp_path / "binary.pbn"
    path.write_bytes(data)
    with pytest.raises(PBNDecodeError) as info:
        load(path)
    assert str(info.value) == f"{path}: line {line}: not UTF-8 text ({message})"
    assert (info.value.file, info.value.board, info.value.line) == (str(path), None, line)


def test_open_file_not_in_its_encoding(tmp_path: Path) -> None:
    """An open text file decodes itself: the error names the file, the line is unknown."""
    path = tmp_path / "latin1.pbn"
    path.write_bytes(BASE.encode().replace(b"[Board", b"[Event \"\xe9\"]\n[Board", 1))
    with open(path, encoding="utf-8") as fp, pytest.raises(PBNDecodeError) as info:
        load(fp)
    assert str(info.value) == f"{path}: not utf-8 text (invalid continuation byte)"
    assert (info.value.file, info.value.board, info.value.line) == (str(path), None, None)


def test_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.pbn"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    assert load(path) == loads(BASE)


# --- errors ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("old", "new", "message"), [
    # cards
    ("C7 SA H7 S8", "C7 SA H7 S1", "line 8: unknown card 'S1'" + RANKS),
    ("AKQJ.AKQJ..", "AKQJ.AKQX..", "line 3: N hand: unknown rank 'X' in hand 'AKQJ.AKQX..'"),
    (".T987.T987.", ".JT98.T987.", "line 3: duplicate card JH (held by N and E)"),
    ("C7 SA H7 S8", "C7 SA H7 S7",
     "line 8: duplicate card 7S (played by S in trick 1 and by S in trick 2)"),
    # play record
    ("C7 SA H7 S8", "C7 SA D8 S8",
     "line 8: trick 2: E may not play 8D here (legal: 7H 8H 9H TH)"),
    ("DA HJ D7 S7", "DA HJ D7 AH", "line 7: trick 1: S does not hold AH"),
    ("- - DT -", "DK - DT -", "line 9: trick 3: W plays KD before S has played"),
    ("- - DT -\n", "- - DT -\n- - - -\nHA - - -\n",
     "line 10: trick 4 follows trick 3, which is unfinished"),
    ("- - DT -\n", "- - DT -\n" + "- - - -\n" * 6, "line 15: too many tricks: a deal has 8"),
    ("C7 SA H7 S8", "C7 SA H7", "line 8: a play row needs 4 cards, one per seat ('-' for a "
     "card not played yet), not 3: 'C7 SA H7'"),
    ("*\n", "", "line 9: the play record stops after 9 of 32 cards without the '*' that ends a "
     "record stopped early: is the file cut short?"),
    ("*\n", "*\nHA - - -\n", "line 11: text after the '*' that ends the Play section: "
     "'HA - - -'"),
    # tag values
    ('[Dealer "S"]', '[Dealer "South-West"]',
     "line 2: Dealer tag: unknown seat 'South-West' (expected one of N E S W)"),
    ('[Declarer "N"]', '[Declarer "Q"]',
     "line 4: Declarer tag: unknown seat 'Q' (expected one of N E S W)"),
    ('[Play "W"]', '[Play "X"]', "line 6: Play tag: unknown seat 'X' (expected one of N E S W)"),
    ('[Declarer "N"]', '[Declarer "N"]\n[Mode "belote"]',
     "line 5: Mode tag: unknown mode 'belote' (expected one of classic, coinche)"),
    ("100H", "170H", "line 5: Contract tag: bid 170 in '170H' is not allowed (coinche bids "
     "80..160 in steps of 10, or 250 for capot)"),
    ("100H", "100Z", "line 5: Contract tag: unknown trump 'Z' in contract '100Z' "
     "(expected one of S H D C)"),
    ('[Contract "100H"]\n', "",
     "line 5: the Play section needs a Contract tag (for the trump suit)"),
    (f'"{FULL_DEAL}"', '"AKQJ.AKQJ.."',
     "line 3: deal 'AKQJ.AKQJ..' does not start with a seat and ':' (like 'N:')"),
    (FULL_DEAL, "N:AKQJ.AKQJ.. - - ..AKQJ.T987",
     "line 3: 2 hands are unknown (E S); at most one can be inferred"),
    # tag syntax and structure
    ('[Dealer "S"]', "[Dealer S]",
     "line 2: malformed tag '[Dealer S]' (expected [Name \"value\"])"),
    ('[Dealer "S"]', '[Dealer "S"', "line 2: malformed tag '[Dealer \"S\"' (expected "
     "[Name \"value\"])"),
    ('[Declarer "N"]', '[Dealer "N"]', "line 4: tag Dealer appears twice (first on line 2)"),
    ('[Dealer "S"]', '[Dealer "S"]\nS', "line 3: unexpected text after the Dealer tag: 'S'"),
    (f'[Deal "{FULL_DEAL}"]\n', "", "line 1: no Deal tag"),
])
def test_error(old: str, new: str, message: str) -> None:
    assert old in BASE
    assert error_of(BASE.replace(old, new, 1)) == "t.pbn: board 3: " + message


def test_error_in_remaining_hands() -> None:
    text = BASE.replace(FULL_DEAL, AFTER_TRICK_1).replace("C7 SA H7 S8\n- - DT -\n", "")
    assert error_of(text.replace("AKQJ.AKQ..", "AKQJ.AKQJ..")) == (
        "t.pbn: board 3: line 7: duplicate card JH (played by N in trick 1, still held by N)")
    assert error_of(text.replace("..KQJ.T987", "..KQJ.T98")) == (
        "t.pbn: board 3: line 3: W has 7 cards (6 held, 1 played), expected 8")
    bare = text.replace('[Play "W"]\nDA HJ D7 S7\n*\n', "")
    assert error_of(bare) == ("t.pbn: board 3: line 3: N holds 7 cards, expected 8; a hand may "
                              "hold fewer only when the Play section records the rest")
    unknown = bare.replace(AFTER_TRICK_1, "N:AKQJ.AKQJ.. - T98...AKQJ ..AKQJ.T987")
    assert error_of(unknown) == ("t.pbn: board 3: line 3: E (inferred from the other hands) "
                                 "holds 9 cards, expected 8")


def test_error_card_of_the_unknown_hand() -> None:
    text = (BASE.replace(FULL_DEAL, "N:AKQJ.AKQJ.. .T987.T987. - ..AKQJ.T987")
            .replace("DA HJ", "DA CA"))
    assert error_of(text) == "t.pbn: board 3: line 7: trick 1: N does not hold AC"


def test_mode_override_rereads_the_contract() -> None:
    # Under classic, the coinche 100H stands for hearts taken by N (the same play record).
    board = loads(BASE, profile="classic")[0]
    assert (board.contract.to_pbn(), board.contract.declarer, board.stated_profile.name) == ("H", 0,
                                                                                  "classic")
    assert board.cards == loads(BASE)[0].cards
    classic = BASE.replace('"100H"', '"H"').replace("[Board", '[Mode "classic"]\n[Board')
    assert error_of(classic, profile="coinche") == (
        "t.pbn: board 3: line 6: Contract tag: coinche contracts need a bid (e.g. 100H), "
        "got 'H'")


def test_error_truncated_file() -> None:
    assert error_of(BASE[:BASE.index("- - DT")]) == (
        "t.pbn: board 3: line 8: the play record stops after 8 of 32 cards without the '*' "
        "that ends a record stopped early: is the file cut short?")
    assert error_of(BASE[:BASE.index('100H"]')]) == (
        "t.pbn: board 3: line 5: malformed tag '[Contract \"' (expected [Name \"value\"])")


def test_error_locations_across_boards() -> None:
    text = BASE + "\n" + BASE.replace('"3"', '"4"').replace("- - DT -", "- - DT DK")
    assert error_of(text) == "t.pbn: board 4: line 20: trick 3: S does not hold KD"
    assert error_of("hello\n" + BASE) == (
        "t.pbn: board 3: line 1: text before the first tag: 'hello'")
    assert error_of("{ open\n\n" + BASE) == "t.pbn: line 1: comment '{' is never closed by '}'"
    assert error_of('[Deal "N:- - - -"]') == (
        "t.pbn: line 1: 4 hands are unknown (N E S W); at most one can be inferred")


def test_boards_built_in_code_are_checked() -> None:
    deal = Deal.from_pbn(FULL_DEAL)
    with pytest.raises(RecordError, match="^no Contract tag: the trump suit is unknown$"):
        Board(deal).position()
    with pytest.raises(ContractError, match="a play record needs a contract"):
        Board(deal, dealer=SOUTH, cards="AD")
    with pytest.raises(DealError, match="a play record needs its leader or the dealer"):
        Board(deal, contract="100H", cards="AD")
    with pytest.raises(IllegalPlayError, match="trick 2: N does not hold AD"):
        Board(deal, dealer=SOUTH, contract="100H", cards="AD JH 7D 7S AD")
    with pytest.raises(DealError, match="W holds 7 cards"):
        Board(Deal.from_pbn(FULL_DEAL[:-1]))
    board = Board(deal, dealer=SOUTH, contract="100H", cards="AD JH 7D 7S AS 7H 8S 7C")
    assert board.position().points == (31, 11)
    assert board.replace(cards=board.cards[:4]).position().points == (31, 0)
    with pytest.raises(ContractError, match="need a bid"):
        board.replace(profile="coinche", contract="H")


def test_a_complete_play_record_needs_no_closing_star() -> None:
    text = (Path(__file__).resolve().parent.parent / "datasets" / "examples" / "classic.pbn"
            ).read_text()
    with_star = pbn.loads(text)
    without = pbn.loads("\n".join(line for line in text.splitlines() if line.strip() != "*"))
    complete = [b for b in with_star if len(b.cards) == 32]
    assert complete and [b for b in without if len(b.cards) == 32] == complete


def test_load_reads_a_binary_stream_as_utf8() -> None:
    data = (Path(__file__).resolve().parent.parent / "datasets" / "examples" / "deals.pbn"
            ).read_bytes()
    assert load(io.BytesIO(data)) == loads(data.decode("utf-8"))


def test_trailing_rows_of_dashes_add_nothing() -> None:
    dashes = BASE.replace("- - DT -\n", "- - DT -\n- - - -\n- - - -\n")
    assert loads(dashes)[0].cards == loads(BASE)[0].cards


def test_each_recorded_card_is_checked_once(monkeypatch) -> None:
    """Reading a played board replays its play once: one Position.play per recorded card."""
    from belote import Position

    calls = []
    real = Position.play
    monkeypatch.setattr(Position, "play", lambda self, card: calls.append(card) or real(self, card))
    boards = loads(Path("datasets/examples/played.pbn").read_text(encoding="utf-8"))
    assert [len(b.cards) for b in boards] == [32, 32, 22, 13]
    assert len(calls) == 99
