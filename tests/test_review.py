"""``belote review`` and :mod:`belote.analysis.review` against analyse, plain loops and re-deals.

* a card's ``dd_cost`` is exactly ``belote analyse --json``'s loss, on colver-bot games;
* every call and card of a reviewed seat is a decision, forced ones cost 0 and are fine;
* single-dummy costs read no hidden card: the cards the seat could not see dealt
  otherwise (consistent with what it saw) give the same single-dummy numbers;
* with every layout listed, a card's single-dummy deal-score values equal a plain
  loop of ``position_analysis`` and ``score_deal`` over the layouts;
* a call's double-dummy values on the actual deal equal ``judge_contract`` of the
  contract it leaves;
* a review is the same on worker processes and on a Dask cluster (``--scheduler``) as
  serially; the command's JSON has the documented shape, ``--parquet`` one row a decision,
  bad input exits 2;
* a review interrupted after some deals and run again with its ``--state`` folder gives
  the same deals as a whole one, reviewing only the others; saved work of another input,
  other boards or other options is refused, naming what differs.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

from belote import COINCHE, Board, Deal
from belote.advice.hint import enumerate_layouts, replay
from belote.advice.playout import Schedule, seat_view
from belote.analysis import review as review_module
from belote.analysis.review import (MARGIN, _actual_call_nets, card_choice, iter_review, review,
                                    review_board, verdict_of)
from belote.dd import position_analysis
from belote.dd.verdict import judge_contract
from belote.errors import SavedWorkError
from belote.formats import cfn
from belote.parallel import Run
from belote.rules.play import Position
from belote.types.auction import Auction
from belote.types.contract import parse_contract
from belote.types.deal import side_of

from conftest import BELOTE, dask_scheduler, played_position, redealt, run_cli as run, sample_size

EXAMPLES = Path(__file__).resolve().parent.parent / "datasets" / "examples"
COLVER = EXAMPLES / "colver.cfn"
EVERY = Schedule.line(8, 8, exact=10**9)
"""A schedule that lists every layout (small endings only)."""


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Path:
    """A session of colver-bot games (passed-out deals among them) as a CFN file."""
    colver_games = pytest.importorskip("colver_games")
    path = tmp_path_factory.mktemp("review") / "games.cfn"
    path.write_text("\n".join(colver_games.session(sample_size(5, 200), seed=35)) + "\n")
    return path


def test_card_dd_costs_are_analyses_losses(games: Path) -> None:
    code, out, err = run("analyse", games, "--json")
    assert code == 0, err
    analysed = {}
    for line in out.splitlines():
        board = json.loads(line)
        for i, card in enumerate(board.get("cards", [])):
            analysed[board["board"], i] = (card["seat"], card["card"], card["loss"])
    code, out, err = run("review", games, "--seat", "W", "--json", "--call-samples", "4")
    assert code == 0, err
    data = json.loads(out)
    cards = [d for deal in data["deals"] for d in deal["decisions"] if d["kind"] == "card"]
    assert cards
    for d in cards:
        assert analysed[d["board"], d["index"]] == (d["seat"], d["played"], d["dd_cost"]), d
    assert sum(1 for seat, _, _ in analysed.values() if seat == "W") == len(cards)


def test_every_call_and_card_of_the_seats_is_a_decision() -> None:
    boards = cfn.load(COLVER)
    session = review(boards, seats="NE", call_samples=4)
    for board, deal in zip(boards, session.deals, strict=True):
        calls = [i for i in range(len(board.auction.calls)) if board.auction.seat_of(i) in (0, 1)]
        got = [d.index for d in deal.decisions if d.kind == "call"]
        assert got == calls
        if board.passed_out:
            assert [d.kind for d in deal.decisions] == ["call"] * len(calls)
            continue
        start = Position(board.full_deal(), board.get_contract().trump, board.first_leader(),
                         board.profile())
        seats = []
        for card in board.cards:
            seats.append(start.to_move)
            start.play(card)
        cards = [d.index for d in deal.decisions if d.kind == "card"]
        assert cards == [i for i, s in enumerate(seats) if s in (0, 1)]
        for d in deal.decisions:
            assert d.verdict == verdict_of(d.dd_score_cost, d.sd_score_cost)
            if d.forced:
                assert (d.sd_score_cost, d.dd_score_cost, d.verdict) == (0, 0, "fine")
            assert d.sd_interval[0] <= d.sd_score_cost <= d.sd_interval[1] or d.exact
    assert session.deals[2].passed_out and session.deals[2].score == (0, 0)


def test_verdicts_compare_both_costs_with_the_margin() -> None:
    above, below = MARGIN + 0.5, MARGIN
    assert [verdict_of(a, b) for a, b in ((above, above), (above, below), (below, above),
                                          (below, below))] == [
        "error", "unlucky", "lucky", "fine"]


def _same_sd(a, b) -> None:
    assert (a.played, a.best, a.forced, a.sd_cost, a.sd_score_cost, a.sd_interval, a.sd_costs,
            a.layouts, a.exact) == (b.played, b.best, b.forced, b.sd_cost, b.sd_score_cost,
                                    b.sd_interval, b.sd_costs, b.layouts, b.exact)


def test_single_dummy_card_costs_read_no_hidden_card() -> None:
    """Re-deal the cards the seat could not see at a decision (consistent with what it saw),
    replay the record to that card: the same single-dummy numbers, for the card and for
    the seat's calls (made from its hand and the calls before)."""
    boards = cfn.load(COLVER)
    checked = 0
    for place, board in enumerate(boards[:2]):
        profile = board.profile()
        contract = board.get_contract(profile)
        for index in range(0, len(board.cards), sample_size(5, 1)):
            pos = Position(board.full_deal(), contract.trump, board.first_leader(), profile)
            for card in board.cards[:index]:
                pos.play(card)
            seat = pos.to_move
            other = redealt(pos, 100 + index)
            assert other.hands[seat] == pos.hands[seat]
            checked += other.hands != pos.hands
            twin = board.replace(deal=Deal(other.start_hands), cards=board.cards[:index + 1],
                                 auction=board.auction)
            first = review_board(board, [seat], place=place, seed=3, call_samples=4)
            second = review_board(twin, [seat], place=place, seed=3, call_samples=4)
            [a] = [d for d in first.decisions if d.kind == "card" and d.index == index]
            [b] = [d for d in second.decisions if d.kind == "card" and d.index == index]
            _same_sd(a, b)
            calls = [(x, y) for x, y in zip(first.decisions, second.decisions)
                     if x.kind == "call"]
            for x, y in calls:
                _same_sd(x, y)
    assert checked >= 3


