"""``belote analyse`` and :mod:`belote.analysis.play_record`.

The values of every card are checked against the plain minimax of
:mod:`reference` on short records (random endings of 2-3 tricks, played to
the end with random legal cards); the command's output on the example file
is checked exactly.
"""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest

import belote.cli.analyse
import belote.analysis.play_record as play_record
from belote import (EW, NS, BeloteError, Board, RecordError, board_play_analysis, judge_contract,
                    parse_contract, pbn, solve_position)
from belote import CLASSIC, COINCHE, CardSet, Deal, Position
from belote.types import SidePair, card_name
from belote.analysis import CardAnalysis, PlayAnalysis, outcome, play_analysis, recorded_cards
from belote.dd import SearchContext
from belote.errors import IllegalPlayError

from conftest import sample_size, run_cli as run
from reference import reference_card_values, reference_value

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
PLAYED = EXAMPLES / "played.pbn"
CLASSIC_FILE = EXAMPLES / "classic.pbn"
PROFILES = {"classic": CLASSIC, "coinche": COINCHE}


# --- values against the reference minimax --------------------------------------------------

def random_record(seed: int, mode: str) -> tuple[Position, list[int]]:
    """A random deal played with random legal cards down to 8-12 cards left, and the
    random rest of its play (the record to analyse)."""
    rng = random.Random(seed)
    pos = Position(Deal.random(rng), rng.randrange(4), rng.randrange(4), PROFILES[mode])
    stop = rng.randint(8, 12)
    while pos.cards_left > stop:
        pos.play(rng.choice(list(pos.legal_cards())))
    start = pos.copy()
    record = []
    while not pos.is_over:
        card = rng.choice(list(pos.legal_cards()))
        record.append(card)
        pos.play(card)
    return start, record


def reference_state(pos: Position) -> dict:
    """The keyword arguments of the reference solver for ``pos``."""
    return {"hands": [list(CardSet(h)) for h in pos.hands], "trump": pos.trump,
            "mode": pos.profile.name, "leader": pos.leader, "trick": list(pos.trick),
            "points": pos.points, "tricks_won": pos.tricks_won}


CASES = [(seed, mode) for seed in range(400) for mode in ("classic", "coinche")]


@pytest.mark.parametrize("seed,mode", CASES[:sample_size(16, len(CASES))])
def test_every_card_matches_the_reference(seed: int, mode: str) -> None:
    start, record = random_record(seed, mode)
    cards = play_analysis(start, record)
    assert [c.card for c in cards] == record
    pos = start.copy()
    for c in cards:
        state = reference_state(pos)
        before = SidePair(*(reference_value(side=s, **state) for s in (NS, EW)))
        children = reference_card_values(**state)
        mover = pos.to_move & 1
        best = {card for card, v in children.items() if v[mover] == before[mover]}
        assert (c.trick, c.seat) == (sum(pos.tricks_won) + 1, pos.to_move)
        assert c.before == before
        assert c.after == children[c.card]
        assert c.loss == before[mover] - children[c.card][mover]
        assert {card for cls in c.best for card in cls} == best
        assert (c.card in best) == (c.loss == 0)
        pos.play(c.card)


def test_reference_sample_has_losses() -> None:
    """The sample above does test losing cards, in both modes."""
    for mode in ("classic", "coinche"):
        losses = [c.loss for seed, m in CASES[:16] if m == mode
                  for c in play_analysis(*random_record(seed, m))]
        assert sum(1 for x in losses if x > 0) >= 3, mode


# --- one search per card, values chained ---------------------------------------------------

