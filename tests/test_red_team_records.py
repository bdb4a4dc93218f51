"""The records cases of the red team's turn 4 (issue 33, class 2, and the record items of issue 32).

One test per case id of the report's table. Each input is rebuilt here from
the project's own example files (``datasets/examples``), the way the red
team's generator built it: ``convert`` writes only what its reader reads back,
names every loss, derives its bookkeeping tags from the board, keeps
unfinished and passed-out auctions; every reader shares one auction reading;
ContrAI's double follows the rules; ``playout -o`` writes its suffix's format.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from belote import cfn, pbn
from belote.formats import game_json, games
from belote import Auction
from conftest import run_cli

EXAMPLES = Path(__file__).resolve().parents[1] / "datasets" / "examples"
COLVER_CFN = (EXAMPLES / "colver.cfn").read_text().splitlines()
RECORD = json.loads((EXAMPLES / "colver.jsonl").read_text().splitlines()[0])
EVENTS = [json.loads(line) for line in (EXAMPLES / "contrai.jsonl").read_text().splitlines()]
SESSION_PBN = (EXAMPLES / "session.pbn").read_text()
BOARD_1 = SESSION_PBN[SESSION_PBN.index('[Board "1"]'):SESSION_PBN.index('[Board "2"]')].strip()
"""Board 1 of session.pbn: 100S by S, the whole play, Play E."""

UNDER_WAY = "N:K.KQ7.Q.T97/J.J.AKT87.A/Q8.AT9.J9.K/AT97.8..QJ8 p-90h - bid:90hS/p0/c0/W"
"""A colver game read during its auction: E passed, S bid 90H, W to call."""


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def record_line(**changes: object) -> str:
    return json.dumps(dict(RECORD, **changes)) + "\n"


def convert(src: Path, out: Path | str, *extra: str) -> tuple[int, str, str]:
    return run_cli("convert", src, out, *extra)


def warnings_of(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("belote: warning:")]


def the_record_board(path: Path) -> None:
    """``path`` (PBN) reads back as the record's own board: deal, auction and play kept."""
    [board] = pbn.load(path)
    [want] = [game_json.parse_record(record_line())]
    assert (board.deal, board.auction, board.cards, board.contract) == (
        want.deal, want.auction, want.cards, want.contract)


# --- convert to PBN writes only what PBN reads back ---------------------------------------


def test_RT84_crafted_section_lines_cannot_forge_a_board(tmp_path: Path) -> None:
    forged = dict(RECORD, tags={"Note": "n"}, sections={"Note": [
        '[Board "1"]', '[Dealer "N"]', '[Deal "N:9..AK97.AKQ .AJT9.QT.87 AK7.K7.J8.T QJT8.Q8..J9"]',
        '[Contract "160S"]', '[Declarer "N"]', "{"]})
    second = json.loads((EXAMPLES / "colver.jsonl").read_text().splitlines()[1])
    second.update(tags={"Note": "m"}, sections={"Note": ["}", ""]})
    src = write(tmp_path / "f.jsonl", json.dumps(forged) + "\n" + json.dumps(second) + "\n")
    code, _, err = convert(src, tmp_path / "f.pbn")
    assert code == 0
    assert "the line '[Contract \"160S\"]' left out" in err and "the line '{' left out" in err
    boards = pbn.load(tmp_path / "f.pbn")
    assert [b.deal for b in boards] == [games_board.deal for games_board in
                                        map(game_json.parse_record, (json.dumps(forged),
                                                                     json.dumps(second)))]
    assert boards[0].contract.to_pbn() == "110C" and dict(boards[0].sections) == {}


