"""Single-dummy grades of recorded cards (``belote analyse --sd``).

A play made by the single-dummy player itself (``belote.advice.playout``)
with the same seed grades every card as the best: the grade asks the same
question of the same layouts. A card other than the chosen one shows what
it gave away on that reckoning.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belote import Deal, pbn
from belote.advice import decide, played_board
from belote.analysis import grade_record, recorded_cards

BELOTE = str(Path(sys.executable).with_name("belote"))


@pytest.mark.parametrize("seed", range(3))
def test_the_single_dummy_players_own_cards_grade_as_best(seed: int) -> None:
    board = played_board(Deal.random(seed), "100H", declarer=0, dealer=3, seed=seed)
    grades = grade_record(board, seed=seed)
    assert len(grades) == 32
    for grade, card in zip(grades, board.cards):
        assert grade.card == card and card in grade.best
        assert grade.forced or (grade.points == grade.best_points and grade.shortfall == 0)


def test_another_card_shows_its_shortfall() -> None:
    board = played_board(Deal.random(11), "100H", declarer=0, dealer=3, seed=2)
    start, _ = recorded_cards(board)
    choice = decide(start, board.contract, seed=2)
    worst = choice.classes[-1][0]
    assert worst not in choice.classes[0]
    changed = board.replace(cards=(worst,))
    [grade] = grade_record(changed, seed=2)
    assert grade.points == choice.points[-1] and grade.best_points == choice.points[0]
    assert grade.shortfall == pytest.approx(max(0.0, choice.points[0] - choice.points[-1]))


def test_analyse_sd_json_and_page(tmp_path: Path) -> None:
    board = played_board(Deal.random(4), "90S", declarer=1, dealer=0, seed=0)
    path = tmp_path / "one.pbn"
    path.write_text(pbn.dumps([board]))
    done = subprocess.run([BELOTE, "analyse", path, "--sd", "--json", "--html",
                           tmp_path / "one.html"], check=False, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    cards = json.loads(done.stdout)["cards"]
    assert all(c["sd"]["shortfall"] == 0 for c in cards)
    assert '"sd": {"layouts"' in (tmp_path / "one.html").read_text()
