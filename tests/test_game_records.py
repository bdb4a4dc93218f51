"""The player's own games: JSON records, ContrAI records, convert, and a real session.

The session is 200 deals bid and played by colver's bots (seeded, with
passes forced now and then so that some deals are passed out), written as
colver.net's four-section CFN: it goes through ``solve``, ``analyse``,
``score`` and ``batch`` with nothing refused, and the same games typed as
PBN give the same analysis.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from belote import CLASSIC, COINCHE, Board, Deal, Position, RecordError, cfn, pbn
from belote.formats import game_json, games
from belote.types import card_name
from colver_games import session

BELOTE = str(Path(sys.executable).with_name("belote"))

SESSION = list(session(200))
"""200 deals in four-section CFN, the dealer turning."""


def run(*args: object, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([BELOTE, *map(str, args)], check=False, capture_output=True, text=True, cwd=cwd,
                          timeout=600)


@pytest.fixture(scope="module")
def session_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("session") / "session.cfn"
    path.write_text("\n".join(SESSION) + "\n")
    return path


def test_the_session_has_passed_out_deals_and_several_matches() -> None:
    boards = cfn.loads("\n".join(SESSION))
    assert sum(b.passed_out for b in boards) >= 2
    assert all(b.declarer is not None for b in boards if not b.passed_out)


def test_the_session_goes_through_every_command(session_file: Path, tmp_path: Path) -> None:
    solved = run("solve", session_file, "--trump", "H", "--json")
    assert solved.returncode == 0, solved.stderr
    tables = [json.loads(line) for line in solved.stdout.splitlines()]
    assert len(tables) == 200 and sum(t.get("passed_out", False) for t in tables) >= 2

    analysed = run("analyse", session_file, "--json")
    assert analysed.returncode == 0, analysed.stderr
    results = [json.loads(line) for line in analysed.stdout.splitlines()]
    assert len(results) == 200
    assert all(len(r["cards"]) == 32 for r in results if not r.get("passed_out"))

    scored = run("score", session_file, "--json")
    assert scored.returncode == 0, scored.stderr
    sheets = [json.loads(line) for line in scored.stdout.splitlines()]
    assert len(sheets) > 1 and [s["match"] for s in sheets] == list(range(1, len(sheets) + 1))
    assert sum(len(s["deals"]) for s in sheets) == 200
    assert all(s["winner"] is not None for s in sheets[:-1])
    assert scored.stderr.count("starts match") == len(sheets) - 1
    assert any(d["outcome"] == "passed out" for s in sheets for d in s["deals"])

    out = tmp_path / "session.parquet"
    batched = run("batch", session_file, "-o", out, "--mode", "classic", "--mode", "coinche",
                  "--trump", "S", "--jobs", "1")
    assert batched.returncode == 0, batched.stderr
    assert "200 records" in batched.stderr and "bad" not in batched.stderr


def test_a_colver_game_as_cfn_and_as_pbn_gives_the_same_analysis(tmp_path: Path) -> None:
    text = SESSION[4]
    typed = tmp_path / "typed.pbn"
    typed.write_text(pbn.dumps(cfn.loads(text)))
    as_cfn = run("analyse", "--cfn", text)
    as_pbn = run("analyse", typed)
    assert as_cfn.returncode == as_pbn.returncode == 0
    assert as_cfn.stdout == as_pbn.stdout and "by " in as_cfn.stdout.splitlines()[0]


@pytest.mark.parametrize("text", SESSION[:40])
def test_json_record_round_trip(text: str) -> None:
    board = cfn.parse_game(text, board="1")
    line = game_json.dumps_record(board)
    again = game_json.parse_record(line)
    assert again == board and cfn.dumps_game(again) == text
    assert pbn.loads(pbn.dumps([again]))[0] == board


def test_json_record_bad_lines_are_located() -> None:
    good = json.loads(game_json.dumps_record(cfn.parse_game(SESSION[0])))
    cases = {
        "not json": "not JSON",
        json.dumps({**good, "format": "belote-game/9"}): "this version reads belote-game/1",
        json.dumps({**good, "extra": 1}): "unknown field extra",
        json.dumps({**good, "auction": ["P", "P", "80H", "70S"]}): "call 4 (N:70S)",
        json.dumps({**good, "contract": "160S"}): "contradicts the auction",
        json.dumps({**good, "play": good["play"][:5] + ["7Z"]}): "7Z",
    }
    for line, fragment in cases.items():
        with pytest.raises(RecordError) as info:
            game_json.parse_record(line, file="g.jsonl", line=4)
        assert str(info.value).startswith("g.jsonl: ") and "line 4: " in str(info.value)
        assert fragment in str(info.value), line


CONTRAI = [
    {"event": "header", "format": "contrai-record/1", "source": "engine", "generator": "t",
     "game_id": "engine-1", "created_at": "2026-09-10T18:18:15Z"},
    {"event": "game_started", "ruleset": {"preset": "default", "config": {}}, "seats": {},
     "observed_from": None, "ts": "2026-09-10T18:18:15Z"},
]


def _contrai_round(number: int, board: Board) -> list[dict]:
    """The events of one round of ``board`` as ContrAI writes them (its W is our E)."""
    theirs = {0: "N", 1: "W", 2: "S", 3: "E"}
    events = [{"event": "round_dealt", "round": number, "dealer": theirs[board.dealer],
               "hands": {theirs[s]: [card_name(c).replace("T", "10") for c in h]
                         for s, h in enumerate(board.deal.hands)},
               "hands_derivation": "self_play", "ts": "2026-09-10T18:18:15Z"}]
    for i, call in enumerate(board.auction.calls):
        seat = board.auction.seat_of(i)
        bid = ({"kind": "pass"} if call.text == "P" else {"kind": "double"}
               if call.text == "X" else {"kind": "redouble"} if call.text == "XX" else
               {"kind": "contract", "value": "slam" if call.capot else call.bid,
                "suit": "SHDC"[call.trump]})
        events.append({"event": "bid", "round": number, "seq": i + 1,
                       "position": theirs[seat], "bid": bid, "think_ms": 1,
                       "ts": "2026-09-10T18:18:15Z"})
    pos = Position(board.deal, board.contract.trump, board.first_leader(), COINCHE) \
        if board.cards else None
    for k, card in enumerate(board.cards):
        events.append({"event": "card_played", "round": number, "trick": k // 4 + 1,
                       "position": theirs[pos.to_move],
                       "card": card_name(card).replace("T", "10"), "derived": False,
                       "think_ms": 1, "ts": "2026-09-10T18:18:15Z"})
        pos.play(card)
    return events


def test_contrai_record_gives_the_same_boards(tmp_path: Path) -> None:
    boards = [cfn.parse_game(t, board=str(n)) for n, t in enumerate(SESSION[:12], 1)]
    lines = CONTRAI + [e for n, b in enumerate(boards, 1) for e in _contrai_round(n, b)]
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in lines))
    read = list(games.iter_games(path))
    for ours, theirs in zip(boards, read):
        assert isinstance(theirs, Board), theirs
        assert (theirs.deal, theirs.dealer, theirs.contract, theirs.cards, theirs.passed_out) \
            == (ours.deal, ours.dealer, ours.contract, ours.cards, ours.passed_out)
    bad = [{**CONTRAI[0], "format": "contrai-record/2"}]
    path.write_text(json.dumps(bad[0]) + "\n")
    code = run("analyse", path)
    assert code.returncode == 2
    assert code.stderr == (f"Error: {path}: line 1: format contrai-record/2: this version "
                           "reads contrai-record/1 only\n")


def test_convert_between_the_three_formats(tmp_path: Path) -> None:
    source = tmp_path / "s.cfn"
    source.write_text("\n".join(SESSION[:10]) + "\n")
    assert run("convert", source, tmp_path / "s.pbn").returncode == 0
    assert run("convert", tmp_path / "s.pbn", tmp_path / "s.jsonl").returncode == 0
    back = run("convert", tmp_path / "s.jsonl", tmp_path / "back.cfn")
    assert back.returncode == 0 and back.stderr == ""
    assert (tmp_path / "back.cfn").read_text() == source.read_text()
    tagged = tmp_path / "tagged.pbn"
    tagged.write_text((tmp_path / "s.pbn").read_text().replace('[Board "3"]', '[Event "club"]\n[Board "c3"]'))
    lossy = run("convert", tagged, tmp_path / "lossy.cfn")
    assert lossy.returncode == 0
    assert lossy.stderr.splitlines() == [
        "belote: warning: CFN numbers its games 1, 2...: the board name left out (board c3)",
        "belote: warning: CFN has no tags: Event left out (board c3)"]


@pytest.mark.parametrize("args,fragment", [
    (["x.cfn", "y.txt"], "unknown game file type '.txt'"),
    (["x.cfn", "-"], "writing to standard output needs --to"),
    (["x.cfn", "x.cfn"], "is also an input"),
    (["bad.cfn", "y.pbn"], "bad.cfn: board 1: line 1: 2 sections"),
    (["classic.pbn", "y.cfn"], "CFN holds coinche games"),
])
def test_convert_bad_input_is_one_line(tmp_path: Path, args: list[str], fragment: str) -> None:
    (tmp_path / "x.cfn").write_text(SESSION[0] + "\n")
    (tmp_path / "bad.cfn").write_text("N:-/-/-/- 0\n")
    (tmp_path / "classic.pbn").write_text(
        '[Board "1"]\n[Mode "classic"]\n[Dealer "N"]\n'
        '[Deal "N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987"]\n[Contract "H"]\n'
        '[Declarer "N"]\n')
    done = run("convert", *args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and fragment in done.stderr, done.stderr


def _classic_illegal_board() -> Board:
    """A coinche play record with a card classic forbids (no under-trump), found by seed."""
    for seed in range(500):
        rng = random.Random(seed)
        deal = Deal.random(seed)
        pos, strict = Position(deal, 1, 1, COINCHE), Position(deal, 1, 1, CLASSIC)
        cards, illegal = [], False
        while not pos.is_over:
            card = rng.choice(list(pos.legal_cards()))
            if not illegal:
                illegal = card not in strict.legal_cards()
                if not illegal:
                    strict.play(card)
            cards.append(card)
            pos.play(card)
        if illegal:
            return Board(deal, board="1", dealer=0, profile="coinche", contract="80H",
                         declarer=1, cards=cards)
    raise AssertionError("no seed gives a record illegal in classic")


def test_batch_keeps_the_modes_a_record_is_legal_in(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pbn"
    path.write_text(pbn.dumps([_classic_illegal_board()]))
    out = tmp_path / "mixed.parquet"
    done = run("batch", path, "-o", out, "--mode", "classic", "--mode", "coinche",
               "--trump", "H", "--jobs", "1")
    assert done.returncode == 3, done.stderr
    import polars as pl

    assert pl.read_parquet(out)["mode"].unique().to_list() == ["coinche"]
    [error] = [json.loads(line) for line in
               (tmp_path / "mixed.parquet.errors.jsonl").read_text().splitlines()]
    assert error["mode"] == "classic" and error["error"].startswith("under classic: ")


@pytest.mark.parametrize("command", [["solve", "--trump", "H"], ["analyse"], ["score"],
                                     ["par"], ["playout", "--worlds", "4"],
                                     ["hint", "--samples", "5"]])
def test_every_reading_command_takes_a_cfn_game(command: list[str]) -> None:
    game = cfn.parse_game(SESSION[0])
    if command[0] in ("par", "playout"):  # a deal with its auction, before any card
        text = cfn.dumps_game(game.replace(cards=()))
    elif command[0] == "hint":  # a position: five cards played, asked by the seat to move
        position = game.replace(cards=game.cards[:5])
        text = cfn.dumps_game(position)
        command = [*command, "--seat", "NESW"[position.position().to_move]]
    else:
        text = SESSION[0]
    done = run(*command, "--cfn", text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(("Board 1", "Match sheet of --cfn"))


PBN_AUCTION = """[Board "1"]
[Dealer "N"]
[Deal "N:T7.JT8.Q.J8 J98.KQ7.AT. K.A9.KJ8.QT AQ..97.AK97"]
[Auction "E"]
Pass 90D 110C X
XX
"""


def test_a_pbn_auction_gives_the_contract_and_declarer() -> None:
    [board] = pbn.loads(PBN_AUCTION)
    assert (board.contract.to_pbn(), board.declarer) == ("110CXX", 3)
    assert pbn.loads(pbn.dumps([board]))[0] == board


@pytest.mark.parametrize("extra,message", [
    ('[Contract "110C"]\n', "line 7: the contract 110C contradicts the auction, which gives "
                            "110CXX by W"),
    ('[Contract "110CXX"]\n[Declarer "N"]\n', "the contract 110CXX by N contradicts the "
                                               "auction, which gives 110CXX by W"),
])
def test_a_contract_that_contradicts_the_auction_names_both(extra: str, message: str) -> None:
    with pytest.raises(RecordError) as info:
        pbn.loads(PBN_AUCTION + extra, file="a.pbn")
    assert str(info.value).startswith("a.pbn: board 1: line ") and message in str(info.value)


def test_batch_reads_a_cfn_column(tmp_path: Path) -> None:
    rows = tmp_path / "games.csv"
    rows.write_text("board,cfn\n" + "".join(f"g{n},{t}\n" for n, t in enumerate(SESSION[:5])))
    out = tmp_path / "games.parquet"
    done = run("batch", rows, "-o", out, "--trump", "H", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    import polars as pl

    frame = pl.read_parquet(out)
    assert frame["board"].unique().sort().to_list() == [f"g{n}" for n in range(5)]
    assert frame["played_points_ns"].null_count() == 0 and frame["dd_made"].null_count() == 0


CLASSIC_TAKE = """[Board "1"]
[Dealer "N"]
[Deal "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"]
[Mode "classic"]
[Turned "{turned}"]
[Auction "E"]
P H
"""
"""A classic record: S takes hearts in round 1, so the turned card is in S's hand (AH)."""


def test_a_classic_record_must_give_the_turned_card_to_its_taker(tmp_path: Path) -> None:
    good = pbn.loads(CLASSIC_TAKE.format(turned="AH"))[0]
    assert good.declarer == 2 and good.deal.hands[2].mask >> good.auction.turned & 1
    bad = CLASSIC_TAKE.format(turned="KH")  # W holds KH
    with pytest.raises(RecordError, match=r"^c\.pbn: board 1: line 6: S took the turned card "
                                          r"KH, but the deal gives it to W$"):
        pbn.loads(bad, file="c.pbn")
    record = json.loads(game_json.dumps_record(good))
    with pytest.raises(RecordError, match=r"^g\.jsonl: .*line 3: S took the turned card KH, "
                                          r"but the deal gives it to W$"):
        game_json.parse_record(json.dumps({**record, "turned": "KH"}), file="g.jsonl", line=3)
    path = tmp_path / "c.pbn"
    path.write_text(bad)
    done = run("analyse", path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("S took the turned card KH, but the deal gives it to W")