@pytest.mark.parametrize(("case", "changes", "named"), [
    ("RT29", {"tags": {"My Event": "x"}}, "PBN tag 'My Event' is not letters, digits and '_'"),
    ("RT30", {"tags": {'Ev"] [Contract': "x"}}, "PBN tag 'Ev\"] [Contract'"),
    ("RT31", {"tags": {"": "x"}}, "PBN tag '' is not letters"),
    ("RT32", {"tags": {"Event": 'a\n[Contract "160S"]\nb'}},
     "PBN tag 'Event' has a line break in its value"),
    ("RT35", {"tags": {"Note": "n"}, "sections": {"Note": [
        "first", "", '[Contract "160S"]', "; a comment?", "{ a brace", "% percent", "*", "last"]}},
     "the line '' left out (a blank line ends the board)"),
    ("RT36", {"tags": {"Note": "n"}, "sections": {"Note": ["{ never closed"]}},
     "the line '{ never closed' left out"),
])
def test_RT29_to_RT36_what_PBN_cannot_hold_is_named_never_written_raw(
        tmp_path: Path, case: str, changes: dict[str, object], named: str) -> None:
    src = write(tmp_path / f"{case}.jsonl", record_line(**changes))
    code, _, err = convert(src, tmp_path / "t.pbn")
    assert code == 0 and named in err, err
    assert run_cli("solve", tmp_path / "t.pbn", "--trump", "S")[0] == 0
    the_record_board(tmp_path / "t.pbn")
    if case == "RT35":
        [board] = pbn.load(tmp_path / "t.pbn")
        assert dict(board.sections) == {"Note": ("first", "*", "last")}


def test_RT33_tags_named_like_the_boards_own_are_named(tmp_path: Path) -> None:
    src = write(tmp_path / "k.jsonl", record_line(tags={"Contract": "160S", "Deal": "N:- - - -",
                                                        "Board": "99"}))
    code, out, err = convert(src, "-", "--to", "pbn")
    assert code == 0 and "160S" not in out
    for name in ("Contract", "Deal", "Board"):
        assert f"PBN tag '{name}' is written from the board's own fields: left out" in err


def test_RT34_a_section_without_its_tag_is_named(tmp_path: Path) -> None:
    src = write(tmp_path / "n.jsonl", record_line(sections={"Note": ["kept?", "line 2"]}))
    code, _, err = convert(src, tmp_path / "n.pbn")
    assert code == 0
    assert "PBN writes a section under its tag: the 'Note' lines left out (no such tag)" in err


# --- games during their auction ------------------------------------------------------------


def test_RT04_a_cfn_file_with_a_game_under_way_crosses_pbn(tmp_path: Path) -> None:
    edge = [*COLVER_CFN,
            "N:-/-/-/- 110d-x-xx AcKcQc7c/JsQsTsKs/8hQhJhAh/8s9sQdKd/7d9d7sTc/9h8c7h8d/TdJdJcKh/"
            "ThAs9cAd 110dEWxx",
            "N:K.KQ7.Q.T97/J.J.AKT87.A/Q8.AT9.J9.K/AT97.8..QJ8 Cd-p-p-p - 250dEW",
            "N:K.KQ7.Q.T97/J.J.AKT87./Q8.AT9.J9./AT97.8..J8 110d-x-p-p-p AcKcQc 110dEWx",
            UNDER_WAY,
            "N:-/-/-/- Ad8d9dQd/TdJd7d8c/7s8sKsAs/QsTs9s9h/8hQhAh7c/KcJc7hQc/JhKhTcAc/9cThJsKd 110cEW"]
    src = write(tmp_path / "edge.cfn", "\n".join(edge) + "\n")
    assert convert(src, tmp_path / "e.pbn")[0] == 0
    code, _, err = convert(tmp_path / "e.pbn", tmp_path / "e.cfn")
    assert code == 0 and err == ""
    assert cfn.load(tmp_path / "e.cfn") == cfn.load(src)


def test_RT42_an_auction_under_way_in_pbn_is_not_given_a_contract(tmp_path: Path) -> None:
    src = write(tmp_path / "b.cfn", UNDER_WAY + "\n")
    assert convert(src, tmp_path / "b.pbn")[0] == 0
    text = (tmp_path / "b.pbn").read_text()
    assert "[Contract" not in text and "Pass 90H" in text
    assert run_cli("solve", tmp_path / "b.pbn", "--trump", "H")[0] == 0
    [board] = pbn.load(tmp_path / "b.pbn")
    assert board.contract is None and not board.auction.complete
    assert Auction.parse("E:P S:90H") == board.auction
    longer = write(tmp_path / "c.pbn", text.replace("Pass 90H", "Pass 90H Pass"))
    [board] = pbn.load(longer)
    assert board.contract is None and board.auction.turn == 0


def test_RT89_and_through_json(tmp_path: Path) -> None:
    src = write(tmp_path / "b.cfn", UNDER_WAY + "\n")
    assert convert(src, tmp_path / "b.jsonl")[0] == 0
    assert convert(tmp_path / "b.jsonl", tmp_path / "b2.pbn")[0] == 0
    assert run_cli("solve", tmp_path / "b2.pbn", "--trump", "H")[0] == 0
    assert convert(tmp_path / "b2.pbn", tmp_path / "b2.cfn")[0] == 0
    assert (tmp_path / "b2.cfn").read_text() == (
        UNDER_WAY.replace("AKT87", "ATK87") + "\n")  # CFN's rank order ATKQJ987


