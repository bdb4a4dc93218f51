"""``belote selfplay`` and ``belote playout --bid`` (:mod:`belote.player.selfplay`).

* a run is the same whatever runs it, and its games are written and read back as played;
* the deals of a file keep their hands (coinche) and are re-dealt (classic);
* bad requests are one-line usage errors.
"""

from __future__ import annotations

import json
from pathlib import Path

from belote.formats import games
from belote.types import card_name
from belote import Player
from belote.player import board_games, random_games
from belote.player import play_games

from conftest import run_cli as run

DEALS = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "deals.pbn"
QUICK = ["--worlds", "4", "--prior-only", "-j", "1"]


def test_a_run_is_reproducible_and_written_as_played(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, stdout, err = run("selfplay", "--deals", "2", "--seed", "3", "--json", "-o", out,
                            *QUICK)
    assert code == 0, err
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert [d["deal"] for d in lines] == [1, 2] and all(d["mode"] == "coinche" for d in lines)
    _, again, _ = run("selfplay", "--deals", "2", "--seed", "3", "--json", *QUICK)
    strip = [{k: v for k, v in d.items() if k != "cpu_seconds"} for d in lines]
    assert strip == [{k: v for k, v in json.loads(line).items() if k != "cpu_seconds"}
                     for line in again.splitlines()]
    boards = list(games.iter_games(out))
    assert [d["cards"] for d in lines] == [[card_name(c) for c in b.cards] for b in boards]
    for d, board in zip(lines, boards):
        if not d["passed_out"]:
            assert board.contract.to_pbn() == d["contract"]


def test_classic_deals_and_the_human_table(tmp_path: Path) -> None:
    code, stdout, err = run("selfplay", "--deals", "1", "--mode", "classic", "--seed", "2",
                            *QUICK)
    assert code == 0, err
    assert "Deal 1 (classic), dealer N, turned " in stdout
    assert "1 deal, " in stdout and "CPU a deal" in stdout
    code, _, err = run("selfplay", "--deals", "1", "--mode", "classic", "-o",
                       tmp_path / "g.cfn", *QUICK)
    assert code == 2 and "CFN holds coinche games only" in err


def test_a_file_of_deals(tmp_path: Path) -> None:
    [board] = [b for b in games.iter_games(DEALS) if b.board == "1"]
    [coinche] = board_games([board], [0])
    assert coinche.deal == board.deal and coinche.dealer == board.dealer
    [classic] = board_games([board], [0], profile="classic", seed=5)
    assert {c for h in classic.deal.hands for c in h} == set(range(32))
    code, stdout, err = run("selfplay", DEALS, "--board", "1", "--json", *QUICK)
    assert code == 0, err
    assert json.loads(stdout)["deal"] == 1
    code, stdout, err = run("playout", DEALS, "--board", "1", "--bid", "--worlds", "4",
                            "--json", "-j", "1")
    assert code == 0, err
    assert json.loads(stdout)["auction"]
    code, _, err = run("selfplay", DEALS, "--deals", "2")
    assert code == 2 and "--deals" in err


def test_the_library_run_with_explanations() -> None:
    [played] = play_games(random_games(1, seed=7), Player(layouts=8), explain=True)
    assert played.calls and all(e.call is not None for e in played.calls)
    assert [e.action for e in played.calls] == list(played.game.auction.calls)
    assert played.to_dict()["calls_explained"][0]["second_seed_agrees"] in (True, False)
