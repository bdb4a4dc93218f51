"""The duplicate match's summary (bench/sd_match.py): the per-deal differences, overall and
split by the side our player held, from the two tables' rows."""

import json

import numpy as np
import pytest
from bench.duplicate import ratio_interval
from bench.sd_match import summary


def table(scores, points, made):
    return {"scores": scores, "points": points, "made": made,
            "cpu": {"ours": 1.0, "colver": 2.0}, "ms": {"ours": [10.0], "colver": [20.0]}}


def test_summary_splits_taker_and_defence(tmp_path):
    rows = [
        # N-S took: at A ours took (N-S 100 vs colver's 80 at B), ours defended at B (E-W 60 vs 40)
        {"seed": 0, "declarer": 0,
         "A": table([100, 40], [90, 72], True), "B": table([80, 60], [80, 82], True)},
        # E-W took: at B ours took (E-W 0 vs colver's 160 at A), ours defended at A (N-S 10 vs 0)
        {"seed": 1, "declarer": 1,
         "A": table([10, 160], [60, 102], True), "B": table([0, 0], [70, 92], False)},
    ]
    path = tmp_path / "m.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    lines = summary([path]).splitlines()
    assert lines[0] == "deals: 2 (each played at two tables, seats swapped)"
    assert lines[1].startswith("deal score, ours - colver per deal and seat: -27.5 [")
    assert lines[3].startswith("deal score as taker, ours - colver: -70.0 [")
    assert lines[4].startswith("deal score as defence, ours - colver: +15.0 [")
    assert lines[5] == "contracts made as taker: ours 1/2, colver 2/2"
    assert lines[6] == ("CPU per deal (both tables, its own decisions): ours 2.00 s, colver 4.00 s, "
                        "ratio 0.50 [0.50, 0.50] (95% bootstrap over deals)")
    assert lines[7] == "our CPU per deal p50/p90/p99: 2.00/2.00/2.00 s"


def test_the_cpu_ratio_interval_resamples_whole_deals():
    ours = np.array([1.0, 2.0, 3.0, 4.0])
    theirs = np.array([2.0, 2.0, 2.0, 2.0])
    # ratio 1.25; resampling four deals of 1..4 s against 2 s each, the 2.5% tail is 0.75
    # (6 s of ours against colver's 8 s)
    assert ratio_interval(ours, theirs) == (0.75, 1.75)
    assert ratio_interval(ours, ours) == (1.0, 1.0)


def test_rows_of_different_schedules_are_not_summarised(tmp_path):
    row = {"seed": 0, "declarer": 0, "A": table([100, 40], [90, 72], True),
           "B": table([80, 60], [80, 82], True)}
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps({**row, "schedule": {"per_trick": [45] * 8}}) + "\n"
                    + json.dumps({**row, "seed": 1}) + "\n")
    with pytest.raises(SystemExit, match="different schedules"):
        summary([path])