# --- PBN to CFN, notes and comments --------------------------------------------------------


def test_RT09_pbn_to_cfn_names_the_declarer_it_cannot_keep(tmp_path: Path) -> None:
    src = write(tmp_path / "session.pbn", SESSION_PBN)
    code, _, err = convert(src, tmp_path / "s.cfn")
    assert code == 0
    assert warnings_of(err) == [
        "belote: warning: CFN without an auction names the taking side, not the seat: the "
        "declarer left out (give the auction to keep it) (board 1, 2, 3 and 3 more)",
        "belote: warning: the comment on line 2 left out (board 1)"]  # the file's % lines


def test_RT18_auction_note_references_are_named(tmp_path: Path) -> None:
    src = write(tmp_path / "notes.pbn", BOARD_1.replace(
        '[Contract "100S"]', '[Auction "E"]\nPass =1= 100S Pass Pass\nPass\n'
                             '[Note "1:a psychic pass"]') + "\n")
    code, out, err = convert(src, "-", "--to", "pbn")
    assert code == 0 and '[Note "1:a psychic pass"]' in out
    assert "the note reference =1= after call 1 (line 6) left out (board 1)" in err


def test_RT19_commentary_is_named(tmp_path: Path) -> None:
    src = write(tmp_path / "comments.pbn", "{ opening commentary that matters }\n" + BOARD_1.replace(
        '[Play "E"]', '{ the declarer thought long here }\n[Play "E"]') + "\n")
    for target in ("pbn", "cfn", "json"):
        code, _, err = convert(src, "-", "--to", target)
        assert code == 0
        assert "the comment on line 1 left out (board 1)" in err
        assert "the comment on line 8 left out (board 1)" in err


# --- the passed-out auction and the docs' byte-for-byte round trip -------------------------


@pytest.mark.parametrize("case", ["RT01", "RT02", "RT03", "RT05"])
def test_RT01_to_RT05_cfn_pbn_json_cfn_byte_for_byte(tmp_path: Path, case: str) -> None:
    src = EXAMPLES / "colver.cfn"
    assert convert(src, tmp_path / "g.pbn")[0] == 0
    assert convert(tmp_path / "g.pbn", tmp_path / "g.jsonl")[0] == 0
    code, _, err = convert(tmp_path / "g.jsonl", tmp_path / "g.cfn")
    assert code == 0 and err == ""
    assert (tmp_path / "g.cfn").read_text() == src.read_text()
    assert "p-p-p-p - 0" in (tmp_path / "g.cfn").read_text()


# --- CFN bookkeeping tags are derived from the board ---------------------------------------

SURCOINCHED = ("N:-/-/-/- 110d-x-p-p-xx AcKcQc7c/JsQsTsKs/8hQhJhAh/8s9sQdKd/7d9d7sTc/9h8c7h8d/"
               "TdJdJcKh/ThAs9cAd 110dEWxx")
GAME_2 = ('[Board "1"]\n[Dealer "N"]\n[Deal "N:K.KQ7.Q.T97 J.J.AKT87.A Q8.AT9.J9.K AT97.8..QJ8"]\n'
          '[Mode "coinche"]\n')


def test_RT39_a_stale_CFNAuction_is_not_written_back(tmp_path: Path) -> None:
    src = write(tmp_path / "xx.cfn", SURCOINCHED + "\n")
    assert convert(src, tmp_path / "xx.pbn")[0] == 0
    edited = (tmp_path / "xx.pbn").read_text().replace("110D X XX", "110D X Pass").replace(
        '"110DXX"', '"110DX"')
    assert "CFNAuction" in edited
    code, _, err = convert(write(tmp_path / "xx2.pbn", edited), tmp_path / "xx2.cfn")
    assert code == 0
    assert "the CFNAuction tag '110d-x-p-p-xx' disagrees with the board" in err
    line = (tmp_path / "xx2.cfn").read_text()
    assert " 110d-x-p-p-p " in line and line.endswith(" 110dEWx\n")
    code, out, _ = run_cli("score", tmp_path / "xx2.cfn")
    assert code == 0 and "110DX by E" in out