def test_full_record_chains_values_with_one_search_per_card(monkeypatch) -> None:
    [board] = [b for b in pbn.load(CLASSIC_FILE) if b.board == "3"]
    calls = []
    real = play_record.position_analysis

    def counting(position, *, context=None):
        calls.append(context)
        return real(position, context=context)

    monkeypatch.setattr(play_record, "position_analysis", counting)
    context = SearchContext()
    play = board_play_analysis(board, context=context)
    assert len(play.cards) == 32 and len(calls) == 32
    assert all(c is context for c in calls)
    for a, b in zip(play.cards, play.cards[1:]):
        assert a.after == b.before
    assert play.cards[-1].after == tuple(board.position().points)
    start = recorded_cards(board)[0]
    assert play.cards[0].before == (solve_position(start, NS), solve_position(start, EW))


def test_best_classes_are_the_analysis_classes() -> None:
    [board] = [b for b in pbn.load(PLAYED) if b.board == "1"]
    play = board_play_analysis(board)
    first = play.cards[4]  # N leads trick 2 and gives 9 away
    assert (first.trick, card_name(first.card), first.loss) == (2, "8S", 9)
    assert first.best_names() == ["8H", "TD", "KD", "TC", "7C"]


# --- the outcome of the contract -----------------------------------------------------------

@pytest.mark.parametrize("number", ["1", "2", "3", "4"])
def test_verdicts_agree_with_judge_contract(number: str) -> None:
    """Each verdict, from the analysis' values, is what judge_contract finds by its own
    searches (board 3 starts at a capot for the taker)."""
    [board] = [b for b in pbn.load(PLAYED) if b.board == number]
    play = board_play_analysis(board)
    start, record = recorded_cards(board)
    contract = board.contract
    verdicts = play.verdicts()
    assert len(verdicts) == len(record) + 1
    pos = start.copy()
    for k, verdict in enumerate(verdicts[:-1]):
        if k % 3 == 0 or k in {ch.index for ch in play.changes()}:
            judged = judge_contract(pos, contract)
            assert (verdict.points, verdict.trick_points, outcome(verdict)) == (
                judged.points, judged.trick_points, outcome(judged))
        pos.play(record[k])


def test_defence_capot_verdict() -> None:
    """The taker at 0 with the defence able to take every trick is a capot failure."""
    ending = Deal.from_pbn("N:7... A... 8... K...")
    start = Position(ending, 0, 1, COINCHE, points=(0, 152), tricks_won=(0, 7))
    cards = play_analysis(start, ["AS", "8S", "KS", "7S"])
    play = PlayAnalysis(None, None, "coinche", parse_contract("80S", COINCHE, 0), None, cards)
    assert cards[0].before == (0, 252)
    assert [v.trick_points for v in play.verdicts()] == [(0, 252)] * 5
    assert [outcome(v) for v in play.verdicts()] == ["failed"] * 5 and play.changes() == []


def test_no_declarer_is_not_judged() -> None:
    [board] = [b for b in pbn.load(PLAYED) if b.board == "4"]
    judged = board_play_analysis(board)
    play = PlayAnalysis("4", None, "classic", parse_contract("H", CLASSIC), None, judged.cards)
    assert not play.judged and play.verdicts() == [] and play.changes() == []
    assert play.to_dict()["outcome"] is None and play.to_dict()["declarer"] is None
    assert play.to_dict()["summary"] == judged.to_dict()["summary"]


# --- the value types -----------------------------------------------------------------------

def test_reprs_rebuild() -> None:
    [board] = [b for b in pbn.load(PLAYED) if b.board == "3"]
    play = board_play_analysis(board)
    namespace = {"CardAnalysis": CardAnalysis, "PlayAnalysis": PlayAnalysis,
                 "SidePair": SidePair, "Contract": type(play.contract)}
    assert eval(repr(play), namespace) == play
    assert all(eval(repr(c), namespace) == c for c in play.cards)


def test_value_types_are_immutable() -> None:
    c = CardAnalysis(1, "N", "JS", (100, 62), (100, 62), (("JS",),))
    with pytest.raises(AttributeError):
        c.loss = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        c.card = 1  # type: ignore[misc]
    play = PlayAnalysis(None, None, "coinche", None, None, [c])
    assert isinstance(play.cards, tuple)