@pytest.mark.parametrize("left", [5, 9, 13])
def test_listed_card_values_equal_a_plain_loop(left: int) -> None:
    for seed in range(sample_size(4, 30)):
        pos, contract = played_position(3000 + 10 * left + seed, left, COINCHE)
        choice = card_choice(pos, contract, schedule=EVERY)
        if len(choice.options) == 1:
            continue
        assert choice.exact and choice.weights is None
        side, taker = side_of(pos.to_move), contract.side
        nets: dict[str, list[float]] = {name: [] for name in choice.options}
        points: dict[str, list[float]] = {name: [] for name in choice.options}
        for hands in enumerate_layouts(seat_view(pos)):
            layout = replay(pos, hands)
            values = {cv.card: cv for cv in position_analysis(layout).cards}
            for name in choice.options:
                after = layout.copy()
                after.play(values[_card(name)].card)
                verdict = judge_contract(after, contract)
                net = verdict.score.scores[taker] - verdict.score.scores[1 - taker]
                nets[name].append(net if side == taker else -net)
                points[name].append(values[_card(name)].values[side])
        assert choice.nets == pytest.approx([np.mean(nets[n]) for n in choice.options])
        assert choice.points == pytest.approx([np.mean(points[n]) for n in choice.options])


def _card(name: str) -> int:
    from belote.types.cards import parse_card

    return parse_card(name)


