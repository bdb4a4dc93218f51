"""The committed database ``datasets/random10k.parquet`` re-solves to the same values."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from conftest import sample_size

from belote.database import polars_schema, read_metadata
from belote import Deal, dd_table, get_profile
from belote.types import SEAT_NAMES, SIDE_NAMES, SUIT_NAMES

DATASETS = Path(__file__).resolve().parent.parent / "datasets"
DATA = DATASETS / "random10k.parquet"
BOARDS = 10_000
SAMPLE = sorted(random.Random(2024).sample(range(BOARDS), sample_size(10, 200)))


@pytest.fixture(scope="module")
def frame():
    import polars as pl
    return pl.read_parquet(DATA)


def test_shape_dtypes_and_metadata(frame):
    import polars as pl
    # written before `belote batch --play single-dummy` added the sd_points column
    assert frame.schema == pl.Schema([(k, v) for k, v in polars_schema().items() if k != "sd_points"])
    assert frame["record"].n_unique() == BOARDS
    assert frame.height == BOARDS * 2 * 4 * 4 * 2
    assert sorted(frame["mode"].unique().to_list()) == ["classic", "coinche"]
    meta = read_metadata(DATA)
    options = json.loads(meta["belote.batch"])["options"]
    assert options["modes"] == ["classic", "coinche"] and options["all_leaders"]
    assert set(json.loads(meta["belote.profiles"])) == {"classic", "coinche"}
    assert DATA.stat().st_size < 20 * 2**20


def test_deals_are_the_seeded_ones(frame):
    sys.path.insert(0, str(DATASETS))
    try:
        from make_deals import board_deal
    finally:
        sys.path.pop(0)
    deals = frame.unique(subset="record").sort("record")
    for n in (1, 2, 1000, 5000, 9999, 10_000):
        row = deals.row(n - 1, named=True)
        assert (row["board"], row["dealer"], row["deal"]) == board_deal(n)


@pytest.mark.parametrize("record", SAMPLE)
def test_sample_resolves_to_the_same_values(frame, record):
    import polars as pl
    rows = frame.filter(pl.col("record") == record)
    deal = Deal.from_pbn(rows["deal"][0])
    stored = {(r["mode"], r["leader"], r["trump"], r["side"]): (r["points"], r["belote"])
              for r in rows.iter_rows(named=True)}
    solved = {}
    for mode in ("classic", "coinche"):
        for leader in range(4):
            table = dd_table(deal, leader, get_profile(mode))
            for (trump, side), value in table.values.items():
                holder = table.belote[trump]
                solved[(mode, SEAT_NAMES[leader], SUIT_NAMES[trump], SIDE_NAMES[side])] = (
                    value, None if holder is None else SIDE_NAMES[holder])
    assert solved == stored
