"""``belote.analysis.position.position_report``: what the engine and the page show of a position,
checked against plain solves of the positions after each card."""

from __future__ import annotations

import random

import pytest
from belote import Board, Deal, position_analysis
from belote.analysis import position_report
from belote.types import card_name


@pytest.mark.parametrize("seed", range(4))
def test_values_are_those_after_each_card(seed):
    rng = random.Random(seed)
    board = Board(Deal.random(seed), dealer=seed % 4, contract=f"{80 + 10 * seed}{'SHDC'[seed]}",
                  declarer=(seed + 1) % 4)
    for _ in range(rng.randrange(0, 20)):  # a random legal line
        legal = board.position().legal_cards().names()
        board = board.replace(cards=board.cards + (rng.choice(legal),))
    report = position_report(board).to_dict()
    position = board.position()
    assert report["to_play"] == "NESW"[position.to_move]
    assert sorted(report["legal"]) == sorted(position.legal_cards().names())
    side = "ns" if position.to_move % 2 == 0 else "ew"
    for value in report["values"]:
        after = position.played(value["card"])
        solved = position_analysis(after).value
        assert (value["ns"], value["ew"]) == (solved.ns, solved.ew)
        assert value["loss"] == report["dd"][side.upper()] - value[side]
        assert value["best"] == (value["loss"] == 0)
    assert max(v[side] for v in report["values"]) == report["dd"][side.upper()]
    assert report["points"] == position.points.to_dict()
    assert sum(len(h) for h in report["hands"].values()) == 32 - len(board.cards)


def test_a_finished_deal_is_its_result():
    board = Board(Deal.random(7), dealer=0, contract="80H", declarer=0)
    start = position_report(board).to_dict()["dd"]
    while not board.position().is_over:
        best = position_report(board).to_dict()["values"]
        board = board.replace(cards=board.cards + (next(v["card"] for v in best if v["best"]),))
    report = position_report(board).to_dict()
    assert report["finished"] and report["values"] == [] and report["to_play"] is None
    assert report["dd"] == report["points"] == board.position().points.to_dict() == start
    assert report["verdict"]["points"] == report["points"]["NS"]
    assert [card_name(c) for c in board.cards][:4] == report["tricks"][0]["cards"]