def test_call_values_on_the_actual_deal_are_the_contracts_verdicts() -> None:
    rng = random.Random(8)
    for _ in range(sample_size(3, 20)):
        deal = Deal.random(rng)
        auction = Auction.parse("N:P E:90S")
        board = Board(deal, dealer=3, auction=Auction.parse("N:P E:90S S:P W:P N:P"))
        nets = _actual_call_nets(board, auction, 2)
        assert nets["P"] == pytest.approx(-_net(deal, "90S", 1))
        assert nets["100H"] == pytest.approx(_net(deal, "100H", 2))
        assert nets["X"] == pytest.approx(-_net(deal, "90SX", 1))


def _net(deal: Deal, text: str, declarer: int) -> int:
    contract = parse_contract(text, COINCHE, declarer)
    verdict = judge_contract(Position(deal, contract.trump, 0, COINCHE), contract)
    side = contract.side
    return verdict.score.scores[side] - verdict.score.scores[1 - side]


def test_a_review_is_the_same_on_worker_processes() -> None:
    boards = cfn.load(COLVER)[:2]
    serial = review(boards, seats="S", call_samples=4, seed=2)
    pooled = review(boards, seats="S", call_samples=4, seed=2,
                    run=Run("process", workers=2, pool_from=1))
    assert serial.to_dict() == pooled.to_dict()