@pytest.mark.parametrize("args,fragment", [
    ((1, "N", "JS", (100, 62), (110, 52), ()), "cannot gain"),
    ((9, "N", "JS", (100, 62), (100, 62), ()), "trick 9"),
    ((1, "X", "JS", (100, 62), (100, 62), ()), "unknown seat"),
    ((1, "N", "ZS", (100, 62), (100, 62), ()), "ZS"),
])
def test_bad_card_analysis(args: tuple, fragment: str) -> None:
    with pytest.raises(BeloteError, match=fragment):
        CardAnalysis(*args)


def test_to_dict() -> None:
    [board] = [b for b in pbn.load(PLAYED) if b.board == "4"]
    d = board_play_analysis(board).to_dict()
    assert list(d) == ["board", "file", "mode", "contract", "declarer", "belote", "cards",
                       "summary", "outcome"]
    assert (d["board"], d["file"], d["mode"], d["contract"], d["declarer"]) == (
        "4", str(PLAYED), "classic", "H", "S")
    assert list(d["cards"][0]) == ["trick", "seat", "card", "before", "after", "loss", "best"]
    assert d["summary"]["seats"]["N"] == {"given_away": 72, "errors": 1}
    assert d["summary"]["sides"] == {"NS": {"given_away": 72, "errors": 1},
                                     "EW": {"given_away": 22, "errors": 1}}
    assert d["outcome"] == {"side": "NS", "needed": 82, "start": "made", "end": "made",
                            "changes": [
        {"trick": 3, "seat": "N", "card": "7D", "before": "made", "after": "failed"},
        {"trick": 3, "seat": "E", "card": "TD", "before": "failed", "after": "made"}]}


# --- reading the record --------------------------------------------------------------------

def test_recorded_cards_follow_the_trick_leaders() -> None:
    [board] = [b for b in pbn.load(PLAYED) if b.board == "3"]
    start, cards = recorded_cards(board)
    assert start.to_move == 3 and len(cards) == 22
    assert [card_name(c) for c in cards[-2:]] == ["8S", "TS"]  # N leads trick 6, E follows


def test_illegal_card_of_a_board_built_in_code() -> None:
    """A board built in code is checked when built: an illegal card never reaches the analysis."""
    deal = Deal.from_pbn("E:.AQ7.JT.K97 QT.9.8.AQT8 AKJ9.K8.Q.J 87.JT.AK97.")
    with pytest.raises(IllegalPlayError, match="^trick 2: W does not hold 8D$"):
        Board(deal, board="5", profile="classic", declarer=2, contract="H", play_leader=2,
                  cards="AC JC 8S 9C QC 8D JH KC")


NO_CARD = """[Board "8"]
[Deal "N:AJ.QJ.AJT.Q 987.T987.K. KQT.A.Q9.A8 .K.87.KJT97"]
[Declarer "E"]
[Contract "100H"]
[Play "N"]
- - - -
*
"""


def test_no_play_record() -> None:
    [board] = [b for b in pbn.load(CLASSIC_FILE) if b.board == "1"]
    with pytest.raises(RecordError, match=r"board 1: line \d+: no play record to analyse"):
        recorded_cards(board)
    [board] = pbn.loads(NO_CARD, file="f.pbn")
    with pytest.raises(RecordError, match=r"^f.pbn: board 8: line \d+: no play record to analyse "
                                             r"\(the Play section records no card\)$"):
        board_play_analysis(board)


def test_record_past_the_end_and_illegal_cards() -> None:
    start = Position(Deal.from_pbn("N:A... 7... K... 8..."), 0, 0, COINCHE,
                     points=(85, 52), tricks_won=(5, 2))
    with pytest.raises(IllegalPlayError, match="already over"):
        play_analysis(start, ["AS", "7S", "KS", "8S", "AS"])
    with pytest.raises(IllegalPlayError, match="does not hold"):
        play_analysis(start, ["KS"])
    assert start.cards_left == 4  # left unchanged


