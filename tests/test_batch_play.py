"""``belote batch --play single-dummy`` and the report's calibration table.

The ``sd_points`` column equals a plain playout of each (leader, trump) of
each board (the board's contract at its own trump, points elsewhere), the
run resumes like any batch, and the calibration table equals a plain count
over the rows; without ``--play`` the column is null and the table absent.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

import belote.advice.playout as played

from belote import Contract, Run, pbn, report_tables, run_batch
from belote.advice import played_board
from belote.database import BatchOptions, sd_calibration
from belote.errors import BatchStateError

DEALS = Path(__file__).resolve().parent.parent / "datasets" / "examples" / "deals.pbn"


def test_sd_points_equal_plain_playouts_and_the_table_a_plain_count(tmp_path) -> None:
    out = tmp_path / "sd.parquet"
    options = BatchOptions(trumps=(1, 3), play="single-dummy")
    summary = run_batch(DEALS, out, options, run=Run("serial"))
    assert summary.rows == 16
    assert run_batch(DEALS, out, options).finished_before
    frame = pl.read_parquet(out)
    boards = pbn.load(DEALS)
    for row in frame.iter_rows(named=True):
        board = boards[row["record"]]
        trump, leader = "SHDC".index(row["trump"]), "NESW".index(row["leader"])
        contract = board.contract if board.contract.trump == trump else Contract(trump, None, 80)
        played = played_board(board.deal, contract, leader=leader, profile="coinche", seed=0,
                         board=16 * row["record"] + 4 * leader + trump)
        assert row["sd_points"] == played.position().points["NS EW".split().index(row["side"])]
    table = sd_calibration(frame)
    for t, n, reached in table.select("T", "n", "reached").rows():
        rows = frame.filter(pl.col("points") >= t)
        assert (n, reached) == (rows.height, rows.filter(pl.col("sd_points") >= t).height)
    assert {"calibration", "single_dummy"} <= set(report_tables(frame))


def test_without_play_the_column_is_null_and_no_calibration(tmp_path) -> None:
    out = tmp_path / "dd.parquet"
    run_batch(DEALS, out, BatchOptions(trumps=(1,)), run=Run("serial"))
    frame = pl.read_parquet(out)
    assert frame["sd_points"].null_count() == frame.height
    assert "calibration" not in report_tables(frame)


def test_a_run_of_another_schedule_does_not_resume(tmp_path, monkeypatch) -> None:
    """The manifest records the player's schedule: shards played with another are refused."""
    options = BatchOptions(trumps=(1,), play="single-dummy")
    assert options.to_dict()["schedule"] == {"per_trick": [45, 54, 47, 41, 34, 28, 21, 15],
                                             "list_at_most": 60}
    assert "schedule" not in BatchOptions(trumps=(1,)).to_dict()
    out = tmp_path / "sd.parquet"
    run_batch(DEALS, out, options, run=Run("serial"))
    monkeypatch.setattr(played, "DEFAULT_SCHEDULE", played.Schedule.from_worlds(60))
    with pytest.raises(BatchStateError, match="already exists"):
        run_batch(DEALS, out, options, run=Run("serial"))