def test_a_review_is_the_same_on_a_dask_cluster() -> None:
    """``--scheduler``: the deals reviewed on a 2-worker LocalCluster started here, the
    same JSON as one local process."""
    args = ["review", str(COLVER), "--seat", "S", "--call-samples", "4", "--seed", "3",
            "--json"]
    code, local, err = run(*args, "--jobs", "1")
    assert code == 0, err
    with dask_scheduler() as address:
        done = subprocess.run([BELOTE, *args, "--scheduler", address], capture_output=True,
                              text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(local)
    code, _, err = run(*args, "--scheduler", address, "--jobs", "2")
    assert code == 2 and "its own workers" in err


def test_an_interrupted_review_resumes_to_the_same_deals(tmp_path: Path, monkeypatch) -> None:
    boards = cfn.load(COLVER)
    whole = review(boards, seats="S", call_samples=4, seed=1)
    state = tmp_path / "work"
    deals = iter_review(boards, "S", call_samples=4, seed=1, state=state, source=COLVER)
    first = [next(deals), next(deals)]
    deals.close()  # as Ctrl-C does: the third deal is never saved
    assert first == list(whole.deals[:2])
    entries = state / "entries.jsonl"
    assert len(entries.read_text().splitlines()) == 2
    with entries.open("a") as fp:
        fp.write('{"board": "3", "pla')  # a line cut short by a crash is dropped
    reviewed = []
    board_review = review_module.review_board

    def counted(board, *args, **kwargs):
        reviewed.append(board.board)
        return board_review(board, *args, **kwargs)

    monkeypatch.setattr(review_module, "review_board", counted)
    notices: list[str] = []
    resumed = review(boards, seats="S", call_samples=4, seed=1, state=state, source=COLVER,
                     run=Run(notice=notices.append))
    assert reviewed == [boards[2].board]  # only the deal not saved is reviewed again
    assert notices == [f"{state}: 2 of 3 deals reviewed before, resuming"]
    assert resumed == whole and resumed.to_dict() == whole.to_dict()
    assert resumed.rows() == whole.rows()
    assert len(entries.read_text().splitlines()) == 3
    monkeypatch.undo()
    # the command resumes from the same folder: every deal saved, the same JSON
    code, out, err = run("review", COLVER, "--seat", "S", "--call-samples", "4", "--seed", "1",
                         "--state", state, "--json")
    assert code == 0, err
    assert "all 3 deals reviewed before" in err
    assert json.loads(out) == json.loads(json.dumps(whole.to_dict()))


def test_ctrl_c_keeps_the_deals_reviewed_and_the_same_command_resumes(tmp_path: Path) -> None:
    """A real ``SIGINT`` once the first deal is saved: exit 130, the deals done kept; run
    again, the command prints the review an uninterrupted run prints. (The session is
    colver.cfn twice: its first deal takes seconds, so the signal comes before the end.)"""
    import signal
    import time

    session = tmp_path / "session.cfn"
    session.write_bytes(COLVER.read_bytes() * 2)
    args = ["review", str(session), "--seat", "S", "--call-samples", "40", "--json",
            "--state", str(tmp_path / "work")]
    entries = tmp_path / "work" / "entries.jsonl"
    proc = subprocess.Popen([BELOTE, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    end = time.monotonic() + 120
    while not (entries.exists() and entries.stat().st_size) and time.monotonic() < end:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "" and "interrupted" in err, err
    saved = len(entries.read_text().splitlines())
    assert 1 <= saved < 6
    code, resumed, err = run(*args)
    assert code == 0 and f"{saved} of 6 deals reviewed before, resuming" in err, err
    code, whole, err = run(*args[:-2])
    assert code == 0, err
    assert resumed == whole


def test_saved_work_of_another_run_is_refused(tmp_path: Path) -> None:
    boards = cfn.load(COLVER)
    state = tmp_path / "work"
    same = dict(seats="S", call_samples=4, seed=1, state=state, source=COLVER)
    deals = iter_review(boards, **same)
    next(deals)
    deals.close()
    edited = tmp_path / "edited.cfn"
    edited.write_bytes(COLVER.read_bytes() + b"\n")
    for change, differs in [(dict(seed=2), "seed"), (dict(seats="SN"), "seats"),
                            (dict(call_samples=5), "call_samples"),
                            (dict(engine=True), "engine"), (dict(source=edited), "input"),
                            (dict(places=[0, 1, 5]), "boards")]:
        with pytest.raises(SavedWorkError, match=f"not the same [a-z_, ]*{differs}"):
            iter_review(boards, **{**same, **change})
    with pytest.raises(SavedWorkError, match="not the same boards, deals"):
        iter_review(boards[:2], **same)
    assert len((state / "entries.jsonl").read_text().splitlines()) == 1  # left as it was
    code, _, err = run("review", COLVER, "--seat", "S", "--call-samples", "4", "--seed", "2",
                       "--state", state)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "saved work of another run (not the same seed)" in err
    assert "remove the folder, or choose another, to start again" in err
    code, _, err = run("review", COLVER, "--state", COLVER)
    assert code == 2 and "is a file" in err


def test_a_folder_that_is_not_this_saved_work_is_refused(tmp_path: Path) -> None:
    """Nothing of a folder that holds other files, or saved work edited by hand, is used."""
    from belote.errors import OutputError

    boards = cfn.load(COLVER)[:2]
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(OutputError, match="not a folder of saved work"):
        iter_review(boards, "S", call_samples=4, state=other)
    state = tmp_path / "work"
    list(iter_review(boards, "S", call_samples=4, state=state))
    entries = state / "entries.jsonl"
    first, second = entries.read_text().splitlines()
    entries.write_text(f"{first[:-3]}\n{second}\n")
    with pytest.raises(SavedWorkError, match="line 1 of entries.jsonl is not JSON"):
        iter_review(boards, "S", call_samples=4, state=state)
    entries.write_text(f"{second}\n")
    with pytest.raises(SavedWorkError, match="its saved deals cannot be read"):
        iter_review(boards, "S", call_samples=4, state=state)


def test_the_command_prints_the_documented_json(tmp_path: Path) -> None:
    out_file = tmp_path / "d.parquet"
    code, out, err = run("review", COLVER, "--seat", "S", "--json", "--call-samples", "4",
                         "--parquet", out_file)
    assert code == 0, err
    data = json.loads(out)
    assert set(data) >= {"deals", "totals"}
    keys = {"board", "seat", "kind", "index", "played", "best", "forced", "dd_cost", "sd_cost",
            "dd_score_cost", "sd_score_cost", "sd_interval", "verdict"}
    decisions = [d for deal in data["deals"] for d in deal["decisions"]]
    for deal in data["deals"]:
        assert {"board", "decisions", "score"} <= set(deal)
    for d in decisions:
        assert keys <= set(d) and d["seat"] == "S" and d["kind"] in ("call", "card")
    totals = data["totals"]
    assert totals["margin"] == MARGIN
    by = totals["by_seat"]["S"]
    assert by["dd_cost"] == sum(d["dd_cost"] for d in decisions)
    assert by["sd_score_cost"] == pytest.approx(sum(d["sd_score_cost"] for d in decisions),
                                                abs=0.5)
    assert sum(by[v] for v in ("error", "unlucky", "lucky", "fine")) == len(decisions)
    import polars as pl

    frame = pl.read_parquet(out_file)
    assert frame.height == len(decisions)
    assert frame["dd_cost"].to_list() == [d["dd_cost"] for d in decisions]


def test_the_command_refuses_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cfn"
    bad.write_text("N:-/-/-/- 80s-p-p-p AcKcQc\n")
    code, out, err = run("review", bad)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    code, _, err = run("review", COLVER, "--seat", "N", "--side", "EW")
    assert code == 2 and "not both" in err


def test_the_human_output_has_totals_and_the_score_sheet() -> None:
    code, out, err = run("review", COLVER, "--side", "EW", "--call-samples", "4")
    assert code == 0, err
    for part in ("by seat", "by side", "by phase", "by level", "Costliest decisions",
                 "Score sheet"):
        assert part in out
    assert "    E " in out and "    W " in out and "    N " not in out


def test_quizzes_have_one_clear_answer_best_both_ways_and_stable() -> None:
    from belote.analysis.quiz import QUIZ_MARGIN, _position, session_quiz

    boards = cfn.load(COLVER)
    session = review(boards, seats="NESW", call_samples=4, seed=1)
    quizzes = session_quiz(boards, session)
    assert quizzes
    candidates = [d for d in session.decisions() if d.kind == "card" and not d.forced
                  and sorted(v for _, v in d.sd_costs)[1] >= QUIZ_MARGIN]
    assert len(candidates) >= len(quizzes)
    for q in quizzes:
        board = boards[q.place]
        assert q.costs[q.answer] == 0 and q.margin >= QUIZ_MARGIN
        assert sorted(q.costs.values())[1] == q.margin
        pos = _position(board, q.index)
        assert _card(q.answer) in position_analysis(pos).best_cards()
        contract = board.get_contract()
        again = card_choice(pos, contract, seed=2, board=q.place,
                            evidence=Schedule().evidence(board.auction))
        assert again.options[again.best] == q.answer
        assert q.sees["hand"] and len(q.sees["played"]) == q.index


def test_the_quiz_margin_is_the_one_the_help_states() -> None:
    from belote.analysis.quiz import QUIZ_MARGIN

    code, out, _ = run("review", "--help")
    assert code == 0 and QUIZ_MARGIN == 20 and "20 deal-score points" in " ".join(out.split())


def test_the_command_writes_the_quiz_file(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.json"
    code, _, err = run("review", COLVER, "--board", "1", "--seat", "S", "--call-samples", "4",
                       "--quiz", quiz)
    assert code == 0, err
    entries = json.loads(quiz.read_text())
    assert isinstance(entries, list) and entries
    for entry in entries:
        assert {"board", "seat", "index", "answer", "margin", "costs"} <= set(entry)
        assert entry["answer"] in entry["costs"] and entry["costs"][entry["answer"]] == 0


def test_the_engine_replays_each_played_deal_from_its_contract() -> None:
    from belote.advice.playout import play_board

    boards = cfn.load(COLVER)
    session = review(boards, seats="S", call_samples=4, seed=4, engine=True)
    replayed = [d for d in session.deals if d.engine is not None]
    assert len(replayed) == 2 and session.deals[2].engine is None  # the passed-out deal
    for deal in replayed:
        board = boards[deal.place]
        fresh = board.replace(cards=(), play_leader=board.first_leader())
        assert deal.engine == play_board(fresh, seed=4, board=deal.place).score.scores
    totals = session.totals()["engine"]
    assert totals["recorded"]["NS"] == sum(d.score.ns for d in replayed)
    gains = [(d.engine.ns - d.engine.ew) - (d.score.ns - d.score.ew) for d in replayed]
    assert totals["NS_gain_per_deal"]["value"] == pytest.approx(np.mean(gains), abs=0.05)
    assert totals["EW_gain_per_deal"]["value"] == pytest.approx(-np.mean(gains), abs=0.05)


def test_the_session_page_escapes_the_records_and_links_the_replays(tmp_path: Path) -> None:
    from belote.analysis.review_page import session_page

    boards = cfn.load(COLVER)
    data = review(boards, seats="S", call_samples=4).to_dict()
    data["deals"][0]["board"] = "<script>alert(1)</script>"
    quiz = {"board": "</details>", "seat": "S", "index": 3, "answer": "TC", "played": "QC",
            "margin": 25.0, "costs": {"TC": 0.0, "QC": 25.0},
            "sees": {"hand": "TC QC", "contract": "110C", "declarer": "W", "auction": None,
                     "leader": "E", "played": ["AD", "8D", "9D"], "trick": ["AD", "8D", "9D"]}}
    page = session_page(data, title="a<b", replay="s-replay.html", quizzes=[quiz])
    assert "<script>" not in page and "&lt;script&gt;" in page and "</details></li>" in page
    assert page.count("<details>") == 1 and "&lt;/details&gt;" in page
    assert 'href="s-replay.html#b=1&amp;s=0"' in page
    cards = [d for d in data["deals"][1]["decisions"] if d["kind"] == "card"]
    assert f'href="s-replay.html#b=2&amp;s={cards[0]["index"]}"' in page
    for phase in ("auction", "opening lead", "declarer play", "defence"):
        assert f">{phase}</text>" in page
    worst = data["costliest"][0]
    b = 1 + [deal["place"] for deal in data["deals"]].index(worst["place"])
    step = worst["index"] if worst["kind"] == "card" else 0
    assert f'<li><a href="s-replay.html#b={b}&amp;s={step}">' in page
    assert "<code>belote serve FILE</code>" in page
    # served by belote serve: the same places, on the analysis board, the replay page linked
    served = session_page(data, title="a<b", replay="/replay/1?token=t<", quizzes=[quiz],
                          board="/?token=t<#f=1")
    assert 'href="/?token=t&lt;#f=1&amp;b=1&amp;s=0"' in served
    assert f'href="/?token=t&lt;#f=1&amp;b=2&amp;s={cards[0]["index"]}"' in served
    assert f'<li><a href="/?token=t&lt;#f=1&amp;b={b}&amp;s={step}">' in served
    assert 'the <a href="/replay/1?token=t&lt;">replay page</a>' in served
    assert "s-replay.html" not in served and "belote serve FILE" not in served


def test_the_command_writes_the_page_and_its_replays(tmp_path: Path) -> None:
    page = tmp_path / "s.html"
    code, _, err = run("review", COLVER, "--board", "3", "--seat", "S", "--call-samples", "4",
                       "--html", page)
    assert code == 0, err
    assert 'href="s-replay.html#b=1&amp;s=0"' in page.read_text()
    assert "Replay of" in (tmp_path / "s-replay.html").read_text()