def test_mode_override() -> None:
    """A board under other rules is analysed under them: classic's bare contract H is
    refused in coinche, at the board's Contract tag."""
    [board] = [b for b in pbn.load(PLAYED) if b.board == "4"]
    assert board_play_analysis(board.under(CLASSIC)).mode == "classic"
    with pytest.raises(RecordError, match=r"board 4: line \d+: Contract tag: coinche contracts need a bid"):
        board.under("coinche")


# --- the command line ----------------------------------------------------------------------

BOARD_4 = """\
Board 4 (classic), contract H by S
  trick  seat  card     NS   EW   loss
  start                141   21
      1  S     AC      141   21
         W     JC      141   21
         N     8S      141   21
         E     9C      141   21
      2  S     QC      141   21
         W     KH      141   21
         N     JH      141   21
         E     KC      141   21
      3  N     7D       69   93    -72  best TH
         E     TD       91   71    -22  best JD
         S     8D       91   71
         W     QD       91   71
      4  E     JD       91   71
                N    E    S    W   NS   EW
  given away   72   22    0    0   72   22
  errors        1    1    0    0    1    1
  outcome  made at the start (NS 141, needs 82)
           trick 3 N 7D: made -> failed (NS 69)
           trick 3 E TD: failed -> made (NS 91)
           made at the end of the record (NS 91)
"""

BOARD_3 = """\
Board 3 (coinche), contract 160D by E, belote EW
  trick  seat  card     NS   EW   loss
  start                  0  252
      1  W     KH        0  252
         N     9H        0  252
         E     JH       16  146   -106  best AH
         S     TH       16  146
      2  S     7D       16  146
         W     TD       16  146
         N     AD       16  146
         E     JD       16  146
      3  E     AH       16  146
         S     QH       16  146
         W     8H       16  146
         N     7H       16  146
      4  E     TC       16  146
         S     QC       16  146
         W     9C       16  146
         N     JC       16  146
      5  E     AC       31  131    -15  best TS, JS
         S     7C       31  131
         W     KC       31  131
         N     8D       31  131
      6  N     8S       31  131
         E     TS       31  131
                N    E    S    W   NS   EW
  given away    0  121    0    0    0  121
  errors        0    2    0    0    0    2
  outcome  made at the start (EW 252, needs 140)
           trick 5 E AC: made -> failed (EW 131)
           failed at the end of the record (EW 131)
"""


def test_human_output_classic() -> None:
    assert run("analyse", PLAYED, "--board", "4") == (0, BOARD_4, "")


def test_human_output_coinche() -> None:
    assert run("analyse", PLAYED, "--board", "3") == (0, BOARD_3, "")


def test_boards_in_file_order_with_blank_lines_then_totals() -> None:
    code, out, _ = run("analyse", PLAYED, "--board", "4", "--board", "3")
    assert code == 0 and out.startswith(BOARD_3 + "\n" + BOARD_4 + "\nTotals: 2 boards analysed")


# --- many boards: one line each and totals (issue 32) ----------------------------------------