def test_RT40_a_garbage_TakerSide_is_never_written(tmp_path: Path) -> None:
    src = write(tmp_path / "ts.pbn", GAME_2 + '[Contract "110D"]\n[TakerSide "XY"]\n')
    code, _, err = convert(src, tmp_path / "ts.cfn")
    assert code == 2 and not (tmp_path / "ts.cfn").exists()
    assert "CFN names the taking side: the board has no Declarer (the TakerSide tag 'XY' " \
           "disagrees with the board (stale or not CFN): left out)" in err
    good = write(tmp_path / "ok.pbn", GAME_2 + '[Contract "110D"]\n[TakerSide "EW"]\n')
    assert convert(good, "-", "--to", "cfn")[1].endswith(" - 110dEW\n")


def test_RT41_a_garbage_CFNBidding_is_never_written(tmp_path: Path) -> None:
    src = write(tmp_path / "bg.pbn", GAME_2 + '[CFNBidding "<script>"]\n')
    code, out, err = convert(src, "-", "--to", "cfn")
    assert code == 0 and "<script>" not in out and out.endswith(" - bid:0/p0/E\n")
    assert "the CFNBidding tag '<script>' disagrees with the board" in err
    assert cfn.loads(out)[0].deal == pbn.load(src)[0].deal


# --- ContrAI --------------------------------------------------------------------------------


def contrai_file(tmp_path: Path, events: list[dict[str, object]], lead: str = "") -> Path:
    return write(tmp_path / "game.jsonl", lead + "".join(json.dumps(e) + "\n" for e in events))


def test_RT83_a_redouble_by_the_doubling_side_is_refused(tmp_path: Path) -> None:
    events = []
    for e in EVENTS:
        events.append(e)
        if e.get("round") == 2 and e["event"] == "bid" and e["seq"] == 3:
            events.append(dict(e, seq=4, position="N", bid={"kind": "redouble"}))
    code, out, err = run_cli("score", contrai_file(tmp_path, events))
    assert code == 2 and "1080" not in out
    assert err.strip().endswith("board 2: line 46: the bids (seats read mirrored, ContrAI's W as "
                                "E): call 4 (N:XX): N cannot surcoinche "
                                "110DX: only the contract side (EW) may")


def test_RT57_a_bid_after_the_double_is_refused(tmp_path: Path) -> None:
    events = []
    for e in EVENTS:
        if e.get("round") == 2 and e["event"] == "bid" and e["seq"] == 3:
            events.append(dict(e, bid={"kind": "contract", "value": 160, "suit": "S"}))
            events += [dict(e, seq=4 + k, position=p, bid={"kind": "pass"})
                       for k, p in enumerate("NWS")]
        else:
            events.append(e)
    code, _, err = convert(contrai_file(tmp_path, events), "-", "--to", "pbn")
    assert code == 2
    assert "board 2: line 45: the bids (seats read mirrored, ContrAI's W as E): call 3 " \
           "(W:160S): after the coinche of 110DX only " \
           "passes and one surcoinche by the contract side may follow" in err


def test_RT60_card_played_positions_are_checked(tmp_path: Path) -> None:
    events = [dict(e) for e in EVENTS]
    for e in events:
        if e["event"] == "card_played" and e["round"] == 1 and e["trick"] == 2:
            e["position"] = "N"
    code, _, err = convert(contrai_file(tmp_path, events), "-", "--to", "cfn")
    assert code == 2
    assert "board 1: line 14: card_played 5 (TD) by N: it is W's turn to play" in err


def test_RT58_a_file_without_its_header_is_refused(tmp_path: Path) -> None:
    events = [dict(EVENTS[1], format="contrai-record/1"), *EVENTS[2:]]
    code, _, err = convert(contrai_file(tmp_path, events, lead="\n"), "-", "--to", "cfn")
    assert code == 2
    assert err.strip().endswith("line 2: the first line is not the header (event "
                                "'game_started'): a contrai-record/1 file starts with its "
                                "header event")


# --- one auction reading for every format (issue 32) --------------------------------------