@pytest.fixture(scope="module")
def session_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session of 12 colver games (some may be passed out)."""
    from colver_games import session

    path = tmp_path_factory.mktemp("many") / "session.cfn"
    path.write_text("\n".join(session(12, seed=3)) + "\n")
    return path


def test_many_boards_print_one_line_each_and_totals(session_file: Path) -> None:
    code, out, _ = run("analyse", session_file)
    assert code == 0
    lines = out.splitlines()
    assert lines[3].split() == ["board", "contract", "N", "E", "S", "W", "NS", "EW", "errors",
                                "double", "dummy"]
    rows = lines[4:4 + 12]
    assert [r.split()[0] for r in rows] == [str(n) for n in range(1, 13)]
    assert lines[4 + 12] == "" and lines[4 + 13].startswith("Totals: ")
    assert len(lines) == 4 + 12 + 1 + 6
    code, detail, _ = run("analyse", session_file, "--detail")
    assert code == 0 and detail.count("  trick  seat  card") + detail.count("passed out") >= 12
    assert detail.endswith("\n".join(lines[-6:]) + "\n")


def test_the_totals_add_up_the_boards(session_file: Path) -> None:
    code, out, _ = run("analyse", session_file, "--json", "--summary")
    assert code == 0
    *boards, last = [json.loads(line) for line in out.splitlines()]
    totals = last["totals"]
    played = [b for b in boards if "cards" in b]
    assert len(boards) == 12 and totals["boards"] == len(played)
    assert totals["passed_out"] == 12 - len(played)
    assert totals["cards"] == sum(len(b["cards"]) for b in played)
    for seat in "NESW":
        assert totals["seats"][seat] == {
            k: sum(b["summary"]["seats"][seat][k] for b in played) for k in ("given_away", "errors")}
    roles = totals["roles"]
    assert (roles["taker"]["given_away"] + roles["defence"]["given_away"]
            == totals["sides"]["NS"]["given_away"] + totals["sides"]["EW"]["given_away"])
    judged = [b for b in played if b["outcome"] is not None]
    for when in ("start", "end"):
        assert totals["contracts"][when] == {
            o: sum(b["outcome"][when] == o for b in judged) for o in ("made", "failed", "litige")}
    assert totals["contracts"]["changed"] == sum(b["outcome"]["start"] != b["outcome"]["end"]
                                                 for b in judged)
    code, plain, _ = run("analyse", session_file, "--json")  # unchanged without --summary
    assert code == 0 and [json.loads(line) for line in plain.splitlines()] == boards


def test_summary_lines_for_few_boards_on_request() -> None:
    code, out, _ = run("analyse", PLAYED, "--summary", "--board", "3")
    assert code == 0
    assert out.splitlines()[-1] == ("  3      160D by E       0  121    0    0    0  121       2  "
                                    "made -> failed")


def test_json_output_is_to_dict() -> None:
    code, out, _ = run("analyse", PLAYED, "--json")
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    boards = pbn.load(PLAYED)
    assert results == [board_play_analysis(b).to_dict() for b in boards]
    assert [len(r["cards"]) for r in results] == [32, 32, 22, 13]
    assert [r["mode"] for r in results] == ["coinche", "classic", "coinche", "classic"]
    for r in results:
        for c in r["cards"]:
            side = "NS" if c["seat"] in "NS" else "EW"
            assert c["loss"] == c["before"][side] - c["after"][side] >= 0


def test_mode_option_overrides_the_tag() -> None:
    """Read as coinche, the file's first classic board (2) has a contract without a bid."""
    code, out, err = run("analyse", PLAYED, "--board", "4", "--mode", "coinche")
    assert (code, out) == (2, "")
    assert err == (f"Error: {PLAYED}: board 2: line 29: Contract tag: coinche contracts "
                   "need a bid (e.g. 100H), got 'D'\n")


@pytest.mark.parametrize("args,fragment", [
    ([CLASSIC_FILE], "classic.pbn: board 1: line 5: no play record to analyse (no Play section)"),
    ([PLAYED, "--board", "9"], "no board 9 in"),
    ([PLAYED, "--mode", "belote"], "'belote' is not one of"),
])
def test_bad_input_is_one_line_exit_2(args: list, fragment: str) -> None:
    code, out, err = run("analyse", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and fragment in err


def test_illegal_card_in_file(tmp_path: Path) -> None:
    text = PLAYED.read_text().replace("CQ HK HJ CK", "CQ HK HJ HA")
    path = tmp_path / "bad.pbn"
    path.write_text(text)
    code, out, err = run("analyse", path)
    assert code == 2 and out == ""
    assert err.startswith(f"Error: {path}: board 4: line ") and "trick 2: E may not play" in err
    assert len(err.strip().splitlines()) == 1


def test_cli_doctests() -> None:
    failed, attempted = doctest.testmod(belote.cli.analyse)
    assert attempted > 0 and failed == 0