def test_every_format_reads_the_calls_colver_makes_after_a_coinche(tmp_path: Path) -> None:
    hands = "N:-/-/-/- "
    tricks = "Ad8d9dQd/TdJd7d8c/7s8sKsAs/QsTs9s9h/8hQhAh7c/KcJc7hQc/JhKhTcAc/9cThJsKd"
    [from_cfn] = cfn.loads(f"{hands}110c-p-p-x-p-p-p {tricks} 110cEWx")
    pbn_text = (pbn.dumps([from_cfn]).replace("110C Pass Pass X\nPass", "110C P P X P P P"))
    assert "110C P P X P P P" in pbn_text
    [from_pbn] = pbn.loads(pbn_text)
    line = json.loads(game_json.dumps_record(from_cfn))
    line["auction"] = ["110C", "P", "P", "X", "P", "P", "P"]
    from_json = game_json.parse_record(json.dumps(line))
    assert from_cfn.auction == from_pbn.auction == from_json.auction
    assert from_json.contract.to_pbn() == "110CX"
    src = write(tmp_path / "g.jsonl", json.dumps(line) + "\n")
    code, out, _ = run_cli("score", src)
    assert code == 0 and "110CX by E" in out


# --- playout -o follows the suffix ---------------------------------------------------------


@pytest.mark.parametrize(("case", "suffix"), [("S17", ".cfn"), ("S18", ".jsonl")])
def test_S17_S18_playout_writes_the_format_of_its_suffix(tmp_path: Path, case: str,
                                                         suffix: str) -> None:
    out = tmp_path / f"p{suffix}"
    code, _, err = run_cli("playout", EXAMPLES / "deals.pbn", "--board", "1", "--worlds", "4",
                           "-j", "1", "-o", out)
    assert code == 0, err
    [board] = list(games.iter_games(out))
    assert len(board.cards) == 32
    assert run_cli("analyse", out)[0] == 0


# --- a lone surrogate is bad input, never an internal error (issue 33) -------------------


@pytest.mark.parametrize("command", [("convert", "{src}", "{out}.json", "--to", "json"),
                                     ("convert", "{src}", "{out}.pbn", "--to", "pbn"),
                                     ("analyse", "{src}", "--json")])
def test_a_lone_surrogate_in_a_record_is_one_located_line(tmp_path: Path,
                                                          command: tuple[str, ...]) -> None:
    src = write(tmp_path / "sur.jsonl", record_line(board="x\ud800y"))
    assert "\\ud800" in src.read_text()
    code, _, err = run_cli(*(a.format(src=src, out=tmp_path / "out") for a in command))
    assert code == 2, err
    assert err.strip().endswith(f"{src}: line 1: a string holding \\ud800, a lone surrogate: "
                                "not text (UTF-8 cannot encode it)"), err


def test_a_lone_surrogate_in_a_row_or_a_contrai_event_is_refused(tmp_path: Path) -> None:
    from belote.formats.rows import iter_rows

    rows = write(tmp_path / "rows.ndjson", json.dumps(
        {"board": "1", "dealer": "N", "deal": RECORD["deal"], "note": "\udfff"}) + "\n")
    [error] = list(iter_rows(rows))
    assert isinstance(error, ValueError) and "line 1: a string holding \\udfff" in str(error)
    events = [dict(e) for e in EVENTS]
    events[1]["x"] = "\udc80"
    [first, *_] = list(games.iter_games(contrai_file(tmp_path, events)))
    assert isinstance(first, ValueError) and "line 2: a string holding \\udc80" in str(first)


# --- the calls after a coinche read as one answer are named (issue 33) --------------------


def test_the_calls_read_as_one_answer_are_named_from_json_and_pbn(tmp_path: Path) -> None:
    deal = "W" + RECORD["deal"][1:]
    line = record_line(dealer="W", deal=deal, auction=["110D", "X", "P", "P", "XX"])
    for key in ("contract", "declarer", "play", "leader"):
        line = json.dumps({k: v for k, v in json.loads(line).items() if k != key}) + "\n"
    src = write(tmp_path / "a.jsonl", line)
    pbn_src = write(tmp_path / "a.pbn", f'[Board "1"]\n[Dealer "W"]\n[Deal "{deal}"]\n'
                    '[Auction "N"]\n110D X Pass Pass XX\n')
    for source, where in ((src, ""), (pbn_src, " (line 4)")):
        code, out, err = convert(source, "-", "--to", "json")
        assert code == 0 and '"auction": ["110D", "X", "XX"]' in out, err
        assert warnings_of(err) == [f"belote: warning: 2 calls after the coinche (P P XX read "
                                    f"as XX, the one answer){where} left out (board 1)"], err
